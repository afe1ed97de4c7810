//! `bench synth --suite lca|table1 [--verbose]`: the paper's synthetic suites.
//!
//! * `lca`: the 1,160-graph localization study (exp01): mean candidate reduction and truth
//!   retention, overall and per error type. `--verbose` adds every row to the JSON.
//! * `table1`: the 80 Table 1 inputs' initial conflict counts and the conflict-free rates of
//!   heuristic_remove / heuristic_modify with 95 % Wilson intervals (percentages).
//!   `--verbose` adds every heuristic run's remaining conflict count.
//!
//! Each suite is reported under `"reference"` (the authors' semantics) and `"default"` (the
//! app's consistent semantics, `maprepair::domain::synth::default_semantics`): the same
//! generated graphs, measured by each semantics' own detector, localization, scoring and
//! heuristic repair loop.

use crate::args::{BenchSynthArgs, Format, Suite};
use crate::{emit, CliError};
use maprepair::domain::synth::default_semantics::DefaultSemantics;
use maprepair::domain::synth::suites::{
    lca_suite, strategy_name, table1, LcaRow, LcaSuite, PerType, ReferenceSemantics, Table1,
};
use serde_json::{json, Value};

fn per_type(p: &PerType) -> Value {
    json!({ "all": p.all, "direction": p.direction, "topology": p.topology, "naming": p.naming })
}

fn row_json(r: &LcaRow) -> Value {
    json!({
        "family": r.family.as_str(),
        "size": r.size,
        "err_type": r.err_type.as_str(),
        "seed": r.seed,
        "num_nodes": r.num_nodes,
        "num_primary_edges": r.num_primary_edges,
        "num_candidates": r.num_candidates,
        "reduction": r.reduction,
        "num_errors_injected": r.num_errors_injected,
        "truth_in_lca_fraction": r.truth_in_lca_fraction,
        "rank_of_truth": r.rank_of_truth,
        "rank_of_truth_pct": r.rank_of_truth_pct,
        "num_conflicts": r.num_conflicts,
    })
}

/// The JSON of one LCA suite run: the contract keys (`graphs`, `reduction_pct`,
/// `retention_pct`) plus `median_rank_of_truth`, `graphs_per_type` and, with `rows`, `rows`.
pub fn lca_json(suite: &LcaSuite, rows: bool) -> Value {
    let mut v = json!({
        "graphs": suite.rows.len(),
        "reduction_pct": per_type(&suite.reduction_pct),
        "retention_pct": per_type(&suite.retention_pct),
        "median_rank_of_truth": per_type(&suite.median_rank),
        "graphs_per_type": {
            "all": suite.counts.all as u64, "direction": suite.counts.direction as u64,
            "topology": suite.counts.topology as u64, "naming": suite.counts.naming as u64,
        },
    });
    if rows {
        v["rows"] = Value::Array(suite.rows.iter().map(row_json).collect());
    }
    v
}

/// The JSON of one Table 1 run: `initial_conflicts` and `cf_rate` (rates in percent), plus
/// `conflict_free` and `runs` per rate and, with `runs`, every run's `conflicts_after` under
/// `"runs"`.
pub fn table1_json(t: &Table1, runs: bool) -> Value {
    let mut v = json!({
        "initial_conflicts": t.initial_conflicts.iter().map(|c| json!({
            "err_type": c.err_type.as_str(), "k": c.k, "seed": c.seed, "conflicts": c.conflicts,
        })).collect::<Vec<_>>(),
        "cf_rate": t.cf_rate.iter().map(|r| json!({
            "err_type": r.err_type.as_str(), "k": r.k, "strategy": strategy_name(r.strategy),
            "rate": r.rate, "ci_low": r.ci_low, "ci_high": r.ci_high,
            "conflict_free": r.conflict_free, "runs": r.runs,
        })).collect::<Vec<_>>(),
    });
    if runs {
        v["runs"] = Value::Array(
            t.runs
                .iter()
                .map(|r| {
                    json!({
                        "err_type": r.err_type.as_str(), "k": r.k, "seed": r.seed,
                        "strategy": strategy_name(r.strategy), "conflicts_after": r.conflicts_after,
                    })
                })
                .collect(),
        );
    }
    v
}

