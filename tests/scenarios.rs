//! The paper's worked scenarios as fixtures, in default semantics: where the conflict appears,
//! its LCA, its candidate set, and where the true error ranks.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use maprepair::domain::analysis::ConflictKind;
use maprepair::domain::{Analysis, CommitInfo, Direction, Draft, ExitId, History, Label, Map};

/// Builds a history with one commit per exit (`from`, `direction`, `to`), each with its own
/// observation text. Exits are added without inferred reverses, as in the paper's figures.
fn build(steps: &[(&str, Direction, &str)]) -> History {
    let mut h = History::new();
    for (i, (a, d, b)) in steps.iter().enumerate() {
        let mut draft = Draft::new(h.head());
        let x = draft.room(a);
        let y = draft.room(b);
        draft.exit(x, y, Label::Dir(*d), false);
        let info = CommitInfo {
            step: i as u32 + 1,
            observation: format!("From the {a} you go {d} to the {b}."),
            ..CommitInfo::default()
        };
        h.commit(draft.finish(), info).unwrap();
    }
    h
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
    use Direction::*;
    let h = build(&[
        ("Entrance Hall", East, "Office"),
        ("Entrance Hall", South, "Corridor"),
        ("Entrance Hall", North, "Porch"),
        ("Corridor", West, "Library"),
        ("Office", South, "Meeting Room"), // the error: truly east
        ("Meeting Room", South, "Archive"),
        ("Library", South, "Garden"),
        ("Corridor", East, "Lab"),
    ]);
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
    let loc = &a.localizations[0];
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
/// lands on D, three exits later; E → J is a silent error that causes no conflict.
///
/// The paper's own description cannot all hold at once (11 nodes but 9 edges, which cannot be
/// connected; a candidate set of 8 that includes fallback edges no code defines). This is the
/// closest consistent scenario: 11 rooms, 10 exits. Same as the paper: the conflict is D/I, the
/// LCA is B, the paths are B→C→D and B→E→G→H→I. Different: 6 candidates (the two tree paths,
/// no fallback edges) instead of 8, and E → G ranks 5th of 6, not 3rd of 8: the exits that
/// placed D and I carry the conflict, and B → E has the largest reach.
#[test]
fn the_challenge_scenario_traces_the_overlap_back_to_b() {
    use Direction::*;
    let h = build(&[
        ("A", North, "B"),
        ("B", Southeast, "C"),
        ("C", East, "D"),
        ("C", South, "F"),
        ("B", North, "E"),
        ("E", Southeast, "G"), // the error: truly east
        ("G", East, "H"),
        ("H", South, "I"), // I lands on D
        ("E", West, "J"),  // silent: truly north, nothing contradicts it
        ("J", West, "K"),
    ]);
    let before = Analysis::of(&h.checkout(6).unwrap());
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
    let loc = &a.localizations[0];
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
    assert_eq!(ranked.iter().position(|n| n == "E->G"), Some(4));
    // The silent error is not a candidate.
    assert!(!ranked.contains(&"E->J".to_string()));
    // Fixing the error (east) removes the conflict.
    let mut fixed = map.clone();
    let e = exit(map, "E", "G");
    let mut x = fixed.remove_exit(e).unwrap();
    x.label = Label::Dir(East);
    fixed.insert_exit(x).unwrap();
    assert!(Analysis::of(&fixed).conflicts.is_empty());
}
