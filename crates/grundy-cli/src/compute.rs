//! What the commands share: how the CLI computes values (in steps, with
//! progress on a terminal and the cost checks up front), period
//! searches, cut tables, and [`CliInputs`], the CLI's
//! [`grundy::inputs::Inputs`] for the library's request layer.
//! Commands import this module and never each other.

use std::ops::Range;
use std::sync::Mutex;

use anyhow::Context;
use grundy::cut::CutTable;
use grundy::heap::HeapGame;
use grundy::period::PeriodReport;
use grundy::sequence::dense::{DenseEngine, Kernel};
use grundy::sequence::{EngineChoice, NimSequence};

use crate::progress::Progress;

/// Values computed before the first periodicity check.
pub use grundy::api::limits::FIRST_ROUND;

/// Values computed between two writes: output keeps pace with the engine.
const CHUNK: usize = 1 << 16;

/// Computes G(0..count) with `engine` in steps, with progress on a
/// terminal, calling `each(values, range)` after every step with the
/// values so far and the range just computed; `each` returns `false` to
/// stop early. Returns the values computed. Every command that computes a
/// sequence (seq, check, plot, eval) goes through here.
pub fn stream_values(
    engine: DenseEngine<Box<dyn Kernel>>,
    count: usize,
    spec: &str,
    each: impl FnMut(&NimSequence, Range<usize>) -> anyhow::Result<bool>,
) -> anyhow::Result<NimSequence> {
    Ok(stream_engine(engine, count, spec, each)?.into_values())
}

/// [`stream_values`], giving back the engine (whose kernel says whether
/// the values were filled from a proved period).
pub fn stream_engine(
    mut engine: DenseEngine<Box<dyn Kernel>>,
    count: usize,
    spec: &str,
    mut each: impl FnMut(&NimSequence, Range<usize>) -> anyhow::Result<bool>,
) -> anyhow::Result<DenseEngine<Box<dyn Kernel>>> {
    let mut progress = Progress::values(count as u64);
    let mut steps = grundy::sequence::Stepper::new(CHUNK);
    let mut done = 0usize;
    while done < count {
        let end = count.min(done + steps.next_step());
        engine
            .extend_to(end)
            .with_context(|| format!("computing G({done}..{end}) of {spec}"))?;
        let more = each(engine.values(), done..end)?;
        done = end;
        progress.set(done as u64);
        crate::interrupt::check()
            .map_err(|e| e.established(format!("G(0..{done}) of {spec} were computed")))?;
        if !more {
            break;
        }
    }
    progress.finish();
    Ok(engine)
}

