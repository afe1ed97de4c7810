//! The solver and the heuristics' repair, driven from the UI: they run in the worker
//! ([`automapper::solve`], [`automapper::steps`]), so the page keeps drawing while they repair
//! a map, and the progress bar's Cancel stops them with nothing changed. Its commits join the open project when
//! they come back; if another project was opened meanwhile, nothing is done; if the worker
//! cannot be had, nothing changes and the notice says why.

use crate::domain::repair::solver::{Filled, ReadingUse};
use crate::ui::modules::automapper;
use crate::ui::modules::bridge::Work;
use crate::ui::modules::worker::{append_from_copy, WorkError};
use crate::ui::repair::session::RepairRun;
use crate::ui::signals::SetIfChanged;
use crate::ui::state::AppState;
use leptos::prelude::*;

/// Runs the solver to its end ([`crate::domain::repair::solver::solve_and_fill`]: after the
/// conflicts, the exits the others contradict): the automapper first reads the history's
/// transcript again with the map's room names, and the solver relabels, moves or removes the
/// exits that reading does not find.
pub async fn solve_to_end(state: AppState) {
    state.playing.set_if_changed(false);
    state.cursor.set_if_changed(None);
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
            return state.tell("The solver was cancelled; the map is as it was.", false);
        }
        Some(Err(WorkError::Failed(e))) => {
            return state.tell(
                format!("The solver could not run: {e}. The map is as it was."),
                true,
            );
        }
        Some(Ok(solved)) => solved,
    };
    let mut taken = Ok(());
    state
        .project
        .update(|p| taken = append_from_copy(opened, p, &solved.commits));
    if let Err(e) = taken {
        return state.tell(
            format!("Nothing was changed: {e}. Run the solver again."),
            true,
        );
    }
    let mut log = state.repair.get_value().map(|r| r.log).unwrap_or_default();
    let edits = solved.log.iter().filter(|l| l.version.is_some()).count();
    log.extend(solved.log);
    state.repair_log.set(log);
    state.repair.set_value(None);
    let after = state.snapshot.with_untracked(|s| s.counts.total);
    state.tell(
        solver_summary(before, after, edits, solved.used, solved.filled),
        false,
    );
}

/// True when no session the worker keeps is open here: the next job starts one (another
/// project, another strategy, a finished run close it).
pub fn fresh(state: AppState) -> bool {
    state.repair.with_value(Option::is_none)
}

/// Takes decisions of a session the worker keeps between calls (`work`, made with [`fresh`]),
/// `what` naming them on the progress bar; their commits join the open project (one per
/// action, as on the page) and their decisions its log.
pub async fn in_worker(state: AppState, what: &'static str, work: Work) {
    state.playing.set_if_changed(false);
    state.cursor.set_if_changed(None);
    let opened = state.opened.get_value();
    let mut log = state.repair.get_value().map(|r| r.log).unwrap_or_default();
    let before = state.snapshot.with_untracked(|s| s.counts.total);
    let job = state
        .project
        .with_untracked(|p| automapper::steps(what, opened, p, work));
    let stepped = match state.unless_opened_meanwhile(job).await {
        None => return,
        Some(Err(WorkError::Cancelled)) => {
            return state.tell(
                format!("{what} was cancelled; the map is as it was."),
                false,
            );
        }
        Some(Err(WorkError::Failed(e))) => {
            return state.tell(format!("{what} could not be done: {e}."), true);
        }
        Some(Ok(stepped)) => stepped,
    };
    let mut taken = Ok(());
    state
        .project
        .update(|p| taken = append_from_copy(opened, p, &stepped.commits));
    if let Err(e) = taken {
        return state.tell(format!("Nothing was changed: {e}. Try again."), true);
    }
    let steps = stepped.log.len();
    // A run to the end that took a single action finished with something done.
    let acted = stepped.log.iter().any(|l| l.version.is_some());
    log.extend(stepped.log);
    state.repair_log.set(log.clone());
    state.repair.set_value(Some(RepairRun { log }));
    let after = state.snapshot.with_untracked(|s| s.counts.total);
    if steps > 1 || (stepped.finished && acted) {
        state.tell(format!("Repair finished: {before} → {after} conflicts. Each action is a commit on the timeline."), false);
    } else if stepped.finished {
        state.tell("The repair has nothing left to do.", false);
    }
}

/// What the solver did, in words.
fn solver_summary(
    before: usize,
    after: usize,
    edits: usize,
    used: Option<ReadingUse>,
    filled: Option<Filled>,
) -> String {
    let mut text = if edits == 0 {
        "The solver found nothing to change: no conflict is open, no exit contradicts the rest of the map".to_string()
    } else {
        format!("Repair finished: {before} → {after} conflicts. Each action is a commit on the timeline")
    };
    match used {
        Some(u) if u.set_aside => text.push_str(
            ". The transcript read again names too few of the map's rooms to judge its exits; it was set aside.",
        ),
        Some(u) => text.push_str(&format!(
            ", and the transcript read again offline has {} of the {} exits it could judge: {} removed, {} relabelled, {} moved to start where the text shows.",
            u.supported, u.judged, u.removed, u.relabelled, u.moved
        )),
        None => text.push('.'),
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
