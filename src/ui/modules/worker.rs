//! The page's side of the worker: a real Web Worker running `maprepair-automap`
//! (`src/automap_main.rs`, built by Trunk with a loader shim: index.html), which reads
//! transcripts and big files, builds the demo games, runs the solver and a big map's
//! heuristic repair, and lays out big maps while the page keeps drawing.
//!
//! Jobs ([`run`]) go to the worker as [`ToWorker`] messages and come back as [`FromWorker`]
//! ones ([`crate::ui::modules::bridge`]), one at a time in the order sent. While one runs, the
//! worker reports its progress, which [`busy`] holds for the page's progress bar
//! ([`crate::ui::modules::work_bar`]). [`cancel`] ends the worker: every job waiting fails with
//! [`WorkError::Cancelled`], nothing reaches the open project, and the next job starts a new
//! worker. A worker that cannot be loaded, or that stops (a panic), fails its jobs with the
//! reason and is replaced on the next job, fetched at a new address.
//!
//! The worker keeps a copy of the open project for the jobs that work on it; the page keeps
//! its record of that copy ([`Mirror`]) here, so each job carries only the commits made since
//! the last.

use crate::domain::progress::Progress;
use crate::domain::Project;
use crate::ui::modules::bridge::{Answer, Work};
use crate::ui::modules::sync::Mirror;
use leptos::prelude::*;

/// Why a job gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WorkError {
    /// The user cancelled it.
    #[error("cancelled")]
    Cancelled,
    /// The worker could not do it: why, in words.
    #[error("{0}")]
    Failed(String),
}

/// The job the worker is on, for the progress bar.
#[derive(Debug, Clone, PartialEq)]
pub struct Busy {
    /// What it is, in words ("Reading big.txt").
    pub what: String,
    /// How far it got.
    pub progress: Progress,
}

/// The job under way and how far it got (`None` while the worker is idle, or before a job has
/// run long enough to report).
pub fn busy() -> ArcRwSignal<Option<Busy>> {
    client::busy()
}

/// Which job of which worker: what [`adopt`] needs to know that the worker's copy of the open
/// project is still what that job left it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sent {
    worker: u32,
    job: u32,
}

/// Runs `work` in the worker. With `copy`, the worker's copy of the open project is first
/// brought up to date with it (`opened`: the app's count of projects opened, which tells a
/// replaced project from a grown one).
///
/// # Errors
/// [`WorkError::Cancelled`], or why the worker could not do it (it could not be loaded, it
/// stopped, or the job failed: a file's error names the file and the place).
pub fn run(
    what: impl Into<String>,
    work: Work,
    copy: Option<(u64, &Project)>,
) -> impl std::future::Future<Output = Result<Answer, WorkError>> + 'static {
    // The job is sent now (the project is read now); only its answer is awaited.
    let sent = client::send(what.into(), work, copy, None);
    async move { answered(sent?.1).await }
}

/// [`run`], with its progress bar shown at `first` from the start (a job the user waits for,
/// such as reading a file, shows its bar before the worker reports); answers which job it was.
///
/// # Errors
/// As [`run`].
pub async fn run_shown(
    what: String,
    work: Work,
    copy: Option<(u64, &Project)>,
    first: Progress,
) -> Result<(Answer, Sent), WorkError> {
    let (job, answer) = client::send(what, work, copy, Some(first))?;
    Ok((answered(answer).await?, job))
}

/// The answer to a job sent.
async fn answered(
    answer: futures_channel::oneshot::Receiver<Result<Answer, WorkError>>,
) -> Result<Answer, WorkError> {
    let answer = answer.await.unwrap_or(Err(WorkError::Cancelled));
    // The progress bar goes first: what the page then does with the answer (opening a
    // project, drawing a layout: one long task on a big map) runs in a task of its own.
    #[cfg(target_arch = "wasm32")]
    gloo_timers::future::TimeoutFuture::new(0).await;
    answer
}

/// Cancels every job: the worker is ended (the next job starts a new one).
pub fn cancel() {
    client::cancel();
}

/// How many times the user cancelled so far: work the page does in pieces for a job (putting
/// a project read in the worker together) stops when this moves.
pub fn cancels() -> u32 {
    client::cancels()
}

