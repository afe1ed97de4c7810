//! `eval-prose --truth DIR`: reads every `<name>.txt` in DIR that has a `<name>.truth.json`
//! with the offline prose reader and scores it (`domain::prose::score`): per passage and in
//! total (micro sums), node recall and precision, edge recall, precision and F1 as undirected
//! pairs, and direction accuracy on matched pairs.

use crate::args::{EvalProseArgs, Format};
use crate::{emit, read, CliError};
use maprepair::domain::llm::{split_observations, Split};
use maprepair::domain::prose::{read_paragraphs, score, Score, TruthMap};
use serde_json::{json, Value};
use std::path::Path;

fn figures(s: &Score) -> Value {
    json!({
        "node_recall": s.node_recall(),
        "node_precision": s.node_precision(),
        "edge_recall": s.edge_recall(),
        "edge_precision": s.edge_precision(),
        "edge_f1": s.edge_f1(),
        "direction_accuracy": s.direction_accuracy(),
        "counts": s,
    })
}

fn line(name: &str, s: &Score) -> String {
    format!(
        "{name:28} nodes R {:.3} P {:.3} ({}/{} truth, {} built)   edges R {:.3} P {:.3} F1 {:.3} ({}/{} truth, {} built)   direction {:.3} ({}/{})",
        s.node_recall(),
        s.node_precision(),
        s.matched_nodes,
        s.truth_nodes,
        s.built_nodes,
        s.edge_recall(),
        s.edge_precision(),
        s.edge_f1(),
        s.correct_pairs,
        s.truth_pairs,
        s.built_pairs,
        s.direction_accuracy(),
        s.direction_correct,
        s.directed_found,
    )
}

pub fn run(args: &EvalProseArgs, format: Format) -> Result<(), CliError> {
    let dir: &Path = &args.truth;
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| CliError::Failed(format!("{}: {e}", dir.display())))?
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter_map(|f| f.strip_suffix(".truth.json").map(str::to_string))
        .filter(|n| dir.join(format!("{n}.txt")).is_file())
        .collect();
    names.sort();
    if names.is_empty() {
        return Err(CliError::Failed(format!(
            "{}: no <name>.txt with a <name>.truth.json",
            dir.display()
        )));
    }
    let mut total = Score::default();
    let mut rows = Vec::new();
    let mut text = Vec::new();
    for name in &names {
        let truth_path = dir.join(format!("{name}.truth.json"));
        let truth: TruthMap = serde_json::from_str(&read(&truth_path)?)
            .map_err(|e| CliError::Failed(format!("{}: {e}", truth_path.display())))?;
        let paras =
            split_observations(&read(&dir.join(format!("{name}.txt")))?, &Split::Paragraphs);
        let reading = read_paragraphs(&paras).map_err(|e| CliError::Failed(e.to_string()))?;
        let s = score(&reading.built(), &truth);
        total += s;
        let mut row = figures(&s);
        row["passage"] = json!(name);
        rows.push(row);
        text.push(line(name, &s));
    }
    text.push(line("total", &total));
    emit(
        format,
        &json!({"passages": rows, "total": figures(&total)}),
        || text.join("\n"),
    );
    Ok(())
}
