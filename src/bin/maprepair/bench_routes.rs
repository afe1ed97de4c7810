//! `bench_routes` (filled in by the automapper work).

use crate::args::Args;
use crate::CliError;

pub fn run(_args: &Args) -> Result<(), CliError> {
    Err(CliError::Failed("bench_routes is not available yet".into()))
}
