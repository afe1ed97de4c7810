//! `check FILE [--semantics reference|default]`: counts and lists conflicts.

use crate::args::{CheckArgs, Format};
use crate::input::{load, Input};
use crate::{emit, CliError};
use maprepair::domain::reference::load::load_llm_built;
use maprepair::domain::reference::{Detector, RefConflict, RefGraph};
use maprepair::domain::semantics::reference_graph;
use maprepair::domain::{Analysis, Map, Semantics};
use serde_json::{json, Value};

/// The reference graph for an input: edge lists by the authors' loader, projects via the map.
pub fn reference_input(input: &Input) -> RefGraph {
    match input {
        Input::EdgeList { records, .. } => load_llm_built(records),
        Input::Project(p) => reference_graph(p.history.head()),
    }
}

/// JSON for one reference conflict.
pub fn ref_conflict_json(g: &RefGraph, c: &RefConflict) -> Value {
    json!({
        "type": c.kind.type_name(),
        "rule": format!("{:?}", c.kind).to_lowercase(),
        "rooms": c.nodes.iter().map(|n| g.name(*n)).collect::<Vec<_>>(),
        "exits": c.edges.iter().map(|(u, v)| json!({"from": g.name(*u), "to": g.name(*v), "label": g.edge(*u, *v).map(|d| d.label.to_string())})).collect::<Vec<_>>(),
        "positions": c.positions,
    })
}

/// Reference counts as JSON.
pub fn ref_counts_json(g: &RefGraph) -> Value {
    let c = Detector::new().count(g);
    json!({"direction": c.direction, "topology": c.topology(), "naming": c.naming, "total": c.total(), "total_without_naming": c.dir_topo()})
}

/// JSON for one default conflict.
pub fn conflict_json(map: &Map, a: &Analysis, i: usize) -> Value {
    let c = &a.conflicts[i];
    let name =
        |r: maprepair::domain::RoomId| map.room(r).map_or_else(String::new, |r| r.name.clone());
    let exit = |e: &maprepair::domain::ExitId| {
        map.exit(*e).map_or(Value::Null, |x| json!({"id": x.id.0, "from": name(x.from), "to": name(x.to), "label": x.label.to_string()}))
    };
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
}

/// Default counts as JSON.
pub fn counts_json(a: &Analysis) -> Value {
    serde_json::to_value(a.counts()).unwrap_or(Value::Null)
}

pub fn run(args: &CheckArgs, format: Format) -> Result<(), CliError> {
    let input = load(&args.file)?;
    let out = match Semantics::from(args.semantics) {
        Semantics::Reference => {
            let g = reference_input(&input);
            let list: Vec<Value> = Detector::new()
                .detect(&g, true)
                .iter()
                .map(|c| ref_conflict_json(&g, c))
                .collect();
            json!({"semantics": "reference", "rooms": g.node_count(), "exits": g.edge_count(), "conflicts": ref_counts_json(&g), "list": list})
        }
        Semantics::Default => {
            let map = input.project().history.head();
            let a = Analysis::of(map);
            let list: Vec<Value> = (0..a.conflicts.len())
                .map(|i| conflict_json(map, &a, i))
                .collect();
            json!({"semantics": "default", "rooms": map.room_count(), "exits": map.exit_count(), "conflicts": counts_json(&a), "list": list})
        }
    };
    emit(format, &out, || {
        let c = &out["conflicts"];
        let mut s = format!(
            "{} rooms, {} exits ({} semantics)\nconflicts: {} directional, {} topological, {} naming — {} in all\n",
            out["rooms"], out["exits"], out["semantics"].as_str().unwrap_or(""), c["direction"], c["topology"], c["naming"], c["total"]
        );
        for item in out["list"].as_array().into_iter().flatten() {
            s.push_str(&format!(
                "  [{}] {}\n",
                item["type"].as_str().unwrap_or(""),
                item["rooms"]
            ));
        }
        s.trim_end().to_string()
    });
    Ok(())
}
