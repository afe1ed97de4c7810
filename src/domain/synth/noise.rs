//! The TextWorld noise regimes (`paper-semantics.md` §10.5), as the authors' `exp16_noise.py`
//! applies them to a ground-truth map.
//!
//! Seven primitives, each seeded from the regime seed: N5 node collapse (`seed`), N6 duplicate
//! = the naming injector (`seed + 1`), N1 direction (`seed + 2`), N2 topology (`seed + 3`), N3
//! endpoint swap (`seed + 4`), N4 spurious pair (`seed + 5`), N7 hallucinated room (`seed + 6`).
//! Counts are `int(rate × size)`: node-level rates (N5, N6, N7) against the room count before
//! any noise, edge-level rates against the primary-edge count recounted after the node-level
//! noise. Node-level noise runs first.

use super::inject;
use crate::domain::direction::{Direction, Label};
use crate::domain::reference::{NodeIx, RefGraph};
use crate::domain::rng::PyRandom;
use rustc_hash::FxHashSet;

/// The fake room names N7 draws from.
pub const HALLUCINATED_ROOM_PREFIXES: [&str; 10] = [
    "viewing room",
    "old plaque",
    "the gallery",
    "rear annex",
    "back chamber",
    "western alcove",
    "store room",
    "trophy room",
    "the office",
    "abandoned cellar",
];

/// One noise primitive, with the authors' record type names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NoiseKind {
    /// `N1_direction`.
    Direction,
    /// `N2_topology`.
    Topology,
    /// `N3_endpoint_swap`.
    EndpointSwap,
    /// `N4_spurious_pair`.
    SpuriousPair,
    /// `N5_node_collapse` (two rooms sharing a name prefix merged).
    NodeCollapse,
    /// `N5_collapse_fallback` (two random rooms merged).
    CollapseFallback,
    /// `N6_duplicate` (a naming-injector record).
    Duplicate,
    /// `N7_hallucinated`.
    Hallucinated,
}

impl NoiseKind {
    /// The authors' record type string.
    pub fn as_str(self) -> &'static str {
        match self {
            NoiseKind::Direction => "N1_direction",
            NoiseKind::Topology => "N2_topology",
            NoiseKind::EndpointSwap => "N3_endpoint_swap",
            NoiseKind::SpuriousPair => "N4_spurious_pair",
            NoiseKind::NodeCollapse => "N5_node_collapse",
            NoiseKind::CollapseFallback => "N5_collapse_fallback",
            NoiseKind::Duplicate => "N6_duplicate",
            NoiseKind::Hallucinated => "N7_hallucinated",
        }
    }
}

/// One labelled injection, by room name (a collapsed room no longer exists in the graph).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoiseRecord {
    /// Which primitive.
    pub kind: NoiseKind,
    /// Source room (N5: the room merged away).
    pub src: String,
    /// Destination room (N5: the surviving room).
    pub dst: String,
    /// The label involved (`None` for N5).
    pub label: Option<Label>,
    /// The authors' note (empty for most kinds).
    pub note: String,
}

/// A noise regime: rates per primitive.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Regime {
    /// The authors' name.
    pub name: &'static str,
    /// N1, fraction of primary edges.
    pub n1_direction: f64,
    /// N2, fraction of primary edges.
    pub n2_topology: f64,
    /// N3, fraction of primary edges.
    pub n3_endpoint: f64,
    /// N4, fraction of primary edges.
    pub n4_spurious: f64,
    /// N5, fraction of rooms.
    pub n5_collapse: f64,
    /// N6, fraction of rooms.
    pub n6_duplicate: f64,
    /// N7, fraction of rooms.
    pub n7_hallucinated: f64,
}

const NONE: Regime = Regime {
    name: "",
    n1_direction: 0.0,
    n2_topology: 0.0,
    n3_endpoint: 0.0,
    n4_spurious: 0.0,
    n5_collapse: 0.0,
    n6_duplicate: 0.0,
    n7_hallucinated: 0.0,
};

