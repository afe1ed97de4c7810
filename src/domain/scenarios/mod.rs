//! The paper's worked scenarios as data: Case Study B, the Figure 3(b) challenge (the
//! appendix's TC1) and the appendix test cases TC2–TC6, each with a title, a paragraph that
//! teaches it (construction → the conflict appears → localization → repair), its rooms, its
//! steps in commit order with a short observation each, the injected error(s) and the ground
//! truth. They feed the app's Learn gallery and `tests/scenarios_paper.rs`.
//!
//! A scenario's history ([`Scenario::history`]) has one commit per step, trigger
//! `observation`, carrying the step's text. A step either records an exit seen for the first
//! time, exactly as written, with no inferred way back (the paper's figures draw one arrow per
//! observation), or walks exits already on the map (backtracking): a walk changes nothing and
//! lists the exits it used as `traversed`, which is the usage evidence of the Edge Impact Score.
//! Walking back along an exit counts as a use of that exit: the scenarios record one arrow per
//! connection. The ground truth ([`Scenario::truth_history`], [`Scenario::truth_records`]) is
//! the same walk with every injected error corrected.
//!
//! Where the paper's description cannot all hold at once (room and exit counts that cannot
//! form a connected map, candidate counts its own localization rule cannot produce), each
//! scenario is the closest consistent one, and [`Scenario::differs`] says what differs and why.
//!
//! ```
//! use maprepair::domain::{scenarios, Analysis};
//!
//! let b = scenarios::by_id("case_study_b").unwrap();
//! let history = b.history();
//! let analysis = Analysis::of(history.head());
//! assert_eq!(analysis.conflicts.len(), 1);
//! assert!(Analysis::of(b.truth_history().head()).conflicts.is_empty());
//! ```

mod case_study_b;
mod challenge;
mod tc2;
mod tc3;
mod tc4;
mod tc5;
mod tc6;

use super::analysis::Analysis;
use super::direction::{Direction, Label};
use super::draft::Draft;
use super::formats::EdgeRecord;
use super::history::{CommitInfo, History, Trigger};
use super::map::{ExitId, Map};

/// One step of a scenario, in commit order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// An exit seen for the first time, as the mapper recorded it.
    Exit {
        /// Where it starts.
        from: &'static str,
        /// The direction recorded (possibly wrong: see [`Scenario::errors`]).
        label: Direction,
        /// Where it leads.
        to: &'static str,
        /// What the explorer read.
        text: &'static str,
    },
    /// A walk along exits already on the map (either way), room by room.
    Walk {
        /// The rooms passed, first to last.
        route: &'static [&'static str],
        /// What the explorer read.
        text: &'static str,
    },
}

impl Step {
    /// The observation text.
    pub fn text(&self) -> &'static str {
        match self {
            Step::Exit { text, .. } | Step::Walk { text, .. } => text,
        }
    }
}

/// Whether an injected error shows up as a conflict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// It causes (sooner or later) a detected conflict.
    Conflicting,
    /// Nothing contradicts it: it silently corrupts the map.
    Silent,
}

/// An exit recorded with the wrong direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InjectedError {
    /// Where the exit starts.
    pub from: &'static str,
    /// Where it leads.
    pub to: &'static str,
    /// The direction the mapper wrote.
    pub recorded: Direction,
    /// The true direction.
    pub truth: Direction,
    /// Conflicting or silent.
    pub kind: ErrorKind,
}

/// One of the paper's scenarios. See the module docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scenario {
    /// Stable id (`case_study_b`, `challenge`, `tc2` … `tc6`).
    pub id: &'static str,
    /// Title for the gallery.
    pub title: &'static str,
    /// Where the paper describes it.
    pub source: &'static str,
    /// One paragraph: how the map is built, when and why the conflict appears, how it is
    /// localized (paths, LCA, candidates) and how it is repaired.
    pub teaching: &'static str,
    /// What the paper states about it (its numbers).
    pub paper: &'static str,
    /// How this reconstruction differs from the paper's statements and why (empty if it
    /// does not).
    pub differs: &'static str,
    /// Short descriptions of rooms, where the scenario has them (name, description).
    pub descriptions: &'static [(&'static str, &'static str)],
    /// The steps in commit order.
    pub steps: &'static [Step],
    /// The injected errors.
    pub errors: &'static [InjectedError],
}

