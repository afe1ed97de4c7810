//! `automap WALKTHROUGH [--locations FILE] [--actions FILE] [--clean-with TRUTH] [--out EDGES.json]
//! [--project FILE] [--verbose]`: builds a map from a MANGO walkthrough or an interpreter
//! transcript (`>north` prompt lines, as Frotz's SCRIPT writes) with the offline automapper and
//! writes it as a MANGO edge list (to stdout without `--out`). `--clean-with` first applies the
//! paper's cleaning (§1.2), which keeps the steps the given ground truth cites — the exact input
//! gpt-4.1 had; the truth is used for that selection only. `--project` also saves the map with
//! its history (one commit per step). `--format json` prints a summary (with `--verbose`, every
//! step as read).

use crate::args::{AutomapArgs, Format};
use crate::{emit, read, CliError};
use maprepair::domain::automap::{automap, clean_walkthrough, read_name_list, Automap, Hints};
use maprepair::domain::formats::{parse_edge_list, read_steps, write_edge_list, Step};
use maprepair::domain::Analysis;
use serde_json::{json, Value};
use std::path::Path;

/// Reads a walkthrough or an interpreter transcript, cleaned against `truth` when given.
pub fn load_steps(path: &Path, truth: Option<&Path>) -> Result<Vec<Step>, CliError> {
    let steps = read_steps(&read(path)?, &path.display().to_string())?;
    Ok(match truth {
        Some(t) => {
            let records = parse_edge_list(&read(t)?, &t.display().to_string())?;
            clean_walkthrough(&steps, &records)
        }
        None => steps,
    })
}

/// Reads optional name lists.
pub fn load_hints(locations: Option<&Path>, actions: Option<&Path>) -> Result<Hints, CliError> {
    let list = |p: Option<&Path>| -> Result<Vec<String>, CliError> {
        match p {
            Some(p) => Ok(read_name_list(&read(p)?, &p.display().to_string())?),
            None => Ok(Vec::new()),
        }
    };
    Ok(Hints {
        locations: list(locations)?,
        actions: list(actions)?,
    })
}

/// A summary of an automapper run.
pub fn summary(built: &Automap, verbose: bool) -> Value {
    let map = built.project.history.head();
    let counts = Analysis::of(map).counts();
    let moves = built.steps.iter().filter(|s| s.moved).count();
    let unmapped = built
        .steps
        .iter()
        .filter(|s| s.note.contains("not mapped"))
        .count();
    let mut out = json!({
        "name": built.project.name,
        "steps": built.steps.len(),
        "moves": moves,
        "moves_not_mapped": unmapped,
        "commits": built.project.history.len(),
        "rooms": map.room_count(),
        "exits": map.exit_count(),
        "observed_exits": built.project.edge_records().len(),
        "conflicts": serde_json::to_value(counts).unwrap_or(Value::Null),
    });
    if verbose {
        out["step_reports"] = serde_json::to_value(&built.steps).unwrap_or(Value::Null);
    }
    out
}

pub fn run(args: &AutomapArgs, format: Format) -> Result<(), CliError> {
    let path = args.walkthrough.as_path();
    let steps = load_steps(path, args.clean_with.as_deref())?;
    let hints = load_hints(
        args.hints.locations.as_deref(),
        args.hints.actions.as_deref(),
    )?;
    let name = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("map")
        .to_string();
    let built = automap(&name, &steps, &hints);
    let edges = write_edge_list(&built.project.edge_records());
    match &args.out {
        Some(out) => std::fs::write(out, format!("{edges}\n"))
            .map_err(|e| CliError::Failed(format!("{}: {e}", out.display())))?,
        None if format == Format::Text => println!("{edges}"),
        None => {}
    }
    if let Some(p) = &args.project {
        std::fs::write(p, built.project.to_json())
            .map_err(|e| CliError::Failed(format!("{}: {e}", p.display())))?;
    }
    if format == Format::Json || args.out.is_some() {
        let out = summary(&built, args.verbose);
        emit(format, &out, || {
            format!(
                "{}: {} steps, {} moves ({} not mapped) → {} rooms, {} exits; conflicts {}",
                out["name"].as_str().unwrap_or(""),
                out["steps"],
                out["moves"],
                out["moves_not_mapped"],
                out["rooms"],
                out["exits"],
                out["conflicts"]["total"]
            )
        });
    }
    Ok(())
}
