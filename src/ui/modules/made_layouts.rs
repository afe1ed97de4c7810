//! The force layouts the worker made for big maps ([`super::force_layout`] asks for them), kept
//! for the page's layout memo ([`crate::ui::state`]) to pick up: apart from both so that
//! neither imports the other.

use crate::domain::layout::{Floors, Layout, ALL_PAIRS_LIMIT};
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

/// Keeps the layout the worker made for `snapshot` with `floors` (the one a tracked
/// [`made_for`] then returns).
pub fn keep(snapshot: Arc<Snapshot>, floors: Floors, layout: Arc<Layout>) {
    let made = Made {
        snapshot,
        floors,
        layout,
    };
    MADE.with(|m| m.set(Some(made)));
}
