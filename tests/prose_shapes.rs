//! Clause shapes of the offline prose reader, each pinned on an invented sentence: a compass
//! word between a verb of motion and its path, a place noun the tagger reads as an adjective, a
//! way stated from one place to another, a climb that goes on past the stairs, and names that
//! are not places.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use maprepair::domain::llm::{split_observations, Split};
use maprepair::domain::prose::{read_paragraphs, Reading};
use maprepair::domain::Direction;

fn read(text: &str) -> Reading {
    read_paragraphs(&split_observations(text, &Split::Paragraphs)).unwrap()
}

fn links(r: &Reading) -> Vec<(String, String, Option<Direction>)> {
    r.links
        .iter()
        .map(|l| {
            (
                r.name(l.from).to_string(),
                r.name(l.to).to_string(),
                l.direction,
            )
        })
        .collect()
}

fn names(r: &Reading) -> Vec<String> {
    r.places()
        .flat_map(|(_, p)| std::iter::once(p.name.clone()).chain(p.aliases.clone()))
        .collect()
}

#[test]
fn a_compass_word_after_a_verb_of_motion_directs_the_move() {
    let r = read("I stood in the parlour. I walked west into the study.");
    let got = links(&r);
    assert!(
        got.contains(&("parlour".into(), "study".into(), Some(Direction::West))),
        "{got:?}"
    );
}

#[test]
fn a_place_noun_before_is_or_a_full_stop_is_a_noun() {
    let r = read("The cottage had a scullery and an attic. The attic is above the scullery.");
    let got = links(&r);
    assert!(
        got.contains(&("scullery".into(), "attic".into(), Some(Direction::Up))),
        "{got:?}"
    );
}

#[test]
fn a_way_from_one_place_to_another_links_the_two() {
    let r = read(
        "There was a meadow and a vineyard. From the meadow, a path leads east to the vineyard.",
    );
    let got = links(&r);
    assert!(
        got.contains(&("meadow".into(), "vineyard".into(), Some(Direction::East))),
        "{got:?}"
    );
    let all = names(&r);
    assert!(!all.iter().any(|n| n.contains("leads")), "{all:?}");
    // The path is not another name for the meadow.
    let meadow = r.places().find(|(_, p)| p.name == "meadow").unwrap().1;
    assert!(meadow.aliases.is_empty(), "{:?}", meadow.aliases);
}

#[test]
fn a_way_stated_between_two_places_is_passed_not_stopped_at() {
    let r = read(
        "I walked out into the yard.\n\nFrom the yard, a bridge led north to the paddock.\n\n\
I crossed the yard and passed over the bridge into the paddock.",
    );
    let got = links(&r);
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(
        got[0],
        ("yard".into(), "paddock".into(), Some(Direction::North))
    );
}

#[test]
fn a_climb_goes_on_past_the_stairs_to_its_goal() {
    let r = read("I stood in the scullery. I went up the stairs to the garret.");
    let got = links(&r);
    assert!(got.iter().any(|(_, to, _)| to == "garret"), "{got:?}");
    assert_eq!(
        r.paragraphs
            .last()
            .and_then(|p| p.current)
            .map(|c| r.name(c).to_string()),
        Some("garret".to_string())
    );
}

#[test]
fn interjections_and_peoples_are_not_places() {
    let r = read(
        "“Well,” said I, “we must go.” We rowed to the island.\n\n“Well, then,” said he. The \
Matabeles spoke in Matabele, and we walked to the kraal.\n\nThey spoke Kitchen Matabele at the kraal.",
    );
    let all = names(&r);
    assert!(all.contains(&"island".to_string()), "{all:?}");
    assert!(
        !all.iter()
            .any(|n| n.contains("Well") || n.contains("Matabele")),
        "{all:?}"
    );
}

#[test]
fn two_places_of_one_name_are_one_place_on_the_map() {
    let r = read(
        "We walked along a stream into the valley.\n\nAfterwards we came to a stream and \
followed it into the wood.",
    );
    let map = r.map();
    let streams = map.places.iter().filter(|p| p.name == "stream").count();
    assert_eq!(streams, 1, "{:?}", map.places);
    // Every link still joins two places on the map.
    for l in &map.links {
        assert!(map.places.iter().any(|p| p.name == l.from), "{l:?}");
        assert!(map.places.iter().any(|p| p.name == l.to), "{l:?}");
        assert_ne!(l.from, l.to);
    }
}

#[test]
fn an_existential_clause_does_not_say_where_the_story_is() {
    let r = read(
        "We stood in the courtyard. There are thousands of them in Bohemia and Moravia, who are \
almost outside all law.",
    );
    let all = names(&r);
    assert!(all.contains(&"courtyard".to_string()), "{all:?}");
    assert!(!all.iter().any(|n| n == "Bohemia"), "{all:?}");
    assert_eq!(
        r.paragraphs[0].current.map(|c| r.name(c).to_string()),
        Some("courtyard".to_string())
    );
}

#[test]
fn here_is_where_the_reader_is() {
    let r = read("I reached the landing. From here a corridor ran to the nursery.");
    let got = links(&r);
    assert!(
        got.contains(&("landing".into(), "nursery".into(), None)),
        "{got:?}"
    );
}

#[test]
fn a_door_at_the_end_of_a_place_leads_out_of_that_place() {
    let r =
        read("I stood in the vestibule. The door at the end of the gallery led into the study.");
    let got = links(&r);
    assert!(
        got.contains(&("gallery".into(), "study".into(), None)),
        "{got:?}"
    );
    assert!(!got.iter().any(|(a, _, _)| a == "vestibule"), "{got:?}");
}
