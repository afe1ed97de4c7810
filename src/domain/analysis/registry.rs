//! Who read what, for [`super::FlattenGains`]: per key (a block of cells, [`BLOCK_SHIFT`], or
//! an exit), the judged sides that read it, each as its exit and the generation of its
//! judgement, in the order they were registered. A change takes the lists of the keys it
//! changed, and the sides on them are looked at again.
//!
//! A list taken is emptied and kept for the next key that needs one, so registering allocates
//! only while the registry grows. (A vector allocated for every cell a judged side covers and
//! freed whenever a move took it: a seventh of the solver's time on a 50,000-room lattice went to
//! the allocator. Lists linked through one pool of nodes allocated nothing, but walking them
//! missed the cache at every node: slower still.)

use super::forest::Cell;
use crate::domain::map::ExitId;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// One registration: a judged side's exit and the generation of its judgement.
pub type At = (ExitId, u32);

/// See the module docs.
#[derive(Debug, Clone)]
pub struct Registry<K> {
    lists: FxHashMap<K, Vec<At>>,
    /// Emptied lists, kept for reuse.
    spare: Vec<Vec<At>>,
    /// Registrations held.
    len: usize,
}

impl<K> Default for Registry<K> {
    fn default() -> Registry<K> {
        Registry {
            lists: FxHashMap::default(),
            spare: Vec::new(),
            len: 0,
        }
    }
}

impl<K: Hash + Eq + Copy> Registry<K> {
    /// Registrations held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when nothing is registered.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds `at` to the key's list unless it is already the last; how many were added.
    #[inline]
    pub fn register(&mut self, key: K, at: At) -> usize {
        let spare = &mut self.spare;
        let list = self
            .lists
            .entry(key)
            .or_insert_with(|| spare.pop().unwrap_or_default());
        if list.last() == Some(&at) {
            return 0;
        }
        list.push(at);
        self.len += 1;
        1
    }

    /// Takes the key's list (in registration order) into `out`.
    pub fn take_into(&mut self, key: &K, out: &mut Vec<At>) {
        let Some(mut list) = self.lists.remove(key) else {
            return;
        };
        self.len -= list.len();
        out.append(&mut list);
        self.spare.push(list);
    }

    /// Keeps only the registrations `keep` holds to (and a list's repeats of its last one
    /// dropped, as registering them again would).
    pub fn retain(&mut self, keep: impl Fn(At) -> bool) {
        let mut len = 0;
        self.lists.retain(|_, list| {
            list.retain(|at| keep(*at));
            list.dedup();
            len += list.len();
            !list.is_empty()
        });
        self.len = len;
        self.spare.clear();
    }
}

/// Judged sides are registered on blocks of cells, `1 << BLOCK_SHIFT` cells a side, rather than
/// on each cell they read ([`super::FlattenGains`]): a side's rooms stand together, so a block
/// holds many of the cells it reads and one registration does for them all (a lattice side
/// read two cells a room, the one a room leaves and the one it would enter, each registered).
/// A change of any cell in a block looks at every side registered on the block: a side that
/// read no changed cell there is patched over cells where its figures did not change (the
/// patch adds nothing there: [`super::side_patch`]), or judged again when it must be anyway
/// (its own rooms moved). Four cells a side keep those extra looks few; the registrations fell
/// from a fifth of the solver's time on a 50,000-room lattice to a twelfth.
pub const BLOCK_SHIFT: u32 = 2;

/// The block of cells a cell is registered under.
pub fn block((frame, [x, y, z]): Cell) -> Cell {
    (
        frame,
        [x >> BLOCK_SHIFT, y >> BLOCK_SHIFT, z >> BLOCK_SHIFT],
    )
}

/// The first cell of a block ([`block`] of it is the block): a cell standing for the block.
pub fn block_corner((frame, [x, y, z]): Cell) -> Cell {
    (
        frame,
        [x << BLOCK_SHIFT, y << BLOCK_SHIFT, z << BLOCK_SHIFT],
    )
}

/// A block ([`block`] of a cell) as the registry keys it: its frame and three coordinates
/// packed into one `u128`, each coordinate's 32 bits as they are. The hash of a cell fed the
/// hasher five words (the frame, the array's length, and its twelve bytes in two pieces); the
/// packed key feeds it two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BlockKey(u128);

