//! Following a judged side that a move carried along, in the moved region's own coordinates:
//! what lets [`super::FlattenGains`] keep the judgements of the sides nested inside a moved
//! region without judging each of them again over its whole side.
//!
//! A flattening moves a region `M` of the lattice rigidly by a vector `v` (every room of `M`
//! by the same `v`, in the same frame). A judged tree exit `e` whose side `S` lies inside `M`
//! (its cut unchanged) keeps its side's rooms, its shift `s` and its rooms' places relative to
//! each other; its overlaps are, summed over every cell `k`,
//! `g(k) = overlap(R(k) \ S ∪ (S ∩ R(k − s))) − overlap(R(k))` ([`super::side_patch`]). Take
//! the cell `c` now and `c − v` before the move: the rooms of `M` on them are the same, and so
//! are those of `S` on `c − s` and `c − v − s`; only the rooms outside `M` differ. So
//! `g(c)` now equals `g(c − v)` before unless a room outside `M` stands on `c` or on `c − v`,
//! and both are zero unless a room of `S` stands on `c` or on `c − s`. The new overlaps are the
//! old ones plus the change of `g` over the *zone* of `M` for `s`: the cells `c` of `M` and of
//! `M` shifted by `s` on which, or on `c − v`, a room outside `M` stands. The zone is found
//! once per move and shift, by a walk over `M`, and serves every side nested in it; on a
//! lattice it is the region's rim, not its area.
//!
//! A side holding `M` (every room of `M` on it) is followed the same way: pairing `c` now with
//! `c − v` before again leaves only the zone (a room outside `M` on `c`, `c − v`, `c − s` or
//! `c − v − s`: the side's own rooms outside `M` now count too), and the cells of `M`'s reach
//! (its cells and those shifted by `s`) that it left or newly reached: there `g` now, or
//! before, stands alone (on a cell out of the reach no room of `M` stands, on it or on it less
//! `s`), and it is zero unless a room outside `M` stands on the cell or on the cell less `s`.
//! Such a side was patched over every cell the move changed: four per moved room, each read
//! before and after.

use super::forest::{Cell, Forest};
use super::registry::{block, block_corner, BlockKey, Registrar, Registry};
use super::side_patch::{inside_of, Buffers, Moved, Side, Tour};
use super::tracker::ConflictTracker;
use crate::domain::direction::{add, sub, Vector};
use crate::domain::map::{ExitId, RoomId};
use rustc_hash::FxHashMap;

/// The zone of a rigid move for one side shift (see the module docs), with the moved rooms
/// that can lie on a side on each of its cells (those on the cell or on the cell the shift
/// brings onto it) by their label in the tour: a side nested in the move reads only the zone
/// cells some room of its subtree's label range names.
#[derive(Debug, Clone, Default)]
pub struct Zone {
    cells: Vec<Cell>,
    /// (tour label of a moved room, index of a zone cell it names), sorted.
    by_label: Vec<(u64, u32)>,
    /// The cells the move's reach (its cells, and those shifted by `s`) left, and those it
    /// newly reached, where a room outside the move stands on the cell or on the cell less `s`.
    left: Vec<Cell>,
    reached: Vec<Cell>,
    /// One cell of each block ([`super::registry::block`]) of the cells the move changed and
    /// those shifted by `s`: what a side holding the move reads anew.
    blocks: Vec<Cell>,
}

/// What stands on a cell: (a moved room, a room outside the move).
type Standing = (bool, bool);

/// What stands on `cell` ([`Standing`]).
fn stands(forest: &Forest, moved: &Moved, cell: &Cell) -> Standing {
    let rooms = forest.rooms_at(cell);
    let ours = rooms.iter().filter(|x| moved.has(**x)).count();
    (ours > 0, ours < rooms.len())
}

/// What of a rigid move every side shift reads alike, found once per move rather than once
/// per shift ([`Zone::of`] is asked 2.6 shifts a move on a lattice): each moved room's cell
/// `c`, what stands on `c` and on `c − v`, and the blocks of the cells the move changed.
#[derive(Debug, Clone, Default)]
pub struct Stands {
    /// (the cell `c` of a moved room, what stands on `c`, what stands on `c − v`).
    rooms: Vec<(Cell, Standing, Standing)>,
    /// The blocks of [`Moved::cells`], each once in their order (which is block order).
    blocks: Vec<Cell>,
}

