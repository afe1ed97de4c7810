//! Conflict detection in reference semantics (`paper-semantics.md` §3).
//!
//! Order: directional conflicts (per node, per label with two or more targets, automatic twins
//! included), then reverse mismatches (primary edges, each unordered pair once), then position
//! overlaps (one per cell holding two or more nodes), then naming ("reachable at conflicting
//! positions": one per node whose bucket holds more than one position). Overlap and naming
//! records carry no edges. Two counting regimes matter: the Table 3 input count leaves naming
//! out, the repair agents count everything.

use super::graph::{NodeIx, RefGraph};
use super::positions::{infer_into, Buckets, Scratch};
use crate::domain::direction::{Label, Vector};
use rustc_hash::FxHashMap;

/// The four reference conflict rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefConflictKind {
    /// One room, one label, two or more targets (type `direction`).
    Direction,
    /// Both directions of a pair with non-opposite labels (type `topology`).
    ReverseMismatch,
    /// A primary edge from a room to itself (type `topology`; nodes = the room, edges = the
    /// loop once). The graph refuses self-loops, but the synthetic naming injector creates them
    /// exactly as the authors' code does.
    SelfLoop,
    /// Two or more rooms on one lattice cell (type `topology`).
    Overlap,
    /// One room reachable at several positions (type `naming`).
    Naming,
}

impl RefConflictKind {
    /// The paper's conflict type: `direction`, `topology` or `naming`.
    pub fn type_name(self) -> &'static str {
        match self {
            RefConflictKind::Direction => "direction",
            RefConflictKind::ReverseMismatch
            | RefConflictKind::SelfLoop
            | RefConflictKind::Overlap => "topology",
            RefConflictKind::Naming => "naming",
        }
    }
}

/// One conflict record.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RefConflict {
    /// Which rule fired.
    pub kind: RefConflictKind,
    /// Involved nodes in record order (overlap: sorted by name).
    pub nodes: Vec<NodeIx>,
    /// Involved edges (empty for overlap and naming).
    pub edges: Vec<(NodeIx, NodeIx)>,
    /// The shared label (direction) or forward label (mismatch).
    pub label: Option<Label>,
    /// The cell (overlap) or all positions (naming): part of the identity, as in the authors'
    /// descriptions, so an id changes when coordinates shift.
    pub positions: Vec<Vector>,
}

/// Counts per rule.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RefCounts {
    /// Directional conflicts.
    pub direction: usize,
    /// Reverse mismatches.
    pub reverse_mismatch: usize,
    /// Primary self-loops (synthetic naming errors only).
    pub self_loop: usize,
    /// Overlapping cells.
    pub overlap: usize,
    /// Rooms at several positions.
    pub naming: usize,
}

impl RefCounts {
    /// The counts of a list [`Detector::detect`] made with naming: what [`Detector::count`]
    /// returns for the same graph, without inferring positions again.
    pub fn of(conflicts: &[RefConflict]) -> RefCounts {
        let mut c = RefCounts::default();
        for x in conflicts {
            match x.kind {
                RefConflictKind::Direction => c.direction += 1,
                RefConflictKind::ReverseMismatch => c.reverse_mismatch += 1,
                RefConflictKind::SelfLoop => c.self_loop += 1,
                RefConflictKind::Overlap => c.overlap += 1,
                RefConflictKind::Naming => c.naming += 1,
            }
        }
        c
    }

    /// Direction + topology: the Table 3 input regime.
    pub fn dir_topo(&self) -> usize {
        self.direction + self.reverse_mismatch + self.self_loop + self.overlap
    }
    /// Everything: the repair agents' regime.
    pub fn total(&self) -> usize {
        self.dir_topo() + self.naming
    }
    /// Topology (mismatch + self-loop + overlap).
    pub fn topology(&self) -> usize {
        self.reverse_mismatch + self.self_loop + self.overlap
    }
}

/// A detector with reusable buffers: call it many times on changing graphs without allocating.
#[derive(Debug, Default, Clone)]
pub struct Detector {
    buckets: Buckets,
    scratch: Scratch,
    cells: FxHashMap<Vector, (NodeIx, bool)>,
    labels: Vec<(Label, u32)>,
}

impl Detector {
    /// A fresh detector.
    pub fn new() -> Detector {
        Detector::default()
    }

    /// The positions computed by the last call.
    pub fn buckets(&self) -> &Buckets {
        &self.buckets
    }

