//! [`PyInputs`]: how Python computes what a request needs (Ctrl-C between
//! steps) within the library's budget (`allow_long`), the module's
//! [`grundy::inputs::Inputs`].

use grundy::budget::Budget;
use grundy::cut::CutTable;
use grundy::heap::HeapGame;
use grundy::inputs::Inputs;
use grundy::period::PeriodReport;
use grundy::sequence::{EngineChoice, NimSequence};
use grundy::GameError;

use crate::interrupt::{values_until_signal, Failure, Interrupt};

/// How a refused request is run anyway from Python.
pub(crate) const HOW_TO_ALLOW: &str = "pass allow_long=True to run it anyway";

/// What the Python module computes for a request: everything with
/// Ctrl-C checked between steps, within the library's budget of a
/// person's request (`allow_long` lets a long one run).
pub(crate) struct PyInputs {
    interrupt: Interrupt,
    budget: Budget,
}

impl PyInputs {
    pub(crate) fn new(allow_long: bool) -> PyInputs {
        PyInputs {
            interrupt: Interrupt::new(),
            budget: Budget::interactive(allow_long, HOW_TO_ALLOW),
        }
    }
}

impl Inputs for PyInputs {
    type Error = Failure;

    fn budget(&self) -> &Budget {
        &self.budget
    }

    fn compute_values(&mut self, game: &HeapGame, count: u64) -> Result<NimSequence, Failure> {
        Ok(values_until_signal(
            game,
            count,
            &mut self.interrupt,
            &mut |_, _| Ok(true),
        )?)
    }

    fn compute_period(
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

    fn compute_values_while(
        &mut self,
        game: &HeapGame,
        count: u64,
        each: &mut grundy::inputs::ValuesStep<'_>,
    ) -> Result<NimSequence, Failure> {
        Ok(values_until_signal(game, count, &mut self.interrupt, each)?)
    }

    fn compute_misere_values(
        &mut self,
        game: &HeapGame,
        count: u64,
    ) -> Result<NimSequence, Failure> {
        let interrupt = &mut self.interrupt;
        Ok(grundy::heap::misere::heap_misere_values(
            game,
            count,
            &mut |_| interrupt.check(),
        )?)
    }

    fn compute_genus(&mut self, game: &HeapGame, count: u64) -> Result<Vec<Vec<u64>>, GameError> {
        let interrupt = &mut self.interrupt;
        grundy::heap::misere::heap_genus(game, count, &mut |_| interrupt.check())
    }

    fn compute_cut_table(&mut self, dim: usize, largest: usize) -> Result<CutTable, Failure> {
        // Between layers: Ctrl-C, and the progress shown past a second.
        let interrupt = std::sync::Mutex::new(&mut self.interrupt);
        Ok(CutTable::compute(dim, largest, &|done, total| {
            interrupt
                .lock()
                .map_or(Ok(()), |mut interrupt| interrupt.progress(done, total))
        })?)
    }
}
