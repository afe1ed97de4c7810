//! Where to draw each room: a north-up lattice layout from the inferred positions, and a seeded
//! force layout for maps whose geometry is inconsistent or unknown.
//!
//! Both return a [`Layout`] in *cell units* (one lattice step = 1.0, x to the right, y down the
//! screen); the app multiplies by its cell size.
//!
//! * [`grid`] puts every room on its lattice cell. Each frame (a piece of the map no geometric
//!   exit joins to another) gets its own block, blocks are packed side by side in rows so separate
//!   pieces never overlap, and the floors (z-levels) of a frame are stacked in that block, the
//!   highest on top, or shown one at a time ([`Floors::Only`]). Rooms that share one cell are
//!   spread inside it so every one stays visible, and the cell is reported as a [`Halo`].
//! * [`force`] runs `fdg-sim`'s Fruchterman–Reingold simulation. `fdg-sim` places nodes with a
//!   global random generator; we overwrite every start position from our own seeded generator
//!   (or from a given start layout), so the same map always lays out the same.
//!
//! # Complexity
//! [`grid`] is O(V log V). [`force`] is O(V² · iterations) up to [`ALL_PAIRS_LIMIT`] rooms; the
//! number of iterations shrinks with the map so that one call stays within a fixed budget of
//! pair interactions. Above it, where even the fewest iterations would spend more, repulsion
//! acts only between near rooms ([`local`]): O((V + E) · iterations).

mod local;

use super::analysis::Geometry;
use super::map::{Map, RoomId};
use super::progress::{tick, Progress, Stage};
use super::rng::SplitMix64;
use fdg_sim::glam::Vec3;
use fdg_sim::{ForceGraph, ForceGraphHelper, Simulation, SimulationParameters};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Where one room is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Spot {
    /// Horizontal centre, in cells.
    pub x: f64,
    /// Vertical centre, in cells (down the screen is south).
    pub y: f64,
    /// The room's floor (lattice z; 0 for the force layout).
    pub floor: i32,
}

/// One floor of one frame: a labelled rectangle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Panel {
    /// The floor.
    pub floor: i32,
    /// Left edge, in cells.
    pub x: f64,
    /// Top edge, in cells.
    pub y: f64,
    /// Width, in cells.
    pub width: f64,
    /// Height, in cells.
    pub height: f64,
    /// True for the panel that gathers the rooms alone in their frame ([`grid`]), whatever
    /// their floors: it is no floor of one piece.
    #[serde(default)]
    pub lone: bool,
}

/// A cell that holds more than one room.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Halo {
    /// Cell centre, in cells.
    pub x: f64,
    /// Cell centre, in cells.
    pub y: f64,
    /// The rooms on it.
    pub rooms: Vec<RoomId>,
}

/// Which floors the lattice layout shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Floors {
    /// Every floor, stacked vertically (highest on top).
    #[default]
    Stacked,
    /// One floor only; rooms on other floors are left out.
    Only(i32),
}

/// A layout: a spot per room (indexed by room id), floor panels and overlap halos. Everything
/// lies in the rectangle from (`left`, `top`) to (`left + width`, `top + height`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Layout {
    /// Left edge of everything, in cells.
    pub left: f64,
    /// Top edge of everything, in cells.
    pub top: f64,
    /// Spot per room id (`None`: not drawn).
    pub spots: Vec<Option<Spot>>,
    /// Floor panels (empty for the force layout).
    pub panels: Vec<Panel>,
    /// Cells holding several rooms.
    pub halos: Vec<Halo>,
    /// Width of everything, in cells.
    pub width: f64,
    /// Height of everything, in cells.
    pub height: f64,
    /// Every floor the map has, lowest first.
    pub floors: Vec<i32>,
}

impl Layout {
    /// A room's spot.
    pub fn spot(&self, room: RoomId) -> Option<Spot> {
        self.spots.get(room.0 as usize).copied().flatten()
    }
}

/// Room placement on one frame: its cells and bounding box.
struct Block {
    rooms: Vec<(RoomId, [i32; 3])>,
    min: [i32; 2],
    max: [i32; 2],
    floors: Vec<i32>,
}

/// Space between blocks, in cells.
const GAP: f64 = 1.0;
/// Space above each floor panel for its label, in cells.
const LABEL: f64 = 0.4;

