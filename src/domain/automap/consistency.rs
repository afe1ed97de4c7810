//! Where did each move start? A second look at every move once the whole transcript is read,
//! judged by how well the moves agree with each other.
//!
//! A game's map is a function both ways: from a room, one direction leads to one room, and one
//! room is reached from one room by a given direction; and the way back (the opposite
//! direction) almost always leads back. A transcript that skipped steps breaks this: the move
//! after the gap is taken to start where the previous kept step left the player, and the map
//! gets a doorway with two destinations, a room entered the same way from two rooms, or a way
//! back that leads elsewhere. Here every move may start at its *continuation* (where the
//! previous step left the player), where the tracker put it, where the finished lattice places
//! it, where another move's way back leads, or where another move the same way into the same
//! room started; the choice that leaves
//! the fewest such conflicts wins, a start away from the continuation costs a little (a skipped
//! step is the exception), and a start that another move confirms (a way back, or the same move
//! seen twice) counts for it. What the rooms' own texts say weighs in too: a start whose listed
//! exits ("Obvious exits: North, Up.") leave out the move's way costs as much as three
//! conflicts, and one whose description speaks of several ways but not of this one costs a
//! little more than moving the start does.
//!
//! The search is a deterministic local search: moves in transcript order, each move's best
//! start given the others, repeated until nothing changes (at most [`ROUNDS`] rounds). Ties keep
//! the current start.

use super::weights::{BARRED, CHANGE, CHANGE_FIRM, GAP, SILENT, SUPPORT};
use crate::domain::direction::Label;
use crate::domain::map::RoomId;
use std::collections::HashMap;

/// One move as the tracker read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// Where the tracker says the move started.
    pub from: RoomId,
    /// Where it ended.
    pub to: RoomId,
    /// Its direction.
    pub label: Label,
    /// Where the previous step left the player, if known.
    pub cont: Option<RoomId>,
    /// The room the finished lattice places one step back from the end, if any.
    pub placed: Option<RoomId>,
    /// True when the text or a way back vouches for the tracker's start.
    pub firm: bool,
    /// True when the text shows where the move started (in a whole transcript, the reply just
    /// before it showed the player there): the start is not judged again.
    pub shown: bool,
}

/// What a room's own text says of leaving it a given way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Said {
    /// The exits the game listed there do not include the way: no move that way started there.
    Barred,
    /// Its description speaks of several ways out, but not of this one.
    Silent,
    /// Nothing against it.
    Nothing,
}

/// At most this many passes over the moves.
pub const ROUNDS: usize = 8;

/// The moves' exits (start, direction, end), each counted once per move that makes it.
#[derive(Debug, Default)]
struct Exits {
    /// (from, label) → end → moves.
    out: HashMap<(RoomId, Label), HashMap<RoomId, usize>>,
    /// (to, label) → start → moves.
    into: HashMap<(RoomId, Label), HashMap<RoomId, usize>>,
}

impl Exits {
    fn add(&mut self, from: RoomId, to: RoomId, label: &Label) {
        *self
            .out
            .entry((from, label.clone()))
            .or_default()
            .entry(to)
            .or_default() += 1;
        *self
            .into
            .entry((to, label.clone()))
            .or_default()
            .entry(from)
            .or_default() += 1;
    }

    fn remove(&mut self, from: RoomId, to: RoomId, label: &Label) {
        for (map, key, val) in [
            (&mut self.out, (from, label.clone()), to),
            (&mut self.into, (to, label.clone()), from),
        ] {
            if let Some(m) = map.get_mut(&key) {
                if let Some(c) = m.get_mut(&val) {
                    *c = c.saturating_sub(1);
                    if *c == 0 {
                        m.remove(&val);
                    }
                }
                if m.is_empty() {
                    map.remove(&key);
                }
            }
        }
    }

    /// Ends other than `to` of `from --label-->`.
    fn other_ends(&self, from: RoomId, to: RoomId, label: &Label) -> usize {
        self.out
            .get(&(from, label.clone()))
            .map_or(0, |m| m.keys().filter(|&&d| d != to).count())
    }

    /// Starts other than `from` of `--label--> to`.
    fn other_starts(&self, from: RoomId, to: RoomId, label: &Label) -> usize {
        self.into
            .get(&(to, label.clone()))
            .map_or(0, |m| m.keys().filter(|&&s| s != from).count())
    }

    /// How a move `from --label--> to` agrees with the rest: conflicts it takes part in, minus
    /// credit for confirmations.
    fn judge(&self, from: RoomId, to: RoomId, label: &Label) -> f64 {
        let mut c = (self.other_ends(from, to, label) + self.other_starts(from, to, label)) as f64;
        if let Some(back) = label.opposite() {
            // The way back from the end, as other moves made it.
            let backs = self.out.get(&(to, back.clone()));
            let wrong = backs.map_or(0, |m| m.keys().filter(|&&d| d != from).count());
            let right = backs.is_some_and(|m| m.contains_key(&from));
            // And the way back into the start.
            let intos = self.into.get(&(from, back));
            let wrong_in = intos.map_or(0, |m| m.keys().filter(|&&s| s != to).count());
            c += (wrong + wrong_in) as f64;
            if right {
                c -= SUPPORT;
            }
        }
        let same = self
            .out
            .get(&(from, label.clone()))
            .and_then(|m| m.get(&to))
            .copied()
            .unwrap_or(0);
        if same > 0 {
            c -= SUPPORT;
        }
        c
    }
}

