//! Errors and Ctrl-C: library errors as Python exceptions (the exception
//! that caused one when Python raised it), and the check for signals that
//! long computations run between steps.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use grundy::heap::HeapGame;
use grundy::sequence::{NimSequence, Stepper};
use grundy::GameError;
use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::LimitError;

/// How often a long computation asks Python for signals.
pub(crate) const CHECK_EVERY: Duration = Duration::from_millis(50);

/// The largest step of a values computation (the step also shrinks to
/// about a quarter second of work).
pub(crate) const MOST_STEP: usize = 1 << 16;

/// An exception raised in Python while the library was computing (a
/// `KeyboardInterrupt`, or an error in a rules callable): it replaces the
/// library error it caused.
pub(crate) static PENDING: Mutex<Option<PyErr>> = Mutex::new(None);

pub(crate) fn keep_pending(error: PyErr) {
    if let Ok(mut pending) = PENDING.lock() {
        pending.get_or_insert(error);
    }
}

pub(crate) fn take_pending() -> Option<PyErr> {
    PENDING.lock().ok().and_then(|mut p| p.take())
}

/// A library error as a Python exception: the exception that caused it
/// when there is one, `LimitError` for limits, `ValueError` otherwise.
pub(crate) fn game_error(error: GameError) -> PyErr {
    if let Some(pending) = take_pending() {
        return pending;
    }
    if error.is_beyond_limit() {
        return LimitError::new_err(error.to_string());
    }
    match error.root() {
        GameError::Stopped { .. } => PyKeyboardInterrupt::new_err(error.to_string()),
        // A request this kind of game does not answer: a wrong type of
        // game for the method, in Python's terms.
        GameError::Unsupported { .. } | GameError::NotApplicable { .. } => {
            PyTypeError::new_err(error.to_string())
        }
        _ => PyValueError::new_err(error.to_string()),
    }
}

pub(crate) fn spec_error(error: grundy::spec::SpecError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

pub(crate) fn json_error(error: serde_json::Error) -> PyErr {
    PyValueError::new_err(format!("the report could not be written: {error}"))
}

/// How long a computation runs before its progress is shown.
const SHOW_AFTER: Duration = Duration::from_secs(1);

/// Asks Python for signals at most every [`CHECK_EVERY`]; a signal's
/// exception is kept and stops the computation. A computation that says
/// how far it is ([`Interrupt::progress`]) and runs past [`SHOW_AFTER`]
/// has its progress shown by the package's `_progress` (a tqdm bar when
/// tqdm is installed, a line on stderr otherwise), closed when it ends.
pub(crate) struct Interrupt {
    last: Instant,
    started: Instant,
    /// Values (or heaps) done and the total, when the computation says.
    at: Option<(u64, u64)>,
    /// Whether a progress display was opened (and must be closed).
    shown: bool,
}

impl Interrupt {
    pub(crate) fn new() -> Interrupt {
        Interrupt {
            last: Instant::now(),
            started: Instant::now(),
            at: None,
            shown: false,
        }
    }

    /// [`Interrupt::check`], noting that `done` of `total` are done.
    pub(crate) fn progress(&mut self, done: u64, total: u64) -> Result<(), GameError> {
        self.at = Some((done, total));
        self.check()
    }

    pub(crate) fn check(&mut self) -> Result<(), GameError> {
        if self.last.elapsed() < CHECK_EVERY {
            return Ok(());
        }
        self.last = Instant::now();
        let show = self.at.filter(|_| self.started.elapsed() >= SHOW_AFTER);
        self.shown |= show.is_some();
        Python::attach(|py| {
            py.check_signals()?;
            if let Some((done, total)) = show {
                // A display that fails (no tqdm, a closed stderr) is not
                // the computation's failure.
                let _ = show_progress(py, Some((done, total)));
            }
            Ok::<(), PyErr>(())
        })
        .map_err(|error| {
            keep_pending(error);
            GameError::Stopped {
                reason: "interrupted".to_owned(),
            }
        })
    }
}

impl Drop for Interrupt {
    fn drop(&mut self) {
        if self.shown {
            Python::attach(|py| {
                let _ = show_progress(py, None);
            });
        }
    }
}

/// Calls `grundy._progress(done, total)`, or `grundy._progress(None,
/// None)` to close the display.
fn show_progress(py: Python<'_>, at: Option<(u64, u64)>) -> PyResult<()> {
    let progress = py.import("grundy")?.getattr("_progress")?;
    match at {
        Some((done, total)) => progress.call1((done, total))?,
        None => progress.call1((py.None(), py.None()))?,
    };
    Ok(())
}

/// Runs `work` (a search: misère sums, remoteness, the solver) with
/// Ctrl-C checked every few thousand nodes ([`grundy::stop`]).
pub(crate) fn interruptible<T>(work: impl FnOnce() -> T) -> T {
    let mut interrupt = Interrupt::new();
    grundy::stop::with_check(move || interrupt.check(), work)
}

/// G(0..count) of a heap game in steps, stopping on a signal between
/// steps; `each(values, range)` after each step may stop the run early.
pub(crate) fn values_until_signal(
    game: &HeapGame,
    count: u64,
    interrupt: &mut Interrupt,
    each: &mut grundy::inputs::ValuesStep<'_>,
) -> Result<NimSequence, GameError> {
    let count = usize::try_from(count).map_err(|_| GameError::Limit {
        what: format!("{count} values"),
        limit: "the address space".to_owned(),
    })?;
    let mut steps = Stepper::new(MOST_STEP);
    grundy::inputs::values_in_steps(
        game,
        count,
        &mut || steps.next_step(),
        &mut |values, range| {
            interrupt.progress(range.end as u64, count as u64)?;
            each(values, range)
        },
    )
}

/// A failure of a computation: the Python exception to raise.
pub(crate) struct Failure(pub(crate) PyErr);

impl From<GameError> for Failure {
    fn from(error: GameError) -> Failure {
        Failure(game_error(error))
    }
}

impl From<grundy::spec::SpecError> for Failure {
    fn from(error: grundy::spec::SpecError) -> Failure {
        Failure(pyo3::exceptions::PyTypeError::new_err(error.to_string()))
    }
}

impl From<Failure> for PyErr {
    fn from(failure: Failure) -> PyErr {
        failure.0
    }
}
