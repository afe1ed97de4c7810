//! The Leptos app. For now one page: the built-in demo map, drawn on its lattice, with its
//! conflict counts.
//!
//! Components get plain data as props; the domain work (building the project, analysing it,
//! turning positions into a drawing) happens once, in [`App`].

pub mod conflict_summary;
pub mod demo;
pub mod drawing;
pub mod map_canvas;

pub use conflict_summary::ConflictSummary;
pub use drawing::Drawing;
pub use map_canvas::MapCanvas;

use crate::domain::Analysis;
use leptos::prelude::*;

/// The whole page: a header, the demo map and its conflict counts.
#[component]
pub fn App() -> impl IntoView {
    let project = demo::demo_project();
    let map = project.history.head();
    let analysis = Analysis::of(map);
    let drawing = Drawing::of(map, &analysis);
    view! {
        <header class="app-header">
            <h1>"maprepair"</h1>
            <p>"Turn text into a map of rooms linked by compass directions, and find where it contradicts itself."</p>
        </header>
        <main class="demo">
            <section class="demo-map">
                <h2>{project.name.clone()}</h2>
                <MapCanvas drawing=drawing />
                <p class="map-legend">
                    <span class="key walked"></span>"walked"
                    <span class="key assumed"></span>"assumed way back"
                    <span class="key conflicted"></span>"named by a conflict"
                </p>
            </section>
            <ConflictSummary rooms=map.room_count() exits=map.exit_count() counts=analysis.counts() />
        </main>
    }
}
