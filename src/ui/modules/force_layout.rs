//! The force layout of a big map, made in the worker: past [`IN_WORKER_ROOMS`] rooms, laying a
//! map out with forces takes the page long enough to drop frames (about a second at 100,000
//! rooms), so the page shows the map on its lattice layout meanwhile, the worker lays out its
//! copy of the project at the version shown ([`Work::Layout`]) with progress and Cancel
//! ([`crate::ui::modules::work_bar`]), and the page's layout ([`crate::ui::state::AppState`]'s
//! `layout`) switches to it when it arrives, if the page still shows that version.
//!
//! The worker runs the page's own computation ([`crate::domain::layout::force`] from the
//! lattice layout, with the same seed), so a big map is placed exactly where the page would
//! have placed it.

use crate::domain::layout::{Floors, Layout, ALL_PAIRS_LIMIT};
use crate::ui::modules::bridge::{Answer, Work};
use crate::ui::modules::worker::{self, WorkError};
use crate::ui::state::{AppState, LayoutMode};
use crate::view::snapshot::Snapshot;
use leptos::prelude::*;
use std::sync::Arc;

/// Rooms above which the force layout is made in the worker. Up to the all-pairs limit the
/// layout spends a fixed budget of pair interactions (about a quarter of a second); past it
/// the local simulation's cost grows with the rooms, so the page would stall a little longer
/// with every room added.
pub const IN_WORKER_ROOMS: usize = ALL_PAIRS_LIMIT;

/// A layout the worker made, and what for.
#[derive(Clone)]
struct Made {
    snapshot: Arc<Snapshot>,
    floors: Floors,
    layout: Arc<Layout>,
}

thread_local! {
    static MADE: ArcRwSignal<Option<Made>> = ArcRwSignal::new(None);
}

/// True when `snapshot`'s force layout is made in the worker rather than on the page.
pub fn in_worker(snapshot: &Snapshot) -> bool {
    snapshot.map.room_count() > IN_WORKER_ROOMS
}

/// The force layout the worker made for `snapshot` with `floors`, if it has. Tracked: a memo
/// that reads this runs again when the layout arrives.
pub fn made_for(snapshot: &Arc<Snapshot>, floors: Floors) -> Option<Arc<Layout>> {
    MADE.with(|m| {
        m.with(|made| {
            made.as_ref()
                .filter(|d| Arc::ptr_eq(&d.snapshot, snapshot) && d.floors == floors)
                .map(|d| Arc::clone(&d.layout))
        })
    })
}

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
                        let made = Made {
                            snapshot,
                            floors,
                            layout: Arc::new(layout),
                        };
                        MADE.with(|m| m.set(Some(made)));
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
