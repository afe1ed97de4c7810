//! Which room is this? Choosing among candidates for a destination or a source.
//!
//! The same title can be several rooms ("Hall" on three floors) and the same room can be shown
//! differently (a full description on the first visit, the title alone later). Each candidate —
//! a room already on the map, or a new room for a listed name — gets a score from the evidence:
//!
//! * **memory** — the current room already has an exit this way to the candidate, or the
//!   candidate has the opposite exit back to the current room;
//! * **geometry** — the conflict machinery itself: the candidate is tried on a copy of the map
//!   and every conflict it would add (a second target for one direction, a loop that does not
//!   close, two rooms on one lattice cell) counts against it;
//! * **text** — how well the listed name matches the reply (an exact title beats a shared one;
//!   a qualifier's words found in the description: "north to mcginty salvage" and "the McGinty
//!   Salvage office to the south"), and whether the description printed now is the one the
//!   candidate was first seen with;
//! * **novelty** — a reply with a full description suggests a first visit, the title alone a
//!   return.
//!
//! The weights are small integers chosen by hand; every choice is explained in the step's
//! analysis.

use super::cells::Cells;
use super::title::{same_word, words};
use crate::domain::analysis::{detect, Geometry};
use crate::domain::direction::{Direction, Label};
use crate::domain::map::{Map, Origin, RoomId};

/// A description's content words and whether it is long enough to identify a room.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Description {
    /// Content words, in order.
    pub words: Vec<String>,
}

/// The room's own prose in a reply's description: without the sentences that list what lies
/// about ("There is a nasty knife here.", "An ornamented sceptre … is here.", "You can also see
/// a lamp.") or count the player's things ("Your collection of treasures consists of: …").
/// Those change from visit to visit; the room's prose does not.
pub fn room_prose(text: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    for s in sentences(text) {
        // A list follows a colon; the sentence holding it runs to the next stop.
        if s.contains(':') {
            continue;
        }
        let lower = s.to_lowercase();
        let bare = lower.trim_end_matches(['.', '!', '?']).trim_end();
        // "You can see a lamp." lists things; "You can see your old cell door to the east"
        // shows the room's ways, as its prose does.
        let shows_a_way = lower
            .split(|c: char| !c.is_alphabetic())
            .any(|w| Direction::from_word(w).is_some_and(Direction::is_level));
        let listing = bare.ends_with(" here")
            || ((lower.starts_with("you can see") || lower.starts_with("you can also see"))
                && !shows_a_way);
        if !listing {
            out.push(s);
        }
    }
    out.join(" ")
}

/// What a game prints of someone else's comings and goings ("Count Dracula arrives from the
/// south.", "Bob has arrived from the north.", "The guard leaves to the east.", "A rat comes in
/// from below."): the standard reports of Inform's, TADS's and MUD servers' moving characters.
/// Such a sentence speaks of the mover's way, not of the room, and it changes from visit to
/// visit; `prose_without_passers_by` drops it (rule `passers-by`). Phrases, not single words:
/// a room's own prose says "the road goes south" or "a passage leads north", never "arrives
/// from" or "leaves to the", so "goes" and "leads" stay out of the list.
const PASSING: &[&str] = &[
    " arrives from ",
    " arrives at ",
    " arrived from ",
    " has arrived",
    " have arrived",
    " comes in from ",
    " come in from ",
    " leaves to the ",
    " departs ",
];

/// True if the sentence (lowercase) reports someone arriving or leaving ([`PASSING`]), or
/// leaving by a compass word ("bob leaves north.", a MUD's form).
fn reports_passing(lower: &str) -> bool {
    let padded = format!(" {lower} ");
    if PASSING.iter().any(|p| padded.contains(p)) {
        return true;
    }
    let ws: Vec<&str> = lower
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .collect();
    ws.windows(2)
        .any(|w| w[0] == "leaves" && Direction::from_word(w[1]).is_some())
}

