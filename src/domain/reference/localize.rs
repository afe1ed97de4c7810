//! "Localization" in reference semantics (`paper-semantics.md` §4.1): no history tree, just one
//! unweighted shortest path in the undirected projection, found by networkx's bidirectional BFS.
//!
//! A directional conflict localizes to its own edges; a conflict with two or more nodes (reverse
//! mismatch, overlap) to its edges followed by the path between its first two nodes; a naming
//! conflict (one node, no edges) to nothing.

use super::detect::RefConflict;
use super::graph::{NodeIx, RefGraph};

/// The undirected projection of a [`RefGraph`], built by inserting every directed edge in graph
/// order, as networkx does. Node order is first appearance in that edge order; each node's
/// neighbours keep first-insertion order.
#[derive(Debug, Clone, Default)]
pub struct Projection {
    /// Nodes in projection order.
    pub order: Vec<NodeIx>,
    /// Neighbours per node index (empty for nodes without edges).
    pub adj: Vec<Vec<NodeIx>>,
}

impl Projection {
    /// Builds the projection.
    pub fn new(graph: &RefGraph) -> Projection {
        let bound = graph.node_bound();
        let mut adj: Vec<Vec<NodeIx>> = vec![Vec::new(); bound];
        let mut present = vec![false; bound];
        let mut order = Vec::new();
        for (u, v, _) in graph.edges() {
            for n in [u, v] {
                if !present[n as usize] {
                    present[n as usize] = true;
                    order.push(n);
                }
            }
            if !adj[u as usize].contains(&v) {
                adj[u as usize].push(v);
                if u != v {
                    adj[v as usize].push(u);
                }
            }
        }
        Projection { order, adj }
    }

    /// networkx's `bidirectional_shortest_path`: `None` if no path.
    pub fn shortest_path(&self, source: NodeIx, target: NodeIx) -> Option<Vec<NodeIx>> {
        if source == target {
            return Some(vec![source]);
        }
        let bound = self.adj.len();
        if source as usize >= bound || target as usize >= bound {
            return None;
        }
        const NONE: u32 = u32::MAX;
        const UNSEEN: u32 = u32::MAX - 1;
        let mut pred = vec![UNSEEN; bound];
        let mut succ = vec![UNSEEN; bound];
        pred[source as usize] = NONE;
        succ[target as usize] = NONE;
        let mut forward = vec![source];
        let mut reverse = vec![target];
        let mut meet = None;
        'search: while !forward.is_empty() && !reverse.is_empty() {
            if forward.len() <= reverse.len() {
                let level = std::mem::take(&mut forward);
                for v in level {
                    for &w in &self.adj[v as usize] {
                        if pred[w as usize] == UNSEEN {
                            forward.push(w);
                            pred[w as usize] = v;
                        }
                        if succ[w as usize] != UNSEEN {
                            meet = Some(w);
                            break 'search;
                        }
                    }
                }
            } else {
                let level = std::mem::take(&mut reverse);
                for v in level {
                    for &w in &self.adj[v as usize] {
                        if succ[w as usize] == UNSEEN {
                            succ[w as usize] = v;
                            reverse.push(w);
                        }
                        if pred[w as usize] != UNSEEN {
                            meet = Some(w);
                            break 'search;
                        }
                    }
                }
            }
        }
        let w = meet?;
        let mut path = Vec::new();
        let mut x = w;
        while x != NONE {
            path.push(x);
            x = pred[x as usize];
        }
        path.reverse();
        let mut x = succ[w as usize];
        while x != NONE {
            path.push(x);
            x = succ[x as usize];
        }
        Some(path)
    }
}

/// The ordered, de-duplicated candidate pairs for one conflict.
pub fn localize(
    graph: &RefGraph,
    projection: &Projection,
    conflict: &RefConflict,
) -> Vec<(NodeIx, NodeIx)> {
    let mut out: Vec<(NodeIx, NodeIx)> = Vec::new();
    let push = |e: (NodeIx, NodeIx), out: &mut Vec<(NodeIx, NodeIx)>| {
        if !out.contains(&e) {
            out.push(e);
        }
    };
    for e in &conflict.edges {
        push(*e, &mut out);
    }
    if conflict.kind == super::RefConflictKind::Direction || conflict.nodes.len() < 2 {
        return out;
    }
    if let Some(path) = projection.shortest_path(conflict.nodes[0], conflict.nodes[1]) {
        for w in path.windows(2) {
            let (u, v) = (w[0], w[1]);
            let e = if graph.contains(u, v) { (u, v) } else { (v, u) };
            push(e, &mut out);
        }
    }
    out
}
