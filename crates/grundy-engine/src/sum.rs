//! Sums of games: the value, the outcome and every winning move.
//!
//! A sum is a list of component positions; a move changes exactly one
//! component into one of its options (itself possibly a sum). The value is
//! the XOR of the components' values, the player to move loses exactly when
//! it is 0, and a winning move takes one component to an option whose value
//! makes the total 0.

use std::fmt;

use rustc_hash::FxHashSet;

use crate::error::GameError;
use crate::nimber::Nimber;
use crate::ruleset::{Options, Ruleset};
use crate::solver::Solver;
use crate::split_search::SplitSearch;

/// Who wins a position with best play: the one outcome type of every
/// report and convention (normal, misère, loopy), written `"P"`, `"N"`
/// or `"D"` in JSON.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Outcome {
    /// The previous player wins: the player to move loses (value 0).
    P,
    /// The next player (the one to move) wins.
    N,
    /// Neither player can force a win (games with cycles only).
    #[serde(rename = "D")]
    Draw,
}

impl Outcome {
    /// The outcome of a position with value `value`.
    #[must_use]
    pub const fn of(value: Nimber) -> Outcome {
        if value.is_zero() {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// The outcome of a position that is or is not a P-position.
    #[must_use]
    pub const fn of_p(is_p: bool) -> Outcome {
        if is_p {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// `"P"`, `"N"` or `"D"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::Draw => "D",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// A move in a sum that leaves the opponent a position of value 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMove<P> {
    /// Index of the component moved in.
    pub component: usize,
    /// That component before the move.
    pub from: P,
    /// The option it becomes (a sum of zero or more components).
    pub to: Vec<P>,
}

impl<P: Clone> WinningMove<P> {
    /// The whole sum after the move, from the sum before it (built on
    /// demand: a sum of many components has as many winning moves, and
    /// storing every resulting sum would take their square in memory).
    #[must_use]
    pub fn result(&self, positions: &[P]) -> Vec<P> {
        with_component_replaced(positions, self.component, &self.to)
    }
}

/// The sum `positions` with component `index` replaced by `by` (zero or
/// more components): what a move in that component leaves.
#[must_use]
pub fn with_component_replaced<P: Clone>(positions: &[P], index: usize, by: &[P]) -> Vec<P> {
    let mut result = Vec::with_capacity(positions.len() + by.len());
    result.extend_from_slice(&positions[..index]);
    result.extend_from_slice(by);
    result.extend_from_slice(&positions[index + 1..]);
    result
}

/// A component whose winning moves could not be listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnlistedMoves {
    /// Index of the component.
    pub component: usize,
    /// Why (for instance: the heap has too many options to list).
    pub reason: String,
}

/// Everything about a sum of positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumAnalysis<P> {
    /// The value of each component.
    pub component_values: Vec<Nimber>,
    /// The value of the sum.
    pub value: Nimber,
    /// Who wins.
    pub outcome: Outcome,
    /// Every winning move (distinct options only), component by component,
    /// except in the components listed in `unlisted`.
    pub winning_moves: Vec<WinningMove<P>>,
    /// Components where a winning move may exist but the moves could not
    /// be listed, with the reason; empty when `winning_moves` is complete.
    pub unlisted: Vec<UnlistedMoves>,
}

/// What values sums: the plain memoised [`Solver`] or the
/// [`SplitSearch`], whichever the ruleset is solved by
/// ([`Ruleset::solved_by_search`]).
pub trait SumValues<'r, R: Ruleset> {
    /// The ruleset.
    fn rules(&self) -> &'r R;

    /// The value of one position.
    fn value(&mut self, position: &R::Position) -> Result<Nimber, GameError>;

    /// Whether the sum of `parts` has value `target` (the search answers
    /// this without finding the sum's value).
    fn sum_is(&mut self, parts: &[R::Position], target: Nimber) -> Result<bool, GameError>;
}

impl<'r, R: Ruleset> SumValues<'r, R> for Solver<'r, R> {
    fn rules(&self) -> &'r R {
        Solver::rules(self)
    }

    fn value(&mut self, position: &R::Position) -> Result<Nimber, GameError> {
        Solver::value(self, position)
    }

    fn sum_is(&mut self, parts: &[R::Position], target: Nimber) -> Result<bool, GameError> {
        Ok(self.sum_value(parts)? == target)
    }
}

