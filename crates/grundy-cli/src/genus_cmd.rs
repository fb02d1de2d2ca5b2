//! `grundy genus` and `grundy quotient`: the misère structure of a game,
//! through the library's request layer ([`grundy::api::genus`],
//! [`grundy::api::quotient`]).

use std::process::ExitCode;

use grundy::api;
use grundy::heap::quotient::QuotientStep;
use grundy::spec::parse_spec;

use crate::compute::CliInputs;
use crate::printer::Format;
use crate::progress::Progress;

/// Runs `grundy quotient SPEC --max N`.
pub fn run_quotient(
    spec: &str,
    max: u64,
    limits: grundy::heap::quotient::QuotientLimits,
    checkpoint: Option<(&std::path::Path, std::time::Duration)>,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let game = parse_spec(spec)?;
    let mut progress = Progress::new(
        max + 1,
        "{elapsed_precise} [{bar:30}] heap {human_pos}/{human_len}, {msg}",
    );
    let mut order_so_far = 1;
    let report = api::quotient(&game, spec, max, limits, checkpoint, &mut |step| {
        match step {
            QuotientStep::Heap { heap, order } => {
                order_so_far = order;
                progress.set_with_message(heap + 1, format!("order {order}"));
            }
            QuotientStep::Candidate { heap, tried, order } => progress.set_with_message(
                heap,
                format!(
                    "order {order_so_far}; heap {heap}: {tried} candidates failed, the last of {order} elements"
                ),
            ),
            _ => {}
        }
    })?;
    progress.finish();
    crate::printer::print(&report, format)?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `grundy genus SPEC -n N`, or `grundy genus SPEC POSITIONS...`
/// for games whose positions are not heaps.
pub fn run_genus(
    spec: &str,
    positions: &[String],
    count: u64,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let game = parse_spec(spec)?;
    let report = api::genus(game, spec, positions, count, &mut CliInputs { spec })?;
    crate::printer::print(&report, format)?;
    Ok(ExitCode::SUCCESS)
}