impl Stands {
    /// Of the rigid move `moved`, into `self` (its buffers reused), or `None` when the move was
    /// not rigid within one frame; `forest` is the forest after the move.
    fn fill(&mut self, forest: &Forest, moved: &Moved) -> Option<()> {
        let v = moved.carry?;
        self.rooms.clear();
        self.rooms
            .extend(moved.rooms().filter_map(|r| forest.cell(r)).map(|(f, c)| {
                let here = stands(forest, moved, &(f, c));
                let less_v = stands(forest, moved, &(f, sub(c, v)));
                ((f, c), here, less_v)
            }));
        self.blocks.clear();
        self.blocks.extend(moved.cells.iter().map(|k| block(*k)));
        self.blocks.dedup();
        Some(())
    }
}

impl Zone {
    /// The zone of the rigid move `moved` for side shift `s`, into `self` (its buffers reused),
    /// or `None` when the move was not rigid within one frame; `stands_of` is
    /// [`Stands::fill`] of the move and `tour` the forest's tour, both taken after the move.
    fn fill(
        &mut self,
        forest: &Forest,
        tour: &Tour,
        moved: &Moved,
        stands_of: &Stands,
        s: Vector,
    ) -> Option<()> {
        let v = moved.carry?;
        let Zone {
            cells,
            by_label,
            left,
            reached,
            blocks,
        } = self;
        for list in [&mut *cells, &mut *left, &mut *reached, &mut *blocks] {
            list.clear();
        }
        by_label.clear();
        let neg = |d: Vector| sub([0, 0, 0], d);
        for &((f, c), c0, cv) in &stands_of.rooms {
            // The six cells the two reach cells `c` and `c + s` are read against, each once
            // (those on `c` and `c − v` found once per move); the cells past them only when a
            // room outside the move stands on one (on a lattice, most moved rooms have none:
            // they are inside the region, off its rim).
            let at = |d: Vector| stands(forest, moved, &(f, add(c, d)));
            let (cs, css) = (at(s), at(neg(s)));
            let (cvs, csv) = (at(sub(neg(v), s)), at(sub(s, v)));
            // For k = c: k − v, k − s, k − v − s, and past them k + v, k + v − s.
            // For k = c + s: k − v = c + s − v, k − s = c, k − v − s = c − v, and past them
            // k + v = c + s + v, k + v − s = c + v.
            for (k, here, kv, ks, kvs, past) in [
                (c, c0, cv, css, cvs, [v, sub(v, s)]),
                (add(c, s), cs, csv, c0, cv, [add(s, v), v]),
            ] {
                if here.1 || kv.1 || ks.1 || kvs.1 {
                    cells.push((f, k));
                }
                // `k` newly reached: `k + v` was not in the reach (no moved room on it or on it
                // less `s`).
                if (here.1 || ks.1) && !(at(past[0]).0 || at(past[1]).0) {
                    reached.push((f, k));
                }
                // `k − v` left: not in the reach now (no moved room on it or on it less `s`).
                if !(kv.0 || kvs.0) && (kv.1 || kvs.1) {
                    left.push((f, sub(k, v)));
                }
            }
        }
        // The blocks of the cells the move changed (the moved rooms' cells now and less `v`)
        // and of those cells shifted by `s`. The changed cells come in block order, so their
        // blocks, and mostly those of the shifted cells, repeat next to each other.
        blocks.extend_from_slice(&stands_of.blocks);
        let mut last: Option<Cell> = None;
        for (f, x) in &moved.cells {
            let b = block((*f, add(*x, s)));
            if last != Some(b) {
                blocks.push(b);
                last = Some(b);
            }
        }
        for list in [&mut *cells, &mut *left, &mut *reached, &mut *blocks] {
            list.sort_unstable();
            list.dedup();
        }
        // A cell standing for each block (its own block is the block).
        for b in blocks.iter_mut() {
            *b = block_corner(*b);
        }
        for (i, k) in cells.iter().enumerate() {
            let source: Cell = (k.0, sub(k.1, s));
            for r in forest.rooms_at(k).iter().chain(forest.rooms_at(&source)) {
                if let (true, Some((t, _))) = (moved.has(*r), tour.span(*r)) {
                    by_label.push((t, i as u32));
                }
            }
        }
        by_label.sort_unstable();
        Some(())
    }

    /// One cell of each block a side holding the move reads anew (to register it on).
    pub fn blocks(&self) -> &[Cell] {
        &self.blocks
    }

    /// The zone cells that a room of the subtree below `low` names, each once, into `out`.
    /// `idx` is scratch.
    pub fn under(&self, tour: &Tour, low: RoomId, idx: &mut Vec<u32>, out: &mut Vec<Cell>) {
        out.clear();
        idx.clear();
        let Some((lo, hi)) = tour.span(low) else {
            return;
        };
        let from = self.by_label.partition_point(|(t, _)| *t < lo);
        idx.extend(
            self.by_label[from..]
                .iter()
                .take_while(|(t, _)| *t < hi)
                .map(|(_, i)| *i),
        );
        idx.sort_unstable();
        idx.dedup();
        out.extend(idx.iter().filter_map(|i| self.cells.get(*i as usize)));
    }
}

