//! A repair decision as the app lists it: what was decided, in words, why, and the version it
//! made or why it was not applied. The repair panel and the LLM agent list these; the worker
//! sends them for the solver's decisions (a plain record crosses cheaply; the decision's action
//! itself stays where it was made).

use crate::domain::repair::Logged;
use serde::{Deserialize, Serialize};

/// One listed decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogLine {
    /// The decision in words, with the names its exit and rooms had ("remove Kitchen —north→
    /// Yard").
    pub summary: String,
    /// Why (the commit's analysis when it made one).
    pub reason: String,
    /// The commit it made, if it changed the map.
    pub version: Option<u32>,
    /// Why it was not applied, if it was not.
    pub rejected: Option<String>,
}

impl From<&Logged> for LogLine {
    fn from(l: &Logged) -> LogLine {
        LogLine {
            summary: l.summary.clone(),
            reason: l.decision.reason.clone(),
            version: l.version,
            rejected: l.rejected.clone(),
        }
    }
}

/// The lines of a session's log.
pub fn lines(log: &[Logged]) -> Vec<LogLine> {
    log.iter().map(LogLine::from).collect()
}
