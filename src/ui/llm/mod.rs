//! The LLM features of the page, with the user's own key: the provider settings, the build of a
//! map from any text (or offline, with the prose reader), and the LLM repair agent.
//!
//! These tools are built as a wasm module of their own (`src/llm_main.rs`), which the app loads
//! once its first map is drawn and [`mount`]s in the left column ([`crate::ui::modules::llm_slot`]).
//! State lives in [`LlmState`], provided by [`LlmPanel`] to its children; the project itself
//! is the app's, reached through [`host::Host`]. Requests go straight from the browser to the
//! provider ([`http`]); the domain builds and reads them. The key is kept in memory unless the
//! user asks for it to be remembered ([`persist`]); it is never written to exports, logs, URLs
//! or messages.
//!
//! Files: `host` (the bridge to the app), `http` (requests from the browser), `settings` (the
//! provider panel), `build_panel` (paste, upload, run, progress), `build_run` (the run loop),
//! `repair_runner` (the agent), `error_box` (the failure message), `persist` (local storage).

pub mod build_panel;
pub mod build_run;
pub mod error_box;
pub mod host;
pub mod http;
pub mod persist;
pub mod repair_runner;
pub mod settings;

use crate::domain::llm::{ApiKey, LlmConfig, Provider, RepairMode, Split};
use crate::domain::repair::{Budget, Logged, RepairSession};
use crate::ui::llm::http::Abort;
use leptos::prelude::*;

/// A repair action waiting for the user's approval.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposal {
    /// What the model wants to do, in words.
    pub text: String,
    /// The model's reason.
    pub reason: String,
}

/// Everything the LLM panels share. Cheap to copy.
#[derive(Clone, Copy)]
pub struct LlmState {
    /// The provider.
    pub provider: RwSignal<Provider>,
    /// Base URL as typed.
    pub base_url: RwSignal<String>,
    /// Model as typed.
    pub model: RwSignal<String>,
    /// The key, in memory.
    pub key: RwSignal<String>,
    /// Keep the key in local storage.
    pub remember: RwSignal<bool>,
    /// Time limit per request, in seconds.
    pub timeout_secs: RwSignal<u64>,
    /// Whether the settings panel is open.
    pub settings_open: RwSignal<bool>,
    /// The last connection test's result.
    pub test_result: RwSignal<Option<String>>,
    /// The text in the paste area.
    pub text: RwSignal<String>,
    /// How the text is cut.
    pub split: RwSignal<Split>,
    /// Read with the offline prose reader instead of a model.
    pub offline: RwSignal<bool>,
    /// The build run (saved; resumable).
    pub run: RwSignal<Option<persist::SavedRun>>,
    /// True while the build loop runs.
    pub running: RwSignal<bool>,
    /// Set to stop the build after the current observation.
    pub pause_requested: RwSignal<bool>,
    /// Time spent running, in milliseconds.
    pub elapsed_ms: RwSignal<f64>,
    /// Tokens reported by the provider during this run.
    pub tokens: RwSignal<u64>,
    /// What the run is doing.
    pub status: RwSignal<String>,
    /// Notable events of the run (skips, waits, retries).
    pub events: RwSignal<Vec<String>>,
    /// The failure message shown in `llm-error`.
    pub error: RwSignal<Option<String>>,
    /// Cancels the request in flight.
    pub abort: StoredValue<Abort, LocalStorage>,
    /// The repair agent's mode.
    pub repair_mode: RwSignal<RepairMode>,
    /// Ask before applying each action.
    pub approve_each: RwSignal<bool>,
    /// The agent's budgets.
    pub budget: RwSignal<Budget>,
    /// True while the agent runs.
    pub repair_running: RwSignal<bool>,
    /// The action waiting for approval.
    pub proposal: RwSignal<Option<Proposal>>,
    /// The user's answer to the proposal (true = apply).
    pub verdict: RwSignal<Option<bool>>,
    /// The agent's session, kept so a paused run continues (with its mode and project).
    pub session: StoredValue<Option<(RepairMode, String, RepairSession)>>,
    /// Summaries of the agent's last actions, shown to it.
    pub recent_actions: RwSignal<Vec<String>>,
    /// The agent's decisions, shown under its controls.
    pub log: RwSignal<Vec<Logged>>,
}

