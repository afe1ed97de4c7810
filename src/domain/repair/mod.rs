//! The repair loop (default semantics) with a pluggable decider.
//!
//! The loop picks the first conflict it has not given up on, localizes and ranks its candidates,
//! and asks the [`Decider`] for one action: relabel an exit, remove it, mark it non-geometric,
//! roll back to an earlier version (as a new commit, so nothing is lost), skip the conflict, or
//! stop. Every applied action is a commit with trigger `conflict_repair` whose analysis is the
//! decider's reason. Budgets are the paper's: 20 decisions in all, 3 attempts per conflict,
//! 1 rollback per conflict. Deciders: [`heuristic::Heuristic`] (remove-first or modify-first,
//! §8 of the semantics notes); the LLM agent and the solver plug in the same way.
//!
//! The loop is a state machine ([`RepairSession::next`] / [`RepairSession::apply`]) so that an
//! asynchronous decider (a model behind HTTP) can drive it one step at a time; [`run`] drives it
//! with a synchronous one.

pub mod contradiction;
pub mod evidence;
pub mod flatten;
pub mod heuristic;
pub mod ledger;
mod passes;
pub mod reading;
pub mod solver;
pub mod solver_state;

use super::analysis::{Analysis, ConflictTracker, ScoredExit};
use super::direction::Label;
use super::draft::Draft;
use super::history::{diff_maps, Change, CommitInfo, History, HistoryError, Trigger};
use super::map::{Exit, ExitId, Map, Origin, RoomId};
use super::progress::{self, Progress, Stage};
use rustc_hash::{FxHashMap, FxHashSet};
use serde::Serialize;

/// The paper's budgets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Budget {
    /// Decisions in all (the paper's "20 iterations" = 20 calls).
    pub decisions: usize,
    /// Attempts on one conflict before giving up on it.
    pub attempts_per_conflict: usize,
    /// Rollbacks allowed per conflict.
    pub rollbacks_per_conflict: usize,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            decisions: 20,
            attempts_per_conflict: 3,
            rollbacks_per_conflict: 1,
        }
    }
}

/// One repair action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// Relabel an exit.
    ModifyEdge {
        /// The exit.
        exit: ExitId,
        /// Its new label.
        to: Label,
    },
    /// Remove an exit.
    RemoveEdge {
        /// The exit.
        exit: ExitId,
    },
    /// Move an exit's start to another room (the move started there: the text skipped the
    /// steps that took the player there). Its inferred way back follows.
    MoveStart {
        /// The exit.
        exit: ExitId,
        /// Its new start.
        from: RoomId,
    },
    /// Add an exit the map lacks (observed: a move the text shows), with its way back inferred
    /// where that doorway is free.
    AddEdge {
        /// Where it starts.
        from: RoomId,
        /// Its direction or free text.
        label: Label,
        /// Where it leads.
        to: RoomId,
    },
    /// Keep an exit but stop it constraining positions.
    MarkNonGeometric {
        /// The exit.
        exit: ExitId,
    },
    /// Return the map to an earlier version (recorded as a new commit).
    RollbackToVersion {
        /// The version.
        version: u32,
    },
    /// Give up on this conflict.
    SkipConflict,
    /// End the session.
    Stop,
}

/// An action with its reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decision {
    /// What to do.
    #[serde(flatten)]
    pub action: Action,
    /// Why, in words (becomes the commit's analysis).
    pub reason: String,
}

/// What a decider sees.
#[derive(Debug)]
pub struct DecisionContext<'a> {
    /// The current map.
    pub map: &'a Map,
    /// The whole history.
    pub history: &'a History,
    /// The current analysis.
    pub analysis: &'a Analysis,
    /// Index of the target conflict in `analysis.conflicts`.
    pub target: usize,
    /// Its candidates, ranked by Edge Impact Score.
    pub candidates: Vec<ScoredExit>,
    /// How often each exit was walked (by exit id).
    pub usage: &'a [u32],
    /// Attempt number on this conflict (0-based).
    pub attempt: usize,
    /// Whether a rollback is still allowed for it.
    pub rollback_allowed: bool,
}

