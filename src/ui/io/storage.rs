//! Browser storage: the open project is saved after every change and restored on reload, and
//! any number of named projects are kept side by side. Keys: `maprepair.current` (the open
//! project's name), `maprepair.projects` (the list of names, JSON) and `maprepair.project.<name>`
//! (each project's JSON, as exported).

use crate::domain::Project;
use crate::ui::AppState;
use leptos::prelude::*;
use std::time::Duration;

/// Saves the open project a moment after every change (coalescing bursts, and staying out of
/// the frame that shows the change).
pub fn use_autosave(state: AppState) {
    let pending = StoredValue::new(None::<TimeoutHandle>);
    Effect::new(move |_| {
        state.project.track();
        if let Some(h) = pending.get_value() {
            h.clear();
        }
        let save_now = move || {
            pending.set_value(None);
            if let Err(e) = state.project.with_untracked(save) {
                state.tell(e, true);
            }
        };
        pending.set_value(set_timeout_with_handle(save_now, Duration::from_millis(250)).ok());
    });
}

const CURRENT: &str = "maprepair.current";
const INDEX: &str = "maprepair.projects";

fn key(name: &str) -> String {
    format!("maprepair.project.{name}")
}

#[cfg(target_arch = "wasm32")]
fn store() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The value kept under `k` in the browser's local storage.
#[cfg(target_arch = "wasm32")]
pub(crate) fn get(k: &str) -> Option<String> {
    store()?.get_item(k).ok()?
}

/// Keeps `v` under `k` in the browser's local storage.
///
/// # Errors
/// A message for the user when storage is missing or full.
#[cfg(target_arch = "wasm32")]
pub(crate) fn set(k: &str, v: &str) -> Result<(), String> {
    let s = store().ok_or("browser storage is not available")?;
    s.set_item(k, v)
        .map_err(|_| "browser storage is full: export the project to keep it".to_string())
}

/// Forgets what is kept under `k`.
#[cfg(target_arch = "wasm32")]
pub(crate) fn remove(k: &str) {
    if let Some(s) = store() {
        let _ = s.remove_item(k);
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn get(_: &str) -> Option<String> {
    None
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn set(_: &str, _: &str) -> Result<(), String> {
    Ok(())
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn remove(_: &str) {}

/// The names of the saved projects, in saving order.
pub fn saved_names() -> Vec<String> {
    get(INDEX)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

/// Saves a project under its name and makes it the one restored on reload.
///
/// # Errors
/// A sentence for the user when storage is missing or full.
pub fn save(project: &Project) -> Result<(), String> {
    set(&key(&project.name), &project.to_json())?;
    let mut names = saved_names();
    if !names.contains(&project.name) {
        names.push(project.name.clone());
        set(INDEX, &serde_json::to_string(&names).unwrap_or_default())?;
    }
    set(CURRENT, &project.name)
}

/// Loads a saved project by name.
pub fn load(name: &str) -> Option<Project> {
    Project::from_json(&get(&key(name))?, name).ok()
}

/// The project open when the page was last closed.
pub fn restore() -> Option<Project> {
    load(&get(CURRENT)?)
}

/// Forgets a saved project.
pub fn delete(name: &str) {
    remove(&key(name));
    let names: Vec<String> = saved_names().into_iter().filter(|n| n != name).collect();
    let _ = set(INDEX, &serde_json::to_string(&names).unwrap_or_default());
}
