//! The automapper as a second reader: reads again the transcript a history's commits carry
//! (each observation commit's `> action` line and reply, as the LLM build and the automapper
//! write them) and returns what it found as a [`Reading`], the evidence the consensus solver
//! weighs against the history's own exits ([`crate::domain::repair::solver::solve_with`]).
//!
//! The reader names rooms from a list: the game's location list when it is known (the inputs
//! the model that built the map had), otherwise the names already on the map, so that the two
//! readings speak of the same rooms ([`Names`]). A room the list does not name stays off the
//! reading's map. The solver judges no exit between two rooms the reading does not know, and,
//! with the map's names, none touching rooms that share a title.

use super::{automap, Hints};
use crate::domain::formats::Step;
use crate::domain::history::History;
use crate::domain::names::canonical_name;
use crate::domain::reading::{map_names, transcript_steps, Names, ReadExit, ReadMove, Reading};

/// Reads the history's transcript again with the automapper, naming rooms from `names` (see
/// the module docs). `None` when the history carries fewer than two transcript steps: there is
/// nothing to read.
pub fn reread(history: &History, names: &[String]) -> Option<Reading> {
    read_steps(&transcript_steps(history), names, Names::List)
}

/// [`reread`] on steps already taken from a history ([`transcript_steps`]), with room names
/// from `source` (what the app's automapper module is sent: the map's names).
pub fn read_steps(steps: &[Step], names: &[String], source: Names) -> Option<Reading> {
    if steps.len() < 2 {
        return None;
    }
    let hints = Hints {
        locations: names.to_vec(),
        actions: Vec::new(),
    };
    let built = automap("reading", steps, &hints);
    let map = built.project.history.head();
    let name = |r| map.room(r).map(|r| r.canonical.clone());
    Some(Reading {
        names: source,
        steps: {
            let mut s: Vec<u32> = steps
                .iter()
                .filter_map(|s| u32::try_from(s.num).ok())
                .collect();
            s.sort_unstable();
            s.dedup();
            s
        },
        rooms: map.rooms().map(|r| canonical_name(&r.name)).collect(),
        exits: map
            .exits()
            .filter_map(|e| {
                Some(ReadExit {
                    from: name(e.from)?,
                    label: e.label.to_string(),
                    to: name(e.to)?,
                })
            })
            .collect(),
        moves: built
            .steps
            .iter()
            .filter(|r| r.moved)
            .filter_map(|r| {
                // A move into or out of a room the list does not name is kept with that name
                // empty: the player went somewhere, which breaks the chain of named rooms.
                Some(ReadMove {
                    step: u32::try_from(r.step).ok()?,
                    from: r.from.as_deref().map(canonical_name).unwrap_or_default(),
                    label: r.label.clone().unwrap_or_default(),
                    to: r.to.as_deref().map(canonical_name).unwrap_or_default(),
                })
            })
            .collect(),
    })
}

/// [`reread`] with the names on the history's own map: for a map whose game's location list is
/// not known.
pub fn reread_by_map_names(history: &History) -> Option<Reading> {
    read_steps(&transcript_steps(history), &map_names(history), Names::Map)
}
