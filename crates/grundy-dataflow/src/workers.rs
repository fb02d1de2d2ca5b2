//! The workers of a solve: started on timely's threads, each loads its
//! shard, labels it, writes its part of the database, and worker 0 the
//! manifest once every part is complete.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::checkpointing::Checkpoints;
use crate::labelling::{escapes, label, remoteness};
use crate::listing::list_state_space;
use crate::rounds::{Message, Rounds};
use crate::shard::{Layout, Shard};
use crate::{
    checkpoint, db, Cluster, GraphSource, SolveError, SolveOptions, SolveProgress, SolveSummary,
    VertexAnswer, DRAWN, INFINITE,
};

pub(crate) fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    grundy::error::panic_message(payload)
        .unwrap_or("no message")
        .to_owned()
}

pub(crate) type Slot = Arc<Mutex<Option<Result<SolveSummary, SolveError>>>>;

pub(crate) fn run_workers(
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
