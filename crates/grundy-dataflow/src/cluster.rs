//! The workers' layout over threads and processes (timely's `-w`, `-n`,
//! `-p`, `-h`), checked when it is made, and the allocators that connect
//! this process's workers to every other.

use std::path::Path;

use timely::communication::AllocatorBuilder;

use crate::{connect, ProgressFn, SolveError, SolveProgress, StopFn};

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
    pub(crate) fn allocators(
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
