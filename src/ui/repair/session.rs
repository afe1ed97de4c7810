//! A repair session in progress, kept across steps until the project changes another way: a
//! heuristic's on a small map, run on the page, or one the worker keeps (the solver's, and a
//! big map's heuristic: they run there, so a big map's repair never stops the page drawing).

use crate::domain::repair::heuristic::{Heuristic, Preference};
use crate::domain::repair::{Budget, RepairSession};
use crate::view::log_line::{lines, LogLine};

/// A session in progress.
#[derive(Debug, Clone)]
pub enum RepairRun {
    /// heuristic_remove or heuristic_modify, run here (a small map).
    Heuristic {
        /// The session (budgets, attempts, log).
        session: RepairSession,
        /// The heuristic.
        heuristic: Heuristic,
    },
    /// A session the worker keeps (the solver's, or a big map's heuristic's); what it decided
    /// so far.
    InWorker {
        /// Its decisions.
        log: Vec<LogLine>,
    },
}

impl RepairRun {
    /// A fresh heuristic session.
    pub fn heuristic(preference: Preference) -> RepairRun {
        RepairRun::Heuristic {
            session: RepairSession::new(Budget::default()),
            heuristic: Heuristic::new(preference),
        }
    }

    /// Its decisions so far, as listed.
    pub fn log(&self) -> Vec<LogLine> {
        match self {
            RepairRun::Heuristic { session, .. } => lines(&session.log),
            RepairRun::InWorker { log } => log.clone(),
        }
    }
}
