//! `grundy solve GRAPH -o DIR` (every vertex on timely-dataflow, written
//! as a database) and `grundy db DIR [VERTEX...]` (answers read back).
//! Both only wire the arguments to `grundy_dataflow` and print its
//! reports.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use grundy_dataflow::db::Database;
use grundy_dataflow::{Cluster, GraphSource, SolveSummary};
use serde::Serialize;

use crate::printer::{print, Format, Render};

/// The first panic of a solve's threads, for its error.
static FIRST_FAILURE: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// What `grundy solve` prints.
#[derive(Serialize)]
pub struct SolveReport {
    /// The database's directory.
    pub database: String,
    /// The totals.
    #[serde(flatten)]
    pub summary: SolveSummary,
}

/// One vertex read from a database.
#[derive(Serialize)]
pub struct DbVertex {
    /// Its name (or number).
    pub vertex: String,
    /// `3`, `∞`, `∞(0,2)`.
    pub value: String,
    /// P, N or D.
    pub outcome: String,
    /// Its remoteness (`null` for a draw).
    pub remoteness: Option<u32>,
}

/// What `grundy db` prints.
#[derive(Serialize)]
pub struct DbReport {
    /// The database's directory.
    pub database: String,
    /// The totals the manifest gives.
    pub summary: SolveSummary,
    /// The vertices asked for.
    pub vertices: Vec<DbVertex>,
}

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
                v.vertex, v.value, v.outcome
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
    out: &Path,
    workers: usize,
    processes: usize,
    process: usize,
    hostfile: Option<&Path>,
    resume: bool,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let cluster = Cluster::with_hostfile(workers, processes, process, hostfile)?;
    let source = if positions.is_empty() {
        GraphSource::open(graph)?
    } else {
        let spec = graph.to_string_lossy();
        let limit = usize::try_from(max_positions).unwrap_or(usize::MAX);
        let space = match grundy::spec::parse_spec(&spec)? {
            grundy::game::Game::Positional(game) => game.state_space(positions, limit)?,
            _ => anyhow::bail!(
                "'{spec}' with start positions: only games of boards, pairs and graphs of their own are listed as a state space (a graph file or windup:N:S is solved as it is, without positions)"
            ),
        };
        GraphSource::Graph(std::sync::Arc::new(space))
    };
    // Timely's threads panic when a peer process goes; the first of those
    // messages (which names the connection) is kept for the error, and
    // none is printed as a panic.
    std::panic::set_hook(Box::new(|info| {
        let mut first = FIRST_FAILURE
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if first.is_none() {
            let thread = std::thread::current();
            let message = info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| {
                    info.payload()
                        .downcast_ref::<&str>()
                        .map(|s| (*s).to_owned())
                })
                .unwrap_or_default();
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
        progress: Some(progress),
        game: (!positions.is_empty()).then(|| graph.to_string_lossy().into_owned()),
        // The crash tests' hook: abort once this level is checkpointed.
        abort_after_level: std::env::var("GRUNDY_TEST_ABORT_AFTER_LEVEL")
            .ok()
            .and_then(|v| v.parse().ok()),
    };
    let solved = grundy_dataflow::solve_with(source, &cluster, out, &options);
    let _ = std::panic::take_hook();
    let summary = solved
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
                (e, _) => anyhow::Error::new(e),
            }
        })
        .with_context(|| format!("solving {}", graph.display()))?;
    // Each process reports the same totals; only process 0 prints them.
    if process == 0 {
        print(
            &SolveReport {
                database: out.display().to_string(),
                summary,
            },
            format,
        )?;
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
    let mut found = Vec::with_capacity(vertices.len());
    for key in vertices {
        let v = db.vertex(key).with_context(|| {
            format!(
                "no vertex '{key}' in the database (of {} vertices)",
                db.len()
            )
        })?;
        let answer = db.get(v).context("the database lost a vertex")?;
        let value = answer.value();
        found.push(DbVertex {
            vertex: db.name(v),
            value: value.symbol(),
            outcome: value.outcome().to_string(),
            remoteness: (answer.remoteness != grundy_dataflow::DRAWN).then_some(answer.remoteness),
        });
    }
    print(
        &DbReport {
            database: dir.display().to_string(),
            summary: db.summary.clone(),
            vertices: found,
        },
        format,
    )?;
    Ok(ExitCode::SUCCESS)
}
