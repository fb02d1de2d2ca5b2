//! The answers of one worker's vertices, in rounds: Smith's labels level
//! by level, the remoteness retrograde, and K of the infinite vertices.

use grundy::loopy::Retrograde;

use crate::checkpointing::Checkpoints;
use crate::rounds::{kind, Message, Rounds};
use crate::shard::Shard;
use crate::{checkpoint, SolveError, SolveProgress, INFINITE};

/// Smith's labels of this worker's vertices (see the module docs), from
/// a checkpoint's level when resuming, checkpointed at every level.
pub(crate) fn label(
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
/// asked of any worker ([`SolveOptions::stop`](crate::SolveOptions::stop))
/// stops them all at the same round.
pub(crate) fn remoteness(
    shard: &Shard,
    rounds: &mut Rounds<'_>,
    checkpoints: &Checkpoints<'_>,
) -> Result<Vec<u32>, SolveError> {
    let progress = checkpoints.progress.as_ref();
    let (mut pass, mut frontier) = Retrograde::start(shard.out_degree.clone());
    let mut out = Vec::new();
    let mut settled = 0u32;
    loop {
        for &i in &frontier {
            let what = kind::follower(pass.outcome(i));
            let r = pass.remoteness(i);
            out.extend(shard.preds(i).iter().map(|&p| (what, p, r)));
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
            if pass.learn(i, kind::follower_outcome(what), r) {
                frontier.push(i);
            }
        }
    }
    Ok(pass.into_remoteness())
}

/// K of this worker's infinite vertices, as sorted (local vertex, value)
/// pairs: one round of labels sent back, skipped when no vertex anywhere
/// is infinite (an acyclic graph).
pub(crate) fn escapes(shard: &Shard, labels: &[u32], rounds: &mut Rounds<'_>) -> Vec<(u32, u32)> {
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
