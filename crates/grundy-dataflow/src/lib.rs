//! Whole game graphs solved on timely-dataflow, by one worker or by many
//! across processes: every vertex's generalised Sprague–Grundy value
//! (Smith's γ, finite or ∞(K)), its outcome and its remoteness, the same
//! answers as the single-process [`grundy::loopy::LoopySolution`], written
//! as a sharded, checksummed database ([`db`]).
//!
//! **Why timely.** The communication (threads, processes, machines; the
//! `-w`, `-n`, `-p`, `-h` conventions) and the knowledge of when a round
//! is over everywhere (progress tracking) are timely's; this crate only
//! says what each vertex sends.
//!
//! **Sharding.** Vertex v of a graph read from a file lives on worker
//! `v mod W` of the W workers of all processes (vertex numbers are dense,
//! so this spreads them evenly). A worker keeps, for its own vertices
//! only, the out-degree and the list of predecessors (the reversed
//! edges): memory per worker is about 1/W of the graph's, the input aside
//! (a text graph is held whole by each process; a binary edge list is
//! streamed).
//!
//! **State spaces** are listed by the workers themselves, never whole in
//! one place: a position is owned by the worker a hash of its name picks;
//! breadth first, each worker lists the moves of the positions it found
//! last round and sends each follower's name to its owner, which numbers
//! the new ones. The listing is deterministic (each round's messages are
//! sorted before numbering), so a checkpoint fits a rerun; at its end
//! worker i holds a range of the final numbers
//! ([`Layout::Ranges`](shard::Layout::Ranges)).
//!
//! **Rounds.** The work is level-synchronous: in round t every worker
//! sends its messages (each to the owner of the vertex it is about) at
//! timestamp t, and reads what it received once the probe says no worker
//! can send anything more at t. With the messages goes each worker's count
//! of them, broadcast, so every worker knows at once whether anything
//! moved anywhere and all take the same decision to go on or stop.
//!
//! **Values** (Smith's labelling by levels, as in [`grundy::loopy`]): in
//! level m the candidates are the unlabelled vertices with followers of
//! each value below m; a candidate is labelled m once every one of its
//! followers not yet labelled is *answered* (has a follower labelled m).
//! A label m goes to the predecessors (they have a follower of value m:
//! answered, and past m for the next level), and an answered vertex tells
//! its predecessors, whose counts of followers to answer go down. A level
//! ends with a round in which nobody sent anything; the labelling ends
//! with a level without candidates. Any order of these steps gives the
//! same labels (γ is unique), so the rounds need not follow the
//! single-process order.
//!
//! **Remoteness**: retrograde, one round per remoteness: the vertices of
//! remoteness r tell their predecessors; a predecessor with a P-follower
//! is N at r + 1, one whose followers are all N is P at r + 1.

#![forbid(unsafe_code)]

mod checkpoint;
mod checkpointing;
mod cluster;
mod connect;
pub mod db;
pub mod edges;
mod labelling;
mod listing;
pub mod request;
mod rounds;
mod shard;
mod workers;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use thiserror::Error;

use workers::{panic_text, run_workers, Slot};

pub use cluster::{Cluster, DEFAULT_CONNECT_TIMEOUT, MAX_PROCESSES, MAX_THREADS};
pub use edges::{GraphSource, StateSpace};
// The marks of an infinite value and of a draw are the library's, which
// the remoteness pass (grundy::loopy::Retrograde) also writes.
pub use grundy::loopy::{DRAWN, INFINITE};

