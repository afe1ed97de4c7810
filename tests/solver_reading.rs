//! The consensus solver's reading of the text: what a step's text says of an exit, the
//! transcript read again, and filling in the moves a model missed.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

mod solver_common;

use maprepair::domain::automap::reread::{reread, reread_by_map_names};
use maprepair::domain::eval::{exit_delta, score_map, PairRule};
use maprepair::domain::repair::solver::{
    fill_in, judge_text, solve, solve_with, Solver, TextVerdict,
};
use maprepair::domain::repair::Action;
use maprepair::domain::{Analysis, Direction, History, Project};
use solver_common::{build, has, model_history, Recorded};

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
fn a_title_without_its_qualifier_fits_a_same_titled_room_and_refutes_nothing() {
    // Two rooms titled "Shore Road" on the map, told apart by the model's qualifier.
    let h = build(&[
        (
            "Ocean Road",
            Direction::Southwest,
            "Shore Road (east end)",
            "> southwest\nShore Road",
        ),
        (
            "Shore Road (east end)",
            Direction::West,
            "Shore Road",
            "> west\nShore Road",
        ),
        (
            "Shore Road",
            Direction::North,
            "Kitchen",
            "> north\n<< Kitchen >>",
        ),
    ]);
    let map = h.head();
    let exit = |from: &str| {
        let id = map.find_room(from).unwrap().id;
        map.exits_from(id)
            .find(|e| e.origin == maprepair::domain::Origin::Observed)
            .cloned()
            .unwrap()
    };
    let first = exit("ocean road");
    assert_eq!(
        judge_text(map, &first, "> southwest\nShore Road"),
        TextVerdict::FitsTitle
    );
    // A title with decorations names its room.
    let last = exit("shore road");
    assert_eq!(
        judge_text(map, &last, "> north\n<< Kitchen >>"),
        TextVerdict::Confirms
    );
}

fn lost_track() -> History {
    use Direction::*;
    model_history(&[
        ("> look\nKitchen\nA warm kitchen. A door leads west.", None),
        (
            "> west\nLiving Room\nA living room. The kitchen is east.",
            Some(("Kitchen", West, "Living Room")),
        ),
        // The model forgot the player had moved: it put this move in the kitchen.
        (
            "> down\nCellar\nA damp cellar. Stairs lead up.",
            Some(("Kitchen", Down, "Cellar")),
        ),
        // And it wrote the wrong direction for this one.
        (
            "> east\nPantry\nShelves of jars. The cellar is west.",
            Some(("Cellar", West, "Pantry")),
        ),
    ])
}

#[test]
fn the_transcript_read_again_moves_a_start_the_model_lost_and_relabels_a_way_it_reads_otherwise() {
    let mut h = lost_track();
    let reading = reread_by_map_names(&h).unwrap();
    let (report, used) = solve_with(&mut h, Some(&reading));
    let used = used.unwrap();
    assert!(!used.set_aside);
    assert_eq!((used.moved, used.relabelled, used.removed), (1, 1, 0));
    assert!(!has(&h, "Kitchen", "down", "Cellar"));
    assert!(has(&h, "Living Room", "down", "Cellar"));
    // The inferred way back follows the moved exit.
    let map = h.head();
    let back: Vec<String> = map
        .exits()
        .filter(|e| map.room(e.from).unwrap().name == "Cellar" && e.label.to_string() == "up")
        .map(|e| map.room(e.to).unwrap().name.clone())
        .collect();
    assert_eq!(back, vec!["Living Room".to_string()]);
    assert!(has(&h, "Cellar", "east", "Pantry"));
    assert!(!has(&h, "Cellar", "west", "Pantry"));
    assert!(has(&h, "Kitchen", "west", "Living Room"));
    // Each edit is a commit whose reason says where it came from.
    let reasons: Vec<&str> = report
        .actions
        .iter()
        .filter(|l| l.version.is_some())
        .map(|l| l.decision.reason.as_str())
        .collect();
    assert_eq!(reasons.len(), 2);
    assert!(
        reasons.iter().all(|r| r.contains("read again")),
        "{reasons:?}"
    );
    // The log names each edit by its rooms as they stood, not by ids.
    let summaries: Vec<&str> = report
        .actions
        .iter()
        .filter(|l| l.version.is_some())
        .map(|l| l.summary.as_str())
        .collect();
    assert!(
        summaries.contains(&"start Kitchen —down→ Cellar in Living Room"),
        "{summaries:?}"
    );
    assert!(
        summaries.contains(&"relabel Cellar —west→ Pantry to east"),
        "{summaries:?}"
    );
    // Without the reading nothing contradicts either exit: the solver keeps them.
    let mut alone = lost_track();
    solve(&mut alone);
    assert!(has(&alone, "Kitchen", "down", "Cellar"));
    assert!(has(&alone, "Cellar", "west", "Pantry"));
}

