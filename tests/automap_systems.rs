//! The automapper on a hand-written transcript in each system's real output style (Infocom,
//! Inform 6, Inform 7, TADS 3, TextWorld, two MUD logs; `tests/fixtures/systems/`), read the way
//! `maprepair automap TRANSCRIPT` reads a file, without a location list: every room found, under
//! its title, and every exit walked mapped the way it was walked.
#![allow(clippy::unwrap_used)]

use maprepair::domain::automap::{automap, automap_with, Hints, Rules};
use maprepair::domain::eval::{score, PairRule, Score};
use maprepair::domain::formats::{parse_edge_list, read_steps};
use maprepair::domain::import::read_import;
use maprepair::domain::project::Project;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// A map's rooms and walked exits (`from -dir-> to`).
fn rooms_and_exits(project: &Project) -> (BTreeSet<String>, BTreeSet<String>) {
    let rooms = project
        .history
        .head()
        .rooms()
        .map(|r| r.name.clone())
        .collect();
    let exits = project
        .edge_records()
        .iter()
        .map(|r| format!("{} -{}-> {}", r.src, r.action, r.dst))
        .collect();
    (rooms, exits)
}

/// The rooms and the walked exits the automapper reads in a transcript, with these names
/// listed (none: as a player's own transcript comes).
fn mapped_with(text: &str, locations: &[&str]) -> (BTreeSet<String>, BTreeSet<String>) {
    let steps = read_steps(text, "fixture").unwrap();
    let hints = Hints {
        locations: locations.iter().map(|s| s.to_string()).collect(),
        actions: Vec::new(),
    };
    rooms_and_exits(&automap("fixture", &steps, &hints).project)
}

