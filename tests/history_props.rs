//! Property tests of the version history and the repair loop.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use maprepair::domain::history::diff_maps;
use maprepair::domain::repair::heuristic::{Heuristic, Preference};
use maprepair::domain::repair::{run, Budget};
use maprepair::domain::{CommitInfo, Direction, Draft, History, Label, Trigger};
use proptest::prelude::*;

/// One random edit: add an exit between rooms `a` and `b` (names from a small pool), or remove
/// the `k`-th exit, or rename the `k`-th room's description.
#[derive(Debug, Clone)]
enum Edit {
    Add(u8, u8, u8),
    Remove(u8),
    Describe(u8),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (0u8..12, 0u8..12, 0u8..14).prop_map(|(a, b, d)| Edit::Add(a, b, d)),
        any::<u8>().prop_map(Edit::Remove),
        any::<u8>().prop_map(Edit::Describe),
    ]
}

fn apply(h: &mut History, e: &Edit, i: usize) {
    let mut draft = Draft::new(h.head());
    match e {
        Edit::Add(a, b, d) => {
            if a != b {
                let x = draft.room(&format!("room {a}"));
                let y = draft.room(&format!("room {b}"));
                draft.exit(x, y, Label::Dir(Direction::ALL[*d as usize]), true);
            }
        }
        Edit::Remove(k) => {
            let exits: Vec<_> = h.head().exits().cloned().collect();
            if !exits.is_empty() {
                draft.replace_exit(exits[*k as usize % exits.len()].clone(), None);
            }
        }
        Edit::Describe(k) => {
            let rooms: Vec<_> = h.head().rooms().map(|r| r.id).collect();
            if !rooms.is_empty() {
                draft.describe(rooms[*k as usize % rooms.len()], &format!("seen at {i}"));
            }
        }
    }
    h.commit(
        draft.finish(),
        CommitInfo {
            step: i as u32,
            observation: format!("step {i}"),
            ..CommitInfo::default()
        },
    )
    .unwrap();
}

fn history(edits: &[Edit]) -> History {
    let mut h = History::new();
    for (i, e) in edits.iter().enumerate() {
        apply(&mut h, e, i);
    }
    h
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn checkout_equals_replaying_the_prefix(edits in prop::collection::vec(edit(), 1..120), pick in any::<prop::sample::Index>()) {
        let h = history(&edits);
        let v = pick.index(h.len());
        let replayed = history(&edits[..=v]);
        prop_assert_eq!(h.checkout(v as u32).unwrap(), replayed.head().clone());
    }

    #[test]
    fn rollback_then_diff_to_head_is_empty(edits in prop::collection::vec(edit(), 1..80), pick in any::<prop::sample::Index>()) {
        let mut h = history(&edits);
        let v = pick.index(h.len()) as u32;
        let at_v = h.checkout(v).unwrap();
        h.rollback_to(v).unwrap();
        prop_assert_eq!(h.len(), v as usize + 1);
        prop_assert!(h.diff(v, v).unwrap().is_empty());
        prop_assert_eq!(h.head().clone(), at_v);
    }

    #[test]
    fn reverting_the_last_commit_restores_the_map(edits in prop::collection::vec(edit(), 2..60)) {
        let mut h = history(&edits);
        let last = h.head_version().unwrap();
        let before = h.checkout(last - 1).unwrap();
        h.revert(last, CommitInfo::default()).unwrap();
        prop_assert!(diff_maps(&before, h.head()).is_empty());
        prop_assert_eq!(h.commits().last().unwrap().trigger, Trigger::UserEdit);
    }

    #[test]
    fn repair_never_removes_an_exit_without_a_commit_saying_why(edits in prop::collection::vec(edit(), 1..60), remove in any::<bool>()) {
        let mut h = history(&edits);
        let before = h.len();
        let mut decider = Heuristic::new(if remove { Preference::Remove } else { Preference::Modify });
        let report = run(&mut h, &mut decider, Budget::default());
        prop_assert!(report.after.total <= report.before.total);
        for c in &h.commits()[before..] {
            prop_assert_eq!(c.trigger, Trigger::ConflictRepair);
            prop_assert!(!c.analysis.is_empty());
        }
        // Every exit that disappeared did so in a repair commit.
        let start = h.checkout(before as u32 - 1).unwrap();
        for e in start.exits() {
            if h.head().exit(e.id).is_none() {
                prop_assert!(h.commits()[before..].iter().any(|c| c.change.removed_exits.iter().any(|x| x.id == e.id)));
            }
        }
    }
}

#[test]
fn a_revert_of_something_later_removed_is_refused() {
    let mut h = History::new();
    apply(&mut h, &Edit::Add(1, 2, 0), 0);
    apply(&mut h, &Edit::Remove(0), 1);
    apply(&mut h, &Edit::Remove(0), 2);
    // Version 0 added rooms whose exits are gone; reverting it would remove rooms: fine. But
    // reverting version 1 twice must fail the second time.
    h.revert(1, CommitInfo::default()).unwrap();
    assert!(h.revert(1, CommitInfo::default()).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn live_detection_counts_equal_full_detection_after_every_commit(edits in prop::collection::vec(edit(), 1..150)) {
        use maprepair::domain::analysis::LiveDetector;
        use maprepair::domain::{Analysis, Map};
        let h = history(&edits);
        let mut live = LiveDetector::new();
        let mut map = Map::new();
        for c in h.commits() {
            c.change.apply(&mut map).unwrap();
            let counts = live.observe(&map, &c.change);
            prop_assert_eq!(counts, Analysis::of(&map).counts(), "after version {}", c.id);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn bulk_localization_finds_the_same_lcas_and_candidates(edits in prop::collection::vec(edit(), 1..150)) {
        use maprepair::domain::analysis::bulk::localize_all;
        use maprepair::domain::Analysis;
        let h = history(&edits);
        let map = h.head();
        let a = Analysis::of(map);
        let bulk = localize_all(map, &a.geometry, &a.conflicts);
        let lcas: Vec<_> = a.localizations(map).iter().map(|l| l.lca).collect();
        prop_assert_eq!(bulk.lca, lcas);
        let mut ours = bulk.candidates.clone();
        ours.sort();
        let mut seen = std::collections::HashSet::new();
        let first_seen: Vec<_> = a
            .localizations(map)
            .iter()
            .flat_map(|l| l.candidates.iter().copied())
            .filter(|e| seen.insert(*e))
            .collect();
        let mut theirs = first_seen.clone();
        theirs.sort();
        prop_assert_eq!(ours, theirs);
        prop_assert_eq!(a.all_candidates(map), first_seen);
    }
}
