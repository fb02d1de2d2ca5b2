//! The evaluator of sums of any spec: what every face of grundy (the
//! CLI's `eval` and `play`, the server, the Python module) builds before
//! it can evaluate a position.
//!
//! A spec's game alone cannot evaluate a heap game's sums: the heaps'
//! values must be computed first (up to the largest heap, or to a proved
//! period when the heaps are huge), and a cutting game needs its table up
//! to the largest side. How those are computed is the face's business (a
//! progress bar and cost checks on a terminal, a deadline on the server,
//! Ctrl-C in Python), so a face supplies them through [`Inputs`]; which
//! game needs what, and how the evaluator is assembled, is decided here
//! once.

use std::sync::Arc;

use crate::cut::CutTable;
use crate::heap::HeapGame;
use crate::period::PeriodReport;
use crate::report::ValueReport;
use crate::sequence::NimSequence;
use crate::spec::Game;
use crate::sum_evaluator::SumEvaluator;
use crate::{GameError, HeapRuleset, Ruleset};

pub use crate::limits::{DIRECT_HEAP, FIRST_ROUND, PERIOD_SEARCH};

/// What is called after each step of a computation of values: the
/// values so far and the range just computed; `false` stops the run.
pub type ValuesStep<'a> =
    dyn FnMut(&NimSequence, std::ops::Range<usize>) -> Result<bool, GameError> + 'a;

/// How a face computes what an evaluator needs.
pub trait Inputs {
    /// The face's error (it converts the library's).
    type Error: From<GameError>;

    /// G(0..count) of a heap game.
    fn heap_values(&mut self, game: &HeapGame, count: u64) -> Result<NimSequence, Self::Error>;

    /// G(0..count) in steps, calling `each(values, range)` after each step
    /// with the values so far and the range just computed, until it
    /// returns `false` (by default in steps of 4096, no progress shown).
    fn heap_values_while(
        &mut self,
        game: &HeapGame,
        count: u64,
        each: &mut ValuesStep<'_>,
    ) -> Result<NimSequence, Self::Error> {
        let count = countable(count)?;
        Ok(values_in_steps(game, count, &mut || 4096, each)?)
    }

    /// How many values a request of normal-play values may compute:
    /// `given` as asked (the face refuses it up front when its estimate
    /// is beyond reason), or `default`, which the face may lower to what
    /// the game's estimated cost allows. By default: as given or the
    /// default, after the memory check.
    fn resolve_count(
        &mut self,
        _game: &HeapGame,
        given: Option<u64>,
        default: u64,
    ) -> Result<usize, Self::Error> {
        Ok(countable(given.unwrap_or(default))?)
    }

    /// Announces or refuses a search estimated to take `seconds`
    /// ([`crate::Ruleset::search_seconds`]); `what` names it. By default
    /// a search beyond [`crate::cost::LONG_SECONDS`] is refused; the
    /// command line runs it anyway with `--allow-long`.
    fn check_search_cost(&mut self, what: &str, seconds: f64) -> Result<(), Self::Error> {
        if seconds > crate::cost::LONG_SECONDS {
            return Err(GameError::Limit {
                what: format!(
                    "{what} (estimated at {})",
                    crate::cost::duration_words(seconds)
                ),
                limit: format!(
                    "{} per request",
                    crate::cost::duration_words(crate::cost::LONG_SECONDS)
                ),
            }
            .into());
        }
        Ok(())
    }

    /// Searches up to `max` values for a proved period (by default
    /// [`HeapGame::find_period`] from [`FIRST_ROUND`] values, with no
    /// progress shown).
    fn period(
        &mut self,
        game: &HeapGame,
        max: usize,
    ) -> Result<(PeriodReport, NimSequence), Self::Error> {
        Ok(game.find_period(FIRST_ROUND, max)?)
    }

    /// How many of the [`PERIOD_SEARCH`] values a period search may
    /// compute for `game` (all, by default).
    fn period_budget(&mut self, _game: &HeapGame) -> Result<usize, Self::Error> {
        Ok(PERIOD_SEARCH)
    }

