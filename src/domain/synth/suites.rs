//! The paper's synthetic suites as pure functions (`paper-semantics.md` §10.3, §10.6, §7, §11).
//!
//! * [`lca_suite`]: the 1,160-graph localization study (exp01): tree depth 3–6, grid 3×3–7×7,
//!   random 15/30/60/120 rooms, one direction / topology / naming error, seeds 0–29; graphs
//!   without conflicts are dropped. Per graph: candidates, reduction, truth retention, rank of
//!   the truth in the Edge Impact order.
//! * [`table1`]: the 80 Table 1 inputs (random, 60 rooms, 4 or 8 direction / topology errors,
//!   seeds 0–19): initial conflict counts, and the conflict-free rates of heuristic_remove and
//!   heuristic_modify (20-fix budget) with 95 % Wilson intervals.
//!
//! The graphs always come from the authors' generators; *measuring* them is delegated to a
//! [`SuiteSemantics`], so the same suite runs under the reference semantics
//! ([`ReferenceSemantics`], which reproduces the authors' numbers) or any other.
//! No I/O, no clocks.

use super::{make_synthetic, ErrorMix, ErrorType, Family, Synthetic};
use crate::domain::reference::{
    heuristic_repair, localize, score_edges, Detector, HeuristicStrategy, NodeIx, Projection,
    RefGraph,
};
use rustc_hash::FxHashSet;

/// What a suite needs to measure a generated map. Implemented once per semantics.
pub trait SuiteSemantics {
    /// Localization on one broken map, given the injected pairs. `None` drops the graph (the
    /// authors drop graphs with no conflict or no primary edge).
    fn localization(
        &mut self,
        graph: &RefGraph,
        truth: &[(NodeIx, NodeIx)],
    ) -> Option<LocalizationMeasure>;

    /// The number of conflicts the full detector reports.
    fn conflict_count(&mut self, graph: &RefGraph) -> usize;

    /// Runs a heuristic repair (at most `max_fixes` fixes) and returns the number of conflicts
    /// the full detector still reports on the result.
    fn heuristic_remaining(
        &mut self,
        graph: &RefGraph,
        strategy: HeuristicStrategy,
        max_fixes: usize,
    ) -> usize;
}

/// The raw localization counts for one graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalizationMeasure {
    /// Distinct primary pairs (the reduction's denominator).
    pub num_primary_edges: usize,
    /// Distinct localized candidates that are primary pairs.
    pub num_candidates: usize,
    /// Conflicts detected (full detector).
    pub num_conflicts: usize,
    /// Injected pairs found among the candidates.
    pub truth_in_candidates: usize,
    /// 0-based position of the best-ranked injected pair in the score order of all primary
    /// edges; `None` if no injected pair is a primary edge.
    pub rank_of_truth: Option<usize>,
}

/// The authors' experiment semantics: full detector (naming included), shortest-path
/// localization, Edge Impact Score over all primary edges, the reference heuristics.
#[derive(Debug, Default, Clone)]
pub struct ReferenceSemantics {
    detector: Detector,
}

impl ReferenceSemantics {
    /// A fresh instance.
    pub fn new() -> ReferenceSemantics {
        ReferenceSemantics::default()
    }
}

impl SuiteSemantics for ReferenceSemantics {
    fn localization(
        &mut self,
        graph: &RefGraph,
        truth: &[(NodeIx, NodeIx)],
    ) -> Option<LocalizationMeasure> {
        let conflicts = self.detector.detect(graph, true);
        if conflicts.is_empty() {
            return None;
        }
        let primary: FxHashSet<(NodeIx, NodeIx)> =
            graph.primary_edges().map(|(u, v, _)| (u, v)).collect();
        if primary.is_empty() {
            return None;
        }
        let projection = Projection::new(graph);
        let mut candidates: FxHashSet<(NodeIx, NodeIx)> = FxHashSet::default();
        for c in &conflicts {
            for e in localize(graph, &projection, c) {
                if primary.contains(&e) {
                    candidates.insert(e);
                }
            }
        }
        let scored = score_edges(graph, &projection, &conflicts);
        let rank_of_truth = scored.iter().position(|s| truth.contains(&s.edge));
        Some(LocalizationMeasure {
            num_primary_edges: primary.len(),
            num_candidates: candidates.len(),
            num_conflicts: conflicts.len(),
            truth_in_candidates: truth.iter().filter(|e| candidates.contains(e)).count(),
            rank_of_truth,
        })
    }

