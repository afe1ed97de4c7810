//! The map page: the gallery, conflicts and repair on the left; the map with its toolbar,
//! legend and timeline in the middle; the inspector, the route finder and the commit panel on
//! the right.

use crate::ui::conflicts::conflict_list::ConflictList;
use crate::ui::conflicts::conflict_summary::ConflictSummary;
use crate::ui::conflicts::inspector::Inspector;
use crate::ui::demo_picker::DemoPicker;
use crate::ui::history::commit_detail::CommitDetail;
use crate::ui::history::timeline::Timeline;
use crate::ui::io::truth_panel::TruthPanel;
use crate::ui::learn::lesson_panel::LessonPanel;
use crate::ui::map::legend::Legend;
use crate::ui::map::map_canvas::MapCanvas;
use crate::ui::map::map_toolbar::MapToolbar;
use crate::ui::map::route_finder::RoutePanel;
use crate::ui::modules::llm_slot::LlmSlot;
use crate::ui::repair::repair_panel::RepairPanel;
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
