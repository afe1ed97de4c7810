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

pub mod bound;
pub mod bulk;
pub mod conflict;
pub mod detect;
pub mod edit;
pub mod forest;
pub mod gains;
pub mod geometry;
pub mod hits;
pub mod live;
pub mod localize;
pub mod registry;
pub mod room_lists;
pub mod score;
pub mod side_carry;
pub mod side_judge;
pub mod side_patch;
pub mod tracker;
pub mod trial;

pub use bound::FlattenBound;
pub use conflict::{Conflict, ConflictKind, ConflictType, Counts};
pub use detect::detect;
pub use forest::{Forest, Reshape};
pub use gains::FlattenGains;
pub use geometry::{Geometry, GeometryBuilder, LoopClosure, Placement};
pub use live::LiveDetector;
pub use localize::{localize, Localization};
pub use score::{score, ScoredExit};
pub use tracker::{ConflictTracker, Directional, Effects};
pub use trial::{Edit, TrialJudge};

use super::map::{ExitId, Map};
use std::sync::OnceLock;

/// Everything the app shows about one map state: positions and conflicts, computed at once;
/// localizations, computed on first use (a 100,000-room map has tens of millions of candidate
/// entries in all, which a repair loop never needs).
#[derive(Debug, Clone)]
pub struct Analysis {
    /// Positions and the tree.
    pub geometry: Geometry,
    /// Conflicts in detection order.
    pub conflicts: Vec<Conflict>,
    localized: OnceLock<Vec<Localization>>,
}

impl Analysis {
    /// Analyses a map: positions and conflicts. Localizations follow on demand.
    pub fn of(map: &Map) -> Analysis {
        let geometry = Geometry::infer(map);
        let conflicts = detect(map, &geometry);
        Analysis::from_parts(geometry, conflicts)
    }

    /// An analysis from a geometry and the conflicts detected on it.
    pub fn from_parts(geometry: Geometry, conflicts: Vec<Conflict>) -> Analysis {
        Analysis {
            geometry,
            conflicts,
            localized: OnceLock::new(),
        }
    }

    /// Counts by type.
    pub fn counts(&self) -> Counts {
        Counts::of(&self.conflicts)
    }

    /// One localization per conflict (same order), computed on the first call and kept.
    /// `map` must be the map this analysis was made of.
    pub fn localizations(&self, map: &Map) -> &[Localization] {
        self.localized.get_or_init(|| {
            self.conflicts
                .iter()
                .map(|c| localize(map, &self.geometry, c))
                .collect()
        })
    }

    /// The localization of conflict `index` (from the kept ones if they were computed).
    /// `map` must be the map this analysis was made of.
    pub fn localization(&self, map: &Map, index: usize) -> Option<Localization> {
        match self.localized.get() {
            Some(all) => all.get(index).cloned(),
            None => self
                .conflicts
                .get(index)
                .map(|c| localize(map, &self.geometry, c)),
        }
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
        let Some(loc) = self.localization(map, index) else {
            return Vec::new();
        };
        let counts = self.conflict_counts(map.exit_bound());
        score(&self.geometry, &loc.candidates, &counts, usage)
    }

    /// The ranked candidates of every conflict (conflict counts computed once).
    pub fn ranked_all(&self, map: &Map, usage: &[u32]) -> Vec<Vec<ScoredExit>> {
        let counts = self.conflict_counts(map.exit_bound());
        self.localizations(map)
            .iter()
            .map(|l| score(&self.geometry, &l.candidates, &counts, usage))
            .collect()
    }

    /// Every candidate exit of every conflict, once, in first-seen order (computed in bulk,
    /// without listing each conflict's candidates: see [`bulk`]).
    pub fn all_candidates(&self, map: &Map) -> Vec<ExitId> {
        bulk::localize_all(map, &self.geometry, &self.conflicts).candidates
    }
}
