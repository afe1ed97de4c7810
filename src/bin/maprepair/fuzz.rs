//! `fuzz --inputs N [--seed S] [--seeds DIR]… [--commands-every K] [--findings DIR]`: the front
//! door under attack. Mutated real inputs (byte flips, truncation, deleted and doubled lines,
//! splices, JSON type swaps and huge or negative ids, deep nesting, long runs, NUL bytes,
//! invalid UTF-8, byte-order marks, CRLF, markup and right-to-left names) go to every parser —
//! the decoder, walkthroughs, transcripts, edge lists, projects, opening any file, the LLM
//! reply and provider-response parsers — and every K-th one to the commands in-process (`check`
//! in both semantics, `repair` with each strategy, its written map re-read and re-checked
//! against its `after`, `route`, and `automap` with its edge list re-read). Each input must not
//! panic, must finish within [`MAX_SECONDS`] and stay under [`MAX_PEAK_BYTES`] of peak memory,
//! and the round trips must hold; the exit code is 1 otherwise, with the failing inputs saved
//! under `--findings`.

use crate::args::{FuzzArgs, RepairArgs, SemanticsArg, Strategy};
use crate::input::{load_text, Input};
use crate::{check, emit, repair, route, CliError};
use maprepair::domain::automap::{automap, Hints};
use maprepair::domain::formats::{
    decode, parse_edge_list, parse_transcript, parse_walkthrough, read_steps,
};
use maprepair::domain::import::read_map;
use maprepair::domain::llm::config::LlmConfig;
use maprepair::domain::llm::provider::Provider;
use maprepair::domain::llm::reply::parse_observation_reply;
use maprepair::domain::llm::response::parse_response;
use maprepair::domain::rng::SplitMix64;
use maprepair::domain::{Analysis, Project, Semantics};
use serde_json::{json, Value};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The longest one input may take, every parser and command on it together: 10 s. The
/// slowest real input (a 1 MB transcript, automapped) takes far less on this machine.
pub const MAX_SECONDS: f64 = 10.0;

/// The most memory the process may hold while one input is read: 1 GiB, measured as the peak
/// resident size since the input began (`/proc/self/clear_refs`, Linux).
pub const MAX_PEAK_BYTES: u64 = 1 << 30;

