//! The tracker through the automapper's front door: small transcripts that pin down how
//! rooms are told apart and named, dark rooms, undo and restore. Where moves start:
//! [`move_starts`].

mod move_starts;

use crate::domain::automap::{automap_with, Automap, Hints, Rules};
use crate::domain::formats::Step;

fn run(steps: &[(&str, &str)], names: &[&str]) -> Automap {
    run_with(steps, names, &Rules::all())
}

/// [`run`] with only the given rules in force.
fn run_with(steps: &[(&str, &str)], names: &[&str], rules: &Rules) -> Automap {
    let steps: Vec<Step> = steps
        .iter()
        .enumerate()
        .map(|(i, (a, o))| Step {
            num: i as i64,
            action: a.to_string(),
            observation: o.to_string(),
        })
        .collect();
    let hints = Hints {
        locations: names.iter().map(|s| s.to_string()).collect(),
        actions: Vec::new(),
    };
    automap_with("test", &steps, &hints, rules)
}

/// Asserts the map has the move, showing every step's reading when it does not.
fn assert_move(built: &Automap, src: &str, action: &str, dst: &str) {
    assert!(
        has_move(built, src, action, dst),
        "no {src} -{action}-> {dst}: {:#?}",
        built.steps
    );
}

/// How many rooms of the map have a name that starts so ("Forest", "Forest (2)").
fn rooms_named(built: &Automap, prefix: &str) -> usize {
    built
        .project
        .history
        .head()
        .rooms()
        .filter(|r| r.name.starts_with(prefix))
        .count()
}

fn has_move(built: &Automap, src: &str, action: &str, dst: &str) -> bool {
    built
        .project
        .edge_records()
        .iter()
        .any(|r| r.src == src && r.action == action && r.dst == dst)
}

#[test]
fn the_room_a_transcript_opens_in_is_named_as_the_players_own_when_no_words_tell() {
    // A cleaned walkthrough loses the opening room: its first move leaves a room never
    // shown, and no word of the reply cues any name left. The player's own place is where
    // stories open; a name for a posture in it ("…, in the bed") is not the room.
    let steps = [
        ("north", "Parade Ground\nA wide square of beaten earth."),
        ("east", "Armoury\nRacks of pikes line the walls."),
    ];
    let names = [
        "castle, upper level",
        "your quarters, in the bunk",
        "your quarters",
        "parade ground",
        "armoury",
    ];
    let built = run(&steps, &names);
    assert_move(&built, "your quarters", "north", "parade ground");
    // With no name of the player's own left, elimination names it as before.
    let built = run(&steps, &["castle, upper level", "parade ground", "armoury"]);
    assert_move(&built, "castle, upper level", "north", "parade ground");
}

#[test]
fn a_reply_silent_on_the_way_back_into_an_unseen_room_is_not_that_room() {
    // East along the road into a room the reply does not show (the clock strikes), east
    // into the Yard, then back west: the street the player finds there speaks of north,
    // south and east, not of the way west to the road, so it is not the unseen room.
    let names = [
        "baker street",
        "marylebone road",
        "tottenham court road",
        "scotland yard",
        "whitehall",
    ];
    let steps = [
        (
            "east",
            "Marylebone Road\nThe street continues east and west. Baker Street is to the west.",
        ),
        ("east", "In the distance, you hear Big Ben strike the hour."),
        (
            "east",
            "Scotland Yard\nA drab government building. The door to the street is to the west.",
        ),
        (
            "west",
            "Whitehall\n\nThe street continues north and south, and the entrance to Scotland Yard is to the east.",
        ),
    ];
    let built = run(&steps, &names);
    assert_move(&built, "marylebone road", "east", "tottenham court road");
    assert_move(&built, "scotland yard", "west", "whitehall");
    assert!(
        !has_move(&built, "marylebone road", "east", "whitehall"),
        "{:#?}",
        built.steps
    );
}

