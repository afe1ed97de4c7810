//! The three ground-truth map families of the paper's synthetic suites (`paper-semantics.md`
//! §10.1), generated exactly as the authors' `synth.py` does.
//!
//! * [`random`]: a spanning tree grown on the lattice from `n0`, picking a random frontier node
//!   each round and giving it up to `branching` children in shuffled cardinal directions.
//! * [`tree`]: the same growth in breadth-first order from `r0`, down to a fixed depth.
//! * [`grid`]: a `rows × cols` lattice of rooms `(r,c)`, every edge explicit in both directions.
//!
//! All randomness is a [`PyRandom`] seeded with the given seed, so each map is identical, node
//! order and edge order included, to the one CPython builds.

use crate::domain::direction::{add, Direction, Label, Vector};
use crate::domain::reference::RefGraph;
use crate::domain::rng::PyRandom;
use rustc_hash::FxHashSet;

/// The four cardinal directions in the generators' order (north, south, east, west).
const DIR_4: [Direction; 4] = Direction::CARDINAL;

/// Adds `src → dst` with a fresh step, as the authors' `add_edge` does. The generated names are
/// never blank, so the graph cannot refuse them.
fn link(graph: &mut RefGraph, src: &str, dst: &str, dir: Direction, auto_reverse: bool) {
    if let (Ok(u), Ok(v)) = (graph.add_node(src), graph.add_node(dst)) {
        graph.add_edge_ix(u, v, Label::Dir(dir), None, auto_reverse);
    }
}

/// The lattice displacement of a cardinal direction.
fn step(dir: Direction) -> Vector {
    dir.vector().unwrap_or([0, 0, 0])
}

/// `gen_random(num_nodes, branching, seed)`: a random spanning tree on the lattice.
///
/// The root `n0` sits at the origin. While fewer than `num_nodes` rooms exist and the frontier is
/// not empty, the frontier element at `randrange(len)` is popped, the four cardinal directions
/// are shuffled, and each direction whose cell is free adds a child `n<next>` there (with its
/// automatic reverse edge), until `branching` children were added or the size is reached. The
/// result has `num_nodes − 1` primary edges when the lattice has room (it always does for
/// `branching ≥ 1`), each with an automatic twin.
pub fn random(num_nodes: usize, branching: usize, seed: u64) -> RefGraph {
    let mut rng = PyRandom::new(seed);
    let mut graph = RefGraph::new();
    let mut positions: Vec<Vector> = vec![[0, 0, 0]];
    let mut used: FxHashSet<Vector> = FxHashSet::default();
    used.insert([0, 0, 0]);
    // Frontier of node numbers (`n<i>` has position `positions[i]`).
    let mut queue: Vec<usize> = vec![0];
    while positions.len() < num_nodes && !queue.is_empty() {
        let idx = rng.randrange(queue.len());
        let node = queue.remove(idx);
        let mut dirs = DIR_4;
        rng.shuffle(&mut dirs);
        let mut added = 0;
        for d in dirs {
            if added >= branching || positions.len() >= num_nodes {
                break;
            }
            let cell = add(positions[node], step(d));
            if !used.insert(cell) {
                continue;
            }
            let child = positions.len();
            positions.push(cell);
            link(
                &mut graph,
                &format!("n{node}"),
                &format!("n{child}"),
                d,
                true,
            );
            queue.push(child);
            added += 1;
        }
    }
    graph
}