/// The pieces of the commits of the project job `sent` read ([`Answer::Opened`]) that came
/// since the last call, in order.
///
/// # Errors
/// The worker that read it stopped or was ended (a Cancel) before sending them all.
pub fn pieces(sent: Sent) -> Result<Vec<crate::ui::modules::bridge::Commits>, WorkError> {
    client::pieces(sent)
}

/// The page is done with the pieces of the read job `sent` (it opened the project, or its
/// replay failed or was cancelled): those that come later are dropped.
pub fn done_reading(sent: Sent) {
    client::done_reading(sent);
}

/// Shows the progress bar for work the page does for a job, with its Cancel.
pub fn show(what: &str, progress: Progress) {
    busy().set(Some(Busy {
        what: what.to_string(),
        progress,
    }));
}

/// Hides the progress bar [`show`] showed.
pub fn show_done() {
    busy().set(None);
}

/// Records that the worker's copy of the open project is `project` (`opened`: the app's count
/// of projects opened, after opening it), which the worker read in job `sent` ([`run_shown`]),
/// if that worker still runs and has done nothing since: the next job carries no project.
pub fn adopt(sent: Sent, opened: u64, project: &Project) {
    client::adopt(sent, opened, project);
}

/// Starts loading the worker if nobody has yet.
pub fn prefetch() {
    client::prefetch();
}

/// Appends to the open project (`opened`: the app's count of projects opened) the commits the
/// worker made on its copy of it (the solver's), if the project is still what that copy was;
/// the copy then holds the project as it is.
///
/// # Errors
/// The open project changed since the copy was last brought up to date (nothing is appended),
/// or a commit does not apply (the commits before it stay; the next job carries the project
/// whole).
pub fn append_from_copy(
    opened: u64,
    project: &mut Project,
    commits: &crate::ui::modules::bridge::Commits,
) -> Result<(), String> {
    client::with_mirror(|m| {
        if !m.is_current(opened, project) {
            return Err("the map changed while the worker worked on it".to_string());
        }
        let out = commits
            .read()
            .and_then(|c| crate::ui::modules::sync::append(&mut project.history, c));
        match out {
            Ok(()) => m.caught_up(opened, project),
            Err(_) => m.forget(),
        }
        out
    })
}

