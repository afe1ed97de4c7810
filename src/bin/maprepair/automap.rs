//! `automap` (filled in by the automapper work).

use crate::args::Args;
use crate::CliError;

pub fn run(_args: &Args) -> Result<(), CliError> {
    Err(CliError::Failed("automap is not available yet".into()))
}
