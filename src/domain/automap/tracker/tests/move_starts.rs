//! Where a move started: the text before a title, the way back, descriptions that name the
//! way, dead ends, things passed through, and the hindsight passes.

use super::{assert_move, has_move, run};
use crate::domain::automap::Automap;

#[test]
fn a_brief_arrival_is_the_room_whose_description_has_the_way_back() {
    // The last arrival prints no description; of the two alleys, only the east end's
    // description speaks of a way southeast, the way back of this move.
    let built = run(
        &[
            ("north", "Lot\nAn empty lot. An alley lies to the south."),
            (
                "south",
                "Alley\nYou are in an alley. The lot lies north, a field south.",
            ),
            (
                "east",
                "Alley\nThe far end of the alley. Paths run northeast and southeast to the road.",
            ),
            ("northeast", "Road\nA quiet road. An alley lies southwest."),
            (
                "south",
                "Bend\nThe road bends. Paths lead north and northwest.",
            ),
            ("northwest", "Alley"),
        ],
        &[
            "lot",
            "alley (north to lot)",
            "alley (east end)",
            "road",
            "bend",
        ],
    );
    assert_move(&built, "bend", "northwest", "alley (east end)");
}

/// The steps back from the South Branch to the Round Room were dropped; the move east
/// arrives in a gallery described by `gallery`. `more` names are listed too.
fn round_room_walk(gallery: &str, more: &[&str]) -> Automap {
    let steps = [
        (
            "down",
            "Round Room\nA round room. Stairways lead west and east.",
        ),
        ("west", "Landing\nA landing. The round room is east."),
        ("south", "South Branch\nA dead end."),
        ("east", gallery),
    ];
    let names = ["round room", "landing", "south branch", "gallery"];
    run(&steps, &[&names[..], more].concat())
}

#[test]
fn a_description_naming_the_way_back_moves_the_start() {
    // The gallery's description puts the Round Room the way back (west after a move east).
    let gallery = "Gallery\nA long gallery. To the west is the stairway to the round room.";
    let built = round_room_walk(gallery, &[]);
    assert_move(&built, "round room", "east", "gallery");
    assert!(!has_move(&built, "south branch", "east", "gallery"));
    // A name inside a longer listed name is not taken for that room.
    let built = round_room_walk(gallery, &["round room annex"]);
    assert!(has_move(&built, "south branch", "east", "gallery"));
}

#[test]
fn words_below_a_bare_title_tell_its_room_against_the_lattice() {
    // Night's halls: the pit was entered after skipped steps, so the lattice puts it east
    // of the second-floor hall and "up" out of it on the third floor; the bare "Hall" the
    // player climbs into prints the second-floor hall's fountain, by another inflection.
    let hall2 = "Hall\nYou're in the middle of a long hall. Stairs are west.\n\nTo one side, a water fountain buzzes noisily.";
    let steps = [
        (
            "west",
            "Stairwell (Second Floor)\nStairs lead up and down. A hall is east.",
        ),
        ("east", hall2),
        ("west", "Stairwell (Second Floor)"),
        (
            "up",
            "Stairwell (Third Floor)\nStairs lead down. A hall is east.",
        ),
        (
            "east",
            "Hall\nYou stand at the top of the stairs in a hallway. Stairs are west.",
        ),
        ("west", "Stairwell (Third Floor)"),
        ("down", "Stairwell (Second Floor)"),
        ("east", "Hall"),
        (
            "east",
            "Pit\nA deep pit with smooth walls. A ladder leads up.",
        ),
        (
            "up",
            "Hall\n\nTo one side, a buzzing water fountain has been moved aside.",
        ),
    ];
    let names = [
        "stairwell (second floor)",
        "stairwell (third floor)",
        "hall (2nd floor)",
        "hall (3rd floor)",
        "pit",
    ];
    let built = run(&steps, &names);
    assert_move(&built, "pit", "up", "hall (2nd floor)");
    assert!(!has_move(&built, "pit", "up", "hall (3rd floor)"));
}

