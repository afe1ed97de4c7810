//! A draft of one commit: builders (loaders, the automapper, the text-to-map pipeline) find or
//! add rooms and exits against the current map and get back a [`Change`].
//!
//! Adding an observed exit also adds its inferred way back when the pair has no exit in the
//! other direction and the doorway back is free. An observation of an exit that was only
//! inferred replaces the inference: same label, the exit becomes observed; another label, the
//! inferred exit goes away.
//!
//! The draft never copies the map: it keeps an overlay of what it changed on top of the base,
//! so a commit costs what it touches, not the map's size.

use super::direction::Label;
use super::history::Change;
use super::map::{Exit, ExitId, Map, Origin, Room, RoomId};
use super::names::canonical_name;
use rustc_hash::{FxHashMap, FxHashSet};

/// A commit being built. See the module docs.
#[derive(Debug)]
pub struct Draft<'a> {
    base: &'a Map,
    /// Rooms added or changed by this draft, by id.
    rooms: FxHashMap<RoomId, Room>,
    /// Exits added (or replaced) by this draft, by id.
    exits: FxHashMap<ExitId, Exit>,
    /// Base exits this draft removed or replaced.
    gone: FxHashSet<ExitId>,
    next_room: u32,
    next_exit: u32,
    change: Change,
}

