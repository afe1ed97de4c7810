//! A second reading of a history's transcript: the exits an independent reader (the offline
//! automapper, [`crate::domain::automap::reread`]) finds in the same texts the history's commits
//! carry. Two readers that make different mistakes rarely make the same one, so an exit the
//! history holds that the second reading of its own text does not is doubtful evidence; the
//! solver ([`super::solver::solve_with`]) removes it.
//!
//! The reading itself is plain data ([`crate::domain::reading`]).
//! Rooms are compared by canonical name ([`canonical_name`]); a way is supported when the
//! reading has it or has its way back ("kitchen —north→ yard" supports "yard —south→ kitchen").

use crate::domain::direction::{Direction, Label};
use crate::domain::formats::Step;
use crate::domain::map::{Exit, Map, Room, RoomId};
use crate::domain::names::{canonical_name, title_key, without_qualifier};
use crate::domain::reading::{Names, ReadMove, Reading};
use rustc_hash::{FxHashMap, FxHashSet};

/// What the second reading says of one exit of the history's map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadVerdict {
    /// The reading cannot judge it: its text was not read, or one of its rooms is not on the
    /// reading's map.
    NotRead,
    /// The reading has the exit or its way back.
    Supports,
    /// The reading joins the same two rooms, but the other way: the label it read.
    Relabels(Label),
    /// The reading has no such way, and read the exit's own step as the same move into the
    /// same room from another room it knows (canonical name): the move started there.
    StartsElsewhere(String),
    /// The reading, which read the text and knows one of its rooms, has no such way.
    Lacks,
}

/// A [`Reading`] indexed for questions.
#[derive(Debug, Clone, Default)]
pub struct ReadingIndex {
    steps: FxHashSet<u32>,
    rooms: FxHashSet<String>,
    /// (from, to) → the labels of the reading's exits between them.
    ways: FxHashMap<(String, String), Vec<String>>,
    /// (step, label, to) → the starts the reading read for it.
    moves: FxHashMap<(u32, String, String), Vec<String>>,
    /// Rooms of the map whose exits it does not judge (see [`Names::Map`]).
    unjudged: FxHashSet<String>,
}

impl ReadingIndex {
    /// Indexes a reading of the history whose map is `map`.
    pub fn new(reading: &Reading, map: &Map) -> ReadingIndex {
        let unjudged = match reading.names {
            Names::List => FxHashSet::default(),
            Names::Map => {
                let title = |r: &Room| canonical_name(without_qualifier(&r.canonical));
                let mut count: FxHashMap<String, usize> = FxHashMap::default();
                for r in map.rooms() {
                    *count.entry(title(r)).or_default() += 1;
                }
                map.rooms()
                    .filter(|r| count.get(&title(r)).copied().unwrap_or(0) > 1)
                    .map(|r| r.canonical.clone())
                    .collect()
            }
        };
        ReadingIndex {
            unjudged,
            steps: reading.steps.iter().copied().collect(),
            rooms: reading.rooms.iter().map(|r| canonical_name(r)).collect(),
            ways: {
                let mut w: FxHashMap<(String, String), Vec<String>> = FxHashMap::default();
                for e in &reading.exits {
                    w.entry((canonical_name(&e.from), canonical_name(&e.to)))
                        .or_default()
                        .push(e.label.trim().to_lowercase());
                }
                w
            },
            moves: {
                let mut m: FxHashMap<(u32, String, String), Vec<String>> = FxHashMap::default();
                for mv in &reading.moves {
                    m.entry((
                        mv.step,
                        mv.label.trim().to_lowercase(),
                        canonical_name(&mv.to),
                    ))
                    .or_default()
                    .push(canonical_name(&mv.from));
                }
                m
            },
        }
    }

    /// True when the reading read the text of history step `step`.
    pub fn covers(&self, step: u32) -> bool {
        self.steps.contains(&step)
    }

    /// True when the reading's map has a room of this canonical name.
    pub fn knows(&self, canonical: &str) -> bool {
        self.rooms.contains(canonical)
    }

