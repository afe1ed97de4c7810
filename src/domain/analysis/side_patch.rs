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

use super::forest::{Cell, Forest, Reshape};
use super::registry::block_order;
use super::tracker::{ConflictTracker, Effects};
use crate::domain::direction::{add, sub, Vector};
use crate::domain::map::{ExitId, Map, RoomId};
use rustc_hash::FxHashMap;

/// The rooms one commit moved.
#[derive(Debug, Clone, Default)]
pub struct Moved {
    /// The rooms moved, each once.
    rooms: Vec<RoomId>,
    /// One bit per room id, set for the rooms moved: [`Moved::has`] is asked for every room
    /// a patch looks at (on a 100,000-room lattice, tens of millions of times), and a bit read
    /// costs less than a hash look-up; the bits span the largest id moved, a bit per room of
    /// the map at most (12.5 kB for 100,000 rooms) per flattening.
    member: Vec<u64>,
    /// The rooms of `M` by the cell they left: each such cell's (start, end) in `left_rooms`,
    /// where its rooms stand in the order they were given. (A vector per cell was an allocation
    /// per moved room, at every flattening.)
    left: FxHashMap<Cell, (u32, u32)>,
    left_rooms: Vec<RoomId>,
    /// The least and greatest frame and coordinates over the cells in `left` (`None` when
    /// nothing moved): a patch asks for the rooms before the move on cells mostly outside it
    /// (a side's cells shifted away from the move), and a cell outside the box is no key of
    /// `left`, which a few comparisons tell without the hash look-up.
    left_box: Option<([i64; 4], [i64; 4])>,
    /// Every cell a room of `M` left or entered, each once, in [`block_order`].
    pub cells: Vec<Cell>,
    /// When `M` left for a frame of its own: a room outside it on the side `M` was on before,
    /// relative to every cut (the far end of the exit that held it).
    was_with: Option<RoomId>,
    /// The vector every room of `M` moved by, when they all moved by one within their frame.
    pub carry: Option<Vector>,
    /// When `M` is the subtree below this room (it hangs from the exit that replaced the
    /// flattened one).
    pub root: Option<RoomId>,
}

impl Moved {
    /// The rooms moved, each with the cell it left; `forest` is the forest after the move;
    /// `was_with`, when they left for a frame of their own, a room they were joined to;
    /// `cells`, when the caller has them already (as [`Moved::cells`] holds them), the cells
    /// they left or entered, else they are gathered and sorted here.
    pub fn new(
        forest: &Forest,
        moved: &[(RoomId, Cell)],
        was_with: Option<RoomId>,
        cells: Option<&[Cell]>,
    ) -> Moved {
        let mut out = Moved::default();
        out.renew(forest, moved, was_with, cells);
        out
    }

