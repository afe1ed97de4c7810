//! The trial judge (what-if conflict counts for one-exit edits) against detection on the edited
//! map, on random maps: every exit, removed, flattened (marked non-geometric) and relabelled to
//! every direction and to a free label.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use maprepair::domain::analysis::{detect, Edit, FlattenBound, Geometry, TrialJudge};
use maprepair::domain::map::{Map, Origin};
use maprepair::domain::{Direction, Label};
use proptest::prelude::*;

mod support;

use support::random_map::{build, label, spec};

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
