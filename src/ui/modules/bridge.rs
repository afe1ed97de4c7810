//! The one definition of what crosses between the app's three wasm modules. Both sides of
//! every boundary compile against these types; nothing is found by name.
//!
//! * **The worker** (`maprepair-automap`, `src/automap_main.rs`, started by
//!   [`crate::ui::modules::worker`] as a real Web Worker): the page sends [`ToWorker`], the
//!   worker answers [`FromWorker`]. The worker keeps a copy of the open project, brought up to
//!   date by [`ToWorker::sync`] before each job that works on it, and owns it during a job: the
//!   page's project changes only when the answer arrives (the commits the job made), so a
//!   cancelled job (the worker ended) leaves it as it was.
//! * **The LLM tools** (`maprepair-llm`, `src/llm_main.rs`, on the page's thread: it draws a
//!   panel): the tools ask the app through an [`AppPort`] with [`ToApp`] and get an
//!   [`AppReply`]; the app tells them of every change with a [`Summary`].
//!
//! Values cross as JavaScript values made by `serde-wasm-bindgen` ([`encode`], [`decode`]).
//! A project crosses whole (its lossless project JSON) only the first time, or when the open
//! project was replaced; after that, edits cross as the commits they made
//! ([`ProjectDelta`], kept in step by [`crate::ui::modules::sync`]). A file the worker read
//! comes back in pieces ([`Opened`]) that the page replays between frames, and the worker
//! keeps it as its copy: the page hands it nothing when it opens.

use crate::domain::layout::{Floors, Layout};
use crate::domain::progress::Progress;
use crate::domain::repair::solver::{Filled, ReadingUse};
use crate::domain::Commit;
use crate::view::log_line::LogLine;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

/// What a copy of the open project needs to catch up with it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ProjectDelta {
    /// The whole project as its lossless JSON ([`crate::domain::Project::to_json`]): the first
    /// hand-over, or the open project was replaced.
    Whole(String),
    /// The same project, grown: the copy keeps its first `from` commits (dropping any past
    /// them) and appends `commits` (numbered from `from`).
    Commits {
        /// The project's name (renaming is no commit).
        name: String,
        /// How many commits the copy keeps.
        from: u32,
        /// The commits after those.
        commits: Commits,
    },
}

/// Commits as they cross: a project file's JSON holding only them, read back by the project
/// file's reader ([`crate::domain::project_file::read`]), so a commit that does not fit is named
/// by its place, and the app's module reads them with the very code it loads projects with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commits(String);

/// The shape [`Commits`] cross in: a project file's `commits` field.
#[derive(Serialize, Deserialize)]
struct CommitsFile<C> {
    commits: C,
}

impl Commits {
    /// `commits` as they cross.
    pub fn of(commits: &[Commit]) -> Commits {
        // Commits always serialize: plain data, string keys.
        Commits(serde_json::to_string(&CommitsFile { commits }).unwrap_or_default())
    }

    /// The commits back.
    ///
    /// # Errors
    /// They are not commits (the modules come from different builds): where and why.
    pub fn read(&self) -> Result<Vec<Commit>, String> {
        crate::domain::project_file::read::<CommitsFile<Vec<Commit>>>(&self.0, "the commits sent")
            .map(|f| f.commits)
            .map_err(|e| e.to_string())
    }
}

// ---------------------------------------------------------------- the worker

/// A job from the page for the worker. The worker answers [`FromWorker::Done`] or
/// [`FromWorker::Failed`] with the same number, and may send [`FromWorker::Progress`] before.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToWorker {
    /// The job's number (the page's, unique while the worker lives).
    pub job: u32,
    /// First bring the worker's copy of the open project up to date (the jobs that work on
    /// it carry this).
    pub sync: Option<ProjectDelta>,
    /// What to do.
    pub work: Work,
}

/// A job for the worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Work {
    /// Build the demo game `id` from its walkthrough. Answers [`Answer::Project`].
    Demo {
        /// The demo's id.
        id: String,
    },
    /// Build the Learn lesson `id` ([`crate::view::lessons::build`]). Answers
    /// [`Answer::Lesson`].
    Lesson {
        /// The lesson's id.
        id: String,
    },
    /// Read a file the user opened (the file's name and text): a saved project or an edge
    /// list as it is, a walkthrough or transcript through the automapper. The project read
    /// becomes the worker's copy of the open project (the page opens it). Answers
    /// [`Answer::Opened`].
    Read {
        /// The file's name.
        file: String,
        /// Its text.
        text: String,
    },
    /// Run the solver to its end on the worker's copy of the project, after reading its
    /// transcript again. Answers [`Answer::Solved`].
    Solve {
        /// Also add the ways the transcript read again shows that the map lacks.
        fill: bool,
    },
    /// Take one decision of the solver's session on the worker's copy of the project (the
    /// worker keeps the session between steps). Answers [`Answer::Stepped`].
    SolverStep {
        /// Start a new session first (the page has none open).
        fresh: bool,
    },
    /// Take one decision of a heuristic's session on the worker's copy of the project (the
    /// worker keeps the session between steps), or with `to_end` every decision until the
    /// session stops. Answers [`Answer::Stepped`].
    Heuristic {
        /// heuristic_modify (relabel first) rather than heuristic_remove.
        modify: bool,
        /// Start a new session first (the page has none open).
        fresh: bool,
        /// Repair until the session stops, not one decision.
        to_end: bool,
    },
    /// Lay out the worker's copy of the project as it was at `version` (`None`: its last) with
    /// the force layout, started from its lattice layout with `floors` (what the page's
    /// [`crate::ui::state::AppState::layout`] computes for a small map). Answers
    /// [`Answer::Layout`].
    Layout {
        /// The version shown.
        version: Option<u32>,
        /// The floors the lattice layout it starts from shows.
        floors: Floors,
    },
}

