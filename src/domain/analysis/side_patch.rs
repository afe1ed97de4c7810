//! Re-judging a flattening's overlaps over only the cells a move changed, instead of over its
//! whole side: what lets [`super::FlattenGains`] follow a flattening that moved a region of the
//! lattice at the cost of that region, not of every judged side around it.
//!
//! Flattening tree exit `e` moves the rooms of its side `S` by a shift `s` ([`super::gains`]);
//! the overlaps it changes are, summed over every cell `k`,
//! `g(k) = overlap(R(k) \ S ∪ (S ∩ R(k − s))) − overlap(R(k))`, with `R(k)` the rooms on `k`
//! (the judge adds `g` only over the cells where it can be non-zero, which is the same sum).
//! When a commit moves a set `M` of rooms and leaves `e`'s cut, its shift and every exit its
//! judgement read as they were, `S` is the same set of rooms (less `M` if `M` left for a frame
//! of its own; the sum does not depend on which side moves, only on where the two sides end up
//! against each other) and `g` changes only on the cells `M` left or entered and on those cells
//! shifted by `s`: the new sum is the old one plus the change of `g` over those cells, read from
//! the rooms on them before the move (the rooms on them now, less those of `M`, plus those of
//! `M` that were there) and after it.
//!
//! Whether a room is in `S` is read from a depth-first tour of the forest ([`Forest::tour`]):
//! `S` is the subtree below `e` or everything else in its part. The tour is taken again after
//! the tree changes, once, on the first patch that needs it.

use super::forest::{Cell, Forest};
use super::tracker::ConflictTracker;
use crate::domain::direction::{add, sub, Vector};
use crate::domain::map::{ExitId, RoomId};
use rustc_hash::{FxHashMap, FxHashSet};

/// The rooms one commit moved.
#[derive(Debug, Default)]
pub struct Moved {
    rooms: FxHashSet<RoomId>,
    /// The rooms of `M` by the cell they left.
    left: FxHashMap<Cell, Vec<RoomId>>,
    /// Every cell a room of `M` left or entered, each once.
    pub cells: Vec<Cell>,
    /// When `M` left for a frame of its own: a room outside it on the side `M` was on before,
    /// relative to every cut (the far end of the exit that held it).
    was_with: Option<RoomId>,
}

impl Moved {
    /// The rooms moved, each with the cell it left; `forest` is the forest after the move;
    /// `was_with`, when they left for a frame of their own, a room they were joined to.
    pub fn new(forest: &Forest, moved: &[(RoomId, Cell)], was_with: Option<RoomId>) -> Moved {
        let mut out = Moved {
            was_with,
            ..Moved::default()
        };
        for &(r, old) in moved {
            out.rooms.insert(r);
            out.left.entry(old).or_default().push(r);
            out.cells.push(old);
            out.cells.extend(forest.cell(r));
        }
        out.cells.sort_unstable();
        out.cells.dedup();
        out
    }

    /// True if the room moved.
    pub fn has(&self, r: RoomId) -> bool {
        self.rooms.contains(&r)
    }

    /// The rooms on a cell before the move.
    fn before(&self, forest: &Forest, k: &Cell) -> Vec<RoomId> {
        let mut out: Vec<RoomId> = forest
            .rooms_at(k)
            .iter()
            .copied()
            .filter(|r| !self.has(*r))
            .collect();
        out.extend(self.left.get(k).into_iter().flatten());
        out
    }
}

/// The forest's tour, taken again when the tree has changed since.
#[derive(Debug, Clone, Default)]
pub struct Tour {
    enter: Vec<u32>,
    leave: Vec<u32>,
    fresh: bool,
}

impl Tour {
    /// The tree changed: the next question takes the tour again.
    pub fn stale(&mut self) {
        self.fresh = false;
    }

    fn refresh(&mut self, forest: &Forest) {
        if !self.fresh {
            (self.enter, self.leave) = forest.tour();
            self.fresh = true;
        }
    }

    /// True if `r` lies in the subtree of `c`.
    fn below(&self, r: RoomId, c: RoomId) -> bool {
        let at = |v: &[u32], x: RoomId| v.get(x.0 as usize).copied();
        match (at(&self.enter, r), at(&self.enter, c), at(&self.leave, c)) {
            (Some(t), Some(lo), Some(hi)) => lo <= t && t < hi,
            _ => false,
        }
    }
}

/// What a judgement of tree exit `e` needs kept to be patched: the end on its side, the frame
/// and the shift its side moves by.
#[derive(Debug, Clone, Copy)]
pub struct Side {
    /// The end of `e` on the judged side.
    pub near: RoomId,
    /// The frame the side moves in.
    pub frame: u32,
    /// The shift (the judge's `moves` is `shift != 0`).
    pub shift: Vector,
}

/// How the overlaps of flattening `e` (judged on `side`) changed with the move `moved`, or
/// `None` when a patch cannot say (`e` is not a tree exit).
pub fn overlap_change(
    tracker: &ConflictTracker,
    tour: &mut Tour,
    e: ExitId,
    side: &Side,
    moved: &Moved,
) -> Option<i64> {
    if side.shift == [0, 0, 0] {
        return Some(0);
    }
    let forest = tracker.forest();
    let low = forest.lower_end(e)?;
    tour.refresh(forest);
    let near_below = side.near == low;
    let inside =
        |r: RoomId| forest.frame_of(r) == Some(side.frame) && tour.below(r, low) == near_below;
    // Before the move, a room of `M` was where `M` was joined.
    let was_inside = |r: RoomId| match moved.was_with {
        Some(w) if moved.has(r) => inside(w),
        _ => inside(r),
    };
    let s = side.shift;
    let mut cells: Vec<Cell> = moved.cells.clone();
    cells.extend(
        moved
            .cells
            .iter()
            .filter(|k| k.0 == side.frame)
            .map(|k| (k.0, add(k.1, s))),
    );
    cells.sort_unstable();
    cells.dedup();
    let mut change = 0i64;
    for k in &cells {
        let source: Cell = (k.0, sub(k.1, s));
        let g = |here: Vec<RoomId>, from: Vec<RoomId>, inside: &dyn Fn(RoomId) -> bool| -> i64 {
            let before = tracker.overlapping(&here);
            let mut now: Vec<RoomId> = here.into_iter().filter(|r| !inside(*r)).collect();
            if k.0 == side.frame {
                now.extend(from.into_iter().filter(|r| inside(*r)));
            }
            i64::from(tracker.overlapping(&now)) - i64::from(before)
        };
        let new = g(
            forest.rooms_at(k).to_vec(),
            forest.rooms_at(&source).to_vec(),
            &inside,
        );
        let old = g(
            moved.before(forest, k),
            moved.before(forest, &source),
            &was_inside,
        );
        change += new - old;
    }
    Some(change)
}

/// The cells a patched judgement must now be registered on (those it read anew).
pub fn patched_cells(side: &Side, moved: &Moved) -> Vec<Cell> {
    let mut out = moved.cells.clone();
    if side.shift != [0, 0, 0] {
        out.extend(
            moved
                .cells
                .iter()
                .filter(|k| k.0 == side.frame)
                .map(|k| (k.0, add(k.1, side.shift))),
        );
    }
    out
}
