//! `lit-around`: a dark arrival is no room shown lit around it. While reading, a move whose
//! reply is the game's darkness heading ("Darkness") may be taken into a lit room the map
//! already knows that way (a way back: "southwest" from the crypt, where the ferry landing's
//! "northeast" leads to the crypt). But a room a reply showed lit before that move and again
//! after it was lit then too (a game's rooms are lit or dark by what they are), so the player
//! was somewhere dark: one of the dark rooms met. Once the whole transcript is read, the map
//! tells which: the one dark room whose ways take both this move in and the next move out.

use super::destination::darkness_heading;
use super::{SlotKind, Tracker};
use crate::domain::automap::identity::{has_exit, target};
use crate::domain::direction::Label;
use crate::domain::formats::Step;
use crate::domain::map::{ExitId, Origin, RoomId};

impl Tracker<'_> {
    /// Hindsight stage `lit around`: every move whose reply was dark, read into a room shown
    /// lit before and after it, goes into the one dark room its way in and the next move's way
    /// out fit, and the moves made from there in the dark start there (a whole transcript only:
    /// one of moves only drops the steps that would show the room lit or dark).
    pub(super) fn dark_not_lit_around(&mut self, steps: &[Step]) {
        if self.all_moves {
            return;
        }
        let mut found = Vec::new();
        for (k, o) in self.outcomes.iter().enumerate() {
            let (true, Some(from), Some(lit), Some(label)) = (o.moved, o.from, o.to, &o.label)
            else {
                continue;
            };
            let dark_reply = !self.showed.get(k).copied().unwrap_or(true)
                && steps
                    .get(k)
                    .is_some_and(|s| darkness_heading(&s.observation));
            if !dark_reply || self.is_slot(lit) || !self.shown_lit(lit, k) {
                continue;
            }
            if let Some(dark) = self.dark_room_fitting(k, from, lit, label) {
                found.push((k, dark));
            }
        }
        for (k, dark) in found {
            self.move_into_dark(k, dark);
        }
    }

    /// True when replies other than step `k`'s showed `r` both before and after it.
    fn shown_lit(&self, r: RoomId, k: usize) -> bool {
        let shown = |j: usize| {
            self.showed.get(j).copied().unwrap_or(false)
                && self.outcomes.get(j).is_some_and(|o| o.to == Some(r))
        };
        (0..k).any(shown) && (k + 1..self.outcomes.len()).any(shown)
    }

    /// The one dark room that move `k` (from `from` by `label`, read into `lit`) can have
    /// reached: its way `label` back from nowhere else, and the next move out of the dark (the
    /// first move after `k`, started in `lit`) free to leave it.
    fn dark_room_fitting(
        &self,
        k: usize,
        from: RoomId,
        lit: RoomId,
        label: &Label,
    ) -> Option<RoomId> {
        let next = self.next_move_in_dark(k)?;
        let out = self.outcomes.get(next)?;
        let (Some(out_label), Some(out_to)) = (out.label.as_ref(), out.to) else {
            return None;
        };
        if out.from != Some(lit) {
            return None;
        }
        let fitting: Vec<RoomId> = self
            .map
            .rooms()
            .map(|r| r.id)
            .filter(|&d| {
                self.info(d).and_then(|i| i.slot) == Some(SlotKind::Dark)
                    && target(&self.map, from, label).is_none_or(|t| t == d || t == lit)
                    && target(&self.map, d, out_label).is_none_or(|t| t == out_to)
            })
            .collect();
        if let [dark] = fitting[..] {
            return Some(dark);
        }
        // Of several, a compass move reaches a room some compass way joins to another, not
        // the inside of a thing known only by "go through shed" and "out".
        let on_compass = |d: RoomId| {
            let compass = |l: &Label| l.vector().is_some();
            self.map
                .exits_from(d)
                .chain(self.map.exits_to(d))
                .any(|e| e.from != e.to && compass(&e.label))
        };
        let mut placed = fitting.into_iter().filter(|&d| on_compass(d));
        let dark = placed.next()?;
        placed.next().is_none().then_some(dark)
    }

    /// The first move after step `k`, if no reply between them showed a room (the player was
    /// still in the dark when it was made).
    fn next_move_in_dark(&self, k: usize) -> Option<usize> {
        for j in k + 1..self.outcomes.len() {
            if self.outcomes.get(j)?.moved {
                return Some(j);
            }
            if self.showed.get(j).copied().unwrap_or(true) {
                return None;
            }
        }
        None
    }

    /// Move `k` went into `dark`, not the lit room it was read into; the steps until the next
    /// move stayed there, and that move started there.
    fn move_into_dark(&mut self, k: usize, dark: RoomId) {
        let Some((Some(from), Some(lit), Some(label))) = self
            .outcomes
            .get(k)
            .map(|o| (o.from, o.to, o.label.clone()))
        else {
            return;
        };
        let made_again = self.outcomes.iter().enumerate().any(|(j, o)| {
            j != k
                && o.moved
                && o.from == Some(from)
                && o.to == Some(lit)
                && o.label.as_ref() == Some(&label)
        });
        if !made_again {
            let gone: Vec<ExitId> = self
                .map
                .exits_between(from, lit)
                .filter(|e| e.label == label && e.origin == Origin::Observed)
                .map(|e| e.id)
                .collect();
            for id in gone {
                let _ = self.map.remove_exit(id);
            }
        }
        if !has_exit(&self.map, from, dark, &label) {
            let _ = self.map.add_exit(from, dark, label, Origin::Observed);
        }
        let lit_name = self.name_of(lit);
        if let Some(o) = self.outcomes.get_mut(k) {
            o.to = Some(dark);
            o.note = format!(
                "{}; {lit_name} was shown lit before and after: a dark room",
                o.note
            );
        }
        let Some(next) = self.next_move_in_dark(k) else {
            return;
        };
        for j in k + 1..next {
            if let Some(o) = self.outcomes.get_mut(j) {
                o.to = Some(dark);
            }
        }
        self.restart(next, dark, "the player was in the dark");
    }
}
