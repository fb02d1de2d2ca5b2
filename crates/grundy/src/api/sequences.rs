//! Requests for a heap game's values: G(0..n) and the sequence a spec
//! numbers, the remoteness of each heap, a formula checked against the
//! values, and the value of one heap.

use serde::Serialize;

use super::{heap_game, named, not_applicable, Request};
use crate::convention::Convention;
use crate::error::GameError;
use crate::heap::HeapGame;
use crate::inputs::Inputs;
use crate::report::{CheckReport, CounterexampleReport, MisereValueReport, ValueReport};
use crate::sequence::NimSequence;
use crate::spec::Game;

/// G(0..count) of a heap game under `convention`: the engines in normal
/// play, the search over sums in misère play.
pub fn values<I: Inputs>(
    game: &Game,
    spec: &str,
    count: u64,
    convention: Convention,
    inputs: &mut I,
) -> Result<NimSequence, I::Error> {
    // A family of positions numbered by size (boards, a script's
    // start(n)): their normal-play values, as `seq` gives them.
    if let (Game::Positional(positional), Convention::Normal) = (game, convention) {
        if let Some(values) = positional.numbered_values(count) {
            let mut sequence = NimSequence::with_capacity(values.as_ref().map_or(0, Vec::len));
            for value in values? {
                sequence.push(value)?;
            }
            return Ok(sequence);
        }
    }
    let game = heap_game(game, spec, Request::Values)?;
    heap_values(game, count, convention, inputs)
}

/// [`values`] of a heap game.
pub(super) fn heap_values<I: Inputs>(
    game: &HeapGame,
    count: u64,
    convention: Convention,
    inputs: &mut I,
) -> Result<NimSequence, I::Error> {
    match convention {
        Convention::Misere => crate::inputs::misere_values(inputs, game, count),
        Convention::Normal => crate::inputs::values(inputs, game, count),
    }
}

/// What `seq` of a spec computes: the values of a heap game (computed
/// by the face's engine run), or those of a loopy game whose positions
/// are the numbers 0, 1, ... (solved here, whole).
#[derive(Debug)]
pub enum SequenceSource {
    /// A heap game: its values are G(0..n) of the engines.
    Heap(HeapGame),
    /// A loopy game on numbered positions: Smith's values of the first
    /// positions.
    Loopy(crate::report::LoopySequenceReport),
}

/// How many boards of a numbered family `seq` solves when no count is
/// given: their cost grows fast with the size (3 x 12 takes a second).
pub const NUMBERED_DEFAULT: u64 = 12;

/// `seq` of the game of `spec`: a heap game's values are the face's to
/// compute (streamed, to a file); a graph whose vertices are named 0, 1,
/// ... in order (`windup:N:S`) is solved by Smith's levels and its first
/// `count` values returned (by default `default`, or every position when
/// there are fewer); any other game is refused as not a game of
/// numbered positions. A family of boards numbered by size
/// (`node-kayles:grid:3xN`) gives the values of boards 0, 1, ... (by
/// default [`NUMBERED_DEFAULT`] of them).
pub fn sequence_source(
    game: Game,
    spec: &str,
    count: Option<u64>,
    default: u64,
) -> Result<SequenceSource, crate::spec::SpecError> {
    let graph = match game {
        Game::Heap(game) => return Ok(SequenceSource::Heap(game)),
        Game::Graph(graph) if graph.is_numbered() => graph,
        Game::Positional(ref positional) => {
            // A family of boards numbered by their size: every value is
            // finite, so it is written as a loopy sequence without escapes.
            let count = count.unwrap_or(NUMBERED_DEFAULT);
            let Some(values) = positional.numbered_values(count) else {
                return Err(crate::spec::SpecError::Rules {
                    spec: spec.to_owned(),
                    cause: not_applicable(&game, Request::Values),
                });
            };
            let values = values.map_err(|cause| crate::spec::SpecError::Rules {
                spec: spec.to_owned(),
                cause,
            })?;
            return Ok(SequenceSource::Loopy(crate::report::LoopySequenceReport {
                game: spec.to_owned(),
                symbols: values.iter().map(u64::to_string).collect(),
                escapes: vec![None; values.len()],
                values: values.into_iter().map(Some).collect(),
            }));
        }
        other => {
            return Err(crate::spec::SpecError::Rules {
                spec: spec.to_owned(),
                cause: not_applicable(&other, Request::Values),
            })
        }
    };
    let positions = graph.vertex_count() as u64;
    let count = count.unwrap_or(default.min(positions));
    if count > positions {
        return Err(crate::spec::SpecError::Rules {
            spec: spec.to_owned(),
            cause: GameError::Limit {
                what: format!("{count} values"),
                limit: format!(
                    "its {positions} positions (0 to {})",
                    positions.saturating_sub(1)
                ),
            },
        });
    }
    let solution = crate::loopy::LoopySolution::solve(graph.digraph());
    let mut report = crate::report::LoopySequenceReport {
        game: spec.to_owned(),
        values: Vec::new(),
        escapes: Vec::new(),
        symbols: Vec::new(),
    };
    for v in 0..count as u32 {
        let value = solution.value(graph.digraph(), v);
        report.symbols.push(value.symbol());
        match value {
            crate::loopy::LoopyValue::Finite(m) => {
                report.values.push(Some(m));
                report.escapes.push(None);
            }
            crate::loopy::LoopyValue::Infinite(k) => {
                report.values.push(None);
                report.escapes.push(Some(k));
            }
        }
    }
    Ok(SequenceSource::Loopy(report))
}

