//! [`PyInputs`]: how Python computes what a request needs (the cost and
//! memory checks up front, `allow_long`, Ctrl-C between steps), the
//! module's [`grundy::inputs::Inputs`].

use grundy::cost::SequenceCost;
use grundy::cut::CutTable;
use grundy::heap::HeapGame;
use grundy::inputs::Inputs;
use grundy::period::PeriodReport;
use grundy::sequence::{EngineChoice, NimSequence};
use grundy::GameError;

use crate::interrupt::{values_until_signal, Failure, Interrupt};
use crate::LimitError;

/// How a refused request is run anyway from Python.
pub(crate) const HOW_TO_ALLOW: &str = "pass allow_long=True to run it anyway";

/// Refuses up front `count` values whose estimated work is beyond
/// [`grundy::cost::LONG_SECONDS`] (unless `allow_long`), or that cannot fit
/// in memory.
pub(crate) fn check_cost(game: &HeapGame, count: u64, allow_long: bool) -> Result<(), Failure> {
    check_fits(count)?;
    if allow_long {
        return Ok(());
    }
    match SequenceCost::of(game, count)? {
        Some(cost) if cost.is_long() => {
            Err(Failure(LimitError::new_err(cost.refusal(HOW_TO_ALLOW))))
        }
        _ => Ok(()),
    }
}

/// Refuses up front `count` values that cannot fit in memory (the
/// library's check: `LimitError`).
pub(crate) fn check_fits(count: u64) -> Result<(), Failure> {
    Ok(grundy::inputs::fits_in_memory(count)?)
}

/// The values a request may compute: `max` as given (refused up front
/// when its estimate is too long, unless `allow_long`), or the default,
/// lowered to what its estimate allows.
pub(crate) fn resolve_count(
    game: &HeapGame,
    max: Option<u64>,
    default: u64,
    allow_long: bool,
) -> Result<usize, Failure> {
    let count = match max {
        // The cost check includes the memory fit.
        Some(max) => {
            check_cost(game, max, allow_long)?;
            max
        }
        None => {
            let count = if allow_long {
                default
            } else {
                grundy::cost::affordable_count(game, default)?
            };
            check_fits(count)?;
            count
        }
    };
    usize::try_from(count).map_err(|_| {
        Failure(LimitError::new_err(format!(
            "{count} values do not fit in memory"
        )))
    })
}

/// What the Python module computes for an evaluator: everything with
/// Ctrl-C checked between steps, and the costs checked up front.
pub(crate) struct PyInputs {
    interrupt: Interrupt,
    allow_long: bool,
}

impl PyInputs {
    pub(crate) fn new(allow_long: bool) -> PyInputs {
        PyInputs {
            interrupt: Interrupt::new(),
            allow_long,
        }
    }
}

impl Inputs for PyInputs {
    type Error = Failure;

    fn check_search_cost(&mut self, what: &str, seconds: f64) -> Result<(), Failure> {
        if seconds > grundy::cost::LONG_SECONDS && !self.allow_long {
            return Err(Failure(LimitError::new_err(format!(
                "{what} would take about {}, estimated from the search's measured growth; {HOW_TO_ALLOW}",
                grundy::cost::duration_words(seconds)
            ))));
        }
        Ok(())
    }

    fn heap_values(&mut self, game: &HeapGame, count: u64) -> Result<NimSequence, Failure> {
        check_cost(game, count, self.allow_long)?;
        Ok(values_until_signal(
            game,
            count,
            &mut self.interrupt,
            &mut |_, _| Ok(true),
        )?)
    }

    fn period(
        &mut self,
        game: &HeapGame,
        max: usize,
    ) -> Result<(PeriodReport, NimSequence), Failure> {
        let interrupt = &mut self.interrupt;
        Ok(game.find_period_observed(
            EngineChoice::Auto,
            grundy::inputs::FIRST_ROUND,
            max,
            &mut |done, _| interrupt.progress(done as u64, max as u64),
        )?)
    }

    fn heap_values_while(
        &mut self,
        game: &HeapGame,
        count: u64,
        each: &mut grundy::inputs::ValuesStep<'_>,
    ) -> Result<NimSequence, Failure> {
        check_cost(game, count, self.allow_long)?;
        Ok(values_until_signal(game, count, &mut self.interrupt, each)?)
    }

    fn resolve_count(
        &mut self,
        game: &HeapGame,
        given: Option<u64>,
        default: u64,
    ) -> Result<usize, Failure> {
        resolve_count(game, given, default, self.allow_long)
    }

    fn misere_values(&mut self, game: &HeapGame, count: u64) -> Result<NimSequence, Failure> {
        check_fits(count)?;
        let interrupt = &mut self.interrupt;
        Ok(grundy::heap::misere::heap_misere_values(
            game,
            count,
            &mut |_| interrupt.check(),
        )?)
    }

    fn genus(&mut self, game: &HeapGame, count: u64) -> Result<Vec<Vec<u64>>, GameError> {
        let interrupt = &mut self.interrupt;
        grundy::heap::misere::heap_genus(game, count, &mut |_| interrupt.check())
    }

    fn period_budget(&mut self, game: &HeapGame) -> Result<usize, Failure> {
        resolve_count(
            game,
            None,
            grundy::inputs::PERIOD_SEARCH as u64,
            self.allow_long,
        )
    }

    fn cut_table(&mut self, dim: usize, largest: usize) -> Result<CutTable, Failure> {
        CutTable::check_size(dim, largest)?;
        let seconds = CutTable::estimated_seconds(dim, largest);
        if seconds > grundy::cost::LONG_SECONDS && !self.allow_long {
            return Err(Failure(LimitError::new_err(format!(
                "the cut:{dim} table up to {largest} would take about {}; {HOW_TO_ALLOW}",
                grundy::cost::duration_words(seconds)
            ))));
        }
        // Between layers: Ctrl-C, and the progress shown past a second.
        let interrupt = std::sync::Mutex::new(&mut self.interrupt);
        Ok(CutTable::compute(dim, largest, &|done, total| {
            interrupt
                .lock()
                .map_or(Ok(()), |mut interrupt| interrupt.progress(done, total))
        })?)
    }
}