/// The key of the block a cell is registered under: two cells have one key exactly when they
/// have one block.
pub fn block_key(c: Cell) -> BlockKey {
    let (frame, [x, y, z]) = block(c);
    BlockKey(
        (u128::from(frame) << 96)
            | (u128::from(x as u32) << 64)
            | (u128::from(y as u32) << 32)
            | u128::from(z as u32),
    )
}

/// The order changed cells are kept in ([`super::tracker::Effects::cells`]): by block, then by
/// cell, so that the cells of one block stand together and the sides registered on a block are
/// looked up once, without sorting the cells again by block.
pub fn block_order(c: &Cell) -> (Cell, Cell) {
    (block(*c), *c)
}

/// Blocks a registration remembers having registered, by a hash of the block: a judged side's
/// cells come as the cell each room leaves and the one it would enter, in turn, so the block
/// before is seldom the block again, while the few blocks a side's neighbourhood spans recur.
/// A block found here was registered by this call, and registering it again adds nothing.
const RECENT: usize = 32;

/// Registers one side on the blocks of cells given one at a time, skipping the blocks it
/// remembers having just registered ([`RECENT`]): what [`register_cells`] does over a slice,
/// for a caller that finds the cells as it walks (a carried side's subtree, which is then
/// never gathered into a vector).
pub struct Registrar {
    recent: [Option<BlockKey>; RECENT],
    at: At,
    /// Registrations added.
    pub added: usize,
}

impl Registrar {
    /// Registering the side `at`.
    pub fn new(at: At) -> Registrar {
        Registrar {
            recent: [None; RECENT],
            at,
            added: 0,
        }
    }

    /// Registers the side on the block of `c` (unless just done).
    #[inline(always)]
    pub fn add(&mut self, by_block: &mut Registry<BlockKey>, c: Cell) {
        let b = block_key(c);
        let slot = (b.0 as usize ^ (b.0 >> 64) as usize ^ (b.0 >> 96) as usize) % RECENT;
        if self.recent[slot] != Some(b) {
            self.recent[slot] = Some(b);
            self.added += by_block.register(b, self.at);
        }
    }
}

/// Registers a side on the blocks of these cells; how many registrations were added.
pub fn register_cells(by_block: &mut Registry<BlockKey>, cells: &[Cell], at: At) -> usize {
    let mut r = Registrar::new(at);
    for &c in cells {
        r.add(by_block, c);
    }
    r.added
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cells about the origin and at the ends of the coordinates' range, in a few frames.
    fn cells() -> Vec<Cell> {
        let coords = [i32::MIN, -5, -4, -1, 0, 1, 3, 4, 7, 8, i32::MAX];
        let mut out = Vec::new();
        for frame in [0, 1, u32::MAX] {
            for &x in &coords {
                for &y in &coords {
                    for &z in &coords {
                        out.push((frame, [x, y, z]));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn block_key_is_one_to_one_with_the_block() {
        let cells = cells();
        for a in &cells {
            for b in &cells {
                assert_eq!(
                    block_key(*a) == block_key(*b),
                    block(*a) == block(*b),
                    "{a:?} {b:?}"
                );
            }
        }
    }

    #[test]
    fn a_block_taken_gives_every_side_registered_on_its_cells() {
        let mut by_block: Registry<BlockKey> = Registry::default();
        let cells: Vec<Cell> = vec![
            (0, [0, 0, 0]),
            (0, [3, 3, 0]),
            (0, [4, 0, 0]),
            (1, [0, 0, 0]),
        ];
        assert_eq!(register_cells(&mut by_block, &cells, (ExitId(7), 1)), 3);
        assert_eq!(
            register_cells(&mut by_block, &cells[..1], (ExitId(8), 2)),
            1
        );
        let mut out = Vec::new();
        by_block.take_into(&block_key((0, [1, 2, 3])), &mut out);
        assert_eq!(out, vec![(ExitId(7), 1), (ExitId(8), 2)]);
        assert_eq!(by_block.len(), 2);
        out.clear();
        by_block.take_into(&block_key((0, [-1, 0, 0])), &mut out);
        assert!(out.is_empty());
    }
}