    /// The misère nim-values of heaps `0..count` (by default computed
    /// with no progress shown, after the memory check).
    fn misere_values(&mut self, game: &HeapGame, count: u64) -> Result<NimSequence, Self::Error> {
        fits_in_memory(count)?;
        Ok(crate::heap::misere::heap_misere_values(
            game,
            count,
            &mut |_| Ok(()),
        )?)
    }

    /// The genus of heaps `0..count` (by default with no progress shown).
    fn genus(&mut self, game: &HeapGame, count: u64) -> Result<Vec<Vec<u64>>, GameError> {
        fits_in_memory(count)?;
        crate::heap::misere::heap_genus(game, count, &mut |_| Ok(()))
    }

    /// The table of the cutting game of dimension `dim` up to sides of
    /// `largest` (by default computed with no progress shown).
    fn cut_table(&mut self, dim: usize, largest: usize) -> Result<CutTable, Self::Error> {
        Ok(CutTable::compute(dim, largest, &|_, _| Ok(()))?)
    }
}

/// Refuses `count` values that cannot fit in this machine's memory.
pub fn fits_in_memory(count: u64) -> Result<(), GameError> {
    match crate::cost::memory_fit(count) {
        crate::cost::MemoryFit::DoesNotFit(refusal) => Err(GameError::Memory { message: refusal }),
        _ => Ok(()),
    }
}

/// `count` values as a length, refused when they cannot fit in memory or
/// in the address space.
pub fn countable(count: u64) -> Result<usize, GameError> {
    fits_in_memory(count)?;
    usize::try_from(count).map_err(|_| GameError::Memory {
        message: format!("{count} values do not fit in the address space"),
    })
}

/// G(0..count) of a heap game by its engine, in steps of `next_step()`
/// values, calling `each(values, range)` after each step (a face's
/// deadline, Ctrl-C or a check of the values); `false` from it ends the
/// run early, an error stops it.
pub fn values_in_steps(
    game: &HeapGame,
    count: usize,
    next_step: &mut dyn FnMut() -> usize,
    each: &mut ValuesStep<'_>,
) -> Result<NimSequence, GameError> {
    let mut engine = game.engine(crate::sequence::EngineChoice::Auto)?;
    let mut done = 0usize;
    while done < count {
        let end = count.min(done + next_step());
        engine.extend_to(end)?;
        let more = each(engine.values(), done..end)?;
        done = end;
        if !more {
            break;
        }
    }
    Ok(engine.into_values())
}

/// A heap game with every heap up to `largest` known: by a theorem, by
/// direct computation below [`DIRECT_HEAP`], or from a proved period.
pub fn heap_rules<I: Inputs>(
    game: HeapGame,
    largest: u64,
    inputs: &mut I,
) -> Result<HeapRuleset, I::Error> {
    if game.closed_form_value(0).is_some() {
        // Every heap's value is known by a theorem.
        return Ok(HeapRuleset::new(game));
    }
    if largest < DIRECT_HEAP {
        let table = inputs.heap_values(&game, largest + 1)?;
        return Ok(HeapRuleset::with_table(game, table));
    }
    let budget = inputs.period_budget(&game)?;
    let (report, values) = inputs.period(&game, budget)?;
    match report.periodicity {
        Some(found) if report.proved => Ok(HeapRuleset::with_period(game, values, found)),
        _ => Err(GameError::Limit {
            what: format!("a heap of {largest}"),
            limit: format!(
                "heaps below {DIRECT_HEAP} computed directly, or a period proved within {budget} values ({})",
                report.reason
            ),
        }
        .into()),
    }
}

