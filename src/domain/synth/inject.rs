//! The paper's three error injectors (`paper-semantics.md` §10.2), exactly as the authors'
//! `synth.py` applies them to a copy of a ground-truth map.
//!
//! * [`direction`]: a second exit with an existing label from the same room, to another room;
//! * [`topology`]: the reverse edge of a pair relabelled with a wrong cardinal direction (the code
//!   corrupts the reverse label; the paper's prose says "non-adjacent node");
//! * [`naming`]: two rooms merged under one name (every edge of the second redirected to the
//!   first, overwriting existing pairs, possibly creating a self-loop).
//!
//! Each returns the injected records in the authors' order. Node references are indices into
//! the mutated graph (a merged room's records name the surviving room).

use crate::domain::direction::{Direction, Label};
use crate::domain::reference::{EdgeData, NodeIx, RefGraph};
use crate::domain::rng::PyRandom;

/// One injected error edge: `(src, dst, label)` as the authors record it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Injected {
    /// Source room.
    pub src: NodeIx,
    /// Destination room.
    pub dst: NodeIx,
    /// The label the edge carries after injection (for naming: its label when redirected).
    pub label: Label,
}

impl Injected {
    /// The ordered pair.
    pub fn pair(&self) -> (NodeIx, NodeIx) {
        (self.src, self.dst)
    }
}

/// `inject_direction_errors(graph, k, seed)`.
///
/// Shuffles the node list; for each room with out-edges (automatic twins included), until `k`
/// were injected: picks a random out-edge as the anchor, then a random room that is neither the
/// room itself nor the anchor's target and has no edge from the room, and adds that edge with
/// the anchor's label and no automatic reverse.
pub fn direction(graph: &mut RefGraph, k: usize, seed: u64) -> Vec<Injected> {
    let mut rng = PyRandom::new(seed);
    let mut out = Vec::new();
    let mut nodes: Vec<NodeIx> = graph.nodes().collect();
    rng.shuffle(&mut nodes);
    for src in nodes {
        if out.len() >= k {
            break;
        }
        let Some((anchor_target, anchor_label)) = rng
            .choice(graph.out_edges(src))
            .map(|(t, d)| (*t, d.label.clone()))
        else {
            continue;
        };
        let candidates: Vec<NodeIx> = graph
            .nodes()
            .filter(|&v| v != src && v != anchor_target && !graph.contains(src, v))
            .collect();
        let Some(&target) = rng.choice(&candidates) else {
            continue;
        };
        graph.add_edge_ix(src, target, anchor_label.clone(), None, false);
        out.push(Injected {
            src,
            dst: target,
            label: anchor_label,
        });
    }
    out
}

/// `inject_topology_errors(graph, k, seed)`.
///
/// Shuffles a snapshot of the primary edges; for each whose reverse exists, until `k`: picks a
/// wrong label among the four cardinals other than the snapshot label and its opposite, writes
/// it onto the reverse edge in place and marks that edge primary. Records `(dst, src, wrong)`.
pub fn topology(graph: &mut RefGraph, k: usize, seed: u64) -> Vec<Injected> {
    let mut rng = PyRandom::new(seed);
    let mut out = Vec::new();
    let mut primaries: Vec<(NodeIx, NodeIx, Label)> = graph
        .primary_edges()
        .map(|(u, v, d)| (u, v, d.label.clone()))
        .collect();
    rng.shuffle(&mut primaries);
    for (u, v, label) in primaries {
        if out.len() >= k {
            break;
        }
        let Some(step) = graph.edge(v, u).map(|d| d.step) else {
            continue;
        };
        let opposite = label.opposite();
        let choices: Vec<Label> = Direction::CARDINAL
            .iter()
            .map(|d| Label::Dir(*d))
            .filter(|d| Some(d) != opposite.as_ref() && *d != label)
            .collect();
        let Some(wrong) = rng.choice(&choices).cloned() else {
            continue;
        };
        graph.set_edge(
            v,
            u,
            EdgeData {
                label: wrong.clone(),
                step,
                auto_reverse: false,
            },
        );
        out.push(Injected {
            src: v,
            dst: u,
            label: wrong,
        });
    }
    out
}