/// Walks east, east, north, then down a trapdoor into the first room (the hall), which the
/// lattice puts far off, with no list of room names; the hall must stay one room.
fn down_the_trapdoor_into(first: &str, again: &str, study: &str) {
    let built = run(
        &[
            ("Init", first),
            ("east", study),
            (
                "east",
                "Garden\nA walled garden. Paths lead west and north.",
            ),
            (
                "north",
                "Shed\nA tool shed. A path leads south; a trapdoor leads down.",
            ),
            ("down", again),
        ],
        &[],
    );
    let rooms = built.project.history.head().room_count();
    assert_eq!(rooms, 4, "{:#?}", built.steps);
    assert_move(&built, "Shed", "down", "Hall");
}

#[test]
fn rooms_met_in_the_dark_take_the_names_for_darkness() {
    // Zork III: south from the shore into darkness, twice. The shore's words name "on the
    // lake" as well as the dark does "pitch black", but the list's names for darkness
    // belong to the rooms met in the dark, and the start of the first move, never seen,
    // is no dark room.
    let dark = "It is pitch black. You are likely to be eaten by a grue.";
    let built = run(
        &[
            (
                "south",
                "Junction\nYou are at a junction. The stair behind you climbs into pitch black.",
            ),
            (
                "west",
                "Southern Shore\nYou are on the southern shore of the lake.",
            ),
            ("south", dark),
            ("south", dark),
            ("east", "Key Room\nA small room with a keyhole in the wall."),
        ],
        &[
            "junction",
            "southern shore",
            "key room",
            "pitch black 1",
            "endless stair",
            "on the lake",
            "pitch black 2",
        ],
    );
    let records = built.project.edge_records();
    let to_dark: Vec<&str> = records
        .iter()
        .filter(|r| r.action == "south" && r.dst.starts_with("pitch black"))
        .map(|r| r.src.as_str())
        .collect();
    assert_eq!(to_dark.len(), 2, "{:#?}", built.steps);
    assert!(to_dark.contains(&"southern shore"), "{:#?}", built.steps);
    assert!(
        records.iter().all(|r| r.dst != "on the lake"),
        "{:#?}",
        built.steps
    );
    let first = records.iter().find(|r| r.dst == "junction");
    assert!(
        first.is_some_and(|r| !r.src.starts_with("pitch black")),
        "{:#?}",
        built.steps
    );
}

#[test]
fn a_room_that_scrambles_directions_is_where_the_move_started() {
    // Zork II's carousel room, in a transcript of moves only: north led to the topiary
    // once, and later, typed again, to the marble hall. The second move did not start
    // elsewhere after skipped steps, as a way already walked would say: it started in the
    // carousel.
    let lost = "You're not sure which direction is which. This room is very disorienting.\n\n";
    let built = run(
        &[
            (
                "south",
                "Carousel Room\nThis is a circular room with exits in eight directions.",
            ),
            (
                "north",
                &format!("{lost}Topiary\nThe southern end of a formal garden."),
            ),
            ("west", "Carousel Room"),
            (
                "north",
                &format!("{lost}Marble Hall\nAn arched hall of fine marble."),
            ),
        ],
        &["carousel room", "topiary", "marble hall"],
    );
    assert_move(&built, "carousel room", "north", "topiary");
    assert_move(&built, "carousel room", "north", "marble hall");
}

#[test]
fn a_room_arrived_in_stays_on_the_map_when_the_way_there_cannot_be_named() {
    // The first move starts in a room the transcript never shows, and the list has no name
    // left for it: the move is not mapped, but the clearing the player reached is.
    let built = run(&[("north", "Clearing\nA grassy clearing.")], &["clearing"]);
    let map = built.project.history.head();
    let names: Vec<&str> = map.rooms().map(|r| r.name.as_str()).collect();
    assert_eq!(names, vec!["clearing"], "{:#?}", built.steps);
    assert_eq!(map.exit_count(), 0);
    assert!(built.steps[0].note.contains("its start could not be named"));
}

