//! The timeline: a slider over every commit, play/pause, single steps and speed. ←/→ step too
//! (see [`crate::ui::history::keys`]).

use crate::ui::signals::SetIfChanged;
use crate::ui::AppState;
use leptos::prelude::*;

/// Slider and transport buttons.
#[component]
pub fn Timeline() -> impl IntoView {
    let state = expect_context::<AppState>();
    let count = move || state.project.with(|p| p.history.len());
    let shown = move || state.snapshot.with(|s| s.version.unwrap_or(0));
    let step = move |delta: i64| {
        state.playing.set_if_changed(false);
        let v = (i64::from(shown()) + delta).clamp(0, count().saturating_sub(1) as i64);
        state.show_version(v as u32);
    };
    let toggle = move |_| {
        if !state.playing.get_untracked() && state.snapshot.with_untracked(|s| s.at_head) {
            state.cursor.set(Some(0));
        }
        state.playing.update(|p| *p = !*p);
    };
    let scrub = move |ev: leptos::ev::Event| {
        state.playing.set_if_changed(false);
        if let Ok(v) = event_target_value(&ev).parse::<u32>() {
            state.scrub_to(v);
        }
    };
    view! {
        <div class="timeline-bar">
            <button class="icon" title="First version" on:click=move |_| step(-1_000_000)>"«"</button>
            <button class="icon" title="Previous version (←)" on:click=move |_| step(-1)>"◀"</button>
            <button class="icon play" data-testid="timeline-play" title="Play / pause" on:click=toggle>
                {move || if state.playing.get() { "❚❚ Pause" } else { "▶ Play" }}
            </button>
            <button class="icon" title="Next version (→)" on:click=move |_| step(1)>"▶"</button>
            <button class="icon" title="Newest version" on:click=move |_| step(1_000_000)>"»"</button>
            <div class="timeline-track">
                <crate::ui::history::conflict_track::ConflictTrack />
                <input type="range" data-testid="timeline" aria-label="Version" min="0"
                    max=move || count().saturating_sub(1) prop:value=move || shown().to_string() on:input=scrub />
            </div>
            <span class="timeline-label" data-testid="timeline-label">
                {move || format!("{} / {}", shown(), count().saturating_sub(1))}
            </span>
            <select title="Playback speed" on:change=move |ev| state.speed.set(event_target_value(&ev).parse().unwrap_or(400))>
                <option value="800">"slow"</option>
                <option value="400" selected=true>"normal"</option>
                <option value="120">"fast"</option>
                <option value="20">"fastest"</option>
            </select>
        </div>
    }
}