/// [`mapped_with`] no list.
fn mapped(text: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    mapped_with(text, &[])
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn an_infocom_transcript_is_mapped_with_its_banner_and_brief_returns() {
    let (rooms, exits) = mapped(include_str!("fixtures/systems/infocom.txt"));
    assert_eq!(
        rooms,
        set(&[
            "West of House",
            "North of House",
            "Behind House",
            "Kitchen",
            "Living Room",
            "South of House"
        ])
    );
    assert_eq!(
        exits,
        set(&[
            "West of House -north-> North of House",
            "North of House -east-> Behind House",
            "Behind House -west-> Kitchen",
            "Kitchen -west-> Living Room",
            "Living Room -east-> Kitchen",
            "Kitchen -east-> Behind House",
            "Behind House -south-> South of House",
            "South of House -west-> West of House",
        ])
    );
}

#[test]
fn an_inform6_transcript_is_mapped_and_its_refusals_and_ending_add_nothing() {
    let (rooms, exits) = mapped(include_str!("fixtures/systems/inform6.txt"));
    assert_eq!(
        rooms,
        set(&["Foyer of the Opera House", "Cloakroom", "Foyer Bar"])
    );
    assert_eq!(
        exits,
        set(&[
            "Foyer of the Opera House -west-> Cloakroom",
            "Cloakroom -east-> Foyer of the Opera House",
            "Foyer of the Opera House -south-> Foyer Bar",
        ])
    );
}

#[test]
fn an_inform7_transcript_drops_the_posture_and_takes_the_exit_the_game_names() {
    let (rooms, exits) = mapped(include_str!("fixtures/systems/inform7.txt"));
    assert_eq!(rooms, set(&["Studio", "Loft", "Hall"]));
    assert_eq!(
        exits,
        set(&[
            "Studio -north-> Loft",
            "Loft -south-> Studio",
            "Studio -west-> Hall",
            "Hall -east-> Studio",
        ])
    );
}

#[test]
fn an_inform7_transcript_leaves_a_container_without_leaving_the_room() {
    // `>out` from the wardrobe shows the attic again: the player left the wardrobe, not the
    // room; `>out` in the box room is the way south the game names, through a door it opened.
    let (rooms, exits) = mapped(include_str!("fixtures/systems/inform7-enterable.txt"));
    assert_eq!(
        rooms,
        set(&["Attic", "Box Room", "Fisher's Row", "Fish Market"])
    );
    assert_eq!(
        exits,
        set(&[
            "Attic -north-> Box Room",
            "Box Room -south-> Attic",
            "Attic -down-> Fisher's Row",
            "Fisher's Row -east-> Fish Market",
            "Fish Market -west-> Fisher's Row",
        ])
    );
}

#[test]
fn a_tads3_transcript_reads_past_implicit_actions() {
    let (rooms, exits) = mapped(include_str!("fixtures/systems/tads3.txt"));
    assert_eq!(rooms, set(&["Entrance Hall", "Library", "Kitchen"]));
    assert_eq!(
        exits,
        set(&[
            "Entrance Hall -north-> Library",
            "Library -south-> Entrance Hall",
            "Entrance Hall -east-> Kitchen",
            "Kitchen -west-> Entrance Hall",
        ])
    );
}

#[test]
fn a_textworld_transcript_is_read_through_its_title_frame_and_names_compare_whole() {
    let (rooms, exits) = mapped(include_str!("fixtures/systems/textworld.txt"));
    assert_eq!(rooms, set(&["Kitchenette", "Austere Study", "Kitchen"]));
    assert_eq!(
        exits,
        set(&[
            "Kitchenette -east-> Austere Study",
            "Austere Study -west-> Kitchenette",
            "Kitchenette -north-> Kitchen",
            "Kitchen -south-> Kitchenette",
        ])
    );
}

#[test]
fn a_textworld_transcript_with_its_location_list_names_every_room() {
    let text = include_str!("fixtures/systems/textworld.txt");
    let (_, exits) = mapped_with(text, &["Kitchen", "Kitchenette", "Austere Study", "Study"]);
    assert_eq!(exits, mapped(text).1);
    assert!(exits.contains("Kitchenette -north-> Kitchen"));
    assert!(exits.contains("Kitchenette -east-> Austere Study"));
}

#[test]
fn a_mud_log_with_bracketed_titles_and_exits_lines_is_mapped() {
    let (rooms, exits) = mapped(include_str!("fixtures/systems/mud.txt"));
    assert_eq!(
        rooms,
        set(&["Temple Square", "Market Street", "North Gate", "Bakery"])
    );
    assert_eq!(
        exits,
        set(&[
            "Temple Square -north-> Market Street",
            "Market Street -north-> North Gate",
            "North Gate -south-> Market Street",
            "Market Street -south-> Temple Square",
            "Temple Square -east-> Bakery",
            "Bakery -west-> Temple Square",
        ])
    );
}

#[test]
fn a_mud_log_with_obvious_exits_lines_is_mapped() {
    let (rooms, exits) = mapped(include_str!("fixtures/systems/mud-obvious-exits.txt"));
    assert_eq!(
        rooms,
        set(&["Guild Hall", "Training Yard", "Armoury", "Cellar"])
    );
    assert_eq!(
        exits,
        set(&[
            "Guild Hall -north-> Training Yard",
            "Training Yard -south-> Guild Hall",
            "Guild Hall -west-> Armoury",
            "Armoury -down-> Cellar",
            "Cellar -up-> Armoury",
            "Armoury -east-> Guild Hall",
        ])
    );
}

/// The rooms and walked exits of a file opened as the app opens it ([`read_import`]).
fn opened(file: &str, text: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    rooms_and_exits(&read_import(file, text).unwrap())
}

#[test]
fn a_textworld_transcript_or_a_mud_log_opened_in_the_app_is_mapped_without_a_list() {
    let tw = include_str!("fixtures/systems/textworld.txt");
    assert_eq!(opened("game.txt", tw), mapped(tw));
    let mud = include_str!("fixtures/systems/mud.txt");
    let (rooms, exits) = opened("session.log", mud);
    assert_eq!(
        rooms,
        set(&["Temple Square", "Market Street", "North Gate", "Bakery"])
    );
    assert!(exits.contains("Temple Square -east-> Bakery"));
    assert_eq!(exits.len(), 6);
}

/// `../shared/textworld` beside the checkout, or `None` (with a message) when absent.
fn textworld_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/textworld");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("SKIPPED: {} is absent", dir.display());
        None
    }
}

