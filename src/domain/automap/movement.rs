//! Did the action try to move the player, and did the game refuse?
//!
//! An action is a move when it names one of the fourteen directions ("n", "go north", "climb
//! up", "exit", …). When the game's move verbs are known (`actions.json`), `in`/`enter` and
//! `out`/`exit` are written the way the game's own list spells them. Refusals ("You can't go
//! that way.", a closed door, a wall) are recognised by their usual phrasing; they only count
//! when the reply shows no room, since games also print such sentences on arrival.

use super::title::says_any;
use crate::domain::direction::{Direction, Label};

/// Reads an action as a move, spelling threshold moves the way `verbs` does (when given).
pub fn move_label(action: &str, verbs: &[String]) -> Option<Label> {
    let d = Direction::parse(action).or_else(|| {
        let lowered = action.trim().to_lowercase();
        match lowered.as_str() {
            "go in" | "get in" | "walk in" => Some(Direction::In),
            "go out" | "get out" | "walk out" => Some(Direction::Out),
            "go up" | "climb up" => Some(Direction::Up),
            "go down" | "climb down" => Some(Direction::Down),
            _ => None,
        }
    })?;
    let known = |x: Direction| {
        verbs
            .iter()
            .any(|v| v.trim().eq_ignore_ascii_case(x.as_str()))
    };
    let spelled = match d {
        Direction::In if !verbs.is_empty() && !known(d) && known(Direction::Enter) => {
            Direction::Enter
        }
        Direction::Enter if !verbs.is_empty() && !known(d) && known(Direction::In) => Direction::In,
        Direction::Out if !verbs.is_empty() && !known(d) && known(Direction::Exit) => {
            Direction::Exit
        }
        Direction::Exit if !verbs.is_empty() && !known(d) && known(Direction::Out) => {
            Direction::Out
        }
        other => other,
    };
    Some(Label::Dir(spelled))
}

/// Phrases with which games refuse a move.
const REFUSALS: &[&str] = &[
    "can't go that way",
    "cannot go that way",
    "can't go in that direction",
    "cannot go in that direction",
    "you can't go",
    "you cannot go",
    "there is no way",
    "there's no way",
    "no exit",
    "is closed",
    "is locked",
    "seems to be locked",
    "there is a wall",
    "there's a wall",
    "you can't",
    "you cannot",
    "you'd better not",
    "is in the way",
    "blocks your way",
    "you'll have to",
    "not that way",
    "i don't understand",
    "i don't know the word",
    "you can't see any such thing",
];

/// True if the reply reads like a refused move.
pub fn is_refusal(observation: &str) -> bool {
    says_any(observation, REFUSALS)
}

/// Verbs of the standard libraries (Infocom, Inform, TADS) that act on a thing at hand or ask
/// about the player, and never take the player anywhere: "take bone key", "unlock hatch with
/// iron key", "inventory". Not "get" ("get in", "get off the bench") nor "push", "pull",
/// "turn", "wait" or "sleep", which may move the player with the world.
const HANDLING: &[&str] = &[
    "take",
    "drop",
    "examine",
    "x",
    "read",
    "inventory",
    "i",
    "inv",
    "open",
    "close",
    "unlock",
    "lock",
    "search",
    "score",
];

/// True if the action is one no game answers by moving the player ([`HANDLING`]'s verbs).
pub fn handles_a_thing(action: &str) -> bool {
    action
        .split_whitespace()
        .next()
        .is_some_and(|v| HANDLING.contains(&v.to_lowercase().as_str()))
}

/// What a game says when a move did not go the way it was typed: a room that scrambles
/// directions (Zork II's carousel room), a passage that turns the player around.
const DISORIENTED: &[&str] = &[
    "which direction is which",
    "disoriented",
    "disorientation",
    "get your bearings",
];

/// True if the text says the player lost their sense of direction: the move started where
/// the player was, wherever it led.
pub fn is_disoriented(text: &str) -> bool {
    says_any(text, DISORIENTED)
}

/// The ways a room's description speaks of ("passages lead east and northeast", "a
/// north-south hall", "stairs lead up"), sorted and distinct. Compass ways by their words;
/// up and down also by what leads there (stairs, a ladder, a hole, a chimney).
pub fn mentioned_ways(description: &str) -> Vec<Direction> {
    const UP: &[&str] = &[
        "up", "upward", "upwards", "upstairs", "above", "ascend", "ascends", "climb", "overhead",
    ];
    const DOWN: &[&str] = &[
        "down",
        "downward",
        "downwards",
        "downstairs",
        "below",
        "descend",
        "descends",
        "hole",
        "pit",
        "trap",
    ];
    // What leads either way.
    const EITHER: &[&str] = &[
        "stairs",
        "stair",
        "staircase",
        "stairway",
        "stairways",
        "steps",
        "ladder",
        "chimney",
    ];
    let lower = description.to_lowercase();
    let mut out = Vec::new();
    for w in lower.split(|c: char| !c.is_alphanumeric()) {
        let d = match w {
            "north" | "northward" | "northern" => Some(Direction::North),
            "south" | "southward" | "southern" => Some(Direction::South),
            "east" | "eastward" | "eastern" => Some(Direction::East),
            "west" | "westward" | "western" => Some(Direction::West),
            "northeast" => Some(Direction::Northeast),
            "northwest" => Some(Direction::Northwest),
            "southeast" => Some(Direction::Southeast),
            "southwest" => Some(Direction::Southwest),
            _ => None,
        };
        out.extend(d);
        let either = EITHER.contains(&w);
        if either || UP.contains(&w) {
            out.push(Direction::Up);
        }
        if either || DOWN.contains(&w) {
            out.push(Direction::Down);
        }
    }
    // "four stairways leaving the room at the four compass points": every compass way.
    if lower.contains("compass points") {
        out.extend([
            Direction::North,
            Direction::South,
            Direction::East,
            Direction::West,
        ]);
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_and_their_spellings_are_moves() {
        assert_eq!(move_label("n", &[]), Some(Label::Dir(Direction::North)));
        assert_eq!(
            move_label("Go South", &[]),
            Some(Label::Dir(Direction::South))
        );
        assert_eq!(move_label("get lamp", &[]), None);
        assert_eq!(move_label("enter gazebo", &[]), None);
        let verbs = vec!["exit".to_string(), "north".to_string()];
        assert_eq!(move_label("out", &verbs), Some(Label::Dir(Direction::Exit)));
        assert_eq!(move_label("out", &[]), Some(Label::Dir(Direction::Out)));
    }

    #[test]
    fn a_scrambled_way_is_told_by_the_reply() {
        assert!(is_disoriented(
            "You're not sure which direction is which. This room is very disorienting."
        ));
        assert!(is_disoriented("You cannot get your bearings..."));
        assert!(!is_disoriented(
            "You are in a round room with exits north and east."
        ));
    }

    #[test]
    fn descriptions_speak_of_ways_by_their_words_and_what_leads_there() {
        use Direction::*;
        assert_eq!(
            mentioned_ways("A north-south hall. Stairs lead up; a passage leads northeast."),
            vec![North, South, Northeast, Up, Down]
        );
        assert_eq!(
            mentioned_ways("A small room. The only way out is back west."),
            vec![West]
        );
        assert!(mentioned_ways("A quiet room.").is_empty());
    }

    #[test]
    fn refusals_are_recognised() {
        assert!(is_refusal("You can't go that way."));
        assert!(is_refusal("The door is closed."));
        assert!(!is_refusal("You are in a small room."));
    }
}
