//! Lattice positions from the Reasoning History Tree.
//!
//! Exits are read in commit order (exit id order). An exit that carries a vector and reaches an
//! unplaced room places it and becomes its tree edge; one that joins two frames merges the
//! smaller into the larger (translating it and re-rooting its tree at the joining room); one that
//! joins two placed rooms of one frame either agrees with the lattice or closes an inconsistent
//! loop. Rooms no geometric exit reaches get a frame of their own at the origin.
//!
//! [`GeometryBuilder`] does this one exit at a time, so detection can follow a growing history
//! incrementally; [`Geometry::infer`] runs it over a whole map.
//!
//! # Complexity
//! O((V + E) log V): every merge moves the smaller frame.

use crate::domain::direction::{add, sub, Vector};
use crate::domain::map::{Exit, ExitId, Map, Origin, RoomId};

/// An exit that closes a loop whose displacement is not zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoopClosure {
    /// The closing exit.
    pub exit: ExitId,
    /// Where the exit puts its target minus where the tree put it.
    pub error: Vector,
    /// True if the exit is the way back along its ends' own tree edge (a loop of two rooms:
    /// reported as a reverse mismatch instead).
    pub back_edge: bool,
}

/// Positions, frames and the tree. All vectors are indexed by room id (or exit id).
#[derive(Debug, Clone, Default)]
pub struct Geometry {
    /// Position in its frame (`None` for ids with no room).
    pub pos: Vec<Option<Vector>>,
    /// Frame (connected geometric component) per room.
    pub frame: Vec<u32>,
    /// Tree parent and the exit that joins them.
    pub parent: Vec<Option<(RoomId, ExitId)>>,
    /// True when the parent's exit goes parent → child (false: child → parent).
    pub parent_forward: Vec<bool>,
    /// Depth in the tree (0 at a frame's root).
    pub depth: Vec<u32>,
    /// Rooms in the subtree below each room, itself included.
    pub subtree: Vec<u32>,
    /// For tree exits, the room they place (indexed by exit id; `None` for non-tree exits).
    pub tree_child: Vec<Option<RoomId>>,
    /// Exits closing an inconsistent loop.
    pub loops: Vec<LoopClosure>,
}

const NO_FRAME: u32 = u32::MAX;

/// What adding one exit did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placement {
    /// The exit carries no geometry (no vector, inferred, marked non-geometric, a self-loop).
    Skipped,
    /// It placed these rooms (one or both ends).
    Placed(Vec<RoomId>),
    /// It joined two frames: these rooms moved into the other frame.
    Merged(Vec<RoomId>),
    /// It joined two rooms of one frame consistently.
    Consistent,
    /// It closed an inconsistent loop.
    Loop(LoopClosure),
}

/// Builds a [`Geometry`] one exit at a time. See the module docs.
#[derive(Debug, Clone, Default)]
pub struct GeometryBuilder {
    g: Geometry,
    members: Vec<Vec<RoomId>>,
}

impl GeometryBuilder {
    /// An empty builder.
    pub fn new() -> GeometryBuilder {
        GeometryBuilder::default()
    }

    /// The geometry so far (depths and subtree sizes are filled in by [`GeometryBuilder::finish`]).
    pub fn current(&self) -> &Geometry {
        &self.g
    }

    fn grow(&mut self, room: RoomId) {
        let need = room.0 as usize + 1;
        if self.g.pos.len() < need {
            self.g.pos.resize(need, None);
            self.g.frame.resize(need, NO_FRAME);
            self.g.parent.resize(need, None);
            self.g.parent_forward.resize(need, true);
        }
    }

    fn place(
        &mut self,
        room: RoomId,
        p: Vector,
        frame: u32,
        parent: Option<(RoomId, ExitId, bool)>,
    ) {
        let i = room.0 as usize;
        self.g.pos[i] = Some(p);
        self.g.frame[i] = frame;
        self.g.parent[i] = parent.map(|(r, e, _)| (r, e));
        self.g.parent_forward[i] = parent.is_none_or(|(_, _, f)| f);
        self.members[frame as usize].push(room);
    }

