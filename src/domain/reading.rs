//! The second reading: what an independent reader (the offline automapper,
//! [`crate::domain::automap::reread`]) finds in the same texts a history's commits carry, as
//! plain data (names, labels and step numbers, no ids), so it can be made in one place (the
//! automapper's wasm module) and used in another (the solver, [`crate::domain::repair::reading`],
//! in the app's own). It is the vocabulary the automapper and the repair share; neither imports
//! the other.

use crate::domain::formats::Step;
use crate::domain::history::{History, Trigger};
use rustc_hash::FxHashSet;
use serde::{Deserialize, Serialize};

/// The transcript steps a history's observation commits carry, in commit order, one per step
/// number (a step that made several commits is read once). Commits whose text is not a
/// transcript step ([`Step::commit_text`]) are left out.
pub fn transcript_steps(history: &History) -> Vec<Step> {
    let mut seen = FxHashSet::default();
    let mut out = Vec::new();
    for c in history.commits() {
        if c.trigger != Trigger::Observation {
            continue;
        }
        let Some(step) = Step::from_commit_text(i64::from(c.step), &c.observation) else {
            continue;
        };
        if seen.insert(c.step) {
            out.push(step);
        }
    }
    out
}

/// The names on the history's map: what a second reading names rooms from when the game's
/// location list is not known.
pub fn map_names(history: &History) -> Vec<String> {
    history.head().rooms().map(|r| r.name.clone()).collect()
}

/// One exit of the second reading's map.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReadExit {
    /// Where it starts (canonical name).
    pub from: String,
    /// Its direction or free text, as written ("north", "enter gazebo").
    pub label: String,
    /// Where it leads (canonical name).
    pub to: String,
}

/// One move of the second reading: where the text of a step took the player. A room the
/// reader could not name (not on its list) is an empty name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadMove {
    /// The history step whose text it read.
    pub step: u32,
    /// Where the move started (canonical name; empty if unnamed).
    pub from: String,
    /// Its direction or free text, as written.
    pub label: String,
    /// Where it ended (canonical name; empty if unnamed).
    pub to: String,
}

/// Where the second reader took its room names from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Names {
    /// The game's location list: names the map's builder had too, read independently.
    #[default]
    List,
    /// The names on the map itself (no list known). The reader then tells rooms that share a
    /// title apart by the qualifiers the map's builder gave them ("outside (video store to
    /// east)"), which is no independent evidence: exits touching such rooms are not judged.
    Map,
}

/// What the second reading found. See the module docs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reading {
    /// Where its room names came from.
    #[serde(default)]
    pub names: Names,
    /// The history steps whose text was read (each commit's `step`), ascending.
    pub steps: Vec<u32>,
    /// The rooms of the reading's map (canonical names).
    pub rooms: Vec<String>,
    /// The exits of the reading's map, observed and inferred.
    pub exits: Vec<ReadExit>,
    /// The moves it read, step by step.
    #[serde(default)]
    pub moves: Vec<ReadMove>,
}
