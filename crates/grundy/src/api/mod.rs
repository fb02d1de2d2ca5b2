//! The request layer: one function per kind of request, under every face.
//!
//! The CLI, the server and the Python module parse their own syntax into
//! a [`Game`], the texts of a position, a [`Convention`] and a count;
//! they call one function here and render the typed report it returns.
//! Which method answers (a theorem, Bouton's rule, the misère quotient,
//! the search, a proved period, Smith's rule for cycles) is chosen here,
//! once, so the faces cannot disagree: none of them matches on [`Game`]
//! or branches on the convention.
//!
//! What differs between faces is *how* values are computed (a progress
//! bar and cost checks on a terminal, a deadline on the server, Ctrl-C in
//! Python): each face supplies that through [`Inputs`], and reads its
//! defaults and limits from [`limits`].
//!
//! | request | function |
//! |---|---|
//! | eval of a sum (any convention, remoteness) | [`eval`] |
//! | every move of a sum | [`moves`] |
//! | the perfect opponent's reply | [`play_reply`] |
//! | the evaluator of a game's sums (the terminal game loop) | [`evaluator`] |
//! | analyze of a heap game | [`analyze`] |
//! | the period of a heap game | [`period`] |
//! | values G(0..n) | [`values`] |
//! | the value of one heap | [`value`] |
//! | the genus of heaps or of positions | [`genus`] |
//! | the misère quotient | [`quotient`] |

pub use crate::applicable::{heap_game, not_applicable, Request};
pub use crate::limits;
pub use crate::limits::CountedRequest;

use std::sync::Arc;

use serde::Serialize;

use crate::convention::Convention;
use crate::error::GameError;
use crate::heap::misere::{misere_heap_eval_report, quotient_report};
use crate::heap::quotient::{
    misere_quotient_resumable, QuotientCheckpoint, QuotientLimits, QuotientStep,
};
use crate::heap::HeapGame;
use crate::inputs::{sum_evaluator, Inputs};
use crate::period::PeriodReport;
use crate::report::{
    AnalyzeReport, CheckReport, CounterexampleReport, EvalReport, GenusReport, LoopyEvalReport,
    MisereValueReport, OutcomeReport, PeriodSummary, PlayMove, QuotientReport, ValueReport,
};
use crate::ruleset::Ruleset;
use crate::sequence::NimSequence;
use crate::spec::Game;
use crate::sum_evaluator::{
    misere_eval_report, parse_positions, perfect_reply, theorem_after, with_theorem_hint,
    SumEvaluator,
};

/// `games`: every family a face can be asked for. Where files are not
/// read (the server), the families that read them are left out, as the
/// server would refuse them; each example is listed once (two script
/// families share one).
#[must_use]
pub fn games(source: crate::spec::SpecSource) -> crate::report::GamesReport {
    let served = |family: &crate::spec::Family| {
        !(family.reads_files && source == crate::spec::SpecSource::NoFiles)
    };
    let unserved: Vec<&str> = crate::spec::FAMILIES
        .iter()
        .filter(|family| !served(family))
        .map(|family| family.form)
        .collect();
    let games = crate::spec::game_list()
        .into_iter()
        .filter(|(spec, _)| !unserved.contains(&spec.as_str()))
        .map(|(spec, about)| crate::report::GameEntry { spec, about })
        .collect();
    let mut examples: Vec<String> = Vec::new();
    for family in crate::spec::FAMILIES.iter().filter(|f| served(f)) {
        if !examples.iter().any(|e| e == family.example) {
            examples.push(family.example.to_owned());
        }
    }
    crate::report::GamesReport { games, examples }
}

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
    /// (`kayles 5 + cram 3x4`: [`crate::mixed`]).
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

