//! `repair FILE --strategy heuristic-remove|heuristic-modify|solver [--semantics …] [--out FILE]
//! [--locations FILE] [--reading list|map|none] [--fill]`. The solver reads the transcript the
//! project's commits carry a second time ([`reread`]), naming rooms from the game's location
//! list (`list`, the default with `--locations`) or from the map's own names (`map`, the
//! default without); `none` leaves the second reading out. `--fill` then adds the ways that
//! reading shows and the map lacks ([`maprepair::domain::repair::solver::fill_in`]).

use crate::args::{Format, ReadingArg, RepairArgs, Strategy};
use crate::automap::load_hints;
use crate::check::{counts_json, ref_counts_json};
use crate::input::{load, Input};
use crate::{emit, CliError};
use maprepair::domain::automap::reread::{reread, reread_by_map_names};
use maprepair::domain::formats::write_map;
use maprepair::domain::reference::load::load_llm_built;
use maprepair::domain::reference::on_map::{
    carry_onto, graph_map, reference_graph_with_sources, Sources,
};
use maprepair::domain::reference::{
    heuristic_repair, HeuristicAction, HeuristicStrategy, RefGraph,
};
use maprepair::domain::repair::heuristic::{Heuristic, Preference};
use maprepair::domain::repair::solver::solve_and_fill;
use maprepair::domain::repair::{run as run_repair, Budget};
use maprepair::domain::{Analysis, Exit, Project, RoomId, Semantics};
use rustc_hash::FxHashMap;
use serde_json::{json, Value};

fn ref_action_json(g: &RefGraph, a: &HeuristicAction) -> Value {
    let edge = |(u, v): (u32, u32)| json!([g.name(u), g.name(v)]);
    match a {
        HeuristicAction::Modify {
            edge: e,
            from,
            to,
            reason,
        } => {
            json!({"action": "modify_edge", "edge": edge(*e), "from": from.to_string(), "new_direction": to.to_string(), "reason": reason})
        }
        HeuristicAction::Remove {
            edge: e,
            label,
            reason,
        } => {
            json!({"action": "remove_edge", "edge": edge(*e), "label": label.to_string(), "reason": reason})
        }
        HeuristicAction::Skip { reason } => json!({"action": "skip_conflict", "reason": reason}),
    }
}

pub fn run(args: &RepairArgs, format: Format) -> Result<(), CliError> {
    let input = load(&args.file)?;
    let write = args.out.is_some();
    // The default semantics repairs the input's own project (`repair` repairs a copy).
    let (out, written) = match Semantics::from(args.semantics) {
        Semantics::Reference => repair(&input, args, write)?,
        Semantics::Default => {
            let edge_list = matches!(input, Input::EdgeList { .. });
            repair_default(input.into_project(), edge_list, args, write)?
        }
    };
    if let (Some(dest), Some(written)) = (&args.out, written) {
        std::fs::write(dest, written)
            .map_err(|e| CliError::Failed(format!("{}: {e}", dest.display())))?;
    }
    emit(format, &out, || {
        let mut s = format!("before: {}\nafter:  {}\n", out["before"], out["after"]);
        for a in out["actions"].as_array().into_iter().flatten() {
            s.push_str(&format!(
                "  {} {} — {}\n",
                a["action"].as_str().unwrap_or(""),
                a.get("edge").unwrap_or(&Value::Null),
                a["reason"].as_str().unwrap_or("")
            ));
        }
        s.trim_end().to_string()
    });
    Ok(())
}

/// Repairs a loaded input as `args` ask: the JSON report, and, when `write` asks for it, the
/// repaired map in the input's format (what `--out` writes). In default semantics the map is
/// written only then: writing a 20,000-room lattice's edge list costs 0.23 G of the repair's
/// 5.26 G instructions (cachegrind; 0.79 G before the writer streamed its records), spent for
/// nothing without `--out`. The reference semantics always writes, since
/// carrying its fixes onto a project's history is where its errors show.
pub fn repair(
    input: &Input,
    args: &RepairArgs,
    write: bool,
) -> Result<(Value, Option<String>), CliError> {
    match Semantics::from(args.semantics) {
        Semantics::Reference => repair_reference(input, args, preference(args))
            .map(|(out, written)| (out, Some(written))),
        Semantics::Default => {
            let edge_list = matches!(input, Input::EdgeList { .. });
            repair_default(input.project().clone(), edge_list, args, write)
        }
    }
}

/// The heuristic's preference for the chosen strategy.
fn preference(args: &RepairArgs) -> Preference {
    match args.strategy {
        Strategy::HeuristicRemove => Preference::Remove,
        Strategy::HeuristicModify | Strategy::Solver => Preference::Modify,
    }
}

