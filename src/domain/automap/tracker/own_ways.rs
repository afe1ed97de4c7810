//! A game's own directions (rule `own-ways`): ways that are no compass word at all.
//!
//! Inform 7 lets a story make directions of its own ("Fore is a direction. The opposite of fore
//! is aft.", a hex grid's "forward left", "spinward") and often refuses the compass where they
//! apply. [`super::learned_ways`] reads a word that stands for a compass way ("white" for
//! north) from the compass moves that join the same rooms; a word with no compass meaning has
//! no such witness, and its moves made no way. Three parts read them:
//!
//! * **the word** ([`Tracker::learn_own_words`], before the walk is read): an action of at most
//!   [`OWN_WAY_MAX_WORDS`] words with no object the compass knows, "go" before it or not, whose
//!   reply opens with a room's title other than the one shown last at least
//!   [`OWN_WAY_MIN_MOVES`] times, and otherwise only with a refusal, never with a reply that
//!   shows no room ("look" shows the same title, "inventory" none). Its reply's new title is
//!   then an arrival, as a compass move's is, where a title in the reply to an action that is
//!   no move would ask for a telling description first ([`super::destination`]).
//! * **its spelling** ([`full_names`]): a player types "bl" for "backward left", "f" or "back"
//!   for "backward"; the transcript never spells the game's name of the way for the
//!   abbreviation, so a word is read as another one's short form when it is its initials or its
//!   beginning and the two never lead from one room to two places. The longest spelling is the
//!   way's name, the one the game's own source gives it.
//! * **the way** ([`Tracker::own_ways`], a hindsight stage after the compass words are learnt):
//!   each such relocation from a room the walk never left by a compass way becomes an observed
//!   exit labelled by the way's name ([`Label::Free`]): drawn and walked by the route finder,
//!   never placed on the lattice. From a room left by the compass too, a word no compass move
//!   witnesses is more likely a compass way the walk could not witness ("aft" understood as
//!   south, used once): it is left as it was read.

use super::Tracker;
use crate::domain::automap::identity::target;
use crate::domain::automap::movement::{is_refusal, move_label};
use crate::domain::automap::title::{bare_title, lines, looks_like_title};
use crate::domain::automap::weights::{OWN_WAY_MAX_WORDS, OWN_WAY_MIN_MOVES};
use crate::domain::direction::Label;
use crate::domain::formats::Step;
use crate::domain::map::{Origin, RoomId};
use std::collections::{BTreeMap, HashMap, HashSet};

/// The way an action names: the action without a leading "go" ("go fore" is "fore").
pub(super) fn way_word(action: &str) -> String {
    let a = action.trim().to_lowercase();
    match a.strip_prefix("go ") {
        Some(rest) if !rest.trim().is_empty() => rest.trim().to_string(),
        _ => a,
    }
}

/// The title a reply opens with, bare, if its first line (a picture's lines aside) is one.
fn opening_title(observation: &str) -> Option<String> {
    let first = lines(observation).into_iter().next()?;
    looks_like_title(&first.text).then(|| bare_title(&first.text).to_lowercase())
}

/// True when `short` may be a player's short form of `long`: its initials ("bl" for "backward
/// left") or, for one word, its beginning ("f", "back" for "backward").
fn abbreviates(short: &str, long: &str) -> bool {
    if short.len() >= long.len() || short.contains(' ') {
        return false;
    }
    let words: Vec<&str> = long.split_whitespace().collect();
    let initials: String = words.iter().filter_map(|w| w.chars().next()).collect();
    (words.len() > 1 && short == initials) || (words.len() == 1 && long.starts_with(short))
}

/// Per word typed, the way's name: the word itself, or the one full spelling (a word that
/// shortens no other) it abbreviates among `moves`' words when the two never lead from one room
/// to two places (with two such spellings, the word keeps its own name).
fn full_names(moves: &BTreeMap<String, Vec<(RoomId, RoomId)>>) -> HashMap<String, String> {
    let agree = |a: &[(RoomId, RoomId)], b: &[(RoomId, RoomId)]| {
        a.iter()
            .all(|(f, t)| b.iter().all(|(g, u)| f != g || t == u))
    };
    moves
        .iter()
        .map(|(word, walked)| {
            // Only a full spelling, one that shortens no other word, is a name: "b" is short
            // for "backward", not for "back", itself short for "backward".
            let longer: Vec<&String> = moves
                .iter()
                .filter(|(other, theirs)| {
                    abbreviates(word, other)
                        && agree(walked, theirs)
                        && !moves.keys().any(|third| abbreviates(other, third))
                })
                .map(|(other, _)| other)
                .collect();
            let name = match longer[..] {
                [one] => one.clone(),
                _ => word.clone(),
            };
            (word.clone(), name)
        })
        .collect()
}

