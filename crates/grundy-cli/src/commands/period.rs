//! `grundy period`: the sequence extended until its period is proved,
//! through the library's request layer ([`grundy::api::period_of_game`]).

use std::process::ExitCode;

use clap::Args;
use grundy::api;
use grundy::spec::parse_spec;

use crate::compute::CliInputs;
use crate::flags::{BudgetFlags, ConventionFlag, FormatFlag};
use crate::printer::print;

/// Arguments of `grundy period`.
#[derive(Args, Debug)]
#[command(mut_arg("misere", |arg| arg.help(
    "Misère values (default --max 64), the pattern observed only"
)))]
pub struct PeriodArgs {
    /// The game.
    spec: String,
    #[command(flatten)]
    convention: ConventionFlag,
    /// Most values to compute (e.g. 65536, 2^24, 1e6; default 2^24,
    /// lowered with a note for games that grow cubically).
    #[arg(long, value_parser = crate::numbers::parse_count, allow_negative_numbers = true)]
    max: Option<u64>,
    #[command(flatten)]
    format: FormatFlag,
    #[command(flatten)]
    budget: BudgetFlags,
}

/// Runs `grundy period SPEC [--max N] [--misere]`.
pub fn run(args: PeriodArgs) -> anyhow::Result<ExitCode> {
    let spec = args.spec.as_str();
    let game = parse_spec(spec)?;
    let summary = api::period_of_game(
        &game,
        spec,
        args.max,
        args.convention.convention(),
        &mut CliInputs::new(spec, args.budget),
    )?;
    print(&summary, args.format.format)?;
    Ok(ExitCode::SUCCESS)
}
