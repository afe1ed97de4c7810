//! `check FILE [--semantics reference|default]`: counts and lists conflicts.

use crate::args::{CheckArgs, Format};
use crate::input::{load, Input};
use crate::{emit_list, CliError};
use maprepair::domain::reference::load::load_llm_built;
use maprepair::domain::reference::{Detector, RefConflict, RefCounts, RefGraph};
use maprepair::domain::semantics::reference_graph;
use maprepair::domain::{Analysis, Map, Semantics};
use serde_json::{json, Value};
use std::io::{self, Write};

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
    ref_counts_value(Detector::new().count(g))
}

/// Counts as JSON.
fn ref_counts_value(c: RefCounts) -> Value {
    json!({"direction": c.direction, "topology": c.topology(), "naming": c.naming, "total": c.total(), "total_without_naming": c.dir_topo()})
}

/// Writes default conflicts as JSON, each exactly as `serde_json` writes the object
/// `{"candidates","exits","id","kind","lca","rooms","type"}` (keys in its sorted order), with
/// every exit's JSON made once: a big map's candidate lists name the same tree exits over and
/// over, and the list then outweighs the map many times.
struct DefaultList<'a> {
    map: &'a Map,
    analysis: &'a Analysis,
    /// `{"from","id","label","to"}` per exit id (`null` for ids with no exit).
    exit_json: Vec<String>,
}

impl<'a> DefaultList<'a> {
    fn new(map: &'a Map, analysis: &'a Analysis) -> DefaultList<'a> {
        // As `json!({"id", "from", "to", "label"})` prints, keys in its sorted order.
        let text = |s: &str| serde_json::to_string(s).unwrap_or_default();
        let exit_json = (0..map.exit_bound())
            .map(|i| {
                map.exit(maprepair::domain::ExitId(i as u32)).map_or_else(
                    || "null".to_string(),
                    |x| {
                        format!(
                            "{{\"from\":{},\"id\":{},\"label\":{},\"to\":{}}}",
                            text(room_name(map, x.from)),
                            x.id.0,
                            text(&x.label.to_string()),
                            text(room_name(map, x.to))
                        )
                    },
                )
            })
            .collect();
        DefaultList {
            map,
            analysis,
            exit_json,
        }
    }

    fn exit(&self, e: maprepair::domain::ExitId) -> &str {
        self.exit_json
            .get(e.0 as usize)
            .map_or("null", String::as_str)
    }

    fn exits(&self, w: &mut dyn Write, ids: &[maprepair::domain::ExitId]) -> io::Result<()> {
        w.write_all(b"[")?;
        for (i, e) in ids.iter().enumerate() {
            if i > 0 {
                w.write_all(b",")?;
            }
            w.write_all(self.exit(*e).as_bytes())?;
        }
        w.write_all(b"]")
    }

    fn rooms(&self, i: usize) -> Vec<&str> {
        self.analysis.conflicts[i]
            .rooms
            .iter()
            .map(|r| room_name(self.map, *r))
            .collect()
    }

    /// Conflict `i` as JSON.
    fn write(&self, i: usize, w: &mut dyn Write) -> io::Result<()> {
        let c = &self.analysis.conflicts[i];
        let loc = self.analysis.localization(self.map, i).unwrap_or_default();
        w.write_all(b"{\"candidates\":")?;
        self.exits(w, &loc.candidates)?;
        w.write_all(b",\"exits\":")?;
        self.exits(w, &c.exits)?;
        w.write_all(b",\"id\":")?;
        serde_json::to_writer(&mut *w, &c.id)?;
        w.write_all(b",\"kind\":")?;
        serde_json::to_writer(&mut *w, &json!(c.kind))?;
        w.write_all(b",\"lca\":")?;
        serde_json::to_writer(&mut *w, &loc.lca.map(|r| room_name(self.map, r)))?;
        w.write_all(b",\"rooms\":")?;
        serde_json::to_writer(&mut *w, &self.rooms(i))?;
        w.write_all(b",\"type\":")?;
        serde_json::to_writer(&mut *w, c.ctype.as_str())?;
        w.write_all(b"}")
    }

    /// Conflict `i`'s line in the text form.
    fn line(&self, i: usize) -> String {
        let c = &self.analysis.conflicts[i];
        format!("  [{}] {}", c.ctype.as_str(), json!(self.rooms(i)))
    }
}