    /// [`Moved::new`] in place: the buffers of the last move are cleared and filled again, not
    /// allocated anew (a flattening at a time, on a 100,000-room lattice the allocator was an
    /// eighth of the solver's time).
    pub fn renew(
        &mut self,
        forest: &Forest,
        moved: &[(RoomId, Cell)],
        was_with: Option<RoomId>,
        cells: Option<&[Cell]>,
    ) {
        let known = cells.is_some();
        self.was_with = was_with;
        self.root = None;
        self.cells.clear();
        self.cells.extend_from_slice(cells.unwrap_or_default());
        self.rooms.clear();
        self.left.clear();
        self.left_rooms.clear();
        let mut carry: Option<Option<Vector>> = None;
        let top = moved.iter().map(|(r, _)| r.0 as usize / 64 + 1).max();
        self.member.clear();
        self.member.resize(top.unwrap_or(0), 0);
        self.rooms.reserve(moved.len());
        for &(r, old) in moved {
            let v = forest
                .cell(r)
                .filter(|now| now.0 == old.0)
                .map(|now| sub(now.1, old.1));
            carry = match carry {
                None => Some(v),
                Some(w) => Some(w.filter(|_| w == v)),
            };
            let (word, bit) = (r.0 as usize / 64, 1u64 << (r.0 % 64));
            if self.member.len() <= word {
                self.member.resize(word + 1, 0);
            }
            if let Some(w) = self.member.get_mut(word).filter(|w| **w & bit == 0) {
                *w |= bit;
                self.rooms.push(r);
            }
            // Counted first; the ranges are laid out below.
            self.left.entry(old).or_default().1 += 1;
            if !known {
                self.cells.push(old);
                self.cells.extend(forest.cell(r));
            }
        }
        // Each cell's range: its start as a cursor while its rooms are placed, then set back.
        let mut start = 0u32;
        for (from, n) in self.left.values_mut() {
            *from = start;
            start += *n;
        }
        self.left_rooms.resize(start as usize, RoomId(0));
        for &(r, old) in moved {
            if let Some((at, _)) = self.left.get_mut(&old) {
                if let Some(slot) = self.left_rooms.get_mut(*at as usize) {
                    *slot = r;
                }
                *at += 1;
            }
        }
        for (at, n) in self.left.values_mut() {
            *at -= *n;
            *n += *at;
        }
        self.left_box = None;
        for k in self.left.keys() {
            let p = corner(k);
            self.left_box = Some(match self.left_box {
                None => (p, p),
                Some((lo, hi)) => (
                    std::array::from_fn(|i| lo[i].min(p[i])),
                    std::array::from_fn(|i| hi[i].max(p[i])),
                ),
            });
        }
        if !known {
            self.cells.sort_unstable_by_key(block_order);
            self.cells.dedup();
        }
        self.carry = carry.flatten();
    }

    /// The rooms moved, each once.
    pub fn rooms(&self) -> impl Iterator<Item = RoomId> + '_ {
        self.rooms.iter().copied()
    }

    /// True if the room moved.
    pub fn has(&self, r: RoomId) -> bool {
        self.member
            .get(r.0 as usize / 64)
            .is_some_and(|w| w & (1u64 << (r.0 % 64)) != 0)
    }

    /// One of the rooms moved.
    fn any(&self) -> Option<RoomId> {
        self.left_rooms.first().copied()
    }

    /// The rooms on a cell before the move: those on it now (from `forest`), less those moved,
    /// plus those moved that left it; read into `out` when they differ from the rooms now.
    pub fn before<'a>(
        &self,
        forest: &'a Forest,
        k: &Cell,
        out: &'a mut Vec<RoomId>,
    ) -> &'a [RoomId] {
        self.before_on(forest.rooms_at(k), k, out)
    }

    /// [`Moved::before`] given the rooms on `k` now (`now`, as [`Forest::rooms_at`] gives
    /// them), for a caller that read them already: `now` itself when no moved room left or
    /// entered `k` (the cell outside the box of the cells left, none of `now` moved), else
    /// read into `out` (emptied first).
    pub fn before_on<'a>(
        &self,
        now: &'a [RoomId],
        k: &Cell,
        out: &'a mut Vec<RoomId>,
    ) -> &'a [RoomId] {
        let left = self
            .left_box
            .filter(|(lo, hi)| {
                let p = corner(k);
                (0..4).all(|i| lo[i] <= p[i] && p[i] <= hi[i])
            })
            .and_then(|_| self.left.get(k));
        if left.is_none() && !now.iter().any(|r| self.has(*r)) {
            return now;
        }
        out.clear();
        out.extend(now.iter().copied().filter(|r| !self.has(*r)));
        if let Some(&(from, to)) = left {
            out.extend_from_slice(
                self.left_rooms
                    .get(from as usize..to as usize)
                    .unwrap_or_default(),
            );
        }
        out
    }
}

/// A cell as a point of four coordinates (frame first), for [`Moved`]'s box.
fn corner(k: &Cell) -> [i64; 4] {
    [
        i64::from(k.0),
        i64::from(k.1[0]),
        i64::from(k.1[1]),
        i64::from(k.1[2]),
    ]
}

