//! `dark-rooms-joined`: which of the rooms met in the dark are one room. A game prints the same
//! heading over every dark room ("Darkness" in Inform 7), so while reading, each arrival in the
//! dark by a way not known yet is a room of its own (a slot). Once the whole transcript is read,
//! the slots are grouped at once by the one evidence a game's determinism gives: the same way
//! from the same room reaches the same room. Two dark slots entered from one room by one way
//! ("sw" from the kitchen, twice), or left by one way for one room ("north" to the wine cellar,
//! twice), are one room — unless that would give the joined room one way to two rooms, or a move
//! went from one of them to the other (a move between two dark rooms went somewhere). Grouping
//! after the reading (not while reading, where the first guess of a way decides) sees every
//! witness; each witness is looked up in a table keyed by its room and way, so the pass is
//! linear in the moves but for the small sets a join merges. A room entered in the dark by an
//! action on a thing (`entered-dark`: "go through tent") is one with the room the same action on
//! the same thing from the same room reached before ("enter tent"), under the same guards.

use super::destination::thing_acted_on;
use super::Tracker;
use crate::domain::direction::Label;
use crate::domain::map::RoomId;
use std::collections::{BTreeMap, BTreeSet};

/// Which side of a witness move the dark slot is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Side {
    /// The slot was entered by the move.
    Entered,
    /// The slot was left by the move.
    Left,
}

/// The groups of dark slots being joined: a union-find over room ids, with each group's ways
/// out (way → room) and the groups it shares a move with.
pub(super) struct Groups {
    parent: BTreeMap<RoomId, RoomId>,
    ways: BTreeMap<RoomId, BTreeMap<Label, BTreeSet<RoomId>>>,
    apart: BTreeMap<RoomId, BTreeSet<RoomId>>,
}

impl Groups {
    pub(super) fn find(&self, mut r: RoomId) -> RoomId {
        while let Some(&p) = self.parent.get(&r) {
            if p == r {
                break;
            }
            r = p;
        }
        r
    }

    /// Joins the groups of `a` and `b` when nothing keeps them apart; true if joined.
    pub(super) fn join(&mut self, a: RoomId, b: RoomId) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return true;
        }
        let apart = |x: RoomId, y: RoomId| {
            self.apart
                .get(&x)
                .is_some_and(|s| s.iter().any(|&o| self.find(o) == y))
        };
        if apart(a, b) || apart(b, a) {
            return false;
        }
        let empty = BTreeMap::new();
        let (wa, wb) = (
            self.ways.get(&a).unwrap_or(&empty),
            self.ways.get(&b).unwrap_or(&empty),
        );
        let clash = wa.iter().any(|(l, ta)| {
            wb.get(l).is_some_and(|tb| {
                let ra: BTreeSet<RoomId> = ta.iter().map(|&t| self.find(t)).collect();
                tb.iter().any(|&t| !ra.contains(&self.find(t)))
            })
        });
        if clash {
            return false;
        }
        let (keep, gone) = if a < b { (a, b) } else { (b, a) };
        self.parent.insert(gone, keep);
        let moved = self.ways.remove(&gone).unwrap_or_default();
        let into = self.ways.entry(keep).or_default();
        for (l, ts) in moved {
            into.entry(l).or_default().extend(ts);
        }
        let moved = self.apart.remove(&gone).unwrap_or_default();
        self.apart.entry(keep).or_default().extend(moved);
        true
    }
}

