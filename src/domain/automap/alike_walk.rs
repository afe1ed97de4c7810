//! Rooms alike, told apart by the walk (rule `alike-walked`): which arrivals under one printed
//! title are one room and which are several, read off the moves alone.
//!
//! A maze prints one title (and often one description) for many rooms: Inform's "a kind of
//! room" with one printed name ("Winding Passage", "Hexagonal Room"), the classic "twisty little
//! passages, all alike". Nothing in a reply tells such rooms apart; the walk does. A game's map
//! is a function: from one room, one way leads to one place every time (or is refused every
//! time). So when the way south from "Winding Passage" once leads to the Vestibule and once to
//! another "Winding Passage", two rooms print that title. The walk is read as a sequence of
//! events (arrivals by a way, refusals, looks), and the arrivals are assigned to rooms so that:
//!
//! * **one way, one destination** — a room left the same way twice reaches the same room;
//! * **refused stays refused** — a way refused from a room is never walked from it, and back;
//! * **one description** — a room's telling descriptions are alike ([`SAME_DESC`]).
//!
//! Of the assignments that keep all three, the one with the fewest rooms is taken (the
//! walk's plainest reading: no room is split unless the walk proves it two), found by a depth
//! search that tries the rooms already met first and a new one last, under a rising bound on
//! the number of rooms. Bent ways (north into a room whose way back is east) and one-way ways
//! (a way in with no way back) need no rule of their own here: nothing asks a way to have its
//! opposite, so a maze walked that way is kept as walked.
//!
//! Only titles the plainest reading splits are reported: every other title stays one room per
//! description, as the reader already takes it. The search is cut off after [`ALIKE_BUDGET`]
//! trials and at [`ALIKE_EXTRA_ROOMS`] rooms beyond the titles' count; a walk it cannot fit
//! by then (a random way, a map the game changes in play, a teleport) is left to the reader
//! as before, which is also what a transcript of a game without such rooms gets.

use super::identity::Description;
use super::weights::{
    ALIKE_BENT, ALIKE_BUDGET, ALIKE_EXTRA_ROOMS, ALIKE_ROOM, ALIKE_SELF_WAY, SAME_DESC,
};
use crate::domain::direction::Direction;
use std::collections::HashMap;

/// What a reply prints under a room's title that the room prints the same on every visit: its
/// description ([`Description`], things lying about left out), the compass ways that
/// description speaks of, and the exits the game lists, if it lists them.
#[derive(Debug, Clone, Default)]
pub struct Marks {
    pub desc: Option<Description>,
    pub ways: Vec<Direction>,
    pub exits: Option<Vec<String>>,
}

impl Marks {
    /// True when two visits' marks may be one room's: alike descriptions (when both are
    /// telling), ways that one text names all of the other's (rule `ways-apart`'s reading:
    /// a visit adds a way, an opened door, but does not drop one), the same listed exits.
    fn fit(&self, o: &Marks) -> bool {
        let desc = match (&self.desc, &o.desc) {
            (Some(x), Some(y)) if x.is_telling() && y.is_telling() => x.similarity(y) >= SAME_DESC,
            _ => true,
        };
        let ways = self.ways.is_empty()
            || o.ways.is_empty()
            || self.ways.iter().all(|d| o.ways.contains(d))
            || o.ways.iter().all(|d| self.ways.contains(d));
        let exits = match (&self.exits, &o.exits) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        };
        desc && ways && exits
    }

    fn is_empty(&self) -> bool {
        self.desc.as_ref().is_none_or(|d| !d.is_telling())
            && self.ways.is_empty()
            && self.exits.is_none()
    }
}

/// One step of the walk as the solver reads it.
#[derive(Debug, Clone)]
pub enum Event {
    /// The reply shows a room under `title`, reached from where the player was by `way` (a
    /// compass word, or the action itself for one that is no compass move: "enter tent").
    /// `way` is `None` for the room the transcript opens in.
    Arrive {
        way: Option<String>,
        title: String,
        marks: Marks,
    },
    /// The reply shows the room the player is in again (`look`), under `title`.
    Stay { title: String, marks: Marks },
    /// The way was refused ("You can't go that way.").
    Refused { way: String },
    /// Something the solver cannot follow (an `undo`, a move whose reply shows no room and
    /// refuses nothing): where the player is, the next arrival will tell.
    Lost,
}

