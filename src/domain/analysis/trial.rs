//! What-if judgement of one-exit edits: how many conflicts a map would have after removing,
//! relabelling or flattening (marking non-geometric) one exit, without copying the map or
//! running detection again.
//!
//! An edit changes duplicate labels and reverse mismatches only at the exit's two rooms, and
//! naming not at all. Geometry is the minimum spanning forest of the geometric exits by exit id
//! (what [`super::GeometryBuilder`] builds, one exit at a time), so:
//! - relabelling a tree exit keeps the tree and translates the subtree below it;
//! - removing a tree exit (or giving it a label with no vector) hands its place to the oldest
//!   exit crossing its cut, which translates the subtree by that exit's loop error, or leaves the
//!   subtree as a frame of its own when nothing crosses;
//! - a non-tree exit only changes its own loop;
//! - giving a vector to an exit that had none adds it to the forest: it joins two frames, closes
//!   a loop, or takes the place of the newest exit on the tree path between its rooms.
//!
//! Only exits crossing the cut can change their loops, and only the smaller side's rooms need to
//! move for the overlaps (positions matter only relative to each other within a frame). One trial
//! costs O(smaller side and its exits) after an O(V + E) set-up per map.
//!
//! The result always equals detection on the edited map (a property test checks it on random
//! maps, for every exit and every label).

pub use super::edit::Edit;
use super::geometry::Geometry;
use crate::domain::direction::{add, sub, Label, Vector};
use crate::domain::map::{Exit, ExitId, Map, Origin, RoomId};
use rustc_hash::{FxHashMap, FxHashSet};

type Cell = (u32, Vector);
type Pair = (RoomId, RoomId);

/// Frame id given to rooms that leave their frame.
const DETACHED: u32 = u32::MAX - 1;

/// The exit's vector if it takes part in geometry (the builder's rule).
fn vector_of(e: &Exit) -> Option<Vector> {
    e.label
        .vector()
        .filter(|_| e.geometric && e.origin == Origin::Observed && e.from != e.to)
}

fn ordered(a: RoomId, b: RoomId) -> Pair {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

fn neg(v: Vector) -> Vector {
    [-v[0], -v[1], -v[2]]
}

/// Labels of one room's exits grouped, with their distinct targets.
fn groups<'e>(exits: impl Iterator<Item = &'e Exit>) -> Vec<(&'e Label, Vec<RoomId>)> {
    let mut out: Vec<(&Label, Vec<RoomId>)> = Vec::new();
    for e in exits {
        match out.iter_mut().find(|(l, _)| **l == e.label) {
            Some((_, targets)) => {
                if !targets.contains(&e.to) {
                    targets.push(e.to);
                }
            }
            None => out.push((&e.label, vec![e.to])),
        }
    }
    out
}

/// Duplicated labels among `groups`, and every pair of rooms they explain.
fn duplicates(groups: &[(&Label, Vec<RoomId>)], pairs: &mut Vec<Pair>) -> i64 {
    let mut n = 0;
    for (_, targets) in groups.iter().filter(|(l, t)| t.len() >= 2 && !l.is_link()) {
        n += 1;
        for (i, x) in targets.iter().enumerate() {
            for y in &targets[i + 1..] {
                pairs.push(ordered(*x, *y));
            }
        }
    }
    n
}

/// The reverse-mismatch rule for one pair, given the exits each way.
fn mismatched<'e>(
    forward: impl Iterator<Item = &'e Exit>,
    back: impl Iterator<Item = &'e Exit>,
) -> bool {
    let usable = |x: &&Exit| x.geometric && x.label.direction().is_some();
    let forward: Vec<&Label> = forward.filter(usable).map(|x| &x.label).collect();
    let back: Vec<&Label> = back.filter(usable).map(|x| &x.label).collect();
    !forward.is_empty()
        && !back.is_empty()
        && !forward
            .iter()
            .any(|f| f.opposite().is_some_and(|o| back.contains(&&o)))
}