impl<'a> Draft<'a> {
    /// Starts a draft on top of `base`.
    pub fn new(base: &'a Map) -> Draft<'a> {
        Draft {
            base,
            rooms: FxHashMap::default(),
            exits: FxHashMap::default(),
            gone: FxHashSet::default(),
            next_room: base.next_room_id().0,
            next_exit: base.next_exit_id().0,
            change: Change::default(),
        }
    }

    /// A room as the draft would leave it.
    pub fn room_data(&self, id: RoomId) -> Option<&Room> {
        self.rooms.get(&id).or_else(|| self.base.room(id))
    }

    /// An exit as the draft would leave it.
    pub fn exit_data(&self, id: ExitId) -> Option<&Exit> {
        match self.exits.get(&id) {
            Some(e) => Some(e),
            None if self.gone.contains(&id) => None,
            None => self.base.exit(id),
        }
    }

    /// The exits leaving a room, as the draft would leave them.
    pub fn exits_from(&self, room: RoomId) -> Vec<Exit> {
        let mut out: Vec<Exit> = self
            .base
            .exits_from(room)
            .filter(|e| !self.gone.contains(&e.id))
            .cloned()
            .collect();
        out.extend(self.exits.values().filter(|e| e.from == room).cloned());
        out.sort_by_key(|e| e.id);
        out
    }

    /// The exits from `from` to `to`, as the draft would leave them.
    pub fn exits_between(&self, from: RoomId, to: RoomId) -> Vec<Exit> {
        self.exits_from(from)
            .into_iter()
            .filter(|e| e.to == to)
            .collect()
    }

    /// The room with this name (canonical match, then aliases), if any.
    pub fn find_room(&self, name: &str) -> Option<RoomId> {
        let key = canonical_name(name);
        let mut drafted: Vec<&Room> = self.rooms.values().collect();
        drafted.sort_by_key(|r| r.id);
        let matches =
            |r: &Room| r.canonical == key || r.aliases.iter().any(|a| canonical_name(a) == key);
        // Base rooms as the draft sees them (an alias may have been added here).
        let base = self
            .base
            .rooms_keyed(&key)
            .map(|r| self.room_data(r.id).unwrap_or(r));
        let mut found: Vec<&Room> = base
            .chain(drafted.into_iter().filter(|r| matches(r)))
            .collect();
        found.sort_by_key(|r| (r.canonical != key, r.id));
        found.first().map(|r| r.id)
    }

    /// The room with this name (canonical match, then aliases), added if new.
    pub fn room(&mut self, name: &str) -> RoomId {
        if let Some(id) = self.find_room(name) {
            return id;
        }
        self.new_room(name, &canonical_name(name))
    }

    /// Adds a room even if the name is taken, with an explicit canonical key.
    pub fn new_room(&mut self, name: &str, canonical: &str) -> RoomId {
        let id = RoomId(self.next_room);
        self.next_room += 1;
        let room = Room {
            id,
            name: name.trim().to_string(),
            canonical: canonical.to_string(),
            aliases: Vec::new(),
            description: None,
        };
        self.rooms.insert(id, room.clone());
        self.change.added_rooms.push(room);
        id
    }

    /// Sets a room's description if it has none yet.
    pub fn describe(&mut self, room: RoomId, description: &str) {
        let Some(current) = self.room_data(room).cloned() else {
            return;
        };
        if current.description.is_some() || description.trim().is_empty() {
            return;
        }
        let mut after = current.clone();
        after.description = Some(description.trim().to_string());
        self.update(current, after);
    }

    /// Adds an alias to a room if it is new.
    pub fn alias(&mut self, room: RoomId, alias: &str) {
        let Some(current) = self.room_data(room).cloned() else {
            return;
        };
        let key = canonical_name(alias);
        if key == current.canonical || current.aliases.iter().any(|a| canonical_name(a) == key) {
            return;
        }
        let mut after = current.clone();
        after.aliases.push(alias.trim().to_string());
        self.update(current, after);
    }

    fn update(&mut self, before: Room, after: Room) {
        self.rooms.insert(after.id, after.clone());
        if let Some(added) = self
            .change
            .added_rooms
            .iter_mut()
            .find(|r| r.id == after.id)
        {
            *added = after;
        } else if let Some(slot) = self
            .change
            .updated_rooms
            .iter_mut()
            .find(|(_, a)| a.id == after.id)
        {
            slot.1 = after;
        } else {
            self.change.updated_rooms.push((before, after));
        }
    }

    /// Records an observed exit `from → to` (and its inferred reverse when `infer_reverse`).
    /// Returns the exit's id and whether it is new.
    pub fn exit(
        &mut self,
        from: RoomId,
        to: RoomId,
        label: Label,
        infer_reverse: bool,
    ) -> (ExitId, bool) {
        let existing = self
            .exits_between(from, to)
            .into_iter()
            .find(|e| e.label == label);
        if let Some(e) = existing {
            let id = e.id;
            if e.origin == Origin::InferredReverse {
                let mut observed = e.clone();
                observed.origin = Origin::Observed;
                self.replace_exit(e, Some(observed));
            }
            return (id, false);
        }
        // An inference for this doorway that the observation contradicts goes away.
        let stale: Vec<Exit> = self
            .exits_from(from)
            .into_iter()
            // A room may have any number of links, so only a direction takes a doorway.
            .filter(|e| {
                e.origin == Origin::InferredReverse
                    && ((e.label == label && !label.is_link()) || e.to == to)
            })
            .collect();
        for e in stale {
            self.replace_exit(e, None);
        }
        let id = self.push_exit(from, to, label.clone(), Origin::Observed);
        if infer_reverse {
            self.infer_reverse(from, to, &label);
        }
        (id, true)
    }

    /// Infers the way back of an exit `from → to` labelled `label`: `to → from` the opposite
    /// way, unless the pair already has a way back, that doorway is taken, or the label has no
    /// opposite (free text).
    pub fn infer_reverse(&mut self, from: RoomId, to: RoomId, label: &Label) {
        if from == to {
            return;
        }
        if let Some(back) = label.opposite() {
            let back_exits = self.exits_from(to);
            let pair_has_back = back_exits.iter().any(|e| e.to == from);
            let doorway_taken = !back.is_link() && back_exits.iter().any(|e| e.label == back);
            if !pair_has_back && !doorway_taken {
                self.push_exit(to, from, back, Origin::InferredReverse);
            }
        }
    }

    /// Adds an exit exactly as given (no inference).
    pub fn push_exit(&mut self, from: RoomId, to: RoomId, label: Label, origin: Origin) -> ExitId {
        let id = ExitId(self.next_exit);
        self.next_exit += 1;
        let exit = Exit {
            id,
            from,
            to,
            label,
            origin,
            geometric: true,
        };
        self.exits.insert(id, exit.clone());
        self.change.added_exits.push(exit);
        id
    }

    /// Removes an exit, or replaces it with another version of itself (same id).
    pub fn replace_exit(&mut self, old: Exit, new: Option<Exit>) {
        if self.exits.remove(&old.id).is_some() && self.base.exit(old.id).is_none() {
            // Added by this draft: just forget it.
            self.change.added_exits.retain(|e| e.id != old.id);
        } else {
            self.change.added_exits.retain(|e| e.id != old.id);
            if !self.gone.contains(&old.id) {
                self.gone.insert(old.id);
                if let Some(base) = self.base.exit(old.id) {
                    self.change.removed_exits.push(base.clone());
                }
            }
        }
        if let Some(n) = new {
            self.exits.insert(n.id, n.clone());
            self.change.added_exits.push(n);
        }
    }

    /// The finished change.
    pub fn finish(self) -> Change {
        self.change
    }
}
