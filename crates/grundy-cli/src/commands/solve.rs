//! `grundy solve GRAPH -o DIR`: every vertex on timely-dataflow, written
//! as a database that `grundy db` reads. Only wires the arguments to
//! `grundy_dataflow` and prints its report.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use grundy_dataflow::request::SolveRequest;
use grundy_dataflow::Cluster;

use crate::flags::FormatFlag;
use crate::printer::print;

/// Arguments of `grundy solve` (its `-h` names the hostfile, as timely
/// has it; [`help_asked`] makes a bare `-h` the help).
#[derive(Args, Debug)]
#[command(disable_help_flag = true)]
pub struct SolveArgs {
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
    #[arg(long, default_value = "10^7", value_parser = crate::numbers::parse_count)]
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
    #[command(flatten)]
    format: FormatFlag,
    /// Print help.
    #[arg(long, action = clap::ArgAction::Help)]
    help: Option<bool>,
}

/// Whether the arguments ask `solve` for its help with `-h`: there `-h`
/// names the hostfile (timely's convention), so `-h` with no file after
/// it (last, or before another flag) is the help, as in every command.
pub fn help_asked(args: &[std::ffi::OsString]) -> bool {
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

/// The first panic of a solve's threads, for its error.
static FIRST_FAILURE: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// Runs `grundy solve`.
pub fn run(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let SolveArgs {
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
        format: FormatFlag { format },
        help: _,
    } = args;
    let hostfile = hostfile.as_deref();
    let (graph, out, positions) = (&graph, &out, &positions);
    if !(connect_timeout.is_finite() && connect_timeout > 0.0) {
        anyhow::bail!("--connect-timeout {connect_timeout}: a number of seconds above 0");
    }
    let cluster = Cluster::with_hostfile(workers, processes, process, hostfile)?
        .with_connect_timeout(
            std::time::Duration::try_from_secs_f64(connect_timeout).map_err(|_| {
                anyhow::anyhow!("--connect-timeout {connect_timeout}: too many seconds")
            })?,
        );
    // Timely's threads panic when a peer process goes; the first of those
    // messages (which names the connection) is kept for the error, and
    // none is printed as a panic.
    std::panic::set_hook(Box::new(|info| {
        let mut first = FIRST_FAILURE
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if first.is_none() {
            let thread = std::thread::current();
            let message = grundy::error::panic_message(info.payload()).unwrap_or_default();
            *first = Some(format!(
                "{}: {message}",
                thread.name().unwrap_or("a thread")
            ));
        }
    }));
    // Worker 0's reports, shown after a second on a terminal.
    let bar = std::sync::Mutex::new(crate::progress::Progress::new(
        0,
        "{elapsed_precise} solving: {msg}",
    ));
    let progress = grundy_dataflow::ProgressFn(std::sync::Arc::new(move |what| {
        let message = match what {
            grundy_dataflow::SolveProgress::Started => return,
            // Said once, after a second of waiting, on any terminal or none.
            grundy_dataflow::SolveProgress::Connecting { waiting_for } => {
                eprintln!("grundy: {waiting_for}");
                return;
            }
            grundy_dataflow::SolveProgress::Loaded { edges } => format!("{edges} moves loaded"),
            grundy_dataflow::SolveProgress::Level {
                level,
                candidates,
                rounds,
            } => format!("value {level}: {candidates} candidates (round {rounds})"),
            grundy_dataflow::SolveProgress::Remoteness { remoteness, rounds } => {
                format!("remoteness {remoteness} settled (round {rounds})")
            }
            _ => return,
        };
        let mut bar = bar
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        bar.set_with_message(0, message);
    }));
    let options = grundy_dataflow::SolveOptions {
        resume,
        list_on_workers,
        progress: Some(progress),
        // Ctrl-C: the workers stop together at the next value, its start
        // checkpointed.
        stop: Some(grundy_dataflow::StopFn(std::sync::Arc::new(
            crate::interrupt::interrupted,
        ))),
        // The crash tests' hook (their build only): abort once this level
        // is checkpointed.
        abort_after_level: grundy::test_hooks::abort_after("GRUNDY_TEST_ABORT_AFTER_LEVEL")
            .and_then(|level| u32::try_from(level).ok()),
        ..grundy_dataflow::SolveOptions::default()
    };
    // The listing of a state space in this process checks Ctrl-C too.
    let solved = grundy::stop::with_check(crate::interrupt::check, || {
        grundy_dataflow::request::solve(SolveRequest {
            graph: &graph.to_string_lossy(),
            positions,
            max_positions: usize::try_from(max_positions).unwrap_or(usize::MAX),
            out,
            cluster,
            options,
        })
    });
    let _ = std::panic::take_hook();
    let report = solved
        .map_err(|e| {
            let first = FIRST_FAILURE
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .take();
            match (e, first) {
                // The first panic names the connection; the one the
                // solve caught is only its echo.
                (grundy_dataflow::SolveError::Stopped(_), Some(first)) => {
                    anyhow::Error::new(grundy_dataflow::SolveError::Stopped(first))
                }
                (
                    e @ (grundy_dataflow::SolveError::Interrupted { .. }
                    | grundy_dataflow::SolveError::InterruptedInRemoteness { .. }),
                    _,
                ) => {
                    anyhow::anyhow!("{e}; {}", crate::interrupt::RESUME_HINT)
                }
                (e, _) => anyhow::Error::new(e),
            }
        })
        .with_context(|| format!("solving {}", graph.display()))?;
    // Each process reports the same totals; only process 0 prints them.
    if process == 0 {
        print(&report, format)?;
    }
    Ok(ExitCode::SUCCESS)
}
