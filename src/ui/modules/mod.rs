//! The app's two other wasm modules as the app reaches them, and the one definition of what
//! crosses to them ([`bridge`]): the worker (`maprepair-automap`, a real Web Worker: the
//! automapper, reading big files, the demo games, the solver, a big map's heuristic repair and
//! force layout; [`worker`],
//! [`automapper`], [`force_layout`] (its results in [`made_layouts`]), its jobs in [`jobs`], a read's pieces in [`inbox`], their progress and Cancel in
//! [`work_bar`]) and the LLM tools (`maprepair-llm`, mounted in their slot by [`llm_slot`]).
//! Both keep a copy of the open project in step one commit at a time ([`sync`]).

pub mod automapper;
pub mod bridge;
pub mod force_layout;
pub mod inbox;
pub mod jobs;
pub mod llm_slot;
pub mod made_layouts;
pub mod project_text;
pub mod sync;
pub mod work_bar;
pub mod worker;