impl LlmState {
    /// The state, with the saved settings (and the key if it was remembered) and the saved run.
    pub fn new() -> LlmState {
        let saved = persist::load_settings();
        let run = persist::load_run();
        LlmState {
            provider: RwSignal::new(saved.provider),
            base_url: RwSignal::new(saved.base_url),
            model: RwSignal::new(saved.model),
            key: RwSignal::new(persist::load_key()),
            remember: RwSignal::new(saved.remember),
            timeout_secs: RwSignal::new(saved.timeout_secs.clamp(1, 600)),
            settings_open: RwSignal::new(false),
            test_result: RwSignal::new(None),
            text: RwSignal::new(run.as_ref().map(|r| r.text.clone()).unwrap_or_default()),
            split: RwSignal::new(Split::Paragraphs),
            offline: RwSignal::new(run.as_ref().is_some_and(|r| r.offline)),
            run: RwSignal::new(run),
            running: RwSignal::new(false),
            pause_requested: RwSignal::new(false),
            elapsed_ms: RwSignal::new(0.0),
            tokens: RwSignal::new(0),
            status: RwSignal::new(String::new()),
            events: RwSignal::new(Vec::new()),
            error: RwSignal::new(None),
            abort: StoredValue::new_local(Abort::default()),
            repair_mode: RwSignal::new(RepairMode::VcEi),
            approve_each: RwSignal::new(false),
            budget: RwSignal::new(Budget::default()),
            repair_running: RwSignal::new(false),
            proposal: RwSignal::new(None),
            verdict: RwSignal::new(None),
            session: StoredValue::new(None),
            recent_actions: RwSignal::new(Vec::new()),
            log: RwSignal::new(Vec::new()),
        }
    }

    /// The settings as a config (the key included, for the request headers only).
    pub fn config(&self) -> LlmConfig {
        LlmConfig {
            provider: self.provider.get_untracked(),
            base_url: self.base_url.get_untracked(),
            model: self.model.get_untracked(),
            api_key: ApiKey::new(self.key.get_untracked()),
        }
    }

    /// The saved form of the settings (no key).
    pub fn settings(&self) -> persist::Settings {
        persist::Settings {
            provider: self.provider.get_untracked(),
            base_url: self.base_url.get_untracked(),
            model: self.model.get_untracked(),
            timeout_secs: self.timeout_secs.get_untracked(),
            remember: self.remember.get_untracked(),
        }
    }

    /// Shows a failure in `llm-error`.
    pub fn fail(&self, message: impl Into<String>) {
        self.error.set(Some(message.into()));
    }

    /// Adds a line to the run's event list (the newest 8 are kept).
    pub fn note(&self, line: impl Into<String>) {
        let line = line.into();
        self.events.update(|e| {
            e.push(line);
            let extra = e.len().saturating_sub(8);
            e.drain(..extra);
        });
    }
}

impl Default for LlmState {
    fn default() -> LlmState {
        LlmState::new()
    }
}

/// The LLM panel: a settings button, the failure message, the build from text and the repair
/// agent. Place it once; it provides [`LlmState`] to its children.
#[component]
pub fn LlmPanel() -> impl IntoView {
    let llm = LlmState::new();
    provide_context(llm);
    let using = move || {
        if llm.offline.get() {
            "Offline: the prose reader tags the text and reads places and ways.".to_string()
        } else {
            let model = llm.model.get();
            let model = if model.trim().is_empty() {
                llm.provider.get().default_model().to_string()
            } else {
                model
            };
            let key = if llm.key.with(|k| k.trim().is_empty()) {
                " · no key yet"
            } else {
                ""
            };
            format!("{} · {model}{key}", llm.provider.get().label())
        }
    };
    view! {
        <section class="llm-panel panel" data-testid="llm-panel">
            <div class="llm-head">
                <h2>"Text → map"</h2>
                <button
                    data-testid="llm-settings"
                    title="Choose the LLM provider, model and key"
                    on:click=move |_| llm.settings_open.update(|o| *o = !*o)
                >
                    "LLM settings"
                </button>
            </div>
            <p class="hint">{using}</p>
            <error_box::LlmErrorBox />
            <build_panel::BuildPanel />
            <repair_runner::RepairRunner />
        </section>
        <settings::SettingsPanel />
    }
}

/// Mounts the LLM panel in `root`, talking to the app through its `port` (see [`host`]).
/// Called once, by the LLM module's `mount` export.
pub fn mount(root: web_sys::HtmlElement, port: crate::ui::modules::bridge::AppPort) {
    let handle = leptos::mount::mount_to(root, move || {
        provide_context(host::Host::connect(port));
        view! { <LlmPanel /> }
    });
    // The panel lives as long as the page.
    handle.forget();
}
