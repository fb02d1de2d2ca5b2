//! `grundy table cut:D --max N`: every value of a cutting game with all
//! sides <= N, with a progress bar for long tables.

use std::io::Write;
use std::process::ExitCode;

use grundy::report::{GridReport, GridRows, TableReport};
use grundy::spec::parse_spec;

use clap::Args;
use grundy::api::{self, Table};

use crate::compute::CliInputs;
use crate::flags::{BudgetFlags, ConventionFlag};
use crate::output::stdout;
use crate::printer::Format;

/// Arguments of `grundy table`.
#[derive(Args, Debug)]
#[command(mut_arg("misere", |arg| arg.help(
    "Misère play: each box's misère nim-value, by search (small tables only)"
)))]
pub struct TableArgs {
    /// The game (cut:1 to cut:4, wythoff, wythoff:k, fibonacci-nim, mem,
    /// tartan(A,B)).
    spec: String,
    /// The largest side.
    #[arg(long, value_parser = crate::numbers::parse_count, allow_negative_numbers = true)]
    max: u64,
    #[command(flatten)]
    convention: ConventionFlag,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    format: TableFormat,
    #[command(flatten)]
    budget: BudgetFlags,
}

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

/// Writes `side1,...,<value_column>` rows under their header, one per box.
fn write_csv(
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

/// Prints a table over two coordinates.
fn print_grid(
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

/// Runs `grundy table SPEC --max N [--misere]` through the request layer
/// ([`grundy::api::table`]) and renders its answer.
pub fn run(args: TableArgs) -> anyhow::Result<ExitCode> {
    let spec = args.spec.as_str();
    let format = args.format;
    let game = parse_spec(spec)?;
    let mut inputs = CliInputs::new(spec, args.budget);
    match api::table(
        game,
        spec,
        args.max,
        args.convention.convention(),
        &mut inputs,
    )? {
        Table::Grid {
            axes,
            convention,
            values,
        } => print_grid(spec, axes, convention, &values, format),
        Table::Boxes(table) => {
            let report = TableReport::new(spec, &table);
            match format {
                TableFormat::Json => crate::printer::print(&report, Format::Json)?,
                TableFormat::Text => crate::printer::print(&report, Format::Text)?,
                TableFormat::Csv => write_csv(table.dim(), "value", table.sorted_entries())?,
            }
            Ok(ExitCode::SUCCESS)
        }
        Table::MisereBoxes(report) => {
            match format {
                TableFormat::Json => crate::printer::print(&report, Format::Json)?,
                TableFormat::Text => crate::printer::print(&report, Format::Text)?,
                TableFormat::Csv => write_csv(
                    report.dim,
                    "misere_value",
                    report.boxes.iter().map(|b| (b.sides.clone(), b.value)),
                )?,
            }
            Ok(ExitCode::SUCCESS)
        }
        _ => anyhow::bail!("'{spec}': a table this version cannot print"),
    }
}
