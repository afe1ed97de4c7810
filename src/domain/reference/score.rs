//! The Edge Impact Score in reference semantics (`paper-semantics.md` §5).
//!
//! Scored set: all primary edges, normalized over all of them. Reach = nodes reachable from the
//! edge's target (target excluded); conflicts = current conflicts listing the edge; usage = edge
//! betweenness of the undirected projection (networkx's Brandes order, f64, normalized by
//! 1/(n(n−1))). Each factor is min-max normalized (0 when constant) and the three are summed;
//! the list is sorted by score, descending, stably (ties keep primary-edge order).

use super::detect::RefConflict;
use super::graph::{NodeIx, RefGraph};
use super::localize::Projection;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// One scored edge. The three parts are already normalized to [0, 1].
#[derive(Debug, Clone, PartialEq)]
pub struct EdgeScore {
    /// The primary edge.
    pub edge: (NodeIx, NodeIx),
    /// Normalized reach.
    pub reach: f64,
    /// Normalized conflict count.
    pub conflicts: f64,
    /// Normalized usage (betweenness).
    pub usage: f64,
    /// reach + conflicts + usage.
    pub score: f64,
}

/// Scores every primary edge and sorts them, best first.
pub fn score_edges(
    graph: &RefGraph,
    projection: &Projection,
    conflicts: &[RefConflict],
) -> Vec<EdgeScore> {
    let primary: Vec<(NodeIx, NodeIx)> = graph.primary_edges().map(|(u, v, _)| (u, v)).collect();
    if primary.is_empty() {
        return Vec::new();
    }
    let mut reach_cache: FxHashMap<NodeIx, usize> = FxHashMap::default();
    let reach: Vec<f64> = primary
        .iter()
        .map(|&(_, v)| {
            *reach_cache
                .entry(v)
                .or_insert_with(|| descendants(graph, v)) as f64
        })
        .collect();
    let mut conflict_count: FxHashMap<(NodeIx, NodeIx), usize> = FxHashMap::default();
    for c in conflicts {
        for e in &c.edges {
            *conflict_count.entry(*e).or_default() += 1;
        }
    }
    let conf: Vec<f64> = primary
        .iter()
        .map(|e| conflict_count.get(e).copied().unwrap_or(0) as f64)
        .collect();
    // networkx computes usage on `G.to_undirected()`: same adjacency as the localizer's
    // projection, but its node order is the graph's (every live node), which fixes the Brandes
    // source order and the orientation of each pair's key — and so which side of a pair whose
    // two directions are both primary (grids, TextWorld) receives the value.
    let undirected = Projection {
        order: graph.nodes().collect(),
        adj: projection.adj.clone(),
    };
    let between = edge_betweenness(&undirected);
    let mut usage_map: FxHashMap<(NodeIx, NodeIx), f64> = FxHashMap::default();
    for ((a, b), value) in between {
        if graph.is_primary(a, b) {
            usage_map.insert((a, b), value);
        } else if graph.is_primary(b, a) {
            usage_map.insert((b, a), value);
        }
    }
    let usage: Vec<f64> = primary
        .iter()
        .map(|e| usage_map.get(e).copied().unwrap_or(0.0))
        .collect();
    let (r, c, u) = (min_max(&reach), min_max(&conf), min_max(&usage));
    let mut scored: Vec<EdgeScore> = primary
        .iter()
        .enumerate()
        .map(|(i, &edge)| EdgeScore {
            edge,
            reach: r[i],
            conflicts: c[i],
            usage: u[i],
            score: r[i] + c[i] + u[i],
        })
        .collect();
    scored.sort_by(|a, b| {
        b.score
            .partial_cmp(&a.score)
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    scored
}

pub use crate::domain::analysis::score::min_max;

/// Number of nodes reachable from `v` along directed edges, `v` itself excluded.
fn descendants(graph: &RefGraph, v: NodeIx) -> usize {
    let mut seen = vec![false; graph.node_bound()];
    let mut stack = vec![v];
    seen[v as usize] = true;
    let mut count = 0;
    while let Some(n) = stack.pop() {
        for (t, _) in graph.out_edges(n) {
            if !seen[*t as usize] {
                seen[*t as usize] = true;
                count += 1;
                stack.push(*t);
            }
        }
    }
    count
}

/// networkx's `edge_betweenness_centrality(G, normalized=True)` on the projection, keyed in
/// `G.edges()` orientation, in that order.
pub fn edge_betweenness(p: &Projection) -> Vec<((NodeIx, NodeIx), f64)> {
    let bound = p.adj.len();
    let mut rank = vec![usize::MAX; bound];
    for (i, &n) in p.order.iter().enumerate() {
        rank[n as usize] = i;
    }
    // G.edges(): for n in node order, for nbr in adj[n] not yet seen as n.
    let mut keys: Vec<(NodeIx, NodeIx)> = Vec::new();
    let mut key_index: FxHashMap<(NodeIx, NodeIx), usize> = FxHashMap::default();
    let mut done = vec![false; bound];
    for &n in &p.order {
        for &m in &p.adj[n as usize] {
            if !done[m as usize] {
                key_index.insert((n, m), keys.len());
                keys.push((n, m));
            }
        }
        done[n as usize] = true;
    }
    let mut value = vec![0.0f64; keys.len()];
    let mut sigma = vec![0.0f64; bound];
    let mut dist = vec![-1i64; bound];
    let mut delta = vec![0.0f64; bound];
    let mut preds: Vec<Vec<NodeIx>> = vec![Vec::new(); bound];
    let mut stack: Vec<NodeIx> = Vec::new();
    let mut queue: VecDeque<NodeIx> = VecDeque::new();
    for &s in &p.order {
        stack.clear();
        for &n in &p.order {
            sigma[n as usize] = 0.0;
            dist[n as usize] = -1;
            delta[n as usize] = 0.0;
            preds[n as usize].clear();
        }
        sigma[s as usize] = 1.0;
        dist[s as usize] = 0;
        queue.push_back(s);
        while let Some(v) = queue.pop_front() {
            stack.push(v);
            let dv = dist[v as usize];
            let sv = sigma[v as usize];
            for &w in &p.adj[v as usize] {
                if dist[w as usize] < 0 {
                    queue.push_back(w);
                    dist[w as usize] = dv + 1;
                }
                if dist[w as usize] == dv + 1 {
                    sigma[w as usize] += sv;
                    preds[w as usize].push(v);
                }
            }
        }
        while let Some(w) = stack.pop() {
            let coeff = (1.0 + delta[w as usize]) / sigma[w as usize];
            for &v in &preds[w as usize] {
                let c = sigma[v as usize] * coeff;
                let idx = key_index.get(&(v, w)).or_else(|| key_index.get(&(w, v)));
                if let Some(&idx) = idx {
                    value[idx] += c;
                }
                delta[v as usize] += c;
            }
        }
    }
    let n = p.order.len() as f64;
    if p.order.len() > 1 {
        let scale = 1.0 / (n * (n - 1.0));
        for v in &mut value {
            *v *= scale;
        }
    }
    keys.into_iter().zip(value).collect()
}
