//! The app, as the LLM tools see it.
//!
//! The LLM tools are a wasm module of their own (`maprepair-llm`), loaded once the page has
//! drawn its first map ([`crate::ui::modules::llm_slot`]), so the app's own bundle stays small.
//! The two modules share no memory: the app hands this one an [`AppPort`], and they speak the
//! typed messages of [`crate::ui::modules::bridge`].
//!
//! The tools keep a copy of the app's open project. [`Host::read`] and [`Host::edit`] first
//! bring it up to date ([`ToApp::Pull`]: the commits made since, or the whole project the
//! first time or after another was opened); an edit hands back only the commits it made
//! ([`ToApp::Append`]), in the same synchronous step, so nothing changed in the app meanwhile
//! is overwritten. [`Host::summary`] follows the open project cheaply (name, observations
//! read, conflicts shown): the app sends it a moment after every change.

use crate::domain::Project;
pub use crate::ui::modules::bridge::Summary;
use crate::ui::modules::bridge::{AppPort, AppReply, Commits, ProjectDelta, ToApp};
use crate::ui::modules::sync;
use leptos::prelude::*;

/// The port to the app and the tools' copy of its open project.
struct Bridge {
    port: AppPort,
    copy: Project,
}

impl Bridge {
    /// Asks the app something that is done or refused.
    fn ask(&self, message: &ToApp) -> Result<(), String> {
        match self.port.request(message)? {
            AppReply::Refused(why) => Err(why),
            _ => Ok(()),
        }
    }

    /// Brings the copy up to date (asking for the whole project if the commits do not fit).
    fn pull(&mut self) -> Result<(), String> {
        let mut whole = false;
        loop {
            let delta = match self.port.request(&ToApp::Pull { whole })? {
                AppReply::Delta(d) => d,
                AppReply::Refused(why) => return Err(why),
                other => return Err(format!("the app answered {other:?} to a pull")),
            };
            let Some(delta) = delta else { return Ok(()) };
            match sync::apply(&mut self.copy, delta) {
                Ok(()) => return Ok(()),
                Err(e) if whole => return Err(e),
                Err(_) => whole = true,
            }
        }
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
    /// Connects to the app's port and starts following its project.
    pub fn connect(port: AppPort) -> Host {
        let host = Host {
            summary: RwSignal::new(Summary::default()),
            bridge: StoredValue::new_local(Bridge {
                port: port.clone(),
                copy: Project::default(),
            }),
        };
        host.follow();
        let summary = host.summary;
        let followed = port.follow(move |s| {
            if summary.with_untracked(|old| *old != s) {
                summary.set(s);
            }
        });
        if let Err(e) = followed {
            host.tell(
                format!("The LLM tools cannot follow the open project: {e}"),
                true,
            );
        }
        host
    }

    /// Takes the app's summary of its project.
    pub fn follow(&self) {
        let reply = self.bridge.with_value(|b| b.port.request(&ToApp::Summary));
        if let Ok(AppReply::Summary(s)) = reply {
            if self.summary.with_untracked(|old| *old != s) {
                self.summary.set(s);
            }
        }
    }

    /// Reads the app's current project.
    pub fn read<R>(&self, f: impl FnOnce(&Project) -> R) -> R {
        self.bridge.update_value(|b| {
            if let Err(e) = b.pull() {
                leptos::logging::warn!("the LLM tools' copy of the map: {e}");
            }
        });
        self.bridge.with_value(|b| f(&b.copy))
    }

    /// Edits the app's current project and hands the commits it made back to the app.
    ///
    /// # Errors
    /// Why the app did not take them; the app's project is unchanged then, and so is the copy.
    /// (A failed save in the browser's storage is the app's to report: the edit is kept.)
    pub fn edit<R>(&self, f: impl FnOnce(&mut Project) -> R) -> Result<R, String> {
        self.bridge
            .try_update_value(|b| {
                b.pull()?;
                let before = b.copy.history.len();
                let out = f(&mut b.copy);
                let made = &b.copy.history.commits()[before..];
                if made.is_empty() {
                    return Ok(out);
                }
                if let Err(why) = b.ask(&ToApp::Append(Commits::of(made))) {
                    // Back to what the app has; the next pull brings anything newer.
                    let undo = ProjectDelta::Commits {
                        name: b.copy.name.clone(),
                        from: before as u32,
                        commits: Commits::of(&[]),
                    };
                    let _ = sync::apply(&mut b.copy, undo);
                    return Err(why);
                }
                Ok(out)
            })
            .ok_or_else(|| "the LLM tools lost their copy of the map".to_string())?
            .inspect(|_| self.follow())
    }

    /// Opens a new project in the app.
    ///
    /// # Errors
    /// The app's message when it could not open it.
    pub fn open(&self, project: Project) -> Result<(), String> {
        self.bridge
            .with_value(|b| b.ask(&ToApp::Open(project.to_json())))?;
        self.bridge.update_value(|b| b.copy = project);
        self.follow();
        Ok(())
    }

    /// Has the app's automapper read a game's transcript or walkthrough and open the map (the
    /// app tells how it went in its notice bar).
    pub fn automap(&self, name: &str, text: &str) {
        let message = ToApp::Automap {
            name: name.to_string(),
            text: text.to_string(),
        };
        if let Err(e) = self.bridge.with_value(|b| b.ask(&message)) {
            self.tell(format!("The automapper could not be reached: {e}"), true);
        }
    }

    /// Shows a message in the app's notice bar.
    pub fn tell(&self, text: impl Into<String>, error: bool) {
        let message = ToApp::Tell {
            text: text.into(),
            error,
        };
        let _ = self.bridge.with_value(|b| b.ask(&message));
    }

    /// Shows a version of the project on the app's map and timeline.
    pub fn show(&self, version: u32) {
        let _ = self.bridge.with_value(|b| b.ask(&ToApp::Show(version)));
    }
}
