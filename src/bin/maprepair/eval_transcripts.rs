//! `eval --transcripts DIR`: the automapper on every interpreter transcript of a folder
//! (`<game>/<game>.transcript.txt`), scored against `<game>.edges.json` by issue 5's metric
//! (directed pairs with the right direction, both maps closed under compass reverses; node
//! recall over the truth's rooms), twice: without a location list (as a player's own transcript
//! comes) and with `<game>.locations.json` where the game has one. Each map is built the way
//! `maprepair automap TRANSCRIPT [--locations FILE] --out EDGES.json` builds it.
//!
//! Without a list, a room is named by what the transcript prints: a room whose name it never
//! prints (an Inform dark room, "Darkness" / "It is pitch dark…", never lit) can get a node of
//! its own but not its name, so the pairs touching it cap edge recall. The pass without the list
//! reports that cap (`unnamed_truth_rooms`, `pairs_touching_unnamed`, `recall_ceiling`).

use crate::args::Format;
use crate::automap::{load_hints, load_steps};
use crate::games::{game_file, games_having, mean, truth};
use crate::{emit, CliError};
use maprepair::domain::automap::{automap_with, Rules};
use maprepair::domain::eval::{score, PairRule, PairSet, Score};
use serde_json::{json, Value};
use std::path::Path;

/// Games under `dir` (sub-directories `<game>/` holding `<game>.transcript.txt` and
/// `<game>.edges.json`), sorted.
pub fn transcript_games(dir: &Path) -> Result<Vec<String>, CliError> {
    games_having(
        dir,
        &["transcript.txt", "edges.json"],
        "expected a folder of game transcripts with their true edges",
    )
}

/// The edge records the automapper builds from a game's transcript, with its location list or
/// without.
fn automap_transcript(
    dir: &Path,
    game: &str,
    with_list: bool,
    rules: &Rules,
) -> Result<Vec<maprepair::domain::formats::EdgeRecord>, CliError> {
    let loc = game_file(dir, game, "locations.json");
    let steps = load_steps(&game_file(dir, game, "transcript.txt"), None)?;
    let hints = load_hints(with_list.then_some(loc.as_path()), None)?;
    Ok(automap_with(game, &steps, &hints, rules)
        .project
        .edge_records())
}

/// Lowercase words joined by single blanks (apostrophes kept), padded with one blank at each
/// end, so that a name is found in a text only whole.
fn spaced(text: &str) -> String {
    let words: Vec<String> = text
        .to_lowercase()
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    format!(" {} ", words.join(" "))
}

/// A game's truth rooms that its transcript never names whole, and of the truth's pairs
/// (closed under compass reverses, as scored) how many there are and how many touch one of them.
fn unnamed(dir: &Path, game: &str) -> Result<(usize, usize, usize), CliError> {
    let text = std::fs::read_to_string(game_file(dir, game, "transcript.txt"))
        .map_err(|e| CliError::Usage(format!("{game}: {e}")))?;
    let text = spaced(&text);
    let truth = PairSet::from_records(&truth(dir, game)?, PairRule::Closed);
    let never: std::collections::HashSet<&String> = truth
        .nodes
        .iter()
        .filter(|n| !text.contains(&spaced(n)))
        .collect();
    let touching = truth
        .pairs
        .keys()
        .filter(|(a, b)| never.contains(a) || never.contains(b))
        .count();
    Ok((never.len(), touching, truth.pairs.len()))
}

/// Scores of one pass over the folder, per game and in total.
fn pass(dir: &Path, games: &[String], with_list: bool, rules: &Rules) -> Result<Value, CliError> {
    let mut rows: Vec<(String, Score)> = Vec::new();
    let mut skipped = Vec::new();
    for game in games {
        if with_list && !game_file(dir, game, "locations.json").is_file() {
            skipped.push(game.clone());
            continue;
        }
        let built = automap_transcript(dir, game, with_list, rules)?;
        rows.push((
            game.clone(),
            score(&truth(dir, game)?, &built, PairRule::Closed),
        ));
    }
    let total: Score = rows.iter().map(|(_, s)| *s).sum();
    let mut total_json = total.to_json();
    if !with_list {
        let (mut rooms, mut touching, mut pairs) = (0, 0, 0);
        for (game, _) in &rows {
            let (r, t, p) = unnamed(dir, game)?;
            rooms += r;
            touching += t;
            pairs += p;
        }
        total_json["unnamed_truth_rooms"] = json!(rooms);
        total_json["pairs_touching_unnamed"] = json!(touching);
        total_json["recall_ceiling"] = json!(if pairs == 0 {
            1.0
        } else {
            1.0 - touching as f64 / pairs as f64
        });
    }
    Ok(json!({
        "games": rows.iter().map(|(g, s)| {
            let mut v = s.to_json();
            v["game"] = json!(g);
            v
        }).collect::<Vec<Value>>(),
        "total": total_json,
        "macro": {
            "node_recall": mean(&rows, Score::node_recall),
            "edge_f1": mean(&rows, Score::edge_f1),
        },
        "games_without_locations": skipped,
    }))
}

/// One row of the text table: a game's (or the total's) scores without and with the list.
fn row(name: &str, a: &Value, b: &Value) -> String {
    let cell = |v: &Value, k: &str| v[k].as_f64().unwrap_or(0.0);
    format!(
        "{:<14}{:>7.3}{:>7.3}{:>7.3}{:>7.3}{:>9.3}{:>7.3}{:>7.3}{:>7.3}\n",
        name,
        cell(a, "node_recall"),
        cell(a, "edge_precision"),
        cell(a, "edge_recall"),
        cell(a, "edge_f1"),
        cell(b, "node_recall"),
        cell(b, "edge_precision"),
        cell(b, "edge_recall"),
        cell(b, "edge_f1"),
    )
}

/// Runs `eval --transcripts DIR [--without RULE]…`.
pub fn run(dir: &Path, without_rules: &[String], format: Format) -> Result<(), CliError> {
    let rules = Rules::without(without_rules).map_err(|e| CliError::Usage(e.to_string()))?;
    let games = transcript_games(dir)?;
    let without = pass(dir, &games, false, &rules)?;
    let with = pass(dir, &games, true, &rules)?;
    let out = json!({
        "rule": PairRule::Closed,
        "source": format!("transcripts:{}", dir.display()),
        "without_list": without,
        "with_list": with,
    });
    emit(format, &out, || {
        let find = |p: &Value, g: &str| {
            p["games"]
                .as_array()
                .and_then(|a| a.iter().find(|r| r["game"] == g).cloned())
                .unwrap_or(Value::Null)
        };
        let mut s = format!(
            "{:<14}{:>7}{:>7}{:>7}{:>7}{:>9}{:>7}{:>7}{:>7}\n",
            "game", "nodeR", "P", "R", "F1", "| nodeR", "P", "R", "F1"
        );
        for g in &games {
            s.push_str(&row(g, &find(&without, g), &find(&with, g)));
        }
        s.push_str(&row("TOTAL", &without["total"], &with["total"]));
        s.push_str(&format!(
            "{} games (closed rule); left without the location list, right with it\n",
            games.len()
        ));
        let t = &without["total"];
        s.push_str(&format!(
            "without the list: {} truth rooms the transcript never names (a dark room never lit); {} of the truth pairs touch one, so no map without a list can pass edge recall {:.3}",
            t["unnamed_truth_rooms"], t["pairs_touching_unnamed"], t["recall_ceiling"].as_f64().unwrap_or(1.0)
        ));
        s
    });
    Ok(())
}
