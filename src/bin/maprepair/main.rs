//! The maprepair command line: batch runs and benchmarks over the pure core.
//!
//! Every command takes `--format json` (one JSON object on stdout) and defaults to readable
//! text; `maprepair --help` and `maprepair COMMAND --help` list the commands and flags
//! ([`args`]). Errors go to stderr with exit code 1 (2 for bad usage).

mod args;
mod automap;
mod bench_automap;
mod bench_ceiling;
mod bench_files;
mod bench_mango;
mod bench_read;
mod bench_routes;
mod bench_scale;
mod bench_solver;
mod bench_synth;
mod check;
mod eval;
mod eval_prose;
mod eval_transcripts;
mod fuzz;
mod games;
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

/// Reads a file as text, naming it in the error: its size checked before it is read, UTF-8
/// checked (the line and byte of a bad sequence named), a byte-order mark skipped
/// ([`maprepair::domain::formats::decode`]).
pub fn read(path: &std::path::Path) -> Result<String, CliError> {
    use maprepair::domain::formats::decode::{check_size, decode};
    let name = path.display().to_string();
    let failed = |e: std::io::Error| CliError::Failed(format!("{name}: {e}"));
    let len = std::fs::metadata(path).map_err(failed)?.len();
    check_size(usize::try_from(len).unwrap_or(usize::MAX), &name)?;
    Ok(decode(std::fs::read(path).map_err(failed)?, &name)?)
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

/// Writes `head` to `w` with its array `key` (empty in `head`) filled from `items`, one item at a
/// time: the same bytes as [`emit`] of the whole object, without holding every item at once (a
/// big map's conflict list outweighs the map). `json_item` writes one item's JSON; the text form
/// is `text_head`, then `text_item`'s line per item.
///
/// # Errors
/// Writing to `w` failed.
#[allow(clippy::too_many_arguments)] // One writer, the head and its key, and the three forms.
pub fn emit_list<T>(
    w: &mut dyn std::io::Write,
    format: Format,
    head: &serde_json::Value,
    key: &str,
    items: impl Iterator<Item = T>,
    json_item: impl Fn(&T, &mut dyn std::io::Write) -> std::io::Result<()>,
    text_head: impl FnOnce() -> String,
    text_item: impl Fn(&T) -> String,
) -> std::io::Result<()> {
    if format == Format::Text {
        let head = text_head();
        write!(w, "{}", head.trim_end())?;
        for item in items {
            write!(w, "\n{}", text_item(&item).trim_end())?;
        }
        return writeln!(w);
    }
    let whole = head.to_string();
    // A quote inside a string is escaped, so the key's own `"key":[]` is found only once.
    let needle = format!("\"{key}\":[]");
    let (before, after) = match whole.find(&needle) {
        Some(at) => whole.split_at(at + needle.len() - 1),
        None => (whole.as_str(), ""),
    };
    w.write_all(before.as_bytes())?;
    for (i, item) in items.enumerate() {
        if i > 0 {
            w.write_all(b",")?;
        }
        json_item(&item, w)?;
    }
    w.write_all(after.as_bytes())?;
    writeln!(w)
}

fn run(cli: &Cli) -> Result<(), CliError> {
    let f = cli.format;
    match &cli.command {
        Command::Check(a) => check::run(a, f),
        Command::Automap(a) => automap::run(a, f),
        Command::Eval(a) => match &a.transcripts {
            Some(dir) => eval_transcripts::run(dir, &a.without, f),
            None => eval::run(a, f),
        },
        Command::Route(a) => route::run(a, f),
        Command::Repair(a) => repair::run(a, f),
        Command::Fuzz(a) => fuzz::run(a, f),
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
            Bench::Files(a) => bench_files::run(a, f),
            Bench::Routes(a) => bench_routes::run(a, f),
            Bench::Ceiling(a) => bench_ceiling::run(a, f),
            Bench::Automap(a) => bench_automap::run(a, f),
        },
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
    // Usage errors print clap's message with usage and exit 2; --help and --version exit 0.
    let cli = Cli::parse();
    let result = run(&cli);
    report_peak();
    match result {
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
