//! Scoring a map read from prose against a hand-written truth (the LLM-MapRepair paper's
//! metric for its novel deployment, as `../shared/prose/README.md` defines it).
//!
//! * **Names** match case-insensitively, with the articles a, an, the dropped, hyphens read as
//!   spaces and outer punctuation stripped ([`match_key`]); a built place matches a truth place
//!   when any of its names or aliases equals any of the truth place's.
//! * **Nodes**: built and truth places are paired one to one by a maximum bipartite matching
//!   over those matches. Recall = truth places paired / truth places; precision = built places
//!   paired / built places.
//! * **Edges**: every built link, whatever its direction, is an undirected pair of places,
//!   mapped through the pairing. Recall = truth pairs found / truth pairs; precision = distinct
//!   built pairs that are truth pairs / distinct built pairs; F1 their harmonic mean.
//! * **Direction accuracy**: over truth relations with a direction whose pair was found, the
//!   share where the built link from `from` to `to` has that direction, or the link back the
//!   opposite one.
//!
//! [`Score`] adds up as micro sums, so the total over passages is `Score`s added.

use crate::domain::Direction;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::ops::AddAssign;

/// A truth file's place.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct TruthNode {
    /// Canonical name.
    pub name: String,
    /// Phrases the passage uses for it.
    #[serde(default)]
    pub aliases: Vec<String>,
}

/// A truth file's relation: going `direction` from `from` leads to `to` (`None`: a link).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct TruthRelation {
    /// One end (a node's name).
    pub from: String,
    /// The other end.
    pub to: String,
    /// Stated direction, if any.
    #[serde(default)]
    pub direction: Option<Direction>,
}

/// A truth file (`<name>.truth.json`); other fields are ignored.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct TruthMap {
    /// Places.
    pub nodes: Vec<TruthNode>,
    /// Relations.
    pub relations: Vec<TruthRelation>,
}

/// A map to score: places with their names, links by place index.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BuiltMap {
    /// Each place's name followed by its aliases.
    pub places: Vec<Vec<String>>,
    /// Links `(from, to, direction)` by index into `places`.
    pub links: Vec<(usize, usize, Option<Direction>)>,
}

/// Counts behind the scores (micro sums over passages add up).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Score {
    /// Truth places.
    pub truth_nodes: usize,
    /// Built places.
    pub built_nodes: usize,
    /// Places paired.
    pub matched_nodes: usize,
    /// Distinct undirected truth pairs.
    pub truth_pairs: usize,
    /// Distinct undirected built pairs.
    pub built_pairs: usize,
    /// Built pairs that are truth pairs (= truth pairs found).
    pub correct_pairs: usize,
    /// Truth relations with a direction whose pair was found.
    pub directed_found: usize,
    /// Of those, the ones the built map gives the same direction.
    pub direction_correct: usize,
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

impl Score {
    /// Truth places paired / truth places.
    pub fn node_recall(&self) -> f64 {
        ratio(self.matched_nodes, self.truth_nodes)
    }
    /// Built places paired / built places.
    pub fn node_precision(&self) -> f64 {
        ratio(self.matched_nodes, self.built_nodes)
    }
    /// Truth pairs found / truth pairs.
    pub fn edge_recall(&self) -> f64 {
        ratio(self.correct_pairs, self.truth_pairs)
    }
    /// Built pairs that are truth pairs / built pairs.
    pub fn edge_precision(&self) -> f64 {
        ratio(self.correct_pairs, self.built_pairs)
    }
    /// Harmonic mean of edge precision and recall.
    pub fn edge_f1(&self) -> f64 {
        let (p, r) = (self.edge_precision(), self.edge_recall());
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    }
    /// Direction accuracy on matched directed relations.
    pub fn direction_accuracy(&self) -> f64 {
        ratio(self.direction_correct, self.directed_found)
    }
}

impl AddAssign for Score {
    fn add_assign(&mut self, o: Score) {
        self.truth_nodes += o.truth_nodes;
        self.built_nodes += o.built_nodes;
        self.matched_nodes += o.matched_nodes;
        self.truth_pairs += o.truth_pairs;
        self.built_pairs += o.built_pairs;
        self.correct_pairs += o.correct_pairs;
        self.directed_found += o.directed_found;
        self.direction_correct += o.direction_correct;
    }
}

