//! A listed room the game prints under another name (rule `renamed-title`).
//!
//! A location list gives the names a game's source calls its rooms; a game may print a room
//! under a name that shares nothing with it (Inform 7's `The printed name of Kitchen2 is
//! "Mildred's Dairy"`). Such a room's title matches no listed name, so without this rule it is
//! never on the map, the moves through it hang off its neighbours, and its listed name goes by
//! elimination to a room met in the dark. The evidence that pairs them, read from the whole
//! transcript before it is read move by move:
//!
//! * **a listed name never printed** — its words stand whole nowhere in the transcript, not in
//!   a title, a description or a command: no room shown could be it but one whose title hides
//!   it;
//! * **a recurring unlisted title** — a title-like line opening the reply to a move (or the
//!   opening reply), with a description under it, lit, that no listed name matches, printed on
//!   [`MIN_RETURNS`] arrivals or more: a room the player returns to, as a title is. With rule
//!   `renamed-brief` the arrivals are counted as the game prints them: a brief game describes a
//!   room on its first visit only, so one arrival described is enough and the bare returns
//!   count; the game's notes in parentheses ("(first opening the iron gate)") may stand before
//!   the title.
//!
//! When exactly one of each is found the title is that listed name. With two or more of either
//! nothing pairs them (a dark room's listed name is never printed either, and two unlisted
//! titles could each be either name), so the rule names nothing: a wrong pairing costs every
//! way through both rooms.

use super::gazetteer::Gazetteer;
use super::movement::move_label;
use super::title::{description_after, is_dark, is_note, lines, looks_like_title};
use crate::domain::formats::Step;
use crate::domain::names::title_key;
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

/// How many replies must open with an unlisted title before it is read as a room's: one could
/// be a heading that is no room (a chapter, a banner), two are a room the player came back to.
pub const MIN_RETURNS: usize = 2;

/// True when `name` (lowercase) stands in `text` (lowercase) whole: not inside a longer word.
fn stands_whole(text: &str, name: &str) -> bool {
    if name.is_empty() {
        return false;
    }
    let is_word = |c: char| c.is_alphanumeric();
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}

/// Where each alphanumeric run of a text starts: the index that lets [`Runs::holds_whole`]
/// answer [`stands_whole`] for every listed name in time linear in the text, not names × text.
struct Runs<'a> {
    at: FxHashMap<&'a str, Vec<usize>>,
}

