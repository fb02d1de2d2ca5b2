//! `grundy.solve` and `grundy.database`: the request layer of the
//! dataflow solve ([`grundy_dataflow::request`]), its reports as the CLI's
//! JSON (the Python layer parses them).

use std::path::Path;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

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
    let report = py
        .detach(|| {
            grundy_dataflow::request::solve(grundy_dataflow::request::SolveRequest {
                graph,
                positions: &positions,
                max_positions,
                out: Path::new(out),
                cluster,
                options: grundy_dataflow::SolveOptions::default(),
            })
        })
        .map_err(solve_error)?;
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
