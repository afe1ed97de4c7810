//! `bench automap [--data DIR] [--transcripts DIR]…`: how long the offline automapper takes,
//! the files read beforehand: every cleaned MANGO walkthrough with its name lists (the inputs
//! of `eval --automap clean`), and every transcript of each folder without and with its
//! location list (the inputs of `eval --transcripts`). Prints the seconds per set and in all.

use crate::args::{BenchAutomapArgs, Format};
use crate::automap::{load_hints, load_steps};
use crate::eval_transcripts::transcript_games;
use crate::games::{game_file, games, truth};
use crate::{emit, read, CliError};
use maprepair::domain::automap::{automap, clean_walkthrough, Hints};
use maprepair::domain::formats::{parse_walkthrough, Step};
use serde_json::json;
use std::path::Path;

/// One automapper input: a name, its steps and its hints.
type Input = (String, Vec<Step>, Hints);

/// MANGO's cleaned walkthroughs with their name lists.
fn mango_inputs(data: &Path) -> Result<Vec<Input>, CliError> {
    let gt = data.join("data_fixed");
    let mut out = Vec::new();
    for game in games(&gt)? {
        let w = game_file(&gt, &game, "walkthrough");
        let steps = parse_walkthrough(&read(&w)?, &w.display().to_string())?;
        let steps = clean_walkthrough(&steps, &truth(&gt, &game)?);
        let loc = game_file(&gt, &game, "locations.json");
        let act = game_file(&gt, &game, "actions.json");
        let hints = load_hints(
            loc.is_file().then_some(loc.as_path()),
            act.is_file().then_some(act.as_path()),
        )?;
        out.push((game, steps, hints));
    }
    Ok(out)
}

/// A folder's transcripts, each without and with its location list.
fn transcript_inputs(dir: &Path) -> Result<Vec<Input>, CliError> {
    let mut out = Vec::new();
    for game in transcript_games(dir)? {
        let steps = load_steps(&game_file(dir, &game, "transcript.txt"), None)?;
        out.push((game.clone(), steps.clone(), Hints::default()));
        let loc = game_file(dir, &game, "locations.json");
        if loc.is_file() {
            out.push((game, steps, load_hints(Some(loc.as_path()), None)?));
        }
    }
    Ok(out)
}

/// Seconds to automap every input, and the moves read.
#[allow(clippy::disallowed_methods)] // The CLI owns the clock; the core never reads it.
fn time(inputs: &[Input]) -> (f64, usize) {
    let start = std::time::Instant::now();
    let mut moves = 0;
    for (name, steps, hints) in inputs {
        moves += automap(name, steps, hints)
            .steps
            .iter()
            .filter(|s| s.moved)
            .count();
    }
    (start.elapsed().as_secs_f64(), moves)
}

/// Runs `bench automap`.
pub fn run(args: &BenchAutomapArgs, format: Format) -> Result<(), CliError> {
    let mut sets = Vec::new();
    if let Some(data) = &args.data {
        sets.push((data.display().to_string(), mango_inputs(data)?));
    }
    for dir in &args.transcripts {
        sets.push((dir.display().to_string(), transcript_inputs(dir)?));
    }
    let rows: Vec<(String, usize, f64, usize)> = sets
        .iter()
        .map(|(name, inputs)| {
            let (s, moves) = time(inputs);
            (name.clone(), inputs.len(), s, moves)
        })
        .collect();
    let total: f64 = rows.iter().map(|r| r.2).sum();
    let out = json!({
        "sets": rows.iter().map(|(name, runs, s, moves)| json!({
            "source": name, "runs": runs, "moves": moves, "seconds": s,
        })).collect::<Vec<_>>(),
        "total_seconds": total,
    });
    emit(format, &out, || {
        let mut s = String::new();
        for (name, runs, secs, moves) in &rows {
            s.push_str(&format!(
                "{name}: {runs} runs, {moves} moves read, {secs:.3} s\n"
            ));
        }
        s.push_str(&format!("total {total:.3} s"));
        s
    });
    Ok(())
}