/// The authors' six regimes, in their order. `mango_like` is the one behind Table 2.
pub const REGIMES: [Regime; 6] = [
    Regime {
        name: "edge_minimal",
        n1_direction: 0.05,
        n2_topology: 0.05,
        ..NONE
    },
    Regime {
        name: "edge_clean",
        n1_direction: 0.10,
        n2_topology: 0.10,
        n3_endpoint: 0.05,
        n4_spurious: 0.05,
        ..NONE
    },
    Regime {
        name: "edge_heavy",
        n1_direction: 0.25,
        n2_topology: 0.25,
        n3_endpoint: 0.10,
        n4_spurious: 0.10,
        ..NONE
    },
    Regime {
        name: "node_only",
        n5_collapse: 0.25,
        n6_duplicate: 0.10,
        n7_hallucinated: 0.05,
        ..NONE
    },
    Regime {
        name: "node_heavy",
        n5_collapse: 0.40,
        n6_duplicate: 0.15,
        n7_hallucinated: 0.10,
        ..NONE
    },
    Regime {
        name: "mango_like",
        n1_direction: 0.15,
        n2_topology: 0.10,
        n3_endpoint: 0.05,
        n4_spurious: 0.05,
        n5_collapse: 0.25,
        n6_duplicate: 0.10,
        n7_hallucinated: 0.05,
    },
];

/// Looks a regime up by its name.
pub fn regime_by_name(name: &str) -> Option<Regime> {
    REGIMES.iter().copied().find(|r| r.name == name)
}

/// `int(rate × size)` as Python computes it.
fn count(rate: f64, size: usize) -> usize {
    (rate * size as f64) as usize
}

/// Builds a TextWorld ground-truth map from `(src, dst, label)` triples in file order: every
/// exit explicit, no automatic reverse, self-loops and repeated pairs skipped (the authors'
/// `gt_to_navgraph`).
pub fn textworld_graph<'a>(
    edges: impl IntoIterator<Item = (&'a str, &'a str, &'a str)>,
) -> RefGraph {
    let mut graph = RefGraph::new();
    for (src, dst, label) in edges {
        if let (Some(u), Some(v)) = (graph.node(src), graph.node(dst)) {
            if u == v || graph.contains(u, v) {
                continue;
            }
        }
        // Refused edges (blank names, self-loops) are skipped, as the authors' try/except does.
        let _ = graph.add_edge(
            src,
            dst,
            Label::from_word(&label.trim().to_lowercase()),
            None,
            false,
        );
    }
    graph
}

/// Applies every primitive of `regime` in the authors' order and returns the records.
pub fn apply_regime(graph: &mut RefGraph, regime: &Regime, seed: u64) -> Vec<NoiseRecord> {
    let n_nodes = graph.node_count();
    let mut records = Vec::new();
    if regime.n5_collapse > 0.0 {
        records.extend(node_collapse(
            graph,
            count(regime.n5_collapse, n_nodes),
            seed,
        ));
    }
    if regime.n6_duplicate > 0.0 {
        let injected = inject::naming(
            graph,
            count(regime.n6_duplicate, n_nodes),
            seed.wrapping_add(1),
        );
        records.extend(named(graph, NoiseKind::Duplicate, injected));
    }
    let n_primary = graph.primary_edges().count();
    if regime.n1_direction > 0.0 {
        let injected = inject::direction(
            graph,
            count(regime.n1_direction, n_primary),
            seed.wrapping_add(2),
        );
        records.extend(named(graph, NoiseKind::Direction, injected));
    }
    if regime.n2_topology > 0.0 {
        let injected = inject::topology(
            graph,
            count(regime.n2_topology, n_primary),
            seed.wrapping_add(3),
        );
        records.extend(named(graph, NoiseKind::Topology, injected));
    }
    if regime.n3_endpoint > 0.0 {
        records.extend(endpoint_swap(
            graph,
            count(regime.n3_endpoint, n_primary),
            seed.wrapping_add(4),
        ));
    }
    if regime.n4_spurious > 0.0 {
        records.extend(spurious_pair(
            graph,
            count(regime.n4_spurious, n_primary),
            seed.wrapping_add(5),
        ));
    }
    if regime.n7_hallucinated > 0.0 {
        records.extend(hallucinated_node(
            graph,
            count(regime.n7_hallucinated, n_nodes),
            seed.wrapping_add(6),
        ));
    }
    records
}

