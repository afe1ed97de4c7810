//! The maprepair command line: batch runs and benchmarks over the pure core.
//!
//! Every command takes `--format json` (one JSON object on stdout) and defaults to readable
//! text; `maprepair --help` and `maprepair COMMAND --help` list the commands and flags
//! ([`args`]). Errors go to stderr with exit code 1 (2 for bad usage).

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

use args::{Bench, Cli, Command, Format};
use clap::Parser;
use std::process::ExitCode;

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
pub fn emit(format: Format, json: &serde_json::Value, text: impl FnOnce() -> String) {
    use std::io::Write;
    let out = match format {
        Format::Json => json.to_string(),
        Format::Text => text(),
    };
    let _ = writeln!(std::io::stdout().lock(), "{out}");
}

fn run(cli: &Cli) -> Result<(), CliError> {
    let f = cli.format;
    match &cli.command {
        Command::Check(a) => check::run(a, f),
        Command::Automap(a) => automap::run(a, f),
        Command::Eval(a) => eval::run(a, f),
        Command::Route(a) => route::run(a, f),
        Command::Repair(a) => repair::run(a, f),
        Command::Read(a) => read::run(a, f),
        Command::EvalProse(a) => eval_prose::run(a, f),
        Command::Bench(b) => match b {
            Bench::Mango(a) => match a.strategy {
                None => bench_mango::run(a, f),
                Some(strategy) => bench_solver::run(a, strategy, f),
            },
            Bench::Synth(a) => bench_synth::run(a, f),
            Bench::Read(a) => bench_read::run(a, f),
            Bench::Scale(a) => bench_scale::run(a, f),
            Bench::Routes(a) => bench_routes::run(a, f),
            Bench::Ceiling(a) => bench_ceiling::run(a, f),
        },
    }
}

fn main() -> ExitCode {
    // Usage errors print clap's message with usage and exit 2; --help and --version exit 0.
    let cli = Cli::parse();
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Usage(m)) => {
            use clap::CommandFactory;
            let _ = Cli::command()
                .error(clap::error::ErrorKind::ValueValidation, m)
                .print();
            ExitCode::from(2)
        }
        Err(CliError::Failed(m)) => {
            eprintln!("maprepair: {m}");
            ExitCode::from(1)
        }
    }
}
