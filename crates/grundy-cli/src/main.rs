//! The `grundy` command: parses arguments and wires the library's engines
//! to the terminal. Exit codes: 0 ok, 1 a negative answer, 2 an error.

mod eval;
mod graph_cmd;
mod output;
mod seq;

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// Output formats shared by every command that prints results.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human-readable text.
    Text,
    /// JSON.
    Json,
}

#[derive(Parser, Debug)]
#[command(
    name = "grundy",
    version,
    about = "Sprague-Grundy values, sums and winning moves of impartial games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Value, outcome and every winning move of a sum of positions.
    Eval {
        /// The game (e.g. nim, graph:FILE).
        spec: String,
        /// The components of the sum (heap sizes, vertex names...).
        #[arg(required = true)]
        positions: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// The values G(0..N-1) of a heap game.
    Seq {
        /// The game (e.g. kayles, 0.137, sub:1,3,4).
        spec: String,
        /// How many values.
        #[arg(short = 'n', long = "count", default_value_t = 100)]
        count: u64,
        /// Output format.
        #[arg(long, value_enum, default_value_t = seq::SeqFormat::Text)]
        format: seq::SeqFormat,
    },
    /// List the games grundy knows.
    Games,
    /// Value and outcome of every vertex of a game graph file.
    Graph {
        /// The file: one vertex per line, `name: succ1 succ2 ...`.
        file: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

fn run() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    match cli.command {
        Command::Eval {
            spec,
            positions,
            format,
        } => eval::run(&spec, &positions, format),
        Command::Graph { file, format } => graph_cmd::run(&file, format),
        Command::Seq {
            spec,
            count,
            format,
        } => seq::run(&spec, count, format),
        Command::Games => games(),
    }
}

fn games() -> anyhow::Result<ExitCode> {
    use std::io::Write;
    let mut out = output::stdout();
    let list = grundy::spec::game_list();
    let width = list.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    for (name, about) in list {
        writeln!(out, "{name:<width$}  {about}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// True when the error (or its cause) is a closed pipe on output, which
/// is how `grundy ... | head` ends and is not an error.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("grundy: error: {error:#}");
            ExitCode::from(2)
        }
    }
}