impl<'a> Runs<'a> {
    fn of(text: &'a str) -> Runs<'a> {
        let mut at: FxHashMap<&str, Vec<usize>> = FxHashMap::default();
        for (start, run) in runs(text) {
            at.entry(run).or_default().push(start);
        }
        Runs { at }
    }

    /// [`stands_whole`]`(text, name)`, `text` the indexed one. A name standing whole at `i`
    /// has each of its runs standing as a whole run of the text at `i` + its offset in the
    /// name, so only the positions of its rarest run, shifted back, are tried.
    fn holds_whole(&self, text: &str, name: &str) -> bool {
        let best = runs(name)
            .map(|(offset, run)| (offset, self.at.get(run).map_or(&[][..], Vec::as_slice)))
            .min_by_key(|(_, starts)| starts.len());
        let Some((offset, starts)) = best else {
            // No alphanumeric run to index by: the plain scan.
            return stands_whole(text, name);
        };
        let is_word = |c: char| c.is_alphanumeric();
        starts.iter().any(|&s| {
            let Some(i) = s.checked_sub(offset) else {
                return false;
            };
            let (Some(before), Some(from)) = (text.get(..i), text.get(i..)) else {
                return false;
            };
            from.strip_prefix(name).is_some_and(|after| {
                !before.chars().next_back().is_some_and(is_word)
                    && !after.chars().next().is_some_and(is_word)
            })
        })
    }
}

/// The maximal runs of alphanumeric characters of `s`, with their byte offsets.
fn runs(s: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(b)) => {
                out.extend(s.get(b..i).map(|r| (b, r)));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(r) = start.and_then(|b| s.get(b..).map(|r| (b, r))) {
        out.push(r);
    }
    out.into_iter()
}

/// The title a reply opens with when it is a lit room's title the list does not match (its
/// key), and whether a description stands under it. With `as_printed` (rule `renamed-brief`)
/// the game's notes in parentheses before it are passed over ("(first opening the iron
/// gate)"); without, the title must open the reply and have a description.
fn unlisted_title(gaz: &Gazetteer, observation: &str, as_printed: bool) -> Option<(String, bool)> {
    let first = lines(observation)
        .into_iter()
        .find(|l| !(as_printed && is_note(&l.text)))?;
    if !looks_like_title(&first.text) || is_dark(observation) || gaz.sight(observation).is_some() {
        return None;
    }
    let described = !description_after(observation, first.index).is_empty();
    (described || as_printed).then_some((first.key, described))
}

/// The listed place a recurring unlisted title shows, as (title key, place index), when the
/// transcript holds exactly one listed name it never prints and exactly one such title. See
/// the module docs. `steps` are in the plain form the reader sees; `verbs` the game's move
/// verbs.
pub fn renamed_title(
    gaz: &Gazetteer,
    steps: &[Step],
    verbs: &[String],
    as_printed: bool,
) -> Option<(String, usize)> {
    if gaz.is_empty() {
        return None;
    }
    let text: String = steps
        .iter()
        .flat_map(|s| [s.action.to_lowercase(), s.observation.to_lowercase()])
        .collect::<Vec<_>>()
        .join("\n");
    let runs = Runs::of(&text);
    let mut never = gaz
        .places()
        .iter()
        .enumerate()
        .filter(|(_, p)| !runs.holds_whole(&text, &p.key));
    let (place, _) = never.next()?;
    if never.next().is_some() {
        return None;
    }
    // Per unlisted title: the arrivals it opens, and whether one of them described the room.
    let mut counts: BTreeMap<String, (usize, bool)> = BTreeMap::new();
    for (i, s) in steps.iter().enumerate() {
        if i > 0 && move_label(&s.action, verbs).is_none() {
            continue;
        }
        if let Some((key, described)) = unlisted_title(gaz, &s.observation, as_printed) {
            let c = counts.entry(key).or_default();
            c.0 += 1;
            c.1 |= described;
        }
    }
    let mut recurring = counts
        .into_iter()
        .filter(|(_, (n, described))| *n >= MIN_RETURNS && *described);
    let (title, _) = recurring.next()?;
    if recurring.next().is_some() {
        return None;
    }
    Some((title_key(&title), place))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(action: &str, observation: &str) -> Step {
        Step {
            num: 0,
            action: action.into(),
            observation: observation.into(),
        }
    }

    fn gaz(names: &[&str]) -> Gazetteer {
        Gazetteer::new(&names.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn a_recurring_unlisted_title_is_the_one_listed_name_never_printed() {
        let steps = [
            step("Init", "Yard\nMud everywhere."),
            step("north", "Mildred's Dairy\nPails stand in a row."),
            step("south", "Yard\nMud everywhere."),
            step("north", "Mildred's Dairy\nPails stand in a row."),
        ];
        let g = gaz(&["Yard", "Kitchen2"]);
        assert_eq!(
            renamed_title(&g, &steps, &[], false),
            Some(("mildred's dairy".to_string(), 1))
        );
        // A title printed once is no room yet; two names never printed leave it unpaired.
        assert_eq!(renamed_title(&g, &steps[..2], &[], false), None);
        assert_eq!(
            renamed_title(&gaz(&["Yard", "Kitchen2", "Cellar"]), &steps, &[], false),
            None
        );
    }

    #[test]
    fn a_brief_game_counts_its_bare_returns_and_passes_over_its_notes() {
        // A brief game: the dairy described on the first arrival only, then its bare title,
        // once after the game's note on the gate it opened first (rule `renamed-brief`).
        let steps = [
            step("Init", "Yard\nMud everywhere."),
            step("north", "Mildred's Dairy\nPails stand in a row."),
            step("south", "Yard"),
            step("north", "(first opening the iron gate)\nMildred's Dairy"),
            step("south", "Yard"),
            step("north", "Mildred's Dairy"),
        ];
        let g = gaz(&["Yard", "Kitchen2"]);
        assert_eq!(
            renamed_title(&g, &steps, &[], true),
            Some(("mildred's dairy".to_string(), 1))
        );
        // Counted only where a description stands under the title, the dairy arrives once.
        assert_eq!(renamed_title(&g, &steps, &[], false), None);
    }

    #[test]
    fn the_run_index_answers_as_the_plain_scan() {
        let text = "mildred's dairy\nthe larders lie west.\n(kitchen2) room 1 23, room 1 2";
        let runs = Runs::of(text);
        for name in [
            "mildred's dairy",
            "dairy",
            "larder",
            "larders",
            "kitchen2",
            "kitchen",
            "room 1 2",
            "room 1 23",
            "room 12",
            "(kitchen2)",
            "'s",
            "",
            "lie west.",
        ] {
            assert_eq!(
                runs.holds_whole(text, name),
                stands_whole(text, name),
                "{name}"
            );
        }
    }

    #[test]
    fn a_name_stands_whole_only_between_word_boundaries() {
        assert!(stands_whole("the larder lies west.", "larder"));
        assert!(!stands_whole("the larders lie west.", "larder"));
        assert!(!stands_whole("kitchen2", "kitchen"));
    }
}