/// G(n) of a heap game, reported as `label`: by the family's theorem
/// when it has one; otherwise from a period proved within the values the
/// face allows ([`Inputs::resolve_count`] of `max`, asked for only then),
/// or computed directly when n is below that limit. `max_words` names
/// the limit in the face's terms (`"--max "`, `"max="`) for the error
/// when n is out of reach.
pub fn heap_value<I: Inputs>(
    game: &HeapGame,
    label: &str,
    n: u64,
    max: Option<u64>,
    max_words: &str,
    inputs: &mut I,
) -> Result<ValueReport, I::Error> {
    let report = |value, how: String| ValueReport {
        game: label.to_owned(),
        n,
        value,
        how,
    };
    if let Some(value) = game.closed_form_value(n) {
        let theorem = game
            .closed_form_statement()
            .unwrap_or_else(|| "a theorem of this family".to_owned());
        return Ok(report(value, format!("by the theorem {theorem}")));
    }
    let max = inputs.resolve_count(
        game,
        max,
        crate::limits::default_count(
            crate::limits::CountedRequest::Value,
            crate::Convention::Normal,
        ),
    )?;
    // Values up to n settle it directly when n is within reach; a proved
    // period settles it for any n.
    let within = usize::try_from(n).ok().filter(|&n| n < max);
    if within.is_none() {
        // No period can settle a heap past direct reach when no theorem
        // proves one: said before computing anything.
        if let crate::period::ProofRule::Observed(reason) = game.proof_rule() {
            return Err(GameError::Unprovable {
                game: label.to_owned(),
                n,
                reason,
                limit: format!("{max_words}{max}"),
            }
            .into());
        }
    }
    let limit = within.map_or(max, |n| n + 1);
    let (found, values) = inputs.period(game, limit)?;
    match (found.periodicity, found.proved) {
        (Some(period), true) => {
            let value = crate::period::value_from_period(&values, &period, n)?;
            Ok(report(value, format!("from the proved {period}")))
        }
        _ => match usize::try_from(n).ok().filter(|&i| i < values.len()) {
            Some(index) => Ok(report(values.get(index), "computed directly".to_owned())),
            None => Err(GameError::OutOfReach {
                game: label.to_owned(),
                n,
                computed: values.len(),
                reason: found.reason,
                limit: format!("{max_words}{max}"),
            }
            .into()),
        },
    }
}

/// The components of a sum written as one text: separated by whitespace
/// or `+` (`"3 4 7"`, `"3+4+7"`).
#[must_use]
pub fn sum_components(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || c == '+')
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The largest heap among the components written `texts`.
pub fn largest_heap(texts: &[String]) -> Result<u64, GameError> {
    Ok(crate::heap::parse_heaps(texts)?
        .into_iter()
        .max()
        .unwrap_or(0))
}

/// The evaluator of sums of the positions written `texts` in `game`, with
/// every value it needs computed through `inputs`. A graph with cycles
/// becomes a [`crate::sum_evaluator::LoopyGame`] (play with draws; its sums are
/// reported by [`SumEvaluator::loopy_evaluate`]).
pub fn sum_evaluator<I: Inputs>(
    game: Game,
    texts: &[String],
    inputs: &mut I,
) -> Result<Arc<dyn SumEvaluator>, I::Error> {
    Ok(match game {
        Game::Heap(game) => match game.family().own_positions() {
            Some(own) => {
                let largest = own.largest_heap(texts)?;
                let values = inputs.heap_values(&game, largest + 1)?;
                own.evaluator(values)
            }
            None => {
                let largest = largest_heap(texts)?;
                Arc::new(heap_rules(game, largest, inputs)?)
            }
        },
        Game::Positional(game) => game,
        Game::Cut(game) => {
            let mut largest = 0usize;
            for text in texts {
                let cuboid = game.parse_position(text)?;
                largest = largest.max(cuboid.sides().iter().copied().max().unwrap_or(0) as usize);
            }
            let table = inputs.cut_table(game.dim(), largest)?;
            Arc::new(game.with_table(table))
        }
        Game::Graph(graph) => {
            if graph.solve_all().is_ok() {
                Arc::new((*graph).clone())
            } else {
                // Cycles: Smith's generalised values, draws included.
                Arc::new(crate::sum_evaluator::LoopyGame::new(graph))
            }
        }
    })
}
