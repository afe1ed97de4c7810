//! The conflicts of a map kept up to date while a repair loop edits it, in detection order,
//! without running detection again: a commit's change costs the rooms and exits it touches and
//! the smaller side of any cut it moves ([`super::forest`]).
//!
//! What [`super::detect`] finds is held per rule, each keyed by what orders it there:
//! duplicate labels by room and the label's first exit, reverse mismatches by the pair's first
//! exit, loops by their closing exit, overlaps by their cell's first room, naming collisions by
//! their first room. The ids, types and order always equal detection's on the same map (a
//! property test checks it on random maps and edits). A change that adds, removes or renames a
//! room rebuilds the tracker from the map.

use super::conflict::{ConflictType, Counts};
use super::forest::{Cell, Forest, Marks, Reshape};
use super::registry::block_order;
use crate::domain::direction::Label;
use crate::domain::history::Change;
use crate::domain::map::{ExitId, Map, RoomId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::{BTreeMap, BTreeSet};

type Pair = (RoomId, RoomId);

fn ordered(a: RoomId, b: RoomId) -> Pair {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

/// One duplicated label: its room, the label, its first exit, the rooms it leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Duplicate {
    label: Label,
    first: ExitId,
    targets: Vec<RoomId>,
}

/// The duplicated labels of one room, in the order detection lists them.
fn duplicates_of(map: &Map, room: RoomId) -> Vec<Duplicate> {
    let mut groups: Vec<Duplicate> = Vec::new();
    for e in map.exits_from(room) {
        match groups.iter_mut().find(|g| g.label == e.label) {
            Some(g) => {
                if !g.targets.contains(&e.to) {
                    g.targets.push(e.to);
                }
            }
            None => groups.push(Duplicate {
                label: e.label.clone(),
                first: e.id,
                targets: vec![e.to],
            }),
        }
    }
    groups.retain(|g| g.targets.len() >= 2 && !g.label.is_link());
    groups
}

fn pairs_of(d: &Duplicate) -> impl Iterator<Item = Pair> + '_ {
    d.targets
        .iter()
        .enumerate()
        .flat_map(move |(i, a)| d.targets[i + 1..].iter().map(move |b| ordered(*a, *b)))
}

/// The reverse-mismatch rule for the pair `(a, b)`, leaving out `without` (as if it were not
/// geometric).
pub fn mismatched(map: &Map, a: RoomId, b: RoomId, without: Option<ExitId>) -> bool {
    let usable = |x: &&crate::domain::map::Exit| {
        x.geometric && x.label.direction().is_some() && Some(x.id) != without
    };
    // Read from the map's lists each time rather than gathered: a judgement asks twice per
    // side patched, and the lists between two rooms hold an exit or two.
    let forward = || map.exits_between(a, b).filter(usable).map(|x| &x.label);
    let back = || map.exits_between(b, a).filter(usable).map(|x| &x.label);
    forward().next().is_some()
        && back().next().is_some()
        && !forward().any(|f| f.opposite().is_some_and(|o| back().any(|l| *l == o)))
}

/// The first exit between two rooms, either way (the one detection meets the pair by).
fn first_between(map: &Map, a: RoomId, b: RoomId) -> Option<ExitId> {
    map.exits_between(a, b)
        .chain(map.exits_between(b, a))
        .map(|e| e.id)
        .min()
}

/// The directional conflict detection lists first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Directional {
    /// A duplicated label: the room, the label and every exit leaving the room by it.
    Duplicate {
        /// The conflict's id.
        id: String,
        /// The room.
        room: RoomId,
        /// The label.
        label: Label,
        /// Its exits, in id order.
        exits: Vec<ExitId>,
    },
    /// A reverse mismatch: every exit between the two rooms, first one way then the other.
    Mismatch {
        /// The conflict's id.
        id: String,
        /// The exits.
        exits: Vec<ExitId>,
    },
}

