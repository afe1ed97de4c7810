//! Evaluation of a built map against a ground-truth map.
//!
//! Both maps are read as MANGO edge lists. Names and actions are compared trimmed and
//! lowercased; records with an empty name or action, or with the same source and destination,
//! are ignored. Each ordered pair `(src, dst)` carries the *set* of labels its records give it.
//!
//! Two pair rules:
//! * [`PairRule::Closed`] — the metric of issue 5 and of this crate's reports: both maps are
//!   closed under compass reverses (a pair whose reverse pair is absent gains it, with the
//!   opposite labels), so a built map is scored as the app shows it, with its inferred ways
//!   back. On the 53 gpt-4.1 maps it gives precision 0.80, recall 0.81.
//! * [`PairRule::Exp14`] — the paper's own exp14 quality report (`llm_built_logs/quality.json`):
//!   directed primary pairs only, no closure. Reproduces that file's per-game node and pair
//!   counts, node recall, edge recall and precision, recall with direction and (as
//!   [`Score::label_precision`]) precision with direction; its direction accuracy depends on
//!   the iteration order of the authors' code for seven games and is not reproduced there.
//!
//! A pair is *found* when both maps have it and *correct* when, in addition, the two label sets
//! share a label. Edge precision = correct / built pairs, recall = correct / truth pairs;
//! direction accuracy = correct / found; node recall = truth rooms named in the built map /
//! truth rooms. Totals are micro sums over games.
//!
//! [`align_names`] renames a map built without the location list (rooms named by their titles:
//! "Forest", "Forest (2)") after the truth rooms they stand for, so that how well it tells rooms
//! apart and joins them can be scored by the same metric: each built room takes the name of the
//! truth room the player was in at most of the cited steps it was reached at, one built room per
//! truth room (a room split in two scores for one half only; two rooms merged score for one).
//!
//! [`exit_delta`] compares two versions of one map exit by exit (by [`ExitId`]) against the
//! truth: how many exits that were right before are gone or wrong after, and how many wrong ones
//! were fixed or removed. Repair benchmarks report it.

use super::direction::Direction;
use super::formats::{records_of, EdgeRecord};
use super::map::{ExitId, Map, Origin};
use indexmap::{IndexMap, IndexSet};
use serde::Serialize;
use std::collections::BTreeSet;
use std::ops::AddAssign;

/// How pairs are formed. See the module docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PairRule {
    /// Both maps closed under compass reverses (the default).
    #[default]
    Closed,
    /// Directed primary pairs, as the paper's exp14 quality report.
    Exp14,
}

/// A map as a set of ordered pairs, each with its labels.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PairSet {
    /// Pair → labels, in first-seen order.
    pub pairs: IndexMap<(String, String), BTreeSet<String>>,
    /// Every room named by a kept record.
    pub nodes: IndexSet<String>,
}

fn norm(s: &str) -> String {
    s.trim().to_lowercase()
}

impl PairSet {
    /// Reads records under a pair rule.
    pub fn from_records(records: &[EdgeRecord], rule: PairRule) -> PairSet {
        let mut out = PairSet::default();
        for r in records {
            let (s, d, a) = (norm(&r.src), norm(&r.dst), norm(&r.action));
            if s.is_empty() || d.is_empty() || a.is_empty() || s == d {
                continue;
            }
            out.nodes.insert(s.clone());
            out.nodes.insert(d.clone());
            out.pairs.entry((s, d)).or_default().insert(a);
        }
        if rule == PairRule::Closed {
            let mut added: IndexMap<(String, String), BTreeSet<String>> = IndexMap::new();
            for ((s, d), labels) in &out.pairs {
                let back = (d.clone(), s.clone());
                if out.pairs.contains_key(&back) {
                    continue;
                }
                for l in labels {
                    if let Some(dir) = Direction::from_word(l) {
                        added
                            .entry(back.clone())
                            .or_default()
                            .insert(dir.opposite().as_str().to_string());
                    }
                }
            }
            out.pairs.extend(added);
        }
        out
    }
}

/// Counts for one game (or a sum of games).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Score {
    /// Rooms of the truth.
    pub truth_nodes: usize,
    /// Rooms of the built map.
    pub built_nodes: usize,
    /// Truth rooms the built map names.
    pub nodes_found: usize,
    /// Pairs of the truth.
    pub truth_pairs: usize,
    /// Pairs of the built map.
    pub built_pairs: usize,
    /// Pairs in both.
    pub pairs_found: usize,
    /// Pairs in both with a shared label.
    pub pairs_correct: usize,
    /// (pair, label) triples of the built map.
    pub built_labels: usize,
    /// Built (pair, label) triples the truth has.
    pub labels_correct: usize,
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

