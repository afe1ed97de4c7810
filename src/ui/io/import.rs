//! Opening files: the import button (a file picker) and dropped files. A file that cannot be
//! read leaves the open project as it was and says what is wrong, and where.

use crate::domain::import::read_map;
use crate::ui::modules::worker::WorkError;
use crate::ui::AppState;
use leptos::prelude::*;

/// Reads `file` and opens it as the project, or reports why not.
fn open_file(state: AppState, file: web_sys::File) {
    leptos::task::spawn_local(async move {
        let name = file.name();
        let text = crate::ui::io::files::read_text(&file).await;
        open_text(state, name, text).await;
    });
}

/// Opens a game's transcript or walkthrough pasted elsewhere (the LLM tools' text box) with the
/// automapper, or reports why not.
pub fn open_transcript(state: AppState, name: String, text: String) {
    leptos::task::spawn_local(open_text(state, name, Ok(text)));
}

/// Opens the text of a file called `name` as the project: a saved project or edge list as it
/// is, anything else through the automapper in the worker (the page keeps drawing; the user
/// may cancel). On failure or cancel the open project stays as it was and the notice says so.
async fn open_text(state: AppState, name: String, text: Result<String, String>) {
    let project = match text.and_then(|t| {
        read_map(&name, &t)
            .map_err(|e| e.to_string())
            .map(|p| (p, t))
    }) {
        Ok((Some(p), _)) => Ok(p),
        // A walkthrough or transcript: the automapper reads it in the worker.
        Ok((None, t)) => {
            state.tell(format!("Reading {name}…"), false);
            let read = crate::ui::modules::automapper::walkthrough(name.clone(), t);
            match state.unless_opened_meanwhile(read).await {
                None => return,
                Some(Err(WorkError::Cancelled)) => {
                    state.tell(
                        format!("Reading {name} was cancelled. Nothing was changed."),
                        false,
                    );
                    return;
                }
                Some(read) => read.map_err(|e| e.to_string()),
            }
        }
        Err(e) => Err(e),
    };
    match project {
        Ok(p) => {
            let summary = format!(
                "Opened {name}: {} rooms, {} commits.",
                p.history.head().room_count(),
                p.history.len()
            );
            state.lesson.set(None);
            state.open(p, false);
            state.tell(summary, false);
        }
        Err(e) => state.tell(format!("Nothing was changed. {e}"), true),
    }
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
