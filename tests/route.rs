//! Route finding through the public API: routes on hand-made and automapped maps, and, when
//! `../shared/mango` is present, MANGO's questions answered on the ground truth itself (which
//! must solve every answerable one: a check of the scoring, not of the automapper).
#![allow(clippy::unwrap_used)]

mod support;

use maprepair::domain::automap::{automap, Hints};
use maprepair::domain::direction::Label;
use maprepair::domain::eval::truth_map;
use maprepair::domain::formats::{parse_edge_list, Step};
use maprepair::domain::map::{Map, Origin};
use maprepair::domain::route::{
    exit_cost, find_route, follow, shortest_route, shortest_route_by, RouteError,
};
use maprepair::domain::Direction::*;

fn house() -> Map {
    let mut m = Map::new();
    let w = m.add_room("West of House");
    let n = m.add_room("North of House");
    let b = m.add_room("Behind House");
    let k = m.add_room("Kitchen");
    m.add_exit(w, n, North, Origin::Observed).unwrap();
    m.add_exit(n, w, South, Origin::InferredReverse).unwrap();
    m.add_exit(n, b, East, Origin::Observed).unwrap();
    m.add_exit(b, n, West, Origin::Observed).unwrap();
    m.add_exit(b, k, Label::Free("go window".into()), Origin::Observed)
        .unwrap();
    m
}

#[test]
fn a_route_gives_the_directions_to_type_including_free_text() {
    let m = house();
    let r = find_route(&m, "west of house", "kitchen").unwrap();
    assert_eq!(r.directions(&m), ["north", "east", "go window"]);
    assert_eq!(r.len(), 3);
    let back = find_route(&m, "Behind House", "West of House").unwrap();
    assert_eq!(back.directions(&m), ["west", "south"]);
    assert_eq!(back.inferred_steps(&m), 1);
}

#[test]
fn unknown_rooms_and_unreachable_rooms_are_errors() {
    let m = house();
    assert_eq!(
        find_route(&m, "attic", "kitchen"),
        Err(RouteError::NoRoom("attic".into()))
    );
    assert!(matches!(
        find_route(&m, "kitchen", "west of house"),
        Err(RouteError::NoPath { .. })
    ));
}

#[test]
fn a_caller_can_make_exits_dearer() {
    let mut m = house();
    let w = m.find_room("west of house").unwrap().id;
    let b = m.find_room("behind house").unwrap().id;
    let shortcut = m.add_exit(w, b, Northeast, Origin::Observed).unwrap();
    assert_eq!(shortest_route(&m, w, b).unwrap().exits, [shortcut]);
    let avoid = shortest_route_by(&m, w, b, |e| {
        exit_cost(&m, e) * if e.id == shortcut { 10 } else { 1 }
    });
    assert_eq!(avoid.unwrap().directions(&m), ["north", "east"]);
}

#[test]
fn routes_work_on_automapped_maps() {
    let s = |num, action: &str, observation: &str| Step {
        num,
        action: action.into(),
        observation: observation.into(),
    };
    let steps = vec![
        s(0, "Init", "Hall\nA long hall."),
        s(1, "north", "Kitchen\nA small kitchen."),
        s(2, "up", "Attic\nA dusty attic."),
    ];
    let built = automap("house", &steps, &Hints::default());
    let map = built.project.history.head();
    let r = find_route(map, "attic", "hall").unwrap();
    assert_eq!(r.directions(map), ["down", "south"]);
    let hall = map.find_room("hall").unwrap().id;
    let attic = follow(map, hall, &[Label::Dir(North), Label::Dir(Up)]).unwrap();
    assert_eq!(map.room(attic).unwrap().name, "Attic");
}

#[test]
fn the_truth_answers_every_answerable_mango_question() {
    let Some(mango) = support::mango_dir() else {
        return;
    };
    for game in ["zork1", "zork2", "cutthroat", "night"] {
        let dir = mango.join("data_fixed").join(game);
        let truth = truth_map(
            &parse_edge_list(&support::read(&dir.join(format!("{game}.edges.json"))), "t").unwrap(),
        );
        let lines = support::read(&dir.join(format!("{game}.all_pairs.jsonl")));
        let mut answerable = 0;
        for line in lines.lines().filter(|l| !l.trim().is_empty()) {
            let q: serde_json::Value = serde_json::from_str(line).unwrap();
            let (a, b) = (
                q["src_node"].as_str().unwrap(),
                q["dst_node"].as_str().unwrap(),
            );
            let Ok(route) = find_route(&truth, a, b) else {
                continue;
            };
            answerable += 1;
            let moves: Vec<Label> = route
                .exits
                .iter()
                .map(|e| truth.exit(*e).unwrap().label.clone())
                .collect();
            let start = truth.find_room(a).unwrap().id;
            let end = follow(&truth, start, &moves).unwrap();
            assert_eq!(
                truth.room(end).unwrap().name,
                b.trim().to_lowercase(),
                "{game}: {a} → {b}"
            );
        }
        assert!(answerable > 0, "{game}");
    }
}