/// The map as an edit leaves it, without building it.
struct After<'a> {
    map: &'a Map,
    removed: &'a [ExitId],
    added: &'a [Exit],
}

impl<'a> After<'a> {
    /// `base` without the removed exits, plus the added ones that `here` accepts.
    fn edited(
        &self,
        base: impl Iterator<Item = &'a Exit> + 'a,
        here: impl Fn(&Exit) -> bool + 'a,
    ) -> impl Iterator<Item = &'a Exit> + 'a {
        let removed = self.removed;
        base.filter(move |e| !removed.contains(&e.id))
            .chain(self.added.iter().filter(move |e| here(e)))
    }

    fn from(&self, room: RoomId) -> impl Iterator<Item = &'a Exit> + 'a {
        self.edited(self.map.exits_from(room), move |e| e.from == room)
    }

    fn between(&self, from: RoomId, to: RoomId) -> impl Iterator<Item = &'a Exit> + 'a {
        self.from(from).filter(move |e| e.to == to)
    }
}

/// Which rooms move.
#[derive(Debug, Clone, Copy)]
enum Side {
    /// The subtree below a room.
    Below(RoomId),
    /// The rest of that room's frame.
    Above(RoomId),
    /// A whole frame.
    Frame(u32),
}

/// Where the moving rooms go.
#[derive(Debug, Clone, Copy)]
enum Target {
    /// Same frame, translated.
    Shift(Vector),
    /// Another frame, translated.
    Join(u32, Vector),
    /// A frame of their own.
    Detach,
}

/// A geometric change: which rooms move where.
#[derive(Debug, Clone, Copy)]
struct Move {
    side: Side,
    target: Target,
}

/// Judges one-exit edits on one map. See the module docs.
#[derive(Debug)]
pub struct TrialJudge<'a> {
    map: &'a Map,
    geometry: &'a Geometry,
    tin: Vec<u32>,
    tout: Vec<u32>,
    euler: Vec<RoomId>,
    span: Vec<(u32, u32)>,
    cells: FxHashMap<Cell, Vec<RoomId>>,
    explained: FxHashMap<Pair, u32>,
    /// Per Euler-tour position, where its room's geometric exits start in `geometric`.
    geometric_at: Vec<u32>,
    /// The geometric exits of each room (by tour position), each with its other end's position.
    geometric: Vec<(u32, ExitId)>,
}

