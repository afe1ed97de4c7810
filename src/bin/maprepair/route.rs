//! `route` (filled in by the automapper work).

use crate::args::Args;
use crate::CliError;

pub fn run(_args: &Args) -> Result<(), CliError> {
    Err(CliError::Failed("route is not available yet".into()))
}
