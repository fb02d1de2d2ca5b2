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

use crate::budget::{Budget, BudgetNote, Notes};
use crate::cut::CutTable;
use crate::heap::HeapGame;
use crate::period::PeriodReport;
use crate::report::ValueReport;
use crate::sequence::NimSequence;
use crate::spec::Game;
use crate::sum_evaluator::SumEvaluator;
use crate::{Convention, GameError, HeapRuleset, Ruleset};

pub use crate::limits::{DIRECT_HEAP, FIRST_ROUND, PERIOD_SEARCH};

/// What is called after each step of a computation of values: the
/// values so far and the range just computed; `false` stops the run.
pub type ValuesStep<'a> =
    dyn FnMut(&NimSequence, std::ops::Range<usize>) -> Result<bool, GameError> + 'a;

/// How a face computes what a request needs, within the [`Budget`] it
/// sets. The budget's checks are the library's: the functions of this
/// module ([`values`], [`misere_values`], [`period_search`], ...) check a
/// request against [`Inputs::budget`] before they call the face's
/// `compute_` hooks, which only compute (with the face's progress,
/// deadline or Ctrl-C).
pub trait Inputs {
    /// The face's error (it converts the library's).
    type Error: From<GameError>;

    /// What requests made through these inputs may spend.
    fn budget(&self) -> &Budget;

    /// Tells the user what the budget decided about a request it lets run
    /// (an estimate, a lowered default); by default nothing is said.
    fn note(&mut self, _note: &BudgetNote) {}

    /// Computes G(0..count) of a heap game (by default in steps of 4096,
    /// no progress shown).
    fn compute_values(&mut self, game: &HeapGame, count: u64) -> Result<NimSequence, Self::Error> {
        self.compute_values_while(game, count, &mut |_, _| Ok(true))
    }

    /// Computes G(0..count) in steps, calling `each(values, range)` after
    /// each step with the values so far and the range just computed,
    /// until it returns `false` (by default in steps of 4096, no progress
    /// shown).
    fn compute_values_while(
        &mut self,
        game: &HeapGame,
        count: u64,
        each: &mut ValuesStep<'_>,
    ) -> Result<NimSequence, Self::Error> {
        let count = countable(count)?;
        Ok(values_in_steps(game, count, &mut || 4096, each)?)
    }

    /// Searches up to `max` values for a proved period (by default
    /// [`HeapGame::find_period`] from [`FIRST_ROUND`] values, with no
    /// progress shown).
    fn compute_period(
        &mut self,
        game: &HeapGame,
        max: usize,
    ) -> Result<(PeriodReport, NimSequence), Self::Error> {
        Ok(game.find_period(FIRST_ROUND, max)?)
    }

    /// Computes the misère nim-values of heaps `0..count` (by default with
    /// no progress shown).
    fn compute_misere_values(
        &mut self,
        game: &HeapGame,
        count: u64,
    ) -> Result<NimSequence, Self::Error> {
        Ok(crate::heap::misere::heap_misere_values(
            game,
            count,
            &mut |_| Ok(()),
        )?)
    }

    /// Computes the genus of heaps `0..count` (by default with no progress
    /// shown).
    fn compute_genus(&mut self, game: &HeapGame, count: u64) -> Result<Vec<Vec<u64>>, GameError> {
        crate::heap::misere::heap_genus(game, count, &mut |_| Ok(()))
    }

    /// Computes the table of the cutting game of dimension `dim` up to
    /// sides of `largest` (by default with no progress shown).
    fn compute_cut_table(&mut self, dim: usize, largest: usize) -> Result<CutTable, Self::Error> {
        Ok(CutTable::compute(dim, largest, &|_, _| Ok(()))?)
    }
}

/// Inputs that add nothing to the library: a budget, and the library's
/// own computations (no progress shown, no stop but the budget's). What
/// a program that asks the request layer directly supplies (a solve's
/// listing, tests, benchmarks).
#[derive(Clone, Debug)]
pub struct Plain(pub Budget);

impl Inputs for Plain {
    type Error = GameError;

    fn budget(&self) -> &Budget {
        &self.0
    }
}

/// Passes the budget's notes to the face.
fn tell<I: Inputs>(inputs: &mut I, notes: Notes) {
    for note in &notes {
        inputs.note(note);
    }
}

/// G(0..count) of a heap game, within the budget.
pub fn values<I: Inputs>(
    inputs: &mut I,
    game: &HeapGame,
    count: u64,
) -> Result<NimSequence, I::Error> {
    let notes = inputs.budget().check_values(game, count)?;
    tell(inputs, notes);
    inputs.compute_values(game, count)
}