/// A graph with a cycle anywhere is refused (misère play, `graph
/// --acyclic`), naming the graph (`name`: its file, or `graph` for one
/// sent), the vertex and its line.
fn check_acyclic(name: &str, graph: &crate::Graph) -> Result<(), GameError> {
    graph.solve_all().map(drop).map_err(|e| GameError::Rules {
        message: format!("{name}: {e}"),
    })
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
    let texts =
        match crate::mixed::components(&game, request.spec, request.positions, request.specs)
            .map_err(|e| e.context(reading(request.spec)))?
        {
            crate::mixed::Components::Mixed(parts) => {
                return crate::mixed::eval(parts, request, inputs).map(Evaluation::Sum)
            }
            crate::mixed::Components::One(texts) => texts,
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

fn eval_normal<I: Inputs>(
    game: Game,
    request: &SumRequest<'_>,
    inputs: &mut I,
) -> Result<Evaluation, I::Error> {
    let SumRequest {
        spec,
        positions: texts,
        remoteness,
        table_bytes,
        outcome_only,
        cache,
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
    // The estimate is of the value's search; the value and every winning
    // move take about twice as long (cram 5x8: 2.4 s and 5.0 s; 4x11:
    // 10.6 s and 18 s). The outcome alone is not estimated (on symmetric
    // boards it is at once).
    if let Some(seconds) = evaluator.search_seconds(texts).filter(|_| !outcome_only) {
        crate::inputs::check_search(
            inputs,
            &format!("the search of {spec} {}", texts.join(" ")),
            2.0 * seconds,
        )?;
    }
    let search = crate::sum_evaluator::SearchSettings {
        table_bytes: table_bytes.unwrap_or_else(crate::split_search::default_table_bytes),
        cache: cache.map(std::path::Path::to_path_buf),
    };
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
/// whether it wins under `convention`.
pub fn moves<I: Inputs>(
    game: Game,
    spec: &str,
    texts: &[String],
    convention: Convention,
    inputs: &mut I,
) -> Result<Vec<PlayMove>, I::Error> {
    let evaluator = evaluator(game, spec, texts, inputs)?;
    Ok(evaluator.moves(texts, convention)?)
}

/// The moves of a position, for a page to draw and offer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MovesReport {
    /// The game spec.
    pub game: String,
    /// The components as they were written.
    pub position: Vec<String>,
    /// The components as the game writes them (what a page draws:
    /// `petersen` as its edges, `4x5` as its rows).
    pub written: Vec<String>,
    /// Every move, with what it leaves and whether it wins.
    pub moves: Vec<PlayMove>,
}

/// The sum written `texts`, as written and as the game writes it, and its
/// moves ([`moves`]).
pub fn moves_from<I: Inputs>(
    game: Game,
    spec: &str,
    texts: &[String],
    convention: Convention,
    inputs: &mut I,
) -> Result<MovesReport, I::Error> {
    let texts = &crate::mixed::one_game(&game, spec, texts, "the move list")?;
    let evaluator = evaluator(game, spec, texts, inputs)?;
    let written = evaluator.written(texts)?;
    Ok(MovesReport {
        game: spec.to_owned(),
        position: texts.to_vec(),
        written,
        moves: evaluator.moves(texts, convention)?,
    })
}

/// The perfect opponent's reply to the position written `position`, and
/// the moves left to the player after it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayReply {
    /// The game spec.
    pub game: String,
    /// The engine's move ([`perfect_reply`]); `null` when it has none.
    pub reply: Option<PlayMove>,
    /// The position after the reply.
    pub position: Vec<String>,
    /// Whether the reply leaves a P-position (the engine wins).
    pub engine_wins: bool,
    /// Whether the reply keeps a draw (games with cycles).
    pub engine_draws: bool,
    /// The player's moves after the reply.
    pub moves: Vec<PlayMove>,
    /// Whether the player has no move left.
    pub game_over: bool,
}

/// The engine's move from `texts`: a winning one when there is one; from
/// a lost position the move after which the game lasts longest.
pub fn play_reply<I: Inputs>(
    game: Game,
    spec: &str,
    texts: &[String],
    convention: Convention,
    inputs: &mut I,
) -> Result<PlayReply, I::Error> {
    let texts = &crate::mixed::one_game(&game, spec, texts, "play")?;
    let evaluator = evaluator(game, spec, texts, inputs)?;
    let options = evaluator.moves(texts, convention)?;
    let reply = perfect_reply(&options).cloned();
    let (position, moves) = match &reply {
        Some(m) => (
            m.position.clone(),
            evaluator.moves(&m.position, convention)?,
        ),
        None => (texts.to_vec(), Vec::new()),
    };
    Ok(PlayReply {
        game: spec.to_owned(),
        engine_wins: reply.as_ref().is_some_and(|m| m.wins),
        engine_draws: reply.as_ref().is_some_and(|m| m.draws),
        game_over: moves.is_empty(),
        reply,
        position,
        moves,
    })
}

/// G(0..count) of a heap game under `convention`: the engines in normal
/// play, the search over sums in misère play.
pub fn values<I: Inputs>(
    game: &Game,
    spec: &str,
    count: u64,
    convention: Convention,
    inputs: &mut I,
) -> Result<NimSequence, I::Error> {
    let game = heap_game(game, spec, Request::Values)?;
    heap_values(game, count, convention, inputs)
}

/// [`values`] of a heap game.
fn heap_values<I: Inputs>(
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

/// `plot`'s values: G(0..count) under `convention` with the pattern
/// judged in them (proved where the family's theorem allows; observed
/// only in misère play).
pub fn judged_values<I: Inputs>(
    game: &Game,
    spec: &str,
    count: u64,
    convention: Convention,
    inputs: &mut I,
) -> Result<(PeriodReport, NimSequence), I::Error> {
    let game = heap_game(game, spec, Request::Plot)?;
    judged_heap_values(game, count, convention, inputs)
}

/// [`judged_values`] of a heap game.
fn judged_heap_values<I: Inputs>(
    game: &HeapGame,
    count: u64,
    convention: Convention,
    inputs: &mut I,
) -> Result<(PeriodReport, NimSequence), I::Error> {
    let values = heap_values(game, count, convention, inputs)?;
    let report = match convention {
        Convention::Misere => crate::misere::judge_misere_values(&values),
        Convention::Normal => game.judge(&values),
    };
    Ok((report, values))
}

/// A period search within `max` values (or the default of a request of
/// `kind`) under `convention`, with the values computed. Normal play
/// extends the sequence until the family's theorem proves a period (the
/// count resolved by [`crate::inputs::resolve_count`]); in misère play the
/// values come from the search and their pattern is observed only (no
/// theorem covers misère values).
fn period<I: Inputs>(
    game: &HeapGame,
    max: Option<u64>,
    kind: CountedRequest,
    convention: Convention,
    inputs: &mut I,
) -> Result<(PeriodReport, NimSequence), I::Error> {
    let count = resolved_count(game, max, kind, convention, inputs)?;
    match convention {
        Convention::Misere => judged_heap_values(game, count, convention, inputs),
        Convention::Normal => crate::inputs::period_search(inputs, game, count as usize),
    }
}

/// The values a request of `kind` computes: `max`, or the default of the
/// request and convention. Normal-play counts go through the face's
/// [`crate::inputs::resolve_count`] (its cost checks, or its cap); misère values
/// are bounded by the search itself.
fn resolved_count<I: Inputs>(
    game: &HeapGame,
    max: Option<u64>,
    kind: CountedRequest,
    convention: Convention,
    inputs: &mut I,
) -> Result<u64, I::Error> {
    let default = limits::default_count(kind, convention);
    match convention {
        Convention::Misere => Ok(max.unwrap_or(default)),
        Convention::Normal => Ok(crate::inputs::resolve_count(inputs, game, max, default)? as u64),
    }
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

/// The convention a report names: misère play is named, normal play is
/// the default and left out.
fn named(convention: Convention) -> Option<Convention> {
    match convention {
        Convention::Misere => Some(convention),
        Convention::Normal => None,
    }
}

/// `period`'s report: the pattern in `count` values, proved where a
/// theorem allows.
fn period_summary<I: Inputs>(
    game: &HeapGame,
    spec: &str,
    max: Option<u64>,
    convention: Convention,
    inputs: &mut I,
) -> Result<PeriodSummary, I::Error> {
    let (report, _) = period(game, max, CountedRequest::Period, convention, inputs)?;
    let mut summary = PeriodSummary::new(spec, &report);
    summary.convention = named(convention);
    Ok(summary)
}

/// Boards of a numbered family (`node-kayles:path:N`) whose values
/// `period` judges by default.
pub const NUMBERED_PERIOD_DEFAULT: u64 = 40;

/// `period` of the game of `spec`: a heap game's search
/// ([`period_summary`]); for a family of boards numbered by size
/// (`node-kayles:path:N`, `cram:2xN`) the pattern in the values of boards
/// 0 to `max - 1` (by default [`NUMBERED_PERIOD_DEFAULT`]), observed only:
/// no theorem here covers a family of boards. Other games are refused as
/// not heap games.
pub fn period_of_game<I: Inputs>(
    game: &Game,
    spec: &str,
    max: Option<u64>,
    convention: Convention,
    inputs: &mut I,
) -> Result<PeriodSummary, I::Error>
where
    I::Error: From<crate::spec::SpecError>,
{
    let positional = match game {
        Game::Positional(positional) => positional,
        other => {
            let heap = heap_game(other, spec, Request::Period)?;
            return period_summary(heap, spec, max, convention, inputs);
        }
    };
    let count = max.unwrap_or(NUMBERED_PERIOD_DEFAULT);
    let Some(values) = positional.numbered_values(count) else {
        return Err(not_applicable(game, Request::Period)
            .context(format!("'{spec}'"))
            .into());
    };
    match convention {
        Convention::Misere => {
            return Err(GameError::Unsupported {
                message: format!(
                    "'{spec}': the period of a family of boards is judged in normal play only (eval --misere values a board)"
                ),
            }
            .into())
        }
        Convention::Normal => {}
    }
    let values: Vec<i64> = values?.into_iter().map(|v| v as i64).collect();
    let found = crate::period::detect(&values);
    let reason = match found {
        Some(_) => format!(
            "observed in boards 0 to {}: no theorem here covers a family of boards",
            count.saturating_sub(1)
        ),
        None => format!(
            "no period fills the second half of boards 0 to {}",
            count.saturating_sub(1)
        ),
    };
    let report = crate::period::PeriodReport {
        periodicity: found,
        proved: false,
        summary: reason.clone(),
        reason,
        values_computed: values.len(),
    };
    Ok(PeriodSummary::new(spec, &report))
}

/// An analysis: the report, and what it was made from (for a plot).
#[derive(Clone, Debug)]
pub struct Analysis {
    /// `analyze`'s report (no plot: a face that draws one fills it).
    pub report: AnalyzeReport,
    /// The period search behind it.
    pub period: PeriodReport,
    /// The values computed.
    pub values: NimSequence,
}

/// `analyze`: values, the period and how it is known, the largest value,
/// the exceptions and the rare values, from at most `max` values (or the
/// default of a request of `kind`: [`CountedRequest::Analyze`], or
/// [`CountedRequest::Page`] for the explorer's first look).
pub fn analyze<I: Inputs>(
    game: &Game,
    spec: &str,
    max: Option<u64>,
    kind: CountedRequest,
    convention: Convention,
    inputs: &mut I,
) -> Result<Analysis, I::Error> {
    let game = heap_game(game, spec, Request::Analyze)?;
    let (period, values) = period(game, max, kind, convention, inputs)?;
    let report = AnalyzeReport::of_values(spec, &period, &values, named(convention));
    Ok(Analysis {
        report,
        period,
        values,
    })
}

/// The explorer page's analysis: every value, the period, exceptions,
/// rare values and the largest value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PageAnalysis {
    /// The game spec.
    pub game: String,
    /// The convention of the values.
    pub convention: Convention,
    /// G(0..n).
    pub values: Vec<u64>,
    /// The period search.
    pub period: PeriodSummary,
    /// Positions before the preperiod that break the pattern.
    pub exceptions: Vec<usize>,
    /// The rare values, when a mask makes them few.
    pub rare: Option<crate::report::RareReport>,
    /// A ruler regularity seen in the values (observed), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ruler: Option<crate::ruler::RulerRegularity>,
    /// The largest value and where it first appears.
    pub largest: crate::report::Largest,
}

/// The explorer page's first look at a heap game: G(0..n) under
/// `convention` (n = `max`, or [`CountedRequest::Page`]'s default), the
/// pattern judged in them, exceptions, rare values, the largest value.
pub fn page_analysis<I: Inputs>(
    game: &Game,
    spec: &str,
    max: Option<u64>,
    convention: Convention,
    inputs: &mut I,
) -> Result<PageAnalysis, I::Error> {
    let game = heap_game(game, spec, Request::Analyze)?;
    let count = resolved_count(game, max, CountedRequest::Page, convention, inputs)?;
    let (period, values) = judged_heap_values(game, count, convention, inputs)?;
    let report = AnalyzeReport::of_values(spec, &period, &values, None);
    Ok(PageAnalysis {
        game: spec.to_owned(),
        convention,
        values: values.iter().collect(),
        period: report.period,
        exceptions: report.exceptions,
        rare: report.rare,
        ruler: report.ruler,
        largest: report.largest,
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

/// `genus`: the genus of each heap `0..count` of a heap game, or of each
/// position written `positions` of a game with positions of its own.
pub fn genus<I: Inputs>(
    game: Game,
    spec: &str,
    positions: &[String],
    count: u64,
    inputs: &mut I,
) -> Result<GenusReport, I::Error> {
    let heap_game = match &game {
        Game::Heap(heap) if heap.family().own_positions().is_none() => Some(heap.clone()),
        _ => None,
    };
    match (heap_game, positions) {
        (Some(heap), []) => {
            let genus = crate::inputs::genus(inputs, &heap, count)
                .map_err(|e| e.context("computing the genus"))?;
            Ok(GenusReport::of_genera(spec, genus))
        }
        (Some(_), _) => Err(GameError::Unsupported {
            message:
                "the genus of a heap game is given heap by heap from 0: use -n N, not positions"
                    .to_owned(),
        }
        .into()),
        (None, []) => Err(GameError::Unsupported {
            message: format!(
                "'{spec}' has positions of its own: name them, as in 'grundy genus {spec} POSITION...'"
            ),
        }
        .into()),
        (None, texts) => {
            let evaluator = evaluator(game, spec, texts, inputs)?;
            Ok(evaluator
                .genera(spec, texts)
                .map_err(|e| e.context(format!("the genus of positions of '{spec}'")))?)
        }
    }
}

/// `table`'s answer: the values of a family on two coordinates, or of
/// every box of a cutting game.
#[derive(Debug)]
#[non_exhaustive]
pub enum Table {
    /// Every cell (x, y) with both coordinates up to the maximum.
    Grid {
        /// The coordinates' names (`x`, `y`; `n`, `m`).
        axes: [&'static str; 2],
        /// Misère values are named; normal play is not.
        convention: Option<Convention>,
        /// The values, row x, column y.
        values: crate::grid::Grid,
    },
    /// Every box of a cutting game up to the maximum side (normal play).
    Boxes(crate::cut::CutTable),
    /// Every box with sorted sides, with its misère nim-value.
    MisereBoxes(crate::report::MisereTableReport),
}

/// `table`: every value of a game on two coordinates up to `max`, or of
/// every box of a cutting game with sides up to `max`, under
/// `convention` (misère values by the search: small tables).
pub fn table<I: Inputs>(
    game: Game,
    spec: &str,
    max: u64,
    convention: Convention,
    inputs: &mut I,
) -> Result<Table, I::Error> {
    if let Game::Positional(positional) = &game {
        if let Some(grid) = positional.value_grid() {
            let values = match convention {
                Convention::Misere => misere_grid(&**positional, grid, spec, max)?,
                Convention::Normal => grid.table(max).map_err(|e| {
                    e.context(format!("computing the table of '{spec}' up to {max}"))
                })?,
            };
            return Ok(Table::Grid {
                axes: grid.axes(),
                convention: named(convention),
                values,
            });
        }
    }
    let Game::Cut(cut) = game else {
        return Err(GameError::Unsupported {
            message: format!("'{spec}' has no table: 'table' is for cutting games (cut:1 to cut:4) and games on two coordinates (wythoff, fibonacci-nim, mem, tartan products); heap games use 'seq'"),
        }
        .into());
    };
    let max = usize::try_from(max)
        .ok()
        .filter(|&m| m < u32::MAX as usize)
        .ok_or_else(|| GameError::Limit {
            what: format!("a table up to {max}"),
            limit: "sides below 2^32 - 1".to_owned(),
        })?;
    match convention {
        Convention::Misere => Ok(Table::MisereBoxes(misere_boxes(&cut, spec, max)?)),
        Convention::Normal => Ok(Table::Boxes(crate::inputs::cut_table(
            inputs,
            cut.dim(),
            max,
        )?)),
    }
}

/// The misère nim-value of every cell of a table over two coordinates,
/// each cell read as the position the family writes for it.
fn misere_grid(
    game: &dyn SumEvaluator,
    grid: &dyn crate::grid::ValueGrid,
    spec: &str,
    max: u64,
) -> Result<crate::grid::Grid, GameError> {
    let mut values = crate::grid::Grid::square(max)?;
    let side64 = values.rows as u64;
    let texts: Vec<String> = (0..side64)
        .flat_map(|x| (0..side64).map(move |y| grid.cell(x, y)))
        .collect();
    let misere = game
        .misere_values(&texts)
        .map_err(|e| e.context(format!("the misère values of the table of '{spec}'")))?;
    for (cell, value) in values.values.iter_mut().zip(misere) {
        *cell = u32::try_from(value).map_err(|_| GameError::Limit {
            what: format!("a misère value of {value}"),
            limit: "values below 2^32 in a table".to_owned(),
        })?;
    }
    Ok(values)
}

/// The misère nim-value of every box with sorted sides up to `max`, by
/// one search shared by all.
fn misere_boxes(
    game: &crate::cut::CutGame,
    spec: &str,
    max: usize,
) -> Result<crate::report::MisereTableReport, GameError> {
    let mut search = crate::misere::MisereSearch::new(game);
    let mut boxes = Vec::new();
    for sides in crate::cut::sorted_boxes(game.dim(), max) {
        let narrow: Vec<u32> = sides.iter().map(|&s| s as u32).collect();
        let cuboid = crate::cut::Cuboid::new(&narrow)?;
        let value = search.misere_value(&[cuboid], &[]).map_err(|e| {
            e.context(format!(
                "the misère value of {}",
                game.format_position(&cuboid)
            ))
        })?;
        boxes.push(crate::report::BoxReport { sides, value });
    }
    Ok(crate::report::MisereTableReport {
        game: spec.to_owned(),
        convention: Convention::Misere,
        max,
        boxes,
        dim: game.dim(),
    })
}

/// `graph`'s answer: every vertex's values, solved once.
#[derive(Debug)]
pub enum GraphValues {
    /// Normal play: Smith's generalised values and remoteness (cycles
    /// included).
    Normal(crate::loopy::LoopySolution),
    /// Misère play: each vertex's misère nim-value ([`crate::loopy::INFINITE`]
    /// never occurs: the graph is acyclic).
    Misere(Vec<u32>),
}

impl GraphValues {
    /// The report of every vertex of `graph`, streamed from these values.
    #[must_use]
    pub fn report<'a>(&'a self, graph: &'a crate::Graph) -> crate::report::GraphReport<'a> {
        let vertices = match self {
            GraphValues::Normal(solution) => crate::report::VertexList {
                graph,
                labels: solution.labels(),
                remoteness: Some(solution.remoteness()),
            },
            GraphValues::Misere(labels) => crate::report::VertexList {
                graph,
                labels,
                remoteness: None,
            },
        };
        crate::report::GraphReport { vertices }
    }
}

/// `graph`: the value, outcome and remoteness of every vertex of `graph`
/// (named `name` in errors), cycles included (Smith's values, draws); with
/// `acyclic`, and in misère play, a cycle is an error naming a vertex.
pub fn graph(
    graph: &crate::Graph,
    name: &str,
    acyclic: bool,
    convention: Convention,
) -> Result<GraphValues, GameError> {
    // Misère play is valued by a search, which needs a finite game.
    let needs_acyclic = match convention {
        Convention::Misere => true,
        Convention::Normal => acyclic,
    };
    if needs_acyclic {
        check_acyclic(name, graph)?;
    }
    match convention {
        Convention::Misere => {
            let mut search = crate::misere::MisereSearch::new(graph);
            let labels = (0..graph.vertex_count() as u32)
                .map(|v| {
                    let value = search.misere_value(&[v], &[])?;
                    Ok(u32::try_from(value).unwrap_or(u32::MAX - 1))
                })
                .collect::<Result<Vec<u32>, GameError>>()?;
            Ok(GraphValues::Misere(labels))
        }
        Convention::Normal => Ok(GraphValues::Normal(crate::loopy::LoopySolution::solve(
            graph.digraph(),
        ))),
    }
}

/// `quotient`: the misère quotient of the heaps up to `max`, within
/// `limits` (its order, a climb of candidates; the deadline is the
/// caller's through [`crate::stop`]), kept in and resumed from `checkpoint` when
/// given (a file, and the least time between two writes after heaps);
/// `progress` hears of each heap and order.
pub fn quotient(
    game: &Game,
    spec: &str,
    max: u64,
    limits: QuotientLimits,
    checkpoint: Option<(&std::path::Path, std::time::Duration)>,
    progress: &mut dyn FnMut(QuotientStep),
) -> Result<QuotientReport, GameError> {
    let game = heap_game(game, spec, Request::Quotient)?;
    crate::heap::quotient::check_max_order(limits.max_order)?;
    let checkpoint = checkpoint.map(|(path, every)| QuotientCheckpoint {
        path,
        game: spec,
        every,
    });
    let quotient = misere_quotient_resumable(game, max, limits, checkpoint, progress)
        .map_err(|e| e.context(format!("computing the misère quotient of '{spec}'")))?;
    Ok(quotient_report(spec, &quotient))
}
