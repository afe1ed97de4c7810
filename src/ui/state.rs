//! The app's state, provided by context: the project (a plain domain value in a signal), what
//! the user is looking at, and the derived snapshot → layout → drawing chain. Components take
//! this handle with `expect_context::<AppState>()`; every write goes through one of its methods
//! or a single `update`, and the domain does the work.

use crate::domain::layout::{force, grid, Floors, Layout, FORCE_SEED};
use crate::domain::Project;
use crate::ui::map::perf;
use crate::ui::map::route_finder::{answer, RouteAnswer, RouteEnds};
use crate::ui::modules::made_layouts;
use crate::ui::repair::session::RepairRun;
use crate::ui::signals::SetIfChanged;
use crate::view::camera::Camera;
use crate::view::drawing::{draw, Drawing, Marks};
use crate::view::lessons::Lesson;
use crate::view::log_line::LogLine;
use crate::view::snapshot::Snapshot;
use crate::view::truth::TruthView;
use leptos::prelude::*;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// How rooms are placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LayoutMode {
    /// On the lattice the exits imply.
    #[default]
    Grid,
    /// By a seeded force simulation.
    Force,
}

/// Which page is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Page {
    /// The map workspace.
    #[default]
    Map,
    /// The Learn gallery.
    Learn,
}

/// A message for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// What happened.
    pub text: String,
    /// True for failures.
    pub error: bool,
}

/// The repair strategies offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strategy {
    /// heuristic_remove.
    #[default]
    Remove,
    /// heuristic_modify.
    Modify,
    /// The solver: weighs each exit's evidence (observed or assumed, how often walked, what
    /// the text said) and edits until nothing helps.
    Solver,
}

/// Always "changed": the derived values are fresh `Arc`s that are never compared.
fn fresh<T>(_: Option<&T>, _: Option<&T>) -> bool {
    true
}

/// "Changed" unless it is the very value it was (a memo that hands back what it had).
fn unless_same<T>(a: Option<&Arc<T>>, b: Option<&Arc<T>>) -> bool {
    !matches!((a, b), (Some(a), Some(b)) if Arc::ptr_eq(a, b))
}

/// Everything the components share. Cheap to copy.
#[derive(Clone, Copy)]
pub struct AppState {
    /// The open project.
    pub project: RwSignal<Project>,
    /// The version shown; `None` follows the newest.
    pub cursor: RwSignal<Option<u32>>,
    /// The selected conflict's id.
    pub selected_conflict: RwSignal<Option<String>>,
    /// The selected room's id.
    pub selected_room: RwSignal<Option<u32>>,
    /// Lattice or force layout.
    pub layout_mode: RwSignal<LayoutMode>,
    /// Which floors the lattice layout shows.
    pub floors: RwSignal<Floors>,
    /// Room search text.
    pub search: RwSignal<String>,
    /// True while the timeline plays.
    pub playing: RwSignal<bool>,
    /// Milliseconds between versions while playing.
    pub speed: RwSignal<u32>,
    /// True to colour exits by the ground truth.
    pub show_truth: RwSignal<bool>,
    /// The message banner.
    pub notice: RwSignal<Option<Notice>>,
    /// The open page.
    pub page: RwSignal<Page>,
    /// The canvas camera: the part of the drawing shown.
    pub camera: RwSignal<Camera>,
    /// The view the canvas was last painted for (the camera catches it up after a pause;
    /// in between, a CSS transform moves the painted picture).
    pub painted: RwSignal<Camera>,
    /// The canvas's size in pixels.
    pub viewport: RwSignal<(f64, f64)>,
    /// True until the user pans or zooms: the camera then follows the drawing's size.
    pub auto_fit: RwSignal<bool>,
    /// Rooms the user dragged (room id → cell coordinates).
    pub moved: RwSignal<FxHashMap<u32, (f64, f64)>>,
    /// The lesson being followed, with its step.
    pub lesson: RwSignal<Option<(Lesson, usize)>>,
    /// The chosen repair strategy.
    pub strategy: RwSignal<Strategy>,
    /// True to let the solver also add the ways the transcript read again shows that the map
    /// lacks ([`crate::domain::repair::solver::fill_in`]).
    pub fill: RwSignal<bool>,
    /// The repair session (kept across steps until the project changes another way).
    pub repair: StoredValue<Option<RepairRun>>,
    /// The session's log, for display.
    pub repair_log: RwSignal<Vec<LogLine>>,
    /// Projects opened so far: a project that arrives later (built by a module) opens only if
    /// nothing else was opened since it was asked for.
    pub opened: StoredValue<u64>,
    /// The shown version's state.
    pub snapshot: Memo<Arc<Snapshot>>,
    /// The snapshot the side panels (conflict list, commit panel) show: the shown one, except
    /// that while the timeline is scrubbed it catches up just after the map's frame, so the
    /// map and the counts of each state appear first. Written only by the state.
    pub panels: Memo<Arc<Snapshot>>,
    /// Set by [`AppState::scrub_to`]: the next snapshot reaches the panels a frame later.
    scrubbed: StoredValue<bool>,
    /// Room positions for the snapshot.
    pub layout: Memo<Arc<Layout>>,
    /// The snapshot judged against the ground truth, when shown and known.
    pub truth: Memo<Option<Arc<TruthView>>>,
    /// What the canvas draws.
    pub drawing: Memo<Arc<Drawing>>,
    /// The two rooms picked in the route finder.
    pub route_ends: RwSignal<RouteEnds>,
    /// The route finder's answer on the shown version (`None` until two rooms are picked).
    pub route: Memo<Option<Arc<RouteAnswer>>>,
}

