//! Repair, driven from the UI: one decision at a time or to the end, each applied action a
//! commit with its reason (the domain's [`RepairSession`] does the work); and the user's own
//! edits of a candidate exit, recorded the same way.

use super::state::{AppState, RepairRun, Strategy};
use crate::domain::repair::{describe, solver, Action, Budget, Decider, Decision, RepairSession};
use leptos::prelude::*;

/// Takes one repair decision. Returns false when the session has nothing left to do.
pub fn repair_step(state: AppState) -> bool {
    state.playing.set(false);
    state.cursor.set(None);
    let strategy = state.strategy.get_untracked();
    let mut run = state
        .repair
        .get_value()
        .unwrap_or_else(|| RepairRun::new(strategy));
    let mut progressed = false;
    state.project.update(|p| {
        if let Some(pending) = run.session.next(&p.history) {
            let decision = run.decider().decide(&pending.context(&p.history));
            run.session.apply(&mut p.history, &pending, decision);
            progressed = true;
        }
    });
    state.repair_log.set(run.session.log.clone());
    let done = run.session.is_finished();
    state.repair.set_value(Some(run));
    progressed && !done
}

/// Repairs until the session stops (no conflicts left, budget spent, or no action helps). The
/// solver runs to its own end ([`solver::solve`]: after the conflicts, the exits the others
/// contradict), as on the command line.
pub fn repair_all(state: AppState) {
    let before = state.snapshot.with_untracked(|s| s.counts.total);
    if state.strategy.get_untracked() == Strategy::Solver {
        state.playing.set(false);
        state.cursor.set(None);
        let mut log = state
            .repair
            .get_value()
            .map(|run| run.session.log)
            .unwrap_or_default();
        let mut edits = 0;
        state.project.update(|p| {
            let report = solver::solve(&mut p.history);
            edits = report
                .actions
                .iter()
                .filter(|a| a.version.is_some())
                .count();
            log.extend(report.actions);
        });
        state.repair_log.set(log);
        state.repair.set_value(None);
        if edits == 0 {
            state.tell(
                "The solver found nothing to change: no conflict is open and no exit contradicts the rest of the map.",
                false,
            );
            return;
        }
    } else {
        let mut guard = 0;
        while repair_step(state) && guard < 1_000 {
            guard += 1;
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
    let text = format!("{reason} ({})", describe(&action));
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
