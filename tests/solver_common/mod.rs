//! Helpers shared by the solver's tests (`tests/solver.rs`, `tests/solver_reading.rs`):
//! small histories as a model would record them, and what a repair left in them.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.
#![allow(dead_code)] // Each test file uses only some of them.

use maprepair::domain::{CommitInfo, Direction, Draft, History, Label, Trigger};

/// An exit a model recorded: from, direction, to.
pub type Recorded<'a> = (&'a str, Direction, &'a str);

/// A model's history of a short transcript: each step's text, and the exit the model recorded
/// for it (None: it recorded no move).
pub fn model_history(steps: &[(&str, Option<Recorded<'_>>)]) -> History {
    let mut h = History::new();
    for (i, (text, exit)) in steps.iter().enumerate() {
        let mut draft = Draft::new(h.head());
        if let Some((a, d, b)) = exit {
            let x = draft.room(a);
            let y = draft.room(b);
            draft.exit(x, y, Label::Dir(*d), true);
        }
        h.commit(
            draft.finish(),
            CommitInfo {
                step: i as u32,
                observation: (*text).to_string(),
                ..CommitInfo::default()
            },
        )
        .unwrap();
    }
    h
}

/// A history of one exit per step: from, direction, to, and the step's text.
pub fn build(steps: &[(&str, Direction, &str, &str)]) -> History {
    let steps: Vec<(&str, Option<Recorded<'_>>)> = steps
        .iter()
        .map(|(a, d, b, text)| (*text, Some((*a, *d, *b))))
        .collect();
    model_history(&steps)
}
/// The exits left in a repaired history, as (from, label, to) names.
pub fn exits_of(h: &History) -> Vec<(String, String, String)> {
    let map = h.head();
    let name = |r| map.room(r).unwrap().name.clone();
    let mut out: Vec<_> = map
        .exits()
        .filter(|e| e.origin == maprepair::domain::Origin::Observed)
        .map(|e| (name(e.from), e.label.to_string(), name(e.to)))
        .collect();
    out.sort();
    out
}

pub fn has(h: &History, from: &str, label: &str, to: &str) -> bool {
    exits_of(h).contains(&(from.to_string(), label.to_string(), to.to_string()))
}

pub fn removal_reasons(h: &History) -> Vec<String> {
    h.commits()
        .iter()
        .filter(|c| c.trigger == Trigger::ConflictRepair && c.change.added_exits.is_empty())
        .map(|c| c.analysis.clone())
        .collect()
}
