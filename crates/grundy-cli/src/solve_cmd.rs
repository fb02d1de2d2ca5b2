//! `grundy solve GRAPH -o DIR` (every vertex on timely-dataflow, written
//! as a database) and `grundy db DIR [VERTEX...]` (answers read back).
//! Both only wire the arguments to `grundy_dataflow` and print its
//! reports.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use grundy_dataflow::db::Database;
use grundy_dataflow::request::{DbReport, SolveReport, SolveRequest};
use grundy_dataflow::{Cluster, SolveSummary};

use crate::printer::{print, Format, Render};

/// The first panic of a solve's threads, for its error.
static FIRST_FAILURE: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

impl Render for SolveReport {
    fn text(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let s = &self.summary;
        writeln!(
            out,
            "solved {} vertices, {} moves on {} worker{} in {:.2} s ({} rounds, {} messages)",
            s.vertices,
            s.edges,
            s.workers,
            if s.workers == 1 { "" } else { "s" },
            s.seconds,
            s.rounds,
            s.messages
        )?;
        summary_line(out, s)?;
        if s.resumed_from_level > 0 {
            writeln!(
                out,
                "resumed from the checkpoint of level {}",
                s.resumed_from_level
            )?;
        }
        writeln!(out, "database: {}", self.database)
    }
}

fn summary_line(out: &mut dyn std::io::Write, s: &SolveSummary) -> std::io::Result<()> {
    writeln!(
        out,
        "P-positions {}, N-positions {}, draws {}; largest finite value {}",
        s.p_positions, s.n_positions, s.draws, s.largest_value
    )
}

impl Render for DbReport {
    fn text(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        writeln!(
            out,
            "{}: {} vertices, {} moves, {} shard{}",
            self.database,
            self.summary.vertices,
            self.summary.edges,
            self.summary.workers,
            if self.summary.workers == 1 { "" } else { "s" }
        )?;
        summary_line(out, &self.summary)?;
        for v in &self.vertices {
            let remoteness = v
                .remoteness
                .map_or_else(|| "drawn".to_owned(), |r| format!("remoteness {r}"));
            writeln!(
                out,
                "{}: value {}, {}, {remoteness}",
                v.name, v.symbol, v.outcome
            )?;
        }
        Ok(())
    }
}

/// Runs `grundy solve`.
#[allow(clippy::too_many_arguments)]
pub fn solve(
    graph: &Path,
    positions: &[String],
    max_positions: u64,
    list_on_workers: bool,
    out: &Path,
    workers: usize,
    processes: usize,
    process: usize,
    hostfile: Option<&Path>,
    resume: bool,
    connect_timeout: f64,
    format: Format,
) -> anyhow::Result<ExitCode> {
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

/// Runs `grundy db`.
pub fn lookup(
    dir: &Path,
    vertices: &[String],
    export_cache: Option<&Path>,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let db = Database::open(dir)?;
    if let Some(path) = export_cache {
        let written = db.export_cache(path)?;
        eprintln!(
            "grundy: {written} solved parts of {} written to {}",
            db.game.as_deref().unwrap_or("the game"),
            path.display()
        );
    }
    print(&grundy_dataflow::request::lookup_in(&db, vertices)?, format)?;
    Ok(ExitCode::SUCCESS)
}
