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

use crate::flags::BudgetFlags;
use crate::progress::Progress;
use grundy::budget::{Budget, BudgetNote};

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

/// What the CLI computes for a request: values with a progress bar,
/// period searches, cut tables, within the budget its flags set (the
/// library checks every request against it, and the notes it makes are
/// said on stderr).
pub struct CliInputs<'a> {
    /// The spec, for messages.
    spec: &'a str,
    /// What the request may spend.
    budget: Budget,
}

impl<'a> CliInputs<'a> {
    /// The inputs of a request about `spec` within the budget of `flags`.
    pub fn new(spec: &'a str, flags: BudgetFlags) -> CliInputs<'a> {
        CliInputs {
            spec,
            budget: flags.budget(),
        }
    }
}

impl grundy::inputs::Inputs for CliInputs<'_> {
    type Error = anyhow::Error;

    fn budget(&self) -> &Budget {
        &self.budget
    }

    fn note(&mut self, note: &BudgetNote) {
        crate::cost::tell(note);
    }

    fn compute_values(&mut self, game: &HeapGame, count: u64) -> anyhow::Result<NimSequence> {
        let engine = game.engine(grundy::sequence::EngineChoice::Auto)?;
        stream_values(engine, usize::try_from(count)?, self.spec, |_, _| Ok(true))
            .context("computing the values of the heaps")
    }

    fn compute_values_while(
        &mut self,
        game: &HeapGame,
        count: u64,
        each: &mut grundy::inputs::ValuesStep<'_>,
    ) -> anyhow::Result<NimSequence> {
        let engine = game.engine(EngineChoice::Auto)?;
        stream_values(
            engine,
            usize::try_from(count)?,
            self.spec,
            |values, range| Ok(each(values, range)?),
        )
    }

    fn compute_period(
        &mut self,
        game: &HeapGame,
        max: usize,
    ) -> anyhow::Result<(grundy::period::PeriodReport, NimSequence)> {
        search_period(game, FIRST_ROUND, max)
    }

    fn compute_misere_values(
        &mut self,
        game: &HeapGame,
        count: u64,
    ) -> anyhow::Result<NimSequence> {
        let mut progress = Progress::values(count);
        let values = grundy::heap::misere::heap_misere_values(game, count, &mut |done| {
            progress.set(done);
            crate::interrupt::check()
        })
        .context("computing misère values")?;
        progress.finish();
        Ok(values)
    }

    fn compute_genus(
        &mut self,
        game: &HeapGame,
        count: u64,
    ) -> Result<Vec<Vec<u64>>, grundy::GameError> {
        let mut progress = Progress::values(count);
        let genus = grundy::heap::misere::heap_genus(game, count, &mut |done| {
            progress.set(done);
            crate::interrupt::check()
        });
        progress.finish();
        genus
    }

    fn compute_cut_table(
        &mut self,
        dim: usize,
        largest: usize,
    ) -> anyhow::Result<grundy::cut::CutTable> {
        compute_table(dim, largest)
    }
}
