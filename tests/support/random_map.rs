//! Small random maps and one-exit edits for property tests: rooms on a 3 × 3 × 2 grid (several
//! may share a spot, names may repeat), exits that mostly follow the grid.

use maprepair::domain::history::{diff_maps, Change};
use maprepair::domain::map::{Exit, ExitId, Map, Origin, RoomId};
use maprepair::domain::{Direction, Label};
use proptest::prelude::*;

/// One random exit: from room `from`, direction index `dir` (14 = a free label, 16 = a link),
/// to the room the direction really leads to on the room grid when `truthful` and there is one,
/// else to `to`.
#[derive(Debug, Clone)]
pub struct Spec {
    pub from: u8,
    pub to: u8,
    pub dir: u8,
    pub truthful: bool,
    pub inferred: bool,
    pub geometric: bool,
}

pub fn spec() -> impl Strategy<Value = Spec> {
    (
        any::<u8>(),
        any::<u8>(),
        0u8..17,
        prop::bool::weighted(0.6),
        prop::bool::weighted(0.15),
        prop::bool::weighted(0.9),
    )
        .prop_map(|(from, to, dir, truthful, inferred, geometric)| Spec {
            from,
            to,
            dir,
            truthful,
            inferred,
            geometric,
        })
}

/// Rooms: a grid spot and a name choice each.
pub fn spots(rooms: std::ops::Range<usize>) -> impl Strategy<Value = Vec<(u8, u8)>> {
    prop::collection::vec((any::<u8>(), 0u8..6), rooms)
}

pub fn label(dir: u8) -> Label {
    match Direction::ALL.get(dir as usize) {
        Some(d) => Label::Dir(*d),
        None if dir >= 16 => Label::Link,
        None => Label::Free(format!("go panel {}", dir % 2)),
    }
}

fn cell(spot: u8) -> [i32; 3] {
    let s = i32::from(spot % 18);
    [s % 3, (s / 3) % 3, s / 9]
}

/// The room the label leads to from `from` on the grid, if one is there.
fn grid_target(spots: &[(u8, u8)], from: usize, l: &Label) -> Option<usize> {
    let v = l.vector()?;
    let c = cell(spots[from].0);
    let want = [c[0] + v[0], c[1] + v[1], c[2] + v[2]];
    spots.iter().position(|(s, _)| cell(*s) == want)
}

/// The map of `spots` and `specs`.
pub fn build(spots: &[(u8, u8)], specs: &[Spec]) -> Map {
    let mut map = Map::new();
    for (i, (_, name)) in spots.iter().enumerate() {
        let names = ["Hall", "Forest", "Cave", "Attic"];
        let name = if *name < 2 {
            names[(*name as usize + i) % names.len()].to_string()
        } else {
            format!("Room {i}")
        };
        map.add_room(&name);
    }
    let rooms: Vec<_> = map.rooms().map(|r| r.id).collect();
    for s in specs {
        let from = s.from as usize % rooms.len();
        let l = label(s.dir);
        let mut to = s.to as usize % rooms.len();
        if s.truthful {
            to = grid_target(spots, from, &l).unwrap_or(to);
        }
        let id = map.next_exit_id();
        map.insert_exit(Exit {
            id,
            from: rooms[from],
            to: rooms[to],
            label: l,
            origin: if s.inferred {
                Origin::InferredReverse
            } else {
                Origin::Observed
            },
            geometric: s.geometric,
        })
        .unwrap();
    }
    map
}

/// A one-exit edit of a map, picking its exit (and rooms) by index.
#[derive(Debug, Clone)]
pub enum MapEdit {
    Remove(u8),
    Flatten(u8),
    Relabel(u8, u8),
    MoveStart(u8, u8),
    Add(u8, u8, u8),
}

