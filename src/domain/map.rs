//! The map: rooms and the exits between them.
//!
//! Rooms and exits have stable ids that are never reused, so a commit can name them and a
//! relabelled exit keeps its identity. Ids are issued in creation order, which is also the order
//! of first observation; the default semantics reads the Reasoning History Tree's timestamps
//! from it. Several exits may join the same pair of rooms ("north" and "up" to the same hall),
//! and an exit may carry free text ("go panel") that is kept but never used for geometry.

use super::direction::Label;
use super::names::canonical_name;
use serde::{Deserialize, Serialize};

/// A room's id: stable, never reused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RoomId(pub u32);

/// An exit's id: stable, never reused (a relabelled exit keeps its id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ExitId(pub u32);

/// Where an exit came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// Seen in the text: somebody went this way.
    #[default]
    Observed,
    /// Added as the assumed way back of an observed exit.
    InferredReverse,
}

/// A place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Room {
    /// Stable id.
    pub id: RoomId,
    /// The name as shown ("West of House").
    pub name: String,
    /// The identity key (lowercase, no article); two rooms sharing one is a naming conflict.
    pub canonical: String,
    /// Other names the text used for it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// A short description, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// A one-way link from one room to another.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exit {
    /// Stable id.
    pub id: ExitId,
    /// Where it starts.
    pub from: RoomId,
    /// Where it leads.
    pub to: RoomId,
    /// Its direction or free text.
    pub label: Label,
    /// Observed or inferred.
    #[serde(default)]
    pub origin: Origin,
    /// False when a repair marked it non-geometric (a long corridor, a maze twist, a
    /// teleport): it stays on the map but no longer constrains positions.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub geometric: bool,
}

fn yes() -> bool {
    true
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if signature.
fn is_true(b: &bool) -> bool {
    *b
}

impl Exit {
    /// True if this exit constrains lattice positions.
    pub fn carries_geometry(&self) -> bool {
        self.geometric && self.label.vector().is_some()
    }
}

/// Why a map edit was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
    /// No room with this id.
    #[error("there is no room #{0}")]
    NoRoom(u32),
    /// No exit with this id.
    #[error("there is no exit #{0}")]
    NoExit(u32),
    /// The id is taken.
    #[error("id #{0} is already in use")]
    Taken(u32),
    /// The room still has exits.
    #[error("room #{0} still has exits; remove them first")]
    RoomInUse(u32),
}

/// Rooms and exits, with adjacency.
#[derive(Debug, Clone, Default)]
pub struct Map {
    /// Canonical names and canonical aliases → rooms (in id order), for O(1) lookups by name.
    names: rustc_hash::FxHashMap<String, Vec<RoomId>>,
    rooms: Vec<Option<Room>>,
    exits: Vec<Option<Exit>>,
    out: Vec<Vec<ExitId>>,
    inc: Vec<Vec<ExitId>>,
    room_count: usize,
    exit_count: usize,
}

impl Map {
    /// An empty map.
    pub fn new() -> Map {
        Map::default()
    }

    /// Number of rooms.
    pub fn room_count(&self) -> usize {
        self.room_count
    }

    /// Number of exits.
    pub fn exit_count(&self) -> usize {
        self.exit_count
    }

    /// Upper bound (exclusive) on room ids issued so far.
    pub fn room_bound(&self) -> usize {
        self.rooms.len()
    }

    /// Upper bound (exclusive) on exit ids issued so far.
    pub fn exit_bound(&self) -> usize {
        self.exits.len()
    }

    /// The next unused room id.
    pub fn next_room_id(&self) -> RoomId {
        RoomId(self.rooms.len() as u32)
    }

    /// The next unused exit id.
    pub fn next_exit_id(&self) -> ExitId {
        ExitId(self.exits.len() as u32)
    }

    /// A room by id.
    pub fn room(&self, id: RoomId) -> Option<&Room> {
        self.rooms.get(id.0 as usize).and_then(Option::as_ref)
    }

    /// An exit by id.
    pub fn exit(&self, id: ExitId) -> Option<&Exit> {
        self.exits.get(id.0 as usize).and_then(Option::as_ref)
    }

