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
    let out = answer(&map, &args.from, &args.to, &args.map.display().to_string())?;
    let strings = |key: &str| -> Vec<String> {
        out[key]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| r.as_str().map(str::to_string))
            .collect()
    };
    let (rooms, directions) = (strings("rooms"), strings("directions"));
    let inferred = out["inferred_steps"].as_u64().unwrap_or(0);
    emit(format, &out, || {
        if directions.is_empty() {
            return format!("{} is where you are: no moves needed", rooms[0]);
        }
        let mut s = format!(
            "{} → {}: {} move{}\n  {}\n",
            rooms[0],
            rooms[rooms.len() - 1],
            directions.len(),
            if directions.len() == 1 { "" } else { "s" },
            directions.join(", ")
        );
        for (i, d) in directions.iter().enumerate() {
            s.push_str(&format!("  {:>2}. {:<10} → {}\n", i + 1, d, rooms[i + 1]));
        }
        if inferred > 0 {
            s.push_str(&format!(
                "  ({inferred} step(s) use an inferred way back)\n"
            ));
        }
        s.trim_end().to_string()
    });
    Ok(())
}

/// The shortest way from `from` to `to` on `map` (read from `file`) as `route` reports it.
///
/// # Errors
/// A [`CliError`] naming the file and every end the map lacks, or saying there is no way.
pub fn answer(map: &Map, from: &str, to: &str, file: &str) -> Result<serde_json::Value, CliError> {
    // Every end the map lacks, named at once, with the map it is missing from.
    let missing: Vec<String> = [from, to]
        .into_iter()
        .filter(|name| map.find_room(name).is_none())
        .map(|name| format!("{name:?}"))
        .collect();
    if !missing.is_empty() {
        return Err(CliError::Failed(format!(
            "{file}: the map has no room called {} ({} room{}; a name matches a room's name or \
             alias, in any case, with or without \"the\")",
            missing.join(" and none called "),
            map.room_count(),
            if map.room_count() == 1 { "" } else { "s" }
        )));
    }
    let route = find_route(map, from, to).map_err(|e| CliError::Failed(format!("{file}: {e}")))?;
    let name = |r| map.room(r).map_or_else(String::new, |x| x.name.clone());
    let rooms: Vec<String> = route.rooms.iter().map(|r| name(*r)).collect();
    Ok(json!({
        "from": rooms.first(),
        "to": rooms.last(),
        "moves": route.len(),
        "directions": route.directions(map),
        "rooms": rooms,
        "inferred_steps": route.inferred_steps(map),
    }))
}
