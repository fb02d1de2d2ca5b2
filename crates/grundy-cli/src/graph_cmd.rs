//! `grundy graph FILE`: the value, outcome and remoteness of every vertex,
//! cycles included (Smith's generalised values; draws).

use std::path::Path;
use std::process::ExitCode;

use grundy::Graph;

use crate::printer::Format;

/// The graph named by a file, or by a spec whose family builds a graph
/// (`windup:N:S`) when no such file exists ([`grundy::spec::read_graph_or_spec`]).
pub fn graph_of(file: &Path) -> anyhow::Result<std::sync::Arc<Graph>> {
    Ok(grundy::spec::read_graph_or_spec(file)?)
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