fn f1(p: f64, r: f64) -> f64 {
    if p + r == 0.0 {
        0.0
    } else {
        2.0 * p * r / (p + r)
    }
}

impl Score {
    /// Truth rooms found / truth rooms.
    pub fn node_recall(&self) -> f64 {
        ratio(self.nodes_found, self.truth_nodes)
    }
    /// Truth rooms found / built rooms.
    pub fn node_precision(&self) -> f64 {
        ratio(self.nodes_found, self.built_nodes)
    }
    /// Correct pairs / built pairs.
    pub fn edge_precision(&self) -> f64 {
        ratio(self.pairs_correct, self.built_pairs)
    }
    /// Correct pairs / truth pairs.
    pub fn edge_recall(&self) -> f64 {
        ratio(self.pairs_correct, self.truth_pairs)
    }
    /// Harmonic mean of edge precision and recall.
    pub fn edge_f1(&self) -> f64 {
        f1(self.edge_precision(), self.edge_recall())
    }
    /// Found pairs / truth pairs (direction ignored).
    pub fn pair_recall(&self) -> f64 {
        ratio(self.pairs_found, self.truth_pairs)
    }
    /// Found pairs / built pairs (direction ignored).
    pub fn pair_precision(&self) -> f64 {
        ratio(self.pairs_found, self.built_pairs)
    }
    /// Correct pairs / found pairs.
    pub fn direction_accuracy(&self) -> f64 {
        ratio(self.pairs_correct, self.pairs_found)
    }
    /// Correct (pair, label) triples / built triples: the exp14 report's "precision with
    /// direction" (a pair the model gave two labels counts twice).
    pub fn label_precision(&self) -> f64 {
        ratio(self.labels_correct, self.built_labels)
    }

    /// The counts and every derived figure, as JSON.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "truth_nodes": self.truth_nodes,
            "built_nodes": self.built_nodes,
            "nodes_found": self.nodes_found,
            "truth_pairs": self.truth_pairs,
            "built_pairs": self.built_pairs,
            "pairs_found": self.pairs_found,
            "pairs_correct": self.pairs_correct,
            "node_recall": self.node_recall(),
            "node_precision": self.node_precision(),
            "edge_precision": self.edge_precision(),
            "edge_recall": self.edge_recall(),
            "edge_f1": self.edge_f1(),
            "direction_accuracy": self.direction_accuracy(),
            "label_precision": self.label_precision(),
        })
    }
}

impl AddAssign for Score {
    fn add_assign(&mut self, o: Score) {
        self.truth_nodes += o.truth_nodes;
        self.built_nodes += o.built_nodes;
        self.nodes_found += o.nodes_found;
        self.truth_pairs += o.truth_pairs;
        self.built_pairs += o.built_pairs;
        self.pairs_found += o.pairs_found;
        self.pairs_correct += o.pairs_correct;
        self.built_labels += o.built_labels;
        self.labels_correct += o.labels_correct;
    }
}

impl std::iter::Sum for Score {
    fn sum<I: Iterator<Item = Score>>(iter: I) -> Score {
        let mut total = Score::default();
        for s in iter {
            total += s;
        }
        total
    }
}

/// Scores pair sets.
pub fn score_sets(truth: &PairSet, built: &PairSet) -> Score {
    let mut s = Score {
        truth_nodes: truth.nodes.len(),
        built_nodes: built.nodes.len(),
        nodes_found: truth
            .nodes
            .iter()
            .filter(|n| built.nodes.contains(*n))
            .count(),
        truth_pairs: truth.pairs.len(),
        built_pairs: built.pairs.len(),
        ..Score::default()
    };
    for (pair, labels) in &built.pairs {
        s.built_labels += labels.len();
        if let Some(t) = truth.pairs.get(pair) {
            s.pairs_found += 1;
            s.labels_correct += labels.intersection(t).count();
            if !t.is_disjoint(labels) {
                s.pairs_correct += 1;
            }
        }
    }
    s
}

/// Scores a built edge list against the truth.
///
/// # Complexity
/// O((T + B) log L) for T truth and B built records.
pub fn score(truth: &[EdgeRecord], built: &[EdgeRecord], rule: PairRule) -> Score {
    score_sets(
        &PairSet::from_records(truth, rule),
        &PairSet::from_records(built, rule),
    )
}

/// A map's observed exits as edge records (room names as shown; inferred ways back are left to
/// the pair rule).
pub fn map_records(map: &Map) -> Vec<EdgeRecord> {
    records_of(map, |_| None)
}

/// Scores a map against the truth (its observed exits; see [`map_records`]).
pub fn score_map(truth: &[EdgeRecord], map: &Map, rule: PairRule) -> Score {
    score(truth, &map_records(map), rule)
}

