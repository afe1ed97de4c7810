//! Default semantics: the paper's design, made consistent. This is what the app uses.
//!
//! Positions come from the Reasoning History Tree: exits are read in commit order and each one
//! that reaches an unplaced room places it (and becomes a tree edge); one that joins two placed
//! rooms of one frame either agrees with the lattice or closes a loop whose displacement does not
//! sum to zero — a topological conflict. Two rooms on one cell overlap; duplicate labels from one
//! room are directional conflicts; both directions of a pair with non-opposite labels are a
//! reverse mismatch (unless the exits were marked non-geometric: a maze twist is allowed to come
//! back another way); two rooms sharing a canonical name are a naming conflict. Every conflict is
//! localized on the tree (LCA = deepest common ancestor, the one with the largest timestamp) and
//! its candidates are scored with the Edge Impact Score (reach + conflicts + usage, min-max
//! normalized over the candidates). One fact, one conflict: a 2-cycle is only a reverse mismatch,
//! and two targets of one duplicated label are not also an overlap.

pub mod bulk;
pub mod conflict;
pub mod detect;
pub mod geometry;
pub mod live;
pub mod localize;
pub mod score;

pub use conflict::{Conflict, ConflictKind, ConflictType, Counts};
pub use detect::detect;
pub use geometry::{Geometry, GeometryBuilder, LoopClosure, Placement};
pub use live::LiveDetector;
pub use localize::{localize, Localization};
pub use score::{score, ScoredExit};

use super::map::{ExitId, Map};

/// Everything the app shows about one map state.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// Positions and the tree.
    pub geometry: Geometry,
    /// Conflicts in detection order.
    pub conflicts: Vec<Conflict>,
    /// One localization per conflict (same order).
    pub localizations: Vec<Localization>,
}

impl Analysis {
    /// Analyses a map. `usage[exit id]` is how often each exit was walked (from
    /// [`crate::domain::history::History::usage`]); missing entries count as one.
    pub fn of(map: &Map) -> Analysis {
        let geometry = Geometry::infer(map);
        let conflicts = detect(map, &geometry);
        let localizations = conflicts
            .iter()
            .map(|c| localize(map, &geometry, c))
            .collect();
        Analysis {
            geometry,
            conflicts,
            localizations,
        }
    }

    /// Counts by type.
    pub fn counts(&self) -> Counts {
        Counts::of(&self.conflicts)
    }

    /// How many conflicts involve each exit (indexed by exit id): the exits a rule names — a
    /// duplicated label's exits, a mismatched pair, a loop's closing exit, the tree exits that
    /// placed overlapping or same-named rooms.
    pub fn conflict_counts(&self, bound: usize) -> Vec<u32> {
        let mut out = vec![0u32; bound];
        for c in &self.conflicts {
            for e in &c.exits {
                if let Some(c) = out.get_mut(e.0 as usize) {
                    *c += 1;
                }
            }
        }
        out
    }

    /// The ranked candidates of conflict `index`.
    pub fn ranked(&self, map: &Map, index: usize, usage: &[u32]) -> Vec<ScoredExit> {
        let Some(loc) = self.localizations.get(index) else {
            return Vec::new();
        };
        let counts = self.conflict_counts(map.exit_bound());
        score(&self.geometry, &loc.candidates, &counts, usage)
    }

    /// The ranked candidates of every conflict (conflict counts computed once).
    pub fn ranked_all(&self, map: &Map, usage: &[u32]) -> Vec<Vec<ScoredExit>> {
        let counts = self.conflict_counts(map.exit_bound());
        self.localizations
            .iter()
            .map(|l| score(&self.geometry, &l.candidates, &counts, usage))
            .collect()
    }

    /// Every candidate exit of every conflict, once, in first-seen order.
    pub fn all_candidates(&self) -> Vec<ExitId> {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut out = Vec::new();
        for loc in &self.localizations {
            for e in &loc.candidates {
                if seen.insert(*e) {
                    out.push(*e);
                }
            }
        }
        out
    }
}
