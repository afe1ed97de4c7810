//! The automapper, the demo games and the solver, as the app reaches them: jobs for the worker
//! ([`crate::ui::modules::worker`]), so the app's bundle stays small and the page keeps drawing
//! while a long transcript is read.
//!
//! The app starts the worker just after the first map is drawn ([`prefetch`], with the LLM
//! tools), or when the user picks a demo game or opens a walkthrough before that; those wait
//! for it. New projects come back as project JSON (lossless); the solver's work comes back as
//! the commits it made on the worker's copy of the open project.

use crate::domain::progress::{Progress, Stage};
use crate::domain::Project;
use crate::ui::modules::bridge::{Answer, Opened, Solved, Stepped, Work};
use crate::ui::modules::worker::{self, WorkError};
use crate::view::lessons::Lesson;

/// The demo `id` (one that [`crate::view::catalog::build_here`] does not make) as a project.
///
/// # Errors
/// Cancelled, or why not in words: the worker could not be loaded, or there is no such demo.
pub async fn demo(id: String) -> Result<Project, WorkError> {
    let work = Work::Demo { id: id.clone() };
    project(
        worker::run(format!("Building “{id}”"), work, None).await?,
        &id,
    )
}

/// The Learn lesson `id`, built in the worker: its project and its narration.
///
/// # Errors
/// Cancelled, or why not in words: the worker could not be loaded, or there is no such lesson.
pub async fn lesson(id: String) -> Result<(Project, Lesson), WorkError> {
    let work = Work::Lesson { id: id.clone() };
    match worker::run(format!("Opening the lesson “{id}”"), work, None).await? {
        Answer::Lesson(json, lesson) => Project::from_json(&json, &id)
            .map(|p| (p, lesson))
            .map_err(|e| WorkError::Failed(e.to_string())),
        _ => Err(unexpected()),
    }
}

/// A file the user opened, read in the worker: a saved project or an edge list as it is, a
/// walkthrough or transcript automapped. The progress bar shows from the start; the project
/// comes back in pieces the page replays between frames ([`Opened`]), and Cancel stops both
/// the worker's read and the page's replay. Once the page opens the project, [`worker::adopt`]
/// tells the worker's client that the worker's copy is it already.
///
/// # Errors
/// Cancelled, or why not in words: the worker could not be loaded, or the file cannot be read
/// (the message names the file, the place and the problem).
pub async fn walkthrough(file: String, text: String) -> Result<Project, WorkError> {
    read_file(file, text).await.map(|(p, _)| p)
}

/// [`walkthrough`], answering also which job of which worker read it (for [`worker::adopt`]).
///
/// # Errors
/// As [`walkthrough`].
pub async fn read_file(file: String, text: String) -> Result<(Project, worker::Sent), WorkError> {
    let what = format!("Reading {file}");
    let size = text.len();
    let work = Work::Read {
        file: file.clone(),
        text,
    };
    let first = Progress {
        stage: Stage::Parsing,
        done: 0,
        total: size,
    };
    let cancels = worker::cancels();
    let (answer, sent) = worker::run_shown(what.clone(), work, None, first).await?;
    let project = match answer {
        Answer::Opened(opened) => {
            let replayed = replay(opened, sent, &file, &what, cancels).await;
            worker::done_reading(sent);
            replayed
        }
        answer => project(answer, &file),
    };
    project.map(|p| (p, sent))
}

/// How long the page puts a project together before it lets a frame be drawn, in
/// milliseconds: most of a frame (16.7 ms at 60 frames/s), so the bar and the map keep moving
/// while the pieces are read in as few tasks as that allows.
const REPLAY_SLICE_MS: f64 = 12.0;

