//! Export: the project (map and full history) as JSON, the map as SVG or PNG, and the map whole
//! as a MANGO-style `edges.json` (its ways back, rooms and what MANGO's fields cannot say in
//! extra keys, [`crate::domain::formats::listed`]); both JSON files open again as the same map.

use crate::ui::io::files::file_name;
use crate::ui::AppState;
use crate::view::svg;
use leptos::prelude::*;

/// Offers a text download, reporting failures.
fn offer(state: AppState, name: &str, mime: &str, text: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Err(e) = crate::ui::io::files::download_text(name, mime, text) {
        state.tell(format!("Export failed: {e}"), true);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (state, name, mime, text);
}

/// The export buttons.
#[component]
pub fn ExportMenu() -> impl IntoView {
    let state = expect_context::<AppState>();
    let name = move || state.project.with_untracked(|p| p.name.clone());
    let json = move |_| {
        let text = state
            .project
            .with_untracked(crate::domain::Project::to_json);
        offer(
            state,
            &file_name(&name(), "maprepair.json"),
            "application/json",
            &text,
        );
    };
    let svg_text = move || state.drawing.with_untracked(|d| svg::document(d, &name()));
    let svg_file = move |_| {
        offer(
            state,
            &file_name(&name(), "svg"),
            "image/svg+xml",
            &svg_text(),
        )
    };
    let png = move |_| {
        #[cfg(target_arch = "wasm32")]
        crate::ui::io::png::export_png(state, &svg_text(), &file_name(&name(), "png"));
    };
    let edges = move |_| {
        let text = state
            .project
            .with_untracked(crate::domain::Project::to_edge_list);
        offer(
            state,
            &file_name(&name(), "edges.json"),
            "application/json",
            &text,
        );
    };
    view! {
        <div class="export-menu" role="group" aria-label="Export">
            <span class="group-label">"Export"</span>
            <button data-testid="export-json" on:click=json title="The project: map, full history and ground truth">"JSON"</button>
            <button data-testid="export-svg" on:click=svg_file title="The map as drawn, as SVG">"SVG"</button>
            <button data-testid="export-png" on:click=png title="The map as drawn, as PNG">"PNG"</button>
            <button data-testid="export-edges" on:click=edges title="The map as a MANGO-style edges.json">"edges.json"</button>
        </div>
    }
}