    /// True when the reading knows fewer than half of `map`'s rooms: it is not a reading of
    /// this map (its names are not the map's), and nothing should be edited by it.
    pub fn set_aside_for(&self, map: &Map) -> bool {
        let known = map.rooms().filter(|r| self.knows(&r.canonical)).count();
        known * 2 < map.room_count()
    }

    /// The labels of the reading's exits from `from` to `to`.
    fn labels(&self, from: &str, to: &str) -> &[String] {
        self.ways
            .get(&(from.to_string(), to.to_string()))
            .map_or(&[], Vec::as_slice)
    }

    /// The ways the reading goes from `a` to `b`: its exits `a → b` and, reversed, `b → a`.
    fn ways_between(&self, a: &str, b: &str) -> Vec<Label> {
        let mut out: Vec<Label> = Vec::new();
        let there = self.labels(a, b).iter().map(|l| Some(Label::parse(l)));
        let back = self.labels(b, a).iter().map(|l| Label::parse(l).opposite());
        for way in there.chain(back).flatten() {
            if !out.contains(&way) {
                out.push(way);
            }
        }
        out
    }

    /// Judges `exit` of `map`, observed at history step `step`. See [`ReadVerdict`].
    pub fn judge(&self, map: &Map, exit: &Exit, step: u32) -> ReadVerdict {
        let (Some(a), Some(b)) = (map.room(exit.from), map.room(exit.to)) else {
            return ReadVerdict::NotRead;
        };
        if !self.covers(step)
            || (!self.rooms.contains(&a.canonical) && !self.rooms.contains(&b.canonical))
            || self.unjudged.contains(&a.canonical)
            || self.unjudged.contains(&b.canonical)
        {
            return ReadVerdict::NotRead;
        }
        let ways = self.ways_between(&a.canonical, &b.canonical);
        // Labels compared as the reading's are read (free text lowercased).
        if ways.contains(&Label::parse(exit.label.as_str())) {
            return ReadVerdict::Supports;
        }
        if let Ok([way]) = <[Label; 1]>::try_from(ways) {
            return ReadVerdict::Relabels(way);
        }
        let key = (
            step,
            exit.label.as_str().to_lowercase(),
            b.canonical.clone(),
        );
        match self.moves.get(&key).map(Vec::as_slice) {
            Some([start]) if *start != a.canonical && self.rooms.contains(start) => {
                ReadVerdict::StartsElsewhere(start.clone())
            }
            _ => ReadVerdict::Lacks,
        }
    }
}

/// A way the second reading read that the map lacks, between two rooms the map has: a move of
/// the transcript the map's builder missed (see [`unmapped`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unmapped {
    /// The history step whose text the reading read it in (its first, if several).
    pub step: u32,
    /// Where it starts.
    pub from: RoomId,
    /// Its direction or free text.
    pub label: Label,
    /// Where it leads.
    pub to: RoomId,
}

