//! `grundy analyze`: the main job. Values, the period and how it is known,
//! the largest value, the exceptions before the period, rare values, and a
//! plot.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use grundy::period::{exceptions, find_period};
use grundy::rare::{best_mask, is_rare};
use grundy::spec::parse_heap_spec;
use serde_json::json;

use crate::output::{stdout, write_json};
use crate::period_cmd::{report_json, report_line, FIRST_ROUND};
use crate::plot::{write_plot, PlotSpec};
use crate::Format;

/// Rare positions listed at most; a sparse space is reported when rare
/// positions are at most this many or 5% of all.
const RARE_LIST: usize = 60;

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

/// Runs `grundy analyze SPEC`.
pub fn run(spec: &str, max: u64, plot: Option<&Path>, format: Format) -> anyhow::Result<ExitCode> {
    let game = parse_heap_spec(spec)?;
    crate::numbers::check_memory(max)?;
    let max = usize::try_from(max)?;
    let (report, values) = find_period(&game, FIRST_ROUND.min(max), max)?;
    let n = values.len();
    let (largest_at, largest) = values
        .iter()
        .enumerate()
        .max_by_key(|&(i, v)| (v, std::cmp::Reverse(i)))
        .unwrap_or((0, 0));
    let exceptional = report
        .periodicity
        .map(|found| exceptions(&values, &found))
        .unwrap_or_default();
    let rare = best_mask(values.iter()).filter(|&(_, count)| count <= RARE_LIST.max(n / 20));
    let rare_positions: Vec<(usize, u64)> = match rare {
        Some((mask, _)) => values
            .iter()
            .enumerate()
            .filter(|&(_, v)| is_rare(v, mask))
            .take(RARE_LIST)
            .collect(),
        None => Vec::new(),
    };
    let plot_path = plot.map_or_else(|| default_plot_path(spec), Path::to_path_buf);
    write_plot(
        &plot_path,
        &PlotSpec {
            title: spec,
            values: &values,
            preperiod: report.periodicity.map(|f| f.preperiod),
        },
    )?;
    let first: Vec<u64> = values.iter().take(60).collect();
    let mut out = stdout();
    match format {
        Format::Json => {
            let mut value = report_json(spec, &report);
            let object = value.as_object_mut().expect("report_json builds an object");
            object.insert("first_values".into(), json!(first));
            object.insert("largest".into(), json!({"value": largest, "n": largest_at}));
            object.insert("exceptions".into(), json!(exceptional));
            object.insert(
                "rare".into(),
                match rare {
                    Some((mask, count)) => json!({
                        "mask": mask,
                        "count": count,
                        "positions": rare_positions.iter().map(|&(n, v)| json!({"n": n, "value": v})).collect::<Vec<_>>(),
                    }),
                    None => serde_json::Value::Null,
                },
            );
            object.insert("plot".into(), json!(plot_path.display().to_string()));
            write_json(&mut out, &value)?;
        }
        Format::Text => {
            writeln!(out, "game:        {spec}")?;
            writeln!(out, "values:      G(0..{n}) computed")?;
            writeln!(out, "first values:")?;
            for (row, chunk) in first.chunks(20).enumerate() {
                let cells: Vec<String> = chunk.iter().map(|v| format!("{v:>2}")).collect();
                writeln!(out, "  {:>4}: {}", row * 20, cells.join(" "))?;
            }
            writeln!(out, "period:      {}", report_line(&report))?;
            writeln!(out, "             {}", report.reason)?;
            writeln!(
                out,
                "largest:     G({largest_at}) = {largest} (first reached there)"
            )?;
            if let Some(found) = report.periodicity {
                if exceptional.is_empty() {
                    writeln!(
                        out,
                        "exceptions:  none: the pattern holds from n = 0 once extended backwards"
                    )?;
                } else {
                    let shown: Vec<String> = exceptional.iter().map(usize::to_string).collect();
                    writeln!(
                        out,
                        "exceptions:  {} before n = {} break the pattern: {}",
                        exceptional.len(),
                        found.preperiod,
                        shown.join(" ")
                    )?;
                }
            }
            match rare {
                Some((mask, count)) => {
                    let shown: Vec<String> = rare_positions
                        .iter()
                        .map(|(n, v)| format!("G({n})={v}"))
                        .collect();
                    let more = if count > rare_positions.len() {
                        " ..."
                    } else {
                        ""
                    };
                    writeln!(
                        out,
                        "rare values: {count} of {n} positions are rare under mask {mask:#b}: {}{more}",
                        shown.join(" ")
                    )?;
                }
                None => writeln!(
                    out,
                    "rare values: no sparse space (no mask makes rare values few)"
                )?,
            }
            writeln!(out, "plot:        {}", plot_path.display())?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `grundy plot SPEC -n N -o FILE`.
pub fn run_plot(spec: &str, count: u64, output: &Path) -> anyhow::Result<ExitCode> {
    let game = parse_heap_spec(spec)?;
    let values = game.nim_sequence(usize::try_from(count)?)?;
    let found = grundy::period::judge(&game, &values).periodicity;
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
