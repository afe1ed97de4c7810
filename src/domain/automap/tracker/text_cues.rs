//! What a room's own text says of its ways, read from the words: the exits it lists, the only
//! ways it names, a dead end, a slope, a thing passed through, a room left.

use crate::domain::automap::movement::mentioned_ways;
use crate::domain::automap::title::{exits_listed, stem, words};
use crate::domain::direction::{Direction, Label};

/// The exits a reply lists ("Obvious exits: North, South, Up." → north, south, up), sorted.
pub(super) fn listed_exits(obs: &str) -> Option<Vec<String>> {
    obs.lines().find_map(|l| {
        let rest = exits_listed(l)?;
        let mut out: Vec<String> = words(&rest);
        out.sort();
        out.dedup();
        Some(out)
    })
}

/// The ways a list of exits names ("north", "n", "up"), if it is a list of ways: it names at
/// least one, or says there are none.
pub(super) fn listed_ways(exits: &[String]) -> Option<Vec<Direction>> {
    let mut out: Vec<Direction> = exits.iter().filter_map(|w| Direction::parse(w)).collect();
    out.sort();
    out.dedup();
    (!out.is_empty() || exits == ["none"]).then_some(out)
}

/// The ways a description says are the only ones out ("The only exit is back east into the
/// living room.", "The only way out is to the north."), with up and down, which such rooms
/// often have unmentioned (a trapdoor, a chimney); `None` when it says no such thing.
pub(super) fn sole_ways(description: &str) -> Option<Vec<Direction>> {
    const SOLE: &[&str] = &[
        "only exit",
        "only way out",
        "only ways out",
        "only way you can go",
        "only way to go",
    ];
    let mut out: Vec<Direction> = description
        .split(['.', '!', '?', ';'])
        .filter(|s| {
            let l = s.to_lowercase();
            SOLE.iter().any(|p| l.contains(p))
        })
        .flat_map(|s| {
            words(s)
                .into_iter()
                .filter_map(|w| Direction::from_word(&w))
        })
        .filter(|d| d.vector().is_some())
        .collect();
    if out.is_empty() {
        return None;
    }
    out.extend([Direction::Up, Direction::Down]);
    out.sort();
    out.dedup();
    Some(out)
}

/// True when a sentence of the description says the place ends here and names no way on ("The
/// hall ends in another glass-covered wall.", "The corridor ends here.", "a dead end"): a dead
/// end, left only the way the player came.
pub(super) fn says_dead_end(description: &str) -> bool {
    const ENDS: &[&str] = &[
        "ends here",
        "ends in ",
        "ends at ",
        "ends against ",
        "dead end",
    ];
    description.split(['.', '!', '?', ';']).any(|s| {
        let l = s.to_lowercase();
        ENDS.iter().any(|p| l.contains(p)) && mentioned_ways(s).is_empty()
    })
}

/// Whether the description says compass way `way` leads up (+1) or down (-1): the nearest
/// word of climbing or descending before the way's word in its sentence ("The trail continues
/// up the mountain to the west, and downwards to the east." → west up, east down; "Two trails
/// lead down the mountain to the southwest and east." → both down). `None` when no sentence
/// says, or sentences disagree.
pub(super) fn slope(description: &str, way: Direction) -> Option<i8> {
    const UP: &[&str] = &["up", "upward", "upwards", "uphill", "ascends", "climbs"];
    const DOWN: &[&str] = &["down", "downward", "downwards", "downhill", "descends"];
    let mut found: Option<i8> = None;
    for sentence in description.split(['.', '!', '?', ';']) {
        let mut last: Option<i8> = None;
        for w in sentence
            .to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
        {
            if UP.contains(&w) {
                last = Some(1);
            } else if DOWN.contains(&w) {
                last = Some(-1);
            } else if Direction::from_word(w) == Some(way) {
                if let Some(l) = last {
                    if found.is_some_and(|f| f != l) {
                        return None;
                    }
                    found = Some(l);
                }
            }
        }
    }
    found
}

