//! `grundy graph FILE`: the value and outcome of every vertex.

use std::path::Path;
use std::process::ExitCode;

use grundy::report::{GraphReport, VertexList};
use grundy::spec::read_graph;

use crate::Format;

/// Runs `grundy graph FILE`. Nothing is printed unless the whole graph
/// solves: a cycle is an error, not a partial table.
pub fn run(file: &Path, format: Format) -> anyhow::Result<ExitCode> {
    let graph = read_graph(file)?;
    let values = graph
        .solve_all()
        .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let report = GraphReport {
        vertices: VertexList {
            graph: &graph,
            values: &values,
        },
    };
    crate::printer::print(&report, format)?;
    Ok(ExitCode::SUCCESS)
}