    /// Rooms in id order.
    pub fn rooms(&self) -> impl Iterator<Item = &Room> + '_ {
        self.rooms.iter().flatten()
    }

    /// Exits in id (observation) order.
    pub fn exits(&self) -> impl Iterator<Item = &Exit> + '_ {
        self.exits.iter().flatten()
    }

    /// Exits leaving a room, in id order of insertion.
    pub fn exits_from(&self, room: RoomId) -> impl Iterator<Item = &Exit> + '_ {
        self.out
            .get(room.0 as usize)
            .into_iter()
            .flatten()
            .filter_map(|id| self.exit(*id))
    }

    /// Exits arriving at a room.
    pub fn exits_to(&self, room: RoomId) -> impl Iterator<Item = &Exit> + '_ {
        self.inc
            .get(room.0 as usize)
            .into_iter()
            .flatten()
            .filter_map(|id| self.exit(*id))
    }

    /// The first room whose canonical name (or an alias's) matches `name`'s canonical form.
    pub fn find_room(&self, name: &str) -> Option<&Room> {
        let key = canonical_name(name);
        let ids = self.names.get(&key)?;
        // A canonical match wins over an alias match; then the oldest room.
        ids.iter()
            .filter_map(|id| self.room(*id))
            .find(|r| r.canonical == key)
            .or_else(|| ids.iter().find_map(|id| self.room(*id)))
    }

    /// Every room whose canonical name or an alias matches `name`'s canonical form, oldest first.
    pub fn rooms_named(&self, name: &str) -> impl Iterator<Item = &Room> + '_ {
        self.rooms_keyed(&canonical_name(name))
    }

    /// Every room whose canonical name or an alias's canonical form is `key` (already
    /// canonical), oldest first.
    pub fn rooms_keyed(&self, key: &str) -> impl Iterator<Item = &Room> + '_ {
        self.names
            .get(key)
            .into_iter()
            .flatten()
            .filter_map(|id| self.room(*id))
    }

    fn index_room(&mut self, room: &Room) {
        let mut keys = vec![room.canonical.clone()];
        keys.extend(room.aliases.iter().map(|a| canonical_name(a)));
        for key in keys {
            let ids = self.names.entry(key).or_default();
            if let Err(pos) = ids.binary_search(&room.id) {
                ids.insert(pos, room.id);
            }
        }
    }

    fn unindex_room(&mut self, room: &Room) {
        let mut keys = vec![room.canonical.clone()];
        keys.extend(room.aliases.iter().map(|a| canonical_name(a)));
        for key in keys {
            if let Some(ids) = self.names.get_mut(&key) {
                ids.retain(|id| *id != room.id);
                if ids.is_empty() {
                    self.names.remove(&key);
                }
            }
        }
    }

    /// The exits from `from` to `to`.
    pub fn exits_between(&self, from: RoomId, to: RoomId) -> impl Iterator<Item = &Exit> + '_ {
        self.exits_from(from).filter(move |e| e.to == to)
    }

    /// Inserts a room with its id.
    ///
    /// # Errors
    /// [`MapError::Taken`] if the id is in use.
    pub fn insert_room(&mut self, room: Room) -> Result<(), MapError> {
        let i = room.id.0 as usize;
        if self.rooms.get(i).is_some_and(Option::is_some) {
            return Err(MapError::Taken(room.id.0));
        }
        if i >= self.rooms.len() {
            self.rooms.resize_with(i + 1, || None);
            self.out.resize_with(i + 1, Vec::new);
            self.inc.resize_with(i + 1, Vec::new);
        }
        self.index_room(&room);
        self.rooms[i] = Some(room);
        self.room_count += 1;
        Ok(())
    }

    /// Replaces a room's data (name, aliases, description) keeping its id.
    ///
    /// # Errors
    /// [`MapError::NoRoom`].
    pub fn update_room(&mut self, room: Room) -> Result<Room, MapError> {
        let slot = self
            .rooms
            .get_mut(room.id.0 as usize)
            .and_then(Option::as_mut)
            .ok_or(MapError::NoRoom(room.id.0))?;
        let old = std::mem::replace(slot, room.clone());
        self.unindex_room(&old);
        self.index_room(&room);
        Ok(old)
    }

    /// Removes a room that has no exits left.
    ///
    /// # Errors
    /// [`MapError::NoRoom`] or [`MapError::RoomInUse`].
    pub fn remove_room(&mut self, id: RoomId) -> Result<Room, MapError> {
        let i = id.0 as usize;
        if self.room(id).is_none() {
            return Err(MapError::NoRoom(id.0));
        }
        if !self.out[i].is_empty() || !self.inc[i].is_empty() {
            return Err(MapError::RoomInUse(id.0));
        }
        self.room_count -= 1;
        let room = self.rooms[i].take().ok_or(MapError::NoRoom(id.0))?;
        self.unindex_room(&room);
        Ok(room)
    }

    /// Inserts an exit with its id.
    ///
    /// # Errors
    /// [`MapError::NoRoom`] for a missing endpoint, [`MapError::Taken`] for a used id.
    pub fn insert_exit(&mut self, exit: Exit) -> Result<(), MapError> {
        for r in [exit.from, exit.to] {
            if self.room(r).is_none() {
                return Err(MapError::NoRoom(r.0));
            }
        }
        let i = exit.id.0 as usize;
        if self.exits.get(i).is_some_and(Option::is_some) {
            return Err(MapError::Taken(exit.id.0));
        }
        if i >= self.exits.len() {
            self.exits.resize_with(i + 1, || None);
        }
        insert_sorted(&mut self.out[exit.from.0 as usize], exit.id);
        insert_sorted(&mut self.inc[exit.to.0 as usize], exit.id);
        self.exits[i] = Some(exit);
        self.exit_count += 1;
        Ok(())
    }

    /// Removes an exit.
    ///
    /// # Errors
    /// [`MapError::NoExit`].
    pub fn remove_exit(&mut self, id: ExitId) -> Result<Exit, MapError> {
        let exit = self
            .exits
            .get_mut(id.0 as usize)
            .and_then(Option::take)
            .ok_or(MapError::NoExit(id.0))?;
        self.out[exit.from.0 as usize].retain(|e| *e != id);
        self.inc[exit.to.0 as usize].retain(|e| *e != id);
        self.exit_count -= 1;
        Ok(exit)
    }

    /// Adds a room with a fresh id and returns it (for builders and tests).
    pub fn add_room(&mut self, name: &str) -> RoomId {
        let id = self.next_room_id();
        let room = Room {
            id,
            name: name.trim().to_string(),
            canonical: canonical_name(name),
            aliases: Vec::new(),
            description: None,
        };
        // A fresh id is never taken.
        let _ = self.insert_room(room);
        id
    }

    /// Adds an observed exit with a fresh id (for builders and tests).
    ///
    /// # Errors
    /// [`MapError::NoRoom`] for a missing endpoint.
    pub fn add_exit(
        &mut self,
        from: RoomId,
        to: RoomId,
        label: impl Into<Label>,
        origin: Origin,
    ) -> Result<ExitId, MapError> {
        let id = self.next_exit_id();
        self.insert_exit(Exit {
            id,
            from,
            to,
            label: label.into(),
            origin,
            geometric: true,
        })?;
        Ok(id)
    }
}

