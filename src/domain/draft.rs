//! A draft of one commit: builders (loaders, the automapper, the text-to-map pipeline) find or
//! add rooms and exits against the current map and get back a [`Change`].
//!
//! Adding an observed exit also adds its inferred way back when the pair has no exit in the
//! other direction. An observation of an exit that was only inferred replaces the inference:
//! same label, the exit becomes observed; another label, the inferred exit goes away.

use super::direction::Label;
use super::history::Change;
use super::map::{canonical_name, Exit, ExitId, Map, Origin, Room, RoomId};

/// A commit being built. See the module docs.
#[derive(Debug)]
pub struct Draft<'a> {
    base: &'a Map,
    view: Map,
    change: Change,
}

impl<'a> Draft<'a> {
    /// Starts a draft on top of `base`.
    pub fn new(base: &'a Map) -> Draft<'a> {
        Draft {
            base,
            view: base.clone(),
            change: Change::default(),
        }
    }

    /// The map as the draft would leave it.
    pub fn view(&self) -> &Map {
        &self.view
    }

    /// The room with this name (canonical match, then aliases), added if new.
    pub fn room(&mut self, name: &str) -> RoomId {
        if let Some(r) = self.view.find_room(name) {
            return r.id;
        }
        self.new_room(name, &canonical_name(name))
    }

    /// Adds a room even if the name is taken, with an explicit canonical key.
    pub fn new_room(&mut self, name: &str, canonical: &str) -> RoomId {
        let id = self.view.next_room_id();
        let room = Room {
            id,
            name: name.trim().to_string(),
            canonical: canonical.to_string(),
            aliases: Vec::new(),
            description: None,
        };
        let _ = self.view.insert_room(room.clone());
        self.change.added_rooms.push(room);
        id
    }

    /// Sets a room's description if it has none yet.
    pub fn describe(&mut self, room: RoomId, description: &str) {
        let Some(current) = self.view.room(room).cloned() else {
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
        let Some(current) = self.view.room(room).cloned() else {
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
        let _ = self.view.update_room(after.clone());
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
            .view
            .exits_between(from, to)
            .find(|e| e.label == label)
            .cloned();
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
            .view
            .exits_from(from)
            .filter(|e| e.origin == Origin::InferredReverse && (e.label == label || e.to == to))
            .cloned()
            .collect();
        for e in stale {
            self.replace_exit(e, None);
        }
        let id = self.push_exit(from, to, label.clone(), Origin::Observed);
        if infer_reverse && from != to {
            if let Some(back) = label.opposite() {
                let pair_has_back = self.view.exits_between(to, from).next().is_some();
                let doorway_taken = self.view.exits_from(to).any(|e| e.label == back);
                if !pair_has_back && !doorway_taken {
                    self.push_exit(to, from, back, Origin::InferredReverse);
                }
            }
        }
        (id, true)
    }

    /// Adds an exit exactly as given (no inference).
    pub fn push_exit(&mut self, from: RoomId, to: RoomId, label: Label, origin: Origin) -> ExitId {
        let id = self.view.next_exit_id();
        let exit = Exit {
            id,
            from,
            to,
            label,
            origin,
            geometric: true,
        };
        let _ = self.view.insert_exit(exit.clone());
        self.change.added_exits.push(exit);
        id
    }

    /// Removes an exit, or replaces it with another version of itself (same id).
    pub fn replace_exit(&mut self, old: Exit, new: Option<Exit>) {
        let _ = self.view.remove_exit(old.id);
        if let Some(pos) = self.change.added_exits.iter().position(|e| e.id == old.id) {
            self.change.added_exits.remove(pos);
        } else {
            self.change.removed_exits.push(old);
        }
        if let Some(n) = new {
            let _ = self.view.insert_exit(n.clone());
            self.change.added_exits.push(n);
        }
    }

    /// The finished change.
    pub fn finish(self) -> Change {
        let _ = self.base;
        self.change
    }
}