    fn new_frame(&mut self) -> u32 {
        self.members.push(Vec::new());
        (self.members.len() - 1) as u32
    }

    /// Adds one exit (exits must come in commit order).
    pub fn add_exit(&mut self, e: &Exit) -> Placement {
        let Some(v) = e
            .label
            .vector()
            .filter(|_| e.geometric && e.origin == Origin::Observed)
        else {
            return Placement::Skipped;
        };
        if e.from == e.to {
            return Placement::Skipped;
        }
        self.grow(e.from);
        self.grow(e.to);
        let (a, b) = (e.from.0 as usize, e.to.0 as usize);
        match (self.g.pos[a], self.g.pos[b]) {
            (None, None) => {
                let f = self.new_frame();
                self.place(e.from, [0, 0, 0], f, None);
                self.place(e.to, v, f, Some((e.from, e.id, true)));
                Placement::Placed(vec![e.from, e.to])
            }
            (Some(pa), None) => {
                let f = self.g.frame[a];
                self.place(e.to, add(pa, v), f, Some((e.from, e.id, true)));
                Placement::Placed(vec![e.to])
            }
            (None, Some(pb)) => {
                let f = self.g.frame[b];
                self.place(e.from, sub(pb, v), f, Some((e.to, e.id, false)));
                Placement::Placed(vec![e.from])
            }
            (Some(pa), Some(pb)) if self.g.frame[a] == self.g.frame[b] => {
                let error = sub(add(pa, v), pb);
                if error == [0, 0, 0] {
                    return Placement::Consistent;
                }
                // The way back along a tree edge that goes to → from.
                let back_edge = (self.g.parent[a].is_some_and(|(p, _)| p == e.to)
                    && self.g.parent_forward[a])
                    || (self.g.parent[b].is_some_and(|(p, _)| p == e.from)
                        && !self.g.parent_forward[b]);
                let closure = LoopClosure {
                    exit: e.id,
                    error,
                    back_edge,
                };
                self.g.loops.push(closure);
                Placement::Loop(closure)
            }
            (Some(pa), Some(pb)) => {
                let (fa, fb) = (self.g.frame[a], self.g.frame[b]);
                let b_smaller = self.members[fb as usize].len() <= self.members[fa as usize].len();
                let (keep, gone, attach, anchor, offset, forward) = if b_smaller {
                    (fa, fb, e.to, e.from, sub(add(pa, v), pb), true)
                } else {
                    (fb, fa, e.from, e.to, sub(sub(pb, v), pa), false)
                };
                let moved = std::mem::take(&mut self.members[gone as usize]);
                for r in &moved {
                    let i = r.0 as usize;
                    self.g.frame[i] = keep;
                    self.g.pos[i] = self.g.pos[i].map(|p| add(p, offset));
                }
                self.members[keep as usize].extend(moved.iter().copied());
                self.reroot(attach, anchor, e.id, forward);
                Placement::Merged(moved)
            }
        }
    }

    /// Makes `attach` hang from `anchor` via `exit`, reversing the parent chain above it.
    fn reroot(&mut self, attach: RoomId, anchor: RoomId, exit: ExitId, forward: bool) {
        let mut prev = (anchor, exit, forward);
        let mut cur = attach;
        loop {
            let i = cur.0 as usize;
            let old = self.g.parent[i].replace((prev.0, prev.1));
            let old_forward = std::mem::replace(&mut self.g.parent_forward[i], prev.2);
            match old {
                None => break,
                Some((p, pe)) => {
                    // The old edge p–cur now hangs p from cur: its orientation flips.
                    prev = (cur, pe, !old_forward);
                    cur = p;
                }
            }
        }
    }

