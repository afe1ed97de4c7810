//! The top bar: the app's name, the two pages, the open project's name, and the project,
//! import and export menus.

use crate::ui::io::export_menu::ExportMenu;
use crate::ui::io::follow::FollowButton;
use crate::ui::io::import::ImportButton;
use crate::ui::io::projects_menu::ProjectsMenu;
use crate::ui::signals::SetIfChanged;
use crate::ui::state::{AppState, Page};
use leptos::prelude::*;

/// The header.
#[component]
pub fn AppHeader() -> impl IntoView {
    let state = expect_context::<AppState>();
    let tab = move |page: Page, label: &'static str| {
        view! {
            <button class="tab" class:active=move || state.page.get() == page on:click=move |_| state.page.set_if_changed(page)>{label}</button>
        }
    };
    view! {
        <header class="app-header">
            <h1>"maprepair"</h1>
            <nav class="tabs">{tab(Page::Map, "Map")}{tab(Page::Learn, "Learn")}</nav>
            <p class="project-name" data-testid="project-name">{move || state.project.with(|p| p.name.clone())}</p>
            <div class="header-actions">
                <ProjectsMenu />
                <ImportButton />
                <FollowButton />
                <ExportMenu />
            </div>
        </header>
    }
}
