//! `bench scale --rooms N [--seed S]`: default-semantics timings on a generated lattice map with
//! ~2 % injected errors.
//!
//! What each timing covers: `detect` = geometry from the history tree + every conflict rule;
//! `localize` = every conflict's LCA and the union of all candidates (bulk, without listing each
//! conflict's candidates); `score` = one Edge Impact Score ranking over that union (what the
//! heuristic walks); `replay` = rebuilding the map from its history with incremental detection
//! after every commit; `heuristic_remove` = the default-semantics heuristic under the paper's
//! budget (20 decisions, 3 attempts and 1 rollback per conflict) until the session ends;
//! `heuristic_remove_unbudgeted` = the same with no budget, until no single edit lowers the
//! count (run up to 2,000 rooms, or at any size with `--unbudgeted`: it makes thousands of
//! decisions, each one analysis).

use crate::args::{BenchScaleArgs, Format};
use crate::{emit, CliError};
use maprepair::domain::analysis::bulk::{localize_all, rank_union};
use maprepair::domain::analysis::{detect, Geometry, LiveDetector};
use maprepair::domain::lattice::lattice;
use maprepair::domain::repair::heuristic::{Heuristic, Preference};
use maprepair::domain::repair::{run as run_repair, Budget, RepairReport};
use maprepair::domain::{Analysis, Map};
use serde_json::{json, Value};
use std::time::Instant;

/// Above this many rooms the unbudgeted heuristic runs only when asked (`--unbudgeted`).
const UNBUDGETED_LIMIT: usize = 2_000;

#[allow(clippy::disallowed_methods)] // The CLI owns the clock.
fn time<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed().as_secs_f64())
}

fn outcome(r: &RepairReport) -> Value {
    json!({"before": r.before.total, "after": r.after.total, "decisions": r.actions.len()})
}

pub fn run(args: &BenchScaleArgs, format: Format) -> Result<(), CliError> {
    let rooms = usize::try_from(args.rooms)
        .map_err(|_| CliError::Usage("--rooms is too large for this machine".into()))?;
    let seed = args.seed;
    let (generated, build_s) = time(|| lattice(rooms, seed));
    let history = generated.history;
    let map: &Map = history.head();
    let ((geometry, conflicts), detect_s) = time(|| {
        let g = Geometry::infer(map);
        let c = detect(map, &g);
        (g, c)
    });
    let (bulk, localize_s) = time(|| localize_all(map, &geometry, &conflicts));
    let analysis = Analysis::from_parts(geometry, conflicts);
    let usage = history.usage();
    let (ranked, score_s) = time(|| {
        let counts = analysis.conflict_counts(map.exit_bound());
        rank_union(&analysis.geometry, &bulk, &counts, &usage)
    });
    let heuristic = {
        let mut h = history.clone();
        time(|| {
            run_repair(
                &mut h,
                &mut Heuristic::new(Preference::Remove),
                Budget::default(),
            )
        })
    };
    let unbudgeted = (rooms <= UNBUDGETED_LIMIT || args.unbudgeted).then(|| {
        let mut h = history.clone();
        let budget = Budget {
            decisions: usize::MAX,
            attempts_per_conflict: usize::MAX,
            rollbacks_per_conflict: 0,
        };
        time(|| run_repair(&mut h, &mut Heuristic::new(Preference::Remove), budget))
    });
    let ((replayed, peak), replay_s) = time(|| {
        let mut m = Map::new();
        let mut live = LiveDetector::new();
        let mut last = None;
        let mut peak = 0;
        for c in history.commits() {
            let _ = c.change.apply_unchecked(&mut m);
            let counts = live.observe(&m, &c.change);
            peak = peak.max(counts.total);
            last = Some(counts.total);
        }
        (last, peak)
    });
    let out = json!({
        "rooms": map.room_count(),
        "exits": map.exit_count(),
        "commits": history.len(),
        "injected_errors": generated.corrupted.len(),
        "conflicts": analysis.conflicts.len(),
        "candidates": ranked.len(),
        "replay_final_conflicts": replayed,
        "replay_peak_conflicts": peak,
        "heuristic_remove": outcome(&heuristic.0),
        "heuristic_remove_unbudgeted": unbudgeted.as_ref().map(|(r, _)| outcome(r)),
        "seconds": {
            "build": build_s,
            "detect": detect_s,
            "localize": localize_s,
            "score": score_s,
            "detect_localize_score": detect_s + localize_s + score_s,
            "heuristic_remove": heuristic.1,
            "heuristic_remove_unbudgeted": unbudgeted.as_ref().map(|(_, s)| *s),
            "replay": replay_s,
        },
        "note": if unbudgeted.is_none() { Value::from("the unbudgeted heuristic runs above 2,000 rooms only with --unbudgeted") } else { Value::Null },
    });
    emit(format, &out, || {
        serde_json::to_string_pretty(&out).unwrap_or_default()
    });
    Ok(())
}