impl PartialEq for Map {
    /// Two maps are equal when they hold the same rooms and exits (ids included).
    fn eq(&self, other: &Map) -> bool {
        self.room_count == other.room_count
            && self.exit_count == other.exit_count
            && self.rooms().eq(other.rooms())
            && self.exits().eq(other.exits())
    }
}

impl Eq for Map {}

/// The plain form a map is saved in.
#[derive(Serialize, Deserialize)]
struct MapData {
    rooms: Vec<Room>,
    exits: Vec<Exit>,
}

impl Serialize for Map {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        MapData {
            rooms: self.rooms().cloned().collect(),
            exits: self.exits().cloned().collect(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Map {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Map, D::Error> {
        let data = MapData::deserialize(d)?;
        let mut map = Map::new();
        for r in data.rooms {
            map.insert_room(r).map_err(serde::de::Error::custom)?;
        }
        for e in data.exits {
            map.insert_exit(e).map_err(serde::de::Error::custom)?;
        }
        Ok(map)
    }
}

fn insert_sorted(list: &mut Vec<ExitId>, id: ExitId) {
    match list.binary_search(&id) {
        Ok(_) => {}
        Err(pos) => list.insert(pos, id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Direction::*;

    #[test]
    fn a_room_with_exits_cannot_be_removed() {
        let mut m = Map::new();
        let a = m.add_room("A");
        let b = m.add_room("B");
        let e = m.add_exit(a, b, North, Origin::Observed).unwrap();
        assert_eq!(m.remove_room(a), Err(MapError::RoomInUse(0)));
        m.remove_exit(e).unwrap();
        assert!(m.remove_room(a).is_ok());
        assert_eq!(m.room_count(), 1);
    }

    #[test]
    fn an_exit_to_a_missing_room_is_refused() {
        let mut m = Map::new();
        let a = m.add_room("A");
        assert_eq!(
            m.add_exit(a, RoomId(7), North, Origin::Observed),
            Err(MapError::NoRoom(7))
        );
    }
}
