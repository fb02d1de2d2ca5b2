//! `grundy period`, `grundy value` and `grundy check`: patterns in a
//! nim-sequence, proved where a theorem allows.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use grundy::formula::{check_formula, Formula};
use grundy::period::{find_period, value_from_period, PeriodReport};
use grundy::spec::parse_heap_spec;
use serde_json::json;

use crate::output::{stdout, write_json};
use crate::Format;

/// Values computed before the first periodicity check.
pub const FIRST_ROUND: usize = 1024;

fn to_usize(n: u64, what: &str) -> anyhow::Result<usize> {
    usize::try_from(n).with_context(|| format!("{what} = {n} does not fit in memory"))
}

/// The report as JSON, in the shape `period` prints.
pub fn report_json(spec: &str, report: &PeriodReport) -> serde_json::Value {
    let found = report.periodicity;
    json!({
        "game": spec,
        "preperiod": found.map(|f| f.preperiod),
        "period": found.map(|f| f.period),
        "saltus": found.map(|f| f.saltus),
        "proved": report.proved,
        "reason": report.reason,
        "values_computed": report.values_computed,
    })
}

/// One line describing the pattern found.
pub fn report_line(report: &PeriodReport) -> String {
    match report.periodicity {
        Some(found) if report.proved => format!("{found}, proved"),
        Some(found) => format!("{found}, observed (not proved)"),
        None => "none found".to_owned(),
    }
}

/// Runs `grundy period SPEC --max N`.
pub fn run_period(spec: &str, max: u64, format: Format) -> anyhow::Result<ExitCode> {
    let game = parse_heap_spec(spec)?;
    crate::numbers::check_memory(max)?;
    let max = to_usize(max, "--max")?;
    let (report, _) = find_period(&game, FIRST_ROUND.min(max), max)?;
    let mut out = stdout();
    match format {
        Format::Json => write_json(&mut out, &report_json(spec, &report))?,
        Format::Text => {
            writeln!(out, "game:    {spec}")?;
            writeln!(out, "period:  {}", report_line(&report))?;
            writeln!(out, "reason:  {}", report.reason)?;
            writeln!(out, "values:  {} computed", report.values_computed)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `grundy value SPEC n`.
pub fn run_value(spec: &str, n: u64, max: u64, format: Format) -> anyhow::Result<ExitCode> {
    let game = parse_heap_spec(spec)?;
    crate::numbers::check_memory(max)?;
    let max = to_usize(max, "--max")?;
    // Values up to n settle it directly when n is within reach; a proved
    // period settles it for any n.
    let reach = usize::try_from(n).ok().filter(|&n| n < max).map(|n| n + 1);
    let limit = reach.unwrap_or(max);
    let (report, values) = find_period(&game, FIRST_ROUND.min(limit), limit)?;
    let (value, how) = match (report.periodicity, report.proved) {
        (Some(found), true) => (
            value_from_period(&values, &found, n)?,
            format!("from the proved {found}"),
        ),
        _ => match usize::try_from(n).ok().filter(|&i| i < values.len()) {
            Some(index) => (values.get(index), "computed directly".to_owned()),
            None => anyhow::bail!(
                "G({n}) of {spec} is out of reach: no period is proved in the first {} values ({}), and computing up to n would need {n} values (the limit is --max {max})",
                values.len(),
                report.reason
            ),
        },
    };
    let mut out = stdout();
    match format {
        Format::Json => write_json(
            &mut out,
            &json!({"game": spec, "n": n, "value": value, "how": how}),
        )?,
        Format::Text => writeln!(out, "G({n}) = {value}  ({how})")?,
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `grundy check SPEC --formula EXPR -n N`: exit 0 when the formula
/// holds for every n < N, 1 with the first counterexample.
pub fn run_check(
    spec: &str,
    formula: &str,
    count: u64,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let game = parse_heap_spec(spec)?;
    let formula = Formula::compile(formula)?;
    let values = game.nim_sequence(to_usize(count, "-n")?)?;
    let found = check_formula(&formula, values.iter())?;
    let mut out = stdout();
    match (format, &found) {
        (Format::Json, _) => write_json(
            &mut out,
            &json!({
                "game": spec,
                "holds": found.is_none(),
                "checked": count,
                "counterexample": found.as_ref().map(|c| json!({"n": c.n, "value": c.actual, "formula": c.claimed})),
            }),
        )?,
        (Format::Text, None) => writeln!(out, "holds for all n < {count}")?,
        (Format::Text, Some(c)) => writeln!(
            out,
            "counterexample: n = {}: G({}) = {} but the formula gives {}",
            c.n, c.n, c.actual, c.claimed
        )?,
    }
    out.flush()?;
    Ok(if found.is_none() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
