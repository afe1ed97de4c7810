//! Route finding: the shortest way from one room to another and the directions to type.
//!
//! Every exit can be walked, observed or inferred, geometric or not, compass or free text ("go
//! panel"). Routes are cheapest, not merely shortest: an exit whose way back was observed too is
//! confirmed twice and costs two, an exit observed one way only costs five, an inferred way back
//! six ([`exit_cost`]), so a route prefers corridors the text went both ways over a shortcut seen
//! once. Callers can price exits themselves ([`shortest_route_by`]), e.g. to avoid exits an
//! automapper had to guess. The search is deterministic: the same map always gives the same
//! route.
//!
//! # Complexity
//! O((V + E) log V) per query (A* with a zero heuristic on a `petgraph::Graph`).

use super::direction::Label;
use super::map::{Exit, ExitId, Map, Origin, RoomId};
use petgraph::graph::{Graph, NodeIndex};
use serde::Serialize;

/// Why no route was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RouteError {
    /// No room has this name.
    #[error("there is no room called \"{0}\"")]
    NoRoom(String),
    /// The rooms are not connected.
    #[error("there is no way from \"{from}\" to \"{to}\" on this map")]
    NoPath {
        /// Start.
        from: String,
        /// Goal.
        to: String,
    },
}

/// A route: the rooms visited and the exits taken (one fewer).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Route {
    /// Rooms from start to goal, both included.
    pub rooms: Vec<RoomId>,
    /// The exits taken, in order.
    pub exits: Vec<ExitId>,
}

impl Route {
    /// Number of moves.
    pub fn len(&self) -> usize {
        self.exits.len()
    }

    /// True for the empty route (start = goal).
    pub fn is_empty(&self) -> bool {
        self.exits.is_empty()
    }

    /// The commands to type ("north", "up", "go panel"); a link with no direction is "go to"
    /// the room it leads to.
    pub fn directions(&self, map: &Map) -> Vec<String> {
        self.exits
            .iter()
            .filter_map(|e| map.exit(*e))
            .map(|e| match &e.label {
                Label::Link => format!(
                    "go to {}",
                    map.room(e.to).map_or("the next place", |r| r.name.as_str())
                ),
                label => label.to_string(),
            })
            .collect()
    }

    /// How many of the exits taken were only inferred.
    pub fn inferred_steps(&self, map: &Map) -> usize {
        self.exits
            .iter()
            .filter_map(|e| map.exit(*e))
            .filter(|e| e.origin == Origin::InferredReverse)
            .count()
    }
}

const CONFIRMED_COST: u32 = 2;
const OBSERVED_COST: u32 = 5;
const INFERRED_COST: u32 = 6;

fn cost(origin: Origin) -> u32 {
    match origin {
        Origin::Observed => OBSERVED_COST,
        Origin::InferredReverse => INFERRED_COST,
    }
}

/// The default cost of walking an exit: two when the way back was observed too (confirmed),
/// five when only this way was observed, six for an inferred way back.
pub fn exit_cost(map: &Map, e: &Exit) -> u32 {
    let confirmed = e.origin == Origin::Observed
        && e.label.opposite().is_some_and(|back| {
            map.exits_between(e.to, e.from)
                .any(|x| x.origin == Origin::Observed && x.label == back)
        });
    if confirmed {
        CONFIRMED_COST
    } else {
        cost(e.origin)
    }
}

/// A map as a petgraph graph: rooms as nodes, exits as edges carrying their id and cost.
type WalkGraph = Graph<RoomId, (ExitId, u32)>;

/// The walkable graph of a map: one node per room, one edge per exit (weighted by `cost`), and
/// each room's node (indexed by room id).
fn walk_graph(map: &Map, cost: &dyn Fn(&Exit) -> u32) -> (WalkGraph, Vec<Option<NodeIndex>>) {
    let mut g = Graph::with_capacity(map.room_count(), map.exit_count());
    let mut index = vec![None; map.room_bound()];
    for r in map.rooms() {
        index[r.id.0 as usize] = Some(g.add_node(r.id));
    }
    for e in map.exits() {
        let (Some(a), Some(b)) = (index[e.from.0 as usize], index[e.to.0 as usize]) else {
            continue;
        };
        g.add_edge(a, b, (e.id, cost(e).max(1)));
    }
    (g, index)
}

/// The shortest route between two rooms, or `None` if `to` cannot be reached (or a room is
/// missing). The route from a room to itself is empty.
pub fn shortest_route(map: &Map, from: RoomId, to: RoomId) -> Option<Route> {
    shortest_route_by(map, from, to, |e| exit_cost(map, e))
}

/// The cheapest route between two rooms under a caller's exit costs (each at least one), e.g.
/// [`exit_cost`] raised for exits known to be doubtful.
pub fn shortest_route_by(
    map: &Map,
    from: RoomId,
    to: RoomId,
    cost: impl Fn(&Exit) -> u32,
) -> Option<Route> {
    let (g, index) = walk_graph(map, &cost);
    let start = (*index.get(from.0 as usize)?)?;
    let goal = (*index.get(to.0 as usize)?)?;
    let (_, nodes) = petgraph::algo::astar(&g, start, |n| n == goal, |e| e.weight().1, |_| 0)?;
    let mut exits = Vec::with_capacity(nodes.len().saturating_sub(1));
    for w in nodes.windows(2) {
        // The cheapest exit between consecutive rooms, lowest id first.
        let best = g
            .edges_connecting(w[0], w[1])
            .map(|e| *e.weight())
            .min_by_key(|(id, c)| (*c, *id))?;
        exits.push(best.0);
    }
    Some(Route {
        rooms: nodes.iter().map(|n| g[*n]).collect(),
        exits,
    })
}