#[test]
fn a_start_whose_doorway_is_taken_is_not_moved_there_the_exit_goes() {
    use Direction::*;
    // The living room already has a way down (to the wine store): the cellar move is removed.
    let mut h = model_history(&[
        ("> look\nKitchen\nA warm kitchen. A door leads west.", None),
        (
            "> west\nLiving Room\nA living room. The kitchen is east.",
            Some(("Kitchen", West, "Living Room")),
        ),
        (
            "> down\nCellar\nA damp cellar. Stairs lead up.",
            Some(("Kitchen", Down, "Cellar")),
        ),
        (
            "> east\nWine Store\nRacks of bottles.",
            Some(("Living Room", Down, "Wine Store")),
        ),
    ]);
    let reading = reread_by_map_names(&h).unwrap();
    let (_, used) = solve_with(&mut h, Some(&reading));
    let used = used.unwrap();
    assert_eq!(used.moved, 0);
    assert!(!has(&h, "Kitchen", "down", "Cellar"));
    assert!(!has(&h, "Living Room", "down", "Cellar"));
}

#[test]
fn a_reading_that_names_too_few_of_the_maps_rooms_is_set_aside() {
    let mut h = lost_track();
    let names: Vec<String> = ["Kitchen", "Attic", "Barn", "Garden", "Hall"]
        .iter()
        .map(ToString::to_string)
        .collect();
    let reading = reread(&h, &names).unwrap();
    let before = h.len();
    let (_, used) = solve_with(&mut h, Some(&reading));
    assert!(used.unwrap().set_aside);
    assert_eq!(h.len(), before, "nothing changed");
}

#[test]
fn on_the_demo_games_as_an_llm_built_them_the_transcript_read_again_removes_the_mistakes() {
    for info in maprepair::domain::demo::catalog()
        .into_iter()
        .filter(|i| i.noise.is_some() && i.rooms <= 150)
    {
        let d = maprepair::domain::demo::build(info.id).unwrap();
        let noisy = d.noisy.as_deref().unwrap();
        let mut project = Project::from_edge_records_over_steps(info.id, noisy, &d.steps);
        let input = project.history.head().clone();
        let reading = reread_by_map_names(&project.history).unwrap();
        let (_, used) = solve_with(&mut project.history, Some(&reading));
        let out = project.history.head();
        let before = score_map(&d.truth, &input, PairRule::Closed);
        let after = score_map(&d.truth, out, PairRule::Closed);
        let lost = exit_delta(&d.truth, &input, out).correct_lost;
        let mut alone = Project::from_edge_records_over_steps(info.id, noisy, &d.steps);
        solve(&mut alone.history);
        let lost_alone = exit_delta(&d.truth, &input, alone.history.head()).correct_lost;
        let used = used.unwrap();
        assert!(!used.set_aside && used.removed > 0, "{}: {used:?}", info.id);
        assert!(
            after.edge_precision() > before.edge_precision() + 0.1 || after.edge_precision() == 1.0,
            "{}: precision {} -> {}",
            info.id,
            before.edge_precision(),
            after.edge_precision()
        );
        assert!(
            after.edge_recall() >= before.edge_recall() - 0.02,
            "{}: recall {} -> {}",
            info.id,
            before.edge_recall(),
            after.edge_recall()
        );
        assert!(
            lost <= lost_alone,
            "{}: {lost} correct exits lost with the reading, {lost_alone} without",
            info.id
        );
    }
}

#[test]
fn an_exit_cannot_be_moved_to_start_where_it_ends_or_in_no_room() {
    use maprepair::domain::repair::{Decision, Pending, RepairSession};
    use maprepair::domain::RoomId;
    let mut h = lost_track();
    let map = h.head().clone();
    let cellar_move = map
        .exits()
        .find(|e| e.label.to_string() == "down")
        .unwrap()
        .clone();
    let pending = Pending::unprompted(Analysis::of(&map), h.usage());
    let mut session = RepairSession::new(Solver::budget());
    for from in [cellar_move.to, cellar_move.from, RoomId(999)] {
        let decision = Decision {
            action: Action::MoveStart {
                exit: cellar_move.id,
                from,
            },
            reason: "test".into(),
        };
        assert_eq!(session.apply(&mut h, &pending, decision), None);
    }
    assert_eq!(h.head(), &map, "nothing changed");
    let refusals: Vec<String> = session
        .log
        .iter()
        .filter_map(|l| l.rejected.clone())
        .collect();
    assert_eq!(refusals.len(), 3);
    assert!(refusals[0].contains("cannot start there"), "{refusals:?}");
    assert!(refusals[2].contains("no room #999"), "{refusals:?}");
}

