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
//! worker i holds a range of the final numbers ([`Layout::Ranges`]).
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
mod connect;
pub mod db;
pub mod edges;
pub mod request;

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::{Arc, Mutex};

use thiserror::Error;
use timely::communication::AllocatorBuilder;
use timely::container::CapacityContainerBuilder;
use timely::dataflow::operators::vec::Broadcast;
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};

pub use edges::{GraphSource, StateSpace};

/// A vertex's finite value is this when the value is infinite.
pub const INFINITE: u32 = u32::MAX;

/// The remoteness of a drawn vertex.
pub const DRAWN: u32 = u32::MAX;

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

/// How the workers are laid out: timely's own options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// Worker threads in each process (`-w`).
    pub threads: usize,
    /// Processes in all (`-n`).
    pub processes: usize,
    /// This process's index, from 0 (`-p`).
    pub process: usize,
    /// Each process's `host:port`, in process order (`-h FILE`, one per
    /// line); loopback ports from 2101 when absent.
    pub addresses: Vec<String>,
    /// How long a process waits for the others to connect
    /// (`--connect-timeout`).
    pub connect_timeout: std::time::Duration,
}

impl Default for Cluster {
    fn default() -> Self {
        Cluster {
            threads: 1,
            processes: 1,
            process: 0,
            addresses: Vec::new(),
            connect_timeout: DEFAULT_CONNECT_TIMEOUT,
        }
    }
}

/// How long a process of a cluster waits for the others by default.
pub const DEFAULT_CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(60);

/// The most worker threads in one process.
pub const MAX_THREADS: usize = 256;

/// The most processes of one solve.
pub const MAX_PROCESSES: usize = 256;