/// A walk of moves only (a cleaned walkthrough) through a house whose rooms are entered by
/// sentences before one of them is titled: west of the
/// living room "You step into the brightly lit gray kitchen where …", and back; later the
/// kitchen, reached southwest from the den north of the living room, prints its title. With
/// the rule `named-unseen` on or off.
fn kitchen_titled_later(rule: bool) -> Automap {
    let steps = [
        ("north", "Living Room\nA big room. The den is north."),
        (
            "west",
            "You step into the brightly lit gray kitchen where Barb sits.",
        ),
        ("east", "Living Room\nA big room. The den is north."),
        ("north", "Den\nA den."),
        ("southwest", "Kitchen\nA kitchen."),
    ];
    let rules = if rule {
        Rules::all()
    } else {
        Rules::without(&["named-unseen".to_string()]).unwrap()
    };
    run_with(&steps, &[], &rules)
}

#[test]
fn a_title_shows_the_room_an_earlier_reply_entered_by_its_name() {
    let built = kitchen_titled_later(true);
    assert_move(&built, "Living Room", "west", "Kitchen");
    assert_move(&built, "Den", "southwest", "Kitchen");
    assert_eq!(rooms_named(&built, "Unknown"), 0, "{:#?}", built.steps);
    // Without the rule the kitchen is two rooms: an unnamed one and the titled one.
    let apart = kitchen_titled_later(false);
    assert_eq!(rooms_named(&apart, "Unknown"), 1, "{:#?}", apart.steps);
}

/// A transcript of moves only, walked north up a valley to a temple, then a last move from
/// there (`last`: action and reply).
fn up_the_valley_then(last: (&str, &str)) -> Automap {
    run(
        &[
            (
                "north",
                "Forest Path\nA path leads north from the lawn through a dim forest.",
            ),
            (
                "north",
                "Clearing\nA grassy clearing. Paths lead north and south.",
            ),
            (
                "north",
                "Old Temple\nAn old temple. An altar of black stone stands here.",
            ),
            last,
        ],
        &[
            "south lawn",
            "forest path",
            "clearing",
            "old temple",
            "shrine",
            "forest",
        ],
    )
}

#[test]
fn a_move_the_map_cannot_hold_started_in_a_room_the_transcript_never_showed() {
    // The last kept move goes east into the forest path at the valley's foot. Skipped steps
    // took the player back to the forest beside the path: from the temple, east cannot lead
    // three rooms back south.
    let built = up_the_valley_then(("east", "Forest Path"));
    assert_move(&built, "forest", "east", "forest path");
    assert!(
        !has_move(&built, "old temple", "east", "forest path"),
        "{:#?}",
        built.steps
    );
    assert!(built.steps[3].note.contains("the map cannot hold it"));
    // The rest of the walk is untouched.
    assert_move(&built, "south lawn", "north", "forest path");
    assert_move(&built, "clearing", "north", "old temple");
}

#[test]
fn a_move_the_map_can_hold_is_left_where_it_started() {
    // East to a shrine instead: no conflict, nothing moves.
    let built = up_the_valley_then(("east", "Shrine\nA tiny shrine."));
    assert_move(&built, "old temple", "east", "shrine");
    assert!(built.steps.iter().all(|s| !s.note.contains("cannot hold")));
}

