//! One moment of a project's history, ready to show: the map at a version, its analysis, how
//! often each exit had been walked by then, and what that version's commit added and removed.
//! Pure: built from a [`History`] by [`Snapshot::of`].

use crate::domain::map::{Exit, ExitId, Map, RoomId};
use crate::domain::{Analysis, Counts, History};
use rustc_hash::FxHashSet;

/// The state shown for one version.
#[derive(Debug, Clone)]
pub struct Snapshot {
    /// The version shown (`None` for an empty history).
    pub version: Option<u32>,
    /// True when the version is the newest one.
    pub at_head: bool,
    /// The map at that version.
    pub map: Map,
    /// Its conflicts, localizations and positions.
    pub analysis: Analysis,
    /// Conflict counts.
    pub counts: Counts,
    /// Walks per exit id, counting only commits up to the version.
    pub usage: Vec<u32>,
    /// Rooms the version's commit added.
    pub added_rooms: FxHashSet<RoomId>,
    /// Exits the version's commit added.
    pub added_exits: FxHashSet<ExitId>,
    /// Exits the version's commit removed (drawn as ghosts where both ends remain).
    pub removed_exits: Vec<Exit>,
    /// Where the text had got to by this version: the room the latest step that moved along
    /// an exit or into a room led to, if it is on the map.
    pub here: Option<RoomId>,
}

impl Snapshot {
    /// The snapshot at `version`, or at the head when `version` is `None` or past the end.
    pub fn of(history: &History, version: Option<u32>) -> Snapshot {
        let head = history.head_version();
        let version = match (version, head) {
            (Some(v), Some(h)) => Some(v.min(h)),
            (None, h) => h,
            (Some(_), None) => None,
        };
        let map = match version {
            Some(v) if Some(v) != head => history.checkout(v).unwrap_or_default(),
            _ => history.head().clone(),
        };
        let analysis = Analysis::of(&map);
        let mut usage = vec![0u32; map.exit_bound()];
        let upto = version.map_or(0, |v| v as usize + 1);
        for c in &history.commits()[..upto.min(history.len())] {
            let walked = c.change.added_exits.iter().map(|e| e.id);
            for e in walked.chain(c.traversed.iter().copied()) {
                if let Some(u) = usage.get_mut(e.0 as usize) {
                    *u += 1;
                }
            }
        }
        let here = history.reader_at(upto, &map);
        let commit = version.and_then(|v| history.get(v));
        let change = commit.map(|c| &c.change);
        Snapshot {
            version,
            at_head: version == head,
            counts: analysis.counts(),
            analysis,
            usage,
            added_rooms: change.map_or_else(FxHashSet::default, |c| {
                c.added_rooms.iter().map(|r| r.id).collect()
            }),
            added_exits: change.map_or_else(FxHashSet::default, |c| {
                c.added_exits.iter().map(|e| e.id).collect()
            }),
            removed_exits: change.map_or_else(Vec::new, |c| {
                c.removed_exits
                    .iter()
                    .filter(|e| !c.added_exits.iter().any(|a| a.id == e.id))
                    .cloned()
                    .collect()
            }),
            here,
            map,
        }
    }

    /// Index of the conflict with this id, if it exists at this version.
    pub fn conflict_index(&self, id: &str) -> Option<usize> {
        self.analysis.conflicts.iter().position(|c| c.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::demo::demo_project;

    #[test]
    fn a_snapshot_shows_the_map_as_it_was_then() {
        let p = demo_project();
        let first = Snapshot::of(&p.history, Some(0));
        assert_eq!(first.map.room_count(), 2);
        assert_eq!(first.added_rooms.len(), 2);
        let head = Snapshot::of(&p.history, None);
        assert!(head.at_head);
        assert_eq!(head.counts.total, 2);
        assert_eq!(Snapshot::of(&p.history, Some(999)).version, head.version);
    }

    #[test]
    fn here_is_where_the_latest_move_led() {
        let p = demo_project();
        let mut checked = 0;
        for c in p.history.commits() {
            let snap = Snapshot::of(&p.history, Some(c.id));
            let here = snap.here.expect("every demo version has a place");
            assert!(snap.map.room(here).is_some());
            let arrived = c.arrival(&snap.map);
            if let Some(r) = arrived {
                assert_eq!(here, r, "version {}", c.id);
                checked += 1;
            }
        }
        assert!(checked > 3, "{checked}");
    }
}
