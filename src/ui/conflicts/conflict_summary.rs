//! The numbers above the conflict list: the map's size and its total conflicts at the shown
//! version.

use crate::ui::AppState;
use leptos::prelude::*;

/// Rooms, exits and the conflict total of the shown version.
#[component]
pub fn ConflictSummary() -> impl IntoView {
    let state = expect_context::<AppState>();
    let snap = state.snapshot;
    let total = move || snap.with(|s| s.counts.total);
    view! {
        <section class="conflict-summary">
            <dl class="map-size">
                <div><dt>"Rooms"</dt><dd data-testid="room-count">{move || snap.with(|s| s.map.room_count())}</dd></div>
                <div><dt>"Exits"</dt><dd data-testid="exit-count">{move || snap.with(|s| s.map.exit_count())}</dd></div>
            </dl>
            <p class="conflict-total" class:clean=move || total() == 0>
                <span data-testid="conflict-count">{total}</span>
                {move || if total() == 1 { " conflict" } else { " conflicts" }}
            </p>
        </section>
    }
}
