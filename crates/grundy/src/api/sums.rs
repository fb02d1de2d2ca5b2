//! Requests about a position, a sum of components: its evaluation, its
//! moves, the perfect opponent's reply, and the evaluator a game loop
//! asks turn after turn.

use std::sync::Arc;

use serde::Serialize;

use super::mixed::Components;
use super::{check_acyclic, limits};
use crate::convention::Convention;
use crate::error::GameError;
use crate::heap::misere::misere_heap_eval_report;
use crate::inputs::{sum_evaluator, Inputs};
use crate::report::{EvalReport, LoopyEvalReport, OutcomeReport, PlayMove};
use crate::ruleset::Ruleset;
use crate::spec::{Game, SpecSource};
use crate::sum_evaluator::{
    misere_eval_report, parse_positions, perfect_reply, theorem_after, with_theorem_hint,
    SumEvaluator,
};

/// What `eval` answers: the nim-values of a sum, its outcome alone (misère
/// play, or a theorem beyond the search), or Smith's values of a sum in a
/// game with cycles. Serialised as the report it holds.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Evaluation {
    /// Values, outcome and winning moves of the sum (normal play).
    Sum(EvalReport),
    /// The outcome and winning moves, with the method that decided them:
    /// misère play, or a theorem of the family beyond the search.
    Outcome(OutcomeReport),
    /// A sum in a game with cycles: values ∞(K), draws included.
    Loopy(LoopyEvalReport),
}

/// An evaluation of a sum: the game's spec (for the report), the
/// components as the user wrote them, the convention, and whether the
/// remoteness is asked for too.
#[derive(Copy, Clone, Debug)]
pub struct SumRequest<'a> {
    /// The spec, as the report names the game.
    pub spec: &'a str,
    /// The components of the sum.
    pub positions: &'a [String],
    /// Normal or misère play.
    pub convention: Convention,
    /// The remoteness of the sum (normal play), by a search over the sums
    /// it can reach.
    pub remoteness: bool,
    /// The bound on the search's table, in bytes, for games solved by
    /// search (boards, graphs); `None`: the default
    /// ([`crate::split_search::default_table_bytes`]: a sixth of the
    /// machine's memory, 512 MiB to 4 GiB).
    pub table_bytes: Option<usize>,
    /// The file the search keeps its solved parts in (`eval --cache`),
    /// so that a killed search resumes: the command line only (the
    /// server and Python write no files a request names).
    pub cache: Option<&'a std::path::Path>,
    /// Only the outcome and one winning move (normal play): the search
    /// for boards and graphs then never finds the sum's value.
    pub outcome_only: bool,
    /// Where the specs of other games in the sum are read from
    /// (`kayles 5 + cram 3x4`: [`super::mixed`]).
    pub specs: crate::spec::SpecSource,
}

fn reading(spec: &str) -> String {
    format!("reading the position of '{spec}'")
}

/// Reads the components of a sum without computing anything, so that a
/// malformed position is refused before any work, with one message on
/// every face.
pub(crate) fn check_readable(game: &Game, texts: &[String]) -> Result<(), GameError> {
    match game {
        Game::Heap(heap) => match heap.family().own_positions() {
            Some(own) => own.largest_heap(texts).map(drop),
            None => crate::heap::parse_heaps(texts).map(drop),
        },
        Game::Cut(cut) => texts
            .iter()
            .try_for_each(|text| cut.parse_position(text).map(drop)),
        Game::Graph(graph) => parse_positions(&**graph, texts).map(drop),
        Game::Positional(game) => game.check_positions(texts),
    }
}

/// The remoteness of heaps is searched over every sum they can reach:
/// heaps beyond [`limits::REMOTENESS_MAX_HEAP`] are refused up front.
fn check_remoteness_reach(game: &Game, texts: &[String]) -> Result<(), GameError> {
    let Game::Heap(heap) = game else {
        return Ok(());
    };
    if heap.family().own_positions().is_some() {
        return Ok(());
    }
    for heap in crate::heap::parse_heaps(texts)? {
        if heap > limits::REMOTENESS_MAX_HEAP {
            return Err(GameError::Limit {
                what: format!("the remoteness of a heap of {heap}"),
                limit: format!(
                    "heaps of {} (it is searched over every sum the heaps can reach)",
                    limits::REMOTENESS_MAX_HEAP
                ),
            });
        }
    }
    Ok(())
}

