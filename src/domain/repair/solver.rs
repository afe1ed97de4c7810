//! The consensus repair solver: uses all the evidence the history holds to choose a cheap set
//! of edits that leaves the map consistent while keeping what the text supports.
//!
//! Evidence per exit: observed or only inferred; how often the history walked it; when it was
//! first seen; and, when its commit carries the observation text, whether that text confirms it
//! (the arrival title names the destination), names another direction for the move, or arrives
//! somewhere else. Passes, one edit per decision:
//!
//! 1. **Refuted exits**: an exit implicated in a conflict whose text arrives in another known
//!    room is removed; one whose text moved in another direction is relabelled (if that doorway
//!    is free).
//! 2. **Directional conflicts**: of the exits sharing one doorway, the best supported stays and
//!    the weakest other goes; a pair that does not come back the opposite way is relabelled
//!    when the text says how, otherwise kept but marked non-geometric (a maze twist).
//! 3. **Geometric conflicts**: loops that do not close and overlapping rooms are dissolved by
//!    marking exits non-geometric (a long corridor, a teleport: the map stretches rather than
//!    breaks, as Inform's layout does), greedily choosing the exit that removes the most
//!    conflicts per unit of evidence it carries. Nothing is removed in this pass, so no correct
//!    exit is lost to geometry.
//!
//! The solver stops when no edit lowers the conflict count.

use super::{Action, Budget, Decider, Decision, DecisionContext};
use crate::domain::analysis::{detect, ConflictKind, ConflictType, Geometry};
use crate::domain::direction::{Direction, Label};
use crate::domain::history::{History, Trigger};
use crate::domain::map::{canonical_name, Exit, ExitId, Map, Origin};

/// What the observation text says about an exit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextVerdict {
    /// No text, or nothing recognisable in it.
    Unknown,
    /// The text arrives in the exit's destination.
    Confirms,
    /// The text's move was in another direction.
    OtherDirection(Direction),
    /// The text arrives in another known room.
    ArrivesElsewhere(String),
}

/// The evidence for one exit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evidence {
    /// Observed (true) or only inferred.
    pub observed: bool,
    /// Times the history walked it.
    pub walked: u32,
    /// The version that first added it.
    pub first_seen: u32,
    /// What its observation text says.
    pub text: TextVerdict,
}

impl Evidence {
    /// How much it would cost to give this exit up: more for observed, walked, confirmed exits.
    pub fn weight(&self) -> f64 {
        let base = if self.observed { 1.0 } else { 0.25 };
        let text = match self.text {
            TextVerdict::Confirms => 1.0,
            TextVerdict::Unknown => 0.0,
            TextVerdict::OtherDirection(_) | TextVerdict::ArrivesElsewhere(_) => -0.75,
        };
        base + text + 0.5 * f64::from(self.walked.saturating_sub(1))
    }
}

/// Reads an observation (`> action` line optional, then the game's text whose first line is the
/// room title) against an exit.
pub fn judge_text(map: &Map, exit: &Exit, observation: &str) -> TextVerdict {
    let mut lines = observation.lines().map(str::trim).filter(|l| !l.is_empty());
    let Some(first) = lines.next() else {
        return TextVerdict::Unknown;
    };
    let (action, title) = match first.strip_prefix('>') {
        Some(a) => (Some(a.trim()), lines.next()),
        None => (None, Some(first)),
    };
    if let (Some(a), Some(d)) = (action.and_then(Direction::parse), exit.label.direction()) {
        if a != d {
            return TextVerdict::OtherDirection(a);
        }
    }
    let Some(title) = title else {
        return TextVerdict::Unknown;
    };
    let key = canonical_name(title);
    let Some(dst) = map.room(exit.to) else {
        return TextVerdict::Unknown;
    };
    let names_dst = dst.canonical == key || dst.aliases.iter().any(|a| canonical_name(a) == key);
    if names_dst {
        return TextVerdict::Confirms;
    }
    match map
        .rooms_named(title)
        .find(|r| r.id != exit.to && r.id != exit.from)
    {
        Some(other) if other.canonical == key => TextVerdict::ArrivesElsewhere(other.name.clone()),
        _ => TextVerdict::Unknown,
    }
}

