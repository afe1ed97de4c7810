//! Repair, driven from the UI: one decision at a time or to the end, each applied action a
//! commit with its reason. The domain's [`RepairSession`] takes the decisions in the worker, a
//! heuristic's as the solver's ([`solve`]): the page carries no decider, and a map of any size
//! repairs while the page keeps drawing. The user's own edits of a candidate exit are recorded
//! here, the same way.

use crate::domain::repair::heuristic::Preference;
use crate::domain::repair::{describe_on, Action, Budget, Decider, Decision, RepairSession};
use crate::ui::modules::bridge::Work;
use crate::ui::repair::solve;
use crate::ui::state::{AppState, Strategy};
use leptos::prelude::*;

/// Takes one repair decision, in the worker ([`solve::in_worker`], whose answer comes later).
pub fn step(state: AppState) {
    let (what, work) = match heuristic(state) {
        Some(preference) => (
            "A step of the heuristic repair",
            in_worker(preference, solve::fresh(state), false),
        ),
        None => (
            "A step of the solver",
            Work::SolverStep {
                fresh: solve::fresh(state),
            },
        ),
    };
    leptos::task::spawn_local(solve::in_worker(state, what, work));
}

/// The worker's job for a heuristic's decision (`to_end`: every decision until it stops).
fn in_worker(preference: Preference, fresh: bool, to_end: bool) -> Work {
    Work::Heuristic {
        modify: preference == Preference::Modify,
        fresh,
        to_end,
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

/// Repairs until the session stops (no conflicts left, budget spent, or no action helps), in
/// the worker: a heuristic's session, or the solver to its own end ([`solve::solve_to_end`]), as
/// on the command line.
pub fn repair_all(state: AppState) {
    leptos::task::spawn_local(repair_to_end(state));
}

/// [`repair_all`]'s work, as a future that ends when the worker's answer is taken in.
pub async fn repair_to_end(state: AppState) {
    match heuristic(state) {
        None => solve::solve_to_end(state).await,
        Some(preference) => {
            let work = in_worker(preference, solve::fresh(state), true);
            solve::in_worker(state, "Repairing with the heuristic", work).await
        }
    }
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