/// What a change did, for those who keep figures that depend on it.
#[derive(Debug, Clone, Default)]
pub struct Effects {
    /// The tracker was rebuilt from the map (rooms changed): everything may have changed.
    pub rebuilt: bool,
    /// What the forest did.
    pub reshape: Reshape,
    /// Exits whose loop conflict opened or closed.
    pub loops_flipped: Vec<ExitId>,
    /// Cells whose rooms, or whose rooms' explained pairs, changed, each once, in
    /// [`block_order`].
    pub cells: Vec<Cell>,
    /// True when some room's explained pair flipped (its cell is in `cells` though no room
    /// moved on or off it, perhaps).
    pub pairs_flipped: bool,
    /// The exits the change named.
    pub touched: Vec<ExitId>,
}

/// See the module docs.
#[derive(Debug, Clone, Default)]
pub struct ConflictTracker {
    forest: Forest,
    marks: Marks,
    dups: BTreeMap<(RoomId, ExitId), Label>,
    room_dups: FxHashMap<RoomId, Vec<Duplicate>>,
    explained: FxHashMap<Pair, u32>,
    /// Per room id: how many explained pairs hold it (an overlap of rooms none of which is in
    /// one needs no look at the pairs: on a lattice nearly every cell judged is such).
    in_pairs: Vec<u32>,
    mismatches: BTreeMap<ExitId, Pair>,
    mismatch_key: FxHashMap<Pair, ExitId>,
    loops: BTreeSet<ExitId>,
    /// Per exit id: in `loops` (read for every exit crossing a judged cut, where the ordered
    /// set's look-up was a twelfth of the solver's time on a 50,000-room lattice).
    is_loop: Vec<bool>,
    overlaps: BTreeMap<RoomId, Cell>,
    overlap_key: FxHashMap<Cell, RoomId>,
    /// Naming collisions in detection order: the canonical name.
    names: Vec<String>,
}

impl ConflictTracker {
    /// The tracker of a map.
    pub fn of(map: &Map) -> ConflictTracker {
        let mut t = ConflictTracker {
            forest: Forest::of(map),
            ..ConflictTracker::default()
        };
        for room in map.rooms() {
            t.set_duplicates(map, room.id, &mut Vec::new());
        }
        for e in map.exits() {
            if e.from != e.to {
                t.set_mismatch(map, e.from, e.to);
            }
            t.set_loop(e.id);
        }
        let cells: Vec<Cell> = map.rooms().filter_map(|r| t.forest.cell(r.id)).collect();
        for c in cells {
            t.set_overlap(c);
        }
        let mut per_name: indexmap::IndexMap<&str, u32, rustc_hash::FxBuildHasher> =
            indexmap::IndexMap::default();
        for room in map.rooms() {
            *per_name.entry(room.canonical.as_str()).or_insert(0) += 1;
        }
        t.names = per_name
            .into_iter()
            .filter(|(_, n)| *n >= 2)
            .map(|(k, _)| k.to_string())
            .collect();
        t
    }

    /// The forest the tracker keeps.
    pub fn forest(&self) -> &Forest {
        &self.forest
    }

    /// True if a duplicated label explains two rooms sharing a cell.
    pub fn explained(&self, a: RoomId, b: RoomId) -> bool {
        self.explained.contains_key(&ordered(a, b))
    }

    /// True if the room is in an explained pair.
    fn paired(&self, r: RoomId) -> bool {
        self.in_pairs.get(r.0 as usize).is_some_and(|n| *n > 0)
    }

    /// True if rooms sharing a cell make an overlap conflict (not all pairs explained).
    pub fn overlapping(&self, rooms: &[RoomId]) -> bool {
        if rooms.len() < 2 {
            return false;
        }
        // Every pair explained needs every room in an explained pair.
        if !rooms.iter().all(|r| self.paired(*r)) {
            return true;
        }
        !rooms
            .iter()
            .enumerate()
            .all(|(i, a)| rooms[i + 1..].iter().all(|b| self.explained(*a, *b)))
    }

    /// True if the exit closes a loop conflict.
    pub fn is_loop(&self, e: ExitId) -> bool {
        self.is_loop.get(e.0 as usize).copied().unwrap_or(false)
    }

    /// Counts by type.
    pub fn counts(&self) -> Counts {
        let direction = self.dups.len() + self.mismatches.len();
        let topology = self.loops.len() + self.overlaps.len();
        let naming = self.names.len();
        Counts {
            direction,
            topology,
            naming,
            total: direction + topology + naming,
        }
    }