/// Seeds the fuzzer always has, whatever `--seeds` adds: each kind of file it reads.
fn built_in_seeds() -> Vec<(String, Vec<u8>)> {
    let walkthrough = include_str!("../../view/lighthouse.walkthrough");
    let transcript = include_str!("../../../tests/fixtures/lighthouse-session.txt");
    let steps = read_steps(walkthrough, "lighthouse.walkthrough").unwrap_or_default();
    let built = automap("lighthouse", &steps, &Hints::default()).project;
    let reply = r#"```json
{"locations": [{"name": "Kitchen", "aliases": ["galley"], "description": "warm"}],
 "relations": [{"from": "hall", "to": "kitchen", "direction": "NE", "angle_deg": 45, "distance": "near"}],
 "current_location": "kitchen", "analysis": "the door"}
```"#;
    let completion = r#"{"choices":[{"message":{"content":"{\"locations\":[],\"relations\":[]}"},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":4}}"#;
    [
        ("lighthouse.walkthrough", walkthrough.to_string()),
        ("session.txt", transcript.to_string()),
        ("lighthouse.project.json", built.to_json()),
        ("lighthouse_edges.json", built.to_edge_list()),
        ("lighthouse.edges.json", {
            let records = built.edge_records();
            maprepair::domain::formats::write_edge_list(&records)
        }),
        ("reply.json", reply.to_string()),
        ("completion.json", completion.to_string()),
    ]
    .into_iter()
    .map(|(n, t)| (n.to_string(), t.into_bytes()))
    .collect()
}

/// Files under `dir` (recursively) small enough to mutate: at most 256 KB each.
fn seeds_in(dir: &Path, out: &mut Vec<(String, Vec<u8>)>) -> Result<(), CliError> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| CliError::Failed(format!("{}: {e}", dir.display())))?;
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            seeds_in(&p, out)?;
        } else if p.metadata().is_ok_and(|m| m.len() <= 256 << 10) {
            if let Ok(bytes) = std::fs::read(&p) {
                let name = p
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().to_string());
                out.push((name, bytes));
            }
        }
    }
    Ok(())
}

/// What a mutation may put in.
const SPICE: &[&[u8]] = &[
    b"\0",
    b"\xff",
    b"\xc3",
    b"\xef\xbb\xbf",
    b"\r\n",
    b"<script>alert(1)</script>",
    b"<img src=x onerror=alert(1)>",
    "\u{202e}Öde Straße 🏠".as_bytes(),
    b"4294967295",
    b"30000000",
    b"-1",
    b"1e308",
    b"99999999999999999999999",
    b"null",
    b"[]",
    b"{}",
    b"\"\"",
    b"\n===========\n==>STEP NUM: 1\n==>ACT: north\n==>OBSERVATION: Hall\n",
    b"\n>north\n",
    b"\"origin\": \"room\", ",
    b"\"geometric\": false, ",
];

fn below(rng: &mut SplitMix64, n: usize) -> usize {
    usize::try_from(rng.below(n.max(1) as u64)).unwrap_or(0)
}

/// A random range of `bytes`.
fn span(rng: &mut SplitMix64, len: usize) -> (usize, usize) {
    let a = below(rng, len + 1);
    let b = a + below(rng, (len - a).min(4096) + 1);
    (a, b)
}

/// Line starts of `bytes`.
fn lines(bytes: &[u8]) -> Vec<usize> {
    std::iter::once(0)
        .chain(
            bytes
                .iter()
                .enumerate()
                .filter(|(_, &b)| b == b'\n')
                .map(|(i, _)| i + 1),
        )
        .collect()
}

/// One mutation of `bytes`; `other` is another seed to splice from.
fn mutate(rng: &mut SplitMix64, bytes: &mut Vec<u8>, other: &[u8]) {
    let len = bytes.len();
    match below(rng, 12) {
        0 => {
            for _ in 0..=below(rng, 8) {
                if !bytes.is_empty() {
                    let i = below(rng, len);
                    bytes[i] ^= 1 << below(rng, 8);
                }
            }
        }
        1 => {
            let at = below(rng, len + 1);
            let piece = SPICE[below(rng, SPICE.len())];
            bytes.splice(at..at, piece.iter().copied());
        }
        2 => bytes.truncate(below(rng, len + 1)),
        3 => {
            let (a, b) = span(rng, len);
            bytes.drain(a..b);
        }
        4 | 5 => {
            // A line deleted or doubled.
            let starts = lines(bytes);
            let k = below(rng, starts.len());
            let (a, b) = (starts[k], starts.get(k + 1).copied().unwrap_or(len));
            if below(rng, 2) == 0 {
                bytes.drain(a..b);
            } else {
                let line = bytes[a..b].to_vec();
                bytes.splice(b..b, line);
            }
        }
        6 => {
            let (a, b) = span(rng, other.len());
            let at = below(rng, len + 1);
            bytes.splice(at..at, other[a..b].iter().copied());
        }
        7 => {
            // A JSON value swapped for another type or a huge number.
            let starts: Vec<usize> = bytes
                .iter()
                .enumerate()
                .filter(|(_, &b)| b == b':')
                .map(|(i, _)| i + 1)
                .collect();
            if let Some(&at) = starts.get(below(rng, starts.len())) {
                let end = bytes[at..]
                    .iter()
                    .position(|&b| b == b',' || b == b'}' || b == b']')
                    .map_or(len, |p| at + p);
                let piece = SPICE[8 + below(rng, 9)];
                bytes.splice(at..end, piece.iter().copied());
            }
        }
        8 => {
            // Deep nesting.
            let depth = 1 + below(rng, 400);
            let at = below(rng, len + 1);
            let open = if below(rng, 2) == 0 { b'[' } else { b'{' };
            let mut nest = vec![open; depth];
            if open == b'[' {
                nest.extend(std::iter::repeat_n(b']', depth));
            }
            bytes.splice(at..at, nest);
        }
        9 => {
            // A long run: one range repeated, up to about 1 MB.
            let (a, b) = span(rng, len);
            let piece = bytes[a..b].to_vec();
            if !piece.is_empty() {
                let times = 1 + below(rng, (1 << 20) / piece.len().max(1)).min(2000);
                let at = below(rng, len + 1);
                bytes.splice(at..at, piece.repeat(times));
            }
        }
        10 => {
            // Windows line ends, or a byte-order mark in front.
            if below(rng, 2) == 0 {
                let mut crlf = Vec::with_capacity(len + len / 16);
                for &b in bytes.iter() {
                    if b == b'\n' {
                        crlf.push(b'\r');
                    }
                    crlf.push(b);
                }
                *bytes = crlf;
            } else {
                bytes.splice(0..0, *b"\xef\xbb\xbf");
            }
        }
        _ => {
            // A name made of markup.
            let at = below(rng, len + 1);
            let piece = SPICE[5 + below(rng, 3)];
            bytes.splice(at..at, piece.iter().copied());
        }
    }
}

/// A broken promise found while running one input.
#[derive(Debug)]
struct Finding {
    kind: &'static str,
    detail: String,
}

/// Every parser on one input. Returns how many parsers ran.
fn parse_all(name: &str, bytes: &[u8], config: &LlmConfig) -> usize {
    let text = match decode(bytes.to_vec(), name) {
        Ok(t) => t,
        Err(_) => String::from_utf8_lossy(bytes).to_string(),
    };
    let _ = parse_walkthrough(&text, name);
    let _ = parse_transcript(&text, name);
    let _ = read_steps(&text, name);
    let _ = parse_edge_list(&text, name);
    let _ = Project::from_json(&text, name);
    let _ = read_map(name, &text);
    let _ = parse_observation_reply(&text);
    let _ = parse_response(config, 200, &[], &text);
    let _ = parse_response(config, 429, &[("Retry-After".into(), "3".into())], &text);
    10
}

/// The commands on one input, in-process, with their promises checked.
fn commands(name: &str, bytes: &[u8]) -> Vec<Finding> {
    let mut found = Vec::new();
    let Ok(text) = decode(bytes.to_vec(), name) else {
        return found;
    };
    let Ok(input) = load_text(name, "fuzz", &text, &Hints::default()) else {
        return found;
    };
    for semantics in [Semantics::Default, Semantics::Reference] {
        let _ = check::report(&input, semantics);
    }
    for (strategy, semantics) in [
        (Strategy::Solver, SemanticsArg::Default),
        (Strategy::HeuristicRemove, SemanticsArg::Default),
        (Strategy::HeuristicModify, SemanticsArg::Reference),
    ] {
        let args = RepairArgs {
            file: PathBuf::from(name),
            strategy,
            semantics,
            out: None,
            locations: None,
            reading: None,
            fill: false,
        };
        let Ok((out, Some(written))) = repair::repair(&input, &args, true) else {
            continue;
        };
        // What `--out` writes re-checks as the repair's `after` (a walkthrough's repair is
        // written as a project).
        let again = load_text("repaired.json", "fuzz", &written, &Hints::default());
        match again {
            Ok(again) => {
                let checked = check::report(&again, Semantics::from(semantics));
                let keys = ["direction", "topology", "naming", "total"];
                let pick = |v: &Value| keys.map(|k| v[k].clone());
                if pick(&out["after"]) != pick(&checked["conflicts"]) {
                    found.push(Finding {
                        kind: "round trip",
                        detail: format!(
                            "repair {} --semantics {:?}: after {} but the written map checks {}",
                            strategy.as_str(),
                            semantics,
                            out["after"],
                            checked["conflicts"]
                        ),
                    });
                }
            }
            Err(e) => found.push(Finding {
                kind: "round trip",
                detail: format!(
                    "repair {} wrote a map that does not read: {e}",
                    strategy.as_str()
                ),
            }),
        }
    }
    let map = input.project().history.head();
    let names: Vec<&str> = map.rooms().map(|r| r.name.as_str()).collect();
    if let (Some(a), Some(b)) = (names.first(), names.last()) {
        let _ = route::answer(map, a, b, name);
        let _ = route::answer(map, b, "no such room", name);
    }
    if let (Input::Project(p), Ok(_)) = (&input, read_steps(&text, name)) {
        // The automapper's edge list reads back as its map.
        let written = p.to_edge_list();
        match parse_edge_list(&written, name) {
            Ok(records) => {
                let back = Project::from_edge_records("fuzz", &records);
                let (a, b) = (
                    Analysis::of(map).counts(),
                    Analysis::of(back.history.head()).counts(),
                );
                if a != b || back.history.head().room_count() != map.room_count() {
                    found.push(Finding {
                        kind: "round trip",
                        detail: format!("automap's edge list re-reads as {b:?}, not {a:?}"),
                    });
                }
            }
            Err(e) => found.push(Finding {
                kind: "round trip",
                detail: format!("automap wrote an edge list that does not read: {e}"),
            }),
        }
    }
    found
}

/// The peak resident size since the last reset, and a reset (Linux; `None` elsewhere).
fn peak_and_reset() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    std::fs::write("/proc/self/clear_refs", "5").ok()?;
    Some(kb << 10)
}

/// Saves a failing input and says why.
fn save(findings: Option<&Path>, n: u64, name: &str, bytes: &[u8], why: &str) {
    eprintln!(
        "maprepair fuzz: input {n} ({name}, {} bytes): {why}",
        bytes.len()
    );
    if let Some(dir) = findings {
        let _ = std::fs::create_dir_all(dir);
        let _ = std::fs::write(dir.join(format!("{n}-{name}")), bytes);
        let _ = std::fs::write(dir.join(format!("{n}-{name}.why.txt")), why);
    }
}

/// What the run found so far.
#[derive(Default)]
struct Tally {
    parser_calls: u64,
    command_inputs: u64,
    panics: u64,
    /// Round trips that did not give back what went in.
    broken: u64,
    over_time: u64,
    over_memory: u64,
    slowest: f64,
    slowest_input: String,
    peak_max: u64,
}

impl Tally {
    fn failures(&self) -> u64 {
        self.panics + self.broken + self.over_time + self.over_memory
    }

    /// Counts one input's outcome, its time and its peak memory, saving it when it failed.
    fn record(
        &mut self,
        outcome: Result<(usize, Vec<Finding>), String>,
        ran_commands: bool,
        seconds: f64,
        peak: Option<u64>,
        label: String,
        mut fail: impl FnMut(&str),
    ) {
        match outcome {
            Ok((calls, found)) => {
                self.parser_calls += calls as u64;
                self.command_inputs += u64::from(ran_commands);
                for f in found {
                    self.broken += 1;
                    fail(&format!("{}: {}", f.kind, f.detail));
                }
            }
            Err(panic_message) => {
                self.panics += 1;
                fail(&format!("panic: {panic_message}"));
            }
        }
        if seconds > self.slowest {
            self.slowest = seconds;
            self.slowest_input = label;
        }
        if seconds > MAX_SECONDS {
            self.over_time += 1;
            fail(&format!("took {seconds:.1} s"));
        }
        if let Some(p) = peak {
            self.peak_max = self.peak_max.max(p);
            if p > MAX_PEAK_BYTES {
                self.over_memory += 1;
                fail(&format!("peak {} MB", p >> 20));
            }
        }
    }
}

#[allow(clippy::disallowed_methods)] // The CLI owns the clock; the core never reads it.
pub fn run(args: &FuzzArgs, format: crate::args::Format) -> Result<(), CliError> {
    let mut seeds = built_in_seeds();
    for dir in &args.seeds {
        seeds_in(dir, &mut seeds)?;
    }
    let mut rng = SplitMix64::new(args.seed);
    let config = LlmConfig::new(Provider::OpenAi).with_key("sk-fuzz-key-0123456789");
    // A panic is a finding, not the end of the run: keep its message, print nothing yet.
    let last_panic = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let sink = last_panic.clone();
    std::panic::set_hook(Box::new(move |info| {
        if let Ok(mut s) = sink.lock() {
            *s = info.to_string();
        }
    }));
    let started = Instant::now();
    let mut tally = Tally::default();
    let _ = peak_and_reset();
    for n in 0..args.inputs {
        let (name, seed) = &seeds[below(&mut rng, seeds.len())];
        let other = &seeds[below(&mut rng, seeds.len())].1;
        let mut bytes = seed.clone();
        for _ in 0..=below(&mut rng, 3) {
            mutate(&mut rng, &mut bytes, other);
        }
        let run_commands = args.commands_every > 0 && n % args.commands_every == 0;
        let t = Instant::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let calls = parse_all(name, &bytes, &config);
            let found = if run_commands {
                commands(name, &bytes)
            } else {
                Vec::new()
            };
            (calls, found)
        }));
        let seconds = t.elapsed().as_secs_f64();
        let outcome = outcome.map_err(|_| last_panic.lock().map(|s| s.clone()).unwrap_or_default());
        tally.record(
            outcome,
            run_commands,
            seconds,
            peak_and_reset(),
            format!("input {n} ({name}, {} bytes)", bytes.len()),
            |why| save(args.findings.as_deref(), n, name, &bytes, why),
        );
    }
    let _ = std::panic::take_hook();
    let Tally {
        parser_calls,
        command_inputs,
        panics,
        broken,
        over_time,
        over_memory,
        slowest,
        ref slowest_input,
        peak_max,
    } = tally;
    let out = json!({
        "inputs": args.inputs,
        "parser_calls": parser_calls,
        "command_inputs": command_inputs,
        "seeds": seeds.len(),
        "panics": panics,
        "round_trips_broken": broken,
        "over_time": over_time,
        "over_memory": over_memory,
        "slowest_seconds": slowest,
        "slowest_input": slowest_input,
        "peak_rss_mb": peak_max >> 20,
        "limits": {"seconds": MAX_SECONDS, "peak_rss_mb": MAX_PEAK_BYTES >> 20},
        "seconds": started.elapsed().as_secs_f64(),
    });
    emit(format, &out, || {
        format!(
            "{} inputs ({} parser calls, {} through the commands) from {} seeds in {:.1} s: \
             {panics} panics, {broken} broken round trips, {over_time} over {MAX_SECONDS} s, \
             {over_memory} over {} MB; slowest {slowest:.3} s ({slowest_input}), peak {} MB",
            args.inputs,
            parser_calls,
            command_inputs,
            seeds.len(),
            started.elapsed().as_secs_f64(),
            MAX_PEAK_BYTES >> 20,
            peak_max >> 20
        )
    });
    if tally.failures() > 0 {
        return Err(CliError::Failed(
            "the fuzzer found failing inputs (above)".into(),
        ));
    }
    Ok(())
}