#[test]
fn a_move_the_current_room_rules_out_climbs_out_of_a_thing_the_reply_shows() {
    // Adventureland: after skipped steps the player climbs "up" out of the stump into the
    // swamp, which lists the hollow stump; the meadow, where the last kept step left the
    // player, lists no way up.
    let swamp = "Dismal Swamp\nYou're in a dismal swamp.\n\nObvious exits: North, South, East, West.\n\nYou can also see: hollow stump and remains of a felled tree";
    let steps = [
        (
            "east",
            "Meadow\nYou're in a sunny meadow.\n\nObvious exits: North, South, East, West.",
        ),
        ("south", swamp),
        (
            "down",
            "Root Chamber\nYou're in a root chamber under the stump.\n\nObvious exits: Up, Down.",
        ),
        (
            "up",
            "Inside Stump\nYou're in a large hollow damp stump in the swamp.\n\nObvious exits: North, South, East, West, Up, Down.",
        ),
        ("north", "Meadow"),
        ("up", swamp),
    ];
    let names = [
        "forest",
        "meadow",
        "dismal swamp",
        "root chamber",
        "inside stump",
    ];
    let built = run(&steps, &names);
    assert_move(&built, "inside stump", "up", "dismal swamp");
}

#[test]
fn a_later_paragraph_naming_the_way_back_moves_the_start_too() {
    // The description's first paragraph is about the gallery; the way back is told below
    // a blank line ("To the southeast, a gentle slope leads to a hilltop" in the Schoolyard).
    let built = round_room_walk(
        "Gallery\nA long gallery.\n\nTo the west, a stairway climbs to the round room.",
        &[],
    );
    assert_move(&built, "round room", "east", "gallery");
    assert!(!has_move(&built, "south branch", "east", "gallery"));
}

#[test]
fn a_name_with_the_way_back_added_is_where_the_move_started() {
    // The steps from the Mess back to the Admin Corridor South were dropped; the Mess's
    // way north is walked, and the name "admin corridor south" puts that room south of the
    // Admin Corridor.
    let built = run(
        &[
            ("north", "Junction\nA junction."),
            ("north", "Admin Corridor South\nA corridor."),
            ("south", "Junction\nA junction."),
            ("west", "Dorm\nA dorm."),
            ("west", "Mess\nA mess."),
            ("north", "Storage\nA store."),
            ("south", "Mess\nA mess."),
            ("north", "Admin Corridor\nA rift."),
        ],
        &[
            "junction",
            "admin corridor south",
            "dorm",
            "mess",
            "storage",
            "admin corridor",
        ],
    );
    assert_move(&built, "admin corridor south", "north", "admin corridor");
}

#[test]
fn a_brief_room_met_for_the_first_time_is_the_dark_room_entered_the_same_way() {
    // The cellar is dark the first time; later, lit, the game prints only its title (it
    // counts as visited): that is the dark room, not a new one.
    let built = run(
        &[
            ("west", "Kitchen\nA kitchen with a table and a stove."),
            ("west", "Living Room\nYou are in the living room with a trophy case."),
            (
                "down",
                "You have moved into a dark place.\nIt is pitch black. You are likely to be eaten by a grue.",
            ),
            ("north", "Troll Room\nA small room with passages east and south."),
            ("east", "Temple\nA temple with an altar and a brass bell."),
            ("down", "Cellar"),
        ],
        &[
            "kitchen",
            "living room",
            "troll room",
            "temple",
            "cellar",
            "forest",
        ],
    );
    assert_move(&built, "living room", "down", "cellar");
    assert!(has_move(&built, "cellar", "north", "troll room"));
}

#[test]
fn a_room_whose_way_back_leads_elsewhere_is_not_where_skipped_steps_went() {
    // The court's way north is walked (to the hall): the steps to where the tower move
    // started were dropped. The garden is nearest with no way north walked, but it was
    // entered going south from the loft: its way north leads back there.
    let built = run(
        &[
            ("east", "Loft\nA loft."),
            ("south", "Garden\nA garden."),
            ("east", "Court\nA court."),
            ("north", "Hall\nA hall."),
            ("north", "Gallery\nA gallery."),
            ("south", "Hall\nA hall."),
            ("south", "Court\nA court."),
            ("north", "Tower\nA tower."),
        ],
        &["loft", "garden", "court", "hall", "gallery", "tower"],
    );
    assert_move(&built, "gallery", "north", "tower");
    assert!(!has_move(&built, "garden", "north", "tower"));
}