/// `eval`: the value, outcome and every winning move of a sum, in the
/// request's convention; the remoteness too when asked.
///
/// Normal play: the nim-values of the components (heap values computed
/// through `inputs`, a proved period for huge heaps), Smith's rule when
/// the game has cycles, and a theorem of the family for one position
/// beyond the search. Misère play: Bouton's rule for Nim, the misère
/// quotient of the heaps, or the search over sums.
pub fn eval<I: Inputs>(
    game: Game,
    request: &SumRequest<'_>,
    inputs: &mut I,
) -> Result<Evaluation, I::Error> {
    let texts = match components(&game, request.spec, request.positions, request.specs)? {
        Components::Mixed(parts) => return super::mixed::eval(parts, request, inputs),
        Components::One(texts) => texts,
    };
    let request = &SumRequest {
        positions: &texts,
        ..*request
    };
    match request.convention {
        Convention::Misere => eval_misere(game, request, inputs).map(Evaluation::Outcome),
        Convention::Normal => eval_normal(game, request, inputs),
    }
}

impl SumRequest<'_> {
    /// How the request's searches (boards, graphs) run: its table's bound
    /// and its cache file.
    pub(super) fn search_settings(&self) -> crate::sum_evaluator::SearchSettings {
        crate::sum_evaluator::SearchSettings {
            table_bytes: self
                .table_bytes
                .unwrap_or_else(crate::split_search::default_table_bytes),
            cache: self.cache.map(std::path::Path::to_path_buf),
        }
    }
}

/// Announces or refuses, within the budget, the search of the value and
/// every winning move of the sum written `texts` of `spec`, for games
/// solved by search: the estimate is of the value's search, and the
/// value with every winning move takes about twice as long (cram 5x8:
/// 2.4 s and 5.0 s; 4x11: 10.6 s and 18 s).
pub(super) fn check_value_search<I: Inputs>(
    evaluator: &dyn SumEvaluator,
    spec: &str,
    texts: &[String],
    inputs: &mut I,
) -> Result<(), I::Error> {
    if let Some(seconds) = evaluator.search_seconds(texts) {
        crate::inputs::check_search(
            inputs,
            &format!("the search of {spec} {}", texts.join(" ")),
            2.0 * seconds,
        )?;
    }
    Ok(())
}

fn eval_normal<I: Inputs>(
    game: Game,
    request: &SumRequest<'_>,
    inputs: &mut I,
) -> Result<Evaluation, I::Error> {
    let SumRequest {
        spec,
        positions: texts,
        remoteness,
        outcome_only,
        ..
    } = *request;
    if outcome_only && remoteness {
        return Err(GameError::Rules {
            message:
                "the remoteness needs the whole search; ask for it without the outcome-only mode"
                    .to_owned(),
        }
        .into());
    }
    if let Game::Positional(positional) = &game {
        if let Err(error) = positional.check_positions(texts) {
            // One position beyond the search may still have its outcome
            // by a theorem of the family (Wythoff's); its remoteness
            // needs the search.
            let by_theorem = if remoteness {
                Err(with_theorem_hint(&**positional, spec, texts, error))
            } else {
                theorem_after(&**positional, spec, texts, error)
            };
            return Ok(Evaluation::Outcome(
                by_theorem.map_err(|e| e.context(reading(spec)))?,
            ));
        }
    } else {
        check_readable(&game, texts).map_err(|e| e.context(reading(spec)))?;
    }
    if remoteness {
        check_remoteness_reach(&game, texts)?;
    }
    let evaluator = sum_evaluator(game, texts, inputs)?;
    if let Some(report) = evaluator.loopy_evaluate(spec, texts) {
        return Ok(Evaluation::Loopy(report?));
    }
    // The outcome alone is not estimated (on symmetric boards it is at
    // once).
    if !outcome_only {
        check_value_search(&*evaluator, spec, texts, inputs)?;
    }
    let search = request.search_settings();
    if outcome_only {
        return Ok(Evaluation::Outcome(
            match evaluator.evaluate_outcome(spec, texts, &search) {
                Ok(report) => report,
                Err(error) => theorem_after(&*evaluator, spec, texts, error)?,
            },
        ));
    }
    let mut report = match evaluator.evaluate(spec, texts, &search) {
        Ok(report) => report,
        Err(error) => {
            return Ok(Evaluation::Outcome(theorem_after(
                &*evaluator,
                spec,
                texts,
                error,
            )?))
        }
    };
    if remoteness {
        report.remoteness = Some(
            evaluator
                .remoteness(texts)
                .map_err(|e| e.context("computing the remoteness of the sum"))?,
        );
    }
    Ok(Evaluation::Sum(report))
}