/// Gathers the evidence for every exit of the head map (indexed by exit id). The text is read
/// from the commit that first added the exit *as observed* (an inferred way back that was later
/// walked takes the walking commit's text); repair commits are not evidence.
pub fn gather(history: &History) -> Vec<Option<Evidence>> {
    let map = history.head();
    let usage = history.usage();
    let mut out: Vec<Option<Evidence>> = vec![None; map.exit_bound()];
    let mut judged = vec![false; map.exit_bound()];
    for c in history.commits() {
        for e in &c.change.added_exits {
            let Some(current) = map.exit(e.id) else {
                continue;
            };
            let i = e.id.0 as usize;
            let slot = out[i].get_or_insert_with(|| Evidence {
                observed: current.origin == Origin::Observed,
                walked: usage.get(i).copied().unwrap_or(1),
                first_seen: c.id,
                text: TextVerdict::Unknown,
            });
            let observed_here =
                e.origin == Origin::Observed && c.trigger != Trigger::ConflictRepair;
            if observed_here && !judged[i] && !c.observation.is_empty() {
                judged[i] = true;
                slot.text = judge_text(map, current, &c.observation);
                slot.first_seen = c.id;
            }
        }
    }
    out
}

/// The solver decider. See the module docs.
#[derive(Debug, Clone, Default)]
pub struct Solver {
    evidence: Vec<Option<Evidence>>,
    versions_seen: usize,
}

impl Solver {
    /// A new solver.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// The solver's budget: it edits until nothing helps, one edit per decision, with no
    /// per-conflict attempt limit (it never retries an edit) and no rollbacks.
    pub fn budget() -> Budget {
        Budget {
            decisions: 100_000,
            attempts_per_conflict: usize::MAX,
            rollbacks_per_conflict: 0,
        }
    }

    fn evidence(&self, e: ExitId) -> Evidence {
        self.evidence
            .get(e.0 as usize)
            .cloned()
            .flatten()
            .unwrap_or(Evidence {
                observed: true,
                walked: 1,
                first_seen: 0,
                text: TextVerdict::Unknown,
            })
    }

    fn refuted(&self, ctx: &DecisionContext<'_>) -> Option<Decision> {
        let map = ctx.map;
        // Only exits some conflict implicates: text that disagrees with a consistent exit is
        // as likely to be a naming quirk as an error.
        let implicated: rustc_hash::FxHashSet<ExitId> =
            ctx.analysis.all_candidates(ctx.map).into_iter().collect();
        for e in map.exits().filter(|e| implicated.contains(&e.id)) {
            let ev = self.evidence(e.id);
            match &ev.text {
                TextVerdict::ArrivesElsewhere(room) => {
                    let reason = format!(
                        "the text of version {} arrives in {room}, not here: the exit is spurious",
                        ev.first_seen
                    );
                    return Some(Decision {
                        action: Action::RemoveEdge { exit: e.id },
                        reason,
                    });
                }
                TextVerdict::OtherDirection(d) => {
                    let label = Label::Dir(*d);
                    if label != e.label
                        && !map
                            .exits_from(e.from)
                            .any(|x| x.id != e.id && x.label == label)
                    {
                        let reason = format!(
                            "the text of version {} moved {d}, not {}",
                            ev.first_seen, e.label
                        );
                        return Some(Decision {
                            action: Action::ModifyEdge {
                                exit: e.id,
                                to: label,
                            },
                            reason,
                        });
                    }
                }
                TextVerdict::Unknown | TextVerdict::Confirms => {}
            }
        }
        None
    }