/// `inject_naming_errors(graph, k, seed)`.
///
/// Shuffles the node list, then pops pairs `(a, b)` from its end until `2k` rooms were used:
/// records `b`'s out-edges as `(a, v)` and its in-edges (in predecessor order) as `(u, a)`, then
/// merges `b` into `a` (see [`rename_node_overwriting`]). Records every redirected edge.
pub fn naming(graph: &mut RefGraph, k: usize, seed: u64) -> Vec<Injected> {
    let mut rng = PyRandom::new(seed);
    let mut out = Vec::new();
    let mut nodes: Vec<NodeIx> = graph.nodes().collect();
    rng.shuffle(&mut nodes);
    let mut used = 0usize;
    while used < 2 * k && nodes.len() >= 2 {
        let (Some(a), Some(b)) = (nodes.pop(), nodes.pop()) else {
            break;
        };
        // Popped rooms are distinct and never reused, so no "already used" check is needed.
        used += 2;
        for (v, d) in graph.out_edges(b) {
            out.push(Injected {
                src: a,
                dst: *v,
                label: d.label.clone(),
            });
        }
        for &u in graph.in_neighbors(b) {
            if let Some(d) = graph.edge(u, b) {
                out.push(Injected {
                    src: u,
                    dst: a,
                    label: d.label.clone(),
                });
            }
        }
        rename_node_overwriting(graph, b, a);
    }
    out
}

/// The authors' `_rename_node(graph, old, new)`: every edge into `old` (in graph edge order)
/// becomes an edge into `new`, then every edge out of `old` becomes an edge out of `new`, each
/// overwriting an existing pair's data in place (so `new → old` and `old → new` both turn into
/// a self-loop on `new`); finally `old` is deleted.
pub fn rename_node_overwriting(graph: &mut RefGraph, old: NodeIx, new: NodeIx) {
    if !graph.is_alive(old) {
        return;
    }
    let edges: Vec<(NodeIx, NodeIx, EdgeData)> =
        graph.edges().map(|(u, v, d)| (u, v, d.clone())).collect();
    for (u, _, d) in edges.iter().filter(|(_, v, _)| *v == old) {
        graph.set_edge(*u, new, d.clone());
    }
    for (_, v, d) in edges.iter().filter(|(u, _, _)| *u == old) {
        graph.set_edge(new, *v, d.clone());
    }
    graph.remove_node(old);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::synth::families;

    #[test]
    fn direction_errors_share_a_label_with_a_sibling() {
        let mut g = families::random(30, 3, 0);
        let inj = direction(&mut g, 3, 1);
        assert_eq!(inj.len(), 3);
        for e in &inj {
            let d = g.edge(e.src, e.dst).unwrap();
            assert!(!d.auto_reverse);
            let same = g
                .out_edges(e.src)
                .iter()
                .filter(|(_, x)| x.label == e.label)
                .count();
            assert!(same >= 2);
        }
    }

    #[test]
    fn topology_errors_corrupt_the_reverse_label() {
        let mut g = families::random(30, 3, 0);
        let inj = topology(&mut g, 2, 2);
        assert_eq!(inj.len(), 2);
        for e in &inj {
            let fwd = g.edge(e.dst, e.src).unwrap().label.clone();
            let rev = g.edge(e.src, e.dst).unwrap();
            assert!(!rev.auto_reverse);
            assert_ne!(Some(rev.label.clone()), fwd.opposite());
            assert_ne!(rev.label, fwd);
        }
    }

    #[test]
    fn naming_merges_two_rooms() {
        let mut g = families::grid(3, 3);
        let before = g.node_count();
        let inj = naming(&mut g, 1, 3);
        assert_eq!(g.node_count(), before - 1);
        assert!(!inj.is_empty());
    }

    #[test]
    fn merging_neighbours_makes_one_self_loop_conflict() {
        use crate::domain::reference::{Detector, RefConflictKind};
        let mut g = RefGraph::new();
        let (a, b) = g
            .add_edge("a", "b", Direction::North.into(), None, true)
            .unwrap();
        g.add_edge("b", "c", Direction::East.into(), None, true)
            .unwrap();
        // The loop takes the data of b → a (written last): primary only if that edge was.
        let mut auto = g.clone();
        rename_node_overwriting(&mut auto, b, a);
        assert!(auto.edge(a, a).unwrap().auto_reverse);
        g.add_edge("b", "a", Direction::South.into(), None, false)
            .unwrap();
        rename_node_overwriting(&mut g, b, a);
        assert!(g.is_primary(a, a));
        let loops: Vec<_> = Detector::new()
            .detect(&g, true)
            .into_iter()
            .filter(|c| c.kind == RefConflictKind::SelfLoop)
            .collect();
        assert_eq!(loops.len(), 1);
        assert_eq!(
            (loops[0].nodes.clone(), loops[0].edges.clone()),
            (vec![a], vec![(a, a)])
        );
        assert_eq!(Detector::new().count(&g).self_loop, 1);
    }
}