#[test]
fn the_textworld_development_games_are_mapped_as_the_app_opens_them() {
    let Some(dir) = textworld_dir() else { return };
    let mut games: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    games.sort();
    let mut total = Score::default();
    for g in &games {
        let name = g.file_name().unwrap().to_str().unwrap().to_string();
        let text = std::fs::read_to_string(g.join(format!("{name}.transcript.txt"))).unwrap();
        let truth_path = g.join(format!("{name}.edges.json"));
        let truth =
            parse_edge_list(&std::fs::read_to_string(&truth_path).unwrap(), "truth").unwrap();
        let built = read_import(&format!("{name}.transcript.txt"), &text)
            .unwrap()
            .edge_records();
        total += score(&truth, &built, PairRule::Closed);
    }
    assert!(games.len() >= 20, "{} games", games.len());
    assert!(total.edge_f1() >= 0.98, "edge F1 {}", total.edge_f1());
    assert!(
        total.node_recall() >= 0.99,
        "node recall {}",
        total.node_recall()
    );
}

#[test]
fn an_inform7_room_entered_dark_by_a_verb_is_a_room_of_its_own() {
    // "enter gatehouse" is no compass move, but its reply is the darkness heading Inform prints
    // on arrival: the player left the Armoury, so `out` comes back to it rather than leaving it
    // for a second Armoury. The dark room is named for the thing entered (rule `entered-thing`).
    let (rooms, exits) = mapped(include_str!("fixtures/systems/inform7-dark-entry.txt"));
    assert_eq!(
        rooms,
        set(&["Armoury", "Gatehouse", "Fisher's Row", "Mill Race"])
    );
    assert!(exits.contains("Gatehouse -out-> Armoury"), "{exits:?}");
    assert!(exits.contains("Armoury -down-> Fisher's Row"), "{exits:?}");
    assert!(
        exits.contains("Mill Race -southeast-> Armoury"),
        "{exits:?}"
    );
}

#[test]
fn an_inform7_printed_name_with_a_comma_qualifier_is_its_listed_room() {
    // Inform prints the rooms' printed names, "Orchard, West End" and "Hayloft, East End"; the
    // list names them "orchard" and "hayloft", among names the transcript never shows: each
    // title is its room, so the hayloft is on the map, up from the orchard.
    let (rooms, exits) = mapped_with(
        include_str!("fixtures/systems/inform7-printed-name.txt"),
        &[
            "potting shed",
            "tack room",
            "hayloft",
            "boathouse",
            "orchard",
            "hall",
        ],
    );
    assert_eq!(rooms, set(&["potting shed", "orchard", "hayloft", "hall"]));
    assert!(
        exits.contains("potting shed -northeast-> orchard"),
        "{exits:?}"
    );
    assert!(exits.contains("orchard -up-> hayloft"), "{exits:?}");
    assert!(exits.contains("hayloft -down-> orchard"), "{exits:?}");
    assert!(
        exits.contains("orchard -southwest-> potting shed"),
        "{exits:?}"
    );
}

#[test]
fn a_word_the_game_understands_as_a_way_is_learned_from_the_moves() {
    // The game understands "fore" as north and never says so. Twice the player goes fore and
    // comes back south; the third time, from the Hold to the Bilge, no compass move joins the
    // two rooms, and the word alone says the Bilge lies north.
    let (rooms, exits) = mapped(include_str!("fixtures/systems/inform7-understood-ways.txt"));
    assert_eq!(
        rooms,
        set(&["Main Deck", "Bow", "Galley", "Pantry", "Hold", "Bilge"])
    );
    assert!(exits.contains("Hold -north-> Bilge"), "{exits:?}");
    assert!(exits.contains("Main Deck -north-> Bow"), "{exits:?}");
    assert!(!exits.iter().any(|e| e.contains("-fore->")), "{exits:?}");
}

#[test]
fn an_inform7_printed_name_after_an_owner_is_its_listed_room() {
    // Inform prints "Captain Ruck's Bakery" and "Mildred's Bridge" for the rooms the source (and
    // so the list) calls "bakery" and "bridge": each title is read by the head noun after the
    // owner, so both rooms are on the map under their listed names.
    let (rooms, exits) = mapped_with(
        include_str!("fixtures/systems/inform7-owner-name.txt"),
        &["bakery", "orchard", "bridge", "tannery", "row"],
    );
    assert_eq!(rooms, set(&["bakery", "orchard", "bridge", "tannery"]));
    assert!(exits.contains("bakery -south-> orchard"), "{exits:?}");
    assert!(exits.contains("orchard -east-> bridge"), "{exits:?}");
    assert!(exits.contains("bakery -west-> tannery"), "{exits:?}");
    // A listed name the title holds whole is not read through the owner: "Fisher's Row" stays.
    let g = maprepair::domain::automap::gazetteer::Gazetteer::new(&[
        "fisher's row".into(),
        "row".into(),
    ]);
    let s = g.sight("Fisher's Row\nNets hang.").unwrap();
    assert_eq!(g.place(s.places[0].0).unwrap().key, "fisher's row");
}

