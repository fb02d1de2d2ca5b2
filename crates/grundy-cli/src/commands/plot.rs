//! `grundy plot`: a scatter plot of G(n), to the file `analyze` would
//! write unless told otherwise.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use grundy::api;
use grundy::spec::parse_spec;

use crate::compute::CliInputs;
use crate::flags::{BudgetFlags, ConventionFlag};
use crate::plot_file::{default_plot_path, plot_subject, write_plot, PlotSpec};

/// Arguments of `grundy plot`.
#[derive(Args, Debug)]
#[command(mut_arg("misere", |arg| arg.help("Plot the misère values instead")))]
pub struct PlotArgs {
    /// The game.
    spec: String,
    /// How many values.
    #[arg(short = 'n', long = "count", default_value = "1000", value_parser = crate::numbers::parse_count, allow_negative_numbers = true)]
    count: u64,
    /// The image file (default: named after the game, as analyze's:
    /// kayles.svg, kayles-misere.svg).
    #[arg(short = 'o', long = "output")]
    output: Option<PathBuf>,
    #[command(flatten)]
    convention: ConventionFlag,
    /// Replace the image file even if it is not a plot of this game
    /// (a plot of the same game is always replaced).
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    budget: BudgetFlags,
}

/// Runs `grundy plot SPEC -n N [-o FILE] [--misere]`: to the file
/// `analyze` would write ([`default_plot_path`]) unless `-o` names one.
pub fn run(args: PlotArgs) -> anyhow::Result<ExitCode> {
    let spec = args.spec.as_str();
    let convention = args.convention.convention();
    let output = args
        .output
        .unwrap_or_else(|| default_plot_path(spec, convention));
    let game = parse_spec(spec)?;
    let (report, values) = api::judged_values(
        &game,
        spec,
        args.count,
        convention,
        &mut CliInputs::new(spec, args.budget),
    )?;
    let title = plot_subject(spec, convention);
    write_plot(
        &output,
        &PlotSpec {
            title: &title,
            values: &values,
            preperiod: report.periodicity.map(|f| f.preperiod),
            subject: &title,
            force: args.force,
        },
    )?;
    eprintln!("wrote {}", output.display());
    Ok(ExitCode::SUCCESS)
}
