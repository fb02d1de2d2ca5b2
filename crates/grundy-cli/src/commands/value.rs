//! `grundy value`: G(n) for any n, from a proved period when n is large,
//! through the library's request layer ([`grundy::api::value`]).

use std::process::ExitCode;

use clap::Args;
use grundy::api;
use grundy::spec::parse_spec;

use crate::compute::CliInputs;
use crate::flags::{BudgetFlags, ConventionFlag, FormatFlag};
use crate::printer::print;

/// Arguments of `grundy value`.
#[derive(Args, Debug)]
#[command(mut_arg("misere", |arg| arg
    .help("Misère play: the misère nim-value (Bouton's rule for Nim, a search over sums otherwise)")
    .conflicts_with("max")))]
pub struct ValueArgs {
    /// The game.
    spec: String,
    /// The heap.
    #[arg(value_parser = crate::numbers::parse_count, allow_negative_numbers = true)]
    n: u64,
    /// Most values to compute directly or while proving a period
    /// (default 2^24, lowered with a note for games that grow cubically).
    #[arg(long, value_parser = crate::numbers::parse_count, allow_negative_numbers = true)]
    max: Option<u64>,
    #[command(flatten)]
    convention: ConventionFlag,
    #[command(flatten)]
    format: FormatFlag,
    #[command(flatten)]
    budget: BudgetFlags,
}

/// Runs `grundy value SPEC n [--max N] [--misere]`.
pub fn run(args: ValueArgs) -> anyhow::Result<ExitCode> {
    let spec = args.spec.as_str();
    let game = parse_spec(spec)?;
    let report = api::value(
        &game,
        spec,
        args.n,
        args.convention.convention(),
        args.max,
        "--max ",
        &mut CliInputs::new(spec, args.budget),
    )?;
    print(&report, args.format.format)?;
    Ok(ExitCode::SUCCESS)
}
