//! `grundy check`: a conjectured formula for G(n) against the computed
//! values, through the library's request layer ([`grundy::api::check`]).

use std::process::ExitCode;

use clap::Args;
use grundy::api;
use grundy::formula::Formula;
use grundy::spec::parse_spec;

use crate::compute::CliInputs;
use crate::flags::{BudgetFlags, ConventionFlag, FormatFlag};
use crate::printer::print;

/// Arguments of `grundy check`.
#[derive(Args, Debug)]
#[command(mut_arg("misere", |arg| arg.help("Check the misère values instead")))]
pub struct CheckArgs {
    /// The game.
    spec: String,
    /// A Rhai expression in n; helpers: popcount, omega, odd_part,
    /// nim_sum, nim_mul, mex, floor_log2.
    #[arg(long)]
    formula: String,
    #[command(flatten)]
    convention: ConventionFlag,
    /// How many values to check.
    #[arg(short = 'n', long = "count", default_value = "1000", value_parser = crate::numbers::parse_count, allow_negative_numbers = true)]
    count: u64,
    #[command(flatten)]
    format: FormatFlag,
    #[command(flatten)]
    budget: BudgetFlags,
}

/// Runs `grundy check SPEC --formula EXPR -n N [--misere]`: exit 0 when
/// the formula holds for every n < N, 1 with the first counterexample.
pub fn run(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let spec = args.spec.as_str();
    let game = parse_spec(spec)?;
    let formula = Formula::compile(&args.formula)?;
    let report = api::check(
        &game,
        spec,
        &formula,
        args.count,
        args.convention.convention(),
        &mut CliInputs::new(spec, args.budget),
    )?;
    print(&report, args.format.format)?;
    Ok(if report.holds {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