    fn conflict_count(&mut self, graph: &RefGraph) -> usize {
        self.detector.count(graph).total()
    }

    fn heuristic_remaining(
        &mut self,
        graph: &RefGraph,
        strategy: HeuristicStrategy,
        max_fixes: usize,
    ) -> usize {
        let outcome = heuristic_repair(graph, strategy, max_fixes);
        self.detector.count(&outcome.graph).total()
    }
}

/// One exp01 row, with the authors' field names and meanings.
#[derive(Debug, Clone, PartialEq)]
pub struct LcaRow {
    /// Family.
    pub family: Family,
    /// Depth (tree), side (grid) or rooms (random).
    pub size: usize,
    /// The injected error type.
    pub err_type: ErrorType,
    /// Seed.
    pub seed: u64,
    /// Rooms in the broken map.
    pub num_nodes: usize,
    /// Primary edges in the broken map.
    pub num_primary_edges: usize,
    /// Localized candidates (primary).
    pub num_candidates: usize,
    /// `1 − candidates / primary`.
    pub reduction: f64,
    /// Distinct injected pairs.
    pub num_errors_injected: usize,
    /// Share of injected pairs among the candidates.
    pub truth_in_lca_fraction: f64,
    /// 0-based rank of the best injected pair among all primary edges, −1 if absent.
    pub rank_of_truth: i64,
    /// `rank_of_truth / max(1, candidates)`, `None` if the rank is −1.
    pub rank_of_truth_pct: Option<f64>,
    /// Conflicts detected.
    pub num_conflicts: usize,
}

/// A statistic per error type and overall.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PerType {
    /// Over every row.
    pub all: f64,
    /// Direction rows.
    pub direction: f64,
    /// Topology rows.
    pub topology: f64,
    /// Naming rows.
    pub naming: f64,
}

/// The LCA suite's rows and means.
#[derive(Debug, Clone, PartialEq)]
pub struct LcaSuite {
    /// Kept rows in the authors' order (family, size, error type, seed).
    pub rows: Vec<LcaRow>,
    /// Mean reduction, in percent.
    pub reduction_pct: PerType,
    /// Mean share of injected pairs kept among the candidates, in percent.
    pub retention_pct: PerType,
    /// Median 0-based rank of the truth over rows where it was ranked (the authors' summary).
    pub median_rank: PerType,
    /// Kept rows per error type (`all` = total), as floats for uniformity.
    pub counts: PerType,
}

/// The exp01 grid of configurations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LcaConfig {
    /// Families with their sizes, in run order.
    pub families: Vec<(Family, Vec<usize>)>,
    /// Error types, in run order.
    pub err_types: Vec<ErrorType>,
    /// Seeds `0..seeds`.
    pub seeds: u64,
    /// Children per node for tree and random maps.
    pub branching: usize,
}

impl LcaConfig {
    /// The paper's configuration (1,170 attempts, 1,160 kept).
    pub fn paper() -> LcaConfig {
        LcaConfig {
            families: vec![
                (Family::Tree, vec![3, 4, 5, 6]),
                (Family::Grid, vec![3, 4, 5, 6, 7]),
                (Family::Random, vec![15, 30, 60, 120]),
            ],
            err_types: ErrorType::ALL.to_vec(),
            seeds: 30,
            branching: 3,
        }
    }
}

/// Runs the paper's LCA suite under `semantics`.
pub fn lca_suite(semantics: &mut dyn SuiteSemantics) -> LcaSuite {
    lca_suite_with(semantics, &LcaConfig::paper())
}

/// One exp01 row, or `None` if the graph is dropped.
pub fn lca_row(
    semantics: &mut dyn SuiteSemantics,
    family: Family,
    size: usize,
    err_type: ErrorType,
    seed: u64,
    branching: usize,
) -> Option<LcaRow> {
    // The authors clamp grids to at least 3×3.
    let size = if family == Family::Grid {
        size.max(3)
    } else {
        size
    };
    let spec: Synthetic =
        make_synthetic(family, size, ErrorMix::only(err_type, 1), seed, branching);
    let truth = spec.error_pairs();
    let m = semantics.localization(&spec.graph, &truth)?;
    if m.num_primary_edges == 0 {
        return None;
    }
    let reduction = 1.0 - (m.num_candidates as f64 / m.num_primary_edges as f64);
    let rank = m.rank_of_truth.map_or(-1, |r| r as i64);
    Some(LcaRow {
        family,
        size,
        err_type,
        seed,
        num_nodes: spec.graph.node_count(),
        num_primary_edges: m.num_primary_edges,
        num_candidates: m.num_candidates,
        reduction,
        num_errors_injected: truth.len(),
        truth_in_lca_fraction: m.truth_in_candidates as f64 / truth.len().max(1) as f64,
        rank_of_truth: rank,
        rank_of_truth_pct: m
            .rank_of_truth
            .map(|r| r as f64 / m.num_candidates.max(1) as f64),
        num_conflicts: m.num_conflicts,
    })
}

