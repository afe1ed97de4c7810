//! A map written whole as an edge list: every exit, observed or assumed, in exit order, each with
//! its `origin`, the rooms' ids, `"geometric": false` where a repair said so, and a room record
//! wherever a room would otherwise be lost or come back in another order (a room with no exits,
//! or a name that does not say its key, aliases or description). The keys are those of
//! [`super::mango`]'s module docs; [`crate::domain::Project::from_edge_records`] reads them back
//! into the same map (ids renumbered in order, nothing else changed), so the conflicts, the
//! layout and the routes of a re-import are the map's own.

use super::mango::{EdgeRecord, RecordKind};
use super::written::RecordView;
use crate::domain::map::{ExitId, Map, Origin, Room, RoomId};
use crate::domain::names::canonical_name;
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

/// A room record: the room's name on both ends, no move, and what its name does not say.
fn room_record(room: &Room) -> RecordView<'_> {
    let canonical = (room.canonical != canonical_name(&room.name)).then_some(&*room.canonical);
    RecordView {
        src: &room.name,
        dst: &room.name,
        action: "",
        kind: Some(RecordKind::Room),
        src_id: Some(room.id.0),
        dst_id: Some(room.id.0),
        canonical,
        aliases: &room.aliases,
        description: room.description.as_deref(),
        ..RecordView::default()
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
/// it before a room with a smaller id, or when its name does not tell it whole. The rooms before
/// `next` are the ones declared (each room comes once in `order`).
struct Rooms<'a> {
    map: &'a Map,
    order: Vec<RoomId>,
    next: usize,
}

impl<'a> Rooms<'a> {
    fn new(map: &'a Map) -> Rooms<'a> {
        Rooms {
            map,
            order: map.rooms().map(|r| r.id).collect(),
            next: 0,
        }
    }

    /// Hands `emit` the room records an exit `from → to` needs before it: every room not yet
    /// made up to the larger of its ends, in id order, except the ends the exit record itself
    /// can make (the loader makes an exit's new ends source first, after everything before
    /// it). Those ends must close the sequence in that order and be told by their names.
    fn reach<E>(
        &mut self,
        from: RoomId,
        to: RoomId,
        emit: &mut impl FnMut(RecordView<'a>) -> Result<(), E>,
    ) -> Result<(), E> {
        let last = from.max(to);
        let start = self.next;
        while self.order.get(self.next).is_some_and(|&r| r <= last) {
            self.next += 1;
        }
        let new = &self.order[start..self.next];
        let map = self.map;
        let mut ends: Vec<RoomId> = [from, to].into_iter().filter(|r| new.contains(r)).collect();
        ends.dedup();
        let told = |rs: &[RoomId]| rs.iter().all(|&r| map.room(r).is_some_and(told_by_name));
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
            if let Some(data) = map.room(*r) {
                emit(room_record(data))?;
            }
        }
        Ok(())
    }

    /// Room records for every room no exit named.
    fn rest<E>(self, emit: &mut impl FnMut(RecordView<'a>) -> Result<(), E>) -> Result<(), E> {
        for r in &self.order[self.next..] {
            if let Some(data) = self.map.room(*r) {
                emit(room_record(data))?;
            }
        }
        Ok(())
    }
}

/// Hands `emit` every room and exit of `map` as records (module docs), in order,
/// `seen_in_forward` from `seen`; stops at `emit`'s first error.
fn walk<'a, E>(
    map: &'a Map,
    seen: impl Fn(ExitId) -> Option<i64>,
    emit: &mut impl FnMut(RecordView<'a>) -> Result<(), E>,
) -> Result<(), E> {
    let mut rooms = Rooms::new(map);
    for e in map.exits() {
        let (Some(from), Some(to)) = (map.room(e.from), map.room(e.to)) else {
            continue;
        };
        rooms.reach(e.from, e.to, emit)?;
        let kind = match e.origin {
            Origin::Observed => RecordKind::Observed,
            Origin::InferredReverse => RecordKind::InferredReverse,
        };
        emit(RecordView {
            src: &from.name,
            dst: &to.name,
            action: e.label.as_str(),
            seen_in_forward: seen(e.id),
            kind: Some(kind),
            non_geometric: !e.geometric,
            src_id: Some(e.from.0),
            dst_id: Some(e.to.0),
            ..RecordView::default()
        })?;
    }
    rooms.rest(emit)
}

/// Every room and exit of `map` as records (module docs), `seen_in_forward` from `seen`.
pub fn map_records(map: &Map, seen: impl Fn(ExitId) -> Option<i64>) -> Vec<EdgeRecord> {
    let mut out = Vec::with_capacity(map.exit_count() + 1);
    let _ = walk(map, seen, &mut |r| {
        out.push(r.to_record());
        Ok::<(), ()>(())
    });
    out
}

/// A map's records as a JSON array, written as [`walk`] hands them out.
struct Listing<'a, F> {
    map: &'a Map,
    seen: F,
}

impl<F: Fn(ExitId) -> Option<i64>> Serialize for Listing<'_, F> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(None)?;
        walk(self.map, &self.seen, &mut |r| seq.serialize_element(&r))?;
        seq.end()
    }
}

/// The edge list of `map` whole, `seen_in_forward` from `seen`: the same text as
/// [`super::write_edge_list`] of [`map_records`], written without the records or a JSON value
/// tree in between.
pub fn write_map(map: &Map, seen: impl Fn(ExitId) -> Option<i64>) -> String {
    serde_json::to_string_pretty(&Listing { map, seen }).unwrap_or_else(|_| "[]".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::formats::parse_edge_list;
    use crate::domain::formats::written::oracle::record_json;
    use crate::domain::Project;
    use serde_json::Value;

    /// The streamed edge list is the one the records built first write (rooms declared ahead
    /// of their exits, a room with aliases, a description and a key of its own, a room with no
    /// exits, a non-geometric exit, a link).
    #[test]
    fn the_streamed_list_is_the_records_list() {
        let text = r#"[
          {"src_node":"Yard","dst_node":"Yard","action":"","origin":"room","src_id":5,"dst_id":5,
           "aliases":["Court"],"description":"Wet.","canonical":"yard!"},
          {"src_node":"Hall","dst_node":"Yard","action":"north","origin":"observed","src_id":1,"dst_id":5},
          {"src_node":"Yard","dst_node":"Hall","action":"south","origin":"inferred_reverse","src_id":5,"dst_id":1},
          {"src_node":"Hall","dst_node":"Shed","action":"","origin":"observed","src_id":1,"dst_id":2,"geometric":false},
          {"src_node":"Attic","dst_node":"Attic","action":"","origin":"room","src_id":9,"dst_id":9}
        ]"#;
        let p = Project::from_edge_records("p", &parse_edge_list(text, "e.json").unwrap());
        let map = p.history.head();
        let seen = |id: ExitId| (id.0 != 1).then_some(i64::from(id.0) * 2);
        let records = map_records(map, seen);
        assert!(records
            .iter()
            .any(|r| r.extra.kind == Some(RecordKind::Room) && !r.extra.aliases.is_empty()));
        let tree = Value::Array(records.iter().map(record_json).collect());
        assert_eq!(
            write_map(map, seen),
            serde_json::to_string_pretty(&tree).unwrap()
        );
    }
}
