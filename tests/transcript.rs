//! Interpreter transcripts (`>north` prompt lines, as Frotz's SCRIPT writes them) through the
//! public API: read, automapped, and — when `../shared/mango` is present — every MANGO
//! walkthrough written out as a transcript reads back step for step and maps the same.
#![allow(clippy::unwrap_used)]

mod support;

use maprepair::domain::automap::{automap, read_name_list, Hints};
use maprepair::domain::formats::{is_transcript, parse_walkthrough, read_steps, Step};

/// A player's session as an interpreter saves it: a banner, abbreviations, a status line, a
/// bare prompt, a refused move, `undo` and `again` (the app's end-to-end tests open it too).
const SESSION: &str = include_str!("fixtures/lighthouse-session.txt");

fn sorted_records(steps: &[Step], hints: &Hints) -> Vec<(String, String, String)> {
    let built = automap("t", steps, hints);
    let mut r: Vec<_> = built
        .project
        .edge_records()
        .into_iter()
        .map(|e| (e.src, e.action, e.dst))
        .collect();
    r.sort();
    r
}

#[test]
fn a_saved_session_becomes_a_map_with_undo_taken_back() {
    assert!(is_transcript(SESSION));
    let steps = read_steps(SESSION, "lighthouse.txt").unwrap();
    let actions: Vec<&str> = steps.iter().map(|s| s.action.as_str()).collect();
    assert_eq!(
        actions,
        ["Init", "n", "e", "undo", "w", "north", "g", "s", "s"]
    );
    let records = sorted_records(&steps, &Hints::default());
    let has =
        |s: &str, a: &str, d: &str| records.iter().any(|r| r == &(s.into(), a.into(), d.into()));
    assert!(has("Beach", "north", "Cliff Path"), "{records:?}");
    assert!(has("Cliff Path", "east", "Lighthouse Door"), "{records:?}");
    // After the undo the player is on the cliff path again, so north leads from there.
    assert!(has("Cliff Path", "north", "Cliff Top"), "{records:?}");
    assert!(
        !records
            .iter()
            .any(|r| r.0 == "Lighthouse Door" && r.1 == "north"),
        "{records:?}"
    );
    assert!(has("Cliff Top", "south", "Cliff Path"), "{records:?}");
    assert!(has("Cliff Path", "south", "Beach"), "{records:?}");
    let map = automap("t", &steps, &Hints::default());
    assert_eq!(map.project.history.head().room_count(), 4);
}

/// A walkthrough written the way an interpreter would have saved the same session.
fn as_transcript(steps: &[Step]) -> String {
    let mut out = String::new();
    for s in steps {
        if s.num == 0 && s.action == "Init" {
            out.push_str(&s.observation);
        } else {
            out.push_str(&format!("\n\n>{}\n{}", s.action, s.observation));
        }
    }
    out.push_str("\n\n>");
    out
}

/// A step with every line's trailing blanks removed and bare prompt lines (`>` alone, a "more"
/// prompt) dropped, as a transcript reads.
fn tidy(s: &Step) -> (String, String) {
    let obs = s
        .observation
        .lines()
        .map(str::trim_end)
        .filter(|l| l.trim() != ">")
        .collect::<Vec<_>>()
        .join("\n");
    (s.action.clone(), obs.trim().to_string())
}

#[test]
fn every_mango_walkthrough_reads_back_as_a_transcript_and_maps_the_same() {
    let Some(mango) = support::mango_dir() else {
        return;
    };
    let data = mango.join("data_fixed");
    let mut games: Vec<String> = std::fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    games.sort();
    assert_eq!(games.len(), 53);
    for game in &games {
        let dir = data.join(game);
        let walk = parse_walkthrough(
            &support::read(&dir.join(format!("{game}.walkthrough"))),
            "w",
        )
        .unwrap();
        let text = as_transcript(&walk);
        assert!(is_transcript(&text), "{game}");
        let read = read_steps(&text, "t").unwrap();
        // A step with no command is a bare prompt: its text goes with the step before.
        let mut expect: Vec<(String, String)> = Vec::new();
        for s in &walk {
            let (action, obs) = tidy(s);
            match expect.last_mut() {
                Some(last) if action.is_empty() => {
                    last.1 = format!("{}\n\n{obs}", last.1).trim().to_string();
                }
                _ => expect.push((action, obs)),
            }
        }
        let got: Vec<_> = read.iter().map(tidy).collect();
        assert_eq!(got.len(), expect.len(), "{game}: step count");
        for (i, (g, e)) in got.iter().zip(&expect).enumerate() {
            assert_eq!(g, e, "{game}: step {i}");
        }
    }
    // The maps: the same edges from either format (a few games, to keep the debug run short).
    for game in ["zork1", "advent", "spellbrkr"] {
        let dir = data.join(game);
        let walk = parse_walkthrough(
            &support::read(&dir.join(format!("{game}.walkthrough"))),
            "w",
        )
        .unwrap();
        let list = |suffix: &str| {
            let p = dir.join(format!("{game}.{suffix}.json"));
            read_name_list(&support::read(&p), "l").unwrap()
        };
        let hints = Hints {
            locations: list("locations"),
            actions: list("actions"),
        };
        let read = read_steps(&as_transcript(&walk), "t").unwrap();
        assert_eq!(
            sorted_records(&read, &hints),
            sorted_records(&walk, &hints),
            "{game}"
        );
    }
}

#[test]
fn a_players_zork_transcript_without_a_list_keeps_each_room_once() {
    let Some(mango) = support::mango_dir() else {
        return;
    };
    let dir = mango.join("data_fixed").join("zork1");
    let walk = parse_walkthrough(&support::read(&dir.join("zork1.walkthrough")), "w").unwrap();
    // As a player would bring it: an interpreter's transcript, no list of room names.
    let steps = read_steps(&as_transcript(&walk), "zork1.txt").unwrap();
    let built = automap("zork1", &steps, &Hints::default());
    let map = built.project.history.head();
    let names: Vec<String> = map.rooms().map(|r| r.name.clone()).collect();
    // Revisits print the title alone (brief mode), and the Strange Passage leads east into the
    // Living Room against the lattice: neither makes a second Living Room, Cellar or Kitchen.
    for unique in [
        "Living Room",
        "Cellar",
        "Kitchen",
        "Dam",
        "Round Room",
        "The Troll Room",
    ] {
        let copies = names
            .iter()
            .filter(|n| *n == unique || n.starts_with(&format!("{unique} (")))
            .count();
        assert_eq!(copies, 1, "{unique}: {names:?}");
    }
    assert!(
        map.room_count() <= 85,
        "{} rooms: {names:?}",
        map.room_count()
    );
}
