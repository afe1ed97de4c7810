//! The Edge Impact Score in default semantics: reach (rooms whose position hangs on the exit in
//! the tree) + conflicts (how many current conflicts involve it) + usage (how often
//! the history walked it), each min-max normalized over the candidates of one conflict; sorted
//! best first, ties in candidate order.

use super::geometry::Geometry;
use crate::domain::map::ExitId;
use serde::Serialize;

/// One ranked candidate with its raw and normalized parts.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScoredExit {
    /// The exit.
    pub exit: ExitId,
    /// Rooms hanging on it.
    pub reach: u32,
    /// Conflicts listing it.
    pub conflicts: u32,
    /// Times walked.
    pub usage: u32,
    /// Normalized reach.
    pub reach_norm: f64,
    /// Normalized conflicts.
    pub conflicts_norm: f64,
    /// Normalized usage.
    pub usage_norm: f64,
    /// Sum of the three, in [0, 3].
    pub score: f64,
}

/// Scores candidates. `conflict_counts` and `usage` are indexed by exit id; a missing usage
/// counts as one walk.
pub fn score(
    geometry: &Geometry,
    candidates: &[ExitId],
    conflict_counts: &[u32],
    usage: &[u32],
) -> Vec<ScoredExit> {
    let raw: Vec<(ExitId, u32, u32, u32)> = candidates
        .iter()
        .map(|&e| {
            let i = e.0 as usize;
            (
                e,
                geometry.reach(e),
                conflict_counts.get(i).copied().unwrap_or(0),
                usage.get(i).copied().unwrap_or(1),
            )
        })
        .collect();
    let norm = |part: usize| -> Vec<f64> {
        let vals: Vec<f64> = raw
            .iter()
            .map(|r| f64::from([r.1, r.2, r.3][part]))
            .collect();
        let mn = vals.iter().copied().fold(f64::INFINITY, f64::min);
        let mx = vals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if mx <= mn {
            vec![0.0; vals.len()]
        } else {
            vals.iter().map(|v| (v - mn) / (mx - mn)).collect()
        }
    };
    let (r, c, u) = (norm(0), norm(1), norm(2));
    let mut out: Vec<ScoredExit> = raw
        .iter()
        .enumerate()
        .map(|(i, &(exit, reach, conflicts, usage))| ScoredExit {
            exit,
            reach,
            conflicts,
            usage,
            reach_norm: r[i],
            conflicts_norm: c[i],
            usage_norm: u[i],
            score: r[i] + c[i] + u[i],
        })
        .collect();
    out.sort_by(|a, b| {
        b.score
            .partial_cmp(&a.score)
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    out
}