/// A room's name on `map` (empty if it has none).
fn room_name(map: &Map, r: maprepair::domain::RoomId) -> &str {
    map.room(r).map_or("", |r| r.name.as_str())
}

/// Default counts as JSON.
pub fn counts_json(a: &Analysis) -> Value {
    serde_json::to_value(a.counts()).unwrap_or(Value::Null)
}

/// Writes what `check` reports on a loaded input to `w`, the list one conflict at a time: a big
/// map's list outweighs the map. With `at_exit` the process ends right after, and the map, its
/// analysis and the lists are not freed allocation by allocation (a fifth of a 200,000-room
/// check's time).
///
/// # Errors
/// Writing to `w` failed.
pub fn write_report(
    input: &Input,
    semantics: Semantics,
    format: Format,
    w: &mut dyn Write,
    at_exit: bool,
) -> io::Result<()> {
    match semantics {
        Semantics::Reference => {
            let g = reference_input(input);
            let found = Detector::new().detect(&g, true);
            let head = json!({"semantics": "reference", "rooms": g.node_count(), "exits": g.edge_count(), "conflicts": ref_counts_value(RefCounts::of(&found)), "list": []});
            let written = emit_list(
                w,
                format,
                &head,
                "list",
                found.iter(),
                |c, w| Ok(serde_json::to_writer(w, &ref_conflict_json(&g, c))?),
                || text_head(&head),
                |c| {
                    let rooms: Vec<&str> = c.nodes.iter().map(|n| g.name(*n)).collect();
                    format!("  [{}] {}", c.kind.type_name(), json!(rooms))
                },
            );
            if at_exit {
                std::mem::forget((found, g));
            }
            written
        }
        Semantics::Default => {
            let map = input.project().history.head();
            let a = Analysis::of(map);
            let head = json!({"semantics": "default", "rooms": map.room_count(), "exits": map.exit_count(), "conflicts": counts_json(&a), "list": []});
            let list = DefaultList::new(map, &a);
            let written = emit_list(
                w,
                format,
                &head,
                "list",
                0..a.conflicts.len(),
                |i, w| list.write(*i, w),
                || text_head(&head),
                |i| list.line(*i),
            );
            if at_exit {
                std::mem::forget(list);
                std::mem::forget(a);
            }
            written
        }
    }
}

/// What `check` reports on a loaded input, as one JSON value (for callers in this process).
pub fn report(input: &Input, semantics: Semantics) -> Value {
    let mut buf = Vec::new();
    match write_report(input, semantics, Format::Json, &mut buf, false) {
        Ok(()) => serde_json::from_slice(&buf).unwrap_or(Value::Null),
        Err(_) => Value::Null,
    }
}

pub fn run(args: &CheckArgs, format: Format) -> Result<(), CliError> {
    let input = load(&args.file)?;
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    // A closed pipe (`maprepair check … | head`) ends output quietly.
    let _ = write_report(
        &input,
        Semantics::from(args.semantics),
        format,
        &mut out,
        true,
    )
    .and_then(|()| out.flush());
    // The process ends here: see `write_report`.
    std::mem::forget(input);
    Ok(())
}

/// The text form's first lines: sizes and counts.
fn text_head(out: &Value) -> String {
    let c = &out["conflicts"];
    format!(
        "{} rooms, {} exits ({} semantics)\nconflicts: {} directional, {} topological, {} naming — {} in all",
        out["rooms"], out["exits"], out["semantics"].as_str().unwrap_or(""), c["direction"], c["topology"], c["naming"], c["total"]
    )
}