    /// Completes the geometry for `map`: a frame for every unplaced room, depths, subtrees.
    pub fn finish(mut self, map: &Map) -> Geometry {
        let n = map.room_bound();
        if self.g.pos.len() < n {
            self.grow(RoomId(n as u32 - 1));
        }
        for r in map.rooms() {
            if self.g.pos[r.id.0 as usize].is_none() {
                let f = self.new_frame();
                self.place(r.id, [0, 0, 0], f, None);
            }
        }
        self.g.tree_child = vec![None; map.exit_bound()];
        for (i, p) in self.g.parent.iter().enumerate() {
            if let Some((_, e)) = p {
                if let Some(t) = self.g.tree_child.get_mut(e.0 as usize) {
                    *t = Some(RoomId(i as u32));
                }
            }
        }
        self.g.compute_depths(map);
        self.g
    }
}

impl Geometry {
    /// Infers positions for a map. See the module docs.
    pub fn infer(map: &Map) -> Geometry {
        let mut b = GeometryBuilder::new();
        for e in map.exits() {
            b.add_exit(e);
        }
        b.finish(map)
    }

    fn compute_depths(&mut self, map: &Map) {
        const UNSET: u32 = u32::MAX;
        let n = self.pos.len();
        let mut depth = vec![UNSET; n];
        let mut chain = Vec::new();
        for r in map.rooms() {
            let mut cur = r.id.0 as usize;
            chain.clear();
            while depth[cur] == UNSET {
                chain.push(cur);
                match self.parent[cur] {
                    Some((p, _)) => cur = p.0 as usize,
                    None => {
                        depth[cur] = 0;
                        chain.pop();
                        break;
                    }
                }
            }
            let mut d = depth[cur];
            for &c in chain.iter().rev() {
                d += 1;
                depth[c] = d;
            }
        }
        let mut order: Vec<usize> = map.rooms().map(|r| r.id.0 as usize).collect();
        order.sort_unstable_by_key(|&i| std::cmp::Reverse(depth[i]));
        let mut subtree = vec![0u32; n];
        for &i in &order {
            subtree[i] += 1;
            if let Some((p, _)) = self.parent[i] {
                subtree[p.0 as usize] += subtree[i];
            }
        }
        self.depth = depth
            .into_iter()
            .map(|d| if d == UNSET { 0 } else { d })
            .collect();
        self.subtree = subtree;
    }

    /// A room's position.
    pub fn position(&self, room: RoomId) -> Option<Vector> {
        self.pos.get(room.0 as usize).copied().flatten()
    }

    /// A room's frame.
    pub fn frame_of(&self, room: RoomId) -> Option<u32> {
        self.frame
            .get(room.0 as usize)
            .copied()
            .filter(|f| *f != NO_FRAME)
    }

    /// The deepest common ancestor of two rooms in one frame (`None` across frames).
    pub fn lca(&self, a: RoomId, b: RoomId) -> Option<RoomId> {
        if self.frame_of(a)? != self.frame_of(b)? {
            return None;
        }
        let (mut x, mut y) = (a, b);
        while self.depth[x.0 as usize] > self.depth[y.0 as usize] {
            x = self.parent[x.0 as usize]?.0;
        }
        while self.depth[y.0 as usize] > self.depth[x.0 as usize] {
            y = self.parent[y.0 as usize]?.0;
        }
        while x != y {
            x = self.parent[x.0 as usize]?.0;
            y = self.parent[y.0 as usize]?.0;
        }
        Some(x)
    }

    /// The tree exits from `ancestor` down to `room`, top first.
    pub fn path_from(&self, ancestor: RoomId, room: RoomId) -> Vec<ExitId> {
        let mut out = Vec::new();
        let mut cur = room;
        while cur != ancestor {
            match self.parent[cur.0 as usize] {
                Some((p, e)) => {
                    out.push(e);
                    cur = p;
                }
                None => break,
            }
        }
        out.reverse();
        out
    }

    /// Rooms whose position hangs on this exit (0 if it is not a tree edge).
    pub fn reach(&self, exit: ExitId) -> u32 {
        self.tree_child
            .get(exit.0 as usize)
            .copied()
            .flatten()
            .map_or(0, |child| self.subtree[child.0 as usize])
    }
}
