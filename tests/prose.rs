//! The offline prose reader (`domain::prose`): short texts that pin its mechanisms, and the
//! published passages of `../shared/prose` read whole.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

mod support;

use maprepair::domain::analysis::{detect, Geometry};
use maprepair::domain::llm::{read_prose, split_observations, Split};
use maprepair::domain::prose::{read_paragraphs, Reading};
use maprepair::domain::{Direction, Label};
use support::prose_map::{links, read};

#[test]
fn a_tour_through_rooms_chains_its_places_without_directions() {
    let r = read(
        "They returned to the hall. He led the way across the hall, through the drawing-room and \
one useless antechamber, into the library.",
    );
    let got = links(&r);
    assert!(
        got.contains(&("hall".into(), "drawing-room".into(), None)),
        "{got:?}"
    );
    assert!(
        got.contains(&("drawing-room".into(), "useless antechamber".into(), None)),
        "{got:?}"
    );
    assert!(
        got.contains(&("useless antechamber".into(), "library".into(), None)),
        "{got:?}"
    );
}

#[test]
fn compass_and_vertical_words_make_directed_links() {
    let r = read("The kitchen is north of the hall.\n\nWe went down the stairs into the cellar.");
    let got = links(&r);
    assert!(
        got.contains(&("hall".into(), "kitchen".into(), Some(Direction::North))),
        "{got:?}"
    );
    assert!(
        got.iter()
            .any(|(_, to, d)| to == "cellar" && *d == Some(Direction::Down)),
        "{got:?}"
    );
}

#[test]
fn speech_does_not_move_the_reader() {
    let r = read(
        "We stood in the hall.\n\n“Go into the library and wait,” said he. “The garden is \
lovely.” I stayed where I was, and then walked into the kitchen.",
    );
    let got = links(&r);
    assert!(!got.iter().any(|(_, to, _)| to == "library"), "{got:?}");
    assert!(
        got.contains(&("hall".into(), "kitchen".into(), None)),
        "{got:?}"
    );
}

#[test]
fn a_stale_position_is_dropped_rather_than_linked_from() {
    let filler = "The weather was cold and the talk was long. ".repeat(8);
    let r = read(&format!(
        "We went into the chapel.\n\n{filler}\n\n{filler}\n\nAt last we entered the library."
    ));
    assert!(links(&r).is_empty(), "{:?}", links(&r));
}

#[test]
fn people_pronouns_and_verbs_are_never_places() {
    let r = read(
        "Mr. Harker went to the window. Mary said that she would recite. Could one go? He \
kissed her lips as I left the dining-room, and I happened to meet the Count. I went into the \
hall.",
    );
    let names: Vec<String> = r.places().map(|(_, p)| p.name.to_lowercase()).collect();
    for bad in [
        "harker",
        "mary",
        "recite",
        "could one",
        "lips",
        "count",
        "dr",
        "dining-room i happened",
    ] {
        assert!(!names.iter().any(|n| n == bad), "{bad} in {names:?}");
    }
    assert!(
        names.iter().any(|n| n == "hall" || n == "dining-room"),
        "{names:?}"
    );
}

#[test]
fn template_sentences_still_build_their_map_and_its_conflict() {
    // The app's end-to-end test builds this offline and repairs the conflict.
    let history = read_prose(&[
        "The kitchen is north of the hall.".to_string(),
        "The library is north of the hall.".to_string(),
    ])
    .unwrap();
    assert_eq!(history.len(), 2);
    let map = history.head();
    assert_eq!(map.room_count(), 3);
    assert!(!detect(map, &Geometry::infer(map)).is_empty());
}

#[test]
fn each_paragraph_is_one_commit_and_undirected_ways_are_links() {
    let paras = split_observations(
        "They passed through the gate into the orchard.\n\nThe sky was grey.\n\nThey went into the shed.",
        &Split::Paragraphs,
    );
    let history = read_prose(&paras).unwrap();
    assert_eq!(history.len(), paras.len());
    let map = history.head();
    assert!(map.exits().any(|e| e.label == Label::Link));
    assert!(map.exits().all(|e| !matches!(e.label, Label::Free(_))));
    let analysis = &history.commits()[0].analysis;
    assert!(
        analysis.contains('⟦') && analysis.contains("orchard"),
        "{analysis}"
    );
}