/// Every scenario, in teaching order.
pub fn all() -> Vec<&'static Scenario> {
    vec![
        &case_study_b::SCENARIO,
        &challenge::SCENARIO,
        &tc2::SCENARIO,
        &tc3::SCENARIO,
        &tc4::SCENARIO,
        &tc5::SCENARIO,
        &tc6::SCENARIO,
    ]
}

/// A scenario by id; `tc1` is the challenge scenario (the appendix's TC1 reconstructs it).
pub fn by_id(id: &str) -> Option<&'static Scenario> {
    let id = if id == "tc1" { "challenge" } else { id };
    all().into_iter().find(|s| s.id == id)
}

impl Scenario {
    /// The rooms in order of first appearance.
    pub fn rooms(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        for step in self.steps {
            if let Step::Exit { from, to, .. } = step {
                for r in [*from, *to] {
                    if !out.contains(&r) {
                        out.push(r);
                    }
                }
            }
        }
        out
    }

    /// The number of exits the scenario records.
    pub fn exit_count(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| matches!(s, Step::Exit { .. }))
            .count()
    }

    /// A room's description, if the scenario gives one.
    pub fn description(&self, room: &str) -> Option<&'static str> {
        self.descriptions
            .iter()
            .find(|(r, _)| *r == room)
            .map(|(_, d)| *d)
    }

    /// The direction the ground truth gives an exit: the recorded one unless it is an error.
    fn true_label(&self, from: &str, to: &str, recorded: Direction) -> Direction {
        self.errors
            .iter()
            .find(|e| e.from == from && e.to == to)
            .map_or(recorded, |e| e.truth)
    }

    /// The map as the mapper built it: one commit per step. See the module docs.
    pub fn history(&self) -> History {
        self.build(false)
    }

    /// The ground truth: the same walk with every injected error corrected.
    pub fn truth_history(&self) -> History {
        self.build(true)
    }

    fn build(&self, truth: bool) -> History {
        let mut h = History::new();
        for (i, step) in self.steps.iter().enumerate() {
            let mut draft = Draft::new(h.head());
            let mut traversed = Vec::new();
            match *step {
                Step::Exit {
                    from, label, to, ..
                } => {
                    let a = draft.room(from);
                    let b = draft.room(to);
                    for (id, r) in [(a, from), (b, to)] {
                        if let Some(d) = self.description(r) {
                            draft.describe(id, d);
                        }
                    }
                    let label = if truth {
                        self.true_label(from, to, label)
                    } else {
                        label
                    };
                    draft.exit(a, b, Label::Dir(label), false);
                }
                Step::Walk { route, .. } => {
                    for pair in route.windows(2) {
                        if let Some(e) = connection(h.head(), pair[0], pair[1]) {
                            traversed.push(e);
                        }
                    }
                }
            }
            let info = CommitInfo {
                step: i as u32 + 1,
                trigger: Some(Trigger::Observation),
                observation_id: Some(i as u32),
                observation: step.text().to_string(),
                analysis: String::new(),
                traversed,
            };
            // A draft always fits the map it was drawn on.
            let _ = h.commit(draft.finish(), info);
        }
        h
    }

    /// The ground truth as MANGO edge records (room names as written, the true direction, the
    /// step that showed the exit as `seen_in_forward`).
    pub fn truth_records(&self) -> Vec<EdgeRecord> {
        self.steps
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match *s {
                Step::Exit {
                    from, label, to, ..
                } => Some(EdgeRecord {
                    src: from.to_string(),
                    dst: to.to_string(),
                    action: self.true_label(from, to, label).to_string(),
                    seen_in_forward: Some(i as i64 + 1),
                    seen_in_reversed: None,
                    extra: Default::default(),
                }),
                Step::Walk { .. } => None,
            })
            .collect()
    }

    /// The exits of `map` that carry an injected error (in the order of [`Scenario::errors`]).
    pub fn error_exits(&self, map: &Map) -> Vec<ExitId> {
        self.errors
            .iter()
            .filter_map(|e| exit_between(map, e.from, e.to))
            .collect()
    }

    /// The version (0-based commit index) at which the first conflict appears, if any.
    pub fn first_conflict_version(&self) -> Option<u32> {
        let h = self.history();
        (0..h.len() as u32).find(|&v| {
            h.checkout(v)
                .is_ok_and(|m| !Analysis::of(&m).conflicts.is_empty())
        })
    }
}