/// The stems of the words that are not ways ("buzzing" and "buzzes" alike; "north" left out):
/// what a text says of a place's things, to compare with another's.
pub(super) fn stems(ws: &[String]) -> std::collections::BTreeSet<String> {
    ws.iter()
        .filter(|w| Direction::parse(w).is_none())
        .map(|w| stem(w).to_string())
        .collect()
}

/// True when listed ways rule a move out: it goes a compass or vertical way they do not name.
/// Threshold ways (in, out) are seldom listed and never ruled out.
pub(super) fn unlisted(ways: &[Direction], label: &Label) -> bool {
    label
        .direction()
        .filter(|d| d.vector().is_some())
        .is_some_and(|d| !ways.contains(&d))
}

/// The clauses of a listed name's qualifier, lowercased: the comma- or semicolon-separated parts
/// of what follows its first "(" ("t-intersection (east/west/south, west to round room)" →
/// "east/west/south", "west to round room"); none without a qualifier.
fn qualifier_clauses(name: &str) -> impl Iterator<Item = String> + '_ {
    name.find('(')
        .map(|open| &name[open + 1..])
        .into_iter()
        .flat_map(|qualifier| qualifier.trim_end_matches(')').split([',', ';']))
        .map(|clause| clause.trim().to_lowercase())
}

/// The "<direction> to <room>" clauses of a listed name's qualifier ("t-intersection
/// (east/west/south, west to round room)" → west, [round, room]).
pub(super) fn relative_places(name: &str) -> Vec<(Direction, Vec<String>)> {
    qualifier_clauses(name)
        .filter_map(|clause| {
            let (dir, rest) = clause.split_once(" to ")?;
            let d = Direction::from_word(dir.trim())?;
            let target = words(rest);
            (!target.is_empty()).then_some((d, target))
        })
        .collect()
}

/// The words of each part of `text` (cut at `stops`) that names `way` and no other compass way:
/// "To the west is the stairway to the round room." for west. With `capital_names` (rule
/// `capital-ways`) a compass word written capitalised after a part's first word is part of a
/// printed name, not a way: "Chart Room, North Side lies to the south." names south only.
pub(super) fn only_way<'t>(
    text: &'t str,
    stops: &'t [char],
    way: Direction,
    capital_names: bool,
) -> impl Iterator<Item = Vec<String>> + 't {
    text.split(stops).filter_map(move |part| {
        let mut ways = part
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .enumerate()
            .filter(|(i, w)| !(capital_names && *i > 0 && w.starts_with(char::is_uppercase)))
            .filter_map(|(_, w)| Direction::from_word(&w.to_lowercase()))
            .filter(|d| d.vector().is_some())
            .peekable();
        (ways.peek().is_some() && ways.all(|d| d == way)).then(|| words(part))
    })
}

/// The ways of a listed name's qualifier that point at something else ("outside (restaurant
/// to north, mayer home to east)" → north, east): its "<thing> to <direction>" clauses.
pub(super) fn pointed_ways(name: &str) -> Vec<Direction> {
    qualifier_clauses(name)
        .filter_map(|clause| {
            let (thing, dir) = clause.rsplit_once(" to ")?;
            let d = Direction::from_word(dir.trim()).filter(|d| d.vector().is_some())?;
            let thing = words(thing);
            (!thing.is_empty() && thing.iter().all(|w| Direction::from_word(w).is_none()))
                .then_some(d)
        })
        .collect()
}

/// True when `text` speaks of the compass or vertical way `label` ([`mentioned_ways`]).
pub(super) fn mentions(text: &str, label: &Label) -> bool {
    label
        .direction()
        .filter(|d| d.vector().is_some())
        .is_some_and(|d| mentioned_ways(text).contains(&d))
}

/// The last word of each thing the text says the player went through ("You pass through the
/// creaky turnstile." → turnstile).
pub(super) fn passed_things(text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    let mut out = Vec::new();
    let mut rest = lower.as_str();
    while let Some(i) = rest.find("through ") {
        let after = &rest[i + "through ".len()..];
        let end = after
            .find(['.', ',', ';', '!', '?', '\n'])
            .unwrap_or(after.len());
        if let Some(w) = words(&after[..end]).pop() {
            out.push(w);
        }
        rest = after;
    }
    out
}

