//! The map against its ground truth: a switch to colour the exits by verdict, precision and
//! recall, and a way to load a truth (`edges.json`) for the open project.

use crate::domain::formats::parse_edge_list;
use crate::ui::signals::SetIfChanged;
use crate::ui::AppState;
use leptos::prelude::*;

/// The ground-truth panel.
#[component]
pub fn TruthPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let has_truth = move || state.project.with(|p| p.ground_truth.is_some());
    let numbers = move || {
        state.truth.get().map(|t| {
            let s = t.score;
            format!(
                "precision {:.0} % · recall {:.0} % ({} of {} true links right)",
                s.edge_precision() * 100.0,
                s.edge_recall() * 100.0,
                s.pairs_correct,
                s.truth_pairs
            )
        })
    };
    let load = move |ev: leptos::ev::Event| {
        let input: Option<web_sys::HtmlInputElement> =
            wasm_bindgen::JsCast::dyn_into(event_target::<web_sys::EventTarget>(&ev)).ok();
        let Some(file) = input.and_then(|i| i.files()).and_then(|f| f.get(0)) else {
            return;
        };
        leptos::task::spawn_local(async move {
            let text = crate::ui::io::files::read_text(&file).await;
            match text.and_then(|t| parse_edge_list(&t, &file.name()).map_err(|e| e.to_string())) {
                Ok(records) => {
                    state.project.update(|p| p.ground_truth = Some(records));
                    state.show_truth.set_if_changed(true);
                }
                Err(e) => state.tell(format!("Ground truth not loaded. {e}"), true),
            }
        });
    };
    view! {
        <section class="truth-panel panel">
            <h2>"Ground truth"</h2>
            <Show when=has_truth fallback=|| view! { <p class="hint">"No true map for this project."</p> }>
                <label class="switch">
                    <input type="checkbox" data-testid="truth-toggle" prop:checked=move || state.show_truth.get() on:change=move |_| state.show_truth.update(|v| *v = !*v) />
                    " Colour exits by the truth"
                </label>
                <p class="truth-score" data-testid="truth-score">{numbers}</p>
            </Show>
            <label class="button small">"Load a true map (edges.json)…"
                <input type="file" class="visually-hidden" accept=".json" on:change=load />
            </label>
        </section>
    }
}