/// The solver's answer: for each event that shows a room under a title the walk splits, the
/// room it shows, numbered in the order the walk first entered them (the order the reader
/// numbers same-titled rooms, "Winding Passage (2)").
pub type Classes = Vec<Option<usize>>;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dest {
    To(usize),
    Refused,
}

struct Solver<'e> {
    events: &'e [Event],
    /// Each room's title and the first marks it was seen with.
    rooms: Vec<(String, Marks)>,
    trans: HashMap<(usize, String), Dest>,
    /// The rooms each (room, way) is reached from: `(r, w)` holds `c` when `c` leads `w` to `r`.
    into: HashMap<(usize, String), Vec<usize>>,
    /// The room each event leaves the player in, on the reading being tried.
    at: Vec<Option<usize>>,
    bound: usize,
    /// Per event, the least the rooms of titles not yet shown will add (a bound for the search).
    ahead: Vec<f64>,
    trials: usize,
    /// The cheapest complete reading found so far: its cost and rooms per event.
    best: Option<(f64, Vec<Option<usize>>, Vec<String>)>,
}

/// The compass way back of a way, as the events spell it.
fn back(way: &str) -> Option<&'static str> {
    Direction::parse(way).map(|d| d.opposite().as_str())
}

impl Solver<'_> {
    /// What leading `c` by `way` to `to` (or refusing it, `None`) costs on the reading so far:
    /// a way into the room it leaves, and each way whose way back the reading already knows
    /// to lead elsewhere or to be refused.
    fn link_cost(&self, c: usize, way: &str, to: Option<usize>) -> f64 {
        let mut cost = 0.0;
        if to == Some(c) {
            cost += ALIKE_SELF_WAY;
        }
        let Some(b) = back(way) else {
            return cost;
        };
        if let Some(r) = to {
            match self.trans.get(&(r, b.to_string())) {
                Some(Dest::To(x)) if *x != c => cost += ALIKE_BENT,
                Some(Dest::Refused) => cost += ALIKE_BENT,
                _ => {}
            }
        }
        if let Some(from) = self.into.get(&(c, b.to_string())) {
            cost += ALIKE_BENT * from.iter().filter(|&&y| Some(y) != to).count() as f64;
        }
        cost
    }

    fn link(&mut self, c: usize, way: &str, d: Dest) {
        self.trans.insert((c, way.to_string()), d);
        if let Dest::To(r) = d {
            self.into.entry((r, way.to_string())).or_default().push(c);
        }
    }

    fn unlink(&mut self, c: usize, way: &str) {
        if let Some(Dest::To(r)) = self.trans.remove(&(c, way.to_string())) {
            if let Some(v) = self.into.get_mut(&(r, way.to_string())) {
                v.retain(|&y| y != c);
            }
        }
    }

    fn set_at(&mut self, i: usize, r: Option<usize>) {
        if let Some(slot) = self.at.get_mut(i) {
            *slot = r;
        }
    }

    /// Reads the walk from event `i` on with the player in `cur`, the reading so far costing
    /// `cost`; keeps the cheapest complete reading. `false` once the trials run out.
    fn fit(&mut self, i: usize, cur: Option<usize>, cost: f64) -> bool {
        self.trials += 1;
        if self.trials > ALIKE_BUDGET {
            return false;
        }
        // Titles first shown later cost at least a room each: a reading that cannot beat the
        // best one so far is not followed further.
        let unmet = self.ahead.get(i).copied().unwrap_or(0.0);
        if self
            .best
            .as_ref()
            .is_some_and(|(b, _, _)| cost + unmet >= *b)
        {
            return true;
        }
        let Some(ev) = self.events.get(i) else {
            let titles = self.rooms.iter().map(|(t, _)| t.clone()).collect();
            self.best = Some((cost, self.at.clone(), titles));
            return true;
        };
        match ev {
            Event::Lost => {
                self.set_at(i, None);
                self.fit(i + 1, None, cost)
            }
            Event::Refused { way } => {
                let Some(c) = cur else {
                    self.set_at(i, None);
                    return self.fit(i + 1, None, cost);
                };
                self.set_at(i, cur);
                match self.trans.get(&(c, way.clone())).copied() {
                    Some(Dest::To(_)) => true,
                    Some(Dest::Refused) => self.fit(i + 1, cur, cost),
                    None => {
                        let extra = self.link_cost(c, way, None);
                        self.link(c, way, Dest::Refused);
                        let go = self.fit(i + 1, cur, cost + extra);
                        self.unlink(c, way);
                        go
                    }
                }
            }
            Event::Stay { title, marks } => match cur {
                Some(c) => {
                    let fits = self
                        .rooms
                        .get(c)
                        .is_some_and(|(t, m)| t == title && m.fit(marks));
                    if !fits {
                        return true;
                    }
                    self.set_at(i, cur);
                    self.fit(i + 1, cur, cost)
                }
                None => self.arrive(i, None, None, title, marks, cost),
            },
            Event::Arrive { way, title, marks } => {
                self.arrive(i, cur, way.as_deref(), title, marks, cost)
            }
        }
    }

    /// Event `i` shows a room under `title`, reached from `cur` by `way`: each room it may be,
    /// the one the way already leads to, else every room met under the title and a new one,
    /// the cheapest first.
    fn arrive(
        &mut self,
        i: usize,
        cur: Option<usize>,
        way: Option<&str>,
        title: &str,
        marks: &Marks,
        cost: f64,
    ) -> bool {
        let from = cur.zip(way);
        let known = from.and_then(|(c, w)| self.trans.get(&(c, w.to_string())).copied());
        // Each option with its cost, the rooms met before a new one among equals.
        let mut options: Vec<(f64, usize)> = match known {
            Some(Dest::Refused) => return true,
            Some(Dest::To(r)) => vec![(0.0, r)],
            None => {
                let n = self.rooms.len();
                let mut v: Vec<(f64, usize)> = (0..n)
                    .filter(|&r| {
                        self.rooms
                            .get(r)
                            .is_some_and(|(t, m)| t == title && m.fit(marks))
                    })
                    .map(|r| (from.map_or(0.0, |(c, w)| self.link_cost(c, w, Some(r))), r))
                    .collect();
                if n < self.bound {
                    let fresh = from.map_or(0.0, |(c, w)| self.link_cost(c, w, Some(n)));
                    v.push((fresh + ALIKE_ROOM, n));
                }
                v.sort_by(|a, b| a.0.total_cmp(&b.0));
                v
            }
        };
        if let Some(Dest::To(r)) = known {
            if !self
                .rooms
                .get(r)
                .is_some_and(|(t, m)| t == title && m.fit(marks))
            {
                return true;
            }
            options = vec![(0.0, r)];
        }
        for (extra, r) in options {
            let new = r == self.rooms.len();
            let mut filled = false;
            if new {
                self.rooms.push((title.to_string(), marks.clone()));
            } else if let Some((_, m)) = self.rooms.get_mut(r) {
                if m.is_empty() && !marks.is_empty() {
                    *m = marks.clone();
                    filled = true;
                }
            }
            let added = match (from, known) {
                (Some((c, w)), None) => {
                    self.link(c, w, Dest::To(r));
                    true
                }
                _ => false,
            };
            self.set_at(i, Some(r));
            let go = self.fit(i + 1, Some(r), cost + extra);
            if added {
                if let Some((c, w)) = from {
                    self.unlink(c, w);
                }
            }
            if new {
                self.rooms.pop();
            } else if filled {
                if let Some((_, m)) = self.rooms.get_mut(r) {
                    *m = Marks::default();
                }
            }
            if !go {
                return false;
            }
        }
        true
    }
}

