//! Repair, driven from the UI: one decision at a time or to the end, each applied action a
//! commit with its reason (the domain's [`RepairSession`] does the work; the solver's runs in
//! the worker, [`solve`]); and the user's own edits of a candidate exit, recorded the same way.

use crate::domain::repair::heuristic::Preference;
use crate::domain::repair::{describe_on, Action, Budget, Decider, Decision, RepairSession};
use crate::ui::repair::session::RepairRun;
use crate::ui::repair::solve;
use crate::ui::state::{AppState, Strategy};
use crate::view::log_line::lines;
use leptos::prelude::*;

/// Takes one repair decision: here for a heuristic, in the worker for the solver
/// ([`solve::solver_step`], whose answer comes later).
pub fn step(state: AppState) {
    match heuristic(state) {
        Some(preference) => {
            heuristic_step(state, preference);
        }
        None => leptos::task::spawn_local(solve::solver_step(state)),
    }
}

/// The chosen strategy's heuristic, `None` for the solver.
fn heuristic(state: AppState) -> Option<Preference> {
    match state.strategy.get_untracked() {
        Strategy::Remove => Some(Preference::Remove),
        Strategy::Modify => Some(Preference::Modify),
        Strategy::Solver => None,
    }
}

/// Takes one decision of a heuristic's session. Returns false when the session has nothing
/// left to do.
fn heuristic_step(state: AppState, preference: Preference) -> bool {
    state.playing.set(false);
    state.cursor.set(None);
    let (mut session, mut heuristic) = match state.repair.get_value() {
        Some(RepairRun::Heuristic { session, heuristic }) => (session, heuristic),
        _ => match RepairRun::heuristic(preference) {
            RepairRun::Heuristic { session, heuristic } => (session, heuristic),
            RepairRun::Solver { .. } => return false,
        },
    };
    let mut progressed = false;
    state.project.update(|p| {
        if let Some(pending) = session.next(&p.history) {
            let decision = heuristic.decide(&pending.context(&p.history));
            session.apply(&mut p.history, &pending, decision);
            progressed = true;
        }
    });
    state.repair_log.set(lines(&session.log));
    let done = session.is_finished();
    state
        .repair
        .set_value(Some(RepairRun::Heuristic { session, heuristic }));
    progressed && !done
}

/// Repairs until the session stops (no conflicts left, budget spent, or no action helps). The
/// solver runs to its own end in the worker ([`solve::solve_to_end`]), as on the command line.
pub fn repair_all(state: AppState) {
    let Some(preference) = heuristic(state) else {
        leptos::task::spawn_local(solve::solve_to_end(state));
        return;
    };
    let before = state.snapshot.with_untracked(|s| s.counts.total);
    let mut guard = 0;
    while heuristic_step(state, preference) && guard < 1_000 {
        guard += 1;
    }
    let after = state.snapshot.with_untracked(|s| s.counts.total);
    state.tell(format!("Repair finished: {before} → {after} conflicts. Each action is a commit on the timeline."), false);
}

/// Starts the session again (after a strategy change).
pub fn reset(state: AppState) {
    state.repair.set_value(None);
    state.repair_log.set(Vec::new());
}

/// A decider that always answers with one fixed decision.
struct Fixed(Option<Decision>);

impl Decider for Fixed {
    fn decide(&mut self, _: &crate::domain::repair::DecisionContext<'_>) -> Decision {
        self.0.take().unwrap_or(Decision {
            action: Action::Stop,
            reason: String::new(),
        })
    }
}

/// Applies the user's own edit of an exit as a commit with `reason`.
pub fn edit_exit(state: AppState, action: Action, reason: &str) {
    state.cursor.set(None);
    let text = state
        .project
        .with_untracked(|p| format!("{reason} ({})", describe_on(&action, p.history.head())));
    let mut decider = Fixed(Some(Decision {
        action,
        reason: text,
    }));
    let mut session = RepairSession::new(Budget::default());
    let mut applied = None;
    state.project.update(|p| {
        if let Some(pending) = session.next(&p.history) {
            let d = decider.decide(&pending.context(&p.history));
            applied = session.apply(&mut p.history, &pending, d);
        }
    });
    match applied {
        Some(v) => state.tell(format!("Saved as version {v}."), false),
        None => state.tell("That edit could not be applied to the map.", true),
    }
}
