//! `grundy analyze`: the main job. Values, the period and how it is known,
//! the largest value, the exceptions before the period, rare values, and a
//! plot.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use grundy::api::{self, CountedRequest};
use grundy::spec::parse_spec;
use grundy::Convention;

use crate::compute::CliInputs;
use crate::plot::{write_plot, PlotSpec};
use crate::printer::Format;

/// A file name made from the spec and the convention: `kayles.svg`,
/// `0.137.svg`, `kayles-misere.svg`; `analyze` and `plot` write there
/// unless told otherwise.
pub fn default_plot_path(spec: &str, convention: Convention) -> PathBuf {
    let name: String = spec
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let name = name.trim_matches('.');
    match convention {
        Convention::Normal => PathBuf::from(format!("{name}.svg")),
        other => PathBuf::from(format!("{name}-{other}.svg")),
    }
}

/// What a plot shows, as its title says and its file records: the spec,
/// with the convention when it is not normal play.
fn plot_subject(spec: &str, convention: Convention) -> String {
    match convention {
        Convention::Normal => spec.to_owned(),
        other => format!("{spec} ({other})"),
    }
}

/// Where `analyze` writes its plot.
#[derive(Clone, Debug)]
pub enum PlotChoice {
    /// A file named after the game, in the current directory.
    Default,
    /// The file given with `--plot`.
    File(PathBuf),
    /// No plot (`--no-plot`).
    None,
}

/// Runs `grundy analyze SPEC [--misere]`: at most `max` values (the
/// request layer's default otherwise); misère values are observed only.
pub fn run(
    spec: &str,
    max: Option<u64>,
    plot: PlotChoice,
    force: bool,
    convention: Convention,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let game = parse_spec(spec)?;
    let analysis = api::analyze(
        &game,
        spec,
        max,
        CountedRequest::Analyze,
        convention,
        &mut CliInputs { spec },
    )?;
    report_on(spec, analysis, (plot, force), convention, format)
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

/// Runs `grundy plot SPEC -n N [-o FILE] [--misere]`: to the file
/// `analyze` would write ([`default_plot_path`]) unless `-o` names one.
pub fn run_plot(
    spec: &str,
    count: u64,
    convention: Convention,
    output: Option<&Path>,
    force: bool,
) -> anyhow::Result<ExitCode> {
    let output = output.map_or_else(|| default_plot_path(spec, convention), Path::to_path_buf);
    let game = parse_spec(spec)?;
    let (report, values) =
        api::judged_values(&game, spec, count, convention, &mut CliInputs { spec })?;
    let title = plot_subject(spec, convention);
    write_plot(
        &output,
        &PlotSpec {
            title: &title,
            values: &values,
            preperiod: report.periodicity.map(|f| f.preperiod),
            subject: &title,
            force,
        },
    )?;
    eprintln!("wrote {}", output.display());
    Ok(ExitCode::SUCCESS)
}