/// A one-game MANGO directory in a fresh temporary folder: a corridor A –east→ B –east→ C, one
/// route question per ordered pair, and two edge lists to answer them on: the truth itself, and
/// a map whose B → C exit points north instead.
fn one_game_data(tag: &str) -> std::path::PathBuf {
    let root = std::env::temp_dir().join(format!("maprepair-routes-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let game = root.join("data_fixed").join("line");
    std::fs::create_dir_all(&game).unwrap();
    let edge = |s: &str, a: &str, d: &str| {
        format!(
            r#"{{"src_node": "{s}", "dst_node": "{d}", "action": "{a}", "seen_in_forward": 1, "seen_in_reversed": 9999}}"#
        )
    };
    let truth = format!("[{}, {}]", edge("a", "east", "b"), edge("b", "east", "c"));
    std::fs::write(game.join("line.edges.json"), &truth).unwrap();
    let mut pairs = String::new();
    for (s, d) in [("a", "b"), ("a", "c"), ("b", "c"), ("c", "a")] {
        pairs.push_str(&format!(
            "{{\"src_node\": \"{s}\", \"dst_node\": \"{d}\"}}\n"
        ));
    }
    std::fs::write(game.join("line.all_pairs.jsonl"), pairs).unwrap();
    for (dir, list) in [
        ("right", truth.clone()),
        (
            "wrong",
            format!("[{}, {}]", edge("a", "east", "b"), edge("b", "north", "c")),
        ),
    ] {
        std::fs::create_dir_all(root.join(dir)).unwrap();
        std::fs::write(root.join(dir).join("line_edges.json"), list).unwrap();
    }
    root
}

/// `maprepair bench routes --data DATA [--built BUILT] --format json`, which must succeed.
fn bench_routes(data: &std::path::Path, built: Option<&std::path::Path>) -> serde_json::Value {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_maprepair"));
    cmd.args(["bench", "routes", "--data"]).arg(data);
    if let Some(b) = built {
        cmd.arg("--built").arg(b);
    }
    let out = cmd.args(["--format", "json"]).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn bench_routes_scores_a_built_edge_list_on_the_truth() {
    let root = one_game_data("built");
    let run = |built: &str| bench_routes(&root, Some(&root.join(built)));
    // c → a has no way on the truth (walked as listed): three answerable questions.
    let right = &run("right")["total"]["route_finding_pairs"];
    assert_eq!(
        (right["answerable"].as_u64(), right["solved"].as_u64()),
        (Some(3), Some(3))
    );
    // On the wrong map "b → c" and "a → c" are answered with north, which fails on the truth.
    let wrong = &run("wrong")["total"]["route_finding_pairs"];
    assert_eq!(wrong["solved"].as_u64(), Some(1));
    assert_eq!(wrong["unsolved"]["wrong_on_truth"].as_u64(), Some(2));
    // Both wrong answers are blamed on their first exit the truth lacks; the truth's own
    // answers blame none.
    let blamed = |built: &str| run(built)["games"][0]["wrong_exits"].clone();
    assert_eq!(
        blamed("wrong"),
        serde_json::json!([{"exit": "b -north-> c (truth: no such way)", "wrong_answers": 2}])
    );
    assert_eq!(blamed("right"), serde_json::json!([]));
    // A directory with no edge list for any game is an error, not a page of zeros.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_maprepair"))
        .args(["bench", "routes", "--data"])
        .arg(&root)
        .arg("--built")
        .arg(root.join("data_fixed"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no <game>_edges.json"));
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn on_automapped_maps_route_finding_meets_the_issue_target() {
    let Some(mango) = support::mango_dir() else {
        return;
    };
    let v = bench_routes(&mango, None);
    let pairs = &v["total"]["route_finding_pairs"];
    let rate = pairs["success_rate"].as_f64().unwrap();
    assert!(rate >= 0.95, "route finding {rate:.3}: {pairs}");
}
