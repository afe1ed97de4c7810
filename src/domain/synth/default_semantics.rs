//! The synthetic suites measured in the app's default semantics.
//!
//! A generated [`RefGraph`] becomes a [`History`]: one commit per step number (ascending; a
//! graph's step counter numbers its edges in the order they were added), each adding the rooms
//! it first mentions and, in graph order, the step's primary edges as observed exits followed by
//! its automatic twins as inferred reverses. Rooms keep the graph's (already normalized) names
//! as their canonical keys, so two rooms never collide by accident of spelling. Then:
//!
//! * conflicts are [`Analysis::of`]'s (directional, topological, naming — default rules);
//! * candidates are the union of every conflict's Reasoning-History-Tree candidates, kept when
//!   they are primary pairs (the reference protocol's filter);
//! * the rank of the truth is its 0-based position when *all* observed exits are scored with
//!   the default Edge Impact Score (tree reach + conflicts + usage, min-max normalized over that
//!   set; ties in exit order) — the reference protocol, with only the semantics swapped;
//! * heuristic repair is the default repair loop ([`crate::domain::repair::run`]) driven by
//!   [`Heuristic`] with `max_fixes` decisions (3 attempts per conflict, 1 rollback), and the
//!   count left is the default detector's.
//!
//! Graphs without a default-semantics conflict are dropped, as the authors drop theirs, so the
//! two semantics may keep different graph sets; the suites report how many each kept.

use super::suites::{LocalizationMeasure, SuiteSemantics};
use crate::domain::analysis::{score, Analysis};
use crate::domain::history::{Change, CommitInfo, History, Trigger};
use crate::domain::map::{Exit, ExitId, Origin, Room, RoomId};
use crate::domain::reference::{HeuristicStrategy, NodeIx, RefGraph};
use crate::domain::repair::heuristic::{count_conflicts, Heuristic, Preference};
use crate::domain::repair::{run, Budget};
use rustc_hash::{FxHashMap, FxHashSet};

/// A reference graph read as a default-semantics history, with the room ↔ node mapping.
#[derive(Debug, Clone)]
pub struct Converted {
    /// One commit per step.
    pub history: History,
    /// The graph node of each room (indexed by room id).
    pub node_of: Vec<NodeIx>,
}

impl Converted {
    /// The node pair of an exit on the head map.
    pub fn pair(&self, exit: ExitId) -> Option<(NodeIx, NodeIx)> {
        let e = self.history.head().exit(exit)?;
        Some((
            *self.node_of.get(e.from.0 as usize)?,
            *self.node_of.get(e.to.0 as usize)?,
        ))
    }
}

/// Converts a reference graph to a history. See the module docs.
///
/// # Complexity
/// O(E log E) plus one commit per distinct step.
pub fn convert(graph: &RefGraph) -> Converted {
    // Edges with their graph position, grouped by step; primary before automatic.
    let mut edges: Vec<(u32, bool, usize, NodeIx, NodeIx)> = graph
        .edges()
        .enumerate()
        .map(|(i, (u, v, d))| (d.step, d.auto_reverse, i, u, v))
        .collect();
    edges.sort_unstable_by_key(|&(step, auto, i, _, _)| (step, auto, i));
    let labels: FxHashMap<(NodeIx, NodeIx), _> = graph
        .edges()
        .map(|(u, v, d)| ((u, v), d.label.clone()))
        .collect();
    let mut room_of: Vec<Option<RoomId>> = vec![None; graph.node_bound()];
    let mut node_of: Vec<NodeIx> = Vec::new();
    let mut history = History::new();
    let mut next_exit = 0u32;
    let mut i = 0;
    while i < edges.len() {
        let step = edges[i].0;
        let mut change = Change::default();
        while i < edges.len() && edges[i].0 == step {
            let (_, auto, _, u, v) = edges[i];
            i += 1;
            let mut room = |n: NodeIx, change: &mut Change| -> RoomId {
                if let Some(id) = room_of[n as usize] {
                    return id;
                }
                let id = RoomId(node_of.len() as u32);
                node_of.push(n);
                room_of[n as usize] = Some(id);
                change.added_rooms.push(new_room(id, graph.name(n)));
                id
            };
            let (a, b) = (room(u, &mut change), room(v, &mut change));
            let Some(label) = labels.get(&(u, v)) else {
                continue;
            };
            change.added_exits.push(Exit {
                id: ExitId(next_exit),
                from: a,
                to: b,
                label: label.clone(),
                origin: if auto {
                    Origin::InferredReverse
                } else {
                    Origin::Observed
                },
                geometric: true,
            });
            next_exit += 1;
        }
        let info = CommitInfo {
            step,
            trigger: Some(Trigger::Observation),
            ..CommitInfo::default()
        };
        // Fresh ids always fit.
        let _ = history.commit(change, info);
    }
    // Rooms without any edge.
    let mut lonely = Change::default();
    for n in graph.nodes() {
        if room_of[n as usize].is_none() {
            let id = RoomId(node_of.len() as u32);
            node_of.push(n);
            room_of[n as usize] = Some(id);
            lonely.added_rooms.push(new_room(id, graph.name(n)));
        }
    }
    if !lonely.is_empty() {
        let _ = history.commit(lonely, CommitInfo::default());
    }
    Converted { history, node_of }
}

