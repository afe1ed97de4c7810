//! The build loop: one observation at a time, each one commit, saved as it goes so a reload
//! resumes at the next observation. Failures follow the domain's retry policy
//! ([`crate::domain::llm::build::recovery`]): waits are shown, skips are recorded as commits
//! that say why, and anything the user must fix pauses the run with a message (nothing lost).

use super::host::Host;
use super::persist::{self, SavedRun};
use super::LlmState;
use crate::domain::llm::{
    apply_observation, committed_observations, guess_current, is_walkthrough, mapping_context,
    prose_replies, read_observation, read_offline, skip_observation, split_observations, LlmError,
    ObservationReply, Outcome, Spelling,
};
use crate::domain::{History, Project};
use crate::ui::llm::http::{now_ms, sleep_ms, tick, BrowserTransport};
use leptos::prelude::*;
use std::cell::RefCell;

thread_local! {
    /// The offline prose reader's replies for the run's observations: the reader reads the whole
    /// text once (it needs every paragraph to tell people from places), then each step commits
    /// its paragraph's reply.
    static PROSE: RefCell<Option<(Vec<String>, Vec<ObservationReply>)>> = const { RefCell::new(None) };
}

/// The offline reply for observation `next`: a walkthrough step is read on its own, prose by
/// the prose reader over the whole text (read once per run).
fn offline_reply(observations: &[String], next: usize, current: Option<&str>) -> ObservationReply {
    let text = &observations[next];
    if is_walkthrough(text) || text.starts_with("> ") {
        return read_offline(text, current);
    }
    PROSE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache
            .as_ref()
            .is_none_or(|(obs, _)| obs.as_slice() != observations)
        {
            let replies = prose_replies(observations).unwrap_or_default();
            *cache = Some((observations.to_vec(), replies));
        }
        cache
            .as_ref()
            .and_then(|(_, replies)| replies.get(next).cloned())
            .unwrap_or_default()
    })
}

/// Marks the message shown while waiting to retry (cleared once the retry succeeds).
const RETRYING: &str = "Retrying automatically";

/// "Text map", or "<base> 2", "<base> 3" … so a new build never overwrites a saved project.
fn unique_name(base: &str) -> String {
    let taken = crate::ui::io::storage::saved_names();
    let base = if base.trim().is_empty() {
        "Text map"
    } else {
        base.trim()
    };
    if !taken.iter().any(|n| n == base) {
        return base.to_string();
    }
    (2..)
        .map(|i| format!("{base} {i}"))
        .find(|n| !taken.contains(n))
        .unwrap_or_else(|| base.to_string())
}

/// The saved run that the open project can continue, if any (observations left to read).
pub fn resumable(host: Host, llm: LlmState) -> Option<(usize, usize)> {
    let (name, done) = host.summary.with(|s| (s.name.clone(), s.observations));
    llm.run.with(|r| {
        let r = r.as_ref().filter(|r| r.project == name)?;
        let done = done.min(r.observations.len());
        (done < r.observations.len()).then_some((done, r.observations.len()))
    })
}

