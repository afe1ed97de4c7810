//! The reference semantics on our map model, both ways: a map read as the authors' graph
//! ([`reference_graph`]), a graph written back as a map ([`graph_map`]), and a heuristic repair's
//! actions carried onto a project's history as commits ([`carry_onto`]), so a repaired project
//! keeps everything the authors' graph has no room for (its history, observations, ground truth,
//! aliases, descriptions and the names as written).

use super::graph::{EdgeData, NodeIx, RefGraph};
use super::heuristic::HeuristicAction;
use crate::domain::history::{Change, CommitInfo, History, HistoryError, Trigger};
use crate::domain::map::{Exit, ExitId, Map, Origin, RoomId};
use rustc_hash::FxHashMap;

/// Which exit of the map each primary edge of its reference graph was read from.
pub type Sources = FxHashMap<(NodeIx, NodeIx), ExitId>;

/// The reference graph of a map: every room a node (in id order, display names lowercased, rooms
/// sharing one merged), then the observed exits in id order under the authors' load rule (a
/// pair that already exists, even as an automatic twin, is skipped). Inferred exits are left
/// out: the reference graph derives its own twins.
pub fn reference_graph(map: &Map) -> RefGraph {
    reference_graph_with_sources(map).0
}

/// [`reference_graph`], and the exit each primary edge was read from.
pub fn reference_graph_with_sources(map: &Map) -> (RefGraph, Sources) {
    let mut g = RefGraph::new();
    let mut sources = Sources::default();
    for r in map.rooms() {
        // A blank name is no node, as in the authors' loader.
        let _ = g.add_node(&r.name);
    }
    for e in map.exits().filter(|e| e.origin == Origin::Observed) {
        let (Some(a), Some(b)) = (map.room(e.from), map.room(e.to)) else {
            continue;
        };
        if let (Some(u), Some(v)) = (g.node(&a.name), g.node(&b.name)) {
            if g.contains(u, v) {
                continue;
            }
        }
        if let Ok(pair) = g.add_edge(&a.name, &b.name, e.label.clone(), None, true) {
            sources.insert(pair, e.id);
        }
    }
    (g, sources)
}

/// A reference graph as a map: its nodes as rooms (in order), its edges as exits in the order
/// they were added (by step, each primary before its twin), primaries observed and twins
/// inferred; and each exit's step. Written with [`crate::domain::formats::map_records`], it
/// reads back ([`super::load::load_llm_built`]) as the same graph.
pub fn graph_map(g: &RefGraph) -> (Map, Vec<u32>) {
    let mut map = Map::new();
    let mut room: FxHashMap<NodeIx, RoomId> = FxHashMap::default();
    for n in g.nodes() {
        room.insert(n, map.add_room(g.name(n)));
    }
    let mut edges: Vec<(NodeIx, NodeIx, &EdgeData)> = g.edges().collect();
    edges.sort_by_key(|(_, _, d)| (d.step, d.auto_reverse));
    let mut steps = Vec::with_capacity(edges.len());
    for (u, v, d) in edges {
        let origin = if d.auto_reverse {
            Origin::InferredReverse
        } else {
            Origin::Observed
        };
        if let (Some(&a), Some(&b)) = (room.get(&u), room.get(&v)) {
            if map.add_exit(a, b, d.label.clone(), origin).is_ok() {
                steps.push(d.step);
            }
        }
    }
    (map, steps)
}

/// Carries a reference heuristic's actions (run on `before`, the [`reference_graph_with_sources`]
/// of `history`'s head) onto the history, one commit per fix, so that the head's reference
/// graph is the repaired graph. A relabel relabels the exit the edge was read from (and its
/// assumed way back); a removal removes every exit between the two rooms' names that the edge
/// stood for: those one way, and the other way too when the graph's way back was its automatic
/// twin.
///
/// # Errors
/// A [`HistoryError`] if a change does not fit (it always does on the map `before` came from).
pub fn carry_onto(
    history: &mut History,
    before: &RefGraph,
    sources: &Sources,
    actions: &[HeuristicAction],
) -> Result<(), HistoryError> {
    let mut work = before.clone();
    for action in actions {
        let map = history.head();
        let named = |n: NodeIx| -> Vec<RoomId> {
            map.rooms()
                .filter(|r| work.node(&r.name) == Some(n))
                .map(|r| r.id)
                .collect()
        };
        let between = |from: &[RoomId], to: &[RoomId]| -> Vec<Exit> {
            from.iter()
                .flat_map(|&a| map.exits_from(a))
                .filter(|e| to.contains(&e.to))
                .cloned()
                .collect()
        };
        let mut change = Change::default();
        let reason = match action {
            HeuristicAction::Modify {
                edge: (u, v),
                from,
                to,
                reason,
            } => {
                if let Some(exit) = sources.get(&(*u, *v)).and_then(|&id| map.exit(id)) {
                    let back = from.opposite();
                    let ways_back = map
                        .exits_from(exit.to)
                        .filter(|e| e.to == exit.from && e.origin == Origin::InferredReverse)
                        .filter(|e| Some(&e.label) == back.as_ref());
                    for old in std::iter::once(exit).chain(ways_back) {
                        let label = if old.id == exit.id {
                            Some(to.clone())
                        } else {
                            to.opposite()
                        };
                        if let Some(label) = label {
                            change.removed_exits.push(old.clone());
                            change.added_exits.push(Exit {
                                label,
                                ..old.clone()
                            });
                        }
                    }
                }
                work.set_direction(*u, *v, to.clone(), true);
                reason
            }
            HeuristicAction::Remove {
                edge: (u, v),
                reason,
                ..
            } => {
                let (us, vs) = (named(*u), named(*v));
                change.removed_exits = between(&us, &vs);
                let twin = work.edge(*v, *u).is_some_and(|d| d.auto_reverse);
                if twin {
                    change.removed_exits.extend(between(&vs, &us));
                } else {
                    change.removed_exits.extend(
                        between(&vs, &us)
                            .into_iter()
                            .filter(|e| e.origin == Origin::InferredReverse),
                    );
                }
                work.remove_edge(*u, *v);
                if twin {
                    work.remove_edge(*v, *u);
                }
                reason
            }
            HeuristicAction::Skip { .. } => continue,
        };
        history.commit(
            change,
            CommitInfo {
                step: history.commits().last().map_or(0, |c| c.step),
                trigger: Some(Trigger::ConflictRepair),
                analysis: format!("reference heuristic: {reason}"),
                ..CommitInfo::default()
            },
        )?;
    }
    Ok(())
}
