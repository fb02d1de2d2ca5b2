//! `grundy._grundy`: the native core of the Python package.
//!
//! The package's Python layer (`python/grundy/__init__.py`) gives the
//! public API, its docstrings and the notebook views; this core only binds
//! the library: every answer comes from the same library functions the CLI
//! calls, and every report is the library's typed report serialised to
//! the CLI's JSON (the Python layer parses it), so the two agree by
//! construction.
//!
//! **The GIL and Ctrl-C.** Computations run with the GIL released
//! (`Python::detach`), on the calling thread. Between steps of a long
//! computation (at most every [`interrupt::CHECK_EVERY`]) they take the GIL back
//! for a moment and ask Python whether a signal arrived; a
//! `KeyboardInterrupt` stops the computation through the progress callback
//! of the library's loops (`GameError::Stopped`), and the exception
//! itself is kept in [`interrupt::PENDING`] so that Python sees it, not a wrapped
//! message. Rules written in Python (`Game.from_rules`) take the GIL for
//! each call; an exception they raise is kept the same way.
#![forbid(unsafe_code)]

mod game;
mod inputs;
mod interrupt;
mod nimber;
mod rules;
mod solve;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::game::CoreGame;
use crate::nimber::{mex, nim_add, nim_div, nim_inv, nim_mul, nim_pow, nim_sqrt, PyNimber};

create_exception!(
    _grundy,
    LimitError,
    PyValueError,
    "A request beyond a limit of the engine or of the machine; the message names the limit."
);

/// The native core of the grundy package.
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<CoreGame>()?;
    m.add_class::<PyNimber>()?;
    m.add("LimitError", m.py().get_type::<LimitError>())?;
    m.add_function(wrap_pyfunction!(nim_add, m)?)?;
    m.add_function(wrap_pyfunction!(nim_mul, m)?)?;
    m.add_function(wrap_pyfunction!(nim_div, m)?)?;
    m.add_function(wrap_pyfunction!(nim_inv, m)?)?;
    m.add_function(wrap_pyfunction!(nim_sqrt, m)?)?;
    m.add_function(wrap_pyfunction!(nim_pow, m)?)?;
    m.add_function(wrap_pyfunction!(mex, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve_json, m)?)?;
    m.add_function(wrap_pyfunction!(solve::database_json, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // The library's defaults, the same on every face.
    m.add("PERIOD_MAX", grundy::api::limits::PERIOD_VALUES)?;
    m.add("ANALYZE_MAX", grundy::api::limits::ANALYZE_VALUES)?;
    m.add("MISERE_MAX", grundy::api::limits::MISERE_VALUES)?;
    Ok(())
}
