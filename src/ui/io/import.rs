//! Opening files: the import button (a file picker) and dropped files. A file that cannot be
//! read leaves the open project as it was and says what is wrong, and where.

use crate::domain::import::read_map;
use crate::domain::Project;
use crate::ui::modules::worker::{self, WorkError};
use crate::ui::AppState;
use leptos::prelude::*;

/// Bytes from which a saved project or an edge list is read in the worker rather than on the
/// page (a walkthrough or transcript always is). Reading one on the page takes about 15 ms per
/// 100 KB in the release bundle (a 100,000-room lattice edge list, 13.5 MB, was 1.9 s of one
/// long task), so up to this size it is done within a few frames, and without the worker's
/// round trip (loading it first, when the user opens a file before it is up); past it, the page
/// would drop frames, so it shows progress and Cancel instead.
pub const READ_IN_WORKER_BYTES: usize = 256 * 1024;

/// Reads `file` and opens it as the project, or reports why not.
fn open_file(state: AppState, file: web_sys::File) {
    leptos::task::spawn_local(async move {
        let name = file.name();
        let t = crate::ui::map::perf::now();
        let text = crate::ui::io::files::read_text(&file).await;
        crate::ui::map::perf::record("read-file", t);
        open_text(state, name, text).await;
    });
}

/// Opens a game's transcript or walkthrough pasted elsewhere (the LLM tools' text box) with the
/// automapper, or reports why not.
pub fn open_transcript(state: AppState, name: String, text: String) {
    leptos::task::spawn_local(open_text(state, name, Ok(text)));
}

/// Opens the text of a file called `name` as the project: a small saved project or edge list
/// here, anything else in the worker (the page keeps drawing; the user may cancel). On failure
/// or cancel the open project stays as it was and the notice says so.
async fn open_text(state: AppState, name: String, text: Result<String, String>) {
    let text = match text {
        Ok(t) => t,
        Err(e) => return state.tell(format!("Nothing was changed. {e}"), true),
    };
    let here = if text.len() < READ_IN_WORKER_BYTES {
        read_map(&name, &text).map_err(|e| e.to_string())
    } else {
        Ok(None)
    };
    let (project, sent) = match here {
        Ok(Some(p)) => (p, None),
        Err(e) => return state.tell(format!("Nothing was changed. {e}"), true),
        // A walkthrough or transcript, or a big file: the worker reads it.
        Ok(None) => {
            state.tell(format!("Reading {name}…"), false);
            let read = crate::ui::modules::automapper::read_file(name.clone(), text);
            match state.unless_opened_meanwhile(read).await {
                None => return,
                Some(Err(WorkError::Cancelled)) => {
                    return state.tell(
                        format!("Reading {name} was cancelled. Nothing was changed."),
                        false,
                    );
                }
                Some(Err(WorkError::Failed(e))) => {
                    return state.tell(format!("Nothing was changed. {e}"), true)
                }
                Some(Ok((p, sent))) => (p, Some(sent)),
            }
        }
    };
    open_read(state, &name, project, sent);
}

/// Opens a project read from the file `name` (in the worker's job `sent`, whose copy then is
/// the open project) and says so.
fn open_read(state: AppState, name: &str, project: Project, sent: Option<worker::Sent>) {
    let summary = format!(
        "Opened {name}: {} rooms, {} commits.",
        project.history.head().room_count(),
        project.history.len()
    );
    state.lesson.set(None);
    state.open(project, false);
    if let Some(sent) = sent {
        let opened = state.opened.get_value();
        state
            .project
            .with_untracked(|p| worker::adopt(sent, opened, p));
    }
    state.tell(summary, false);
}

/// Opens the first file of a drop.
pub fn drop_files(state: AppState, ev: &web_sys::DragEvent) {
    if let Some(file) = ev
        .data_transfer()
        .and_then(|d| d.files())
        .and_then(|f| f.get(0))
    {
        open_file(state, file);
    }
}

/// The "Open file" button.
#[component]
pub fn ImportButton() -> impl IntoView {
    let state = expect_context::<AppState>();
    let picked = move |ev: leptos::ev::Event| {
        let input: Option<web_sys::HtmlInputElement> =
            wasm_bindgen::JsCast::dyn_into(event_target::<web_sys::EventTarget>(&ev)).ok();
        if let Some(input) = input {
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                open_file(state, file);
            }
            input.set_value("");
        }
    };
    view! {
        <label class="button" title="Open a game transcript (what your interpreter's SCRIPT command saves), a MANGO .walkthrough, an edges.json or a saved project (or drop it on the page)">
            "Open file…"
            <input type="file" class="visually-hidden" data-testid="import-file" accept=".json,.walkthrough,.txt,.log,.scr,.script,text/plain" on:change=picked />
        </label>
    }
}
