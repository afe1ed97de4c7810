//! The world of a demo game: rooms on a lattice, the exits between them, and the few places
//! that break the lattice on purpose (interiors entered with `in`, one-way drops).
//!
//! The main map grows room by room from the start cell: a room (usually the newest, sometimes
//! any) opens an exit in a random direction — mostly compass points, sometimes a diagonal,
//! sometimes up or down within the allowed levels — onto a free cell, and the new room is joined
//! both ways. Then some neighbouring rooms that are not yet joined get a two-way link (loops)
//! and a few get a one-way exit (a drop, a door that locks behind you). Interiors (a hut, a tent)
//! hang off ground-level rooms by `in`/`out`, each in a frame of its own, some with a back room.
//! Every exit agrees with the lattice, so the ground truth is conflict-free in the default
//! semantics: one destination per doorway, ways back that match, loops that close, one room
//! per cell. Deterministic from the seed (SplitMix64 as an explicit value).

use super::words::{Theme, COMPLEMENTS};
use crate::domain::direction::{add, Direction, Vector};
use crate::domain::rng::SplitMix64;
use rustc_hash::{FxHashMap, FxHashSet};

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSpec {
    /// The game's title (shown in the opening banner).
    pub title: &'static str,
    /// Its vocabulary.
    pub theme: Theme,
    /// The seed.
    pub seed: u64,
    /// Rooms in all (interiors included).
    pub rooms: usize,
    /// Lowest and highest level (0 = ground).
    pub levels: (i32, i32),
    /// Percent of the neighbouring, unjoined room pairs that get a two-way link.
    pub loops_pct: u64,
    /// One-way exits to add.
    pub one_way: usize,
    /// Interiors (entered with `in`) to add.
    pub interiors: usize,
    /// Rooms that share a title (at most the theme's variants).
    pub shared: usize,
    /// Whether diagonal exits occur.
    pub diagonals: bool,
}

/// One room of the world.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorldRoom {
    /// The unique, lowercase name the ground truth and the location list use (MANGO style:
    /// shared titles carry a qualifier, "corridor (portraits)").
    pub key: String,
    /// The title the game prints.
    pub title: String,
    /// The one-line description the game prints under the title.
    pub description: String,
    /// The lattice frame (0 = the main map; each interior has its own).
    pub frame: u32,
    /// The cell in its frame.
    pub position: Vector,
    /// An object lying here at the start, if any.
    pub item: Option<&'static str>,
}

/// One directed exit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorldExit {
    /// Where it starts (index into [`World::rooms`]).
    pub from: usize,
    /// Where it leads.
    pub to: usize,
    /// Its direction.
    pub direction: Direction,
}

/// A generated world.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct World {
    /// Rooms; the start is room 0.
    pub rooms: Vec<WorldRoom>,
    /// Every directed exit (a two-way passage is two exits), in creation order.
    pub exits: Vec<WorldExit>,
}

impl World {
    /// The exits leaving each room, indexed by room.
    pub fn exits_by_room(&self) -> Vec<Vec<usize>> {
        let mut out = vec![Vec::new(); self.rooms.len()];
        for (i, e) in self.exits.iter().enumerate() {
            out[e.from].push(i);
        }
        out
    }

    /// The exit leaving `room` in direction `d`, if any.
    pub fn exit_towards(&self, by_room: &[Vec<usize>], room: usize, d: Direction) -> Option<usize> {
        by_room
            .get(room)?
            .iter()
            .copied()
            .find(|&i| self.exits[i].direction == d)
    }
}

const CARDINAL: [Direction; 4] = [
    Direction::North,
    Direction::East,
    Direction::South,
    Direction::West,
];
const DIAGONAL: [Direction; 4] = [
    Direction::Northeast,
    Direction::Southeast,
    Direction::Southwest,
    Direction::Northwest,
];
/// A room opens at most this many exits while the map grows.
const MAX_GROWTH_EXITS: usize = 5;

fn pick<'a, T>(rng: &mut SplitMix64, items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() {
        None
    } else {
        items.get(rng.below(items.len() as u64) as usize)
    }
}

