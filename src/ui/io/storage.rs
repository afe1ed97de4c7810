//! Browser storage: the open project is saved after every change and restored on reload, and
//! any number of named projects are kept side by side.
//!
//! A project's JSON (as exported) lives in IndexedDB under its name (`idb.js`): it holds a
//! 100,000-room project and its history, where localStorage holds a few megabytes. The small
//! keys stay in localStorage: `maprepair.current` (the open project's name) and
//! `maprepair.projects` (the list of names, JSON). Older versions kept each project in
//! localStorage under `maprepair.project.<name>`: [`restore_later`] moves them into IndexedDB
//! and forgets the old copy only once the new one is written. A save that fails says so, names
//! the reason and leaves the last good copy as it was; the project stays open.

use crate::domain::Project;
use crate::ui::modules::project_text::project_json;
use crate::ui::AppState;
use leptos::prelude::*;
use std::cell::Cell;
use std::time::Duration;

thread_local! {
    /// True while the project restored on reload is being read: the project shown meanwhile
    /// (an empty stand-in) must not be saved over it.
    static HOLD: Cell<bool> = const { Cell::new(false) };
    /// True when the next change of the project is the restored project itself (already saved).
    static SKIP_NEXT: Cell<bool> = const { Cell::new(false) };
    /// The state that hears about saves that failed after [`save`] answered.
    static TELL: Cell<Option<AppState>> = const { Cell::new(None) };
}

/// Saves the open project a moment after every change: after the frame that shows the change
/// (serialising a 100,000-room project takes longer than a frame, and must not hold up the
/// first picture of a map just opened), then [`SAVE_DELAY_MS`] more, a later change replacing
/// the save an earlier one asked for.
pub fn use_autosave(state: AppState) {
    TELL.with(|t| t.set(Some(state)));
    let changes = StoredValue::new(0u64);
    Effect::new(move |_| {
        state.project.track();
        changes.update_value(|n| *n += 1);
        if HOLD.with(Cell::get) || SKIP_NEXT.with(|s| s.replace(false)) {
            return;
        }
        let this = changes.get_value();
        let save_now = move || {
            if changes.get_value() != this {
                return; // a later change asked for its own save
            }
            if let Err(e) = state.project.with_untracked(save) {
                state.tell(e, true);
            }
        };
        crate::ui::state::after_next_frame(move || {
            set_timeout(save_now, Duration::from_millis(SAVE_DELAY_MS));
        });
    });
}

/// How long after the frame showing a change its save waits: long enough to coalesce a burst
/// of changes (a playback step, a repair's commits) into one save.
const SAVE_DELAY_MS: u64 = 250;

const CURRENT: &str = "maprepair.current";
const INDEX: &str = "maprepair.projects";

