//! heuristic_remove and heuristic_modify as deciders (default semantics), following §8 of the
//! semantics notes: gather every conflict's candidates, rank them by Edge Impact Score
//! (normalized over that set), skip the exits touched by the last three fixes, and for each
//! candidate try — remove first for `Remove`, last for `Modify` — relabelling back to the
//! opposite of a mismatched reverse, relabelling to each free direction in canonical order, and
//! removal. The first trial that strictly lowers the total conflict count is the decision; if
//! none does, the session stops. Equal scores keep the candidates' first-seen order.
//!
//! Trials are judged by [`TrialJudge`] (what detection would count after the edit, without
//! copying the map), so a decision on a 100,000-room map costs one analysis plus a few
//! milliseconds per trial.

use super::{Action, Decider, Decision, DecisionContext};
use crate::domain::analysis::{detect, score, ConflictKind, Edit, Geometry, TrialJudge};
use crate::domain::direction::{Direction, Label};
use crate::domain::map::{ExitId, Map};
use rustc_hash::FxHashSet;

/// Remove-first or modify-first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preference {
    /// heuristic_remove.
    Remove,
    /// heuristic_modify.
    Modify,
}

/// The heuristic decider. See the module docs.
#[derive(Debug, Clone)]
pub struct Heuristic {
    preference: Preference,
    recent: Vec<ExitId>,
}

impl Heuristic {
    /// A new decider.
    pub fn new(preference: Preference) -> Heuristic {
        Heuristic {
            preference,
            recent: Vec::new(),
        }
    }
}

/// Total conflicts on a map (detection only).
pub fn count_conflicts(map: &Map) -> usize {
    detect(map, &Geometry::infer(map)).len()
}

impl Decider for Heuristic {
    fn decide(&mut self, ctx: &DecisionContext<'_>) -> Decision {
        let map = ctx.map;
        let before = ctx.analysis.conflicts.len();
        let candidates = ctx.analysis.all_candidates(map);
        if candidates.is_empty() {
            return Decision {
                action: Action::Stop,
                reason: "no candidates".into(),
            };
        }
        let counts = ctx.analysis.conflict_counts(map.exit_bound());
        let ranked = score(&ctx.analysis.geometry, &candidates, &counts, ctx.usage);
        let judge = TrialJudge::new(map, &ctx.analysis.geometry);
        let mismatched: FxHashSet<ExitId> = ctx
            .analysis
            .conflicts
            .iter()
            .filter(|c| matches!(c.kind, ConflictKind::ReverseMismatch { .. }))
            .flat_map(|c| c.exits.iter().copied())
            .collect();
        for s in ranked {
            let exit = s.exit;
            if self.recent.iter().rev().take(3).any(|e| *e == exit) {
                continue;
            }
            let Some(current) = map.exit(exit) else {
                continue;
            };
            let mut trials: Vec<Edit> = Vec::new();
            if mismatched.contains(&exit) {
                for back in map.exits_between(current.to, current.from) {
                    if let Some(l) = back.label.opposite() {
                        if l != current.label {
                            trials.push(Edit::Relabel(exit, l));
                        }
                    }
                }
            }
            let used: Vec<&Label> = map
                .exits_from(current.from)
                .filter(|e| e.id != exit)
                .map(|e| &e.label)
                .collect();
            let mut relabels: Vec<Edit> = Direction::ALL
                .iter()
                .map(|d| Label::Dir(*d))
                .filter(|l| *l != current.label && !used.contains(&l))
                .map(|l| Edit::Relabel(exit, l))
                .collect();
            match self.preference {
                Preference::Remove => {
                    trials.insert(0, Edit::Remove(exit));
                    trials.append(&mut relabels);
                }
                Preference::Modify => {
                    trials.append(&mut relabels);
                    trials.push(Edit::Remove(exit));
                }
            }
            for trial in trials {
                let Some(delta) = judge.delta(&trial) else {
                    continue;
                };
                let after = (before as i64 + delta).max(0) as usize;
                if after < before {
                    self.recent.push(exit);
                    let reason = format!(
                        "EIS {:.2} (reach {}, conflicts {}, usage {}); conflicts {before} → {after}",
                        s.score, s.reach, s.conflicts, s.usage
                    );
                    let action = match trial {
                        Edit::Remove(exit) => Action::RemoveEdge { exit },
                        Edit::Relabel(exit, to) => Action::ModifyEdge { exit, to },
                        Edit::Flatten(exit) => Action::MarkNonGeometric { exit },
                    };
                    return Decision { action, reason };
                }
            }
        }
        Decision {
            action: Action::Stop,
            reason: "exhausted candidates: no single edit lowers the conflict count".into(),
        }
    }
}
