//! `check` writes its conflict list one conflict at a time; its output must be byte for byte
//! what one JSON value of the whole result prints (the slow truth, built here as the command
//! built it before), in both semantics, on a map with every kind of conflict and names that
//! need escaping.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use maprepair::domain::formats::parse_edge_list;
use maprepair::domain::reference::load::load_llm_built;
use maprepair::domain::reference::Detector;
use maprepair::domain::{Analysis, ExitId, Map, Project, RoomId};
use serde_json::{json, Value};

const EDGES: &str = r#"[
 {"src_node": "Hall \"East\"", "dst_node": "Kitchen", "action": "north", "seen_in_forward": 0},
 {"src_node": "Kitchen", "dst_node": "Yard", "action": "east", "seen_in_forward": 1},
 {"src_node": "Yard", "dst_node": "Shed", "action": "south", "seen_in_forward": 2},
 {"src_node": "Shed", "dst_node": "Hall \"East\"", "action": "north", "seen_in_forward": 3},
 {"src_node": "Hall \"East\"", "dst_node": "Cellar ✓", "action": "north", "seen_in_forward": 4},
 {"src_node": "Cellar ✓", "dst_node": "Kitchen", "action": "west", "seen_in_forward": 5},
 {"src_node": "Shed", "dst_node": "Porch", "action": "east", "seen_in_forward": 6},
 {"src_node": "Porch", "dst_node": "the Yard", "action": "north", "seen_in_forward": 7},
 {"src_node": "Porch", "dst_node": "Lawn", "action": "go gate", "seen_in_forward": 8}
]"#;

fn check(path: &std::path::Path, semantics: &str) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_maprepair"))
        .arg("check")
        .arg(path)
        .args(["--semantics", semantics, "--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn default_truth(map: &Map) -> Value {
    let a = Analysis::of(map);
    let name = |r: RoomId| map.room(r).map_or_else(String::new, |r| r.name.clone());
    let exit = |e: &ExitId| {
        map.exit(*e).map_or(Value::Null, |x| json!({"id": x.id.0, "from": name(x.from), "to": name(x.to), "label": x.label.to_string()}))
    };
    let list: Vec<Value> = (0..a.conflicts.len())
        .map(|i| {
            let c = &a.conflicts[i];
            let loc = a.localization(map, i).unwrap_or_default();
            json!({
                "id": c.id,
                "type": c.ctype.as_str(),
                "kind": c.kind,
                "rooms": c.rooms.iter().map(|r| name(*r)).collect::<Vec<_>>(),
                "exits": c.exits.iter().map(exit).collect::<Vec<_>>(),
                "lca": loc.lca.map(name),
                "candidates": loc.candidates.iter().map(exit).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({"semantics": "default", "rooms": map.room_count(), "exits": map.exit_count(), "conflicts": serde_json::to_value(a.counts()).unwrap(), "list": list})
}

#[test]
fn the_streamed_list_is_the_whole_value_printed() {
    let dir = std::env::temp_dir().join(format!("maprepair-check-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t_edges.json");
    std::fs::write(&path, EDGES).unwrap();
    let records = parse_edge_list(EDGES, "t").unwrap();
    let project = Project::from_edge_records("t_edges", &records);
    let truth = default_truth(project.history.head());
    assert!(truth["list"].as_array().unwrap().len() >= 3, "{truth}");
    assert_eq!(check(&path, "default"), format!("{truth}\n"));

    let g = load_llm_built(&records);
    let found = Detector::new().detect(&g, true);
    assert!(!found.is_empty());
    let list: Vec<Value> = found
        .iter()
        .map(|c| {
            json!({
                "type": c.kind.type_name(),
                "rule": format!("{:?}", c.kind).to_lowercase(),
                "rooms": c.nodes.iter().map(|n| g.name(*n)).collect::<Vec<_>>(),
                "exits": c.edges.iter().map(|(u, v)| json!({"from": g.name(*u), "to": g.name(*v), "label": g.edge(*u, *v).map(|d| d.label.to_string())})).collect::<Vec<_>>(),
                "positions": c.positions,
            })
        })
        .collect();
    let n = Detector::new().count(&g);
    let counts = json!({"direction": n.direction, "topology": n.topology(), "naming": n.naming, "total": n.total(), "total_without_naming": n.dir_topo()});
    let truth = json!({"semantics": "reference", "rooms": g.node_count(), "exits": g.edge_count(), "conflicts": counts, "list": list});
    assert_eq!(check(&path, "reference"), format!("{truth}\n"));
    let _ = std::fs::remove_dir_all(&dir);
}
