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
//! side of their port.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use leptos::prelude::*;
use leptos::task::tick;
use maprepair::ui::conflicts::conflict_list::ConflictList;
use maprepair::ui::conflicts::conflict_summary::ConflictSummary;
use maprepair::ui::conflicts::inspector::Inspector;
use maprepair::ui::history::timeline::Timeline;
use maprepair::ui::map::map_canvas::MapCanvas;
use maprepair::ui::map::map_toolbar::MapToolbar;
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
async fn the_repair_log_lists_every_decision_and_links_each_applied_one_to_its_version() {
    use maprepair::domain::repair::heuristic::{Heuristic, Preference};
    use maprepair::domain::repair::{Budget, Decider, RepairSession};
    let (root, state) = mount(|| view! { <RepairPanel /><ConflictSummary /> });
    tick().await;
    // The worker's session (the page takes no decision itself: ui::modules::jobs' tests check
    // its commits), run here on the open project; the page shows its log.
    let mut session = RepairSession::new(Budget::default());
    let mut heuristic = Heuristic::new(Preference::Modify);
    state.project.update(|p| {
        while let Some(pending) = session.next(&p.history) {
            let d = heuristic.decide(&pending.context(&p.history));
            session.apply(&mut p.history, &pending, d);
            if session.is_finished() {
                break;
            }
        }
    });
    let log = maprepair::view::log_line::lines(&session.log);
    let applied = log.iter().filter(|l| l.version.is_some()).count();
    assert!(applied > 0, "the repair made no commit");
    state.repair_log.set(log.clone());
    tick().await;
    let after: usize = text(&root, "conflict-count").parse().unwrap();
    assert!(after < 2);
    let items = root.query_selector_all(".repair-log li").unwrap();
    assert_eq!(items.length() as usize, log.len());
    let linked = root
        .query_selector_all(".repair-log .log-action:not([disabled])")
        .unwrap();
    assert_eq!(linked.length() as usize, applied);
}

/// A stand-in for the app on the other side of the LLM tools' port: the open project, the
/// app's record of the tools' copy, and every project opened and every batch of commits
/// appended through the port.
#[derive(Default)]
struct StandIn {
    current: maprepair::domain::Project,
    opened: u64,
    mirror: maprepair::ui::modules::sync::Mirror,
    opened_projects: Vec<maprepair::domain::Project>,
    appended: Vec<Vec<maprepair::domain::Commit>>,
}

/// The port over `app`, answering as `ui::modules::llm_slot` answers for the real app.
fn port(app: &std::rc::Rc<std::cell::RefCell<StandIn>>) -> maprepair::ui::modules::bridge::AppPort {
    use maprepair::domain::llm::committed_observations;
    use maprepair::domain::Project;
    use maprepair::ui::modules::bridge::{app_port, AppReply, Summary, ToApp};
    use maprepair::ui::modules::sync;
    let a = app.clone();
    let answer = move |m: ToApp| {
        let mut guard = a.borrow_mut();
        let app = &mut *guard;
        match m {
            ToApp::Pull { whole } => {
                if whole {
                    app.mirror.forget();
                }
                AppReply::Delta(app.mirror.delta(app.opened, &app.current))
            }
            ToApp::Append(commits) => {
                assert!(app.mirror.is_current(app.opened, &app.current));
                let commits = commits.read().unwrap();
                app.appended.push(commits.clone());
                sync::append(&mut app.current.history, commits).unwrap();
                app.mirror.caught_up(app.opened, &app.current);
                AppReply::Done
            }
            ToApp::Open(json) => {
                let p = Project::from_json(&json, "opened").unwrap();
                app.opened += 1;
                app.opened_projects.push(p.clone());
                app.current = p;
                app.mirror.caught_up(app.opened, &app.current);
                AppReply::Done
            }
            ToApp::Summary => AppReply::Summary(Summary {
                name: app.current.name.clone(),
                observations: committed_observations(&app.current.history),
                conflicts: 0,
            }),
            _ => AppReply::Done,
        }
    };
    app_port(answer, |_| {})
}

#[wasm_bindgen_test]
async fn the_llm_tools_build_through_the_port_and_hand_back_each_commit() {
    let app = std::rc::Rc::new(std::cell::RefCell::new(StandIn {
        current: demo_project(),
        ..StandIn::default()
    }));
    let root: web_sys::HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&root).unwrap();
    maprepair::ui::llm::mount(root.clone(), port(&app));
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
        if app.borrow().appended.len() >= 2 {
            break;
        }
        gloo_sleep().await;
    }
    let app = app.borrow();
    // A new, empty project was opened, then each observation came back as its one commit,
    // not as the whole project.
    assert_eq!(app.opened_projects.len(), 1);
    assert_eq!(app.opened_projects[0].history.len(), 0);
    let sizes: Vec<usize> = app.appended.iter().map(Vec::len).collect();
    assert_eq!(sizes, [1, 1], "one commit per observation");
    assert_eq!(app.current.name, app.opened_projects[0].name);
    let map = app.current.history.head();
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

thread_local! {
    /// How many times the drawing and the painted view were made, for the test below.
    static MADE: std::cell::Cell<(u32, u32)> = const { std::cell::Cell::new((0, 0)) };
}

/// Counts the drawings made and the views painted.
fn counting() -> impl IntoView {
    let state = expect_context::<AppState>();
    Effect::new(move |_| {
        state.drawing.track();
        MADE.with(|m| m.set((m.get().0 + 1, m.get().1)));
    });
    Effect::new(move |_| {
        state.painted.track();
        MADE.with(|m| m.set((m.get().0, m.get().1 + 1)));
    });
}

#[wasm_bindgen_test]
async fn what_is_shown_already_is_neither_drawn_nor_painted_again() {
    let (root, state) = mount(|| view! { <MapToolbar />{counting()} });
    tick().await;
    let made = || MADE.with(std::cell::Cell::get);
    tick().await;
    let before = made();
    // A step past the newest version (→ or End at the head).
    let last = state.commit_count() as u32 - 1;
    state.show_version(last);
    state.show_version(last + 3);
    tick().await;
    assert_eq!(made().0, before.0, "the drawing was made again at the head");
    let grid: web_sys::HtmlElement = root
        .query_selector(".map-toolbar button[title^=\"North-up\"]")
        .unwrap()
        .unwrap()
        .unchecked_into();
    // The Grid button when the grid is shown: no layout and no drawing made again; fitted
    // once, the view is not painted again either.
    grid.click();
    tick().await;
    let fitted = made();
    grid.click();
    maprepair::ui::map::canvas_input::fit(state);
    tick().await;
    assert_eq!(made(), fitted, "the grid shown and the view fitted already");
    // A real change still draws.
    state.show_version(0);
    tick().await;
    assert_eq!(made().0, fitted.0 + 1);
}
