//! A sum of different games where some part has cycles (a loopy game
//! beside finite ones): Smith's rule over every component's value, each
//! finite part's nim-values and each loopy part's generalised values. One
//! infinite component ∞(K) beside finite ones that XOR to b is N when b is
//! in K (move it to b), else a draw; two or more infinite ones, a draw.

use rustc_hash::FxHashSet;
use serde_json::Value;

use super::{names, Evaluated, Layout, Part};
use crate::api::SumRequest;
use crate::inputs::Inputs;
use crate::loopy::{self, LoopyValue};
use crate::report::{EvalReport, LoopyEvalReport, MoveReport, PlayMove};
use crate::sum::Outcome;
use crate::{Convention, GameError};

/// What one part contributes: a finite part's report (its values, and
/// moves to 0), or a loopy part's report alone (its values).
enum PartReport {
    Finite(EvalReport),
    Loopy(LoopyEvalReport),
}

impl PartReport {
    fn values(&self) -> Vec<LoopyValue> {
        match self {
            PartReport::Finite(report) => report
                .component_values
                .iter()
                .map(|&v| LoopyValue::Finite(v))
                .collect(),
            PartReport::Loopy(report) => report
                .values
                .iter()
                .zip(&report.escapes)
                .map(|(value, escapes)| match value {
                    Some(v) => LoopyValue::Finite(*v),
                    None => LoopyValue::Infinite(escapes.clone().unwrap_or_default()),
                })
                .collect(),
        }
    }

    /// The components as JSON and as text.
    fn written(&self) -> (Vec<Value>, Vec<String>) {
        match self {
            PartReport::Finite(report) => (report.position.clone(), report.position_text.clone()),
            PartReport::Loopy(report) => (
                report.position.iter().cloned().map(Value::String).collect(),
                report.position.clone(),
            ),
        }
    }
}

