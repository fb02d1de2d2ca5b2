//! `grundy period`, `grundy value` and `grundy check`: patterns in a
//! nim-sequence, proved where a theorem allows.

use std::process::ExitCode;

use anyhow::Context;
use grundy::formula::{check_formula_at, Formula};
use grundy::heap::HeapGame;
use grundy::period::PeriodReport;
use grundy::report::{CheckReport, CounterexampleReport, PeriodSummary};
use grundy::sequence::{EngineChoice, NimSequence};
use grundy::spec::parse_heap_spec;

use crate::printer::print;
use crate::seq::stream_values;
use crate::Format;

/// Values computed before the first periodicity check.
pub use grundy::evaluator::FIRST_ROUND;

fn to_usize(n: u64, what: &str) -> anyhow::Result<usize> {
    usize::try_from(n).with_context(|| format!("{what} = {n} does not fit in memory"))
}

/// A limit on the values to compute: given with `--max`, or a command's
/// default (which is lowered, with a note, when the game's estimated cost
/// would make it unreasonable).
#[derive(Copy, Clone, Debug)]
pub enum MaxValues {
    /// `--max N`: computed as asked (refused up front when the estimate
    /// is beyond reason, unless `--allow-long`).
    Given(u64),
    /// The command's default.
    Default(u64),
}

impl MaxValues {
    /// From an optional `--max` and the command's default.
    pub fn new(given: Option<u64>, default: u64) -> MaxValues {
        given.map_or(MaxValues::Default(default), MaxValues::Given)
    }

    /// The number of values to allow for `game`, after the cost checks.
    pub fn resolve(self, game: &HeapGame) -> anyhow::Result<u64> {
        let max = match self {
            MaxValues::Given(max) => {
                crate::cost::check_sequence_cost(game, max)?;
                max
            }
            MaxValues::Default(default) => {
                let affordable = crate::cost::affordable_count(game, default)?;
                if affordable < default {
                    eprintln!(
                        "grundy: note: computing at most {affordable} values, not the default {default}, to stay within {} (the work grows fast: moves may leave three or more heaps); pass --max to choose",
                        crate::cost::duration_words(crate::cost::LONG_SECONDS)
                    );
                }
                affordable
            }
        };
        crate::numbers::check_memory(max)?;
        Ok(max)
    }
}

/// Looks for a proved period in at most `max` values, with progress on a
/// terminal.
pub fn search_period(
    game: &HeapGame,
    first: usize,
    max: usize,
) -> anyhow::Result<(PeriodReport, NimSequence)> {
    let mut progress = crate::progress::Progress::values(max as u64);
    let found = game.find_period_observed(
        EngineChoice::Auto,
        first.min(max),
        max,
        &mut |done, target| {
            progress.set_with_message(done as u64, format!("(this round: {target})"));
            Ok(())
        },
    );
    progress.finish();
    Ok(found?)
}

/// Runs `grundy period SPEC --max N`.
pub fn run_period(spec: &str, max: MaxValues, format: Format) -> anyhow::Result<ExitCode> {
    let game = parse_heap_spec(spec)?;
    let max = to_usize(max.resolve(&game)?, "--max")?;
    let (report, _) = search_period(&game, FIRST_ROUND, max)?;
    print(&PeriodSummary::new(spec, &report), format)?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `grundy value SPEC n`.
pub fn run_value(spec: &str, n: u64, max: MaxValues, format: Format) -> anyhow::Result<ExitCode> {
    let game = parse_heap_spec(spec)?;
    let report = grundy::evaluator::heap_value(
        &game,
        spec,
        n,
        || to_usize(max.resolve(&game)?, "--max"),
        "--max ",
        &mut crate::eval::CliInputs { spec },
    )?;
    print(&report, format)?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `grundy check SPEC --formula EXPR -n N` (on the misère values
/// with `misere`): exit 0 when the formula holds for every n < N, 1 with
/// the first counterexample.
pub fn run_check(
    spec: &str,
    formula: &str,
    count: u64,
    misere: bool,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let game = parse_heap_spec(spec)?;
    let formula = Formula::compile(formula)?;
    if misere {
        let values = crate::misere_cmd::misere_values(&game, count)?;
        let found = first_counterexample(&formula, &values, 0..values.len())?;
        return print_check(
            spec,
            count,
            found.as_ref(),
            Some(grundy::Convention::Misere),
            format,
        );
    }
    crate::cost::check_sequence_cost(&game, count)?;
    crate::numbers::check_memory(count)?;
    // Compared as the values are computed: the first counterexample ends
    // the run.
    let mut found = None;
    let engine = game.engine(EngineChoice::Auto)?;
    stream_values(engine, to_usize(count, "-n")?, spec, |values, range| {
        found = first_counterexample(&formula, values, range)?;
        Ok(found.is_none())
    })?;
    print_check(spec, count, found.as_ref(), None, format)
}

/// The first n in `range` where `formula` differs from `values`.
fn first_counterexample(
    formula: &Formula,
    values: &NimSequence,
    range: std::ops::Range<usize>,
) -> anyhow::Result<Option<grundy::formula::Counterexample>> {
    for n in range {
        if let Some(found) = check_formula_at(formula, n as u64, values.get(n))? {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// Misère values computed by `period --misere` unless `--max` says
/// otherwise (the search limits how far they reach).
pub const MISERE_DEFAULT_MAX: u64 = 64;

/// Runs `grundy period SPEC --misere`: the pattern in the misère values,
/// observed only (no theorem proves misère periodicity here).
pub fn run_misere_period(spec: &str, max: Option<u64>, format: Format) -> anyhow::Result<ExitCode> {
    let game = parse_heap_spec(spec)?;
    let values = crate::misere_cmd::misere_values(&game, max.unwrap_or(MISERE_DEFAULT_MAX))?;
    let report = grundy::misere::judge_misere_values(&values);
    let mut summary = PeriodSummary::new(spec, &report);
    summary.convention = Some(grundy::Convention::Misere);
    print(&summary, format)?;
    Ok(ExitCode::SUCCESS)
}

/// Prints a check's report: exit 0 when the formula held, 1 with the
/// first counterexample.
fn print_check(
    spec: &str,
    count: u64,
    found: Option<&grundy::formula::Counterexample>,
    convention: Option<grundy::Convention>,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let report = CheckReport {
        game: spec.to_owned(),
        holds: found.is_none(),
        checked: count,
        counterexample: found.map(CounterexampleReport::from),
        convention,
    };
    print(&report, format)?;
    Ok(if found.is_none() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
