//! The paper's synthetic maps and scenario suites, reproduced bit for bit
//! (`paper-semantics.md` §10).
//!
//! * [`families`]: the ground-truth generators (random spanning trees, BFS trees, grids);
//! * [`inject`]: the direction / topology / naming error injectors;
//! * [`noise`]: the TextWorld noise regimes N1–N7;
//! * [`suites`]: the 1,160-graph LCA suite (exp01) and the Table 1 inputs and heuristic rates
//!   (exp29), parameterized by the semantics that measures them;
//! * [`default_semantics`]: the same suites measured in the app's default semantics.
//!
//! All randomness is CPython's generator ([`crate::domain::rng::PyRandom`]), seeded
//! explicitly, so every graph equals the one the authors' Python code builds: same names, same
//! node order, same edge order.

pub mod default_semantics;
pub mod families;
pub mod inject;
pub mod noise;
pub mod suites;

pub use inject::Injected;

use crate::domain::reference::{NodeIx, RefGraph};

/// A ground-truth family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// BFS tree from `r0`; size = depth.
    Tree,
    /// `size × size` grid of `(r,c)` rooms.
    Grid,
    /// Random spanning tree from `n0`; size = number of rooms.
    Random,
}

impl Family {
    /// The authors' name: `tree`, `grid` or `random`.
    pub fn as_str(self) -> &'static str {
        match self {
            Family::Tree => "tree",
            Family::Grid => "grid",
            Family::Random => "random",
        }
    }
}

/// An injected error type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ErrorType {
    /// A second exit with the same label ([`inject::direction`]).
    Direction,
    /// A corrupted reverse label ([`inject::topology`]).
    Topology,
    /// Two rooms merged ([`inject::naming`]).
    Naming,
}

impl ErrorType {
    /// All three, in the authors' order.
    pub const ALL: [ErrorType; 3] = [ErrorType::Direction, ErrorType::Topology, ErrorType::Naming];

    /// The authors' name: `direction`, `topology` or `naming`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorType::Direction => "direction",
            ErrorType::Topology => "topology",
            ErrorType::Naming => "naming",
        }
    }
}

/// How many errors of each type to inject (applied in this order, with seeds `seed + 1`,
/// `seed + 2`, `seed + 3`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ErrorMix {
    /// Direction errors.
    pub direction: usize,
    /// Topology errors.
    pub topology: usize,
    /// Naming errors.
    pub naming: usize,
}

impl ErrorMix {
    /// `k` errors of one type.
    pub fn only(kind: ErrorType, k: usize) -> ErrorMix {
        let mut mix = ErrorMix::default();
        match kind {
            ErrorType::Direction => mix.direction = k,
            ErrorType::Topology => mix.topology = k,
            ErrorType::Naming => mix.naming = k,
        }
        mix
    }
}

/// A generated map: the broken graph, its ground truth and what was injected.
#[derive(Debug, Clone)]
pub struct Synthetic {
    /// The map with errors.
    pub graph: RefGraph,
    /// The error-free map it was made from.
    pub ground_truth: RefGraph,
    /// The injected records, in injection order (indices into `graph`).
    pub injected: Vec<Injected>,
    /// The type of each record.
    pub error_types: Vec<ErrorType>,
}

impl Synthetic {
    /// The distinct injected pairs (the authors' `error_edge_keys`), in first-recorded order.
    pub fn error_pairs(&self) -> Vec<(NodeIx, NodeIx)> {
        let mut out: Vec<(NodeIx, NodeIx)> = Vec::new();
        for e in &self.injected {
            if !out.contains(&e.pair()) {
                out.push(e.pair());
            }
        }
        out
    }
}

/// The authors' `make_synthetic(family, size, error_mix, seed, branching)`: builds the ground
/// truth (tree of depth `size`, `size × size` grid, or random map of `size` rooms), copies it,
/// and injects direction, topology and naming errors in that order with seeds `seed + 1`,
/// `seed + 2`, `seed + 3`.
pub fn make_synthetic(
    family: Family,
    size: usize,
    mix: ErrorMix,
    seed: u64,
    branching: usize,
) -> Synthetic {
    let ground_truth = match family {
        Family::Tree => families::tree(size, branching, seed),
        Family::Grid => families::grid(size, size),
        Family::Random => families::random(size, branching, seed),
    };
    let mut graph = ground_truth.clone();
    let mut injected = Vec::new();
    let mut error_types = Vec::new();
    let steps: [(usize, ErrorType, u64); 3] = [
        (mix.direction, ErrorType::Direction, 1),
        (mix.topology, ErrorType::Topology, 2),
        (mix.naming, ErrorType::Naming, 3),
    ];
    for (k, kind, offset) in steps {
        if k == 0 {
            continue;
        }
        let s = seed.wrapping_add(offset);
        let new = match kind {
            ErrorType::Direction => inject::direction(&mut graph, k, s),
            ErrorType::Topology => inject::topology(&mut graph, k, s),
            ErrorType::Naming => inject::naming(&mut graph, k, s),
        };
        error_types.extend(std::iter::repeat_n(kind, new.len()));
        injected.extend(new);
    }
    Synthetic {
        graph,
        ground_truth,
        injected,
        error_types,
    }
}
