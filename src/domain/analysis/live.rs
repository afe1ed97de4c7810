//! Incremental detection: conflict counts kept up to date as a history grows, commit by commit,
//! without re-running detection. Exits that are only added (the normal case while a text is
//! read) cost O(1) amortized each (frame merges move the smaller frame); a commit that removes or
//! renames anything makes the detector rebuild its state from the map, once.
//!
//! The counts always equal those of [`crate::domain::analysis::detect`] on the same map (a
//! property test checks it on random histories).

use super::conflict::Counts;
use super::geometry::{GeometryBuilder, Placement};
use crate::domain::direction::{Label, Vector};
use crate::domain::history::Change;
use crate::domain::map::{Exit, Map, RoomId};
use rustc_hash::{FxHashMap, FxHashSet};

type Cell = (u32, Vector);

/// See the module docs.
#[derive(Debug, Clone, Default)]
pub struct LiveDetector {
    builder: GeometryBuilder,
    groups: FxHashMap<(RoomId, Label), Vec<RoomId>>,
    duplicates: usize,
    mismatched: FxHashSet<(RoomId, RoomId)>,
    loops: usize,
    cells: FxHashMap<Cell, Vec<RoomId>>,
    room_cell: FxHashMap<RoomId, Cell>,
    explained: FxHashSet<(RoomId, RoomId)>,
    overlapping: FxHashSet<Cell>,
    names: FxHashMap<String, usize>,
    collisions: usize,
    last_exit: Option<u32>,
}

fn ordered(a: RoomId, b: RoomId) -> (RoomId, RoomId) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

impl LiveDetector {
    /// A detector for an empty map.
    pub fn new() -> LiveDetector {
        LiveDetector::default()
    }

    /// A detector primed with a whole map.
    pub fn of(map: &Map) -> LiveDetector {
        let mut d = LiveDetector::new();
        d.rebuild(map);
        d
    }

    fn rebuild(&mut self, map: &Map) {
        *self = LiveDetector::new();
        for r in map.rooms() {
            self.add_name(&r.canonical);
        }
        for e in map.exits() {
            self.add_exit(map, e);
        }
    }

    /// The current counts.
    pub fn counts(&self) -> Counts {
        let direction = self.duplicates + self.mismatched.len();
        let topology = self.loops + self.overlapping.len();
        Counts {
            direction,
            topology,
            naming: self.collisions,
            total: direction + topology + self.collisions,
        }
    }

    /// Takes in one commit's change; `map` is the map after it.
    pub fn observe(&mut self, map: &Map, change: &Change) -> Counts {
        let additive = change.removed_exits.is_empty()
            && change.removed_rooms.is_empty()
            && change.updated_rooms.is_empty();
        let in_order = change
            .added_exits
            .iter()
            .all(|e| self.last_exit.is_none_or(|l| e.id.0 > l));
        if !additive || !in_order {
            self.rebuild(map);
            return self.counts();
        }
        for r in &change.added_rooms {
            self.add_name(&r.canonical);
        }
        let mut exits: Vec<&Exit> = change.added_exits.iter().collect();
        exits.sort_by_key(|e| e.id);
        for e in exits {
            self.add_exit(map, e);
        }
        self.counts()
    }

    fn add_name(&mut self, canonical: &str) {
        let n = self.names.entry(canonical.to_string()).or_insert(0);
        *n += 1;
        if *n == 2 {
            self.collisions += 1;
        }
    }

    fn add_exit(&mut self, map: &Map, e: &Exit) {
        self.last_exit = Some(e.id.0);
        // Duplicated labels, and the overlaps they explain (links may repeat).
        let targets = self.groups.entry((e.from, e.label.clone())).or_default();
        let mut newly_explained = Vec::new();
        if !e.label.is_link() && !targets.contains(&e.to) {
            if targets.len() == 1 {
                self.duplicates += 1;
            }
            for t in targets.iter() {
                newly_explained.push(ordered(*t, e.to));
            }
            targets.push(e.to);
        }
        for pair in newly_explained {
            if self.explained.insert(pair) {
                for room in [pair.0, pair.1] {
                    if let Some(cell) = self.room_cell.get(&room).copied() {
                        self.refresh_cell(cell);
                    }
                }
            }
        }
        // Reverse mismatch for this pair.
        if e.from != e.to {
            let (a, b) = ordered(e.from, e.to);
            let labels = |x: RoomId, y: RoomId| {
                map.exits_between(x, y)
                    .filter(|x| x.geometric && x.label.direction().is_some())
                    .map(|x| x.label.clone())
                    .collect::<Vec<_>>()
            };
            let (forward, back) = (labels(a, b), labels(b, a));
            let agrees = forward
                .iter()
                .any(|f| f.opposite().is_some_and(|o| back.contains(&o)));
            if !forward.is_empty() && !back.is_empty() && !agrees {
                self.mismatched.insert((a, b));
            } else {
                self.mismatched.remove(&(a, b));
            }
        }
        // Geometry.
        match self.builder.add_exit(e) {
            Placement::Skipped | Placement::Consistent => {}
            Placement::Loop(c) => {
                if !c.back_edge {
                    self.loops += 1;
                }
            }
            Placement::Placed(rooms) | Placement::Merged(rooms) => {
                for r in rooms {
                    self.move_room(r);
                }
            }
        }
    }

    fn move_room(&mut self, room: RoomId) {
        let g = self.builder.current();
        let i = room.0 as usize;
        let (Some(pos), Some(&frame)) = (g.pos.get(i).copied().flatten(), g.frame.get(i)) else {
            return;
        };
        let new_cell = (frame, pos);
        if let Some(old) = self.room_cell.insert(room, new_cell) {
            if let Some(list) = self.cells.get_mut(&old) {
                list.retain(|r| *r != room);
            }
            self.refresh_cell(old);
        }
        self.cells.entry(new_cell).or_default().push(room);
        self.refresh_cell(new_cell);
    }

    fn refresh_cell(&mut self, cell: Cell) {
        let conflict = self.cells.get(&cell).is_some_and(|rooms| {
            rooms.len() >= 2
                && !rooms.iter().enumerate().all(|(i, a)| {
                    rooms[i + 1..]
                        .iter()
                        .all(|b| self.explained.contains(&ordered(*a, *b)))
                })
        });
        if conflict {
            self.overlapping.insert(cell);
        } else {
            self.overlapping.remove(&cell);
        }
    }
}