/// `seq --remoteness`: the remoteness of each heap `0..count` of a heap
/// game (how many moves the winner needs to win, the loser can last),
/// each by a search over every sum it reaches, with the heaps' values from
/// the face's engine run. Heaps past [`crate::remoteness::MAX_HEAP`] are
/// refused before any work.
pub fn remoteness_values<I: Inputs>(
    game: &Game,
    spec: &str,
    count: u64,
    inputs: &mut I,
) -> Result<NimSequence, I::Error> {
    let game = heap_game(game, spec, Request::Remoteness)?;
    if count > crate::remoteness::MAX_HEAP + 1 {
        return Err(GameError::Limit {
            what: format!("the remoteness of heaps up to {}", count - 1),
            limit: format!(
                "heaps of {} (each is searched over every sum it can reach)",
                crate::remoteness::MAX_HEAP
            ),
        }
        .into());
    }
    let values = crate::inputs::values(inputs, game, count)?;
    let rules = crate::HeapRuleset::with_table(game.clone(), values);
    let mut search = crate::remoteness::RemotenessSearch::new(&rules);
    let mut remoteness = NimSequence::new();
    for n in 0..count {
        let r = search
            .remoteness(&[n])
            .map_err(|e| e.context(format!("the remoteness of a heap of {n}")))?;
        remoteness.push(u64::from(r))?;
    }
    Ok(remoteness)
}

/// `check`: whether `formula` gives G(n) (the misère nim-value under
/// misère play) for every n below `count`; the first counterexample
/// otherwise, found as the values are computed (the run stops there).
pub fn check<I: Inputs>(
    game: &Game,
    spec: &str,
    formula: &crate::formula::Formula,
    count: u64,
    convention: Convention,
    inputs: &mut I,
) -> Result<CheckReport, I::Error> {
    let game = heap_game(game, spec, Request::Check)?;
    let mut found = None;
    let mut first_failure =
        |values: &NimSequence, range: std::ops::Range<usize>| -> Result<bool, GameError> {
            for n in range {
                if let Some(counterexample) =
                    crate::formula::check_formula_at(formula, n as u64, values.get(n))?
                {
                    found = Some(counterexample);
                    return Ok(false);
                }
            }
            Ok(true)
        };
    match convention {
        Convention::Misere => {
            let values = crate::inputs::misere_values(inputs, game, count)?;
            first_failure(&values, 0..values.len())?;
        }
        Convention::Normal => {
            crate::inputs::values_while(inputs, game, count, &mut first_failure)?;
        }
    }
    Ok(CheckReport {
        game: spec.to_owned(),
        holds: found.is_none(),
        checked: count,
        counterexample: found.as_ref().map(CounterexampleReport::from),
        convention: named(convention),
    })
}

/// The answer of `value`: G(n) in normal play, the misère nim-value in
/// misère play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum HeapValue {
    /// G(n) and how it is known.
    Normal(ValueReport),
    /// The misère nim-value and what decided it.
    Misere(MisereValueReport),
}

/// `value`: the value of a heap of `n` under `convention`. Normal play:
/// by the family's theorem, from a period proved within `max` values (or
/// the default, [`crate::inputs::resolve_count`]; named `max_words` in the error
/// when n is out of reach), or directly. Misère play: Bouton's rule for
/// Nim, the search otherwise.
pub fn value<I: Inputs>(
    game: &Game,
    spec: &str,
    n: u64,
    convention: Convention,
    max: Option<u64>,
    max_words: &str,
    inputs: &mut I,
) -> Result<HeapValue, I::Error> {
    let game = heap_game(game, spec, Request::Value)?;
    match convention {
        Convention::Misere => {
            let (value, method) = crate::heap::misere::heap_misere_value(game, n)
                .map_err(|e| e.context(format!("the misère value of a heap of {n}")))?;
            Ok(HeapValue::Misere(MisereValueReport {
                game: spec.to_owned(),
                convention,
                n,
                value,
                method: method.as_str(),
            }))
        }
        Convention::Normal => {
            crate::inputs::heap_value(game, spec, n, max, max_words, inputs).map(HeapValue::Normal)
        }
    }
}