    fn directional(&self, ctx: &DecisionContext<'_>) -> Option<Decision> {
        let map = ctx.map;
        for c in &ctx.analysis.conflicts {
            match &c.kind {
                ConflictKind::DuplicateLabel { label, .. } => {
                    let mut exits: Vec<ExitId> = c.exits.clone();
                    exits.sort_by(|a, b| {
                        let (ea, eb) = (self.evidence(*a), self.evidence(*b));
                        eb.weight()
                            .total_cmp(&ea.weight())
                            .then(ea.first_seen.cmp(&eb.first_seen))
                            .then(a.cmp(b))
                    });
                    let keep = exits[0];
                    let drop = *exits.last()?;
                    let name = |e: ExitId| {
                        map.exit(e)
                            .and_then(|x| map.room(x.to))
                            .map_or_else(String::new, |r| r.name.clone())
                    };
                    let reason = format!(
                        "one doorway ({label}) cannot lead to both {} and {}; {} is better supported (evidence {:.2} vs {:.2})",
                        name(keep), name(drop), name(keep), self.evidence(keep).weight(), self.evidence(drop).weight()
                    );
                    return Some(Decision {
                        action: Action::RemoveEdge { exit: drop },
                        reason,
                    });
                }
                ConflictKind::ReverseMismatch { .. } => {
                    let exits: Vec<&Exit> = c
                        .exits
                        .iter()
                        .filter_map(|e| map.exit(*e))
                        .filter(|e| e.geometric)
                        .collect();
                    if let Some(inferred) =
                        exits.iter().find(|e| e.origin == Origin::InferredReverse)
                    {
                        let reason =
                            "an inferred way back contradicts what was observed".to_string();
                        return Some(Decision {
                            action: Action::RemoveEdge { exit: inferred.id },
                            reason,
                        });
                    }
                    let first = exits.first()?;
                    let reason = "this passage does not come back the opposite way (a twist, as in a maze): kept, but no longer used for positions".to_string();
                    return Some(Decision {
                        action: Action::MarkNonGeometric { exit: first.id },
                        reason,
                    });
                }
                _ => {}
            }
        }
        None
    }

    fn geometric(&self, ctx: &DecisionContext<'_>) -> Option<Decision> {
        let map = ctx.map;
        let before = ctx.analysis.conflicts.len();
        let geometric_conflicts = ctx
            .analysis
            .conflicts
            .iter()
            .filter(|c| c.ctype == ConflictType::Topological)
            .count();
        if geometric_conflicts == 0 {
            return None;
        }
        let mut seen = rustc_hash::FxHashSet::default();
        let mut best: Option<(f64, ExitId, usize)> = None;
        for (c, loc) in ctx
            .analysis
            .conflicts
            .iter()
            .zip(ctx.analysis.localizations(ctx.map))
        {
            if c.ctype != ConflictType::Topological {
                continue;
            }
            for &e in &loc.candidates {
                if !seen.insert(e) {
                    continue;
                }
                let Some(exit) = map.exit(e) else { continue };
                if !exit.carries_geometry() || exit.origin != Origin::Observed {
                    continue;
                }
                let mut trial = map.clone();
                let mut flat = exit.clone();
                flat.geometric = false;
                if trial.remove_exit(e).is_err() || trial.insert_exit(flat).is_err() {
                    continue;
                }
                let after = detect(&trial, &Geometry::infer(&trial)).len();
                if after >= before {
                    continue;
                }
                let gain = (before - after) as f64 / self.evidence(e).weight().max(0.1);
                // Ties go to the later exit: the one that came to close an older, settled lattice.
                let better = best.is_none_or(|(g, id, _)| {
                    gain > g + 1e-12 || ((gain - g).abs() <= 1e-12 && e > id)
                });
                if better {
                    best = Some((gain, e, after));
                }
            }
        }
        let (_, exit, after) = best?;
        let ev = self.evidence(exit);
        let reason = format!(
            "the lattice does not close here: keeping this exit but no longer using it for positions (a long corridor or a twist) resolves {} conflict(s); evidence {:.2}",
            before - after,
            ev.weight()
        );
        Some(Decision {
            action: Action::MarkNonGeometric { exit },
            reason,
        })
    }
}

impl Decider for Solver {
    fn decide(&mut self, ctx: &DecisionContext<'_>) -> Decision {
        if self.evidence.is_empty() || self.versions_seen != ctx.history.len() {
            // Evidence is read from the history; repairs only ever remove or relabel exits, so
            // reading it again after each commit keeps it current.
            self.evidence = gather(ctx.history);
            self.versions_seen = ctx.history.len();
        }
        self.refuted(ctx)
            .or_else(|| self.directional(ctx))
            .or_else(|| self.geometric(ctx))
            .unwrap_or(Decision {
                action: Action::Stop,
                reason: "no edit lowers the conflict count".into(),
            })
    }
}