#[test]
fn moves_that_open_with_one_sentence_about_leaving_left_one_room() {
    // Spellbreaker, cleaned: a spell takes the player to a room the kept text never shows,
    // and every move out of it opens with the same sentence. The three moves start in that
    // room, not where the previous kept step left the player; a move whose sentence names
    // another cube left another such room, whose name its reply's words cue ("soft"). A
    // sentence about leaving said once, and unlike those, moves nothing.
    let one = "As you leave, the \"1\" cube reappears in your hand.\n\n";
    let two = "As you leave, the \"2\" cube reappears in your hand.\n\n";
    let built = run(
        &[
            ("south", "Square\nA square. A street leads north."),
            ("down", &format!("{one}Midair\nYou are falling.")),
            ("east", &format!("{one}Stone Hall\nA long hall of stone.")),
            ("south", "Ruins\nA vast ruined hall."),
            ("west", &format!("{one}Cave Mouth\nA trail ends at a cave.")),
            (
                "south",
                &format!("{two}Meadow\nA sunny meadow. The grass is soft."),
            ),
            (
                "east",
                "As you leave, a bird sings somewhere.\n\nOrchard\nApple trees.",
            ),
        ],
        &[
            "street",
            "square",
            "midair",
            "stone hall",
            "ruins",
            "cave mouth",
            "meadow",
            "soft room",
            "packed earth",
            "orchard",
        ],
    );
    assert_move(&built, "packed earth", "down", "midair");
    assert_move(&built, "packed earth", "east", "stone hall");
    assert_move(&built, "packed earth", "west", "cave mouth");
    assert_move(&built, "soft room", "south", "meadow");
    assert_move(&built, "stone hall", "south", "ruins");
    assert!(!has_move(&built, "ruins", "west", "cave mouth"));
    assert_move(&built, "meadow", "east", "orchard");
}

#[test]
fn a_name_two_unseen_starts_fit_alike_goes_to_the_one_that_lies_as_it_says() {
    // Adventureland, cleaned: two moves into the swamp start in rooms never shown, and the
    // words around both speak of a tree. "Tree top" lies above: it goes to the start the
    // player came down from, not to the one the player came up from.
    let swamp = "Swamp\nA dismal swamp. A cypress tree grows here.\n\nObvious exits: East, Up.";
    let built = run(
        &[
            (
                "north",
                "Meadow\nA sunny meadow.\n\nObvious exits: North, West.",
            ),
            ("west", swamp),
            ("down", swamp),
            (
                "east",
                "Meadow\nA sunny meadow.\n\nObvious exits: North, West.",
            ),
            (
                "up",
                "Swamp\nA dismal swamp. The remains of a felled tree lie here.",
            ),
        ],
        &["meadow", "swamp", "field", "stump", "tree top"],
    );
    assert_move(&built, "tree top", "down", "swamp");
    assert!(!has_move(&built, "tree top", "up", "swamp"));
}

/// Reverb's streets: south into the west street, north into the pizza parlor (described
/// by `parlor`), east into the east street, south into the clothing department, west into
/// the west street again.
fn streets_walk(parlor: &str) -> Automap {
    run(
        &[
            (
                "south",
                "West Street\nThe street goes east and west. A pizza parlor is to the north.",
            ),
            ("north", parlor),
            (
                "east",
                "East Street\nOn this end of the street, a department store sits to the south.",
            ),
            (
                "south",
                "Clothing Department\nRacks of clothes. You may exit to the north. To the southwest lies the hardware department, and southeast is the cosmetics department.",
            ),
            ("west", "West Street"),
        ],
        &[
            "counter",
            "west street",
            "pizza parlor",
            "east street",
            "clothing department",
        ],
    )
}

#[test]
fn two_moves_from_rooms_silent_on_their_ways_that_would_be_each_others_way_back_are() {
    // Reverb, cleaned: east out of the parlor (whose description speaks of south and
    // northeast only) into the east street, and later west out of the clothing department
    // (north, southwest, southeast) into the west street. Each started where the other
    // ended: the two streets are each other's way back.
    let built = streets_walk("Pizza Parlor\nA pizza parlor. The counter stands in the northeast corner. To the south is an exit to the street.");
    assert_move(&built, "west street", "east", "east street");
    assert_move(&built, "east street", "west", "west street");
    assert!(!has_move(&built, "pizza parlor", "east", "east street"));
    assert!(!has_move(
        &built,
        "clothing department",
        "west",
        "west street"
    ));
    assert_move(&built, "east street", "south", "clothing department");
}

#[test]
fn a_move_from_a_room_that_speaks_of_its_way_keeps_its_start() {
    // The same walk, but the parlor's description speaks of a door east: nothing moves.
    let built = streets_walk("Pizza Parlor\nA pizza parlor. A side door leads east. To the south is an exit to the street.");
    assert_move(&built, "pizza parlor", "east", "east street");
    assert_move(&built, "clothing department", "west", "west street");
}