/// The project read in the worker (job `sent`), put together here a piece at a time as the
/// pieces come ([`worker::pieces`]), with the progress bar showing how far and frames drawn
/// between slices of [`REPLAY_SLICE_MS`]; `Cancelled` when the user cancels meanwhile (nothing
/// is opened).
async fn replay(
    opened: Opened,
    sent: worker::Sent,
    file: &str,
    what: &str,
    cancels: u32,
) -> Result<Project, WorkError> {
    use crate::ui::map::perf::now;
    let failed = |e: String| WorkError::Failed(format!("{file}: {e}"));
    let mut project = Project::from_json(&opened.rest, file).map_err(|e| failed(e.to_string()))?;
    project.history.reserve(opened.commits);
    let total = opened.commits;
    let (mut slice, mut slowest) = (now(), 0.0);
    let started = slice;
    let mut come = std::collections::VecDeque::new();
    while project.history.len() < total {
        // A Cancel ends the worker: its pieces stop because the user cancelled.
        let cancelled = |e| {
            if worker::cancels() == cancels {
                e
            } else {
                WorkError::Cancelled
            }
        };
        come.extend(worker::pieces(sent).map_err(cancelled)?);
        // None come yet: a frame, or the next piece, meanwhile.
        let waiting = come.is_empty();
        if let Some(piece) = come.pop_front() {
            let t = now();
            let commits = piece.read().map_err(failed)?;
            crate::ui::modules::sync::append(&mut project.history, commits).map_err(failed)?;
            // The slowest piece, for the browser tests (`maprepairPerf`): what one task may take.
            if now() - t > slowest {
                slowest = now() - t;
                crate::ui::map::perf::record("replay-slowest-piece", t);
            }
        }
        if waiting || now() - slice >= REPLAY_SLICE_MS {
            worker::show(
                what,
                Progress {
                    stage: Stage::Committing,
                    done: project.history.len(),
                    total,
                },
            );
            #[cfg(target_arch = "wasm32")]
            gloo_timers::future::TimeoutFuture::new(0).await;
            if worker::cancels() != cancels {
                return Err(WorkError::Cancelled);
            }
            slice = now();
        }
    }
    crate::ui::map::perf::record("replay", started);
    worker::show_done();
    // The bar goes in a frame of its own: the map's first picture, which the caller makes by
    // opening the project, is one long task on a big map.
    next_frame().await;
    if worker::cancels() != cancels {
        return Err(WorkError::Cancelled);
    }
    Ok(project)
}

/// Resolves once the next frame is drawn.
async fn next_frame() {
    let (drawn, frame) = futures_channel::oneshot::channel();
    crate::ui::state::after_next_frame(move || {
        let _ = drawn.send(());
    });
    let _ = frame.await;
}

/// The solver run to its end in the worker on the open project (`opened`: the app's count of
/// projects opened), after a second reading of its transcript.
///
/// # Errors
/// Cancelled, or why not in words: the worker could not be loaded or stopped.
pub fn solve(
    opened: u64,
    open: &Project,
    fill: bool,
) -> impl std::future::Future<Output = Result<Solved, WorkError>> + 'static {
    let work = Work::Solve { fill };
    let answer = worker::run("Repairing with the solver", work, Some((opened, open)));
    async move {
        match answer.await? {
            Answer::Solved(s) => Ok(s),
            _ => Err(unexpected()),
        }
    }
}

/// Decisions of a session the worker keeps between jobs (the solver's, or a heuristic's:
/// `work`), on the open project (`opened`: the app's count of projects opened), with `what`
/// on the progress bar.
///
/// # Errors
/// Cancelled, or why not in words: the worker could not be loaded or stopped.
pub fn steps(
    what: &str,
    opened: u64,
    open: &Project,
    work: Work,
) -> impl std::future::Future<Output = Result<Stepped, WorkError>> + 'static {
    let answer = worker::run(what.to_string(), work, Some((opened, open)));
    async move {
        match answer.await? {
            Answer::Stepped(s) => Ok(s),
            _ => Err(unexpected()),
        }
    }
}

/// Starts loading the worker if nobody has yet.
pub fn prefetch() {
    worker::prefetch();
}

/// A project answer read back.
fn project(answer: Answer, name: &str) -> Result<Project, WorkError> {
    match answer {
        Answer::Project(json) => {
            Project::from_json(&json, name).map_err(|e| WorkError::Failed(e.to_string()))
        }
        _ => Err(unexpected()),
    }
}

fn unexpected() -> WorkError {
    WorkError::Failed("the automapper answered another question".to_string())
}
