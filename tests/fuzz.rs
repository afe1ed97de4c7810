//! The fuzz target (`maprepair fuzz`, [its module docs](../src/bin/maprepair/fuzz.rs)): mutated
//! real inputs to every parser and, in-process, to the commands, failing on a panic, a broken
//! round trip, or an input over 10 s or 1 GB. A small budget here; the large one on demand:
//! `cargo test --release --test fuzz -- --ignored` (1,000,000 inputs).
#![allow(clippy::unwrap_used)] // Tests fail loudly by design.

use std::path::PathBuf;
use std::process::Command;

/// Runs the fuzzer with `inputs` inputs, the fuzz reproducers and the LLM-built maps as extra
/// seeds when `../shared` is there, and returns its JSON report.
fn fuzz(inputs: u64, commands_every: u64) -> serde_json::Value {
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared");
    let findings = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz-findings");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_maprepair"));
    cmd.args(["fuzz", "--format", "json", "--inputs", &inputs.to_string()])
        .args(["--commands-every", &commands_every.to_string()])
        .arg("--findings")
        .arg(&findings);
    for dir in ["fuzz-repros", "mango/llm_built"] {
        if shared.join(dir).is_dir() {
            cmd.arg("--seeds").arg(shared.join(dir));
        } else {
            eprintln!(
                "SKIPPED: {} is absent; built-in seeds only",
                shared.join(dir).display()
            );
        }
    }
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    eprintln!("{report}");
    report
}

#[test]
fn mutated_inputs_never_panic_break_a_round_trip_or_run_away() {
    let r = fuzz(600, 60);
    assert_eq!(r["inputs"], 600);
    assert_eq!(r["parser_calls"], 6_000);
    assert_eq!(r["command_inputs"], 10);
    for key in ["panics", "round_trips_broken", "over_time", "over_memory"] {
        assert_eq!(r[key], 0, "{key}");
    }
}

#[test]
#[ignore = "the large budget: run with --release -- --ignored"]
fn a_million_mutated_inputs_never_panic_or_run_away() {
    let r = fuzz(1_000_000, 50);
    for key in ["panics", "round_trips_broken", "over_time", "over_memory"] {
        assert_eq!(r[key], 0, "{key}");
    }
}
