//! `bench mango --data DIR`: Table 3 / A3 heuristic rows over the 53 LLM-built MANGO maps, in
//! reference semantics. `DIR` holds `llm_built/<game>_edges.json` and
//! `data_fixed/<game>/<game>.edges.json`. Only games whose input has conflicts are listed (42).

use crate::args::{BenchMangoArgs, Format};
use crate::{emit, read, CliError};
use maprepair::domain::eval::Score;
use maprepair::domain::formats::parse_edge_list;
use maprepair::domain::reference::table3::{table3_run, Table3Row};
use serde_json::{json, Map, Value};
use std::path::Path;

/// The per-game keys, in the order of `table3_per_game.csv`.
pub const KEYS: [&str; 7] = [
    "input_conflicts",
    "heuristic_remove_after",
    "heuristic_remove_after_dir_topo_only",
    "heuristic_remove_dirdelta",
    "heuristic_modify_after",
    "heuristic_modify_after_dir_topo_only",
    "heuristic_modify_dirdelta",
];

fn row_json(game: &str, row: &Table3Row, seconds: f64) -> Value {
    json!({
        "game": game,
        "input_conflicts": row.input_conflicts,
        "input_direction": row.input_direction,
        "input_topology_overlap": row.input_topology_overlap,
        "input_topology_reverse_mismatch": row.input_topology_reverse_mismatch,
        "input_naming_not_counted": row.input_naming_not_counted,
        "heuristic_remove_after": row.heuristic_remove.after,
        "heuristic_remove_after_dir_topo_only": row.heuristic_remove.after_dir_topo_only,
        "heuristic_remove_dirdelta": row.heuristic_remove.dirdelta,
        "heuristic_remove_n_actions": row.heuristic_remove.n_actions,
        "heuristic_remove_iterations": row.heuristic_remove.iterations,
        "heuristic_remove_eval": row.heuristic_remove.eval,
        "heuristic_modify_after": row.heuristic_modify.after,
        "heuristic_modify_after_dir_topo_only": row.heuristic_modify.after_dir_topo_only,
        "heuristic_modify_dirdelta": row.heuristic_modify.dirdelta,
        "heuristic_modify_n_actions": row.heuristic_modify.n_actions,
        "heuristic_modify_iterations": row.heuristic_modify.iterations,
        "heuristic_modify_eval": row.heuristic_modify.eval,
        "seconds": seconds,
    })
}

fn n(v: &Value) -> i64 {
    v.as_i64().unwrap_or(0)
}

/// Lists the games that have an LLM-built map, sorted.
pub fn games(data: &Path) -> Result<Vec<String>, CliError> {
    let dir = data.join("llm_built");
    let mut out: Vec<String> = std::fs::read_dir(&dir)
        .map_err(|e| {
            CliError::Failed(format!(
                "{}: {e} (expected ../shared/mango with llm_built/ and data_fixed/)",
                dir.display()
            ))
        })?
        .filter_map(Result::ok)
        .filter_map(|e| {
            e.file_name()
                .to_str()
                .and_then(|n| n.strip_suffix("_edges.json"))
                .map(str::to_string)
        })
        .collect();
    out.sort();
    Ok(out)
}

#[allow(clippy::disallowed_methods)] // The CLI is the clock's owner; the core never reads it.
pub fn run(args: &BenchMangoArgs, format: Format) -> Result<(), CliError> {
    let data = args.data.as_path();
    let mut rows = Vec::new();
    let (mut remove_evals, mut modify_evals) = (Vec::new(), Vec::new());
    let total_start = std::time::Instant::now();
    let mut compute_seconds = 0.0;
    for game in games(data)? {
        let built_path = data.join("llm_built").join(format!("{game}_edges.json"));
        let truth_path = data
            .join("data_fixed")
            .join(&game)
            .join(format!("{game}.edges.json"));
        let built = parse_edge_list(&read(&built_path)?, &built_path.display().to_string())?;
        let truth = parse_edge_list(&read(&truth_path)?, &truth_path.display().to_string())?;
        let start = std::time::Instant::now();
        let run = table3_run(&built);
        let seconds = start.elapsed().as_secs_f64();
        let row = run.row(&truth);
        compute_seconds += seconds;
        if row.input_conflicts > 0 {
            remove_evals.push(row.heuristic_remove.eval.clone());
            modify_evals.push(row.heuristic_modify.eval.clone());
            rows.push(row_json(&game, &row, seconds));
        }
    }
    let mut totals = Map::new();
    for key in KEYS.iter().chain(
        [
            "input_direction",
            "input_topology_overlap",
            "input_naming_not_counted",
        ]
        .iter(),
    ) {
        let sum: i64 = rows.iter().map(|r| r[*key].as_i64().unwrap_or(0)).sum();
        totals.insert((*key).to_string(), json!(sum));
    }
    totals.insert("seconds".into(), json!(compute_seconds));
    totals.insert("games_with_conflicts".into(), json!(rows.len()));
    for (key, evals) in [
        ("heuristic_remove_eval", &remove_evals),
        ("heuristic_modify_eval", &modify_evals),
    ] {
        let score: Score = evals.iter().map(|e| e.score).sum();
        totals.insert(
            key.into(),
            json!({
                "precision": score.edge_precision(),
                "recall": score.edge_recall(),
                "f1": score.edge_f1(),
                "correct_lost": evals.iter().map(|e| e.correct_lost).sum::<usize>(),
                "wrong_fixed": evals.iter().map(|e| e.wrong_fixed).sum::<usize>(),
                "wrong_removed": evals.iter().map(|e| e.wrong_removed).sum::<usize>(),
            }),
        );
    }
    totals.insert(
        "wall_seconds".into(),
        json!(total_start.elapsed().as_secs_f64()),
    );
    let out = json!({ "semantics": "reference", "games": rows, "totals": totals });
    emit(format, &out, || {
        let mut s = format!(
            "{:<14}{:>7}{:>8}{:>8}{:>8}{:>8}{:>8}{:>8}\n",
            "game", "input", "rm", "rm_dt", "rm_dd", "mod", "mod_dt", "mod_dd"
        );
        for r in &rows {
            s.push_str(&format!(
                "{:<14}{:>7}{:>8}{:>8}{:>8}{:>8}{:>8}{:>8}\n",
                r["game"].as_str().unwrap_or(""),
                n(&r["input_conflicts"]),
                n(&r["heuristic_remove_after"]),
                n(&r["heuristic_remove_after_dir_topo_only"]),
                n(&r["heuristic_remove_dirdelta"]),
                n(&r["heuristic_modify_after"]),
                n(&r["heuristic_modify_after_dir_topo_only"]),
                n(&r["heuristic_modify_dirdelta"])
            ));
        }
        s.push_str(&format!(
            "{:<14}{:>7}{:>8}{:>8}{:>8}{:>8}{:>8}{:>8}\n{} games with conflicts; {:.1} ms computing",
            "TOTAL", n(&totals["input_conflicts"]), n(&totals["heuristic_remove_after"]), n(&totals["heuristic_remove_after_dir_topo_only"]),
            n(&totals["heuristic_remove_dirdelta"]), n(&totals["heuristic_modify_after"]), n(&totals["heuristic_modify_after_dir_topo_only"]),
            n(&totals["heuristic_modify_dirdelta"]), rows.len(), compute_seconds * 1000.0
        ));
        s
    });
    Ok(())
}
