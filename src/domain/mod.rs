//! The pure core of maprepair.
//!
//! Rules of this layer: no browser APIs, no Leptos, no clocks, no global random-number
//! generator, no panics on bad input. Time and seeds are parameters; every fallible operation
//! returns a small error enum. Everything here builds and tests natively and for
//! `wasm32-unknown-unknown`.

pub mod analysis;
pub mod automap;
pub mod demo;
pub mod direction;
pub mod draft;
pub mod eval;
pub mod formats;
pub mod history;
pub mod import;
pub mod lattice;
pub mod layout;
pub mod llm;
pub mod map;
pub mod names;
pub mod progress;
pub mod project;
pub mod project_file;
pub mod prose;
pub mod reading;
pub mod reference;
pub mod repair;
pub mod rng;
pub mod route;
pub mod scenarios;
pub mod semantics;
pub mod synth;

pub use analysis::{Analysis, Conflict, ConflictKind, ConflictType, Counts};
pub use direction::{Direction, Label, Vector};
pub use draft::Draft;
pub use history::{Change, Commit, CommitInfo, History, HistoryError, Trigger};
pub use map::{Exit, ExitId, Map, MapError, Origin, Room, RoomId};
pub use project::Project;
pub use semantics::Semantics;