#[test]
fn inform7_rooms_met_in_the_dark_by_the_same_way_are_one_room() {
    // Every dark room prints the same "Darkness": the one entered southwest from the Kitchen and
    // left north for the Wine Cellar is the one left north for the Wine Cellar before (rule
    // `dark-rooms-joined`), not a third dark room; the one entered west from the Crypt stays
    // another (it was left east for the Crypt, a way the other leads elsewhere). Without a
    // list, the Crypt's "The larder lies to the northwest." names the room entered northwest
    // (rule `described-ways`); the other keeps a plain name.
    let text = include_str!("fixtures/systems/inform7-dark-rooms.txt");
    let (rooms, exits) = mapped(text);
    assert_eq!(
        rooms,
        set(&["Crypt", "Dark room", "Kitchen", "Larder", "Wine Cellar"])
    );
    assert!(exits.contains("Kitchen -southwest-> Larder"), "{exits:?}");
    assert!(exits.contains("Larder -north-> Wine Cellar"), "{exits:?}");
    assert!(exits.contains("Dark room -east-> Crypt"), "{exits:?}");
    // With a list, the two dark rooms take the two names no title shows; the Crypt's
    // description places the larder northwest, by its whole name (rule `described-ways`).
    let (rooms, exits) = mapped_with(
        text,
        &["Crypt", "Larder", "Kitchen", "Wine Cellar", "Pantry"],
    );
    assert_eq!(
        rooms,
        set(&["Crypt", "Kitchen", "Larder", "Pantry", "Wine Cellar"])
    );
    assert!(exits.contains("Crypt -northwest-> Larder"), "{exits:?}");
    assert!(exits.contains("Kitchen -southwest-> Larder"), "{exits:?}");
    assert!(exits.contains("Crypt -west-> Pantry"), "{exits:?}");
}

#[test]
fn an_inform7_door_gone_back_through_returns_to_the_room_it_left() {
    // "go through trapdoor" is no compass move; its reply shows the Glade again, a room already
    // known though described in two words only: the player is back there, so `west` leaves
    // the Glade for the Smithy already met, not for a second Smithy.
    let (rooms, exits) = mapped(include_str!("fixtures/systems/inform7-door-back.txt"));
    assert_eq!(rooms, set(&["Glade", "Smithy"]));
    assert!(exits.contains("Glade -west-> Smithy"), "{exits:?}");
    assert!(exits.contains("Smithy -east-> Glade"), "{exits:?}");
}

#[test]
fn a_verbose_inform7_transcript_prints_a_room_again_and_it_is_that_room() {
    // Inform 7 describes a room on every visit: the two straight returns to the Boiler Room
    // print its description again (rule `verbose-returns`), so the Vestry shown again after
    // `climb ladder` and `d`, with the description printed before under that title, is the
    // Vestry, not a second one.
    let (rooms, exits) = mapped(include_str!("fixtures/systems/inform7-verbose.txt"));
    assert!(!rooms.contains("Vestry (2)"), "{rooms:?}");
    assert!(exits.contains("Vestry -west-> Library"), "{exits:?}");
    assert!(
        exits.contains("Boiler Room -northeast-> Vestry"),
        "{exits:?}"
    );
}

#[test]
fn a_verbose_inform7_move_starts_where_the_reply_before_it_showed_the_player() {
    // Southwest leads into the conservatory from the pantry (through the red door) and from the
    // scullery, and the conservatory's way back (northeast) leads to the pantry alone. The reply
    // just before the second "southwest" showed the player in the scullery, in a game that
    // describes every room on every visit: the move started there (rule `shown-before`), not
    // where the way back leads.
    let text = include_str!("fixtures/systems/inform7-shared-way-in.txt");
    let (_, exits) = mapped(text);
    assert!(
        exits.contains("Scullery -southwest-> Conservatory"),
        "{exits:?}"
    );
    assert!(
        exits.contains("Pantry -southwest-> Conservatory"),
        "{exits:?}"
    );
    assert!(exits.contains("Conservatory -east-> Scullery"), "{exits:?}");
    // With the rule off, the way back moves the start to the pantry (`walked-bent`, which
    // reads the same move as one walk of a bent way, "east" being the other, switched off too:
    // this pins what the verbose game decides).
    let steps = read_steps(text, "fixture").unwrap();
    let rules = Rules::without(&["shown-before", "walked-bent"]).unwrap();
    let off = automap_with("fixture", &steps, &Hints::default(), &rules);
    let (_, exits) = rooms_and_exits(&off.project);
    assert!(
        !exits.contains("Scullery -southwest-> Conservatory"),
        "{exits:?}"
    );
}

