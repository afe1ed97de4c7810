//! The timeline's clock: while playing, show the next version every `speed` milliseconds and
//! stop at the newest one.

use crate::ui::AppState;
use leptos::prelude::*;
use std::time::Duration;

/// Starts and stops the playback timer as `state.playing` and `state.speed` change.
pub fn use_playback(state: AppState) {
    let timer = StoredValue::new(None::<IntervalHandle>);
    Effect::new(move |_| {
        let playing = state.playing.get();
        let speed = state.speed.get();
        if let Some(h) = timer.get_value() {
            h.clear();
            timer.set_value(None);
        }
        if playing {
            let tick = move || {
                let last = state.commit_count().saturating_sub(1) as u32;
                let next = state.snapshot.with_untracked(|s| s.version.unwrap_or(0)) + 1;
                state.show_version(next);
                if next >= last {
                    state.playing.set(false);
                }
            };
            timer.set_value(
                set_interval_with_handle(tick, Duration::from_millis(u64::from(speed))).ok(),
            );
        }
    });
}
