//! The offline template extractor: the sentence shapes it reads and what it refuses to invent.

mod support;

use maprepair::domain::llm::*;
use maprepair::domain::Direction;

type Triple = (String, String, Option<Direction>);

fn triples(reply: &ObservationReply) -> Vec<Triple> {
    reply
        .relations
        .iter()
        .map(|r| (r.from.clone(), r.to.clone(), r.direction))
        .collect()
}

fn t(from: &str, to: &str, d: Option<Direction>) -> Triple {
    (from.to_string(), to.to_string(), d)
}

#[test]
fn the_extractor_reads_a_short_story() {
    let story = "You are standing in the Great Hall. The kitchen is north of the great hall, and \
the pantry is just east of the kitchen. North of the kitchen lies the herb garden. From the \
herb garden, a path leads east to the orchard. The cellar lies below the kitchen. You walk \
west into the library. You go up the stairs to the attic. Then you climb down the ladder to \
the library.";
    let reply = extract_observation(story, None);
    use Direction::*;
    assert_eq!(
        triples(&reply),
        vec![
            t("great hall", "kitchen", Some(North)),
            t("kitchen", "pantry", Some(East)),
            t("kitchen", "herb garden", Some(North)),
            t("herb garden", "orchard", Some(East)),
            t("kitchen", "cellar", Some(Down)),
            t("great hall", "library", Some(West)),
            t("library", "attic", Some(Up)),
            t("attic", "library", Some(Down)),
        ]
    );
    assert_eq!(reply.relations[1].distance, Some(Distance::Near));
    assert_eq!(reply.current_location.as_deref(), Some("library"));
    let names: Vec<&str> = reply.locations.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "great hall",
            "kitchen",
            "pantry",
            "herb garden",
            "orchard",
            "cellar",
            "library",
            "attic"
        ]
    );
    assert!(reply.warnings.is_empty(), "{:?}", reply.warnings);
    assert!(reply
        .analysis
        .as_deref()
        .unwrap_or("")
        .contains("8 relations"));
}

#[test]
fn the_extractor_handles_the_documented_sentence_shapes() {
    use Direction::*;
    let cases: Vec<(&str, Option<&str>, Vec<Triple>)> = vec![
        (
            "The kitchen is north of the hall.",
            None,
            vec![t("hall", "kitchen", Some(North))],
        ),
        (
            "North of the hall lies the kitchen.",
            None,
            vec![t("hall", "kitchen", Some(North))],
        ),
        (
            "To the south-west of the chapel stands an old mill.",
            None,
            vec![t("chapel", "old mill", Some(Southwest))],
        ),
        (
            "The tower lies far to the north east of the village.",
            None,
            vec![t("village", "tower", Some(Northeast))],
        ),
        (
            "The attic is above the bedroom.",
            None,
            vec![t("bedroom", "attic", Some(Up))],
        ),
        (
            "From the garden, a path leads east to the orchard.",
            None,
            vec![t("garden", "orchard", Some(East))],
        ),
        (
            "From the garden a narrow path winds southeast to the pond.",
            None,
            vec![t("garden", "pond", Some(Southeast))],
        ),
        (
            "A ladder leads up to the loft.",
            Some("barn"),
            vec![t("barn", "loft", Some(Up))],
        ),
        (
            "You walk west into the library.",
            Some("hall"),
            vec![t("hall", "library", Some(West))],
        ),
        (
            "You go up the stairs to the attic.",
            Some("landing"),
            vec![t("landing", "attic", Some(Up))],
        ),
        (
            "The shed is to the east.",
            Some("yard"),
            vec![t("yard", "shed", Some(East))],
        ),
        (
            "Go north. You are in the kitchen.",
            Some("hall"),
            vec![t("hall", "kitchen", Some(North))],
        ),
        (
            "You head east along the corridor and arrive at the armoury.",
            Some("hall"),
            vec![t("hall", "armoury", Some(East))],
        ),
        (
            "From the hall, a door to the north opens into the study.",
            None,
            vec![t("hall", "study", Some(North))],
        ),
        (
            "A path to the east leads to the garden.",
            Some("yard"),
            vec![t("yard", "garden", Some(East))],
        ),
        (
            "You walk to the north. You come to a clearing.",
            Some("camp"),
            vec![t("camp", "clearing", Some(North))],
        ),
        (
            "The kitchen is not far to the north of the hall.",
            None,
            vec![t("hall", "kitchen", Some(North))],
        ),
        (
            "You walk north, then east to the garden.",
            Some("hall"),
            vec![],
        ),
    ];
    for (text, current, want) in cases {
        let reply = extract_observation(text, current);
        assert_eq!(triples(&reply), want, "{text}");
    }
}

/// A text, where the reader was, the relations wanted, and where the reader is after.
type StoryCase<'a> = (&'a str, Option<&'a str>, Vec<Triple>, Option<&'a str>);

