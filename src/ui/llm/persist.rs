//! What the LLM panels keep in the browser's local storage, each under its own key:
//!
//! * `maprepair.llm.settings` — provider, base URL, model, time limit, "remember" (never the
//!   key);
//! * `maprepair.llm.key` — the key, only when the user ticked "remember on this device"
//!   (removed as soon as they untick it);
//! * `maprepair.llm.run` — the build run in progress: the project it builds, its observations,
//!   the current location and whether it reads offline, so a reload can resume it.
//!
//! Project exports never read these keys.

use crate::domain::llm::Provider;
use crate::ui::io::storage::{get, remove};
use serde::{Deserialize, Serialize};

const SETTINGS: &str = "maprepair.llm.settings";
const KEY: &str = "maprepair.llm.key";
const RUN: &str = "maprepair.llm.run";

/// The settings that are saved (everything but the key).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The provider.
    pub provider: Provider,
    /// Base URL as typed.
    pub base_url: String,
    /// Model as typed.
    pub model: String,
    /// Time limit per request, in seconds.
    pub timeout_secs: u64,
    /// Whether the key is kept on this device.
    pub remember: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        let provider = Provider::OpenAi;
        Settings {
            provider,
            base_url: provider.default_base_url().to_string(),
            model: provider.default_model().to_string(),
            timeout_secs: 60,
            remember: false,
        }
    }
}

/// A build run, saved after every observation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedRun {
    /// The name of the project being built.
    pub project: String,
    /// The observations, in order.
    pub observations: Vec<String>,
    /// Where the reader is after the last committed observation.
    pub current: Option<String>,
    /// True when the offline prose reader is used instead of a model.
    pub offline: bool,
    /// The whole text, to show in the paste area after a reload.
    pub text: String,
}

/// Keeps a value; false if the browser would not.
fn set(k: &str, v: &str) -> bool {
    crate::ui::io::storage::set(k, v).is_ok()
}

/// The saved settings, or the defaults.
pub fn load_settings() -> Settings {
    get(SETTINGS)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

/// Saves the settings, and the key only when `settings.remember` (else forgets any stored
/// key). Returns false when storage is unavailable or full.
pub fn save_settings(settings: &Settings, key: &str) -> bool {
    let text = serde_json::to_string(settings).unwrap_or_default();
    let ok = set(SETTINGS, &text);
    if settings.remember && !key.trim().is_empty() {
        ok && set(KEY, key.trim())
    } else {
        remove(KEY);
        ok
    }
}

/// The remembered key, if the user asked for it to be kept.
pub fn load_key() -> String {
    get(KEY).unwrap_or_default()
}

/// The saved build run.
pub fn load_run() -> Option<SavedRun> {
    get(RUN).and_then(|t| serde_json::from_str(&t).ok())
}

/// Saves the build run. Returns false when storage is unavailable or full.
pub fn save_run(run: &SavedRun) -> bool {
    serde_json::to_string(run).is_ok_and(|t| set(RUN, &t))
}

/// Forgets the build run.
pub fn clear_run() {
    remove(RUN);
}