/// Where a sequence of moves leads from `from`: each move takes the room's first exit with that
/// label, observed exits before inferred ones (`None` as soon as a move has no exit).
///
/// # Complexity
/// O(Σ out-degree) over the rooms visited.
pub fn follow(map: &Map, from: RoomId, moves: &[Label]) -> Option<RoomId> {
    let mut at = from;
    for m in moves {
        let exits = || map.exits_from(at).filter(|e| &e.label == m);
        at = exits()
            .find(|e| e.origin == Origin::Observed)
            .or_else(|| exits().next())?
            .to;
    }
    Some(at)
}

/// The shortest route between two rooms given by name (canonical match, then aliases).
///
/// # Errors
/// [`RouteError::NoRoom`] for an unknown name, [`RouteError::NoPath`] when unconnected.
pub fn find_route(map: &Map, from: &str, to: &str) -> Result<Route, RouteError> {
    let a = map
        .find_room(from)
        .ok_or_else(|| RouteError::NoRoom(from.to_string()))?;
    let b = map
        .find_room(to)
        .ok_or_else(|| RouteError::NoRoom(to.to_string()))?;
    shortest_route(map, a.id, b.id).ok_or_else(|| RouteError::NoPath {
        from: a.name.clone(),
        to: b.name.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::direction::Direction::*;

    fn line() -> (Map, Vec<RoomId>) {
        let mut m = Map::new();
        let rooms: Vec<RoomId> = ["A", "B", "C", "D"].iter().map(|n| m.add_room(n)).collect();
        m.add_exit(rooms[0], rooms[1], North, Origin::Observed)
            .unwrap();
        m.add_exit(rooms[1], rooms[0], South, Origin::InferredReverse)
            .unwrap();
        m.add_exit(rooms[1], rooms[2], East, Origin::Observed)
            .unwrap();
        m.add_exit(rooms[2], rooms[1], West, Origin::InferredReverse)
            .unwrap();
        m.add_exit(rooms[2], rooms[3], Up, Origin::Observed)
            .unwrap();
        (m, rooms)
    }

    #[test]
    fn the_route_lists_the_directions_to_type() {
        let (m, r) = line();
        let route = shortest_route(&m, r[0], r[3]).unwrap();
        assert_eq!(route.directions(&m), ["north", "east", "up"]);
        assert_eq!(route.rooms, r);
        let back = find_route(&m, "c", "a").unwrap();
        assert_eq!(back.directions(&m), ["west", "south"]);
        assert_eq!(back.inferred_steps(&m), 2);
    }

    #[test]
    fn a_corridor_walked_both_ways_beats_a_shortcut_seen_once() {
        let mut m = Map::new();
        let a = m.add_room("A");
        let b = m.add_room("B");
        let c = m.add_room("C");
        m.add_exit(a, b, North, Origin::Observed).unwrap();
        m.add_exit(b, a, South, Origin::Observed).unwrap();
        m.add_exit(b, c, North, Origin::Observed).unwrap();
        m.add_exit(c, b, South, Origin::Observed).unwrap();
        m.add_exit(a, c, Up, Origin::Observed).unwrap();
        assert_eq!(
            shortest_route(&m, a, c).unwrap().directions(&m),
            ["north", "north"]
        );
        let e = m.exits_from(a).next().unwrap().clone();
        assert_eq!(exit_cost(&m, &e), CONFIRMED_COST);
    }

    #[test]
    fn moves_are_followed_observed_first() {
        let (mut m, r) = line();
        assert_eq!(follow(&m, r[0], &[North.into(), East.into()]), Some(r[2]));
        assert_eq!(follow(&m, r[0], &[West.into()]), None);
        assert_eq!(follow(&m, r[1], &[]), Some(r[1]));
        m.add_exit(r[1], r[3], South, Origin::Observed).unwrap();
        assert_eq!(follow(&m, r[1], &[South.into()]), Some(r[3]));
    }

    #[test]
    fn one_way_exits_are_respected() {
        let (m, r) = line();
        assert!(shortest_route(&m, r[3], r[0]).is_none());
        assert_eq!(
            find_route(&m, "D", "A"),
            Err(RouteError::NoPath {
                from: "D".into(),
                to: "A".into()
            })
        );
        assert_eq!(
            find_route(&m, "Z", "A"),
            Err(RouteError::NoRoom("Z".into()))
        );
        assert!(shortest_route(&m, r[2], r[2]).unwrap().is_empty());
    }

    #[test]
    fn an_inferred_shortcut_beats_a_longer_observed_detour_but_not_an_observed_exit() {
        let mut m = Map::new();
        let a = m.add_room("A");
        let b = m.add_room("B");
        let c = m.add_room("C");
        m.add_exit(a, c, North, Origin::InferredReverse).unwrap();
        m.add_exit(a, b, East, Origin::Observed).unwrap();
        m.add_exit(b, c, West, Origin::Observed).unwrap();
        // One inferred step (6) beats two observed ones (5 + 5).
        assert_eq!(shortest_route(&m, a, c).unwrap().len(), 1);
        m.add_exit(a, c, Up, Origin::Observed).unwrap();
        let r = shortest_route(&m, a, c).unwrap();
        assert_eq!(r.directions(&m), ["up"]);
    }
}