/// Chooses one action per call.
pub trait Decider {
    /// Decides.
    fn decide(&mut self, ctx: &DecisionContext<'_>) -> Decision;
}

/// One entry of the session log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Logged {
    /// The conflict it was about.
    pub conflict: String,
    /// The decision.
    pub decision: Decision,
    /// The decision in words, with the names its exit and rooms had on the map it was made
    /// for ([`describe_on`]): "remove Kitchen —north→ Yard".
    pub summary: String,
    /// The commit it made, if it changed the map.
    pub version: Option<u32>,
    /// Why it was not applied, if it was not.
    pub rejected: Option<String>,
}

/// The loop's state. See the module docs.
#[derive(Debug, Clone, Default)]
pub struct RepairSession {
    budget: Budget,
    used: usize,
    abandoned: FxHashSet<String>,
    attempts: FxHashMap<String, usize>,
    rollbacks: FxHashMap<String, usize>,
    finished: bool,
    /// A conflict that used its last attempt: abandoned at the next analysis if still there.
    spent: Option<String>,
    /// Everything decided, in order.
    pub log: Vec<Logged>,
}

/// A decision the session is waiting for.
#[derive(Debug, Clone)]
pub struct Pending {
    /// The analysis it was computed on.
    pub analysis: Analysis,
    /// Target conflict index.
    pub target: usize,
    /// Ranked candidates.
    pub candidates: Vec<ScoredExit>,
    /// Attempt number.
    pub attempt: usize,
    /// Rollback still allowed.
    pub rollback_allowed: bool,
    /// Usage per exit.
    pub usage: Vec<u32>,
}

impl Pending {
    /// A decision no conflict asked for (an edit of the solver's own passes): no target
    /// conflict's candidates, a first attempt, no rollback. `analysis` only fills the session's
    /// bookkeeping.
    pub fn unprompted(analysis: Analysis, usage: Vec<u32>) -> Pending {
        Pending {
            analysis,
            target: 0,
            candidates: Vec::new(),
            attempt: 0,
            rollback_allowed: false,
            usage,
        }
    }

    /// The context to hand to a decider.
    pub fn context<'a>(&'a self, history: &'a History) -> DecisionContext<'a> {
        DecisionContext {
            map: history.head(),
            history,
            analysis: &self.analysis,
            target: self.target,
            candidates: self.candidates.clone(),
            usage: &self.usage,
            attempt: self.attempt,
            rollback_allowed: self.rollback_allowed,
        }
    }

    /// The target conflict's id.
    pub fn conflict_id(&self) -> &str {
        self.analysis
            .conflicts
            .get(self.target)
            .map_or("", |c| c.id.as_str())
    }
}

/// The conflict a decision is for, and what the budgets still allow on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The conflict's id.
    pub conflict: String,
    /// Attempt number on it (0-based).
    pub attempt: usize,
    /// Whether a rollback is still allowed for it.
    pub rollback_allowed: bool,
}

/// The conflicts of a map in detection order, as the loop picks its target from them.
pub trait ConflictOrder {
    /// The first conflict whose id `skip` does not hold.
    fn first_except(&self, skip: &FxHashSet<String>) -> Option<String>;
    /// True if a conflict with this id is open.
    fn holds(&self, id: &str) -> bool;
}

impl ConflictOrder for Analysis {
    fn first_except(&self, skip: &FxHashSet<String>) -> Option<String> {
        self.conflicts
            .iter()
            .find(|c| !skip.contains(&c.id))
            .map(|c| c.id.clone())
    }

    fn holds(&self, id: &str) -> bool {
        self.conflicts.iter().any(|c| c.id == id)
    }
}

impl ConflictOrder for ConflictTracker {
    fn first_except(&self, skip: &FxHashSet<String>) -> Option<String> {
        self.first(skip)
    }

    fn holds(&self, id: &str) -> bool {
        self.ids().any(|(x, _)| x == id)
    }
}

