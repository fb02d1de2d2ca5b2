//! `grundy table cut:D --max N`: every value of a cutting game with all
//! sides <= N, with a progress bar for long tables.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{bail, Context};
use grundy::cut::CutGame;
use grundy::report::{GridReport, GridRows, TableReport};
use grundy::spec::{parse_spec, Game};

use grundy::misere::MisereSearch;
use grundy::{Convention, Ruleset};

use crate::compute::compute_table;
use crate::output::stdout;
use crate::Format;

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

/// The cutting game a `table` request names, and its largest side.
pub fn table_request(spec: &str, max: u64) -> anyhow::Result<(CutGame, usize)> {
    let Game::Cut(game) = parse_spec(spec)? else {
        bail!("'{spec}' has no table: 'table' is for cutting games (cut:1 to cut:4) and games on two coordinates (wythoff, fibonacci-nim, mem, tartan products); heap games use 'seq'");
    };
    let max = usize::try_from(max)
        .ok()
        .filter(|&m| m < u32::MAX as usize)
        .ok_or_else(|| anyhow::anyhow!("--max {max}: a side must be below 2^32 - 1"))?;
    Ok((game, max))
}

/// Writes `side1,...,<value_column>` rows under their header, one per box.
pub fn write_csv(
    dim: usize,
    value_column: &str,
    entries: impl Iterator<Item = (Vec<usize>, u64)>,
) -> anyhow::Result<()> {
    let mut out = stdout();
    let header: Vec<String> = (1..=dim).map(|i| format!("side{i}")).collect();
    writeln!(out, "{},{value_column}", header.join(","))?;
    for (sides, value) in entries {
        let cells: Vec<String> = sides.iter().map(usize::to_string).collect();
        writeln!(out, "{},{value}", cells.join(","))?;
    }
    out.flush()?;
    Ok(())
}

/// Runs `grundy table SPEC --max N` for a family with two coordinates.
fn run_grid(
    spec: &str,
    grid: &dyn grundy::grid::ValueGrid,
    max: u64,
    format: TableFormat,
) -> anyhow::Result<ExitCode> {
    let values = grid
        .table(max)
        .with_context(|| format!("computing the table of '{spec}' up to {max}"))?;
    print_grid(spec, grid.axes(), None, &values, format)
}

/// Prints a table over two coordinates.
pub fn print_grid(
    spec: &str,
    axes: [&'static str; 2],
    convention: Option<grundy::Convention>,
    values: &grundy::grid::Grid,
    format: TableFormat,
) -> anyhow::Result<ExitCode> {
    let report = GridReport {
        game: spec,
        convention,
        axes,
        max: values.rows.saturating_sub(1),
        values: GridRows(values),
    };
    match format {
        TableFormat::Json => crate::printer::print(&report, Format::Json)?,
        TableFormat::Text => crate::printer::print(&report, Format::Text)?,
        TableFormat::Csv => {
            let [a, b] = report.axes;
            let mut out = stdout();
            writeln!(out, "{a},{b},value")?;
            for x in 0..values.rows {
                for (y, v) in values.row(x).iter().enumerate() {
                    writeln!(out, "{x},{y},{v}")?;
                }
            }
            out.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `grundy table SPEC --max N [--misere]`.
pub fn run(
    spec: &str,
    max: u64,
    convention: Convention,
    format: TableFormat,
) -> anyhow::Result<ExitCode> {
    if convention.is_misere() {
        return run_misere(spec, max, format);
    }
    if let Game::Positional(game) = parse_spec(spec)? {
        if let Some(grid) = game.value_grid() {
            return run_grid(spec, grid, max, format);
        }
    }
    let (game, max) = table_request(spec, max)?;
    let dim = game.dim();
    let table = compute_table(dim, max)?;
    let report = TableReport::new(spec, &table);
    match format {
        TableFormat::Json => crate::printer::print(&report, Format::Json)?,
        TableFormat::Text => crate::printer::print(&report, Format::Text)?,
        TableFormat::Csv => write_csv(dim, "value", table.sorted_entries())?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `grundy table cut:D --max N --misere`: the misère nim-value of
/// every box with sorted sides up to N, by the search (small tables).
fn run_misere(spec: &str, max: u64, format: TableFormat) -> anyhow::Result<ExitCode> {
    if let Game::Positional(game) = parse_spec(spec)? {
        if let Some(grid) = game.value_grid() {
            // Every cell as the position (x,y) the family reads.
            let side = usize::try_from(max)?.saturating_add(1);
            let mut values = grundy::grid::Grid::zeros(side, side)?;
            let side64 = side as u64;
            let texts: Vec<String> = (0..side64)
                .flat_map(|x| (0..side64).map(move |y| grid.cell(x, y)))
                .collect();
            let misere = game
                .misere_values(&texts)
                .with_context(|| format!("the misère values of the table of '{spec}'"))?;
            for (cell, value) in values.values.iter_mut().zip(misere) {
                *cell = u32::try_from(value)?;
            }
            return print_grid(spec, grid.axes(), Some(Convention::Misere), &values, format);
        }
    }
    let (game, max) = table_request(spec, max)?;
    let mut search = MisereSearch::new(&game);
    let mut boxes = Vec::new();
    for sides in grundy::cut::sorted_boxes(game.dim(), max) {
        let narrow: Vec<u32> = sides.iter().map(|&s| s as u32).collect();
        let cuboid = grundy::cut::Cuboid::new(&narrow)?;
        let value = search
            .misere_value(&[cuboid], &[])
            .with_context(|| format!("the misère value of {}", game.format_position(&cuboid)))?;
        boxes.push(grundy::report::BoxReport { sides, value });
    }
    let report = grundy::report::MisereTableReport {
        game: spec.to_owned(),
        convention: Convention::Misere,
        max,
        boxes,
    };
    match format {
        TableFormat::Json => crate::printer::print(&report, Format::Json)?,
        TableFormat::Text => crate::printer::print(&report, Format::Text)?,
        TableFormat::Csv => write_csv(
            game.dim(),
            "misere_value",
            report.boxes.iter().map(|b| (b.sides.clone(), b.value)),
        )?,
    }
    Ok(ExitCode::SUCCESS)
}