/// The rooms of the titles the walk splits, per event (see the module docs); `None` when no
/// title is split or no reading was completed within the search's bounds.
///
/// # Complexity
/// At most [`ALIKE_BUDGET`] trials in all, each a scan of the rooms met under one title.
pub fn alike_rooms(events: &[Event]) -> Option<Classes> {
    let mut titles: Vec<&str> = Vec::new();
    for e in events {
        if let Event::Arrive { title, .. } | Event::Stay { title, .. } = e {
            if !titles.contains(&title.as_str()) {
                titles.push(title);
            }
        }
    }
    // Only a maze's title is split: one the walk moves from straight into the same title
    // (rooms alike joined to each other). A title that leads elsewhere only, however its ways
    // disagree, is one room whose way goes somewhere at random (Zork II's carousel: every way
    // out of it leads to a room of another name, a different one each time).
    let mut joined: Vec<&str> = Vec::new();
    let mut last: Option<&str> = None;
    for e in events {
        match e {
            Event::Arrive { way, title, .. } => {
                if way.is_some() && last == Some(title.as_str()) {
                    joined.push(title);
                }
                last = Some(title);
            }
            Event::Stay { title, .. } => last = Some(title),
            Event::Lost => last = None,
            Event::Refused { .. } => {}
        }
    }
    if joined.is_empty() {
        return None;
    }
    // For each event, the least the titles first shown there or later will add: a room each.
    let mut ahead = vec![0.0; events.len() + 1];
    let mut first: Vec<(&str, usize)> = Vec::new();
    for (i, e) in events.iter().enumerate() {
        if let Event::Arrive { title, .. } | Event::Stay { title, .. } = e {
            if !first.iter().any(|(t, _)| *t == title.as_str()) {
                first.push((title, i));
            }
        }
    }
    for (_, f) in &first {
        for a in ahead.iter_mut().take(f + 1) {
            *a += ALIKE_ROOM;
        }
    }
    let mut solver = Solver {
        ahead,
        events,
        rooms: Vec::new(),
        trans: HashMap::new(),
        into: HashMap::new(),
        at: vec![None; events.len()],
        bound: titles.len() + ALIKE_EXTRA_ROOMS,
        trials: 0,
        best: None,
    };
    solver.fit(0, None, 0.0);
    // A search cut off by the budget found a reading, not the cheapest: no verdict then.
    if solver.trials > ALIKE_BUDGET {
        return None;
    }
    let (_, at, rooms) = solver.best?;
    let split: Vec<&str> = titles
        .iter()
        .copied()
        .filter(|t| rooms.iter().filter(|x| x == t).count() >= 2 && joined.contains(t))
        .collect();
    if split.is_empty() {
        return None;
    }
    let out = events
        .iter()
        .zip(&at)
        .map(|(e, &r)| match e {
            Event::Arrive { title, .. } | Event::Stay { title, .. }
                if split.contains(&title.as_str()) =>
            {
                r
            }
            _ => None,
        })
        .collect();
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(way: &str, title: &str) -> Event {
        Event::Arrive {
            way: Some(way.into()),
            title: title.into(),
            marks: Marks::default(),
        }
    }

    #[test]
    fn a_way_leading_two_places_splits_a_title() {
        let ev = vec![
            Event::Arrive {
                way: None,
                title: "hall".into(),
                marks: Marks::default(),
            },
            go("north", "passage"),
            go("north", "passage"),
            Event::Refused {
                way: "south".into(),
            },
            go("east", "passage"),
            go("south", "hall"),
        ];
        let c = alike_rooms(&ev).unwrap_or_default();
        let at = |i: usize| c.get(i).copied().flatten();
        // The passage where south was refused is not the one whose south leads to the hall.
        assert!(at(2).is_some() && at(4).is_some());
        assert_ne!(at(2), at(4));
    }

    #[test]
    fn a_title_that_never_leads_into_itself_is_left_alone() {
        // The carousel's north leads once to the garden, once to the shed (a way at random):
        // two carousels would fit the walk, but no carousel leads to a carousel, so it is
        // one room, left to the reader.
        let ev = vec![
            Event::Arrive {
                way: None,
                title: "carousel".into(),
                marks: Marks::default(),
            },
            go("north", "garden"),
            go("south", "carousel"),
            go("north", "shed"),
            go("south", "carousel"),
        ];
        assert!(alike_rooms(&ev).is_none());
    }
}
