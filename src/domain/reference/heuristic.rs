//! heuristic_remove and heuristic_modify, exactly as the authors ran them (§8 of the
//! semantics notes).
//!
//! Each iteration detects every conflict (naming included), gathers the localized candidates
//! that are primary edges, orders them by Edge Impact Score, and tries to fix the first one that
//! was not touched in the last three fixes: relabel to undo a reverse mismatch, relabel to each
//! free direction in canonical order, or remove — remove first for `heuristic_remove`, last for
//! `heuristic_modify`. A trial is kept only if the total count strictly falls. Up to 20 fixes.

use super::detect::{Detector, RefConflictKind};
use super::graph::{EdgeData, NodeIx, RefGraph};
use super::localize::{localize, Projection};
use super::score::score_edges;
use crate::domain::direction::{Direction, Label};
use rustc_hash::FxHashSet;

/// Which heuristic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeuristicStrategy {
    /// Try removing an edge before relabelling it.
    Remove,
    /// Try relabelling first, removing last.
    Modify,
}

/// One recorded action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeuristicAction {
    /// `u → v` relabelled.
    Modify {
        /// The edge.
        edge: (NodeIx, NodeIx),
        /// Its label before.
        from: Label,
        /// Its label after.
        to: Label,
        /// Why.
        reason: String,
    },
    /// `u → v` (and its automatic twin) removed.
    Remove {
        /// The edge.
        edge: (NodeIx, NodeIx),
        /// Its label.
        label: Label,
        /// Why.
        reason: String,
    },
    /// The loop stopped without a fix.
    Skip {
        /// Why.
        reason: String,
    },
}

/// What a heuristic run produced.
#[derive(Debug, Clone)]
pub struct HeuristicOutcome {
    /// The repaired graph.
    pub graph: RefGraph,
    /// Applied fixes, plus a final skip if it stopped for lack of one.
    pub actions: Vec<HeuristicAction>,
    /// Number of successful fixes.
    pub iterations: usize,
}

enum Trial {
    Relabel(Label),
    Remove,
}

/// Runs the heuristic on a copy of `graph` with at most `max_fixes` fixes (the paper: 20).
pub fn heuristic_repair(
    graph: &RefGraph,
    strategy: HeuristicStrategy,
    max_fixes: usize,
) -> HeuristicOutcome {
    let mut work = graph.clone();
    let mut detector = Detector::new();
    let mut actions = Vec::new();
    let mut recent: Vec<(NodeIx, NodeIx)> = Vec::new();
    let mut fixes = 0;
    while fixes < max_fixes {
        let conflicts = detector.detect(&work, true);
        if conflicts.is_empty() {
            break;
        }
        let before = conflicts.len();
        let projection = Projection::new(&work);
        let mut candidates: FxHashSet<(NodeIx, NodeIx)> = FxHashSet::default();
        for c in &conflicts {
            for (u, v) in localize(&work, &projection, c) {
                if work.is_primary(u, v) {
                    candidates.insert((u, v));
                }
            }
        }
        if candidates.is_empty() {
            actions.push(HeuristicAction::Skip {
                reason: "no candidates".into(),
            });
            break;
        }
        let ranked: Vec<(NodeIx, NodeIx)> = score_edges(&work, &projection, &conflicts)
            .into_iter()
            .map(|s| s.edge)
            .filter(|e| candidates.contains(e))
            .collect();
        if ranked.is_empty() {
            actions.push(HeuristicAction::Skip {
                reason: "no scored candidates".into(),
            });
            break;
        }
        // The authors take `opposite(actual_reverse)` from the conflict's details, i.e. the
        // opposite of the label of the conflict's *second* edge, whichever of the pair's two
        // edges is being fixed (for the second edge itself that is the opposite of its own
        // label).
        let mismatch_fixes = |e: (NodeIx, NodeIx), work: &RefGraph| -> Vec<Label> {
            conflicts
                .iter()
                .filter(|c| c.kind == RefConflictKind::ReverseMismatch && c.edges.contains(&e))
                .filter_map(|c| {
                    let (u, v) = *c.edges.first()?;
                    work.edge(v, u).and_then(|rev| rev.label.opposite())
                })
                .collect()
        };
        let mut fixed = false;
        for &edge in &ranked {
            let tail = &recent[recent.len().saturating_sub(3)..];
            if tail.contains(&edge) {
                continue;
            }
            let Some(current) = work.edge(edge.0, edge.1).map(|d| d.label.clone()) else {
                continue;
            };
            let trials = trials_for(&work, edge, &current, mismatch_fixes(edge, &work), strategy);
            for trial in trials {
                let undo = apply(&mut work, edge, &trial);
                let after = detector.count(&work).total();
                if after < before {
                    let reason = format!("conflicts {before} -> {after}");
                    actions.push(match trial {
                        Trial::Relabel(to) => HeuristicAction::Modify {
                            edge,
                            from: current.clone(),
                            to,
                            reason,
                        },
                        Trial::Remove => HeuristicAction::Remove {
                            edge,
                            label: current.clone(),
                            reason,
                        },
                    });
                    recent.push(edge);
                    fixes += 1;
                    fixed = true;
                    break;
                }
                revert(&mut work, undo);
            }
            if fixed {
                break;
            }
        }
        if !fixed {
            actions.push(HeuristicAction::Skip {
                reason: "exhausted candidates".into(),
            });
            break;
        }
    }
    HeuristicOutcome {
        graph: work,
        actions,
        iterations: fixes,
    }
}