/// True when `run` (not empty) stands whole, word for word, somewhere in `ws`.
pub(super) fn holds_run(ws: &[String], run: &[String]) -> bool {
    !run.is_empty() && ws.windows(run.len()).any(|w| w == run)
}

/// The one item of `items`, if there is exactly one.
pub(super) fn the_only<T>(mut items: impl Iterator<Item = T>) -> Option<T> {
    let first = items.next()?;
    items.next().is_none().then_some(first)
}

/// Words after which a reply says where the player went ("You step into the den", "You
/// enter the vault").
const ARRIVAL_CUES: &[&str] = &["into", "enter", "entered", "reach", "reached"];

/// The phrases a text says the player went into: after an arrival cue ([`ARRIVAL_CUES`]), up
/// to the end of the clause (a stop, a comma, "where", "to", "and"), each as its content words
/// ("You step into the brightly lit gray kitchen where …" → brightly, lit, gray, kitchen).
pub(super) fn arrival_phrases(text: &str) -> Vec<Vec<String>> {
    const ENDS: &[&str] = &["where", "to", "and", "with", "which", "that", "as", "but"];
    let mut out = Vec::new();
    for clause in text
        .to_lowercase()
        .split(['.', '!', '?', ',', ';', ':', '\n'])
    {
        let tokens: Vec<&str> = clause.split_whitespace().collect();
        for (i, t) in tokens.iter().enumerate() {
            if !ARRIVAL_CUES.contains(t) {
                continue;
            }
            let phrase: Vec<&str> = tokens[i + 1..]
                .iter()
                .take_while(|w| !ENDS.contains(w))
                .copied()
                .collect();
            let ws = words(&phrase.join(" "));
            if !ws.is_empty() {
                out.push(ws);
            }
        }
    }
    out
}

/// The words of what a text says the player left: the phrases after "out of", "off", "from",
/// "leave" ("You get out of the rail car." → rail, car), and the thing whose sides the player
/// went down ("You slide down the smooth, polished sides of the saucer." → saucer: one slides
/// down a thing's sides from its top).
pub(super) fn leaving_words(text: &str) -> Vec<String> {
    let lower = format!(" {} ", text.to_lowercase());
    let mut out = Vec::new();
    for marker in [" out of ", " off ", " from ", " leave ", " leaving "] {
        let mut rest = lower.as_str();
        while let Some(i) = rest.find(marker) {
            let after = &rest[i + marker.len()..];
            let end = after
                .find(['.', ',', ';', '!', '?', '\n'])
                .unwrap_or(after.len());
            out.extend(words(&after[..end]));
            rest = after;
        }
    }
    // "You slide down the smooth, polished sides of the saucer.": the player was on top of it.
    for sentence in lower.split(['.', ';', '!', '?', '\n']) {
        let Some(down) = sentence.find(" down the ") else {
            continue;
        };
        let tail = &sentence[down..];
        if let Some(i) = [" sides of ", " side of "]
            .iter()
            .find_map(|m| tail.find(m).map(|i| i + m.len()))
        {
            out.extend(words(&tail[i..]));
        }
    }
    out
}

/// Words by which the text before a title says the player left a room ([`Tracker::left_alike`]).
pub(super) const LEAVING: &[&str] = &["leave", "leaving"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capitalised_compass_word_inside_a_printed_name_is_no_way() {
        let text = "Portraits line the walls. Crypt, North Side lies to the south.";
        let south = |capital: bool| only_way(text, &['.'], Direction::South, capital).count();
        // Rule `capital-ways`: "North" is part of the crypt's printed name.
        assert_eq!(south(true), 1);
        // Without it the sentence speaks of north and south, so of no one way.
        assert_eq!(south(false), 0);
        // A way written in lowercase is still a way.
        let plain = "The crypt lies north, then south.";
        assert_eq!(only_way(plain, &['.'], Direction::South, true).count(), 0);
    }
}
