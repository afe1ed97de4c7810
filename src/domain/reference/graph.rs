//! An insertion-ordered simple directed graph with automatic reverse edges, as the authors'
//! `NavigationGraph` (a networkx `DiGraph`) behaves.
//!
//! At most one edge per ordered pair. Node names are trimmed and lowercased on every call. Nodes
//! keep their insertion order and each node's out-edges keep theirs; overwriting an existing edge
//! keeps its position. Removing an edge and adding it again puts it last.

use crate::domain::direction::Label;
use rustc_hash::FxHashMap;

/// Index of a node in a [`RefGraph`]; stable for the graph's lifetime (removed nodes leave a
/// hole, never reused).
pub type NodeIx = u32;

/// What an edge carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EdgeData {
    /// The direction label.
    pub label: Label,
    /// The step number it was added at.
    pub step: u32,
    /// True for the twin the graph inserted automatically.
    pub auto_reverse: bool,
}

/// Why an edge could not be added.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RefGraphError {
    /// Source and destination are the same room.
    #[error("an exit cannot lead from a room to itself ({0})")]
    SelfLoop(String),
    /// A room name was empty after trimming.
    #[error("a room name is empty")]
    EmptyName,
}

/// The authors' navigation graph. See the module docs.
#[derive(Debug, Clone, Default)]
pub struct RefGraph {
    names: Vec<String>,
    alive: Vec<bool>,
    index: FxHashMap<String, NodeIx>,
    succ: Vec<Vec<(NodeIx, EdgeData)>>,
    pred: Vec<Vec<NodeIx>>,
    step_counter: u32,
    live_nodes: usize,
    edge_count: usize,
}

/// Normalizes a name the way the authors' graph does: trimmed and lowercased.
pub fn normalize(name: &str) -> String {
    name.trim().to_lowercase()
}

impl RefGraph {
    /// An empty graph.
    pub fn new() -> RefGraph {
        RefGraph::default()
    }

    /// Number of live nodes.
    pub fn node_count(&self) -> usize {
        self.live_nodes
    }

    /// Number of edges (primary and automatic).
    pub fn edge_count(&self) -> usize {
        self.edge_count
    }

    /// Upper bound (exclusive) on node indices ever issued; for sizing per-node arrays.
    pub fn node_bound(&self) -> usize {
        self.names.len()
    }

    /// The node's name.
    pub fn name(&self, n: NodeIx) -> &str {
        self.names.get(n as usize).map_or("", String::as_str)
    }

    /// Looks a node up by name (normalized first).
    pub fn node(&self, name: &str) -> Option<NodeIx> {
        self.index.get(&normalize(name)).copied()
    }

    /// Looks a node up by an already-normalized name.
    pub fn node_exact(&self, name: &str) -> Option<NodeIx> {
        self.index.get(name).copied()
    }

    /// True if `n` is a live node.
    pub fn is_alive(&self, n: NodeIx) -> bool {
        self.alive.get(n as usize).copied().unwrap_or(false)
    }

