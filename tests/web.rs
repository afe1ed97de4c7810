//! Component tests in a real browser (headless Chromium):
//!
//! ```text
//! CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test web
//! ```
//!
//! Each test mounts a component with an [`AppState`] around the built-in demo house (two
//! conflicts: one directional, one topological), acts on it, waits a tick for the reactive
//! system, and reads the DOM through the same `data-testid`s the end-to-end tests use. The LLM
//! tools are mounted the way their own module mounts them, against a stand-in for the app's
//! bridge.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use leptos::prelude::*;
use leptos::task::tick;
use maprepair::ui::conflicts::conflict_list::ConflictList;
use maprepair::ui::conflicts::conflict_summary::ConflictSummary;
use maprepair::ui::conflicts::inspector::Inspector;
use maprepair::ui::history::timeline::Timeline;
use maprepair::ui::map::map_canvas::MapCanvas;
use maprepair::ui::repair::repair_panel::RepairPanel;
use maprepair::ui::AppState;
use maprepair::view::demo::demo_project;
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

/// A stand-in for the app on the other side of the LLM tools' bridge: the open project's JSON,
/// and every project it was handed by `open` and `update`.
#[derive(Default)]
struct StandIn {
    current: String,
    opened: Vec<String>,
    updated: Vec<String>,
}

/// The bridge object over `app`, as `ui::llm_slot` makes it for the real app.
fn bridge(app: &std::rc::Rc<std::cell::RefCell<StandIn>>) -> wasm_bindgen::JsValue {
    use maprepair::domain::llm::committed_observations;
    use maprepair::domain::Project;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsValue;
    let object = js_sys::Object::new();
    let put = |name: &str, f: &JsValue| {
        js_sys::Reflect::set(&object, &JsValue::from_str(name), f).unwrap();
    };
    let a = app.clone();
    let project = Closure::<dyn Fn() -> String>::new(move || a.borrow().current.clone());
    let a = app.clone();
    let summary = Closure::<dyn Fn() -> JsValue>::new(move || {
        let p = Project::from_json(&a.borrow().current, "app").unwrap();
        let s = js_sys::Object::new();
        let set =
            |k: &str, v: JsValue| js_sys::Reflect::set(&s, &JsValue::from_str(k), &v).unwrap();
        set("name", JsValue::from_str(&p.name));
        set(
            "observations",
            JsValue::from_f64(committed_observations(&p.history) as f64),
        );
        set("conflicts", JsValue::from_f64(0.0));
        s.into()
    });
    let a = app.clone();
    let open = Closure::<dyn Fn(String) -> Option<String>>::new(move |t: String| {
        let mut app = a.borrow_mut();
        app.opened.push(t.clone());
        app.current = t;
        None
    });
    let a = app.clone();
    let update = Closure::<dyn Fn(String) -> Option<String>>::new(move |t: String| {
        let mut app = a.borrow_mut();
        app.updated.push(t.clone());
        app.current = t;
        None
    });
    put("project", &project.into_js_value());
    put("summary", &summary.into_js_value());
    put("open", &open.into_js_value());
    put("update", &update.into_js_value());
    for name in ["tell", "show", "watch"] {
        put(name, &Closure::<dyn Fn()>::new(|| {}).into_js_value());
    }
    object.into()
}

#[wasm_bindgen_test]
async fn the_llm_tools_build_through_the_bridge_and_hand_back_each_commit() {
    use maprepair::domain::Project;
    let app = std::rc::Rc::new(std::cell::RefCell::new(StandIn {
        current: demo_project().to_json(),
        ..StandIn::default()
    }));
    let root: web_sys::HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&root).unwrap();
    maprepair::ui::llm::mount(root.clone(), bridge(&app));
    tick().await;
    let input = |testid: &str| -> web_sys::HtmlInputElement {
        all(&root, testid)[0].clone().unchecked_into()
    };
    let offline = input("build-offline");
    offline.set_checked(true);
    offline
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    let area: web_sys::HtmlTextAreaElement = all(&root, "text-input")[0].clone().unchecked_into();
    area.set_value("The kitchen is north of the hall.\n\nThe cellar is below the kitchen.");
    area.dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    tick().await;
    all(&root, "build-run")[0].click();
    for _ in 0..200 {
        if app.borrow().updated.len() >= 2 {
            break;
        }
        gloo_sleep().await;
    }
    let app = app.borrow();
    // A new, empty project was opened, then each observation came back as one more commit.
    assert_eq!(app.opened.len(), 1);
    let opened = Project::from_json(&app.opened[0], "opened").unwrap();
    assert_eq!(opened.history.len(), 0);
    assert_eq!(app.updated.len(), 2, "one update per observation");
    let first = Project::from_json(&app.updated[0], "first").unwrap();
    let last = Project::from_json(&app.updated[1], "last").unwrap();
    assert_eq!(first.name, opened.name);
    assert_eq!(first.history.len() + 1, last.history.len());
    let map = last.history.head();
    let mut names: Vec<String> = map.rooms().map(|r| r.name.to_lowercase()).collect();
    names.sort();
    assert_eq!(names, ["cellar", "hall", "kitchen"]);
    assert_eq!(text(&root, "build-progress"), "2 / 2");
}

/// Lets timers and the run loop go on for a moment.
async fn gloo_sleep() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 10)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}
