//! The selected room: its names, description, exits out and in, the conflicts naming it, and
//! buttons that make it an end of the route finder's route.

use crate::domain::RoomId;
use crate::ui::AppState;
use crate::view::describe::{conflict_title, exit_text};
use leptos::prelude::*;

/// Details of room `room` at the shown version.
#[component]
pub fn RoomDetail(
    /// The room's id.
    room: u32,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let snap = state.snapshot.get();
    let map = &snap.map;
    let id = RoomId(room);
    let Some(r) = map.room(id) else {
        return view! { <p class="hint">"This room is not on the map at this version."</p> }
            .into_any();
    };
    let list = |exits: Vec<crate::domain::ExitId>| {
        exits
            .into_iter()
            .map(|e| view! { <li>{exit_text(map, e)}</li> })
            .collect_view()
    };
    let out: Vec<_> = map.exits_from(id).map(|e| e.id).collect();
    let into: Vec<_> = map.exits_to(id).map(|e| e.id).collect();
    let titles: Vec<String> = snap
        .analysis
        .conflicts
        .iter()
        .filter(|c| c.rooms.contains(&id))
        .map(|c| conflict_title(map, c))
        .collect();
    let conflicts = if titles.is_empty() {
        view! { <li class="hint">"None"</li> }.into_any()
    } else {
        titles
            .into_iter()
            .map(|t| view! { <li>{t}</li> })
            .collect_view()
            .into_any()
    };
    let route_from = move |_| state.route_ends.update(|e| e.from = Some(room));
    let route_to = move |_| state.route_ends.update(|e| e.to = Some(room));
    view! {
        <h2>{r.name.clone()}</h2>
        <div class="button-row">
            <button class="small" data-testid="route-from-here" on:click=route_from>"Route from here"</button>
            <button class="small" data-testid="route-to-here" on:click=route_to>"Route to here"</button>
        </div>
        {(!r.aliases.is_empty()).then(|| view! { <p class="aliases">"Also called: "{r.aliases.join(", ")}</p> })}
        {r.description.clone().map(|d| view! { <p class="description">{d}</p> })}
        <h3>"Exits"</h3><ul class="exits">{list(out)}</ul>
        <h3>"Ways in"</h3><ul class="exits">{list(into)}</ul>
        <h3>"Conflicts"</h3><ul class="room-conflicts">{conflicts}</ul>
    }
    .into_any()
}
