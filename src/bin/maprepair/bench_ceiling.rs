//! `bench ceiling --data DIR [--verbose]`: the best a mapper can do on MANGO's cleaned
//! walkthroughs ([`maprepair::domain::automap::ceiling`]). Per game: the kept moves, those that
//! restart away from where the previous kept step left the player, those of them nothing in the
//! kept text tells (untold), and the scores of the map the kept text equally supports (the truth
//! with each untold restart started at its continuation): node recall, edge precision, recall
//! and F1 as `eval` computes them, and route finding on MANGO's questions as `bench routes`
//! does; and the truth's rooms no kept move arrives in (unshown: only the location list can
//! name them). `--verbose` lists every restart with what tells it, and the unshown rooms.

use crate::args::{BenchCeilingArgs, Format};
use crate::bench_routes::{ask, data_fixed, Tally};
use crate::games::{game_file, games, truth};
use crate::{emit, read, CliError};
use maprepair::domain::automap::ceiling::{ceiling, Ceiling};
use maprepair::domain::eval::{score, truth_map, PairRule, Score};
use maprepair::domain::formats::parse_walkthrough;
use maprepair::domain::Project;
use serde_json::{json, Value};

/// Per-game counts.
#[derive(Debug, Clone, Copy, Default)]
struct Counts {
    kept: usize,
    restarts: usize,
    untold: usize,
    unshown: usize,
}

pub fn run(args: &BenchCeilingArgs, format: Format) -> Result<(), CliError> {
    let gt = data_fixed(&args.data);
    let verbose = args.verbose;
    let mut rows = Vec::new();
    let (mut all, mut all_score, mut all_routes) =
        (Counts::default(), Score::default(), Tally::default());
    for game in games(&gt)? {
        let t = truth(&gt, &game)?;
        let wpath = game_file(&gt, &game, "walkthrough");
        let raw = parse_walkthrough(&read(&wpath)?, &wpath.display().to_string())?;
        let c = ceiling(&t, &raw);
        let counts = Counts {
            kept: c.kept_moves,
            restarts: c.restarts.len(),
            untold: c.untold().count(),
            unshown: c.unshown.len(),
        };
        let sc = score(&t, &c.alternative, PairRule::Closed);
        let alternative = Project::from_edge_records(&game, &c.alternative);
        let [pairs, _, _] =
            ask(&gt, &game, &truth_map(&t), alternative.history.head(), &[])?.tallies;
        let mut row = json!({
            "game": game,
            "kept_moves": counts.kept,
            "restarts": counts.restarts,
            "untold": counts.untold,
            "unshown": counts.unshown,
            "alternative": sc.to_json(),
            "route_finding_pairs": pairs.json(),
        });
        if verbose {
            row["restart_steps"] = restart_steps(&c);
            row["unshown_rooms"] = json!(c.unshown);
        }
        rows.push((game.clone(), row, counts, sc, pairs));
        all.kept += counts.kept;
        all.restarts += counts.restarts;
        all.untold += counts.untold;
        all.unshown += counts.unshown;
        all_score += sc;
        all_routes.add(pairs);
    }
    let out = json!({
        "games": rows.iter().map(|r| r.1.clone()).collect::<Vec<Value>>(),
        "total": {
            "kept_moves": all.kept,
            "restarts": all.restarts,
            "untold": all.untold,
            "unshown": all.unshown,
            "shown_node_recall": shown_recall(&all, &all_score),
            "alternative": all_score.to_json(),
            "route_finding_pairs": all_routes.json(),
        },
    });
    emit(format, &out, || {
        text_table(&rows, &all, &all_score, &all_routes)
    });
    Ok(())
}

/// Node recall of a map that names every room a kept move arrives in and no other.
fn shown_recall(c: &Counts, sc: &Score) -> f64 {
    if sc.truth_nodes == 0 {
        0.0
    } else {
        (sc.truth_nodes - c.unshown.min(sc.truth_nodes)) as f64 / sc.truth_nodes as f64
    }
}

/// Every restart of the kept walkthrough, with the text that tells it (`--verbose`).
fn restart_steps(c: &Ceiling) -> Value {
    c.restarts
        .iter()
        .map(|r| {
            json!({
                "step": r.step,
                "continuation": r.continuation,
                "start": r.start,
                "action": r.action,
                "end": r.end,
                "told_by": r.tells.iter().map(|t| t.as_str()).collect::<Vec<_>>(),
            })
        })
        .collect::<Vec<Value>>()
        .into()
}

/// One row per game and the total, then what each column means.
fn text_table(
    rows: &[(String, Value, Counts, Score, Tally)],
    all: &Counts,
    all_score: &Score,
    all_routes: &Tally,
) -> String {
    let line = |name: &str, c: &Counts, sc: &Score, r: &Tally| {
        format!(
            "{name:<14}{:>6}{:>9}{:>7}{:>8}{:>7.3}{:>7.3}{:>7.3}{:>7.3}{:>8.3}\n",
            c.kept,
            c.restarts,
            c.untold,
            c.unshown,
            sc.node_recall(),
            sc.edge_precision(),
            sc.edge_recall(),
            sc.edge_f1(),
            r.rate()
        )
    };
    let mut s = format!(
        "{:<14}{:>6}{:>9}{:>7}{:>8}{:>7}{:>7}{:>7}{:>7}{:>8}\n",
        "game", "kept", "restarts", "untold", "unshown", "nodeR", "P", "R", "F1", "routes"
    );
    for (name, _, c, sc, r) in rows {
        s.push_str(&line(name, c, sc, r));
    }
    s.push_str(&line("TOTAL", all, all_score, all_routes));
    let shown = shown_recall(all, all_score);
    s.push_str(&format!(
        "kept = kept moves of the cleaned walkthroughs; restarts = those that start away from \
         where the previous kept step left the player; untold = restarts nothing in the kept \
         text tells; unshown = rooms of the truth no kept move arrives in (a mapper naming \
         only rooms the text shows reaches node recall {shown:.3}).\nnodeR…F1, routes: the map the kept text equally supports (every untold \
         restart started where the previous step left the player) scored on the truth as \
         `eval` and `bench routes` score a built map: the best a mapper reaches without \
         guessing those starts (it counts the unshown rooms found)",
    ));
    s
}