fn eval_misere<I: Inputs>(
    game: Game,
    request: &SumRequest<'_>,
    inputs: &mut I,
) -> Result<OutcomeReport, I::Error> {
    let SumRequest {
        spec,
        positions: texts,
        remoteness,
        ..
    } = *request;
    if remoteness {
        return Err(GameError::Rules {
            message: "the remoteness of a sum is computed in normal play only".to_owned(),
        }
        .into());
    }
    check_readable(&game, texts).map_err(|e| e.context(reading(spec)))?;
    Ok(match game {
        Game::Heap(heap) => match heap.family().own_positions() {
            // Bouton's rule for Nim, the quotient, or the search.
            None => misere_heap_eval_report(&heap, spec, &crate::heap::parse_heaps(texts)?)?,
            // Rows of coins: the search, with no heaps' values.
            Some(own) => own.search_evaluator().evaluate_misere(spec, texts)?,
        },
        Game::Graph(graph) => {
            check_acyclic(spec.trim().trim_start_matches("graph:"), &graph)?;
            misere_eval_report(&*graph, spec, &parse_positions(&*graph, texts)?)?
        }
        // The search needs no table of normal-play values.
        Game::Cut(cut) => misere_eval_report(&cut, spec, &parse_positions(&cut, texts)?)?,
        other => sum_evaluator(other, texts, inputs)?.evaluate_misere(spec, texts)?,
    })
}

/// The evaluator of the sums that can follow the position written
/// `texts` (the values it needs computed through `inputs`): what a game
/// loop asks for moves turn after turn.
pub fn evaluator<I: Inputs>(
    game: Game,
    spec: &str,
    texts: &[String],
    inputs: &mut I,
) -> Result<Arc<dyn SumEvaluator>, I::Error> {
    check_readable(&game, texts).map_err(|e| e.context(reading(spec)))?;
    sum_evaluator(game, texts, inputs)
}

/// Every move of the sum written `texts`, with the sum it leaves and
/// whether it wins under `convention`. A sum of different games
/// (`5 + nim 3` after `kayles`, other games read from `specs`) has each
/// game's moves, judged for the whole sum ([`super::mixed::moves`]).
pub fn moves<I: Inputs>(
    game: Game,
    spec: &str,
    texts: &[String],
    convention: Convention,
    specs: SpecSource,
    inputs: &mut I,
) -> Result<Vec<PlayMove>, I::Error> {
    match components(&game, spec, texts, specs)? {
        Components::One(texts) => {
            let evaluator = evaluator(game, spec, &texts, inputs)?;
            Ok(evaluator.moves(&texts, convention)?)
        }
        Components::Mixed(parts) => {
            Ok(super::mixed::moves(&parts, convention, specs, inputs)?.moves)
        }
    }
}

/// The components of a request, read as [`super::mixed::components`]
/// reads them, an error said as the request's.
fn components(
    game: &Game,
    spec: &str,
    texts: &[String],
    specs: SpecSource,
) -> Result<Components, GameError> {
    super::mixed::components(game, spec, texts, specs).map_err(|e| e.context(reading(spec)))
}

/// The moves of a position, for a page to draw and offer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MovesReport {
    /// The game spec.
    pub game: String,
    /// The components as they were written (in a sum of different games,
    /// with `+` and the spec of each game after the first: what a client
    /// sends back).
    pub position: Vec<String>,
    /// The components as the game writes them (what a page draws:
    /// `petersen` as its edges, `4x5` as its rows); in a sum of different
    /// games, every component of every game, numbered as the moves number
    /// them.
    pub written: Vec<String>,
    /// Every move, with what it leaves and whether it wins.
    pub moves: Vec<PlayMove>,
    /// In a sum of different games, the game (spec) of each component of
    /// `written`; absent in a sum of one game.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub component_games: Vec<String>,
}

/// The sum written `texts`, as written and as the game writes it, and its
/// moves ([`moves`]).
pub fn moves_from<I: Inputs>(
    game: Game,
    spec: &str,
    texts: &[String],
    convention: Convention,
    specs: SpecSource,
    inputs: &mut I,
) -> Result<MovesReport, I::Error> {
    let texts = match components(&game, spec, texts, specs)? {
        Components::One(texts) => texts,
        Components::Mixed(parts) => {
            let listed = super::mixed::moves(&parts, convention, specs, inputs)?;
            return Ok(MovesReport {
                game: spec.to_owned(),
                position: listed.position,
                written: listed.written,
                moves: listed.moves,
                component_games: listed.component_games,
            });
        }
    };
    let evaluator = evaluator(game, spec, &texts, inputs)?;
    let written = evaluator.written(&texts)?;
    Ok(MovesReport {
        game: spec.to_owned(),
        moves: evaluator.moves(&texts, convention)?,
        position: texts,
        written,
        component_games: Vec::new(),
    })
}

