//! The synthetic suites measured in the default semantics
//! (`domain::synth::default_semantics`), pinned so that a change to the default detector,
//! localization, scoring or repair loop shows up here. The reference-semantics halves, which
//! must equal the authors' stored results, are in `tests/synth_reference.rs`.
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use maprepair::domain::reference::HeuristicStrategy;
use maprepair::domain::synth::default_semantics::{convert, DefaultSemantics};
use maprepair::domain::synth::suites::{lca_suite, table1, SuiteSemantics};
use maprepair::domain::synth::{make_synthetic, ErrorMix, ErrorType, Family};
use maprepair::domain::Analysis;

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

#[test]
fn lca_suite_in_default_semantics() {
    let s = lca_suite(&mut DefaultSemantics::new());
    let c = s.counts;
    assert_eq!(
        [c.all, c.direction, c.topology, c.naming],
        [1157.0, 390.0, 390.0, 377.0]
    );
    let r = s.reduction_pct;
    assert_eq!(
        [r.all, r.direction, r.topology, r.naming].map(round2),
        [83.78, 84.64, 89.95, 76.52]
    );
    let k = s.retention_pct;
    assert_eq!(
        [k.all, k.direction, k.topology, k.naming].map(round2),
        [84.16, 100.0, 100.0, 51.38]
    );
}

#[test]
fn table1_in_default_semantics() {
    let t = table1(&mut DefaultSemantics::new());
    // One direction error is a duplicated label plus the loop it cannot close: 2 conflicts each.
    for c in &t.initial_conflicts {
        match c.err_type {
            ErrorType::Direction => assert_eq!(c.conflicts, 2 * c.k, "{c:?}"),
            _ => assert!(c.conflicts >= c.k && c.conflicts <= 2 * c.k, "{c:?}"),
        }
    }
    let free: Vec<usize> = t.cf_rate.iter().map(|r| r.conflict_free).collect();
    // (direction, 4), (direction, 8), (topology, 4), (topology, 8); remove then modify.
    assert_eq!(free, [20, 18, 20, 15, 20, 20, 20, 20]);
}

/// The conversion keeps every room and edge, and a ground truth is conflict-free.
#[test]
fn generated_ground_truths_are_conflict_free_in_default_semantics() {
    for (family, size) in [(Family::Tree, 4), (Family::Grid, 5), (Family::Random, 60)] {
        for seed in 0..5 {
            let spec = make_synthetic(family, size, ErrorMix::default(), seed, 3);
            let conv = convert(&spec.ground_truth);
            let map = conv.history.head();
            assert_eq!(map.room_count(), spec.ground_truth.node_count());
            assert_eq!(map.exit_count(), spec.ground_truth.edge_count());
            assert!(Analysis::of(map).conflicts.is_empty(), "{family:?} {seed}");
        }
    }
}

#[test]
fn heuristic_repair_runs_the_default_loop() {
    let spec = make_synthetic(
        Family::Random,
        60,
        ErrorMix::only(ErrorType::Direction, 4),
        0,
        3,
    );
    let mut d = DefaultSemantics::new();
    assert_eq!(d.conflict_count(&spec.graph), 8);
    assert_eq!(
        d.heuristic_remaining(&spec.graph, HeuristicStrategy::Remove, 20),
        0
    );
}
