//! The paper's worked scenarios as fixtures, in default semantics: where the conflict appears,
//! its LCA, its candidate set, and where the true error ranks.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use maprepair::domain::analysis::ConflictKind;
use maprepair::domain::scenarios;
use maprepair::domain::{Analysis, Direction, ExitId, History, Label, Map};

/// A scenario's history as the mapper built it (`domain::scenarios`: one commit per step, no
/// inferred reverses, as in the paper's figures).
fn build(id: &str) -> History {
    scenarios::by_id(id).unwrap().history()
}

fn exit(map: &Map, from: &str, to: &str) -> ExitId {
    let (a, b) = (
        map.find_room(from).unwrap().id,
        map.find_room(to).unwrap().id,
    );
    map.exits_between(a, b).next().unwrap().id
}

fn name(map: &Map, e: ExitId) -> String {
    let x = map.exit(e).unwrap();
    format!(
        "{}->{}",
        map.room(x.from).unwrap().name,
        map.room(x.to).unwrap().name
    )
}

/// Case Study B (paper appendix; the authors' root-code replay): Office → Meeting Room is
/// recorded "south" instead of "east" at step 5; the overlap only appears when the Lab is mapped
/// at the last step. LCA Entrance Hall, 4 candidates of 8 exits (50 %), the error ranked first.
#[test]
fn case_study_b_localizes_the_wrong_exit_first() {
    let h = build("case_study_b");
    // No conflict until the last step.
    for v in 0..7 {
        assert_eq!(
            Analysis::of(&h.checkout(v).unwrap()).conflicts.len(),
            0,
            "version {v}"
        );
    }
    let map = h.head();
    let a = Analysis::of(map);
    assert_eq!(a.conflicts.len(), 1);
    assert!(matches!(a.conflicts[0].kind, ConflictKind::Overlap { .. }));
    let loc = a.localization(map, 0).expect("a conflict");
    assert_eq!(map.room(loc.lca.unwrap()).unwrap().name, "Entrance Hall");
    let names = |v: &[ExitId]| v.iter().map(|e| name(map, *e)).collect::<Vec<_>>();
    assert_eq!(
        names(&loc.path_a),
        ["Entrance Hall->Office", "Office->Meeting Room"]
    );
    assert_eq!(
        names(&loc.path_b),
        ["Entrance Hall->Corridor", "Corridor->Lab"]
    );
    assert_eq!(loc.candidates.len(), 4);
    let reduction = 1.0 - loc.candidates.len() as f64 / map.exit_count() as f64;
    assert!((reduction - 0.5).abs() < 1e-12);
    let ranked = a.ranked(map, 0, &h.usage());
    assert_eq!(ranked[0].exit, exit(map, "Office", "Meeting Room"));
    // Reach 2 (Meeting Room, Archive), involved in the one conflict.
    assert_eq!((ranked[0].reach, ranked[0].conflicts), (2, 1));
}

/// The Figure 3(b) challenge scenario (TC1): a misdirected E → G displaces G, H and I so that I
/// lands on D two exits later; E → J is a silent error that causes no conflict.
///
/// The paper's own description cannot all hold at once (11 nodes but 9 edges, which cannot be
/// connected; a candidate set of 8 that includes fallback edges no code defines). This is the
/// closest consistent scenario (`scenarios::by_id("challenge")`): 11 rooms, 10 exits, with the
/// explorer's walks back as usage. Same as the paper: the conflict is D/I, the LCA is B, the
/// paths are B→C→D and B→E→G→H→I, E → G ranks 3rd. Different: 6 candidates (the two tree paths,
/// no fallback edges) instead of 8. `tests/scenarios_paper.rs` checks the rest (TC1–TC6).
#[test]
fn the_challenge_scenario_traces_the_overlap_back_to_b() {
    let h = build("challenge");
    let before = Analysis::of(&h.checkout(8).unwrap());
    assert!(before.conflicts.is_empty(), "no conflict before H → I");
    let map = h.head();
    let a = Analysis::of(map);
    assert_eq!(a.conflicts.len(), 1, "{:?}", a.conflicts);
    let c = &a.conflicts[0];
    assert!(matches!(c.kind, ConflictKind::Overlap { .. }));
    let rooms: Vec<&str> = c
        .rooms
        .iter()
        .map(|r| map.room(*r).unwrap().name.as_str())
        .collect();
    assert_eq!(rooms, ["D", "I"]);
    let loc = a.localization(map, 0).expect("a conflict");
    assert_eq!(map.room(loc.lca.unwrap()).unwrap().name, "B");
    let names = |v: &[ExitId]| v.iter().map(|e| name(map, *e)).collect::<Vec<_>>();
    assert_eq!(names(&loc.path_a), ["B->C", "C->D"]);
    assert_eq!(names(&loc.path_b), ["B->E", "E->G", "G->H", "H->I"]);
    assert_eq!(loc.candidates.len(), 6);
    let ranked: Vec<String> = a
        .ranked(map, 0, &h.usage())
        .iter()
        .map(|s| name(map, s.exit))
        .collect();
    assert_eq!(ranked.iter().position(|n| n == "E->G"), Some(2));
    // The silent error is not a candidate.
    assert!(!ranked.contains(&"E->J".to_string()));
    // Fixing the error (east) removes the conflict.
    let mut fixed = map.clone();
    let e = exit(map, "E", "G");
    let mut x = fixed.remove_exit(e).unwrap();
    x.label = Label::Dir(Direction::East);
    fixed.insert_exit(x).unwrap();
    assert!(Analysis::of(&fixed).conflicts.is_empty());
}