impl<'r, R: Ruleset> SumValues<'r, R> for SplitSearch<'r, R> {
    fn rules(&self) -> &'r R {
        SplitSearch::rules(self)
    }

    fn value(&mut self, position: &R::Position) -> Result<Nimber, GameError> {
        SplitSearch::value(self, position)
    }

    fn sum_is(&mut self, parts: &[R::Position], target: Nimber) -> Result<bool, GameError> {
        self.is_p_with_heap(parts, target)
    }
}

/// The engine a ruleset's sums are valued by: the [`SplitSearch`] when
/// the ruleset says it is solved by search ([`Ruleset::solved_by_search`]:
/// boards, graphs), else the plain memoised [`Solver`].
pub enum SumSolver<'r, R: Ruleset> {
    /// The plain memoised mex.
    Plain(Solver<'r, R>),
    /// Outcome searches with a heap and a bounded table.
    Search(SplitSearch<'r, R>),
}

impl<'r, R: Ruleset> SumSolver<'r, R> {
    /// The engine `rules` is solved by, with the default table bound.
    pub fn new(rules: &'r R) -> Self {
        SumSolver::with_table_bytes(rules, crate::split_search::default_table_bytes())
    }

    /// The engine `rules` is solved by, the search's table bounded by
    /// `bytes`.
    pub fn with_table_bytes(rules: &'r R, bytes: usize) -> Self {
        if rules.solved_by_search() {
            SumSolver::Search(SplitSearch::with_table_bytes(rules, bytes))
        } else {
            SumSolver::Plain(Solver::new(rules))
        }
    }

    /// The engine `rules` is solved by, the search's table bounded by
    /// `bytes` and, when `cache` names a file and the game's spec, its
    /// solved parts kept there ([`SplitSearch::with_cache`]; the plain
    /// solver keeps none).
    pub fn with_cache(
        rules: &'r R,
        bytes: usize,
        cache: Option<(&std::path::Path, &str)>,
    ) -> Result<Self, GameError> {
        Ok(match (SumSolver::with_table_bytes(rules, bytes), cache) {
            (SumSolver::Search(search), Some((path, spec))) => {
                SumSolver::Search(search.with_cache(path, spec)?)
            }
            (solver, _) => solver,
        })
    }

    /// Writes out the search's cache file, if it keeps one
    /// ([`SplitSearch::flush_cache`]).
    pub fn flush_cache(&mut self) -> Result<(), GameError> {
        match self {
            SumSolver::Plain(_) => Ok(()),
            SumSolver::Search(s) => s.flush_cache(),
        }
    }

    /// The value of a sum.
    pub fn sum_value(&mut self, parts: &[R::Position]) -> Result<Nimber, GameError> {
        match self {
            SumSolver::Plain(s) => s.sum_value(parts),
            SumSolver::Search(s) => s.sum_value(parts),
        }
    }

    /// What the search did, for the search; `None` when it never looked
    /// in its table (every value known without search: a theorem's) and
    /// keeps no cache file. A search answered from its table alone (a
    /// part read back from the cache) is still reported.
    #[must_use]
    pub fn search_stats(&self) -> Option<crate::split_search::SearchStats> {
        match self {
            SumSolver::Plain(_) => None,
            SumSolver::Search(s) => {
                Some(s.stats()).filter(|stats| stats.lookups > 0 || stats.cache_loaded.is_some())
            }
        }
    }
}

impl<'r, R: Ruleset> SumValues<'r, R> for SumSolver<'r, R> {
    fn rules(&self) -> &'r R {
        match self {
            SumSolver::Plain(s) => SumValues::rules(s),
            SumSolver::Search(s) => SumValues::rules(s),
        }
    }

    fn value(&mut self, position: &R::Position) -> Result<Nimber, GameError> {
        match self {
            SumSolver::Plain(s) => SumValues::value(s, position),
            SumSolver::Search(s) => SumValues::value(s, position),
        }
    }

    fn sum_is(&mut self, parts: &[R::Position], target: Nimber) -> Result<bool, GameError> {
        match self {
            SumSolver::Plain(s) => s.sum_is(parts, target),
            SumSolver::Search(s) => s.sum_is(parts, target),
        }
    }
}

/// An outcome, and a winning move when there is one.
pub type OutcomeAndMove<P> = (Outcome, Option<WinningMove<P>>);

