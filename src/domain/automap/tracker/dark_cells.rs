//! `dark-rooms-placed`: rooms met in the dark that the finished map places on one spot are one
//! room. `dark-rooms-joined` joins two dark slots only by the same way from (or to) the same
//! room; a dark room entered from two sides ("east" from the cottage, later "south" from the
//! cloister, the cloister lying northeast of the cottage) leaves two slots no single move
//! ties together, and with a list the two then compete for the one name left (one side of
//! the room is dropped). Once the whole transcript is read the lattice of the finished map
//! shows them: both lie one step from their lit neighbours on the same cell. They are joined
//! when nothing but dark slots lies on that cell (a lit room there may be the dark room unlit,
//! or the lattice bent there), under `dark-rooms-joined`'s guards (no way out of the joined
//! room to two rooms, no move from the one to the other), and only where every arrival in
//! each was under the game's darkness heading ("Darkness"): a game that prints a bare "Dark"
//! over a scene that is no room (hhgg) is read as before.

use super::destination::darkness_heading;
use super::Tracker;
use crate::domain::analysis::Geometry;
use crate::domain::direction::Vector;
use crate::domain::formats::Step;
use crate::domain::map::RoomId;
use std::collections::{BTreeMap, BTreeSet};

impl Tracker<'_> {
    /// Joins the dark slots the finished lattice places on one cell that holds no other room
    /// (see the module docs).
    pub(super) fn join_dark_cells(&mut self, steps: &[Step]) {
        let slots: Vec<RoomId> = self.dark_slots().collect();
        if slots.len() < 2 {
            return;
        }
        let headed = self.arrivals_headed_dark(steps);
        let dark: BTreeSet<RoomId> = slots
            .into_iter()
            .filter(|r| headed.get(r) == Some(&true))
            .collect();
        if dark.len() < 2 {
            return;
        }
        let geo = Geometry::infer(&self.map);
        let mut by_cell: BTreeMap<(u32, Vector), Vec<RoomId>> = BTreeMap::new();
        for r in self.map.rooms().map(|r| r.id) {
            if let (Some(f), Some(p)) = (geo.frame_of(r), geo.position(r)) {
                by_cell.entry((f, p)).or_default().push(r);
            }
        }
        let (mut groups, _) = self.dark_groups(&dark);
        for rooms in by_cell.values() {
            if rooms.len() < 2 || !rooms.iter().all(|r| dark.contains(r)) {
                continue;
            }
            for w in rooms.windows(2) {
                groups.join(w[0], w[1]);
            }
        }
        self.merge_groups(&dark, &groups);
    }

    /// For each room arrived in (a step that left the player there, after one that had not):
    /// true when every arrival had a reply under the game's darkness heading. One pass over
    /// the outcomes for every room.
    fn arrivals_headed_dark(&self, steps: &[Step]) -> BTreeMap<RoomId, bool> {
        let mut headed: BTreeMap<RoomId, bool> = BTreeMap::new();
        let mut before: Option<RoomId> = None;
        for o in &self.outcomes {
            if let Some(r) = o.to.filter(|&r| before != Some(r)) {
                let dark = steps
                    .get(o.index)
                    .is_some_and(|s| darkness_heading(&s.observation));
                *headed.entry(r).or_insert(true) &= dark;
            }
            before = o.to;
        }
        headed
    }
}
