//! `grundy eval`: value, outcome and every winning move of a sum, in
//! either convention, through the library's request layer
//! ([`grundy::api::eval`]).

use std::process::ExitCode;

use grundy::api::{self, SumRequest};
use grundy::spec::parse_spec;
use grundy::Convention;

use crate::compute::CliInputs;
use crate::printer::Format;

/// Runs `grundy eval SPEC POSITIONS... [--misere] [--remoteness]
/// [--outcome]`.
pub fn run(
    spec: &str,
    positions: &[String],
    convention: Convention,
    remoteness: bool,
    outcome_only: bool,
    tt_size_mib: Option<usize>,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let game = parse_spec(spec)?;
    let request = SumRequest {
        spec,
        positions,
        convention,
        remoteness,
        table_bytes: tt_size_mib.map(|mib| mib.saturating_mul(1 << 20)),
        outcome_only,
    };
    let report = api::eval(game, &request, &mut CliInputs { spec })?;
    crate::printer::print(&report, format)?;
    Ok(ExitCode::SUCCESS)
}
