//! `bench mango --data DIR --strategy solver|heuristic-remove|heuristic-modify`: a repair
//! strategy in default semantics on the 53 LLM-built MANGO maps, judged against the ground
//! truth. Each map is built as a history whose commits carry the cleaned walkthrough text of the
//! step the model cited (`seen_in_forward`), the evidence the model had; totals are over the 42
//! games whose input has conflicts in the paper's (reference) count, as in Table 3.

use crate::args::Args;
use crate::bench_mango::games;
use crate::{emit, read, CliError};
use maprepair::domain::automap::clean::clean_walkthrough;
use maprepair::domain::eval::{exit_delta, score_map, PairRule, Score};
use maprepair::domain::formats::{parse_edge_list, parse_walkthrough};
use maprepair::domain::reference::load::load_llm_built;
use maprepair::domain::reference::Detector;
use maprepair::domain::repair::heuristic::{Heuristic, Preference};
use maprepair::domain::repair::solver::Solver;
use maprepair::domain::repair::{run as run_repair, Budget, Decider};
use maprepair::domain::{Analysis, Project};
use serde_json::{json, Map as JsonMap, Value};
use std::path::Path;

#[allow(clippy::disallowed_methods)] // The CLI owns the clock.
fn now() -> std::time::Instant {
    std::time::Instant::now()
}

fn metrics(s: &Score) -> Value {
    json!({"precision": s.edge_precision(), "recall": s.edge_recall(), "f1": s.edge_f1()})
}

pub fn run(args: &Args, strategy: &str) -> Result<(), CliError> {
    let data = Path::new(args.require("data")?);
    let mut rows = Vec::new();
    let (mut before_all, mut after_all) = (Score::default(), Score::default());
    let mut seconds_all = 0.0;
    for game in games(data)? {
        let dir = data.join("data_fixed").join(&game);
        let built_path = data.join("llm_built").join(format!("{game}_edges.json"));
        let built = parse_edge_list(&read(&built_path)?, &built_path.display().to_string())?;
        let truth_path = dir.join(format!("{game}.edges.json"));
        let truth = parse_edge_list(&read(&truth_path)?, &truth_path.display().to_string())?;
        let walk_path = dir.join(format!("{game}.walkthrough"));
        let steps = parse_walkthrough(&read(&walk_path)?, &walk_path.display().to_string())?;
        let cleaned = clean_walkthrough(&steps, &truth);
        let reference_conflicts = Detector::new().count(&load_llm_built(&built)).dir_topo();
        let start = now();
        let mut project = Project::from_edge_records_with_text(&game, &built, |step| {
            let s = cleaned.get(usize::try_from(step).ok()?)?;
            Some(format!("> {}\n{}", s.action, s.observation))
        });
        let input = project.history.head().clone();
        let mut decider: Box<dyn Decider> = match strategy {
            "solver" => Box::new(Solver::new()),
            "heuristic-remove" => Box::new(Heuristic::new(Preference::Remove)),
            "heuristic-modify" => Box::new(Heuristic::new(Preference::Modify)),
            other => return Err(CliError::Usage(format!("unknown strategy {other:?}"))),
        };
        let budget = if strategy == "solver" {
            Solver::budget()
        } else {
            Budget::default()
        };
        let report = run_repair(&mut project.history, decider.as_mut(), budget);
        let seconds = start.elapsed().as_secs_f64();
        let after = project.history.head();
        let (sb, sa) = (
            score_map(&truth, &input, PairRule::Closed),
            score_map(&truth, after, PairRule::Closed),
        );
        let delta = exit_delta(&truth, &input, after);
        let applied = report
            .actions
            .iter()
            .filter(|l| l.version.is_some())
            .count();
        let counted = reference_conflicts > 0;
        if counted {
            before_all += sb;
            after_all += sa;
            seconds_all += seconds;
        }
        rows.push(json!({
            "game": game,
            "in_table3": counted,
            "before": report.before,
            "after": Analysis::of(after).counts(),
            "eval_before": metrics(&sb),
            "eval_after": metrics(&sa),
            "correct_lost": delta.correct_lost,
            "wrong_fixed": delta.wrong_fixed,
            "wrong_removed": delta.wrong_removed,
            "actions": applied,
            "seconds": seconds,
        }));
    }
    let table3: Vec<&Value> = rows
        .iter()
        .filter(|r| r["in_table3"] == json!(true))
        .collect();
    let mut totals = JsonMap::new();
    for side in ["before", "after"] {
        let mut t = JsonMap::new();
        for k in ["direction", "topology", "naming", "total"] {
            t.insert(
                k.into(),
                json!(table3
                    .iter()
                    .map(|r| r[side][k].as_u64().unwrap_or(0))
                    .sum::<u64>()),
            );
        }
        totals.insert(side.into(), Value::Object(t));
    }
    for k in ["correct_lost", "wrong_fixed", "wrong_removed", "actions"] {
        totals.insert(
            k.into(),
            json!(table3
                .iter()
                .map(|r| r[k].as_u64().unwrap_or(0))
                .sum::<u64>()),
        );
    }
    totals.insert("eval_before".into(), metrics(&before_all));
    totals.insert("eval_after".into(), metrics(&after_all));
    totals.insert("games".into(), json!(table3.len()));
    totals.insert("seconds".into(), json!(seconds_all));
    let out =
        json!({"strategy": strategy, "semantics": "default", "games": rows, "totals": totals});
    emit(args, &out, || {
        let mut s = format!(
            "{:<14}{:>8}{:>8}{:>8}{:>8}{:>8}{:>8}\n",
            "game", "before", "after", "P0", "P1", "R0", "R1"
        );
        for r in &table3 {
            s.push_str(&format!(
                "{:<14}{:>8}{:>8}{:>8.3}{:>8.3}{:>8.3}{:>8.3}\n",
                r["game"].as_str().unwrap_or(""),
                r["before"]["total"].as_u64().unwrap_or(0),
                r["after"]["total"].as_u64().unwrap_or(0),
                r["eval_before"]["precision"].as_f64().unwrap_or(0.0),
                r["eval_after"]["precision"].as_f64().unwrap_or(0.0),
                r["eval_before"]["recall"].as_f64().unwrap_or(0.0),
                r["eval_after"]["recall"].as_f64().unwrap_or(0.0),
            ));
        }
        s.push_str(&format!(
            "TOTAL (42 Table 3 games): {}",
            Value::Object(totals.clone())
        ));
        s
    });
    Ok(())
}