pub fn map_edit() -> impl Strategy<Value = MapEdit> {
    prop_oneof![
        1 => any::<u8>().prop_map(MapEdit::Remove),
        3 => any::<u8>().prop_map(MapEdit::Flatten),
        1 => (any::<u8>(), 0u8..17).prop_map(|(e, d)| MapEdit::Relabel(e, d)),
        1 => (any::<u8>(), any::<u8>()).prop_map(|(e, r)| MapEdit::MoveStart(e, r)),
        1 => (any::<u8>(), any::<u8>(), 0u8..17).prop_map(|(a, b, d)| MapEdit::Add(a, b, d)),
    ]
}

fn nth_exit(map: &Map, k: u8) -> Option<Exit> {
    let exits: Vec<&Exit> = map.exits().collect();
    (!exits.is_empty()).then(|| exits[k as usize % exits.len()].clone())
}

fn nth_room(map: &Map, k: u8) -> RoomId {
    let rooms: Vec<RoomId> = map.rooms().map(|r| r.id).collect();
    rooms[k as usize % rooms.len()]
}

/// The map after the edit and the change that makes it (`None` when the edit does nothing).
pub fn edited(map: &Map, edit: &MapEdit) -> Option<(Map, Change)> {
    let mut m = map.clone();
    match edit {
        MapEdit::Remove(k) => {
            m.remove_exit(nth_exit(map, *k)?.id).ok()?;
        }
        MapEdit::Flatten(k) => {
            let mut e = nth_exit(map, *k)?;
            if !e.geometric {
                return None;
            }
            m.remove_exit(e.id).ok()?;
            e.geometric = false;
            m.insert_exit(e).ok()?;
        }
        MapEdit::Relabel(k, d) => {
            let mut e = nth_exit(map, *k)?;
            e.label = label(*d);
            m.remove_exit(e.id).ok()?;
            m.insert_exit(e).ok()?;
        }
        MapEdit::MoveStart(k, r) => {
            let mut e = nth_exit(map, *k)?;
            e.from = nth_room(map, *r);
            m.remove_exit(e.id).ok()?;
            m.insert_exit(e).ok()?;
        }
        MapEdit::Add(a, b, d) => {
            let id: ExitId = m.next_exit_id();
            let (from, to) = (nth_room(map, *a), nth_room(map, *b));
            m.insert_exit(Exit {
                id,
                from,
                to,
                label: label(*d),
                origin: Origin::Observed,
                geometric: true,
            })
            .ok()?;
        }
    }
    let change = diff_maps(map, &m);
    (!change.is_empty()).then_some((m, change))
}

/// A `w` × `h` lattice as `bench files` writes it (rows of rooms, every east link, the north
/// links `north` picks, one exit per link in row order), each link's direction swapped when
/// `wrong` says so, and every `back`-th link given its inferred way back.
pub fn lattice(w: usize, h: usize, north: &[bool], wrong: &[bool], back: usize) -> Map {
    let mut map = Map::new();
    let rooms: Vec<RoomId> = (0..w * h)
        .map(|i| map.add_room(&format!("Room {}-{}", i % w, i / w)))
        .collect();
    let mut k = 0;
    let mut link = |map: &mut Map, a: usize, b: usize, d: Direction, other: Direction| {
        let flip = wrong.get(k % wrong.len().max(1)).copied().unwrap_or(false);
        let label = Label::Dir(if flip { other } else { d });
        let id = map.next_exit_id();
        map.insert_exit(Exit {
            id,
            from: rooms[a],
            to: rooms[b],
            label: label.clone(),
            origin: Origin::Observed,
            geometric: true,
        })
        .unwrap();
        if back > 0 && k % back == 0 {
            if let Some(opposite) = label.opposite() {
                let id = map.next_exit_id();
                map.insert_exit(Exit {
                    id,
                    from: rooms[b],
                    to: rooms[a],
                    label: opposite,
                    origin: Origin::InferredReverse,
                    geometric: true,
                })
                .unwrap();
            }
        }
        k += 1;
    };
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            if x + 1 < w {
                link(&mut map, i, i + 1, Direction::East, Direction::North);
            }
            if y + 1 < h && north.get(i % north.len().max(1)).copied().unwrap_or(true) {
                link(&mut map, i, i + w, Direction::North, Direction::East);
            }
        }
    }
    map
}
