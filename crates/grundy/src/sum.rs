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

/// Who wins a position with best play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The previous player wins: the player to move loses (value 0).
    P,
    /// The next player (the one to move) wins.
    N,
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

    /// `"P"` or `"N"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
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
    /// The whole sum after the move.
    pub result: Vec<P>,
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
    /// Every winning move (distinct options only), component by component.
    pub winning_moves: Vec<WinningMove<P>>,
}

/// Value and outcome of the sum of `positions`, without its moves.
pub fn value_and_outcome<R: Ruleset>(
    solver: &mut Solver<'_, R>,
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
    })
}

/// Value, outcome and every winning move of the sum of `positions`.
pub fn analyze_sum<R: Ruleset>(
    solver: &mut Solver<'_, R>,
    positions: &[R::Position],
) -> Result<SumAnalysis<R::Position>, GameError> {
    let SumAnalysis {
        component_values,
        value,
        ..
    } = value_and_outcome(solver, positions)?;
    let mut winning_moves = Vec::new();
    if !value.is_zero() {
        let rules = solver.rules();
        let mut options = Options::new();
        for (index, (position, &component_value)) in
            positions.iter().zip(&component_values).enumerate()
        {
            let target = value ^ component_value;
            options.clear();
            rules.candidate_options(position, target, &mut options)?;
            let mut seen: FxHashSet<Vec<R::Position>> = FxHashSet::default();
            for option in options.iter() {
                if solver.sum_value(option)? != target || !seen.insert(option.to_vec()) {
                    continue;
                }
                let mut result = Vec::with_capacity(positions.len() + option.len());
                result.extend_from_slice(&positions[..index]);
                result.extend_from_slice(option);
                result.extend_from_slice(&positions[index + 1..]);
                winning_moves.push(WinningMove {
                    component: index,
                    from: position.clone(),
                    to: option.to_vec(),
                    result,
                });
            }
        }
    }
    Ok(SumAnalysis {
        component_values,
        value,
        outcome: Outcome::of(value),
        winning_moves,
    })
}