/// Smith's value, outcome, winning moves and (from a draw) every move
/// that keeps the draw of a sum of different games, one of them or more
/// with cycles.
pub(super) fn eval<I: Inputs>(
    parts: &[Part],
    evaluated: &[Evaluated<'_>],
    request: &SumRequest<'_>,
    inputs: &mut I,
) -> Result<LoopyEvalReport, I::Error> {
    let search = request.search_settings();
    super::normal::check_searches(evaluated.iter().filter(|e| e.loopy.is_none()), inputs)?;
    let reports = evaluated
        .iter()
        .map(|e| match &e.loopy {
            Some(alone) => Ok(PartReport::Loopy(alone.clone())),
            None => e.moves_to(0, &search).map(PartReport::Finite),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let values: Vec<Vec<LoopyValue>> = reports.iter().map(PartReport::values).collect();
    let all: Vec<LoopyValue> = values.iter().flatten().cloned().collect();
    let outcome = loopy::sum_outcome(&all);
    let layout = Layout::new(parts, reports.iter().map(PartReport::written));
    let mut winning_moves = Vec::new();
    let mut drawing_moves = Vec::new();
    let finite_xor = all
        .iter()
        .filter_map(LoopyValue::finite)
        .fold(0, |x, m| x ^ m);
    let infinite: Vec<&[u64]> = all
        .iter()
        .filter_map(|v| match v {
            LoopyValue::Infinite(k) => Some(k.as_slice()),
            LoopyValue::Finite(_) => None,
        })
        .collect();
    for (index, (e, report)) in evaluated.iter().zip(&reports).enumerate() {
        match report {
            // Each move of a loopy part judged by Smith's rule on the
            // whole sum it leaves.
            PartReport::Loopy(_) => {
                let others: Vec<LoopyValue> = values
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != index)
                    .flat_map(|(_, v)| v.iter().cloned())
                    .collect();
                let beside = e.loopy_report(&others)?;
                winning_moves.extend(
                    beside
                        .winning_moves
                        .into_iter()
                        .map(|m| layout.place(index, m)),
                );
                drawing_moves.extend(
                    beside
                        .drawing_moves
                        .into_iter()
                        .flatten()
                        .map(|m| layout.place(index, m)),
                );
            }
            // A move in a finite part changes only the finite values'
            // XOR: it wins when every value is finite and it brings the
            // XOR to 0; from a draw it keeps the draw unless it brings the
            // XOR into the one infinite component's K.
            PartReport::Finite(report) => {
                // The part's moves to the value `target` (those to 0 are
                // in its report already).
                let moves_to = |target: u64| -> Result<Vec<MoveReport>, GameError> {
                    if target == 0 {
                        Ok(report.winning_moves.clone())
                    } else {
                        Ok(e.moves_to(target, &search)?.winning_moves)
                    }
                };
                match (outcome, infinite.as_slice()) {
                    (Outcome::N, []) => {
                        let moves = moves_to(finite_xor ^ report.value)?;
                        winning_moves.extend(moves.into_iter().map(|m| layout.place(index, m)));
                    }
                    (Outcome::Draw, _) => {
                        let mut losing = Vec::new();
                        if let [escapes] = infinite.as_slice() {
                            for k in escapes.iter() {
                                losing.extend(moves_to(report.value ^ finite_xor ^ k)?);
                            }
                        }
                        let every = e
                            .evaluator
                            .moves(&e.part.positions, Convention::Normal)
                            .map_err(|error| e.context(error))?;
                        drawing_moves.extend(
                            keeping(report, every, &losing)
                                .into_iter()
                                .map(|m| layout.place(index, m)),
                        );
                    }
                    _ => {}
                }
            }
        }
    }
    let symbols = all.iter().map(LoopyValue::symbol).collect();
    let remoteness = reports
        .iter()
        .zip(&values)
        .flat_map(|(report, values)| match report {
            PartReport::Loopy(report) => report.remoteness.clone(),
            PartReport::Finite(_) => vec![None; values.len()],
        })
        .collect();
    Ok(LoopyEvalReport {
        game: names(parts),
        position: reports.iter().flat_map(|r| r.written().1).collect(),
        values: all.iter().map(LoopyValue::finite).collect(),
        escapes: all.iter().map(LoopyValue::escapes).collect(),
        outcome,
        reason: crate::sum_evaluator::loopy_reason(&all, outcome),
        remoteness,
        winning_moves: if outcome == Outcome::N {
            winning_moves
        } else {
            Vec::new()
        },
        drawing_moves: (outcome == Outcome::Draw).then_some(drawing_moves),
        symbols,
        component_games: layout.games,
    })
}

impl Evaluated<'_> {
    /// A loopy part's report beside components of values `others`.
    fn loopy_report(&self, others: &[LoopyValue]) -> Result<LoopyEvalReport, GameError> {
        self.evaluator
            .loopy_evaluate_beside(&self.part.spec, &self.part.positions, others)
            .unwrap_or_else(|| {
                Err(GameError::Unsupported {
                    message: "this game has no cycles".to_owned(),
                })
            })
            .map_err(|error| self.context(error))
    }
}

/// The moves of a finite part, `every` one listed as its game lists them,
/// that are not among `losing` (the moves to the values that lose), as
/// reports of the part (`report`'s components).
fn keeping(report: &EvalReport, every: Vec<PlayMove>, losing: &[MoveReport]) -> Vec<MoveReport> {
    // A move loses when a losing move is the same move, or leaves the
    // same component (the value after a move is that of what it leaves).
    let same_move: FxHashSet<(usize, &str)> = losing
        .iter()
        .map(|m| (m.component, m.description.as_str()))
        .collect();
    let same_option: FxHashSet<(usize, &[String])> = losing
        .iter()
        .map(|m| (m.component, m.to_text.as_slice()))
        .collect();
    every
        .into_iter()
        .filter(|m| {
            !same_move.contains(&(m.component, m.description.as_str()))
                && !same_option.contains(&(m.component, m.to.as_slice()))
        })
        .map(|m| {
            // Every component of a part is of one game, written alike.
            let from = report
                .position
                .get(m.component)
                .cloned()
                .unwrap_or(Value::Null);
            MoveReport {
                component: m.component,
                to: m.to.iter().map(|t| json_like(&from, t)).collect(),
                result: Some(m.position.iter().map(|t| json_like(&from, t)).collect()),
                from,
                description: m.description,
                representative: None,
                symmetry: None,
                equal_components: m.equal_components,
                to_text: m.to,
                result_text: Some(m.position),
                result_games: None,
            }
        })
        .collect()
}

/// A component written `text` as JSON of the kind `like` is: a number
/// where the game's components are numbers (heaps), else the text.
fn json_like(like: &Value, text: &str) -> Value {
    match (like, text.parse::<u64>()) {
        (Value::Number(_), Ok(n)) => Value::from(n),
        _ => Value::String(text.to_owned()),
    }
}
