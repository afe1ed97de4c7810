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
    let part =
        |k: usize| -> Vec<f64> { raw.iter().map(|r| f64::from([r.1, r.2, r.3][k])).collect() };
    let (r, c, u) = (min_max(&part(0)), min_max(&part(1)), min_max(&part(2)));
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

/// Min-max normalization to [0, 1]; all zeros when the values are constant (both semantics use
/// this rule).
pub fn min_max(values: &[f64]) -> Vec<f64> {
    let mn = values.iter().copied().fold(f64::INFINITY, f64::min);
    let mx = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if mx <= mn {
        return vec![0.0; values.len()];
    }
    values.iter().map(|v| (v - mn) / (mx - mn)).collect()
}
