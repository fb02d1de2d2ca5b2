//! `grundy table cut:D --max N`: every value of a cutting game with all
//! sides <= N, with a progress bar for long tables.

use std::io::Write;
use std::process::ExitCode;
use std::sync::Mutex;

use anyhow::bail;
use grundy::cut::CutTable;
use grundy::spec::{parse_spec, Game};

use crate::output::stdout;
use crate::progress::Progress;

/// Output formats of `table`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TableFormat {
    /// A grid in 2-D (row x, column y); one `AxBxC value` line per box
    /// otherwise.
    Text,
    /// `{"game", "max", "note", "boxes": [{"sides", "value"}, ...]}`.
    Json,
    /// `side1,...,value` rows under a header.
    Csv,
}

/// Computes a table, showing a progress bar on a terminal once it has
/// taken more than a second.
pub fn compute_table(dim: usize, max: usize) -> anyhow::Result<CutTable> {
    crate::cost::check_table_cost(dim, max)?;
    let progress = Mutex::new(Progress::new(
        0,
        "{elapsed_precise} [{bar:40}] {pos}/{len} boxes, ETA {eta}",
    ));
    // The layers report from both cores.
    let report = |done: u64, total: u64| {
        if let Ok(mut progress) = progress.lock() {
            progress.set_of(done, total);
        }
    };
    let table = CutTable::compute(dim, max, &report)?;
    if let Ok(progress) = progress.into_inner() {
        progress.finish();
    }
    Ok(table)
}

/// Runs `grundy table SPEC --max N`.
pub fn run(spec: &str, max: u64, format: TableFormat) -> anyhow::Result<ExitCode> {
    let Game::Cut(game) = parse_spec(spec)? else {
        bail!("'{spec}' has no table: 'table' is for cutting games (cut:1 to cut:4); heap games use 'seq'");
    };
    let dim = game.dim();
    let max = usize::try_from(max)
        .ok()
        .filter(|&m| m < u32::MAX as usize)
        .ok_or_else(|| anyhow::anyhow!("--max {max}: a side must be below 2^32 - 1"))?;
    let table = compute_table(dim, max)?;
    let mut out = stdout();
    match format {
        TableFormat::Json => {
            write!(
                out,
                "{{\"game\": {}, \"max\": {max}, \"note\": \"sides sorted; values do not depend on their order\", \"boxes\": [",
                serde_json::to_string(spec)?
            )?;
            for (i, (sides, value)) in table.sorted_entries().enumerate() {
                let sep = if i == 0 { "" } else { "," };
                write!(
                    out,
                    "{sep}\n  {{\"sides\": {}, \"value\": {value}}}",
                    serde_json::to_string(&sides)?
                )?;
            }
            writeln!(out, "\n]}}")?;
        }
        TableFormat::Csv => {
            let header: Vec<String> = (1..=dim).map(|i| format!("side{i}")).collect();
            writeln!(out, "{},value", header.join(","))?;
            for (sides, value) in table.sorted_entries() {
                let cells: Vec<String> = sides.iter().map(usize::to_string).collect();
                writeln!(out, "{},{value}", cells.join(","))?;
            }
        }
        TableFormat::Text if dim == 2 => {
            // A grid: row x, column y.
            write!(out, "{:>4} |", "x\\y")?;
            for y in 1..=max {
                write!(out, " {y:>3}")?;
            }
            writeln!(out)?;
            for x in 1..=max {
                write!(out, "{x:>4} |")?;
                for y in 1..=max {
                    let value = grundy::cut::Cuboid::new(&[x as u32, y as u32])
                        .ok()
                        .and_then(|b| table.value(&b))
                        .unwrap_or(0);
                    write!(out, " {value:>3}")?;
                }
                writeln!(out)?;
            }
        }
        TableFormat::Text => {
            writeln!(out, "# {spec}: G of every box with sorted sides <= {max} (values do not depend on the order of the sides)")?;
            // Written number by number: tables run to millions of lines.
            for (sides, value) in table.sorted_entries() {
                for (i, side) in sides.iter().enumerate() {
                    if i > 0 {
                        out.write_all(b"x")?;
                    }
                    write!(out, "{side}")?;
                }
                writeln!(out, " {value}")?;
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