/// The lattice layout. See the module docs.
pub fn grid(map: &Map, geometry: &Geometry, floors: Floors) -> Layout {
    let mut frames: BTreeMap<u32, Block> = BTreeMap::new();
    let mut loose = Vec::new();
    for room in map.rooms() {
        match (geometry.position(room.id), geometry.frame_of(room.id)) {
            (Some(p), Some(f)) => {
                let b = frames.entry(f).or_insert_with(|| Block {
                    rooms: Vec::new(),
                    min: [p[0], p[1]],
                    max: [p[0], p[1]],
                    floors: Vec::new(),
                });
                b.min = [b.min[0].min(p[0]), b.min[1].min(p[1])];
                b.max = [b.max[0].max(p[0]), b.max[1].max(p[1])];
                b.rooms.push((room.id, p));
            }
            _ => loose.push(room.id),
        }
    }
    // A room with no position is a frame of one at the origin.
    let mut blocks: Vec<Block> = frames.into_values().collect();
    blocks.extend(loose.into_iter().map(|r| Block {
        rooms: vec![(r, [0, 0, 0])],
        min: [0, 0],
        max: [0, 0],
        floors: Vec::new(),
    }));
    let mut all_floors: Vec<i32> = Vec::new();
    for b in &mut blocks {
        b.floors = b.rooms.iter().map(|(_, p)| p[2]).collect();
        b.floors.sort_unstable();
        b.floors.dedup();
        all_floors.extend(&b.floors);
        if let Floors::Only(z) = floors {
            b.rooms.retain(|(_, p)| p[2] == z);
            b.floors.retain(|f| *f == z);
        }
    }
    all_floors.sort_unstable();
    all_floors.dedup();
    blocks.retain(|b| !b.rooms.is_empty());
    // Largest pieces first; equal sizes keep frame order.
    blocks.sort_by_key(|b| std::cmp::Reverse(b.rooms.len()));
    // Rooms alone in their frame share one block, after the pieces.
    let alone = blocks.iter().filter(|b| b.rooms.len() == 1).count();
    let lone: Vec<(RoomId, i32)> = if alone >= LONE_GATHERED {
        let at = blocks.len() - alone;
        let lone: Vec<(RoomId, i32)> = blocks
            .drain(at..)
            .map(|b| (b.rooms[0].0, b.rooms[0].1[2]))
            .collect();
        let lone = linked_together(map, lone);
        blocks.push(gathered(&lone));
        lone
    } else {
        Vec::new()
    };
    let labelled = all_floors.len() > 1;
    let mut out = Layout {
        spots: vec![None; map.room_bound()],
        floors: all_floors,
        ..Layout::default()
    };
    pack(&blocks, labelled, &mut out);
    if !lone.is_empty() {
        // Each keeps its own floor (a floor shown alone keeps its rooms); the panel, packed
        // last, is the gathering's.
        for &(room, z) in &lone {
            if let Some(Some(spot)) = out.spots.get_mut(room.0 as usize) {
                spot.floor = z;
            }
        }
        if let Some(p) = out.panels.last_mut() {
            p.lone = true;
        }
    }
    if let Some(first) = blocks.first() {
        anchor(first, labelled, &mut out);
    }
    out
}

/// Rooms alone in their frame (no geometric exit places them beside another: no way at all,
/// or only ways with no direction) from which [`grid`] gathers them into one block. A prose
/// reading gives few of the places it finds a direction, and each such place took a block
/// (and, on a map of several floors, a floor panel and its label) of its own: a grid of boxes.
/// Gathered, they take a compact square after the linked pieces. A single one stays as it was.
pub const LONE_GATHERED: usize = 2;

/// `lone` reordered so that rooms joined by a way sit next to each other: each group of rooms
/// the ways join, in the order of its first room, walked breadth first from it (a prose
/// reading's places are joined by ways with no direction, which do not place them; in reading
/// order they stood where they were first named, and their ways crossed the whole panel).
fn linked_together(map: &Map, lone: Vec<(RoomId, i32)>) -> Vec<(RoomId, i32)> {
    let at: FxHashMap<RoomId, usize> = lone.iter().enumerate().map(|(i, &(r, _))| (r, i)).collect();
    let mut taken = vec![false; lone.len()];
    let mut order = Vec::with_capacity(lone.len());
    for start in 0..lone.len() {
        if taken[start] {
            continue;
        }
        taken[start] = true;
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(i) = queue.pop_front() {
            order.push(lone[i]);
            let room = lone[i].0;
            let ends = map
                .exits_from(room)
                .map(|e| e.to)
                .chain(map.exits_to(room).map(|e| e.from));
            let mut next: Vec<usize> = ends.filter_map(|r| at.get(&r).copied()).collect();
            next.sort_unstable();
            for j in next {
                if !taken[j] {
                    taken[j] = true;
                    queue.push_back(j);
                }
            }
        }
    }
    order
}