#[cfg(target_arch = "wasm32")]
mod client {
    use super::{Busy, Mirror, Sent, WorkError};
    use crate::domain::progress::Progress;
    use crate::domain::Project;
    use crate::ui::modules::bridge::{
        decode, encode, words, Answer, Commits, FromWorker, ToWorker, Work,
    };
    use crate::ui::modules::inbox::Inbox;
    use futures_channel::oneshot;
    use leptos::prelude::*;
    use rustc_hash::FxHashMap;
    use std::cell::RefCell;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};

    /// The worker's script: Trunk's loader shim for the `maprepair-automap` binary (workers keep
    /// their binary's name, unhashed).
    const SCRIPT: &str = "maprepair-automap_loader.js";

    /// A job sent and not answered yet.
    struct Pending {
        what: String,
        answer: oneshot::Sender<Result<Answer, WorkError>>,
    }

    /// A running worker and its listeners.
    struct Live {
        worker: web_sys::Worker,
        /// True once it said [`FromWorker::Ready`]; messages wait in `queue` until then.
        ready: bool,
        queue: Vec<JsValue>,
        _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
        _on_error: Closure<dyn FnMut(web_sys::Event)>,
    }

    #[derive(Default)]
    struct Client {
        live: Option<Live>,
        /// Times the user cancelled.
        cancels: u32,
        /// Workers started so far (a new one is fetched at a new address).
        started: u32,
        next_job: u32,
        pending: FxHashMap<u32, Pending>,
        mirror: Mirror,
        busy: Option<ArcRwSignal<Option<Busy>>>,
        /// Pieces of the read the page replays, come and not taken yet.
        inbox: Inbox,
    }

    thread_local! {
        static CLIENT: RefCell<Client> = RefCell::new(Client::default());
    }

    pub fn busy() -> ArcRwSignal<Option<Busy>> {
        CLIENT.with_borrow_mut(|c| c.busy.get_or_insert_with(|| ArcRwSignal::new(None)).clone())
    }

    pub fn with_mirror<R>(f: impl FnOnce(&mut Mirror) -> R) -> R {
        CLIENT.with_borrow_mut(|c| f(&mut c.mirror))
    }

    pub fn prefetch() {
        CLIENT.with_borrow_mut(|c| {
            if let Err(e) = c.start() {
                web_sys::console::warn_1(&JsValue::from_str(&e));
            }
        });
    }

    pub fn cancels() -> u32 {
        CLIENT.with_borrow(|c| c.cancels)
    }

    pub fn pieces(sent: Sent) -> Result<Vec<Commits>, WorkError> {
        CLIENT.with_borrow_mut(|c| {
            if c.live.is_none() || c.started != sent.worker {
                return Err(WorkError::Failed(
                    "the automapper stopped before it sent the whole map".to_string(),
                ));
            }
            Ok(c.inbox.take(sent.job))
        })
    }

    pub fn done_reading(sent: Sent) {
        CLIENT.with_borrow_mut(|c| {
            if c.started == sent.worker {
                c.inbox.close(sent.job);
            }
        });
    }

    pub fn adopt(sent: Sent, opened: u64, project: &Project) {
        CLIENT.with_borrow_mut(|c| {
            let same = c.live.is_some()
                && c.started == sent.worker
                && c.next_job == sent.job.wrapping_add(1);
            if same {
                c.mirror.caught_up(opened, project);
            }
        });
    }

    pub fn send(
        what: String,
        work: Work,
        copy: Option<(u64, &Project)>,
        first: Option<Progress>,
    ) -> Result<(Sent, oneshot::Receiver<Result<Answer, WorkError>>), WorkError> {
        let (send, answer) = oneshot::channel();
        let busy = busy();
        let sent = CLIENT.with_borrow_mut(|c| {
            c.start().map_err(WorkError::Failed)?;
            let sync = copy.and_then(|(opened, p)| c.mirror.delta(opened, p));
            let job = c.next_job;
            c.next_job = c.next_job.wrapping_add(1);
            if matches!(work, Work::Read { .. }) {
                // The worker's copy becomes what it reads: the open project is handed over
                // afresh unless the page opens the read ([`super::adopt`]).
                c.mirror.forget();
                c.inbox.expect(job);
            }
            let message = encode(&ToWorker { job, sync, work }).map_err(|e| {
                c.mirror.forget();
                WorkError::Failed(e)
            })?;
            let shown = first.map(|progress| Busy {
                what: what.clone(),
                progress,
            });
            c.pending.insert(job, Pending { what, answer: send });
            c.post(message);
            Ok((
                Sent {
                    worker: c.started,
                    job,
                },
                shown,
            ))
        });
        let (sent, shown) = sent?;
        if shown.is_some() {
            busy.set(shown);
        }
        Ok((sent, answer))
    }

    pub fn cancel() {
        let busy = busy();
        let pending = CLIENT.with_borrow_mut(|c| {
            c.cancels = c.cancels.wrapping_add(1);
            c.end()
        });
        busy.set(None);
        for p in pending {
            let _ = p.answer.send(Err(WorkError::Cancelled));
        }
    }

    impl Client {
        /// Starts the worker unless one runs.
        fn start(&mut self) -> Result<(), String> {
            if self.live.is_some() {
                return Ok(());
            }
            let base = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.base_uri().ok().flatten())
                .unwrap_or_default();
            let url = web_sys::Url::new_with_base(SCRIPT, &base)
                .map_err(|e| format!("the automapper's address is not valid: {}", words(&e)))?;
            if self.started > 0 {
                url.search_params()
                    .set("attempt", &self.started.to_string());
            }
            let options = web_sys::WorkerOptions::new();
            options.set_type(web_sys::WorkerType::Module);
            let worker = web_sys::Worker::new_with_options(&url.href(), &options)
                .map_err(|e| format!("the automapper could not be started ({})", words(&e)))?;
            let on_message =
                Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|e: web_sys::MessageEvent| {
                    heard(e.data())
                });
            let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(|e: web_sys::Event| {
                e.prevent_default();
                stopped(&e);
            });
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            self.started += 1;
            self.live = Some(Live {
                worker,
                ready: false,
                queue: Vec::new(),
                _on_message: on_message,
                _on_error: on_error,
            });
            Ok(())
        }

        /// Sends a message now, or once the worker is ready.
        fn post(&mut self, message: JsValue) {
            if let Some(live) = &mut self.live {
                if live.ready {
                    let _ = live.worker.post_message(&message);
                } else {
                    live.queue.push(message);
                }
            }
        }

        /// Ends the worker; answers the jobs that were waiting for it.
        fn end(&mut self) -> Vec<Pending> {
            if let Some(live) = self.live.take() {
                live.worker.terminate();
                live.worker.set_onmessage(None);
                live.worker.set_onerror(None);
            }
            self.mirror.forget();
            self.inbox.clear();
            self.pending.drain().map(|(_, p)| p).collect()
        }
    }

    /// A message from the worker.
    fn heard(data: JsValue) {
        let message = match decode::<FromWorker>(data) {
            Ok(m) => m,
            Err(e) => {
                return fail_all(format!(
                    "the automapper answered what the page cannot read ({e})"
                ))
            }
        };
        let busy = busy();
        match message {
            FromWorker::Ready => CLIENT.with_borrow_mut(|c| {
                if let Some(live) = &mut c.live {
                    live.ready = true;
                    for m in live.queue.drain(..) {
                        let _ = live.worker.post_message(&m);
                    }
                }
            }),
            FromWorker::Progress { job, progress } => {
                let what = CLIENT.with_borrow(|c| c.pending.get(&job).map(|p| p.what.clone()));
                if let Some(what) = what {
                    busy.set(Some(Busy { what, progress }));
                }
            }
            FromWorker::Piece { job, commits } => {
                CLIENT.with_borrow_mut(|c| c.inbox.arrived(job, commits));
            }
            FromWorker::Done { job, answer } => finish(&busy, job, Ok(answer)),
            FromWorker::Failed { job, why } => {
                CLIENT.with_borrow_mut(|c| c.mirror.forget());
                finish(&busy, job, Err(WorkError::Failed(why)));
            }
        }
    }

    /// Answers job `job`.
    fn finish(busy: &ArcRwSignal<Option<Busy>>, job: u32, out: Result<Answer, WorkError>) {
        let pending = CLIENT.with_borrow_mut(|c| c.pending.remove(&job));
        busy.set(None);
        if let Some(p) = pending {
            let _ = p.answer.send(out);
        }
    }

    /// The worker could not be loaded, or it stopped.
    fn stopped(e: &web_sys::Event) {
        let loaded = CLIENT.with_borrow(|c| c.live.as_ref().is_some_and(|l| l.ready));
        let detail = e
            .dyn_ref::<web_sys::ErrorEvent>()
            .map(web_sys::ErrorEvent::message)
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| "no reason given".to_string());
        fail_all(if loaded {
            format!("the automapper stopped ({detail}); try again")
        } else {
            format!("the automapper could not be loaded ({detail}); try again")
        });
    }

    /// Ends the worker and fails every job with `why`.
    fn fail_all(why: String) {
        let pending = CLIENT.with_borrow_mut(Client::end);
        busy().set(None);
        for p in pending {
            let _ = p.answer.send(Err(WorkError::Failed(why.clone())));
        }
    }
}

