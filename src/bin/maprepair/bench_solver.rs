//! `bench mango --data DIR --strategy solver|heuristic-remove|heuristic-modify`: a repair
//! strategy in default semantics on the 53 LLM-built MANGO maps, judged against the ground
//! truth. Each map is built as a history whose commits carry the cleaned walkthrough text of the
//! step the model cited (`seen_in_forward`), the evidence the model had; totals are over the 42
//! games whose input has conflicts in the paper's (reference) count, as in Table 3. The solver
//! runs to the end ([`solve`]); the heuristics under the paper's budget.
//!
//! `--out DIR` writes each repaired map as `DIR/<game>_edges.json` (for `bench routes --built`).
//!
//! `--verbose` adds, per game, every repair edit judged against the truth (`edits`: what was
//! done to which exit, whether the truth confirmed that exit, the reason), and to the totals the
//! maps scored as the app shows them (`shown_before`, `shown_after`: every exit on the map,
//! inferred ways back included and nothing closed).

use crate::args::{BenchMangoArgs, Format, ReadingArg, Strategy};
use crate::automap::load_hints;
use crate::bench_mango::games;
use crate::{emit, read, CliError};
use maprepair::domain::automap::clean::clean_walkthrough;
use maprepair::domain::automap::reread::{reread, reread_by_map_names};
use maprepair::domain::eval::{exit_delta, score_map, score_sets, PairRule, PairSet, Score};
use maprepair::domain::formats::{parse_edge_list, parse_walkthrough};
use maprepair::domain::history::{History, Trigger};
use maprepair::domain::map::{Exit, Map, RoomId};
use maprepair::domain::reference::load::load_llm_built;
use maprepair::domain::reference::Detector;
use maprepair::domain::repair::heuristic::{Heuristic, Preference};
use maprepair::domain::repair::solver::{solve_and_fill, Filled, ReadingUse};
use maprepair::domain::repair::{run as run_repair, Budget, RepairReport};
use maprepair::domain::{Analysis, Project};
use serde_json::{json, Map as JsonMap, Value};

#[allow(clippy::disallowed_methods)] // The CLI owns the clock.
fn now() -> std::time::Instant {
    std::time::Instant::now()
}

fn metrics(s: &Score) -> Value {
    json!({"precision": s.edge_precision(), "recall": s.edge_recall(), "f1": s.edge_f1()})
}

/// A map scored as the app shows it: every exit on it, observed or inferred, and nothing else
/// (no closure), against the truth closed under compass reverses.
fn score_shown(truth: &[maprepair::domain::formats::EdgeRecord], map: &Map) -> Score {
    let records: Vec<maprepair::domain::formats::EdgeRecord> = map
        .exits()
        .filter_map(|e| {
            Some(maprepair::domain::formats::EdgeRecord {
                src: map.room(e.from)?.name.clone(),
                dst: map.room(e.to)?.name.clone(),
                action: e.label.to_string(),
                seen_in_forward: None,
                seen_in_reversed: None,
                extra: Default::default(),
            })
        })
        .collect();
    score_sets(
        &PairSet::from_records(truth, PairRule::Closed),
        &PairSet::from_records(&records, PairRule::Exp14),
    )
}

/// Every repair commit of `history`, judged against the truth (for `--verbose`): what was done
/// to which exit, whether the truth confirmed that exit, and the reason given.
fn explain(truth: &[maprepair::domain::formats::EdgeRecord], history: &History) -> Value {
    let t = PairSet::from_records(truth, PairRule::Closed);
    let map = history.head();
    let name = |r: RoomId| {
        map.room(r)
            .map_or_else(String::new, |r| r.name.to_lowercase())
    };
    let confirmed = |e: &Exit| {
        t.pairs
            .get(&(name(e.from), name(e.to)))
            .is_some_and(|l| l.contains(&e.label.as_str().to_lowercase()))
    };
    let mut out = Vec::new();
    for c in history.commits() {
        if c.trigger != Trigger::ConflictRepair {
            continue;
        }
        let Some(old) = c.change.removed_exits.first() else {
            continue;
        };
        let kind = match c.change.added_exits.iter().find(|e| e.id == old.id) {
            None => "remove".to_string(),
            Some(new) if new.label != old.label => format!("relabel {}", new.label),
            Some(new) if new.from != old.from => format!("move start to {}", name(new.from)),
            Some(_) => "non_geometric".to_string(),
        };
        out.push(json!({
            "edit": kind,
            "exit": format!("{} -{}-> {}", name(old.from), old.label, name(old.to)),
            "origin": format!("{:?}", old.origin),
            "correct": confirmed(old),
            "reason": c.analysis,
        }));
    }
    Value::Array(out)
}

