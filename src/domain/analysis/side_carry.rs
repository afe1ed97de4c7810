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

use super::forest::{Cell, Forest};
use super::side_patch::{Moved, Side, Tour};
use super::tracker::ConflictTracker;
use crate::domain::direction::{add, sub, Vector};
use crate::domain::map::RoomId;

/// The zone of a rigid move for one side shift (see the module docs), with the moved rooms
/// that can lie on a side on each of its cells (those on the cell or on the cell the shift
/// brings onto it) by their label in the tour: a side nested in the move reads only the zone
/// cells some room of its subtree's label range names.
#[derive(Debug, Clone, Default)]
pub struct Zone {
    cells: Vec<Cell>,
    /// (tour label of a moved room, index of a zone cell it names), sorted.
    by_label: Vec<(u64, u32)>,
}

impl Zone {
    /// The zone of the rigid move `moved` for side shift `s`, or `None` when the move was not
    /// rigid within one frame; `tour` is the forest's tour, taken after the move.
    pub fn of(forest: &Forest, tour: &Tour, moved: &Moved, s: Vector) -> Option<Zone> {
        let v = moved.carry?;
        let foreign = |k: &Cell| forest.rooms_at(k).iter().any(|x| !moved.has(*x));
        let mut cells: Vec<Cell> = Vec::new();
        for r in moved.rooms() {
            let Some(c) = forest.cell(r) else { continue };
            for k in [c, (c.0, add(c.1, s))] {
                if foreign(&k) || foreign(&(k.0, sub(k.1, v))) {
                    cells.push(k);
                }
            }
        }
        cells.sort_unstable();
        cells.dedup();
        let mut by_label: Vec<(u64, u32)> = Vec::new();
        for (i, k) in cells.iter().enumerate() {
            let source: Cell = (k.0, sub(k.1, s));
            for r in forest.rooms_at(k).iter().chain(forest.rooms_at(&source)) {
                if let (true, Some((t, _))) = (moved.has(*r), tour.span(*r)) {
                    by_label.push((t, i as u32));
                }
            }
        }
        by_label.sort_unstable();
        Some(Zone { cells, by_label })
    }

    /// The zone cells that a room of the subtree below `low` names, each once, into `out`.
    pub fn under(&self, tour: &Tour, low: RoomId, out: &mut Vec<Cell>) {
        out.clear();
        let Some((lo, hi)) = tour.span(low) else {
            return;
        };
        let from = self.by_label.partition_point(|(t, _)| *t < lo);
        let mut idx: Vec<u32> = self.by_label[from..]
            .iter()
            .take_while(|(t, _)| *t < hi)
            .map(|(_, i)| *i)
            .collect();
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

/// How the overlaps of a side carried by the move changed: the change of `g` over the zone,
/// now against `c − v` before; `inside` tells the side's rooms.
pub fn carried_change(
    tracker: &ConflictTracker,
    side: &Side,
    moved: &Moved,
    zone: &[Cell],
    inside: &dyn Fn(RoomId) -> bool,
) -> Option<i64> {
    let v = moved.carry?;
    let forest = tracker.forest();
    let s = side.shift;
    let mut change = 0i64;
    let (mut here_was, mut from_was, mut now) = (Vec::new(), Vec::new(), Vec::new());
    let mut g = |here: &[RoomId], from: &[RoomId]| -> i64 {
        if !here.iter().chain(from).any(|r| inside(*r)) {
            return 0;
        }
        let before = tracker.overlapping(here);
        now.clear();
        now.extend(here.iter().copied().filter(|r| !inside(*r)));
        now.extend(from.iter().copied().filter(|r| inside(*r)));
        i64::from(tracker.overlapping(&now)) - i64::from(before)
    };
    for k in zone {
        let source: Cell = (k.0, sub(k.1, s));
        let new = g(forest.rooms_at(k), forest.rooms_at(&source));
        let was: Cell = (k.0, sub(k.1, v));
        let was_source: Cell = (k.0, sub(was.1, s));
        let old = g(
            moved.before(forest, &was, &mut here_was),
            moved.before(forest, &was_source, &mut from_was),
        );
        change += new - old;
    }
    Some(change)
}

/// The cells a carried side reads now (as [`super::side_judge::judge`] registers them): each
/// room's cell and, when the side moves, that cell shifted; `stack` is scratch.
pub fn carried_cells(
    forest: &Forest,
    low: RoomId,
    side: &Side,
    stack: &mut Vec<RoomId>,
) -> Vec<Cell> {
    let moves = side.shift != [0, 0, 0];
    let mut out = Vec::new();
    stack.clear();
    stack.push(low);
    while let Some(r) = stack.pop() {
        stack.extend(forest.children(r));
        let Some(c) = forest.cell(r) else { continue };
        out.push(c);
        if moves {
            out.push((c.0, add(c.1, side.shift)));
        }
    }
    out
}