impl Cluster {
    /// The layout with the addresses read from a host file (one
    /// `host:port` per line, the first `processes` lines used).
    pub fn with_hostfile(
        threads: usize,
        processes: usize,
        process: usize,
        hostfile: Option<&Path>,
    ) -> Result<Cluster, SolveError> {
        if threads == 0 || processes == 0 {
            return Err(SolveError::Limit(
                "at least one worker thread (-w) and one process (-n)".to_owned(),
            ));
        }
        if process >= processes {
            return Err(SolveError::Limit(format!(
                "process index -p {process} with -n {processes} processes: indices are 0..{processes}"
            )));
        }
        // Each worker keeps channels to every other: refused up front, not
        // found out by an allocation of 64 GB that aborts the process.
        if threads > MAX_THREADS || processes > MAX_PROCESSES {
            return Err(SolveError::Limit(format!(
                "-w {threads} worker threads and -n {processes} processes: at most {MAX_THREADS} threads per process and {MAX_PROCESSES} processes (each worker keeps buffers for every other)"
            )));
        }
        let addresses = match hostfile {
            None => (0..processes)
                .map(|i| format!("localhost:{}", 2101 + i))
                .collect(),
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| SolveError::io(path, e))?;
                let lines: Vec<String> = text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .take(processes)
                    .map(str::to_owned)
                    .collect();
                if lines.len() < processes {
                    return Err(SolveError::Format {
                        path: path.to_owned(),
                        reason: format!(
                            "{} addresses for -n {processes} processes (one host:port per line)",
                            lines.len()
                        ),
                    });
                }
                lines
            }
        };
        Ok(Cluster {
            threads,
            processes,
            process,
            addresses,
            connect_timeout: DEFAULT_CONNECT_TIMEOUT,
        })
    }

    /// The same layout, waiting `timeout` for the other processes.
    pub fn with_connect_timeout(self, timeout: std::time::Duration) -> Cluster {
        Cluster {
            connect_timeout: timeout,
            ..self
        }
    }

    /// Timely's allocators for this process's workers, and what must live
    /// as long as they run (the network threads). A cluster's connections
    /// are made by [`connect::connect_processes`], not by timely: its wait
    /// is bounded, a dead peer is noticed at once, and nothing is printed
    /// to stdout.
    fn allocators(
        &self,
        progress: Option<&ProgressFn>,
        stop: Option<&StopFn>,
    ) -> Result<(Vec<AllocatorBuilder>, Box<dyn std::any::Any + Send>), SolveError> {
        if self.processes > 1 {
            let waiting = |text: &str| {
                if let Some(progress) = progress {
                    (progress.0)(SolveProgress::Connecting {
                        waiting_for: text.to_owned(),
                    });
                }
            };
            let sockets = connect::connect_processes(
                &self.addresses,
                self.process,
                self.connect_timeout,
                &waiting,
                &|| stop.is_some_and(|stop| (stop.0)()),
            )?;
            let hooks = timely::communication::Hooks::default();
            let local = timely::communication::allocator::ProcessBuilder::new_typed_vector(
                self.threads,
                hooks.refill.clone(),
                hooks.spill.clone(),
            );
            let (builders, guard) =
                timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets(
                    local,
                    sockets,
                    self.process,
                    self.threads,
                    hooks,
                )
                .map_err(|e| SolveError::Stopped(format!("the cluster's connections: {e}")))?;
            Ok((
                builders.into_iter().map(AllocatorBuilder::Tcp).collect(),
                Box::new(guard),
            ))
        } else {
            let communication = if self.threads > 1 {
                timely::CommunicationConfig::Process(self.threads)
            } else {
                timely::CommunicationConfig::Thread
            };
            communication.try_build().map_err(SolveError::Dataflow)
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

/// The message kinds, each about the vertex it is sent to.
mod kind {
    /// A follower was labelled with the value.
    pub const LABELLED: u8 = 0;
    /// A follower is answered in the level (value).
    pub const ANSWERED: u8 = 1;
    /// A follower is a P-position of the remoteness (value).
    pub const P_FOLLOWER: u8 = 2;
    /// A follower is an N-position of the remoteness (value).
    pub const N_FOLLOWER: u8 = 3;
    /// A follower's label (for K).
    pub const LABEL: u8 = 4;
}

/// A message: (kind, vertex it is about, value).
type Message = (u8, u32, u32);

/// Which worker each vertex lives on, and where in its shard.
#[derive(Clone, Debug)]
enum Layout {
    /// Vertex v on worker `v mod W`, at `v / W` (a graph read from a
    /// file: its numbers are dense, so this spreads them evenly).
    Strided { workers: usize },
    /// Worker i holds the vertices `starts[i]..starts[i + 1]`, in order (a
    /// state space the workers listed: each numbers its own positions).
    Ranges { starts: Arc<[u32]> },
}

impl Layout {
    fn owner(&self, v: u32) -> usize {
        match self {
            Layout::Strided { workers } => v as usize % workers,
            Layout::Ranges { starts } => starts.partition_point(|&s| s <= v) - 1,
        }
    }

    /// Vertex v's place in its owner's shard.
    fn local(&self, v: u32) -> usize {
        match self {
            Layout::Strided { workers } => v as usize / workers,
            Layout::Ranges { starts } => (v - starts[self.owner(v)]) as usize,
        }
    }

    /// The vertex at place `local` of worker `index`'s shard.
    fn vertex(&self, index: usize, local: usize) -> u32 {
        match self {
            Layout::Strided { workers } => (index + local * workers) as u32,
            Layout::Ranges { starts } => starts[index] + local as u32,
        }
    }
}

/// A message of the rounds, which carries the parity of its round (see
/// [`Rounds::exchange`]) in a bit of its own.
trait RoundMessage: timely::ExchangeData + Clone {
    /// The message with its parity bit set to `parity` (0 or 1).
    fn with_parity(self, parity: u8) -> Self;
    fn parity(&self) -> u8;
}

/// The solve's messages carry the parity in the kind's top bit: no byte
/// more per message (the rounds send tens of millions).
impl RoundMessage for Message {
    fn with_parity(self, parity: u8) -> Self {
        ((self.0 & 0x7f) | parity << 7, self.1, self.2)
    }

    fn parity(&self) -> u8 {
        self.0 >> 7
    }
}

impl RoundMessage for Listing {
    fn with_parity(self, parity: u8) -> Self {
        (parity, self.1, self.2)
    }

    fn parity(&self) -> u8 {
        self.0
    }
}

/// One worker's rounds: sends at timestamp t, reads once t is complete.
/// Messages are of type M, each sent to the worker its route names.
struct Rounds<'w, M: RoundMessage = Message> {
    worker: &'w mut timely::worker::Worker,
    messages: InputHandle<u64, CapacityContainerBuilder<Vec<M>>>,
    counts: InputHandle<u64, CapacityContainerBuilder<Vec<(u32, u64)>>>,
    received: Rc<RefCell<Vec<M>>>,
    reported: Rc<RefCell<Vec<(u32, u64)>>>,
    probe: ProbeHandle<u64>,
    round: u64,
    sent: u64,
}

impl<'w, M: RoundMessage> Rounds<'w, M> {
    /// A new dataflow of rounds (every worker builds its dataflows in the
    /// same order); `route` names the worker a message goes to.
    fn new(worker: &'w mut timely::worker::Worker, route: impl Fn(&M) -> usize + 'static) -> Self {
        let mut messages = InputHandle::new();
        let mut counts = InputHandle::new();
        let probe = ProbeHandle::new();
        let received = Rc::new(RefCell::new(Vec::new()));
        let reported = Rc::new(RefCell::new(Vec::new()));
        let (into_received, into_reported) = (received.clone(), reported.clone());
        worker.dataflow(|scope| {
            scope
                .input_from(&mut messages)
                .container::<Vec<M>>()
                .exchange(move |m: &M| route(m) as u64)
                .inspect(move |m: &M| into_received.borrow_mut().push(m.clone()))
                .probe_with(&probe);
            scope
                .input_from(&mut counts)
                .container::<Vec<(u32, u64)>>()
                .broadcast()
                .inspect(move |c| into_reported.borrow_mut().push(*c))
                .probe_with(&probe);
        });
        Rounds {
            worker,
            messages,
            counts,
            received,
            reported,
            probe,
            round: 0,
            sent: 0,
        }
    }

    /// Sends `out` and this worker's `report`, and returns what this
    /// worker received and every worker's report (by worker index), once
    /// the round is over everywhere.
    ///
    /// A worker can be one round ahead of another (it may send round
    /// t + 1 as soon as it saw round t complete), never two: so each
    /// message carries the parity of its round (and each report in its
    /// worker's top bit), and what belongs to the next round waits in the
    /// buffer.
    fn exchange(&mut self, out: &mut Vec<M>, report: u64) -> (Vec<M>, Vec<u64>) {
        let parity = (self.round & 1) as u8;
        self.sent += out.len() as u64;
        for m in out.drain(..) {
            self.messages.send(m.with_parity(parity));
        }
        self.counts
            .send((self.worker.index() as u32 | u32::from(parity) << 31, report));
        self.round += 1;
        self.messages.advance_to(self.round);
        self.counts.advance_to(self.round);
        let (messages, probe) = (&self.messages, &self.probe);
        self.worker.step_while(|| probe.less_than(messages.time()));
        let mut buffer = self.received.borrow_mut();
        let mut received = Vec::with_capacity(buffer.len());
        // In place: the buffer keeps its capacity from round to round.
        buffer.retain(|m| {
            if m.parity() == parity {
                received.push(m.clone().with_parity(0));
                false
            } else {
                true
            }
        });
        let mut reports = vec![0u64; self.worker.peers()];
        self.reported.borrow_mut().retain(|&(w, r)| {
            if (w >> 31) as u8 == parity {
                reports[(w & 0x7fff_ffff) as usize] = r;
                false
            } else {
                true
            }
        });
        (received, reports)
    }

    /// One round in which every worker says whether its `step` failed:
    /// this worker's own error, else an error when another's failed
    /// (`others` says what they could not do), else its result. Every
    /// worker stops, or none, so no round is left waiting for one gone.
    fn agree<T>(&mut self, step: Result<T, SolveError>, others: &str) -> Result<T, SolveError> {
        let (_, failed) = self.exchange(&mut Vec::new(), u64::from(step.is_err()));
        let value = step?;
        if failed.iter().any(|&f| f != 0) {
            return Err(SolveError::Dataflow(format!(
                "another worker could not {others}"
            )));
        }
        Ok(value)
    }

    /// Sends `out` and returns what this worker received and how many
    /// messages all workers sent.
    fn round(&mut self, out: &mut Vec<M>) -> (Vec<M>, u64) {
        let sent = out.len() as u64;
        let (received, reports) = self.exchange(out, sent);
        (received, reports.iter().sum())
    }
}

/// One worker's vertices, placed by the layout.
struct Shard {
    index: usize,
    layout: Layout,
    /// Out-degree of each local vertex.
    out_degree: Vec<u32>,
    /// Predecessors of each local vertex, compressed.
    pred_offsets: Vec<u64>,
    predecessors: Vec<u32>,
    edges: u64,
}

impl Shard {
    fn load(
        source: &GraphSource,
        vertices: u32,
        index: usize,
        workers: usize,
    ) -> Result<Shard, SolveError> {
        // Strided (the arithmetic written out: this runs per edge, twice).
        let owner = |v: u32| v as usize % workers;
        let local_count = (vertices as usize).saturating_sub(index).div_ceil(workers);
        let mut out_degree = vec![0u32; local_count];
        let mut in_degree = vec![0u64; local_count + 1];
        let mut edges = 0u64;
        // Two passes (count, then fill), so the predecessors take one
        // array sized to the data.
        source.for_each_edge(|from, to| {
            edges += 1;
            if owner(from) == index {
                out_degree[from as usize / workers] += 1;
            }
            if owner(to) == index {
                in_degree[to as usize / workers + 1] += 1;
            }
        })?;
        for i in 1..in_degree.len() {
            in_degree[i] += in_degree[i - 1];
        }
        let pred_offsets = in_degree;
        let mut fill = pred_offsets.clone();
        let mut predecessors = vec![0u32; pred_offsets[local_count] as usize];
        source.for_each_edge(|from, to| {
            if owner(to) == index {
                let slot = &mut fill[to as usize / workers];
                predecessors[*slot as usize] = from;
                *slot += 1;
            }
        })?;
        Ok(Shard {
            index,
            layout: Layout::Strided { workers },
            out_degree,
            pred_offsets,
            predecessors,
            edges,
        })
    }

    fn len(&self) -> usize {
        self.out_degree.len()
    }

    /// The CRC-32 of this worker's part of the graph (out-degrees and
    /// predecessors): a checkpoint resumes only on the same part.
    fn fingerprint(&self) -> u32 {
        let mut hasher = crc32fast::Hasher::new();
        for &d in &self.out_degree {
            hasher.update(&d.to_le_bytes());
        }
        for &p in &self.predecessors {
            hasher.update(&p.to_le_bytes());
        }
        hasher.finalize()
    }

    fn vertex(&self, local: usize) -> u32 {
        self.layout.vertex(self.index, local)
    }

    fn local(&self, v: u32) -> usize {
        self.layout.local(v)
    }

    fn preds(&self, local: usize) -> &[u32] {
        &self.predecessors[self.pred_offsets[local] as usize..self.pred_offsets[local + 1] as usize]
    }
}

/// A message of the listing: its round's parity, a position's name, and
/// the vertex (its provisional number) with a move to it, or [`NO_MOVE`]
/// for the start.
type Listing = (u8, String, u32);

/// The start's predecessor in the listing: none.
const NO_MOVE: u32 = u32::MAX;

/// This worker's share of a state space listed by all the workers,
/// breadth first: in each round every worker lists the moves of the
/// positions it found in the round before and sends each follower's name
/// to the worker that owns it (by a hash of the name), with the mover's
/// provisional number (`index + workers · place`); the owner numbers the
/// names it has not seen and keeps the move as a predecessor. Received
/// messages are sorted before they are numbered, so the listing, and
/// with it a checkpoint's fingerprint, is the same run after run. Once no
/// worker sends anything, the workers' counts give each its range of the
/// final numbers ([`Layout::Ranges`]); the names stay with their owners
/// and are written beside their shards.
fn list_state_space(
    worker: &mut timely::worker::Worker,
    space: &StateSpace,
) -> Result<(Shard, u32, Vec<String>), SolveError> {
    use std::hash::BuildHasher;
    let (index, workers) = (worker.index(), worker.peers());
    let hasher = rustc_hash::FxBuildHasher;
    let mut rounds: Rounds<'_, Listing> = Rounds::new(worker, move |m: &Listing| {
        hasher.hash_one(&m.1) as usize % workers
    });
    let mut names: indexmap::IndexSet<String, rustc_hash::FxBuildHasher> =
        indexmap::IndexSet::default();
    let mut out_degree: Vec<u32> = Vec::new();
    // (place of the position moved to, provisional number of the mover).
    let mut moves_in: Vec<(u32, u32)> = Vec::new();
    let mut frontier: Vec<u32> = Vec::new();
    let mut out: Vec<Listing> = Vec::new();
    if index == 0 {
        out.push((0, space.start.clone(), NO_MOVE));
    }
    let mut followers = Vec::new();
    let too_many = || {
        SolveError::Graph(
            grundy::GameError::Limit {
                what: "the state space from this position".to_owned(),
                limit: format!("{} positions", space.limit),
            }
            .to_string(),
        )
    };
    loop {
        let mut failure = None;
        for &place in &frontier {
            followers.clear();
            let name = &names[place as usize];
            if let Err(e) = space.game.state_followers(name, &mut followers) {
                failure = Some(SolveError::Graph(e.to_string()));
                break;
            }
            let from = index as u64 + workers as u64 * u64::from(place);
            let Some(from) = u32::try_from(from).ok().filter(|&f| f != NO_MOVE) else {
                failure = Some(too_many());
                break;
            };
            out_degree[place as usize] = followers.len() as u32;
            out.extend(followers.drain(..).map(|f| (0, f, from)));
        }
        if failure.is_some() {
            out.clear();
        }
        let sent = out.len() as u64;
        let (received, reports) =
            rounds.exchange(&mut out, failure.as_ref().map_or(sent, |_| u64::MAX));
        if let Some(e) = failure {
            return Err(e);
        }
        if reports.contains(&u64::MAX) {
            return Err(SolveError::Dataflow(
                "another worker could not list its positions".to_owned(),
            ));
        }
        if reports.iter().sum::<u64>() == 0 {
            break;
        }
        // By the name's hash and the mover, then the name: names are
        // compared only for the same hash and mover (most often one name
        // reached twice by one position's moves), and the order is the
        // same however the messages arrived.
        let mut keyed: Vec<(u64, Listing)> = received
            .into_iter()
            .map(|m| (hasher.hash_one(&m.1), m))
            .collect();
        keyed.sort_unstable_by(|(ha, a), (hb, b)| {
            (ha, a.2).cmp(&(hb, b.2)).then_with(|| a.1.cmp(&b.1))
        });
        let received = keyed.into_iter().map(|(_, m)| m);
        frontier.clear();
        for (_, name, from) in received {
            let (place, new) = names.insert_full(name);
            if new {
                out_degree.push(0);
                frontier.push(place as u32);
            }
            if from != NO_MOVE {
                moves_in.push((place as u32, from));
            }
        }
        let (_, counts) = rounds.exchange(&mut Vec::new(), names.len() as u64);
        if counts.iter().sum::<u64>() > space.limit as u64 {
            return Err(too_many());
        }
    }
    let (_, counts) = rounds.exchange(&mut Vec::new(), names.len() as u64);
    let (_, degrees) = rounds.exchange(
        &mut Vec::new(),
        out_degree.iter().map(|&d| u64::from(d)).sum(),
    );
    let mut starts = Vec::with_capacity(workers + 1);
    let mut total = 0u64;
    starts.push(0u32);
    for &count in &counts {
        total += count;
        starts.push(u32::try_from(total).map_err(|_| too_many())?);
    }
    let layout = Layout::Ranges {
        starts: starts.into(),
    };
    // The movers' final numbers; then the predecessors grouped by
    // position, in order.
    for (_, from) in &mut moves_in {
        let (owner, place) = (*from as usize % workers, *from as usize / workers);
        *from = layout.vertex(owner, place);
    }
    moves_in.sort_unstable();
    let local_count = names.len();
    let mut pred_offsets = vec![0u64; local_count + 1];
    for &(to, _) in &moves_in {
        pred_offsets[to as usize + 1] += 1;
    }
    for i in 1..pred_offsets.len() {
        pred_offsets[i] += pred_offsets[i - 1];
    }
    let predecessors: Vec<u32> = moves_in.into_iter().map(|(_, from)| from).collect();
    let shard = Shard {
        index,
        layout,
        out_degree,
        pred_offsets,
        predecessors,
        edges: degrees.iter().sum(),
    };
    Ok((shard, total as u32, names.into_iter().collect()))
}