/// The text without the sentences that report someone else arriving or leaving (rule
/// `passers-by`): what is left is what the game says of the room.
pub fn prose_without_passers_by(text: &str) -> String {
    sentences(text)
        .filter(|s| !reports_passing(&s.to_lowercase()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text's sentences, each to its stop ('.', '!' or '?') and trimmed, empty ones left out.
fn sentences(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || loop {
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(['.', '!', '?']).map_or(rest.len(), |i| i + 1);
        let (sentence, tail) = rest.split_at(end);
        rest = tail;
        let s = sentence.trim();
        if !s.is_empty() {
            return Some(s);
        }
    })
}

impl Description {
    /// Reads a description.
    pub fn new(text: &str) -> Description {
        Description { words: words(text) }
    }

    /// True if it has enough words to tell rooms apart (not just "There is a key here.").
    pub fn is_telling(&self) -> bool {
        self.words.len() >= 3
    }

    /// Share of distinct words in common (Jaccard).
    pub fn similarity(&self, other: &Description) -> f64 {
        let a: std::collections::BTreeSet<&String> = self.words.iter().collect();
        let b: std::collections::BTreeSet<&String> = other.words.iter().collect();
        let union = a.union(&b).count();
        if union == 0 {
            0.0
        } else {
            a.intersection(&b).count() as f64 / union as f64
        }
    }

    /// Share of `terms` found among the words (prefix matches count).
    pub fn coverage(&self, terms: &[String]) -> f64 {
        if terms.is_empty() {
            return 0.0;
        }
        let hit = terms
            .iter()
            .filter(|t| self.words.iter().any(|w| same_word(w, t)))
            .count();
        hit as f64 / terms.len() as f64
    }
}

/// The conflicts of a map (default semantics), counted.
pub fn conflict_count(map: &Map) -> usize {
    detect(map, &Geometry::infer(map)).len()
}

/// How many conflicts an observed exit `from → to` would add to `map`.
pub fn added_conflicts(map: &Map, base: usize, from: RoomId, to: RoomId, label: &Label) -> usize {
    if from == to || map.exits_between(from, to).any(|e| &e.label == label) {
        return 0;
    }
    let mut trial = map.clone();
    if trial
        .add_exit(from, to, label.clone(), Origin::Observed)
        .is_err()
    {
        return 0;
    }
    conflict_count(&trial).saturating_sub(base)
}

/// How many conflicts an observed exit `from → to` would add, judged locally (in time
/// proportional to the two rooms' exits): a second target for this direction from `from`, an
/// observed way back that is not the opposite direction, or else (one fact, one conflict, as in
/// the detector: a two-room loop is only a mismatch) a loop that does not close on the lattice or a landing on a cell another room
/// holds. [`added_conflicts`] counts exactly, at
/// the cost of analysing a copy of the whole map.
pub fn local_conflicts(
    map: &Map,
    geo: &Geometry,
    cells: &Cells,
    from: RoomId,
    to: RoomId,
    label: &Label,
) -> usize {
    if from == to || has_exit(map, from, to, label) {
        return 0;
    }
    let observed = |e: &&crate::domain::map::Exit| e.origin == Origin::Observed;
    let mut n = 0;
    let duplicate = map
        .exits_from(from)
        .filter(observed)
        .any(|e| &e.label == label && e.to != to);
    if duplicate {
        n += 1;
    }
    let back = label.opposite();
    let mismatch = map
        .exits_between(to, from)
        .filter(observed)
        .any(|e| Some(&e.label) != back.as_ref());
    if mismatch {
        n += 1;
    }
    if let Some(v) = label.vector().filter(|_| !duplicate && !mismatch) {
        // A room no observed move has placed yet (a lone frame of its own) lands where the move
        // puts it.
        let placed = map
            .exits_from(to)
            .chain(map.exits_to(to))
            .any(|e| e.origin == Origin::Observed && e.carries_geometry() && e.from != e.to);
        match (geo.position(from), geo.position(to).filter(|_| placed)) {
            (Some(pf), Some(pt))
                if geo.frame_of(from) == geo.frame_of(to)
                    && [pf[0] + v[0], pf[1] + v[1], pf[2] + v[2]] != pt =>
            {
                n += 1;
            }
            (Some(_), None) if cells.room_at(geo, from, v, Some(to)).is_some() => n += 1,
            _ => {}
        }
    }
    n
}

/// True if `from` has an observed exit labelled `label` to `to`.
pub fn has_exit(map: &Map, from: RoomId, to: RoomId, label: &Label) -> bool {
    map.exits_between(from, to)
        .any(|e| &e.label == label && e.origin == Origin::Observed)
}

/// True when any exit joins `a` and `b`, either way.
pub fn joined(map: &Map, a: RoomId, b: RoomId) -> bool {
    map.exits_between(a, b).next().is_some() || map.exits_between(b, a).next().is_some()
}

/// Where an observed exit labelled `label` from `from` leads, if anywhere (first one).
pub fn target(map: &Map, from: RoomId, label: &Label) -> Option<RoomId> {
    map.exits_from(from)
        .find(|e| &e.label == label && e.origin == Origin::Observed)
        .map(|e| e.to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::direction::Direction::*;

    #[test]
    fn someone_elses_comings_and_goings_are_not_the_rooms_prose() {
        assert_eq!(
            prose_without_passers_by(
                "A long hall. Bob has arrived from the north. The guard leaves east. A rat comes in from below. Count Dracula arrives from the south."
            ),
            "A long hall."
        );
        // A room's own ways stay, whatever verb they take.
        let prose = "The road goes south. A passage leads north; it leaves the hall by an arch.";
        assert_eq!(prose_without_passers_by(prose), prose);
    }

    #[test]
    fn descriptions_compare_by_shared_words() {
        let a = Description::new(
            "You are on the Wharf Road, with the McGinty Salvage office to the south.",
        );
        let b = Description::new(
            "You are on the Wharf Road, with the McGinty Salvage office to the south.",
        );
        let c = Description::new(
            "This is the east end of the road, near the ferry landing and the bank.",
        );
        assert!(a.similarity(&b) > 0.99);
        assert!(a.similarity(&c) < 0.3);
        assert!(a.coverage(&["mcginty".into(), "salvage".into(), "north".into()]) > 0.6);
        assert!(!Description::new("There is a key here.").is_telling());
        assert_eq!(
            room_prose("You are in the living room. There is a nasty knife here. An ornamented sceptre, tapering to a sharp point, is here. Your collection of treasures consists of: A platinum bar A crystal skull. You can also see a lamp. A door leads west."),
            "You are in the living room. A door leads west."
        );
        // A view of the room's ways is its prose, not a list of things.
        assert_eq!(
            room_prose("A section of corridor. You can see your old cell door to the east."),
            "A section of corridor. You can see your old cell door to the east."
        );
        assert!(
            Description::new("The trail continues up the mountain to the northeast.").is_telling()
        );
    }

    #[test]
    fn a_second_target_for_one_direction_is_a_conflict() {
        let mut m = Map::new();
        let a = m.add_room("a");
        let b = m.add_room("b");
        let c = m.add_room("c");
        m.add_exit(a, b, North, Origin::Observed).unwrap();
        let base = conflict_count(&m);
        assert_eq!(added_conflicts(&m, base, a, b, &North.into()), 0);
        assert!(added_conflicts(&m, base, a, c, &North.into()) >= 1);
        assert_eq!(target(&m, a, &North.into()), Some(b));
        let geo = Geometry::infer(&m);
        let cells = Cells::of(&geo);
        assert_eq!(cells.room_at(&geo, a, [0, 1, 0], None), Some(b));
        assert_eq!(local_conflicts(&m, &geo, &cells, a, b, &North.into()), 0);
        assert_eq!(
            local_conflicts(&m, &geo, &cells, a, c, &North.into()),
            1,
            "a second target"
        );
        assert_eq!(
            local_conflicts(&m, &geo, &cells, b, c, &South.into()),
            1,
            "a's cell is taken"
        );
        let e = m.add_room("e");
        m.add_exit(b, e, East, Origin::Observed).unwrap();
        let geo = Geometry::infer(&m);
        let cells = Cells::of(&geo);
        assert_eq!(
            local_conflicts(&m, &geo, &cells, e, a, &South.into()),
            1,
            "a loop that does not close"
        );
        assert_eq!(
            local_conflicts(&m, &geo, &cells, e, b, &West.into()),
            0,
            "the way back"
        );
        // A way back that is not the opposite direction is one conflict, not also a loop.
        assert_eq!(
            local_conflicts(&m, &geo, &cells, b, a, &Southeast.into()),
            1
        );
    }
}
