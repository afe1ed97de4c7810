//! A repair session in progress, kept across steps until the project changes another way. The
//! worker keeps the session itself (the solver's or a heuristic's: they run there, so a repair
//! never stops the page drawing); the page keeps what it decided so far.

use crate::view::log_line::LogLine;

/// A session the worker keeps, as the page knows it.
#[derive(Debug, Clone, Default)]
pub struct RepairRun {
    /// Its decisions so far, as listed.
    pub log: Vec<LogLine>,
}
