//! The command line at its front door: what `repair --out` writes re-checks as the repair's own
//! `after` on every LLM-built MANGO map (every strategy, both semantics), every fuzz reproducer
//! in `../shared/fuzz-repros` gets a clear error naming the file and the place or a correct
//! answer, and a mistyped option is a usage error. Runs the real binary.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

mod support;

use maprepair::domain::Project;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn maprepair(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_maprepair"))
        .args(args)
        .output()
        .unwrap()
}

fn json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

fn counts(v: &Value) -> [u64; 4] {
    ["direction", "topology", "naming", "total"].map(|k| v[k].as_u64().unwrap())
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("robust_cli");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// `repair FILE --strategy S --semantics M --out X`, then `check X --semantics M`: the
/// repair's `after` and the re-check's conflicts.
fn repair_then_check(
    file: &Path,
    strategy: &str,
    semantics: &str,
    out: &Path,
) -> ([u64; 4], [u64; 4]) {
    let (f, o) = (file.to_str().unwrap(), out.to_str().unwrap());
    let repaired = json(&maprepair(&[
        "repair",
        f,
        "--strategy",
        strategy,
        "--semantics",
        semantics,
        "--out",
        o,
        "--format",
        "json",
    ]));
    let checked = json(&maprepair(&[
        "check",
        o,
        "--semantics",
        semantics,
        "--format",
        "json",
    ]));
    (counts(&repaired["after"]), counts(&checked["conflicts"]))
}

#[test]
fn what_repair_writes_re_checks_as_its_own_after_on_every_llm_built_map() {
    let Some(mango) = support::mango_dir() else {
        return;
    };
    let mut maps: Vec<PathBuf> = std::fs::read_dir(mango.join("llm_built"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with("_edges.json"))
        .collect();
    maps.sort();
    assert_eq!(maps.len(), 53);
    let out = scratch("repaired_edges.json");
    let mut disagreements = Vec::new();
    for semantics in ["default", "reference"] {
        for strategy in ["solver", "heuristic-remove", "heuristic-modify"] {
            // The first 43 maps by name were developed on; the last 10 were held out.
            let (mut after, mut rechecked) = ([0; 2], [0; 2]);
            for (i, map) in maps.iter().enumerate() {
                let fold = usize::from(i >= 43);
                let (a, c) = repair_then_check(map, strategy, semantics, &out);
                after[fold] += a[3];
                rechecked[fold] += c[3];
                if a != c {
                    disagreements.push(format!(
                        "{semantics} {strategy} {}: {a:?} vs {c:?}",
                        map.display()
                    ));
                }
            }
            eprintln!(
                "{semantics} {strategy}: after {} / re-checked {} (developed on), {} / {} (held out)",
                after[0], rechecked[0], after[1], rechecked[1]
            );
        }
    }
    assert!(disagreements.is_empty(), "{disagreements:#?}");
}

fn repro(name: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/fuzz-repros")
        .join(name);
    if path.is_file() {
        Some(path)
    } else {
        eprintln!("SKIPPED: {} is absent", path.display());
        None
    }
}

/// Runs `maprepair ARGS FILE…` expecting exit 1 and a message that names the file and `place`.
fn refused(args: &[&str], file: &str, place: &str, problem: &str) {
    let out = maprepair(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert!(
        err.contains(file) && err.contains(place) && err.contains(problem),
        "{args:?}: {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn an_id_no_commit_could_issue_is_refused_with_its_place_in_every_command() {
    for (name, place, id) in [
        (
            "01_project_room_id_u32max.project.json",
            "commit 0, field \"added_rooms\"",
            "room id 4294967295",
        ),
        (
            "02_project_exit_id_u32max.project.json",
            "commit 0, field \"added_exits\"",
            "exit id 4294967295",
        ),
        (
            "03_project_room_id_30M.project.json",
            "commit 0, field \"added_rooms\"",
            "room id 30000000",
        ),
    ] {
        let Some(path) = repro(name) else { return };
        let f = path.to_str().unwrap();
        refused(&["check", f], name, place, id);
        refused(&["route", f, "Hall", "Hall"], name, place, id);
        for s in ["solver", "heuristic-remove", "heuristic-modify"] {
            refused(&["repair", f, "--strategy", s], name, place, id);
        }
    }
}

#[test]
fn a_repair_written_out_keeps_what_it_did() {
    for (name, strategy, semantics) in [
        (
            "04_repair_ref_remove_drops_room_edges.json",
            "heuristic-remove",
            "reference",
        ),
        (
            "05_repair_solver_nongeometric_lost_edges.json",
            "solver",
            "default",
        ),
        (
            "06_repair_modify_default_reverse_edges.json",
            "heuristic-modify",
            "default",
        ),
    ] {
        let Some(path) = repro(name) else { return };
        let (after, rechecked) = repair_then_check(&path, strategy, semantics, &scratch(name));
        assert_eq!(after, rechecked, "{name}");
    }
}

#[test]
fn bad_text_and_bad_shapes_are_named_by_file_and_place() {
    let cases = [
        (
            "07_invalid_utf8_edges.json",
            vec!["check"],
            "line 1, byte 38",
            "not UTF-8",
        ),
        (
            "07b_invalid_utf8.walkthrough",
            vec!["check"],
            "line 8, byte 124",
            "not UTF-8",
        ),
        (
            "07b_invalid_utf8.walkthrough",
            vec!["automap"],
            "line 8, byte 124",
            "not UTF-8",
        ),
        (
            "08_project_bad_label_no_place.project.json",
            vec!["check"],
            "commit 2, field \"commits[2].change.added_exits[0].origin\", line 4, column",
            "unknown variant `inferred_ruverse`",
        ),
    ];
    for (name, command, place, problem) in cases {
        let Some(path) = repro(name) else { return };
        let mut args = command.clone();
        args.push(path.to_str().unwrap());
        refused(&args, name, place, problem);
    }
}

#[test]
fn an_edge_list_behind_a_byte_order_mark_is_read() {
    let Some(path) = repro("09_bom_edges.json") else {
        return;
    };
    let out = json(&maprepair(&[
        "check",
        path.to_str().unwrap(),
        "--format",
        "json",
    ]));
    assert_eq!(
        (out["rooms"].as_u64(), out["exits"].as_u64()),
        (Some(2), Some(2))
    );
    // The same for a transcript and a project written with one.
    let transcript = scratch("bom.txt");
    std::fs::write(
        &transcript,
        "\u{feff}>look\nHall\n>north\nKitchen\n>south\nHall\n",
    )
    .unwrap();
    let out = json(&maprepair(&[
        "check",
        transcript.to_str().unwrap(),
        "--format",
        "json",
    ]));
    assert_eq!(out["rooms"].as_u64(), Some(2));
}

#[test]
fn a_route_to_missing_rooms_names_the_map_and_every_missing_end() {
    let Some(path) = repro("10_route_tiny_edges.json") else {
        return;
    };
    let f = path.to_str().unwrap();
    refused(
        &["route", f, "Cellar", "Attic"],
        "10_route_tiny_edges.json",
        "\"Cellar\"",
        "\"Attic\"",
    );
    refused(
        &["route", f, "Hall", "Attic"],
        "10_route_tiny_edges.json",
        "no room called",
        "\"Attic\"",
    );
    let ok = json(&maprepair(&[
        "route", f, "Hall", "Kitchen", "--format", "json",
    ]));
    assert_eq!(ok["directions"], serde_json::json!(["north"]));
}

/// The refusal counts the map's rooms in words a reader can trust: "1 room", "2 rooms".
#[test]
fn a_route_refusal_counts_the_rooms_in_the_singular_and_the_plural() {
    let one = scratch("one_room.walkthrough");
    std::fs::write(&one, "==>STEP NUM:0\n==>ACT:\n==>OBSERVATION:Hall\n").unwrap();
    let f = one.to_str().unwrap();
    refused(
        &["route", f, "Hall", "Kitchen"],
        "one_room.walkthrough",
        "\"Kitchen\"",
        "(1 room;",
    );
    let two = scratch("two_rooms.edges.json");
    std::fs::write(
        &two,
        r#"[{"src_node":"Hall","dst_node":"Kitchen","action":"north"}]"#,
    )
    .unwrap();
    let f = two.to_str().unwrap();
    refused(
        &["route", f, "Hall", "Attic"],
        "two_rooms.edges.json",
        "\"Attic\"",
        "(2 rooms;",
    );
}

#[test]
fn a_reference_repair_of_a_project_keeps_everything_it_did_not_fix() {
    let Some(path) = repro("11_project_reference_repair_drops_history.project.json") else {
        return;
    };
    let out = scratch("11.project.json");
    let f = path.to_str().unwrap();
    json(&maprepair(&[
        "repair",
        f,
        "--strategy",
        "heuristic-remove",
        "--semantics",
        "reference",
        "--out",
        out.to_str().unwrap(),
        "--format",
        "json",
    ]));
    let read = |p: &Path| Project::from_json(&support::read(p), "p").unwrap();
    let (before, after) = (read(&path), read(&out));
    // No fix was made: the same commits (names as written, texts, aliases, descriptions), the
    // same truth.
    assert_eq!(after.history.commits(), before.history.commits());
    assert_eq!(after.ground_truth, before.ground_truth);
    assert!(before.ground_truth.is_some());
    assert!(after.history.head().rooms().any(|r| r.name == "Hall"));
}

#[test]
fn a_mistyped_option_is_a_usage_error() {
    let out = maprepair(&[
        "bench",
        "mango",
        "--data",
        "../shared/mango",
        "--strateg",
        "solver",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("--strateg") && err.contains("Usage"), "{err}");
}

/// `bench files --transcript-mb` automaps its transcript without and with the walk's location
/// list, so a rule that costs names x transcript shows in the benchmark; both runs succeed.
#[test]
fn bench_files_automaps_the_transcript_without_and_with_its_list() {
    let out = json(&maprepair(&[
        "bench",
        "files",
        "--rooms",
        "200",
        "--transcript-mb",
        "0.05",
        "--format",
        "json",
    ]));
    let automaps: Vec<(&str, &str)> = out["commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["command"].as_str().unwrap(),
                c["outcome"].as_str().unwrap(),
            )
        })
        .filter(|(c, _)| c.starts_with("automap"))
        .collect();
    assert_eq!(
        automaps,
        vec![
            ("automap (transcript)", "ok"),
            ("automap (transcript, with its location list)", "ok")
        ]
    );
}