fn lca_text(suite: &LcaSuite, semantics: &str, seconds: f64) -> String {
    let p = |x: &PerType| [x.all, x.direction, x.topology, x.naming];
    let (n, red, ret, med) = (
        p(&suite.counts),
        p(&suite.reduction_pct),
        p(&suite.retention_pct),
        p(&suite.median_rank),
    );
    let mut s = format!(
        "{:<11}{:>8}{:>13}{:>13}{:>13}\n",
        "err_type", "graphs", "reduction %", "retention %", "median rank"
    );
    for (i, name) in ["all", "direction", "topology", "naming"]
        .iter()
        .enumerate()
    {
        s.push_str(&format!(
            "{:<11}{:>8}{:>13.2}{:>13.2}{:>13}\n",
            name, n[i], red[i], ret[i], med[i]
        ));
    }
    s.push_str(&format!("{semantics} semantics; {seconds:.2} s"));
    s
}

fn table1_text(t: &Table1, semantics: &str, seconds: f64) -> String {
    let mut s = String::from("initial conflicts (full detector), seeds 0-19\n");
    for cell in t.initial_conflicts.chunks(20) {
        if let Some(first) = cell.first() {
            let counts: Vec<String> = cell.iter().map(|c| c.conflicts.to_string()).collect();
            let (lo, hi) = cell.iter().fold((usize::MAX, 0), |(lo, hi), c| {
                (lo.min(c.conflicts), hi.max(c.conflicts))
            });
            s.push_str(&format!(
                "{:<10} k={:<2} {lo}-{hi}: {}\n",
                first.err_type.as_str(),
                first.k,
                counts.join(" ")
            ));
        }
    }
    s.push_str(&format!(
        "\n{:<10}{:>4}  {:<17}{:>8}{:>10}{:>14}\n",
        "err_type", "k", "strategy", "CF", "CF %", "95% Wilson"
    ));
    for r in &t.cf_rate {
        s.push_str(&format!(
            "{:<10}{:>4}  {:<17}{:>5}/{:<2}{:>10.1}{:>9.0}-{:.0}\n",
            r.err_type.as_str(),
            r.k,
            strategy_name(r.strategy),
            r.conflict_free,
            r.runs,
            r.rate,
            r.ci_low,
            r.ci_high
        ));
    }
    s.push_str(&format!("{semantics} semantics; {seconds:.2} s"));
    s
}

/// Runs `bench synth`: `--suite lca` (default) or `--suite table1`, in both semantics.
#[allow(clippy::disallowed_methods)] // The CLI is the clock's owner; the core never reads it.
pub fn run(args: &BenchSynthArgs, format: Format) -> Result<(), CliError> {
    let verbose = args.verbose;
    match args.suite {
        Suite::Lca => {
            let start = std::time::Instant::now();
            let reference = lca_suite(&mut ReferenceSemantics::new());
            let ref_seconds = start.elapsed().as_secs_f64();
            let start = std::time::Instant::now();
            let default = lca_suite(&mut DefaultSemantics::new());
            let def_seconds = start.elapsed().as_secs_f64();
            let mut r = lca_json(&reference, verbose);
            r["seconds"] = json!(ref_seconds);
            let mut d = lca_json(&default, verbose);
            d["seconds"] = json!(def_seconds);
            let out = json!({ "reference": r, "default": d });
            emit(format, &out, || {
                format!(
                    "{}\n\n{}",
                    lca_text(&reference, "reference", ref_seconds),
                    lca_text(&default, "default", def_seconds)
                )
            });
            Ok(())
        }
        Suite::Table1 => {
            let start = std::time::Instant::now();
            let reference = table1(&mut ReferenceSemantics::new());
            let ref_seconds = start.elapsed().as_secs_f64();
            let start = std::time::Instant::now();
            let default = table1(&mut DefaultSemantics::new());
            let def_seconds = start.elapsed().as_secs_f64();
            let mut r = table1_json(&reference, verbose);
            r["seconds"] = json!(ref_seconds);
            let mut d = table1_json(&default, verbose);
            d["seconds"] = json!(def_seconds);
            let out = json!({ "reference": r, "default": d });
            emit(format, &out, || {
                format!(
                    "{}\n\n{}",
                    table1_text(&reference, "reference", ref_seconds),
                    table1_text(&default, "default", def_seconds)
                )
            });
            Ok(())
        }
    }
}
