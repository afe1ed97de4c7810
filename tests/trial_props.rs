//! The trial judge (what-if conflict counts for one-exit edits) against detection on the edited
//! map, on random maps: every exit, removed, flattened (marked non-geometric) and relabelled to
//! every direction and to a free label.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use maprepair::domain::analysis::{detect, Edit, FlattenBound, Geometry, TrialJudge};
use maprepair::domain::map::{Exit, Map, Origin};
use maprepair::domain::{Direction, Label};
use proptest::prelude::*;

/// One random exit: from room `from`, direction index `dir` (14 = a free label), to the room the
/// direction really leads to on the room grid when `truthful` and there is one, else to `to`.
#[derive(Debug, Clone)]
struct Spec {
    from: u8,
    to: u8,
    dir: u8,
    truthful: bool,
    inferred: bool,
    geometric: bool,
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        any::<u8>(),
        any::<u8>(),
        0u8..17,
        prop::bool::weighted(0.6),
        prop::bool::weighted(0.15),
        prop::bool::weighted(0.9),
    )
        .prop_map(|(from, to, dir, truthful, inferred, geometric)| Spec {
            from,
            to,
            dir,
            truthful,
            inferred,
            geometric,
        })
}

fn label(dir: u8) -> Label {
    match Direction::ALL.get(dir as usize) {
        Some(d) => Label::Dir(*d),
        None if dir >= 16 => Label::Link,
        None => Label::Free(format!("go panel {}", dir % 2)),
    }
}

/// Rooms on a 3 × 3 × 2 grid (several may share a spot, names may repeat), exits per `specs`.
fn build(spots: &[(u8, u8)], specs: &[Spec]) -> Map {
    let mut map = Map::new();
    let mut cells = Vec::new();
    for (i, (spot, name)) in spots.iter().enumerate() {
        let names = ["Hall", "Forest", "Cave", "Attic"];
        let name = if *name < 2 {
            names[(*name as usize + i) % names.len()].to_string()
        } else {
            format!("Room {i}")
        };
        map.add_room(&name);
        let s = i32::from(*spot % 18);
        cells.push([s % 3, (s / 3) % 3, s / 9]);
    }
    let rooms: Vec<_> = map.rooms().map(|r| r.id).collect();
    for s in specs {
        let from = s.from as usize % rooms.len();
        let l = label(s.dir);
        let mut to = s.to as usize % rooms.len();
        if s.truthful {
            if let Some(v) = l.vector() {
                let want = [
                    cells[from][0] + v[0],
                    cells[from][1] + v[1],
                    cells[from][2] + v[2],
                ];
                if let Some(t) = cells.iter().position(|c| *c == want) {
                    to = t;
                }
            }
        }
        let id = map.next_exit_id();
        map.insert_exit(Exit {
            id,
            from: rooms[from],
            to: rooms[to],
            label: l,
            origin: if s.inferred {
                Origin::InferredReverse
            } else {
                Origin::Observed
            },
            geometric: s.geometric,
        })
        .unwrap();
    }
    map
}

fn count(map: &Map) -> i64 {
    detect(map, &Geometry::infer(map)).len() as i64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn judged_counts_equal_detection_on_the_edited_map(
        spots in prop::collection::vec((any::<u8>(), 0u8..6), 2..12),
        specs in prop::collection::vec(spec(), 1..30),
    ) {
        let map = build(&spots, &specs);
        let geometry = Geometry::infer(&map);
        let before = count(&map);
        let judge = TrialJudge::new(&map, &geometry);
        for e in map.exits() {
            let mut edits = vec![Edit::Remove(e.id), Edit::Flatten(e.id)];
            edits.extend((0..15).map(label).filter(|l| *l != e.label).map(|l| Edit::Relabel(e.id, l)));
            for edit in edits {
                let edited = edit.apply(&map).unwrap();
                let want = count(&edited) - before;
                prop_assert_eq!(judge.delta(&edit), Some(want), "{:?} on {:?}", edit, e);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    /// The bound the solver prunes its flattening search with never falls below what a
    /// flattening really resolves.
    #[test]
    fn flattening_never_resolves_more_than_its_bound(
        spots in prop::collection::vec((any::<u8>(), 0u8..6), 2..12),
        specs in prop::collection::vec(spec(), 1..30),
    ) {
        let map = build(&spots, &specs);
        let geometry = Geometry::infer(&map);
        let judge = TrialJudge::new(&map, &geometry);
        let bound = FlattenBound::new(&map, &judge);
        let before = count(&map);
        for e in map.exits() {
            let resolved = before - count(&Edit::Flatten(e.id).apply(&map).unwrap());
            let most = bound.resolved_at_most(&judge, e);
            prop_assert!(resolved <= most as i64, "{} > {} for {:?}", resolved, most, e);
        }
    }
}

/// A chain of rooms whose middle exit is removed or turned: the subtree below moves, and the
/// judge sees the overlap it causes or resolves.
#[test]
fn turning_a_tree_exit_moves_its_subtree() {
    let mut map = Map::new();
    let r: Vec<_> = (0..4).map(|i| map.add_room(&format!("Room {i}"))).collect();
    let east = |m: &mut Map, a, b| m.add_exit(a, b, Direction::East, Origin::Observed).unwrap();
    east(&mut map, r[0], r[1]);
    let middle = east(&mut map, r[1], r[2]);
    east(&mut map, r[2], r[3]);
    // Room 3 also placed one step north of room 0 by a room 4 chain: no overlap yet.
    let g = Geometry::infer(&map);
    assert_eq!(count(&map), 0);
    let judge = TrialJudge::new(&map, &g);
    // Turning the middle exit west folds rooms 2 and 3 back onto rooms 0 and 1: two overlaps.
    let turn = Edit::Relabel(middle, Label::Dir(Direction::West));
    assert_eq!(judge.delta(&turn), Some(2));
    assert_eq!(count(&turn.apply(&map).unwrap()), 2);
    // Removing it splits the map in two frames: nothing conflicts.
    assert_eq!(judge.delta(&Edit::Remove(middle)), Some(0));
}
