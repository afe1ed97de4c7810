//! Which rules count: the authors' experiment code (`reference`, to reproduce their numbers) or
//! the paper's design made consistent (`default`, what the app uses). Selected explicitly,
//! never mixed.

use super::map::{Map, Origin};
use super::reference::graph::RefGraph;
use std::str::FromStr;

/// The two semantics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Semantics {
    /// The authors' experiment code, exactly.
    Reference,
    /// The paper's design, made consistent.
    #[default]
    Default,
}

impl Semantics {
    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            Semantics::Reference => "reference",
            Semantics::Default => "default",
        }
    }
}

/// An unknown semantics name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown semantics {0:?} (expected reference or default)")]
pub struct UnknownSemantics(pub String);

impl FromStr for Semantics {
    type Err = UnknownSemantics;
    fn from_str(s: &str) -> Result<Semantics, UnknownSemantics> {
        match s {
            "reference" => Ok(Semantics::Reference),
            "default" => Ok(Semantics::Default),
            other => Err(UnknownSemantics(other.to_string())),
        }
    }
}

/// The reference graph of a map: observed exits in id order under the authors' load rule (a
/// pair that already exists, even as an automatic twin, is skipped), room display names
/// lowercased. Inferred exits are left out: the reference graph derives its own twins.
pub fn reference_graph(map: &Map) -> RefGraph {
    let mut g = RefGraph::new();
    for e in map.exits().filter(|e| e.origin == Origin::Observed) {
        let (Some(a), Some(b)) = (map.room(e.from), map.room(e.to)) else {
            continue;
        };
        if let (Some(u), Some(v)) = (g.node(&a.name), g.node(&b.name)) {
            if g.contains(u, v) {
                continue;
            }
        }
        let _ = g.add_edge(&a.name, &b.name, e.label.clone(), None, true);
    }
    g
}