#[test]
fn repair_on_the_command_line_reads_a_projects_transcript_again_unless_told_not_to() {
    let project = Project {
        name: "lost track".into(),
        history: lost_track(),
        ground_truth: None,
    };
    let path =
        std::env::temp_dir().join(format!("maprepair-lost-track-{}.json", std::process::id()));
    std::fs::write(&path, project.to_json()).unwrap();
    let run = |extra: &[&str]| -> (bool, serde_json::Value, String) {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_maprepair"))
            .arg("repair")
            .arg(&path)
            .args(["--strategy", "solver", "--format", "json"])
            .args(extra)
            .output()
            .unwrap();
        let json = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
        (
            out.status.success(),
            json,
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (ok, by_map, _) = run(&[]);
    assert!(ok);
    assert_eq!(by_map["second_reading"]["moved"], 1);
    assert_eq!(by_map["second_reading"]["relabelled"], 1);
    let (ok, without, _) = run(&["--reading", "none"]);
    assert!(ok);
    assert!(without.get("second_reading").is_none());
    let (ok, _, err) = run(&["--reading", "list"]);
    assert!(
        !ok && err.contains("--reading list needs --locations FILE"),
        "{err}"
    );
    let _ = std::fs::remove_file(&path);
}

/// A model's history of the walk west, north and east from the kitchen to the study, the last
/// move recorded as `study_as`; then, if given, one more step the model recorded nothing for.
fn library_walk(study_as: Direction, then: Option<&str>) -> History {
    use Direction::*;
    let mut steps: Vec<(&str, Option<Recorded<'_>>)> = vec![
        ("> look\nKitchen\nA warm kitchen.", None),
        (
            "> west\nLiving Room\nA living room.",
            Some(("Kitchen", West, "Living Room")),
        ),
        (
            "> north\nLibrary\nShelves to the ceiling.",
            Some(("Living Room", North, "Library")),
        ),
        (
            "> east\nStudy\nA desk and a lamp.",
            Some(("Library", study_as, "Study")),
        ),
    ];
    if let Some(text) = then {
        steps.push((text, None));
    }
    model_history(&steps)
}

/// A model that missed a move: the walk back south from the study into a room titled
/// `last_title` has no record.
fn missed_move(last_title: &str) -> History {
    let last = format!("> south\n{last_title}\nA room.");
    library_walk(Direction::East, Some(&last))
}

#[test]
fn filling_in_adds_a_move_the_model_missed_with_its_way_back_and_opens_no_conflict() {
    let mut h = missed_move("Kitchen");
    let reading = reread_by_map_names(&h).unwrap();
    solve_with(&mut h, Some(&reading));
    assert!(
        !has(&h, "Study", "south", "Kitchen"),
        "the solver alone adds nothing"
    );
    let (log, filled) = fill_in(&mut h, &reading);
    assert_eq!((filled.gaps, filled.added, filled.held_back), (1, 1, 0));
    assert!(has(&h, "Study", "south", "Kitchen"));
    let map = h.head();
    let back: Vec<(String, maprepair::domain::Origin)> = map
        .exits()
        .filter(|e| map.room(e.from).unwrap().name == "Kitchen" && e.label.to_string() == "north")
        .map(|e| (map.room(e.to).unwrap().name.clone(), e.origin))
        .collect();
    assert_eq!(
        back,
        vec![(
            "Study".to_string(),
            maprepair::domain::Origin::InferredReverse
        )],
        "its way back is inferred"
    );
    assert_eq!(Analysis::of(h.head()).counts().total, 0);
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].summary, "add Study —south→ Kitchen");
    assert!(
        log[0].decision.reason.contains("(step 4)"),
        "{}",
        log[0].decision.reason
    );
    // A second pass finds nothing left to add.
    let (_, again) = fill_in(&mut h, &reading);
    assert_eq!(again.gaps, 0);
}