/// The forest's tour as labels that leave room between them: when a flattening hangs a side
/// somewhere else, only that side is labelled again, in the room left inside its new parent's
/// range after the parent's other children (an order-maintenance labelling); the whole tour is
/// taken again only when that room runs out.
#[derive(Debug, Clone, Default)]
pub struct Tour {
    enter: Vec<u64>,
    leave: Vec<u64>,
    /// The first label above every range (where a new part of the forest goes).
    top: u64,
    fresh: bool,
}

impl Tour {
    /// The tour of a forest.
    pub fn of(forest: &Forest) -> Tour {
        let mut t = Tour::default();
        t.refresh(forest);
        t
    }

    /// Follows what a flattening did to the tree (`forest` is the forest after it): the side it
    /// hung elsewhere (from its replacement, or as a part of its own) is labelled again; a
    /// flattened exit outside the tree changed no tree; anything else takes the tour again (on
    /// the next question).
    pub fn follow(&mut self, forest: &Forest, reshape: &Reshape) {
        match (&reshape.retreed[..], reshape.moved.first()) {
            ([], _) | ([_], None) => {}
            ([_, r], _) => match forest.lower_end(*r) {
                Some(root) => self.rehung(forest, root),
                None => self.fresh = false,
            },
            ([_], Some((m, _))) => {
                let mut root = *m;
                while let Some((p, _)) = forest.parent(root) {
                    root = p;
                }
                self.rehung(forest, root);
            }
            _ => self.fresh = false,
        }
    }

    /// The subtree of `root` was hung where it is now (or became a part of its own) and
    /// nothing else in the tree changed: only it is labelled again.
    fn rehung(&mut self, forest: &Forest, root: RoomId) {
        if !self.fresh {
            return;
        }
        let label = |v: &[u64], r: RoomId| v.get(r.0 as usize).copied();
        let mut rooms: Vec<RoomId> = Vec::new();
        let mut stack = vec![root];
        while let Some(x) = stack.pop() {
            rooms.push(x);
            stack.extend(forest.children(x));
        }
        let (lo, hi) = match forest.parent(root) {
            Some((p, _)) => {
                let mut lo = label(&self.enter, p).unwrap_or(0);
                for c in forest.children(p).filter(|c| *c != root) {
                    lo = lo.max(label(&self.leave, c).unwrap_or(0));
                }
                (lo, label(&self.leave, p).unwrap_or(0))
            }
            None => (
                self.top,
                self.top.saturating_add((2 * rooms.len() as u64 + 2) << 32),
            ),
        };
        let step = hi.saturating_sub(lo) / (2 * rooms.len() as u64 + 2);
        if step == 0 || rooms.iter().any(|r| r.0 as usize >= self.enter.len()) {
            self.fresh = false;
            return;
        }
        self.label(forest, root, lo, step);
        if forest.parent(root).is_none() {
            self.top = lo + step * (2 * rooms.len() as u64 + 1);
        }
    }

    /// Labels the subtree of `root` from `lo` on, `step` apart.
    fn label(&mut self, forest: &Forest, root: RoomId, lo: u64, step: u64) {
        let mut clock = lo;
        let mut stack: Vec<(RoomId, bool)> = vec![(root, false)];
        while let Some((x, done)) = stack.pop() {
            let i = x.0 as usize;
            if done {
                clock += step;
                self.leave[i] = clock;
                continue;
            }
            clock += step;
            self.enter[i] = clock;
            stack.push((x, true));
            stack.extend(forest.children(x).map(|c| (c, false)));
        }
    }

    /// Takes the tour again if the tree changed in a way not followed.
    pub fn refresh(&mut self, forest: &Forest) {
        if self.fresh {
            return;
        }
        let (enter, leave) = forest.tour();
        // A quarter of the labels for the tour's two ticks per room, evenly apart; the rest for
        // the parts of the forest flattenings cut off later.
        let spacing = u64::MAX / 4 / (2 * enter.len() as u64 + 2);
        self.enter = enter.iter().map(|t| u64::from(*t) * spacing).collect();
        self.leave = leave.iter().map(|t| u64::from(*t) * spacing).collect();
        self.top = (2 * enter.len() as u64 + 1) * spacing;
        self.fresh = true;
    }