/// The moves the reading read between two rooms of `map` that `map` has no way for, oldest
/// step first, each once: neither the exit nor its way back is on the map, and the doorway it
/// leaves by is free (a doorway taken by another exit is a disagreement the solver has
/// already weighed, not a gap). Rooms are matched by canonical name, and only rooms the
/// reading judges: one room of that name on the map, not one of those [`Names::Map`] sets
/// aside.
///
/// Only moves the text vouches for by name count: the move's own step (in `steps`, the
/// transcript the reading read) prints its arrival's title, and the reading's move before it
/// ended in its start at a step that printed the start's title, with no step in between whose
/// action reads as a way to go (a move the reader could not place breaks the chain).
/// A reader names a room the text never titles by elimination among names left over, which
/// is a guess: fine for doubting an exit, not for adding one.
pub fn unmapped(
    reading: &Reading,
    index: &ReadingIndex,
    map: &Map,
    steps: &[Step],
) -> Vec<Unmapped> {
    let titles: FxHashMap<u32, FxHashSet<String>> = steps
        .iter()
        .filter_map(|s| {
            let lines = s
                .observation
                .lines()
                .map(|l| canonical_name(&title_key(l)))
                .filter(|l| !l.is_empty())
                .collect();
            Some((u32::try_from(s.num).ok()?, lines))
        })
        .collect();
    let shows = |step: u32, name: &str| {
        let title = canonical_name(without_qualifier(&canonical_name(name)));
        titles.get(&step).is_some_and(|t| t.contains(&title))
    };

    let room = |name: &str| -> Option<RoomId> {
        let key = canonical_name(name);
        if index.unjudged.contains(&key) {
            return None;
        }
        let mut named = map.rooms_named(&key).filter(|r| r.canonical == key);
        match (named.next(), named.next()) {
            (Some(r), None) => Some(r.id),
            _ => None,
        }
    };
    let mut moves: Vec<&ReadMove> = reading.moves.iter().collect();
    moves.sort_by_key(|m| m.step);
    // Steps whose action reads as a way to go: one the reader did not read as a move may have
    // taken the player somewhere it could not name.
    let goes: Vec<u32> = steps
        .iter()
        .filter(|s| Direction::parse(&s.action).is_some())
        .filter_map(|s| u32::try_from(s.num).ok())
        .collect();
    let mut out: Vec<Unmapped> = Vec::new();
    // Where the previous move left the player, and at which step, if that step printed the
    // room's title.
    let mut titled: Option<(String, u32)> = None;
    for m in moves {
        let start_titled = titled.as_ref().is_some_and(|(name, at)| {
            *name == canonical_name(&m.from) && !goes.iter().any(|&g| g > *at && g < m.step)
        });
        titled = shows(m.step, &m.to).then(|| (canonical_name(&m.to), m.step));
        if !start_titled || titled.is_none() {
            continue;
        }
        let (Some(from), Some(to)) = (room(&m.from), room(&m.to)) else {
            continue;
        };
        let label = Label::parse(m.label.trim());
        let back = label.opposite();
        // Labels compared as the reading's are read (free text lowercased).
        let read = |e: &Exit| Label::parse(e.label.as_str());
        let mapped = map.exits_between(from, to).any(|e| read(e) == label)
            || map.exits_between(to, from).any(|e| Some(read(e)) == back);
        let taken = map.exits_from(from).any(|e| read(e) == label);
        let listed = out.iter().any(|u| {
            (u.from == from && u.label == label)
                || (u.from == to && u.to == from && Some(&u.label) == back.as_ref())
        });
        if from != to && !mapped && !taken && !listed {
            out.push(Unmapped {
                step: m.step,
                from,
                label,
                to,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::map::{Map, Origin};
    use crate::domain::reading::ReadExit;

    fn reading(exits: &[(&str, &str, &str)], steps: &[u32]) -> Reading {
        let mut rooms: Vec<String> = Vec::new();
        for (f, _, t) in exits {
            rooms.push((*f).to_string());
            rooms.push((*t).to_string());
        }
        Reading {
            names: Names::List,
            steps: steps.to_vec(),
            rooms,
            exits: exits
                .iter()
                .map(|(f, l, t)| ReadExit {
                    from: (*f).to_string(),
                    label: (*l).to_string(),
                    to: (*t).to_string(),
                })
                .collect(),
            moves: Vec::new(),
        }
    }

    fn map_with(exits: &[(&str, &str, &str)]) -> Map {
        let mut m = Map::new();
        for (f, l, t) in exits {
            let mut id = |n: &str| match m.find_room(n) {
                Some(r) => r.id,
                None => m.add_room(n),
            };
            let (a, b) = (id(f), id(t));
            m.add_exit(a, b, Label::parse(l), Origin::Observed)
                .expect("rooms exist");
        }
        m
    }

    #[test]
    fn a_way_is_supported_by_itself_or_its_way_back_and_judged_only_where_read() {
        let read = reading(
            &[
                ("Kitchen", "north", "Back Yard"),
                ("Cellar", "up", "Living Room"),
            ],
            &[1, 2],
        );
        let m = map_with(&[
            ("kitchen", "north", "back yard"),
            ("living room", "down", "cellar"),
            ("kitchen", "down", "cellar"),
            ("back yard", "east", "kitchen"),
        ]);
        let r = ReadingIndex::new(&read, &m);
        let verdicts: Vec<ReadVerdict> = m.exits().map(|e| r.judge(&m, e, 1)).collect();
        assert_eq!(
            verdicts,
            vec![
                ReadVerdict::Supports,
                ReadVerdict::Supports,
                ReadVerdict::Lacks,
                ReadVerdict::Relabels(Label::parse("south"))
            ]
        );
        // Step 3's text was not read: nothing is judged.
        assert!(m.exits().all(|e| r.judge(&m, e, 3) == ReadVerdict::NotRead));
    }

    #[test]
    fn a_way_between_rooms_the_reading_never_met_is_not_judged() {
        let read = reading(&[("Kitchen", "north", "Back Yard")], &[1]);
        let m = map_with(&[("kitchen", "west", "attic"), ("attic", "down", "cellar")]);
        let r = ReadingIndex::new(&read, &m);
        let verdicts: Vec<ReadVerdict> = m.exits().map(|e| r.judge(&m, e, 1)).collect();
        // The reading knows the kitchen and found no way west to an attic; of the attic and
        // the cellar it knows nothing.
        assert_eq!(verdicts, vec![ReadVerdict::Lacks, ReadVerdict::NotRead]);
    }

    #[test]
    fn a_step_read_as_the_same_move_from_another_known_room_started_there() {
        let mut r = Reading {
            names: Names::List,
            steps: vec![1, 2],
            rooms: vec!["kitchen".into(), "living room".into(), "cellar".into()],
            exits: vec![ReadExit {
                from: "living room".into(),
                label: "down".into(),
                to: "cellar".into(),
            }],
            moves: vec![ReadMove {
                step: 2,
                from: "Living Room".into(),
                label: "down".into(),
                to: "Cellar".into(),
            }],
        };
        let m = map_with(&[("kitchen", "down", "cellar")]);
        let e = m.exits().next().expect("one exit");
        assert_eq!(
            ReadingIndex::new(&r, &m).judge(&m, e, 2),
            ReadVerdict::StartsElsewhere("living room".into())
        );
        // Read at another step, the same exit is only lacking.
        assert_eq!(
            ReadingIndex::new(&r, &m).judge(&m, e, 1),
            ReadVerdict::Lacks
        );
        // A start the reading never met is no start to move to.
        r.rooms.retain(|n| n != "living room");
        assert_eq!(
            ReadingIndex::new(&r, &m).judge(&m, e, 2),
            ReadVerdict::Lacks
        );
    }

    #[test]
    fn named_from_the_map_a_reading_does_not_judge_rooms_that_share_a_title() {
        let m = map_with(&[
            (
                "outside (crossroads)",
                "north",
                "outside (video store to east)",
            ),
            ("outside (video store to east)", "east", "video store"),
            ("video store", "up", "attic"),
        ]);
        let mut read = reading(&[("video store", "west", "cellar")], &[1]);
        read.rooms.push("outside (crossroads)".into());
        read.rooms.push("outside (video store to east)".into());
        let judged = |read: &Reading| -> Vec<ReadVerdict> {
            let r = ReadingIndex::new(read, &m);
            m.exits().map(|e| r.judge(&m, e, 1)).collect()
        };
        // With the game's list the reader's "outside" rooms are its own reading: all judged.
        assert_eq!(judged(&read), vec![ReadVerdict::Lacks; 3]);
        // With the map's names they are the map's own qualifiers: not judged.
        read.names = Names::Map;
        assert_eq!(
            judged(&read),
            vec![
                ReadVerdict::NotRead,
                ReadVerdict::NotRead,
                ReadVerdict::Lacks
            ]
        );
    }
}