/// Where older versions kept a project in localStorage.
fn legacy_key(name: &str) -> String {
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

#[cfg(target_arch = "wasm32")]
mod idb {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen_futures::JsFuture;

    #[wasm_bindgen(module = "/src/ui/io/idb.js")]
    extern "C" {
        fn idb_get(key: &str) -> js_sys::Promise;
        fn idb_put(key: &str, text: &str) -> js_sys::Promise;
        fn idb_delete(key: &str) -> js_sys::Promise;
    }

    fn reason(e: JsValue) -> String {
        e.as_string().unwrap_or_else(|| format!("{e:?}"))
    }

    /// The text saved under `key` (`None`: nothing is).
    pub async fn get(key: &str) -> Result<Option<String>, String> {
        JsFuture::from(idb_get(key))
            .await
            .map(|v| v.as_string())
            .map_err(reason)
    }

    /// Saves `text` under `key`.
    pub async fn put(key: &str, text: &str) -> Result<(), String> {
        JsFuture::from(idb_put(key, text))
            .await
            .map(|_| ())
            .map_err(reason)
    }

    /// Forgets what is saved under `key`.
    pub async fn delete(key: &str) -> Result<(), String> {
        JsFuture::from(idb_delete(key))
            .await
            .map(|_| ())
            .map_err(reason)
    }
}

/// Off the browser nothing is stored.
#[cfg(not(target_arch = "wasm32"))]
mod idb {
    pub async fn get(_: &str) -> Result<Option<String>, String> {
        Ok(None)
    }
    pub async fn put(_: &str, _: &str) -> Result<(), String> {
        Ok(())
    }
    pub async fn delete(_: &str) -> Result<(), String> {
        Ok(())
    }
}

/// The names of the saved projects, in saving order.
pub fn saved_names() -> Vec<String> {
    get(INDEX)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

/// The sentence for a save of `name` that failed for `reason`.
fn not_saved(name: &str, reason: &str) -> String {
    format!(
        "“{name}” could not be saved in this browser ({reason}). It is still open here and the \
         last saved copy is unchanged: export it (Export → JSON) to keep this version."
    )
}

/// Saves a project under its name and makes it the one restored on reload. The names are
/// written at once; the project itself a moment later (a failure then reaches the notice bar,
/// and a `project-saved` performance mark follows each save that completed).
///
/// # Errors
/// A sentence for the user when the list of names cannot be written.
pub fn save(project: &Project) -> Result<(), String> {
    let mut names = saved_names();
    if !names.contains(&project.name) {
        names.push(project.name.clone());
        set(INDEX, &serde_json::to_string(&names).unwrap_or_default())
            .map_err(|e| not_saved(&project.name, &e))?;
    }
    set(CURRENT, &project.name).map_err(|e| not_saved(&project.name, &e))?;
    let t = crate::ui::map::perf::now();
    let (name, text) = (project.name.clone(), project_json(project));
    crate::ui::map::perf::record("save", t);
    leptos::task::spawn_local(async move {
        match idb::put(&name, &text).await {
            Ok(()) => {
                // An older version's copy is stale now.
                remove(&legacy_key(&name));
                crate::ui::map::perf::mark("project-saved");
            }
            Err(e) => {
                if let Some(state) = TELL.with(Cell::get) {
                    state.tell(not_saved(&name, &e), true);
                }
            }
        }
    });
    Ok(())
}

/// Reads a saved project by name (from IndexedDB, or where an older version left it).
///
/// # Errors
/// A sentence for the user when it cannot be read.
pub async fn load(name: &str) -> Result<Project, String> {
    let text = match idb::get(name).await {
        Ok(Some(t)) => t,
        Ok(None) => get(&legacy_key(name)).ok_or_else(|| format!("“{name}” is not saved"))?,
        Err(e) => get(&legacy_key(name)).ok_or(e)?,
    };
    Project::from_json(&text, name).map_err(|e| e.to_string())
}

/// Forgets a saved project.
pub fn delete(name: &str) {
    remove(&legacy_key(name));
    let names: Vec<String> = saved_names().into_iter().filter(|n| n != name).collect();
    let _ = set(INDEX, &serde_json::to_string(&names).unwrap_or_default());
    let name = name.to_string();
    leptos::task::spawn_local(async move {
        let _ = idb::delete(&name).await;
    });
}

/// Moves the projects an older version kept in localStorage into IndexedDB, forgetting each
/// old copy once its new one is written (a failure leaves it where it was).
async fn migrate() {
    for name in saved_names() {
        if let Some(text) = get(&legacy_key(&name)) {
            if idb::put(&name, &text).await.is_ok() {
                remove(&legacy_key(&name));
            }
        }
    }
}

/// The project to show until the one open when the page was last closed is read: an empty one
/// of its name (`None` when none was open).
pub fn stand_in() -> Option<Project> {
    get(CURRENT).map(|name| Project {
        name,
        history: crate::domain::History::new(),
        ground_truth: None,
    })
}

/// Reads the project open when the page was last closed and opens it (unless another was
/// opened meanwhile), after moving older versions' projects into IndexedDB. Until then the
/// autosave holds off, so the stand-in never overwrites it.
pub fn restore_later(state: AppState) {
    let Some(name) = get(CURRENT) else {
        leptos::task::spawn_local(migrate());
        return;
    };
    HOLD.with(|h| h.set(true));
    state.tell(format!("Opening “{name}” from browser storage…"), false);
    let read = state.unless_opened_meanwhile(async move {
        migrate().await;
        let p = load(&name).await;
        (name, p)
    });
    leptos::task::spawn_local(async move {
        let done = read.await;
        HOLD.with(|h| h.set(false));
        match done {
            Some((_, Ok(p))) => {
                SKIP_NEXT.with(|s| s.set(true));
                state.notice.set(None);
                state.open(p, false);
            }
            Some((name, Err(e))) => {
                state.tell(
                    format!("“{name}” could not be read from browser storage: {e}. It is still kept there; the demo house is open instead."),
                    true,
                );
                state.open(crate::view::demo::demo_project(), false);
            }
            // Another project was opened meanwhile: it is the one to save.
            None => {
                if let Err(e) = state.project.with_untracked(save) {
                    state.tell(e, true);
                }
            }
        }
    });
}
