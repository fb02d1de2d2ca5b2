//! `grundy eval`: value, outcome and every winning move of a sum, in
//! either convention, through the library's request layer
//! ([`grundy::api::eval`]).

use std::process::ExitCode;

use grundy::api::{self, SumRequest};
use grundy::spec::parse_spec;

use crate::compute::CliInputs;
use crate::printer::Format;

/// Runs `grundy eval SPEC POSITIONS... [--misere] [--remoteness]
/// [--outcome] [--tt-size MIB] [--cache FILE]`, the request as the
/// arguments make it.
pub fn run(request: &SumRequest<'_>, format: Format) -> anyhow::Result<ExitCode> {
    let spec = request.spec;
    let game = parse_spec(spec)?;
    let report = api::eval(game, request, &mut CliInputs { spec })?;
    crate::printer::print(&report, format)?;
    Ok(ExitCode::SUCCESS)
}
