//! One row of the paper's Table 3 / A3 for one game: the input conflict count (direction +
//! topology), and for each heuristic the reported after-count (naming included, as the authors'
//! agents counted), the consistent after-count (direction + topology), and the change in
//! ground-truth-correct labelled edges.

use super::detect::Detector;
use super::heuristic::{heuristic_repair, HeuristicAction, HeuristicStrategy};
use super::load::{correct_dir_edges, gt_pairs, load_llm_built};
use crate::domain::formats::EdgeRecord;
use serde::Serialize;

/// The results of one heuristic on one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeuristicRow {
    /// Conflicts after repair, naming included (the paper's reported number).
    pub after: usize,
    /// Conflicts after repair, direction + topology only (the consistent count).
    pub after_dir_topo_only: usize,
    /// Change in GT-correct labelled primary edges.
    pub dirdelta: i64,
    /// Recorded actions (fixes plus a final skip).
    pub n_actions: usize,
    /// Successful fixes.
    pub iterations: usize,
}

/// One game's row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Table3Row {
    /// Input conflicts, direction + topology (the T3-input regime).
    pub input_conflicts: usize,
    /// Direction part of the input count.
    pub input_direction: usize,
    /// Overlap part.
    pub input_topology_overlap: usize,
    /// Reverse-mismatch part.
    pub input_topology_reverse_mismatch: usize,
    /// Naming conflicts present but not counted.
    pub input_naming_not_counted: usize,
    /// heuristic_remove.
    pub heuristic_remove: HeuristicRow,
    /// heuristic_modify.
    pub heuristic_modify: HeuristicRow,
}

/// Computes one game's row from its LLM-built edge list and its ground truth.
pub fn table3_row(built: &[EdgeRecord], truth: &[EdgeRecord]) -> Table3Row {
    let graph = load_llm_built(built);
    let gt = gt_pairs(truth);
    let mut detector = Detector::new();
    let input = detector.count(&graph);
    let base_correct = correct_dir_edges(&graph, &gt) as i64;
    let mut run = |strategy| {
        let outcome = heuristic_repair(&graph, strategy, 20);
        let counts = detector.count(&outcome.graph);
        HeuristicRow {
            after: counts.total(),
            after_dir_topo_only: counts.dir_topo(),
            dirdelta: correct_dir_edges(&outcome.graph, &gt) as i64 - base_correct,
            n_actions: outcome.actions.len(),
            iterations: outcome.iterations,
        }
    };
    let heuristic_remove = run(HeuristicStrategy::Remove);
    let heuristic_modify = run(HeuristicStrategy::Modify);
    Table3Row {
        input_conflicts: input.dir_topo(),
        input_direction: input.direction,
        input_topology_overlap: input.overlap,
        input_topology_reverse_mismatch: input.reverse_mismatch,
        input_naming_not_counted: input.naming,
        heuristic_remove,
        heuristic_modify,
    }
}

/// True if a heuristic action changed the graph.
pub fn is_applied(action: &HeuristicAction) -> bool {
    !matches!(action, HeuristicAction::Skip { .. })
}