/// What can go wrong in a solve.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SolveError {
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file is not what it says (damaged, cut, another format).
    #[error("{path}: {reason}")]
    Format {
        /// The file.
        path: PathBuf,
        /// What is wrong, first thing found.
        reason: String,
    },
    /// The graph could not be read (its own error, with line numbers).
    #[error("{0}")]
    Graph(String),
    /// A worker stopped: a process of the cluster died or a connection
    /// broke (the others stop too; no manifest is written).
    #[error("a process of the cluster stopped or a connection broke ({0}); this process stopped too and wrote no database")]
    Stopped(String),
    /// A request past what the solve supports.
    #[error("{0}")]
    Limit(String),
    /// Stopped on request ([`SolveOptions::stop`], Ctrl-C) when value
    /// `level` was about to be labelled: every worker stopped there, after
    /// checkpointing the values below it, and no database was written.
    #[error("stopped on request before value {level}: the values below it are checkpointed in {dir}, and no database was written")]
    Interrupted {
        /// The value the workers were about to label.
        level: u32,
        /// The output directory, which holds the checkpoint.
        dir: PathBuf,
    },
    /// Stopped on request during the remoteness pass, after every value:
    /// the last level's checkpoint holds them all (a resumed solve goes
    /// straight to the remoteness), and no database was written.
    #[error("stopped on request while finding remoteness, every value found: they are checkpointed in {dir}, and no database was written")]
    InterruptedInRemoteness {
        /// The output directory, which holds the checkpoint.
        dir: PathBuf,
    },
    /// The workers could not start or one of them failed (a process
    /// gone, a connection refused).
    #[error("the dataflow failed: {0}")]
    Dataflow(String),
}

impl GraphSource {
    /// The graph named on a command line: a binary edge list (a file that
    /// starts with `GRUNDYEL`), else a graph file of the text format or a
    /// family's graph (`windup:N:S`).
    pub fn open(path: &Path) -> Result<GraphSource, SolveError> {
        let mut magic = [0u8; 8];
        let is_list = std::fs::File::open(path)
            .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic))
            .is_ok()
            && &magic == edges::EDGE_LIST_MAGIC;
        if is_list {
            return Ok(GraphSource::EdgeList(path.to_owned()));
        }
        grundy::spec::read_graph_or_spec(path)
            .map(GraphSource::Graph)
            .map_err(|e| SolveError::Graph(e.to_string()))
    }
}

impl SolveError {
    fn io(path: &Path, source: std::io::Error) -> SolveError {
        SolveError::Io {
            path: path.to_owned(),
            source,
        }
    }
}

/// Where a solve is, for a progress display (worker 0 reports, with the
/// totals over all workers).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveProgress {
    /// This process has waited a second for other processes of the
    /// cluster to connect: whom it waits for (said once).
    Connecting {
        /// The processes not yet connected, with their addresses.
        waiting_for: String,
    },
    /// A worker of this process started: every process of the cluster is
    /// connected (reported by every worker, not only worker 0).
    Started,
    /// Every worker has its part of the graph.
    Loaded {
        /// Moves read.
        edges: u64,
    },
    /// A level of the labelling begins.
    Level {
        /// The value being given.
        level: u32,
        /// Vertices that may get it.
        candidates: u64,
        /// Rounds so far.
        rounds: u64,
    },
    /// A round of the remoteness pass is over.
    Remoteness {
        /// The remoteness just settled.
        remoteness: u32,
        /// Rounds so far.
        rounds: u64,
    },
}

/// A callback for [`SolveProgress`] reports.
#[derive(Clone)]
pub struct ProgressFn(pub Arc<dyn Fn(SolveProgress) + Send + Sync>);

impl std::fmt::Debug for ProgressFn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ProgressFn")
    }
}

/// Asked by every worker before each value is labelled and in each round
/// of the remoteness pass: `true` stops the solve there, once the values
/// below it are checkpointed ([`SolveError::Interrupted`], or
/// [`SolveError::InterruptedInRemoteness`] with every value; any worker's
/// `true` stops them all).
#[derive(Clone)]
pub struct StopFn(pub Arc<dyn Fn() -> bool + Send + Sync>);

impl std::fmt::Debug for StopFn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StopFn")
    }
}

