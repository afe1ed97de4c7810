//! How many conflicts flattening one exit (marking it non-geometric) can resolve at most, in
//! O(1) per exit after O(V + E) set-up: lets a search for the best flattening skip the exits
//! that cannot beat the best one found, without judging them.
//!
//! Flattening changes no label, so duplicate labels, the overlaps they explain and naming stay
//! as they are. What can change ([`super::trial`]): the reverse mismatch of the exit's own pair
//! (at most one), its own loop if it closes one, and, for a tree exit, the loops of the exits
//! crossing its cut and the overlaps of the cells its cut splits, as one side of the cut moves
//! against the other. A crossing loop has one end on each side, so the loops resolved are at
//! most the smaller of the loop ends below the cut and above it, in the exit's frame. Overlaps:
//! each side keeps its own overlapping cells (moved as one, so still overlapping, two merging at
//! most pairwise), so those resolved are at most the cells with rooms on both sides plus the
//! fewer of each side's own, which is at most the smaller of the overlapping rooms below the cut
//! and above it. Both are prefix sums over the forest's Euler tour.

use super::trial::TrialJudge;
use crate::domain::map::Exit;

/// Prefix counts over the Euler tour. See the module docs.
#[derive(Debug, Clone)]
pub struct FlattenBound {
    /// Loop-closing exits' ends up to each tour position.
    loop_ends: Vec<u32>,
    /// Rooms of overlapping cells up to each tour position.
    overlapping: Vec<u32>,
}

impl FlattenBound {
    /// Prepares the counts for the judge's map (its loops and overlaps, as it counts them).
    pub fn new(judge: &TrialJudge<'_>) -> FlattenBound {
        let n = judge.tour_len();
        let mut loop_ends = vec![0u32; n + 1];
        let mut overlapping = vec![0u32; n + 1];
        for e in judge.loop_exits() {
            for r in [e.from, e.to] {
                if let Some(t) = judge.tour(r) {
                    loop_ends[t as usize + 1] += 1;
                }
            }
        }
        for r in judge.overlapping_rooms() {
            if let Some(t) = judge.tour(r) {
                overlapping[t as usize + 1] += 1;
            }
        }
        for i in 0..n {
            loop_ends[i + 1] += loop_ends[i];
            overlapping[i + 1] += overlapping[i];
        }
        FlattenBound {
            loop_ends,
            overlapping,
        }
    }

    /// At most how many conflicts flattening `exit` resolves (the count cannot fall by more).
    pub fn resolved_at_most(&self, judge: &TrialJudge<'_>, exit: &Exit) -> u64 {
        // Its pair's reverse mismatch, and its own loop when it closes one.
        let own = 2;
        let Some(((lo, hi), (flo, fhi))) = judge.cut(exit.id) else {
            return own;
        };
        let split = |prefix: &[u32]| {
            let at = |i: u32| u64::from(prefix.get(i as usize).copied().unwrap_or(0));
            let below = at(hi).saturating_sub(at(lo));
            let frame = at(fhi).saturating_sub(at(flo));
            below.min(frame.saturating_sub(below))
        };
        own + split(&self.loop_ends) + split(&self.overlapping)
    }
}
