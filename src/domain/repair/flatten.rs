//! The solver's geometric pass: which exit to flatten (keep, but mark non-geometric) to
//! dissolve the most loops and overlaps per unit of the evidence it carries.
//!
//! Every observed geometric exit among the candidates of the topological conflicts is a choice;
//! its gain is the conflicts flattening it resolves ([`TrialJudge`], without copying the map)
//! over its evidence weight. The best gain wins; gains within [`TIE`] are equal, and of equal
//! gains the later exit wins (the one that came to close an older, settled lattice), judged in
//! candidate order as the pass always did.
//!
//! # Fewer judgements, the same choice
//! Judging a tree exit costs the smaller side of its cut, so the pass first bounds every
//! candidate's gain ([`FlattenBound`], O(1) each) and judges them best bound first, until no
//! bound left reaches the best gain found less [`MARGIN`]. Only those judged can be chosen:
//! a weight is a multiple of a quarter (or the floor 0.1) and a resolved count an integer, so
//! two gains that are not equal within [`TIE`] differ by far more than [`MARGIN`], and every
//! candidate whose gain ties the best was judged. The tie rule then runs over the judged ones
//! in candidate order, as it ran over all of them.

use crate::domain::analysis::{Analysis, ConflictType, Edit, FlattenBound, TrialJudge};
use crate::domain::map::{ExitId, Map, Origin};

/// Gains closer than this are equal (the pass's tie tolerance).
const TIE: f64 = 1e-12;

/// How far below the best gain found a bound may be and still be judged: far above [`TIE`]
/// (ties stay inside it) and far below the smallest difference between two unequal gains
/// (see the module docs).
const MARGIN: f64 = 1e-9;

/// The best exit to flatten on `map` (analysed as `analysis`) and the conflict count it
/// leaves, if any flattening lowers the count. `weight` is each exit's evidence weight, at
/// least 0.1.
pub fn best_flattening(
    map: &Map,
    analysis: &Analysis,
    weight: impl Fn(ExitId) -> f64,
) -> Option<(ExitId, usize)> {
    let before = analysis.conflicts.len();
    let judge = TrialJudge::new(map, &analysis.geometry);
    let bound = FlattenBound::new(map, &judge);
    // Candidates in order, each once, with its weight and its bound.
    let mut seen = rustc_hash::FxHashSet::default();
    let mut candidates: Vec<(ExitId, f64, f64)> = Vec::new();
    for (c, loc) in analysis.conflicts.iter().zip(analysis.localizations(map)) {
        if c.ctype != ConflictType::Topological {
            continue;
        }
        for &e in &loc.candidates {
            if !seen.insert(e) {
                continue;
            }
            let Some(exit) = map.exit(e) else { continue };
            if !exit.carries_geometry() || exit.origin != Origin::Observed {
                continue;
            }
            let w = weight(e).max(0.1);
            let most = bound.resolved_at_most(&judge, exit) as f64 / w;
            candidates.push((e, w, most));
        }
    }
    // Judge best bound first until no bound left reaches the best gain found.
    let mut by_bound: Vec<usize> = (0..candidates.len()).collect();
    by_bound.sort_by(|a, b| candidates[*b].2.total_cmp(&candidates[*a].2));
    let mut judged: Vec<Option<(f64, usize)>> = vec![None; candidates.len()];
    let mut top = f64::NEG_INFINITY;
    for i in by_bound {
        let (e, w, most) = candidates[i];
        if most < top - MARGIN {
            break;
        }
        let Some(delta) = judge.delta(&Edit::Flatten(e)) else {
            continue;
        };
        let after = usize::try_from(before as i64 + delta).unwrap_or(0);
        if after < before {
            let gain = (before - after) as f64 / w;
            top = top.max(gain);
            judged[i] = Some((gain, after));
        }
    }
    // The pass's rule, in candidate order, over those judged.
    let mut best: Option<(f64, ExitId, usize)> = None;
    for (&(e, _, _), j) in candidates.iter().zip(&judged) {
        let Some((gain, after)) = *j else { continue };
        let better =
            best.is_none_or(|(g, id, _)| gain > g + TIE || ((gain - g).abs() <= TIE && e > id));
        if better {
            best = Some((gain, e, after));
        }
    }
    best.map(|(_, e, after)| (e, after))
}
