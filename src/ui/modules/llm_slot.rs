//! Where the LLM tools appear: a slot in the left column.
//!
//! The tools (provider settings, build from text, the repair agent) are a wasm module of their
//! own, `maprepair-llm.js`, which Trunk builds beside the app's. The app fetches it just after
//! its first map is drawn, so it never delays that map and the app's own bundle stays small.
//! Until it is there the slot says so; if it cannot be loaded, the slot says why and offers to
//! try again. Nothing else in the app waits for it.
//!
//! The module gets one element to draw in (kept across re-renders of the workspace) and a
//! bridge object; its side is [`crate::ui::llm::host`]. The bridge's functions:
//! `project()` → the open project as JSON (the export format: lossless); `open(json)` → opens
//! a new project; `update(json)` → replaces the open project by its edited self, shows its head
//! and saves it (both answer `undefined`, or why the project was not taken); `summary()` →
//! `{name, observations, conflicts}` (observations committed, conflicts in the version shown);
//! `tell(text, error)` → the notice bar; `show(version)` → the timeline; `watch(f)` → `f()` a
//! moment after the project or the version shown changes.

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
            loader.watchers.with_value(|ws| {
                for w in ws {
                    let _ = w.call0(&wasm_bindgen::JsValue::NULL);
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

    /// Fetches, starts and mounts the module (and fetches the automapper's, for the demos).
    async fn load(self, root: web_sys::HtmlElement) {
        crate::ui::modules::automapper::prefetch();
        let attempt = self.attempts.get_value();
        self.attempts.set_value(attempt + 1);
        let status = match bridge::load(&root, &bridge::object(self), attempt).await {
            Ok(()) => Load::Ready,
            Err(why) => Load::Failed(why),
        };
        self.status.set(status);
    }
}

/// The bridge object and the module's loader (the browser only).
#[cfg(target_arch = "wasm32")]
mod bridge {
    use super::LlmLoader;
    use crate::domain::llm::committed_observations;
    use crate::domain::Project;
    use crate::ui::io::storage;
    use leptos::prelude::*;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::prelude::wasm_bindgen;
    use wasm_bindgen::JsValue;

    #[wasm_bindgen(module = "/src/ui/modules/modules.js")]
    extern "C" {
        #[wasm_bindgen(catch)]
        fn load_llm(
            root: &web_sys::HtmlElement,
            bridge: &JsValue,
            attempt: u32,
        ) -> Result<js_sys::Promise, JsValue>;
    }

    /// Imports the module and mounts it in `root`.
    pub async fn load(
        root: &web_sys::HtmlElement,
        bridge: &JsValue,
        attempt: u32,
    ) -> Result<(), String> {
        let words = |e: JsValue| {
            js_sys::Reflect::get(&e, &JsValue::from_str("message"))
                .ok()
                .and_then(|m| m.as_string())
                .or_else(|| e.as_string())
                .unwrap_or_else(|| "the browser gave no reason".to_string())
        };
        let promise = load_llm(root, bridge, attempt).map_err(words)?;
        wasm_bindgen_futures::JsFuture::from(promise)
            .await
            .map(|_| ())
            .map_err(words)
    }

    /// Puts `f` on `object` as `name`, for as long as the page lives.
    fn set<F: ?Sized + wasm_bindgen::closure::WasmClosure>(
        object: &js_sys::Object,
        name: &str,
        f: Closure<F>,
    ) {
        let _ = js_sys::Reflect::set(object, &JsValue::from_str(name), f.as_ref());
        f.forget();
    }

    /// The bridge (see the module docs).
    pub fn object(loader: LlmLoader) -> JsValue {
        let state = loader.state;
        let object = js_sys::Object::new();
        set(
            &object,
            "project",
            Closure::<dyn Fn() -> String>::new(move || {
                state.project.with_untracked(Project::to_json)
            }),
        );
        set(
            &object,
            "open",
            Closure::<dyn Fn(String) -> Option<String>>::new(move |text: String| {
                match Project::from_json(&text, "the LLM tools' project") {
                    Ok(p) => {
                        state.lesson.set(None);
                        state.open(p, false);
                        None
                    }
                    Err(e) => Some(e.to_string()),
                }
            }),
        );
        set(
            &object,
            "automap",
            Closure::<dyn Fn(String, String)>::new(move |name: String, text: String| {
                crate::ui::io::import::open_transcript(state, name, text);
            }),
        );
        set(
            &object,
            "update",
            Closure::<dyn Fn(String) -> Option<String>>::new(move |text: String| {
                match Project::from_json(&text, "the LLM tools' project") {
                    Ok(p) => {
                        // Saved now, not after the autosave's delay: a reload resumes here.
                        if let Err(e) = storage::save(&p) {
                            state.tell(e, true);
                        }
                        state.cursor.set(None);
                        state.project.set(p);
                        None
                    }
                    Err(e) => Some(e.to_string()),
                }
            }),
        );
        set(
            &object,
            "summary",
            Closure::<dyn Fn() -> JsValue>::new(move || {
                let (name, observations) = state
                    .project
                    .with_untracked(|p| (p.name.clone(), committed_observations(&p.history)));
                let conflicts = state.snapshot.with_untracked(|s| s.counts.total);
                let summary = js_sys::Object::new();
                let put = |k: &str, v: JsValue| {
                    let _ = js_sys::Reflect::set(&summary, &JsValue::from_str(k), &v);
                };
                put("name", JsValue::from_str(&name));
                put("observations", JsValue::from_f64(observations as f64));
                put("conflicts", JsValue::from_f64(conflicts as f64));
                summary.into()
            }),
        );
        set(
            &object,
            "tell",
            Closure::<dyn Fn(String, bool)>::new(move |text: String, error: bool| {
                state.tell(text, error)
            }),
        );
        set(
            &object,
            "show",
            Closure::<dyn Fn(u32)>::new(move |v: u32| state.show_version(v)),
        );
        set(
            &object,
            "watch",
            Closure::<dyn Fn(js_sys::Function)>::new(move |f: js_sys::Function| {
                loader.watchers.update_value(|ws| ws.push(f));
            }),
        );
        object.into()
    }
}

/// Off the browser there is no module to load.
#[cfg(not(target_arch = "wasm32"))]
mod bridge {
    use super::LlmLoader;
    use wasm_bindgen::JsValue;

    /// Always fails: modules load only in a browser.
    #[allow(clippy::unused_async)]
    pub async fn load(_: &web_sys::HtmlElement, _: &JsValue, _: u32) -> Result<(), String> {
        Err("the LLM tools load only in a browser".to_string())
    }

    /// Nothing to bridge.
    pub fn object(loader: LlmLoader) -> JsValue {
        let _ = loader.state;
        JsValue::NULL
    }
}
