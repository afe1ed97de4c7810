//! A transcript's own refusal lines, learned from the transcript: the reply a game gives to a
//! move that goes nowhere ("You can't go that way.", "The hedge is too thick to pass.",
//! "Alas, you cannot go that way...") in whatever words the game uses.
//!
//! In a transcript with other commands than moves, a move whose reply shows no room was refused
//! anyway; this matters where every step is a move (a cleaned walkthrough, a walk log), where a
//! reply that shows no room may be a room that prints no title. A line is learned as a refusal
//! when it shows no title, is not darkness, and
//! * answers moves in two different directions with no room shown in between, after the same
//!   room's title (the player bumped twice and stayed where they were), and
//! * does so after the titles of two or more rooms: a game refuses wherever the player bumps,
//!   while a one-line maze description ("You are in a maze of twisty little passages, all
//!   alike.") answers moves only inside the maze, entered from one room, and a game with no
//!   titles at all has no rooms to tell apart by this.

use super::movement::move_label;
use super::title::{is_dark, looks_like_title};
use crate::domain::direction::Label;
use crate::domain::formats::Step;
use std::collections::{HashMap, HashSet};

/// A reply as a key: its words, lowercase, whitespace made single.
pub fn refusal_key(observation: &str) -> String {
    observation
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The title a reply shows, if a line of it looks like one (the last such line).
fn shown_title(observation: &str) -> Option<String> {
    observation
        .lines()
        .rfind(|l| looks_like_title(l))
        .map(|l| l.trim().to_lowercase())
}

/// The refusal lines of a transcript (as [`refusal_key`]s). See the module docs.
///
/// # Complexity
/// O(T) for T characters of text.
pub fn learn_refusals(steps: &[Step], verbs: &[String]) -> HashSet<String> {
    // Per line: the rooms (titles) after which it answered two directions within one stay.
    let mut rooms_of: HashMap<String, HashSet<String>> = HashMap::new();
    // The line's directions in the current stay, per line, and the room of that stay.
    let mut stay: HashMap<String, HashSet<Label>> = HashMap::new();
    let mut room: Option<String> = None;
    for s in steps {
        if let Some(t) = shown_title(&s.observation) {
            room = Some(t);
            stay.clear();
            continue;
        }
        let (Some(label), Some(r)) = (move_label(&s.action, verbs), room.as_ref()) else {
            continue;
        };
        if is_dark(&s.observation) || s.observation.trim().is_empty() {
            continue;
        }
        let key = refusal_key(&s.observation);
        let ways = stay.entry(key.clone()).or_default();
        ways.insert(label);
        if ways.len() >= 2 {
            rooms_of.entry(key).or_default().insert(r.clone());
        }
    }
    rooms_of
        .into_iter()
        .filter(|(_, rooms)| rooms.len() >= 2)
        .map(|(k, _)| k)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(list: &[(&str, &str)]) -> Vec<Step> {
        list.iter()
            .enumerate()
            .map(|(i, (a, o))| Step {
                num: i as i64,
                action: a.to_string(),
                observation: o.to_string(),
            })
            .collect()
    }

    #[test]
    fn a_line_that_turns_moves_back_in_two_rooms_is_a_refusal() {
        let walk = steps(&[
            ("north", "Garden\nA walled garden."),
            ("east", "The hedge is too thick."),
            ("west", "The hedge is too thick."),
            ("north", "Orchard\nApple trees."),
            ("east", "The hedge is too thick."),
            ("north", "The hedge is too thick."),
        ]);
        let learned = learn_refusals(&walk, &[]);
        assert!(learned.contains(&refusal_key("The hedge is too thick.")));
    }

    #[test]
    fn a_maze_line_met_from_one_room_is_no_refusal() {
        let walk = steps(&[
            ("north", "Cave\nA cave."),
            (
                "down",
                "You are in a maze of twisty little passages, all alike.",
            ),
            (
                "east",
                "You are in a maze of twisty little passages, all alike.",
            ),
            (
                "south",
                "You are in a maze of twisty little passages, all alike.",
            ),
            ("up", "Cave\nA cave."),
        ]);
        assert!(learn_refusals(&walk, &[]).is_empty());
    }
}