    /// The labels the tour enters `r` at and leaves it at: the rooms below `r` are those
    /// entered in between (from the first on).
    pub fn span(&self, r: RoomId) -> Option<(u64, u64)> {
        let i = r.0 as usize;
        Some((*self.enter.get(i)?, *self.leave.get(i)?))
    }

    /// True if `r` lies in the subtree of `c`.
    pub fn below(&self, r: RoomId, c: RoomId) -> bool {
        let at = |v: &[u64], x: RoomId| v.get(x.0 as usize).copied();
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

/// The buffers a patch reads rooms into, kept from patch to patch (a move patches many sides,
/// each over many cells: a buffer allocated per patch was most of the allocations per move).
#[derive(Debug, Clone, Default)]
pub struct Buffers {
    here_was: Vec<RoomId>,
    from_was: Vec<RoomId>,
    now: Vec<RoomId>,
    cells: Vec<Cell>,
}

impl Buffers {
    /// Three room buffers (what a cell held before, what the cell it is read from held
    /// before, what it would hold now).
    pub fn rooms(&mut self) -> (&mut Vec<RoomId>, &mut Vec<RoomId>, &mut Vec<RoomId>) {
        (&mut self.here_was, &mut self.from_was, &mut self.now)
    }
}

/// How the overlaps of flattening `e` (judged on `side`) changed with the move `moved`, or
/// `None` when a patch cannot say (`e` is not a tree exit): the change of `g` over every cell
/// the move changed and those cells shifted by the side's shift.
pub fn overlap_change(
    tracker: &ConflictTracker,
    tour: &mut Tour,
    e: ExitId,
    side: &Side,
    (moved, switched): (&Moved, bool),
    bufs: &mut Buffers,
) -> Option<i64> {
    let mut cells = std::mem::take(&mut bufs.cells);
    cells.clear();
    patched_cells(side, moved, &mut cells);
    cells.sort_unstable();
    cells.dedup();
    let change = overlap_change_on(tracker, tour, e, side, (moved, switched), &cells, bufs);
    bufs.cells = cells;
    change
}

/// True when the move `moved` took no room into or out of the side of `e` judged on `side`
/// (every moved room outside it, before the move and after; `e` has neither end among them):
/// then `g` changes only on the cells the move changed that the side reads (where a room of
/// the side is, or lands), since the side's rooms stay where they were, and the patch need look
/// at no other cell ([`overlap_change_on`] over those). The moved rooms hang together in the
/// tree apart from `e` (one side of the cut the flattening changed), so one of them tells for
/// all.
pub fn apart(
    tracker: &ConflictTracker,
    tour: &mut Tour,
    e: ExitId,
    side: &Side,
    moved: &Moved,
) -> Option<bool> {
    let forest = tracker.forest();
    let (a, b, _) = forest.part(e)?;
    if moved.has(a) || moved.has(b) {
        return Some(false);
    }
    let Some(m) = moved.any() else {
        return Some(true);
    };
    let inside = inside_of(forest, tour, e, side)?;
    let was_inside = moved.was_with.map_or_else(|| inside(m), &inside);
    Some(!inside(m) && !was_inside)
}

/// Whether a room lies on the side of tree exit `e` judged on `side` (in its frame, below `e`
/// or not as its near end is), or `None` for an exit outside the tree.
pub fn inside_of<'a>(
    forest: &'a Forest,
    tour: &'a mut Tour,
    e: ExitId,
    side: &Side,
) -> Option<impl Fn(RoomId) -> bool + 'a> {
    let low = forest.lower_end(e)?;
    tour.refresh(forest);
    let tour: &Tour = tour;
    let (near_below, frame) = (side.near == low, side.frame);
    Some(move |r: RoomId| forest.frame_of(r) == Some(frame) && tour.below(r, low) == near_below)
}

