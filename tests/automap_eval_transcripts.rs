//! `maprepair eval --transcripts DIR` on a one-game folder written here: an Inform 7 transcript
//! whose cellar is dark and never lit. The dark room gets a node of its own, but the transcript
//! never prints its name, so without a list its pairs cannot score: the eval reports that cap.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::process::Command;

const TRANSCRIPT: &str = "Kitchen\nA plain kitchen. Stairs lead down; a hall lies east.\n\n\
>down\nDarkness\nIt is pitch dark, and you can't see a thing.\n\n\
>up\nKitchen\nA plain kitchen. Stairs lead down; a hall lies east.\n\n\
>east\nHall\nA long hall. The kitchen is west.\n\n\
>west\nKitchen\nA plain kitchen. Stairs lead down; a hall lies east.\n";

const EDGES: &str = r#"[
 {"src_node": "kitchen", "dst_node": "cellar", "action": "down", "seen_in_forward": 1, "seen_in_reversed": 2},
 {"src_node": "kitchen", "dst_node": "hall", "action": "east", "seen_in_forward": 3, "seen_in_reversed": 4}
]"#;

/// A fresh folder `<tmp>/<name>/dark/` holding the game, its truth and its location list.
fn folder(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let game = root.join("dark");
    std::fs::create_dir_all(&game).unwrap();
    std::fs::write(game.join("dark.transcript.txt"), TRANSCRIPT).unwrap();
    std::fs::write(game.join("dark.edges.json"), EDGES).unwrap();
    std::fs::write(
        game.join("dark.locations.json"),
        r#"["kitchen", "cellar", "hall"]"#,
    )
    .unwrap();
    root
}

#[test]
fn a_dark_room_never_named_caps_recall_without_the_list() {
    let root = folder("maprepair-eval-dark");
    let out = Command::new(env!("CARGO_BIN_EXE_maprepair"))
        .args(["eval", "--transcripts"])
        .arg(&root)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&root);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let without = &v["without_list"]["total"];
    // The cellar: its two pairs (down and the way back up) of the four.
    assert_eq!(without["unnamed_truth_rooms"], 1);
    assert_eq!(without["pairs_touching_unnamed"], 2);
    assert!((without["recall_ceiling"].as_f64().unwrap() - 0.5).abs() < 1e-9);
    // The hall's pairs are found without the list; the dark room's too once the list names
    // the one listed room no title shows.
    assert!((without["edge_recall"].as_f64().unwrap() - 0.5).abs() < 1e-9);
    let with = &v["with_list"]["total"];
    assert!((with["edge_f1"].as_f64().unwrap() - 1.0).abs() < 1e-9);
}
