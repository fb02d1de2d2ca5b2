//! The report builders of acyclic sums: a sum's values and winning moves,
//! its misère or normal-play outcome, the outcome a theorem gives, and
//! the error that says where a theorem would have answered.

use super::winning_moves::move_reports;
use super::{SearchSettings, SumEvaluator};
use crate::convention::Convention;
use crate::error::GameError;
use crate::misere::{misere_analysis, MisereMethod, MisereSearch};
use crate::nimber::Nimber;
use crate::report::{EvalReport, OutcomeReport, UnlistedReport};
use crate::ruleset::Ruleset;
use crate::sum::{analyze_sum_beside, outcome_and_a_move, Outcome, SumSolver, WinningMove};

/// A search's stop (Ctrl-C, a deadline), with how far it got: the
/// positions searched and, with a cache file, the solved parts written
/// out to it (flushed here, so none of them is lost) for the next search
/// to go on from. Other errors, and engines that do not search, as they
/// are.
fn how_far<R: Ruleset>(
    solver: &mut SumSolver<'_, R>,
    search: &SearchSettings,
    error: GameError,
) -> GameError {
    if !matches!(error.root(), GameError::Stopped { .. }) {
        return error;
    }
    let Some(stats) = solver.search_stats() else {
        return error;
    };
    let searched = format!("{} positions searched", stats.positions);
    let kept = match (&search.cache, stats.cache_appended, solver.flush_cache()) {
        (Some(path), Some(appended), Ok(())) => format!(
            "; {appended} solved parts appended to {} ({} read before), which a search of the same game reads back and goes on from",
            path.display(),
            stats.cache_loaded.unwrap_or(0)
        ),
        (Some(path), _, Err(e)) => format!("; the cache {} could not be written: {e}", path.display()),
        _ => String::new(),
    };
    error.established(format!("{searched}{kept}"))
}

/// `eval`: the value, outcome and every winning move of the sum of
/// `positions` in any ruleset, positions written as the ruleset writes
/// them ([`Ruleset::position_json`], [`Ruleset::format_position`]).
pub fn eval_report<R: Ruleset>(
    rules: &R,
    spec: &str,
    positions: &[R::Position],
    search: &SearchSettings,
) -> Result<EvalReport, GameError> {
    eval_report_beside(rules, spec, positions, search, Nimber::ZERO)
}

/// [`eval_report`] of a sum played beside other games whose values XOR
/// to `beside`: its own value, and the moves here that win the whole
/// ([`grundy_engine::sum::analyze_sum_beside`]).
pub fn eval_report_beside<R: Ruleset>(
    rules: &R,
    spec: &str,
    positions: &[R::Position],
    search: &SearchSettings,
    beside: Nimber,
) -> Result<EvalReport, GameError> {
    let mut solver = search.solver(rules, spec)?;
    let analysis = analyze_sum_beside(&mut solver, positions, beside)
        .map_err(|e| how_far(&mut solver, search, e))?;
    solver.flush_cache()?;
    let json = |p: &R::Position| rules.position_json(p);
    let text = |p: &R::Position| rules.format_position(p);
    let winning_moves = move_reports(rules, positions, &analysis.winning_moves);
    let unlisted: Vec<UnlistedReport> = analysis
        .unlisted
        .iter()
        .map(|u| UnlistedReport {
            component: u.component,
            from: json(&positions[u.component]),
            reason: u.reason.clone(),
            from_text: text(&positions[u.component]),
        })
        .collect();
    Ok(EvalReport {
        game: spec.to_owned(),
        position: positions.iter().map(json).collect(),
        component_values: analysis
            .component_values
            .iter()
            .map(|v| v.value())
            .collect(),
        value: analysis.value.value(),
        outcome: analysis.outcome,
        winning_moves,
        winning_moves_unlisted: (!unlisted.is_empty()).then_some(unlisted),
        remoteness: None,
        search: solver.search_stats(),
        position_text: positions.iter().map(text).collect(),
        component_games: Vec::new(),
    })
}

/// `eval --misere` of the sum of `positions` in any ruleset, by the
/// memoised search over sums ([`MisereSearch`]).
pub fn misere_eval_report<R: Ruleset>(
    rules: &R,
    spec: &str,
    positions: &[R::Position],
) -> Result<OutcomeReport, GameError> {
    let mut search = MisereSearch::new(rules);
    let analysis = misere_analysis(&mut search, positions)?;
    Ok(outcome_report(
        rules,
        spec,
        Convention::Misere,
        positions,
        Outcome::of_p(analysis.is_p),
        MisereMethod::Search.as_str().to_owned(),
        &analysis.winning_moves,
    ))
}

