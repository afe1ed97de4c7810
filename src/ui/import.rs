//! Opening files: the import button (a file picker) and dropped files. A file that cannot be
//! read leaves the open project as it was and says what is wrong, and where.

use super::files::read_map;
use super::AppState;
use leptos::prelude::*;

/// Reads `file` and opens it as the project, or reports why not.
fn open_file(state: AppState, file: web_sys::File) {
    leptos::task::spawn_local(async move {
        let name = file.name();
        #[cfg(target_arch = "wasm32")]
        let text = super::files::read_text(&file).await;
        #[cfg(not(target_arch = "wasm32"))]
        let text: Result<String, String> =
            Err(format!("{name}: files can only be read in a browser"));
        let project = match text.and_then(|t| {
            read_map(&name, &t)
                .map_err(|e| e.to_string())
                .map(|p| (p, t))
        }) {
            Ok((Some(p), _)) => Ok(p),
            // A walkthrough: the automapper's module reads it.
            Ok((None, t)) => {
                state.tell(format!("Reading {name}…"), false);
                let read = super::automapper::walkthrough(&name, &t);
                let Some(read) = state.unless_opened_meanwhile(read).await else {
                    return;
                };
                read
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
    });
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
        <label class="button" title="Open a MANGO .walkthrough, an edges.json or a saved project (or drop it on the page)">
            "Open file…"
            <input type="file" class="visually-hidden" data-testid="import-file" accept=".json,.walkthrough,.txt" on:change=picked />
        </label>
    }
}
