//! `dark-start`: where a move out of the dark started, judged against the finished map. While
//! reading, a move made right after a reply that left the player in the dark ("Darkness") may be
//! restarted in a lit room whose same way reaches the same room ("south" from the market square
//! reaches the quay, so "south" out of the dark is taken for that move made again), since a dark
//! room's ways are not known yet. In a whole transcript (every step kept) the player was in the
//! dark room, unless that dark room is the lit room itself, unlit. Once the whole transcript is
//! read the map tells which: the dark room can be the lit room only if some way into the dark
//! room is a way the map knows into the lit room (from the same room by the same way, or the
//! lit room's way back leading to it). When no way into the dark room fits the lit room, the
//! move started in the dark room, and its exit leaves the dark room instead.

use super::destination::darkness_heading;
use super::Tracker;
use crate::domain::direction::Label;
use crate::domain::formats::Step;
use crate::domain::map::{Origin, RoomId};

impl Tracker<'_> {
    /// Every move out of the dark that the reading restarted in a lit room which the finished
    /// map does not let the dark room be starts in the dark room again (rule `dark-start`; a
    /// whole transcript only: one of moves only drops steps, and the player may have left the
    /// dark by one of them).
    pub(super) fn keep_dark_starts(&mut self, steps: &[Step]) {
        if self.all_moves {
            return;
        }
        let mut restarts = Vec::new();
        for (k, o) in self.outcomes.iter().enumerate() {
            let (true, Some(from), Some(to)) = (o.moved, o.from, o.to) else {
                continue;
            };
            let Some(dark) = self.left_in_dark(k, steps) else {
                continue;
            };
            if dark == from || dark == to || self.is_slot(from) || self.may_be(dark, from) {
                continue;
            }
            restarts.push((k, dark));
        }
        for (k, dark) in restarts {
            self.restart(k, dark, "the reply before it left the player in the dark");
        }
    }

    /// The dark room the step before step `k` left the player in, with a reply that showed no
    /// room but the game's darkness heading ("Darkness"): a reply that only speaks of the dark
    /// ("The lamp flickers; the cell is pitch black.") may be a scene, not a room.
    fn left_in_dark(&self, k: usize, steps: &[Step]) -> Option<RoomId> {
        let j = k.checked_sub(1)?;
        if self.showed.get(j).copied().unwrap_or(true)
            || !steps
                .get(j)
                .is_some_and(|s| darkness_heading(&s.observation))
        {
            return None;
        }
        let r = self.outcomes.get(j)?.to?;
        self.is_dark_slot(r).then_some(r)
    }

    /// True when the dark room `dark` may be the lit room `lit`: some move into `dark` goes the
    /// way the map knows into `lit` (the same way from the same room reaches `lit`, or `lit`'s
    /// way back leads to that room).
    fn may_be(&self, dark: RoomId, lit: RoomId) -> bool {
        self.outcomes.iter().any(|o| {
            let (true, Some(p), Some(t), Some(l)) = (o.moved, o.from, o.to, o.label.as_ref())
            else {
                return false;
            };
            let leads = |a: RoomId, way: &Label, b: RoomId| {
                self.map
                    .exits_from(a)
                    .any(|e| e.origin == Origin::Observed && e.label == *way && e.to == b)
            };
            t == dark && (leads(p, l, lit) || l.opposite().is_some_and(|b| leads(lit, &b, p)))
        })
    }
}