/// A ground-truth edge list as a map: exactly its records, nothing inferred (rooms named by the
/// trimmed, lowercased names; repeated records and self-loops skipped). Routes are walked on it.
pub fn truth_map(records: &[EdgeRecord]) -> Map {
    let mut map = Map::new();
    let mut ids: IndexMap<String, super::map::RoomId> = IndexMap::new();
    let mut id = |map: &mut Map, name: String| {
        *ids.entry(name.clone())
            .or_insert_with(|| map.add_room(&name))
    };
    for r in records {
        let (s, d, a) = (norm(&r.src), norm(&r.dst), norm(&r.action));
        if s.is_empty() || d.is_empty() || a.is_empty() || s == d {
            continue;
        }
        let (from, to) = (id(&mut map, s), id(&mut map, d));
        let label = super::direction::Label::parse(&a);
        if map.exits_between(from, to).all(|e| e.label != label) {
            let _ = map.add_exit(from, to, label, Origin::Observed);
        }
    }
    map
}

/// Where the truth puts the player after each cited step: the destination of the record it
/// walked forward, else the source of one it walked backwards (the step numbers of the
/// walkthrough the truth cites).
pub fn truth_arrivals(truth: &[EdgeRecord]) -> std::collections::BTreeMap<i64, String> {
    let mut out = std::collections::BTreeMap::new();
    for r in truth {
        if let Some(s) = r.seen_in_forward.filter(|&s| s != 0) {
            out.insert(s, norm(&r.dst));
        }
    }
    for r in truth {
        if let Some(s) = r.seen_in_reversed.filter(|&s| s != 0) {
            out.entry(s).or_insert_with(|| norm(&r.src));
        }
    }
    out
}

/// Renames the rooms of `built` after the truth rooms they stand for (see the module docs).
/// `arrivals` gives, per walkthrough step, the built room the player was in after it (the
/// automapper's step reports); `truth_at` gives the truth's ([`truth_arrivals`]). Votes are
/// counted per (built, truth) pair over the steps both know; pairs are matched greedily, most
/// votes first (ties by name), each room on either side once. Unmatched built rooms keep their
/// names.
pub fn align_names(
    built: &[EdgeRecord],
    arrivals: &[(i64, String)],
    truth_at: &std::collections::BTreeMap<i64, String>,
) -> Vec<EdgeRecord> {
    let mut votes: IndexMap<(String, String), usize> = IndexMap::new();
    for (step, room) in arrivals {
        if let Some(t) = truth_at.get(step) {
            *votes.entry((norm(room), t.clone())).or_default() += 1;
        }
    }
    let mut ranked: Vec<((String, String), usize)> = votes.into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let (mut named, mut taken): (IndexMap<String, String>, IndexSet<String>) = Default::default();
    for ((b, t), _) in ranked {
        if named.contains_key(&b) || taken.contains(&t) {
            continue;
        }
        taken.insert(t.clone());
        named.insert(b, t);
    }
    // A built room left unmatched must not take a truth name by accident.
    let rename = |n: &str| {
        let k = norm(n);
        match named.get(&k) {
            Some(t) => t.clone(),
            None if taken.contains(&k) => format!("{k} (unmatched)"),
            None => k,
        }
    };
    built
        .iter()
        .map(|r| EdgeRecord {
            src: rename(&r.src),
            dst: rename(&r.dst),
            ..r.clone()
        })
        .collect()
}

/// Exit-by-exit change between two versions of a map, judged against the truth.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ExitDelta {
    /// Exits of `before` that the truth confirms (pair and label).
    pub correct_before: usize,
    /// Exits of `after` that the truth confirms.
    pub correct_after: usize,
    /// Confirmed exits of `before` that are gone from `after` or no longer confirmed there.
    pub correct_lost: usize,
    /// Exits of `before` the truth does not confirm.
    pub wrong_before: usize,
    /// Unconfirmed exits of `before` that are confirmed in `after` (relabelled or re-aimed).
    pub wrong_fixed: usize,
    /// Unconfirmed exits of `before` that are gone from `after`.
    pub wrong_removed: usize,
    /// Exits of `after` that are not in `before`.
    pub added: usize,
}

impl AddAssign for ExitDelta {
    fn add_assign(&mut self, o: ExitDelta) {
        self.correct_before += o.correct_before;
        self.correct_after += o.correct_after;
        self.correct_lost += o.correct_lost;
        self.wrong_before += o.wrong_before;
        self.wrong_fixed += o.wrong_fixed;
        self.wrong_removed += o.wrong_removed;
        self.added += o.added;
    }
}

fn confirmed(truth: &PairSet, map: &Map, id: ExitId) -> Option<bool> {
    let e = map.exit(id)?;
    let pair = (norm(&map.room(e.from)?.name), norm(&map.room(e.to)?.name));
    Some(
        truth
            .pairs
            .get(&pair)
            .is_some_and(|labels| labels.contains(&norm(e.label.as_str()))),
    )
}