/// One block holding `lone` (rooms alone in their frame) in rows of a square's side, in their
/// order, each row running back under the one above (so rooms next in the order are always
/// next to each other), on one floor panel.
fn gathered(lone: &[(RoomId, i32)]) -> Block {
    let side = (lone.len() as f64).sqrt().ceil().max(1.0) as usize;
    let rows = lone.len().div_ceil(side);
    let cell = |i: usize| {
        let (row, col) = (i / side, i % side);
        let col = if row % 2 == 0 { col } else { side - 1 - col };
        [col as i32, -(row as i32), 0]
    };
    Block {
        rooms: lone
            .iter()
            .enumerate()
            .map(|(i, &(room, _))| (room, cell(i)))
            .collect(),
        min: [0, 1 - rows as i32],
        max: [side as i32 - 1, 0],
        floors: vec![0],
    }
}

/// Translates the layout so that the largest piece's lattice cell (x, y) on its lowest floor is
/// drawn at (x + 0.5, −y + 0.5) whatever else the map holds: as the map grows (a room to the
/// west, a new piece), what was drawn stays where it was, and redraws touch only what changed.
fn anchor(b: &Block, labelled: bool, out: &mut Layout) {
    let label = if labelled { LABEL } else { 0.0 };
    let floor_h = f64::from(b.max[1] - b.min[1] + 1) + label;
    let floors_above = b.floors.len().saturating_sub(1) as f64;
    // The largest block is packed first, at (0, 0); its lowest floor is the bottom panel.
    let dx = f64::from(b.min[0]);
    let dy = -(floors_above * (floor_h + GAP) + label + f64::from(b.max[1]));
    for s in out.spots.iter_mut().flatten() {
        s.x += dx;
        s.y += dy;
    }
    for p in &mut out.panels {
        p.x += dx;
        p.y += dy;
    }
    for h in &mut out.halos {
        h.x += dx;
        h.y += dy;
    }
    out.left = dx;
    out.top = dy;
}

/// Width and height of a block, in cells.
fn block_size(b: &Block, labelled: bool) -> (f64, f64) {
    let w = f64::from(b.max[0] - b.min[0] + 1);
    let floor_h = f64::from(b.max[1] - b.min[1] + 1) + if labelled { LABEL } else { 0.0 };
    (
        w,
        floor_h * b.floors.len() as f64 + GAP * (b.floors.len() as f64 - 1.0),
    )
}

/// Shelf-packs the blocks into rows about as wide as the whole is tall, then places rooms.
fn pack(blocks: &[Block], labelled: bool, out: &mut Layout) {
    let area: f64 = blocks
        .iter()
        .map(|b| {
            let (w, h) = block_size(b, labelled);
            (w + GAP) * (h + GAP)
        })
        .sum();
    let widest = blocks
        .iter()
        .map(|b| block_size(b, labelled).0)
        .fold(1.0, f64::max);
    let row_width = area.sqrt().max(widest);
    let (mut x, mut y, mut row_h) = (0.0_f64, 0.0_f64, 0.0_f64);
    for b in blocks {
        let (w, h) = block_size(b, labelled);
        if x > 0.0 && x + w > row_width {
            x = 0.0;
            y += row_h + GAP;
            row_h = 0.0;
        }
        place_block(b, x, y, labelled, out);
        out.width = out.width.max(x + w);
        out.height = out.height.max(y + h);
        x += w + GAP;
        row_h = row_h.max(h);
    }
}

