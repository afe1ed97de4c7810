//! The incremental figures the solver keeps across its edits against the slow truth, on random
//! maps and random one-exit edits: the forest against the geometry built afresh, the tracked
//! conflicts against detection, the flattening gains against the trial judge, the gains'
//! registry of who read what against plain lists.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

mod support;

use maprepair::domain::analysis::forest::{Cell, Cells};
use maprepair::domain::analysis::registry::{
    block, block_corner, block_key, register_cells, At, BlockKey, Registrar, Registry,
};
use maprepair::domain::analysis::room_lists::RoomLists;
use maprepair::domain::analysis::side_patch::{Moved, Tour};
use maprepair::domain::analysis::{
    detect, ConflictTracker, Edit, FlattenGains, Geometry, TrialJudge,
};
use maprepair::domain::map::{ExitId, Map, RoomId};
use proptest::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use support::random_map::{build, edited, map_edit, spec, spots, MapEdit};

/// The tracker's conflicts and forest equal detection's and the builder's on `map`.
fn assert_tracks(tracker: &ConflictTracker, map: &Map) -> Result<(), TestCaseError> {
    let g = Geometry::infer(map);
    let want: Vec<_> = detect(map, &g)
        .into_iter()
        .map(|c| (c.id, c.ctype))
        .collect();
    let got: Vec<_> = tracker.ids().collect();
    prop_assert_eq!(got, want);
    let f = tracker.forest();
    // Tree exits and loops.
    for e in map.exits() {
        let tree = g
            .tree_child
            .get(e.id.0 as usize)
            .copied()
            .flatten()
            .is_some();
        prop_assert_eq!(f.is_tree(e.id), tree, "tree {:?}", e);
    }
    // Frames as a partition, positions up to one translation per frame.
    let mut anchor: FxHashMap<u32, (maprepair::domain::RoomId, u32)> = FxHashMap::default();
    let mut seen_frames: FxHashMap<u32, u32> = FxHashMap::default();
    for r in map.rooms() {
        let (gf, gp) = (g.frame_of(r.id).unwrap(), g.position(r.id).unwrap());
        let (ff, fp) = (f.frame_of(r.id).unwrap(), f.position(r.id));
        match anchor.get(&gf) {
            None => {
                prop_assert!(seen_frames.insert(ff, gf).is_none(), "frame {} reused", ff);
                anchor.insert(gf, (r.id, ff));
            }
            Some(&(a, af)) => {
                prop_assert_eq!(ff, af, "room {:?} left its frame", r.id);
                let (ga, fa) = (g.position(a).unwrap(), f.position(a));
                let d = |p: [i32; 3], q: [i32; 3]| [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
                prop_assert_eq!(d(fp, fa), d(gp, ga), "room {:?} moved", r.id);
            }
        }
    }
    // Subtree sizes: every room counted on itself and on each room above it.
    let mut below: FxHashMap<maprepair::domain::RoomId, u32> = FxHashMap::default();
    for r in map.rooms() {
        let mut x = Some(r.id);
        while let Some(y) = x {
            *below.entry(y).or_insert(0) += 1;
            x = f.parent(y).map(|(p, _)| p);
        }
    }
    for r in map.rooms() {
        prop_assert_eq!(f.subtree_size(r.id), below[&r.id], "subtree of {:?}", r.id);
    }
    let counts = tracker.counts();
    prop_assert_eq!(counts.total, detect(map, &g).len());
    Ok(())
}

fn weight(e: ExitId) -> f64 {
    1.0 + f64::from(e.0 % 3) * 0.25 - f64::from(e.0 % 5 == 0) * 0.75
}

/// The gains' view equals the trial judge's: every exit in geometry whose flattening lowers the
/// count, with that change, and the best one.
fn assert_gains(
    gains: &mut FlattenGains,
    tracker: &ConflictTracker,
    map: &Map,
) -> Result<(), TestCaseError> {
    let best = gains.best(map, tracker, &weight);
    let g = Geometry::infer(map);
    let judge = TrialJudge::new(map, &g);
    let mut want: Vec<(ExitId, i64)> = map
        .exits()
        .filter(|e| tracker.forest().part(e.id).is_some())
        .filter_map(|e| Some((e.id, judge.delta(&Edit::Flatten(e.id))?)))
        .filter(|(_, d)| *d < 0)
        .collect();
    want.sort_unstable();
    let mut got = gains.lowering();
    got.sort_unstable();
    prop_assert_eq!(&got, &want);
    let mut top: Option<(f64, ExitId, i64)> = None;
    for &(e, d) in &want {
        let gain = (-d) as f64 / weight(e).max(0.1);
        let better =
            top.is_none_or(|(g, id, _)| gain > g + 1e-12 || ((gain - g).abs() <= 1e-12 && e > id));
        if better {
            top = Some((gain, e, d));
        }
    }
    prop_assert_eq!(best, top.map(|(_, e, d)| (e, d)));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_tracker_follows_detection_through_random_edits(
        rooms in spots(2..12),
        specs in prop::collection::vec(spec(), 1..30),
        edits in prop::collection::vec(map_edit(), 1..16),
    ) {
        let mut map = build(&rooms, &specs);
        let mut tracker = ConflictTracker::of(&map);
        assert_tracks(&tracker, &map)?;
        for edit in &edits {
            let Some((next, change)) = edited(&map, edit) else { continue };
            tracker.apply(&next, &change);
            map = next;
            assert_tracks(&tracker, &map)?;
        }
    }

    #[test]
    fn the_flattening_gains_follow_the_trial_judge_through_random_flattenings(
        rooms in spots(2..12),
        specs in prop::collection::vec(spec(), 1..30),
        edits in prop::collection::vec(map_edit(), 1..16),
    ) {
        let mut map = build(&rooms, &specs);
        let mut tracker = ConflictTracker::of(&map);
        let mut gains = FlattenGains::new();
        assert_gains(&mut gains, &tracker, &map)?;
        for edit in &edits {
            let Some((next, change)) = edited(&map, edit) else { continue };
            let fx = tracker.apply(&next, &change);
            gains.observe(&next, &tracker, &change, &fx, &weight);
            map = next;
            assert_gains(&mut gains, &tracker, &map)?;
        }
    }

    /// The tour kept through flattenings (only the side each one hung elsewhere labelled again)
    /// says which room lies below which exactly as a tour taken afresh.
    #[test]
    fn the_kept_tour_follows_the_forest_through_flattenings(
        rooms in spots(6..18),
        specs in prop::collection::vec(spec(), 10..45),
        picks in prop::collection::vec(any::<u8>(), 1..24),
    ) {
        let mut map = build(&rooms, &specs);
        let mut tracker = ConflictTracker::of(&map);
        let mut kept = Tour::of(tracker.forest());
        for k in picks {
            let Some((next, change)) = edited(&map, &MapEdit::Flatten(k)) else { continue };
            let fx = tracker.apply(&next, &change);
            map = next;
            kept.follow(tracker.forest(), &fx.reshape);
            kept.refresh(tracker.forest());
            let fresh = Tour::of(tracker.forest());
            for r in map.rooms() {
                for c in map.rooms() {
                    prop_assert_eq!(kept.below(r.id, c.id), fresh.below(r.id, c.id), "{:?} below {:?}", r.id, c.id);
                }
            }
        }
    }

    /// Flattenings only, on bigger maps: the gains are never rebuilt.
    #[test]
    fn the_flattening_gains_stay_exact_over_long_runs_of_flattenings(
        rooms in spots(6..18),
        specs in prop::collection::vec(spec(), 10..45),
        picks in prop::collection::vec(any::<u8>(), 1..20),
    ) {
        let mut map = build(&rooms, &specs);
        let mut tracker = ConflictTracker::of(&map);
        // Kept as the solver keeps them, and patching every judgement a move allows.
        let mut kept = [FlattenGains::new(), FlattenGains::patching_always()];
        for gains in &mut kept {
            assert_gains(gains, &tracker, &map)?;
        }
        for k in picks {
            let Some((next, change)) = edited(&map, &MapEdit::Flatten(k)) else { continue };
            let fx = tracker.apply(&next, &change);
            map = next;
            for gains in &mut kept {
                gains.observe(&map, &tracker, &change, &fx, &weight);
                assert_gains(gains, &tracker, &map)?;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Lattices with wrong directions, flattened as the solver flattens them (the best first),
    /// with a few other flattenings in between.
    #[test]
    fn the_flattening_gains_stay_exact_on_lattices_flattened_best_first(
        w in 3usize..9,
        h in 3usize..9,
        north in prop::collection::vec(any::<bool>(), 1..40),
        wrong in prop::collection::vec(prop::bool::weighted(0.12), 1..60),
        back in 0usize..4,
        odd in prop::collection::vec(any::<u8>(), 0..4),
    ) {
        let mut map = support::random_map::lattice(w, h, &north, &wrong, back);
        let mut tracker = ConflictTracker::of(&map);
        let mut gains = FlattenGains::new();
        let mut patched = FlattenGains::patching_always();
        let mut odd = odd.into_iter();
        for step in 0..40 {
            assert_gains(&mut gains, &tracker, &map)?;
            assert_gains(&mut patched, &tracker, &map)?;
            let pick = match (step % 5 == 4).then(|| odd.next()).flatten() {
                Some(k) => MapEdit::Flatten(k),
                None => match gains.best(&map, &tracker, &weight) {
                    Some((e, _)) => {
                        let k = map.exits().position(|x| x.id == e).unwrap();
                        MapEdit::Flatten(u8::try_from(k % 256).unwrap())
                    }
                    None => break,
                },
            };
            let Some((next, change)) = edited(&map, &pick) else { continue };
            let fx = tracker.apply(&next, &change);
            assert_tracks(&tracker, &next)?;
            gains.observe(&next, &tracker, &change, &fx, &weight);
            patched.observe(&next, &tracker, &change, &fx, &weight);
            map = next;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Larger lattices flattened best first, where the moves carry judged sides nested inside
    /// them: the sides followed in the moved region's own coordinates
    /// ([`maprepair::domain::analysis::side_carry`]) keep the figures a full judgement gives.
    #[test]
    fn sides_carried_by_a_move_keep_the_figures_of_a_full_judgement(
        w in 8usize..12,
        h in 8usize..12,
        north in prop::collection::vec(any::<bool>(), 1..40),
        wrong in prop::collection::vec(prop::bool::weighted(0.08), 1..60),
    ) {
        let mut map = support::random_map::lattice(w, h, &north, &wrong, 0);
        let mut tracker = ConflictTracker::of(&map);
        let mut gains = FlattenGains::new();
        for _ in 0..30 {
            assert_gains(&mut gains, &tracker, &map)?;
            let Some((e, _)) = gains.best(&map, &tracker, &weight) else { break };
            let k = map.exits().position(|x| x.id == e).unwrap();
            let pick = MapEdit::Flatten(u8::try_from(k % 256).unwrap());
            let Some((next, change)) = edited(&map, &pick) else { break };
            let fx = tracker.apply(&next, &change);
            gains.observe(&next, &tracker, &change, &fx, &weight);
            map = next;
        }
    }
}

/// On one lattice the moves do carry judged sides (so the property above tests the path).
#[test]
fn best_first_flattenings_of_a_lattice_carry_judged_sides() {
    let north: Vec<bool> = (0..37).map(|i| i % 3 == 0).collect();
    let wrong: Vec<bool> = (0..53).map(|i| i % 17 == 5).collect();
    let mut map = support::random_map::lattice(11, 11, &north, &wrong, 0);
    let mut tracker = ConflictTracker::of(&map);
    let mut gains = FlattenGains::new();
    for _ in 0..30 {
        let Some((e, _)) = gains.best(&map, &tracker, &weight) else {
            break;
        };
        let k = map.exits().position(|x| x.id == e).unwrap();
        let pick = MapEdit::Flatten(u8::try_from(k % 256).unwrap());
        let Some((next, change)) = edited(&map, &pick) else {
            break;
        };
        let fx = tracker.apply(&next, &change);
        gains.observe(&next, &tracker, &change, &fx, &weight);
        map = next;
    }
    assert!(gains.carried_rooms() > 0, "no side carried");
}

/// One operation on a registry: register a side on a key, take a key's list, or sweep.
#[derive(Debug, Clone)]
enum RegistryOp {
    Register(u8, u8, u8),
    Take(u8),
    Retain(u8),
}

fn registry_op() -> impl Strategy<Value = RegistryOp> {
    prop_oneof![
        6 => (0u8..8, 0u8..6, 0u8..3).prop_map(|(k, e, g)| RegistryOp::Register(k, e, g)),
        2 => (0u8..8).prop_map(RegistryOp::Take),
        1 => (0u8..6).prop_map(RegistryOp::Retain),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The pooled lists hold what a vector per key would: each registration in order, a repeat
    /// of the last one dropped, a list taken whole, a sweep keeping only what it keeps.
    #[test]
    fn the_registry_holds_what_plain_lists_hold(ops in prop::collection::vec(registry_op(), 1..120)) {
        let mut pooled: Registry<u8> = Registry::default();
        let mut plain: FxHashMap<u8, Vec<At>> = FxHashMap::default();
        for op in ops {
            match op {
                RegistryOp::Register(k, e, g) => {
                    let at = (ExitId(u32::from(e)), u32::from(g));
                    let list = plain.entry(k).or_default();
                    let want = usize::from(list.last() != Some(&at));
                    if want == 1 {
                        list.push(at);
                    }
                    prop_assert_eq!(pooled.register(k, at), want);
                }
                RegistryOp::Take(k) => {
                    let mut got = Vec::new();
                    pooled.take_into(&k, &mut got);
                    prop_assert_eq!(got, plain.remove(&k).unwrap_or_default());
                }
                RegistryOp::Retain(drop) => {
                    let keep = |(e, _): At| e.0 != u32::from(drop);
                    pooled.retain(keep);
                    for list in plain.values_mut() {
                        list.retain(|at| keep(*at));
                        list.dedup();
                    }
                    plain.retain(|_, l| !l.is_empty());
                }
            }
            prop_assert_eq!(pooled.len(), plain.values().map(Vec::len).sum::<usize>());
        }
        for k in 0u8..8 {
            let mut got = Vec::new();
            pooled.take_into(&k, &mut got);
            prop_assert_eq!(got, plain.remove(&k).unwrap_or_default());
        }
        prop_assert!(pooled.is_empty());
    }
}

/// A cell for the cell index's test: frames 0 to 2 and a placeholder frame from the top of the
/// range; positions mostly near the origin (a grid grows over them), now and then far off (a
/// box too sparse for a grid: the frame goes to a hash map).
fn some_cell() -> impl Strategy<Value = Cell> {
    let frame = prop_oneof![4 => 0u32..3, 1 => Just(u32::MAX - 1)];
    let near = prop::array::uniform3(-3i32..4);
    let far = prop::array::uniform3(-2000i32..2000);
    (frame, prop_oneof![9 => near, 1 => far])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The dense cell index holds what the hash map of cells it replaced holds: rooms placed
    /// all at once, then moved from cell to cell or taken off, each cell's rooms in id order.
    #[test]
    fn the_cell_index_holds_what_a_map_of_cells_holds(
        start in prop::collection::vec(some_cell(), 0..12),
        moves in prop::collection::vec((0u32..12, prop::option::weighted(0.9, some_cell())), 1..60),
    ) {
        let placed: Vec<(Cell, RoomId)> =
            start.iter().enumerate().map(|(i, c)| (*c, RoomId(i as u32))).collect();
        let mut index = Cells::of(&placed);
        let mut plain: FxHashMap<Cell, Vec<RoomId>> = FxHashMap::default();
        let mut at: FxHashMap<RoomId, Cell> = FxHashMap::default();
        for (c, r) in &placed {
            plain.entry(*c).or_default().push(*r);
            at.insert(*r, *c);
        }
        let mut seen: Vec<Cell> = start.clone();
        for (r, to) in moves {
            let r = RoomId(r);
            if let Some(old) = at.remove(&r) {
                index.remove(&old, r);
                if let Some(l) = plain.get_mut(&old) {
                    l.retain(|x| *x != r);
                }
            }
            if let Some(c) = to {
                index.insert(c, r);
                let l = plain.entry(c).or_default();
                l.push(r);
                l.sort_unstable();
                at.insert(r, c);
                seen.push(c);
            }
            for c in &seen {
                let want: &[RoomId] = plain.get(c).map_or(&[], Vec::as_slice);
                prop_assert_eq!(index.rooms_at(c), want);
            }
        }
    }
}

/// One operation on per-room lists: add an item to a room's list, or drop an item from it.
#[derive(Debug, Clone)]
enum ListOp {
    Push(u8, u8),
    Drop(u8, u8),
}

fn list_op() -> impl Strategy<Value = ListOp> {
    prop_oneof![
        3 => (0u8..5, 0u8..12).prop_map(|(r, x)| ListOp::Push(r, x)),
        1 => (0u8..5, 0u8..12).prop_map(|(r, x)| ListOp::Drop(r, x)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The inline lists hold what a vector per room would, in order, through lists that grow
    /// past their inline slots and shrink again (room 4 is out of range: always empty).
    #[test]
    fn room_lists_hold_what_a_vector_per_room_holds(ops in prop::collection::vec(list_op(), 1..80)) {
        let mut inline: RoomLists<u8> = RoomLists::new(4, 0);
        let mut plain: Vec<Vec<u8>> = vec![Vec::new(); 4];
        for op in ops {
            match op {
                ListOp::Push(r, x) => {
                    inline.push(u32::from(r), x);
                    if let Some(l) = plain.get_mut(usize::from(r)) {
                        l.push(x);
                    }
                }
                ListOp::Drop(r, x) => {
                    inline.retain(u32::from(r), |y| *y != x);
                    if let Some(l) = plain.get_mut(usize::from(r)) {
                        l.retain(|y| *y != x);
                    }
                }
            }
            for r in 0u8..5 {
                let want: &[u8] = plain.get(usize::from(r)).map_or(&[], Vec::as_slice);
                prop_assert_eq!(inline.get(u32::from(r)), want);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A side registered cell by cell as a walk finds them ([`Registrar`]) is registered once on
    /// the block of each cell and on no other, between other sides' registrations, as
    /// [`register_cells`] registers the same cells from a slice.
    #[test]
    fn a_side_registered_cell_by_cell_is_on_each_block_of_its_cells_once(
        cells in prop::collection::vec((0u32..2, -20i32..20, -20i32..20, -2i32..2), 0..200),
        others in prop::collection::vec((0u32..2, -20i32..20, -20i32..20), 0..20),
    ) {
        let cells: Vec<Cell> = cells.into_iter().map(|(f, x, y, z)| (f, [x, y, z])).collect();
        let (mut walked, mut sliced): (Registry<BlockKey>, Registry<BlockKey>) = Default::default();
        for (i, (f, x, y)) in others.iter().enumerate() {
            let at = (ExitId(1000 + i as u32), 0);
            walked.register(block_key((*f, [*x, *y, 0])), at);
            sliced.register(block_key((*f, [*x, *y, 0])), at);
        }
        let at = (ExitId(7), 3);
        let mut to = Registrar::new(at);
        for c in &cells {
            to.add(&mut walked, *c);
        }
        let blocks: FxHashSet<Cell> = cells.iter().map(|c| block(*c)).collect();
        prop_assert_eq!(to.added, blocks.len());
        prop_assert_eq!(register_cells(&mut sliced, &cells, at), blocks.len());
        let mut keys: Vec<Cell> = blocks.iter().copied().collect();
        keys.extend(others.iter().map(|(f, x, y)| block((*f, [*x, *y, 0]))));
        keys.sort_unstable();
        keys.dedup();
        for k in keys {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            walked.take_into(&block_key(block_corner(k)), &mut a);
            sliced.take_into(&block_key(block_corner(k)), &mut b);
            let mine = a.iter().filter(|x| **x == at).count();
            prop_assert_eq!(mine, usize::from(blocks.contains(&k)), "block {:?}", k);
            prop_assert_eq!(a, b);
        }
    }

    /// Two cells have one registry key exactly when they have one block, over the whole
    /// range of frames and coordinates (the key packs each coordinate's bits as they are).
    #[test]
    fn two_cells_share_a_block_key_exactly_when_they_share_a_block(
        a in (any::<u32>(), any::<i32>(), any::<i32>(), any::<i32>()),
        near in (0u32..2, -9i32..9, -9i32..9, -9i32..9),
    ) {
        let (af, ax, ay, az) = a;
        let (f, x, y, z) = near;
        let a: Cell = (af, [ax, ay, az]);
        // A cell near `a`: often in its block, or in the same place of another frame.
        let b: Cell = (af ^ f, [ax.wrapping_add(x), ay.wrapping_add(y), az.wrapping_add(z)]);
        prop_assert_eq!(block_key(a) == block_key(b), block(a) == block(b));
        prop_assert_eq!(block_key(block_corner(block(a))), block_key(a));
    }

    /// The rooms on a cell before a move are those on it now less the rooms moved, plus the
    /// rooms moved that left it (in the order the move names them), on every cell: inside the
    /// box of the cells left and outside it (where no look-up is made), whether the rooms now
    /// are read by the move or handed to it.
    #[test]
    fn the_rooms_before_a_move_are_those_now_less_the_moved_plus_those_that_left(
        moves in prop::collection::vec((0u32..40, 0u32..2, -2i32..8, -2i32..8), 0..30),
    ) {
        let north: Vec<bool> = (0..13).map(|i| i % 3 == 0).collect();
        let map = support::random_map::lattice(6, 6, &north, &[], 0);
        let tracker = ConflictTracker::of(&map);
        let forest = tracker.forest();
        let moved: Vec<(RoomId, Cell)> =
            moves.iter().map(|(r, f, x, y)| (RoomId(*r), (*f, [*x, *y, 0]))).collect();
        let m = Moved::new(forest, &moved, None, None);
        let ids: FxHashSet<RoomId> = moved.iter().map(|(r, _)| *r).collect();
        let mut out = Vec::new();
        for f in 0u32..3 {
            for x in -4i32..10 {
                for y in -4i32..10 {
                    for z in -1i32..2 {
                        let k: Cell = (f, [x, y, z]);
                        let mut want: Vec<RoomId> = forest
                            .rooms_at(&k)
                            .iter()
                            .copied()
                            .filter(|r| !ids.contains(r))
                            .collect();
                        want.extend(moved.iter().filter(|(_, c)| *c == k).map(|(r, _)| *r));
                        prop_assert_eq!(m.before(forest, &k, &mut out), &want[..], "{:?}", k);
                        let now = forest.rooms_at(&k);
                        prop_assert_eq!(m.before_on(now, &k, &mut out), &want[..], "{:?}", k);
                    }
                }
            }
        }
    }

    /// The rooms a flattening moved, kept as a bit per room id, are those it names, each once:
    /// no other id (on the map or past it) reads as moved.
    #[test]
    fn a_move_holds_exactly_the_rooms_it_moved(
        picks in prop::collection::vec(0u32..150, 0..60),
    ) {
        let north: Vec<bool> = (0..13).map(|i| i % 3 == 0).collect();
        let map = support::random_map::lattice(6, 6, &north, &[], 0);
        let tracker = ConflictTracker::of(&map);
        let forest = tracker.forest();
        let moved: Vec<(RoomId, Cell)> =
            picks.iter().map(|r| (RoomId(*r), (0, [*r as i32, 0, 0]))).collect();
        let m = Moved::new(forest, &moved, None, None);
        let want: FxHashSet<u32> = picks.iter().copied().collect();
        for r in 0u32..300 {
            prop_assert_eq!(m.has(RoomId(r)), want.contains(&r), "room {}", r);
        }
        let mut got: Vec<u32> = m.rooms().map(|r| r.0).collect();
        got.sort_unstable();
        let mut want: Vec<u32> = want.into_iter().collect();
        want.sort_unstable();
        prop_assert_eq!(got, want);
    }
}
