//! `bench synth --suite lca|table1`: the paper's synthetic suites (filled in by the synth work).

use crate::args::Args;
use crate::CliError;

pub fn run(_args: &Args) -> Result<(), CliError> {
    Err(CliError::Failed("bench synth is not available yet".into()))
}
