//! How many conflicts flattening one exit (marking it non-geometric) can resolve at most, in
//! O(1) per exit after O((V + E) log V) set-up: lets a search for the best flattening skip the
//! exits that cannot beat the best one found, without judging them.
//!
//! Flattening changes no label, so duplicate labels, the overlaps they explain and naming stay
//! as they are. What can change ([`super::trial`]): the reverse mismatch of the exit's own pair
//! (at most one), its own loop if it closes one, and, for a tree exit, the loops of the exits
//! crossing its cut and the overlaps of the cells on its two sides, as the side below the cut
//! moves against the rest of its frame.
//!
//! * **Loops**: only a loop-closing exit with one end on each side can change; they are counted
//!   exactly, as the loop ends below the cut less twice the loops with both ends below.
//! * **Overlaps**: each side keeps its own overlapping cells (its rooms move as one), and two of
//!   them can merge at most pairwise; so those resolved are at most the cells with rooms on
//!   both sides plus the fewer of each side's own, which is at most the cells with a room below
//!   the cut less those entirely below, and at most the overlapping rooms below the cut less the
//!   cells entirely below (each such cell has two rooms or more); the same from above, counting
//!   as entirely above the cells that lie wholly before or after the cut in the tour.
//!
//! The counts are prefix sums over the forest's Euler tour (a subtree is a range of it) and,
//! for "entirely below", one offline sweep with a Fenwick tree over all subtrees at once.

use super::trial::TrialJudge;
use crate::domain::map::{Exit, Map};

/// Counts over the Euler tour. See the module docs.
#[derive(Debug, Clone)]
pub struct FlattenBound {
    /// Loop-closing exits' ends up to each tour position.
    loop_ends: Vec<u32>,
    /// Rooms of overlapping cells up to each tour position.
    overlapping: Vec<u32>,
    /// Overlapping cells whose last room (in tour order) comes before each position.
    cells_ending: Vec<u32>,
    /// Overlapping cells whose first room comes before each position.
    cells_starting: Vec<u32>,
    /// Per subtree, by the tour position of its top room: loops with both ends in it.
    loops_inside: Vec<u32>,
    /// Per subtree, by the tour position of its top room: overlapping cells wholly in it.
    cells_inside: Vec<u32>,
}

/// Counts of points `(a, b)` with `lo <= a` and `b < hi`, for every query `(lo, hi)`, by the
/// query's `lo` (queries have distinct `lo`s below `n`).
fn inside(points: &[(u32, u32)], queries: &[(u32, u32)], n: usize) -> Vec<u32> {
    let mut out = vec![0u32; n];
    let mut tree = vec![0u32; n + 1];
    let mut points = points.to_vec();
    points.sort_unstable_by_key(|p| std::cmp::Reverse(p.0));
    let mut queries = queries.to_vec();
    queries.sort_unstable_by_key(|q| std::cmp::Reverse(q.0));
    let mut next = 0;
    for (lo, hi) in queries {
        while let Some(&(_, b)) = points.get(next).filter(|p| p.0 >= lo) {
            let mut i = b as usize + 1;
            while i <= n {
                tree[i] += 1;
                i += i & i.wrapping_neg();
            }
            next += 1;
        }
        let (mut i, mut sum) = ((hi as usize).min(n), 0u32);
        while i > 0 {
            sum += tree[i];
            i -= i & i.wrapping_neg();
        }
        if let Some(slot) = out.get_mut(lo as usize) {
            *slot = sum;
        }
    }
    out
}

/// Turns per-position counts (shifted by one) into prefix sums.
fn accumulate(v: &mut [u32]) {
    for i in 1..v.len() {
        v[i] += v[i - 1];
    }
}

impl FlattenBound {
    /// Prepares the counts for the judge's map (its loops and overlaps, as it counts them).
    pub fn new(map: &Map, judge: &TrialJudge<'_>) -> FlattenBound {
        let n = judge.tour_len();
        let mut loop_ends = vec![0u32; n + 1];
        let mut overlapping = vec![0u32; n + 1];
        let mut cells_ending = vec![0u32; n + 1];
        let mut cells_starting = vec![0u32; n + 1];
        let mut loops: Vec<(u32, u32)> = Vec::new();
        for e in judge.loop_exits() {
            if let (Some(a), Some(b)) = (judge.tour(e.from), judge.tour(e.to)) {
                loop_ends[a as usize + 1] += 1;
                loop_ends[b as usize + 1] += 1;
                loops.push((a.min(b), a.max(b)));
            }
        }
        let mut cells: Vec<(u32, u32)> = Vec::new();
        for rooms in judge.overlapping_cells() {
            let tours: Vec<u32> = rooms.iter().filter_map(|r| judge.tour(*r)).collect();
            for t in &tours {
                overlapping[*t as usize + 1] += 1;
            }
            if let (Some(&lo), Some(&hi)) = (tours.iter().min(), tours.iter().max()) {
                cells_starting[lo as usize + 1] += 1;
                cells_ending[hi as usize + 1] += 1;
                cells.push((lo, hi));
            }
        }
        for v in [
            &mut loop_ends,
            &mut overlapping,
            &mut cells_ending,
            &mut cells_starting,
        ] {
            accumulate(v);
        }
        let queries: Vec<(u32, u32)> = map.rooms().filter_map(|r| judge.subtree(r.id)).collect();
        FlattenBound {
            loop_ends,
            overlapping,
            cells_ending,
            cells_starting,
            loops_inside: inside(&loops, &queries, n),
            cells_inside: inside(&cells, &queries, n),
        }
    }

    /// At most how many conflicts flattening `exit` resolves (the count cannot fall by more).
    pub fn resolved_at_most(&self, judge: &TrialJudge<'_>, exit: &Exit) -> u64 {
        // Its pair's reverse mismatch, and its own loop when it closes one (a tree exit closes
        // none).
        let Some(((lo, hi), (flo, fhi))) = judge.cut(exit.id) else {
            return 2;
        };
        let own = 1;
        let count = |prefix: &[u32], from: u32, to: u32| {
            let at = |i: u32| u64::from(prefix.get(i as usize).copied().unwrap_or(0));
            at(to).saturating_sub(at(from))
        };
        let by_top = |v: &[u32]| u64::from(v.get(lo as usize).copied().unwrap_or(0));
        let crossing =
            count(&self.loop_ends, lo, hi).saturating_sub(2 * by_top(&self.loops_inside));
        let below = count(&self.overlapping, lo, hi);
        let above = count(&self.overlapping, flo, fhi).saturating_sub(below);
        let wholly_below = by_top(&self.cells_inside);
        let wholly_above =
            count(&self.cells_ending, flo, lo) + count(&self.cells_starting, hi, fhi);
        let overlaps = below
            .saturating_sub(wholly_below)
            .min(above.saturating_sub(wholly_above));
        own + crossing + overlaps
    }
}