/// Places one block's rooms with its top-left corner at (`left`, `top`).
fn place_block(b: &Block, left: f64, top: f64, labelled: bool, out: &mut Layout) {
    let label = if labelled { LABEL } else { 0.0 };
    let floor_h = f64::from(b.max[1] - b.min[1] + 1) + label;
    // Highest floor on top.
    let floor_top = |z: i32| -> f64 {
        let above = b.floors.iter().filter(|f| **f > z).count() as f64;
        top + above * (floor_h + GAP)
    };
    for &z in &b.floors {
        out.panels.push(Panel {
            floor: z,
            x: left,
            y: floor_top(z),
            width: f64::from(b.max[0] - b.min[0] + 1),
            height: floor_h,
            lone: false,
        });
    }
    let mut cells: FxHashMap<[i32; 3], Vec<RoomId>> = FxHashMap::default();
    for &(room, p) in &b.rooms {
        cells.entry(p).or_default().push(room);
    }
    let mut keys: Vec<[i32; 3]> = cells.keys().copied().collect();
    keys.sort_unstable();
    for cell in keys {
        let rooms = &cells[&cell];
        let cx = left + f64::from(cell[0] - b.min[0]) + 0.5;
        let cy = floor_top(cell[2]) + label + f64::from(b.max[1] - cell[1]) + 0.5;
        let k = rooms.len();
        let step = (0.9 / k as f64).min(0.32);
        for (i, room) in rooms.iter().enumerate() {
            let offset = i as f64 - (k as f64 - 1.0) / 2.0;
            if let Some(slot) = out.spots.get_mut(room.0 as usize) {
                *slot = Some(Spot {
                    x: cx + offset * 0.12,
                    y: cy + offset * step,
                    floor: cell[2],
                });
            }
        }
        if k > 1 {
            out.halos.push(Halo {
                x: cx,
                y: cy,
                rooms: rooms.clone(),
            });
        }
    }
}

/// Pair interactions one [`force`] call may spend (about a quarter of a second in the browser).
pub(crate) const FORCE_BUDGET: f64 = 24_000_000.0;
/// `fdg-sim`'s force scale (its ideal edge length, in its units).
const FORCE_SCALE: f32 = 45.0;
/// How many of `fdg-sim`'s units make one of our cells: its settled edges come out about this
/// long, so linked rooms end up about a cell apart.
const FORCE_UNIT: f32 = 75.0;

/// Rooms up to which [`force`] runs `fdg-sim`'s all-pairs simulation: its fewest iterations (6)
/// of all pairs fit [`FORCE_BUDGET`] up to here (6 · 2,000² = 24·10⁶); a bigger map is laid out
/// with repulsion between near rooms only ([`local`]), which a 100,000-room map needs.
pub const ALL_PAIRS_LIMIT: usize = 2_000;

/// The seed the app and `bench files` lay out with, so a map is placed the same wherever it is
/// laid out (on the page, in its worker, in the benchmark). Any value would do; it is fixed.
pub const FORCE_SEED: u64 = 0x5eed;

/// The force layout. See the module docs. `start` (usually the lattice layout) gives the start
/// positions of the rooms it places; the others start at seeded random spots.
pub fn force(map: &Map, seed: u64, start: Option<&Layout>) -> Layout {
    force_with(map, seed, start, &mut super::progress::ignore)
}

/// [`force`], telling `progress` how many of its iterations are done ([`Stage::LayingOut`]).
pub fn force_with(
    map: &Map,
    seed: u64,
    start: Option<&Layout>,
    progress: &mut dyn FnMut(Progress),
) -> Layout {
    if map.room_count() > ALL_PAIRS_LIMIT {
        let mut raw = local::simulate(map, seed, start, progress);
        pack_pieces(map, &mut raw);
        return normalise(map, raw);
    }
    let mut graph: ForceGraph<u32, ()> = ForceGraph::default();
    let mut index = FxHashMap::default();
    for room in map.rooms() {
        index.insert(room.id, graph.add_force_node(room.name.clone(), room.id.0));
    }
    let mut linked = rustc_hash::FxHashSet::default();
    for e in map.exits() {
        let key = (e.from.0.min(e.to.0), e.from.0.max(e.to.0));
        if e.from != e.to && linked.insert(key) {
            if let (Some(a), Some(b)) = (index.get(&e.from), index.get(&e.to)) {
                graph.add_edge(*a, *b, ());
            }
        }
    }
    let n = map.room_count().max(1) as f64;
    let params =
        SimulationParameters::from_force(fdg_sim::force::fruchterman_reingold(FORCE_SCALE, 0.975));
    let mut sim = Simulation::from_graph(graph, params);
    let mut rng = SplitMix64::new(seed);
    let half = 100.0_f32;
    for node in sim.get_graph_mut().node_weights_mut() {
        let from_start = start.and_then(|l| l.spot(RoomId(node.data)));
        let p = match from_start {
            // Keep the lattice shape, with a little seeded jitter so no two start together.
            Some(s) => Vec3::new(
                (s.x as f32) * FORCE_UNIT + jitter(&mut rng),
                (s.y as f32) * FORCE_UNIT + jitter(&mut rng),
                0.0,
            ),
            None => Vec3::new(
                unit(&mut rng) * 2.0 * half - half,
                unit(&mut rng) * 2.0 * half - half,
                0.0,
            ),
        };
        node.location = p;
        node.old_location = p;
        node.velocity = Vec3::ZERO;
    }
    let iterations = (FORCE_BUDGET / (n * n)).clamp(6.0, 300.0) as usize;
    for i in 0..iterations {
        tick(progress, Stage::LayingOut, i, iterations);
        sim.update(0.035);
    }
    let mut raw: Vec<(RoomId, f64, f64)> = Vec::with_capacity(map.room_count());
    for node in sim.get_graph().node_weights() {
        let (x, y) = (node.location.x, node.location.y);
        if x.is_finite() && y.is_finite() {
            raw.push((
                RoomId(node.data),
                f64::from(x / FORCE_UNIT),
                f64::from(y / FORCE_UNIT),
            ));
        }
    }
    pack_pieces(map, &mut raw);
    normalise(map, raw)
}