pub fn run(args: &BenchMangoArgs, strategy: Strategy, format: Format) -> Result<(), CliError> {
    let data = args.data.as_path();
    let out_dir = args.out.as_deref();
    if let Some(dir) = out_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Failed(format!("{}: {e}", dir.display())))?;
    }
    let mut rows = Vec::new();
    let (mut before_all, mut after_all) = (Score::default(), Score::default());
    let mut seconds_all = 0.0;
    let (mut shown_before, mut shown_after) = (Score::default(), Score::default());
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
        let mut project = Project::from_edge_records_over_steps(&game, &built, &cleaned);
        let input = project.history.head().clone();
        let (report, reading_use, filled) = repair_game(args, strategy, &dir, &game, &mut project)?;
        let seconds = start.elapsed().as_secs_f64();
        if let Some(dir) = out_dir {
            let path = dir.join(format!("{game}_edges.json"));
            std::fs::write(&path, project.to_edge_list())
                .map_err(|e| CliError::Failed(format!("{}: {e}", path.display())))?;
        }
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
        if counted && args.verbose {
            shown_before += score_shown(&truth, &input);
            shown_after += score_shown(&truth, after);
        }
        let edits = if args.verbose {
            explain(&truth, &project.history)
        } else {
            Value::Null
        };
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
            "second_reading": reading_use,
            "filled": filled,
            "edits": edits,
        }));
    }
    let table3: Vec<&Value> = rows
        .iter()
        .filter(|r| r["in_table3"] == json!(true))
        .collect();
    let mut totals = summed(&table3, args.fill);
    totals.insert("eval_before".into(), metrics(&before_all));
    totals.insert("eval_after".into(), metrics(&after_all));
    if args.verbose {
        totals.insert("shown_before".into(), metrics(&shown_before));
        totals.insert("shown_after".into(), metrics(&shown_after));
    }
    totals.insert("games".into(), json!(table3.len()));
    totals.insert("seconds".into(), json!(seconds_all));
    let out = json!({"strategy": strategy.as_str(), "semantics": "default", "games": rows, "totals": totals});
    emit(format, &out, || text_table(&table3, &totals));
    Ok(())
}

/// Repairs one game's map with `strategy`: the report, how the solver's second reading was
/// used and what its gap filling added (both `None` for the heuristics).
fn repair_game(
    args: &BenchMangoArgs,
    strategy: Strategy,
    dir: &std::path::Path,
    game: &str,
    project: &mut Project,
) -> Result<(RepairReport, Option<ReadingUse>, Option<Filled>), CliError> {
    Ok(match strategy {
        Strategy::Solver => {
            let reading = match args.reading {
                ReadingArg::List => {
                    // The game's `locations.json` (no names when it is absent).
                    let list = dir.join(format!("{game}.locations.json"));
                    let hints = load_hints(list.is_file().then_some(list.as_path()), None)?;
                    reread(&project.history, &hints.locations)
                }
                ReadingArg::Map => reread_by_map_names(&project.history),
                ReadingArg::None => None,
            };
            solve_and_fill(&mut project.history, reading.as_ref(), args.fill)
        }
        Strategy::HeuristicRemove | Strategy::HeuristicModify => {
            let preference = if strategy == Strategy::HeuristicRemove {
                Preference::Remove
            } else {
                Preference::Modify
            };
            let mut decider = Heuristic::new(preference);
            let report = run_repair(&mut project.history, &mut decider, Budget::default());
            (report, None, None)
        }
    })
}

/// The counts of the Table 3 games' rows summed: conflicts before and after by kind, what gap
/// filling did (with `fill`), and the exits' fates.
fn summed(table3: &[&Value], fill: bool) -> JsonMap<String, Value> {
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
    if fill {
        for k in ["gaps", "added", "held_back"] {
            totals.insert(
                format!("filled_{k}"),
                json!(table3
                    .iter()
                    .map(|r| r["filled"][k].as_u64().unwrap_or(0))
                    .sum::<u64>()),
            );
        }
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
    totals
}

/// The per-game table `bench mango` prints, then the totals' JSON.
fn text_table(table3: &[&Value], totals: &JsonMap<String, Value>) -> String {
    let mut s = format!(
        "{:<14}{:>8}{:>8}{:>8}{:>8}{:>8}{:>8}\n",
        "game", "before", "after", "P0", "P1", "R0", "R1"
    );
    for r in table3 {
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
}
