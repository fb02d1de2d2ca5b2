//! `grundy genus`: the genus of each heap (or of given positions) in
//! misère play, through the library's request layer
//! ([`grundy::api::genus`]).

use std::process::ExitCode;

use clap::Args;
use grundy::api;
use grundy::spec::parse_spec;

use crate::compute::CliInputs;
use crate::flags::{read_position_files, BudgetFlags, FormatFlag};

/// Arguments of `grundy genus`.
#[derive(Args, Debug)]
pub struct GenusArgs {
    /// The game.
    spec: String,
    /// Positions of a game whose positions are not heaps: (3,5) for
    /// wythoff, rows THHTH of a coin-turning game, ...
    positions: Vec<String>,
    /// How many heaps, from 0 (heap games).
    #[arg(short = 'n', long = "count", default_value = "20", value_parser = crate::numbers::parse_count, allow_negative_numbers = true)]
    count: u64,
    #[command(flatten)]
    format: FormatFlag,
    #[command(flatten)]
    budget: BudgetFlags,
}

/// Runs `grundy genus SPEC -n N`, or `grundy genus SPEC POSITIONS...`
/// for games whose positions are not heaps.
pub fn run(args: GenusArgs) -> anyhow::Result<ExitCode> {
    let spec = args.spec.as_str();
    let positions = read_position_files(args.positions)?;
    let game = parse_spec(spec)?;
    let report = api::genus(
        game,
        spec,
        &positions,
        args.count,
        &mut CliInputs::new(spec, args.budget),
    )?;
    crate::printer::print(&report, args.format.format)?;
    Ok(ExitCode::SUCCESS)
}
