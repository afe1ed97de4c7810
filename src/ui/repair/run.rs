//! Repair, driven from the UI: one decision at a time or to the end, each applied action a
//! commit with its reason (the domain's [`RepairSession`] does the work); and the user's own
//! edits of a candidate exit, recorded the same way.

use crate::domain::repair::solver::{Filled, ReadingUse};
use crate::domain::repair::{
    describe_on, solver, Action, Budget, Decider, Decision, RepairSession,
};
use crate::ui::modules::automapper;
use crate::ui::modules::worker::{append_from_copy, WorkError};
use crate::ui::state::{AppState, RepairRun, Strategy};
use crate::view::log_line::lines;
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
    state.repair_log.set(lines(&run.session.log));
    let done = run.session.is_finished();
    state.repair.set_value(Some(run));
    progressed && !done
}

/// Repairs until the session stops (no conflicts left, budget spent, or no action helps). The
/// solver runs to its own end ([`solve_to_end`]), as on the command line.
pub fn repair_all(state: AppState) {
    if state.strategy.get_untracked() == Strategy::Solver {
        leptos::task::spawn_local(solve_to_end(state));
        return;
    }
    let before = state.snapshot.with_untracked(|s| s.counts.total);
    let mut guard = 0;
    while repair_step(state) && guard < 1_000 {
        guard += 1;
    }
    let after = state.snapshot.with_untracked(|s| s.counts.total);
    state.tell(format!("Repair finished: {before} → {after} conflicts. Each action is a commit on the timeline."), false);
}

/// Runs the solver to its end ([`solver::solve_and_fill`]: after the conflicts, the exits the
/// others contradict) in the worker ([`automapper::solve`]), so the page keeps drawing on a big
/// map: there the automapper first reads the history's transcript again with the map's room
/// names, and the solver relabels, moves or removes the exits that reading does not find; its
/// commits then join the open project. Cancelled, nothing changes. If the worker cannot be
/// had, the solver runs here without the second reading and says so; if another project is
/// opened meanwhile, nothing is done.
pub async fn solve_to_end(state: AppState) {
    state.playing.set(false);
    state.cursor.set(None);
    let fill = state.fill.get_untracked();
    let opened = state.opened.get_value();
    let before = state.snapshot.with_untracked(|s| s.counts.total);
    state.tell("Repairing with the solver…", false);
    let job = state
        .project
        .with_untracked(|p| automapper::solve(opened, p, fill));
    let solved = match state.unless_opened_meanwhile(job).await {
        None => return,
        Some(Err(WorkError::Cancelled)) => {
            state.tell("The solver was cancelled; the map is as it was.", false);
            return;
        }
        Some(Ok(solved)) => Ok(solved),
        Some(Err(WorkError::Failed(e))) => Err(e),
    };
    let mut log = state
        .repair
        .get_value()
        .map(|run| lines(&run.session.log))
        .unwrap_or_default();
    let (edits, used, filled, unread) = match solved {
        Ok(s) => {
            let edits = s.log.iter().filter(|a| a.version.is_some()).count();
            let mut taken = Ok(());
            state
                .project
                .update(|p| taken = append_from_copy(opened, p, &s.commits));
            if let Err(e) = taken {
                state.tell(
                    format!("Nothing was changed: {e}. Run the solver again."),
                    true,
                );
                return;
            }
            log.extend(s.log);
            (edits, s.used, s.filled, None)
        }
        Err(e) => {
            let mut out = (0, None, None, Some(e));
            state.project.update(|p| {
                let (report, _, _) = solver::solve_and_fill(&mut p.history, None, fill);
                out.0 = report
                    .actions
                    .iter()
                    .filter(|a| a.version.is_some())
                    .count();
                log.extend(lines(&report.actions));
            });
            out
        }
    };
    state.repair_log.set(log);
    state.repair.set_value(None);
    let after = state.snapshot.with_untracked(|s| s.counts.total);
    let text = solver_summary(before, after, edits, used, filled, unread.as_deref());
    state.tell(text, unread.is_some());
}

/// What the solver did, in words.
fn solver_summary(
    before: usize,
    after: usize,
    edits: usize,
    used: Option<ReadingUse>,
    filled: Option<Filled>,
    unread: Option<&str>,
) -> String {
    let mut text = if edits == 0 {
        "The solver found nothing to change: no conflict is open, no exit contradicts the rest of the map".to_string()
    } else {
        format!("Repair finished: {before} → {after} conflicts. Each action is a commit on the timeline")
    };
    match (used, unread) {
        (Some(u), _) if u.set_aside => text.push_str(
            ". The transcript read again names too few of the map's rooms to judge its exits; it was set aside.",
        ),
        (Some(u), _) => text.push_str(&format!(
            ", and the transcript read again offline has {} of the {} exits it could judge: {} removed, {} relabelled, {} moved to start where the text shows.",
            u.supported, u.judged, u.removed, u.relabelled, u.moved
        )),
        (None, Some(e)) => text.push_str(&format!(
            ". It ran without reading the transcript again: {e}."
        )),
        (None, None) => text.push('.'),
    }
    match filled {
        Some(f) if f.added > 0 => text.push_str(&format!(
            " It added {} way{} the text shows that the map lacked{}.",
            f.added,
            if f.added == 1 { "" } else { "s" },
            if f.held_back > 0 {
                format!(" ({} more would have opened a conflict and were left out)", f.held_back)
            } else {
                String::new()
            }
        )),
        Some(f) if f.held_back > 0 => text.push_str(&format!(
            " The text shows {} way{} the map lacks, but each would open a conflict: none was added.",
            f.held_back,
            if f.held_back == 1 { "" } else { "s" },
        )),
        _ => {}
    }
    text
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