#[test]
fn inform7_rooms_met_in_the_dark_through_the_same_thing_are_one_room_named_for_it() {
    // "go through tent" and later "enter tent", both from the ballroom, reach one dark room
    // (rule `thing-entered-alike`), which "enter tent" names without a list (rule
    // `entered-thing`); the dark room south of the tower stays a room of its own.
    let text = include_str!("fixtures/systems/inform7-thing-entered.txt");
    let (rooms, exits) = mapped(text);
    assert_eq!(rooms, set(&["Ballroom", "Dark room", "Tent", "Tower"]));
    assert!(exits.contains("Tower -south-> Dark room"), "{exits:?}");
    assert!(exits.contains("Tent -out-> Ballroom"), "{exits:?}");
    // With the list, the last name left goes to the dark room south of the tower, not to a
    // second tent.
    let (rooms, exits) = mapped_with(text, &["Ballroom", "Tent", "Tower", "Well House"]);
    assert_eq!(rooms, set(&["Ballroom", "Tent", "Tower", "Well House"]));
    assert!(exits.contains("Tower -south-> Well House"), "{exits:?}");
    assert!(exits.contains("Well House -north-> Tower"), "{exits:?}");
    // With either rule off, the room "enter tent" reaches is another room.
    let steps = read_steps(text, "fixture").unwrap();
    for rule in ["thing-entered-alike", "entered-thing"] {
        let rules = Rules::without(&[rule]).unwrap();
        let off = automap_with("fixture", &steps, &Hints::default(), &rules);
        let (rooms, _) = rooms_and_exits(&off.project);
        assert_ne!(
            rooms,
            set(&["Ballroom", "Dark room", "Tent", "Tower"]),
            "{rule}"
        );
    }
}

#[test]
fn an_inform7_move_out_of_the_dark_starts_in_the_dark_room() {
    // "s" out of the dark room east of the quay reaches the quay, as "south" from the market
    // square does: the player was in the dark, and no way into the dark room fits the market
    // square, so the move leaves the dark room (a connection that bends: east, then south
    // back), not the market square again (rule `dark-start`).
    let text = include_str!("fixtures/systems/inform7-dark-way-out.txt");
    let listed = [
        "Market Square",
        "Mine Entrance",
        "Quarry",
        "Quay",
        "Shaft Bottom",
    ];
    let (rooms, exits) = mapped_with(text, &listed);
    assert_eq!(rooms, set(&listed));
    assert!(exits.contains("Mine Entrance -south-> Quay"), "{exits:?}");
    assert!(exits.contains("Quay -east-> Mine Entrance"), "{exits:?}");
    // With the rule off, the move is read as "south" from the market square made again.
    let steps = read_steps(text, "fixture").unwrap();
    let hints = Hints {
        locations: listed.iter().map(|s| s.to_string()).collect(),
        actions: Vec::new(),
    };
    let rules = Rules::without(&["dark-start"]).unwrap();
    let (_, off) = rooms_and_exits(&automap_with("fixture", &steps, &hints, &rules).project);
    assert!(!off.contains("Mine Entrance -south-> Quay"), "{off:?}");
}

#[test]
fn a_verbose_inform7_door_gone_through_by_name_shows_the_room_beyond() {
    // "go through red door" names no way, and the room beyond it is described in a few stock
    // words ("Dust lies everywhere here."); in a game that describes every room on every visit,
    // the title is the room the player went into (rule `verbose-entered`), so "n" leaves it.
    let text = include_str!("fixtures/systems/inform7-door-by-name.txt");
    let (rooms, exits) = mapped(text);
    assert_eq!(
        rooms,
        set(&["Attic", "Laboratory", "Shaft Bottom", "Watch Room"])
    );
    assert!(
        exits.contains("Shaft Bottom -north-> Watch Room"),
        "{exits:?}"
    );
    // With the rule off, the reply to the door is read as the attic unchanged
    // (`entered-new-title`, which reads it by its title opening the reply, off too).
    let steps = read_steps(text, "fixture").unwrap();
    let rules = Rules::without(&["verbose-entered", "entered-new-title"]).unwrap();
    let off = automap_with("fixture", &steps, &Hints::default(), &rules);
    let (_, off) = rooms_and_exits(&off.project);
    assert!(!off.contains("Shaft Bottom -north-> Watch Room"), "{off:?}");
}