/// `gen_tree(depth, branching, seed)`: breadth-first growth from `r0`.
///
/// A FIFO queue of `(node, level, position)` starts with the root at the origin; nodes at level
/// `depth` or deeper are not expanded; every other node shuffles the four cardinal directions
/// and adds up to `branching` children `r<next>` on free cells, each with its automatic reverse
/// edge. (A depth of 0 yields an empty graph: the root is never added as it has no edge.)
pub fn tree(depth: usize, branching: usize, seed: u64) -> RefGraph {
    let mut rng = PyRandom::new(seed);
    let mut graph = RefGraph::new();
    let mut used: FxHashSet<Vector> = FxHashSet::default();
    used.insert([0, 0, 0]);
    let mut queue: std::collections::VecDeque<(usize, usize, Vector)> =
        std::collections::VecDeque::new();
    queue.push_back((0, 0, [0, 0, 0]));
    let mut next_id = 1usize;
    while let Some((node, level, pos)) = queue.pop_front() {
        if level >= depth {
            continue;
        }
        let mut dirs = DIR_4;
        rng.shuffle(&mut dirs);
        let mut added = 0;
        for d in dirs {
            if added >= branching {
                break;
            }
            let cell = add(pos, step(d));
            if !used.insert(cell) {
                continue;
            }
            let child = next_id;
            next_id += 1;
            link(
                &mut graph,
                &format!("r{node}"),
                &format!("r{child}"),
                d,
                true,
            );
            queue.push_back((child, level + 1, cell));
            added += 1;
        }
    }
    graph
}

/// `gen_grid(rows, cols)`: rooms `(r,c)` with row index growing southward.
///
/// For each cell in row-major order: an east edge to `(r,c+1)` and a south edge to `(r+1,c)`,
/// without automatic reverses; then, for every primary edge in graph order, the explicit
/// reverse edge. Every edge is primary.
pub fn grid(rows: usize, cols: usize) -> RefGraph {
    let mut graph = RefGraph::new();
    let name = |r: usize, c: usize| format!("({r},{c})");
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                link(
                    &mut graph,
                    &name(r, c),
                    &name(r, c + 1),
                    Direction::East,
                    false,
                );
            }
            if r + 1 < rows {
                link(
                    &mut graph,
                    &name(r, c),
                    &name(r + 1, c),
                    Direction::South,
                    false,
                );
            }
        }
    }
    let primary: Vec<_> = graph
        .primary_edges()
        .map(|(u, v, d)| (u, v, d.label.clone()))
        .collect();
    for (u, v, label) in primary {
        if let Some(rev) = label.opposite() {
            if !graph.contains(v, u) {
                graph.add_edge_ix(v, u, rev, None, false);
            }
        }
    }
    graph
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge_list(g: &RefGraph) -> Vec<(String, String, String, bool)> {
        g.edges()
            .map(|(u, v, d)| {
                (
                    g.name(u).to_string(),
                    g.name(v).to_string(),
                    d.label.as_str().to_string(),
                    d.auto_reverse,
                )
            })
            .collect()
    }

    #[test]
    fn random_is_a_spanning_tree_with_twins() {
        let g = random(30, 3, 4);
        assert_eq!(g.node_count(), 30);
        assert_eq!(g.primary_edges().count(), 29);
        assert_eq!(g.edge_count(), 58);
        assert_eq!(g.nodes().next().map(|n| g.name(n)), Some("n0"));
    }

    #[test]
    fn grid_edges_are_all_primary_and_paired() {
        let g = grid(3, 3);
        assert_eq!(g.node_count(), 9);
        assert_eq!(g.edge_count(), 24);
        assert_eq!(g.primary_edges().count(), 24);
        let edges = edge_list(&g);
        assert_eq!(
            edges[0],
            ("(0,0)".into(), "(0,1)".into(), "east".into(), false)
        );
        assert_eq!(
            edges[1],
            ("(0,0)".into(), "(1,0)".into(), "south".into(), false)
        );
        assert!(edges.contains(&("(1,0)".into(), "(0,0)".into(), "north".into(), false)));
    }

    #[test]
    fn generators_are_deterministic() {
        assert_eq!(edge_list(&tree(4, 3, 7)), edge_list(&tree(4, 3, 7)));
        assert_eq!(edge_list(&random(60, 3, 11)), edge_list(&random(60, 3, 11)));
    }
}