fn shuffle<T>(rng: &mut SplitMix64, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// Generates a world. See the module docs.
///
/// # Complexity
/// O(rooms · log rooms) expected.
pub fn generate(spec: &GameSpec) -> World {
    let mut rng = SplitMix64::new(spec.seed ^ 0x6d61_7072_6570_6169);
    // Interiors and their back rooms come out of the room budget first.
    let mut interior_sizes: Vec<usize> = Vec::new();
    let mut budget = spec.rooms.saturating_sub(4);
    for _ in 0..spec.interiors {
        if budget < 2 {
            break;
        }
        let size = if budget >= 3 && rng.below(2) == 0 {
            2
        } else {
            1
        };
        interior_sizes.push(size);
        budget -= size;
    }
    let main_rooms = spec.rooms.max(1) - interior_sizes.iter().sum::<usize>();
    let mut b = Builder::default();
    b.grow(&mut rng, spec, main_rooms);
    b.add_links(&mut rng, spec);
    b.add_interiors(&mut rng, &interior_sizes);
    // Rooms an interior could not take (no host left) grow the main map instead.
    let missing = spec.rooms.max(1) - b.rooms.len();
    if missing > 0 {
        let target = b.main.len() + missing;
        b.grow(&mut rng, spec, target);
    }
    b.name_rooms(&mut rng, spec);
    World {
        rooms: b.rooms,
        exits: b.exits,
    }
}

#[derive(Default)]
struct Builder {
    rooms: Vec<WorldRoom>,
    exits: Vec<WorldExit>,
    cells: FxHashMap<Vector, usize>,
    joined: FxHashSet<(usize, usize)>,
    /// Rooms that are interiors (never hosts, never shared).
    interior: FxHashSet<usize>,
    /// Rooms of the main map, in creation order.
    main: Vec<usize>,
    /// Exits each main room opened while the map grew.
    growth_exits: FxHashMap<usize, usize>,
}

impl Builder {
    fn new_room(&mut self, frame: u32, position: Vector) -> usize {
        let i = self.rooms.len();
        self.rooms.push(WorldRoom {
            key: String::new(),
            title: String::new(),
            description: String::new(),
            frame,
            position,
            item: None,
        });
        if frame == 0 {
            self.cells.insert(position, i);
            self.main.push(i);
        }
        i
    }

    fn join(&mut self, a: usize, b: usize, d: Direction, both_ways: bool) {
        self.exits.push(WorldExit {
            from: a,
            to: b,
            direction: d,
        });
        if both_ways {
            self.exits.push(WorldExit {
                from: b,
                to: a,
                direction: d.opposite(),
            });
        }
        self.joined.insert((a.min(b), a.max(b)));
    }

    /// Grows the main map until it has `target` rooms.
    fn grow(&mut self, rng: &mut SplitMix64, spec: &GameSpec, target: usize) {
        if self.main.is_empty() {
            self.new_room(0, [0, 0, 0]);
        }
        let mut attempts = 0usize;
        while self.main.len() < target && attempts < 200 * target + 1000 {
            attempts += 1;
            let from = if rng.below(10) < 6 {
                self.main[self.main.len() - 1]
            } else {
                self.main[rng.below(self.main.len() as u64) as usize]
            };
            if self.growth_exits.get(&from).copied().unwrap_or(0) >= MAX_GROWTH_EXITS {
                continue;
            }
            let pos = self.rooms[from].position;
            let roll = rng.below(100);
            let up_ok = pos[2] < spec.levels.1;
            let down_ok = pos[2] > spec.levels.0;
            let d = if roll < 8 && (up_ok || down_ok) {
                if up_ok && (!down_ok || rng.below(2) == 0) {
                    Direction::Up
                } else {
                    Direction::Down
                }
            } else if spec.diagonals && roll < 20 {
                DIAGONAL[rng.below(4) as usize]
            } else {
                CARDINAL[rng.below(4) as usize]
            };
            let Some(v) = d.vector() else { continue };
            let cell = add(pos, v);
            if self.cells.contains_key(&cell) {
                continue;
            }
            let to = self.new_room(0, cell);
            *self.growth_exits.entry(from).or_insert(0) += 1;
            *self.growth_exits.entry(to).or_insert(0) += 1;
            self.join(from, to, d, true);
        }
    }

    /// Loops (two-way) and one-way exits between neighbouring rooms not yet joined.
    fn add_links(&mut self, rng: &mut SplitMix64, spec: &GameSpec) {
        let mut pairs: Vec<(usize, usize, Direction)> = Vec::new();
        for (i, r) in self.rooms.iter().enumerate() {
            for d in [Direction::North, Direction::East, Direction::Down] {
                let Some(v) = d.vector() else { continue };
                if let Some(&j) = self.cells.get(&add(r.position, v)) {
                    if !self.joined.contains(&(i.min(j), i.max(j))) {
                        pairs.push((i, j, d));
                    }
                }
            }
        }
        shuffle(rng, &mut pairs);
        let mut one_way_left = spec.one_way;
        for (a, b, d) in pairs {
            if self.joined.contains(&(a.min(b), a.max(b))) {
                continue;
            }
            if one_way_left > 0 {
                // A drop or a door that locks behind you; vertical ones read best as drops.
                let (from, to, dir) = if rng.below(2) == 0 {
                    (a, b, d)
                } else {
                    (b, a, d.opposite())
                };
                one_way_left -= 1;
                self.join(from, to, dir, false);
            } else if rng.below(100) < spec.loops_pct {
                self.join(a, b, d, true);
            }
        }
    }

    fn add_interiors(&mut self, rng: &mut SplitMix64, sizes: &[usize]) {
        let mut hosts: Vec<usize> = self.main[1..]
            .iter()
            .copied()
            .filter(|&i| self.rooms[i].position[2] == 0)
            .collect();
        shuffle(rng, &mut hosts);
        for (k, &size) in sizes.iter().enumerate() {
            let Some(host) = hosts.pop() else { break };
            let frame = k as u32 + 1;
            let inside = self.new_room(frame, [0, 0, 0]);
            self.interior.insert(inside);
            self.join(host, inside, Direction::In, false);
            self.exits.push(WorldExit {
                from: inside,
                to: host,
                direction: Direction::Out,
            });
            if size > 1 {
                let d = CARDINAL[rng.below(4) as usize];
                let back = self.new_room(frame, d.vector().unwrap_or([0, 1, 0]));
                self.interior.insert(back);
                self.join(inside, back, d, true);
            }
        }
    }

    fn name_rooms(&mut self, rng: &mut SplitMix64, spec: &GameSpec) {
        let theme = spec.theme;
        let mut used: FxHashSet<String> = FxHashSet::default();
        // Shared titles go to ground rooms of the main map, away from the start.
        let mut shared_rooms: Vec<usize> = (1..self.rooms.len())
            .filter(|i| !self.interior.contains(i) && self.rooms[*i].position[2] == 0)
            .collect();
        shuffle(rng, &mut shared_rooms);
        let mut named: FxHashSet<usize> = FxHashSet::default();
        let mut left = spec.shared;
        for shared in theme.shared {
            for (qualifier, description) in shared.variants {
                if left == 0 {
                    break;
                }
                let Some(room) = shared_rooms.pop() else {
                    break;
                };
                left -= 1;
                let r = &mut self.rooms[room];
                r.title = shared.title.to_string();
                r.key = format!("{} ({qualifier})", shared.title.to_lowercase());
                r.description = (*description).to_string();
                used.insert(r.key.clone());
                named.insert(room);
            }
        }
        used.insert(
            theme
                .shared
                .first()
                .map_or(String::new(), |s| s.title.to_lowercase()),
        );
        let mut pools = TitlePools::new(rng, theme);
        let mut interior_names: Vec<&str> = theme.interiors.to_vec();
        shuffle(rng, &mut interior_names);
        let mut interior_firsts: FxHashMap<u32, String> = FxHashMap::default();
        for i in 0..self.rooms.len() {
            if named.contains(&i) {
                continue;
            }
            let (frame, z) = (self.rooms[i].frame, self.rooms[i].position[2]);
            let title = if frame > 0 {
                match interior_firsts.get(&frame) {
                    None => {
                        let t = interior_names
                            .pop()
                            .map(str::to_string)
                            .filter(|t| !used.contains(&t.to_lowercase()))
                            .unwrap_or_else(|| pools.next(rng, 0, &used));
                        interior_firsts.insert(frame, t.clone());
                        t
                    }
                    Some(first) => format!("Back of the {first}"),
                }
            } else {
                pools.next(rng, z, &used)
            };
            used.insert(title.to_lowercase());
            let description = describe(rng, theme, &title);
            let r = &mut self.rooms[i];
            r.key = title.to_lowercase();
            r.title = title;
            r.description = description;
        }
        // Each object lies in one room only.
        let mut items: Vec<&'static str> = theme.items.to_vec();
        shuffle(rng, &mut items);
        let mut rooms: Vec<usize> = (1..self.rooms.len()).collect();
        shuffle(rng, &mut rooms);
        for (room, item) in rooms.into_iter().zip(items) {
            self.rooms[room].item = Some(item);
        }
    }
}

/// Title candidates per level, consumed in order: plain nouns first, then adjective + noun,
/// then "noun of complement".
struct TitlePools {
    levels: [Vec<String>; 3],
    cursor: [usize; 3],
    theme: Theme,
}

impl TitlePools {
    fn new(rng: &mut SplitMix64, theme: Theme) -> TitlePools {
        let build = |rng: &mut SplitMix64, nouns: &[&str]| -> Vec<String> {
            let mut plain: Vec<String> = nouns.iter().map(|n| (*n).to_string()).collect();
            shuffle(rng, &mut plain);
            let mut combos: Vec<String> = Vec::new();
            for a in theme.adjectives {
                for n in nouns {
                    combos.push(format!("{a} {n}"));
                }
            }
            shuffle(rng, &mut combos);
            let mut of: Vec<String> = Vec::new();
            for n in nouns {
                for c in COMPLEMENTS {
                    of.push(format!("{n} of {c}"));
                }
            }
            shuffle(rng, &mut of);
            plain.extend(combos);
            plain.extend(of);
            plain
        };
        TitlePools {
            levels: [
                build(rng, theme.lower),
                build(rng, theme.ground),
                build(rng, theme.upper),
            ],
            cursor: [0; 3],
            theme,
        }
    }

    fn next(&mut self, rng: &mut SplitMix64, z: i32, used: &FxHashSet<String>) -> String {
        let level = (z.signum() + 1) as usize;
        // Levels beyond ±1 use the same pools; a pool that runs dry borrows the ground's.
        for l in [level, 1, 0, 2] {
            let pool = &self.levels[l];
            while self.cursor[l] < pool.len() {
                let t = &pool[self.cursor[l]];
                self.cursor[l] += 1;
                if !used.contains(&t.to_lowercase()) {
                    return t.clone();
                }
            }
        }
        // Unreachable for the catalogue's sizes; keep names unique regardless.
        let mut n = used.len();
        loop {
            let t = format!(
                "{} {}",
                pick(rng, self.theme.ground).copied().unwrap_or("Room"),
                roman(n)
            );
            if !used.contains(&t.to_lowercase()) {
                return t;
            }
            n += 1;
        }
    }
}

fn roman(mut n: usize) -> String {
    const DIGITS: [(usize, &str); 13] = [
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    let mut s = String::new();
    n += 1;
    for (v, d) in DIGITS {
        while n >= v {
            s.push_str(d);
            n -= v;
        }
    }
    s
}

/// One line under the title: "A dim mossy grotto, where water drips from a crack in the roof."
fn describe(rng: &mut SplitMix64, theme: Theme, title: &str) -> String {
    let detail = pick(rng, theme.details)
        .copied()
        .unwrap_or("quiet and still");
    let lower = title.to_lowercase();
    let first = lower.split_whitespace().next().unwrap_or("");
    let mut mood = pick(rng, theme.moods).copied().unwrap_or("quiet");
    if mood == first {
        mood = theme
            .moods
            .iter()
            .copied()
            .find(|m| *m != first)
            .unwrap_or(mood);
    }
    if let Some(inside) = lower.strip_prefix("back of the ") {
        return format!("Behind the {inside}, {mood} and cramped, {detail}.");
    }
    let head = lower.split(" of ").next().unwrap_or(&lower);
    let plural = head.ends_with('s') && !head.ends_with("ss") && !head.ends_with("us");
    let article = if plural {
        ""
    } else if mood.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "An "
    } else {
        "A "
    };
    let phrase = format!("{mood} {lower}");
    if plural {
        format!("{}, {detail}.", crate::domain::names::capitalized(&phrase))
    } else {
        format!("{article}{phrase}, {detail}.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::demo::words::MANOR;

    fn spec(rooms: usize) -> GameSpec {
        GameSpec {
            title: "Test",
            theme: MANOR,
            seed: 3,
            rooms,
            levels: (-1, 1),
            loops_pct: 20,
            one_way: 2,
            interiors: 2,
            shared: 3,
            diagonals: true,
        }
    }

    #[test]
    fn worlds_have_the_requested_size_unique_keys_and_one_room_per_cell() {
        for n in [10, 40, 150] {
            let w = generate(&spec(n));
            assert_eq!(w.rooms.len(), n);
            let keys: FxHashSet<&str> = w.rooms.iter().map(|r| r.key.as_str()).collect();
            assert_eq!(keys.len(), n);
            let cells: FxHashSet<(u32, Vector)> =
                w.rooms.iter().map(|r| (r.frame, r.position)).collect();
            assert_eq!(cells.len(), n);
            for e in &w.exits {
                let (a, b) = (&w.rooms[e.from], &w.rooms[e.to]);
                match e.direction.vector() {
                    Some(v) => assert_eq!(add(a.position, v), b.position),
                    None => assert_ne!(a.frame, b.frame),
                }
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_world() {
        assert_eq!(generate(&spec(60)), generate(&spec(60)));
        assert_ne!(
            generate(&spec(60)),
            generate(&GameSpec {
                seed: 4,
                ..spec(60)
            })
        );
    }
}