/// What `seq` says when values were filled from a proved period rather
/// than computed one by one.
pub fn period_fill_note(fill: &grundy::sequence::dense::PeriodFill) -> String {
    let saltus = if fill.saltus == 0 {
        String::new()
    } else {
        format!(" with saltus {}", fill.saltus)
    };
    // The proof's figures are for --verbose; the note says what happened.
    let why = if crate::printer::verbose() {
        format!(": {}", fill.reason)
    } else {
        String::new()
    };
    format!(
        "grundy: note: the values from G({}) on were not computed one by one but copied from the proved pattern (period {} from n = {}{saltus}){why}; --compute-all computes every value",
        fill.filled_from, fill.period, fill.preperiod
    )
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
                crate::numbers::check_memory(max)?;
                crate::cost::check_sequence_cost(game, max)?;
                max
            }
            MaxValues::Default(default) => {
                let estimate = game.estimated_work(default)?;
                let affordable = estimate
                    .as_ref()
                    .map_or(default, |work| grundy::cost::affordable(work, default));
                if let Some(work) = estimate.filter(|_| affordable < default) {
                    eprintln!(
                        "grundy: note: computing at most {affordable} values, not the default {default}, to stay within {} ({}); pass --max to choose",
                        crate::cost::duration_words(crate::cost::LONG_SECONDS),
                        work.reason
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
    let mut progress = Progress::values(max as u64);
    let found = game.find_period_observed(
        EngineChoice::Auto,
        first.min(max),
        max,
        &mut |done, target| {
            progress.set_with_message(done as u64, format!("(this round: {target})"));
            crate::interrupt::check().map_err(|e| {
                e.established(format!(
                    "G(0..{done}) were computed (this round goes to {target}), and no period was proved in the rounds before"
                ))
            })
        },
    );
    progress.finish();
    Ok(found?)
}

/// Computes a table, showing a progress bar on a terminal once it has
/// taken more than a second.
pub fn compute_table(dim: usize, max: usize) -> anyhow::Result<CutTable> {
    crate::cost::check_table_cost(dim, max)?;
    let progress = Mutex::new(Progress::new(
        0,
        "{elapsed_precise} [{bar:40}] {pos}/{len} boxes{eta_known}",
    ));
    // The layers report from both cores.
    let report = |done: u64, total: u64| {
        if let Ok(mut progress) = progress.lock() {
            progress.set_of(done, total);
        }
        crate::interrupt::check()
    };
    let table = CutTable::compute(dim, max, &report)?;
    if let Ok(progress) = progress.into_inner() {
        progress.finish();
    }
    Ok(table)
}

/// What the CLI computes for an evaluator: values with the up-front cost
/// check and a progress bar, period searches within the affordable count,
/// cut tables with their cost check.
pub struct CliInputs<'a> {
    /// The spec, for messages.
    pub spec: &'a str,
}

impl grundy::inputs::Inputs for CliInputs<'_> {
    type Error = anyhow::Error;

    fn check_search_cost(&mut self, what: &str, seconds: f64) -> anyhow::Result<()> {
        crate::cost::check_search_cost(what, seconds)
    }

    fn heap_values(&mut self, game: &HeapGame, count: u64) -> anyhow::Result<NimSequence> {
        // Memory first: a count that cannot fit is refused before the
        // cost probe computes anything.
        crate::numbers::check_memory(count)?;
        crate::cost::check_sequence_cost(game, count)?;
        let engine = game.engine(grundy::sequence::EngineChoice::Auto)?;
        stream_values(engine, usize::try_from(count)?, self.spec, |_, _| Ok(true))
            .context("computing the values of the heaps")
    }

    fn heap_values_while(
        &mut self,
        game: &HeapGame,
        count: u64,
        each: &mut grundy::inputs::ValuesStep<'_>,
    ) -> anyhow::Result<NimSequence> {
        // Memory first: a count that cannot fit is refused before the
        // cost probe computes anything.
        crate::numbers::check_memory(count)?;
        crate::cost::check_sequence_cost(game, count)?;
        let engine = game.engine(EngineChoice::Auto)?;
        stream_values(
            engine,
            usize::try_from(count)?,
            self.spec,
            |values, range| Ok(each(values, range)?),
        )
    }

    fn resolve_count(
        &mut self,
        game: &HeapGame,
        given: Option<u64>,
        default: u64,
    ) -> anyhow::Result<usize> {
        let count = MaxValues::new(given, default).resolve(game)?;
        usize::try_from(count).with_context(|| format!("--max = {count} does not fit in memory"))
    }

    fn period(
        &mut self,
        game: &HeapGame,
        max: usize,
    ) -> anyhow::Result<(grundy::period::PeriodReport, NimSequence)> {
        search_period(game, FIRST_ROUND, max)
    }

    fn period_budget(&mut self, game: &HeapGame) -> anyhow::Result<usize> {
        Ok(crate::cost::affordable_count(game, grundy::inputs::PERIOD_SEARCH as u64)? as usize)
    }

    fn misere_values(&mut self, game: &HeapGame, count: u64) -> anyhow::Result<NimSequence> {
        crate::numbers::check_memory(count)?;
        let mut progress = Progress::values(count);
        let values = grundy::heap::misere::heap_misere_values(game, count, &mut |done| {
            progress.set(done);
            crate::interrupt::check()
        })
        .context("computing misère values")?;
        progress.finish();
        Ok(values)
    }

    fn genus(&mut self, game: &HeapGame, count: u64) -> Result<Vec<Vec<u64>>, grundy::GameError> {
        let mut progress = Progress::values(count);
        let genus = grundy::heap::misere::heap_genus(game, count, &mut |done| {
            progress.set(done);
            crate::interrupt::check()
        });
        progress.finish();
        genus
    }

    fn cut_table(&mut self, dim: usize, largest: usize) -> anyhow::Result<grundy::cut::CutTable> {
        compute_table(dim, largest)
    }
}