/// The outcome of the sum of `positions` and one winning move, without
/// the sum's value where the engine can avoid it: the search asks whether
/// the sum is a P-position (a value-0 search, which prunes more than
/// finding the value), then whether each option is, until one is; the
/// plain solver values the components (its way to any answer) and takes
/// the first winning move.
pub fn outcome_and_a_move<'r, R: Ruleset + 'r>(
    solver: &mut SumSolver<'r, R>,
    positions: &[R::Position],
) -> Result<OutcomeAndMove<R::Position>, GameError> {
    let search = match solver {
        SumSolver::Plain(_) => {
            let analysis = analyze_sum(solver, positions)?;
            return Ok((analysis.outcome, analysis.winning_moves.into_iter().next()));
        }
        SumSolver::Search(search) => search,
    };
    if search.is_p_with_heap(positions, Nimber::ZERO)? {
        return Ok((Outcome::P, None));
    }
    let rules = search.rules();
    let mut options = Options::new();
    let mut sum: Vec<R::Position> = Vec::with_capacity(positions.len() + 4);
    for (index, from) in positions.iter().enumerate() {
        options.clear();
        rules.options(from, &mut options)?;
        for option in options.iter() {
            sum.clear();
            sum.extend_from_slice(&positions[..index]);
            sum.extend_from_slice(option);
            sum.extend_from_slice(&positions[index + 1..]);
            if search.is_p_with_heap(&sum, Nimber::ZERO)? {
                let found = WinningMove {
                    component: index,
                    from: from.clone(),
                    to: option.to_vec(),
                };
                return Ok((Outcome::N, Some(found)));
            }
        }
    }
    // An N-position has a move to a P-position; reaching here would be a
    // bug of the search, said rather than hidden.
    Err(GameError::Unsupported {
        message: "the search found the sum an N-position but no move to a P-position (a bug: please report it)".to_owned(),
    })
}

/// Value and outcome of the sum of `positions`, without its moves.
pub fn value_and_outcome<'r, R: Ruleset + 'r, S: SumValues<'r, R>>(
    solver: &mut S,
    positions: &[R::Position],
) -> Result<SumAnalysis<R::Position>, GameError> {
    let component_values = positions
        .iter()
        .map(|p| solver.value(p))
        .collect::<Result<Vec<_>, _>>()?;
    let value = component_values
        .iter()
        .fold(Nimber::ZERO, |acc, &v| acc ^ v);
    Ok(SumAnalysis {
        component_values,
        value,
        outcome: Outcome::of(value),
        winning_moves: Vec::new(),
        unlisted: Vec::new(),
    })
}

/// Value, outcome and every winning move of the sum of `positions`. A
/// component whose moves cannot be listed (a limit of the ruleset, such as
/// a heap with astronomically many options) is reported in
/// [`SumAnalysis::unlisted`] with the reason; the other components' moves
/// are still listed.
pub fn analyze_sum<'r, R: Ruleset + 'r, S: SumValues<'r, R>>(
    solver: &mut S,
    positions: &[R::Position],
) -> Result<SumAnalysis<R::Position>, GameError> {
    analyze_sum_beside(solver, positions, Nimber::ZERO)
}

/// [`analyze_sum`] of a sum played beside other games whose values XOR
/// to `beside`: the value and outcome are this sum's own, and the
/// winning moves are those of the whole (moves here to a value of
/// `beside`, after which the whole is a P-position).
pub fn analyze_sum_beside<'r, R: Ruleset + 'r, S: SumValues<'r, R>>(
    solver: &mut S,
    positions: &[R::Position],
    beside: Nimber,
) -> Result<SumAnalysis<R::Position>, GameError> {
    let SumAnalysis {
        component_values,
        value,
        ..
    } = value_and_outcome(solver, positions)?;
    let mut winning_moves = Vec::new();
    let mut unlisted = Vec::new();
    let whole = value ^ beside;
    if !whole.is_zero() {
        let rules = solver.rules();
        let mut options = Options::new();
        for (index, (position, &component_value)) in
            positions.iter().zip(&component_values).enumerate()
        {
            let target = whole ^ component_value;
            options.clear();
            match rules.candidate_options(position, target, &mut options) {
                Ok(()) => {}
                Err(limit @ GameError::Limit { .. }) => {
                    unlisted.push(UnlistedMoves {
                        component: index,
                        reason: limit.to_string(),
                    });
                    continue;
                }
                Err(e) => return Err(e),
            }
            let mut seen: FxHashSet<Vec<R::Position>> = FxHashSet::default();
            for option in options.iter() {
                if !seen.insert(option.to_vec()) || !solver.sum_is(option, target)? {
                    continue;
                }
                winning_moves.push(WinningMove {
                    component: index,
                    from: position.clone(),
                    to: option.to_vec(),
                });
            }
        }
    }
    Ok(SumAnalysis {
        component_values,
        value,
        outcome: Outcome::of(value),
        winning_moves,
        unlisted,
    })
}
