//! Localization and scoring of *every* conflict at once, for large maps.
//!
//! [`super::localize`] materializes each conflict's candidate list, which is what a person
//! inspecting one conflict needs. On a 100,000-room map with tens of thousands of loop
//! conflicts those lists add up to tens of millions of entries. This module computes what a
//! repair strategy needs instead: the LCA of every conflict (binary lifting, O(log V) each) and
//! the union of all candidates (each tree path marked once, with path-compressed jumps to the
//! nearest unmarked ancestor, O((V + C) α(V)) in all), then one Edge Impact Score ranking over
//! that union.
//!
//! The union equals the union of [`super::localize`]'s candidate lists, in the same first-seen
//! order (a test checks it).

use super::conflict::{Conflict, ConflictKind};
use super::geometry::Geometry;
use super::score::{score, ScoredExit};
use crate::domain::map::{ExitId, Map, RoomId};

/// Binary-lifting ancestor tables over the tree.
#[derive(Debug, Clone)]
pub struct Ancestors {
    up: Vec<Vec<u32>>,
}

const NONE: u32 = u32::MAX;

impl Ancestors {
    /// Builds the tables. O(V log V).
    pub fn new(geometry: &Geometry) -> Ancestors {
        let n = geometry.parent.len();
        let first: Vec<u32> = geometry
            .parent
            .iter()
            .map(|p| p.map_or(NONE, |(r, _)| r.0))
            .collect();
        let mut up = vec![first];
        let max_depth = geometry.depth.iter().copied().max().unwrap_or(0);
        let mut span = 1u32;
        while span < max_depth {
            let prev = &up[up.len() - 1];
            let next: Vec<u32> = (0..n)
                .map(|i| {
                    if prev[i] == NONE {
                        NONE
                    } else {
                        prev[prev[i] as usize]
                    }
                })
                .collect();
            up.push(next);
            span = span.saturating_mul(2);
        }
        Ancestors { up }
    }

    /// The deepest common ancestor, or `None` across frames.
    pub fn lca(&self, geometry: &Geometry, a: RoomId, b: RoomId) -> Option<RoomId> {
        if geometry.frame_of(a)? != geometry.frame_of(b)? {
            return None;
        }
        let depth = |x: u32| geometry.depth[x as usize];
        let (mut x, mut y) = (a.0, b.0);
        if depth(x) < depth(y) {
            std::mem::swap(&mut x, &mut y);
        }
        let mut diff = depth(x) - depth(y);
        let mut k = 0;
        while diff > 0 {
            if diff & 1 == 1 {
                x = self.up[k][x as usize];
            }
            diff >>= 1;
            k += 1;
        }
        if x == y {
            return Some(RoomId(x));
        }
        for level in self.up.iter().rev() {
            let (px, py) = (level[x as usize], level[y as usize]);
            if px != py && px != NONE && py != NONE {
                x = px;
                y = py;
            }
        }
        Some(RoomId(self.up[0][x as usize]))
    }
}

/// Every conflict's LCA and the union of all candidates.
#[derive(Debug, Clone, Default)]
pub struct BulkLocalization {
    /// LCA per conflict (same order as the conflicts).
    pub lca: Vec<Option<RoomId>>,
    /// Every candidate exit, once, in first-seen order: conflict by conflict, each one's
    /// candidates in [`super::localize`]'s order (its own exits, then the tree paths from the
    /// LCA down).
    pub candidates: Vec<ExitId>,
}

/// Localizes every conflict. See the module docs.
pub fn localize_all(map: &Map, geometry: &Geometry, conflicts: &[Conflict]) -> BulkLocalization {
    let ancestors = Ancestors::new(geometry);
    let mut marked = vec![false; map.exit_bound()];
    let mut out = BulkLocalization::default();
    // jump[v]: v itself while its parent edge is unmarked, else a shortcut upwards.
    let mut jump: Vec<u32> = (0..geometry.parent.len() as u32).collect();
    let take = |e: ExitId, out: &mut BulkLocalization, marked: &mut Vec<bool>| {
        if let Some(m) = marked.get_mut(e.0 as usize) {
            if !*m {
                *m = true;
                out.candidates.push(e);
            }
        }
    };
    let mut mark_path =
        |from: RoomId, lca: RoomId, out: &mut BulkLocalization, marked: &mut Vec<bool>| {
            let stop = geometry.depth[lca.0 as usize];
            let first = out.candidates.len();
            let mut v = find(&mut jump, from.0);
            while geometry.depth[v as usize] > stop {
                let Some((p, e)) = geometry.parent[v as usize] else {
                    break;
                };
                take(e, out, marked);
                jump[v as usize] = p.0;
                v = find(&mut jump, p.0);
            }
            // Marked bottom-up, listed top-down (as a path from the LCA reads).
            out.candidates[first..].reverse();
        };
    for c in conflicts {
        let ends = match &c.kind {
            ConflictKind::DuplicateLabel { .. } | ConflictKind::ReverseMismatch { .. } => {
                for e in &c.exits {
                    take(*e, &mut out, &mut marked);
                }
                out.lca.push(match &c.kind {
                    ConflictKind::DuplicateLabel { room, .. } => Some(*room),
                    _ => c.rooms.iter().min().copied(),
                });
                continue;
            }
            ConflictKind::Loop { exit, .. } => {
                take(*exit, &mut out, &mut marked);
                map.exit(*exit).map(|e| (e.from, e.to))
            }
            ConflictKind::Overlap { .. } | ConflictKind::NameCollision { .. } => {
                match c.rooms[..] {
                    [a, b, ..] => Some((a, b)),
                    _ => None,
                }
            }
        };
        let Some((a, b)) = ends else {
            out.lca.push(None);
            continue;
        };
        let lca = ancestors.lca(geometry, a, b);
        match lca {
            Some(l) => {
                mark_path(a, l, &mut out, &mut marked);
                mark_path(b, l, &mut out, &mut marked);
            }
            None => {
                for r in &c.rooms {
                    for e in map.exits_from(*r).chain(map.exits_to(*r)) {
                        take(e.id, &mut out, &mut marked);
                    }
                }
            }
        }
        out.lca.push(lca);
    }
    out
}

/// Ranks the union of candidates by Edge Impact Score, normalized over the union (what the
/// heuristic repair walks through).
pub fn rank_union(
    geometry: &Geometry,
    bulk: &BulkLocalization,
    conflict_counts: &[u32],
    usage: &[u32],
) -> Vec<ScoredExit> {
    score(geometry, &bulk.candidates, conflict_counts, usage)
}

/// The room a path-marking walk from `v` resumes at: `jump` sends each room whose parent exit
/// is already marked towards its parent (a union-find over rooms, compressed as it is read).
/// Out-of-range rooms are their own root.
pub(super) fn find(jump: &mut [u32], v: u32) -> u32 {
    let mut root = v;
    while let Some(&up) = jump.get(root as usize).filter(|up| **up != root) {
        root = up;
    }
    let mut cur = v;
    while let Some(&next) = jump.get(cur as usize).filter(|next| **next != root) {
        jump[cur as usize] = root;
        cur = next;
    }
    root
}