/// The key names are matched by: lowercase, curly apostrophes straightened, hyphens read as
/// spaces, outer punctuation stripped, the articles a, an, the dropped, blanks collapsed.
pub fn match_key(name: &str) -> String {
    let lowered = name
        .to_lowercase()
        .replace(['’', '‘'], "'")
        .replace('-', " ");
    let trimmed = lowered.trim_matches(|c: char| !c.is_alphanumeric());
    trimmed
        .split_whitespace()
        .filter(|w| !matches!(*w, "a" | "an" | "the"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Kuhn's augmenting-path matching: `adj[b]` lists the truth places built place `b` may pair
/// with. Returns, per truth place, its built place.
fn max_matching(adj: &[Vec<usize>], truth_count: usize) -> Vec<Option<usize>> {
    fn augment(
        b: usize,
        adj: &[Vec<usize>],
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for &t in &adj[b] {
            if seen[t] {
                continue;
            }
            seen[t] = true;
            if owner[t].is_none_or(|o| augment(o, adj, seen, owner)) {
                owner[t] = Some(b);
                return true;
            }
        }
        false
    }
    let mut owner = vec![None; truth_count];
    for b in 0..adj.len() {
        let mut seen = vec![false; truth_count];
        augment(b, adj, &mut seen, &mut owner);
    }
    owner
}

fn pair(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}

/// Scores one built map against one truth.
pub fn score(built: &BuiltMap, truth: &TruthMap) -> Score {
    let truth_keys: Vec<BTreeSet<String>> = truth
        .nodes
        .iter()
        .map(|n| {
            std::iter::once(&n.name)
                .chain(&n.aliases)
                .map(|s| match_key(s))
                .collect()
        })
        .collect();
    let adj: Vec<Vec<usize>> = built
        .places
        .iter()
        .map(|names| {
            let keys: BTreeSet<String> = names.iter().map(|s| match_key(s)).collect();
            (0..truth_keys.len())
                .filter(|&t| !truth_keys[t].is_disjoint(&keys))
                .collect()
        })
        .collect();
    let owner = max_matching(&adj, truth.nodes.len());
    let mut truth_of = vec![None; built.places.len()];
    for (t, b) in owner.iter().enumerate() {
        if let Some(b) = b {
            truth_of[*b] = Some(t);
        }
    }
    let index_of = |name: &str| truth.nodes.iter().position(|n| n.name == name);
    let truth_pairs: BTreeSet<(usize, usize)> = truth
        .relations
        .iter()
        .filter_map(|r| Some(pair(index_of(&r.from)?, index_of(&r.to)?)))
        .filter(|(a, b)| a != b)
        .collect();
    let built_pairs: BTreeSet<(usize, usize)> = built
        .links
        .iter()
        .filter(|(a, b, _)| a != b)
        .map(|&(a, b, _)| pair(a, b))
        .collect();
    let mapped: BTreeSet<(usize, usize)> = built_pairs
        .iter()
        .filter_map(|&(a, b)| Some(pair(truth_of[a]?, truth_of[b]?)))
        .filter(|p| truth_pairs.contains(p))
        .collect();
    let mut directed_found = 0;
    let mut direction_correct = 0;
    for r in &truth.relations {
        let (Some(d), Some(f), Some(t)) = (r.direction, index_of(&r.from), index_of(&r.to)) else {
            continue;
        };
        if !mapped.contains(&pair(f, t)) {
            continue;
        }
        directed_found += 1;
        let (bf, bt) = (owner[f], owner[t]);
        let right = built.links.iter().any(|&(a, b, dir)| {
            (Some(a) == bf && Some(b) == bt && dir == Some(d))
                || (Some(a) == bt && Some(b) == bf && dir == Some(d.opposite()))
        });
        if right {
            direction_correct += 1;
        }
    }
    Score {
        truth_nodes: truth.nodes.len(),
        built_nodes: built.places.len(),
        matched_nodes: owner.iter().filter(|o| o.is_some()).count(),
        truth_pairs: truth_pairs.len(),
        built_pairs: built_pairs.len(),
        correct_pairs: mapped.len(),
        directed_found,
        direction_correct,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn truth() -> TruthMap {
        serde_json::from_str(
            r#"{"nodes":[{"name":"Hall","aliases":["hall","great hall"]},
                         {"name":"Library","aliases":["library","study"]},
                         {"name":"Chief Staircase","aliases":["chief staircase"]},
                         {"name":"Gallery","aliases":["gallery"]},
                         {"name":"Best Gallery","aliases":["gallery"]}],
                "relations":[{"from":"Hall","to":"Library","direction":null},
                             {"from":"Hall","to":"Chief Staircase","direction":"up"},
                             {"from":"Chief Staircase","to":"Gallery","direction":null}]}"#,
        )
        .expect("truth parses")
    }

    #[test]
    fn names_match_without_case_articles_hyphens_or_punctuation() {
        assert_eq!(match_key("The Billiard-Room,"), "billiard room");
        assert_eq!(match_key("bottom of the well"), "bottom of well");
        assert_eq!(match_key("Mrs. Fairfax’s room"), "mrs. fairfax's room");
    }

    #[test]
    fn the_matching_is_one_to_one_and_maximal() {
        // Both built galleries can only be "gallery": two truth places share that alias, so
        // both pair; the study pairs with the library through its alias.
        let built = BuiltMap {
            places: vec![
                vec!["the gallery".into()],
                vec!["gallery".into()],
                vec!["study".into()],
                vec!["the great hall".into()],
                vec!["lips".into()],
            ],
            links: vec![(3, 2, None), (3, 4, None), (3, 0, Some(Direction::North))],
        };
        let s = score(&built, &truth());
        assert_eq!((s.truth_nodes, s.built_nodes, s.matched_nodes), (5, 5, 4));
        assert_eq!((s.truth_pairs, s.built_pairs, s.correct_pairs), (3, 3, 1));
        assert!((s.node_precision() - 0.8).abs() < 1e-9);
        assert!((s.edge_recall() - 1.0 / 3.0).abs() < 1e-9);
    }

    #[test]
    fn direction_counts_on_found_directed_pairs_either_way_round() {
        let t = truth();
        let stairs_down = BuiltMap {
            places: vec![vec!["chief staircase".into()], vec!["hall".into()]],
            links: vec![(0, 1, Some(Direction::Down))],
        };
        let s = score(&stairs_down, &t);
        assert_eq!((s.directed_found, s.direction_correct), (1, 1));
        let wrong = BuiltMap {
            places: vec![vec!["hall".into()], vec!["chief staircase".into()]],
            links: vec![(0, 1, None)],
        };
        let s = score(&wrong, &t);
        assert_eq!((s.directed_found, s.direction_correct), (1, 0));
        let mut total = Score::default();
        total += score(&stairs_down, &t);
        total += s;
        assert_eq!(total.direction_accuracy(), 0.5);
        assert_eq!(total.truth_nodes, 10);
    }
}
