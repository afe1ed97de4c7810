//! How far a long computation got: what a caller that shows it (the app's worker, a progress
//! bar) is told while the automapper reads a transcript or a map is laid out or repaired.
//!
//! The computations stay synchronous and pure: they take a `&mut dyn FnMut(Progress)` and call
//! it now and then (at most [`Progress::STEPS`] times a stage), so telling costs nothing next
//! to the work, and a caller that does not care passes [`ignore`]. Stopping a computation is
//! the caller's business (the app ends its worker); nothing here reads a clock.

use serde::{Deserialize, Serialize};

/// The part of a long computation under way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Splitting a file into steps or records.
    Parsing,
    /// Reading the steps of a transcript, one move at a time.
    Reading,
    /// Writing one commit per step.
    Committing,
    /// Reading a history's transcript again (the solver's second reading).
    Rereading,
    /// Repairing a map: closing its conflicts.
    Repairing,
    /// Weighing each exit against the rest of the map (the solver's last passes).
    Weighing,
    /// Placing rooms.
    LayingOut,
}

impl Stage {
    /// The stage in words, for a progress line ("reading the moves").
    pub fn label(self) -> &'static str {
        match self {
            Stage::Parsing => "parsing",
            Stage::Reading => "reading the moves",
            Stage::Committing => "writing the history",
            Stage::Rereading => "reading the transcript again",
            Stage::Repairing => "closing conflicts",
            Stage::Weighing => "weighing the exits",
            Stage::LayingOut => "laying out",
        }
    }
}

/// `done` of `total` units of a stage (steps, exits, rooms).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// The stage.
    pub stage: Stage,
    /// Units done.
    pub done: usize,
    /// Units in the stage (at least `done`).
    pub total: usize,
}

impl Progress {
    /// How many times a stage reports at most (every 1 % of it): a million-step transcript
    /// tells its caller a hundred times, not a million.
    pub const STEPS: usize = 100;

    /// The fraction done, from 0 to 1 (1 for an empty stage).
    pub fn fraction(&self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            self.done.min(self.total) as f64 / self.total as f64
        }
    }
}

/// Reports `stage` as `done` of `total` when `done` starts a new hundredth of it (and at its
/// start), so a loop may call this at every unit.
pub fn tick(progress: &mut dyn FnMut(Progress), stage: Stage, done: usize, total: usize) {
    let every = (total / Progress::STEPS).max(1);
    if done % every == 0 {
        progress(Progress { stage, done, total });
    }
}

/// A progress callback that ignores what it is told.
pub fn ignore(_: Progress) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_stage_reports_about_a_hundred_times_and_a_short_one_every_unit() {
        let mut seen = Vec::new();
        for i in 0..10_000 {
            tick(&mut |p| seen.push(p.done), Stage::Reading, i, 10_000);
        }
        assert_eq!(seen.len(), 100);
        assert_eq!(seen[1], 100);
        seen.clear();
        for i in 0..7 {
            tick(&mut |p| seen.push(p.done), Stage::Reading, i, 7);
        }
        assert_eq!(seen, [0, 1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn the_fraction_stays_between_zero_and_one() {
        let p = |done, total| Progress {
            stage: Stage::Parsing,
            done,
            total,
        };
        assert!((p(1, 4).fraction() - 0.25).abs() < 1e-12);
        assert!((p(0, 0).fraction() - 1.0).abs() < 1e-12);
        assert!((p(9, 4).fraction() - 1.0).abs() < 1e-12);
    }
}
