//! The inspector: the selected conflict's localization, or the selected room, or a hint.

use crate::ui::conflicts::conflict_detail::ConflictDetail;
use crate::ui::conflicts::room_detail::RoomDetail;
use crate::ui::AppState;
use leptos::prelude::*;

/// What is selected, in detail.
#[component]
pub fn Inspector() -> impl IntoView {
    let state = expect_context::<AppState>();
    let conflict = Memo::new(move |_| {
        state.selected_conflict.with(|id| {
            id.as_ref()
                .and_then(|id| state.snapshot.with(|s| s.conflict_index(id)))
        })
    });
    view! {
        <section class="inspector panel" data-testid="inspector">
            {move || match (conflict.get(), state.selected_room.get()) {
                (Some(i), _) => view! { <ConflictDetail index=i /> }.into_any(),
                (None, Some(r)) => view! { <RoomDetail room=r /> }.into_any(),
                (None, None) => view! {
                    <h2>"Inspector"</h2>
                    <p class="hint">"Select a conflict in the list to see where it came from: the two paths, their common ancestor and the exits most likely to be wrong. Click a room on the map to see its exits."</p>
                }.into_any(),
            }}
        </section>
    }
}