/// A message from the worker to the page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The worker is loaded and listening (its first message).
    Ready,
    /// How far a job got.
    Progress {
        /// The job.
        job: u32,
        /// How far.
        progress: Progress,
    },
    /// A piece of the commits of the project a job read ([`Opened`]), sent after its answer,
    /// in order.
    Piece {
        /// The job.
        job: u32,
        /// The commits.
        commits: Commits,
    },
    /// A job's result.
    Done {
        /// The job.
        job: u32,
        /// The result.
        answer: Answer,
    },
    /// A job could not be done: why, in words (a file's error names the file and the place).
    Failed {
        /// The job.
        job: u32,
        /// Why.
        why: String,
    },
}

/// What a job made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// A new project, as its lossless JSON.
    Project(String),
    /// A lesson: its project, as its lossless JSON, and its narration.
    Lesson(String, crate::view::lessons::Lesson),
    /// A project read from a file, in pieces the page can take one at a time.
    Opened(Opened),
    /// The solver's work on the worker's copy of the project.
    Solved(Solved),
    /// One decision of the solver's session.
    Stepped(Stepped),
    /// The force layout of the version asked for.
    Layout(Layout),
}

/// A project read in the worker, as it crosses back: everything but its commits as a project
/// file's JSON (small), in the job's answer; its commits follow in pieces of at most
/// [`Opened::PIECE`] ([`FromWorker::Piece`]), each sent as soon as it is serialised, so the
/// page replays one piece ([`crate::ui::modules::automapper`]) while the worker serialises the
/// next, and stops for a frame between any two.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Opened {
    /// The project without its commits, as its lossless JSON.
    pub rest: String,
    /// How many commits the pieces hold.
    pub commits: usize,
}

impl Opened {
    /// Commits a piece holds at most: about 0.4 MB of JSON at a lattice's one exit a commit
    /// (more with a transcript's text), which the page reads and replays in a few milliseconds,
    /// so it can stop for a frame between any two ([`crate::ui::modules::automapper`]).
    pub const PIECE: usize = 1_024;

    /// `project` as it crosses, but for its commits ([`Opened::piece`]).
    pub fn of(project: &crate::domain::Project) -> Opened {
        let rest = crate::domain::Project {
            name: project.name.clone(),
            history: crate::domain::History::new(),
            ground_truth: project.ground_truth.clone(),
        };
        Opened {
            rest: rest.to_json(),
            commits: project.history.len(),
        }
    }

    /// Piece `i` of `project`'s commits, oldest first; `None` past the last.
    pub fn piece(project: &crate::domain::Project, i: usize) -> Option<Commits> {
        project
            .history
            .commits()
            .chunks(Self::PIECE)
            .nth(i)
            .map(Commits::of)
    }
}

/// What one step of a session in the worker did (the solver's or a heuristic's).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Stepped {
    /// The commits it made, if any (the copy has them already).
    pub commits: Commits,
    /// Its decisions.
    pub log: Vec<LogLine>,
    /// True when the session has nothing left to do.
    pub finished: bool,
}

/// What the solver did: its commits (the copy has them already; the page appends them to the
/// open project), its log, and what the second reading and the filling-in did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Solved {
    /// The commits it made, in order, numbered from the project's length when it started.
    pub commits: Commits,
    /// Its decisions.
    pub log: Vec<LogLine>,
    /// What the second reading did, when the transcript was read again.
    pub used: Option<ReadingUse>,
    /// What the filling-in did, when asked for.
    pub filled: Option<Filled>,
}

// ---------------------------------------------------------------- the LLM tools

/// What the LLM tools ask of the app.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ToApp {
    /// What the tools' copy of the open project lacks. Answers [`AppReply::Delta`].
    Pull {
        /// Send the whole project (the commits sent did not fit the copy).
        whole: bool,
    },
    /// Appends commits the tools made on their copy, which was up to date. Answers
    /// [`AppReply::Done`], or [`AppReply::Refused`] when the open project moved meanwhile
    /// (the next [`ToApp::Pull`] brings anything newer).
    Append(Commits),
    /// Opens a new project (its lossless JSON). Answers [`AppReply::Done`] or
    /// [`AppReply::Refused`].
    Open(String),
    /// Automaps a game's transcript or walkthrough and opens its map (the app's notice bar
    /// tells how it went). Answers [`AppReply::Done`].
    Automap {
        /// A name for it.
        name: String,
        /// Its text.
        text: String,
    },
    /// The open project in brief. Answers [`AppReply::Summary`].
    Summary,
    /// Shows a message in the app's notice bar. Answers [`AppReply::Done`].
    Tell {
        /// The message.
        text: String,
        /// True for a failure.
        error: bool,
    },
    /// Shows a version on the map and the timeline. Answers [`AppReply::Done`].
    Show(u32),
}

