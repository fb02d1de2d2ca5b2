//! The `grundy` command: parses arguments and wires the library's engines
//! to the terminal. Exit codes: 0 ok, 1 a negative answer, 2 an error.
#![forbid(unsafe_code)]

mod analyze;
mod compute;
mod cost;
mod cut_cmd;
mod eval;
mod genus_cmd;
mod graph_cmd;
mod interrupt;
mod numbers;
mod output;
mod period_cmd;
mod play;
mod plot;
mod printer;
mod progress;
mod seq;
mod solve_cmd;

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use grundy::Convention;
use printer::Format;

/// The nim-sequence engine, as chosen on the command line.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum EngineName {
    /// Sparse where it applies and pays, dense otherwise.
    #[default]
    Auto,
    /// The dense engine.
    Dense,
    /// The rare/common (sparse space) engine.
    Sparse,
}

impl EngineName {
    /// The library's engine choice, with an optional fixed mask.
    pub fn choice(self, mask: Option<u64>) -> anyhow::Result<grundy::sequence::EngineChoice> {
        use grundy::sequence::EngineChoice;
        Ok(match (self, mask) {
            (EngineName::Dense, Some(_)) => {
                anyhow::bail!("--mask applies to the sparse engine, not --engine dense")
            }
            (EngineName::Dense, None) => EngineChoice::Dense,
            (EngineName::Auto, None) => EngineChoice::Auto,
            (_, mask) => EngineChoice::Sparse { mask },
        })
    }

    /// The name recorded in checkpoints.
    pub fn name(self) -> &'static str {
        match self {
            EngineName::Auto => "auto",
            EngineName::Dense => "dense",
            EngineName::Sparse => "sparse",
        }
    }
}

