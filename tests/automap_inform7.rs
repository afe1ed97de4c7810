//! The automapper on hand-written transcripts in Inform 7's real output style
//! (`tests/fixtures/systems/inform7-*.txt`), each pinning one convention of the games issue 21
//! keeps back, read without a location list as a player's own transcript comes, and with the
//! convention's rule switched off to show what it decides.
#![allow(clippy::unwrap_used)]

use maprepair::domain::automap::{automap_with, Hints, Rules};
use maprepair::domain::formats::read_steps;
use std::collections::BTreeSet;

/// The rooms and the walked exits (`from -dir-> to`) the automapper reads in a transcript
/// without a list, with the rules in force.
fn mapped(text: &str, rules: &Rules) -> (BTreeSet<String>, BTreeSet<String>) {
    mapped_listed(text, &[], rules)
}

/// [`mapped`] with the game's location list.
fn mapped_listed(
    text: &str,
    locations: &[&str],
    rules: &Rules,
) -> (BTreeSet<String>, BTreeSet<String>) {
    let steps = read_steps(text, "fixture").unwrap();
    let hints = Hints {
        locations: locations.iter().map(|s| s.to_string()).collect(),
        actions: Vec::new(),
    };
    let built = automap_with("fixture", &steps, &hints, rules);
    let rooms = built
        .project
        .history
        .head()
        .rooms()
        .map(|r| r.name.clone())
        .collect();
    let exits = built
        .project
        .edge_records()
        .iter()
        .map(|r| format!("{} -{}-> {}", r.src, r.action, r.dst))
        .collect();
    (rooms, exits)
}

#[test]
fn an_inform7_game_whose_returns_print_short_descriptions_again_is_verbose() {
    // Both returns to the chapel print "A quiet place." again, a line too short to tell rooms
    // apart but enough to tell that the game describes a room on every visit (rule
    // `short-returns`). The game learned verbose, "go through hatch" answered by a title with a
    // description under it shows a room, and "s" leads from it back to the chapel.
    let text = include_str!("fixtures/systems/inform7-short-returns.txt");
    let (rooms, exits) = mapped(text, &Rules::all());
    assert!(rooms.contains("Boathouse, East End"), "{rooms:?}");
    assert!(
        exits.contains("Boathouse, East End -south-> Chapel, West End"),
        "{exits:?}"
    );
    // With the rule off, the hatch's reply is read as the chapel unchanged, and the move
    // south has no room to start from (`entered-new-title`, which reads the same reply by its
    // title opening it, switched off too: this pins what the game's returns decide).
    let (rooms, exits) = mapped(
        text,
        &Rules::without(&["short-returns", "entered-new-title"]).unwrap(),
    );
    assert!(!rooms.contains("Boathouse, East End"), "{rooms:?}");
    assert!(
        !exits.contains("Boathouse, East End -south-> Chapel, West End"),
        "{exits:?}"
    );
}

#[test]
fn an_inform7_move_after_taking_a_thing_starts_in_the_room_shown_before_it() {
    // A verbose game (every return prints the room's description again): "nw" from the meadow
    // reaches the marsh, "take bone key" is answered "Taken.", and "west" from the marsh bends
    // back to the meadow, which the lattice cannot hold. Taking a thing moves no one, so the
    // move started in the marsh, the last room shown (rule `handled-stays`).
    let text = include_str!("fixtures/systems/inform7-taken-then-move.txt");
    let (_, exits) = mapped(text, &Rules::all());
    assert!(exits.contains("Marsh -west-> Meadow"), "{exits:?}");
    // With the rule off, the move is taken to start elsewhere (`walked-bent`, which keeps the
    // same move as one walk of a bent way walked both ways, switched off too: this pins what
    // the taken thing decides).
    let (_, exits) = mapped(
        text,
        &Rules::without(&["handled-stays", "walked-bent"]).unwrap(),
    );
    assert!(!exits.contains("Marsh -west-> Meadow"), "{exits:?}");
}

