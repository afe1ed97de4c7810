//! Positions and the spanning forest of the geometric exits, kept up to date while a repair
//! loop edits one exit at a time: what [`super::Geometry::infer`] would build on the edited map,
//! without building it again.
//!
//! The forest is the minimum spanning forest of the geometric exits by exit id (what the
//! builder makes, reading exits in id order). So:
//! - an exit that leaves geometry outside the tree changes nothing but itself;
//! - a tree exit that leaves hands its place to the oldest geometric exit crossing its cut, and
//!   the smaller side of the cut moves to agree with that exit (or, with nothing crossing,
//!   becomes a frame of its own);
//! - an exit that joins geometry joins two frames (the smaller moves into the other), closes a
//!   loop, or takes the place of the newest exit on the tree path between its rooms (whose
//!   smaller side moves).
//!
//! Positions matter only relative to each other within a frame, and the forest keeps exactly
//! those of the builder (a property test compares them on random maps and edits); its frame
//! numbers and which room is a frame's root may differ. Every change costs the smaller side of
//! the cut it touches and that side's exits, as the builder's merges do.

mod cells;
mod cut;

pub use cells::Cells;
pub use cut::{Cut, Marks};

use super::geometry::Geometry;
use super::room_lists::RoomLists;
use crate::domain::direction::{add, sub, Vector};
use crate::domain::map::{Exit, ExitId, Map, Origin, RoomId};

/// A cell: a frame and a position in it.
pub type Cell = (u32, Vector);

const NO_FRAME: u32 = u32::MAX;

/// The exit's ends and vector if it takes part in geometry (the builder's rule).
pub fn geometric_part(e: &Exit) -> Option<(RoomId, RoomId, Vector)> {
    e.label
        .vector()
        .filter(|_| e.geometric && e.origin == Origin::Observed && e.from != e.to)
        .map(|v| (e.from, e.to, v))
}

/// What one edit did to the forest.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reshape {
    /// Rooms that changed cell, each with the cell it left.
    pub moved: Vec<(RoomId, Cell)>,
    /// Geometric exits outside the tree with one end among the moved rooms and one not: their
    /// loop error changed.
    pub stretched: Vec<ExitId>,
    /// Exits that joined or left the tree, or joined or left geometry.
    pub retreed: Vec<ExitId>,
    /// Tree exits whose cut changed (they lie on the loop the new tree exit closed).
    pub recut: Vec<ExitId>,
    /// The geometric exits that crossed the cut of a tree exit that left (the replacement
    /// among them): the cuts in `recut` gain those they did not cross and lose those they did.
    pub crossed: Vec<ExitId>,
}

impl Reshape {
    fn extend(&mut self, other: Reshape) {
        self.moved.extend(other.moved);
        self.stretched.extend(other.stretched);
        self.retreed.extend(other.retreed);
        self.recut.extend(other.recut);
        self.crossed.extend(other.crossed);
    }
}

/// See the module docs.
#[derive(Debug, Clone, Default)]
pub struct Forest {
    pos: Vec<Vector>,
    frame: Vec<u32>,
    frame_size: Vec<u32>,
    parent: Vec<Option<(RoomId, ExitId)>>,
    depth: Vec<u32>,
    /// Per room: the rooms of its subtree, itself included (a cut searches only its smaller
    /// side, known from the size below its lower end and its frame's size).
    below: Vec<u32>,
    /// Tree exits at each room, each with its other end (read without looking the exit up:
    /// a cut's search walks these).
    adj: RoomLists<(ExitId, RoomId)>,
    /// Per exit id: ends and vector of the exits in geometry.
    geo: Vec<Option<(RoomId, RoomId, Vector)>>,
    /// The exits in geometry at each room, each with its start and end (a cut's crossing
    /// exits are read from here rather than from the map's exits, most of which are not in
    /// geometry).
    at: RoomLists<(ExitId, RoomId, RoomId)>,
    tree: Vec<bool>,
    /// The rooms on each cell.
    cells: Cells,
}

