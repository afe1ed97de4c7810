//! Above the map: layout (grid or force), floors (stacked or one at a time), zoom, fit, and
//! room search (Enter centres the first match).

use crate::domain::layout::Floors;
use crate::ui::map::canvas_input::fit;
use crate::ui::signals::SetIfChanged;
use crate::ui::state::{AppState, LayoutMode};
use crate::view::drawing::floor_name;
use leptos::prelude::*;

/// The map's controls.
#[component]
pub fn MapToolbar() -> impl IntoView {
    let state = expect_context::<AppState>();
    let mode = move |m: LayoutMode| {
        move |_| {
            state.moved.set_if_changed(Default::default());
            state.layout_mode.set_if_changed(m);
            fit(state);
        }
    };
    // A memo: the floor list is redrawn when the floors change, not at every new layout.
    let floors = Memo::new(move |_| state.layout.with(|l| l.floors.clone()));
    let floors = move || floors.get();
    let pick_floor = move |ev: leptos::ev::Event| {
        let v = event_target_value(&ev);
        state
            .floors
            .set_if_changed(v.parse::<i32>().map_or(Floors::Stacked, Floors::Only));
        fit(state);
    };
    let find = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() != "Enter" {
            return;
        }
        let hit = state.drawing.with_untracked(|d| {
            d.rooms
                .iter()
                .find(|r| r.class.contains("match"))
                .map(|r| (r.id, r.x, r.y))
        });
        if let Some((id, x, y)) = hit {
            crate::ui::map::canvas_input::stop_following(state);
            state.selected_room.set(Some(id));
            state.camera.update(|c| *c = c.centre_on(x, y));
        }
    };
    let zoom = move |f: f64| {
        move |_| {
            crate::ui::map::canvas_input::stop_following(state);
            state.camera.update(|c| *c = c.zoom(f));
        }
    };
    view! {
        <div class="map-toolbar">
            <div class="segmented" role="group" aria-label="Layout">
                <button class:active=move || state.layout_mode.get() == LayoutMode::Grid on:click=mode(LayoutMode::Grid) title="North-up grid from the inferred positions">"Grid"</button>
                <button class:active=move || state.layout_mode.get() == LayoutMode::Force on:click=mode(LayoutMode::Force) title="Force layout, for maps whose geometry does not fit a grid">"Force"</button>
            </div>
            <select aria-label="Floors" on:change=pick_floor disabled=move || { floors().len() < 2 || state.layout_mode.get() == LayoutMode::Force }>
                <option value="all">"All floors"</option>
                {move || floors().into_iter().map(|z| view! { <option value=z.to_string()>{floor_name(z)}</option> }).collect_view()}
            </select>
            <button class="icon" on:click=zoom(1.25) title="Zoom in">"+"</button>
            <button class="icon" on:click=zoom(0.8) title="Zoom out">"−"</button>
            <button on:click=move |_| fit(state) title="Show the whole map">"Fit"</button>
            <input type="search" class="room-search" placeholder="Find a room…" aria-label="Find a room"
                prop:value=move || state.search.get() on:input=move |ev| state.search.set(event_target_value(&ev)) on:keydown=find />
        </div>
    }
}
