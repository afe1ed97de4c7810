//! The map page: the gallery, conflicts and repair on the left; the map with its toolbar,
//! legend and timeline in the middle; the inspector, the route finder and the commit panel on
//! the right.

use super::commit_detail::CommitDetail;
use super::conflict_list::ConflictList;
use super::conflict_summary::ConflictSummary;
use super::demo_picker::DemoPicker;
use super::inspector::Inspector;
use super::legend::Legend;
use super::lesson_panel::LessonPanel;
use super::llm_slot::LlmSlot;
use super::map_canvas::MapCanvas;
use super::map_toolbar::MapToolbar;
use super::repair_panel::RepairPanel;
use super::route_finder::RoutePanel;
use super::timeline::Timeline;
use super::truth_panel::TruthPanel;
use leptos::prelude::*;

/// The three-column map workspace.
#[component]
pub fn Workspace() -> impl IntoView {
    view! {
        <main class="workspace">
            <aside class="side left">
                <DemoPicker />
                <ConflictSummary />
                <ConflictList />
                <RepairPanel />
                <TruthPanel />
                <LlmSlot />
            </aside>
            <section class="centre">
                <LessonPanel />
                <MapToolbar />
                <MapCanvas />
                <Timeline />
                <Legend />
            </section>
            <aside class="side right">
                <Inspector />
                <RoutePanel />
                <CommitDetail />
            </aside>
        </main>
    }
}