fn new_room(id: RoomId, name: &str) -> Room {
    Room {
        id,
        name: name.to_string(),
        canonical: name.to_string(),
        aliases: Vec::new(),
        description: None,
    }
}

/// The default semantics as a [`SuiteSemantics`]. See the module docs.
#[derive(Debug, Default, Clone)]
pub struct DefaultSemantics;

impl DefaultSemantics {
    /// A fresh instance.
    pub fn new() -> DefaultSemantics {
        DefaultSemantics
    }
}

impl SuiteSemantics for DefaultSemantics {
    fn localization(
        &mut self,
        graph: &RefGraph,
        truth: &[(NodeIx, NodeIx)],
    ) -> Option<LocalizationMeasure> {
        let conv = convert(graph);
        let map = conv.history.head();
        let analysis = Analysis::of(map);
        if analysis.conflicts.is_empty() {
            return None;
        }
        let observed: Vec<ExitId> = map
            .exits()
            .filter(|e| e.origin == Origin::Observed)
            .map(|e| e.id)
            .collect();
        let primary: FxHashSet<(NodeIx, NodeIx)> =
            observed.iter().filter_map(|e| conv.pair(*e)).collect();
        if primary.is_empty() {
            return None;
        }
        let candidates: FxHashSet<(NodeIx, NodeIx)> = analysis
            .all_candidates(map)
            .into_iter()
            .filter_map(|e| conv.pair(e))
            .filter(|p| primary.contains(p))
            .collect();
        let counts = analysis.conflict_counts(map.exit_bound());
        let usage = conv.history.usage();
        let ranked = score(&analysis.geometry, &observed, &counts, &usage);
        let rank_of_truth = ranked
            .iter()
            .position(|s| conv.pair(s.exit).is_some_and(|p| truth.contains(&p)));
        Some(LocalizationMeasure {
            num_primary_edges: primary.len(),
            num_candidates: candidates.len(),
            num_conflicts: analysis.conflicts.len(),
            truth_in_candidates: truth.iter().filter(|p| candidates.contains(p)).count(),
            rank_of_truth,
        })
    }

    fn conflict_count(&mut self, graph: &RefGraph) -> usize {
        count_conflicts(convert(graph).history.head())
    }

    fn heuristic_remaining(
        &mut self,
        graph: &RefGraph,
        strategy: HeuristicStrategy,
        max_fixes: usize,
    ) -> usize {
        let mut history = convert(graph).history;
        let preference = match strategy {
            HeuristicStrategy::Remove => Preference::Remove,
            HeuristicStrategy::Modify => Preference::Modify,
        };
        let budget = Budget {
            decisions: max_fixes,
            ..Budget::default()
        };
        let report = run(&mut history, &mut Heuristic::new(preference), budget);
        report.after.total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::direction::Direction::*;
    use crate::domain::synth::families;

    #[test]
    fn a_generated_tree_converts_to_observed_exits_with_their_twins() {
        let g = families::random(15, 3, 0);
        let conv = convert(&g);
        let map = conv.history.head();
        assert_eq!(map.room_count(), g.node_count());
        assert_eq!(map.exit_count(), g.edge_count());
        let observed = map.exits().filter(|e| e.origin == Origin::Observed).count();
        assert_eq!(observed, g.primary_edges().count());
        // A generated ground truth is consistent in default semantics.
        assert!(Analysis::of(map).conflicts.is_empty());
        // Every twin directly follows its primary.
        for e in map.exits().filter(|e| e.origin == Origin::InferredReverse) {
            let prev = map.exit(ExitId(e.id.0 - 1)).map(|p| (p.from, p.to));
            assert_eq!(prev, Some((e.to, e.from)));
        }
    }

    #[test]
    fn a_corrupted_reverse_is_a_directional_conflict_localized_to_its_pair() {
        let mut g = RefGraph::new();
        g.add_edge("a", "b", North.into(), None, true).unwrap();
        g.add_edge("b", "c", East.into(), None, true).unwrap();
        let (a, b) = (g.node("a").unwrap(), g.node("b").unwrap());
        // The topology injector's move: the twin b → a becomes a primary "west".
        g.set_edge(
            b,
            a,
            crate::domain::reference::EdgeData {
                label: West.into(),
                step: 1,
                auto_reverse: false,
            },
        );
        let m = DefaultSemantics::new().localization(&g, &[(b, a)]).unwrap();
        assert_eq!(m.num_conflicts, 1);
        assert_eq!(m.num_primary_edges, 3);
        assert_eq!(m.num_candidates, 2);
        assert_eq!(m.truth_in_candidates, 1);
    }
}