#[test]
fn an_inform7_word_for_a_way_between_rooms_no_compass_move_joins_is_read_by_the_lattice() {
    // `Understand "fore" as north`: "fore" from the barn to the tower is witnessed by the way
    // back ("go south"); "fore" from the taproom to the gatehouse by no compass move, but the
    // walk round by the shaft bottom and the cellar places the gatehouse one step north of the
    // taproom (rule `placed-ways`): two witnesses, one way, so both are north.
    let text = include_str!("fixtures/systems/inform7-fore-placed.txt");
    let (_, exits) = mapped(text, &Rules::all());
    assert!(exits.contains("Barn -north-> Tower"), "{exits:?}");
    assert!(exits.contains("Taproom -north-> Gatehouse"), "{exits:?}");
    // With the rule off, one witness is not enough to learn the word.
    let (_, exits) = mapped(text, &Rules::without(&["placed-ways"]).unwrap());
    assert!(!exits.contains("Taproom -north-> Gatehouse"), "{exits:?}");
}

#[test]
fn an_inform7_word_for_a_way_used_once_is_read_from_its_one_witness() {
    // `Understand "fore" as north`, typed once, from the marsh to the cottage, which no compass
    // move joins: the walk round by the bakery and the smithy places the cottage one step
    // north of the marsh, the one witness the word's one move can have (rule `used-once`).
    let text = include_str!("fixtures/systems/inform7-fore-once.txt");
    let (_, exits) = mapped(text, &Rules::all());
    assert!(
        exits.contains("Marsh -north-> Old Tom's Cottage"),
        "{exits:?}"
    );
    // With the rule off, two witnesses are asked and the word stays unread.
    let (_, exits) = mapped(text, &Rules::without(&["used-once"]).unwrap());
    assert!(
        !exits.contains("Marsh -north-> Old Tom's Cottage"),
        "{exits:?}"
    );
}

#[test]
fn an_inform7_dark_room_placed_by_its_printed_name_takes_that_name() {
    // The ropewalk's description places two dark rooms by their names as the game prints them,
    // with no article: an owner's name east ("Old Nell's Net Loft lies to the east.") and a
    // comma-qualified one below ("Boat Shed, West End lies below.", its compass word part of
    // the name). Each dark room entered that way takes that name (rule `printed-placed`); "A
    // path lies to the west." names nothing.
    let text = include_str!("fixtures/systems/inform7-printed-placed.txt");
    let (rooms, exits) = mapped(text, &Rules::all());
    assert!(
        exits.contains("Ropewalk -east-> Old Nell's Net Loft"),
        "{exits:?}"
    );
    assert!(
        exits.contains("Ropewalk -down-> Boat Shed, West End"),
        "{exits:?}"
    );
    assert!(!rooms.iter().any(|r| r.contains("Path")), "{rooms:?}");
    // With the rule off, only "the NAME lies to the WAY" is read: both stay plain dark rooms.
    let (rooms, _) = mapped(text, &Rules::without(&["printed-placed"]).unwrap());
    assert!(!rooms.contains("Old Nell's Net Loft"), "{rooms:?}");
    assert!(!rooms.contains("Boat Shed, West End"), "{rooms:?}");
}

#[test]
fn an_inform7_room_printed_under_another_name_is_the_listed_name_never_printed() {
    // The list holds the source names; the game prints "Kitchen2" as "Mildred's Dairy", a
    // title no listed name matches, on three arrivals. "Kitchen2" stands nowhere in the
    // transcript and no other unlisted title recurs, so the dairy is Kitchen2 (rule
    // `renamed-title`); the cellar, met in the dark, is the one the yard places below.
    let text = include_str!("fixtures/systems/inform7-renamed-room.txt");
    let listed = ["Yard", "Kitchen2", "Cellar", "Barn"];
    let (rooms, exits) = mapped_listed(text, &listed, &Rules::all());
    assert!(exits.contains("Yard -north-> Kitchen2"), "{exits:?}");
    assert!(exits.contains("Barn -northwest-> Kitchen2"), "{exits:?}");
    assert!(exits.contains("Yard -down-> Cellar"), "{exits:?}");
    assert!(rooms.contains("Kitchen2"), "{rooms:?}");
    // With the rule off, the dairy's title matches nothing listed: no way leads to Kitchen2.
    let (_, exits) = mapped_listed(text, &listed, &Rules::without(&["renamed-title"]).unwrap());
    assert!(!exits.contains("Yard -north-> Kitchen2"), "{exits:?}");
    assert!(!exits.contains("Barn -northwest-> Kitchen2"), "{exits:?}");
}

