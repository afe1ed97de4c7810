//! The consensus solver: what it does on small cases, and its results on the 42 LLM-built
//! MANGO maps (when ../shared is present).
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

mod support;

use maprepair::domain::automap::clean::clean_walkthrough;
use maprepair::domain::eval::{exit_delta, score_map, PairRule, Score};
use maprepair::domain::formats::{parse_edge_list, parse_walkthrough};
use maprepair::domain::reference::load::load_llm_built;
use maprepair::domain::reference::Detector;
use maprepair::domain::repair::solver::{judge_text, Solver, TextVerdict};
use maprepair::domain::repair::{run, Action};
use maprepair::domain::{Analysis, CommitInfo, Direction, Draft, History, Label, Trigger};

fn build(steps: &[(&str, Direction, &str, &str)]) -> History {
    let mut h = History::new();
    for (i, (a, d, b, text)) in steps.iter().enumerate() {
        let mut draft = Draft::new(h.head());
        let x = draft.room(a);
        let y = draft.room(b);
        draft.exit(x, y, Label::Dir(*d), true);
        h.commit(
            draft.finish(),
            CommitInfo {
                step: i as u32,
                observation: (*text).to_string(),
                ..CommitInfo::default()
            },
        )
        .unwrap();
    }
    h
}

#[test]
fn text_confirms_or_refutes_an_exit() {
    let h = build(&[
        (
            "Hall",
            Direction::North,
            "Kitchen",
            "> north\nKitchen\nA warm kitchen.",
        ),
        ("Hall", Direction::East, "Study", "> east\nStudy"),
    ]);
    let map = h.head();
    let exits: Vec<_> = map
        .exits()
        .filter(|e| e.origin == maprepair::domain::Origin::Observed)
        .cloned()
        .collect();
    assert_eq!(
        judge_text(map, &exits[0], "> north\nKitchen"),
        TextVerdict::Confirms
    );
    assert_eq!(
        judge_text(map, &exits[0], "> west\nKitchen"),
        TextVerdict::OtherDirection(Direction::West)
    );
    assert_eq!(
        judge_text(map, &exits[0], "> north\nStudy"),
        TextVerdict::ArrivesElsewhere("Study".into())
    );
    assert_eq!(
        judge_text(map, &exits[0], "> north\nIt is pitch dark."),
        TextVerdict::Unknown
    );
}

#[test]
fn a_doorway_with_two_destinations_keeps_the_better_supported_one() {
    // North from the hall reaches the kitchen twice (walked twice) and the pantry once.
    let mut h = build(&[
        ("Hall", Direction::North, "Kitchen", "> north\nKitchen"),
        ("Kitchen", Direction::South, "Hall", "> south\nHall"),
        ("Hall", Direction::North, "Pantry", "> north\nPantry"),
    ]);
    let before = Analysis::of(h.head()).counts();
    assert_eq!(before.direction, 1);
    let report = run(&mut h, &mut Solver::new(), Solver::budget());
    assert_eq!(report.after.total, 0);
    let map = h.head();
    let hall = map.find_room("hall").unwrap().id;
    let north: Vec<_> = map
        .exits_from(hall)
        .filter(|e| e.label == Label::Dir(Direction::North))
        .collect();
    assert_eq!(north.len(), 1);
    assert_eq!(map.room(north[0].to).unwrap().name, "Kitchen");
    let commit = h.commits().last().unwrap();
    assert_eq!(commit.trigger, Trigger::ConflictRepair);
    assert!(
        commit.analysis.contains("better supported"),
        "{}",
        commit.analysis
    );
}

#[test]
fn a_loop_that_does_not_close_is_stretched_not_cut() {
    // A square whose last side is a long corridor: east, north, west, then "south" twice as long.
    let mut h = build(&[
        ("A", Direction::East, "B", "> east\nB"),
        ("B", Direction::North, "C", "> north\nC"),
        ("C", Direction::North, "D", "> north\nD"),
        ("D", Direction::West, "E", "> west\nE"),
        ("E", Direction::South, "A", "> south\nA"),
    ]);
    let exits_before = h.head().exit_count();
    assert!(Analysis::of(h.head()).counts().topology > 0);
    let report = run(&mut h, &mut Solver::new(), Solver::budget());
    assert_eq!(report.after.total, 0);
    assert_eq!(h.head().exit_count(), exits_before, "nothing removed");
    let flattened: Vec<_> = report
        .actions
        .iter()
        .filter(|l| {
            matches!(l.decision.action, Action::MarkNonGeometric { .. }) && l.version.is_some()
        })
        .collect();
    assert!(!flattened.is_empty());
    assert!(h.head().exits().any(|e| !e.geometric));
}

#[test]
fn on_the_llm_built_mango_maps_the_solver_keeps_what_is_right() {
    let Some(dir) = support::mango_dir() else {
        return;
    };
    let (mut before, mut after) = (Score::default(), Score::default());
    let (mut direction_after, mut total_after, mut lost) = (0, 0, 0);
    let mut games = 0;
    for entry in std::fs::read_dir(dir.join("llm_built")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let game = name.strip_suffix("_edges.json").unwrap().to_string();
        let built =
            parse_edge_list(&support::read(&dir.join("llm_built").join(&name)), &name).unwrap();
        if Detector::new().count(&load_llm_built(&built)).dir_topo() == 0 {
            continue;
        }
        games += 1;
        let gd = dir.join("data_fixed").join(&game);
        let truth =
            parse_edge_list(&support::read(&gd.join(format!("{game}.edges.json"))), "t").unwrap();
        let steps = parse_walkthrough(&support::read(&gd.join(format!("{game}.walkthrough"))), "w")
            .unwrap();
        let cleaned = clean_walkthrough(&steps, &truth);
        let mut project =
            maprepair::domain::Project::from_edge_records_with_text(&game, &built, |s| {
                let s = cleaned.get(usize::try_from(s).ok()?)?;
                Some(format!("> {}\n{}", s.action, s.observation))
            });
        let input = project.history.head().clone();
        let report = run(&mut project.history, &mut Solver::new(), Solver::budget());
        let out = project.history.head();
        direction_after += report.after.direction;
        total_after += report.after.total;
        lost += exit_delta(&truth, &input, out).correct_lost;
        before += score_map(&truth, &input, PairRule::Closed);
        after += score_map(&truth, out, PairRule::Closed);
    }
    assert_eq!(games, 42);
    assert_eq!(direction_after, 0, "no directional conflict left");
    assert!(
        total_after < 54,
        "residual {total_after} must be below heuristic_remove's 54"
    );
    assert!(lost <= 10, "{lost} ground-truth-correct exits lost");
    assert!(
        before.edge_recall() - after.edge_recall() <= 0.01,
        "recall fell from {} to {}",
        before.edge_recall(),
        after.edge_recall()
    );
    assert!(
        after.edge_precision() >= before.edge_precision(),
        "precision fell"
    );
}