#[test]
fn a_room_whose_only_exit_is_another_way_is_not_where_the_move_started() {
    // The closet's only exit is south: the move west was made from a room the dropped steps
    // reached, not from the closet. A hidden way up or down is still allowed.
    let steps = [
        ("east", "Hall\nA hall."),
        (
            "north",
            "Closet\nA tiny closet. The only exit is back south.",
        ),
        ("west", "Cellar\nA damp cellar."),
    ];
    let built = run(&steps, &["hall", "closet", "cellar", "attic"]);
    assert_move(&built, "hall", "north", "closet");
    assert!(!has_move(&built, "closet", "west", "cellar"));
    let mut up = steps;
    up[2] = ("up", "Attic\nA dusty attic.");
    let built = run(&up, &["hall", "closet", "cellar", "attic"]);
    assert_move(&built, "closet", "up", "attic");
    // In a whole transcript (not every step a move) the player was in the closet: a puzzle
    // opened the way.
    let whole = [
        ("east", "Hall\nA hall."),
        (
            "north",
            "Closet\nA tiny closet. The only exit is back south.",
        ),
        ("push west wall", "The wall swings open."),
        ("west", "Cellar\nA damp cellar."),
    ];
    let built = run(&whole, &["hall", "closet", "cellar", "attic"]);
    assert_move(&built, "closet", "west", "cellar");
}

#[test]
fn skipped_steps_went_to_a_room_whose_text_speaks_of_the_way() {
    // The court's way north is walked (to the hall): the steps to where the tower move
    // started were dropped. The garden is nearest with no way north walked, but only the
    // gallery's text (below a blank line under its title) speaks of a way north.
    let built = run(
        &[
            ("east", "Garden\n\nA garden."),
            ("east", "Court\n\nA court."),
            ("north", "Hall\n\nA hall."),
            (
                "north",
                "Gallery\n\nA long gallery.\n\nAn arch leads north.",
            ),
            ("south", "Hall\n\nA hall."),
            ("south", "Court\n\nA court."),
            ("north", "Tower\n\nA tower."),
        ],
        &["garden", "court", "hall", "gallery", "tower"],
    );
    assert_move(&built, "gallery", "north", "tower");
    assert!(!has_move(&built, "garden", "north", "tower"));
}

#[test]
fn a_move_out_of_a_dead_end_started_in_the_room_whose_way_shares_its_words() {
    // The corridor ends in a wall, and its text speaks of no way on: the move north did not
    // start there. The corridor's doorway and the stairwell's stairways both go north,
    // unwalked; only the stairwell shares a word with the landing ("stairway").
    let built = run(
        &[
            (
                "east",
                "Stairwell\nA stairwell. Stairways leave it to the north and east.",
            ),
            (
                "east",
                "Corridor\nThe corridor goes east and west, with a doorway to the north.",
            ),
            ("east", "Blind End\nThe corridor ends in a blank wall."),
            (
                "north",
                "Landing\nA landing on the stairway. A passage leads east.",
            ),
        ],
        &["stairwell", "corridor", "blind end", "landing"],
    );
    assert_move(&built, "stairwell", "north", "landing");
    assert!(!has_move(&built, "blind end", "north", "landing"));
}

#[test]
fn sliding_down_the_sides_of_a_thing_left_the_room_on_top_of_it() {
    // Nothing showed the top of the saucer, but the reply says the player slid down its
    // sides: the move down started there, not on the ledge.
    let built = run(
        &[
            ("north", "Lakeside\nYou stand by a murky lake. A trail leads north."),
            (
                "north",
                "Ledge\nA small ledge above a drop. A saucer is parked below. The trail goes back south.",
            ),
            (
                "down",
                "You slide down the smooth, polished sides of the saucer...\n\nPlain\nA wide plain. A path leads northwest.",
            ),
        ],
        &["lakeside", "ledge", "plain", "on top of the saucer"],
    );
    assert_move(&built, "on top of the saucer", "down", "plain");
    assert!(!has_move(&built, "ledge", "down", "plain"));
}

#[test]
fn a_brief_arrival_is_not_a_room_whose_way_back_climbs_as_the_way_there_does() {
    // The ridge's path climbs to the west; of the two trails, the first climbs to the east
    // too, so a move west from the ridge cannot arrive there: it is the trail whose way
    // east leads down.
    let built = run(
        &[
            (
                "Init",
                "Trail\nThe trail continues up the mountain to the east, and downwards to the west.",
            ),
            ("west", "Valley\nA green valley. Paths lead east and north."),
            (
                "north",
                "Trail\nTwo trails lead down the mountain to the east and south.",
            ),
            (
                "north",
                "Ridge\nA windy ridge. The path climbs up to the west, and down to the south.",
            ),
            ("west", "Trail"),
        ],
        &[
            "trail (up east, down west)",
            "trail (down east, down south)",
            "valley",
            "ridge",
        ],
    );
    assert_move(&built, "ridge", "west", "trail (down east, down south)");
}

