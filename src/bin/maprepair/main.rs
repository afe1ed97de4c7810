//! The maprepair command line: batch runs and benchmarks over the pure core.
//!
//! Every command takes `--format json` (one JSON object on stdout) and defaults to readable
//! text. Errors go to stderr with exit code 1 (2 for bad usage).

mod args;
mod automap;
mod bench_ceiling;
mod bench_files;
mod bench_mango;
mod bench_routes;
mod bench_scale;
mod bench_solver;
mod bench_synth;
mod check;
mod eval;
mod input;
mod repair;
mod route;

use args::Args;
use std::process::ExitCode;

const USAGE: &str = "usage: maprepair <command> [options]

commands:
  check FILE [--semantics reference|default]
  automap WALKTHROUGH [--locations FILE] --out EDGES.json
  eval --gt DATA_FIXED_DIR (--built DIR | --automap clean|raw [--hints yes|no] [--align])
  route MAP FROM TO
  repair FILE --strategy heuristic-remove|heuristic-modify|solver [--semantics …] [--out FILE] [--fill]
  bench mango --data DIR [--strategy solver|heuristic-remove|heuristic-modify [--fill] [--out DIR]]
  bench scale --rooms N [--seed S]
  bench files --rooms N [--transcript-mb M] [--seed S] [--timeout SECONDS]
  bench synth --suite lca|table1 [--verbose]
  bench routes --data DIR [--automap clean|raw] [--hints yes|no] [--built DIR] [--verbose]
  bench ceiling --data DIR [--verbose]

every command takes --format json|text (default text)";

/// A failure the user should read.
#[derive(Debug)]
pub enum CliError {
    /// Wrong arguments: print usage.
    Usage(String),
    /// Anything else.
    Failed(String),
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> CliError {
        CliError::Failed(e.to_string())
    }
}

impl From<maprepair::domain::formats::FormatError> for CliError {
    fn from(e: maprepair::domain::formats::FormatError) -> CliError {
        CliError::Failed(e.to_string())
    }
}

/// Reads a file, naming it in the error.
pub fn read(path: &std::path::Path) -> Result<String, CliError> {
    std::fs::read_to_string(path).map_err(|e| CliError::Failed(format!("{}: {e}", path.display())))
}

/// Prints JSON or text. A closed pipe (`maprepair … | head`) ends output quietly.
pub fn emit(args: &Args, json: &serde_json::Value, text: impl FnOnce() -> String) {
    use std::io::Write;
    let out = if args.json() {
        json.to_string()
    } else {
        text()
    };
    let _ = writeln!(std::io::stdout().lock(), "{out}");
}

/// Prints `head` with its array `key` (empty in `head`) filled from `items`, one item at a time:
/// the same bytes as [`emit`] of the whole object, without holding every item at once (a big
/// map's conflict list outweighs the map). `json_item` writes one item's JSON; the text form is
/// `text_head`, then `text_item`'s line per item.
pub fn emit_list<T>(
    args: &Args,
    head: &serde_json::Value,
    key: &str,
    items: impl Iterator<Item = T>,
    json_item: impl Fn(&T, &mut dyn std::io::Write) -> std::io::Result<()>,
    text_head: impl FnOnce() -> String,
    text_item: impl Fn(&T) -> String,
) {
    use std::io::Write;
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let write = || -> std::io::Result<()> {
        if !args.json() {
            let head = text_head();
            write!(out, "{}", head.trim_end())?;
            for item in items {
                write!(out, "\n{}", text_item(&item).trim_end())?;
            }
            writeln!(out)?;
            return out.flush();
        }
        let whole = head.to_string();
        // A quote inside a string is escaped, so the key's own `"key":[]` is found only once.
        let needle = format!("\"{key}\":[]");
        let (before, after) = match whole.find(&needle) {
            Some(at) => whole.split_at(at + needle.len() - 1),
            None => (whole.as_str(), ""),
        };
        out.write_all(before.as_bytes())?;
        for (i, item) in items.enumerate() {
            if i > 0 {
                out.write_all(b",")?;
            }
            json_item(&item, &mut out)?;
        }
        out.write_all(after.as_bytes())?;
        writeln!(out)?;
        out.flush()
    };
    // A closed pipe ends output quietly, as in `emit`.
    let _ = write();
}

fn run(args: &Args) -> Result<(), CliError> {
    match args.positional(0).as_deref() {
        Some("bench") => match args.positional(1).as_deref() {
            Some("mango") => match args.option("strategy") {
                None => bench_mango::run(args),
                Some(strategy) => bench_solver::run(args, strategy),
            },
            Some("synth") => bench_synth::run(args),
            Some("scale") => bench_scale::run(args),
            Some("files") => bench_files::run(args),
            Some("routes") => bench_routes::run(args),
            Some("ceiling") => bench_ceiling::run(args),
            other => Err(CliError::Usage(format!("unknown benchmark {other:?}"))),
        },
        Some("check") => check::run(args),
        Some("automap") => automap::run(args),
        Some("eval") => eval::run(args),
        Some("route") => route::run(args),
        Some("repair") => repair::run(args),
        Some(other) => Err(CliError::Usage(format!("unknown command {other:?}"))),
        None => Err(CliError::Usage("no command given".into())),
    }
}

/// When set, the process writes its peak resident memory (`VmHWM`, in kB) to the file this
/// names as it ends: how `bench files` measures each command it runs.
pub const PEAK_FILE_VAR: &str = "MAPREPAIR_PEAK_FILE";

/// Writes this process's peak resident memory to the file [`PEAK_FILE_VAR`] names, if set
/// (Linux: `VmHWM` of `/proc/self/status`; nothing elsewhere).
fn report_peak() {
    let Some(file) = std::env::var_os(PEAK_FILE_VAR) else {
        return;
    };
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
    if let Some(kb) = kb {
        let _ = std::fs::write(file, kb.to_string());
    }
}

fn main() -> ExitCode {
    let args = match Args::parse(std::env::args().skip(1)) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("maprepair: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if args.flag("help") || args.positional(0).as_deref() == Some("help") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let result = run(&args);
    report_peak();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Usage(m)) => {
            eprintln!("maprepair: {m}\n\n{USAGE}");
            ExitCode::from(2)
        }
        Err(CliError::Failed(m)) => {
            eprintln!("maprepair: {m}");
            ExitCode::from(1)
        }
    }
}
