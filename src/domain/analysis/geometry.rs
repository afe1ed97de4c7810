//! Lattice positions from the Reasoning History Tree.
//!
//! Exits are read in commit order (exit id order). An exit that carries a vector and reaches an
//! unplaced room places it and becomes its tree edge; one that joins two frames merges the
//! smaller into the larger (translating it and re-rooting its tree at the joining room); one that
//! joins two placed rooms of one frame either agrees with the lattice or closes an inconsistent
//! loop. Rooms no geometric exit reaches get a frame of their own at the origin.
//!
//! # Complexity
//! O((V + E) log V): every merge moves the smaller frame.

use crate::domain::direction::{add, sub, Vector};
use crate::domain::map::{ExitId, Map, RoomId};

/// Positions, frames and the tree. All vectors are indexed by room id (or exit id).
#[derive(Debug, Clone, Default)]
pub struct Geometry {
    /// Position in its frame (`None` for ids with no room).
    pub pos: Vec<Option<Vector>>,
    /// Frame (connected geometric component) per room.
    pub frame: Vec<u32>,
    /// Tree parent and the exit that joins them.
    pub parent: Vec<Option<(RoomId, ExitId)>>,
    /// Depth in the tree (0 at a frame's root).
    pub depth: Vec<u32>,
    /// Rooms in the subtree below each room, itself included.
    pub subtree: Vec<u32>,
    /// For tree exits, the room they place (indexed by exit id; `None` for non-tree exits).
    pub tree_child: Vec<Option<RoomId>>,
    /// Exits closing an inconsistent loop, with the displacement error.
    pub loops: Vec<(ExitId, Vector)>,
}

const NO_FRAME: u32 = u32::MAX;

impl Geometry {
    /// Infers positions for a map. See the module docs.
    pub fn infer(map: &Map) -> Geometry {
        let n = map.room_bound();
        let mut g = Geometry {
            pos: vec![None; n],
            frame: vec![NO_FRAME; n],
            parent: vec![None; n],
            depth: vec![0; n],
            subtree: vec![0; n],
            tree_child: vec![None; map.exit_bound()],
            loops: Vec::new(),
        };
        let mut members: Vec<Vec<RoomId>> = Vec::new();
        for e in map.exits() {
            let Some(v) = e.label.vector().filter(|_| e.geometric) else {
                continue;
            };
            if e.origin == crate::domain::map::Origin::InferredReverse {
                continue;
            }
            let (a, b) = (e.from.0 as usize, e.to.0 as usize);
            if a == b {
                continue;
            }
            match (g.pos[a], g.pos[b]) {
                (None, None) => {
                    let f = members.len() as u32;
                    members.push(vec![e.from, e.to]);
                    g.place(e.from, [0, 0, 0], f, None);
                    g.place(e.to, v, f, Some((e.from, e.id)));
                }
                (Some(pa), None) => {
                    let f = g.frame[a];
                    members[f as usize].push(e.to);
                    g.place(e.to, add(pa, v), f, Some((e.from, e.id)));
                }
                (None, Some(pb)) => {
                    let f = g.frame[b];
                    members[f as usize].push(e.from);
                    g.place(e.from, sub(pb, v), f, Some((e.to, e.id)));
                }
                (Some(pa), Some(pb)) if g.frame[a] == g.frame[b] => {
                    let error = sub(add(pa, v), pb);
                    if error != [0, 0, 0] {
                        g.loops.push((e.id, error));
                    }
                }
                (Some(pa), Some(pb)) => {
                    // Merge the smaller frame into the larger along this exit.
                    let (fa, fb) = (g.frame[a], g.frame[b]);
                    let b_smaller = members[fb as usize].len() <= members[fa as usize].len();
                    let (keep, gone, attach, anchor, offset) = if b_smaller {
                        (fa, fb, e.to, e.from, sub(add(pa, v), pb))
                    } else {
                        (fb, fa, e.from, e.to, sub(sub(pb, v), pa))
                    };
                    let moved = std::mem::take(&mut members[gone as usize]);
                    for r in &moved {
                        let i = r.0 as usize;
                        g.frame[i] = keep;
                        g.pos[i] = g.pos[i].map(|p| add(p, offset));
                    }
                    members[keep as usize].extend(moved);
                    g.reroot(attach, anchor, e.id);
                }
            }
        }
        // Rooms with no geometric exit: a frame each.
        for r in map.rooms() {
            let i = r.id.0 as usize;
            if g.pos[i].is_none() {
                let f = members.len() as u32;
                members.push(vec![r.id]);
                g.place(r.id, [0, 0, 0], f, None);
            }
        }
        for (i, p) in g.parent.iter().enumerate() {
            if let Some((_, e)) = p {
                if let Some(t) = g.tree_child.get_mut(e.0 as usize) {
                    *t = Some(RoomId(i as u32));
                }
            }
        }
        g.compute_depths(map);
        g
    }

    fn place(&mut self, room: RoomId, p: Vector, frame: u32, parent: Option<(RoomId, ExitId)>) {
        let i = room.0 as usize;
        self.pos[i] = Some(p);
        self.frame[i] = frame;
        self.parent[i] = parent;
    }

    /// Makes `attach` hang from `anchor` via `exit`, reversing the parent chain above it.
    fn reroot(&mut self, attach: RoomId, anchor: RoomId, exit: ExitId) {
        let mut prev = (anchor, exit);
        let mut cur = attach;
        loop {
            let old = self.parent[cur.0 as usize].replace(prev);
            match old {
                None => break,
                Some((p, pe)) => {
                    prev = (cur, pe);
                    cur = p;
                }
            }
        }
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