    /// Every conflict's id and type, in detection order.
    pub fn ids(&self) -> impl Iterator<Item = (String, ConflictType)> + '_ {
        let dups = self
            .dups
            .iter()
            .map(|((r, _), l)| (format!("dup:{}:{l}", r.0), ConflictType::Directional));
        let mismatches = self.mismatches.values().map(|(a, b)| {
            (
                format!("mismatch:{}:{}", a.0, b.0),
                ConflictType::Directional,
            )
        });
        let loops = self
            .loops
            .iter()
            .map(|e| (format!("loop:{}", e.0), ConflictType::Topological));
        let overlaps = self.overlaps.values().map(|c| {
            let ids: Vec<String> = self
                .forest
                .rooms_at(c)
                .iter()
                .map(|r| r.0.to_string())
                .collect();
            (
                format!("overlap:{}", ids.join(",")),
                ConflictType::Topological,
            )
        });
        let names = self
            .names
            .iter()
            .map(|n| (format!("name:{n}"), ConflictType::Naming));
        dups.chain(mismatches)
            .chain(loops)
            .chain(overlaps)
            .chain(names)
    }

    /// The first conflict in detection order whose id `skip` does not hold.
    pub fn first(&self, skip: &FxHashSet<String>) -> Option<String> {
        self.ids().map(|(id, _)| id).find(|id| !skip.contains(id))
    }

    /// The first directional conflict, with its exits as detection lists them.
    pub fn first_directional(&self, map: &Map) -> Option<Directional> {
        if let Some(((room, _), label)) = self.dups.iter().next() {
            let exits = map
                .exits_from(*room)
                .filter(|e| e.label == *label)
                .map(|e| e.id)
                .collect();
            return Some(Directional::Duplicate {
                id: format!("dup:{}:{label}", room.0),
                room: *room,
                label: label.clone(),
                exits,
            });
        }
        let (a, b) = *self.mismatches.values().next()?;
        let exits = map
            .exits_between(a, b)
            .chain(map.exits_between(b, a))
            .map(|x| x.id)
            .collect();
        Some(Directional::Mismatch {
            id: format!("mismatch:{}:{}", a.0, b.0),
            exits,
        })
    }

    /// Takes in one commit's change; `map` is the map after it.
    pub fn apply(&mut self, map: &Map, change: &Change) -> Effects {
        let rooms_changed = !(change.added_rooms.is_empty()
            && change.removed_rooms.is_empty()
            && change.updated_rooms.is_empty());
        if rooms_changed {
            *self = ConflictTracker::of(map);
            return Effects {
                rebuilt: true,
                ..Effects::default()
            };
        }
        let mut fx = Effects::default();
        let all = || change.removed_exits.iter().chain(&change.added_exits);
        fx.touched = all().map(|e| e.id).collect();
        fx.touched.sort_unstable();
        fx.touched.dedup();
        fx.reshape = self
            .forest
            .apply(&change.removed_exits, &change.added_exits, &mut self.marks);
        // Duplicate labels and the pairs they explain.
        let mut flipped: Vec<Pair> = Vec::new();
        let mut rooms: Vec<RoomId> = all().map(|e| e.from).collect();
        rooms.sort_unstable();
        rooms.dedup();
        for r in rooms {
            self.set_duplicates(map, r, &mut flipped);
        }
        // Reverse mismatches of the pairs touched.
        let mut pairs: Vec<Pair> = all()
            .filter(|e| e.from != e.to)
            .map(|e| ordered(e.from, e.to))
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        for (a, b) in pairs {
            self.set_mismatch(map, a, b);
        }
        // Loops: the exits touched, stretched or re-treed, and those sharing rooms with an exit
        // that joined or left the tree (their way back may have changed).
        let mut check: Vec<ExitId> = fx.touched.clone();
        check.extend(&fx.reshape.stretched);
        check.extend(&fx.reshape.retreed);
        for &t in &fx.reshape.retreed {
            if let Some((a, b)) = map.exit(t).map(|e| (e.from, e.to)) {
                check.extend(
                    map.exits_between(a, b)
                        .chain(map.exits_between(b, a))
                        .map(|x| x.id),
                );
            }
        }
        for x in change.removed_exits.iter() {
            check.extend(
                map.exits_between(x.from, x.to)
                    .chain(map.exits_between(x.to, x.from))
                    .map(|y| y.id),
            );
        }
        check.sort_unstable();
        check.dedup();
        for x in check {
            if self.set_loop(x) {
                fx.loops_flipped.push(x);
            }
        }
        // Overlaps: the cells rooms left and entered, and those of rooms whose pairs flipped.
        let mut cells: Vec<Cell> = Vec::new();
        for (r, old) in &fx.reshape.moved {
            cells.push(*old);
            cells.extend(self.forest.cell(*r));
        }
        fx.pairs_flipped = !flipped.is_empty();
        for (a, b) in flipped {
            cells.extend(self.forest.cell(a));
            cells.extend(self.forest.cell(b));
        }
        cells.sort_unstable_by_key(block_order);
        cells.dedup();
        for c in &cells {
            self.set_overlap(*c);
        }
        fx.cells = cells;
        fx
    }

    /// Recomputes one room's duplicated labels; pairs whose explained state flipped are
    /// pushed to `flipped`.
    fn set_duplicates(&mut self, map: &Map, room: RoomId, flipped: &mut Vec<Pair>) {
        let new = duplicates_of(map, room);
        let old = self.room_dups.remove(&room).unwrap_or_default();
        if old == new {
            if !new.is_empty() {
                self.room_dups.insert(room, new);
            }
            return;
        }
        for d in &old {
            self.dups.remove(&(room, d.first));
            for p in pairs_of(d) {
                if let Some(n) = self.explained.get_mut(&p) {
                    *n -= 1;
                    if *n == 0 {
                        self.explained.remove(&p);
                        self.count_pair(p, false);
                        flipped.push(p);
                    }
                }
            }
        }
        for d in &new {
            self.dups.insert((room, d.first), d.label.clone());
            for p in pairs_of(d) {
                let n = self.explained.entry(p).or_insert(0);
                *n += 1;
                if *n == 1 {
                    flipped.push(p);
                    self.count_pair(p, true);
                }
            }
        }
        if !new.is_empty() {
            self.room_dups.insert(room, new);
        }
    }

    /// Counts a pair that became explained (`gained`) or stopped being it on its rooms.
    fn count_pair(&mut self, (a, b): Pair, gained: bool) {
        for r in [a, b] {
            let i = r.0 as usize;
            if self.in_pairs.len() <= i {
                self.in_pairs.resize(i + 1, 0);
            }
            if let Some(n) = self.in_pairs.get_mut(i) {
                *n = if gained { *n + 1 } else { n.saturating_sub(1) };
            }
        }
    }

    fn set_mismatch(&mut self, map: &Map, a: RoomId, b: RoomId) {
        let pair = ordered(a, b);
        // An exit that changed rooms may key another pair already.
        if let Some(k) = self.mismatch_key.remove(&pair) {
            if self.mismatches.get(&k) == Some(&pair) {
                self.mismatches.remove(&k);
            }
        }
        if mismatched(map, pair.0, pair.1, None) {
            if let Some(k) = first_between(map, pair.0, pair.1) {
                self.mismatches.insert(k, pair);
                self.mismatch_key.insert(pair, k);
            }
        }
    }

    /// Sets an exit's loop state; true if it changed.
    fn set_loop(&mut self, e: ExitId) -> bool {
        let now = self.forest.part(e).is_some() && self.forest.closes_loop(e);
        let i = e.0 as usize;
        if self.is_loop.len() <= i {
            self.is_loop.resize(i + 1, false);
        }
        if let Some(flag) = self.is_loop.get_mut(i) {
            *flag = now;
        }
        if now {
            self.loops.insert(e)
        } else {
            self.loops.remove(&e)
        }
    }

    fn set_overlap(&mut self, cell: Cell) {
        // A room keys one cell at a time, but a cell updated earlier in the same change may
        // already hold the key this one held.
        if let Some(k) = self.overlap_key.remove(&cell) {
            if self.overlaps.get(&k) == Some(&cell) {
                self.overlaps.remove(&k);
            }
        }
        let rooms = self.forest.rooms_at(&cell);
        if self.overlapping(rooms) {
            if let Some(&first) = rooms.first() {
                self.overlaps.insert(first, cell);
                self.overlap_key.insert(cell, first);
            }
        }
    }
}
