//! Moves the map cannot hold. Once every move's start is chosen, a move taken to start where the
//! previous step left the player may still make the lattice contradict itself: a loop that does
//! not close, two rooms on one cell, one doorway with two destinations. When nothing vouches for
//! that start (no way back walked, the move made once, no text), the cleaner reading is that
//! skipped steps took the player elsewhere first — as a death and restart, or the re-walk of a
//! known corridor, do. The tracker then starts the move in the known room that lies that way, or
//! in a room the transcript never showed.
//!
//! The conflict machinery is the judge. Each candidate move's exit is removed in a what-if
//! ([`TrialJudge`]), with the way back the map would infer for it. The move whose removal takes
//! away the most conflicts is detached, but only when the evidence is plain:
//! - no other move takes away as many (moves around one loop share its conflict, and the
//!   conflict does not tell which of them is wrong);
//! - it takes away two conflicts or more, or one a bent corridor does not make: a doorway with
//!   two destinations, a way back that leads elsewhere, a loop that misses by [`FAR`] steps or
//!   more. A single overlap or a loop off by a step or two is what real games' maps do (the
//!   ground truth of several MANGO games has them), so it moves nothing.
//!
//! Repeated on the map the detached moves leave, at most [`ROUNDS`] times.

use crate::domain::analysis::{
    detect, Conflict, ConflictKind, ConflictType, Edit, Geometry, TrialJudge,
};
use crate::domain::direction::Label;
use crate::domain::map::{Map, Origin, RoomId};
use std::collections::HashSet;

/// A move whose start nothing vouches for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The caller's key for the move (its step).
    pub key: usize,
    /// Where it was taken to start.
    pub from: RoomId,
    /// Where it ended.
    pub to: RoomId,
    /// Its direction.
    pub label: Label,
}

/// At most this many moves are detached.
pub const ROUNDS: usize = 32;

/// The map as a project shows it: each observed exit with the way back inferred, where the
/// destination has no exit that way and none back to the start.
fn with_ways_back(map: &Map) -> Map {
    let mut m = map.clone();
    let mut observed: Vec<_> = map
        .exits()
        .filter(|e| e.origin == Origin::Observed)
        .cloned()
        .collect();
    observed.sort_by_key(|e| e.id);
    for e in observed {
        let Some(back) = e.label.opposite() else {
            continue;
        };
        if e.from == e.to
            || m.exits_from(e.to)
                .any(|x| x.label == back || x.to == e.from)
        {
            continue;
        }
        let _ = m.add_exit(e.to, e.from, back, Origin::InferredReverse);
    }
    m
}

/// The keys of the moves the map cannot hold, in the order they were found: each one's removal
/// takes conflicts away from the map the others' removal left.
pub fn misfits(map: &Map, candidates: &[Candidate]) -> Vec<usize> {
    let mut m = with_ways_back(map);
    let mut geo = Geometry::infer(&m);
    let mut before = detect(&m, &geo);
    let mut left: Vec<&Candidate> = candidates.iter().collect();
    let mut out = Vec::new();
    for _ in 0..ROUNDS {
        if before.iter().all(|c| c.ctype == ConflictType::Naming) {
            break;
        }
        let judge = TrialJudge::new(&m, &geo);
        let mut trials: Vec<(i64, usize, Edit)> = left
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                let id = m
                    .exits_between(c.from, c.to)
                    .find(|e| e.label == c.label && e.origin == Origin::Observed)?
                    .id;
                let edit = Edit::Remove(id);
                let d = judge.delta(&edit).filter(|&d| d < 0)?;
                Some((d, i, edit))
            })
            .collect();
        trials.sort_by_key(|t| t.0);
        let Some((d, i, edit)) = trials.first().cloned() else {
            break;
        };
        // Two moves that take the same conflicts away: the conflicts do not tell which one.
        if trials.get(1).is_some_and(|t| t.0 == d) {
            break;
        }
        let Some(next) = edit.apply(&m) else {
            break;
        };
        let next_geo = Geometry::infer(&next);
        let after = detect(&next, &next_geo);
        let ids: HashSet<&str> = after.iter().map(|c| c.id.as_str()).collect();
        let far = before
            .iter()
            .any(|c| !ids.contains(c.id.as_str()) && breaks_far(c));
        if !(d <= -2 || far) {
            break;
        }
        (m, geo, before) = (next, next_geo, after);
        out.push(left.remove(i).key);
    }
    out
}