#[test]
fn a_move_no_room_walked_back_through_speaks_of_started_where_the_way_is_told() {
    // Neither the loft nor the foot of the ladder speaks of a way east, and each names the
    // way back of the move into it: the player walked back to the hall, whose passage
    // leads east.
    let built = run(
        &[
            (
                "north",
                "Hall\nA hall on the stairway. Stairs go down to the north and up to the \
                 south. A passage leads east.",
            ),
            (
                "north",
                "Foot of Ladder\nYou stand at the foot of a wooden ladder climbing a narrow \
                 shaft. To the south is the stairway up.",
            ),
            (
                "up",
                "Loft\nA dusty loft. Beams run north and south overhead. The ladder below \
                 is the way you came.",
            ),
            (
                "east",
                "Junction\nThe hallway goes east and west here with a branch north.",
            ),
        ],
        &["hall", "foot of ladder", "loft", "junction"],
    );
    assert_move(&built, "hall", "east", "junction");
}

#[test]
fn a_move_out_of_a_room_with_one_way_out_started_in_the_one_room_speaking_of_it() {
    // The closet's only way out is south: the move west started elsewhere, in the one room
    // whose text speaks of a way west still unwalked.
    let built = run(
        &[
            (
                "north",
                "Junction\nA corridor runs east and west here, with a branch north.",
            ),
            (
                "north",
                "Closet\nA tiny closet. The only way out is back south.",
            ),
            (
                "west",
                "Pit Edge\nA deep pit opens here. Another hall lies across it.",
            ),
        ],
        &["junction", "closet", "pit edge"],
    );
    assert_move(&built, "junction", "west", "pit edge");
}

#[test]
fn a_qualifier_pointing_a_way_does_not_point_at_a_room_of_its_own_title() {
    // Of the two "Outside" names that could be the crossroads, "restaurant to north" shares
    // the words north and east with its text, but its way north leads to another "Outside":
    // the qualifier would not point at one of its own kind.
    let built = run(
        &[
            ("east", "Video Store\nA video store."),
            (
                "east",
                "Outside\nYou are outside. You can go north, south, east or west.",
            ),
            ("north", "Outside\nYou are still outside. A dead end."),
        ],
        &[
            "video store",
            "outside (crossroads)",
            "outside (restaurant to north, mayer home to east)",
            "outside (dead end)",
        ],
    );
    assert_move(&built, "video store", "east", "outside (crossroads)");
    assert_move(
        &built,
        "outside (crossroads)",
        "north",
        "outside (dead end)",
    );
}

#[test]
fn a_move_into_a_thing_starts_in_the_room_the_thing_stands_in() {
    // The steps back from the castle to the main hall were dropped; one climbs into the
    // fireplace from the room it stands in.
    let built = run(
        &[
            ("north", "Castle\nA castle courtyard."),
            (
                "north",
                "Main Hall, by the Fireplace\nA great hall with a large fireplace.",
            ),
            ("south", "Castle\nA castle courtyard."),
            (
                "enter",
                "The Main Hall, by the Fireplace (in the Large Fireplace)\nSoot everywhere.",
            ),
        ],
        &[
            "gate",
            "castle",
            "main hall, by the fireplace",
            "the main hall, by the fireplace (in the large fireplace)",
        ],
    );
    assert_move(
        &built,
        "main hall, by the fireplace",
        "enter",
        "the main hall, by the fireplace (in the large fireplace)",
    );
    assert!(!has_move(
        &built,
        "castle",
        "enter",
        "the main hall, by the fireplace (in the large fireplace)"
    ));
}

#[test]
fn a_shared_title_named_the_way_back_is_the_one_named_by_the_arrival() {
    // The rail car ride between stations was dropped. The barracks' description puts "the
    // Railway Station" the way back; of the stations, one is named by the barracks.
    let built = run(
        &[
            ("north", "Main Hall\nA hall."),
            ("west", "Railway Station\nA station. You can see a rail car here."),
            (
                "west",
                "Soldiers' Barracks\nMounds of earth. To the east is the Railway Station, the Armory lies to the west.",
            ),
        ],
        &[
            "gate",
            "main hall",
            "railway station (main hall)",
            "railway station (soldiers' barracks)",
            "soldiers' barracks",
            "armory",
        ],
    );
    assert_move(
        &built,
        "railway station (soldiers' barracks)",
        "west",
        "soldiers' barracks",
    );
    assert!(!has_move(
        &built,
        "railway station (main hall)",
        "west",
        "soldiers' barracks"
    ));
}

