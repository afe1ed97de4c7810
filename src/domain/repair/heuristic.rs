//! heuristic_remove and heuristic_modify as deciders (default semantics), following §8 of the
//! semantics notes: gather every conflict's candidates, rank them by Edge Impact Score
//! (normalized over that set), skip the exits touched by the last three fixes, and for each
//! candidate try — remove first for `Remove`, last for `Modify` — relabelling back to the
//! opposite of a mismatched reverse, relabelling to each free direction in canonical order, and
//! removal. The first trial that strictly lowers the total conflict count is the decision; if
//! none does, the session stops.

use super::{Action, Decider, Decision, DecisionContext};
use crate::domain::analysis::{detect, score, ConflictKind, Geometry};
use crate::domain::direction::{Direction, Label};
use crate::domain::map::{ExitId, Map, Origin};

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

enum Trial {
    Relabel(Label),
    Remove,
}

fn try_trial(map: &Map, exit: ExitId, trial: &Trial) -> Option<Map> {
    let mut m = map.clone();
    let old = m.exit(exit)?.clone();
    let twins: Vec<_> = m
        .exits_between(old.to, old.from)
        .filter(|t| {
            t.origin == Origin::InferredReverse && Some(&t.label) == old.label.opposite().as_ref()
        })
        .cloned()
        .collect();
    m.remove_exit(exit).ok()?;
    match trial {
        Trial::Remove => {
            for t in twins {
                m.remove_exit(t.id).ok()?;
            }
        }
        Trial::Relabel(to) => {
            let mut new = old.clone();
            new.label = to.clone();
            m.insert_exit(new).ok()?;
            for mut t in twins {
                m.remove_exit(t.id).ok()?;
                if let Some(back) = to.opposite() {
                    t.label = back;
                    m.insert_exit(t).ok()?;
                }
            }
        }
    }
    Some(m)
}

impl Decider for Heuristic {
    fn decide(&mut self, ctx: &DecisionContext<'_>) -> Decision {
        let map = ctx.map;
        let before = ctx.analysis.conflicts.len();
        let candidates = ctx.analysis.all_candidates();
        if candidates.is_empty() {
            return Decision {
                action: Action::Stop,
                reason: "no candidates".into(),
            };
        }
        let counts = ctx.analysis.conflict_counts(map.exit_bound());
        let ranked = score(&ctx.analysis.geometry, &candidates, &counts, ctx.usage);
        for s in ranked {
            let exit = s.exit;
            if self.recent.iter().rev().take(3).any(|e| *e == exit) {
                continue;
            }
            let Some(current) = map.exit(exit) else {
                continue;
            };
            let mut trials: Vec<Trial> = Vec::new();
            for c in &ctx.analysis.conflicts {
                if let ConflictKind::ReverseMismatch { .. } = c.kind {
                    if c.exits.contains(&exit) {
                        for back in map.exits_between(current.to, current.from) {
                            if let Some(l) = back.label.opposite() {
                                if l != current.label {
                                    trials.push(Trial::Relabel(l));
                                }
                            }
                        }
                    }
                }
            }
            let used: Vec<&Label> = map
                .exits_from(current.from)
                .filter(|e| e.id != exit)
                .map(|e| &e.label)
                .collect();
            let mut relabels: Vec<Trial> = Direction::ALL
                .iter()
                .map(|d| Label::Dir(*d))
                .filter(|l| *l != current.label && !used.contains(&l))
                .map(Trial::Relabel)
                .collect();
            match self.preference {
                Preference::Remove => {
                    trials.insert(0, Trial::Remove);
                    trials.append(&mut relabels);
                }
                Preference::Modify => {
                    trials.append(&mut relabels);
                    trials.push(Trial::Remove);
                }
            }
            for trial in trials {
                let Some(m) = try_trial(map, exit, &trial) else {
                    continue;
                };
                let after = count_conflicts(&m);
                if after < before {
                    self.recent.push(exit);
                    let reason = format!(
                        "EIS {:.2} (reach {}, conflicts {}, usage {}); conflicts {before} → {after}",
                        s.score, s.reach, s.conflicts, s.usage
                    );
                    let action = match trial {
                        Trial::Remove => Action::RemoveEdge { exit },
                        Trial::Relabel(to) => Action::ModifyEdge { exit, to },
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
