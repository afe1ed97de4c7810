//! Position inference by the authors' capped multi-position DFS.
//!
//! For every weakly connected component the root is the lexicographically smallest name, placed
//! at the origin. A LIFO stack walks out-edges in adjacency order; an edge whose label carries no
//! vector is skipped. Each node keeps a *bucket* of positions: a new position is added, and
//! expanded further only while the bucket holds fewer than four. One inconsistent cycle
//! therefore spreads second positions to everything reachable from it — which is what makes the
//! reference counts large.

use super::graph::{NodeIx, RefGraph};
use crate::domain::direction::{add, Vector};

/// Per-node position buckets (empty = the node got no position).
#[derive(Debug, Clone, Default)]
pub struct Buckets {
    /// Indexed by [`NodeIx`]; positions in the order they were added.
    pub positions: Vec<Vec<Vector>>,
}

impl Buckets {
    /// The positions of node `n`.
    pub fn of(&self, n: NodeIx) -> &[Vector] {
        self.positions.get(n as usize).map_or(&[], Vec::as_slice)
    }
}

/// Infers positions from scratch.
///
/// # Complexity
/// O(V + E) per position in a bucket: at most four expansions per node.
pub fn infer_positions(graph: &RefGraph) -> Buckets {
    let mut buckets = Buckets::default();
    let mut scratch = Scratch::default();
    infer_into(graph, &mut buckets, &mut scratch);
    buckets
}

/// Reusable work space for [`infer_into`].
#[derive(Debug, Default, Clone)]
pub struct Scratch {
    seen: Vec<bool>,
    comp: Vec<NodeIx>,
    walk: Vec<NodeIx>,
    stack: Vec<(NodeIx, Vector)>,
}

/// [`infer_positions`] into caller-owned buffers (no allocation once warm).
pub fn infer_into(graph: &RefGraph, buckets: &mut Buckets, scratch: &mut Scratch) {
    let bound = graph.node_bound();
    buckets.positions.resize_with(bound, Vec::new);
    for b in &mut buckets.positions {
        b.clear();
    }
    scratch.seen.clear();
    scratch.seen.resize(bound, false);
    for start in graph.nodes() {
        if scratch.seen[start as usize] {
            continue;
        }
        // Collect the weak component and find its smallest name.
        scratch.comp.clear();
        scratch.walk.clear();
        scratch.seen[start as usize] = true;
        scratch.walk.push(start);
        let mut root = start;
        while let Some(n) = scratch.walk.pop() {
            scratch.comp.push(n);
            if graph.name(n) < graph.name(root) {
                root = n;
            }
            let outs = graph.out_edges(n).iter().map(|(t, _)| *t);
            for m in outs.chain(graph.in_neighbors(n).iter().copied()) {
                if !scratch.seen[m as usize] {
                    scratch.seen[m as usize] = true;
                    scratch.walk.push(m);
                }
            }
        }
        let origin = [0, 0, 0];
        buckets.positions[root as usize].push(origin);
        scratch.stack.clear();
        scratch.stack.push((root, origin));
        while let Some((n, p)) = scratch.stack.pop() {
            for (t, data) in graph.out_edges(n) {
                let Some(v) = data.label.vector() else {
                    continue;
                };
                let q = add(p, v);
                let bucket = &mut buckets.positions[*t as usize];
                if bucket.contains(&q) {
                    continue;
                }
                let expand = bucket.len() < 4;
                bucket.push(q);
                if expand {
                    scratch.stack.push((*t, q));
                }
            }
        }
    }
}
