//! Repair, driven from the UI: one decision at a time or to the end, each applied action a
//! commit with its reason (the domain's [`RepairSession`] does the work: a heuristic's here on
//! a small map, in the worker on a big one, [`HEURISTIC_IN_WORKER_ROOMS`]; the solver's always
//! in the worker, [`solve`]); and the user's own edits of a candidate exit, recorded the same
//! way.

use crate::domain::repair::heuristic::Preference;
use crate::domain::repair::{describe_on, Action, Budget, Decider, Decision, RepairSession};
use crate::ui::modules::bridge::Work;
use crate::ui::modules::jobs::TO_END_DECISIONS;
use crate::ui::repair::session::RepairRun;
use crate::ui::repair::solve;
use crate::ui::state::{AppState, Strategy};
use crate::view::log_line::lines;
use leptos::prelude::*;

/// Rooms above which a heuristic repairs in the worker rather than on the page. Each decision
/// analyses the whole map again: about 0.1 s natively at 100,000 rooms and several times that
/// in the browser, and a repair to the end takes hundreds of decisions (heuristic_modify: 16 s
/// natively at 100,000 rooms), so past a few thousand rooms the page would stop drawing for
/// seconds. Up to this size a decision takes a few milliseconds here, without the worker's
/// round trip (the Learn lessons' maps, a few dozen rooms, step synchronously); it is the size
/// from which the force layout too is made in the worker.
pub const HEURISTIC_IN_WORKER_ROOMS: usize = crate::ui::modules::made_layouts::IN_WORKER_ROOMS;

/// Takes one repair decision: here for a heuristic on a small map, in the worker for a big
/// one's and for the solver ([`solve::in_worker`], whose answer comes later).
pub fn step(state: AppState) {
    match heuristic(state) {
        Some(preference) if !big(state) => {
            heuristic_step(state, preference);
        }
        Some(preference) => leptos::task::spawn_local(solve::in_worker(
            state,
            "A step of the heuristic repair",
            in_worker(preference, solve::fresh(state), false),
        )),
        None => leptos::task::spawn_local(solve::in_worker(
            state,
            "A step of the solver",
            Work::SolverStep {
                fresh: solve::fresh(state),
            },
        )),
    }
}

/// True when the open map is past [`HEURISTIC_IN_WORKER_ROOMS`].
fn big(state: AppState) -> bool {
    state
        .project
        .with_untracked(|p| p.history.head().room_count() > HEURISTIC_IN_WORKER_ROOMS)
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

/// Takes one decision of a heuristic's session. Returns false when the session has nothing
/// left to do.
fn heuristic_step(state: AppState, preference: Preference) -> bool {
    state.playing.set(false);
    state.cursor.set(None);
    let (mut session, mut heuristic) = match state.repair.get_value() {
        Some(RepairRun::Heuristic { session, heuristic }) => (session, heuristic),
        _ => match RepairRun::heuristic(preference) {
            RepairRun::Heuristic { session, heuristic } => (session, heuristic),
            RepairRun::InWorker { .. } => return false,
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
    if big(state) {
        return leptos::task::spawn_local(solve::in_worker(
            state,
            "Repairing with the heuristic",
            in_worker(preference, solve::fresh(state), true),
        ));
    }
    let before = state.snapshot.with_untracked(|s| s.counts.total);
    for _ in 0..TO_END_DECISIONS {
        if !heuristic_step(state, preference) {
            break;
        }
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