/// Why an action could not be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RepairError {
    /// The exit does not exist.
    #[error("there is no exit #{0}")]
    NoExit(u32),
    /// The new label is the current one.
    #[error("exit #{0} already has that label")]
    SameLabel(u32),
    /// The room does not exist.
    #[error("there is no room #{0}")]
    NoRoom(u32),
    /// The new start is the exit's start or its end.
    #[error("exit #{0} cannot start there")]
    SameStart(u32),
    /// The new exit would leave a room by a doorway another exit already takes.
    #[error("room #{0} already has a way {1}")]
    DoorwayTaken(u32, String),
    /// The new exit would lead from a room to itself.
    #[error("an exit cannot lead from room #{0} to itself")]
    Loop(u32),
    /// A rollback was asked for but is not allowed.
    #[error("rollback not allowed: {0}")]
    RollbackRefused(String),
    /// The history refused the change.
    #[error(transparent)]
    History(#[from] HistoryError),
}

impl RepairSession {
    /// A session with these budgets.
    pub fn new(budget: Budget) -> RepairSession {
        RepairSession {
            budget,
            ..RepairSession::default()
        }
    }

    /// Decisions used so far.
    pub fn decisions_used(&self) -> usize {
        self.used
    }

    /// True once the session will ask for nothing more.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// The next decision needed, or `None` when done (no conflicts left, all abandoned, budget
    /// spent, or stopped).
    pub fn next(&mut self, history: &History) -> Option<Pending> {
        if self.out_of_budget() {
            return None;
        }
        let map = history.head();
        let analysis = Analysis::of(map);
        let target = self.target(&analysis)?;
        let index = analysis
            .conflicts
            .iter()
            .position(|c| c.id == target.conflict)?;
        let usage = history.usage();
        let candidates = analysis.ranked(map, index, &usage);
        Some(Pending {
            attempt: target.attempt,
            rollback_allowed: target.rollback_allowed,
            analysis,
            target: index,
            candidates,
            usage,
        })
    }

    /// True (and finished) once the budget is spent or the session stopped.
    pub fn out_of_budget(&mut self) -> bool {
        if self.finished || self.used >= self.budget.decisions {
            self.finished = true;
        }
        self.finished
    }

    /// The conflict the next decision is for: the first of `conflicts` (in detection order) not
    /// given up on; `None` (and finished) when there is none.
    pub fn target(&mut self, conflicts: &dyn ConflictOrder) -> Option<Target> {
        if let Some(id) = self.spent.take() {
            if conflicts.holds(&id) {
                self.abandoned.insert(id);
            }
        }
        let Some(id) = conflicts.first_except(&self.abandoned) else {
            self.finished = true;
            return None;
        };
        Some(Target {
            attempt: self.attempts.get(&id).copied().unwrap_or(0),
            rollback_allowed: self.rollbacks.get(&id).copied().unwrap_or(0)
                < self.budget.rollbacks_per_conflict,
            conflict: id,
        })
    }

    /// Applies a decision for `pending` and commits it. Returns the new version, if any.
    /// A decision that cannot be applied becomes a skip of that conflict, with the reason
    /// logged; the map is untouched.
    pub fn apply(
        &mut self,
        history: &mut History,
        pending: &Pending,
        decision: Decision,
    ) -> Option<u32> {
        self.apply_for(
            history,
            pending.conflict_id(),
            pending.rollback_allowed,
            decision,
        )
    }

    /// [`RepairSession::apply`] for the conflict with id `conflict` (empty for none), a
    /// rollback allowed or not.
    pub fn apply_for(
        &mut self,
        history: &mut History,
        conflict: &str,
        rollback_allowed: bool,
        decision: Decision,
    ) -> Option<u32> {
        self.used += 1;
        let id = conflict.to_string();
        let summary = describe_on(&decision.action, history.head());
        let result = self.apply_inner(history, rollback_allowed, &decision, &id);
        let (version, rejected) = match result {
            Ok(v) => (v, None),
            Err(e) => {
                self.abandoned.insert(id.clone());
                (None, Some(e.to_string()))
            }
        };
        if version.is_some() {
            let n = self.attempts.entry(id.clone()).or_insert(0);
            *n += 1;
            // Whether the conflict survived is seen by the next analysis (one per decision).
            if *n >= self.budget.attempts_per_conflict {
                self.spent = Some(id.clone());
            }
        }
        self.log.push(Logged {
            conflict: id,
            decision,
            summary,
            version,
            rejected,
        });
        version
    }