/// The perfect opponent's reply to the position written `position`, and
/// the moves left to the player after it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayReply {
    /// The game spec: in a sum of different games, the game to send
    /// `position` with (the first game left after the reply).
    pub game: String,
    /// The engine's move ([`perfect_reply`]); `null` when it has none.
    pub reply: Option<PlayMove>,
    /// The position after the reply (what a client sends back with
    /// `game`).
    pub position: Vec<String>,
    /// Whether the reply leaves a P-position (the engine wins).
    pub engine_wins: bool,
    /// Whether the reply keeps a draw (games with cycles).
    pub engine_draws: bool,
    /// The player's moves after the reply.
    pub moves: Vec<PlayMove>,
    /// Whether the player has no move left.
    pub game_over: bool,
    /// When `position` is a sum of different games: each of its
    /// components as its game writes it (what a page draws), numbered as
    /// the moves number them; absent otherwise (`position` is then
    /// written so).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub written: Vec<String>,
    /// The game (spec) of each of `written`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub component_games: Vec<String>,
}

/// The engine's move from `texts`: a winning one when there is one; from
/// a lost position the move after which the game lasts longest. In a sum
/// of different games (other games read from `specs`), a move in any of
/// them, judged for the whole sum.
pub fn play_reply<I: Inputs>(
    game: Game,
    spec: &str,
    texts: &[String],
    convention: Convention,
    specs: SpecSource,
    inputs: &mut I,
) -> Result<PlayReply, I::Error> {
    let texts = match components(&game, spec, texts, specs)? {
        Components::One(texts) => texts,
        Components::Mixed(parts) => return mixed_reply(&parts, convention, specs, inputs),
    };
    let evaluator = evaluator(game, spec, &texts, inputs)?;
    let options = evaluator.moves(&texts, convention)?;
    let reply = perfect_reply(&options).cloned();
    let (position, moves) = match &reply {
        Some(m) => (
            m.position.clone(),
            evaluator.moves(&m.position, convention)?,
        ),
        None => (texts, Vec::new()),
    };
    Ok(PlayReply {
        game: spec.to_owned(),
        engine_wins: reply.as_ref().is_some_and(|m| m.wins),
        engine_draws: reply.as_ref().is_some_and(|m| m.draws),
        game_over: moves.is_empty(),
        reply,
        position,
        moves,
        written: Vec::new(),
        component_games: Vec::new(),
    })
}

/// [`play_reply`] from a sum of different games: the engine's move in
/// one of them; the position it leaves may be a sum of one game (the
/// other parts emptied), asked then as any such sum.
fn mixed_reply<I: Inputs>(
    parts: &[super::mixed::Part],
    convention: Convention,
    specs: SpecSource,
    inputs: &mut I,
) -> Result<PlayReply, I::Error> {
    let listed = super::mixed::moves(parts, convention, specs, inputs)?;
    let reply = perfect_reply(&listed.moves).cloned();
    let Some(m) = reply else {
        return Ok(PlayReply {
            game: parts.first().map(|p| p.spec.clone()).unwrap_or_default(),
            reply: None,
            position: listed.position,
            engine_wins: false,
            engine_draws: false,
            moves: Vec::new(),
            game_over: true,
            written: listed.written,
            component_games: listed.component_games,
        });
    };
    let next_spec = m.game.clone().unwrap_or_else(|| parts[0].spec.clone());
    let next_game = super::mixed::game_of(parts, &next_spec).ok_or_else(|| GameError::Rules {
        message: format!("the reply {} leaves a game not in the sum", m.description),
    })?;
    // The sum left is read as a request would read it: a sum of one game
    // (moves as today's), or still of different games.
    let (moves, written, component_games) =
        match components(&next_game, &next_spec, &m.position, specs)? {
            Components::One(texts) => {
                let evaluator = evaluator(next_game, &next_spec, &texts, inputs)?;
                (evaluator.moves(&texts, convention)?, Vec::new(), Vec::new())
            }
            Components::Mixed(parts) => {
                let after = super::mixed::moves(&parts, convention, specs, inputs)?;
                (after.moves, after.written, after.component_games)
            }
        };
    Ok(PlayReply {
        game: next_spec,
        engine_wins: m.wins,
        engine_draws: m.draws,
        game_over: moves.is_empty(),
        position: m.position.clone(),
        reply: Some(m),
        moves,
        written,
        component_games,
    })
}
