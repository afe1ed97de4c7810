//! The rooms on each cell of the forest, by frame: a dense grid over each frame's bounding box,
//! so that finding a cell's rooms is an index into a vector rather than a hash probe (a judged
//! side looks up three cells per room it holds). A cell's list keeps its capacity when it
//! empties, so rooms moving from cell to cell do not go back to the allocator.
//!
//! A frame whose box would hold many more cells than the frame holds rooms (a long diagonal
//! line of rooms has a box of the square of its length) keeps its cells in a hash map instead,
//! as do frame numbers beyond any the forest hands out (the judges' placeholder frames).

use super::Cell;
use crate::domain::direction::Vector;
use crate::domain::map::RoomId;
use rustc_hash::FxHashMap;

/// A frame's grid may hold up to this many cells per room on the frame, plus [`SLACK`]: a
/// lattice's box holds about one cell per room, and the grid grows by half an axis at a time,
/// so a frame that keeps to a box never leaves the grid; memory stays proportional to the rooms.
const CELLS_PER_ROOM: u64 = 8;

/// Cells a grid may hold beyond [`CELLS_PER_ROOM`] per room: enough that a small frame's box
/// can grow by half an axis without leaving the grid, small enough that many one-room frames
/// (a flattening that leaves a side with nothing crossing makes one) cost little.
const SLACK: u64 = 64;

/// Frame numbers from this one up are kept in the hash map (the forest numbers its frames
/// from zero, one after another; placeholder frames sit at the top of the range).
const DENSE_FRAMES: u32 = 1 << 26;

/// One frame's cells.
#[derive(Debug, Clone, Default)]
struct Grid {
    /// Rooms on the frame.
    rooms: u64,
    /// The box's lowest corner and its extent along each axis (all zero while empty).
    lo: Vector,
    dims: [i64; 3],
    /// The rooms of each cell of the box, x fastest, then y, then z.
    slots: Vec<Vec<RoomId>>,
    /// Set once the box grew too sparse for a grid: every cell of the frame, by position.
    sparse: Option<FxHashMap<Vector, Vec<RoomId>>>,
}

impl Grid {
    /// The slot of a position inside the box.
    fn index(&self, p: &Vector) -> Option<usize> {
        let mut at = 0i64;
        for k in (0..3).rev() {
            let d = i64::from(p[k]) - i64::from(self.lo[k]);
            if d < 0 || d >= self.dims[k] {
                return None;
            }
            at = at * self.dims[k] + d;
        }
        Some(at as usize)
    }

    fn rooms_at(&self, p: &Vector) -> &[RoomId] {
        if let Some(map) = &self.sparse {
            return map.get(p).map_or(&[], Vec::as_slice);
        }
        self.index(p)
            .and_then(|i| self.slots.get(i))
            .map_or(&[], Vec::as_slice)
    }

    /// The list of a position, the box grown to hold it first (or the grid given up for a
    /// hash map when the grown box would be too sparse).
    fn list_mut(&mut self, p: &Vector) -> &mut Vec<RoomId> {
        if self.sparse.is_none() && self.index(p).is_none() {
            self.grow(p);
        }
        if self.sparse.is_some() {
            return self
                .sparse
                .get_or_insert_with(FxHashMap::default)
                .entry(*p)
                .or_default();
        }
        let i = self.index(p).unwrap_or(0);
        if self.slots.len() <= i {
            self.slots.resize_with(i + 1, Vec::new);
        }
        &mut self.slots[i]
    }

    /// Grows the box to hold `p`, by half of each axis's extent more on the side it grows
    /// (so that a frame creeping outwards is copied a logarithmic number of times), or without
    /// the margin when that would pass the frame's limit, or gives the grid up for a hash map.
    fn grow(&mut self, p: &Vector) {
        let empty = self.dims.contains(&0);
        let (mut lo, mut hi) = ([0i64; 3], [0i64; 3]);
        let (mut padded_lo, mut padded_hi) = ([0i64; 3], [0i64; 3]);
        for k in 0..3 {
            let x = i64::from(p[k]);
            let (l, h) = if empty {
                (x, x)
            } else {
                (
                    i64::from(self.lo[k]),
                    i64::from(self.lo[k]) + self.dims[k] - 1,
                )
            };
            lo[k] = l.min(x);
            hi[k] = h.max(x);
            let pad = (h - l + 1) / 2;
            padded_lo[k] = if x < l { x - pad } else { l };
            padded_hi[k] = if x > h { x + pad } else { h };
        }
        let limit = CELLS_PER_ROOM * (self.rooms + 1) + SLACK;
        if volume(&padded_lo, &padded_hi) <= limit && fits(&padded_lo, &padded_hi) {
            (lo, hi) = (padded_lo, padded_hi);
        }
        if volume(&lo, &hi) > limit || !fits(&lo, &hi) {
            self.make_sparse();
            return;
        }
        self.reshape(&lo, &hi);
    }

    /// Lays the grid over the box from `lo` to `hi` (which holds the old one), keeping every
    /// cell's list.
    fn reshape(&mut self, lo: &[i64; 3], hi: &[i64; 3]) {
        let old = std::mem::take(&mut self.slots);
        let (old_lo, old_dims) = (self.lo, self.dims);
        self.lo = [lo[0] as i32, lo[1] as i32, lo[2] as i32];
        self.dims = [hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, hi[2] - lo[2] + 1];
        self.slots.resize_with(volume(lo, hi) as usize, Vec::new);
        for (i, list) in old.into_iter().enumerate() {
            if list.capacity() == 0 {
                continue;
            }
            let q = position(i, &old_lo, &old_dims);
            if let Some(j) = self.index(&q) {
                self.slots[j] = list;
            }
        }
    }