impl Tracker<'_> {
    /// The actions this transcript uses as ways of its own (see the module docs), as typed
    /// (lowercase, trimmed).
    pub(super) fn learn_own_words(&self, steps: &[Step]) -> HashSet<String> {
        if !self.rules.on("own-ways") {
            return HashSet::new();
        }
        let mut moved: HashMap<String, usize> = HashMap::new();
        let mut stayed: HashSet<String> = HashSet::new();
        let mut last: Option<String> = None;
        for step in steps {
            let action = step.action.trim().to_lowercase();
            let title = opening_title(&step.observation);
            let candidate = !action.is_empty()
                && action.split_whitespace().count() <= OWN_WAY_MAX_WORDS
                && move_label(&action, self.verbs).is_none();
            if candidate {
                match (&title, &last) {
                    (Some(t), Some(l)) if t != l => *moved.entry(action.clone()).or_default() += 1,
                    (Some(_), _) => {}
                    (None, _) if is_refusal(&step.observation) => {}
                    (None, _) => {
                        stayed.insert(action.clone());
                    }
                }
            }
            if title.is_some() {
                last = title;
            }
        }
        let habit: HashSet<String> = moved
            .iter()
            .filter(|(a, n)| **n >= OWN_WAY_MIN_MOVES && !stayed.contains(*a))
            .map(|(a, _)| way_word(a))
            .collect();
        // A short form of such a way ("spin" for "spinward") counts with it: the spelling is
        // the evidence its fewer uses lack.
        let words: HashSet<String> = moved
            .into_iter()
            .filter(|(a, n)| {
                !stayed.contains(a)
                    && (*n >= OWN_WAY_MIN_MOVES
                        || habit.iter().any(|h| abbreviates(&way_word(a), h)))
            })
            .map(|(a, _)| a)
            .collect();
        // An action of more words is a way's name only when its first word is a way of the
        // game's own too ("forward right" beside "forward"): otherwise it is a verb and its
        // object ("climb ladder", "enter tent"), which other rules read.
        let single: HashSet<String> = words
            .iter()
            .map(|w| way_word(w))
            .filter(|w| !w.contains(' '))
            .collect();
        words
            .into_iter()
            .filter(|w| {
                way_word(w)
                    .split_whitespace()
                    .next()
                    .is_some_and(|first| single.contains(first))
            })
            .collect()
    }

    /// Hindsight stage `own ways`: every relocation by one of the transcript's own words that
    /// no stage made a move becomes an observed exit labelled by the way's name.
    pub(super) fn own_ways(&mut self, steps: &[Step]) {
        if self.own_words.is_empty() {
            return;
        }
        // Rooms the walk left by a compass way: there a word with no compass witness is more
        // likely a compass way the walk could not witness ("aft" understood as south, used
        // once) than a direction of its own; a game of its own directions refuses the compass.
        let compass_rooms: HashSet<RoomId> = self
            .map
            .exits()
            .filter(|e| e.origin == Origin::Observed)
            .filter(|e| e.label.direction().is_some_and(|d| d.vector().is_some()))
            .map(|e| e.from)
            .collect();
        let mut moves: BTreeMap<String, Vec<(usize, RoomId, RoomId)>> = BTreeMap::new();
        for (k, (step, o)) in steps.iter().zip(&self.outcomes).enumerate() {
            let action = step.action.trim().to_lowercase();
            if o.moved || !self.own_words.contains(&action) {
                continue;
            }
            let from = k
                .checked_sub(1)
                .and_then(|j| self.outcomes.get(j))
                .and_then(|p| p.to);
            if let (Some(from), Some(to)) = (from, o.to) {
                if from != to && !compass_rooms.contains(&from) {
                    moves
                        .entry(way_word(&action))
                        .or_default()
                        .push((k, from, to));
                }
            }
        }
        let walked: BTreeMap<String, Vec<(RoomId, RoomId)>> = moves
            .iter()
            .map(|(w, m)| (w.clone(), m.iter().map(|&(_, f, t)| (f, t)).collect()))
            .collect();
        let names = full_names(&walked);
        let name_of = |word: &String| names.get(word).cloned().unwrap_or_else(|| word.clone());
        // A way is a habit of the walk from rooms no compass way left ([`OWN_WAY_MIN_MOVES`],
        // its spellings counted together): one such move is as likely a compass way used once.
        let mut uses: HashMap<String, usize> = HashMap::new();
        for (word, list) in &moves {
            *uses.entry(name_of(word)).or_default() += list.len();
        }
        for (word, list) in moves {
            let name = name_of(&word);
            if uses.get(&name).copied().unwrap_or(0) < OWN_WAY_MIN_MOVES {
                continue;
            }
            let label = Label::Free(name.clone());
            for (k, from, to) in list {
                match target(&self.map, from, &label) {
                    Some(t) if t != to => continue,
                    Some(_) => {}
                    None => self.add_observed(from, to, &label),
                }
                if let Some(o) = self.outcomes.get_mut(k) {
                    o.from = Some(from);
                    o.label = Some(label.clone());
                    o.moved = true;
                    o.note = format!("{}; \"{name}\" is a way of this game's own", o.note);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_forms_are_initials_or_beginnings() {
        assert!(abbreviates("bl", "backward left"));
        assert!(abbreviates("f", "forward"));
        assert!(abbreviates("back", "backward"));
        assert!(!abbreviates("fl", "forward"));
        assert!(!abbreviates("forward", "forward"));
        assert!(!abbreviates("b", "backward left"));
    }

    #[test]
    fn a_short_form_takes_the_name_it_agrees_with() {
        let r = |i| RoomId(i);
        let mut moves = BTreeMap::new();
        moves.insert("backward".to_string(), vec![(r(0), r(1))]);
        moves.insert("b".to_string(), vec![(r(2), r(3))]);
        moves.insert("fore".to_string(), vec![(r(0), r(4))]);
        moves.insert("f".to_string(), vec![(r(0), r(5))]);
        let names = full_names(&moves);
        assert_eq!(names["b"], "backward");
        // "f" from room 0 leads elsewhere than "fore" from room 0: no short form of it.
        assert_eq!(names["f"], "f");
        assert_eq!(names["fore"], "fore");
        // "back" is itself short for "backward": "b" is short for the full spelling only.
        moves.insert("back".to_string(), vec![(r(6), r(7))]);
        let names = full_names(&moves);
        assert_eq!(names["b"], "backward");
        assert_eq!(names["back"], "backward");
    }

    #[test]
    fn go_before_a_way_is_dropped() {
        assert_eq!(way_word("go fore"), "fore");
        assert_eq!(way_word("Aft"), "aft");
        assert_eq!(way_word("go"), "go");
    }
}