/// The paper's repair in reference semantics: on its graph, carried onto a project's history.
fn repair_reference(
    input: &Input,
    args: &RepairArgs,
    preference: Preference,
) -> Result<(Value, String), CliError> {
    // A project's graph remembers which exit each edge was read from, so the fixes can
    // be carried onto its history.
    let (g, sources) = match &input {
        Input::EdgeList { records, .. } => (load_llm_built(records), Sources::default()),
        Input::Project(p) => reference_graph_with_sources(p.history.head()),
    };
    let s = if preference == Preference::Remove {
        HeuristicStrategy::Remove
    } else {
        HeuristicStrategy::Modify
    };
    let outcome = heuristic_repair(&g, s, 20);
    let actions: Vec<Value> = outcome
        .actions
        .iter()
        .map(|a| ref_action_json(&outcome.graph, a))
        .collect();
    let out = json!({"semantics": "reference", "before": ref_counts_json(&g), "after": ref_counts_json(&outcome.graph), "actions": actions});
    let written = match input {
        // The repaired graph whole: its ways back and rooms left without exits included.
        Input::EdgeList { .. } => {
            let (map, steps) = graph_map(&outcome.graph);
            write_map(&map, |id| steps.get(id.0 as usize).map(|&s| i64::from(s)))
        }
        // The project with the fixes as commits: nothing else changes.
        Input::Project(p) => {
            let mut project = p.clone();
            carry_onto(&mut project.history, &g, &sources, &outcome.actions)
                .map_err(|e| CliError::Failed(format!("{}: {e}", args.file.display())))?;
            project.to_json()
        }
    };
    Ok((out, written))
}

/// Our repair in default semantics: the chosen strategy over `project`'s history (repaired in
/// place), each action with its exit's rooms as first recorded; `edge_list` says the input's
/// format, the one `write` writes the repaired map in.
fn repair_default(
    mut project: Project,
    edge_list: bool,
    args: &RepairArgs,
    write: bool,
) -> Result<(Value, Option<String>), CliError> {
    let strategy = args.strategy;
    let mut reading_use = None;
    let mut filled = None;
    let report = if strategy == Strategy::Solver {
        let locations = args.locations.as_deref();
        let default = if locations.is_some() {
            ReadingArg::List
        } else {
            ReadingArg::Map
        };
        let reading = match (args.reading.unwrap_or(default), locations) {
            (ReadingArg::None, _) => None,
            (ReadingArg::List, Some(file)) => {
                let hints = load_hints(Some(file), None)?;
                reread(&project.history, &hints.locations)
            }
            (ReadingArg::List, None) => {
                return Err(CliError::Usage(
                    "--reading list needs --locations FILE".into(),
                ))
            }
            (ReadingArg::Map, _) => reread_by_map_names(&project.history),
        };
        let (report, used, f) = solve_and_fill(&mut project.history, reading.as_ref(), args.fill);
        reading_use = used;
        filled = f;
        report
    } else {
        let mut decider = Heuristic::new(preference(args));
        run_repair(&mut project.history, &mut decider, Budget::default())
    };
    let map = project.history.head();
    // Each action's exit and its rooms as first recorded (the exit may be gone since).
    let mut first_exit: FxHashMap<u64, &Exit> = FxHashMap::default();
    let mut first_name: FxHashMap<RoomId, &str> = FxHashMap::default();
    for c in project.history.commits() {
        for e in c.change.removed_exits.iter().chain(&c.change.added_exits) {
            first_exit.entry(u64::from(e.id.0)).or_insert(e);
        }
        for r in &c.change.added_rooms {
            first_name.entry(r.id).or_insert(r.name.as_str());
        }
    }
    let actions: Vec<Value> = report
        .actions
        .iter()
        .map(|l| {
            let mut v = serde_json::to_value(&l.decision).unwrap_or(Value::Null);
            if let Some(obj) = v.as_object_mut() {
                obj.insert("conflict".into(), json!(l.conflict));
                obj.insert("summary".into(), json!(l.summary));
                obj.insert("version".into(), json!(l.version));
                let exit = obj.get("exit").and_then(Value::as_u64);
                if let Some(e) = exit.and_then(|x| first_exit.get(&x)) {
                    let name = |r| first_name.get(&r).copied();
                    obj.insert("edge".into(), json!([name(e.from), name(e.to)]));
                }
            }
            v
        })
        .collect();
    let mut out = json!({"semantics": "default", "before": report.before, "after": counts_json(&Analysis::of(map)), "actions": actions, "commits": project.history.len()});
    if let Some(used) = reading_use {
        out["second_reading"] = json!(used);
    }
    if let Some(f) = filled {
        out["filled"] = json!(f);
    }
    let written = write.then(|| {
        if edge_list {
            project.to_edge_list()
        } else {
            project.to_json()
        }
    });
    Ok((out, written))
}
