//! Component tests in a real browser (headless Chromium):
//!
//! ```text
//! CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test web
//! ```
//!
//! Each test mounts a component with an [`AppState`] around the built-in demo house (two
//! conflicts: one directional, one topological), acts on it, waits a tick for the reactive
//! system, and reads the DOM through the same `data-testid`s the end-to-end tests use.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use leptos::prelude::*;
use leptos::task::tick;
use maprepair::ui::conflict_list::ConflictList;
use maprepair::ui::conflict_summary::ConflictSummary;
use maprepair::ui::demo::demo_project;
use maprepair::ui::inspector::Inspector;
use maprepair::ui::map_canvas::MapCanvas;
use maprepair::ui::repair_panel::RepairPanel;
use maprepair::ui::timeline::Timeline;
use maprepair::ui::AppState;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// A fresh element to mount into, and the state the component sees.
fn mount<V: IntoView + 'static>(component: fn() -> V) -> (web_sys::HtmlElement, AppState) {
    let document = document();
    let root: web_sys::HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&root).unwrap();
    let state = AppState::new(demo_project());
    let handle = mount_to(root.clone(), move || {
        provide_context(state);
        component()
    });
    std::mem::forget(handle);
    (root, state)
}

fn all(root: &web_sys::HtmlElement, testid: &str) -> Vec<web_sys::HtmlElement> {
    let list = root
        .query_selector_all(&format!("[data-testid=\"{testid}\"]"))
        .unwrap();
    (0..list.length())
        .map(|i| list.item(i).unwrap().unchecked_into())
        .collect()
}

fn text(root: &web_sys::HtmlElement, testid: &str) -> String {
    all(root, testid)[0].text_content().unwrap_or_default()
}

#[wasm_bindgen_test]
async fn the_conflict_list_groups_conflicts_by_type_with_counts() {
    let (root, _) = mount(|| view! { <ConflictList /> });
    tick().await;
    assert_eq!(text(&root, "count-directional"), "1");
    assert_eq!(text(&root, "count-topological"), "1");
    assert_eq!(text(&root, "count-naming"), "0");
    let types: Vec<String> = all(&root, "conflict-item")
        .iter()
        .map(|e| e.dataset().get("conflictType").unwrap())
        .collect();
    assert_eq!(types, ["directional", "topological"]);
}

#[wasm_bindgen_test]
async fn selecting_a_conflict_shows_ranked_candidates_in_the_inspector() {
    let (root, _) = mount(|| view! { <ConflictList /><Inspector /> });
    tick().await;
    assert!(all(&root, "candidate-item").is_empty());
    all(&root, "conflict-item")[0].click();
    tick().await;
    assert!(!all(&root, "candidate-item").is_empty());
    assert!(text(&root, "inspector").contains("Lowest common ancestor"));
}

#[wasm_bindgen_test]
async fn the_map_canvas_draws_every_room_with_its_id() {
    let (root, state) = mount(|| view! { <MapCanvas /> });
    tick().await;
    let rooms = all(&root, "room");
    assert_eq!(
        rooms.len(),
        state.snapshot.with_untracked(|s| s.map.room_count())
    );
    assert!(rooms
        .iter()
        .all(|r| r.get_attribute("data-room-id").is_some()));
    assert!(!all(&root, "exit").is_empty());
}

#[wasm_bindgen_test]
async fn the_timeline_moves_the_map_to_an_earlier_version() {
    let (root, state) = mount(|| view! { <Timeline /><ConflictSummary /> });
    tick().await;
    let range: web_sys::HtmlInputElement = all(&root, "timeline")[0].clone().unchecked_into();
    assert_eq!(range.max(), "8");
    assert_eq!(text(&root, "conflict-count"), "2");
    range.set_value("3");
    range
        .dispatch_event(
            &web_sys::Event::new_with_event_init_dict("input", &{
                let init = web_sys::EventInit::new();
                init.set_bubbles(true);
                init
            })
            .unwrap(),
        )
        .unwrap();
    tick().await;
    assert_eq!(state.shown_version(), Some(3));
    assert_eq!(text(&root, "conflict-count"), "0");
}

#[wasm_bindgen_test]
async fn repairing_to_the_end_lowers_the_count_with_one_commit_per_action() {
    let (root, state) = mount(|| view! { <RepairPanel /><ConflictSummary /> });
    tick().await;
    all(&root, "repair-run")[0].click();
    tick().await;
    let after: usize = text(&root, "conflict-count").parse().unwrap();
    assert!(after < 2);
    assert!(state.commit_count() > 9);
}
