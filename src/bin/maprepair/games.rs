//! Folders of games in MANGO's layout (`<dir>/<game>/<game>.<ext>`): listing them, finding a
//! game's files, reading its truth or a built map, and averaging per-game scores. Shared by
//! `eval`, `eval --transcripts` and the MANGO benchmarks.

use crate::{read, CliError};
use maprepair::domain::eval::Score;
use maprepair::domain::formats::{parse_edge_list, EdgeRecord};
use std::path::{Path, PathBuf};

/// Games under a `data_fixed` directory (sub-directories with `<game>.edges.json`), sorted.
pub fn games(gt: &Path) -> Result<Vec<String>, CliError> {
    games_having(gt, &["edges.json"], "expected MANGO's data_fixed directory")
}

/// Games under `dir`: sub-directories `<game>/` holding `<game>.<ext>` for every one of
/// `exts`, sorted. An error (saying `expected`) when there is none.
pub fn games_having(dir: &Path, exts: &[&str], expected: &str) -> Result<Vec<String>, CliError> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| CliError::Failed(format!("{}: {e}", dir.display())))?
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|g| exts.iter().all(|x| game_file(dir, g, x).is_file()))
        .collect();
    out.sort();
    if out.is_empty() {
        let files: Vec<String> = exts.iter().map(|x| format!("<game>/<game>.{x}")).collect();
        return Err(CliError::Failed(format!(
            "{}: no {} found ({expected})",
            dir.display(),
            files.join(" with ")
        )));
    }
    Ok(out)
}

/// A game's files.
pub fn game_file(gt: &Path, game: &str, ext: &str) -> PathBuf {
    gt.join(game).join(format!("{game}.{ext}"))
}

/// The ground truth of a game.
pub fn truth(gt: &Path, game: &str) -> Result<Vec<EdgeRecord>, CliError> {
    let p = game_file(gt, game, "edges.json");
    Ok(parse_edge_list(&read(&p)?, &p.display().to_string())?)
}

/// A built map of `game` in `dir` (`<game>_edges.json` or `<game>.edges.json`), if there is one.
pub fn built_records(dir: &Path, game: &str) -> Result<Option<Vec<EdgeRecord>>, CliError> {
    for name in [format!("{game}_edges.json"), format!("{game}.edges.json")] {
        let p = dir.join(&name);
        if p.is_file() {
            return Ok(Some(parse_edge_list(&read(&p)?, &p.display().to_string())?));
        }
    }
    Ok(None)
}

/// The macro mean of `f` over per-game scores (0 for none).
pub fn mean(rows: &[(String, Score)], f: impl Fn(&Score) -> f64) -> f64 {
    if rows.is_empty() {
        0.0
    } else {
        rows.iter().map(|(_, s)| f(s)).sum::<f64>() / rows.len() as f64
    }
}