/// Where a worker keeps its checkpoints, and what it resumes from.
struct Checkpoints<'a> {
    dir: &'a Path,
    index: usize,
    workers: usize,
    /// This worker writes the checkpoint manifest (the first worker of
    /// each process: every process's directory gets one).
    writes_manifest: bool,
    fingerprint: u32,
    vertices: u32,
    edges: u64,
    resume: Option<checkpoint::LabelState>,
    abort_after_level: Option<u32>,
    /// Worker 0's progress callback (others have none).
    progress: Option<ProgressFn>,
    stop: Option<StopFn>,
}

impl Checkpoints<'_> {
    fn report(&self, what: SolveProgress) {
        if let Some(progress) = &self.progress {
            (progress.0)(what);
        }
    }

    /// Whether any worker was asked to stop, agreed in one round: all
    /// stop at `level` (just checkpointed), or none.
    fn stop_if_asked(&self, rounds: &mut Rounds<'_>, level: u32) -> Result<(), SolveError> {
        let asked = self.stop.as_ref().is_some_and(|stop| (stop.0)());
        let (_, asks) = rounds.exchange(&mut Vec::new(), u64::from(asked));
        if asks.iter().any(|&a| a != 0) {
            return Err(SolveError::Interrupted {
                level,
                dir: self.dir.to_owned(),
            });
        }
        Ok(())
    }

    /// Writes this worker's state at the start of `level`; once every
    /// worker has, the manifest; then drops the level before.
    fn save(
        &self,
        rounds: &mut Rounds<'_>,
        state: &checkpoint::LabelState,
    ) -> Result<(), SolveError> {
        let written =
            checkpoint::write(self.dir, self.index, self.workers, self.fingerprint, state);
        rounds.agree(
            written,
            &format!("write its checkpoint of level {}", state.level),
        )?;
        let manifest = if self.writes_manifest {
            checkpoint::write_manifest(
                self.dir,
                state.level,
                self.workers,
                self.vertices,
                self.edges,
            )
        } else {
            Ok(())
        };
        rounds.agree(manifest, "write its process's checkpoint manifest")?;
        if state.level > 1 {
            checkpoint::remove(self.dir, state.level - 1, self.index, self.workers);
        }
        if self.abort_after_level == Some(state.level) {
            // The crash tests' stand-in for a process killed here.
            std::process::abort();
        }
        Ok(())
    }
}

