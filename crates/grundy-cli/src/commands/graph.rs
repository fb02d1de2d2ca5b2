//! `grundy graph FILE`: the value, outcome and remoteness of every vertex,
//! cycles included (Smith's generalised values; draws).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use grundy::Graph;

use crate::flags::{ConventionFlag, FormatFlag};

/// Arguments of `grundy graph`.
#[derive(Args, Debug)]
#[command(mut_arg("misere", |arg| arg.help(
    "Misère play: the misère nim-value of each vertex (acyclic graphs only)"
)))]
pub struct GraphArgs {
    /// The file: one vertex per line, `name: succ1 succ2 ...` (or a
    /// spec whose family is a graph, such as `windup:7:2,3`).
    file: PathBuf,
    /// Refuse a graph with a cycle (naming a vertex on it) instead of
    /// giving generalised values and draws.
    #[arg(long)]
    acyclic: bool,
    #[command(flatten)]
    convention: ConventionFlag,
    #[command(flatten)]
    format: FormatFlag,
}

/// The graph named by a file, or by a spec whose family builds a graph
/// (`windup:N:S`) when no such file exists ([`grundy::spec::read_graph_or_spec`]).
pub fn graph_of(file: &Path) -> anyhow::Result<std::sync::Arc<Graph>> {
    Ok(grundy::spec::read_graph_or_spec(file)?)
}

/// Runs `grundy graph FILE`. Nothing is printed unless the whole graph
/// solves. With `--acyclic` (and in misère play) a cycle is an error, not
/// a partial table.
pub fn run(args: GraphArgs) -> anyhow::Result<ExitCode> {
    let graph = graph_of(&args.file)?;
    let name = args.file.display().to_string();
    let values = grundy::api::graph(&graph, &name, args.acyclic, args.convention.convention())?;
    crate::printer::print(&values.report(&graph), args.format.format)?;
    Ok(ExitCode::SUCCESS)
}