/// G(0..count) of a heap game in steps, within the budget, calling
/// `each` after each step ([`Inputs::compute_values_while`]).
pub fn values_while<I: Inputs>(
    inputs: &mut I,
    game: &HeapGame,
    count: u64,
    each: &mut ValuesStep<'_>,
) -> Result<NimSequence, I::Error> {
    let notes = inputs.budget().check_values(game, count)?;
    tell(inputs, notes);
    inputs.compute_values_while(game, count, each)
}

/// The misère nim-values of heaps `0..count`, within the budget's memory
/// and cap.
pub fn misere_values<I: Inputs>(
    inputs: &mut I,
    game: &HeapGame,
    count: u64,
) -> Result<NimSequence, I::Error> {
    let notes = inputs.budget().check_count(count, Convention::Misere)?;
    tell(inputs, notes);
    inputs.compute_misere_values(game, count)
}

/// The genus of heaps `0..count`, within the budget's memory and cap.
pub fn genus<I: Inputs>(
    inputs: &mut I,
    game: &HeapGame,
    count: u64,
) -> Result<Vec<Vec<u64>>, GameError> {
    let notes = inputs.budget().check_count(count, Convention::Misere)?;
    tell(inputs, notes);
    inputs.compute_genus(game, count)
}

/// How many values a request of normal-play values may compute
/// ([`Budget::resolve_count`]: `given`, or `default` lowered to what the
/// estimate allows).
pub fn resolve_count<I: Inputs>(
    inputs: &mut I,
    game: &HeapGame,
    given: Option<u64>,
    default: u64,
) -> Result<usize, I::Error> {
    let (count, notes) = inputs.budget().resolve_count(game, given, default)?;
    tell(inputs, notes);
    Ok(countable(count)?)
}

/// A period search within `max` values (already allowed by the budget:
/// [`resolve_count`] or [`Budget::period_values`]).
pub fn period_search<I: Inputs>(
    inputs: &mut I,
    game: &HeapGame,
    max: usize,
) -> Result<(PeriodReport, NimSequence), I::Error> {
    inputs.compute_period(game, max)
}

/// Refuses, or announces, a search estimated to take `seconds`
/// ([`crate::Ruleset::search_seconds`]); `what` names it.
pub fn check_search<I: Inputs>(inputs: &mut I, what: &str, seconds: f64) -> Result<(), I::Error> {
    let notes = inputs.budget().check_search(what, seconds)?;
    tell(inputs, notes);
    Ok(())
}

/// The table of the cutting game of dimension `dim` up to sides of
/// `largest`, within the budget.
pub fn cut_table<I: Inputs>(
    inputs: &mut I,
    dim: usize,
    largest: usize,
) -> Result<CutTable, I::Error> {
    let notes = inputs.budget().check_cut_table(dim, largest)?;
    tell(inputs, notes);
    inputs.compute_cut_table(dim, largest)
}

/// `count` values as a length, refused when they cannot fit in the
/// address space (whether they fit in memory is the budget's check,
/// [`Budget::check_count`], made before any computation).
pub fn countable(count: u64) -> Result<usize, GameError> {
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
        let table = values(inputs, &game, largest + 1)?;
        return Ok(HeapRuleset::with_table(game, table));
    }
    let budget = usize::try_from(inputs.budget().period_values(&game, PERIOD_SEARCH as u64)?)
        .unwrap_or(usize::MAX);
    let (report, values) = period_search(inputs, &game, budget)?;
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
/// face allows ([`resolve_count`] of `max`, asked for only then),
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
    let max = resolve_count(
        inputs,
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
    let (found, values) = period_search(inputs, game, limit)?;
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

/// The components of a sum written as one text, keeping each `+` that
/// stands alone between spaces, which may start another game's part
/// (`"5 9 + cram 3x4"`; [`crate::mixed`]); a `+` inside a word only
/// separates (`"3+4+7"`).
#[must_use]
pub fn sum_tokens(text: &str) -> Vec<String> {
    text.split_whitespace()
        .flat_map(|word| {
            if word == "+" {
                vec!["+".to_owned()]
            } else {
                word.split('+')
                    .filter(|p| !p.is_empty())
                    .map(str::to_owned)
                    .collect()
            }
        })
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
                let values = values(inputs, &game, largest + 1)?;
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
            let table = cut_table(inputs, game.dim(), largest)?;
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