#[test]
fn a_verbose_textworld_reply_to_examine_with_nothing_under_its_line_is_no_room() {
    // TextWorld describes every room on every visit (learned from the returns to the sauna and
    // the cellar), so a non-move's reply with a title-like line and a description under it shows
    // a room (rule `verbose-entered`). "examine keycard" prints "The keycard looks useful", a
    // title-like line with no description under it: the player is still in the cellar, and
    // "south" leaves the cellar, not a room called "The keycard looks useful".
    let (rooms, exits) = mapped(include_str!("fixtures/systems/textworld-examine.txt"));
    assert_eq!(rooms, set(&["Cellar", "Pantry", "Sauna"]));
    assert!(exits.contains("Cellar -south-> Sauna"), "{exits:?}");
    assert!(exits.contains("Cellar -east-> Pantry"), "{exits:?}");
}

#[test]
fn an_inform7_word_for_a_way_is_the_one_way_the_map_leaves_open() {
    // The game understands "fore" as north. Its two moves disagree on which way it goes: from
    // the quarry to the kitchen, whose "south" leads back (north), and from the tower into the
    // dark room, whose "west" leads back to the tower (east: that connection bends). The
    // tower's "east" already leads to the kitchen, so "fore" is north, and the tower's north is
    // the dark room (rule `ways-ruled-out`).
    let text = include_str!("fixtures/systems/inform7-bent-fore.txt");
    let (rooms, exits) = mapped(text);
    assert_eq!(
        rooms,
        set(&[
            "Dark room",
            "Kitchen, East End",
            "Quarry",
            "Rose Garden",
            "Stable",
            "Tower"
        ])
    );
    assert!(exits.contains("Tower -north-> Dark room"), "{exits:?}");
    assert!(
        exits.contains("Tower -east-> Kitchen, East End"),
        "{exits:?}"
    );
    // With the rule off, the witnesses disagree and "fore" stays a word of no known way.
    let steps = read_steps(text, "fixture").unwrap();
    let rules = Rules::without(&["ways-ruled-out"]).unwrap();
    let off = automap_with("fixture", &steps, &Hints::default(), &rules);
    let (_, off) = rooms_and_exits(&off.project);
    assert!(!off.contains("Tower -north-> Dark room"), "{off:?}");
}

#[test]
fn an_inform7_heading_that_opens_with_the_is_a_room() {
    // Inform prints a room whose printed name opens with "the" as it is, in lower case:
    // "the Abbot's Scullery". It is a title (the room between the laboratory and the
    // observatory), with or without the list; before, the three moves through it were read as
    // going straight from the laboratory to the observatory and the pump room.
    let text = include_str!("fixtures/systems/inform7-article-title.txt");
    let (rooms, exits) = mapped(text);
    assert!(rooms.contains("the Abbot's Scullery"), "{rooms:?}");
    assert!(
        exits.contains("Laboratory -south-> the Abbot's Scullery"),
        "{exits:?}"
    );
    let listed = [
        "Gallery",
        "Laboratory",
        "Observatory",
        "Pump Room",
        "Scullery",
    ];
    let (rooms, exits) = mapped_with(text, &listed);
    assert_eq!(rooms, set(&listed));
    assert!(exits.contains("Laboratory -south-> Scullery"), "{exits:?}");
    assert!(exits.contains("Scullery -south-> Observatory"), "{exits:?}");
    assert!(
        exits.contains("Scullery -southeast-> Pump Room"),
        "{exits:?}"
    );
    assert!(
        !exits.contains("Laboratory -south-> Observatory"),
        "{exits:?}"
    );
}

