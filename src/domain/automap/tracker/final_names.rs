//! The names rooms end with: every room of a shared title gets one of the title's listed names
//! (by its texts and by where the map puts it), and every room that could not be read when met
//! (a slot) the listed name its words and place fit best, else a plain name.

use super::destination::thing_acted_on;
use super::text_cues::{only_way, pointed_ways, relative_places};
use super::{SlotKind, Tracker};
use crate::domain::analysis::Geometry;
use crate::domain::automap::naming::{
    best_assignment, context_fit, cued_assignment, dark_fit, described_fit, group_scores, lie_fit,
    opening_fit, LIE_FIT_MAX,
};
use crate::domain::automap::placement::{floor, placement_scores, Floor, Whereabouts};
use crate::domain::automap::title::{same_word, words};
use crate::domain::automap::weights::{SLOT_CUE, W_PLACEMENT, W_POINTED};
use crate::domain::direction::{Direction, Label};
use crate::domain::map::{Origin, RoomId};
use crate::domain::names::{capitalized, title_key};

/// The name and the way of a sentence placing a room ("The larder lies to the west.": Larder,
/// west), the name title-cased, or `None` when the sentence places nothing or its name holds
/// a lowercase compass word. The way is said "to the WAY" or, up and down, "above" / "below"; the verb is
/// "lies" or "is". The name is "the NAME" in any case, or, with `printed` (rule
/// `printed-placed`), a name as a game prints a room's: every word capitalised but the small
/// words between ("Mildred's Engine Room", "Wine Cellar, East End", "Hall of Kings"), never
/// opened by an indefinite word ("A path", "Something").
fn placed_by(sentence: &str, printed: bool) -> Option<(String, Direction)> {
    let s = sentence.trim();
    let lower = s.to_lowercase();
    let (name_end, tail) = [" lies ", " is "]
        .iter()
        .find_map(|verb| lower.find(verb).map(|i| (i, &lower[i + verb.len()..])))?;
    let way = match tail.trim() {
        "above" => Direction::Up,
        "below" => Direction::Down,
        t => Direction::from_word(t.strip_prefix("to the ")?.trim())?,
    };
    let subject = s.get(..name_end)?;
    let (printed_name, as_printed) = match lower.strip_prefix("the ") {
        Some(_) => (subject.get(4..)?, false),
        None if printed && is_printed_name(subject) => (subject, true),
        None => return None,
    };
    // A compass word in a lowercase name says where, not what ("the path north"); in a name
    // printed capitalised it is part of the name ("Wine Cellar, East End").
    if printed_name.is_empty()
        || printed_name
            .split(|c: char| c.is_whitespace() || c == ',')
            .any(|w| Direction::from_word(w).is_some())
    {
        return None;
    }
    let name = if as_printed {
        printed_name
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        // The name as printed, its words capitalised as a title is.
        printed_name
            .split_whitespace()
            .map(capitalized)
            .collect::<Vec<_>>()
            .join(" ")
    };
    Some((name, way))
}

/// Words that may stand uncapitalised inside a printed name ("Hall of Kings", "Well by the
/// Gate"): articles, and prepositions and conjunctions of a short name.
const NAME_SMALL_WORDS: &[&str] = &[
    "of", "the", "a", "an", "and", "on", "in", "at", "by", "under", "over", "to",
];

/// Words that open a sentence's subject that is no room's name: indefinite and pronoun words
/// ("A path lies to the north.", "Nothing lies below.", "It is to the east.").
const NOT_NAME_OPENERS: &[&str] = &[
    "a",
    "an",
    "some",
    "it",
    "this",
    "that",
    "there",
    "here",
    "everything",
    "something",
    "nothing",
    "all",
    "more",
    "one",
];

/// True for a subject written as a game prints a room's name (rule `printed-placed`): opened by
/// a capitalised word that is no indefinite or pronoun word, every other word capitalised or
/// one of the small words a name holds, a comma only between capitalised parts.
fn is_printed_name(subject: &str) -> bool {
    let ws: Vec<&str> = subject
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let capital = |w: &str| w.chars().next().is_some_and(char::is_uppercase);
    let Some(first) = ws.first() else {
        return false;
    };
    capital(first)
        && !NOT_NAME_OPENERS.contains(&first.to_lowercase().as_str())
        && ws
            .iter()
            .skip(1)
            .all(|w| capital(w) || NAME_SMALL_WORDS.contains(w))
        && ws.last().is_some_and(|w| capital(w))
}

