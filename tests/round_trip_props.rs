//! Every export re-reads as the map it came from: random maps and histories (rooms sharing names,
//! aliases, descriptions, rooms left without exits, exits observed and assumed, relabelled,
//! marked non-geometric, links with no direction, free-text moves, self-loops, names full of
//! markup) written as an edge list, as a project, and a repaired reference graph written as an
//! edge list, then read back.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use maprepair::domain::analysis::Analysis;
use maprepair::domain::formats::{map_records, parse_edge_list, write_edge_list, EdgeRecord};
use maprepair::domain::layout::{grid, Floors};
use maprepair::domain::reference::load::load_llm_built;
use maprepair::domain::reference::on_map::graph_map;
use maprepair::domain::reference::{heuristic_repair, HeuristicStrategy, RefGraph};
use maprepair::domain::route::shortest_route;
use maprepair::domain::{
    CommitInfo, Direction, Draft, Exit, History, Label, Map, Origin, Project, RoomId, Trigger,
};
use proptest::prelude::*;

/// Room names drawn from a small pool, so names repeat and rooms share them.
const NAMES: [&str; 8] = [
    "Hall",
    "the Kitchen",
    "kitchen",
    "<img src=x onerror=alert(1)>",
    "Öde Straße",
    "Hall",
    "  Attic  ",
    "\"quoted\" room",
];

/// One random edit of a map.
#[derive(Debug, Clone)]
enum Edit {
    /// A room, found by name or (`fresh`) made even if the name is taken.
    Room { name: u8, fresh: bool },
    /// An exit between the `a`-th and `b`-th rooms: label kind and origin.
    Exit {
        a: u8,
        b: u8,
        label: u8,
        inferred: bool,
    },
    /// Observe a way the draft's rules handle (inferring its way back).
    Observe { a: u8, b: u8, dir: u8 },
    /// Relabel, flatten (non-geometric) or remove the `k`-th exit.
    Touch { k: u8, how: u8 },
    /// An alias or a description for the `k`-th room.
    Describe { k: u8, alias: bool },
    /// Remove the `k`-th room's exits and, sometimes, the room.
    Empty { k: u8, remove: bool },
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<u8>(), any::<bool>()).prop_map(|(name, fresh)| Edit::Room { name, fresh }),
        (any::<u8>(), any::<u8>(), any::<u8>(), any::<bool>()).prop_map(
            |(a, b, label, inferred)| Edit::Exit {
                a,
                b,
                label,
                inferred
            }
        ),
        (any::<u8>(), any::<u8>(), any::<u8>()).prop_map(|(a, b, dir)| Edit::Observe { a, b, dir }),
        (any::<u8>(), any::<u8>()).prop_map(|(k, how)| Edit::Touch { k, how }),
        (any::<u8>(), any::<bool>()).prop_map(|(k, alias)| Edit::Describe { k, alias }),
        (any::<u8>(), any::<bool>()).prop_map(|(k, remove)| Edit::Empty { k, remove }),
    ]
}

fn label(n: u8) -> Label {
    match n % 18 {
        14 => Label::Link,
        15 => Label::Free("go panel".into()),
        16 => Label::Free("Climb the Rope".into()),
        17 => Label::Free("n".into()),
        d => Label::Dir(Direction::ALL[d as usize]),
    }
}

fn pick<T: Copy>(items: &[T], k: u8) -> Option<T> {
    (!items.is_empty()).then(|| items[k as usize % items.len()])
}