/// True when the side of tree exit `e` judged on `side` lies inside the region `moved` carried
/// (its lower end `low` is `side.near`, so the side is the subtree below it, and that room
/// hangs in the moved region's subtree).
pub fn carried(forest: &Forest, moved: &Moved, low: RoomId, side: &Side) -> bool {
    moved.carry.is_some()
        && moved.root.is_some()
        && side.near == low
        && moved.has(low)
        && forest.frame_of(low) == Some(side.frame)
}

/// `g` of a cell for a side judged where it stands: how many more overlaps the cell holds with
/// the side's rooms taken from the cell it is read from (`from`) instead of those standing in it
/// (`here`); 0 when neither holds a room of the side. `now` is scratch.
struct OverlapGain<'a> {
    tracker: &'a ConflictTracker,
    inside: &'a dyn Fn(RoomId) -> bool,
    now: &'a mut Vec<RoomId>,
}

impl<'a> OverlapGain<'a> {
    fn new(
        tracker: &'a ConflictTracker,
        inside: &'a dyn Fn(RoomId) -> bool,
        now: &'a mut Vec<RoomId>,
    ) -> Self {
        Self {
            tracker,
            inside,
            now,
        }
    }

    fn at(&mut self, here: &[RoomId], from: &[RoomId]) -> i64 {
        let inside = self.inside;
        if !here.iter().chain(from).any(|r| inside(*r)) {
            return 0;
        }
        let before = self.tracker.overlapping(here);
        self.now.clear();
        self.now
            .extend(here.iter().copied().filter(|r| !inside(*r)));
        self.now.extend(from.iter().copied().filter(|r| inside(*r)));
        i64::from(self.tracker.overlapping(self.now)) - i64::from(before)
    }
}

/// How the overlaps of a side carried by the move changed: the change of `g` over the zone,
/// now against `c − v` before; `inside` tells the side's rooms; `bufs` is scratch.
pub fn carried_change(
    tracker: &ConflictTracker,
    side: &Side,
    moved: &Moved,
    zone: &[Cell],
    inside: &dyn Fn(RoomId) -> bool,
    bufs: &mut Buffers,
) -> Option<i64> {
    let v = moved.carry?;
    let forest = tracker.forest();
    let s = side.shift;
    let mut change = 0i64;
    let (here_was, from_was, now) = bufs.rooms();
    let mut gain = OverlapGain::new(tracker, inside, now);
    let mut g = |here: &[RoomId], from: &[RoomId]| gain.at(here, from);
    for k in zone {
        let source: Cell = (k.0, sub(k.1, s));
        let new = g(forest.rooms_at(k), forest.rooms_at(&source));
        let was: Cell = (k.0, sub(k.1, v));
        let was_source: Cell = (k.0, sub(was.1, s));
        let old = g(
            moved.before(forest, &was, here_was),
            moved.before(forest, &was_source, from_was),
        );
        change += new - old;
    }
    Some(change)
}

/// How the overlaps of a side holding the move (every moved room on it, before and after)
/// changed: the change of `g` over the zone's cells now against those cells less `v` before,
/// plus `g` now on the cells the reach left and less `g` before on those it newly reached
/// (see [`Zone`]); `inside` tells the side's rooms; `bufs` is scratch.
pub fn holding_change(
    tracker: &ConflictTracker,
    side: &Side,
    moved: &Moved,
    zone: &Zone,
    inside: &dyn Fn(RoomId) -> bool,
    bufs: &mut Buffers,
) -> Option<i64> {
    let v = moved.carry?;
    let forest = tracker.forest();
    let s = side.shift;
    let (here_was, from_was, now) = bufs.rooms();
    let mut gain = OverlapGain::new(tracker, inside, now);
    let mut g = |here: &[RoomId], from: &[RoomId]| gain.at(here, from);
    let back = |k: &Cell, d: Vector| (k.0, sub(k.1, d));
    let mut change = 0i64;
    for k in &zone.cells {
        change += g(forest.rooms_at(k), forest.rooms_at(&back(k, s)));
        let was = back(k, v);
        change -= g(
            moved.before(forest, &was, here_was),
            moved.before(forest, &back(&was, s), from_was),
        );
    }
    for k in &zone.left {
        change += g(forest.rooms_at(k), forest.rooms_at(&back(k, s)));
    }
    for k in &zone.reached {
        change -= g(
            moved.before(forest, k, here_was),
            moved.before(forest, &back(k, s), from_was),
        );
    }
    Some(change)
}