fn named(graph: &RefGraph, kind: NoiseKind, injected: Vec<inject::Injected>) -> Vec<NoiseRecord> {
    injected
        .into_iter()
        .map(|e| NoiseRecord {
            kind,
            src: graph.name(e.src).to_string(),
            dst: graph.name(e.dst).to_string(),
            label: Some(e.label),
            note: String::new(),
        })
        .collect()
}

/// Python's `repr` of a string (quotes chosen as CPython chooses them; only `\\`, quotes and
/// common control characters escaped — enough for room names).
fn py_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// The labels of `u`'s out-edges.
fn used_labels(graph: &RefGraph, u: NodeIx) -> Vec<Label> {
    graph
        .out_edges(u)
        .iter()
        .map(|(_, d)| d.label.clone())
        .collect()
}

/// The fourteen directions not used by an out-edge of `u`, in canonical order.
fn free_directions(graph: &RefGraph, u: NodeIx) -> Vec<Direction> {
    let used = used_labels(graph, u);
    Direction::ALL
        .iter()
        .copied()
        .filter(|d| !used.contains(&Label::Dir(*d)))
        .collect()
}

/// The authors' name prefix (`^(.+?)\s*\(`, then stripped): the text before the first `(`
/// that is not the first character, without the blanks before it; `None` if there is no such
/// `(`, if a line break precedes the prefix's end, or if the prefix is blank.
pub fn name_prefix(name: &str) -> Option<&str> {
    let first_len = name.chars().next()?.len_utf8();
    let open = name[first_len..].find('(')? + first_len;
    // The lazy group ends where the blank run before `(` starts, but takes at least one char.
    let end = name[..open].trim_end().len().max(first_len);
    let group = &name[..end];
    if group.contains('\n') {
        return None;
    }
    let prefix = group.trim();
    (!prefix.is_empty()).then_some(prefix)
}

/// The authors' `_rename_node_inplace(old, new)`: out-edges of `old` (except to `new`) are
/// copied onto `new` where `new` has no such pair yet, then in-edges (except from `new`, in
/// predecessor order) likewise; `old` is deleted. Returns false (and does nothing) for a
/// missing room or `old == new`.
pub fn rename_node_keeping(graph: &mut RefGraph, old: NodeIx, new: NodeIx) -> bool {
    if !graph.is_alive(old) || !graph.is_alive(new) || old == new {
        return false;
    }
    let outs: Vec<_> = graph.out_edges(old).to_vec();
    for (v, d) in outs {
        if v != new && !graph.contains(new, v) {
            graph.set_edge(new, v, d);
        }
    }
    let ins: Vec<NodeIx> = graph.in_neighbors(old).to_vec();
    for u in ins {
        if u == new || graph.contains(u, new) {
            continue;
        }
        if let Some(d) = graph.edge(u, old).cloned() {
            graph.set_edge(u, new, d);
        }
    }
    graph.remove_node(old);
    true
}