/// The app's answer to a [`ToApp`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AppReply {
    /// Done.
    Done,
    /// Not done: why.
    Refused(String),
    /// What the copy lacks (`None`: it is up to date).
    Delta(Option<ProjectDelta>),
    /// The open project in brief.
    Summary(Summary),
}

/// What the LLM panels show about the app's open project.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// Its name.
    pub name: String,
    /// Observations committed so far.
    pub observations: usize,
    /// Conflicts in the version shown.
    pub conflicts: usize,
}

#[wasm_bindgen]
extern "C" {
    /// The app's side of the LLM tools' bridge: an object with `ask` and `watch`, made by
    /// [`app_port`].
    #[derive(Clone)]
    pub type AppPort;

    /// Sends a [`ToApp`] (encoded), answering an [`AppReply`] (encoded).
    #[wasm_bindgen(method, catch)]
    fn ask(this: &AppPort, message: JsValue) -> Result<JsValue, JsValue>;

    /// Asks the app to call `listener` with a [`Summary`] (encoded) a moment after each change
    /// of the open project or of the version shown.
    #[wasm_bindgen(method, catch)]
    fn watch(this: &AppPort, listener: &js_sys::Function) -> Result<(), JsValue>;
}

impl AppPort {
    /// Asks the app.
    ///
    /// # Errors
    /// The message could not cross, or the app threw.
    pub fn request(&self, message: &ToApp) -> Result<AppReply, String> {
        let reply = self
            .ask(encode(message)?)
            .map_err(|e| format!("the app did not answer: {}", words(&e)))?;
        decode(reply)
    }

    /// Calls `listener` with each [`Summary`] the app sends, for as long as the page lives.
    ///
    /// # Errors
    /// The app did not take the listener.
    pub fn follow(&self, listener: impl Fn(Summary) + 'static) -> Result<(), String> {
        let f = wasm_bindgen::closure::Closure::<dyn Fn(JsValue)>::new(move |v: JsValue| {
            if let Ok(s) = decode(v) {
                listener(s);
            }
        });
        let out = self
            .watch(wasm_bindgen::JsCast::unchecked_ref(f.as_ref()))
            .map_err(|e| words(&e));
        // Called by the app for as long as the page lives.
        f.forget();
        out
    }
}

/// The app's port for the LLM tools: `answer` answers each [`ToApp`], `listen` takes each
/// listener the tools register (the app calls it with [`encode`]d [`Summary`] values).
pub fn app_port(
    answer: impl Fn(ToApp) -> AppReply + 'static,
    listen: impl Fn(js_sys::Function) + 'static,
) -> AppPort {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let object = js_sys::Object::new();
    let ask = Closure::<dyn Fn(JsValue) -> Result<JsValue, JsValue>>::new(move |m: JsValue| {
        let reply = match decode::<ToApp>(m) {
            Ok(m) => answer(m),
            Err(e) => AppReply::Refused(e),
        };
        encode(&reply).map_err(|e| JsValue::from_str(&e))
    });
    let watch = Closure::<dyn Fn(js_sys::Function)>::new(listen);
    // The two names of the extern type above, set once here.
    let _ = js_sys::Reflect::set(&object, &JsValue::from_str("ask"), ask.as_ref());
    let _ = js_sys::Reflect::set(&object, &JsValue::from_str("watch"), watch.as_ref());
    // The port lives as long as the page.
    ask.forget();
    watch.forget();
    object.unchecked_into()
}

// ---------------------------------------------------------------- encoding

/// A value as the JavaScript value that crosses (plain objects, arrays, strings, numbers: what
/// `postMessage` clones).
///
/// # Errors
/// It cannot be encoded (a number JavaScript cannot hold exactly).
pub fn encode<T: Serialize>(value: &T) -> Result<JsValue, String> {
    serde_wasm_bindgen::to_value(value).map_err(|e| format!("a message could not be sent: {e}"))
}

/// A value back from what crossed.
///
/// # Errors
/// It is not what this side expects (the modules come from different builds).
pub fn decode<T: DeserializeOwned>(value: JsValue) -> Result<T, String> {
    serde_wasm_bindgen::from_value(value).map_err(|e| format!("a message could not be read: {e}"))
}

/// A thrown JavaScript value in words: its `message`, or itself when it is a string.
pub fn words(e: &JsValue) -> String {
    js_sys::Reflect::get(e, &JsValue::from_str("message"))
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "no reason given".to_string())
}