#[test]
fn an_inform7_dark_room_entered_from_two_sides_is_one_room() {
    // The dark room is entered "east" from the boathouse and "south" from the chapter house,
    // which lies northeast of the boathouse: no move ties the two arrivals together, but the
    // finished map places both on one spot with no other room, so they are one room (rule
    // `dark-rooms-placed`), which takes the one listed name left with both its sides.
    let text = include_str!("fixtures/systems/inform7-dark-two-sides.txt");
    let listed = [
        "Boathouse",
        "Cellar",
        "Chapter House",
        "Reed Bed",
        "Smokery",
    ];
    let (rooms, exits) = mapped_with(text, &listed);
    assert_eq!(rooms, set(&listed));
    assert!(exits.contains("Boathouse -east-> Cellar"), "{exits:?}");
    assert!(exits.contains("Chapter House -south-> Cellar"), "{exits:?}");
    // Without a list, one dark room too.
    let (rooms, exits) = mapped(text);
    assert!(rooms.contains("Dark room"), "{rooms:?}");
    assert!(!rooms.contains("Dark room (2)"), "{rooms:?}");
    assert!(
        exits.contains("Chapter House -south-> Dark room"),
        "{exits:?}"
    );
    // With the rule off, the two arrivals are two dark rooms for the one name left: one side
    // of the cellar is dropped.
    let steps = read_steps(text, "fixture").unwrap();
    let hints = Hints {
        locations: listed.iter().map(|s| s.to_string()).collect(),
        actions: Vec::new(),
    };
    let rules = Rules::without(&["dark-rooms-placed"]).unwrap();
    let (_, off) = rooms_and_exits(&automap_with("fixture", &steps, &hints, &rules).project);
    assert!(
        !(off.contains("Boathouse -east-> Cellar")
            && off.contains("Chapter House -south-> Cellar")),
        "{off:?}"
    );
}

#[test]
fn same_titled_rooms_whose_descriptions_name_other_ways_are_other_rooms() {
    // Three stations of one rail line, all titled "Railway Station" and described alike, word
    // for word but for the way out each names: east to the Main Hall, northwest to the Smithy
    // Court, west to the barracks. Read without a list, they are three rooms (rule
    // `ways-apart`), and the Smithy Court's way back leads to its own station.
    let text = include_str!("fixtures/systems/inform6-same-title-stations.txt");
    let (rooms, exits) = mapped(text);
    let stations = |rooms: &BTreeSet<String>| {
        rooms
            .iter()
            .filter(|r| r.starts_with("Railway Station"))
            .count()
    };
    assert_eq!(stations(&rooms), 3, "{rooms:?}");
    assert!(
        exits.contains("Main Hall -west-> Railway Station"),
        "{exits:?}"
    );
    assert!(
        exits.contains("Railway Station (2) -northwest-> Smithy Court"),
        "{exits:?}"
    );
    assert!(
        exits.contains("Railway Station (3) -west-> Barracks"),
        "{exits:?}"
    );
    // With the rule off, the likeness of the descriptions makes every station the first.
    let steps = read_steps(text, "fixture").unwrap();
    // (`alike-walked` reads the stations apart by the rail car's walk too: off with it.)
    let rules = Rules::without(&["ways-apart", "alike-walked"]).unwrap();
    let off = automap_with("fixture", &steps, &Hints::default(), &rules);
    let (rooms, exits) = rooms_and_exits(&off.project);
    assert_eq!(stations(&rooms), 1, "{rooms:?}");
    assert!(
        exits.contains("Railway Station -northwest-> Smithy Court"),
        "{exits:?}"
    );
}

#[test]
fn a_move_out_of_a_thing_starts_in_the_room_titled_inside_it() {
    // Scott Adams's games as Inform ports print them (MANGO's adventureland): a walkthrough
    // whose steps were cut, so the last "up" arrives in the Dismal Swamp from the Meadow,
    // which has no way up. The swamp's reply shows the hollow stump; the one room whose
    // title puts it inside a stump, with its way up unwalked, is where the move started
    // (rule `inside-titled`: without a list, `left-inside` reads the title as the name).
    let text = include_str!("fixtures/systems/scott-adams-stump.txt");
    let (_, exits) = mapped(text);
    assert!(
        exits.contains("Inside Stump -up-> Dismal Swamp"),
        "{exits:?}"
    );
    let steps = read_steps(text, "fixture").unwrap();
    let rules = Rules::without(&["inside-titled"]).unwrap();
    let off = automap_with("fixture", &steps, &Hints::default(), &rules);
    let (_, exits) = rooms_and_exits(&off.project);
    assert!(
        !exits.contains("Inside Stump -up-> Dismal Swamp"),
        "{exits:?}"
    );
}

