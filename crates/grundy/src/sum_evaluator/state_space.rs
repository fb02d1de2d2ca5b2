//! The state space of a sum: every sum it reaches as one explicit game
//! graph, each sum named so that the name reads back as the same sum.

#[cfg(doc)]
use super::SumEvaluator;
use crate::error::GameError;
use crate::graph::Graph;
use crate::ruleset::Ruleset;

/// A sum's components in the state space's order: by hash, so that the
/// same multiset reached in two orders is one vertex.
pub(super) fn order_sum<P: std::hash::Hash>(sum: &mut [P]) {
    use std::hash::Hasher;
    sum.sort_by_cached_key(|p| {
        let mut hasher = rustc_hash::FxHasher::default();
        p.hash(&mut hasher);
        hasher.finish()
    });
}

/// A sum's name in a state space: its components as the game writes
/// them, joined by ` + `, or `0` for the empty sum. One name per line in
/// a database: a board's rows go on one line, joined by `/`.
pub(super) fn sum_name<R: Ruleset>(rules: &R, sum: &[R::Position]) -> String {
    if sum.is_empty() {
        return "0".to_owned();
    }
    sum.iter()
        .map(|p| rules.format_position(p).replace('\n', "/"))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Calls `each(option, after)` for every move of the sum `sum` (ordered
/// as [`order_sum`] orders it): a move in one part, `option` the parts it
/// leaves there and `after` the whole sum it leaves, ordered; in the order
/// of the parts and of their options. `options` is scratch.
pub(super) fn for_each_follower<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    options: &mut crate::ruleset::Options<R::Position>,
    mut each: impl FnMut(&[R::Position], Vec<R::Position>) -> Result<(), GameError>,
) -> Result<(), GameError> {
    for (i, component) in sum.iter().enumerate() {
        options.clear();
        rules.options(component, options)?;
        for option in options.iter() {
            let mut after: Vec<R::Position> = sum[..i].to_vec();
            after.extend_from_slice(&sum[i + 1..]);
            after.extend_from_slice(option);
            order_sum(&mut after);
            each(option, after)?;
        }
    }
    Ok(())
}

/// A part of a state space's name read back (rows joined by `/` or not).
pub(super) fn read_part<R: Ruleset>(rules: &R, text: &str) -> Result<R::Position, GameError> {
    rules.parse_position(text).or_else(|e| {
        rules
            .parse_position(&text.replace('/', "\n"))
            .map_err(|_| e)
    })
}

/// The sum a state space's name stands for, read back and checked to be
/// named so again (else a game whose text drops some detail would merge
/// distinct sums).
pub(super) fn sum_named<R: Ruleset>(rules: &R, name: &str) -> Result<Vec<R::Position>, GameError> {
    let mut sum = if name == "0" {
        Vec::new()
    } else {
        name.split(" + ")
            .map(|text| read_part(rules, text))
            .collect::<Result<Vec<_>, _>>()?
    };
    order_sum(&mut sum);
    if sum_name(rules, &sum) != name {
        return Err(GameError::Unsupported {
            message: format!(
                "the sum '{name}' does not read back as written ('{}'), so this game's state space is listed whole, in one process (-w 1)",
                sum_name(rules, &sum)
            ),
        });
    }
    Ok(sum)
}

/// [`SumEvaluator::state_space`] for any ruleset: breadth first from the
/// start. A sum is kept with its components ordered by hash, so that the
/// same multiset reached in two orders is one vertex (two components with
/// equal hashes may still make two vertices of one sum: a larger graph,
/// never a wrong one, as both get the same answers).
pub(super) fn state_space<R: Ruleset>(
    rules: &R,
    start: &[R::Position],
    limit: usize,
) -> Result<Graph, GameError> {
    let (sums, followers) = state_sums(rules, start, limit)?;
    let names: Vec<String> = sums.iter().map(|sum| sum_name(rules, sum)).collect();
    // Distinct sums may be written alike (a family whose text drops some
    // detail): numbered apart, so the graph's names stay unique.
    let mut seen = std::collections::HashSet::new();
    let names: Vec<String> = names
        .into_iter()
        .enumerate()
        .map(|(v, name)| {
            if seen.insert(name.clone()) {
                name
            } else {
                format!("{name} #{v}")
            }
        })
        .collect();
    Graph::from_followers(names, &followers).map_err(|e| GameError::Unsupported {
        message: e.to_string(),
    })
}

/// The sums of a state space (each once, ordered by [`order_sum`], vertex
/// `v` the `v`-th: 0 is the start) and the vertices each moves to.
pub(crate) type StateSums<P> = (
    indexmap::IndexSet<Vec<P>, rustc_hash::FxBuildHasher>,
    Vec<Vec<u32>>,
);

/// The sums of [`state_space`] and their followers, before naming.
pub(crate) fn state_sums<R: Ruleset>(
    rules: &R,
    start: &[R::Position],
    limit: usize,
) -> Result<StateSums<R::Position>, GameError> {
    let mut first = start.to_vec();
    order_sum(&mut first);
    // Each sum once: its vertex number is its place in the set.
    let mut sums: indexmap::IndexSet<Vec<R::Position>, rustc_hash::FxBuildHasher> =
        indexmap::IndexSet::default();
    sums.insert(first);
    let mut followers: Vec<Vec<u32>> = Vec::new();
    let mut options = crate::ruleset::Options::new();
    let mut next = 0;
    while next < sums.len() {
        // A listing of millions of sums takes seconds: a deadline or
        // Ctrl-C stops it ([`crate::stop`]).
        crate::stop::tick()?;
        let sum = sums[next].clone();
        let mut these = Vec::new();
        for_each_follower(rules, &sum, &mut options, |_, after| {
            let vertex = match sums.get_index_of(&after) {
                Some(v) => v,
                None => {
                    if sums.len() >= limit {
                        return Err(GameError::Limit {
                            what: "the state space from this position".to_owned(),
                            limit: format!("{limit} positions"),
                        });
                    }
                    sums.insert_full(after).0
                }
            };
            these.push(vertex as u32);
            Ok(())
        })?;
        followers.push(these);
        next += 1;
    }
    Ok((sums, followers))
}
