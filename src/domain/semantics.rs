//! Which rules count: the authors' experiment code (`reference`, to reproduce their numbers) or
//! the paper's design made consistent (`default`, what the app uses). Selected explicitly,
//! never mixed.

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

pub use super::reference::on_map::reference_graph;
