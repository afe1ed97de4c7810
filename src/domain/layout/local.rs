//! The force layout of a big map: Fruchterman–Reingold with repulsion only between rooms less
//! than [`REACH`] cells apart, found through a grid of buckets, so one iteration costs
//! O(V + E) instead of the all-pairs O(V²) that `fdg-sim` spends (six all-pairs iterations of a
//! 100,000-room map are 6·10¹⁰ pair interactions; these are a few million).
//!
//! Far rooms no longer push each other apart, which is what a big map wants anyway: the start
//! layout (usually the lattice) already spreads the map out, and the simulation only relaxes it
//! locally. Deterministic: rooms are visited in id order, start jitter comes from a seeded
//! generator, and nothing depends on a hash map's iteration order.

use super::{Layout, FORCE_BUDGET};
use crate::domain::map::{Map, RoomId};
use crate::domain::progress::{tick, Progress, Stage};
use crate::domain::rng::SplitMix64;
use rustc_hash::FxHashMap;

/// Rooms closer than this many cells repel each other; farther ones do not interact. Two cells:
/// a room's lattice neighbours and the ring around them, enough to pull apart rooms stacked on
/// one cell without reaching across the map.
const REACH: f64 = 2.0;

/// The ideal distance between two linked rooms, in cells (the lattice's step).
const IDEAL: f64 = 1.0;

/// How far a room may move in the first iteration, in cells; it shrinks linearly to
/// [`FINAL_STEP`] (the simulation cools so it settles).
const FIRST_STEP: f64 = 0.5;

/// How far a room may move in the last iteration, in cells.
const FINAL_STEP: f64 = 0.02;

/// Rooms a bucket's neighbourhood holds on a map drawn about one room per cell: the 3 × 3
/// buckets of side [`REACH`] around a room. Used to turn the pair budget into iterations.
const NEIGHBOURS: f64 = 36.0;

/// Iterations are bounded below so the layout relaxes at all, and above as `fdg-sim`'s are.
const ITERATIONS: (f64, f64) = (3.0, 300.0);