/// [`overlap_change`] over the given cells only (each once): exact when the change of `g`
/// is zero on every other cell.
pub fn overlap_change_on(
    tracker: &ConflictTracker,
    tour: &mut Tour,
    e: ExitId,
    side: &Side,
    (moved, switched): (&Moved, bool),
    cells: &[Cell],
    bufs: &mut Buffers,
) -> Option<i64> {
    if side.shift == [0, 0, 0] {
        return Some(0);
    }
    let forest = tracker.forest();
    let inside = inside_of(forest, tour, e, side)?;
    // Before the move, a room of `M` was where `M` was joined.
    // (or on the other side of the cut, when the move took `M` across it).
    let was_inside = |r: RoomId| match moved.was_with {
        Some(w) if moved.has(r) => inside(w),
        _ => inside(r) != (switched && moved.has(r)),
    };
    let s = side.shift;
    let mut change = 0i64;
    // Buffers reused from cell to cell (a patch looks at many cells).
    let Buffers {
        here_was,
        from_was,
        now,
        ..
    } = bufs;
    for k in cells {
        let source: Cell = (k.0, sub(k.1, s));
        let mut g = |here: &[RoomId], from: &[RoomId], inside: &dyn Fn(RoomId) -> bool| -> i64 {
            let before = tracker.overlapping(here);
            now.clear();
            now.extend(here.iter().copied().filter(|r| !inside(*r)));
            if k.0 == side.frame {
                now.extend(from.iter().copied().filter(|r| inside(*r)));
            }
            i64::from(tracker.overlapping(now)) - i64::from(before)
        };
        let (here, from) = (forest.rooms_at(k), forest.rooms_at(&source));
        let new = g(here, from, &inside);
        let old = g(
            moved.before_on(here, k, here_was),
            moved.before_on(from, &source, from_was),
            &was_inside,
        );
        change += new - old;
    }
    Some(change)
}

/// Which of `rooms` lie on the side of tree exit `e` that holds `near` (in `frame`), or `None`
/// for an exit outside the tree.
pub fn on_side(
    forest: &Forest,
    tour: &mut Tour,
    e: ExitId,
    near: RoomId,
    rooms: &[RoomId],
) -> Option<Vec<bool>> {
    let low = forest.lower_end(e)?;
    tour.refresh(forest);
    let frame = forest.frame_of(near);
    let near_below = near == low;
    Some(
        rooms
            .iter()
            .map(|r| forest.frame_of(*r) == frame && tour.below(*r, low) == near_below)
            .collect(),
    )
}

/// The cells a patched judgement must now be registered on (those it read anew), added to
/// `out`.
pub fn patched_cells(side: &Side, moved: &Moved, out: &mut Vec<Cell>) {
    out.extend_from_slice(&moved.cells);
    if side.shift != [0, 0, 0] {
        out.extend(
            moved
                .cells
                .iter()
                .filter(|k| k.0 == side.frame)
                .map(|k| (k.0, add(k.1, side.shift))),
        );
    }
}

/// Fills `moved` with the rooms a flattening moved; true when judgements that read only the
/// cells they changed can be patched: the move kept every cut but those on the loop the replacement closed (a tree exit
/// was replaced, or left with nothing crossing its cut and its side became a frame of its own,
/// or nothing moved) and explained no pair anew.
pub fn patchable(map: &Map, forest: &Forest, fx: &Effects, moved: &mut Moved) -> bool {
    let r = &fx.reshape;
    // A side left with nothing crossing its cut: the flattened exit's end outside it.
    let was_with = match (&r.retreed[..], r.moved.is_empty()) {
        ([x], false) => {
            let Some(e) = map.exit(*x) else {
                return false;
            };
            let from_moved = r.moved.iter().any(|(m, _)| *m == e.from);
            Some(if from_moved { e.to } else { e.from })
        }
        _ => None,
    };
    // With no pair flipped, the tracker's changed cells are the moved rooms' cells (in order).
    let cells = (!fx.pairs_flipped).then_some(&fx.cells[..]);
    moved.renew(forest, &r.moved, was_with, cells);
    // The subtree the move hung from the replacement, when it is the moved rooms.
    if let [_, x] = r.retreed[..] {
        moved.root = forest.lower_end(x).filter(|m| moved.has(*m));
    }
    moved.cells == fx.cells
}