/// Murdac's haunted house, in a transcript of moves only: east from the street into the
/// hall, west into a bedroom, east into another room. `bedroom` is the bedroom's reply.
fn into_the_house(bedroom: &str) -> Automap {
    run(
        &[
            ("north", "Street\nA street. Paths lead north and east."),
            (
                "east",
                "Entrance Hall\nThe entrance hall of a haunted house. Archways lead east and west.",
            ),
            ("west", bedroom),
            (
                "east",
                "Billiard Room\nA billiard room with a dusty table. Exits lead east and west.",
            ),
        ],
        &[
            "lane",
            "street",
            "entrance hall",
            "small bedroom",
            "billiard room",
        ],
    )
}

#[test]
fn a_way_back_whose_own_way_back_leads_elsewhere_is_no_evidence() {
    // West from the hall into the bedroom, then east from the bedroom into the billiard
    // room: the move west, whose own way back leads elsewhere, is the one that started
    // elsewhere (in the billiard room, as the truth has it); it says nothing of the move
    // east into the hall, which started in the street.
    let built = into_the_house(
        "Small Bedroom\nA small bedroom in the haunted house. Exits lead east and west.",
    );
    assert_move(&built, "street", "east", "entrance hall");
    assert_move(&built, "billiard room", "west", "small bedroom");
    assert_move(&built, "small bedroom", "east", "billiard room");
    // Shown by its title alone, the bedroom had been visited before: the move west is the
    // way back of the move east into the hall, which started there.
    let built = into_the_house("Small Bedroom");
    assert_move(&built, "small bedroom", "east", "entrance hall");
    assert!(!has_move(&built, "street", "east", "entrance hall"));
}

/// Adventureland's maze of pits: every room titled "Maze" with the same one-line
/// description; two of them list the same six exits and differ only by what lies there,
/// which is what their listed names' qualifiers speak of.
fn maze_walk() -> Automap {
    let maze = |exits: &str, see: &str| {
        format!(
            "Maze\nYou're in a maze of pits.\n\nObvious exits: {exits}.\n\nYou can also see: {see}"
        )
    };
    let all = "North, South, East, West, Up, Down";
    run(
        &[
            (
                "Init",
                "Cavern\nYou're in a cavern.\n\nObvious exits: South, Down.",
            ),
            ("down", &maze("North, South, East, Down", "nothing special")),
            ("down", &maze("West, Up", "flint and steel")),
            (
                "west",
                &maze(all, "strange scratchings on rock reveals- ALADDIN WAS HERE"),
            ),
            (
                "north",
                &maze(all, "*THICK PERSIAN RUG* - arrow pointing down"),
            ),
            (
                "down",
                "Chasm\nYou're in a bottom of a chasm.\n\nObvious exits: Up, South.",
            ),
            ("up", &maze(all, "arrow pointing down")),
            (
                "up",
                &maze(all, "strange scratchings on rock reveals- ALADDIN WAS HERE"),
            ),
            ("down", &maze(all, "arrow pointing down")),
            (
                "down",
                "Chasm\nYou're in a bottom of a chasm.\n\nObvious exits: Up, South.",
            ),
            (
                "south",
                "Ledge\nA narrow ledge.\n\nObvious exits: North, Up.",
            ),
            ("up", "Pit Top\nThe top of a pit.\n\nObvious exits: Down."),
        ],
        &[
            "cavern",
            "chasm",
            "ledge",
            "pit top",
            "maze (exit north, south, east, down)",
            "maze (exit west, up)",
            "maze (exit north, south, east, west, up, down; arrow down)",
            "maze (exit north, south, east, west, up, down; rock aladdin)",
        ],
    )
}