    fn apply_inner(
        &mut self,
        history: &mut History,
        rollback_allowed: bool,
        decision: &Decision,
        id: &str,
    ) -> Result<Option<u32>, RepairError> {
        let map = history.head();
        let change = match &decision.action {
            Action::Stop => {
                self.finished = true;
                return Ok(None);
            }
            Action::SkipConflict => {
                self.abandoned.insert(id.to_string());
                return Ok(None);
            }
            Action::RollbackToVersion { version } => {
                if !rollback_allowed {
                    return Err(RepairError::RollbackRefused(
                        "this conflict already used its rollback".into(),
                    ));
                }
                let target = history.checkout(*version)?;
                *self.rollbacks.entry(id.to_string()).or_insert(0) += 1;
                diff_maps(map, &target)
            }
            edit => edit_change(map, edit)?,
        };
        let step = self.used as u32;
        let info = CommitInfo {
            step,
            trigger: Some(Trigger::ConflictRepair),
            observation_id: None,
            observation: String::new(),
            analysis: if decision.reason.is_empty() {
                describe_on(&decision.action, map)
            } else {
                decision.reason.clone()
            },
            traversed: Vec::new(),
        };
        Ok(Some(history.commit(change, info)?))
    }
}

/// The change an edit of the map makes (its inferred ways back following it), or why it cannot
/// be made. Stop, skip and rollback change nothing here: the session handles them.
fn edit_change(map: &Map, action: &Action) -> Result<Change, RepairError> {
    let mut change = Change::default();
    match action {
        Action::ModifyEdge { exit, to } => {
            let old = map.exit(*exit).ok_or(RepairError::NoExit(exit.0))?;
            if old.label == *to {
                return Err(RepairError::SameLabel(exit.0));
            }
            let mut new = old.clone();
            new.label = to.clone();
            change.removed_exits.push(old.clone());
            // The inferred way back follows the new label.
            for twin in inferred_twins(map, old) {
                if let Some(back) = to.opposite() {
                    let mut t = twin.clone();
                    t.label = back;
                    change.removed_exits.push(twin.clone());
                    change.added_exits.push(t);
                }
            }
            change.added_exits.insert(0, new);
        }
        Action::RemoveEdge { exit } => {
            let old = map.exit(*exit).ok_or(RepairError::NoExit(exit.0))?;
            change.removed_exits.push(old.clone());
            change
                .removed_exits
                .extend(inferred_twins(map, old).cloned());
        }
        Action::MoveStart { exit, from } => {
            let old = map.exit(*exit).ok_or(RepairError::NoExit(exit.0))?;
            if map.room(*from).is_none() {
                return Err(RepairError::NoRoom(from.0));
            }
            if old.from == *from || old.to == *from {
                return Err(RepairError::SameStart(exit.0));
            }
            let mut draft = Draft::new(map);
            let mut moved = old.clone();
            moved.from = *from;
            draft.replace_exit(old.clone(), Some(moved));
            // The way back inferred from the old start goes; one from the new start is
            // inferred as an observation would infer it.
            for twin in inferred_twins(map, old) {
                draft.replace_exit(twin.clone(), None);
            }
            draft.infer_reverse(*from, old.to, &old.label);
            change = draft.finish();
        }
        Action::AddEdge { from, label, to } => {
            for r in [from, to] {
                if map.room(*r).is_none() {
                    return Err(RepairError::NoRoom(r.0));
                }
            }
            if from == to {
                return Err(RepairError::Loop(from.0));
            }
            if map.exits_from(*from).any(|e| e.label == *label) {
                return Err(RepairError::DoorwayTaken(from.0, label.to_string()));
            }
            let mut draft = Draft::new(map);
            draft.exit(*from, *to, label.clone(), true);
            change = draft.finish();
        }
        Action::MarkNonGeometric { exit } => {
            let old = map.exit(*exit).ok_or(RepairError::NoExit(exit.0))?;
            let mut new = old.clone();
            new.geometric = false;
            change.removed_exits.push(old.clone());
            change.added_exits.push(new);
        }
        Action::Stop | Action::SkipConflict | Action::RollbackToVersion { .. } => {}
    }
    Ok(change)
}