fn apply(h: &mut History, e: &Edit, i: usize) {
    let map = h.head();
    let rooms: Vec<RoomId> = map.rooms().map(|r| r.id).collect();
    let exits: Vec<Exit> = map.exits().cloned().collect();
    let mut draft = Draft::new(map);
    match *e {
        Edit::Room { name, fresh } => {
            let name = NAMES[name as usize % NAMES.len()];
            if fresh {
                draft.new_room(name, &format!("{} #{i}", name.trim().to_lowercase()));
            } else {
                draft.room(name);
            }
        }
        Edit::Exit {
            a,
            b,
            label: l,
            inferred,
        } => {
            if let (Some(x), Some(y)) = (pick(&rooms, a), pick(&rooms, b)) {
                let origin = if inferred {
                    Origin::InferredReverse
                } else {
                    Origin::Observed
                };
                draft.push_exit(x, y, label(l), origin);
            }
        }
        Edit::Observe { a, b, dir } => {
            if let (Some(x), Some(y)) = (pick(&rooms, a), pick(&rooms, b)) {
                draft.exit(x, y, label(dir), true);
            }
        }
        Edit::Touch { k, how } => {
            if let Some(old) = (!exits.is_empty()).then(|| exits[k as usize % exits.len()].clone())
            {
                let new = match how % 3 {
                    0 => Some(Exit {
                        label: label(how / 3),
                        ..old.clone()
                    }),
                    1 => Some(Exit {
                        geometric: false,
                        ..old.clone()
                    }),
                    _ => None,
                };
                draft.replace_exit(old, new);
            }
        }
        Edit::Describe { k, alias } => {
            if let Some(r) = pick(&rooms, k) {
                if alias {
                    draft.alias(r, NAMES[k as usize % NAMES.len()]);
                } else {
                    draft.describe(r, &format!("A room <b>seen</b> at step {i}.\nSecond line."));
                }
            }
        }
        Edit::Empty { k, remove } => {
            if let Some(r) = pick(&rooms, k) {
                for x in exits.iter().filter(|x| x.from == r || x.to == r) {
                    draft.replace_exit(x.clone(), None);
                }
                let mut change = draft.finish();
                if remove {
                    if let Some(room) = h.head().room(r) {
                        change.removed_rooms.push(room.clone());
                    }
                }
                commit(h, change, i);
                return;
            }
        }
    }
    commit(h, draft.finish(), i);
}

fn commit(h: &mut History, change: maprepair::domain::Change, i: usize) {
    let traversed = h.head().exits().take(i % 3).map(|e| e.id).collect();
    h.commit(
        change,
        CommitInfo {
            step: (i * 7 % 11) as u32,
            trigger: Some(
                [
                    Trigger::Observation,
                    Trigger::ConflictRepair,
                    Trigger::UserEdit,
                ][i % 3],
            ),
            observation_id: (i % 2 == 0).then_some(i as u32),
            observation: format!("> north\nStep {i} — <script>alert({i})</script>"),
            analysis: format!("analysis {i}"),
            traversed,
        },
    )
    .unwrap();
}

fn history(edits: &[Edit]) -> History {
    let mut h = History::new();
    for (i, e) in edits.iter().enumerate() {
        apply(&mut h, e, i);
    }
    h
}

/// A map with its ids renumbered in order: what two maps equal up to ids have in common.
#[derive(Debug, PartialEq)]
struct Shape {
    rooms: Vec<(String, String, Vec<String>, Option<String>)>,
    exits: Vec<(usize, usize, Label, Origin, bool)>,
}

fn shape(map: &Map) -> Shape {
    let order: Vec<RoomId> = map.rooms().map(|r| r.id).collect();
    let at = |r: RoomId| order.binary_search(&r).unwrap();
    Shape {
        rooms: map
            .rooms()
            .map(|r| {
                (
                    r.name.clone(),
                    r.canonical.clone(),
                    r.aliases.clone(),
                    r.description.clone(),
                )
            })
            .collect(),
        exits: map
            .exits()
            .map(|e| (at(e.from), at(e.to), e.label.clone(), e.origin, e.geometric))
            .collect(),
    }
}

/// What a user sees of a map: its conflicts, where each room is drawn (in 64ths of a cell, and
/// its floor), and the lengths of some routes.
type Seen = (
    Vec<String>,
    Vec<Option<(i64, i64, i32)>>,
    Vec<Option<usize>>,
);

/// What a user sees of a map: its conflicts, where each room is drawn, and a route.
fn seen(map: &Map) -> Seen {
    let a = Analysis::of(map);
    let conflicts = a
        .conflicts
        .iter()
        .map(|c| {
            format!(
                "{:?} {} rooms {} exits",
                c.ctype,
                c.rooms.len(),
                c.exits.len()
            )
        })
        .collect();
    let layout = grid(map, &a.geometry, Floors::Stacked);
    let spots = map
        .rooms()
        .map(|r| {
            layout
                .spot(r.id)
                .map(|s| ((s.x * 64.0) as i64, (s.y * 64.0) as i64, s.floor))
        })
        .collect();
    let rooms: Vec<RoomId> = map.rooms().map(|r| r.id).collect();
    let routes = rooms
        .iter()
        .take(4)
        .flat_map(|&a| rooms.iter().rev().take(4).map(move |&b| (a, b)))
        .map(|(a, b)| shortest_route(map, a, b).map(|r| r.len()))
        .collect();
    (conflicts, spots, routes)
}

