//! The map judged against a ground truth, exit by exit: correct, wrong direction, spurious, and
//! the truth's links between drawn rooms that the map lacks. Pure; the totals come from
//! [`crate::domain::eval`].

use crate::domain::eval::{score_map, PairRule, PairSet, Score};
use crate::domain::formats::EdgeRecord;
use crate::domain::map::{ExitId, Map, RoomId};
use rustc_hash::FxHashMap;

/// How the truth judges one exit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The truth has this link with this label.
    Correct,
    /// The truth links these rooms, but in another direction.
    WrongDirection,
    /// The truth has no such link.
    Spurious,
}

impl Verdict {
    /// The CSS class drawn on the exit.
    pub fn class(self) -> &'static str {
        match self {
            Verdict::Correct => "truth-correct",
            Verdict::WrongDirection => "truth-wrong",
            Verdict::Spurious => "truth-spurious",
        }
    }
}

/// A map against its truth.
#[derive(Debug, Clone, Default)]
pub struct TruthView {
    /// Verdict per exit.
    pub verdicts: FxHashMap<ExitId, Verdict>,
    /// Links of the truth between two rooms of the map that the map does not have.
    pub missing: Vec<(RoomId, RoomId, String)>,
    /// Totals (precision and recall).
    pub score: Score,
}

fn norm(s: &str) -> String {
    s.trim().to_lowercase()
}

impl TruthView {
    /// Judges `map` against `truth` (closed under compass reverses).
    pub fn of(map: &Map, truth: &[EdgeRecord]) -> TruthView {
        let set = PairSet::from_records(truth, PairRule::Closed);
        let mut verdicts = FxHashMap::default();
        let mut by_name: FxHashMap<String, RoomId> = FxHashMap::default();
        for r in map.rooms() {
            by_name.entry(norm(&r.name)).or_insert(r.id);
        }
        for e in map.exits() {
            let (Some(a), Some(b)) = (map.room(e.from), map.room(e.to)) else {
                continue;
            };
            let verdict = match set.pairs.get(&(norm(&a.name), norm(&b.name))) {
                Some(labels) if labels.contains(&norm(e.label.as_str())) => Verdict::Correct,
                Some(_) => Verdict::WrongDirection,
                None => Verdict::Spurious,
            };
            verdicts.insert(e.id, verdict);
        }
        let mut missing = Vec::new();
        for ((s, d), labels) in &set.pairs {
            if let (Some(a), Some(b)) = (by_name.get(s), by_name.get(d)) {
                if map.exits_between(*a, *b).next().is_none() {
                    let label = labels.iter().next().cloned().unwrap_or_default();
                    missing.push((*a, *b, label));
                }
            }
        }
        TruthView {
            verdicts,
            missing,
            score: score_map(truth, map, PairRule::Closed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::demo::{demo_project, demo_truth};

    #[test]
    fn the_wrong_step_of_the_demo_is_judged_wrong() {
        let p = demo_project();
        let map = p.history.head();
        let t = TruthView::of(map, &demo_truth());
        let wrong = t
            .verdicts
            .iter()
            .filter(|(_, v)| **v != Verdict::Correct)
            .count();
        assert!(wrong >= 1);
        assert!(t.score.edge_precision() < 1.0);
        assert!(t.score.edge_recall() > 0.5);
    }
}
