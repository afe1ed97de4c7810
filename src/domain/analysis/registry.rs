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
    recent: [Option<Cell>; RECENT],
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
    pub fn add(&mut self, by_block: &mut Registry<Cell>, c: Cell) {
        let b = block(c);
        let (frame, [x, y, z]) = b;
        let slot = (frame as usize)
            .wrapping_add((x as usize).wrapping_mul(7))
            .wrapping_add((y as usize).wrapping_mul(13))
            .wrapping_add((z as usize).wrapping_mul(29))
            % RECENT;
        if self.recent[slot] != Some(b) {
            self.recent[slot] = Some(b);
            self.added += by_block.register(b, self.at);
        }
    }
}

/// Registers a side on the blocks of these cells; how many registrations were added.
pub fn register_cells(by_block: &mut Registry<Cell>, cells: &[Cell], at: At) -> usize {
    let mut r = Registrar::new(at);
    for &c in cells {
        r.add(by_block, c);
    }
    r.added
}