/// Nimber operations.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum NimberOp {
    /// Nim-sum (XOR): the value of a sum of games.
    Add,
    /// Nim-product in the field of numbers below 2^64.
    Mul,
    /// The inverse under nim-product of one number (not 0).
    Inv,
    /// A divided by B under nim-product (B not 0).
    Div,
    /// The square root under nim-product (every number has one).
    Sqrt,
    /// A to the power E (E an ordinary integer), under nim-product.
    Pow,
    /// The least number not among the operands.
    Mex,
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
    /// Run requests estimated to take longer than 10 minutes instead of
    /// refusing them.
    #[arg(long, global = true)]
    allow_long: bool,
    /// Print the details in text output too: the proofs' checks and
    /// inequalities, the masks of rare values (JSON always has them).
    #[arg(long, global = true)]
    verbose: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The main job: values, period (proved or observed), exceptions, rare
    /// values and a plot of a heap game.
    Analyze {
        /// The game (e.g. kayles, 0.137, sub:2,3,7).
        spec: String,
        /// Most values to compute while looking for a provable period
        /// (default 2^16, lowered with a note for games that grow cubically).
        #[arg(long, value_parser = numbers::parse_count, allow_negative_numbers = true)]
        max: Option<u64>,
        /// The plot file (.svg or .png); default: named after the game.
        #[arg(long, conflicts_with = "no_plot")]
        plot: Option<PathBuf>,
        /// Write no plot.
        #[arg(long)]
        no_plot: bool,
        /// Replace the plot file even if it is not a plot of this game
        /// (a plot of the same game is always replaced).
        #[arg(long)]
        force: bool,
        /// Misère play: the misère nim-values (default --max 64; the plot
        /// goes to SPEC-misere.svg).
        #[arg(long)]
        misere: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Extend the sequence until its period is proved or --max values; over a family of boards numbered by N (node-kayles:star:N), the pattern in boards 0..--max (40), observed only.
    Period {
        /// The game.
        spec: String,
        /// Misère values (default --max 64), the pattern observed only.
        #[arg(long)]
        misere: bool,
        /// Most values to compute (e.g. 65536, 2^24, 1e6; default 2^24,
        /// lowered with a note for games that grow cubically).
        #[arg(long, value_parser = numbers::parse_count, allow_negative_numbers = true)]
        max: Option<u64>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// G(n) for any n up to 2^64-1, from a proved period when n is large.
    Value {
        /// The game.
        spec: String,
        /// The heap.
        #[arg(value_parser = numbers::parse_count, allow_negative_numbers = true)]
        n: u64,
        /// Most values to compute directly or while proving a period
        /// (default 2^24, lowered with a note for games that grow cubically).
        #[arg(long, value_parser = numbers::parse_count, allow_negative_numbers = true)]
        max: Option<u64>,
        /// Misère play: the misère nim-value (Bouton's rule for Nim, a
        /// search over sums otherwise).
        #[arg(long, conflicts_with = "max")]
        misere: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// The misère quotient of a heap game's heaps up to a bound
    /// (Plambeck–Siegel): order, presentation, P-portion, each heap's
    /// element; built heap by heap and verified.
    Quotient {
        /// The game.
        spec: String,
        /// The largest heap.
        #[arg(long, value_parser = numbers::parse_count, allow_negative_numbers = true)]
        max: u64,
        /// The largest order to allow, at most 2^20 (a quotient takes
        /// about 4 × (generators + 3) bytes an element).
        #[arg(long, default_value_t = grundy::heap::quotient::DEFAULT_MAX_ORDER)]
        max_order: usize,
        /// Stop a heap whose candidates have failed this many rounds one
        /// step further along the same sums (the quotient looks
        /// infinite); 0 never stops on that.
        #[arg(long, default_value_t = grundy::heap::quotient::DEFAULT_CLIMB_ROUNDS)]
        climb_rounds: usize,
        /// Keep the finished heaps in this file (written after heaps at
        /// most every --checkpoint-secs, before a heap's candidates, at
        /// the end and when a limit stops the run) and, when it exists, go
        /// on from the heaps it holds (verified again first).
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<std::path::PathBuf>,
        /// The least time between two writes of the checkpoint after
        /// heaps, in seconds.
        #[arg(long, value_parser = numbers::parse_seconds, default_value = "1")]
        checkpoint_secs: std::time::Duration,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// The genus of each heap in misère play (g0^g1 g2 ...).
    Genus {
        /// The game.
        spec: String,
        /// Positions of a game whose positions are not heaps: (3,5) for
        /// wythoff, rows THHTH of a coin-turning game, ...
        positions: Vec<String>,
        /// How many heaps, from 0 (heap games).
        #[arg(short = 'n', long = "count", default_value = "20", value_parser = numbers::parse_count, allow_negative_numbers = true)]
        count: u64,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Compare a conjectured formula for G(n) with the computed values.
    Check {
        /// The game.
        spec: String,
        /// A Rhai expression in n; helpers: popcount, omega, odd_part,
        /// nim_sum, nim_mul, mex, floor_log2.
        #[arg(long)]
        formula: String,
        /// Check the misère values instead.
        #[arg(long)]
        misere: bool,
        /// How many values to check.
        #[arg(short = 'n', long = "count", default_value = "1000", value_parser = numbers::parse_count, allow_negative_numbers = true)]
        count: u64,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Scatter plot of G(n) (SVG or PNG by the file's extension).
    Plot {
        /// The game.
        spec: String,
        /// How many values.
        #[arg(short = 'n', long = "count", default_value = "1000", value_parser = numbers::parse_count, allow_negative_numbers = true)]
        count: u64,
        /// The image file (default: named after the game, as analyze's:
        /// kayles.svg, kayles-misere.svg).
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
        /// Plot the misère values instead.
        #[arg(long)]
        misere: bool,
        /// Replace the image file even if it is not a plot of this game
        /// (a plot of the same game is always replaced).
        #[arg(long)]
        force: bool,
    },
    /// Value, outcome and every winning move of a sum of positions.
    Eval {
        /// The game (e.g. nim, graph:FILE).
        spec: String,
        /// The components of the sum (heap sizes, vertex names...); @FILE
        /// reads one from a file (a graph file for node-kayles, arc-kayles
        /// and green-hackenbush).
        #[arg(required = true, allow_negative_numbers = true)]
        positions: Vec<String>,
        /// Misère play: the last mover loses (the outcome of the whole sum,
        /// and every move to a misère P-position).
        #[arg(long)]
        misere: bool,
        /// Also the remoteness of the sum: how many moves it lasts when the
        /// winner hurries and the loser delays (a search over the sums it
        /// can reach: small sums only).
        #[arg(long, conflicts_with = "misere")]
        remoteness: bool,
        /// Only the outcome (P or N) and one winning move: for boards and
        /// graphs the search then asks whether the sum is a P-position and
        /// never finds its value, which can be much faster. With --misere
        /// (whose answer is an outcome already, with every winning move)
        /// it changes nothing.
        #[arg(long, conflicts_with = "remoteness")]
        outcome: bool,
        /// The most memory, in MiB, the search's table of solved parts
        /// takes, for games solved by search (boards, graphs); past it the
        /// entries that cost least to find are replaced (default: a sixth
        /// of the machine's memory, from 512 to 4096; the table grows only
        /// as the search needs).
        #[arg(long, value_name = "MIB")]
        tt_size: Option<usize>,
        /// Keep the solved parts of a search (boards, graphs) in FILE: a
        /// search stopped or killed resumes from them when run again with
        /// the same FILE (a file of another game is refused).
        #[arg(long, value_name = "FILE")]
        cache: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// The values G(0..N-1) of a heap game.
    Seq(seq::SeqArgs),
    /// List the games grundy knows.
    Games {
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Shell completions for bash, zsh, fish, elvish or PowerShell, on
    /// stdout (e.g. `grundy completions bash > ~/.local/share/bash-completion/completions/grundy`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// The manual page (roff), on stdout: `grundy man > grundy.1; man ./grundy.1`;
    /// `grundy man seq` gives the page of one command (grundy-seq(1)).
    Man {
        /// A command whose page to print instead.
        command: Option<String>,
    },
    /// Nimber arithmetic: nim-sum and nim-product of numbers below 2^64.
    Nimber {
        /// The operation.
        #[arg(value_enum)]
        op: NimberOp,
        /// The operands (decimal, 2^k, 1e6, 0x... or 0b...).
        #[arg(required = true, value_parser = numbers::parse_count, allow_negative_numbers = true)]
        operands: Vec<u64>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Every value of a cutting game with all sides <= --max, or G(x,y) of
    /// a game on two coordinates (wythoff, fibonacci-nim, mem, tartan products)
    /// up to --max.
    Table {
        /// The game (cut:1 to cut:4, wythoff, wythoff:k, fibonacci-nim, mem,
        /// tartan(A,B)).
        spec: String,
        /// The largest side.
        #[arg(long, value_parser = numbers::parse_count, allow_negative_numbers = true)]
        max: u64,
        /// Misère play: each box's misère nim-value, by search (small
        /// tables only).
        #[arg(long)]
        misere: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = cut_cmd::TableFormat::Text)]
        format: cut_cmd::TableFormat,
    },
    /// Play against a perfect opponent in the terminal (reads moves from
    /// stdin: a number, a move as listed, or the position it leaves; h for
    /// a hint, u to undo, q to quit).
    Play {
        /// The game.
        spec: String,
        /// The start position, a sum of components.
        #[arg(required = true, allow_negative_numbers = true)]
        positions: Vec<String>,
        /// Misère play: the last mover loses.
        #[arg(long)]
        misere: bool,
    },
    /// The web explorer and its JSON API (binds to loopback by default).
    Serve {
        /// The address to listen on: HOST:PORT or HOST (port 8080), where
        /// HOST is an IP address or a name (localhost).
        #[arg(long, default_value = "127.0.0.1:8080", value_parser = parse_listen_addr)]
        addr: std::net::SocketAddr,
        /// The most values one request may compute.
        #[arg(long, default_value = "2^20", value_parser = numbers::parse_count)]
        max_values: u64,
        /// The longest a request may take, in seconds.
        #[arg(long, default_value_t = 2.0)]
        time_limit: f64,
        /// Computations at once.
        #[arg(long, default_value_t = 4)]
        concurrent: usize,
        /// A database `grundy solve` wrote: read (checksums checked) at
        /// start, and answered from at /api/db and in the page.
        #[arg(long, value_name = "DIR")]
        db: Option<PathBuf>,
    },
    /// Every vertex of a game graph solved on timely-dataflow (one worker
    /// by default; threads with -w, processes and machines with -n, -p,
    /// -h as timely defines them), written as a sharded, checksummed
    /// database that `grundy db` reads.
    #[command(disable_help_flag = true)]
    Solve {
        /// The graph: a graph file, a family's graph (`windup:7:2,3`) or a
        /// binary edge list (a file that starts with GRUNDYEL; the format
        /// is in the README); or, with positions after it, a game whose
        /// positions reachable from them are the graph (`cram 3x4`).
        graph: PathBuf,
        /// Start positions of the game (their sum is the start): every
        /// position reachable from it is solved.
        positions: Vec<String>,
        /// The most positions the state space from the start positions may
        /// have.
        #[arg(long, default_value = "10^7", value_parser = numbers::parse_count)]
        max_positions: u64,
        /// List the state space on the workers, each its share of the
        /// positions, even in one process (several processes always do;
        /// one process otherwise lists it itself, about five times as
        /// fast).
        #[arg(long)]
        list_on_workers: bool,
        /// The database's directory (created; an earlier database there
        /// is replaced).
        #[arg(short = 'o', long)]
        out: PathBuf,
        /// Worker threads in each process.
        #[arg(short = 'w', long = "workers", default_value_t = 1)]
        workers: usize,
        /// Processes in all (each started with the same arguments and its
        /// own -p).
        #[arg(short = 'n', long = "processes", default_value_t = 1)]
        processes: usize,
        /// This process's index, from 0.
        #[arg(short = 'p', long = "process", default_value_t = 0)]
        process: usize,
        /// A file of the processes' addresses, `host:port` one per line
        /// in process order (default: localhost:2101, 2102, ...). `-h`
        /// with no file after it prints this help, as in every other
        /// command.
        #[arg(short = 'h', long = "hostfile")]
        hostfile: Option<PathBuf>,
        /// Start from the last level a stopped solve checkpointed in the
        /// same directory (every process with --resume; the same layout
        /// and graph).
        #[arg(long)]
        resume: bool,
        /// Seconds to wait for every process of the cluster to connect
        /// before stopping with an error.
        #[arg(long, default_value_t = 60.0)]
        connect_timeout: f64,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Print help.
        #[arg(long, action = clap::ArgAction::Help)]
        help: Option<bool>,
    },
    /// Answers from a database that `grundy solve` wrote: each vertex's
    /// value, outcome and remoteness (every shard's checksum checked).
    Db {
        /// The database's directory.
        dir: PathBuf,
        /// Vertices by name (or number, for a binary edge list); none: the
        /// totals only.
        vertices: Vec<String>,
        /// Write the values of the one-component positions of a game's
        /// state space (`grundy solve cram 4x6 -o DIR`) as a search cache
        /// of that game: `grundy eval cram 5x7 --cache FILE` starts from
        /// them.
        #[arg(long, value_name = "FILE")]
        export_cache: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Value and outcome of every vertex of a game graph file.
    Graph {
        /// The file: one vertex per line, `name: succ1 succ2 ...` (or a
        /// spec whose family is a graph, such as `windup:7:2,3`).
        file: PathBuf,
        /// Refuse a graph with a cycle (naming a vertex on it) instead of
        /// giving generalised values and draws.
        #[arg(long)]
        acyclic: bool,
        /// Misère play: the misère nim-value of each vertex (acyclic
        /// graphs only).
        #[arg(long)]
        misere: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

/// Whether the arguments ask `solve` for its help with `-h`: there `-h`
/// names the hostfile (timely's convention), so `-h` with no file after
/// it (last, or before another flag) is the help, as in every command.
fn solve_help_asked(args: &[std::ffi::OsString]) -> bool {
    let Some(at) = args.iter().position(|a| a == "solve") else {
        return false;
    };
    // `solve` must be the command, not a value of a flag before it.
    if args[1..at]
        .iter()
        .any(|a| !a.to_string_lossy().starts_with('-'))
    {
        return false;
    }
    args[at + 1..].iter().enumerate().any(|(i, a)| {
        a == "-h"
            && args
                .get(at + 2 + i)
                .is_none_or(|next| next.to_string_lossy().starts_with('-'))
    })
}

fn run() -> anyhow::Result<ExitCode> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if solve_help_asked(&args) {
        let mut command = <Cli as clap::CommandFactory>::command();
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
    cost::set_allow_long(cli.allow_long);
    printer::set_verbose(cli.verbose);
    match cli.command {
        // The server checks its own deadlines; play talks to a terminal.
        command @ (Command::Serve { .. } | Command::Play { .. }) => run_command(command),
        // Searches with no natural step (misère sums, remoteness, the
        // solver's traversal) show how far they have gone.
        command => {
            interrupt::install();
            progress::searching(|| run_command(command))
        }
    }
}

fn run_command(command: Command) -> anyhow::Result<ExitCode> {
    // The flag is parsed into the library's convention here, once; the
    // commands hand it to the request layer and never branch on it.
    let convention = Convention::from_misere_flag;
    match command {
        Command::Analyze {
            spec,
            max,
            plot,
            no_plot,
            force,
            misere,
            format,
        } => {
            let plot = if no_plot {
                analyze::PlotChoice::None
            } else {
                plot.map_or(analyze::PlotChoice::Default, analyze::PlotChoice::File)
            };
            analyze::run(&spec, max, plot, force, convention(misere), format)
        }
        Command::Period {
            spec,
            misere,
            max,
            format,
        } => period_cmd::run_period(&spec, max, convention(misere), format),
        Command::Value {
            spec,
            n,
            misere,
            max,
            format,
        } => period_cmd::run_value(&spec, n, max, convention(misere), format),
        Command::Quotient {
            spec,
            max,
            max_order,
            climb_rounds,
            checkpoint,
            checkpoint_secs,
            format,
        } => genus_cmd::run_quotient(
            &spec,
            max,
            grundy::heap::quotient::QuotientLimits {
                max_order,
                climb_rounds,
                deadline: None,
            },
            checkpoint.as_deref().map(|path| (path, checkpoint_secs)),
            format,
        ),
        Command::Genus {
            spec,
            positions,
            count,
            format,
        } => genus_cmd::run_genus(&spec, &read_position_files(positions)?, count, format),
        Command::Check {
            spec,
            formula,
            misere,
            count,
            format,
        } => period_cmd::run_check(&spec, &formula, count, convention(misere), format),
        Command::Plot {
            spec,
            count,
            output,
            misere,
            force,
        } => analyze::run_plot(&spec, count, convention(misere), output.as_deref(), force),
        Command::Eval {
            spec,
            positions,
            misere,
            remoteness,
            outcome,
            tt_size,
            cache,
            format,
        } => {
            let positions = read_position_files(positions)?;
            let request = grundy::api::SumRequest {
                spec: &spec,
                positions: &positions,
                convention: convention(misere),
                remoteness,
                table_bytes: tt_size.map(|mib| mib.saturating_mul(1 << 20)),
                cache: cache.as_deref(),
                outcome_only: outcome,
            };
            eval::run(&request, format)
        }
        Command::Graph {
            file,
            acyclic,
            misere,
            format,
        } => graph_cmd::run(&file, acyclic, convention(misere), format),
        Command::Solve {
            graph,
            positions,
            max_positions,
            list_on_workers,
            out,
            workers,
            processes,
            process,
            hostfile,
            resume,
            connect_timeout,
            format,
            help: _,
        } => solve_cmd::solve(
            &graph,
            &positions,
            max_positions,
            list_on_workers,
            &out,
            workers,
            processes,
            process,
            hostfile.as_deref(),
            resume,
            connect_timeout,
            format,
        ),
        Command::Db {
            dir,
            vertices,
            export_cache,
            format,
        } => solve_cmd::lookup(&dir, &vertices, export_cache.as_deref(), format),
        Command::Seq(args) => seq::run(&args),
        Command::Games { format } => games(format),
        Command::Play {
            spec,
            positions,
            misere,
        } => play::run(&spec, &read_position_files(positions)?, convention(misere)),
        Command::Serve {
            addr,
            max_values,
            time_limit,
            concurrent,
            db,
        } => serve(addr, max_values, time_limit, concurrent, db),
        Command::Nimber {
            op,
            operands,
            format,
        } => nimber(op, &operands, format),
        Command::Table {
            spec,
            max,
            misere,
            format,
        } => cut_cmd::run(&spec, max, convention(misere), format),
        Command::Completions { shell } => {
            let mut out = output::stdout();
            clap_complete::generate(
                shell,
                &mut <Cli as clap::CommandFactory>::command(),
                "grundy",
                &mut out,
            );
            io::Write::flush(&mut out)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Man { command } => {
            let cli = <Cli as clap::CommandFactory>::command();
            let page = match command {
                None => cli.after_long_help(man_sections()),
                Some(name) => {
                    let Some(sub) = cli.find_subcommand(&name) else {
                        let known: Vec<&str> =
                            cli.get_subcommands().map(|c| c.get_name()).collect();
                        anyhow::bail!("no command '{name}': the commands are {}", known.join(", "));
                    };
                    let name = format!("grundy-{}", sub.get_name());
                    sub.clone().name(name)
                }
            };
            let mut out = output::stdout();
            clap_mangen::Man::new(page).render(&mut out)?;
            io::Write::flush(&mut out)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// What the man page says beyond the options: every game spec (from the
/// library's registry, so a new family appears by itself), examples, and
/// the exit codes.
fn man_sections() -> String {
    let mut text = String::from("GAME SPECS\n");
    for (spec, about) in grundy::spec::game_list() {
        text.push_str(&format!("  {spec}\n      {about}\n"));
    }
    text.push_str(
        "\nEXAMPLES\n\
  grundy analyze kayles              values, the period with its proof, rare values, a plot\n\
  grundy seq 0.137 -n 1000           G(0..999) of Dawson's chess\n\
  grundy value kayles 1e18           G(n) for a huge heap, from the proved period\n\
  grundy eval kayles 9 4             value, outcome and every winning move of a sum\n\
  grundy eval cram 4x7               a board: every winning domino, named on your board\n\
  grundy eval node-kayles petersen   a graph: every winning vertex\n\
  grundy eval kayles 3 4 --misere    misère play (the last mover loses)\n\
  grundy play kayles 10              play against the engine in the terminal\n\
  grundy serve                       the explorer on http://127.0.0.1:8080/\n\
\nEXIT STATUS\n\
  0    success (a broken pipe too)\n\
  1    a negative answer: check found a counterexample\n\
  2    an error: bad input, a limit, a refused request (the message says which)\n\
  130  interrupted (Ctrl-C); the message says what was finished and kept\n",
    );
    text
}

fn nimber(op: NimberOp, operands: &[u64], format: Format) -> anyhow::Result<ExitCode> {
    use anyhow::Context;
    use grundy::Nimber;
    let values = operands.iter().map(|&v| Nimber::new(v));
    let arity = |n: usize, form: &str| -> anyhow::Result<()> {
        if operands.len() != n {
            anyhow::bail!(
                "'nimber {form}' takes {n} operand{}, not {}",
                if n == 1 { "" } else { "s" },
                operands.len()
            );
        }
        Ok(())
    };
    let result = match op {
        NimberOp::Add => values.fold(Nimber::ZERO, |a, b| a ^ b),
        NimberOp::Mul => values.fold(Nimber::new(1), Nimber::nim_mul),
        NimberOp::Mex => grundy::mex(values),
        NimberOp::Inv => {
            arity(1, "inv A")?;
            Nimber::new(operands[0])
                .nim_inv()
                .context("0 has no inverse under nim-product")?
        }
        NimberOp::Div => {
            arity(2, "div A B")?;
            Nimber::new(operands[0])
                .nim_div(Nimber::new(operands[1]))
                .context("division by 0")?
        }
        NimberOp::Sqrt => {
            arity(1, "sqrt A")?;
            Nimber::new(operands[0]).nim_sqrt()
        }
        NimberOp::Pow => {
            arity(2, "pow A E")?;
            Nimber::new(operands[0]).nim_pow(operands[1])
        }
    };
    let report = grundy::report::NimberReport {
        operation: format!("{op:?}").to_lowercase(),
        operands: operands.to_vec(),
        result: result.value(),
    };
    printer::print(&report, format)?;
    Ok(ExitCode::SUCCESS)
}

fn games(format: Format) -> anyhow::Result<ExitCode> {
    let report = grundy::api::games(grundy::spec::SpecSource::FilesAllowed);
    printer::print(&report, format)?;
    Ok(ExitCode::SUCCESS)
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

/// The port `serve --addr HOST` listens on.
const DEFAULT_PORT: u16 = 8080;

/// Reads `serve --addr`: an IP address with or without a port, or a
/// host name resolved here (`localhost:8080`), taking a loopback address
/// of the name when it has one so that a name of this machine does not
/// open the server to the network.
fn parse_listen_addr(text: &str) -> Result<std::net::SocketAddr, String> {
    use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    // An IPv6 address without a port is written bare (`::1`) or in
    // brackets (`[::1]`), both brackets or none: `[::1` is a typo.
    let bare = match text.strip_prefix('[') {
        Some(rest) => rest
            .strip_suffix(']')
            .ok_or_else(|| format!("'{text}' opens a bracket it does not close (an IPv6 address is written [::1] or [::1]:8080)"))?,
        None if text.ends_with(']') => {
            return Err(format!("'{text}' closes a bracket it did not open"))
        }
        None => text,
    };
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return Ok(SocketAddr::new(ip, DEFAULT_PORT));
    }
    let (host, port) = match text.rsplit_once(':') {
        Some((host, port)) => {
            let port = port
                .parse::<u16>()
                .map_err(|_| format!("'{port}' is not a port (0 to 65535)"))?;
            (host, port)
        }
        None => (text, DEFAULT_PORT),
    };
    let addrs: Vec<SocketAddr> = (host, port)
        .to_socket_addrs()
        .map_err(|e| format!("the host '{host}' does not resolve: {e}"))?
        .collect();
    addrs
        .iter()
        .find(|a| a.ip().is_loopback() && a.is_ipv4())
        .or_else(|| addrs.iter().find(|a| a.ip().is_loopback()))
        .or_else(|| addrs.first())
        .copied()
        .ok_or_else(|| format!("the host '{host}' has no address"))
}

/// Runs `grundy serve`.
fn serve(
    addr: std::net::SocketAddr,
    max_values: u64,
    time_limit: f64,
    concurrent: usize,
    database: Option<PathBuf>,
) -> anyhow::Result<ExitCode> {
    if !(time_limit.is_finite() && time_limit > 0.0 && time_limit <= 3600.0) {
        anyhow::bail!("--time-limit {time_limit}: give seconds between 0 and 3600");
    }
    if !addr.ip().is_loopback() {
        eprintln!(
            "grundy: warning: serving on {addr}, beyond loopback: anyone who can reach this machine can use the server"
        );
    }
    let limits = grundy_server::Limits {
        max_values,
        time_limit: std::time::Duration::from_secs_f64(time_limit),
        concurrent: concurrent.max(1),
        ..grundy_server::Limits::default()
    };
    use anyhow::Context;
    let database = database
        .map(|dir| {
            grundy_dataflow::db::Database::open(&dir)
                .with_context(|| format!("reading the database {}", dir.display()))
        })
        .transpose()?;
    grundy_server::run(addr, limits, database, |bound| {
        eprintln!("grundy: serving the explorer on http://{bound}/");
    })
    .map_err(|e| anyhow::anyhow!("serving on {addr}: {e}"))?;
    Ok(ExitCode::SUCCESS)
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

/// The positions as written, each `@FILE` replaced by the file's text
/// (ending in a line break, which marks graph-file text for the families
/// that read it). The library never reads files named in positions: only
/// this face does, so the server and Python read none.
fn read_position_files(positions: Vec<String>) -> anyhow::Result<Vec<String>> {
    use anyhow::Context;
    positions
        .into_iter()
        .map(|position| match position.strip_prefix('@') {
            Some(path) => {
                let mut text = std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read the position file '{path}'"))?;
                if !text.ends_with('\n') {
                    text.push('\n');
                }
                Ok(text)
            }
            None => Ok(position),
        })
        .collect()
}