/// Starts a build of the pasted text as a new project, or resumes the saved run of the open
/// project when the text is the one it was started with.
pub fn start(host: Host, llm: LlmState, project_name: &str) {
    if llm.running.get_untracked() {
        return;
    }
    let text = llm.text.get_untracked();
    let offline = llm.offline.get_untracked();
    let open = host.read(|p| p.name.clone());
    let saved = llm
        .run
        .get_untracked()
        .filter(|r| r.project == open && (r.text == text || text.trim().is_empty()));
    let resuming = saved
        .as_ref()
        .is_some_and(|_| resumable(host, llm).is_some());
    if !offline {
        if let Err(e) = llm.config().validate() {
            llm.fail(format!(
                "{e} Or tick “No key? Read it offline with the prose reader”."
            ));
            return;
        }
    }
    let run = match saved.filter(|_| resuming) {
        Some(mut r) => {
            r.offline = offline;
            if r.current.is_none() {
                r.current = host.read(|p| guess_current(&p.history));
            }
            llm.note(format!(
                "Resumed at observation {} of {}.",
                host.read(|p| committed_observations(&p.history)) + 1,
                r.observations.len()
            ));
            r
        }
        None => {
            let observations = split_observations(&text, &llm.split.get_untracked());
            if observations.is_empty() {
                llm.fail("There is no text to read: paste or upload some text first.");
                return;
            }
            let name = unique_name(project_name);
            let opened = host.open(Project {
                name: name.clone(),
                history: History::new(),
                ground_truth: None,
            });
            if let Err(e) = opened {
                llm.fail(format!("The new map could not be opened: {e}"));
                return;
            }
            llm.elapsed_ms.set(0.0);
            llm.tokens.set(0);
            llm.events.set(Vec::new());
            SavedRun {
                project: name,
                observations,
                current: None,
                offline,
                text,
            }
        }
    };
    if !persist::save_run(&run) {
        llm.note("The browser's storage is not available: a reload will not resume this run.");
    }
    llm.run.set(Some(run));
    llm.error.set(None);
    llm.pause_requested.set(false);
    llm.abort.with_value(|a| a.reset());
    llm.running.set(true);
    leptos::task::spawn_local(run_loop(host, llm));
}

/// Asks the run to stop after the observation being read.
pub fn pause(llm: LlmState) {
    if llm.running.get_untracked() {
        llm.pause_requested.set(true);
        llm.status
            .set("Pausing after this observation…".to_string());
    }
}

/// Stops at once: the request in flight is abandoned (nothing is committed for it).
pub fn cancel(llm: LlmState) {
    llm.pause_requested.set(true);
    llm.abort.with_value(|a| a.cancel());
}

fn stop(llm: LlmState, status: String) {
    llm.running.set(false);
    llm.pause_requested.set(false);
    llm.status.set(status);
}

