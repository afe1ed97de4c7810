//! The force layout of a big map, made in the worker: past
//! [`IN_WORKER_ROOMS`](super::made_layouts::IN_WORKER_ROOMS) rooms, laying a
//! map out with forces takes the page long enough to drop frames (about a second at 100,000
//! rooms), so the page shows the map on its lattice layout meanwhile, the worker lays out its
//! copy of the project at the version shown ([`Work::Layout`]) with progress and Cancel
//! ([`crate::ui::modules::work_bar`]), and the page's layout ([`crate::ui::state::AppState`]'s
//! `layout`) switches to it when it arrives, if the page still shows that version.
//!
//! The worker runs the page's own computation ([`crate::domain::layout::force`] from the
//! lattice layout, with the same seed), so a big map is placed exactly where the page would
//! have placed it.

use crate::ui::modules::bridge::{Answer, Work};
use crate::ui::modules::made_layouts::{in_worker, keep, made_for};
use crate::ui::modules::worker::{self, WorkError};
use crate::ui::state::{AppState, LayoutMode};
use leptos::prelude::*;
use std::sync::Arc;

/// Asks the worker for the force layout each time the page shows a big map with it (a new
/// version, other floors, or the user picks Force), for as long as the app lives. A layout
/// that arrives for a version no longer shown is dropped; a cancelled or failed one leaves the
/// lattice layout and says so.
pub fn follow(state: AppState) {
    Effect::new(move |_| {
        if state.layout_mode.get() != LayoutMode::Force {
            return;
        }
        let snapshot = state.snapshot.get();
        let floors = state.floors.get();
        if !in_worker(&snapshot) || untrack(|| made_for(&snapshot, floors)).is_some() {
            return;
        }
        let work = Work::Layout {
            version: state.cursor.get_untracked(),
            floors,
        };
        let what = format!("Laying out {} rooms", snapshot.map.room_count());
        let opened = state.opened.get_value();
        let answer = state
            .project
            .with_untracked(|p| worker::run(what, work, Some((opened, p))));
        leptos::task::spawn_local(async move {
            match answer.await {
                Ok(Answer::Layout(layout)) => {
                    if Arc::ptr_eq(&state.snapshot.get_untracked(), &snapshot) {
                        keep(snapshot, floors, Arc::new(layout));
                    }
                }
                Ok(_) => state.tell(
                    "The force layout could not be made (the worker answered another question): the map stays on its grid.",
                    true,
                ),
                Err(WorkError::Cancelled) => state.tell(
                    "Laying out was cancelled: the map stays on its grid.",
                    false,
                ),
                Err(WorkError::Failed(why)) => state.tell(
                    format!("The force layout could not be made ({why}): the map stays on its grid."),
                    true,
                ),
            }
        });
    });
}
