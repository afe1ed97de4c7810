//! Conflict detection in default semantics. See the module docs of [`super`].

use super::conflict::{Conflict, ConflictKind, ConflictType};
use super::geometry::Geometry;
use crate::domain::direction::{Label, Vector};
use crate::domain::map::{ExitId, Map, RoomId};
use rustc_hash::{FxBuildHasher, FxHashMap, FxHashSet};

/// Detects every conflict: directional (duplicate labels, reverse mismatches), topological
/// (inconsistent loops, overlaps), naming (canonical-name collisions), in that order.
pub fn detect(map: &Map, geometry: &Geometry) -> Vec<Conflict> {
    let mut out = Vec::new();
    let explained = duplicate_labels(map, &mut out);
    reverse_mismatches(map, &mut out);
    inconsistent_loops(map, geometry, &mut out);
    overlaps(map, geometry, &explained, &mut out);
    name_collisions(map, geometry, &mut out);
    out
}

/// Directional: a room with one label to two rooms. Returns the pairs of rooms that are targets
/// of one duplicated label: their overlap is the same fact.
fn duplicate_labels(map: &Map, out: &mut Vec<Conflict>) -> FxHashSet<(RoomId, RoomId)> {
    let mut explained: FxHashSet<(RoomId, RoomId)> = FxHashSet::default();
    for room in map.rooms() {
        // Most rooms repeat no label: check that without building groups.
        let repeats = map.exits_from(room.id).enumerate().any(|(i, e)| {
            map.exits_from(room.id)
                .skip(i + 1)
                .any(|x| x.label == e.label && x.to != e.to && !e.label.is_link())
        });
        if !repeats {
            continue;
        }
        let mut groups: Vec<(&Label, Vec<ExitId>, Vec<RoomId>)> = Vec::new();
        for e in map.exits_from(room.id) {
            match groups.iter_mut().find(|(l, _, _)| **l == e.label) {
                Some(g) => {
                    g.1.push(e.id);
                    if !g.2.contains(&e.to) {
                        g.2.push(e.to);
                    }
                }
                None => groups.push((&e.label, vec![e.id], vec![e.to])),
            }
        }
        for (label, exits, targets) in groups {
            if targets.len() < 2 || label.is_link() {
                continue;
            }
            for (i, a) in targets.iter().enumerate() {
                for b in &targets[i + 1..] {
                    explained.insert(ordered(*a, *b));
                }
            }
            let mut rooms = vec![room.id];
            rooms.extend(&targets);
            out.push(Conflict {
                id: format!("dup:{}:{}", room.id.0, label),
                ctype: ConflictType::Directional,
                kind: ConflictKind::DuplicateLabel {
                    room: room.id,
                    label: label.clone(),
                },
                rooms,
                exits,
            });
        }
    }
    explained
}

/// Directional: two rooms whose ways to each other do not agree.
fn reverse_mismatches(map: &Map, out: &mut Vec<Conflict>) {
    // Reverse mismatches, each unordered pair once.
    let mut seen_pairs: FxHashSet<(RoomId, RoomId)> = FxHashSet::default();
    for e in map.exits() {
        let pair = ordered(e.from, e.to);
        if e.from == e.to || !seen_pairs.insert(pair) {
            continue;
        }
        let (a, b) = pair;
        let usable = |x: &&crate::domain::map::Exit| x.geometric && x.label.direction().is_some();
        let mut forward = map.exits_between(a, b).filter(usable).peekable();
        let mut back = map.exits_between(b, a).filter(usable).peekable();
        if forward.peek().is_none() || back.peek().is_none() {
            continue;
        }
        let agrees = forward.any(|f| {
            f.label
                .opposite()
                .is_some_and(|o| map.exits_between(b, a).filter(usable).any(|x| x.label == o))
        });
        if !agrees {
            let exits = map
                .exits_between(a, b)
                .chain(map.exits_between(b, a))
                .map(|x| x.id)
                .collect();
            out.push(Conflict {
                id: format!("mismatch:{}:{}", a.0, b.0),
                ctype: ConflictType::Directional,
                kind: ConflictKind::ReverseMismatch { a, b },
                rooms: vec![a, b],
                exits,
            });
        }
    }
}

/// Topological: loops that do not close.
fn inconsistent_loops(map: &Map, geometry: &Geometry, out: &mut Vec<Conflict>) {
    // Inconsistent loops; a loop of two rooms is the reverse mismatch above.
    for closure in geometry.loops.iter().filter(|l| !l.back_edge) {
        let Some(e) = map.exit(closure.exit) else {
            continue;
        };
        out.push(Conflict {
            id: format!("loop:{}", closure.exit.0),
            ctype: ConflictType::Topological,
            kind: ConflictKind::Loop {
                exit: closure.exit,
                error: closure.error,
            },
            rooms: vec![e.from, e.to],
            exits: vec![closure.exit],
        });
    }
}