#[test]
fn the_extractor_follows_a_storys_characters() {
    use Direction::*;
    let cases: Vec<StoryCase<'_>> = vec![
        // A character's name moves the reader as "she" does.
        (
            "Tom walked north to the mill.",
            Some("village"),
            vec![t("village", "mill", Some(North))],
            Some("mill"),
        ),
        // So does a pronoun after a time phrase.
        (
            "The next morning they went back down to the cottage.",
            Some("ridge"),
            vec![t("ridge", "cottage", Some(Down))],
            Some("cottage"),
        ),
        // Leaving a place says where she was; entering one is going in.
        (
            "She left the chapel and went north to the square.",
            Some("inn"),
            vec![t("chapel", "square", Some(North))],
            Some("square"),
        ),
        (
            "He entered the cottage.",
            Some("forest"),
            vec![t("forest", "cottage", Some(In))],
            Some("cottage"),
        ),
        (
            "Inside the chapel was a small vestry.",
            None,
            vec![t("chapel", "small vestry", Some(In))],
            None,
        ),
        (
            "West of the square stood the inn, and she went there.",
            Some("square"),
            vec![t("square", "inn", Some(West))],
            Some("inn"),
        ),
        // A move ends where "until" says it did; "there" may close with a time word.
        (
            "We headed east along the road until we reached the village.",
            Some("orchard"),
            vec![t("orchard", "village", Some(East))],
            Some("village"),
        ),
        (
            "The stables stood north of the courtyard; we went there next.",
            Some("courtyard"),
            vec![t("courtyard", "stables", Some(North))],
            Some("stables"),
        ),
        // Things that run or drift are not characters.
        (
            "The river ran down to the sea.",
            Some("bridge"),
            vec![],
            Some("bridge"),
        ),
    ];
    for (text, current, want, after) in cases {
        let reply = extract_observation(text, current);
        assert_eq!(triples(&reply), want, "{text}");
        assert_eq!(reply.current_location.as_deref(), after, "{text}");
    }
}

#[test]
fn the_extractor_reads_a_storys_third_person_no_further_than_its_words() {
    for (text, current) in [
        ("She did not go north to the kitchen.", Some("hall")),
        ("He looked north.", Some("hall")),
        ("They went in.", Some("hall")),
        (
            "She went down, and the cold closed around her.",
            Some("hall"),
        ),
    ] {
        let reply = extract_observation(text, current);
        assert!(reply.relations.is_empty(), "{text}: {:?}", reply.relations);
    }
    // Going in with no place named: the reader stays put.
    let reply = extract_observation("They went in.", Some("hall"));
    assert_eq!(reply.current_location.as_deref(), Some("hall"));
    // A move down that never says where it ended, after the text said what lies below: the
    // reader is there, and no second way is made up.
    let reply = extract_observation(
        "Below the kitchen was the cellar. She went down.",
        Some("kitchen"),
    );
    assert_eq!(
        triples(&reply),
        vec![t("kitchen", "cellar", Some(Direction::Down))]
    );
    assert_eq!(reply.current_location.as_deref(), Some("cellar"));
    // "which" is the place named just before it, not the sentence's first words.
    let reply = extract_observation(
        "Climbing back up to the kitchen, she went out to the garden, which lay east of the kitchen.",
        Some("cellar"),
    );
    assert_eq!(
        triples(&reply),
        vec![
            t("cellar", "kitchen", Some(Direction::Up)),
            t("kitchen", "garden", Some(Direction::East)),
        ]
    );
}

#[test]
fn the_extractor_does_not_invent_directions() {
    // "Down the corridor" is not a move down; the link is kept as free text.
    let reply = extract_observation("You walk down the corridor to the kitchen.", Some("hall"));
    assert_eq!(triples(&reply), vec![t("hall", "kitchen", None)]);
    assert_eq!(
        reply.relations[0].description.as_deref(),
        Some("you walk down the corridor to the kitchen")
    );
    assert_eq!(reply.current_location.as_deref(), Some("kitchen"));

    for text in [
        "There is a door north of the hall.",
        "It is cold here.",
        "The kitchen smells of bread.",
        "You look north.",
        "The wind blows from the north.",
    ] {
        let reply = extract_observation(text, Some("hall"));
        assert!(reply.relations.is_empty(), "{text}: {:?}", reply.relations);
    }
    for text in [
        "The kitchen is not north of the hall.",
        "You cannot go north to the kitchen.",
        "There is no path east to the garden.",
    ] {
        let reply = extract_observation(text, Some("hall"));
        assert!(reply.relations.is_empty(), "{text}: {:?}", reply.relations);
        assert_eq!(reply.current_location.as_deref(), Some("hall"), "{text}");
    }
    let near = extract_observation("The kitchen is not far to the north of the hall.", None);
    assert_eq!(near.relations[0].distance, Some(Distance::Near));
    // A possible move links places but leaves the reader where they are.
    let reply = extract_observation(
        "From here you can go east to the garden. You could also walk up the ladder to the loft.",
        Some("hall"),
    );
    assert_eq!(
        triples(&reply),
        vec![
            t("hall", "garden", Some(Direction::East)),
            t("hall", "loft", Some(Direction::Up))
        ]
    );
    assert_eq!(reply.current_location.as_deref(), Some("hall"));
    let reply = extract_observation("You return to the hall.", Some("kitchen"));
    assert!(reply.relations.is_empty());
    assert_eq!(reply.current_location.as_deref(), Some("hall"));
}

#[test]
fn the_extractor_warns_when_a_move_has_no_start() {
    let reply = extract_observation("You walk west into the library.", None);
    assert!(reply.relations.is_empty());
    assert_eq!(reply.current_location.as_deref(), Some("library"));
    assert_eq!(
        reply.warnings,
        ["moved to 'library' without knowing where the move started"]
    );
}

#[test]
fn an_unfinished_move_leaves_the_location_unknown() {
    let reply = extract_observation("You go north.", Some("hall"));
    assert!(reply.relations.is_empty());
    assert_eq!(reply.current_location, None);
    assert_eq!(
        reply.warnings,
        ["a move from 'hall' (you go north) never said where it ended"]
    );
}

#[test]
fn extractor_output_survives_the_wire_format() {
    let reply = extract_observation("The kitchen is north of the hall.", None);
    let text = serde_json::to_string(&reply).unwrap();
    let back = parse_observation_reply(&text).unwrap();
    assert_eq!(triples(&back), triples(&reply));
}