impl Forest {
    /// The forest of a map, as the builder makes it.
    pub fn of(map: &Map) -> Forest {
        let g = Geometry::infer(map);
        let rooms = map.room_bound();
        let mut f = Forest {
            pos: vec![[0, 0, 0]; rooms],
            frame: vec![NO_FRAME; rooms],
            frame_size: Vec::new(),
            parent: vec![None; rooms],
            depth: vec![0; rooms],
            below: vec![1; rooms],
            adj: RoomLists::new(rooms, (ExitId(0), RoomId(0))),
            geo: vec![None; map.exit_bound()],
            at: RoomLists::new(rooms, (ExitId(0), RoomId(0), RoomId(0))),
            tree: vec![false; map.exit_bound()],
            cells: Cells::default(),
        };
        let mut placed = Vec::with_capacity(rooms);
        for room in map.rooms() {
            let i = room.id.0 as usize;
            let (Some(p), Some(fr)) = (g.position(room.id), g.frame_of(room.id)) else {
                continue;
            };
            f.pos[i] = p;
            f.frame[i] = fr;
            f.parent[i] = g.parent.get(i).copied().flatten();
            f.depth[i] = g.depth.get(i).copied().unwrap_or(0);
            if f.frame_size.len() <= fr as usize {
                f.frame_size.resize(fr as usize + 1, 0);
            }
            f.frame_size[fr as usize] += 1;
            placed.push(((fr, p), room.id));
        }
        f.cells = Cells::of(&placed);
        for e in map.exits() {
            f.set_geo(e.id, geometric_part(e));
        }
        for (i, p) in f.parent.clone().iter().enumerate() {
            if let Some((up, e)) = p {
                f.tree[e.0 as usize] = true;
                f.adj.push(i as u32, (*e, *up));
                f.adj.push(up.0, (*e, RoomId(i as u32)));
            }
        }
        // Subtree sizes, deepest rooms first.
        let mut order: Vec<usize> = (0..rooms).collect();
        order.sort_unstable_by_key(|i| std::cmp::Reverse(f.depth[*i]));
        for i in order {
            if let Some((up, _)) = f.parent[i] {
                f.below[up.0 as usize] += f.below[i];
            }
        }
        f
    }

    /// The rooms of the subtree below `r`, `r` included.
    pub fn subtree_size(&self, r: RoomId) -> u32 {
        self.below.get(r.0 as usize).copied().unwrap_or(0)
    }

    /// Adds `n` rooms (or takes them away) on `r` and every room above it.
    fn grow_above(&mut self, r: RoomId, n: u32, add: bool) {
        let mut x = Some(r);
        while let Some(y) = x {
            if let Some(s) = self.below.get_mut(y.0 as usize) {
                *s = if add { *s + n } else { s.saturating_sub(n) };
            }
            x = self.parent(y).map(|(p, _)| p);
        }
    }

    /// The exit's ends and vector, if it is in geometry.
    pub fn part(&self, e: ExitId) -> Option<(RoomId, RoomId, Vector)> {
        self.geo.get(e.0 as usize).copied().flatten()
    }

    /// True for a tree exit.
    pub fn is_tree(&self, e: ExitId) -> bool {
        self.tree.get(e.0 as usize).copied().unwrap_or(false)
    }

    /// A room's position in its frame.
    pub fn position(&self, r: RoomId) -> Vector {
        self.pos.get(r.0 as usize).copied().unwrap_or([0, 0, 0])
    }

    /// A room's frame (`None` for ids with no room).
    pub fn frame_of(&self, r: RoomId) -> Option<u32> {
        self.frame
            .get(r.0 as usize)
            .copied()
            .filter(|f| *f != NO_FRAME)
    }

    /// A room's cell.
    pub fn cell(&self, r: RoomId) -> Option<Cell> {
        Some((self.frame_of(r)?, self.position(r)))
    }

    /// The rooms on a cell, in id order.
    pub fn rooms_at(&self, cell: &Cell) -> &[RoomId] {
        self.cells.rooms_at(cell)
    }

