//! The app, as the LLM tools see it.
//!
//! The LLM tools are a wasm module of their own (`maprepair-llm`), loaded once the page has
//! drawn its first map ([`crate::ui::modules::llm_slot`]), so the app's own bundle stays small. The two
//! modules share no memory: the app hands this one a bridge object, and the project travels
//! between them as the JSON the app exports and saves (lossless, the whole history).
//!
//! [`Host::summary`] follows the app's open project cheaply (name, observations read,
//! conflicts shown): the app sends it a moment after every change. [`Host::read`] and
//! [`Host::edit`] pull the whole project when the tools need it, and an edit hands the result
//! back in the same synchronous step, so nothing changed in the app meanwhile is overwritten.

use crate::domain::Project;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// The bridge object and the last project it gave or took, with its text.
struct Bridge {
    object: JsValue,
    last: String,
    project: Project,
}

/// What the panels show about the app's open project.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Its name.
    pub name: String,
    /// Observations committed so far.
    pub observations: usize,
    /// Conflicts in the version shown.
    pub conflicts: usize,
}

impl Bridge {
    /// Calls the bridge's function `name` with up to two arguments.
    fn call(&self, name: &str, a: &JsValue, b: &JsValue) -> Result<JsValue, String> {
        let f = js_sys::Reflect::get(&self.object, &JsValue::from_str(name))
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .ok_or_else(|| format!("the page has no “{name}” for the LLM tools"))?;
        f.call2(&JsValue::NULL, a, b)
            .map_err(|e| e.as_string().unwrap_or_else(|| format!("{e:?}")))
    }
}

/// The LLM tools' handle on the app. Cheap to copy; provided by context.
#[derive(Clone, Copy)]
pub struct Host {
    /// The app's open project, in brief; follows every change.
    pub summary: RwSignal<Summary>,
    bridge: StoredValue<Bridge, LocalStorage>,
}

impl Host {
    /// Connects to the app's bridge object and starts following its project.
    pub fn connect(object: JsValue) -> Host {
        let bridge = StoredValue::new_local(Bridge {
            object,
            last: String::new(),
            project: Project::default(),
        });
        let host = Host {
            summary: RwSignal::new(Summary::default()),
            bridge,
        };
        host.follow();
        let follow = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || host.follow());
        let watched = bridge.with_value(|b| b.call("watch", follow.as_ref(), &JsValue::UNDEFINED));
        if let Err(e) = watched {
            host.tell(
                format!("The LLM tools cannot follow the open project: {e}"),
                true,
            );
        }
        // Called by the app for as long as the page lives.
        follow.forget();
        host
    }

    /// Takes the app's summary of its project.
    pub fn follow(&self) {
        let Ok(s) = self
            .bridge
            .with_value(|b| b.call("summary", &JsValue::UNDEFINED, &JsValue::UNDEFINED))
        else {
            return;
        };
        let field = |k: &str| js_sys::Reflect::get(&s, &JsValue::from_str(k)).ok();
        let count = |k: &str| field(k).and_then(|v| v.as_f64()).map_or(0, |n| n as usize);
        let summary = Summary {
            name: field("name")
                .and_then(|v| v.as_string())
                .unwrap_or_default(),
            observations: count("observations"),
            conflicts: count("conflicts"),
        };
        if self.summary.with_untracked(|old| *old != summary) {
            self.summary.set(summary);
        }
    }

    /// Pulls the app's project if it changed since the last pull.
    fn pull(&self) {
        let text = self.bridge.with_value(|b| {
            b.call("project", &JsValue::UNDEFINED, &JsValue::UNDEFINED)
                .ok()
                .and_then(|v| v.as_string())
                .filter(|t| *t != b.last)
        });
        let Some(text) = text else { return };
        if let Ok(p) = Project::from_json(&text, "the open project") {
            self.bridge.update_value(|b| {
                b.project = p;
                b.last = text;
            });
            self.follow();
        }
    }

    /// Reads the app's current project.
    pub fn read<R>(&self, f: impl FnOnce(&Project) -> R) -> R {
        self.pull();
        self.bridge.with_value(|b| f(&b.project))
    }

    /// Edits the app's current project and hands it back when its history grew.
    ///
    /// # Errors
    /// Why the app did not take the edited project; the app's project is unchanged then, and
    /// the next pull brings this side back to it. (A failed save in the browser's storage is
    /// the app's to report: the edit is kept.)
    pub fn edit<R>(&self, f: impl FnOnce(&mut Project) -> R) -> Result<R, String> {
        self.pull();
        let (out, text) = self
            .bridge
            .try_update_value(|b| {
                let before = b.project.history.len();
                let out = f(&mut b.project);
                let text = (b.project.history.len() != before).then(|| b.project.to_json());
                (out, text)
            })
            .ok_or_else(|| "the LLM tools lost their copy of the map".to_string())?;
        if let Some(text) = text {
            let answer = self
                .bridge
                .with_value(|b| b.call("update", &JsValue::from_str(&text), &JsValue::UNDEFINED));
            self.bridge.update_value(|b| b.last = text);
            if let Some(message) = answer?.as_string() {
                return Err(message);
            }
            self.follow();
        }
        Ok(out)
    }

    /// Opens a new project in the app.
    ///
    /// # Errors
    /// The app's message when it could not open it.
    pub fn open(&self, project: Project) -> Result<(), String> {
        let text = project.to_json();
        let answer = self
            .bridge
            .with_value(|b| b.call("open", &JsValue::from_str(&text), &JsValue::UNDEFINED))?;
        if let Some(message) = answer.as_string() {
            return Err(message);
        }
        self.bridge.update_value(|b| {
            b.project = project;
            b.last = text;
        });
        self.follow();
        Ok(())
    }

    /// Has the app's automapper read a game's transcript or walkthrough and open the map (the
    /// app tells how it went in its notice bar).
    pub fn automap(&self, name: &str, text: &str) {
        let (name, text) = (JsValue::from_str(name), JsValue::from_str(text));
        if let Err(e) = self.bridge.with_value(|b| b.call("automap", &name, &text)) {
            self.tell(format!("The automapper could not be reached: {e}"), true);
        }
    }

    /// Shows a message in the app's notice bar.
    pub fn tell(&self, text: impl Into<String>, error: bool) {
        let text = JsValue::from_str(&text.into());
        let _ = self
            .bridge
            .with_value(|b| b.call("tell", &text, &JsValue::from_bool(error)));
    }

    /// Shows a version of the project on the app's map and timeline.
    pub fn show(&self, version: u32) {
        let v = JsValue::from_f64(f64::from(version));
        let _ = self
            .bridge
            .with_value(|b| b.call("show", &v, &JsValue::UNDEFINED));
    }
}
