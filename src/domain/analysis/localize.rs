//! Localization on the Reasoning History Tree (default semantics).
//!
//! A duplicated label localizes to its room (the LCA) and its exits. A reverse mismatch to its
//! two ends and their exits. An inconsistent loop to the closing exit plus the two tree paths
//! from the LCA of its ends; an overlap to the two tree paths from the LCA of its first two
//! rooms. A naming collision across frames has no tree path: its candidates are, explicitly, the
//! exits touching the rooms.

use super::conflict::{Conflict, ConflictKind};
use super::geometry::Geometry;
use crate::domain::map::{ExitId, Map, RoomId};
use serde::Serialize;

/// Where a conflict came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct Localization {
    /// The lowest common ancestor, if the conflict has one.
    pub lca: Option<RoomId>,
    /// Tree exits from the LCA to the first room.
    pub path_a: Vec<ExitId>,
    /// Tree exits from the LCA to the second room.
    pub path_b: Vec<ExitId>,
    /// Candidate exits, de-duplicated, in order.
    pub candidates: Vec<ExitId>,
}

/// Localizes one conflict.
pub fn localize(map: &Map, geometry: &Geometry, conflict: &Conflict) -> Localization {
    let mut loc = Localization::default();
    match &conflict.kind {
        ConflictKind::DuplicateLabel { room, .. } => {
            loc.lca = Some(*room);
            loc.path_a = conflict.exits.first().copied().into_iter().collect();
            loc.path_b = conflict.exits.get(1).copied().into_iter().collect();
            loc.candidates = conflict.exits.clone();
        }
        ConflictKind::ReverseMismatch { a, b } => {
            loc.lca = Some(*a.min(b));
            loc.path_a = map.exits_between(*a, *b).map(|e| e.id).collect();
            loc.path_b = map.exits_between(*b, *a).map(|e| e.id).collect();
            loc.candidates = conflict.exits.clone();
        }
        ConflictKind::Loop { exit, .. } => {
            if let Some(e) = map.exit(*exit) {
                tree_paths(geometry, e.from, e.to, &mut loc);
            }
            let mut c = vec![*exit];
            c.extend(loc.path_a.iter().chain(&loc.path_b));
            loc.candidates = dedup(c);
        }
        ConflictKind::Overlap { .. } | ConflictKind::NameCollision { .. } => {
            if let [a, b, ..] = conflict.rooms[..] {
                tree_paths(geometry, a, b, &mut loc);
                if loc.lca.is_some() {
                    loc.candidates = dedup(loc.path_a.iter().chain(&loc.path_b).copied().collect());
                } else {
                    let touching = conflict
                        .rooms
                        .iter()
                        .flat_map(|r| map.exits_from(*r).chain(map.exits_to(*r)))
                        .map(|e| e.id)
                        .collect();
                    loc.candidates = dedup(touching);
                }
            }
        }
    }
    loc
}

fn tree_paths(geometry: &Geometry, a: RoomId, b: RoomId, loc: &mut Localization) {
    if let Some(l) = geometry.lca(a, b) {
        loc.lca = Some(l);
        loc.path_a = geometry.path_from(l, a);
        loc.path_b = geometry.path_from(l, b);
    }
}

/// The list without repeats, first occurrences in order. Tree paths from one ancestor share no
/// exit, so a repeat is rare: a sorted copy finds there is none without hashing every exit.
fn dedup(list: Vec<ExitId>) -> Vec<ExitId> {
    let mut sorted = list.clone();
    sorted.sort_unstable();
    if sorted.windows(2).all(|w| w[0] != w[1]) {
        return list;
    }
    let mut seen = rustc_hash::FxHashSet::default();
    list.into_iter().filter(|e| seen.insert(*e)).collect()
}
