//! Named projects in browser storage: open or delete a saved one, or save the open project
//! under a new name (the old one stays).

use crate::ui::io::storage;
use crate::ui::AppState;
use leptos::prelude::*;

/// The projects menu.
#[component]
pub fn ProjectsMenu() -> impl IntoView {
    let state = expect_context::<AppState>();
    let names = RwSignal::new(storage::saved_names());
    let new_name = RwSignal::new(String::new());
    let refresh = move |_| names.set(storage::saved_names());
    let open = move |name: String| {
        let read = state.unless_opened_meanwhile(async move {
            let p = storage::load(&name).await;
            (name, p)
        });
        leptos::task::spawn_local(async move {
            match read.await {
                Some((name, Ok(p))) => {
                    state.lesson.set(None);
                    state.open(p, false);
                    state.tell(format!("Opened “{name}”."), false);
                }
                Some((name, Err(e))) => state.tell(
                    format!("“{name}” could not be read from browser storage: {e}."),
                    true,
                ),
                None => {}
            }
        });
    };
    let save_as = move |_| {
        let name = new_name.get_untracked().trim().to_string();
        if name.is_empty() {
            return;
        }
        state.project.update(|p| p.name = name.clone());
        // Saved at once (not a moment later like the autosave) so the list shows it now.
        if let Err(e) = state.project.with_untracked(storage::save) {
            state.tell(e, true);
        }
        names.set(storage::saved_names());
        new_name.set(String::new());
        state.tell(format!("Saved as “{name}”."), false);
    };
    let rows = move || {
        names.get().into_iter().map(|n| {
            let (a, b) = (n.clone(), n.clone());
            view! {
                <li>
                    <button class="plain" on:click=move |_| open(a.clone())>{n}</button>
                    <button class="plain danger" title="Delete" on:click=move |_| { storage::delete(&b); names.set(storage::saved_names()); }>"×"</button>
                </li>
            }
        }).collect_view()
    };
    view! {
        <details class="menu projects-menu" on:toggle=refresh>
            <summary class="button">"Projects"</summary>
            <div class="menu-body">
                <p class="hint">"Saved in this browser after every change."</p>
                <ul class="saved">{rows}</ul>
                <div class="save-as">
                    <input type="text" placeholder="Save a copy as…" prop:value=move || new_name.get() on:input=move |ev| new_name.set(event_target_value(&ev)) />
                    <button on:click=save_as>"Save"</button>
                </div>
            </div>
        </details>
    }
}