#[test]
fn a_maze_room_is_told_by_what_its_listed_name_says_lies_there() {
    let built = maze_walk();
    let rock = "maze (exit north, south, east, west, up, down; rock aladdin)";
    let arrow = "maze (exit north, south, east, west, up, down; arrow down)";
    // The rug and the arrow are not the room with the scratchings on the rock, although
    // title, description and exits are the same: the move north leads to another room.
    assert_move(&built, "maze (exit west, up)", "west", rock);
    assert_move(&built, rock, "north", arrow);
    assert_move(&built, arrow, "down", "chasm");
    assert_move(&built, arrow, "up", rock);
    assert_eq!(
        built.project.history.head().room_count(),
        8,
        "{:#?}",
        built.steps
    );
    // Nor does the lattice move the start of the move north: in a maze it is no guide (the
    // pit top lies one step south of the arrow once the maze's twists are straightened).
    let north = &built.steps[4];
    assert!(!north.note.contains("in hindsight"), "{}", north.note);
}

#[test]
fn without_a_list_a_title_shown_bare_is_the_room_already_seen() {
    // Brief mode: a return prints the title alone.
    down_the_trapdoor_into(
        "Hall\nA long hall. A door leads east.",
        "Hall",
        "Study\nA quiet study. Doors lead west and east.",
    );
}

#[test]
fn without_a_list_a_long_description_printed_again_is_its_room() {
    // Verbose mode: every visit prints the description in full.
    let hall = "Hall\nShadows roost thickly in the vaulted ceiling, and small desk lamps cast pools of warm light around the dim panelled interior. A door leads east.";
    down_the_trapdoor_into(
        hall,
        hall,
        "Study\nA quiet study lined with old books, its single window shuttered against the rain. Doors lead west and east.",
    );
}

#[test]
fn after_a_restore_the_next_move_does_not_start_where_the_player_was() {
    let built = run(
        &[
            ("Init", "Cave\nA damp cave."),
            ("north", "Tunnel\nA long tunnel."),
            ("east", "Grotto\nA grotto."),
            ("restore", "Ok."),
            ("west", "Lake\nA still lake."),
        ],
        &[],
    );
    assert!(
        !has_move(&built, "Grotto", "west", "Lake"),
        "{:#?}",
        built.steps
    );
    assert!(
        built.project.history.head().find_room("Lake").is_some(),
        "{:#?}",
        built.steps
    );
}

#[test]
fn undo_takes_the_player_back_and_again_repeats_the_move() {
    let names = ["cave", "tunnel", "grotto", "cavern"];
    let built = run(
        &[
            ("Init", "Cave\nA damp cave."),
            ("north", "Tunnel\nA long tunnel."),
            ("again", "Cavern\nA cavern."),
            ("undo", "[Previous turn undone.]"),
            ("undo", "[Previous turn undone.]"),
            ("east", "Grotto\nA grotto."),
        ],
        &names,
    );
    assert_move(&built, "cave", "north", "tunnel");
    assert_move(&built, "tunnel", "north", "cavern");
    assert_move(&built, "cave", "east", "grotto");
}

#[test]
fn what_happens_under_a_known_title_is_not_a_second_room_of_that_title() {
    // No list: the title names the room, and a new text under a known title is a new room of
    // that title only if it describes one. "A huge dead dragon…" holds none of the words
    // "Deep Ford" was described in ("fording"): it shows the ford met before, not a second
    // one, wherever the lattice puts it. A second forest described as a forest is a second
    // room.
    let steps = [
        (
            "north",
            "Deep Ford\nYou are fording the stream at a deep spot. A ledge is north.",
        ),
        (
            "north",
            "Ledge\nYou are on a narrow ledge above the stream.",
        ),
        ("west", "End of Ledge\nThe ledge ends here."),
        // The steps back east and down were left out: nothing but the text tells the room.
        (
            "south",
            "Deep Ford\nA huge dead dragon is lying half blocking the stream.",
        ),
        (
            "west",
            "Forest\nThis is a forest, with trees in all directions.",
        ),
        (
            "west",
            "Forest\nThis is a dimly lit forest, with large trees all around.",
        ),
    ];
    let built = run(&steps, &[]);
    assert_eq!(rooms_named(&built, "Deep Ford"), 1, "{:#?}", built.steps);
    assert_move(&built, "Deep Ford", "west", "Forest");
    assert_move(&built, "Forest", "west", "Forest (2)");
    // With the rule switched off, the dragon's text makes a second ford.
    let off = run_with(&steps, &[], &Rules::without(&["title-words"]).unwrap());
    assert_eq!(rooms_named(&off, "Deep Ford"), 2, "{:#?}", off.steps);
}