#[allow(clippy::too_many_lines)] // The run's loop with its await points (request, retry, pause, commit) in order; each failure branch says what the user sees.
async fn run_loop(host: Host, llm: LlmState) {
    let started = now_ms() - llm.elapsed_ms.get_untracked();
    let elapsed = move || llm.elapsed_ms.set((now_ms() - started).max(0.0));
    loop {
        elapsed();
        let Some(run) = llm.run.get_untracked() else {
            return stop(llm, String::new());
        };
        let total = run.observations.len();
        let (open, next) = host.read(|p| (p.name.clone(), committed_observations(&p.history)));
        if open != run.project {
            llm.fail(format!(
                "The run stopped because another project was opened. Open “{}” again (Projects menu) and press Resume to go on.",
                run.project
            ));
            return stop(llm, "Stopped.".to_string());
        }
        if next >= total {
            persist::clear_run();
            let rooms = host.read(|p| p.history.head().room_count());
            host.tell(
                format!("Built “{}” from {total} observations: {rooms} places. Each observation is a commit on the timeline.", run.project),
                false,
            );
            return stop(llm, format!("Done: {total} / {total}."));
        }
        if llm.pause_requested.get_untracked() {
            return stop(
                llm,
                format!("Paused at {next} / {total}. Press Resume to go on."),
            );
        }
        let Some(text) = run.observations.get(next).cloned() else {
            return stop(llm, String::new());
        };
        llm.status
            .set(format!("Reading observation {} of {total}…", next + 1));
        let current = run.current.clone();
        let outcome = if run.offline {
            Outcome::Done(offline_reply(&run.observations, next, current.as_deref()))
        } else {
            let config = llm.config();
            let ctx = host.read(|p| mapping_context(&p.history, current.as_deref(), &text));
            let abort = llm.abort.get_value();
            let transport = BrowserTransport::new(
                config.clone(),
                llm.timeout_secs.get_untracked(),
                abort.clone(),
            );
            let wait = move |ms: u64, why: LlmError| {
                let abort = abort.clone();
                async move {
                    let secs = ms.div_ceil(1000);
                    llm.fail(format!("{why} {RETRYING} in {secs} s…"));
                    llm.note(format!(
                        "Observation {}: {} — waited {secs} s.",
                        next + 1,
                        short(&why)
                    ));
                    llm.status.set(format!(
                        "Waiting {secs} s before trying observation {} again…",
                        next + 1
                    ));
                    sleep_ms(ms, &abort).await
                }
            };
            let got = read_observation(&transport, &config, &ctx, wait).await;
            llm.tokens.update(|t| *t += got.usage.total());
            got.outcome
        };
        elapsed();
        // The project may have changed while the model was thinking: the edit checks again.
        let still =
            |p: &Project| p.name == run.project && committed_observations(&p.history) == next;
        match outcome {
            Outcome::Done(reply) => {
                let edited = host.edit(|p| {
                    still(p).then(|| {
                        // The offline reader keeps the text's spelling of a new place's name.
                        let spelling = if run.offline {
                            Spelling::Text
                        } else {
                            Spelling::Key
                        };
                        apply_observation(
                            &mut p.history,
                            next as u32,
                            &text,
                            &reply,
                            current.as_deref(),
                            spelling,
                        )
                    })
                });
                match edited {
                    Ok(None) => continue,
                    Ok(Some(Ok(applied))) => {
                        let waited = llm
                            .error
                            .with_untracked(|e| e.as_deref().is_some_and(|m| m.contains(RETRYING)));
                        if waited {
                            llm.error.set(None);
                        }
                        let mut saved = run.clone();
                        saved.current = applied.current;
                        persist::save_run(&saved);
                        llm.run.set(Some(saved));
                    }
                    Ok(Some(Err(e))) => {
                        llm.fail(format!("Observation {} could not be added: {e}. The map is unchanged; press Resume to try again.", next + 1));
                        return stop(llm, format!("Paused at {next} / {total}."));
                    }
                    Err(e) => {
                        llm.fail(format!("Observation {} could not be added: {e}. The map is unchanged; press Resume to try again.", next + 1));
                        return stop(llm, format!("Paused at {next} / {total}."));
                    }
                }
            }
            Outcome::Skipped(err) => {
                let reason = err.to_string();
                let edited = host.edit(|p| {
                    still(p).then(|| {
                        let _ = skip_observation(&mut p.history, next as u32, &text, &reason);
                    })
                });
                match edited {
                    Ok(None) => continue,
                    Ok(Some(())) => {}
                    Err(e) => {
                        llm.fail(format!("Observation {} could not be recorded as skipped: {e}. The map is unchanged; press Resume to try again.", next + 1));
                        return stop(llm, format!("Paused at {next} / {total}."));
                    }
                }
                llm.fail(format!(
                    "Observation {} was skipped and recorded as such: {reason}",
                    next + 1
                ));
                llm.note(format!("Observation {} skipped: {}", next + 1, short(&err)));
            }
            Outcome::Paused(LlmError::Cancelled) => {
                llm.note(format!("Cancelled at observation {}.", next + 1));
                return stop(
                    llm,
                    format!("Cancelled at {next} / {total}. Nothing read so far is lost; press Resume to go on."),
                );
            }
            Outcome::Paused(err) => {
                llm.fail(format!(
                    "{err} The map so far is kept; press Resume to go on from observation {}.",
                    next + 1
                ));
                return stop(llm, format!("Paused at {next} / {total}."));
            }
        }
        // Let the page draw the new commit before the next request.
        tick(0).await;
    }
}

/// The first sentence of an error, for the event list.
fn short(err: &LlmError) -> String {
    let text = err.to_string();
    match text.split_once(". ") {
        Some((first, _)) => format!("{first}."),
        None => text,
    }
}