/// N5 `inject_node_collapse(graph, n, seed)`: merges rooms sharing a name prefix (groups
/// shuffled, each group's members shuffled, its pairs shuffled), falling back to random pairs.
pub fn node_collapse(graph: &mut RefGraph, n: usize, seed: u64) -> Vec<NoiseRecord> {
    let mut rng = PyRandom::new(seed);
    let mut out = Vec::new();
    let mut groups: Vec<(String, Vec<NodeIx>)> = Vec::new();
    for node in graph.nodes() {
        if let Some(prefix) = name_prefix(graph.name(node)) {
            match groups.iter_mut().find(|(p, _)| p == prefix) {
                Some(group) => group.1.push(node),
                None => groups.push((prefix.to_string(), vec![node])),
            }
        }
    }
    let mut eligible: Vec<(String, Vec<NodeIx>)> = groups
        .into_iter()
        .filter(|(_, names)| names.len() >= 2)
        .collect();
    rng.shuffle(&mut eligible);
    let mut used: FxHashSet<NodeIx> = FxHashSet::default();
    for (prefix, mut names) in eligible {
        if out.len() >= n {
            break;
        }
        rng.shuffle(&mut names);
        let mut pairs: Vec<(NodeIx, NodeIx)> = Vec::new();
        for i in 0..names.len() {
            for j in i + 1..names.len() {
                pairs.push((names[i], names[j]));
            }
        }
        rng.shuffle(&mut pairs);
        for (a, b) in pairs {
            if out.len() >= n {
                break;
            }
            if used.contains(&a) || used.contains(&b) || a == b {
                continue;
            }
            let (a_name, b_name) = (graph.name(a).to_string(), graph.name(b).to_string());
            if rename_node_keeping(graph, b, a) {
                used.insert(a);
                used.insert(b);
                out.push(NoiseRecord {
                    kind: NoiseKind::NodeCollapse,
                    src: b_name,
                    dst: a_name,
                    label: None,
                    note: format!("collapsed under prefix={}", py_repr(&prefix)),
                });
            }
        }
    }
    if out.len() < n {
        let mut all: Vec<NodeIx> = graph.nodes().filter(|x| !used.contains(x)).collect();
        rng.shuffle(&mut all);
        while out.len() < n && all.len() >= 2 {
            let (Some(a), Some(b)) = (all.pop(), all.pop()) else {
                break;
            };
            let (a_name, b_name) = (graph.name(a).to_string(), graph.name(b).to_string());
            if rename_node_keeping(graph, b, a) {
                used.insert(a);
                used.insert(b);
                out.push(NoiseRecord {
                    kind: NoiseKind::CollapseFallback,
                    src: b_name,
                    dst: a_name,
                    label: None,
                    note: "no prefix match available".into(),
                });
            }
        }
    }
    out
}

/// N3 `inject_endpoint_swap(graph, n, seed)`: shuffled primary edges `(u, v, d)` are rewired to
/// a random other room `w` (no pair `u → w` yet): `u → v` and `v → u` are dropped and `u → w` is
/// added with its automatic reverse.
pub fn endpoint_swap(graph: &mut RefGraph, n: usize, seed: u64) -> Vec<NoiseRecord> {
    let mut rng = PyRandom::new(seed);
    let mut out = Vec::new();
    let mut primaries: Vec<(NodeIx, NodeIx, Label)> = graph
        .primary_edges()
        .map(|(u, v, d)| (u, v, d.label.clone()))
        .collect();
    rng.shuffle(&mut primaries);
    let nodes: Vec<NodeIx> = graph.nodes().collect();
    for (u, v, label) in primaries {
        if out.len() >= n {
            break;
        }
        let candidates: Vec<NodeIx> = nodes
            .iter()
            .copied()
            .filter(|&w| w != u && w != v && !graph.contains(u, w))
            .collect();
        let Some(&new_v) = rng.choice(&candidates) else {
            continue;
        };
        graph.remove_edge(u, v);
        graph.remove_edge(v, u);
        graph.add_edge_ix(u, new_v, label.clone(), None, true);
        out.push(NoiseRecord {
            kind: NoiseKind::EndpointSwap,
            src: graph.name(u).to_string(),
            dst: graph.name(new_v).to_string(),
            label: Some(label),
            note: format!("orig dst={}", py_repr(graph.name(v))),
        });
    }
    out
}