    /// Number of rooms in a frame.
    pub fn frame_size(&self, frame: u32) -> u32 {
        self.frame_size.get(frame as usize).copied().unwrap_or(0)
    }

    /// Where the exit would put its end minus where it is (zero for an exit that agrees with
    /// the lattice; `None` for an exit not in geometry).
    pub fn error(&self, e: ExitId) -> Option<Vector> {
        let (a, b, v) = self.part(e)?;
        Some(sub(add(self.position(a), v), self.position(b)))
    }

    /// The tree exit between two rooms, if they are joined by one.
    pub fn tree_exit_between(&self, a: RoomId, b: RoomId) -> Option<ExitId> {
        let up = |x: RoomId, y: RoomId| {
            self.parent
                .get(x.0 as usize)
                .copied()
                .flatten()
                .filter(|(p, _)| *p == y)
                .map(|(_, e)| e)
        };
        up(a, b).or_else(|| up(b, a))
    }

    /// True if the tree exit between the exit's rooms goes the other way (a loop of two rooms:
    /// a reverse mismatch, not a loop).
    pub fn back_edge(&self, e: ExitId) -> bool {
        let Some((a, b, _)) = self.part(e) else {
            return false;
        };
        self.tree_exit_between(a, b)
            .and_then(|t| self.part(t))
            .is_some_and(|(ta, tb, _)| ta == b && tb == a)
    }

    /// True for a geometric exit outside the tree that closes a loop conflict.
    pub fn closes_loop(&self, e: ExitId) -> bool {
        !self.is_tree(e) && self.error(e).is_some_and(|x| x != [0, 0, 0]) && !self.back_edge(e)
    }

    /// The tree exits on the path between two rooms of one frame, each once.
    pub fn path(&self, a: RoomId, b: RoomId) -> Vec<ExitId> {
        let mut out = Vec::new();
        let (mut x, mut y) = (a, b);
        let depth = |r: RoomId| self.depth.get(r.0 as usize).copied().unwrap_or(0);
        let up = |r: RoomId| self.parent.get(r.0 as usize).copied().flatten();
        while x != y {
            let step_x = depth(x) >= depth(y);
            let cur = if step_x { x } else { y };
            let Some((p, e)) = up(cur) else {
                break;
            };
            out.push(e);
            if step_x {
                x = p;
            } else {
                y = p;
            }
        }
        out
    }

    /// A room's tree parent and the exit between them (`None` at a root).
    pub fn parent(&self, r: RoomId) -> Option<(RoomId, ExitId)> {
        self.parent.get(r.0 as usize).copied().flatten()
    }

    /// A room's depth below its root (only differences along a parent chain mean anything).
    pub fn depth(&self, r: RoomId) -> u32 {
        self.depth.get(r.0 as usize).copied().unwrap_or(0)
    }

    /// A depth-first tour of the forest: per room, when the tour enters it and when it leaves
    /// its subtree (each a tick of its own), so that `r` lies in the subtree of `c` exactly when
    /// `enter[c] <= enter[r] < leave[c]`. Costs the rooms and tree exits once.
    pub fn tour(&self) -> (Vec<u32>, Vec<u32>) {
        let n = self.pos.len();
        let (mut enter, mut leave) = (vec![0u32; n], vec![0u32; n]);
        let mut clock = 0u32;
        // (room, next adjacency index to look at)
        let mut stack: Vec<(RoomId, usize)> = Vec::new();
        for root in 0..n {
            if self.parent[root].is_some() {
                continue;
            }
            stack.push((RoomId(root as u32), 0));
            enter[root] = clock;
            clock += 1;
            while let Some(top) = stack.last_mut() {
                let (x, k) = *top;
                let adj = self.adj.get(x.0);
                if k == adj.len() {
                    leave[x.0 as usize] = clock;
                    clock += 1;
                    stack.pop();
                    continue;
                }
                top.1 += 1;
                let (t, o) = adj[k];
                if self.parent[o.0 as usize].is_some_and(|(p, pt)| p == x && pt == t) {
                    enter[o.0 as usize] = clock;
                    clock += 1;
                    stack.push((o, 0));
                }
            }
        }
        (enter, leave)
    }