#[test]
fn a_way_back_to_the_room_just_left_the_same_way_is_not_where_the_move_started() {
    // The geyser's way up was read as leading to the middle of the shaft (the climb from
    // the shaft base was dropped). Coming down from the middle to the base, then down
    // again: the middle's way down leads to the base, where the player is, so the geyser's
    // way back cannot say the move started in the middle.
    let built = run(
        &[
            (
                "east",
                "Geyser\nA round hole. A shaft heads up through the ceiling.",
            ),
            ("up", "Middle Shaft\nYou cling to the wall."),
            ("up", "Top of the Shaft\nThe top of the shaft."),
            ("down", "Middle Shaft\nYou cling to the wall."),
            ("down", "Shaft Base\nThe bottom of the shaft."),
            ("down", "Geyser\nA round hole."),
        ],
        &[
            "quarry",
            "geyser",
            "middle shaft",
            "top of the shaft",
            "shaft base",
        ],
    );
    assert_move(&built, "shaft base", "down", "geyser");
    assert!(!has_move(&built, "middle shaft", "down", "geyser"));
}

#[test]
fn a_move_through_a_thing_starts_where_the_thing_is_described_that_way() {
    // The steps back from the wings to the field were dropped: the player passed through
    // the turnstile, which the field's description puts east, the way of the move.
    let built = run(
        &[
            ("south", "In the Wings\nBackstage, among the props."),
            (
                "south",
                "Connection\nA field between the big top to the north and the midway to the east, where a banner hangs above a turnstile.",
            ),
            ("north", "In the Wings\nBackstage, among the props."),
            (
                "east",
                "You pass through the creaky turnstile.\n\nMidway Entrance\nThe midway continues east.",
            ),
        ],
        &["ring", "in the wings", "connection", "midway entrance"],
    );
    assert_move(&built, "connection", "east", "midway entrance");
    assert!(!has_move(&built, "in the wings", "east", "midway entrance"));
}

#[test]
fn a_title_inside_longer_names_is_told_by_their_other_words() {
    // "Narrow Hallway" is part of two listed names; the description says which.
    let built = run(
        &[
            ("south", "Landing\nA landing."),
            (
                "south",
                "Narrow Hallway\nYou are at the entrance of a narrow hallway which goes to the northeast.",
            ),
            (
                "northeast",
                "Narrow Hallway\nYou are at a bend in the Narrow Hallway. The hallway continues to the northwest and to the southwest.",
            ),
        ],
        &[
            "landing",
            "at a bend in the narrow hallway",
            "the entrance of a narrow hallway",
        ],
    );
    assert_move(
        &built,
        "landing",
        "south",
        "the entrance of a narrow hallway",
    );
    assert!(has_move(
        &built,
        "the entrance of a narrow hallway",
        "northeast",
        "at a bend in the narrow hallway"
    ));
}

#[test]
fn where_every_step_is_kept_the_lattice_alone_does_not_move_a_start() {
    // Paths around a church: the map is not flat (north, east, then south does not come back
    // beside the start), but every step is in the transcript, so each move started where the
    // step before it left the player.
    let steps = [
        (
            "east",
            "West Side of the Church\nA muddy trail leads around the church.",
        ),
        ("take limb", "Taken."),
        (
            "southeast",
            "Front of the Church\nTwo massive oak trees flank the sidewalk.",
        ),
        ("northwest", "West Side of the Church"),
        (
            "north",
            "North Side of the Church\nThe trees close in here.",
        ),
        (
            "east",
            "East Side of the Church\nA wide, graveled clearing.",
        ),
        ("south", "Front of the Church"),
    ];
    let built = run(&steps, &[]);
    assert_move(
        &built,
        "North Side of the Church",
        "east",
        "East Side of the Church",
    );
    assert_move(
        &built,
        "East Side of the Church",
        "south",
        "Front of the Church",
    );
}

#[test]
fn a_compass_word_inside_a_rooms_name_is_no_way_back() {
    // "Somewhere beyond lies the north tower." names a room; it does not place the way back
    // (north) towards it, so the move south into the greenhouse started in the yard.
    let built = run(
        &[
            ("out", "North Tower\nA tall tower. Ways lead inside."),
            ("in", "Hall\nA bare hall. Ways lead outside and east."),
            ("east", "Yard\nA muddy yard. Ways lead west and south."),
            (
                "south",
                "(first opening the oak door)\n\nGreenhouse\nGlass panes. Ways lead north. Somewhere beyond lies the north tower.",
            ),
        ],
        &[],
    );
    assert_move(&built, "Yard", "south", "Greenhouse");
}