/// An outcome report of the sum of `positions` with these winning moves,
/// positions and moves written as the ruleset writes them; every winning
/// move listed and no search reported, which the builders that differ set
/// after.
fn outcome_report<R: Ruleset>(
    rules: &R,
    spec: &str,
    convention: Convention,
    positions: &[R::Position],
    outcome: Outcome,
    method: String,
    winning: &[WinningMove<R::Position>],
) -> OutcomeReport {
    OutcomeReport {
        game: spec.to_owned(),
        convention,
        position: positions.iter().map(|p| rules.position_json(p)).collect(),
        outcome,
        method,
        winning_moves: move_reports(rules, positions, winning),
        one_winning_move: false,
        search: None,
        position_text: positions.iter().map(|p| rules.format_position(p)).collect(),
        component_games: Vec::new(),
    }
}

/// `eval --outcome`: the outcome of the sum of `positions` and one
/// winning move, without the value where the engine can avoid it
/// ([`outcome_and_a_move`]).
pub fn outcome_eval_report<R: Ruleset>(
    rules: &R,
    spec: &str,
    positions: &[R::Position],
    search: &SearchSettings,
) -> Result<OutcomeReport, GameError> {
    let mut solver = search.solver(rules, spec)?;
    let (outcome, winning) =
        outcome_and_a_move(&mut solver, positions).map_err(|e| how_far(&mut solver, search, e))?;
    solver.flush_cache()?;
    let method = match &solver {
        SumSolver::Search(_) => "outcome search: is the sum a P-position (Beling and Rogalski's pruned search), then each option until one is",
        SumSolver::Plain(_) => "the components' values (memoised mex), and the first winning move",
    };
    Ok(OutcomeReport {
        one_winning_move: true,
        search: solver.search_stats(),
        ..outcome_report(
            rules,
            spec,
            Convention::Normal,
            positions,
            outcome,
            method.to_owned(),
            winning.as_slice(),
        )
    })
}

/// `eval` of one position by a theorem of its family
/// ([`Ruleset::outcome_by_theorem`]): its normal-play outcome and every
/// winning move, with no nim-value.
pub fn theorem_eval_report<R: Ruleset>(
    rules: &R,
    spec: &str,
    outcome: crate::ruleset::TheoremOutcome<R::Position>,
) -> OutcomeReport {
    let verdict = Outcome::of_p(outcome.is_p());
    let position = [outcome.position];
    let moves: Vec<WinningMove<R::Position>> = outcome
        .winning
        .into_iter()
        .map(|to| WinningMove {
            component: 0,
            from: position[0].clone(),
            to,
        })
        .collect();
    outcome_report(
        rules,
        spec,
        Convention::Normal,
        &position,
        verdict,
        outcome.method,
        &moves,
    )
}

/// After `error` from evaluating (or reading) the sum `texts`: when it is
/// a limit and the sum is one position a theorem of its family covers,
/// that theorem's report; otherwise the error
/// ([`with_theorem_hint`]'s).
pub fn theorem_after(
    evaluator: &(impl SumEvaluator + ?Sized),
    spec: &str,
    texts: &[String],
    error: GameError,
) -> Result<OutcomeReport, GameError> {
    if matches!(error, GameError::Limit { .. }) {
        if let Some(report) = evaluator.evaluate_by_theorem(spec, texts) {
            return report;
        }
    }
    Err(with_theorem_hint(evaluator, spec, texts, error))
}

/// A limit met by a sum of several positions, one of which a theorem
/// covers alone: the error says so, since the sum needs nim-values the
/// theorem does not give.
pub fn with_theorem_hint(
    evaluator: &(impl SumEvaluator + ?Sized),
    spec: &str,
    texts: &[String],
    error: GameError,
) -> GameError {
    let GameError::Limit { what, limit } = error else {
        return error;
    };
    let covered = (texts.len() > 1)
        .then(|| {
            texts.iter().find(|text| {
                matches!(
                    evaluator.evaluate_by_theorem(spec, std::slice::from_ref(*text)),
                    Some(Ok(_))
                )
            })
        })
        .flatten();
    match covered {
        Some(text) => GameError::Limit {
            what,
            limit: format!(
                "{limit}; alone, {text} has its outcome by a theorem, but a sum needs its nim-value"
            ),
        },
        None => GameError::Limit { what, limit },
    }
}