impl<'a> TrialJudge<'a> {
    /// Prepares the judge. `geometry` must be [`Geometry::infer`] of `map`. O(V + E).
    pub fn new(map: &'a Map, geometry: &'a Geometry) -> TrialJudge<'a> {
        let Tour {
            tin,
            tout,
            euler,
            span,
        } = euler_tour(map, geometry);
        let mut cells: FxHashMap<Cell, Vec<RoomId>> = FxHashMap::default();
        for room in map.rooms() {
            if let (Some(f), Some(p)) = (geometry.frame_of(room.id), geometry.position(room.id)) {
                cells.entry((f, p)).or_default().push(room.id);
            }
        }
        let mut explained: FxHashMap<Pair, u32> = FxHashMap::default();
        let mut pairs = Vec::new();
        for room in map.rooms() {
            pairs.clear();
            duplicates(&groups(map.exits_from(room.id)), &mut pairs);
            for p in &pairs {
                *explained.entry(*p).or_insert(0) += 1;
            }
        }
        let (geometric_at, geometric) = geometric_by_position(map, &tin, euler.len());
        TrialJudge {
            map,
            geometry,
            tin,
            tout,
            euler,
            span,
            cells,
            explained,
            geometric_at,
            geometric,
        }
    }

    /// How the conflict count changes if `edit` is made (`None` if its exit does not exist).
    /// Equals `detect` on the edited map minus `detect` on this one.
    pub fn delta(&self, edit: &Edit) -> Option<i64> {
        let map = self.map;
        let (removed, added) = edit.parts(map)?;
        let old = map.exit(edit.exit())?;
        let new = added.first().filter(|e| e.id == old.id);
        let after = After {
            map,
            removed: &removed,
            added: &added,
        };
        let (a, b) = (old.from, old.to);
        let mut delta = 0i64;
        // Duplicate labels at the two rooms, and the overlaps they explain.
        let mut change: FxHashMap<Pair, i64> = FxHashMap::default();
        let mut pairs = Vec::new();
        for room in [a, b].into_iter().take(if a == b { 1 } else { 2 }) {
            pairs.clear();
            delta -= duplicates(&groups(map.exits_from(room)), &mut pairs);
            for p in &pairs {
                *change.entry(*p).or_insert(0) -= 1;
            }
            pairs.clear();
            delta += duplicates(&groups(after.from(room)), &mut pairs);
            for p in &pairs {
                *change.entry(*p).or_insert(0) += 1;
            }
        }
        change.retain(|p, d| {
            let base = i64::from(self.explained.get(p).copied().unwrap_or(0));
            (base > 0) != (base + *d > 0)
        });
        // The reverse mismatch of the pair.
        if a != b {
            let before = mismatched(map.exits_between(a, b), map.exits_between(b, a));
            let now = mismatched(after.between(a, b), after.between(b, a));
            delta += i64::from(now) - i64::from(before);
        }
        // Geometry: loops, then overlaps.
        let moved = self.geometry_change(old, new, &after, &mut delta);
        delta += self.overlap_change(moved, &change);
        Some(delta)
    }

    /// The Euler-tour range of the rooms placed below `exit` (the subtree it hangs) and the
    /// range of its whole frame: `None` for an exit that places no room. Positions index
    /// [`TrialJudge::tour`].
    pub fn cut(&self, exit: ExitId) -> Option<((u32, u32), (u32, u32))> {
        let c = self.child_of(exit)?;
        Some(((self.tin(c), self.tout(c)), self.span_of(self.frame(c))))
    }

    /// Where each room sits in the Euler tour of the forest (`None` for ids with no room).
    pub fn tour(&self, room: RoomId) -> Option<u32> {
        self.tin
            .get(room.0 as usize)
            .copied()
            .filter(|t| *t != u32::MAX)
    }

    /// Number of positions in the Euler tour.
    pub fn tour_len(&self) -> usize {
        self.euler.len()
    }

    /// The exits that close a loop conflict, as this judge counts them.
    pub fn loop_exits(&self) -> impl Iterator<Item = &'a Exit> + '_ {
        self.map.exits().filter(|e| self.loop_now(e))
    }

    /// The rooms of each cell that counts as an overlap conflict, as this judge counts them.
    pub fn overlapping_cells(&self) -> impl Iterator<Item = &[RoomId]> + '_ {
        self.cells
            .values()
            .filter(|here| Self::overlapping(here, |p| self.explained.contains_key(&p)))
            .map(Vec::as_slice)
    }

    /// The Euler-tour range of the rooms below `room` (itself included).
    pub fn subtree(&self, room: RoomId) -> Option<(u32, u32)> {
        self.tour(room).map(|t| (t, self.tout(room)))
    }

    fn pos(&self, r: RoomId) -> Vector {
        self.geometry.position(r).unwrap_or([0, 0, 0])
    }

    fn frame(&self, r: RoomId) -> u32 {
        self.geometry.frame_of(r).unwrap_or(u32::MAX)
    }

    /// The room a tree exit places (`None` for other exits).
    fn child_of(&self, e: ExitId) -> Option<RoomId> {
        self.geometry
            .tree_child
            .get(e.0 as usize)
            .copied()
            .flatten()
    }

    fn is_tree(&self, e: ExitId) -> bool {
        self.child_of(e).is_some()
    }

    /// Where `v` would put the exit's target, minus where it is.
    fn error(&self, e: &Exit, v: Vector) -> Vector {
        sub(add(self.pos(e.from), v), self.pos(e.to))
    }

    /// True if the tree exit between the exit's rooms goes the other way (then a loop of two is
    /// a reverse mismatch, not a loop).
    fn back_edge(&self, e: &Exit) -> bool {
        let goes_back = |child: RoomId, parent: RoomId| {
            self.geometry
                .parent
                .get(child.0 as usize)
                .copied()
                .flatten()
                .is_some_and(|(p, te)| {
                    p == parent && self.map.exit(te).is_some_and(|t| t.from == e.to)
                })
        };
        goes_back(e.from, e.to) || goes_back(e.to, e.from)
    }

    /// Whether a non-tree exit counts as a loop conflict today.
    fn loop_now(&self, e: &Exit) -> bool {
        match vector_of(e) {
            Some(v) if !self.is_tree(e.id) => self.error(e, v) != [0, 0, 0] && !self.back_edge(e),
            _ => false,
        }
    }

    fn tin(&self, r: RoomId) -> u32 {
        self.tin.get(r.0 as usize).copied().unwrap_or(u32::MAX)
    }

    fn tout(&self, r: RoomId) -> u32 {
        self.tout.get(r.0 as usize).copied().unwrap_or(u32::MAX)
    }

    fn span_of(&self, frame: u32) -> (u32, u32) {
        self.span.get(frame as usize).copied().unwrap_or((0, 0))
    }

    fn below(&self, c: RoomId, r: RoomId) -> bool {
        self.tin(c) <= self.tin(r) && self.tin(r) < self.tout(c)
    }

    fn contains(&self, side: Side, r: RoomId) -> bool {
        match side {
            Side::Below(c) => self.below(c, r),
            Side::Above(c) => self.frame(r) == self.frame(c) && !self.below(c, r),
            Side::Frame(f) => self.frame(r) == f,
        }
    }

    fn rooms(&self, side: Side) -> Vec<RoomId> {
        let range = |from: u32, to: u32| {
            self.euler
                .get(from as usize..to as usize)
                .unwrap_or_default()
                .iter()
                .copied()
        };
        match side {
            Side::Below(c) => range(self.tin(c), self.tout(c)).collect(),
            Side::Above(c) => {
                let (lo, hi) = self.span_of(self.frame(c));
                range(lo, self.tin(c))
                    .chain(range(self.tout(c), hi))
                    .collect()
            }
            Side::Frame(f) => {
                let (lo, hi) = self.span_of(f);
                range(lo, hi).collect()
            }
        }
    }

    fn size(&self, side: Side) -> u32 {
        match side {
            Side::Below(c) => self.tout(c).saturating_sub(self.tin(c)),
            Side::Above(c) => {
                let (lo, hi) = self.span_of(self.frame(c));
                hi.saturating_sub(lo)
                    .saturating_sub(self.size(Side::Below(c)))
            }
            Side::Frame(f) => {
                let (lo, hi) = self.span_of(f);
                hi.saturating_sub(lo)
            }
        }
    }

    /// Geometric exits (as the edit leaves them) with one room below `c` and one not.
    fn crossing(&self, c: RoomId, after: &After<'_>) -> Vec<Exit> {
        let small = if self.size(Side::Below(c)) <= self.size(Side::Above(c)) {
            Side::Below(c)
        } else {
            Side::Above(c)
        };
        // The map's geometric exits with one end on the smaller side and one not (read from the
        // tour, room by room), less those the edit takes away; then those it puts in.
        let (lo, hi) = (self.tin(c), self.tout(c));
        let (flo, fhi) = self.span_of(self.frame(c));
        let ranges = match small {
            Side::Below(_) => [(lo, hi), (0, 0)],
            _ => [(flo, lo), (hi, fhi)],
        };
        let inside = |t: u32| lo <= t && t < hi;
        let mut out = Vec::new();
        for (from, to) in ranges {
            for t in from..to {
                let (a, b) = (
                    self.geometric_at[t as usize],
                    self.geometric_at[t as usize + 1],
                );
                for &(other, id) in self
                    .geometric
                    .get(a as usize..b as usize)
                    .unwrap_or_default()
                {
                    if inside(other) != inside(t) && !after.removed.contains(&id) {
                        out.extend(self.map.exit(id).cloned());
                    }
                }
            }
        }
        for e in after.added {
            if vector_of(e).is_some() && self.below(c, e.from) != self.below(c, e.to) {
                out.push(e.clone());
            }
        }
        out
    }

    /// The subtree below `c` is cut from its parent and, if `link` is given, hung again by that
    /// exit (as edited) translated by `shift`; counts the loop changes on the crossing exits.
    fn recut(
        &self,
        c: RoomId,
        crossing: &[Exit],
        link: Option<(&Exit, Vector)>,
        delta: &mut i64,
    ) -> Move {
        let shift = link.map_or([0, 0, 0], |(_, s)| s);
        for e in crossing {
            let was = self.map.exit(e.id).is_some_and(|x| self.loop_now(x));
            let is = match (link, vector_of(e)) {
                (Some((l, _)), _) if l.id == e.id => false,
                (Some((l, _)), Some(v)) => {
                    let moved = if self.below(c, e.from) {
                        add(self.error(e, v), shift)
                    } else {
                        sub(self.error(e, v), shift)
                    };
                    let back = l.from == e.to && l.to == e.from;
                    moved != [0, 0, 0] && !back
                }
                _ => false,
            };
            *delta += i64::from(is) - i64::from(was);
        }
        let smaller_below = self.size(Side::Below(c)) <= self.size(Side::Above(c));
        match (link, smaller_below) {
            (Some(_), true) => Move {
                side: Side::Below(c),
                target: Target::Shift(shift),
            },
            (Some(_), false) => Move {
                side: Side::Above(c),
                target: Target::Shift(neg(shift)),
            },
            (None, true) => Move {
                side: Side::Below(c),
                target: Target::Detach,
            },
            (None, false) => Move {
                side: Side::Above(c),
                target: Target::Detach,
            },
        }
    }

    /// How far an exit with vector `v` moves the subtree below `c` when it hangs it.
    fn hang(&self, c: RoomId, e: &Exit, v: Vector) -> Vector {
        if self.below(c, e.to) {
            self.error(e, v)
        } else {
            neg(self.error(e, v))
        }
    }

    fn geometry_change(
        &self,
        old: &Exit,
        new: Option<&Exit>,
        after: &After<'_>,
        delta: &mut i64,
    ) -> Option<Move> {
        let (was, now) = (vector_of(old), new.and_then(vector_of));
        match (was, now) {
            (None, None) => None,
            (Some(_), _) if !self.is_tree(old.id) => {
                let is = match (new, now) {
                    (Some(n), Some(v)) => self.error(n, v) != [0, 0, 0] && !self.back_edge(n),
                    _ => false,
                };
                *delta += i64::from(is) - i64::from(self.loop_now(old));
                None
            }
            (Some(v), Some(w)) => {
                // A tree exit relabelled: same tree, its subtree translated.
                let c = self.child_of(old.id)?;
                let shift = if old.to == c { sub(w, v) } else { sub(v, w) };
                let crossing = self.crossing(c, after);
                let link = new.map(|n| (n, shift));
                Some(self.recut(c, &crossing, link, delta))
            }
            (Some(_), None) => {
                // A tree exit gone: the oldest crossing exit takes its place.
                let c = self.child_of(old.id)?;
                let crossing = self.crossing(c, after);
                let link = crossing
                    .iter()
                    .min_by_key(|e| e.id)
                    .and_then(|e| vector_of(e).map(|v| (e, self.hang(c, e, v))));
                Some(self.recut(c, &crossing, link, delta))
            }
            (None, Some(w)) => {
                let n = new?;
                let (fa, fb) = (self.frame(n.from), self.frame(n.to));
                if fa != fb {
                    // Two frames joined: the smaller one moves into the other.
                    let offset = self.error(n, w);
                    let (side, target) = if self.size(Side::Frame(fb)) <= self.size(Side::Frame(fa))
                    {
                        (Side::Frame(fb), Target::Join(fa, offset))
                    } else {
                        (Side::Frame(fa), Target::Join(fb, neg(offset)))
                    };
                    return Some(Move { side, target });
                }
                // One frame: a loop, or it replaces the newest exit on the tree path.
                let newest = self.newest_on_path(n.from, n.to)?;
                if newest < n.id {
                    let is = self.error(n, w) != [0, 0, 0] && !self.back_edge(n);
                    *delta += i64::from(is);
                    return None;
                }
                let c = self.child_of(newest)?;
                let crossing = self.crossing(c, after);
                let link = Some((n, self.hang(c, n, w)));
                Some(self.recut(c, &crossing, link, delta))
            }
        }
    }

    /// The newest exit on the tree path between two rooms of one frame.
    fn newest_on_path(&self, a: RoomId, b: RoomId) -> Option<ExitId> {
        let lca = self.geometry.lca(a, b)?;
        let mut newest: Option<ExitId> = None;
        for start in [a, b] {
            let mut cur = start;
            while cur != lca {
                let (p, e) = self
                    .geometry
                    .parent
                    .get(cur.0 as usize)
                    .copied()
                    .flatten()?;
                newest = newest.max(Some(e));
                cur = p;
            }
        }
        newest
    }

    fn explained_after(&self, p: Pair, change: &FxHashMap<Pair, i64>) -> bool {
        let base = self.explained.get(&p).copied().unwrap_or(0) > 0;
        if change.contains_key(&p) {
            !base
        } else {
            base
        }
    }

    fn overlapping(rooms: &[RoomId], explained: impl Fn(Pair) -> bool) -> bool {
        rooms.len() >= 2
            && !rooms
                .iter()
                .enumerate()
                .all(|(i, x)| rooms[i + 1..].iter().all(|y| explained(ordered(*x, *y))))
    }

    fn overlap_change(&self, moved: Option<Move>, change: &FxHashMap<Pair, i64>) -> i64 {
        let cell = |r: RoomId| (self.frame(r), self.pos(r));
        let new_cell = |m: &Move, r: RoomId| match m.target {
            Target::Shift(s) => (self.frame(r), add(self.pos(r), s)),
            Target::Join(f, s) => (f, add(self.pos(r), s)),
            Target::Detach => (DETACHED, self.pos(r)),
        };
        let mut affected: FxHashSet<Cell> = FxHashSet::default();
        let mut arriving: FxHashMap<Cell, Vec<RoomId>> = FxHashMap::default();
        if let Some(m) = &moved {
            for r in self.rooms(m.side) {
                let (from, to) = (cell(r), new_cell(m, r));
                // A room alone on its cell that lands where no room stays changes no overlap:
                // the moving rooms keep their places relative to each other, so only rooms
                // leaving a shared cell (and where they land) or joining one that stays count.
                let shared = self.cells.get(&from).is_some_and(|h| h.len() >= 2);
                let joins = || {
                    self.cells
                        .get(&to)
                        .is_some_and(|h| h.iter().any(|x| !self.contains(m.side, *x)))
                };
                if shared || joins() {
                    affected.insert(from);
                    affected.insert(to);
                    arriving.entry(to).or_default().push(r);
                }
            }
        }
        for (x, y) in change.keys() {
            for r in [*x, *y] {
                affected.insert(cell(r));
                if let Some(m) = moved.filter(|m| self.contains(m.side, r)) {
                    affected.insert(new_cell(&m, r));
                }
            }
        }
        let empty = Vec::new();
        let mut delta = 0i64;
        for k in affected {
            let here = self.cells.get(&k).unwrap_or(&empty);
            let before = Self::overlapping(here, |p| self.explained.contains_key(&p));
            let mut now: Vec<RoomId> = here
                .iter()
                .copied()
                .filter(|r| !moved.is_some_and(|m| self.contains(m.side, *r)))
                .collect();
            now.extend(arriving.get(&k).into_iter().flatten());
            let after = Self::overlapping(&now, |p| self.explained_after(p, change));
            delta += i64::from(after) - i64::from(before);
        }
        delta
    }
}

