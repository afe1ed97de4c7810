//! What flattening each exit (marking it non-geometric) would do to the conflict count, kept
//! across a repair loop's flattenings instead of judged again at every decision: the solver's
//! geometric pass reads its best flattening from here.
//!
//! Flattening an exit outside the tree changes only its own loop and its pair's reverse
//! mismatch. Flattening a tree exit hands its place to its *owner*, the oldest geometric exit
//! crossing its cut ([`super::forest`]); when the owner already agrees with the lattice nothing
//! moves, and only the exits sharing rooms with the tree exit or its owner can change state (a
//! way back that stops or starts being one), which costs nothing to count. Otherwise the side
//! moves and the change is judged as [`super::TrialJudge`] judges it, on the smaller side of the
//! cut. Owners come from one pass over the exits outside the tree in id order, each claiming the
//! unclaimed tree exits on its path (a union-find over rooms); after that every figure is kept:
//!
//! - a flattened exit outside the tree gives its tree exits to their next-oldest crossing exit
//!   (found on their smaller side);
//! - a flattened tree exit whose owner takes its place changes the cut of each tree exit on the
//!   loop that owner closed, and of those only the ones the owner owned change owner (a cut
//!   that changes gains the flattened exit's crossing exits and loses those it shared, all
//!   younger than the owner);
//! - a judged side is remembered by the cells its rooms leave and enter (registered by blocks of
//!   cells, [`super::registry::BLOCK_SHIFT`]) and the exits crossing it, and looked at again
//!   only when one of those changes; then, when its side still moves to
//!   fit the same exit by the same shift, it is patched rather than judged again over its whole
//!   side ([`super::side_patch`]): its mismatch and the loops across its cut are counted again
//!   from the crossing exits it keeps (for a cut on the replacement's loop, those it kept plus
//!   the flattened exit's crossed exits it did not cross before), and its overlaps only over
//!   the cells the flattening's move changed: for a side the move left apart (no moved room on
//!   it, before or after) only those of them it read, which the registrations it was found by
//!   name, whatever the size of the move; for a side holding or inside a rigid move, only the
//!   move's rim ([`super::side_carry`]); for a side holding any other move, every cell the move
//!   changed (judged again when the move is larger than it). One whose shift changed is judged
//!   again.
//!
//! Any other edit (a removal, a relabelling) drops everything; the next question builds it
//! again. The figures always equal a fresh [`super::TrialJudge`]'s (a property test checks it
//! after random flattenings on random maps).