/// Runs an LCA suite with a custom configuration.
pub fn lca_suite_with(semantics: &mut dyn SuiteSemantics, config: &LcaConfig) -> LcaSuite {
    let mut rows = Vec::new();
    for (family, sizes) in &config.families {
        for &size in sizes {
            for &err_type in &config.err_types {
                for seed in 0..config.seeds {
                    if let Some(row) =
                        lca_row(semantics, *family, size, err_type, seed, config.branching)
                    {
                        rows.push(row);
                    }
                }
            }
        }
    }
    let per_type = |f: &dyn Fn(&[&LcaRow]) -> f64| {
        let pick = |t: Option<ErrorType>| -> Vec<&LcaRow> {
            rows.iter()
                .filter(|r| t.is_none_or(|t| r.err_type == t))
                .collect()
        };
        PerType {
            all: f(&pick(None)),
            direction: f(&pick(Some(ErrorType::Direction))),
            topology: f(&pick(Some(ErrorType::Topology))),
            naming: f(&pick(Some(ErrorType::Naming))),
        }
    };
    let reduction_pct = per_type(&|rs| 100.0 * mean(rs.iter().map(|r| r.reduction)));
    let retention_pct = per_type(&|rs| 100.0 * mean(rs.iter().map(|r| r.truth_in_lca_fraction)));
    let median_rank = per_type(&|rs| {
        let ranks: Vec<f64> = rs
            .iter()
            .filter(|r| r.rank_of_truth >= 0)
            .map(|r| r.rank_of_truth as f64)
            .collect();
        median(ranks)
    });
    let counts = per_type(&|rs| rs.len() as f64);
    LcaSuite {
        rows,
        reduction_pct,
        retention_pct,
        median_rank,
        counts,
    }
}

/// Arithmetic mean (0 for an empty input).
fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    if n == 0 {
        0.0
    } else {
        sum / n as f64
    }
}

/// Median as Python's `statistics.median` (mean of the two middle values for even counts;
/// NaN for an empty input).
fn median(mut values: Vec<f64>) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

/// A 95 % (or any `z`) Wilson score interval for `successes` out of `n`, as fractions.
/// Returns `(0, 0)` for `n = 0`.
pub fn wilson(successes: usize, n: usize, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let n = n as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The z of a two-sided 95 % interval.
pub const Z95: f64 = 1.96;

/// One Table 1 input's initial conflict count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InitialConflicts {
    /// Direction or topology.
    pub err_type: ErrorType,
    /// Injected errors (4 or 8).
    pub k: usize,
    /// Seed (0–19).
    pub seed: u64,
    /// Conflicts reported by the full detector.
    pub conflicts: usize,
}

/// A conflict-free rate with its Wilson interval (percentages).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CfRate {
    /// Direction or topology.
    pub err_type: ErrorType,
    /// Injected errors.
    pub k: usize,
    /// The heuristic.
    pub strategy: HeuristicStrategy,
    /// Runs ending with no conflict.
    pub conflict_free: usize,
    /// Runs.
    pub runs: usize,
    /// `100 · conflict_free / runs`.
    pub rate: f64,
    /// Lower end of the 95 % Wilson interval, percent.
    pub ci_low: f64,
    /// Upper end, percent.
    pub ci_high: f64,
}

/// One heuristic run on one Table 1 input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeuristicRun {
    /// Direction or topology.
    pub err_type: ErrorType,
    /// Injected errors.
    pub k: usize,
    /// Seed.
    pub seed: u64,
    /// The heuristic.
    pub strategy: HeuristicStrategy,
    /// Conflicts left (full detector); 0 = conflict-free.
    pub conflicts_after: usize,
}