#[test]
fn every_corpus_passage_reads_to_places_that_are_nouns_with_evidence_from_the_text() {
    let Some(dir) = support::prose_dir() else {
        return;
    };
    let mut passages = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("txt") {
            continue;
        }
        passages += 1;
        let text = support::read(&path);
        let paras = split_observations(&text, &Split::Paragraphs);
        let r = read_paragraphs(&paras).unwrap();
        assert!(
            r.places().count() >= 5,
            "{}: too few places",
            path.display()
        );
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for (_, p) in r.places() {
            let first = p
                .name
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_lowercase();
            assert!(
                !["i", "he", "she", "we", "they", "it", "could", "would", "was", "went"]
                    .contains(&first.as_str()),
                "{}: {:?}",
                path.display(),
                p.name
            );
        }
        for l in &r.links {
            assert!(
                flat.contains(&l.evidence),
                "{}: evidence not in the text: {}",
                path.display(),
                l.evidence
            );
            assert!(!l.words.is_empty());
        }
        assert_eq!(r.paragraphs.len(), paras.len());
    }
    assert_eq!(passages, 8);
}

/// The reader's links of `text`, read after `start` (a sentence that puts the reader somewhere,
/// or nothing).
fn links_after(start: &str, text: &str) -> Vec<(String, String, Option<Direction>)> {
    links(&read(&format!("{start} {text}")))
}

#[test]
fn stated_compass_layouts_read_as_directed_links_from_the_named_place() {
    use Direction::*;
    // Sentence shapes the first offline extractor was written for, now read by the prose
    // reader: a place, a compass word, and the place it is measured from.
    let cases: [(&str, &str, &str, Direction); 4] = [
        (
            "The kitchen is north of the hall.",
            "hall",
            "kitchen",
            North,
        ),
        (
            "North of the hall lies the kitchen.",
            "hall",
            "kitchen",
            North,
        ),
        (
            "To the south-west of the chapel stands an old mill.",
            "chapel",
            "old mill",
            Southwest,
        ),
        (
            "The kitchen is not far to the north of the hall.",
            "hall",
            "kitchen",
            North,
        ),
    ];
    for (text, from, to, d) in cases {
        let got = links_after("", text);
        assert!(
            got.contains(&(from.into(), to.into(), Some(d))),
            "{text}: {got:?}"
        );
    }
    // A vertical word on a move from where the reader is.
    let got = links_after(
        "We were in the barn.",
        "We climbed up the ladder into the loft.",
    );
    assert!(
        got.iter()
            .any(|(f, t, d)| f == "barn" && t == "loft" && *d == Some(Up)),
        "{got:?}"
    );
}

#[test]
fn no_direction_is_invented_and_denied_ways_are_not_links() {
    // "Down the corridor" is not a move down.
    let got = links_after(
        "I stood in the hall.",
        "I walked down the corridor to the kitchen.",
    );
    assert!(got.iter().any(|(_, to, _)| to == "kitchen"), "{got:?}");
    assert!(
        got.iter().all(|(_, to, d)| to != "kitchen" || d.is_none()),
        "{got:?}"
    );
    for text in [
        "It is cold here.",
        "The kitchen smells of bread.",
        "I looked north.",
        "The wind blew from the north.",
        "I could not go north to the kitchen.",
        "There was no path east to the garden.",
        "The kitchen is not north of the hall.",
        "The chapel was never east of the hall.",
    ] {
        let got = links_after("I stood in the hall.", text);
        assert!(got.is_empty(), "{text}: {got:?}");
    }
}

#[test]
fn a_reply_of_the_reader_survives_the_wire_format() {
    use maprepair::domain::llm::{parse_observation_reply, prose_replies};
    let replies = prose_replies(&["The kitchen is north of the hall.".to_string()]).unwrap();
    let reply = &replies[0];
    assert!(!reply.relations.is_empty());
    let back = parse_observation_reply(&serde_json::to_string(reply).unwrap()).unwrap();
    let key = |r: &maprepair::domain::llm::ObservationReply| {
        r.relations
            .iter()
            .map(|l| (l.from.clone(), l.to.clone(), l.direction))
            .collect::<Vec<_>>()
    };
    assert_eq!(key(&back), key(reply));
}

