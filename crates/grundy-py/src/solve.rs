//! `grundy.solve` and `grundy.database`: the request layer of the
//! dataflow solve ([`grundy_dataflow::request`]), its reports as the CLI's
//! JSON (the Python layer parses them).

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::interrupt::{keep_pending, take_pending, CHECK_EVERY};
use crate::LimitError;

fn solve_error(error: grundy_dataflow::SolveError) -> PyErr {
    match error {
        grundy_dataflow::SolveError::Limit(_) => LimitError::new_err(error.to_string()),
        _ => PyValueError::new_err(error.to_string()),
    }
}

/// Solves every vertex of a graph (or of a game's state space from
/// `positions`) on `workers` threads and writes the database to `out`;
/// the report as JSON.
#[pyfunction]
#[pyo3(signature = (graph, out, positions, workers, max_positions))]
pub fn solve_json(
    py: Python<'_>,
    graph: &str,
    out: &str,
    positions: Vec<String>,
    workers: usize,
    max_positions: usize,
) -> PyResult<String> {
    let cluster =
        grundy_dataflow::Cluster::with_hostfile(workers, 1, 0, None).map_err(solve_error)?;
    // The solve runs on a thread of its own while this one, Python's,
    // asks for signals: only the main thread sees them. Ctrl-C raises a
    // flag that stops the listing (a position at a time) and the workers
    // (together, before the next value, its start checkpointed, or in the
    // next round of the remoteness pass, every value checkpointed).
    let asked = Arc::new(AtomicBool::new(false));
    let solved = py.detach(|| {
        std::thread::scope(|scope| {
            let flag = asked.clone();
            let solving = scope.spawn(move || {
                let listing = flag.clone();
                grundy::stop::with_check(
                    move || {
                        if listing.load(Ordering::SeqCst) {
                            return Err(grundy::GameError::Stopped {
                                reason: "interrupted".to_owned(),
                            });
                        }
                        Ok(())
                    },
                    || {
                        grundy_dataflow::request::solve(grundy_dataflow::request::SolveRequest {
                            graph,
                            positions: &positions,
                            max_positions,
                            out: Path::new(out),
                            cluster,
                            options: grundy_dataflow::SolveOptions {
                                stop: Some(grundy_dataflow::StopFn(Arc::new(move || {
                                    flag.load(Ordering::SeqCst)
                                }))),
                                ..grundy_dataflow::SolveOptions::default()
                            },
                        })
                    },
                )
            });
            while !solving.is_finished() {
                std::thread::sleep(CHECK_EVERY);
                if let Err(signal) = Python::attach(|py| py.check_signals()) {
                    keep_pending(signal);
                    asked.store(true, Ordering::SeqCst);
                }
            }
            solving.join()
        })
    });
    let report = match solved {
        Ok(report) => report,
        Err(panic) => std::panic::resume_unwind(panic),
    };
    // Ctrl-C raises KeyboardInterrupt, even when the solve was done by
    // the time the workers would have stopped.
    if let Some(signal) = take_pending() {
        return Err(signal);
    }
    let report = report.map_err(solve_error)?;
    serde_json::to_string(&report).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The answers for `vertices` in the database at `dir`, as JSON.
#[pyfunction]
pub fn database_json(py: Python<'_>, dir: &str, vertices: Vec<String>) -> PyResult<String> {
    let report = py
        .detach(|| grundy_dataflow::request::lookup(Path::new(dir), &vertices))
        .map_err(solve_error)?;
    serde_json::to_string(&report).map_err(|e| PyValueError::new_err(e.to_string()))
}