#[test]
fn an_inform7_thing_entered_into_a_newly_titled_room_is_a_move_in() {
    // `Inside from Meadow is Pavilion`: "enter tent" is answered by a title that shares no word
    // with the tent, opening the reply, over a one-line description; getting into a thing that
    // is no room would say "You get into the tent." first. The reply shows a room (rule
    // `entered-new-title`), and "out" leads back from it to the meadow.
    let text = include_str!("fixtures/systems/inform7-entered-new-title.txt");
    let (rooms, exits) = mapped(text, &Rules::all());
    assert!(rooms.contains("Pavilion, West End"), "{rooms:?}");
    assert!(
        exits.contains("Pavilion, West End -out-> Meadow"),
        "{exits:?}"
    );
    // With the rule off, the reply is read as the meadow unchanged.
    let (rooms, _) = mapped(text, &Rules::without(&["entered-new-title"]).unwrap());
    assert!(!rooms.contains("Pavilion, West End"), "{rooms:?}");
}

#[test]
fn an_inform7_character_arriving_from_a_way_is_no_part_of_the_rooms_description() {
    // The rooms print their titles only; the grey lady follows the player and the game reports
    // her arrival from the way the player came, which differs from visit to visit. Her line
    // speaks of her way, not the room's (rule `passers-by`), so the gallery stays one room.
    let text = include_str!("fixtures/systems/inform7-passers-by.txt");
    let (rooms, exits) = mapped(text, &Rules::all());
    assert_eq!(rooms.len(), 3, "{rooms:?}");
    assert!(exits.contains("Library -south-> Long Gallery"), "{exits:?}");
    assert!(
        exits.contains("Long Gallery -east-> Music Room"),
        "{exits:?}"
    );
    // With the rule off, the gallery "described" once with east and once with north (no way
    // in common: `ways-apart`) is read as a second gallery.
    let (rooms, _) = mapped(text, &Rules::without(&["passers-by"]).unwrap());
    assert!(rooms.len() > 3, "{rooms:?}");
}

#[test]
fn an_inform7_bent_way_walked_both_ways_keeps_both_walks() {
    // A brief game (returns print the title alone): "nw" from the wine cellar reaches the
    // gatehouse, whose "se" leads back; "w" from the gatehouse reaches the ballroom, and "nw"
    // from the ballroom bends back to the gatehouse, after "examine mirror", which moves no one.
    // The gatehouse's straight way back ("se") leads to the wine cellar, but the reply before
    // the move showed the ballroom and the transcript walks the gatehouse and the ballroom the
    // other way by "w": one bent way walked both ways (rule `walked-bent`).
    let text = include_str!("fixtures/systems/inform7-bent-both-ways.txt");
    let (_, exits) = mapped(text, &Rules::all());
    assert!(
        exits.contains("Ballroom -northwest-> Gatehouse"),
        "{exits:?}"
    );
    assert!(exits.contains("Gatehouse -west-> Ballroom"), "{exits:?}");
    // With the rule off, the move is taken to start in the wine cellar, where the way back
    // leads, and the ballroom's way back becomes the straight opposite of "w".
    let (_, exits) = mapped(text, &Rules::without(&["walked-bent"]).unwrap());
    assert!(
        !exits.contains("Ballroom -northwest-> Gatehouse"),
        "{exits:?}"
    );
}

#[test]
fn inform7_rooms_of_one_printed_name_whose_descriptions_name_other_ways_are_other_rooms() {
    // Four rooms of one kind print one name ("Meadow") and one sentence, which names each
    // meadow's own ways: "south, southwest and west", "north, northeast and east", "south,
    // southeast and east", "north, northwest and west". Two that share a way ("south") but
    // each name one the other does not are two rooms: a room's prose names its ways the same on
    // every visit, and a later visit may add a way, not swap one (rule `ways-apart`).
    let text = include_str!("fixtures/systems/inform7-same-title-ways.txt");
    let (rooms, exits) = mapped(text, &Rules::all());
    assert_eq!(rooms.len(), 5, "{rooms:?}");
    assert!(
        exits.contains("Meadow -southwest-> Meadow (2)"),
        "{exits:?}"
    );
    assert!(
        exits.contains("Meadow (2) -north-> Meadow (3)"),
        "{exits:?}"
    );
    // `alike-walked` reads these meadows apart by the walk too: off with it.
    let (rooms, _) = mapped(
        text,
        &Rules::without(&["ways-apart", "alike-walked"]).unwrap(),
    );
    assert!(rooms.len() < 5, "{rooms:?}");
}