impl Tracker<'_> {
    /// How well the map agrees that `r` lies `dir` of a room named by `target` (words): one if a
    /// neighbour so named is reached by the opposite way, minus a half if it is reached this
    /// way, zero if no such neighbour.
    pub(super) fn lies(&self, r: RoomId, dir: Direction, target: &[String]) -> f64 {
        let named = |n: RoomId| {
            let w = words(&self.name_of(n));
            !target.is_empty() && target.iter().all(|t| w.iter().any(|x| same_word(x, t)))
        };
        let mut s: f64 = 0.0;
        for e in self.map.exits_from(r).filter(|e| named(e.to)) {
            if e.label == Label::Dir(dir.opposite()) {
                s = s.max(1.0);
            } else if e.label == Label::Dir(dir) {
                s = s.min(-0.5);
            }
        }
        for e in self.map.exits_to(r).filter(|e| named(e.from)) {
            if e.label == Label::Dir(dir) {
                s = s.max(1.0);
            } else if e.label == Label::Dir(dir.opposite()) {
                s = s.min(-0.5);
            }
        }
        s
    }

    /// What the finished map says of where a room lies (see [`super::placement`]).
    pub(super) fn whereabouts(&self, geo: &Geometry, r: RoomId) -> Whereabouts {
        let observed =
            |e: &&crate::domain::map::Exit| e.origin == Origin::Observed && e.from != e.to;
        let mut exits: Vec<Direction> = self
            .map
            .exits_from(r)
            .filter(observed)
            .filter_map(|e| e.label.direction())
            .collect();
        exits.sort();
        exits.dedup();
        let neighbours = self
            .map
            .exits_from(r)
            .map(|e| e.to)
            .chain(self.map.exits_to(r).map(|e| e.from))
            .filter(|&n| n != r && !self.is_slot(n))
            .map(|n| words(&self.name_of(n)))
            .collect();
        Whereabouts {
            at: geo.frame_of(r).zip(geo.position(r)),
            exits,
            neighbours,
        }
    }

    /// The floors the named rooms are known to be on ("stairwell (third floor)"), with their
    /// lattice levels.
    pub(super) fn known_floors(&self, geo: &Geometry, place_of: &[Option<usize>]) -> Vec<Floor> {
        self.map
            .rooms()
            .filter_map(|room| {
                let p = self
                    .gaz
                    .place(place_of.get(room.id.0 as usize).copied().flatten()?)?;
                let k = floor(&p.qualifier).or_else(|| floor(&p.base_words))?;
                let z = geo.position(room.id)?[2];
                Some((geo.frame_of(room.id)?, z, k))
            })
            .collect()
    }

    /// Each compass way a move entered `slot` by, with the description of the named room it
    /// was entered from (the evidence `described-ways` reads).
    fn ways_in_described(&self, slot: RoomId) -> impl Iterator<Item = (Direction, &str)> + '_ {
        self.map.exits_to(slot).filter_map(move |e| {
            let way = e.label.direction().filter(|d| d.vector().is_some())?;
            let text = self
                .info(e.from)
                .filter(|i| i.slot.is_none())
                .and_then(|i| i.desc_text.as_deref())?;
            Some((way, text))
        })
    }

    /// The sentences of the descriptions of the rooms a move entered `slot` from that speak of
    /// that move's way only ("The library lies to the southeast." over a room left southeast
    /// into the dark), each as its words: a game's own words for the room that way (rule
    /// `described-ways`). Only ways in: a way out says nothing of the way back, which may bend.
    pub(super) fn described_ways(&self, slot: RoomId) -> Vec<Vec<String>> {
        if !self.rules.on("described-ways") {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (way, text) in self.ways_in_described(slot) {
            out.extend(only_way(
                text,
                &['.', '!', '?', ';'],
                way,
                self.rules.on("capital-ways"),
            ));
        }
        out
    }

    /// Without a list, the name the descriptions of the rooms a move entered `slot` from give
    /// the room that way, when they all give one and no other room bears it: "The larder lies
    /// to the west." over a room left west into the dark names it "Larder" (rule
    /// `described-ways`). Only the sentence "the NAME lies (is) to the WAY", its way the move's.
    pub(super) fn described_name(&self, slot: RoomId) -> Option<String> {
        if !self.rules.on("described-ways") {
            return None;
        }
        let printed = self.rules.on("printed-placed");
        let mut found: Option<String> = None;
        for (way, text) in self.ways_in_described(slot) {
            for sentence in text.split(['.', '!', '?', ';']) {
                let Some(name) = placed_by(sentence, printed)
                    .filter(|(_, w)| *w == way)
                    .map(|(n, _)| n)
                else {
                    continue;
                };
                if found.as_ref().is_some_and(|f| *f != name) {
                    return None;
                }
                found = Some(name);
            }
        }
        let name = found?;
        let taken = self
            .map
            .rooms()
            .any(|r| r.id != slot && !self.is_slot(r.id) && title_key(&r.name) == title_key(&name));
        (!taken).then_some(name)
    }

    /// Without a list, the name of the thing every "enter X" that took the player into the dark
    /// slot `slot` names ("enter tent": "Tent"), when they all name one and no other room bears
    /// it (rule `entered-thing`): Inform's `enter` on a door or a room-like thing puts the
    /// player in it. "go through X" names a way (a gate, a door), not what lies beyond it.
    fn entered_name(&self, slot: RoomId) -> Option<String> {
        if !self.rules.on("entered-thing") {
            return None;
        }
        let mut found: Option<String> = None;
        for verb in self
            .entered_by
            .iter()
            .filter(|e| e.slot == slot)
            .map(|e| &e.verb)
        {
            let Some(thing) = verb
                .strip_prefix("enter ")
                .and_then(|_| thing_acted_on(verb))
            else {
                continue;
            };
            if found.as_ref().is_some_and(|f| *f != thing) {
                return None;
            }
            found = Some(thing);
        }
        let name = found?
            .split_whitespace()
            .map(capitalized)
            .collect::<Vec<_>>()
            .join(" ");
        let taken = self
            .map
            .rooms()
            .any(|r| r.id != slot && !self.is_slot(r.id) && title_key(&r.name) == title_key(&name));
        (!taken).then_some(name)
    }

    /// How the moves place a room vertically: +1 per move that enters it going up or leaves it
    /// going down, -1 per move the other way.
    pub(super) fn rise(&self, r: RoomId) -> i32 {
        let step = |l: &Label, up: i32| match l {
            Label::Dir(Direction::Up) => up,
            Label::Dir(Direction::Down) => -up,
            _ => 0,
        };
        let into: i32 = self.map.exits_to(r).map(|e| step(&e.label, 1)).sum();
        let out: i32 = self.map.exits_from(r).map(|e| step(&e.label, -1)).sum();
        into + out
    }

    /// Names group rooms and slots (see [`crate::domain::automap::naming`]), once the starts
    /// are judged again. Returns a final name per tracker room (`None` for a room that could not
    /// be named).
    #[allow(clippy::too_many_lines)] // One naming pass in the order naming.rs documents (groups, slots, then uniqueness); its steps share the tables it fills.
    pub(super) fn name_rooms(&mut self) -> Vec<Option<String>> {
        let bound = self.map.room_bound();
        let mut place_of: Vec<Option<usize>> = (0..bound)
            .map(|i| self.info.get(i).and_then(|x| x.place))
            .collect();
        let mut claimed: Vec<bool> = self.by_place.iter().map(Option::is_some).collect();
        let geo = Geometry::infer(&self.map);
        // Groups: every room of a title gets one of the title's names.
        for g in 0..self.gaz.group_count() {
            let members: Vec<usize> = self
                .gaz
                .group(g)
                .iter()
                .copied()
                .filter(|&p| !claimed[p])
                .collect();
            let rooms: Vec<RoomId> = self
                .map
                .rooms()
                .map(|r| r.id)
                .filter(|&r| {
                    self.info(r)
                        .is_some_and(|i| i.group == Some(g) && i.slot.is_none())
                })
                .collect();
            if rooms.is_empty() || members.is_empty() {
                continue;
            }
            let texts: Vec<Vec<String>> = rooms
                .iter()
                .map(|&r| self.info(r).map(|i| i.text.clone()).unwrap_or_default())
                .collect();
            let mut scores = group_scores(self.gaz, &members, &texts);
            // Where the map puts each room: its exits, its side, its floor, its neighbours.
            let floors = self.known_floors(&geo, &place_of);
            let wheres: Vec<Whereabouts> =
                rooms.iter().map(|&r| self.whereabouts(&geo, r)).collect();
            let quals: Vec<&[String]> = members
                .iter()
                .map(|&p| {
                    self.gaz
                        .place(p)
                        .map_or(&[][..], |pl| pl.qualifier.as_slice())
                })
                .collect();
            let pointers: Vec<bool> = members
                .iter()
                .map(|&p| {
                    self.gaz
                        .place(p)
                        .is_some_and(|pl| !relative_places(&pl.name).is_empty())
                })
                .collect();
            let placed = placement_scores(&quals, &pointers, &wheres, &floors);
            for (row, add) in scores.iter_mut().zip(&placed) {
                for (s, a) in row.iter_mut().zip(add) {
                    *s += W_PLACEMENT * a;
                }
            }
            // "west to round room": the room lies west of the round room.
            for (k, &r) in rooms.iter().enumerate() {
                for (j, &p) in members.iter().enumerate() {
                    let Some(place) = self.gaz.place(p) else {
                        continue;
                    };
                    for (dir, target) in relative_places(&place.name) {
                        scores[k][j] += self.lies(r, dir, &target);
                    }
                    // "restaurant to north": a qualifier points at what tells the room from
                    // the others of its title, never at one of them; a room whose way north
                    // leads to a room of its own title is not the one meant.
                    for dir in pointed_ways(&place.name) {
                        if self.map.exits_from(r).any(|e| {
                            e.label == Label::Dir(dir)
                                && e.to != r
                                && self.group_of_room(e.to) == Some(g)
                        }) {
                            scores[k][j] -= W_POINTED;
                        }
                    }
                }
            }
            for (k, pick) in best_assignment(&scores).into_iter().enumerate() {
                if let Some(j) = pick {
                    place_of[rooms[k].0 as usize] = Some(members[j]);
                    claimed[members[j]] = true;
                }
            }
        }
        // Slots: the names nobody claimed, by the words around each slot; then, by
        // elimination, the names still unclaimed go to the slots still unnamed.
        let mut unclaimed: Vec<usize> = (0..self.gaz.len()).filter(|&p| !claimed[p]).collect();
        let mut slots: Vec<RoomId> = self
            .map
            .rooms()
            .map(|r| r.id)
            .filter(|&r| self.is_slot(r))
            .collect();
        // The room the transcript opens in: the start of its first move, when never shown.
        let opening = self
            .outcomes
            .iter()
            .find(|o| o.moved)
            .and_then(|o| o.from)
            .filter(|&r| self.is_slot(r));
        for threshold in [SLOT_CUE, 0.0] {
            if unclaimed.is_empty() || slots.is_empty() {
                break;
            }
            let scores: Vec<Vec<f64>> = slots
                .iter()
                .map(|&s| {
                    let ctx = self.info(s).map(|i| i.context.clone()).unwrap_or_default();
                    let in_dark = self.is_dark_slot(s);
                    // How the slot was reached breaks ties between names: between names its
                    // words cue alike ("tree" for "tree top", above or below), and by
                    // elimination, where being met in the dark counts too.
                    let rise = self.rise(s);
                    let dark = threshold <= 0.0 && in_dark;
                    let opening = threshold <= 0.0 && Some(s) == opening;
                    let described = self.described_ways(s);
                    unclaimed
                        .iter()
                        .map(|&p| {
                            self.gaz.place(p).map_or(0.0, |pl| {
                                context_fit(pl, &ctx)
                                    + lie_fit(pl, rise, dark)
                                    + dark_fit(pl, in_dark)
                                    + opening_fit(pl, opening)
                                    + described_fit(pl, &described)
                            })
                        })
                        .collect()
                })
                .collect();
            let mut named = Vec::new();
            let picks = if threshold > 0.0 {
                cued_assignment(&scores, threshold)
            } else {
                best_assignment(&scores)
            };
            // By elimination, the lie of a name only ranks the names: it never leaves a slot
            // unnamed while a name is left.
            let floor = if threshold > 0.0 {
                threshold
            } else {
                -LIE_FIT_MAX
            };
            for (k, pick) in picks.into_iter().enumerate() {
                if let Some(j) = pick.filter(|&j| scores[k][j] >= floor) {
                    place_of[slots[k].0 as usize] = Some(unclaimed[j]);
                    named.push((k, j));
                }
            }
            let (ks, js): (Vec<usize>, Vec<usize>) = named.into_iter().unzip();
            slots = slots
                .iter()
                .enumerate()
                .filter(|(k, _)| !ks.contains(k))
                .map(|(_, s)| *s)
                .collect();
            unclaimed = unclaimed
                .iter()
                .enumerate()
                .filter(|(j, _)| !js.contains(j))
                .map(|(_, p)| *p)
                .collect();
        }
        let mut out = vec![None; bound];
        for r in self.map.rooms() {
            let i = r.id.0 as usize;
            let info = self.info(r.id);
            out[i] = match place_of[i].and_then(|p| self.gaz.place(p)) {
                Some(p) => Some(p.name.clone()),
                // Without a list a slot keeps a plain name; with one, a room the list does not
                // name cannot be right.
                None if info.is_some_and(|x| x.slot.is_some()) => match info.and_then(|x| x.slot) {
                    Some(SlotKind::Source)
                        if self.rules.on("shown-starts")
                            && !self.outcomes.iter().any(|o| o.to == Some(r.id)) =>
                    {
                        None
                    }
                    Some(kind) if self.gaz.is_empty() => Some(
                        self.described_name(r.id)
                            .or_else(|| self.entered_name(r.id))
                            .unwrap_or_else(|| kind.plain_name().to_string()),
                    ),
                    _ => None,
                },
                None if !self.gaz.is_empty() && info.is_some_and(|x| x.group.is_some()) => None,
                None => Some(r.name.clone()),
            };
        }
        out
    }
}