    /// Moves every cell into a hash map.
    fn make_sparse(&mut self) {
        let mut map = FxHashMap::default();
        for (i, list) in std::mem::take(&mut self.slots).into_iter().enumerate() {
            if !list.is_empty() {
                map.insert(position(i, &self.lo, &self.dims), list);
            }
        }
        self.sparse = Some(map);
    }
}

/// The cells of the box from `lo` to `hi`.
fn volume(lo: &[i64; 3], hi: &[i64; 3]) -> u64 {
    (0..3).fold(1u64, |v, k| {
        v.saturating_mul((hi[k] - lo[k] + 1).max(0) as u64)
    })
}

/// True if the box's corners are positions.
fn fits(lo: &[i64; 3], hi: &[i64; 3]) -> bool {
    (0..3).all(|k| lo[k] >= i64::from(i32::MIN) && hi[k] <= i64::from(i32::MAX))
}

/// The position of slot `i` of a box.
fn position(i: usize, lo: &Vector, dims: &[i64; 3]) -> Vector {
    let mut i = i as i64;
    let mut p = [0i32; 3];
    for k in 0..3 {
        let d = dims[k].max(1);
        p[k] = (i64::from(lo[k]) + i % d) as i32;
        i /= d;
    }
    p
}

/// A frame's box while it is measured: lowest corner, highest corner, rooms.
type Bounds = ([i64; 3], [i64; 3], u64);

/// The rooms on each cell, in id order (see the module docs).
#[derive(Debug, Clone, Default)]
pub struct Cells {
    frames: Vec<Grid>,
    /// Cells of frames numbered from [`DENSE_FRAMES`] up.
    far: FxHashMap<Cell, Vec<RoomId>>,
}

impl Cells {
    /// The cells of rooms placed all at once: each frame's grid laid over its whole box first
    /// (or a hash map when that box is too sparse), then the rooms put on it.
    pub fn of(placed: &[(Cell, RoomId)]) -> Cells {
        let mut out = Cells::default();
        let mut boxes: Vec<Option<Bounds>> = Vec::new();
        for ((f, p), _) in placed.iter().filter(|(c, _)| c.0 < DENSE_FRAMES) {
            let f = *f as usize;
            if boxes.len() <= f {
                boxes.resize(f + 1, None);
            }
            let q = p.map(i64::from);
            let b = boxes[f].get_or_insert((q, q, 0));
            for (k, x) in q.iter().enumerate() {
                b.0[k] = b.0[k].min(*x);
                b.1[k] = b.1[k].max(*x);
            }
            b.2 += 1;
        }
        out.frames.resize_with(boxes.len(), Grid::default);
        for (grid, b) in out.frames.iter_mut().zip(&boxes) {
            let Some((lo, hi, rooms)) = b else { continue };
            if volume(lo, hi) <= CELLS_PER_ROOM * rooms + SLACK {
                grid.reshape(lo, hi);
            } else {
                grid.make_sparse();
            }
        }
        for (cell, r) in placed {
            out.insert(*cell, *r);
        }
        out
    }

    /// The rooms on a cell, in id order.
    pub fn rooms_at(&self, cell: &Cell) -> &[RoomId] {
        if cell.0 >= DENSE_FRAMES {
            return self.far.get(cell).map_or(&[], Vec::as_slice);
        }
        self.frames
            .get(cell.0 as usize)
            .map_or(&[], |g| g.rooms_at(&cell.1))
    }

    /// Puts `r` on a cell (keeping id order).
    pub fn insert(&mut self, cell: Cell, r: RoomId) {
        let list = if cell.0 >= DENSE_FRAMES {
            self.far.entry(cell).or_default()
        } else {
            let f = cell.0 as usize;
            if self.frames.len() <= f {
                self.frames.resize_with(f + 1, Grid::default);
            }
            let grid = &mut self.frames[f];
            grid.rooms += 1;
            grid.list_mut(&cell.1)
        };
        let at = list.partition_point(|x| *x < r);
        list.insert(at, r);
    }

    /// Takes `r` off a cell (if it is there).
    pub fn remove(&mut self, cell: &Cell, r: RoomId) {
        if cell.0 >= DENSE_FRAMES {
            if let Some(list) = self.far.get_mut(cell) {
                list.retain(|x| *x != r);
                if list.is_empty() {
                    self.far.remove(cell);
                }
            }
            return;
        }
        let Some(grid) = self.frames.get_mut(cell.0 as usize) else {
            return;
        };
        let slot = grid.index(&cell.1);
        let list = match &mut grid.sparse {
            Some(map) => map.get_mut(&cell.1),
            None => slot.and_then(|i| grid.slots.get_mut(i)),
        };
        let Some(list) = list else { return };
        let before = list.len();
        list.retain(|x| *x != r);
        let after = list.len();
        if after < before {
            grid.rooms = grid.rooms.saturating_sub(1);
        }
        if after == 0 {
            // A hash map's empty lists go (its memory follows the rooms, not the cells ever
            // visited); a grid's stay, with their capacity, for the next room.
            if let Some(map) = &mut grid.sparse {
                map.remove(&cell.1);
            }
        }
    }
}