/// Compares two versions of a map exit by exit (by id, so a relabelled exit is the same exit).
/// The truth is closed under compass reverses ([`PairRule::Closed`]); every exit counts,
/// observed or inferred.
///
/// # Complexity
/// O(E log L) for E exits.
pub fn exit_delta(truth: &[EdgeRecord], before: &Map, after: &Map) -> ExitDelta {
    let t = PairSet::from_records(truth, PairRule::Closed);
    let mut d = ExitDelta::default();
    for e in before.exits() {
        let was = confirmed(&t, before, e.id).unwrap_or(false);
        let now = confirmed(&t, after, e.id);
        match (was, now) {
            (true, Some(true)) => d.correct_before += 1,
            (true, _) => {
                d.correct_before += 1;
                d.correct_lost += 1;
            }
            (false, Some(true)) => {
                d.wrong_before += 1;
                d.wrong_fixed += 1;
            }
            (false, Some(false)) => d.wrong_before += 1,
            (false, None) => {
                d.wrong_before += 1;
                d.wrong_removed += 1;
            }
        }
    }
    for e in after.exits() {
        if confirmed(&t, after, e.id) == Some(true) {
            d.correct_after += 1;
        }
        if before.exit(e.id).is_none() {
            d.added += 1;
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::direction::Direction::*;

    fn rec(s: &str, d: &str, a: &str) -> EdgeRecord {
        EdgeRecord {
            src: s.into(),
            dst: d.into(),
            action: a.into(),
            seen_in_forward: None,
            seen_in_reversed: None,
            extra: Default::default(),
        }
    }

    #[test]
    fn closure_adds_missing_reverses_only() {
        let set = PairSet::from_records(
            &[
                rec("A", "B", "north"),
                rec("B", "C", "east"),
                rec("C", "B", "north"),
            ],
            PairRule::Closed,
        );
        assert_eq!(set.pairs.len(), 4);
        assert!(set.pairs[&("b".to_string(), "a".to_string())].contains("south"));
        assert!(set.pairs[&("c".to_string(), "b".to_string())].contains("north"));
        assert!(!set.pairs[&("c".to_string(), "b".to_string())].contains("west"));
    }

    #[test]
    fn a_reversed_observation_matches_the_truth_under_closure() {
        let truth = [rec("Hall", "Kitchen", "north")];
        let built = [rec("kitchen", "hall", "south")];
        let s = score(&truth, &built, PairRule::Closed);
        assert_eq!((s.pairs_correct, s.truth_pairs, s.built_pairs), (2, 2, 2));
        assert!((s.edge_f1() - 1.0).abs() < 1e-12);
        let s = score(&truth, &built, PairRule::Exp14);
        assert_eq!(s.pairs_found, 0);
        assert_eq!(s.node_recall(), 1.0);
    }

    #[test]
    fn a_wrong_direction_is_found_but_not_correct() {
        let s = score(
            &[rec("a", "b", "north")],
            &[rec("a", "b", "east"), rec("a", "a", "up")],
            PairRule::Closed,
        );
        assert_eq!((s.pairs_found, s.pairs_correct), (2, 0));
        assert_eq!(s.direction_accuracy(), 0.0);
        assert_eq!(s.edge_precision(), 0.0);
    }

    #[test]
    fn the_truth_map_holds_exactly_the_records() {
        let m = truth_map(&[
            rec("A", "B", "north"),
            rec("a", "b", "north"),
            rec("b", "c", "up"),
        ]);
        assert_eq!((m.room_count(), m.exit_count()), (3, 2));
        assert!(m.find_room("c").is_some());
    }

    #[test]
    fn exit_delta_counts_losses_fixes_and_removals() {
        let mut before = Map::new();
        let a = before.add_room("a");
        let b = before.add_room("b");
        let c = before.add_room("c");
        let good = before.add_exit(a, b, North, Origin::Observed).unwrap();
        let bad = before.add_exit(b, c, North, Origin::Observed).unwrap();
        let worse = before.add_exit(a, c, Up, Origin::Observed).unwrap();
        let truth = [rec("a", "b", "north"), rec("b", "c", "east")];
        let mut after = before.clone();
        after.remove_exit(good).unwrap();
        let mut fixed = after.remove_exit(bad).unwrap();
        fixed.label = East.into();
        after.insert_exit(fixed).unwrap();
        after.remove_exit(worse).unwrap();
        let d = exit_delta(&truth, &before, &after);
        assert_eq!(d.correct_before, 1);
        assert_eq!(d.correct_lost, 1);
        assert_eq!(d.wrong_before, 2);
        assert_eq!(d.wrong_fixed, 1);
        assert_eq!(d.wrong_removed, 1);
        assert_eq!(d.correct_after, 1);
    }
}
