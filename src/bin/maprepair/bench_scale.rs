//! `bench scale --rooms N [--seed S]`: default-semantics timings on a generated lattice map with
//! ~2 % injected errors: detection, localization of every conflict, scoring of every conflict's
//! candidates, heuristic_remove to completion, and replaying the history with detection after
//! every commit.

use crate::args::Args;
use crate::{emit, CliError};
use maprepair::domain::analysis::{detect, localize, Geometry};
use maprepair::domain::lattice::lattice;
use maprepair::domain::repair::heuristic::{Heuristic, Preference};
use maprepair::domain::repair::{run as run_repair, Budget};
use maprepair::domain::{Analysis, Map};
use serde_json::{json, Value};
use std::time::Instant;

/// Above this many rooms the steps that are still quadratic are not run (reported as null).
const QUADRATIC_LIMIT: usize = 2_000;

#[allow(clippy::disallowed_methods)] // The CLI owns the clock.
fn time<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed().as_secs_f64())
}

pub fn run(args: &Args) -> Result<(), CliError> {
    let rooms: usize = args.number("rooms", 1000)?;
    let seed: u64 = args.number("seed", 0)?;
    if rooms == 0 {
        return Err(CliError::Usage("--rooms must be at least 1".into()));
    }
    let (generated, build_s) = time(|| lattice(rooms, seed));
    let history = generated.history;
    let map: &Map = history.head();
    let ((geometry, conflicts), detect_s) = time(|| {
        let g = Geometry::infer(map);
        let c = detect(map, &g);
        (g, c)
    });
    let (localizations, localize_s) = time(|| {
        conflicts
            .iter()
            .map(|c| localize(map, &geometry, c))
            .collect::<Vec<_>>()
    });
    let analysis = Analysis {
        geometry,
        conflicts,
        localizations,
    };
    let usage = history.usage();
    let (ranked, score_s) = time(|| analysis.ranked_all(map, &usage));
    let heuristic = if rooms <= QUADRATIC_LIMIT {
        let mut h = history.clone();
        let budget = Budget {
            decisions: usize::MAX,
            attempts_per_conflict: usize::MAX,
            rollbacks_per_conflict: 0,
        };
        let (report, s) =
            time(|| run_repair(&mut h, &mut Heuristic::new(Preference::Remove), budget));
        Some((report, s))
    } else {
        None
    };
    let replay_s = (rooms <= QUADRATIC_LIMIT).then(|| {
        time(|| {
            let mut m = Map::new();
            let mut total = 0usize;
            for c in history.commits() {
                let _ = c.change.apply_unchecked(&mut m);
                total += detect(&m, &Geometry::infer(&m)).len();
            }
            total
        })
        .1
    });
    let out = json!({
        "rooms": map.room_count(),
        "exits": map.exit_count(),
        "commits": history.len(),
        "injected_errors": generated.corrupted.len(),
        "conflicts": analysis.conflicts.len(),
        "candidates_ranked": ranked.iter().map(Vec::len).sum::<usize>(),
        "heuristic_remove": heuristic.as_ref().map(|(r, _)| json!({"before": r.before.total, "after": r.after.total, "decisions": r.actions.len()})),
        "seconds": {
            "build": build_s,
            "detect": detect_s,
            "localize": localize_s,
            "score": score_s,
            "heuristic_remove": heuristic.as_ref().map(|(_, s)| *s),
            "replay": replay_s,
        },
        "note": if rooms > QUADRATIC_LIMIT { Value::from("heuristic_remove and replay are still a full re-detection per step; not run above 2,000 rooms") } else { Value::Null },
    });
    emit(args, &out, || {
        serde_json::to_string_pretty(&out).unwrap_or_default()
    });
    Ok(())
}
