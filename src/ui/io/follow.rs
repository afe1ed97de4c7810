//! Following a transcript while the game is played: the player picks the file their
//! interpreter is writing (its SCRIPT / TRANSCRIPT command on), and the map is rebuilt by the
//! automapper each time the file grows, so it keeps up with the game. The file is re-read
//! through the browser's File System Access API (Chromium browsers); elsewhere the button says
//! so and Open file… still reads a transcript once.
//!
//! Nothing the user did is overwritten: once the followed map is changed here (a repair, a
//! revert) or another project is opened, following stops and says why.

use crate::domain::formats::{is_mango, is_transcript};
use crate::ui::signals::SetIfChanged;
use crate::ui::AppState;
use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::JsValue;

/// How often the followed file is looked at.
const POLL: Duration = Duration::from_millis(1500);

/// The file being followed and what was made of it last.
struct Following {
    /// The browser's handle on the file.
    handle: JsValue,
    /// The file's name, as the notices and the project show it.
    name: String,
    /// Size and modification time of the text last read.
    seen: (f64, f64),
    /// Commits of the project last opened from it (`None` before it held a command).
    commits: Option<usize>,
    /// How many projects the app had opened when this one was; another one means the user
    /// moved on.
    opened: u64,
    /// A read is under way.
    busy: bool,
    timer: Option<IntervalHandle>,
}

/// Why following stopped, or that a look changed nothing.
enum Look {
    Same,
    Rebuilt(usize),
    Waiting,
    Stop(String),
}

#[cfg(target_arch = "wasm32")]
mod fs {
    use wasm_bindgen::{JsCast, JsValue};
    use wasm_bindgen_futures::JsFuture;

    fn get(object: &JsValue, key: &str) -> Option<JsValue> {
        js_sys::Reflect::get(object, &JsValue::from_str(key))
            .ok()
            .filter(|v| !v.is_undefined() && !v.is_null())
    }

    /// Whether the browser can re-read a picked file.
    pub fn supported() -> bool {
        web_sys::window().is_some_and(|w| get(&w, "showOpenFilePicker").is_some())
    }

    /// Asks the user for a file; `Ok(None)` when they cancel.
    pub async fn pick() -> Result<Option<JsValue>, String> {
        let window = web_sys::window().ok_or("no window")?;
        let picker = get(&window, "showOpenFilePicker")
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .ok_or("this browser cannot follow a file")?;
        let promise = picker
            .call0(&window)
            .map_err(|e| format!("{e:?}"))?
            .dyn_into::<js_sys::Promise>()
            .map_err(|_| "the file picker gave no answer".to_string())?;
        match JsFuture::from(promise).await {
            Ok(handles) => Ok(js_sys::Array::from(&handles).iter().next()),
            // The user closed the picker.
            Err(_) => Ok(None),
        }
    }

    /// The file behind `handle` now: its text, size and modification time.
    pub async fn read(
        handle: &JsValue,
        seen: (f64, f64),
    ) -> Result<Option<(String, (f64, f64))>, String> {
        let get_file = get(handle, "getFile")
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .ok_or("the file can no longer be read")?;
        let promise = get_file
            .call0(handle)
            .ok()
            .and_then(|p| p.dyn_into::<js_sys::Promise>().ok())
            .ok_or("the file can no longer be read")?;
        let file: web_sys::File = JsFuture::from(promise)
            .await
            .ok()
            .and_then(|f| f.dyn_into().ok())
            .ok_or("the file can no longer be read (moved, deleted, or permission withdrawn)")?;
        let now = (file.size(), file.last_modified());
        if now == seen {
            return Ok(None);
        }
        let text = crate::ui::io::files::read_text(&file).await?;
        Ok(Some((text, now)))
    }