// Clause shapes, each pinned on an invented sentence: a compass word between a verb of motion
// and its path, a place noun the tagger reads as an adjective, a way stated from one place to
// another, a climb past the stairs, names that are not places, one place per name, an
// existential clause, "here", a door at the end of a place.

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

#[test]
fn a_move_with_no_place_said_arrives_where_the_next_sentence_is() {
    let got = links(&read(
        "We crossed the yard to the cottage. I went in. It was a long low room with a fire.",
    ));
    assert!(
        got.contains(&(
            "cottage".into(),
            "long low room".into(),
            Some(Direction::In)
        )),
        "{got:?}"
    );
    // Someone else's move leaves the reader where they are.
    let got = links(&read(
        "We crossed the yard to the cottage. The carter got down. The old moor was grey.",
    ));
    assert!(!got.iter().any(|(_, to, _)| to == "old moor"), "{got:?}");
}

#[test]
fn a_spot_said_alone_is_of_the_place_just_named_and_a_side_is_beside_the_reader() {
    let got = links(&read(
        "We climbed into the old tower. At the top there was a small bare chamber.",
    ));
    assert!(
        got.iter()
            .any(|(a, b, _)| a == "old tower" && b == "small bare chamber"),
        "{got:?}"
    );
    let got = links(&read(
        "We entered the hall. On the left was a small library.",
    ));
    assert!(
        got.iter()
            .any(|(a, b, _)| a == "hall" && b == "small library"),
        "{got:?}"
    );
    // A region is inside its place, not a way from it.
    let got = links(&read(
        "We entered the hall. In the middle stood a great table.",
    ));
    assert!(got.is_empty(), "{got:?}");
}

#[test]
fn a_copular_predicate_names_its_subject_again_even_before_a_participle() {
    let r = read("We found the road at our feet. It was a splendid road cut out of the rock.");
    let roads: Vec<&str> = r
        .places()
        .map(|(_, p)| p.name.as_str())
        .filter(|n| n.contains("road"))
        .collect();
    assert_eq!(roads.len(), 1, "{roads:?}");
}

#[test]
fn a_bare_definite_of_a_kind_just_named_is_that_place() {
    let r = read(
        "In the corner of the vault was a circular stairway, which went steeply down. We went \
down the stairs into the crypt.",
    );
    let got = links(&r);
    assert!(
        got.iter()
            .any(|(a, b, _)| a == "circular stairway" && b == "crypt"),
        "{got:?}"
    );
    assert!(
        !r.places().any(|(_, p)| p.name == "stairs"),
        "{:?}",
        names(&r)
    );
}

#[test]
fn the_narrations_re_mention_is_the_place_it_told_of_not_one_only_speech_named() {
    let r = read(
        "We crossed a square hall into the parlour. \"Oakwood is a fine old hall,\" she said. \
Then we went back into the hall.",
    );
    let halls: Vec<&str> = r
        .places()
        .filter(|(_, p)| p.aliases.iter().any(|a| a == "hall"))
        .map(|(_, p)| p.name.as_str())
        .collect();
    assert_eq!(halls, ["square hall"], "{:?}", names(&r));
}

#[test]
fn a_preposition_of_position_with_no_object_is_said_of_the_place_just_named() {
    let got = links(&read(
        "We came at last to the old mill. A narrow lane lay beyond.",
    ));
    assert!(
        got.iter()
            .any(|(a, b, _)| a == "old mill" && b == "narrow lane"),
        "{got:?}"
    );
}

#[test]
fn a_subject_it_continues_the_subject_before_not_a_place_passed_in_a_phrase() {
    let got = links(&read(
        "The old road ran down from the hills. On reaching the valley, it turned behind a low \
ridge.",
    ));
    let pair = |a: &str, b: &str| {
        got.iter()
            .any(|(x, y, _)| (x == a && y == b) || (x == b && y == a))
    };
    assert!(pair("old road", "low ridge"), "{got:?}");
    assert!(!pair("valley", "low ridge"), "{got:?}");
}