/// The first exit from the room named `from` to the room named `to`.
pub fn exit_between(map: &Map, from: &str, to: &str) -> Option<ExitId> {
    let a = map.find_room(from)?.id;
    let b = map.find_room(to)?.id;
    map.exits_between(a, b).next().map(|e| e.id)
}

/// The exit joining two rooms, either way (for walks).
fn connection(map: &Map, a: &str, b: &str) -> Option<ExitId> {
    exit_between(map, a, b).or_else(|| exit_between(map, b, a))
}

/// Shorthand for scenario data: an exit step.
const fn exit(from: &'static str, label: Direction, to: &'static str, text: &'static str) -> Step {
    Step::Exit {
        from,
        label,
        to,
        text,
    }
}

/// Shorthand for scenario data: a walk step.
const fn walk(route: &'static [&'static str], text: &'static str) -> Step {
    Step::Walk { route, text }
}

/// Shorthand for scenario data: a conflicting error.
const fn wrong(
    from: &'static str,
    to: &'static str,
    recorded: Direction,
    truth: Direction,
) -> InjectedError {
    injected(from, to, recorded, truth, ErrorKind::Conflicting)
}

/// Shorthand for scenario data: a silent error.
const fn silent(
    from: &'static str,
    to: &'static str,
    recorded: Direction,
    truth: Direction,
) -> InjectedError {
    injected(from, to, recorded, truth, ErrorKind::Silent)
}

const fn injected(
    from: &'static str,
    to: &'static str,
    recorded: Direction,
    truth: Direction,
    kind: ErrorKind,
) -> InjectedError {
    InjectedError {
        from,
        to,
        recorded,
        truth,
        kind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scenario_is_well_formed() {
        for s in all() {
            let h = s.history();
            assert_eq!(h.len(), s.steps.len(), "{}", s.id);
            assert_eq!(h.head().exit_count(), s.exit_count(), "{}", s.id);
            assert_eq!(h.head().room_count(), s.rooms().len(), "{}", s.id);
            assert_eq!(s.error_exits(h.head()).len(), s.errors.len(), "{}", s.id);
            // Every walk uses exits already on the map.
            for (i, step) in s.steps.iter().enumerate() {
                if let Step::Walk { route, .. } = step {
                    let c = &h.commits()[i];
                    assert_eq!(c.traversed.len(), route.len() - 1, "{} step {i}", s.id);
                }
            }
            // The ground truth is conflict-free.
            let truth = s.truth_history();
            assert!(
                Analysis::of(truth.head()).conflicts.is_empty(),
                "{}: {:?}",
                s.id,
                Analysis::of(truth.head()).conflicts
            );
            assert_eq!(s.truth_records().len(), s.exit_count());
        }
    }

    #[test]
    fn ids_are_unique_and_tc1_is_the_challenge() {
        let ids: Vec<&str> = all().iter().map(|s| s.id).collect();
        for (i, id) in ids.iter().enumerate() {
            assert!(!ids[i + 1..].contains(id));
        }
        assert_eq!(by_id("tc1").map(|s| s.id), Some("challenge"));
        assert!(by_id("nope").is_none());
    }
}
