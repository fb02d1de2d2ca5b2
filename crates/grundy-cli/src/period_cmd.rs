//! `grundy period`, `grundy value` and `grundy check`: patterns in a
//! nim-sequence, proved where a theorem allows, through the library's
//! request layer ([`grundy::api`]).

use std::process::ExitCode;

use grundy::api;
use grundy::formula::Formula;
use grundy::spec::parse_spec;
use grundy::Convention;

use crate::compute::CliInputs;
use crate::printer::print;
use crate::printer::Format;

/// Runs `grundy period SPEC [--max N] [--misere]`.
pub fn run_period(
    spec: &str,
    max: Option<u64>,
    convention: Convention,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let game = parse_spec(spec)?;
    let summary = api::period_of_game(&game, spec, max, convention, &mut CliInputs { spec })?;
    print(&summary, format)?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `grundy value SPEC n [--max N] [--misere]`.
pub fn run_value(
    spec: &str,
    n: u64,
    max: Option<u64>,
    convention: Convention,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let game = parse_spec(spec)?;
    let report = api::value(
        &game,
        spec,
        n,
        convention,
        max,
        "--max ",
        &mut CliInputs { spec },
    )?;
    print(&report, format)?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `grundy check SPEC --formula EXPR -n N [--misere]`: exit 0 when
/// the formula holds for every n < N, 1 with the first counterexample.
pub fn run_check(
    spec: &str,
    formula: &str,
    count: u64,
    convention: Convention,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let game = parse_spec(spec)?;
    let formula = Formula::compile(formula)?;
    let report = api::check(
        &game,
        spec,
        &formula,
        count,
        convention,
        &mut CliInputs { spec },
    )?;
    print(&report, format)?;
    Ok(if report.holds {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
