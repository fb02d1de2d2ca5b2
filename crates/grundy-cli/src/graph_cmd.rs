//! `grundy graph FILE`: the value and outcome of every vertex.

use std::path::Path;
use std::process::ExitCode;

use grundy::report::{GraphReport, VertexList};
use grundy::spec::read_graph;

use crate::Format;

/// Runs `grundy graph FILE`. Nothing is printed unless the whole graph
/// solves: a cycle is an error, not a partial table.
pub fn run(file: &Path, misere: bool, format: Format) -> anyhow::Result<ExitCode> {
    let graph = read_graph(file)?;
    let values = graph
        .solve_all()
        .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    if misere {
        let misere_values = crate::misere_cmd::graph_values(&graph)?;
        let values: Vec<grundy::Nimber> =
            misere_values.into_iter().map(grundy::Nimber::new).collect();
        let report = GraphReport {
            vertices: VertexList {
                graph: &graph,
                values: &values,
            },
        };
        crate::printer::print(&report, format)?;
        return Ok(ExitCode::SUCCESS);
    }
    let report = GraphReport {
        vertices: VertexList {
            graph: &graph,
            values: &values,
        },
    };
    crate::printer::print(&report, format)?;
    Ok(ExitCode::SUCCESS)
}