/// The start chosen for every move (same order as `moves`). See the module docs.
///
/// # Complexity
/// O(R · M · K) hash operations for R rounds, M moves and K candidate starts per move, with
/// `said` (what a room's text says of leaving it a way) asked once per candidate.
pub fn resolve_sources(moves: &[Move], said: impl Fn(RoomId, &Label) -> Said) -> Vec<RoomId> {
    let mut from: Vec<RoomId> = moves.iter().map(|m| m.from).collect();
    let mut exits = Exits::default();
    for m in moves {
        exits.add(m.from, m.to, &m.label);
    }
    for _ in 0..ROUNDS {
        let mut changed = false;
        for (k, m) in moves.iter().enumerate() {
            if m.shown {
                continue;
            }
            let cur = from[k];
            exits.remove(cur, m.to, &m.label);
            let cost = |s: RoomId, exits: &Exits| {
                let mut c = exits.judge(s, m.to, &m.label);
                match said(s, &m.label) {
                    Said::Barred => c += BARRED,
                    Said::Silent => c += SILENT,
                    Said::Nothing => {}
                }
                if s != m.from {
                    c += if m.firm { CHANGE_FIRM } else { CHANGE };
                    if Some(s) != m.cont {
                        c += GAP;
                    }
                }
                c
            };
            let mut cands: Vec<RoomId> = vec![cur, m.from];
            cands.extend(m.cont);
            cands.extend(m.placed);
            if let Some(back) = m.label.opposite() {
                if let Some(ends) = exits.out.get(&(m.to, back)) {
                    let mut e: Vec<RoomId> = ends.keys().copied().collect();
                    e.sort_unstable();
                    cands.extend(e);
                }
            }
            if let Some(starts) = exits.into.get(&(m.to, m.label.clone())) {
                let mut e: Vec<RoomId> = starts.keys().copied().collect();
                e.sort_unstable();
                cands.extend(e);
            }
            let mut best = (cur, cost(cur, &exits));
            for &s in &cands {
                if s == m.to {
                    continue;
                }
                let c = cost(s, &exits);
                if c < best.1 - 1e-9 {
                    best = (s, c);
                }
            }
            exits.add(best.0, m.to, &m.label);
            if best.0 != cur {
                from[k] = best.0;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    from
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::direction::Direction;

    fn mv(from: u32, to: u32, d: Direction, cont: Option<u32>) -> Move {
        Move {
            from: RoomId(from),
            to: RoomId(to),
            label: Label::Dir(d),
            cont: cont.map(RoomId),
            placed: None,
            firm: false,
            shown: false,
        }
    }

    fn nothing(_: RoomId, _: &Label) -> Said {
        Said::Nothing
    }

    #[test]
    fn a_way_back_seen_later_moves_the_start_of_a_move_after_a_gap() {
        // 0 -n-> 1 -s-> 0 ; (gap: the player walked 0 -e-> 2) ; 2 -n-> 3 taken from 0;
        // later 3 -s-> 2.
        let moves = vec![
            mv(0, 1, Direction::North, Some(0)),
            mv(1, 0, Direction::South, Some(1)),
            mv(0, 3, Direction::North, Some(0)),
            mv(3, 2, Direction::South, Some(3)),
        ];
        let got = resolve_sources(&moves, nothing);
        assert_eq!(got, vec![RoomId(0), RoomId(1), RoomId(2), RoomId(3)]);
    }

    #[test]
    fn a_doorway_with_two_ends_is_resolved_by_the_lattice() {
        // 0 -n-> 1, then (gap: the player walked 0 -e-> 2) 2 -n-> 3 taken from 0; the
        // lattice puts room 2 south of room 3.
        let mut gap = mv(0, 3, Direction::North, Some(0));
        gap.placed = Some(RoomId(2));
        let moves = vec![
            mv(0, 1, Direction::North, Some(0)),
            mv(1, 0, Direction::South, Some(1)),
            gap,
        ];
        let got = resolve_sources(&moves, nothing);
        assert_eq!(got, vec![RoomId(0), RoomId(1), RoomId(2)]);
    }

    #[test]
    fn a_start_silent_on_the_way_gives_way_to_the_continuation() {
        // Hindsight put the start of 0 -ne-> 1 in room 2, but room 2's description speaks of
        // other ways only: the continuation, room 0, is the better start.
        let mut m = mv(2, 1, Direction::Northeast, Some(0));
        m.placed = Some(RoomId(2));
        assert_eq!(resolve_sources(&[m.clone()], nothing), vec![RoomId(2)]);
        let silent = |r: RoomId, _: &Label| {
            if r == RoomId(2) {
                Said::Silent
            } else {
                Said::Nothing
            }
        };
        assert_eq!(resolve_sources(&[m.clone()], silent), vec![RoomId(0)]);
        // A start the listed exits rule out is left even for no confirmed alternative.
        let mut b = mv(0, 1, Direction::Down, Some(0));
        b.placed = Some(RoomId(2));
        let barred = |r: RoomId, _: &Label| {
            if r == RoomId(0) {
                Said::Barred
            } else {
                Said::Nothing
            }
        };
        assert_eq!(resolve_sources(&[b], barred), vec![RoomId(2)]);
    }

    #[test]
    fn consistent_moves_are_left_alone() {
        let moves = vec![
            mv(0, 1, Direction::North, Some(0)),
            mv(1, 2, Direction::East, Some(1)),
            mv(2, 1, Direction::West, Some(2)),
        ];
        let got = resolve_sources(&moves, nothing);
        assert_eq!(got, vec![RoomId(0), RoomId(1), RoomId(2)]);
    }
}