impl AppState {
    /// Creates the state around a first project.
    #[allow(clippy::too_many_lines)] // The app's signals and the memos chained on them (snapshot -> layout -> drawing), made in dependency order in one place.
    pub fn new(project: Project) -> AppState {
        let project = RwSignal::new(project);
        let cursor = RwSignal::new(None::<u32>);
        let snapshot = Memo::new_with_compare(
            move |_| {
                let t = perf::now();
                let s = project.with(|p| Snapshot::of(&p.history, cursor.get()));
                perf::record("snapshot", t);
                Arc::new(s)
            },
            fresh,
        );
        let (panels, scrubbed) = use_panels(snapshot);
        let layout_mode = RwSignal::new(LayoutMode::Grid);
        let floors = RwSignal::new(Floors::Stacked);
        let layout = Memo::new_with_compare(
            move |drawn: Option<&Arc<Layout>>| {
                let t = perf::now();
                let s = snapshot.get();
                let (mode, floors) = (layout_mode.get(), floors.get());
                // A big map's force layout is made in the worker; its grid is shown meanwhile
                // (the very one drawn already, when it is: nothing is drawn again).
                let in_worker = mode == LayoutMode::Force && made_layouts::in_worker(&s);
                if let Some(made) = in_worker
                    .then(|| made_layouts::made_for(&s, floors))
                    .flatten()
                {
                    return made;
                }
                let lattice = grid(&s.map, &s.analysis.geometry, floors);
                if let Some(drawn) = drawn.filter(|d| in_worker && ***d == lattice) {
                    return Arc::clone(drawn);
                }
                let l = match mode {
                    LayoutMode::Force if !in_worker => force(&s.map, FORCE_SEED, Some(&lattice)),
                    _ => lattice,
                };
                perf::record("layout", t);
                Arc::new(l)
            },
            unless_same,
        );
        let show_truth = RwSignal::new(false);
        let truth = Memo::new_with_compare(
            move |_| {
                if !show_truth.get() {
                    return None;
                }
                let s = snapshot.get();
                project.with(|p| {
                    p.ground_truth
                        .as_ref()
                        .map(|t| Arc::new(TruthView::of(&s.map, t)))
                })
            },
            fresh,
        );
        let selected_conflict = RwSignal::new(None::<String>);
        let selected_room = RwSignal::new(None::<u32>);
        let search = RwSignal::new(String::new());
        let moved = RwSignal::new(FxHashMap::default());
        let route_ends = RwSignal::new(RouteEnds::default());
        let route = Memo::new_with_compare(
            move |_| {
                let ends = route_ends.get();
                ends.from?;
                ends.to?;
                snapshot.with(|s| answer(&s.map, ends)).map(Arc::new)
            },
            |a, b| a != b,
        );
        let drawing = Memo::new_with_compare(
            move |_| {
                let t = perf::now();
                let s = snapshot.get();
                let l = layout.get();
                let tv = truth.get();
                let conflict =
                    selected_conflict.with(|c| c.as_ref().and_then(|id| s.conflict_index(id)));
                let found = route.get();
                let found = match found.as_deref() {
                    Some(RouteAnswer::Found(r)) => Some(r),
                    _ => None,
                };
                let d = search.with(|q| {
                    moved.with(|m| {
                        let marks = Marks {
                            conflict,
                            // The selected room's ring is a layer of its own
                            // (`ui::map::map_canvas`): selecting a room draws nothing again.
                            room: None,
                            search: q,
                            truth: tv.as_deref(),
                            moved: Some(m),
                            route: found,
                        };
                        draw(&s, &l, &marks)
                    })
                });
                perf::record("draw", t);
                Arc::new(d)
            },
            fresh,
        );
        AppState {
            project,
            cursor,
            selected_conflict,
            selected_room,
            layout_mode,
            floors,
            search,
            playing: RwSignal::new(false),
            speed: RwSignal::new(400),
            show_truth,
            notice: RwSignal::new(None),
            page: RwSignal::new(Page::Map),
            camera: RwSignal::new(Camera::default()),
            painted: RwSignal::new(Camera::default()),
            viewport: RwSignal::new((800.0, 600.0)),
            auto_fit: RwSignal::new(true),
            moved,
            lesson: RwSignal::new(None),
            strategy: RwSignal::new(Strategy::Remove),
            fill: RwSignal::new(true),
            repair: StoredValue::new(None),
            repair_log: RwSignal::new(Vec::new()),
            opened: StoredValue::new(0),
            snapshot,
            panels,
            scrubbed,
            layout,
            truth,
            drawing,
            route_ends,
            route,
        }
    }