/// An Euler tour of the placing forest, from every root in room order: each room's entry and
/// exit times, the tour, and each frame's span of it. O(V).
fn euler_tour(map: &Map, geometry: &Geometry) -> Tour {
    let n = geometry.parent.len();
    // Children lists (compressed), then an Euler tour from every root.
    let mut start = vec![0u32; n + 1];
    for p in geometry.parent.iter().flatten() {
        start[p.0 .0 as usize + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut children = vec![RoomId(0); start[n] as usize];
    for (i, p) in geometry.parent.iter().enumerate() {
        if let Some((p, _)) = p {
            let slot = &mut fill[p.0 as usize];
            children[*slot as usize] = RoomId(i as u32);
            *slot += 1;
        }
    }
    let mut tin = vec![u32::MAX; n];
    let mut tout = vec![u32::MAX; n];
    let mut euler = Vec::with_capacity(map.room_count());
    let frames = geometry
        .frame
        .iter()
        .filter(|f| **f != u32::MAX)
        .max()
        .map_or(0, |f| *f as usize + 1);
    let mut span = vec![(0u32, 0u32); frames];
    let mut stack: Vec<(RoomId, u32)> = Vec::new();
    for room in map.rooms() {
        let r = room.id;
        if geometry
            .parent
            .get(r.0 as usize)
            .copied()
            .flatten()
            .is_some()
        {
            continue;
        }
        let Some(frame) = geometry.frame_of(r) else {
            continue;
        };
        let first = euler.len() as u32;
        stack.push((r, start[r.0 as usize]));
        tin[r.0 as usize] = first;
        euler.push(r);
        while let Some((v, next)) = stack.last_mut() {
            let i = v.0 as usize;
            if *next < start[i + 1] {
                let c = children[*next as usize];
                *next += 1;
                tin[c.0 as usize] = euler.len() as u32;
                euler.push(c);
                stack.push((c, start[c.0 as usize]));
            } else {
                tout[i] = euler.len() as u32;
                stack.pop();
            }
        }
        if let Some(s) = span.get_mut(frame as usize) {
            *s = (first, euler.len() as u32);
        }
    }
    Tour {
        tin,
        tout,
        euler,
        span,
    }
}

/// The geometric exits by the tour positions of their rooms, each listed at both ends: where
/// each position's exits start, then the (other end, exit) pairs. O(E).
fn geometric_by_position(map: &Map, tin: &[u32], len: usize) -> (Vec<u32>, Vec<(u32, ExitId)>) {
    let at = |r: RoomId| tin.get(r.0 as usize).copied().filter(|t| *t != u32::MAX);
    let ends: Vec<(u32, u32, ExitId)> = map
        .exits()
        .filter(|e| vector_of(e).is_some())
        .filter_map(|e| Some((at(e.from)?, at(e.to)?, e.id)))
        .collect();
    let mut geometric_at = vec![0u32; len + 1];
    for &(a, b, _) in &ends {
        geometric_at[a as usize + 1] += 1;
        geometric_at[b as usize + 1] += 1;
    }
    for i in 0..len {
        geometric_at[i + 1] += geometric_at[i];
    }
    let mut next = geometric_at.clone();
    let mut geometric = vec![(0u32, ExitId(0)); ends.len() * 2];
    for &(a, b, id) in &ends {
        for (here, other) in [(a, b), (b, a)] {
            geometric[next[here as usize] as usize] = (other, id);
            next[here as usize] += 1;
        }
    }
    (geometric_at, geometric)
}

/// See [`euler_tour`].
struct Tour {
    tin: Vec<u32>,
    tout: Vec<u32>,
    euler: Vec<RoomId>,
    span: Vec<(u32, u32)>,
}