/// How a solve runs, beyond the workers' layout.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// Start from the last level a stopped solve checkpointed in the same
    /// directory (an error when its layout or graph differs; from the
    /// beginning when there is none).
    pub resume: bool,
    /// For crash tests: the process aborts once every worker has
    /// checkpointed this level, as if killed there.
    pub abort_after_level: Option<u32>,
    /// Called by worker 0 as the solve goes (levels, remoteness rounds).
    pub progress: Option<ProgressFn>,
    /// Whether to stop (Ctrl-C), asked at each value's start and each
    /// round of the remoteness pass.
    pub stop: Option<StopFn>,
    /// The game whose state space the graph is (its spec), recorded in
    /// the manifest: its one-component positions can then feed that
    /// game's searches ([`db::Database::export_cache`]).
    pub game: Option<String>,
    /// List a game's state space on the workers even in one process (it
    /// is, always, across several processes). One process otherwise
    /// lists it itself, about five times as fast: the workers pass
    /// positions as text (Cram 5x6's 474,151 sums: 6.0 s and 533 MB
    /// listed in the process, 20.3 s and 905 MB on one worker, 12.1 s on
    /// two).
    pub list_on_workers: bool,
}

/// What a solve found, over all vertices (every process gets the same).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct SolveSummary {
    /// Vertices solved.
    pub vertices: u64,
    /// Edges (moves) read.
    pub edges: u64,
    /// Vertices with each outcome: P, N, draw.
    pub p_positions: u64,
    /// N-positions.
    pub n_positions: u64,
    /// Drawn positions.
    pub draws: u64,
    /// The largest finite value.
    pub largest_value: u32,
    /// Rounds of message exchange the solve took.
    pub rounds: u64,
    /// Messages sent between vertices in all.
    pub messages: u64,
    /// Workers in all processes.
    pub workers: usize,
    /// Seconds the solve took (loading, rounds and writing).
    pub seconds: f64,
    /// The level the labelling resumed from (0: from the beginning).
    pub resumed_from_level: u32,
}

/// One vertex's answer, as the database keeps it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct VertexAnswer {
    /// The vertex.
    pub vertex: u32,
    /// Its finite value, or [`INFINITE`].
    pub label: u32,
    /// K, the sorted finite values among the followers, when the value is
    /// infinite (empty otherwise).
    pub escapes: Vec<u32>,
    /// Its remoteness, or [`DRAWN`].
    pub remoteness: u32,
}

impl VertexAnswer {
    /// The vertex's value in the library's terms.
    #[must_use]
    pub fn value(&self) -> grundy::loopy::LoopyValue {
        match self.label {
            INFINITE => grundy::loopy::LoopyValue::Infinite(
                self.escapes.iter().map(|&k| u64::from(k)).collect(),
            ),
            m => grundy::loopy::LoopyValue::Finite(u64::from(m)),
        }
    }
}

/// Solves every vertex of `source` on the workers of `cluster`, writes
/// the database to `out` (each worker its shard; the manifest last, once
/// every shard is complete) and returns the totals.
pub fn solve(
    source: GraphSource,
    cluster: &Cluster,
    out: &Path,
) -> Result<SolveSummary, SolveError> {
    solve_with(source, cluster, out, &SolveOptions::default())
}

/// [`solve`] with options: resuming from a checkpoint, a crash test's
/// abort.
pub fn solve_with(
    source: GraphSource,
    cluster: &Cluster,
    out: &Path,
    options: &SolveOptions,
) -> Result<SolveSummary, SolveError> {
    // A state space's count is known once its workers have listed it.
    let vertices = match &source {
        GraphSource::StateSpace(_) => 0,
        _ => source.vertex_count()?,
    };
    std::fs::create_dir_all(out).map_err(|e| SolveError::io(out, e))?;
    db::clear(out)?;
    if !options.resume {
        checkpoint::clear(out)?;
    }
    let source = Arc::new(source);
    let out = out.to_owned();
    let summary: Slot = Arc::new(Mutex::new(None));
    // A process of the cluster that dies, or a connection that breaks,
    // makes timely's threads panic; that is this solve's error, never a
    // partial database (the manifest is written only at the end).
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        run_workers(cluster, source, vertices, out, summary, options.clone())
    }));
    match run {
        Ok(result) => result,
        Err(payload) => Err(SolveError::Stopped(panic_text(payload.as_ref()))),
    }
}
