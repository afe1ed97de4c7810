//! A generated lattice map for scale benchmarks: `rooms` rooms on a square grid, explored
//! breadth-first from a corner (one commit per exit, with its inferred reverse), with about 2 %
//! of the observed exits given a wrong direction. Deterministic from the seed (SplitMix64, an
//! explicit value; no global generator).

use super::direction::{Direction, Label};
use super::history::{Change, CommitInfo, History};
use super::map::{Exit, ExitId, Origin, Room, RoomId};
use super::names::canonical_name;
use super::rng::SplitMix64;

/// The generated map's history and the exits that were corrupted (by commit index).
#[derive(Debug, Clone)]
pub struct LatticeMap {
    /// One commit per explored exit.
    pub history: History,
    /// Commits whose exit carries a wrong direction.
    pub corrupted: Vec<u32>,
}

/// Generates the map. See the module docs.
pub fn lattice(rooms: usize, seed: u64) -> LatticeMap {
    let side = (rooms as f64).sqrt().ceil().max(1.0) as i64;
    let mut rng = SplitMix64::new(seed);
    let mut history = History::new();
    let mut corrupted = Vec::new();
    let name = |x: i64, y: i64| format!("cell {x},{y}");
    let inside =
        |x: i64, y: i64| x >= 0 && y >= 0 && x < side && y < side && (y * side + x) < rooms as i64;
    let mut seen = vec![false; (side * side) as usize];
    let mut queue = std::collections::VecDeque::from([(0i64, 0i64)]);
    seen[0] = true;
    let mut step = 0u32;
    let mut ids: Vec<Option<RoomId>> = vec![None; (side * side) as usize];
    let mut back_taken: Vec<Vec<Direction>> = vec![Vec::new(); (side * side) as usize];
    let (mut next_room, mut next_exit) = (0u32, 0u32);
    while let Some((x, y)) = queue.pop_front() {
        for d in [
            Direction::North,
            Direction::East,
            Direction::South,
            Direction::West,
        ] {
            let Some([dx, dy, _]) = d.vector() else {
                continue;
            };
            let (nx, ny) = (x + i64::from(dx), y + i64::from(dy));
            if !inside(nx, ny) {
                continue;
            }
            let first_visit = !seen[(ny * side + nx) as usize];
            // Every cell is reached once; half the other lattice links are walked too (loops).
            if !first_visit && (d == Direction::South || d == Direction::West || rng.below(2) == 0)
            {
                continue;
            }
            if first_visit {
                seen[(ny * side + nx) as usize] = true;
                queue.push_back((nx, ny));
            }
            let mut label = d;
            if rng.below(50) == 0 {
                let others: Vec<Direction> = Direction::CARDINAL
                    .iter()
                    .copied()
                    .filter(|o| *o != d)
                    .collect();
                label = others[rng.below(others.len() as u64) as usize];
                corrupted.push(step);
            }
            // Rooms get ids in the order they are first seen; exits are built directly (a
            // builder's name lookups would make generation quadratic).
            let mut change = Change::default();
            let mut room = |cx: i64, cy: i64, change: &mut Change| -> RoomId {
                let cell = (cy * side + cx) as usize;
                if let Some(id) = ids[cell] {
                    return id;
                }
                let id = RoomId(next_room);
                next_room += 1;
                ids[cell] = Some(id);
                let n = name(cx, cy);
                change.added_rooms.push(Room {
                    id,
                    canonical: canonical_name(&n),
                    name: n,
                    aliases: Vec::new(),
                    description: None,
                });
                id
            };
            let a = room(x, y, &mut change);
            let b = room(nx, ny, &mut change);
            let back_free = !back_taken[(ny * side + nx) as usize].contains(&d.opposite());
            change.added_exits.push(Exit {
                id: ExitId(next_exit),
                from: a,
                to: b,
                label: Label::Dir(label),
                origin: Origin::Observed,
                geometric: true,
            });
            next_exit += 1;
            if back_free && first_visit {
                back_taken[(ny * side + nx) as usize].push(d.opposite());
                change.added_exits.push(Exit {
                    id: ExitId(next_exit),
                    from: b,
                    to: a,
                    label: Label::Dir(label.opposite()),
                    origin: Origin::InferredReverse,
                    geometric: true,
                });
                next_exit += 1;
            }
            let info = CommitInfo {
                step,
                observation: format!("go {label}"),
                ..CommitInfo::default()
            };
            let _ = history.commit(change, info);
            step += 1;
        }
    }
    LatticeMap { history, corrupted }
}