#[test]
fn a_move_reads_its_start_fronted_its_place_stranded_and_its_region() {
    // A "from" phrase opening the sentence, with a relative clause before the subject.
    let got = links_after(
        "",
        "From the kitchen, of which much was said, they proceeded to the scullery.",
    );
    assert!(
        got.contains(&("kitchen".into(), "scullery".into(), None)),
        "{got:?}"
    );
    // A past form after "we" is the move ("ascended" read as a participle by the tagger).
    let got = links_after("We came to the gates.", "We now slowly ascended a drive.");
    assert!(
        got.contains(&("gates".into(), "drive".into(), Some(Direction::Up))),
        "{got:?}"
    );
    // "Its recesses" is the place "it" stands for.
    let got = links_after(
        "We came to the hall.",
        "He pointed to the library; and, without delay, we entered within its gloomy recesses.",
    );
    assert!(
        got.contains(&("hall".into(), "library".into(), None)),
        "{got:?}"
    );
}

#[test]
fn a_path_preposition_with_no_object_passes_the_place_just_named() {
    let got = links_after(
        "We walked along the road to the lodge.",
        "The keeper opened the gate: we passed through, and came into the park.",
    );
    assert!(
        got.contains(&("lodge".into(), "gate".into(), None)),
        "{got:?}"
    );
    assert!(
        got.contains(&("gate".into(), "park".into(), None)),
        "{got:?}"
    );
}

#[test]
fn being_now_somewhere_after_travel_is_reached_from_where_the_mover_last_arrived() {
    let trip = "We walked along the gallery.\n\nThe air grew cold. The lamp flickered. Hours \
passed.\n\nIt was late. My uncle said nothing.\n\n";
    let got = links(&read(&format!("{trip}We were now in a large cavern.")));
    assert!(
        got.contains(&("gallery".into(), "large cavern".into(), None)),
        "{got:?}"
    );
    // Without "now" it says where they are, not that they got there.
    let got = links(&read(&format!("{trip}We were in a large cavern.")));
    assert!(got.is_empty(), "{got:?}");
}

#[test]
fn a_path_over_a_place_goes_across_it_and_a_look_over_it_is_no_position() {
    let got = links_after(
        "We were in the orchard.",
        "We walked over the lawn to the house.",
    );
    assert!(
        got.contains(&("orchard".into(), "lawn".into(), None)),
        "{got:?}"
    );
    let got = links_after("", "The tower of the church looked over a knoll.");
    assert!(got.is_empty(), "{got:?}");
}

#[test]
fn a_participle_after_a_relative_clause_describes_its_antecedent() {
    let got = links_after(
        "",
        "I came up to the long passage to which the stair led, separating the kitchen and the \
scullery.",
    );
    assert!(
        got.iter()
            .any(|(a, b, _)| a == "long passage" && b == "kitchen"
                || a == "kitchen" && b == "long passage"),
        "{got:?}"
    );
}

#[test]
fn a_move_with_no_place_then_being_somewhere_in_one_sentence_arrived_there() {
    let got = links_after(
        "We came to the top of the ridge.",
        "We walked down and stood on the road.",
    );
    assert!(
        got.iter()
            .any(|(_, to, d)| to == "road" && *d == Some(Direction::Down)),
        "{got:?}"
    );
}

#[test]
fn a_pronoun_after_a_participle_is_its_object_not_the_subject_of_be() {
    // "facing it was a new building": the subject is the inverted "a new building", so the
    // lodge does not take it for another name.
    let r = read(
        "We came to the lodge at the gate. The lodge was a ruin, but facing it was a new building.",
    );
    let lodge = r
        .places()
        .find(|(_, p)| p.name.contains("lodge"))
        .unwrap()
        .1;
    assert!(
        !lodge.aliases.iter().any(|a| a.contains("building")),
        "{:?}",
        lodge.aliases
    );
}