/// Moves the pieces of the map that no exit joins (which repel each other apart during the
/// simulation) next to each other: each piece keeps its shape, pieces are placed side by side in
/// rows, largest first, one cell apart.
fn pack_pieces(map: &Map, raw: &mut [(RoomId, f64, f64)]) {
    let mut parent: FxHashMap<RoomId, RoomId> = raw.iter().map(|r| (r.0, r.0)).collect();
    // The smallest room id of the piece, shortening the chain walked (each piece's root is its
    // smallest id whatever the order of unions, so the pieces and their order do not change).
    fn root(parent: &mut FxHashMap<RoomId, RoomId>, r: RoomId) -> RoomId {
        let mut top = r;
        while let Some(&p) = parent.get(&top).filter(|p| **p != top) {
            top = p;
        }
        let mut cur = r;
        while let Some(&p) = parent.get(&cur).filter(|p| **p != cur) {
            parent.insert(cur, top);
            cur = p;
        }
        top
    }
    for e in map.exits() {
        let (a, b) = (root(&mut parent, e.from), root(&mut parent, e.to));
        if a != b && parent.contains_key(&a) && parent.contains_key(&b) {
            parent.insert(a.max(b), a.min(b));
        }
    }
    let mut pieces: BTreeMap<RoomId, Vec<usize>> = BTreeMap::new();
    for (i, r) in raw.iter().enumerate() {
        pieces.entry(root(&mut parent, r.0)).or_default().push(i);
    }
    let mut pieces: Vec<Vec<usize>> = pieces.into_values().collect();
    pieces.sort_by_key(|p| std::cmp::Reverse(p.len()));
    let boxes: Vec<[f64; 4]> = pieces
        .iter()
        .map(|p| {
            p.iter().fold(
                [
                    f64::INFINITY,
                    f64::INFINITY,
                    f64::NEG_INFINITY,
                    f64::NEG_INFINITY,
                ],
                |b, &i| {
                    [
                        b[0].min(raw[i].1),
                        b[1].min(raw[i].2),
                        b[2].max(raw[i].1),
                        b[3].max(raw[i].2),
                    ]
                },
            )
        })
        .collect();
    let area: f64 = boxes
        .iter()
        .map(|b| (b[2] - b[0] + 2.0) * (b[3] - b[1] + 2.0))
        .sum();
    let row_width = area.sqrt().max(1.0);
    let (mut x, mut y, mut row_h) = (0.0_f64, 0.0_f64, 0.0_f64);
    for (p, b) in pieces.iter().zip(&boxes) {
        let (w, h) = (b[2] - b[0] + 1.0, b[3] - b[1] + 1.0);
        if x > 0.0 && x + w > row_width {
            x = 0.0;
            y += row_h + GAP;
            row_h = 0.0;
        }
        for &i in p {
            raw[i].1 += x - b[0];
            raw[i].2 += y - b[1];
        }
        x += w + GAP;
        row_h = row_h.max(h);
    }
}

