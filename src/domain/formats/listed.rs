//! A map written whole as an edge list: every exit, observed or assumed, in exit order, each with
//! its `origin`, the rooms' ids, `"geometric": false` where a repair said so, and a room record
//! wherever a room would otherwise be lost or come back in another order (a room with no exits,
//! or a name that does not say its key, aliases or description). The keys are those of
//! [`super::mango`]'s module docs; [`crate::domain::Project::from_edge_records`] reads them back
//! into the same map (ids renumbered in order, nothing else changed), so the conflicts, the
//! layout and the routes of a re-import are the map's own.

use super::mango::{EdgeRecord, Extra, RecordKind};
use crate::domain::map::{ExitId, Map, Origin, Room, RoomId};
use crate::domain::names::canonical_name;
use rustc_hash::FxHashSet;

/// A room record: the room's name on both ends, no move, and what its name does not say.
fn room_record(room: &Room) -> EdgeRecord {
    let canonical = (room.canonical != canonical_name(&room.name)).then(|| room.canonical.clone());
    EdgeRecord {
        extra: Extra {
            kind: Some(RecordKind::Room),
            src_id: Some(room.id.0),
            dst_id: Some(room.id.0),
            canonical,
            aliases: room.aliases.clone(),
            description: room.description.clone(),
            ..Extra::default()
        },
        ..EdgeRecord::new(&room.name, &room.name, "")
    }
}

/// True if an exit record alone would bring the room back as it is.
fn told_by_name(room: &Room) -> bool {
    room.canonical == canonical_name(&room.name)
        && room.aliases.is_empty()
        && room.description.is_none()
}

/// Rooms in id order, declared as the records need them: the loader makes a room where a record
/// first names it, so a room is written as a record of its own when an exit would otherwise name
/// it before a room with a smaller id, or when its name does not tell it whole.
struct Rooms<'a> {
    map: &'a Map,
    order: Vec<RoomId>,
    next: usize,
    declared: FxHashSet<RoomId>,
}

impl<'a> Rooms<'a> {
    fn new(map: &'a Map) -> Rooms<'a> {
        Rooms {
            map,
            order: map.rooms().map(|r| r.id).collect(),
            next: 0,
            declared: FxHashSet::default(),
        }
    }

    /// Writes to `out` the room records an exit `from → to` needs before it: every room not yet
    /// made up to the larger of its ends, in id order, except the ends the exit record itself
    /// can make (the loader makes an exit's new ends source first, after everything before
    /// it). Those ends must close the sequence in that order and be told by their names.
    fn reach(&mut self, from: RoomId, to: RoomId, out: &mut Vec<EdgeRecord>) {
        let last = from.max(to);
        let mut new = Vec::new();
        while let Some(&r) = self.order.get(self.next) {
            if r > last {
                break;
            }
            self.next += 1;
            if self.declared.insert(r) {
                new.push(r);
            }
        }
        let mut ends: Vec<RoomId> = [from, to].into_iter().filter(|r| new.contains(r)).collect();
        ends.dedup();
        let told = |rs: &[RoomId]| {
            rs.iter()
                .all(|&r| self.map.room(r).is_some_and(told_by_name))
        };
        let implicit: &[RoomId] = [
            &ends[..],
            &ends[ends.len().min(1)..],
            &ends[..ends.len().min(1)],
        ]
        .into_iter()
        .find(|cand| !cand.is_empty() && new.ends_with(cand) && told(cand))
        .unwrap_or(&[]);
        let made_by_records = new.len() - implicit.len();
        for r in &new[..made_by_records] {
            if let Some(data) = self.map.room(*r) {
                out.push(room_record(data));
            }
        }
    }

    /// Room records for every room no exit named.
    fn rest(self, out: &mut Vec<EdgeRecord>) {
        for r in &self.order[self.next..] {
            if let (false, Some(data)) = (self.declared.contains(r), self.map.room(*r)) {
                out.push(room_record(data));
            }
        }
    }
}

/// Every room and exit of `map` as records (module docs), `seen_in_forward` from `seen`.
pub fn map_records(map: &Map, seen: impl Fn(ExitId) -> Option<i64>) -> Vec<EdgeRecord> {
    let mut out = Vec::with_capacity(map.exit_count() + 1);
    let mut rooms = Rooms::new(map);
    for e in map.exits() {
        let (Some(from), Some(to)) = (map.room(e.from), map.room(e.to)) else {
            continue;
        };
        rooms.reach(e.from, e.to, &mut out);
        let kind = match e.origin {
            Origin::Observed => RecordKind::Observed,
            Origin::InferredReverse => RecordKind::InferredReverse,
        };
        out.push(EdgeRecord {
            seen_in_forward: seen(e.id),
            extra: Extra {
                kind: Some(kind),
                non_geometric: !e.geometric,
                src_id: Some(e.from.0),
                dst_id: Some(e.to.0),
                ..Extra::default()
            },
            ..EdgeRecord::new(&from.name, &to.name, e.label.as_str())
        });
    }
    rooms.rest(&mut out);
    out
}
