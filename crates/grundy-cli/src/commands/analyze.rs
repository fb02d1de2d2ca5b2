//! `grundy analyze`: the main job. Values, the period and how it is known,
//! the largest value, the exceptions before the period, rare values, and a
//! plot.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use grundy::api::{self, CountedRequest};
use grundy::spec::parse_spec;
use grundy::Convention;

use crate::compute::CliInputs;
use crate::flags::{BudgetFlags, ConventionFlag, FormatFlag};
use crate::plot_file::{default_plot_path, plot_subject, write_plot, PlotSpec};
use crate::printer::Format;

/// Arguments of `grundy analyze`.
#[derive(Args, Debug)]
#[command(mut_arg("misere", |arg| arg.help(
    "Misère play: the misère nim-values (default --max 64; the plot goes to SPEC-misere.svg)"
)))]
pub struct AnalyzeArgs {
    /// The game (e.g. kayles, 0.137, sub:2,3,7).
    spec: String,
    /// Most values to compute while looking for a provable period
    /// (default 2^16, lowered with a note for games that grow cubically).
    #[arg(long, value_parser = crate::numbers::parse_count, allow_negative_numbers = true)]
    max: Option<u64>,
    /// The plot file (.svg or .png); default: named after the game.
    #[arg(long, conflicts_with = "no_plot")]
    plot: Option<PathBuf>,
    /// Write no plot.
    #[arg(long)]
    no_plot: bool,
    /// Replace the plot file even if it is not a plot of this game
    /// (a plot of the same game is always replaced).
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    convention: ConventionFlag,
    #[command(flatten)]
    format: FormatFlag,
    #[command(flatten)]
    budget: BudgetFlags,
}

/// Where `analyze` writes its plot.
#[derive(Clone, Debug)]
enum PlotChoice {
    /// A file named after the game, in the current directory.
    Default,
    /// The file given with `--plot`.
    File(PathBuf),
    /// No plot (`--no-plot`).
    None,
}

/// Runs `grundy analyze SPEC [--misere]`: at most `--max` values (the
/// request layer's default otherwise); misère values are observed only.
pub fn run(args: AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let spec = args.spec.as_str();
    let plot = if args.no_plot {
        PlotChoice::None
    } else {
        args.plot.map_or(PlotChoice::Default, PlotChoice::File)
    };
    let convention = args.convention.convention();
    let game = parse_spec(spec)?;
    let analysis = api::analyze(
        &game,
        spec,
        args.max,
        CountedRequest::Analyze,
        convention,
        &mut CliInputs::new(spec, args.budget),
    )?;
    report_on(
        spec,
        analysis,
        (plot, args.force),
        convention,
        args.format.format,
    )
}

/// The analysis of computed values: the report, and the plot.
fn report_on(
    spec: &str,
    analysis: api::Analysis,
    (plot, force): (PlotChoice, bool),
    convention: Convention,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let api::Analysis {
        report: mut analysis,
        period: report,
        values,
    } = analysis;
    let (report, values) = (&report, &values);
    let (plot_path, explicit) = match plot {
        PlotChoice::Default => (Some(default_plot_path(spec, convention)), false),
        PlotChoice::File(path) => (Some(path), true),
        PlotChoice::None => (None, false),
    };
    let subject = plot_subject(spec, convention);
    let plot_error = plot_path.as_ref().and_then(|path| {
        write_plot(
            path,
            &PlotSpec {
                title: &subject,
                values,
                preperiod: report.periodicity.map(|f| f.preperiod),
                subject: &subject,
                force,
            },
        )
        .err()
        .map(|e| format!("{}: {e:#}", path.display()))
    });
    analysis.plot = plot_path
        .filter(|_| plot_error.is_none())
        .map(|p| p.display().to_string());
    analysis.plot_error = plot_error.clone();
    crate::printer::print(&analysis, format)?;
    match plot_error {
        Some(error) if explicit => anyhow::bail!("the plot was not written: {error}"),
        Some(error) => {
            eprintln!("grundy: warning: the plot was not written: {error} (--no-plot skips it)");
            Ok(ExitCode::SUCCESS)
        }
        None => Ok(ExitCode::SUCCESS),
    }
}
