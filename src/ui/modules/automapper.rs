//! The automapper, the demo games and the solver, as the app reaches them: jobs for the worker
//! ([`crate::ui::modules::worker`]), so the app's bundle stays small and the page keeps drawing
//! while a long transcript is read.
//!
//! The app starts the worker just after the first map is drawn ([`prefetch`], with the LLM
//! tools), or when the user picks a demo game or opens a walkthrough before that; those wait
//! for it. New projects come back as project JSON (lossless); the solver's work comes back as
//! the commits it made on the worker's copy of the open project.

use crate::domain::Project;
use crate::ui::modules::bridge::{Answer, Solved, Stepped, Work};
use crate::ui::modules::worker::{self, WorkError};

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

/// A walkthrough or transcript file, automapped.
///
/// # Errors
/// Cancelled, or why not in words: the worker could not be loaded, or the file is not a
/// walkthrough (the message names the file, the place and the problem).
pub async fn walkthrough(file: String, text: String) -> Result<Project, WorkError> {
    let what = format!("Reading {file}");
    let work = Work::Read {
        file: file.clone(),
        text,
    };
    project(worker::run(what, work, None).await?, &file)
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

/// One decision of the solver's session, which the worker keeps between steps (`fresh`: start
/// a new one), on the open project (`opened`: the app's count of projects opened).
///
/// # Errors
/// Cancelled, or why not in words: the worker could not be loaded or stopped.
pub fn solver_step(
    opened: u64,
    open: &Project,
    fresh: bool,
) -> impl std::future::Future<Output = Result<Stepped, WorkError>> + 'static {
    let work = Work::SolverStep { fresh };
    let answer = worker::run("A step of the solver", work, Some((opened, open)));
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
