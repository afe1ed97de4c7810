//! Where the LLM tools appear: a slot in the left column.
//!
//! The tools (provider settings, build from text, the repair agent) are a wasm module of their
//! own, `maprepair-llm.js`, which Trunk builds beside the app's. The app fetches it just after
//! its first map is drawn, so it never delays that map and the app's own bundle stays small.
//! Until it is there the slot says so; if it cannot be loaded, the slot says why and offers to
//! try again. Nothing else in the app waits for it.
//!
//! The module gets one element to draw in (kept across re-renders of the workspace) and an
//! [`AppPort`] ([`crate::ui::modules::bridge`]); its side is [`crate::ui::llm::host`]. The app
//! answers each [`ToApp`] here ([`answer`]), keeps its record of the module's copy of the open
//! project (so a pull sends only the commits made since), and sends the module a [`Summary`] a
//! moment after the project or the version shown changes.

use crate::domain::llm::committed_observations;
use crate::domain::Project;
use crate::ui::io::storage;
use crate::ui::modules::bridge::{app_port, encode, AppPort, AppReply, Summary, ToApp};
use crate::ui::modules::sync::{self, Mirror};
use crate::ui::signals::SetIfChanged;
use crate::ui::AppState;
use leptos::prelude::*;

/// How far the module got.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Load {
    /// Not asked for yet.
    Waiting,
    /// Being fetched.
    Loading,
    /// Mounted.
    Ready,
    /// Could not be loaded: why.
    Failed(String),
}

/// The loader's state, made once per page by [`provide_llm_loader`].
#[derive(Clone, Copy)]
pub struct LlmLoader {
    /// How far the module got.
    pub status: RwSignal<Load>,
    /// The element the module draws in.
    root: StoredValue<Option<web_sys::HtmlElement>, LocalStorage>,
    /// The module's callbacks for project changes.
    watchers: StoredValue<Vec<js_sys::Function>, LocalStorage>,
    /// The port handed to the module.
    port: StoredValue<Option<AppPort>, LocalStorage>,
    /// The app's record of the module's copy of the open project.
    mirror: StoredValue<Mirror>,
    /// Loads tried so far.
    attempts: StoredValue<u32>,
    state: AppState,
}

/// Makes the page's loader, which tells the module (once loaded) about every change of the
/// project or of the version shown, a moment after it (coalescing bursts such as a repair to
/// the end or a scrub).
pub fn provide_llm_loader(state: AppState) {
    let loader = LlmLoader {
        status: RwSignal::new(Load::Waiting),
        root: StoredValue::new_local(None),
        watchers: StoredValue::new_local(Vec::new()),
        port: StoredValue::new_local(None),
        mirror: StoredValue::new(Mirror::default()),
        attempts: StoredValue::new(0),
        state,
    };
    let pending = StoredValue::new(None::<TimeoutHandle>);
    Effect::new(move |_| {
        state.project.track();
        state.snapshot.track();
        if loader.watchers.with_value(Vec::is_empty) {
            return;
        }
        if let Some(h) = pending.get_value() {
            h.clear();
        }
        let tell = move || {
            pending.set_value(None);
            let Ok(s) = encode(&summary(state)) else {
                return;
            };
            loader.watchers.with_value(|ws| {
                for w in ws {
                    let _ = w.call1(&wasm_bindgen::JsValue::NULL, &s);
                }
            });
        };
        pending
            .set_value(set_timeout_with_handle(tell, std::time::Duration::from_millis(120)).ok());
    });
    provide_context(loader);
}

/// The slot: the module's element, and a line while it loads or when it failed.
#[component]
pub fn LlmSlot() -> impl IntoView {
    let loader = use_context::<LlmLoader>();
    let slot = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        if let (Some(el), Some(loader)) = (slot.get(), loader) {
            loader.attach(&el);
        }
    });
    let status = move || loader.map_or(Load::Waiting, |l| l.status.get());
    let line = move || {
        match status() {
        Load::Ready => None,
        Load::Waiting | Load::Loading => Some(
            view! {
                <section class="panel llm-loading" data-testid="llm-loading">
                    <h2>"Text → map"</h2>
                    <p class="hint">"Loading the LLM tools…"</p>
                </section>
            }
            .into_any(),
        ),
        Load::Failed(why) => Some(
            view! {
                <section class="panel llm-loading" data-testid="llm-load-error">
                    <h2>"Text → map"</h2>
                    <p class="error">
                        {format!("The LLM tools could not be loaded: {why}. Everything else works; your map is untouched.")}
                    </p>
                    <button on:click=move |_| {
                        if let Some(l) = loader {
                            l.status.set(Load::Waiting);
                            if let Some(el) = slot.get_untracked() {
                                l.attach(&el);
                            }
                        }
                    }>"Try again"</button>
                </section>
            }
            .into_any(),
        ),
    }
    };
    view! {
        <div class="llm-slot" node_ref=slot></div>
        {line}
    }
}

impl LlmLoader {
    /// Puts the module's element in `slot`, and loads the module if nobody has yet.
    fn attach(self, slot: &web_sys::HtmlElement) {
        let Some(root) = self.root_element() else {
            return;
        };
        let _ = slot.append_child(&root);
        if self.status.get_untracked() != Load::Waiting {
            return;
        }
        self.status.set(Load::Loading);
        crate::ui::state::after_next_frame(move || {
            set_timeout(
                move || leptos::task::spawn_local(self.load(root)),
                std::time::Duration::from_millis(100),
            );
        });
    }

