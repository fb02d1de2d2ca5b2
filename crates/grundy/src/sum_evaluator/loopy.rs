//! Games with cycles: a graph solved once by Smith's generalised values,
//! its sums played (draws included) and reported.

use std::sync::Arc;

use super::play::ListedComponents;
use super::winning_moves::move_reports;
use super::{parse_positions, SearchSettings, SumEvaluator};
use crate::convention::Convention;
use crate::error::GameError;
use crate::graph::Graph;
use crate::limits::MAX_PLAY_MOVES;
use crate::loopy::{self, LoopySolution, LoopyValue};
use crate::report::{EvalReport, GenusReport, LoopyEvalReport, OutcomeReport, PlayMove};
use crate::ruleset::Ruleset;
use crate::sum::{Outcome, WinningMove};

/// A game graph with cycles, solved once (Smith's generalised values):
/// the [`SumEvaluator`] that plays its sums, draws included. Its sums
/// are reported by [`SumEvaluator::loopy_evaluate`]; the reports of
/// acyclic games (values, misère play, remoteness of sums) are refused
/// with the reason.
#[derive(Debug)]
pub struct LoopyGame {
    graph: Arc<Graph>,
    solution: LoopySolution,
}

impl LoopyGame {
    /// Solves `graph`.
    #[must_use]
    pub fn new(graph: Arc<Graph>) -> LoopyGame {
        let solution = LoopySolution::solve(graph.digraph());
        LoopyGame { graph, solution }
    }

    fn not_here(&self, what: &str) -> GameError {
        GameError::Rules {
            message: format!(
                "this game has cycles: {what} is defined for acyclic games only (its sums have Smith's generalised values, draws included)"
            ),
        }
    }
}

impl SumEvaluator for LoopyGame {
    fn check_positions(&self, texts: &[String]) -> Result<(), GameError> {
        parse_positions(&*self.graph, texts).map(drop)
    }

    fn evaluate(
        &self,
        _spec: &str,
        _texts: &[String],
        _search: &SearchSettings,
    ) -> Result<EvalReport, GameError> {
        Err(self.not_here("a nim-value of the sum"))
    }

    fn evaluate_outcome(
        &self,
        _spec: &str,
        _texts: &[String],
        _search: &SearchSettings,
    ) -> Result<OutcomeReport, GameError> {
        Err(self.not_here("an outcome without the sum's report"))
    }

    fn evaluate_misere(&self, _spec: &str, _texts: &[String]) -> Result<OutcomeReport, GameError> {
        Err(self.not_here("misère play"))
    }

    fn remoteness(&self, _texts: &[String]) -> Result<u32, GameError> {
        Err(self.not_here("the remoteness of a sum"))
    }

    fn value_grid(&self) -> Option<&dyn crate::grid::ValueGrid> {
        None
    }

    fn misere_values(&self, _texts: &[String]) -> Result<Vec<u64>, GameError> {
        Err(self.not_here("misère play"))
    }

    fn genera(&self, _spec: &str, _texts: &[String]) -> Result<GenusReport, GameError> {
        Err(self.not_here("the genus"))
    }

    /// Every move, each judged by Smith's rule on the sum it leaves: a win
    /// (it leaves P), a draw kept (it leaves D), or neither; the
    /// remoteness of the vertex left when the sum has one component.
    fn written(&self, texts: &[String]) -> Result<Vec<String>, GameError> {
        let positions = parse_positions(&*self.graph, texts)?;
        Ok(positions
            .iter()
            .map(|&v| self.graph.name(v).to_owned())
            .collect())
    }

    fn moves_with(
        &self,
        texts: &[String],
        convention: Convention,
        _remoteness: bool,
    ) -> Result<Vec<PlayMove>, GameError> {
        match convention {
            Convention::Misere => return Err(self.not_here("misère play")),
            Convention::Normal => {}
        }
        let positions = parse_positions(&*self.graph, texts)?;
        let digraph = self.graph.digraph();
        let values: Vec<LoopyValue> = positions
            .iter()
            .map(|&v| self.solution.value(digraph, v))
            .collect();
        let mut moves = Vec::new();
        let mut listed = ListedComponents::new();
        for (i, &v) in positions.iter().enumerate() {
            if listed.is_repeat(&positions, i, &mut moves) {
                continue;
            }
            let mut followers = self.graph.successors(v).to_vec();
            followers.sort_unstable();
            followers.dedup();
            for w in followers {
                if moves.len() >= MAX_PLAY_MOVES {
                    return Err(GameError::Limit {
                        what: "listing the moves of this sum".to_owned(),
                        limit: format!("{MAX_PLAY_MOVES} moves"),
                    });
                }
                let after = self.solution.value(digraph, w);
                let rest = values
                    .iter()
                    .enumerate()
                    .map(|(j, x)| if j == i { &after } else { x });
                let outcome = loopy::sum_outcome(rest);
                let mut position = positions.clone();
                position[i] = w;
                moves.push(PlayMove {
                    description: self.graph.describe_move(&v, &[w]),
                    component: i,
                    to: vec![self.graph.format_position(&w)],
                    position: position
                        .iter()
                        .map(|&p| self.graph.format_position(&p))
                        .collect(),
                    wins: outcome == Outcome::P,
                    draws: outcome == Outcome::Draw,
                    remoteness: (positions.len() == 1)
                        .then(|| self.solution.remoteness()[w as usize]),
                    equal_components: Vec::new(),
                    game: None,
                });
            }
            listed.done(&positions, i, moves.len());
        }
        Ok(moves)
    }

