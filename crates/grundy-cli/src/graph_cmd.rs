//! `grundy graph FILE`: the value, outcome and remoteness of every vertex,
//! cycles included (Smith's generalised values; draws).

use std::path::Path;
use std::process::ExitCode;

use grundy::spec::{parse_spec, read_graph, Game, SpecError};
use grundy::Graph;

use crate::printer::Format;

/// The graph named by a file, or by a spec whose family builds a graph
/// (`windup:N:S`) when no such file exists.
pub fn graph_of(file: &Path) -> anyhow::Result<std::sync::Arc<Graph>> {
    if !file.exists() {
        if let Some(text) = file.to_str().filter(|t| t.contains(':')) {
            match parse_spec(text) {
                Ok(Game::Graph(graph)) => return Ok(graph),
                // A family's own complaint about its spec beats "no such
                // file"; a spec of another kind is not a graph.
                Err(e @ SpecError::Rules { .. }) => return Err(e.into()),
                Ok(_) => anyhow::bail!("'{text}' is not a graph: 'grundy graph' takes a graph file or a loopy family such as windup:N:S"),
                Err(_) => {}
            }
        }
    }
    Ok(std::sync::Arc::new(read_graph(file)?))
}

/// Runs `grundy graph FILE`. Nothing is printed unless the whole graph
/// solves. With `acyclic` (and in misère play) a cycle is an error, not a
/// partial table.
pub fn run(
    file: &Path,
    acyclic: bool,
    convention: grundy::Convention,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let graph = graph_of(file)?;
    let name = file.display().to_string();
    let values = grundy::api::graph(&graph, &name, acyclic, convention)?;
    crate::printer::print(&values.report(&graph), format)?;
    Ok(ExitCode::SUCCESS)
}
