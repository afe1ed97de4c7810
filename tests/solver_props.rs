//! The solver that keeps its figures across its decisions (`solve_with`) against the one that
//! analyses the map afresh at every decision (`solve_afresh`, the slow truth), on random
//! histories: lattices with wrong directions and stray exits, one observed exit per step, some
//! steps' text naming where they arrived. Both must make the same edits for the same reasons and
//! report the same counts.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use maprepair::domain::repair::solver::{solve_afresh, solve_with};
use maprepair::domain::repair::Action;
use maprepair::domain::{CommitInfo, Direction, Draft, History, Label};
use proptest::prelude::*;

const DIRECTIONS: [Direction; 4] = [
    Direction::North,
    Direction::East,
    Direction::South,
    Direction::West,
];

/// One step: from, direction, to (room indices), and whether its text names the arrival.
type Step = (usize, Direction, usize, bool);

/// A `w` × `h` lattice's links in row order (east links always, north links as `north` picks),
/// each swapped to the other direction when `wrong` says so, then `stray` exits between random
/// rooms in random directions.
fn steps(
    w: usize,
    h: usize,
    north: &[bool],
    wrong: &[bool],
    stray: &[(usize, u8, usize)],
    named: &[bool],
) -> Vec<Step> {
    let pick = |v: &[bool], k: usize| v.get(k % v.len().max(1)).copied().unwrap_or(false);
    let mut out = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            if x + 1 < w {
                let d = if pick(wrong, out.len()) {
                    Direction::North
                } else {
                    Direction::East
                };
                out.push((i, d, i + 1, false));
            }
            if y + 1 < h && pick(north, i) {
                let d = if pick(wrong, out.len()) {
                    Direction::East
                } else {
                    Direction::North
                };
                out.push((i, d, i + w, false));
            }
        }
    }
    let rooms = w * h;
    for &(a, d, b) in stray {
        out.push((a % rooms, DIRECTIONS[usize::from(d) % 4], b % rooms, false));
    }
    for (k, s) in out.iter_mut().enumerate() {
        s.3 = pick(named, k);
    }
    out
}

/// One commit per step, the exit observed with its inferred way back.
fn history(steps: &[Step]) -> History {
    let mut h = History::new();
    for (i, &(a, d, b, named)) in steps.iter().enumerate() {
        let (from, to) = (format!("Room {a}"), format!("Room {b}"));
        let mut draft = Draft::new(h.head());
        let x = draft.room(&from);
        let y = draft.room(&to);
        draft.exit(x, y, Label::Dir(d), true);
        let observation = if named {
            format!("{to}\nYou are in {to}.")
        } else {
            String::new()
        };
        h.commit(
            draft.finish(),
            CommitInfo {
                step: i as u32,
                observation,
                ..CommitInfo::default()
            },
        )
        .unwrap();
    }
    h
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_kept_solver_makes_the_fresh_solvers_edits(
        w in 2usize..8,
        h in 2usize..8,
        north in prop::collection::vec(any::<bool>(), 1..30),
        wrong in prop::collection::vec(prop::bool::weighted(0.15), 1..50),
        stray in prop::collection::vec((0usize..64, any::<u8>(), 0usize..64), 0..6),
        named in prop::collection::vec(prop::bool::weighted(0.3), 1..20),
    ) {
        let steps = steps(w, h, &north, &wrong, &stray, &named);
        let start = history(&steps);
        let (mut kept, mut fresh) = (start.clone(), start);
        let (a, _) = solve_with(&mut kept, None);
        let (b, _) = solve_afresh(&mut fresh, None);
        prop_assert_eq!(
            serde_json::to_string(&a).unwrap(),
            serde_json::to_string(&b).unwrap()
        );
        prop_assert_eq!(kept.len(), fresh.len());
        let exits = |h: &History| -> Vec<_> { h.head().exits().cloned().collect() };
        prop_assert_eq!(exits(&kept), exits(&fresh));
    }
}

/// The property above reaches the geometric pass: on an 8 × 8 lattice with every seventh link
/// swapped, both solvers flatten exits, and agree.
#[test]
fn both_solvers_flatten_a_bent_lattice_alike() {
    let north = [true, false, true];
    let mut wrong = [false; 7];
    wrong[3] = true;
    let start = history(&steps(8, 8, &north, &wrong, &[(3, 1, 40)], &[false, true]));
    let (mut kept, mut fresh) = (start.clone(), start);
    let (a, _) = solve_with(&mut kept, None);
    let (b, _) = solve_afresh(&mut fresh, None);
    let flattened = a
        .actions
        .iter()
        .filter(|l| {
            matches!(l.decision.action, Action::MarkNonGeometric { .. }) && l.version.is_some()
        })
        .count();
    assert!(flattened >= 2, "{flattened} flattenings: {:?}", a.actions);
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        serde_json::to_string(&b).unwrap()
    );
    assert!(a.after.total < a.before.total);
}
