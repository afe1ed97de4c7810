//! Keyboard: ← and → step through the timeline, Home and End jump to its ends (not while
//! typing in a field).

use crate::ui::signals::SetIfChanged;
use crate::ui::AppState;
use leptos::prelude::*;

/// Listens for the timeline keys on the window for the app's lifetime.
pub fn use_arrow_keys(state: AppState) {
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        let typing = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if typing || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let shown = i64::from(state.snapshot.with_untracked(|s| s.version.unwrap_or(0)));
        let target = match ev.key().as_str() {
            "ArrowLeft" => shown - 1,
            "ArrowRight" => shown + 1,
            "Home" => 0,
            "End" => i64::MAX / 2,
            _ => return,
        };
        ev.prevent_default();
        state.playing.set_if_changed(false);
        state.scrub_to(target.clamp(0, i64::from(u32::MAX)) as u32);
    });
    on_cleanup(move || handle.remove());
}