/// Registers a carried side on the cells it reads now (as [`super::side_judge::judge`]
/// registers them: each room's cell and, when the side moves, that cell shifted), walking its
/// subtree below `low` without gathering the cells; `stack` is scratch.
pub fn register_carried(
    forest: &Forest,
    low: RoomId,
    side: &Side,
    stack: &mut Vec<RoomId>,
    by_block: &mut Registry<BlockKey>,
    to: &mut Registrar,
) {
    let moves = side.shift != [0, 0, 0];
    stack.clear();
    stack.push(low);
    while let Some(r) = stack.pop() {
        stack.extend(forest.children(r));
        let Some(c) = forest.cell(r) else { continue };
        to.add(by_block, c);
        if moves {
            to.add(by_block, (c.0, add(c.1, side.shift)));
        }
    }
}

/// The zones of one move by side shift, built on the first side that needs one, and the scratch
/// of following sides through the move; cleared from move to move, its buffers kept.
#[derive(Debug, Clone, Default)]
pub struct Zones {
    /// The index in `zones` of the zone of each shift built for this move.
    by_shift: FxHashMap<Vector, usize>,
    /// The zones built for this move first, then emptied ones kept for reuse.
    zones: Vec<Zone>,
    /// What every shift's zone reads alike, found with the first (`None` until then, and
    /// when the move was not rigid).
    stands: Stands,
    stood: Option<bool>,
    hit: Vec<Cell>,
    idx: Vec<u32>,
    stack: Vec<RoomId>,
    bufs: Buffers,
}

impl Zones {
    /// For a new move: no zone built yet.
    pub fn clear(&mut self) {
        self.by_shift.clear();
        self.stood = None;
    }

    /// The zone of shift `s`, built on the first ask.
    fn zone(
        &mut self,
        forest: &Forest,
        tour: &mut Tour,
        moved: &Moved,
        s: Vector,
    ) -> Option<&Zone> {
        tour.refresh(forest);
        if let Some(&at) = self.by_shift.get(&s) {
            return self.zones.get(at);
        }
        if self.stood.is_none() {
            self.stood = Some(self.stands.fill(forest, moved).is_some());
        }
        if self.stood != Some(true) {
            return None;
        }
        let at = self.by_shift.len();
        if self.zones.len() <= at {
            self.zones.push(Zone::default());
        }
        self.zones
            .get_mut(at)?
            .fill(forest, tour, moved, &self.stands, s)?;
        self.by_shift.insert(s, at);
        self.zones.get(at)
    }

    /// How the overlaps of tree exit `e`'s side, carried by the move, changed
    /// ([`carried_change`] over the zone cells its subtree names).
    pub fn carried(
        &mut self,
        tracker: &ConflictTracker,
        tour: &mut Tour,
        e: ExitId,
        side: &Side,
        moved: &Moved,
    ) -> Option<i64> {
        let forest = tracker.forest();
        let low = forest.lower_end(e)?;
        let (mut hit, mut idx) = (std::mem::take(&mut self.hit), std::mem::take(&mut self.idx));
        if let Some(zone) = self.zone(forest, tour, moved, side.shift) {
            zone.under(tour, low, &mut idx, &mut hit);
        } else {
            hit.clear();
            (self.hit, self.idx) = (hit, idx);
            return None;
        }
        let change = inside_of(forest, tour, e, side)
            .and_then(|inside| carried_change(tracker, side, moved, &hit, &inside, &mut self.bufs));
        (self.hit, self.idx) = (hit, idx);
        change
    }

    /// How the overlaps of tree exit `e`'s side, holding the move, changed ([`holding_change`]).
    pub fn holding(
        &mut self,
        tracker: &ConflictTracker,
        tour: &mut Tour,
        e: ExitId,
        side: &Side,
        moved: &Moved,
    ) -> Option<i64> {
        let forest = tracker.forest();
        self.zone(forest, tour, moved, side.shift)?;
        let zone = self.zones.get(*self.by_shift.get(&side.shift)?)?;
        let inside = inside_of(forest, tour, e, side)?;
        holding_change(tracker, side, moved, zone, &inside, &mut self.bufs)
    }

    /// One cell of each block a side holding the move reads anew (after [`Zones::holding`]).
    pub fn blocks(&self, side: &Side) -> &[Cell] {
        self.by_shift
            .get(&side.shift)
            .and_then(|at| self.zones.get(*at))
            .map_or(&[], |z| z.blocks())
    }

    /// Registers a carried side on the cells it reads now ([`register_carried`]).
    pub fn register_carried(
        &mut self,
        forest: &Forest,
        low: RoomId,
        side: &Side,
        by_block: &mut Registry<BlockKey>,
        to: &mut Registrar,
    ) {
        register_carried(forest, low, side, &mut self.stack, by_block, to);
    }
}