/// Smith's labels of this worker's vertices (see the module docs), from
/// a checkpoint's level when resuming, checkpointed at every level.
fn label(
    shard: &Shard,
    rounds: &mut Rounds<'_>,
    checkpoints: &mut Checkpoints<'_>,
) -> Result<Vec<u32>, SolveError> {
    let n = shard.len();
    let (first_level, mut label, mut next_needed, mut unlabelled) = match checkpoints.resume.take()
    {
        Some(state) => (
            state.level,
            state.label,
            state.next_needed,
            state.unlabelled,
        ),
        None => (
            0,
            vec![INFINITE; n],
            vec![0u32; n],
            shard.out_degree.clone(),
        ),
    };
    let mut waiting = vec![0u32; n];
    let mut answered = vec![0u32; n];
    let mut ready: Vec<usize> = Vec::new();
    let mut out: Vec<Message> = Vec::new();
    for m in first_level.. {
        if m > first_level {
            let state = checkpoint::LabelState {
                level: m,
                label,
                next_needed,
                unlabelled,
            };
            checkpoints.save(rounds, &state)?;
            (label, next_needed, unlabelled) = (state.label, state.next_needed, state.unlabelled);
            checkpoints.stop_if_asked(rounds, m)?;
        }
        ready.clear();
        let mut candidates = 0u64;
        for i in 0..n {
            if label[i] == INFINITE && next_needed[i] == m {
                candidates += 1;
                waiting[i] = unlabelled[i];
                if waiting[i] == 0 {
                    ready.push(i);
                }
            }
        }
        let (_, reports) = rounds.exchange(&mut out, candidates);
        let candidates: u64 = reports.iter().sum();
        if candidates == 0 {
            break;
        }
        checkpoints.report(SolveProgress::Level {
            level: m,
            candidates,
            rounds: rounds.round,
        });
        loop {
            for &i in &ready {
                if label[i] == INFINITE && next_needed[i] == m && answered[i] != m + 1 {
                    label[i] = m;
                    out.extend(shard.preds(i).iter().map(|&p| (kind::LABELLED, p, m)));
                }
            }
            ready.clear();
            let (received, sent) = rounds.round(&mut out);
            if sent == 0 {
                break;
            }
            for (what, v, value) in received {
                let i = shard.local(v);
                match what {
                    kind::LABELLED => {
                        unlabelled[i] -= 1;
                        if label[i] != INFINITE {
                            continue;
                        }
                        if next_needed[i] == value {
                            next_needed[i] = value + 1;
                        }
                        if answered[i] != value + 1 {
                            // A move to v is answered by v's move to a
                            // vertex of value m, for each predecessor.
                            answered[i] = value + 1;
                            out.extend(shard.preds(i).iter().map(|&q| (kind::ANSWERED, q, value)));
                        }
                    }
                    _ => {
                        if label[i] == INFINITE
                            && next_needed[i] == value
                            && answered[i] != value + 1
                        {
                            waiting[i] -= 1;
                            if waiting[i] == 0 {
                                ready.push(i);
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(label)
}

/// The top bit of a remoteness round's report: this worker was asked to
/// stop (the rest is the messages it sent), so the workers agree on a
/// stop in the round itself, with no round of their own.
const ASKED_TO_STOP: u64 = 1 << 63;

/// Remoteness of this worker's vertices, retrograde by rounds; a stop
/// asked of any worker ([`SolveOptions::stop`]) stops them all at the
/// same round.
fn remoteness(
    shard: &Shard,
    rounds: &mut Rounds<'_>,
    checkpoints: &Checkpoints<'_>,
) -> Result<Vec<u32>, SolveError> {
    let progress = checkpoints.progress.as_ref();
    let n = shard.len();
    let mut remoteness = vec![DRAWN; n];
    // 0: undecided, 1: P, 2: N.
    let mut outcome = vec![0u8; n];
    let mut undecided = shard.out_degree.clone();
    let mut longest = vec![0u32; n];
    let mut frontier: Vec<usize> = (0..n).filter(|&i| undecided[i] == 0).collect();
    for &i in &frontier {
        outcome[i] = 1;
        remoteness[i] = 0;
    }
    let mut out = Vec::new();
    let mut settled = 0u32;
    loop {
        for &i in &frontier {
            let what = if outcome[i] == 1 {
                kind::P_FOLLOWER
            } else {
                kind::N_FOLLOWER
            };
            out.extend(shard.preds(i).iter().map(|&p| (what, p, remoteness[i])));
        }
        frontier.clear();
        let asked = checkpoints.stop.as_ref().is_some_and(|stop| (stop.0)());
        let report = out.len() as u64 | if asked { ASKED_TO_STOP } else { 0 };
        let (received, reports) = rounds.exchange(&mut out, report);
        if reports.iter().any(|&r| r & ASKED_TO_STOP != 0) {
            return Err(SolveError::InterruptedInRemoteness {
                dir: checkpoints.dir.to_owned(),
            });
        }
        let sent: u64 = reports.iter().map(|&r| r & !ASKED_TO_STOP).sum();
        if sent == 0 {
            break;
        }
        if let Some(progress) = progress {
            (progress.0)(SolveProgress::Remoteness {
                remoteness: settled,
                rounds: rounds.round,
            });
        }
        settled += 1;
        for (what, v, r) in received {
            let i = shard.local(v);
            if outcome[i] != 0 {
                continue;
            }
            if what == kind::P_FOLLOWER {
                outcome[i] = 2;
                remoteness[i] = r + 1;
                frontier.push(i);
            } else {
                longest[i] = longest[i].max(r);
                undecided[i] -= 1;
                if undecided[i] == 0 {
                    outcome[i] = 1;
                    remoteness[i] = longest[i] + 1;
                    frontier.push(i);
                }
            }
        }
    }
    Ok(remoteness)
}

/// K of this worker's infinite vertices, as sorted (local vertex, value)
/// pairs: one round of labels sent back, skipped when no vertex anywhere
/// is infinite (an acyclic graph).
fn escapes(shard: &Shard, labels: &[u32], rounds: &mut Rounds<'_>) -> Vec<(u32, u32)> {
    let infinite = labels.iter().filter(|&&l| l == INFINITE).count() as u64;
    let (_, reports) = rounds.exchange(&mut Vec::new(), infinite);
    if reports.iter().all(|&r| r == 0) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, &l) in labels.iter().enumerate() {
        if l != INFINITE {
            out.extend(shard.preds(i).iter().map(|&p| (kind::LABEL, p, l)));
        }
    }
    let (received, _) = rounds.round(&mut out);
    let mut escapes: Vec<(u32, u32)> = received
        .into_iter()
        .map(|(_, v, l)| (shard.local(v) as u32, l))
        .filter(|&(i, _)| labels[i as usize] == INFINITE)
        .collect();
    escapes.sort_unstable();
    escapes.dedup();
    escapes
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

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    grundy::error::panic_message(payload)
        .unwrap_or("no message")
        .to_owned()
}

type Slot = Arc<Mutex<Option<Result<SolveSummary, SolveError>>>>;

fn run_workers(
    cluster: &Cluster,
    source: Arc<GraphSource>,
    vertices: u32,
    out: PathBuf,
    summary: Slot,
    options: SolveOptions,
) -> Result<SolveSummary, SolveError> {
    let result_slot = summary.clone();
    let threads = cluster.threads;
    let (allocators, network) =
        cluster.allocators(options.progress.as_ref(), options.stop.as_ref())?;
    let guards = timely::execute::execute_from(
        allocators,
        network,
        timely::WorkerConfig::default(),
        move |worker| {
            if let Some(progress) = &options.progress {
                (progress.0)(SolveProgress::Started);
            }
            let result = solve_worker(worker, &source, vertices, &out, &options, threads);
            let mut slot = result_slot
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            match (&*slot, &result) {
                (Some(Err(_)), _) => {}
                _ => *slot = Some(result),
            }
        },
    )
    .map_err(SolveError::Dataflow)?;
    for outcome in guards.join() {
        outcome.map_err(SolveError::Dataflow)?;
    }
    let result = summary
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .take();
    result.unwrap_or_else(|| Err(SolveError::Dataflow("no worker ran".to_owned())))
}

fn solve_worker(
    worker: &mut timely::worker::Worker,
    source: &GraphSource,
    vertices: u32,
    out: &Path,
    options: &SolveOptions,
    threads: usize,
) -> Result<SolveSummary, SolveError> {
    let started = std::time::Instant::now();
    let (index, workers) = (worker.index(), worker.peers());
    let (loaded, vertices, names) = match source {
        GraphSource::StateSpace(space) => {
            // The workers agreed on any failure while listing.
            let (shard, vertices, names) = list_state_space(worker, space)?;
            (Ok(shard), vertices, Some(names))
        }
        _ => (
            Shard::load(source, vertices, index, workers),
            vertices,
            None,
        ),
    };
    let layout = match &loaded {
        Ok(shard) => shard.layout.clone(),
        Err(_) => Layout::Strided { workers },
    };
    // Each layout's route written out: it runs once per message.
    let mut rounds = match layout {
        Layout::Strided { workers } => {
            Rounds::new(worker, move |m: &Message| m.1 as usize % workers)
        }
        ranges @ Layout::Ranges { .. } => Rounds::new(worker, move |m: &Message| ranges.owner(m.1)),
    };
    // Every worker learns whether every worker loaded its shard before
    // any round of the solve: one that failed stops them all.
    let shard = rounds.agree(loaded, "read the graph")?;
    let fingerprint = shard.fingerprint();
    // Every worker must resume from the same level (each reads its own
    // process's directory): the level + 1 of each, or 0 for none.
    let found = if options.resume {
        checkpoint::resumable_level(out, workers, vertices, shard.edges)
    } else {
        Ok(None)
    };
    let mine = match &found {
        Ok(level) => level.map_or(0, |l| u64::from(l) + 1),
        Err(_) => u64::MAX,
    };
    let (_, levels) = rounds.exchange(&mut Vec::new(), mine);
    let level = found?;
    if levels.iter().any(|&l| l != mine) {
        return Err(SolveError::Dataflow(format!(
            "the processes' checkpoints differ (levels + 1 by worker: {levels:?}); start afresh without --resume"
        )));
    }
    let resume = match level {
        Some(level) => Some(checkpoint::read(
            out,
            level,
            index,
            workers,
            fingerprint,
            shard.len(),
        )?),
        None => None,
    };
    let resumed_from_level = level.unwrap_or(0);
    let mut checkpoints = Checkpoints {
        dir: out,
        index,
        workers,
        writes_manifest: index % threads.max(1) == 0,
        fingerprint,
        vertices,
        edges: shard.edges,
        resume,
        abort_after_level: options.abort_after_level,
        progress: options.progress.clone().filter(|_| index == 0),
        stop: options.stop.clone(),
    };
    checkpoints.report(SolveProgress::Loaded { edges: shard.edges });
    let labelled = label(&shard, &mut rounds, &mut checkpoints);
    let labels = labelled?;
    let remoteness = remoteness(&shard, &mut rounds, &checkpoints)?;
    let escapes = escapes(&shard, &labels, &mut rounds);
    let mut next_escape = 0;
    let answers = (0..shard.len()).map(|i| {
        let start = next_escape;
        while next_escape < escapes.len() && escapes[next_escape].0 as usize == i {
            next_escape += 1;
        }
        VertexAnswer {
            vertex: shard.vertex(i),
            label: labels[i],
            escapes: escapes[start..next_escape]
                .iter()
                .map(|&(_, k)| k)
                .collect(),
            remoteness: remoteness[i],
        }
    });
    let written = db::write_shard(out, index, workers, vertices, answers).and_then(|crc| {
        // A listed state space's names stay with their workers.
        let names_crc = match &names {
            Some(names) => Some(db::write_names_part(out, index, workers, names)?),
            None => None,
        };
        Ok((crc, names_crc))
    });
    drop(names);
    // Totals, each worker's in its own round (the reports are per worker).
    // P-positions, N-positions, draws, the largest finite value.
    let mut totals = [0u64; 4];
    for (i, &l) in labels.iter().enumerate() {
        match (l, remoteness[i]) {
            (0, _) => totals[0] += 1,
            (INFINITE, DRAWN) => totals[2] += 1,
            _ => totals[1] += 1,
        }
        if l != INFINITE {
            totals[3] = totals[3].max(u64::from(l));
        }
    }
    let sent = rounds.sent;
    let sum = |rounds: &mut Rounds<'_>, value: u64, max: bool| -> u64 {
        let (_, reports) = rounds.exchange(&mut Vec::new(), value);
        if max {
            reports.into_iter().max().unwrap_or(0)
        } else {
            reports.into_iter().sum()
        }
    };
    let p_positions = sum(&mut rounds, totals[0], false);
    let n_positions = sum(&mut rounds, totals[1], false);
    let draws = sum(&mut rounds, totals[2], false);
    let largest_value = sum(&mut rounds, totals[3], true);
    let messages = sum(&mut rounds, sent, false);
    // The shard's checksum, or u64::MAX when it could not be written:
    // worker 0 writes the manifest only when every shard is complete.
    let checksum = match &written {
        Ok((crc, names_crc)) => u64::from(*crc) | u64::from(names_crc.unwrap_or(0)) << 32,
        Err(_) => u64::MAX,
    };
    let (_, checksums) = rounds.exchange(&mut Vec::new(), checksum);
    let (_, names_crc) = written?;
    if checksums.contains(&u64::MAX) {
        return Err(SolveError::Dataflow(
            "another worker could not write its shard".to_owned(),
        ));
    }
    let summary = SolveSummary {
        vertices: u64::from(vertices),
        edges: shard.edges,
        p_positions,
        n_positions,
        draws,
        largest_value: u32::try_from(largest_value).unwrap_or(INFINITE),
        rounds: rounds.round,
        messages,
        workers,
        seconds: started.elapsed().as_secs_f64(),
        resumed_from_level,
    };
    if index == 0 {
        let crcs: Vec<u32> = checksums.iter().map(|&c| c as u32).collect();
        let names_crcs: Vec<u32> = checksums.iter().map(|&c| (c >> 32) as u32).collect();
        db::write_manifest(
            out,
            vertices,
            &crcs,
            source.names(),
            names_crc.is_some().then_some(names_crcs.as_slice()),
            &summary,
            options.game.as_deref(),
        )?;
    }
    // The database is complete: its checkpoints are of no more use.
    if index % threads.max(1) == 0 {
        checkpoint::clear(out)?;
    }
    Ok(summary)
}