    /// The module's element, made on first use.
    fn root_element(self) -> Option<web_sys::HtmlElement> {
        if let Some(root) = self.root.get_value() {
            return Some(root);
        }
        let root: web_sys::HtmlElement =
            wasm_bindgen::JsCast::dyn_into(document().create_element("div").ok()?).ok()?;
        root.set_class_name("llm-root");
        self.root.set_value(Some(root.clone()));
        Some(root)
    }

    /// Fetches, starts and mounts the module (and starts the worker, for the demos).
    async fn load(self, root: web_sys::HtmlElement) {
        crate::ui::modules::automapper::prefetch();
        let attempt = self.attempts.get_value();
        self.attempts.set_value(attempt + 1);
        let status = match module::load(&root, &self.port(), attempt).await {
            Ok(()) => Load::Ready,
            Err(why) => Load::Failed(why),
        };
        self.status.set(status);
    }

    /// The port the module talks to the app through (made once; a retried load gets the same).
    fn port(self) -> AppPort {
        if let Some(port) = self.port.get_value() {
            return port;
        }
        let port = app_port(
            move |m| answer(self, m),
            move |f| self.watchers.update_value(|ws| ws.push(f)),
        );
        self.port.set_value(Some(port.clone()));
        port
    }
}

/// The port's answers: the app's side of [`crate::ui::modules::bridge::ToApp`].
fn answer(loader: LlmLoader, message: ToApp) -> AppReply {
    let state = loader.state;
    let opened = state.opened.get_value();
    match message {
        ToApp::Pull { whole } => {
            let delta = loader.mirror.try_update_value(|m| {
                if whole {
                    m.forget();
                }
                state.project.with_untracked(|p| m.delta(opened, p))
            });
            AppReply::Delta(delta.flatten())
        }
        ToApp::Append(commits) => {
            let current = loader
                .mirror
                .with_value(|m| state.project.with_untracked(|p| m.is_current(opened, p)));
            if !current {
                return AppReply::Refused(
                    "the map was changed in the app meanwhile; nothing was added".to_string(),
                );
            }
            let mut taken = Ok(());
            state.project.update(|p| {
                taken = commits.read().and_then(|c| sync::append(&mut p.history, c));
                loader.mirror.update_value(|m| match &taken {
                    Ok(()) => m.caught_up(opened, p),
                    Err(_) => m.forget(),
                });
                // Saved now, not after the autosave's delay: a reload resumes here.
                if let Err(e) = storage::save(p) {
                    state.tell(e, true);
                }
            });
            state.cursor.set_if_changed(None);
            taken.map_or_else(AppReply::Refused, |()| AppReply::Done)
        }
        ToApp::Open(json) => match Project::from_json(&json, "the LLM tools' project") {
            Ok(p) => {
                state.lesson.set(None);
                state.open(p, false);
                let opened = state.opened.get_value();
                loader
                    .mirror
                    .update_value(|m| state.project.with_untracked(|p| m.caught_up(opened, p)));
                AppReply::Done
            }
            Err(e) => AppReply::Refused(e.to_string()),
        },
        ToApp::Automap { name, text } => {
            crate::ui::io::import::open_transcript(state, name, text);
            AppReply::Done
        }
        ToApp::Summary => AppReply::Summary(summary(state)),
        ToApp::Tell { text, error } => {
            state.tell(text, error);
            AppReply::Done
        }
        ToApp::Show(version) => {
            state.show_version(version);
            AppReply::Done
        }
    }
}

/// The open project in brief: its name, observations committed, conflicts in the version shown.
fn summary(state: AppState) -> Summary {
    let (name, observations) = state
        .project
        .with_untracked(|p| (p.name.clone(), committed_observations(&p.history)));
    Summary {
        name,
        observations,
        conflicts: state.snapshot.with_untracked(|s| s.counts.total),
    }
}

/// The module's loader (the browser only).
#[cfg(target_arch = "wasm32")]
mod module {
    use crate::ui::modules::bridge::{words, AppPort};
    use wasm_bindgen::prelude::wasm_bindgen;
    use wasm_bindgen::JsValue;

    #[wasm_bindgen(module = "/src/ui/modules/modules.js")]
    extern "C" {
        #[wasm_bindgen(catch)]
        fn load_llm(
            root: &web_sys::HtmlElement,
            port: &AppPort,
            attempt: u32,
        ) -> Result<js_sys::Promise, JsValue>;
    }

    /// Imports the module and mounts it in `root`.
    pub async fn load(
        root: &web_sys::HtmlElement,
        port: &AppPort,
        attempt: u32,
    ) -> Result<(), String> {
        let promise = load_llm(root, port, attempt).map_err(|e| words(&e))?;
        wasm_bindgen_futures::JsFuture::from(promise)
            .await
            .map(|_| ())
            .map_err(|e| words(&e))
    }
}

/// Off the browser there is no module to load.
#[cfg(not(target_arch = "wasm32"))]
mod module {
    use crate::ui::modules::bridge::AppPort;

    /// Always fails: modules load only in a browser.
    #[allow(clippy::unused_async)]
    pub async fn load(_: &web_sys::HtmlElement, _: &AppPort, _: u32) -> Result<(), String> {
        Err("the LLM tools load only in a browser".to_string())
    }
}