#[test]
fn filling_in_holds_back_a_way_that_would_open_a_conflict() {
    // The model wrote the walk east from the library into the study as north. The text's way
    // east would put the study in a second place: adding it would open a conflict, so the
    // map's side stands (weighing it is the solver's work, not filling in's).
    let mut h = library_walk(Direction::North, None);
    let reading = reread_by_map_names(&h).unwrap();
    let before = h.len();
    let (_, filled) = fill_in(&mut h, &reading);
    assert_eq!((filled.gaps, filled.added, filled.held_back), (1, 0, 1));
    assert_eq!(h.len(), before, "nothing added");
    assert!(!has(&h, "Library", "east", "Study"));
}

#[test]
fn a_way_is_added_only_between_rooms_the_text_titles_on_that_walk() {
    use maprepair::domain::formats::Step;
    use maprepair::domain::reading::{Names, ReadMove, Reading};
    use maprepair::domain::repair::reading::{unmapped, ReadingIndex};
    let h = missed_move("Kitchen");
    let map = h.head();
    let mv = |step: u32, from: &str, label: &str, to: &str| ReadMove {
        step,
        from: from.into(),
        label: label.into(),
        to: to.into(),
    };
    let step = |num: i64, action: &str, title: &str| Step {
        num,
        action: action.into(),
        observation: format!("{title}\nA room."),
    };
    let gaps = |moves: Vec<ReadMove>, steps: &[Step]| {
        let reading = Reading {
            names: Names::Map,
            steps: steps.iter().map(|s| s.num as u32).collect(),
            rooms: ["kitchen", "living room", "library", "study"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            exits: Vec::new(),
            moves,
        };
        let index = ReadingIndex::new(&reading, map);
        unmapped(&reading, &index, map, steps)
            .into_iter()
            .map(|u| u.step)
            .collect::<Vec<u32>>()
    };
    let walk = [step(3, "east", "Study"), step(4, "south", "Kitchen")];
    let moves = || {
        vec![
            mv(3, "library", "east", "study"),
            mv(4, "study", "south", "kitchen"),
        ]
    };
    assert_eq!(gaps(moves(), &walk), vec![4]);
    // The arrival's title is not printed: the reader named the room by elimination.
    let untitled = [step(3, "east", "Study"), step(4, "south", "Chapel")];
    assert!(gaps(moves(), &untitled).is_empty());
    // Nor is the start's: the move before ended in a room the text titled otherwise.
    let start_untitled = [step(3, "east", "Chapel"), step(4, "south", "Kitchen")];
    assert!(gaps(moves(), &start_untitled).is_empty());
    // A step that reads as a move between them, which the reader did not place, breaks the
    // chain: the player may have walked on.
    let lost = [
        step(3, "east", "Study"),
        step(4, "west", "Somewhere"),
        step(5, "south", "Kitchen"),
    ];
    let moves = vec![
        mv(3, "library", "east", "study"),
        mv(5, "study", "south", "kitchen"),
    ];
    assert!(gaps(moves, &lost).is_empty());
}

#[test]
fn on_the_demo_games_as_an_llm_built_them_filling_in_raises_recall_and_keeps_precision() {
    let mut best_gain = 0.0f64;
    for info in maprepair::domain::demo::catalog()
        .into_iter()
        .filter(|i| i.noise.is_some() && i.rooms <= 150)
    {
        let d = maprepair::domain::demo::build(info.id).unwrap();
        let noisy = d.noisy.as_deref().unwrap();
        let mut project = Project::from_edge_records_over_steps(info.id, noisy, &d.steps);
        let reading = reread_by_map_names(&project.history).unwrap();
        solve_with(&mut project.history, Some(&reading));
        let solved = score_map(&d.truth, project.history.head(), PairRule::Closed);
        let (_, filled) = fill_in(&mut project.history, &reading);
        let out = project.history.head();
        let after = score_map(&d.truth, out, PairRule::Closed);
        assert_eq!(Analysis::of(out).counts().total, 0, "{}", info.id);
        assert!(
            after.edge_precision() >= solved.edge_precision() - 0.005,
            "{}: precision {} -> {} ({filled:?})",
            info.id,
            solved.edge_precision(),
            after.edge_precision()
        );
        assert!(
            after.edge_recall() >= solved.edge_recall(),
            "{}: recall {} -> {}",
            info.id,
            solved.edge_recall(),
            after.edge_recall()
        );
        best_gain = best_gain.max(after.edge_recall() - solved.edge_recall());
    }
    assert!(
        best_gain > 0.1,
        "filling in gained at most {best_gain} recall"
    );
}