/// The fixes tried on `edge`, in the authors' order: the labels that settle its reverse
/// mismatches, then every direction its source does not already use, with removal first
/// (`Remove`) or last (`Modify`).
fn trials_for(
    work: &RefGraph,
    edge: (NodeIx, NodeIx),
    current: &Label,
    mismatch_fixes: Vec<Label>,
    strategy: HeuristicStrategy,
) -> Vec<Trial> {
    let mut trials: Vec<Trial> = mismatch_fixes
        .into_iter()
        .filter(|label| label != current)
        .map(Trial::Relabel)
        .collect();
    let used: Vec<&Label> = work
        .out_edges(edge.0)
        .iter()
        .filter(|(t, _)| *t != edge.1)
        .map(|(_, d)| &d.label)
        .collect();
    let mut relabels: Vec<Trial> = Direction::ALL
        .iter()
        .map(|d| Label::Dir(*d))
        .filter(|l| l != current && !used.contains(&l))
        .map(Trial::Relabel)
        .collect();
    match strategy {
        HeuristicStrategy::Remove => {
            trials.insert(0, Trial::Remove);
            trials.append(&mut relabels);
        }
        HeuristicStrategy::Modify => {
            trials.append(&mut relabels);
            trials.push(Trial::Remove);
        }
    }
    trials
}

/// How to undo one trial exactly (positions included).
enum Undo {
    Relabel {
        edge: (NodeIx, NodeIx),
        label: Label,
        twin: Option<Label>,
    },
    Remove {
        removed: Vec<(NodeIx, NodeIx, usize, EdgeData)>,
    },
}

fn apply(work: &mut RefGraph, (u, v): (NodeIx, NodeIx), trial: &Trial) -> Undo {
    match trial {
        Trial::Relabel(label) => {
            let old = work
                .edge(u, v)
                .map(|d| d.label.clone())
                .unwrap_or_else(|| label.clone());
            let twin = work.edge(v, u).map(|d| d.label.clone());
            work.set_direction(u, v, label.clone(), true);
            Undo::Relabel {
                edge: (u, v),
                label: old,
                twin,
            }
        }
        Trial::Remove => {
            let mut removed = Vec::new();
            if let Some((pos, data)) = work.remove_edge(u, v) {
                removed.push((u, v, pos, data));
            }
            if work.edge(v, u).is_some_and(|d| d.auto_reverse) {
                if let Some((pos, data)) = work.remove_edge(v, u) {
                    removed.push((v, u, pos, data));
                }
            }
            Undo::Remove { removed }
        }
    }
}

fn revert(work: &mut RefGraph, undo: Undo) {
    match undo {
        Undo::Relabel {
            edge: (u, v),
            label,
            twin,
        } => {
            work.set_direction(u, v, label, false);
            if let Some(t) = twin {
                work.set_direction(v, u, t, false);
            }
        }
        Undo::Remove { removed } => {
            for (u, v, pos, data) in removed.into_iter().rev() {
                work.restore_edge(u, v, pos, data);
            }
        }
    }
}