#[test]
fn an_inform7_renamed_room_is_found_on_returns_printed_brief() {
    // A brief game describes a room on the first visit only: the chandlery, printed for the
    // source's "Workroom4", is described once and then shown by its bare title on three more
    // arrivals. The returns count all the same (rule `renamed-brief`), so the recurring
    // unlisted title is the one listed name never printed (`renamed-title`).
    let text = include_str!("fixtures/systems/inform7-renamed-brief.txt");
    let listed = ["Yard", "Workroom4", "Shed", "Loft", "Wick Store"];
    let (rooms, exits) = mapped_listed(text, &listed, &Rules::all());
    assert!(rooms.contains("Workroom4"), "{rooms:?}");
    assert!(exits.contains("Yard -north-> Workroom4"), "{exits:?}");
    assert!(exits.contains("Workroom4 -northeast-> Loft"), "{exits:?}");
    // With `renamed-brief` off this small game is still read right (its one unnamed listed
    // name goes to the chandlery by elimination); the rule's own decision is pinned by
    // `renamed.rs`'s unit test.
}

#[test]
fn an_inform7_dark_room_placed_by_a_name_with_a_compass_qualifier_takes_that_name() {
    // Two dark rooms, each placed by a lit neighbour's description under its printed name,
    // whose qualifier holds a compass word: "Crypt, North Side lies to the south." speaks of
    // south only, the capitalised "North" being part of the name (rule `capital-ways`), so the
    // room south of the hall is the crypt and the one southeast of the garden the cellar.
    let text = include_str!("fixtures/systems/inform7-capital-ways.txt");
    let listed = ["Hall", "Garden", "Cellar", "Crypt"];
    let (_, exits) = mapped_listed(text, &listed, &Rules::all());
    assert!(exits.contains("Hall -south-> Crypt"), "{exits:?}");
    assert!(exits.contains("Garden -southeast-> Cellar"), "{exits:?}");
    // With `capital-ways` off this small game is still read right (other rules name the two
    // rooms); the rule's own decision is pinned by `text_cues`'s unit test.
}

#[test]
fn an_inform7_maze_of_rooms_alike_is_told_apart_by_the_walk() {
    // Three rooms of one kind print one name and one description ("Tunnel"). Nothing in a
    // reply tells them apart; the walk does: east is refused in the first tunnel but leads to
    // the cistern from the third, and the second's way north leads on to the third, whose way
    // back south is refused and whose way west (a bent way) leads back to the second. The
    // fewest rooms that keep one destination and one verdict per way are three (rule
    // `alike-walked`), numbered as the walk first entered them.
    let text = include_str!("fixtures/systems/inform7-maze-walked.txt");
    let (rooms, exits) = mapped(text, &Rules::all());
    assert_eq!(rooms.len(), 5, "{rooms:?}");
    assert!(exits.contains("Tunnel -north-> Tunnel (2)"), "{exits:?}");
    assert!(
        exits.contains("Tunnel (2) -north-> Tunnel (3)"),
        "{exits:?}"
    );
    assert!(exits.contains("Tunnel (3) -east-> Cistern"), "{exits:?}");
    assert!(exits.contains("Tunnel (3) -west-> Tunnel (2)"), "{exits:?}");
    let (rooms, exits) = mapped(text, &Rules::without(&["alike-walked"]).unwrap());
    assert!(
        rooms.len() < 5 || !exits.contains("Tunnel (3) -east-> Cistern"),
        "{rooms:?} {exits:?}"
    );
}

#[test]
fn an_inform7_games_own_directions_are_ways_by_their_own_names() {
    // `Spinward is a direction. The opposite of spinward is widdershins.`, the compass refused:
    // a word with no compass meaning whose replies open with another room's title is a way of
    // the game's own, and "spin" is the player's short form of "spinward" (rule `own-ways`).
    let text = include_str!("fixtures/systems/inform7-own-directions.txt");
    let (rooms, exits) = mapped(text, &Rules::all());
    assert!(rooms.contains("Observation Deck"), "{rooms:?}");
    for walked in [
        "Docking Ring -spinward-> Galley",
        "Galley -widdershins-> Docking Ring",
        "Galley -spinward-> Observation Deck",
        "Observation Deck -widdershins-> Galley",
    ] {
        assert!(exits.contains(walked), "{walked}: {exits:?}");
    }
    assert!(!exits.iter().any(|e| e.contains("-spin->")), "{exits:?}");
    // With the rule off, the moves make no way.
    let (_, exits) = mapped(text, &Rules::without(&["own-ways"]).unwrap());
    assert!(
        !exits.contains("Galley -spinward-> Observation Deck"),
        "{exits:?}"
    );
}
