//! The `grundy` command: parses the arguments into each command's typed
//! arguments and hands them to the command's module (`commands/`), which
//! asks the library's request layer and prints its report. Exit codes: 0
//! ok, 1 a negative answer, 2 an error.
#![forbid(unsafe_code)]

mod commands;
mod compute;
mod cost;
mod flags;
mod interrupt;
mod numbers;
mod output;
mod plot_file;
mod printer;
mod progress;

use std::io;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};
use commands::*;

#[derive(Parser, Debug)]
#[command(
    name = "grundy",
    version,
    about = "Sprague-Grundy values, sums and winning moves of impartial games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Print the details in text output too: the proofs' checks and
    /// inequalities, the masks of rare values (JSON always has them).
    #[arg(long, global = true)]
    verbose: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The main job: values, period (proved or observed), exceptions, rare
    /// values and a plot of a heap game.
    Analyze(analyze::AnalyzeArgs),
    /// Extend the sequence until its period is proved or --max values; over a family of boards numbered by N (node-kayles:star:N), the pattern in boards 0..--max (40), observed only.
    Period(period::PeriodArgs),
    /// G(n) for any n up to 2^64-1, from a proved period when n is large.
    Value(value::ValueArgs),
    /// The misère quotient of a heap game's heaps up to a bound
    /// (Plambeck–Siegel): order, presentation, P-portion, each heap's
    /// element; built heap by heap and verified.
    Quotient(quotient::QuotientArgs),
    /// The genus of each heap in misère play (g0^g1 g2 ...).
    Genus(genus::GenusArgs),
    /// Compare a conjectured formula for G(n) with the computed values.
    Check(check::CheckArgs),
    /// Scatter plot of G(n) (SVG or PNG by the file's extension).
    Plot(plot::PlotArgs),
    /// Value, outcome and every winning move of a sum of positions.
    Eval(eval::EvalArgs),
    /// The values G(0..N-1) of a heap game.
    Seq(seq::SeqArgs),
    /// List the games grundy knows.
    Games(games::GamesArgs),
    /// Shell completions for bash, zsh, fish, elvish or PowerShell, on
    /// stdout (e.g. `grundy completions bash > ~/.local/share/bash-completion/completions/grundy`).
    Completions(completions::CompletionsArgs),
    /// The manual page (roff), on stdout: `grundy man > grundy.1; man ./grundy.1`;
    /// `grundy man seq` gives the page of one command (grundy-seq(1)).
    Man(man::ManArgs),
    /// Nimber arithmetic: nim-sum and nim-product of numbers below 2^64.
    Nimber(nimber::NimberArgs),
    /// Every value of a cutting game with all sides <= --max, or G(x,y) of
    /// a game on two coordinates (wythoff, fibonacci-nim, mem, tartan products)
    /// up to --max.
    Table(table::TableArgs),
    /// Play against a perfect opponent in the terminal (reads moves from
    /// stdin: a number, a move as listed, or the position it leaves; h for
    /// a hint, u to undo, q to quit).
    Play(play::PlayArgs),
    /// The web explorer and its JSON API (binds to loopback by default).
    Serve(serve::ServeArgs),
    /// Every vertex of a game graph solved on timely-dataflow (one worker
    /// by default; threads with -w, processes and machines with -n, -p,
    /// -h as timely defines them), written as a sharded, checksummed
    /// database that `grundy db` reads.
    #[command(disable_help_flag = true)]
    Solve(solve::SolveArgs),
    /// Answers from a database that `grundy solve` wrote: each vertex's
    /// value, outcome and remoteness (every shard's checksum checked).
    Db(db::DbArgs),
    /// Value and outcome of every vertex of a game graph file.
    Graph(graph::GraphArgs),
}

fn run() -> anyhow::Result<ExitCode> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if solve::help_asked(&args) {
        let mut command = Cli::command();
        command.build();
        if let Some(solve) = command.find_subcommand_mut("solve") {
            solve.print_help()?;
            return Ok(ExitCode::SUCCESS);
        }
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return Ok(usage_error(&error)),
    };
    printer::set_verbose(cli.verbose);
    match cli.command {
        // The server checks its own deadlines; play talks to a terminal.
        command @ (Command::Serve(_) | Command::Play(_)) => dispatch(command),
        // Searches with no natural step (misère sums, remoteness, the
        // solver's traversal) show how far they have gone.
        command => {
            interrupt::install();
            progress::searching(|| dispatch(command))
        }
    }
}

/// Hands each command its arguments.
fn dispatch(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Analyze(args) => analyze::run(args),
        Command::Period(args) => period::run(args),
        Command::Value(args) => value::run(args),
        Command::Quotient(args) => quotient::run(args),
        Command::Genus(args) => genus::run(args),
        Command::Check(args) => check::run(args),
        Command::Plot(args) => plot::run(args),
        Command::Eval(args) => eval::run(args),
        Command::Seq(args) => seq::run(&args),
        Command::Games(args) => games::run(args),
        Command::Completions(args) => completions::run(args, Cli::command()),
        Command::Man(args) => man::run(args, Cli::command()),
        Command::Nimber(args) => nimber::run(args),
        Command::Table(args) => table::run(args),
        Command::Play(args) => play::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Db(args) => db::run(args),
        Command::Graph(args) => graph::run(args),
    }
}

/// True when the error (or its cause) is a closed pipe on output, which
/// is how `grundy ... | head` ends and is not an error.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        let io_kind = cause.downcast_ref::<io::Error>().map(io::Error::kind);
        // JSON is written by serde_json, whose error wraps the pipe's.
        let json_kind = cause
            .downcast_ref::<serde_json::Error>()
            .and_then(serde_json::Error::io_error_kind);
        io_kind.or(json_kind) == Some(io::ErrorKind::BrokenPipe)
    })
}

/// Prints clap's refusal of the command line with grundy's own prefix
/// (`grundy: error: ...`, as every other error) and exits 2; help and
/// `--version` print as clap prints them, exiting 0.
fn usage_error(error: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let shown_as_is = match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Some(0),
        // `grundy` alone: the help, but the command line was incomplete.
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => Some(2),
        _ => None,
    };
    if let Some(code) = shown_as_is {
        let _ = error.print();
        return ExitCode::from(code);
    }
    let rendered = error.render().to_string();
    let message = rendered.strip_prefix("error: ").unwrap_or(&rendered);
    eprint!("grundy: error: {message}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("grundy: error: {error:#}");
            if interrupt::interrupted() {
                ExitCode::from(interrupt::EXIT_CODE)
            } else {
                ExitCode::from(2)
            }
        }
    }
}
