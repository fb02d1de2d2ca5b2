//! A run's checkpoints: where each worker saves its labelling at every
//! level, what it resumes from, and the stop every worker agrees on.

use std::path::Path;

use crate::rounds::Rounds;
use crate::{checkpoint, ProgressFn, SolveError, SolveProgress, StopFn};

/// Where a worker keeps its checkpoints, and what it resumes from.
pub(crate) struct Checkpoints<'a> {
    pub(crate) dir: &'a Path,
    pub(crate) index: usize,
    pub(crate) workers: usize,
    /// This worker writes the checkpoint manifest (the first worker of
    /// each process: every process's directory gets one).
    pub(crate) writes_manifest: bool,
    pub(crate) fingerprint: u32,
    pub(crate) vertices: u32,
    pub(crate) edges: u64,
    pub(crate) resume: Option<checkpoint::LabelState>,
    pub(crate) abort_after_level: Option<u32>,
    /// Worker 0's progress callback (others have none).
    pub(crate) progress: Option<ProgressFn>,
    pub(crate) stop: Option<StopFn>,
}

impl Checkpoints<'_> {
    pub(crate) fn report(&self, what: SolveProgress) {
        if let Some(progress) = &self.progress {
            (progress.0)(what);
        }
    }

    /// Whether any worker was asked to stop, agreed in one round: all
    /// stop at `level` (just checkpointed), or none.
    pub(crate) fn stop_if_asked(
        &self,
        rounds: &mut Rounds<'_>,
        level: u32,
    ) -> Result<(), SolveError> {
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
    pub(crate) fn save(
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