/// A conflict one wrong start explains better than a bent corridor does: a doorway with two
/// destinations, a way back that leads elsewhere, or a loop that misses by [`FAR`] steps or more.
fn breaks_far(c: &Conflict) -> bool {
    match &c.kind {
        ConflictKind::Loop { error, .. } => error.iter().map(|x| x.abs()).sum::<i32>() >= FAR,
        _ => c.ctype == ConflictType::Directional,
    }
}

/// How far a loop must miss to be a jump rather than a bend.
const FAR: i32 = 3;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::direction::Direction::{self, *};

    /// A map of observed moves between named rooms, with a candidate for each move listed in
    /// `doubtful` (by index).
    fn walk(moves: &[(&str, Direction, &str)], doubtful: &[usize]) -> (Map, Vec<Candidate>) {
        let mut m = Map::new();
        let mut ids: Vec<(String, RoomId)> = Vec::new();
        let mut room = |m: &mut Map, n: &str| match ids.iter().find(|(x, _)| x == n) {
            Some((_, id)) => *id,
            None => {
                let id = m.add_room(n);
                ids.push((n.to_string(), id));
                id
            }
        };
        let mut cands = Vec::new();
        for (k, (a, d, b)) in moves.iter().enumerate() {
            let (from, to) = (room(&mut m, a), room(&mut m, b));
            m.add_exit(from, to, *d, Origin::Observed).unwrap();
            if doubtful.contains(&k) {
                cands.push(Candidate {
                    key: k,
                    from,
                    to,
                    label: Label::Dir(*d),
                });
            }
        }
        (m, cands)
    }

    /// North three times, then east back to the first room: the loop misses by four.
    const JUMP_BACK: [(&str, Direction, &str); 4] = [
        ("Path", North, "Clearing"),
        ("Clearing", North, "Ridge"),
        ("Ridge", North, "Temple"),
        ("Temple", East, "Path"),
    ];

    #[test]
    fn a_jump_far_back_is_the_move_the_map_cannot_hold() {
        let (m, c) = walk(&JUMP_BACK, &[3]);
        assert_eq!(misfits(&m, &c), vec![3]);
    }

    #[test]
    fn a_doorway_with_two_destinations_loses_the_doubtful_one() {
        let (m, c) = walk(
            &[
                ("Hall", North, "Study"),
                ("Hall", East, "Kitchen"),
                ("Hall", North, "Kitchen"),
            ],
            &[2],
        );
        assert_eq!(misfits(&m, &c), vec![2]);
    }

    #[test]
    fn moves_that_share_one_conflict_are_left_alone() {
        // Both the second and the last move are in doubt, and removing either closes the loop.
        let (m, c) = walk(&JUMP_BACK, &[1, 3]);
        assert_eq!(misfits(&m, &c), Vec::<usize>::new());
    }

    #[test]
    fn a_bend_of_one_step_is_what_real_maps_do() {
        // Around a block, the last side ends one step off: a loop that misses by one.
        let walk_around = [
            ("Hall", North, "Gallery"),
            ("Gallery", East, "Tower"),
            ("Tower", South, "Yard"),
            ("Yard", West, "Gallery"),
        ];
        let (m, c) = walk(&walk_around, &[3]);
        let shown = with_ways_back(&m);
        let geo = Geometry::infer(&shown);
        let judge = TrialJudge::new(&shown, &geo);
        let id = shown
            .exits()
            .find(|e| e.label == Label::Dir(West))
            .unwrap()
            .id;
        assert_eq!(
            judge.delta(&Edit::Remove(id)),
            Some(-1),
            "the move alone makes it"
        );
        assert_eq!(misfits(&m, &c), Vec::<usize>::new());
        // A map free of conflicts: nothing moves.
        let (m, c) = walk(&walk_around[..3], &[2]);
        assert_eq!(misfits(&m, &c), Vec::<usize>::new());
    }
}