#[test]
fn an_inform7_word_for_a_way_typed_in_the_dark_leaves_the_dark_room() {
    // `Understand "fore" as north`: typed in the dark quay, "fore" is answered by the pantry's
    // title and nothing before it. That is a move out of the dark by the game's own word for a
    // way, not the quay lit up as the pantry (rule `dark-word-leaves`): the quay keeps the
    // lighthouse's "west", and the word is learned as north from the pantry's way back.
    let text = include_str!("fixtures/systems/inform7-dark-word-out.txt");
    let listed = ["Lighthouse", "Pantry", "Quay", "Workshop"];
    let (rooms, exits) = mapped_with(text, &listed);
    assert_eq!(rooms, set(&listed));
    assert!(exits.contains("Lighthouse -west-> Quay"), "{exits:?}");
    assert!(exits.contains("Quay -north-> Pantry"), "{exits:?}");
    // Without a list, the dark room is a room of its own too.
    let (_, exits) = mapped(text);
    assert!(exits.contains("Lighthouse -west-> Dark room"), "{exits:?}");
    assert!(exits.contains("Dark room -north-> Pantry"), "{exits:?}");
    // With the rule off, the quay is read as the pantry lit, and the lighthouse's "west"
    // leads to the pantry.
    let steps = read_steps(text, "fixture").unwrap();
    let hints = Hints {
        locations: listed.iter().map(|s| s.to_string()).collect(),
        actions: Vec::new(),
    };
    let rules = Rules::without(&["dark-word-leaves"]).unwrap();
    let (_, off) = rooms_and_exits(&automap_with("fixture", &steps, &hints, &rules).project);
    assert!(!off.contains("Lighthouse -west-> Quay"), "{off:?}");
}

#[test]
fn an_inform7_move_after_a_refusal_starts_in_the_room_shown_before_it() {
    // A verbose game (every return prints the room's description again): the trapdoor leads
    // back to the library, "up" is refused, then "west" from the library reaches the garden,
    // which also lies east of the hall: the lattice cannot hold both, but the library was the
    // last room shown, and a refusal moves no one, so the move started there (rule
    // `shown-past-stays`).
    let text = include_str!("fixtures/systems/inform7-refused-then-move.txt");
    let listed = ["Cellar", "Garden", "Hall", "Library"];
    let (_, exits) = mapped_with(text, &listed);
    assert!(exits.contains("Library -west-> Garden"), "{exits:?}");
    let (_, exits) = mapped(text);
    assert!(exits.contains("Library -west-> Garden"), "{exits:?}");
    // With the rule off, the move is taken to start in a room never shown.
    let steps = read_steps(text, "fixture").unwrap();
    let hints = Hints {
        locations: listed.iter().map(|s| s.to_string()).collect(),
        actions: Vec::new(),
    };
    let rules = Rules::without(&["shown-past-stays"]).unwrap();
    let (_, off) = rooms_and_exits(&automap_with("fixture", &steps, &hints, &rules).project);
    assert!(!off.contains("Library -west-> Garden"), "{off:?}");
}

#[test]
fn an_inform7_thing_entered_into_a_room_titled_after_it_shows_that_room() {
    // "enter gatehouse" answered by "Gatehouse Hall" over a stock line ("Dust lies everywhere
    // here."): without a list, a title naming the thing entered, with a description under it,
    // is the room inside it (rule `entered-titled`), and "outside" leads back out of it.
    let text = include_str!("fixtures/systems/inform7-entered-titled.txt");
    let (rooms, exits) = mapped(text);
    assert!(rooms.contains("Gatehouse Hall"), "{rooms:?}");
    assert!(
        exits.contains("Gatehouse Hall -out-> Laboratory"),
        "{exits:?}"
    );
    // With the rule off, the reply is read as the laboratory unchanged (`entered-new-title`,
    // which reads it by its title opening the reply whatever its words, off too).
    let steps = read_steps(text, "fixture").unwrap();
    let rules = Rules::without(&["entered-titled", "entered-new-title"]).unwrap();
    let off = automap_with("fixture", &steps, &Hints::default(), &rules);
    let (rooms, _) = rooms_and_exits(&off.project);
    assert!(!rooms.contains("Gatehouse Hall"), "{rooms:?}");
}
