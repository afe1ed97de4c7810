//! The maprepair command line: batch runs and benchmarks over the pure core.
//!
//! Every command takes `--format json` (one JSON object on stdout) and defaults to readable
//! text. Errors go to stderr with exit code 1 (2 for bad usage).

mod args;
mod automap;
mod bench_ceiling;
mod bench_mango;
mod bench_read;
mod bench_routes;
mod bench_scale;
mod bench_solver;
mod bench_synth;
mod check;
mod eval;
mod eval_prose;
mod input;
mod read;
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
  bench synth --suite lca|table1 [--verbose]
  bench routes --data DIR [--automap clean|raw] [--hints yes|no] [--built DIR] [--verbose]
  bench ceiling --data DIR [--verbose]
  bench read [FILE] [--words N] [--runs R]
  read TEXT_FILE [--split blank-lines|lines] [--out PROJECT.json]
  eval-prose --truth DIR

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

fn run(args: &Args) -> Result<(), CliError> {
    match args.positional(0).as_deref() {
        Some("bench") => match args.positional(1).as_deref() {
            Some("mango") => match args.option("strategy") {
                None => bench_mango::run(args),
                Some(strategy) => bench_solver::run(args, strategy),
            },
            Some("synth") => bench_synth::run(args),
            Some("scale") => bench_scale::run(args),
            Some("routes") => bench_routes::run(args),
            Some("ceiling") => bench_ceiling::run(args),
            Some("read") => bench_read::run(args),
            other => Err(CliError::Usage(format!("unknown benchmark {other:?}"))),
        },
        Some("check") => check::run(args),
        Some("automap") => automap::run(args),
        Some("eval") => eval::run(args),
        Some("route") => route::run(args),
        Some("read") => read::run(args),
        Some("eval-prose") => eval_prose::run(args),
        Some("repair") => repair::run(args),
        Some(other) => Err(CliError::Usage(format!("unknown command {other:?}"))),
        None => Err(CliError::Usage("no command given".into())),
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
    match run(&args) {
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