use super::bulk::find;
use super::forest::{Cell, Cut, Marks};
use super::hits::Hits;
use super::registry::{register_cells, At, BlockKey, Registrar, Registry};
use super::side_carry::{carried, Zones};
use super::side_judge::{
    judge, loop_change, mismatch_change, read_again, read_exits, still_delta, Footprint, Judged,
};
use super::side_patch::{
    apart, on_side, overlap_change, overlap_change_on, patchable, patched_cells, Buffers, Moved,
    Side, Tour,
};
use super::tracker::{ConflictTracker, Effects};
use crate::domain::history::Change;
use crate::domain::map::{ExitId, Map, RoomId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeSet;

/// Gains closer than this are equal (the geometric pass's tie tolerance).
pub const TIE: f64 = 1e-12;

/// The smallest evidence weight a flattening is divided by (the geometric pass's floor: an exit
/// the evidence speaks against still costs something to give up).
pub const WEIGHT_FLOOR: f64 = 0.1;

/// How many stale footprint registrations may pile up, beyond the live ones, before they are
/// swept out (memory stays proportional to the judged sides).
const STALE_SLACK: usize = 1 << 20;

/// An exit whose flattening lowers the count.
#[derive(Debug, Clone, Copy)]
struct Entry {
    delta: i64,
    key: u64,
}

/// See the module docs.
#[derive(Debug, Clone, Default)]
pub struct FlattenGains {
    built: bool,
    owner: FxHashMap<ExitId, ExitId>,
    owned: FxHashMap<ExitId, Vec<ExitId>>,
    entries: FxHashMap<ExitId, Entry>,
    best: BTreeSet<(u64, ExitId)>,
    /// Judged tree exits: the generation of their footprint, its size, and what patching the
    /// judgement needs.
    judged: FxHashMap<ExitId, Judged>,
    generation: u32,
    /// Judged sides by the blocks of the cells they read ([`super::registry::BLOCK_SHIFT`]).
    by_block: Registry<BlockKey>,
    by_exit: Registry<ExitId>,
    live: usize,
    marks: Marks,
    /// The last judgement's footprint and scratch.
    foot: Footprint,
    tour: Tour,
    /// Patch a judgement when the cells to look at are fewer than its side's rooms times
    /// this (see [`PATCH_RATIO`]).
    patch_ratio: usize,
    /// The zones of the last move ([`super::side_carry`]).
    zones: Zones,
    /// The rooms the last flattening moved (buffers kept for the next).
    moved: Moved,
    /// The cells and exits a patched judgement is registered on anew (buffers kept).
    anew: (Vec<Cell>, Vec<ExitId>),
    /// What patches read rooms into.
    bufs: Buffers,
    /// The changed cells each side dirtied by a move read (buffers kept).
    hits: Hits,
    /// The rooms of the sides followed through a move that carried them, summed (each a side
    /// not judged again).
    carried_rooms: usize,
}

/// Patch a judgement (re-judge it over only the cells a move changed, [`super::side_patch`])
/// when those cells are fewer than its side's rooms times this: each cell costs about what a
/// room costs in a full judgement (a look at its rooms before and after), and a full judgement
/// also walks the side's exits.
pub const PATCH_RATIO: usize = 1;

fn gain_key(delta: i64, weight: f64) -> u64 {
    ((-delta) as f64 / weight.max(WEIGHT_FLOOR)).to_bits()
}

/// The exit of a change that only marks one exit non-geometric.
fn flattened(change: &Change) -> Option<ExitId> {
    let rooms_kept = change.added_rooms.is_empty()
        && change.removed_rooms.is_empty()
        && change.updated_rooms.is_empty();
    match (&change.removed_exits[..], &change.added_exits[..]) {
        ([old], [new])
            if rooms_kept
                && old.id == new.id
                && old.from == new.from
                && old.to == new.to
                && old.label == new.label
                && old.origin == new.origin
                && !new.geometric =>
        {
            Some(old.id)
        }
        _ => None,
    }
}

impl FlattenGains {
    /// Empty: built on the first question.
    pub fn new() -> FlattenGains {
        FlattenGains {
            patch_ratio: PATCH_RATIO,
            ..FlattenGains::default()
        }
    }

    /// Empty, and patching every judgement a move allows, however large the move: the same
    /// figures as [`FlattenGains::new`]'s, for checking the patches against full judgements.
    pub fn patching_always() -> FlattenGains {
        FlattenGains {
            patch_ratio: usize::MAX,
            ..FlattenGains::default()
        }
    }

    /// The best flattening and how it changes the count, if any lowers it: the largest gain
    /// (conflicts resolved per unit of `weight`, at least [`WEIGHT_FLOOR`]), gains within
    /// [`TIE`] equal, and of equal gains the later exit.
    pub fn best(
        &mut self,
        map: &Map,
        tracker: &ConflictTracker,
        weight: &dyn Fn(ExitId) -> f64,
    ) -> Option<(ExitId, i64)> {
        if !self.built {
            self.build(map, tracker, weight);
        }
        let &(top, _) = self.best.iter().next_back()?;
        let top = f64::from_bits(top);
        let mut pick: Option<ExitId> = None;
        for &(k, e) in self.best.iter().rev() {
            if f64::from_bits(k) < top - TIE {
                break;
            }
            pick = pick.max(Some(e));
        }
        let e = pick?;
        Some((e, self.entries.get(&e)?.delta))
    }

    /// The rooms of the sides followed through moves that carried them ([`super::side_carry`]),
    /// summed since the last rebuild: rooms not judged again.
    pub fn carried_rooms(&self) -> usize {
        self.carried_rooms
    }

    /// Every exit whose flattening lowers the count, with the change (once built).
    pub fn lowering(&self) -> Vec<(ExitId, i64)> {
        self.entries.iter().map(|(e, x)| (*e, x.delta)).collect()
    }

    /// Forgets everything (the next question builds it again).
    pub fn clear(&mut self) {
        *self = FlattenGains {
            marks: std::mem::take(&mut self.marks),
            patch_ratio: self.patch_ratio,
            ..FlattenGains::default()
        };
    }

    /// The evidence of these exits changed: their gains are divided anew.
    pub fn reweigh(&mut self, exits: &[ExitId], weight: &dyn Fn(ExitId) -> f64) {
        for e in exits {
            if let Some(entry) = self.entries.get_mut(e) {
                self.best.remove(&(entry.key, *e));
                entry.key = gain_key(entry.delta, weight(*e));
                self.best.insert((entry.key, *e));
            }
        }
    }

    /// Takes in a change the tracker has taken in (`fx` is what it did); `map` is the map after
    /// it. Anything but a flattening drops the figures.
    pub fn observe(
        &mut self,
        map: &Map,
        tracker: &ConflictTracker,
        change: &Change,
        fx: &Effects,
        weight: &dyn Fn(ExitId) -> f64,
    ) {
        if !self.built {
            return;
        }
        let Some(x) = flattened(change).filter(|_| !fx.rebuilt) else {
            self.clear();
            return;
        };
        let forest = tracker.forest();
        self.tour.follow(forest, &fx.reshape);
        let mut owner_dirty: Vec<ExitId> = Vec::new();
        let mut class_dirty: Vec<ExitId> = Vec::new();
        let mut loose_dirty: Vec<ExitId> = Vec::new();
        // Owners: the flattened exit's tree exits, and those of an exit that joined the tree.
        self.forget(x);
        self.owner.remove(&x);
        for y in fx.reshape.retreed.iter().copied() {
            for e in self.owned.remove(&y).unwrap_or_default() {
                if self.owner.get(&e) == Some(&y) && forest.is_tree(e) {
                    owner_dirty.push(e);
                }
            }
            if y != x && forest.is_tree(y) {
                self.forget(y);
                owner_dirty.push(y);
            }
        }
        // Exits whose error changed: their tree exits' owners may no longer agree.
        for y in &fx.reshape.stretched {
            class_dirty.extend(self.owned_by(*y));
            loose_dirty.push(*y);
        }
        // Judged sides that read a changed cell (patched if nothing else changed for them) or
        // exit.
        let mut hits = std::mem::take(&mut self.hits);
        let judged = &self.judged;
        let live = |(e, g): At| judged.get(&e).is_some_and(|j| j.generation == g);
        let cell_dirty = hits.read_on(&mut self.by_block, &fx.cells, live);
        let mut read: Vec<At> = Vec::new();
        let mut changed: Vec<ExitId> = fx.loops_flipped.clone();
        changed.extend(&fx.reshape.retreed);
        changed.extend(&fx.reshape.stretched);
        changed.extend(&fx.touched);
        changed.sort_unstable();
        changed.dedup();
        let mut exit_dirty: Vec<ExitId> = Vec::new();
        for y in &changed {
            self.by_exit.take_into(y, &mut read);
            for (e, g) in read.drain(..) {
                if self.judged.get(&e).is_some_and(|j| j.generation == g) {
                    exit_dirty.push(e);
                }
            }
        }
        self.sharing_rooms(
            map,
            change,
            forest,
            &changed,
            &mut class_dirty,
            &mut loose_dirty,
        );
        let mut done: FxHashSet<ExitId> = FxHashSet::default();
        let mut moving = std::mem::take(&mut self.moved);
        let moved = patchable(map, forest, fx, &mut moving).then_some(&moving);
        self.zones.clear();
        for e in owner_dirty {
            if done.insert(e) {
                self.find_owner(map, tracker, e, weight);
            }
        }
        for e in class_dirty {
            if done.insert(e) {
                self.classify(map, tracker, e, None, weight);
            }
        }
        // The cuts on the loop the replacement closed (unless something else changed for them).
        let crossed = &fx.reshape.crossed[..];
        for &e in &fx.reshape.recut {
            if done.insert(e) {
                let how = (moved, None, &changed[..]);
                self.repatch(map, tracker, e, how, Some(crossed), weight);
            }
        }
        for e in cell_dirty.into_iter().chain(exit_dirty) {
            if done.insert(e) {
                let how = (moved, hits.of(e), &changed[..]);
                self.repatch(map, tracker, e, how, None, weight);
            }
        }
        for e in loose_dirty {
            if done.insert(e) && !forest.is_tree(e) {
                self.set_loose(map, tracker, e, weight);
            }
        }
        self.moved = moving;
        self.hits = hits;
        self.compact();
    }

    /// Exits sharing rooms with a changed exit: their way back, their pair's mismatch, and the
    /// tree exits an exit outside the tree owns (tree exits to `class_dirty`, others to
    /// `loose_dirty`).
    fn sharing_rooms(
        &self,
        map: &Map,
        change: &Change,
        forest: &super::Forest,
        changed: &[ExitId],
        class_dirty: &mut Vec<ExitId>,
        loose_dirty: &mut Vec<ExitId>,
    ) {
        let ends_of = |y: ExitId| {
            map.exit(y).map(|e| (e.from, e.to)).or_else(|| {
                change
                    .removed_exits
                    .iter()
                    .find(|e| e.id == y)
                    .map(|e| (e.from, e.to))
            })
        };
        for &y in changed {
            let Some((a, b)) = ends_of(y) else { continue };
            for p in map.exits_between(a, b).chain(map.exits_between(b, a)) {
                if forest.is_tree(p.id) {
                    class_dirty.push(p.id);
                } else {
                    loose_dirty.push(p.id);
                    class_dirty.extend(self.owned_by(p.id));
                }
            }
            loose_dirty.push(y);
        }
    }

    /// The tree exits an exit outside the tree owns.
    fn owned_by(&self, y: ExitId) -> Vec<ExitId> {
        self.owned
            .get(&y)
            .map(|list| {
                list.iter()
                    .copied()
                    .filter(|e| self.owner.get(e) == Some(&y))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn build(&mut self, map: &Map, tracker: &ConflictTracker, weight: &dyn Fn(ExitId) -> f64) {
        self.clear();
        self.built = true;
        let forest = tracker.forest();
        // Owners: each exit outside the tree, oldest first, claims the unclaimed tree exits on
        // its path; `jump` skips claimed ones.
        let mut jump: Vec<u32> = (0..map.room_bound() as u32).collect();
        let loose: Vec<ExitId> = map
            .exits()
            .map(|e| e.id)
            .filter(|e| forest.part(*e).is_some() && !forest.is_tree(*e))
            .collect();
        for &x in &loose {
            let Some((u, v, _)) = forest.part(x) else {
                continue;
            };
            let (mut a, mut b) = (find(&mut jump, u.0), find(&mut jump, v.0));
            while a != b {
                if forest.depth(RoomId(a)) < forest.depth(RoomId(b)) {
                    std::mem::swap(&mut a, &mut b);
                }
                let Some((p, t)) = forest.parent(RoomId(a)) else {
                    break;
                };
                self.owner.insert(t, x);
                self.owned.entry(x).or_default().push(t);
                jump[a as usize] = p.0;
                a = find(&mut jump, p.0);
            }
        }
        let tree: Vec<ExitId> = map
            .exits()
            .map(|e| e.id)
            .filter(|e| forest.is_tree(*e))
            .collect();
        for t in tree {
            self.classify(map, tracker, t, None, weight);
        }
        for x in loose {
            self.set_loose(map, tracker, x, weight);
        }
    }

    /// Drops an exit's entry and footprint.
    fn forget(&mut self, e: ExitId) {
        if let Some(entry) = self.entries.remove(&e) {
            self.best.remove(&(entry.key, e));
        }
        if let Some(j) = self.judged.remove(&e) {
            self.live -= j.size;
        }
    }

    fn enter(&mut self, e: ExitId, delta: i64, weight: &dyn Fn(ExitId) -> f64) {
        if delta < 0 {
            let key = gain_key(delta, weight(e));
            self.entries.insert(e, Entry { delta, key });
            self.best.insert((key, e));
        }
    }

    /// An exit outside the tree: its own loop and its pair's mismatch.
    fn set_loose(
        &mut self,
        map: &Map,
        tracker: &ConflictTracker,
        x: ExitId,
        weight: &dyn Fn(ExitId) -> f64,
    ) {
        self.forget(x);
        if tracker.forest().part(x).is_none() {
            return;
        }
        let delta = -i64::from(tracker.is_loop(x)) + mismatch_change(map, x);
        self.enter(x, delta, weight);
    }

    /// Finds a tree exit's owner on its smaller side, then classifies it.
    fn find_owner(
        &mut self,
        map: &Map,
        tracker: &ConflictTracker,
        e: ExitId,
        weight: &dyn Fn(ExitId) -> f64,
    ) {
        let Some(cut) = tracker.forest().cut(e, &mut self.marks) else {
            self.forget(e);
            return;
        };
        let new = cut.oldest().map(|(r, _)| r);
        let old = self.owner.get(&e).copied();
        match new {
            Some(r) => {
                self.owner.insert(e, r);
                if old != Some(r) {
                    self.owned.entry(r).or_default().push(e);
                }
            }
            None => {
                self.owner.remove(&e);
            }
        }
        self.classify(map, tracker, e, Some(cut), weight);
    }

    /// A tree exit's delta: counted from the exits sharing its rooms and its owner's when the
    /// owner agrees (nothing moves), judged on its side otherwise.
    fn classify(
        &mut self,
        map: &Map,
        tracker: &ConflictTracker,
        e: ExitId,
        cut: Option<Cut>,
        weight: &dyn Fn(ExitId) -> f64,
    ) {
        self.forget(e);
        let forest = tracker.forest();
        if !forest.is_tree(e) {
            return;
        }
        let owner = self.owner.get(&e).copied();
        if let Some(r) = owner.filter(|r| forest.error(*r) == Some([0, 0, 0])) {
            if let Some(c) = cut {
                self.marks.recycle(c.side);
            }
            let delta = still_delta(map, tracker, e, r);
            self.enter(e, delta, weight);
            return;
        }
        let cut = match cut {
            Some(c) => c,
            None => match forest.cut(e, &mut self.marks) {
                Some(c) => c,
                None => return,
            },
        };
        let (mut judged, side) = judge(map, tracker, e, cut, &self.marks, &mut self.foot);
        self.marks.recycle(side);
        self.generation = self.generation.wrapping_add(1);
        let g = self.generation;
        // One judgement's registrations of a key are adjacent in its list: a repeat is the last.
        let mut size = register_cells(&mut self.by_block, &self.foot.cells, (e, g));
        for &x in &self.foot.exits {
            size += self.by_exit.register(x, (e, g));
        }
        judged.generation = g;
        judged.size = size;
        let delta = judged.delta;
        self.judged.insert(e, judged);
        self.live += size;
        self.enter(e, delta, weight);
    }

    /// A judged tree exit that read a cell or an exit the flattening changed, and whose cut it
    /// kept (`moved`: what it moved, `None` when cuts may have changed; `hits`: the changed
    /// cells it read, if any; `changed`: the exits that changed). Patched when its side moves to fit the
    /// same exit by the same shift: its pair's mismatch and the loops across its cut are counted
    /// again from the crossing exits it keeps, and its overlaps patched over the cells the move
    /// changed when that is cheaper than judging its side again. Judged again otherwise.
    fn repatch(
        &mut self,
        map: &Map,
        tracker: &ConflictTracker,
        e: ExitId,
        (moved, hits, changed): (Option<&Moved>, Option<&[Cell]>, &[ExitId]),
        recut: Option<&[ExitId]>,
        weight: &dyn Fn(ExitId) -> f64,
    ) {
        self.anew.0.clear();
        self.anew.1.clear();
        let patch = match recut {
            Some(crossed) => self.patched_recut(map, tracker, e, moved, changed, crossed),
            None => self.patched(map, tracker, e, moved, hits, changed),
        };
        match patch {
            Some(delta) => {
                if let Some(entry) = self.entries.remove(&e) {
                    self.best.remove(&(entry.key, e));
                }
                let Some(j) = self.judged.get(&e) else { return };
                let g = j.generation;
                let (cells, exits) = &self.anew;
                let mut size = register_cells(&mut self.by_block, cells, (e, g));
                for &x in exits {
                    size += self.by_exit.register(x, (e, g));
                }
                if let Some(j) = self.judged.get_mut(&e) {
                    j.size += size;
                }
                self.live += size;
                self.enter(e, delta, weight);
            }
            None => self.classify(map, tracker, e, None, weight),
        }
    }

    /// A judged tree exit on the loop the flattened exit's replacement closed (`crossed`: the
    /// exits that crossed the flattened exit's cut), outside the side `moved` that the
    /// flattening moved across its cut: its cut gained the crossed exits it did not cross and
    /// lost those it did, and its side gained or lost the moved rooms. Patched like
    /// [`FlattenGains::patched`] when the oldest crossing exit and its shift stay; the change,
    /// with what to register anew left in `anew`, or `None` when it must be judged again.
    fn patched_recut(
        &mut self,
        map: &Map,
        tracker: &ConflictTracker,
        e: ExitId,
        moved: Option<&Moved>,
        changed: &[ExitId],
        crossed: &[ExitId],
    ) -> Option<i64> {
        let moved = moved.filter(|m| !m.cells.is_empty())?;
        let forest = tracker.forest();
        let owner = self.owner.get(&e).copied()?;
        if forest.error(owner) == Some([0, 0, 0]) {
            return None;
        }
        let j = self.judged.get(&e)?;
        let side = j.side?;
        let (a, b, _) = forest.part(e)?;
        if moved.has(a) || moved.has(b) {
            return None;
        }
        let cheaper =
            moved.cells.len().saturating_mul(2) < j.rooms.saturating_mul(self.patch_ratio);
        if !cheaper {
            return None;
        }
        // The crossing exits: those crossed before, less the crossed exits, plus the others.
        let mut crossing: Vec<(ExitId, bool)> = j
            .crossing
            .iter()
            .copied()
            .filter(|(x, _)| !crossed.contains(x))
            .collect();
        let gained: Vec<(ExitId, RoomId)> = crossed
            .iter()
            .filter(|x| !j.crossing.iter().any(|(y, _)| y == *x))
            .filter_map(|x| Some((*x, forest.part(*x)?.0)))
            .collect();
        if gained.iter().any(|(x, _)| forest.is_tree(*x)) {
            return None;
        }
        let starts: Vec<RoomId> = gained.iter().map(|(_, r)| *r).collect();
        let inside = on_side(forest, &mut self.tour, e, side.near, &starts)?;
        crossing.extend(gained.iter().zip(inside).map(|((x, _), i)| (*x, i)));
        crossing.sort_unstable();
        let link = crossing.iter().copied().min_by_key(|(x, _)| *x);
        let j = self.judged.get(&e)?;
        if link != j.link || link.map(|(x, _)| x) != Some(owner) {
            return None;
        }
        let shift = link.map(|(r, start_in)| forest.shift_to_fit(r, start_in));
        if shift != Some(side.shift) {
            return None;
        }
        let overlaps = j.overlaps
            + overlap_change(
                tracker,
                &mut self.tour,
                e,
                &side,
                (moved, true),
                &mut self.bufs,
            )?;
        let delta =
            mismatch_change(map, e) + loop_change(tracker, &crossing, link, shift) + overlaps;
        let (cells, exits) = &mut self.anew;
        patched_cells(&side, moved, cells);
        for (x, _) in &gained {
            if let Some((xa, xb, _)) = forest.part(*x) {
                cells.extend(forest.cell(xa));
                cells.extend(forest.cell(xb));
            }
        }
        exits.extend(gained.iter().map(|(x, _)| *x));
        read_again(map, e, changed, &crossing, exits);
        let j = self.judged.get_mut(&e)?;
        j.crossing = crossing;
        j.overlaps = overlaps;
        j.delta = delta;
        Some(delta)
    }

    /// The patched figures of a judged side (kept in its record; the change handed back), and
    /// the cells and exits to register it on anew left in `anew`; `None` when it must be
    /// judged again. A side the move left apart
    /// ([`apart`]) is patched over the changed cells it read (`hits`), whatever the size of the
    /// move; any other over every cell the move changed, when that is cheaper than judging it.
    fn patched(
        &mut self,
        map: &Map,
        tracker: &ConflictTracker,
        e: ExitId,
        moved: Option<&Moved>,
        hits: Option<&[Cell]>,
        changed: &[ExitId],
    ) -> Option<i64> {
        let moved = moved?;
        let forest = tracker.forest();
        let j = self.judged.get_mut(&e)?;
        if !forest.is_tree(e) || j.crossing.iter().any(|(x, _)| forest.is_tree(*x)) {
            return None;
        }
        let link = j.link;
        // Filtered in place: a judgement not patched is judged again ([`FlattenGains::repatch`]),
        // which drops it first.
        j.crossing.retain(|(x, _)| forest.part(*x).is_some());
        if link.is_some_and(|l| !j.crossing.contains(&l)) {
            return None;
        }
        let shift = link.map(|(r, start_in)| forest.shift_to_fit(r, start_in));
        if shift != j.side.map(|s| s.shift) {
            return None;
        }
        let mut overlaps = j.overlaps;
        let mut fresh = false;
        if let Some(hits) = hits {
            let side = j.side?;
            let inside_move = forest
                .part(e)
                .is_some_and(|(a, b, _)| moved.has(a) && moved.has(b));
            let cheaper =
                moved.cells.len().saturating_mul(2) < j.rooms.saturating_mul(self.patch_ratio);
            let tour = &mut self.tour;
            if apart(tracker, tour, e, &side, moved)? {
                overlaps += overlap_change_on(
                    tracker,
                    tour,
                    e,
                    &side,
                    (moved, false),
                    hits,
                    &mut self.bufs,
                )?;
                self.anew.0.extend_from_slice(hits);
            } else if inside_move {
                self.carry(tracker, e, &side, moved, &mut overlaps)?;
                fresh = true;
            } else if moved.carry.is_some() {
                overlaps += self
                    .zones
                    .holding(tracker, &mut self.tour, e, &side, moved)?;
                self.anew.0.extend_from_slice(self.zones.blocks(&side));
            } else if !cheaper {
                return None;
            } else {
                overlaps +=
                    overlap_change(tracker, tour, e, &side, (moved, false), &mut self.bufs)?;
                patched_cells(&side, moved, &mut self.anew.0);
            }
        }
        let j = self.judged.get_mut(&e)?;
        let delta =
            mismatch_change(map, e) + loop_change(tracker, &j.crossing, link, shift) + overlaps;
        if fresh {
            read_exits(map, e, &j.crossing, &mut self.anew.1);
        } else {
            read_again(map, e, changed, &j.crossing, &mut self.anew.1);
        }
        j.overlaps = overlaps;
        j.delta = delta;
        Some(delta)
    }

    /// Follows a judged side inside the region the move carried ([`super::side_carry`]): its
    /// overlaps patched over the cells of the move's zone for its shift that its rooms name;
    /// `None` when it must be judged again. The judgement gets a new generation, registered on
    /// the cells it reads now (a walk over its subtree, no look at the rooms on them); the
    /// crossing exits' ends are left in `anew`, still to be registered.
    fn carry(
        &mut self,
        tracker: &ConflictTracker,
        e: ExitId,
        side: &Side,
        moved: &Moved,
        overlaps: &mut i64,
    ) -> Option<()> {
        let forest = tracker.forest();
        let low = forest.lower_end(e)?;
        if !carried(forest, moved, low, side) {
            return None;
        }
        let inside = self
            .zones
            .carried(tracker, &mut self.tour, e, side, moved)?;
        *overlaps += inside;
        // A new generation: the registrations on the cells the side left are dropped.
        self.generation = self.generation.wrapping_add(1);
        let g = self.generation;
        // Its subtree's cells registered as they are walked; the crossing exits' far ends
        // are left to be registered with the rest.
        let mut to = Registrar::new((e, g));
        self.zones
            .register_carried(forest, low, side, &mut self.by_block, &mut to);
        let j = self.judged.get_mut(&e)?;
        self.anew
            .0
            .extend(j.crossing.iter().filter_map(|&(x, start_in)| {
                let (xa, xb, _) = forest.part(x)?;
                forest.cell(if start_in { xb } else { xa })
            }));
        self.live -= j.size;
        self.live += to.added;
        j.size = to.added;
        j.generation = g;
        self.carried_rooms += j.rooms;
        Some(())
    }

    /// Sweeps out footprint registrations of sides judged again since.
    fn compact(&mut self) {
        if self.by_block.len() + self.by_exit.len() <= 2 * self.live + STALE_SLACK {
            return;
        }
        let judged = &self.judged;
        let live = |(e, g): At| judged.get(&e).is_some_and(|j| j.generation == g);
        self.by_block.retain(live);
        self.by_exit.retain(live);
    }
}