    /// Counts conflicts without building records (the heuristic's hot path).
    pub fn count(&mut self, graph: &RefGraph) -> RefCounts {
        let mut counts = RefCounts::default();
        for u in graph.nodes() {
            self.labels.clear();
            for (_, d) in graph.out_edges(u) {
                match self.labels.iter_mut().find(|(l, _)| *l == d.label) {
                    Some(slot) => slot.1 += 1,
                    None => self.labels.push((d.label.clone(), 1)),
                }
            }
            counts.direction += self.labels.iter().filter(|(_, c)| *c >= 2).count();
        }
        for (u, v, _) in mismatches(graph) {
            if u == v {
                counts.self_loop += 1;
            } else {
                counts.reverse_mismatch += 1;
            }
        }
        infer_into(graph, &mut self.buckets, &mut self.scratch);
        self.cells.clear();
        for (n, bucket) in self.buckets.positions.iter().enumerate() {
            if bucket.len() > 1 {
                counts.naming += 1;
            }
            for p in bucket {
                let entry = self.cells.entry(*p).or_insert((n as NodeIx, false));
                if entry.0 != n as NodeIx && !entry.1 {
                    entry.1 = true;
                    counts.overlap += 1;
                }
            }
        }
        counts
    }

    /// Detects every conflict; `naming` selects the regime (false = Table 3 input count).
    pub fn detect(&mut self, graph: &RefGraph, naming: bool) -> Vec<RefConflict> {
        let mut out = Vec::new();
        for u in graph.nodes() {
            let mut groups: Vec<(Label, Vec<NodeIx>)> = Vec::new();
            for (t, d) in graph.out_edges(u) {
                match groups.iter_mut().find(|(l, _)| *l == d.label) {
                    Some(g) => g.1.push(*t),
                    None => groups.push((d.label.clone(), vec![*t])),
                }
            }
            for (label, targets) in groups {
                if targets.len() >= 2 {
                    let mut nodes = vec![u];
                    nodes.extend(&targets);
                    out.push(RefConflict {
                        kind: RefConflictKind::Direction,
                        edges: targets.iter().map(|t| (u, *t)).collect(),
                        nodes,
                        label: Some(label),
                        positions: Vec::new(),
                    });
                }
            }
        }
        for (u, v, label) in mismatches(graph) {
            out.push(if u == v {
                RefConflict {
                    kind: RefConflictKind::SelfLoop,
                    nodes: vec![u],
                    edges: vec![(u, u)],
                    label: Some(label),
                    positions: Vec::new(),
                }
            } else {
                RefConflict {
                    kind: RefConflictKind::ReverseMismatch,
                    nodes: vec![u, v],
                    edges: vec![(u, v), (v, u)],
                    label: Some(label),
                    positions: Vec::new(),
                }
            });
        }
        infer_into(graph, &mut self.buckets, &mut self.scratch);
        // Cells in first-seen order (node order, then bucket order).
        let mut cells: indexmap::IndexMap<Vector, Vec<NodeIx>> = indexmap::IndexMap::new();
        for (n, bucket) in self.buckets.positions.iter().enumerate() {
            for p in bucket {
                let list = cells.entry(*p).or_default();
                if !list.contains(&(n as NodeIx)) {
                    list.push(n as NodeIx);
                }
            }
        }
        for (cell, mut nodes) in cells {
            if nodes.len() >= 2 {
                nodes.sort_by(|a, b| graph.name(*a).cmp(graph.name(*b)));
                out.push(RefConflict {
                    kind: RefConflictKind::Overlap,
                    nodes,
                    edges: Vec::new(),
                    label: None,
                    positions: vec![cell],
                });
            }
        }
        if naming {
            for (n, bucket) in self.buckets.positions.iter().enumerate() {
                if bucket.len() > 1 {
                    let mut positions = bucket.clone();
                    positions.sort_unstable();
                    out.push(RefConflict {
                        kind: RefConflictKind::Naming,
                        nodes: vec![n as NodeIx],
                        edges: Vec::new(),
                        label: None,
                        positions,
                    });
                }
            }
        }
        out
    }
}

/// Reverse mismatches: primary `u → v` whose reverse exists with a label other than the
/// opposite. Each unordered pair once, in primary-edge order. Primary self-loops (`u == v`,
/// any label) are yielded in the same pass, as the authors' topology rule reports them there.
fn mismatches(graph: &RefGraph) -> impl Iterator<Item = (NodeIx, NodeIx, Label)> + '_ {
    graph.primary_edges().filter_map(move |(u, v, d)| {
        if u == v {
            return Some((u, v, d.label.clone()));
        }
        let expected = d.label.opposite()?;
        let rev = graph.edge(v, u)?;
        // The pair is met twice when both directions are primary; keep the first meeting.
        if !rev.auto_reverse && graph_order_before(graph, v, u, u, v) {
            return None;
        }
        (rev.label != expected).then(|| (u, v, d.label.clone()))
    })
}

/// True if edge `(a, b)` comes before `(c, d)` in graph edge order.
fn graph_order_before(graph: &RefGraph, a: NodeIx, b: NodeIx, c: NodeIx, d: NodeIx) -> bool {
    if a != c {
        return a < c;
    }
    let out = graph.out_edges(a);
    let pa = out.iter().position(|(t, _)| *t == b);
    let pc = out.iter().position(|(t, _)| *t == d);
    pa < pc
}