/// The inferred ways back of `exit`: exits from its end to its start, inferred, with the
/// opposite label.
fn inferred_twins<'m>(map: &'m Map, exit: &Exit) -> impl Iterator<Item = &'m Exit> + 'm {
    let back = exit.label.opposite();
    map.exits_between(exit.to, exit.from)
        .filter(move |t| t.origin == Origin::InferredReverse && Some(&t.label) == back.as_ref())
}

/// A plain description of an action, for commits without a reason.
pub fn describe(action: &Action) -> String {
    match action {
        Action::ModifyEdge { exit, to } => format!("relabel exit #{} to {to}", exit.0),
        Action::RemoveEdge { exit } => format!("remove exit #{}", exit.0),
        Action::MoveStart { exit, from } => {
            format!("move the start of exit #{} to room #{}", exit.0, from.0)
        }
        Action::AddEdge { from, label, to } => {
            format!("add room #{} —{label}→ room #{}", from.0, to.0)
        }
        Action::MarkNonGeometric { exit } => format!("mark exit #{} non-geometric", exit.0),
        Action::RollbackToVersion { version } => format!("roll back to version {version}"),
        Action::SkipConflict => "skip conflict".into(),
        Action::Stop => "stop".into(),
    }
}

/// [`describe`] with names: the action's exit and rooms as `map` (the map it was decided on)
/// has them, e.g. "relabel Kitchen —north→ Yard to east". An id `map` lacks is written as in
/// [`describe`].
pub fn describe_on(action: &Action, map: &Map) -> String {
    let room = |r: RoomId| {
        map.room(r)
            .map_or_else(|| format!("room #{}", r.0), |x| x.name.clone())
    };
    let exit = |x: ExitId| {
        map.exit(x).map_or_else(
            || format!("exit #{}", x.0),
            |e| format!("{} —{}→ {}", room(e.from), e.label, room(e.to)),
        )
    };
    match action {
        Action::ModifyEdge { exit: x, to } => format!("relabel {} to {to}", exit(*x)),
        Action::RemoveEdge { exit: x } => format!("remove {}", exit(*x)),
        Action::MoveStart { exit: x, from } => {
            format!("start {} in {}", exit(*x), room(*from))
        }
        Action::AddEdge { from, label, to } => {
            format!("add {} —{label}→ {}", room(*from), room(*to))
        }
        Action::MarkNonGeometric { exit: x } => format!("mark {} not geometric", exit(*x)),
        other => describe(other),
    }
}

/// What a whole run did.
#[derive(Debug, Clone, Serialize)]
pub struct RepairReport {
    /// Counts before.
    pub before: super::analysis::Counts,
    /// Counts after.
    pub after: super::analysis::Counts,
    /// The log.
    pub actions: Vec<Logged>,
}

/// Runs a session to the end with a synchronous decider.
pub fn run(history: &mut History, decider: &mut dyn Decider, budget: Budget) -> RepairReport {
    run_with(history, decider, budget, &mut progress::ignore)
}

/// [`run`], telling `progress` before each decision how many of the conflicts open at the
/// start are closed ([`Stage::Repairing`]).
pub fn run_with(
    history: &mut History,
    decider: &mut dyn Decider,
    budget: Budget,
    progress: &mut dyn FnMut(Progress),
) -> RepairReport {
    let before = Analysis::of(history.head()).counts();
    let mut session = RepairSession::new(budget);
    while let Some(pending) = session.next(history) {
        let open = pending.analysis.conflicts.len();
        progress(Progress {
            stage: Stage::Repairing,
            done: before.total.saturating_sub(open),
            total: before.total,
        });
        let decision = decider.decide(&pending.context(history));
        session.apply(history, &pending, decision);
    }
    RepairReport {
        before,
        after: Analysis::of(history.head()).counts(),
        actions: session.log,
    }
}