/// Topological: rooms sharing a cell, unless a duplicated label already explains it.
fn overlaps(
    map: &Map,
    geometry: &Geometry,
    explained: &FxHashSet<(RoomId, RoomId)>,
    out: &mut Vec<Conflict>,
) {
    // Overlaps: one per cell (counted first, so that only shared cells keep a room list).
    let cell_of = |r: RoomId| Some((geometry.frame_of(r)?, geometry.position(r)?));
    let mut per_cell: FxHashMap<(u32, Vector), u32> = FxHashMap::default();
    for room in map.rooms() {
        if let Some(c) = cell_of(room.id) {
            *per_cell.entry(c).or_insert(0) += 1;
        }
    }
    let mut cells: indexmap::IndexMap<(u32, Vector), Vec<RoomId>, FxBuildHasher> =
        indexmap::IndexMap::default();
    for room in map.rooms() {
        if let Some(c) = cell_of(room.id).filter(|c| per_cell.get(c).is_some_and(|n| *n >= 2)) {
            cells.entry(c).or_default().push(room.id);
        }
    }
    for ((_, cell), rooms) in cells {
        if rooms.len() < 2 {
            continue;
        }
        let all_explained = rooms.iter().enumerate().all(|(i, a)| {
            rooms[i + 1..]
                .iter()
                .all(|b| explained.contains(&ordered(*a, *b)))
        });
        if all_explained {
            continue;
        }
        let ids: Vec<String> = rooms.iter().map(|r| r.0.to_string()).collect();
        out.push(Conflict {
            id: format!("overlap:{}", ids.join(",")),
            ctype: ConflictType::Topological,
            kind: ConflictKind::Overlap { cell },
            exits: placing_exits(geometry, &rooms),
            rooms,
        });
    }
}

/// Naming: rooms whose canonical names collide.
fn name_collisions(map: &Map, geometry: &Geometry, out: &mut Vec<Conflict>) {
    // Naming: canonical collisions (counted first, as for cells).
    let mut per_name: FxHashMap<&str, u32> = FxHashMap::default();
    for room in map.rooms() {
        *per_name.entry(room.canonical.as_str()).or_insert(0) += 1;
    }
    let mut names: indexmap::IndexMap<&str, Vec<RoomId>, FxBuildHasher> =
        indexmap::IndexMap::default();
    for room in map.rooms() {
        if per_name
            .get(room.canonical.as_str())
            .is_some_and(|n| *n >= 2)
        {
            names
                .entry(room.canonical.as_str())
                .or_default()
                .push(room.id);
        }
    }
    for (canonical, rooms) in names {
        if rooms.len() >= 2 {
            out.push(Conflict {
                id: format!("name:{canonical}"),
                ctype: ConflictType::Naming,
                kind: ConflictKind::NameCollision {
                    canonical: canonical.to_string(),
                },
                exits: placing_exits(geometry, &rooms),
                rooms,
            });
        }
    }
}

/// The tree exits that placed these rooms: the edges a position conflict involves.
fn placing_exits(geometry: &Geometry, rooms: &[RoomId]) -> Vec<ExitId> {
    rooms
        .iter()
        .filter_map(|r| {
            geometry
                .parent
                .get(r.0 as usize)
                .copied()
                .flatten()
                .map(|(_, e)| e)
        })
        .collect()
}

fn ordered(a: RoomId, b: RoomId) -> (RoomId, RoomId) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

#[cfg(test)]
mod link_tests {
    use crate::domain::analysis::Analysis;
    use crate::domain::direction::{Direction, Label};
    use crate::domain::map::{Map, Origin};

    #[test]
    fn links_with_no_direction_never_make_a_directional_conflict() {
        let mut map = Map::new();
        let hall = map.add_room("Hall");
        let shed = map.add_room("Shed");
        let lawn = map.add_room("Lawn");
        // Two links out of one room to two places, and a link answered by a compass way back.
        for (a, b) in [(hall, shed), (hall, lawn)] {
            map.add_exit(a, b, Label::Link, Origin::Observed).unwrap();
            map.add_exit(b, a, Label::Link, Origin::InferredReverse)
                .unwrap();
        }
        map.add_exit(shed, hall, Direction::North, Origin::Observed)
            .unwrap();
        assert_eq!(Analysis::of(&map).counts().total, 0);
        // The same shape with one free-text label repeated is a duplicate.
        map.add_exit(hall, shed, Label::Free("go door".into()), Origin::Observed)
            .unwrap();
        map.add_exit(hall, lawn, Label::Free("go door".into()), Origin::Observed)
            .unwrap();
        assert_eq!(Analysis::of(&map).counts().direction, 1);
    }
}
