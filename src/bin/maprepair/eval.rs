//! `eval` (filled in by the automapper work).

use crate::args::Args;
use crate::CliError;

pub fn run(_args: &Args) -> Result<(), CliError> {
    Err(CliError::Failed("eval is not available yet".into()))
}