    /// The name of the file behind `handle`.
    pub fn name(handle: &JsValue) -> String {
        get(handle, "name")
            .and_then(|n| n.as_string())
            .unwrap_or_else(|| "transcript".to_string())
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod fs {
    use wasm_bindgen::JsValue;

    pub fn supported() -> bool {
        false
    }

    #[allow(clippy::unused_async)]
    pub async fn pick() -> Result<Option<JsValue>, String> {
        Err("files can only be followed in a browser".to_string())
    }

    #[allow(clippy::unused_async)]
    pub async fn read(_: &JsValue, _: (f64, f64)) -> Result<Option<(String, (f64, f64))>, String> {
        Err("files can only be followed in a browser".to_string())
    }

    pub fn name(_: &JsValue) -> String {
        String::new()
    }
}

/// Reads the followed file again and rebuilds the map if it grew and the map is still the one
/// made from it. One look at a time: a look that finds another under way does nothing.
async fn look(state: AppState, follow: StoredValue<Option<Following>, LocalStorage>) -> Look {
    let set_busy = |busy: bool| {
        follow.update_value(|f| {
            if let Some(f) = f {
                f.busy = busy;
            }
        })
    };
    if follow.with_value(|f| f.as_ref().is_none_or(|f| f.busy)) {
        return Look::Same;
    }
    set_busy(true);
    let out = rebuild(state, follow).await;
    set_busy(false);
    out
}

async fn rebuild(state: AppState, follow: StoredValue<Option<Following>, LocalStorage>) -> Look {
    let Some((handle, seen, name, ours, opened)) = follow.with_value(|f| {
        f.as_ref().map(|f| {
            (
                f.handle.clone(),
                f.seen,
                f.name.clone(),
                f.commits,
                f.opened,
            )
        })
    }) else {
        return Look::Same;
    };
    let (text, now) = match fs::read(&handle, seen).await {
        Ok(None) => return Look::Same,
        Ok(Some(x)) => x,
        Err(e) => return Look::Stop(format!("Following {name} stopped: {e}.")),
    };
    // The user's own changes win over the file's: another project opened, or commits made here.
    let changed_here =
        || state.opened.get_value() != opened || ours.is_some_and(|n| state.commit_count() != n);
    if changed_here() {
        return Look::Stop(format!(
            "Following {name} stopped: the map was changed here (or another one opened), and rebuilding it from the file would undo that. Follow the file again to start over."
        ));
    }
    let remember = |commits: Option<usize>| {
        follow.update_value(|f| {
            if let Some(f) = f {
                f.seen = now;
                f.commits = commits.or(f.commits);
                f.opened = state.opened.get_value();
            }
        })
    };
    // A transcript just begun holds only the game's banner. (The automapper's module reads it;
    // here it is only recognised.)
    if !(is_mango(&text) || is_transcript(&text)) {
        remember(None);
        return Look::Waiting;
    }
    let built = match crate::ui::modules::automapper::walkthrough(name.clone(), text).await {
        Ok(p) => p,
        Err(e) => return Look::Stop(format!("Following {name} stopped: {e}")),
    };
    // Nothing else may have been opened or changed while the automapper worked.
    if changed_here() {
        return Look::Same;
    }
    let commits = built.history.len();
    let rooms = built.history.head().room_count();
    if ours.is_none() {
        state.lesson.set(None);
        state.open(built, false);
    } else {
        // The view stays where the user put it; the timeline shows the newest step. The
        // history is rebuilt, not grown: counted as a project opened, so that the copies of
        // it (the worker's, the LLM tools') are handed it whole.
        state.cursor.set_if_changed(None);
        state.opened.update_value(|n| *n += 1);
        state.project.set(built);
    }
    remember(Some(commits));
    Look::Rebuilt(rooms)
}

/// Stops following, clearing the timer.
fn stop(follow: StoredValue<Option<Following>, LocalStorage>, following: RwSignal<Option<String>>) {
    follow.update_value(|f| {
        if let Some(t) = f.take().and_then(|f| f.timer) {
            t.clear();
        }
    });
    following.set(None);
}

/// One look, and what the user is told of it.
fn tick(
    state: AppState,
    follow: StoredValue<Option<Following>, LocalStorage>,
    following: RwSignal<Option<String>>,
    first: bool,
) {
    leptos::task::spawn_local(async move {
        let name = follow.with_value(|f| f.as_ref().map(|f| f.name.clone()));
        let Some(name) = name else { return };
        match look(state, follow).await {
            Look::Same => {}
            Look::Rebuilt(rooms) if first => state.tell(
                format!("Following {name}: {rooms} rooms. The map is rebuilt as the game writes to the file."),
                false,
            ),
            Look::Rebuilt(_) => {}
            Look::Waiting if first => state.tell(
                format!("Following {name}: waiting for the first commands."),
                false,
            ),
            Look::Waiting => {}
            Look::Stop(why) => {
                stop(follow, following);
                state.tell(why, true);
            }
        }
    });
}

/// The "Follow a transcript" button (and "Stop following" while following).
#[component]
pub fn FollowButton() -> impl IntoView {
    let state = expect_context::<AppState>();
    let follow = StoredValue::new_local(None::<Following>);
    let following = RwSignal::new(None::<String>);
    on_cleanup(move || stop(follow, following));
    let start = move |_| {
        if !fs::supported() {
            state.tell(
                "Following a file needs a browser that lets a page read a file again (Chrome, Edge, Opera). Use Open file… to read the transcript once, and again after playing on.",
                true,
            );
            return;
        }
        leptos::task::spawn_local(async move {
            let handle = match fs::pick().await {
                Ok(Some(h)) => h,
                Ok(None) => return,
                Err(e) => {
                    state.tell(e, true);
                    return;
                }
            };
            stop(follow, following);
            let name = fs::name(&handle);
            let timer =
                set_interval_with_handle(move || tick(state, follow, following, false), POLL).ok();
            follow.set_value(Some(Following {
                handle,
                name: name.clone(),
                seen: (-1.0, -1.0),
                commits: None,
                opened: state.opened.get_value(),
                busy: false,
                timer,
            }));
            following.set(Some(name));
            tick(state, follow, following, true);
        });
    };
    view! {
        {move || match following.get() {
            None => view! {
                <button
                    data-testid="follow-transcript"
                    title="Pick the transcript file your interpreter is writing (SCRIPT on): the map is rebuilt as you play"
                    on:click=start
                >
                    "Follow a transcript…"
                </button>
            }
            .into_any(),
            Some(name) => view! {
                <button
                    class="following"
                    data-testid="follow-stop"
                    title=format!("The map follows {name} as the game writes to it. Click to stop.")
                    on:click=move |_| {
                        stop(follow, following);
                        state.tell("Stopped following the transcript; the map stays as it is.", false);
                    }
                >
                    <span class="live-dot" aria-hidden="true"></span>
                    {format!("Following {name} · Stop")}
                </button>
            }
            .into_any(),
        }}
    }
}
