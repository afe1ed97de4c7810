//! The authors' experiment semantics ("reference" semantics), ported exactly.
//!
//! This module exists to reproduce the numbers in the paper's tables bit for bit. It follows the
//! authors' experiment code, not the paper's prose (see `paper-semantics.md` §0): a simple
//! directed graph with automatic reverse edges, positions from a capped multi-position DFS,
//! conflict records whose identity embeds coordinates, "localization" as one unweighted shortest
//! path, and an Edge Impact Score normalized over all primary edges with edge betweenness as
//! usage. Everything that influences the counts — insertion order of nodes and of each node's
//! out-edges, the DFS order, networkx's bidirectional BFS and Brandes order, stable sorts — is
//! reproduced, which is why [`RefGraph`] keeps its own ordered adjacency instead of using
//! petgraph (whose `Graph` iterates a node's edges newest first and whose `StableGraph` reuses
//! freed indices).
//!
//! The app uses the consistent default semantics; this one is selected
//! explicitly with `Semantics::Reference`.

pub mod detect;
pub mod graph;
pub mod heuristic;
pub mod load;
pub mod localize;
pub mod on_map;
pub mod positions;
pub mod score;
pub mod table3;

pub use detect::{Detector, RefConflict, RefConflictKind, RefCounts};
pub use graph::{EdgeData, NodeIx, RefGraph, RefGraphError};
pub use heuristic::{heuristic_repair, HeuristicAction, HeuristicOutcome, HeuristicStrategy};
pub use localize::{localize, Projection};
pub use positions::{infer_positions, Buckets};
pub use score::{score_edges, EdgeScore};
