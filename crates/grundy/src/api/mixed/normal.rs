//! A sum of different games in normal play: each part valued by its own
//! family's method, the whole by XOR.

use super::{names, Evaluated, Layout, Part};
use crate::api::SumRequest;
use crate::inputs::Inputs;
use crate::report::{EvalReport, OutcomeReport, UnlistedReport};
use crate::Convention;
use crate::GameError;

/// The value, outcome and every winning move of a sum of different
/// games, in normal play: each part valued by its own family's method
/// (theorem, proved period, search, table), the whole by XOR, and the
/// winning moves of each part found by its own engine beside the others'
/// XOR.
pub(super) fn eval<I: Inputs>(
    parts: &[Part],
    evaluated: &[Evaluated<'_>],
    request: &SumRequest<'_>,
    inputs: &mut I,
) -> Result<EvalReport, I::Error> {
    let search = request.search_settings();
    check_searches(evaluated.iter(), inputs)?;
    let mut reports = evaluated
        .iter()
        .map(|e| e.moves_to(0, &search))
        .collect::<Result<Vec<_>, _>>()?;
    let total = reports.iter().fold(0, |x, r| x ^ r.value);
    // Each part's winning moves are those to the value the other parts
    // XOR to; its report so far has the moves to 0, which are those only
    // when the others XOR to 0.
    if total != 0 {
        for (e, report) in evaluated.iter().zip(&mut reports) {
            let beside = total ^ report.value;
            if beside != 0 {
                *report = e.moves_to(beside, &search)?;
            }
        }
    }
    Ok(combined(parts, reports, total))
}

/// `eval --outcome` of a sum of different games in normal play: its
/// outcome and one winning move, the cheapest way the parts allow. When
/// one game is solved by search (a board, a graph) and the others' values
/// XOR to 0, the sum is a P-position exactly when that game is, which its
/// outcome search decides without its value; otherwise the parts' values
/// decide, as `eval` finds them.
pub(super) fn outcome<I: Inputs>(
    parts: &[Part],
    evaluated: &[Evaluated<'_>],
    request: &SumRequest<'_>,
    inputs: &mut I,
) -> Result<OutcomeReport, I::Error> {
    let search = request.search_settings();
    let searched: Vec<&Evaluated<'_>> = evaluated
        .iter()
        .filter(|e| e.evaluator.search_seconds(&e.part.positions).is_some())
        .collect();
    if let [board] = searched.as_slice() {
        let rest = || evaluated.iter().filter(|e| e.index != board.index);
        check_searches(rest(), inputs)?;
        let others = rest()
            .map(|e| Ok((e.index, e.moves_to(0, &search)?)))
            .collect::<Result<Vec<_>, GameError>>()?;
        let beside = others.iter().fold(0, |x, (_, r)| x ^ r.value);
        if beside == 0 {
            let alone = board
                .evaluator
                .evaluate_outcome(&board.part.spec, &board.part.positions, &search)
                .map_err(|error| board.context(error))?;
            let layout = Layout::new(
                parts,
                evaluated.iter().map(|e| {
                    if e.index == board.index {
                        (alone.position.clone(), alone.position_text.clone())
                    } else {
                        let (_, r) = others
                            .iter()
                            .find(|(i, _)| *i == e.index)
                            .expect("every other part valued");
                        (r.position.clone(), r.position_text.clone())
                    }
                }),
            );
            return Ok(OutcomeReport {
                game: names(parts),
                convention: Convention::Normal,
                outcome: alone.outcome,
                method: format!(
                    "the other games' values XOR to 0, so the sum's outcome is {}'s alone: {}",
                    board.part.spec, alone.method
                ),
                winning_moves: alone
                    .winning_moves
                    .into_iter()
                    .map(|m| layout.place(board.index, m))
                    .collect(),
                one_winning_move: true,
                search: alone.search,
                position: layout.position,
                position_text: layout.texts,
                component_games: layout.games,
            });
        }
    }
    let whole = eval(parts, evaluated, request, inputs)?;
    let values: Vec<String> = whole.component_values.iter().map(u64::to_string).collect();
    Ok(OutcomeReport {
        game: whole.game,
        convention: Convention::Normal,
        outcome: whole.outcome,
        method: format!(
            "the games' values: {} = {}",
            values.join(" xor "),
            whole.value
        ),
        winning_moves: whole.winning_moves.into_iter().take(1).collect(),
        one_winning_move: true,
        search: None,
        position: whole.position,
        position_text: whole.position_text,
        component_games: whole.component_games,
    })
}

/// Announces or refuses, before any is made, the value searches of these
/// parts (boards and graphs), within the budget.
pub(super) fn check_searches<'e, 'p: 'e, I: Inputs>(
    parts: impl Iterator<Item = &'e Evaluated<'p>>,
    inputs: &mut I,
) -> Result<(), I::Error> {
    for e in parts {
        crate::api::sums::check_value_search(
            &*e.evaluator,
            &e.part.spec,
            &e.part.positions,
            inputs,
        )?;
    }
    Ok(())
}

impl Evaluated<'_> {
    /// The part's report with its moves to the value `target` (the
    /// moves that win beside parts whose values XOR to `target`).
    pub(super) fn moves_to(
        &self,
        target: u64,
        search: &crate::sum_evaluator::SearchSettings,
    ) -> Result<EvalReport, GameError> {
        let (spec, texts) = (&self.part.spec, &self.part.positions);
        if target == 0 {
            self.evaluator.evaluate(spec, texts, search)
        } else {
            self.evaluator.evaluate_beside(spec, texts, search, target)
        }
        .map_err(|error| self.context(error))
    }
}

/// The report of the whole sum from its parts' reports: components
/// numbered across the parts and named with their game, each move's
/// result the whole sum after it.
fn combined(parts: &[Part], reports: Vec<EvalReport>, total: u64) -> EvalReport {
    let layout = Layout::new(
        parts,
        reports
            .iter()
            .map(|r| (r.position.clone(), r.position_text.clone())),
    );
    let mut winning_moves = Vec::new();
    let mut unlisted: Vec<UnlistedReport> = Vec::new();
    let component_values = reports
        .iter()
        .flat_map(|r| r.component_values.iter().copied())
        .collect();
    if total != 0 {
        for (index, report) in reports.into_iter().enumerate() {
            winning_moves.extend(
                report
                    .winning_moves
                    .into_iter()
                    .map(|m| layout.place(index, m)),
            );
            unlisted.extend(
                report
                    .winning_moves_unlisted
                    .into_iter()
                    .flatten()
                    .map(|u| layout.place_unlisted(index, u)),
            );
        }
    }
    EvalReport {
        game: names(parts),
        component_values,
        value: total,
        outcome: crate::Outcome::of(crate::Nimber::new(total)),
        winning_moves,
        winning_moves_unlisted: (!unlisted.is_empty()).then_some(unlisted),
        remoteness: None,
        search: None,
        position: layout.position,
        position_text: layout.texts,
        component_games: layout.games,
    }
}