    /// Opens a project; with `play`, shows its first commit and plays the rest.
    pub fn open(&self, project: Project, play: bool) {
        self.opened.update_value(|n| *n += 1);
        self.playing.set(false);
        self.selected_conflict.set(None);
        self.selected_room.set(None);
        self.route_ends.set(RouteEnds::default());
        self.moved.set(FxHashMap::default());
        self.repair.set_value(None);
        self.repair_log.set(Vec::new());
        self.show_truth.set(false);
        self.floors.set(Floors::Stacked);
        self.cursor.set(if play { Some(0) } else { None });
        self.project.set(project);
        self.auto_fit.set(true);
        // A tiny view at the origin: the canvas fits the new map to it on its first draw.
        self.camera.set(Camera {
            x: 0.0,
            y: 0.0,
            w: 1.0,
            h: 1.0,
        });
        self.page.set(Page::Map);
        self.playing.set(play);
    }

    /// `work` (a project being built elsewhere), answering `None` if another project was opened
    /// between this call and its end: that one wins.
    pub fn unless_opened_meanwhile<F: std::future::Future>(
        &self,
        work: F,
    ) -> impl std::future::Future<Output = Option<F::Output>> {
        let (opened, asked) = (self.opened, self.opened.get_value());
        async move {
            let out = work.await;
            (opened.get_value() == asked).then_some(out)
        }
    }

    /// Shows a message.
    pub fn tell(&self, text: impl Into<String>, error: bool) {
        self.notice.set(Some(Notice {
            text: text.into(),
            error,
        }));
    }

    /// The shown version (the head when following it).
    pub fn shown_version(&self) -> Option<u32> {
        self.snapshot.with(|s| s.version)
    }

    /// Number of commits.
    pub fn commit_count(&self) -> usize {
        self.project.with(|p| p.history.len())
    }

    /// Shows a version (past the end means the head).
    pub fn show_version(&self, v: u32) {
        let last = self.commit_count().saturating_sub(1) as u32;
        self.cursor
            .set_if_changed(if v >= last { None } else { Some(v) });
    }

    /// Shows a version while the user scrubs the timeline: the map and the counts at once,
    /// the side panels just after that frame (see [`AppState::panels`]).
    pub fn scrub_to(&self, v: u32) {
        self.scrubbed.set_value(true);
        self.show_version(v);
    }
}

/// The panels' snapshot and the scrub flag: each new snapshot reaches the panels at once,
/// or, after [`AppState::scrub_to`], once the next frame is drawn (bursts coalesce: the
/// panels then show the newest snapshot). A memo, not an effect, so that a state made before
/// the app is mounted works too. Off the browser there are no frames: the panels follow at once.
fn use_panels(snapshot: Memo<Arc<Snapshot>>) -> (Memo<Arc<Snapshot>>, StoredValue<bool>) {
    let scrubbed = StoredValue::new(false);
    let pending = StoredValue::new(false);
    let caught_up = RwSignal::new(0u32);
    let panels = Memo::new_with_compare(
        move |shown: Option<&Arc<Snapshot>>| {
            let s = snapshot.get();
            caught_up.track();
            let defer = cfg!(target_arch = "wasm32") && scrubbed.get_value();
            scrubbed.set_value(false);
            match shown {
                Some(shown) if defer => {
                    if !pending.get_value() {
                        pending.set_value(true);
                        after_next_frame(move || {
                            pending.set_value(false);
                            caught_up.update(|n| *n = n.wrapping_add(1));
                        });
                    }
                    Arc::clone(shown)
                }
                _ => s,
            }
        },
        |a, b| !matches!((a, b), (Some(a), Some(b)) if Arc::ptr_eq(a, b)),
    );
    (panels, scrubbed)
}

/// Runs `f` just after the next frame is drawn.
#[cfg(target_arch = "wasm32")]
pub(crate) fn after_next_frame(f: impl FnOnce() + 'static) {
    request_animation_frame(move || set_timeout(f, std::time::Duration::ZERO));
}

