//! `grundy graph FILE`: the value and outcome of every vertex.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use grundy::spec::read_graph;
use grundy::Outcome;

use crate::output::stdout;
use crate::Format;

/// Runs `grundy graph FILE`. Nothing is printed unless the whole graph
/// solves: a cycle is an error, not a partial table.
pub fn run(file: &Path, format: Format) -> anyhow::Result<ExitCode> {
    let graph = read_graph(file)?;
    let values = graph
        .solve_all()
        .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let mut out = stdout();
    match format {
        Format::Json => {
            // Streamed by hand: a graph can have millions of vertices.
            write!(out, "{{\"vertices\": [")?;
            for (v, value) in values.iter().enumerate() {
                let sep = if v == 0 { "" } else { "," };
                let name = serde_json::to_string(graph.name(v as u32))?;
                write!(
                    out,
                    "{sep}\n  {{\"name\": {name}, \"value\": {value}, \"outcome\": \"{}\"}}",
                    Outcome::of(*value)
                )?;
            }
            writeln!(out, "\n]}}")?;
        }
        Format::Text => {
            let width = (0..graph.vertex_count())
                .map(|v| graph.name(v as u32).len())
                .max()
                .unwrap_or(0)
                .clamp(6, 40);
            writeln!(out, "{:<width$}  value  outcome", "vertex")?;
            for (v, value) in values.iter().enumerate() {
                writeln!(
                    out,
                    "{:<width$}  {:>5}  {}",
                    graph.name(v as u32),
                    value,
                    Outcome::of(*value)
                )?;
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