    fn loopy_evaluate_beside(
        &self,
        spec: &str,
        texts: &[String],
        others: &[LoopyValue],
    ) -> Option<Result<LoopyEvalReport, GameError>> {
        Some(parse_positions(&*self.graph, texts).map(|vertices| {
            loopy_eval_report(&self.graph, &self.solution, spec, &vertices, others)
        }))
    }
}

/// [`LoopyEvalReport`] of the sum of `positions`, played beside
/// components of other games whose values are `others` (none when the sum
/// is alone): the outcome and reason are the whole sum's, the moves those
/// in `positions` that win or keep the draw in the whole.
#[must_use]
pub fn loopy_eval_report(
    graph: &Graph,
    solution: &LoopySolution,
    spec: &str,
    positions: &[u32],
    others: &[LoopyValue],
) -> LoopyEvalReport {
    let digraph = graph.digraph();
    let values: Vec<LoopyValue> = positions
        .iter()
        .map(|&v| solution.value(digraph, v))
        .collect();
    let outcome = loopy::sum_outcome(values.iter().chain(others));
    let mut winning = Vec::new();
    let mut drawing = Vec::new();
    for (i, &v) in positions.iter().enumerate() {
        let mut followers = graph.successors(v).to_vec();
        followers.sort_unstable();
        followers.dedup();
        for w in followers {
            let after = solution.value(digraph, w);
            let rest = values
                .iter()
                .enumerate()
                .map(|(j, x)| if j == i { &after } else { x })
                .chain(others);
            let target = match loopy::sum_outcome(rest) {
                Outcome::P => &mut winning,
                Outcome::Draw if outcome == Outcome::Draw => &mut drawing,
                _ => continue,
            };
            target.push(WinningMove {
                component: i,
                from: v,
                to: vec![w],
            });
        }
    }
    let whole: Vec<LoopyValue> = values.iter().chain(others).cloned().collect();
    let reason = loopy_reason(&whole, outcome);
    LoopyEvalReport {
        game: spec.to_owned(),
        position: positions
            .iter()
            .map(|&v| graph.name(v).to_owned())
            .collect(),
        values: values.iter().map(LoopyValue::finite).collect(),
        escapes: values.iter().map(LoopyValue::escapes).collect(),
        outcome,
        reason,
        remoteness: positions
            .iter()
            .map(|&v| {
                let r = solution.remoteness()[v as usize];
                (r != loopy::DRAWN).then_some(r)
            })
            .collect(),
        winning_moves: move_reports(graph, positions, &winning),
        drawing_moves: (outcome == Outcome::Draw).then(|| move_reports(graph, positions, &drawing)),
        symbols: values.iter().map(LoopyValue::symbol).collect(),
        component_games: Vec::new(),
    }
}

/// Smith's rule applied to these values, in words.
pub(crate) fn loopy_reason(values: &[LoopyValue], outcome: Outcome) -> String {
    let infinite: Vec<&LoopyValue> = values
        .iter()
        .filter(|v| matches!(v, LoopyValue::Infinite(_)))
        .collect();
    let xor = values.iter().fold(0u64, |x, v| match v {
        LoopyValue::Finite(m) => x ^ m,
        LoopyValue::Infinite(_) => x,
    });
    match infinite.len() {
        0 => format!("every value is finite: their XOR is {xor}"),
        1 => format!(
            "one value is {}, the others XOR to {xor}, which {} among its escapes",
            infinite[0].symbol(),
            if outcome == Outcome::N {
                "is"
            } else {
                "is not"
            }
        ),
        n => format!("{n} values are infinite: neither player can force a win"),
    }
}