/// Shifts raw positions so the smallest x and y sit half a cell from the edge.
fn normalise(map: &Map, raw: Vec<(RoomId, f64, f64)>) -> Layout {
    let min_x = raw.iter().map(|r| r.1).fold(f64::INFINITY, f64::min);
    let min_y = raw.iter().map(|r| r.2).fold(f64::INFINITY, f64::min);
    let mut out = Layout {
        spots: vec![None; map.room_bound()],
        floors: vec![0],
        ..Layout::default()
    };
    for (room, x, y) in raw {
        let spot = Spot {
            x: x - min_x + 0.5,
            y: y - min_y + 0.5,
            floor: 0,
        };
        out.width = out.width.max(spot.x + 0.5);
        out.height = out.height.max(spot.y + 0.5);
        if let Some(slot) = out.spots.get_mut(room.0 as usize) {
            *slot = Some(spot);
        }
    }
    out
}

/// A number in [0, 1).
fn unit(rng: &mut SplitMix64) -> f32 {
    (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32
}

/// A small offset in [-2, 2).
fn jitter(rng: &mut SplitMix64) -> f32 {
    unit(rng) * 4.0 - 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::direction::{Direction, Label};

    fn map_of(steps: &[(&str, Direction, &str)]) -> Map {
        let mut m = Map::new();
        for (a, d, b) in steps {
            let x = match m.find_room(a) {
                Some(r) => r.id,
                None => m.add_room(a),
            };
            let y = match m.find_room(b) {
                Some(r) => r.id,
                None => m.add_room(b),
            };
            m.add_exit(x, y, Label::Dir(*d), crate::domain::map::Origin::Observed)
                .unwrap();
        }
        m
    }

    #[test]
    fn rooms_a_way_with_no_direction_joins_sit_next_to_each_other_in_the_gathering() {
        // Nine places in reading order; the ways (no direction, as prose gives) join the first
        // to the last and the second to the eighth: in reading order they stood at the far
        // corners of a 3 × 3 panel.
        let mut m = Map::new();
        let r: Vec<RoomId> = (0..9).map(|i| m.add_room(&format!("P{i}"))).collect();
        for (a, b) in [(0, 8), (1, 7)] {
            m.add_exit(
                r[a],
                r[b],
                Label::Link,
                crate::domain::map::Origin::Observed,
            )
            .unwrap();
        }
        let l = grid(&m, &Geometry::infer(&m), Floors::Stacked);
        let spot = |i: usize| l.spot(r[i]).unwrap();
        for (a, b) in [(0, 8), (1, 7)] {
            let (p, q) = (spot(a), spot(b));
            let d = (p.x - q.x).abs() + (p.y - q.y).abs();
            assert!(d <= 1.0 + 1e-9, "P{a} and P{b} are {d} cells apart");
        }
        // Every place still has a spot of its own.
        let mut seen: Vec<(i64, i64)> = (0..9)
            .map(|i| (spot(i).x as i64, spot(i).y as i64))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 9);
    }

    #[test]
    fn rooms_alone_in_their_frame_share_one_compact_panel_after_the_pieces() {
        use Direction::*;
        let mut m = map_of(&[("A", North, "B"), ("A", Down, "C"), ("P", East, "Q")]);
        let lone: Vec<RoomId> = (0..7).map(|i| m.add_room(&format!("L{i}"))).collect();
        let l = grid(&m, &Geometry::infer(&m), Floors::Stacked);
        // The pieces keep a panel per floor (A–B over C, P–Q); the seven share one more.
        let gathering: Vec<&Panel> = l.panels.iter().filter(|p| p.lone).collect();
        assert_eq!(gathering.len(), 1);
        assert_eq!(l.panels.len(), 2 + 1 + 1);
        let p = gathering[0];
        // A square of side 3: three rows, the last of one room.
        assert_eq!((p.width, p.height.floor()), (3.0, 3.0));
        let mut seen = Vec::new();
        for r in &lone {
            let s = l.spot(*r).unwrap();
            assert!(s.x > p.x && s.x < p.x + p.width && s.y > p.y && s.y < p.y + p.height);
            assert!(!seen.contains(&(s.x, s.y)), "two rooms on one spot");
            seen.push((s.x, s.y));
        }
        // Nothing else lies inside it.
        for r in ["A", "B", "C", "P", "Q"] {
            let s = l.spot(m.find_room(r).unwrap().id).unwrap();
            assert!(!(s.x > p.x && s.x < p.x + p.width && s.y > p.y && s.y < p.y + p.height));
        }
        // One room alone keeps its frame of one, as before.
        let mut one = map_of(&[("A", North, "B")]);
        one.add_room("L");
        let l = grid(&one, &Geometry::infer(&one), Floors::Stacked);
        assert!(l.panels.iter().all(|p| !p.lone));
    }

    #[test]
    fn north_is_up_and_east_is_right() {
        use Direction::*;
        let m = map_of(&[("A", North, "B"), ("A", East, "C")]);
        let l = grid(&m, &Geometry::infer(&m), Floors::Stacked);
        let s = |n: &str| l.spot(m.find_room(n).unwrap().id).unwrap();
        assert!(s("B").y < s("A").y);
        assert!(s("C").x > s("A").x);
    }

    #[test]
    fn rooms_on_one_cell_are_spread_and_get_a_halo() {
        use Direction::*;
        let m = map_of(&[
            ("A", North, "B"),
            ("B", East, "C"),
            ("C", South, "D"),
            ("D", North, "E"),
        ]);
        let l = grid(&m, &Geometry::infer(&m), Floors::Stacked);
        assert_eq!(l.halos.len(), 1);
        let [a, b] = [&l.halos[0].rooms[0], &l.halos[0].rooms[1]].map(|r| l.spot(*r).unwrap());
        assert!((a.y - b.y).abs() > 0.2, "{a:?} {b:?}");
    }

    #[test]
    fn separate_pieces_never_overlap() {
        use Direction::*;
        let m = map_of(&[("A", North, "B"), ("C", North, "D"), ("E", In, "F")]);
        let l = grid(&m, &Geometry::infer(&m), Floors::Stacked);
        let spots: Vec<Spot> = m.rooms().map(|r| l.spot(r.id).unwrap()).collect();
        for (i, a) in spots.iter().enumerate() {
            for b in &spots[i + 1..] {
                assert!((a.x - b.x).abs() + (a.y - b.y).abs() >= 0.99, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn floors_stack_highest_on_top_or_show_one_at_a_time() {
        use Direction::*;
        let m = map_of(&[("Hall", Up, "Attic"), ("Hall", East, "Kitchen")]);
        let g = Geometry::infer(&m);
        let l = grid(&m, &g, Floors::Stacked);
        assert_eq!(l.floors, [0, 1]);
        let id = |n: &str| m.find_room(n).unwrap().id;
        assert!(l.spot(id("Attic")).unwrap().y < l.spot(id("Hall")).unwrap().y);
        let ground = grid(&m, &g, Floors::Only(0));
        assert!(ground.spot(id("Attic")).is_none());
        assert!(ground.spot(id("Kitchen")).is_some());
    }

    #[test]
    fn growing_the_map_leaves_drawn_rooms_where_they_were() {
        use Direction::*;
        let small = map_of(&[("A", North, "B"), ("B", East, "C")]);
        let big = map_of(&[
            ("A", North, "B"),
            ("B", East, "C"),
            ("A", West, "D"),
            ("D", South, "E"),
        ]);
        let (ls, lb) = (
            grid(&small, &Geometry::infer(&small), Floors::Stacked),
            grid(&big, &Geometry::infer(&big), Floors::Stacked),
        );
        for r in small.rooms() {
            assert_eq!(ls.spot(r.id), lb.spot(r.id), "{}", r.name);
        }
        assert!(lb.left < ls.left);
    }

    #[test]
    fn the_force_layout_keeps_separate_pieces_close() {
        use Direction::*;
        let m = map_of(&[("A", North, "B"), ("C", North, "D"), ("E", East, "F")]);
        let l = force(&m, 3, None);
        assert!(
            l.width < 8.0 && l.height < 8.0,
            "{} x {}",
            l.width,
            l.height
        );
    }

    #[test]
    fn the_force_layout_is_the_same_every_time() {
        use Direction::*;
        let m = map_of(&[
            ("A", North, "B"),
            ("B", In, "C"),
            ("C", East, "A"),
            ("D", Up, "A"),
        ]);
        let a = force(&m, 7, None);
        let b = force(&m, 7, None);
        assert_eq!(a, b);
        assert!(m.rooms().all(|r| a.spot(r.id).is_some()));
    }
}
