//! `route MAP FROM TO`: the shortest way between two rooms of a map (an edge list, a project, or
//! a walkthrough — built with the automapper first, using `--locations`/`--actions` when
//! given), with the directions to type. Inferred ways back are walked too, but an observed
//! route of equal length is preferred.

use crate::args::{Format, HintArgs, RouteArgs};
use crate::automap::load_hints;
use crate::input::load;
use crate::{emit, read, CliError};
use maprepair::domain::automap::automap;
use maprepair::domain::formats::{is_transcript, read_steps};
use maprepair::domain::route::find_route;
use maprepair::domain::Map;
use serde_json::json;
use std::path::Path;

/// The map at `path`: a walkthrough or a transcript is automapped, anything else loaded as a map.
fn map_of(hints: &HintArgs, path: &Path) -> Result<Map, CliError> {
    let text = read(path)?;
    if path.extension().and_then(|e| e.to_str()) == Some("walkthrough") || is_transcript(&text) {
        let steps = read_steps(&text, &path.display().to_string())?;
        let hints = load_hints(hints.locations.as_deref(), hints.actions.as_deref())?;
        return Ok(automap("map", &steps, &hints)
            .project
            .history
            .head()
            .clone());
    }
    Ok(load(path)?.project().history.head().clone())
}

pub fn run(args: &RouteArgs, format: Format) -> Result<(), CliError> {
    let map = map_of(&args.hints, &args.map)?;
    let route =
        find_route(&map, &args.from, &args.to).map_err(|e| CliError::Failed(e.to_string()))?;
    let name = |r| map.room(r).map_or_else(String::new, |x| x.name.clone());
    let rooms: Vec<String> = route.rooms.iter().map(|r| name(*r)).collect();
    let directions = route.directions(&map);
    let out = json!({
        "from": rooms.first(),
        "to": rooms.last(),
        "moves": route.len(),
        "directions": directions,
        "rooms": rooms,
        "inferred_steps": route.inferred_steps(&map),
    });
    emit(format, &out, || {
        if route.is_empty() {
            return format!("{} is where you are: no moves needed", rooms[0]);
        }
        let mut s = format!(
            "{} → {}: {} move{}\n  {}\n",
            rooms[0],
            rooms[rooms.len() - 1],
            route.len(),
            if route.len() == 1 { "" } else { "s" },
            directions.join(", ")
        );
        for (i, d) in directions.iter().enumerate() {
            s.push_str(&format!("  {:>2}. {:<10} → {}\n", i + 1, d, rooms[i + 1]));
        }
        if route.inferred_steps(&map) > 0 {
            s.push_str(&format!(
                "  ({} step(s) use an inferred way back)\n",
                route.inferred_steps(&map)
            ));
        }
        s.trim_end().to_string()
    });
    Ok(())
}
