//! The Leptos app: a map workspace (demo gallery, conflicts, repair, the map, the timeline, the
//! inspector and the commit panel) and a Learn gallery.
//!
//! State lives in [`state::AppState`] (provided by context); the domain does every piece of
//! graph work and [`crate::view`] computes what is shown; side effects (storage, files, timers,
//! keys, timing marks) each live in their own file. One component per file, named after the
//! file, grouped by what the user sees: [`map`], [`history`], [`conflicts`], [`repair`],
//! [`io`], [`learn`], [`llm`], and the bridges to the other wasm modules ([`modules`]).

pub mod conflicts;
pub mod demo_picker;
pub mod header;
pub mod history;
pub mod io;
pub mod learn;
pub mod llm;
pub mod map;
pub mod modules;
pub mod notice;
pub mod repair;
pub mod signals;
pub mod state;
pub mod workspace;

pub use state::AppState;

use leptos::prelude::*;
use state::Page;

/// The project the app opens with: `#demo=<id>` in the address (the demos the automapper's
/// module builds follow as soon as it is loaded, the built-in house until then), else the one
/// open when the page was last closed (read from browser storage just after: an empty stand-in
/// of its name until then, and `true`), else the built-in house.
fn first_project() -> (crate::domain::Project, Option<String>, bool) {
    #[cfg(target_arch = "wasm32")]
    {
        let hash = web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default();
        if let Some(id) = hash.strip_prefix("#demo=") {
            if let Some(p) = crate::view::catalog::build_here(id) {
                return (p, None, false);
            }
            if crate::view::catalog::cards().iter().any(|c| c.id == id) {
                return (
                    crate::view::demo::demo_project(),
                    Some(id.to_string()),
                    false,
                );
            }
        }
    }
    match io::storage::stand_in() {
        Some(p) => (p, None, true),
        None => (crate::view::demo::demo_project(), None, false),
    }
}

/// Opens the demo `id` once the automapper's module has built it.
fn open_later(state: AppState, id: String) {
    let built = state.unless_opened_meanwhile(async move {
        let built = modules::automapper::demo(id.clone()).await;
        (id, built)
    });
    leptos::task::spawn_local(async move {
        let Some((id, built)) = built.await else {
            return;
        };
        match built {
            Ok(p) => state.open(p, false),
            Err(e) => state.tell(format!("The demo “{id}” could not be built: {e}."), true),
        }
    });
}

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    let (first, pending, restore) = first_project();
    let state = AppState::new(first);
    provide_context(state);
    if let Some(id) = pending {
        open_later(state, id);
    }
    io::storage::use_autosave(state);
    if restore {
        io::storage::restore_later(state);
    }
    modules::llm_slot::provide_llm_loader(state);
    modules::force_layout::follow(state);
    history::playback::use_playback(state);
    history::keys::use_arrow_keys(state);
    let dragging = RwSignal::new(false);
    view! {
        <div
            class="app"
            class:dragging=move || dragging.get()
            on:dragover=move |ev| {
                ev.prevent_default();
                dragging.set(true);
            }
            on:dragleave=move |_| dragging.set(false)
            on:drop=move |ev| {
                ev.prevent_default();
                dragging.set(false);
                io::import::drop_files(state, &ev);
            }
        >
            <header::AppHeader />
            <notice::NoticeBar />
            <modules::work_bar::WorkBar />
            {move || match state.page.get() {
                Page::Map => view! { <workspace::Workspace /> }.into_any(),
                Page::Learn => view! { <learn::gallery::LearnGallery /> }.into_any(),
            }}
            <div class="drop-hint">"Drop a .walkthrough, an edges.json or a saved project to open it"</div>
        </div>
    }
}