    /// Live nodes in insertion order.
    pub fn nodes(&self) -> impl Iterator<Item = NodeIx> + '_ {
        (0..self.names.len() as NodeIx).filter(move |&n| self.alive[n as usize])
    }

    /// Adds a node if it is new and returns its index.
    ///
    /// # Errors
    /// [`RefGraphError::EmptyName`] if the name is blank.
    pub fn add_node(&mut self, name: &str) -> Result<NodeIx, RefGraphError> {
        let key = normalize(name);
        if key.is_empty() {
            return Err(RefGraphError::EmptyName);
        }
        Ok(self.intern(key))
    }

    fn intern(&mut self, key: String) -> NodeIx {
        if let Some(&n) = self.index.get(&key) {
            return n;
        }
        let n = self.names.len() as NodeIx;
        self.names.push(key.clone());
        self.alive.push(true);
        self.succ.push(Vec::new());
        self.pred.push(Vec::new());
        self.index.insert(key, n);
        self.live_nodes += 1;
        n
    }

    /// The out-edges of `n` in insertion order.
    pub fn out_edges(&self, n: NodeIx) -> &[(NodeIx, EdgeData)] {
        self.succ.get(n as usize).map_or(&[], Vec::as_slice)
    }

    /// The predecessors of `n` (in the order their edges were added).
    pub fn in_neighbors(&self, n: NodeIx) -> &[NodeIx] {
        self.pred.get(n as usize).map_or(&[], Vec::as_slice)
    }

    /// The edge `u → v`, if present.
    pub fn edge(&self, u: NodeIx, v: NodeIx) -> Option<&EdgeData> {
        self.out_edges(u)
            .iter()
            .find(|(t, _)| *t == v)
            .map(|(_, d)| d)
    }

    /// True if the ordered pair has an edge.
    pub fn contains(&self, u: NodeIx, v: NodeIx) -> bool {
        self.edge(u, v).is_some()
    }

    /// True if `u → v` exists and is not an automatic twin.
    pub fn is_primary(&self, u: NodeIx, v: NodeIx) -> bool {
        self.edge(u, v).is_some_and(|d| !d.auto_reverse)
    }

    /// All edges in graph order: nodes in insertion order, each node's out-edges in order.
    pub fn edges(&self) -> impl Iterator<Item = (NodeIx, NodeIx, &EdgeData)> + '_ {
        self.nodes()
            .flat_map(move |u| self.succ[u as usize].iter().map(move |(v, d)| (u, *v, d)))
    }

    /// The primary (explicitly added) edges in graph order.
    pub fn primary_edges(&self) -> impl Iterator<Item = (NodeIx, NodeIx, &EdgeData)> + '_ {
        self.edges().filter(|(_, _, d)| !d.auto_reverse)
    }

    /// Adds (or overwrites) `src → dst` as a primary edge and, if asked and the label has an
    /// opposite and `dst → src` does not exist, its automatic twin. With no step given, the
    /// graph's step counter advances and is used.
    ///
    /// # Errors
    /// [`RefGraphError::SelfLoop`] or [`RefGraphError::EmptyName`].
    pub fn add_edge(
        &mut self,
        src: &str,
        dst: &str,
        label: Label,
        step: Option<u32>,
        auto_reverse: bool,
    ) -> Result<(NodeIx, NodeIx), RefGraphError> {
        let (s, d) = (normalize(src), normalize(dst));
        if s.is_empty() || d.is_empty() {
            return Err(RefGraphError::EmptyName);
        }
        if s == d {
            return Err(RefGraphError::SelfLoop(s));
        }
        let u = self.intern(s);
        let v = self.intern(d);
        self.add_edge_ix(u, v, label, step, auto_reverse);
        Ok((u, v))
    }

    /// [`RefGraph::add_edge`] on node indices (no self-loop check: the synthetic naming injector
    /// can create self-loops, exactly as the authors' code can).
    pub fn add_edge_ix(
        &mut self,
        u: NodeIx,
        v: NodeIx,
        label: Label,
        step: Option<u32>,
        auto_reverse: bool,
    ) {
        let step = step.unwrap_or_else(|| {
            self.step_counter += 1;
            self.step_counter
        });
        let opposite = label.opposite();
        self.set_edge(
            u,
            v,
            EdgeData {
                label,
                step,
                auto_reverse: false,
            },
        );
        if auto_reverse && u != v {
            if let Some(op) = opposite {
                if !self.contains(v, u) {
                    self.set_edge(
                        v,
                        u,
                        EdgeData {
                            label: op,
                            step,
                            auto_reverse: true,
                        },
                    );
                }
            }
        }
    }

    /// Sets the data of `u → v`, keeping its position if it exists, appending it otherwise.
    pub fn set_edge(&mut self, u: NodeIx, v: NodeIx, data: EdgeData) {
        let Some(out) = self.succ.get_mut(u as usize) else {
            return;
        };
        if let Some(slot) = out.iter_mut().find(|(t, _)| *t == v) {
            slot.1 = data;
            return;
        }
        out.push((v, data));
        self.pred[v as usize].push(u);
        self.edge_count += 1;
    }

    /// Removes `u → v` if present; returns its data and its position in `u`'s out-list.
    pub fn remove_edge(&mut self, u: NodeIx, v: NodeIx) -> Option<(usize, EdgeData)> {
        let out = self.succ.get_mut(u as usize)?;
        let pos = out.iter().position(|(t, _)| *t == v)?;
        let (_, data) = out.remove(pos);
        if let Some(p) = self.pred[v as usize].iter().position(|&x| x == u) {
            self.pred[v as usize].remove(p);
        }
        self.edge_count -= 1;
        Some((pos, data))
    }

    /// Puts back an edge removed by [`RefGraph::remove_edge`] at its old position.
    pub fn restore_edge(&mut self, u: NodeIx, v: NodeIx, pos: usize, data: EdgeData) {
        let Some(out) = self.succ.get_mut(u as usize) else {
            return;
        };
        let pos = pos.min(out.len());
        out.insert(pos, (v, data));
        self.pred[v as usize].push(u);
        self.edge_count += 1;
    }

    /// Relabels `u → v`; with `sync`, an automatic twin `v → u` follows with the opposite label
    /// (a primary twin never does). Returns false if the edge does not exist.
    pub fn set_direction(&mut self, u: NodeIx, v: NodeIx, label: Label, sync: bool) -> bool {
        let opposite = label.opposite();
        let Some(slot) = self.succ[u as usize].iter_mut().find(|(t, _)| *t == v) else {
            return false;
        };
        slot.1.label = label;
        if sync {
            if let Some(op) = opposite {
                if let Some(twin) = self.succ[v as usize].iter_mut().find(|(t, _)| *t == u) {
                    if twin.1.auto_reverse {
                        twin.1.label = op;
                    }
                }
            }
        }
        true
    }

    /// Removes a node and every edge touching it. Other nodes keep their order.
    pub fn remove_node(&mut self, n: NodeIx) {
        if !self.is_alive(n) {
            return;
        }
        let outs: Vec<NodeIx> = self.succ[n as usize].iter().map(|(t, _)| *t).collect();
        for t in outs {
            self.remove_edge(n, t);
        }
        let ins: Vec<NodeIx> = self.pred[n as usize].clone();
        for s in ins {
            self.remove_edge(s, n);
        }
        self.alive[n as usize] = false;
        let name = self.names[n as usize].clone();
        self.index.remove(&name);
        self.live_nodes -= 1;
    }

    /// The weakly connected components, each as a list of nodes.
    pub fn weak_components(&self) -> Vec<Vec<NodeIx>> {
        let mut seen = vec![false; self.names.len()];
        let mut comps = Vec::new();
        let mut stack = Vec::new();
        for start in self.nodes() {
            if seen[start as usize] {
                continue;
            }
            seen[start as usize] = true;
            let mut comp = vec![start];
            stack.push(start);
            while let Some(n) = stack.pop() {
                let outs = self.succ[n as usize].iter().map(|(t, _)| *t);
                for m in outs.chain(self.pred[n as usize].iter().copied()) {
                    if !seen[m as usize] {
                        seen[m as usize] = true;
                        comp.push(m);
                        stack.push(m);
                    }
                }
            }
            comps.push(comp);
        }
        comps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::direction::Direction::*;

    #[test]
    fn adding_an_edge_inserts_its_twin_once() {
        let mut g = RefGraph::new();
        let (a, b) = g
            .add_edge("Hall", " kitchen ", North.into(), None, true)
            .unwrap();
        assert_eq!(g.name(b), "kitchen");
        assert_eq!(g.edge(b, a).unwrap().label, South.into());
        assert!(g.edge(b, a).unwrap().auto_reverse);
        // A wrong explicit reverse does not replace the twin's position, it overwrites the data.
        g.add_edge("kitchen", "hall", East.into(), None, true)
            .unwrap();
        assert_eq!(g.edge(b, a).unwrap().label, East.into());
        assert!(!g.edge(b, a).unwrap().auto_reverse);
        assert_eq!(g.edge_count(), 2);
    }

    #[test]
    fn removed_edges_come_back_in_place() {
        let mut g = RefGraph::new();
        g.add_edge("a", "b", North.into(), None, true).unwrap();
        g.add_edge("a", "c", East.into(), None, true).unwrap();
        g.add_edge("a", "d", West.into(), None, true).unwrap();
        let a = g.node("a").unwrap();
        let c = g.node("c").unwrap();
        let before: Vec<_> = g.edges().map(|(u, v, _)| (u, v)).collect();
        let (pos, data) = g.remove_edge(a, c).unwrap();
        g.restore_edge(a, c, pos, data);
        let after: Vec<_> = g.edges().map(|(u, v, _)| (u, v)).collect();
        assert_eq!(before, after);
    }

    #[test]
    fn self_loops_are_refused() {
        let mut g = RefGraph::new();
        assert_eq!(
            g.add_edge("A", "a", North.into(), None, true),
            Err(RefGraphError::SelfLoop("a".into()))
        );
    }
}
