//! Setting a signal only when its value changes. A Leptos signal set to the value it holds
//! still tells everything that follows it: the snapshot memo takes the map's analysis again,
//! the layout and the drawing are made again and the canvas repaints. On the paths a user
//! repeats (a step past the last version, the layout button already chosen, the camera at
//! rest where it was painted) that is a whole redraw for nothing; these setters skip it.

use leptos::prelude::*;

/// A signal that is set only when the new value differs from the one it holds.
pub trait SetIfChanged<T> {
    /// Sets the signal to `value` and tells its followers, unless it holds `value` already.
    fn set_if_changed(&self, value: T);
}

impl<T: PartialEq + Send + Sync + 'static> SetIfChanged<T> for RwSignal<T> {
    fn set_if_changed(&self, value: T) {
        self.maybe_update(|held| {
            let changed = *held != value;
            if changed {
                *held = value;
            }
            changed
        });
    }
}
