//! `walked-bent`: a bent way walked both ways is a real bent way, not a wrong start. Inform 7
//! (and many hand-made maps) lets a way bend: "west" from the kennel reaches the garden, whose
//! way back is "northwest", not "east". When the transcript walks it both ways, the lattice
//! cannot hold the second walk, and `detach-misfits` takes it for a move that started
//! elsewhere (a room never shown), while the map's closure gives the way back the straight
//! opposite: two pairs lost for one bent way.
//!
//! The real danger is the other reading: a move the automapper started in the wrong room, which
//! the lattice refuses for the same reason. So the move is kept where it was read to start
//! only on evidence that tells the two apart, all of it required (one part missing, the lattice
//! judges as before):
//! - **the start is confirmed**: in a whole transcript (not a cleaned walkthrough of moves only,
//!   whose dropped steps may have taken the player anywhere), the last reply before the move that
//!   showed a room showed its start, and every step between is an action on a thing at hand that
//!   no library answers by moving the player ("examine hearth", "take ledger", "inventory");
//! - **the move showed its room**: its own reply is titled;
//! - **the other walk was seen**: a move from the destination back to the start, by another way
//!   than the straight opposite (the bend), whose reply showed the start and which itself started
//!   where the step before it left the player. A bent way is two walks that agree on the same two
//!   rooms; a wrong start has no such second witness.

use super::Tracker;
use crate::domain::direction::Label;
use crate::domain::map::RoomId;

impl Tracker<'_> {
    /// True when step `k`'s move from `from` to `to` by `label` is one walk of a bent way whose
    /// other walk the transcript shows, with its start confirmed by the reply before it (rule
    /// `walked-bent`; see the module's documentation for the evidence asked).
    pub(super) fn walked_bent(&self, k: usize, from: RoomId, to: RoomId, label: &Label) -> bool {
        if self.all_moves || !self.rules.on("walked-bent") || label.vector().is_none() {
            return false;
        }
        if !self.showed.get(k).copied().unwrap_or(false) || !self.last_shown_is(k, from) {
            return false;
        }
        let straight = label.opposite();
        self.outcomes.iter().enumerate().any(|(j, o)| {
            j != k
                && o.moved
                && o.continued
                && o.from == Some(to)
                && o.to == Some(from)
                && o.label.as_ref().is_some_and(|l| {
                    l.vector().is_some() && Some(l) != straight.as_ref() && l != label
                })
                && self.showed.get(j).copied().unwrap_or(false)
        })
    }

    /// True when the last reply before step `k` that showed a room showed `room`, and every step
    /// between handled a thing at hand and moved no one.
    fn last_shown_is(&self, k: usize, room: RoomId) -> bool {
        let mut j = k;
        while let Some(i) = j.checked_sub(1) {
            let o = self.outcomes.get(i);
            if self.showed.get(i).copied().unwrap_or(false) {
                return o.is_some_and(|p| p.to == Some(room));
            }
            let handled = self.handled.get(i).copied().unwrap_or(false)
                && o.is_some_and(|p| !p.moved && p.to == Some(room));
            if !handled {
                return false;
            }
            j = i;
        }
        false
    }
}