    /// The rooms that hang from `r`.
    pub fn children(&self, r: RoomId) -> impl Iterator<Item = RoomId> + '_ {
        self.adj.get(r.0).iter().filter_map(move |&(t, o)| {
            self.parent(o)
                .filter(|(p, pt)| *p == r && *pt == t)
                .map(|_| o)
        })
    }

    /// The end of a tree exit that hangs from it (`None` outside the tree).
    pub fn lower_end(&self, e: ExitId) -> Option<RoomId> {
        let (a, b, _) = self.part(e).filter(|_| self.is_tree(e))?;
        [a, b]
            .into_iter()
            .find(|r| self.parent(*r).is_some_and(|(_, t)| t == e))
    }

    /// The shift that makes the geometric exit `x` agree when the rooms on its start's side
    /// (`start_moves`) or on its end's side move.
    pub fn shift_to_fit(&self, x: ExitId, start_moves: bool) -> Vector {
        let Some((a, b, v)) = self.part(x) else {
            return [0, 0, 0];
        };
        if start_moves {
            sub(sub(self.position(b), v), self.position(a))
        } else {
            sub(add(self.position(a), v), self.position(b))
        }
    }

    /// Sets an exit's geometric part, keeping the exits at each room.
    fn set_geo(&mut self, e: ExitId, part: Option<(RoomId, RoomId, Vector)>) {
        let i = e.0 as usize;
        if let Some((a, b, _)) = self.geo.get(i).copied().flatten() {
            for r in [a, b] {
                self.at.retain(r.0, |(x, _, _)| *x != e);
            }
        }
        if let Some((a, b, _)) = part {
            for r in [a, b] {
                self.at.push(r.0, (e, a, b));
            }
        }
        if let Some(slot) = self.geo.get_mut(i) {
            *slot = part;
        }
    }

    /// Takes an exit out of geometry (it left the map, lost its vector or was marked
    /// non-geometric). Its ends are read from the forest, not the map.
    pub fn remove(&mut self, e: ExitId, marks: &mut Marks) -> Reshape {
        let mut out = Reshape::default();
        if self.part(e).is_none() {
            return out;
        }
        out.retreed.push(e);
        if !self.is_tree(e) {
            self.set_geo(e, None);
            return out;
        }
        let Some(cut) = self.cut(e, marks) else {
            return out;
        };
        let replacement = cut.oldest();
        if let Some((r, _)) = replacement {
            out.recut = self.cycle(r, e);
        }
        out.crossed = cut.crossing.iter().map(|(x, _)| *x).collect();
        self.unlink(e);
        self.set_geo(e, None);
        match replacement {
            Some((r, start_inside)) => {
                // Move the side so that the replacement agrees, and hang it from there.
                let (ra, rb, _) = self.part(r).unwrap_or((cut.near, cut.far, [0, 0, 0]));
                let shift = self.shift_to_fit(r, start_inside);
                let (inner, outer) = if start_inside { (ra, rb) } else { (rb, ra) };
                let frame = self.frame_of(outer).unwrap_or(NO_FRAME);
                out.moved = self.translate(&cut.side, shift, frame);
                if shift != [0, 0, 0] {
                    out.stretched = cut
                        .crossing
                        .iter()
                        .map(|(x, _)| *x)
                        .filter(|x| *x != r)
                        .collect();
                }
                self.hang(inner, Some((outer, r)));
                self.link(r);
                out.retreed.push(r);
            }
            None => {
                // Nothing crosses: the side becomes a frame of its own.
                let frame = self.frame_size.len() as u32;
                self.frame_size.push(0);
                out.moved = self.translate(&cut.side, [0, 0, 0], frame);
                self.hang(cut.near, None);
            }
        }
        out
    }

    /// Puts an exit into geometry (it joined the map, gained a vector, or changed ends) with
    /// its id, as the builder would have placed it.
    pub fn insert(&mut self, e: &Exit, marks: &mut Marks) -> Reshape {
        let mut out = Reshape::default();
        let Some((a, b, v)) = geometric_part(e) else {
            return out;
        };
        let i = e.id.0 as usize;
        if self.geo.len() <= i {
            self.geo.resize(i + 1, None);
            self.tree.resize(i + 1, false);
        }
        self.set_geo(e.id, Some((a, b, v)));
        out.retreed.push(e.id);
        let (Some(fa), Some(fb)) = (self.frame_of(a), self.frame_of(b)) else {
            return out;
        };
        if fa != fb {
            // Two frames joined: the smaller moves into the other.
            let b_moves = self.frame_size(fb) <= self.frame_size(fa);
            let (inner, outer) = if b_moves { (b, a) } else { (a, b) };
            let side = self.component(inner);
            let shift = if b_moves {
                sub(add(self.position(a), v), self.position(b))
            } else {
                sub(sub(self.position(b), v), self.position(a))
            };
            let frame = self.frame_of(outer).unwrap_or(NO_FRAME);
            out.moved = self.translate(&side, shift, frame);
            self.hang(inner, Some((outer, e.id)));
            self.link(e.id);
            return out;
        }
        // One frame: the exit takes the place of the newest tree exit on the path if it is older.
        let path = self.path(a, b);
        let Some(newest) = path.iter().copied().max().filter(|m| *m > e.id) else {
            return out;
        };
        // Swap: the newest exit leaves the tree (keeping its place in geometry).
        let Some(cut) = self.cut(newest, marks) else {
            return out;
        };
        out.recut = path.into_iter().filter(|x| *x != newest).collect();
        self.unlink(newest);
        out.retreed.push(newest);
        let inside = |r: RoomId| cut.side.contains(&r);
        let start_inside = inside(a);
        let shift = if start_inside {
            sub(sub(self.position(b), v), self.position(a))
        } else {
            sub(add(self.position(a), v), self.position(b))
        };
        let (inner, outer) = if start_inside { (a, b) } else { (b, a) };
        let frame = self.frame_of(outer).unwrap_or(NO_FRAME);
        out.moved = self.translate(&cut.side, shift, frame);
        if shift != [0, 0, 0] {
            out.stretched = cut.crossing.iter().map(|(x, _)| *x).collect();
            out.stretched.push(newest);
        }
        self.hang(inner, Some((outer, e.id)));
        self.link(e.id);
        out
    }

    /// Applies a whole change: `removed` are the exits' versions before it, `added` after it.
    /// Exits whose geometry is unchanged are left alone.
    pub fn apply(&mut self, removed: &[Exit], added: &[Exit], marks: &mut Marks) -> Reshape {
        let mut out = Reshape::default();
        let same = |x: &Exit| {
            let now = added.iter().find(|a| a.id == x.id).and_then(geometric_part);
            now.is_some() && now == self.part(x.id)
        };
        let leaving: Vec<ExitId> = removed
            .iter()
            .filter(|x| self.part(x.id).is_some() && !same(x))
            .map(|x| x.id)
            .collect();
        // Exits outside the tree first, so that no changed exit is taken for a replacement.
        let (tree, loose): (Vec<ExitId>, Vec<ExitId>) =
            leaving.into_iter().partition(|x| self.is_tree(*x));
        for x in loose.into_iter().chain(tree) {
            out.extend(self.remove(x, marks));
        }
        let mut joining: Vec<&Exit> = added
            .iter()
            .filter(|x| geometric_part(x).is_some() && self.part(x.id).is_none())
            .collect();
        joining.sort_by_key(|x| x.id);
        for x in joining {
            out.extend(self.insert(x, marks));
        }
        out
    }

    /// The tree exits on the path between the ends of `x` (outside the tree), less `skip`.
    fn cycle(&self, x: ExitId, skip: ExitId) -> Vec<ExitId> {
        self.part(x)
            .map(|(a, b, _)| self.path(a, b))
            .unwrap_or_default()
            .into_iter()
            .filter(|t| *t != skip)
            .collect()
    }

    /// Every room of the tree component holding `r`.
    fn component(&self, r: RoomId) -> Vec<RoomId> {
        let mut out = vec![r];
        let mut i = 0;
        let mut seen = rustc_hash::FxHashSet::default();
        seen.insert(r);
        while i < out.len() {
            let x = out[i];
            i += 1;
            for &(_, o) in self.adj.get(x.0) {
                if seen.insert(o) {
                    out.push(o);
                }
            }
        }
        out
    }

    /// Moves rooms by `shift` into `frame`; returns those whose cell changed, with the old one.
    fn translate(&mut self, rooms: &[RoomId], shift: Vector, frame: u32) -> Vec<(RoomId, Cell)> {
        let mut moved = Vec::new();
        for &r in rooms {
            let i = r.0 as usize;
            let old = (self.frame[i], self.pos[i]);
            let new = (frame, add(self.pos[i], shift));
            if old == new {
                continue;
            }
            self.cells.remove(&old, r);
            self.cells.insert(new, r);
            if old.0 != frame {
                if let Some(s) = self.frame_size.get_mut(old.0 as usize) {
                    *s -= 1;
                }
                if let Some(s) = self.frame_size.get_mut(frame as usize) {
                    *s += 1;
                }
            }
            self.frame[i] = new.0;
            self.pos[i] = new.1;
            moved.push((r, old));
        }
        moved
    }

    /// Takes a tree exit out of the tree; the end that hung from it becomes its part's root.
    fn unlink(&mut self, e: ExitId) {
        let Some((a, b, _)) = self.part(e) else {
            return;
        };
        if let Some(low) = self.lower_end(e) {
            if let Some((up, _)) = self.parent(low) {
                self.grow_above(up, self.subtree_size(low), false);
            }
        }
        for r in [a, b] {
            self.adj.retain(r.0, |(t, _)| *t != e);
            if self.parent[r.0 as usize].is_some_and(|(_, t)| t == e) {
                self.parent[r.0 as usize] = None;
            }
        }
        self.tree[e.0 as usize] = false;
    }

    /// Makes a geometric exit a tree exit (its ends already hang as they should).
    fn link(&mut self, e: ExitId) {
        let Some((a, b, _)) = self.part(e) else {
            return;
        };
        self.adj.push(a.0, (e, b));
        self.adj.push(b.0, (e, a));
        self.tree[e.0 as usize] = true;
    }

    /// Re-roots the tree component of `root` (not yet linked to `up`) at `root`, hanging it
    /// from `up`.
    fn hang(&mut self, root: RoomId, up: Option<(RoomId, ExitId)>) {
        let i = root.0 as usize;
        self.parent[i] = up;
        self.depth[i] = up.map_or(0, |(p, _)| self.depth[p.0 as usize] + 1);
        let mut stack = vec![root];
        let mut order: Vec<RoomId> = Vec::new();
        while let Some(x) = stack.pop() {
            order.push(x);
            self.below[x.0 as usize] = 1;
            let d = self.depth[x.0 as usize] + 1;
            let from = self.parent[x.0 as usize].map(|(_, t)| t);
            for k in 0..self.adj.get(x.0).len() {
                let (t, o) = self.adj.get(x.0)[k];
                if Some(t) == from {
                    continue;
                }
                self.parent[o.0 as usize] = Some((x, t));
                self.depth[o.0 as usize] = d;
                stack.push(o);
            }
        }
        // Subtree sizes: every room after its parent in `order`.
        for &x in order.iter().skip(1).rev() {
            if let Some((p, _)) = self.parent(x) {
                self.below[p.0 as usize] += self.below[x.0 as usize];
            }
        }
        if let Some((p, _)) = up {
            self.grow_above(p, self.subtree_size(root), true);
        }
    }
}