/// Random MANGO-style records over a few names, for the reference graph.
fn records() -> impl Strategy<Value = Vec<EdgeRecord>> {
    prop::collection::vec((0u8..7, 0u8..7, 0u8..16), 1..40).prop_map(|rs| {
        rs.into_iter()
            .map(|(a, b, d)| {
                let action = match d {
                    14 => "go panel".to_string(),
                    15 => String::new(),
                    d => Direction::ALL[d as usize].as_str().to_string(),
                };
                EdgeRecord::new(&format!("room {a}"), &format!("Room {b}"), &action)
            })
            .collect()
    })
}

/// The reference graph in its own order: nodes, then every edge with its data.
type GraphOrder = (Vec<String>, Vec<(String, String, Label, bool)>);

fn graph_order(g: &RefGraph) -> GraphOrder {
    (
        g.nodes().map(|n| g.name(n).to_string()).collect(),
        g.edges()
            .map(|(u, v, d)| {
                (
                    g.name(u).to_string(),
                    g.name(v).to_string(),
                    d.label.clone(),
                    d.auto_reverse,
                )
            })
            .collect(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn an_edge_list_reads_back_as_the_map_it_was_written_from(edits in prop::collection::vec(edit(), 1..60)) {
        let project = Project { name: "p".into(), history: history(&edits), ground_truth: None };
        let text = project.to_edge_list();
        let back = Project::from_edge_records("p", &parse_edge_list(&text, "p.edges.json").unwrap());
        prop_assert_eq!(shape(back.history.head()), shape(project.history.head()));
        prop_assert_eq!(seen(back.history.head()), seen(project.history.head()));
        // Once its ids are renumbered, written again it is the same file.
        let again = back.to_edge_list();
        let twice = Project::from_edge_records("p", &parse_edge_list(&again, "q.edges.json").unwrap());
        prop_assert_eq!(twice.to_edge_list(), again);
    }

    #[test]
    fn a_project_reads_back_with_its_whole_history(edits in prop::collection::vec(edit(), 1..60), truth in records()) {
        let mut truth = truth;
        if let Some(first) = truth.first_mut() {
            first.seen_in_forward = Some(3);
            first.seen_in_reversed = Some(1);
        }
        let project = Project { name: "<b>p</b> \"q\"".into(), history: history(&edits), ground_truth: Some(truth) };
        let back = Project::from_json(&project.to_json(), "p.json").unwrap();
        prop_assert_eq!(&back.name, &project.name);
        prop_assert_eq!(back.history.commits(), project.history.commits());
        prop_assert_eq!(back.history.head(), project.history.head());
        prop_assert_eq!(&back.ground_truth, &project.ground_truth);
        prop_assert_eq!(back.to_json(), project.to_json());
    }

    #[test]
    fn a_repaired_reference_graph_reads_back_as_itself(records in records(), remove in any::<bool>()) {
        let g = load_llm_built(&records);
        let strategy = if remove { HeuristicStrategy::Remove } else { HeuristicStrategy::Modify };
        let repaired = heuristic_repair(&g, strategy, 20).graph;
        let (map, steps) = graph_map(&repaired);
        let text = write_edge_list(&map_records(&map, |id| steps.get(id.0 as usize).map(|&s| i64::from(s))));
        let back = load_llm_built(&parse_edge_list(&text, "r.json").unwrap());
        prop_assert_eq!(graph_order(&back), graph_order(&repaired));
    }
}

#[test]
fn a_plain_mango_list_is_read_as_before_and_a_link_is_an_empty_move() {
    let text = r#"[{"src_node":"Hall","dst_node":"Yard","action":"north"},
                   {"src_node":"Hall","dst_node":"Shed","action":""}]"#;
    let p = Project::from_edge_records("p", &parse_edge_list(text, "e.json").unwrap());
    let map = p.history.head();
    let labels: Vec<(Label, Origin)> = map.exits().map(|e| (e.label.clone(), e.origin)).collect();
    assert_eq!(
        labels,
        [
            (Label::Dir(Direction::North), Origin::Observed),
            (Label::Dir(Direction::South), Origin::InferredReverse),
            (Label::Link, Origin::Observed),
            (Label::Link, Origin::InferredReverse),
        ]
    );
    // Written whole, the ways back are listed and the link keeps its empty move.
    let written = p.to_edge_list();
    let records = parse_edge_list(&written, "w.json").unwrap();
    assert_eq!(records.len(), 4);
    assert_eq!(records[2].action, "");
    assert!(written.contains("\"origin\": \"inferred_reverse\""));
}