/// No frames off the browser (never called there: nothing is deferred).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn after_next_frame(f: impl FnOnce() + 'static) {
    f();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::demo::demo_project;

    fn state() -> (Owner, AppState) {
        let owner = Owner::new();
        owner.set();
        (owner, AppState::new(demo_project()))
    }

    #[test]
    fn the_shown_version_follows_the_cursor_and_the_head() {
        let (_owner, s) = state();
        assert_eq!(s.shown_version(), Some(8));
        s.show_version(3);
        assert_eq!(s.shown_version(), Some(3));
        assert_eq!(s.snapshot.with_untracked(|x| x.counts.total), 0);
        s.show_version(99);
        assert_eq!(s.cursor.get_untracked(), None);
        assert_eq!(s.snapshot.with_untracked(|x| x.counts.total), 2);
    }

    #[test]
    fn selecting_a_room_makes_no_new_drawing() {
        let (_owner, s) = state();
        let before = s.drawing.get_untracked();
        s.selected_room.set(Some(1));
        assert!(Arc::ptr_eq(&before, &s.drawing.get_untracked()));
    }

    #[test]
    fn selecting_a_conflict_focuses_the_drawing() {
        let (_owner, s) = state();
        let id = s
            .snapshot
            .with_untracked(|x| x.analysis.conflicts[0].id.clone());
        s.selected_conflict.set(Some(id));
        assert!(s.drawing.with_untracked(|d| d.focused));
    }

    #[test]
    fn the_route_finder_follows_the_shown_version_and_forgets_its_ends_on_open() {
        let (_owner, s) = state();
        let id = |name: &str| {
            s.snapshot
                .with_untracked(|x| x.map.find_room(name).map(|r| r.id.0))
        };
        s.route_ends.set(RouteEnds {
            from: id("Porch"),
            to: id("Kitchen"),
        });
        let found = s.route.get_untracked();
        let Some(RouteAnswer::Found(r)) = found.as_deref() else {
            panic!("no route from the porch to the kitchen: {found:?}");
        };
        assert_eq!(r.len(), 2, "porch → hall → kitchen");
        let marked = s
            .drawing
            .with_untracked(|d| d.exits.iter().filter(|e| e.class.contains("route")).count());
        assert_eq!(marked, 2);
        // At the first version the kitchen is not on the map yet.
        s.show_version(0);
        assert_eq!(
            s.route.get_untracked().as_deref(),
            Some(&RouteAnswer::Missing)
        );
        s.open(demo_project(), false);
        assert_eq!(s.route_ends.get_untracked(), RouteEnds::default());
        assert_eq!(s.route.get_untracked(), None);
    }

    #[test]
    fn repair_without_its_worker_changes_nothing_and_says_why() {
        // Every strategy's decisions are taken in the worker (`ui::modules::jobs` tests what it
        // does there); off the browser there is none: the map stays as it was, the notice says
        // why, and nothing is spawned that could panic for want of an executor.
        for strategy in [Strategy::Remove, Strategy::Modify, Strategy::Solver] {
            let (_owner, s) = state();
            s.strategy.set(strategy);
            let before = s.project.with_untracked(|p| p.history.commits().to_vec());
            let repaired = std::future::Future::poll(
                std::pin::pin!(crate::ui::repair::run::repair_to_end(s)),
                &mut std::task::Context::from_waker(std::task::Waker::noop()),
            );
            assert!(repaired.is_ready(), "{strategy:?}");
            let notice = s.notice.get_untracked();
            assert!(
                notice.as_ref().is_some_and(|n| n.error
                    && (n.text.contains("could not run") || n.text.contains("could not be done"))),
                "{strategy:?}: {notice:?}"
            );
            assert_eq!(
                s.project.with_untracked(|p| p.history.commits().to_vec()),
                before,
                "{strategy:?}"
            );
            assert!(s.repair_log.get_untracked().is_empty(), "{strategy:?}");
        }
    }

    #[test]
    fn a_project_built_elsewhere_opens_only_if_nothing_else_was_opened_meanwhile() {
        use std::future::{ready, Future};
        use std::task::{Context, Poll, Waker};
        fn done<F: Future>(f: F) -> Poll<F::Output> {
            std::pin::pin!(f).poll(&mut Context::from_waker(Waker::noop()))
        }
        let (_owner, s) = state();
        assert_eq!(
            done(s.unless_opened_meanwhile(ready(7u8))),
            Poll::Ready(Some(7))
        );
        let overtaken = s.unless_opened_meanwhile(ready(7u8));
        s.open(demo_project(), false);
        assert_eq!(done(overtaken), Poll::Ready(None));
    }

    #[test]
    fn opening_a_project_resets_the_view() {
        let (_owner, s) = state();
        s.selected_room.set(Some(1));
        s.open(demo_project(), true);
        assert_eq!(s.selected_room.get_untracked(), None);
        assert_eq!(s.shown_version(), Some(0));
        assert!(s.playing.get_untracked());
    }
}
