//! The changed cells each judged side read, for [`super::FlattenGains`]: a move's changed cells
//! come in block order ([`super::registry::block_order`]), the sides registered on each block
//! are handed that block's cells, and each side's cells are gathered here, in order.

use super::forest::Cell;
use super::registry::{block, block_key, At, BlockKey, Registry};
use crate::domain::map::ExitId;
use rustc_hash::FxHashMap;

/// The changed cells each judged side registered on their blocks read, gathered by side: the
/// blocks of a move's changed cells are looked up in turn, and each side on a block is handed
/// that block's cells, each block once however often the side registered on it. Gathered into
/// one vector (a vector per side was an allocation per side a move looked at again).
#[derive(Debug, Clone, Default)]
pub struct Hits {
    /// (side, first cell of a block's group among the changed cells, its cells).
    groups: Vec<(ExitId, u32, u32)>,
    /// Each side's cells, side after side.
    cells: Vec<Cell>,
    /// Each side's (start, end) in `cells`.
    of: FxHashMap<ExitId, (u32, u32)>,
}

impl Hits {
    /// The judged sides registered on the blocks of these cells (taking their registrations
    /// there) that are still `live`, and for each the changed cells of those blocks, each once,
    /// kept here; `cells` come each once in [`super::registry::block_order`] (as the tracker
    /// gives them), so a block's cells stand together.
    pub fn read_on(
        &mut self,
        by_block: &mut Registry<BlockKey>,
        cells: &[Cell],
        live: impl Fn(At) -> bool,
    ) -> Vec<ExitId> {
        let mut dirty: Vec<ExitId> = Vec::new();
        let mut read: Vec<At> = Vec::new();
        self.clear();
        let mut start = 0;
        for group in cells.chunk_by(|a, b| block(*a) == block(*b)) {
            let Some(first) = group.first() else { continue };
            by_block.take_into(&block_key(*first), &mut read);
            for at in read.drain(..) {
                if live(at) {
                    dirty.push(at.0);
                    self.add(at.0, start, group.len());
                }
            }
            start += group.len();
        }
        self.gather(cells);
        dirty
    }

    pub fn clear(&mut self) {
        self.groups.clear();
        self.cells.clear();
        self.of.clear();
    }

    /// Side `e` reads the group of `len` changed cells from `start`.
    pub fn add(&mut self, e: ExitId, start: usize, len: usize) {
        self.groups.push((e, start as u32, len as u32));
    }

    /// Gathers each side's cells from the changed cells, groups in order, each once.
    pub fn gather(&mut self, cells: &[Cell]) {
        self.groups.sort_unstable();
        self.groups.dedup();
        for run in self.groups.chunk_by(|a, b| a.0 == b.0) {
            let Some(&(e, _, _)) = run.first() else {
                continue;
            };
            let from = self.cells.len() as u32;
            for &(_, start, len) in run {
                let (start, len) = (start as usize, len as usize);
                self.cells
                    .extend_from_slice(cells.get(start..start + len).unwrap_or_default());
            }
            self.of.insert(e, (from, self.cells.len() as u32));
        }
    }

    /// The changed cells side `e` read, if any.
    pub fn of(&self, e: ExitId) -> Option<&[Cell]> {
        let &(from, to) = self.of.get(&e)?;
        self.cells.get(from as usize..to as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_gets_its_groups_cells_in_order_each_group_once() {
        let cells: Vec<Cell> = (0..6).map(|i| (0, [i, 0, 0])).collect();
        let mut hits = Hits::default();
        // Groups [0, 2), [2, 3), [3, 6); side 7 registered twice on the first block.
        hits.add(ExitId(7), 0, 2);
        hits.add(ExitId(7), 0, 2);
        hits.add(ExitId(9), 2, 1);
        hits.add(ExitId(7), 3, 3);
        hits.gather(&cells);
        let all: Vec<Cell> = [0, 1, 3, 4, 5].map(|i| (0, [i, 0, 0])).to_vec();
        assert_eq!(hits.of(ExitId(7)), Some(&all[..]));
        assert_eq!(hits.of(ExitId(9)), Some(&cells[2..3]));
        assert_eq!(hits.of(ExitId(8)), None);
        hits.clear();
        assert_eq!(hits.of(ExitId(7)), None);
    }
}