/// The authors' name of a heuristic: `heuristic_remove` or `heuristic_modify`.
pub fn strategy_name(strategy: HeuristicStrategy) -> &'static str {
    match strategy {
        HeuristicStrategy::Remove => "heuristic_remove",
        HeuristicStrategy::Modify => "heuristic_modify",
    }
}

/// Table 1's inputs and heuristic rates.
#[derive(Debug, Clone, PartialEq)]
pub struct Table1 {
    /// The 80 inputs in cell order ((direction, 4), (direction, 8), (topology, 4),
    /// (topology, 8)), seeds ascending.
    pub initial_conflicts: Vec<InitialConflicts>,
    /// Per (error type, k, strategy), remove before modify.
    pub cf_rate: Vec<CfRate>,
    /// Every heuristic run, in input order, remove before modify.
    pub runs: Vec<HeuristicRun>,
}

/// Table 1's configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table1Config {
    /// (error type, k) cells in order.
    pub cells: Vec<(ErrorType, usize)>,
    /// Rooms per random map.
    pub size: usize,
    /// Seeds `0..seeds`.
    pub seeds: u64,
    /// Fix budget per heuristic run.
    pub max_fixes: usize,
    /// Children per node.
    pub branching: usize,
}

impl Table1Config {
    /// The paper's: random maps of 60 rooms, 4 or 8 direction / topology errors, seeds 0–19,
    /// 20 fixes.
    pub fn paper() -> Table1Config {
        Table1Config {
            cells: vec![
                (ErrorType::Direction, 4),
                (ErrorType::Direction, 8),
                (ErrorType::Topology, 4),
                (ErrorType::Topology, 8),
            ],
            size: 60,
            seeds: 20,
            max_fixes: 20,
            branching: 3,
        }
    }
}

/// Runs Table 1 under `semantics` with the paper's configuration.
pub fn table1(semantics: &mut dyn SuiteSemantics) -> Table1 {
    table1_with(semantics, &Table1Config::paper())
}

/// Runs Table 1 with a custom configuration.
pub fn table1_with(semantics: &mut dyn SuiteSemantics, config: &Table1Config) -> Table1 {
    let strategies = [HeuristicStrategy::Remove, HeuristicStrategy::Modify];
    let mut initial_conflicts = Vec::new();
    let mut cf_rate = Vec::new();
    let mut all_runs = Vec::new();
    for &(err_type, k) in &config.cells {
        let mut free = [0usize; 2];
        for seed in 0..config.seeds {
            let spec = make_synthetic(
                Family::Random,
                config.size,
                ErrorMix::only(err_type, k),
                seed,
                config.branching,
            );
            let conflicts = semantics.conflict_count(&spec.graph);
            initial_conflicts.push(InitialConflicts {
                err_type,
                k,
                seed,
                conflicts,
            });
            for (i, &strategy) in strategies.iter().enumerate() {
                let conflicts_after =
                    semantics.heuristic_remaining(&spec.graph, strategy, config.max_fixes);
                if conflicts_after == 0 {
                    free[i] += 1;
                }
                all_runs.push(HeuristicRun {
                    err_type,
                    k,
                    seed,
                    strategy,
                    conflicts_after,
                });
            }
        }
        let runs = config.seeds as usize;
        for (i, &strategy) in strategies.iter().enumerate() {
            let (lo, hi) = wilson(free[i], runs, Z95);
            cf_rate.push(CfRate {
                err_type,
                k,
                strategy,
                conflict_free: free[i],
                runs,
                rate: if runs == 0 {
                    0.0
                } else {
                    100.0 * free[i] as f64 / runs as f64
                },
                ci_low: 100.0 * lo,
                ci_high: 100.0 * hi,
            });
        }
    }
    Table1 {
        initial_conflicts,
        cf_rate,
        runs: all_runs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_the_paper_examples() {
        let (lo, hi) = wilson(19, 20, Z95);
        assert_eq!(((lo * 100.0).round(), (hi * 100.0).round()), (76.0, 99.0));
        let (lo, hi) = wilson(10, 20, Z95);
        assert_eq!(((lo * 100.0).round(), (hi * 100.0).round()), (30.0, 70.0));
        assert_eq!(wilson(0, 0, Z95), (0.0, 0.0));
    }

    #[test]
    fn median_follows_python() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 2.0, 3.0]), 2.5);
        assert!(median(Vec::new()).is_nan());
    }
}