/// Raw positions (cells) after the local simulation, in room id order. `start` gives the start
/// positions of the rooms it places; the others start at seeded random spots in a square about
/// as many cells wide as the map has rooms per side.
pub(super) fn simulate(
    map: &Map,
    seed: u64,
    start: Option<&Layout>,
    progress: &mut dyn FnMut(Progress),
) -> Vec<(RoomId, f64, f64)> {
    let rooms: Vec<RoomId> = map.rooms().map(|r| r.id).collect();
    let n = rooms.len();
    let mut index: FxHashMap<RoomId, usize> = FxHashMap::default();
    for (i, r) in rooms.iter().enumerate() {
        index.insert(*r, i);
    }
    let mut rng = SplitMix64::new(seed);
    let mut unit = || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    let side = (n as f64).sqrt().max(1.0);
    let mut pos: Vec<(f64, f64)> = rooms
        .iter()
        .map(|r| match start.and_then(|l| l.spot(*r)) {
            // Keep the start shape, with a little seeded jitter so no two start together.
            Some(s) => (s.x + (unit() - 0.5) * 0.05, s.y + (unit() - 0.5) * 0.05),
            None => (unit() * side, unit() * side),
        })
        .collect();
    let mut links: Vec<(usize, usize)> = Vec::new();
    let mut linked = rustc_hash::FxHashSet::default();
    for e in map.exits() {
        let key = (e.from.0.min(e.to.0), e.from.0.max(e.to.0));
        if e.from != e.to && linked.insert(key) {
            if let (Some(&a), Some(&b)) = (index.get(&e.from), index.get(&e.to)) {
                links.push((a, b));
            }
        }
    }
    let iterations =
        (FORCE_BUDGET / (n.max(1) as f64 * NEIGHBOURS)).clamp(ITERATIONS.0, ITERATIONS.1) as usize;
    let mut disp = vec![(0.0f64, 0.0f64); n];
    let mut buckets: FxHashMap<(i64, i64), Vec<usize>> = FxHashMap::default();
    let bucket = |p: (f64, f64)| ((p.0 / REACH).floor() as i64, (p.1 / REACH).floor() as i64);
    for it in 0..iterations {
        tick(progress, Stage::LayingOut, it, iterations);
        buckets.values_mut().for_each(Vec::clear);
        for (i, p) in pos.iter().enumerate() {
            buckets.entry(bucket(*p)).or_default().push(i);
        }
        disp.fill((0.0, 0.0));
        // Repulsion, IDEAL² / d, from every room within REACH.
        for (i, p) in pos.iter().enumerate() {
            let (bx, by) = bucket(*p);
            for dx in -1..=1 {
                for dy in -1..=1 {
                    for &j in buckets.get(&(bx + dx, by + dy)).into_iter().flatten() {
                        if j == i {
                            continue;
                        }
                        let (mut vx, mut vy) = (p.0 - pos[j].0, p.1 - pos[j].1);
                        let mut d = (vx * vx + vy * vy).sqrt();
                        if d >= REACH {
                            continue;
                        }
                        if d < 1e-9 {
                            // Two rooms on one spot: part them along x, the older to the left.
                            (vx, vy, d) = (if i < j { -1e-3 } else { 1e-3 }, 0.0, 1e-3);
                        }
                        let f = IDEAL * IDEAL / d;
                        disp[i].0 += vx / d * f;
                        disp[i].1 += vy / d * f;
                    }
                }
            }
        }
        // Attraction, d² / IDEAL, along every link.
        for &(a, b) in &links {
            let (vx, vy) = (pos[a].0 - pos[b].0, pos[a].1 - pos[b].1);
            let d = (vx * vx + vy * vy).sqrt();
            if d < 1e-9 {
                continue;
            }
            let f = d * d / IDEAL;
            disp[a].0 -= vx / d * f;
            disp[a].1 -= vy / d * f;
            disp[b].0 += vx / d * f;
            disp[b].1 += vy / d * f;
        }
        let done = it as f64 / iterations as f64;
        let step = FIRST_STEP + (FINAL_STEP - FIRST_STEP) * done;
        for (p, d) in pos.iter_mut().zip(&disp) {
            let len = (d.0 * d.0 + d.1 * d.1).sqrt();
            if len > 1e-12 && len.is_finite() {
                let k = len.min(step) / len;
                p.0 += d.0 * k;
                p.1 += d.1 * k;
            }
        }
    }
    rooms
        .into_iter()
        .zip(pos)
        .map(|(r, (x, y))| (r, x, y))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::{force, force_with, grid, Floors, ALL_PAIRS_LIMIT};
    use crate::domain::analysis::Geometry;
    use crate::domain::lattice::lattice;
    use crate::domain::progress::Stage;

    /// A map past the all-pairs limit lays out the same every time, every room placed, and
    /// linked rooms stay about a cell apart (the relaxation keeps the lattice's shape).
    #[test]
    fn a_big_map_lays_out_the_same_every_time_and_keeps_its_shape() {
        let generated = lattice(ALL_PAIRS_LIMIT + 100, 3);
        let map = generated.history.head();
        assert!(map.room_count() > ALL_PAIRS_LIMIT);
        let start = grid(map, &Geometry::infer(map), Floors::Stacked);
        let a = force(map, 11, Some(&start));
        assert_eq!(a, force(map, 11, Some(&start)));
        assert!(map.rooms().all(|r| a.spot(r.id).is_some()));
        let lengths: Vec<f64> = map
            .exits()
            .filter_map(|e| {
                let (p, q) = (a.spot(e.from)?, a.spot(e.to)?);
                Some(((p.x - q.x).powi(2) + (p.y - q.y).powi(2)).sqrt())
            })
            .collect();
        let mean = lengths.iter().sum::<f64>() / lengths.len() as f64;
        assert!((0.5..2.0).contains(&mean), "mean link length {mean}");
    }

    /// Laying out with a progress callback tells how many iterations are done, in order, and
    /// places every room where the silent layout does (the app's worker shows the bar).
    #[test]
    fn a_big_layout_reports_its_iterations_and_lays_out_as_without_telling() {
        let generated = lattice(ALL_PAIRS_LIMIT + 100, 5);
        let map = generated.history.head();
        let start = grid(map, &Geometry::infer(map), Floors::Stacked);
        let mut seen = Vec::new();
        let told = force_with(map, 3, Some(&start), &mut |p| seen.push(p));
        assert_eq!(told, force(map, 3, Some(&start)));
        assert!(seen.len() >= 3, "{seen:?}");
        assert!(seen
            .iter()
            .all(|p| p.stage == Stage::LayingOut && p.done < p.total));
        assert!(seen.windows(2).all(|w| w[0].done < w[1].done));
        assert_eq!(seen[0].done, 0);
    }
}