#[test]
fn a_line_learned_as_the_games_refusal_is_a_move_that_went_nowhere() {
    // A walk of moves only: every step is taken to be a move, so a reply that shows no room
    // would be a room with no title, unless the transcript shows the line is its refusal (it
    // turns back moves two ways in the garden and in the orchard).
    let steps = [
        ("north", "Garden\nA walled garden."),
        ("east", "The hedge is too thick."),
        ("west", "The hedge is too thick."),
        ("north", "Orchard\nApple trees in rows."),
        ("east", "The hedge is too thick."),
        ("north", "The hedge is too thick."),
        ("west", "Pond\nA still pond."),
    ];
    let built = run(&steps, &[]);
    assert_move(&built, "Garden", "north", "Orchard");
    assert_move(&built, "Orchard", "west", "Pond");
    let unseen = |a: &Automap| rooms_named(a, "Unknown room");
    // The one unseen room is where the walk began: no reply shows it, so it stays off the map
    // unless the rule `shown-starts` is off.
    assert_eq!(unseen(&built), 0, "{:#?}", built.steps);
    let shown = run_with(&steps, &[], &Rules::without(&["shown-starts"]).unwrap());
    assert_eq!(unseen(&shown), 1, "{:#?}", shown.steps);
    let off = run_with(&steps, &[], &Rules::without(&["learned-refusals"]).unwrap());
    assert!(unseen(&off) > 0, "{:#?}", off.steps);
}

#[test]
fn a_move_between_rooms_of_one_title_is_told_by_the_exits_the_game_lists() {
    // A maze's rooms share a title and a one-line description; the exits the game lists tell
    // the room reached from the room left. The cavern, met again with fewer exits listed, stays
    // one room: it is met from elsewhere, not from itself.
    let maze = |exits: &str| format!("Maze\nYou're in a maze of pits.\n\nObvious exits: {exits}.");
    let (a, b, c) = (
        maze("North, Up, Down"),
        maze("West, Up"),
        maze("East, South"),
    );
    let steps = [
        (
            "north",
            "Cavern\nYou're in a large cavern.\n\nObvious exits: South, Down.",
        ),
        ("down", a.as_str()),
        ("down", b.as_str()),
        ("west", c.as_str()),
        ("east", b.as_str()),
        ("up", a.as_str()),
        (
            "up",
            "Cavern\nYou're in a large cavern.\n\nObvious exits: Down.",
        ),
    ];
    let built = run(&steps, &[]);
    assert_eq!(rooms_named(&built, "Maze"), 3, "{:#?}", built.steps);
    assert_eq!(rooms_named(&built, "Cavern"), 1, "{:#?}", built.steps);
    assert_move(&built, "Cavern", "down", "Maze");
    let off = run_with(&steps, &[], &Rules::without(&["next-alike"]).unwrap());
    assert_eq!(rooms_named(&off, "Maze"), 1, "{:#?}", off.steps);
}

#[test]
fn the_last_listed_name_goes_to_the_last_dark_room_even_an_open_air_one() {
    // The lie of a name ("garden": open air, seldom dark) only ranks names; by elimination it
    // does not leave the dark room unnamed while its name is left.
    let steps = [
        ("look", "Hall\nA bare hall."),
        (
            "north",
            "Darkness\nIt is pitch dark, and you can't see a thing.",
        ),
        ("south", "Hall\nA bare hall."),
    ];
    let built = run(&steps, &["Hall", "Walled Garden"]);
    assert_move(&built, "Hall", "north", "Walled Garden");
}
