//! `grundy eval`: value, outcome and every winning move of a sum, in
//! either convention, through the library's request layer
//! ([`grundy::api::eval`]).

use std::process::ExitCode;

use grundy::api::{self, SumRequest};
use grundy::spec::parse_spec;
use grundy::GameError;

use crate::compute::CliInputs;
use crate::printer::Format;

/// What a search stopped without `--cache` adds to its message.
const CACHE_HINT: &str = "with --cache FILE a search keeps its solved parts there and the same command goes on from them";

/// Runs `grundy eval SPEC POSITIONS... [--misere] [--remoteness]
/// [--outcome] [--tt-size MIB] [--cache FILE]`, the request as the
/// arguments make it.
pub fn run(request: &SumRequest<'_>, format: Format) -> anyhow::Result<ExitCode> {
    let spec = request.spec;
    let game = parse_spec(spec)?;
    let report = api::eval(game, request, &mut CliInputs { spec }).map_err(|error| {
        // A search stopped without a cache lost what it solved: say how
        // to keep it next time.
        let searched = crate::interrupt::stop_in(&error)
            .is_some_and(|e| matches!(e, GameError::Established { .. }));
        if searched && request.cache.is_none() {
            anyhow::anyhow!("{error:#}; {CACHE_HINT}")
        } else {
            error
        }
    })?;
    crate::printer::print(&report, format)?;
    Ok(ExitCode::SUCCESS)
}
