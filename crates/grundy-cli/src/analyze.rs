//! `grundy analyze`: the main job. Values, the period and how it is known,
//! the largest value, the exceptions before the period, rare values, and a
//! plot.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use grundy::report::AnalyzeReport;
use grundy::spec::parse_heap_spec;

use crate::period_cmd::{search_period, MaxValues, FIRST_ROUND};
use crate::plot::{write_plot, PlotSpec};
use crate::Format;

/// A file name made from the spec: `kayles.svg`, `0.137.svg`.
pub fn default_plot_path(spec: &str) -> PathBuf {
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
    PathBuf::from(format!("{}.svg", name.trim_matches('.')))
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

/// Runs `grundy analyze SPEC`. The report is printed even when the plot
/// cannot be written; the failure is then reported too (and is an error,
/// exit 2, only when `--plot` named the file).
pub fn run(
    spec: &str,
    max: MaxValues,
    plot: PlotChoice,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let game = parse_heap_spec(spec)?;
    let max = usize::try_from(max.resolve(&game)?)?;
    let (report, values) = search_period(&game, FIRST_ROUND, max)?;
    report_on(spec, &report, &values, plot, None, format)
}

/// Runs `grundy analyze SPEC --misere`: the same report on the misère
/// values of the first heaps (`max`, default 64), whose pattern is
/// observed only.
pub fn run_misere(
    spec: &str,
    max: Option<u64>,
    plot: PlotChoice,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let game = parse_heap_spec(spec)?;
    let values = crate::misere_cmd::misere_values(
        &game,
        max.unwrap_or(crate::period_cmd::MISERE_DEFAULT_MAX),
    )?;
    let report = grundy::misere::judge_misere_values(&values);
    let plot = match plot {
        PlotChoice::Default => {
            let path = default_plot_path(spec);
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
            PlotChoice::File(PathBuf::from(format!(
                "{}-misere.svg",
                stem.unwrap_or_default()
            )))
        }
        other => other,
    };
    report_on(
        spec,
        &report,
        &values,
        plot,
        Some(grundy::Convention::Misere),
        format,
    )
}

/// The analysis of computed values: the report, and the plot.
fn report_on(
    spec: &str,
    report: &grundy::period::PeriodReport,
    values: &grundy::sequence::NimSequence,
    plot: PlotChoice,
    convention: Option<grundy::Convention>,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let (plot_path, explicit) = match plot {
        PlotChoice::Default => (Some(default_plot_path(spec)), false),
        PlotChoice::File(path) => (Some(path), true),
        PlotChoice::None => (None, false),
    };
    let plot_error = plot_path.as_ref().and_then(|path| {
        write_plot(
            path,
            &PlotSpec {
                title: spec,
                values,
                preperiod: report.periodicity.map(|f| f.preperiod),
            },
        )
        .err()
        .map(|e| format!("{}: {e:#}", path.display()))
    });
    let mut analysis = AnalyzeReport::of_values(spec, report, values, convention);
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

/// Runs `grundy plot SPEC -n N -o FILE`.
pub fn run_plot(spec: &str, count: u64, misere: bool, output: &Path) -> anyhow::Result<ExitCode> {
    let game = parse_heap_spec(spec)?;
    if misere {
        let values = crate::misere_cmd::misere_values(&game, count)?;
        let title = format!("{spec} (misère)");
        write_plot(
            output,
            &PlotSpec {
                title: &title,
                values: &values,
                preperiod: None,
            },
        )?;
        eprintln!("wrote {}", output.display());
        return Ok(ExitCode::SUCCESS);
    }
    crate::cost::check_sequence_cost(&game, count)?;
    crate::numbers::check_memory(count)?;
    let engine = game.engine(grundy::sequence::EngineChoice::Auto)?;
    let values = crate::seq::stream_values(engine, usize::try_from(count)?, spec, |_, _| Ok(true))?;
    let found = game.judge(&values).periodicity;
    write_plot(
        output,
        &PlotSpec {
            title: spec,
            values: &values,
            preperiod: found.map(|f| f.preperiod),
        },
    )?;
    eprintln!("wrote {}", output.display());
    Ok(ExitCode::SUCCESS)
}