/// Off the browser there is no worker: every job fails at once.
#[cfg(not(target_arch = "wasm32"))]
mod client {
    use super::{Busy, Mirror, Sent, WorkError};
    use crate::domain::progress::Progress;
    use crate::domain::Project;
    use crate::ui::modules::bridge::{Answer, Work};
    use leptos::prelude::*;
    use std::cell::RefCell;

    thread_local! {
        static MIRROR: RefCell<Mirror> = RefCell::new(Mirror::default());
    }

    pub fn busy() -> ArcRwSignal<Option<Busy>> {
        ArcRwSignal::new(None)
    }

    pub fn with_mirror<R>(f: impl FnOnce(&mut Mirror) -> R) -> R {
        MIRROR.with_borrow_mut(f)
    }

    pub fn prefetch() {}

    pub fn cancel() {}

    pub fn cancels() -> u32 {
        0
    }

    pub fn adopt(_: Sent, _: u64, _: &Project) {}

    pub fn pieces(_: Sent) -> Result<Vec<crate::ui::modules::bridge::Commits>, WorkError> {
        Err(WorkError::Failed("there is no worker".to_string()))
    }

    pub fn done_reading(_: Sent) {}

    /// The answer never comes: there is no worker.
    type Receiving = futures_channel::oneshot::Receiver<Result<Answer, WorkError>>;

    pub fn send(
        _: String,
        _: Work,
        _: Option<(u64, &Project)>,
        _: Option<Progress>,
    ) -> Result<(Sent, Receiving), WorkError> {
        Err(WorkError::Failed(
            "the automapper's worker runs only in a browser".to_string(),
        ))
    }
}