/// N4 `inject_spurious_pair(graph, n, seed)`: for shuffled rooms `u`, a shuffled unconnected
/// room `x` gets `u → x` with a random free direction, no reverse.
pub fn spurious_pair(graph: &mut RefGraph, n: usize, seed: u64) -> Vec<NoiseRecord> {
    let mut rng = PyRandom::new(seed);
    let mut out = Vec::new();
    let mut nodes: Vec<NodeIx> = graph.nodes().collect();
    rng.shuffle(&mut nodes);
    let mut seen: FxHashSet<(NodeIx, NodeIx)> = FxHashSet::default();
    for &u in &nodes {
        if out.len() >= n {
            break;
        }
        let mut candidates: Vec<NodeIx> = nodes
            .iter()
            .copied()
            .filter(|&w| w != u && !graph.contains(u, w))
            .collect();
        rng.shuffle(&mut candidates);
        for x in candidates {
            if !seen.insert((u, x)) {
                continue;
            }
            let free = free_directions(graph, u);
            let Some(&d) = rng.choice(&free) else {
                continue;
            };
            graph.add_edge_ix(u, x, Label::Dir(d), None, false);
            out.push(NoiseRecord {
                kind: NoiseKind::SpuriousPair,
                src: graph.name(u).to_string(),
                dst: graph.name(x).to_string(),
                label: Some(Label::Dir(d)),
                note: String::new(),
            });
            break;
        }
    }
    out
}

/// N7 `inject_hallucinated_node(graph, n, seed)`: shuffled rooms get an exit with a random free
/// direction to a fake room drawn from [`HALLUCINATED_ROOM_PREFIXES`] (`" (n)"` appended while
/// the name is taken), no reverse.
pub fn hallucinated_node(graph: &mut RefGraph, n: usize, seed: u64) -> Vec<NoiseRecord> {
    let mut rng = PyRandom::new(seed);
    let mut out = Vec::new();
    let real: FxHashSet<String> = graph.nodes().map(|u| graph.name(u).to_string()).collect();
    let mut nodes: Vec<NodeIx> = graph.nodes().collect();
    rng.shuffle(&mut nodes);
    let mut fakes: FxHashSet<String> = FxHashSet::default();
    for u in nodes {
        if out.len() >= n {
            break;
        }
        let Some(&base) = rng.choice(&HALLUCINATED_ROOM_PREFIXES) else {
            break;
        };
        let mut fake = base.to_string();
        let mut suffix = 0;
        while real.contains(&fake) || fakes.contains(&fake) {
            suffix += 1;
            fake = format!("{base} ({suffix})");
        }
        fakes.insert(fake.clone());
        let free = free_directions(graph, u);
        let Some(&d) = rng.choice(&free) else {
            continue;
        };
        let Ok(v) = graph.add_node(&fake) else {
            continue;
        };
        graph.add_edge_ix(u, v, Label::Dir(d), None, false);
        out.push(NoiseRecord {
            kind: NoiseKind::Hallucinated,
            src: graph.name(u).to_string(),
            dst: fake,
            label: Some(Label::Dir(d)),
            note: "dst not in GT".into(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_follow_the_authors_pattern() {
        assert_eq!(name_prefix("back alley (north)"), Some("back alley"));
        assert_eq!(name_prefix("back alley(north)"), Some("back alley"));
        assert_eq!(name_prefix("(x) hall (y)"), Some("(x) hall"));
        assert_eq!(name_prefix("hall"), None);
        assert_eq!(name_prefix("("), None);
        assert_eq!(name_prefix("((x)"), Some("("));
        assert_eq!(name_prefix(" (x)"), None);
        assert_eq!(name_prefix("a\nb (x)"), None);
        assert_eq!(name_prefix("ab\n(x)"), Some("ab"));
    }

    #[test]
    fn repr_quotes_like_python() {
        assert_eq!(py_repr("hall"), "'hall'");
        assert_eq!(py_repr("cook's room"), "\"cook's room\"");
    }

    #[test]
    fn regimes_are_known_by_name() {
        assert_eq!(
            regime_by_name("mango_like").map(|r| r.n5_collapse),
            Some(0.25)
        );
        assert!(regime_by_name("nope").is_none());
    }
}