impl Tracker<'_> {
    /// Joins the dark slots that are one room (see the module docs): every move into or out of
    /// a joined slot is then the group's, and the others leave the map.
    pub(super) fn join_dark_rooms(&mut self) {
        let dark: BTreeSet<RoomId> = self.dark_slots().collect();
        if dark.len() < 2 {
            return;
        }
        let (mut groups, witnesses) = self.dark_groups(&dark);
        // A move judged (while reading or in hindsight) to start in one dark slot, made right
        // after a step that left the player in another, shows the two are one room: nothing
        // took the player from the one to the other.
        let mut carried: Vec<(RoomId, RoomId)> = Vec::new();
        for w in self.outcomes.windows(2) {
            if let (Some(was), Some(from)) = (w[0].to, w[1].from.filter(|_| w[1].moved)) {
                if was != from && dark.contains(&was) && dark.contains(&from) {
                    carried.push((was, from));
                }
            }
        }
        for slots in witnesses.values() {
            for w in slots.windows(2) {
                groups.join(w[0], w[1]);
            }
        }
        for (a, b) in carried {
            groups.join(a, b);
        }
        // Rule `thing-entered-alike`: the same action on the same thing from the same lit room
        // ("go through tent", later "enter tent", both from the ballroom) reaches the same room.
        if self.rules.on("thing-entered-alike") {
            let mut by_thing: BTreeMap<(RoomId, String), Vec<RoomId>> = BTreeMap::new();
            for e in &self.entered_by {
                if let Some(thing) = thing_acted_on(&e.verb).filter(|_| dark.contains(&e.slot)) {
                    by_thing.entry((e.from, thing)).or_default().push(e.slot);
                }
            }
            for slots in by_thing.values() {
                for w in slots.windows(2) {
                    groups.join(w[0], w[1]);
                }
            }
        }
        self.merge_groups(&dark, &groups);
    }

    /// Merges every dark slot of `dark` into the room its group is found at.
    pub(super) fn merge_groups(&mut self, dark: &BTreeSet<RoomId>, groups: &Groups) {
        let joined: BTreeMap<RoomId, RoomId> = dark
            .iter()
            .map(|&r| (r, groups.find(r)))
            .filter(|(r, g)| r != g)
            .collect();
        self.merge_rooms(&joined);
    }

    /// The dark slots of `dark`, each a group of its own, with their ways out and the slots
    /// they share a move with; and the witnesses: (the room on the other side, the way, which
    /// side) → the dark slots.
    #[allow(clippy::type_complexity)]
    pub(super) fn dark_groups(
        &self,
        dark: &BTreeSet<RoomId>,
    ) -> (Groups, BTreeMap<(RoomId, Label, Side), Vec<RoomId>>) {
        let mut groups = Groups {
            parent: BTreeMap::new(),
            ways: BTreeMap::new(),
            apart: BTreeMap::new(),
        };
        let mut witnesses: BTreeMap<(RoomId, Label, Side), Vec<RoomId>> = BTreeMap::new();
        for o in self.outcomes.iter().filter(|o| o.moved) {
            let (Some(from), Some(to), Some(label)) = (o.from, o.to, o.label.clone()) else {
                continue;
            };
            if from == to {
                continue;
            }
            match (dark.contains(&from), dark.contains(&to)) {
                (true, true) => {
                    groups.apart.entry(from).or_default().insert(to);
                    groups.apart.entry(to).or_default().insert(from);
                }
                (true, false) => {
                    groups
                        .ways
                        .entry(from)
                        .or_default()
                        .entry(label.clone())
                        .or_default()
                        .insert(to);
                    witnesses
                        .entry((to, label, Side::Left))
                        .or_default()
                        .push(from);
                }
                (false, true) => {
                    witnesses
                        .entry((from, label, Side::Entered))
                        .or_default()
                        .push(to);
                }
                (false, false) => {}
            }
        }
        (groups, witnesses)
    }

    /// Merges each room of `joined` into the room it maps to: its moves, its exits and the
    /// words around it become that room's, and it leaves the map.
    pub(super) fn merge_rooms(&mut self, joined: &BTreeMap<RoomId, RoomId>) {
        if joined.is_empty() {
            return;
        }
        let to_group = |r: Option<RoomId>| r.map(|r| joined.get(&r).copied().unwrap_or(r));
        for o in &mut self.outcomes {
            o.from = to_group(o.from);
            o.to = to_group(o.to);
        }
        for e in &mut self.entered_by {
            e.slot = to_group(Some(e.slot)).unwrap_or(e.slot);
        }
        for (&gone, &keep) in joined {
            let exits: Vec<_> = self
                .map
                .exits_from(gone)
                .chain(self.map.exits_to(gone))
                .map(|e| (e.id, e.from, e.to, e.label.clone(), e.origin))
                .collect();
            for (id, from, to, label, origin) in exits {
                let _ = self.map.remove_exit(id);
                let (from, to) = (
                    if from == gone { keep } else { from },
                    if to == gone { keep } else { to },
                );
                let known = self.map.exits_between(from, to).any(|e| e.label == label);
                if !known {
                    let _ = self.map.add_exit(from, to, label, origin);
                }
            }
            // The words around every arrival of the group name it (`naming`), not the first's.
            let words = self
                .info(gone)
                .map(|i| i.context.clone())
                .unwrap_or_default();
            if let Some(i) = self.info.get_mut(keep.0 as usize) {
                i.context.extend(words);
            }
            let _ = self.map.remove_room(gone);
        }
    }
}
