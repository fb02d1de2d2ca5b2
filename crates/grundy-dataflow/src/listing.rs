//! A game's state space listed by the workers themselves, breadth first,
//! each position numbered by the worker a hash of its name picks, so that
//! no process ever holds the whole space.

use crate::rounds::{Listing, Rounds};
use crate::shard::{Layout, Shard};
use crate::{SolveError, StateSpace};

/// The start's predecessor in the listing: none.
pub(crate) const NO_MOVE: u32 = u32::MAX;

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
pub(crate) fn list_state_space(
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
