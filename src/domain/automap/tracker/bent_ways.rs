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
//!
//! Two places use it: `detach-misfits` leaves such a move where it is (it is vouched for), and a
//! hindsight stage of its own (`walked bent`, right after `detach misfits`) starts such a move
//! again in the room the reply before it showed where the reading or an earlier stage moved its
//! start to the room the destination's way back leads to (the straight way back of a bent way
//! leads elsewhere: "se" from the gatehouse to the wine cellar, while "nw" from the ballroom
//! reaches the gatehouse too), unless the room shown already has that way out to another room.

use super::Tracker;
use crate::domain::automap::identity::target;
use crate::domain::direction::Label;
use crate::domain::map::RoomId;
use std::collections::HashMap;

/// Compass moves that showed their room and started where the step before left the player, by
/// (start, end): each step and its way ([`Tracker::shown_walks`]).
pub(super) type Walks = HashMap<(RoomId, RoomId), Vec<(usize, Label)>>;

impl Tracker<'_> {
    /// True when step `k`'s move from `from` to `to` by `label` is one walk of a bent way whose
    /// other walk the transcript shows (in `walks`, [`Self::shown_walks`]), with its start
    /// confirmed by the reply before it (rule `walked-bent`; see the module's documentation for
    /// the evidence asked).
    pub(super) fn walked_bent(
        &self,
        walks: &Walks,
        k: usize,
        from: RoomId,
        to: RoomId,
        label: &Label,
    ) -> bool {
        if self.all_moves || !self.rules.on("walked-bent") || label.vector().is_none() {
            return false;
        }
        let straight = label.opposite();
        // The other walk, from `to` back to `from`, by another way than the straight opposite.
        let other_walk = walks.get(&(to, from)).is_some_and(|ls| {
            ls.iter()
                .any(|(j, l)| *j != k && Some(l) != straight.as_ref() && l != label)
        });
        other_walk
            && self.showed.get(k).copied().unwrap_or(false)
            && self.last_shown(k) == Some(from)
    }

    /// The compass moves that showed their room and started where the step before left the
    /// player, by (start, end): each step and its way. Built once per stage, so that asking about
    /// every move costs the moves once, not the moves squared.
    pub(super) fn shown_walks(&self) -> Walks {
        let mut walks = Walks::new();
        for (j, o) in self.outcomes.iter().enumerate() {
            if let (true, true, Some(f), Some(t), Some(l)) =
                (o.moved, o.continued, o.from, o.to, &o.label)
            {
                if l.vector().is_some() && self.showed.get(j).copied().unwrap_or(false) {
                    walks.entry((f, t)).or_default().push((j, l.clone()));
                }
            }
        }
        walks
    }

    /// Hindsight stage `walked bent`: every move whose start is not the room the reply before it
    /// showed, where that room and the move are one walk of a bent way ([`Self::walked_bent`])
    /// and the room has no other way out by the move's way, starts in that room.
    pub(super) fn keep_bent_walks(&mut self) {
        if self.all_moves || !self.rules.on("walked-bent") {
            return;
        }
        let walks = self.shown_walks();
        let mut restarts = Vec::new();
        for (k, o) in self.outcomes.iter().enumerate() {
            let (true, Some(from), Some(to), Some(label)) = (o.moved, o.from, o.to, &o.label)
            else {
                continue;
            };
            let Some(c) = self.last_shown(k) else {
                continue;
            };
            if c == from || c == to || self.is_slot(c) {
                continue;
            }
            if target(&self.map, c, label).is_some_and(|t| t != to) {
                continue;
            }
            if self.walked_bent(&walks, k, c, to, label) {
                restarts.push((k, c));
            }
        }
        for (k, c) in restarts {
            self.restart(
                k,
                c,
                "one walk of a bent way walked both ways (walked-bent)",
            );
        }
    }

    /// The room the last reply before step `k` that showed a room showed, when every step
    /// between handled a thing at hand and moved no one (`None` otherwise).
    fn last_shown(&self, k: usize) -> Option<RoomId> {
        let mut j = k;
        let mut stayed: Option<RoomId> = None;
        while let Some(i) = j.checked_sub(1) {
            let o = self.outcomes.get(i)?;
            if self.showed.get(i).copied().unwrap_or(false) {
                return o.to.filter(|&r| stayed.is_none_or(|s| s == r));
            }
            let handled = self.handled.get(i).copied().unwrap_or(false) && !o.moved;
            if !handled || o.to.is_none() || stayed.is_some_and(|s| Some(s) != o.to) {
                return None;
            }
            stayed = o.to;
            j = i;
        }
        None
    }
}
