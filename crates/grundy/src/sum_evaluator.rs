//! Evaluating sums of any game, and the reports built from it: the
//! work behind `eval`, `moves` and play, kept apart from the report types
//! (which are plain data, [`crate::report`]).
//!
//! [`SumEvaluator`] is the type-erased face of a [`Ruleset`]: positions
//! read from text, sums evaluated in normal or misère play, moves listed,
//! so that a family with positions of its own kind (a pair `(3,5)`, a row
//! of coins) needs no code in any face. Every ruleset is one, by the
//! generic solver and the generic misère search; [`LoopyGame`] is the one
//! of a graph with cycles (Smith's values, draws included). The builders
//! ([`eval_report`], [`misere_eval_report`], [`theorem_eval_report`],
//! [`loopy_eval_report`]) turn an engine's answer into a report.
//!
//! Nothing here knows a family: the heap families' own methods (Bouton's
//! rule, the misère quotient) are in `heap::misere`, and the request
//! layer ([`crate::api`]) chooses among them.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::convention::Convention;
use crate::error::GameError;
use crate::graph::Graph;
use crate::loopy::{self, LoopySolution, LoopyValue};
use crate::misere::{misere_analysis, MisereMethod, MisereSearch};
use crate::nimber::Nimber;
use crate::report::{
    EvalReport, GenusReport, LoopyEvalReport, MoveReport, OutcomeReport, PlayMove, UnlistedReport,
    RESULT_SHOWN_UP_TO,
};
use crate::ruleset::Ruleset;
use crate::sum::{
    analyze_sum_beside, outcome_and_a_move, with_component_replaced, Outcome, SumSolver, SumValues,
    WinningMove,
};

/// How the search for boards and graphs runs: the bound on its table and
/// the file its solved parts are kept in, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchSettings {
    /// The bound on the table, in bytes.
    pub table_bytes: usize,
    /// The file of solved parts ([`crate::split_search::SplitSearch::with_cache`]).
    pub cache: Option<std::path::PathBuf>,
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            table_bytes: crate::split_search::default_table_bytes(),
            cache: None,
        }
    }
}

impl SearchSettings {
    /// The engine of `rules` for the game `spec`, set up this way.
    pub fn solver<'r, R: Ruleset>(
        &self,
        rules: &'r R,
        spec: &str,
    ) -> Result<SumSolver<'r, R>, GameError> {
        SumSolver::with_cache(
            rules,
            self.table_bytes,
            self.cache.as_deref().map(|path| (path, spec)),
        )
    }
}

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

/// Reads the components of a sum written by a user.
pub fn parse_positions<R: Ruleset>(
    rules: &R,
    texts: &[String],
) -> Result<Vec<R::Position>, GameError> {
    texts.iter().map(|t| rules.parse_position(t)).collect()
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

/// One move as reports show it: its words and what its component becomes,
/// in the frame of the position the user gave.
struct ShownMove<P> {
    description: String,
    to: Vec<P>,
}

/// One move of the play list: its words, what its component becomes as
/// the user sees it, and the option the engines value.
struct ListedMove<P> {
    description: String,
    to: Vec<P>,
    option: Vec<P>,
}

/// A framed move in words: its name, and the position it leaves as the
/// game writes it (text that reads back as that position).
pub(crate) fn framed_description<R: Ruleset>(
    rules: &R,
    framed: &crate::ruleset::FramedMove<R::Position>,
) -> String {
    format!(
        "{}, leaving {}",
        framed.name,
        rules.format_position(&framed.left)
    )
}

/// The moves of component `from` that leave one of the options `winning`
/// (as the engines list them), as reports show them, in the order the
/// user would list them: for a family that writes its options in a frame
/// of its own ([`Ruleset::framed_moves`]), every move of the user's
/// position that leaves one of them, named and left in the user's frame,
/// in the family's order of moves; otherwise, option by option, the
/// ruleset's words for each ([`Ruleset::equivalent_moves`]: a cut and its
/// mirror images), each leaving the option itself. Each inner list is one
/// option's moves.
fn shown_moves<R: Ruleset>(
    rules: &R,
    from: &R::Position,
    winning: &[&[R::Position]],
) -> Vec<Vec<ShownMove<R::Position>>> {
    match rules.framed_moves(from) {
        Some(framed) => {
            let wins: rustc_hash::FxHashSet<&[R::Position]> = winning.iter().copied().collect();
            framed
                .iter()
                .filter(|f| wins.contains(f.option.as_slice()))
                .map(|f| {
                    vec![ShownMove {
                        description: framed_description(rules, f),
                        to: vec![f.left.clone()],
                    }]
                })
                .collect()
        }
        None => winning
            .iter()
            .map(|option| {
                rules
                    .equivalent_moves(from, option)
                    .into_iter()
                    .map(|description| ShownMove {
                        description,
                        to: option.to_vec(),
                    })
                    .collect()
            })
            .collect(),
    }
}

/// The report of each winning move of the sum of `positions`, in normal
/// or misère play: every move leaving the same option (a cut and its
/// mirror images, [`Ruleset::equivalent_moves`]; every domino or vertex of
/// the user's position that leaves it, [`Ruleset::framed_moves`]) and
/// every move a symmetry of its component maps it onto
/// ([`Ruleset::move_symmetry`]) listed after the first of its class, the
/// whole sum after it for sums of up to [`RESULT_SHOWN_UP_TO`] components.
/// The moves of a component equal to one listed before are that one's,
/// which name it in `equal_components`.
pub(crate) fn move_reports<R: Ruleset>(
    rules: &R,
    positions: &[R::Position],
    moves: &[WinningMove<R::Position>],
) -> Vec<MoveReport> {
    let show_result = positions.len() <= RESULT_SHOWN_UP_TO;
    let json = |p: &R::Position| rules.position_json(p);
    let text = |p: &R::Position| rules.format_position(p);
    // The winning options of each component, in the order they come, each
    // once (an engine may meet an option twice).
    let mut components: Vec<usize> = Vec::new();
    let mut winning: FxHashMap<usize, Vec<&[R::Position]>> = FxHashMap::default();
    let mut met: rustc_hash::FxHashSet<(usize, &[R::Position])> = Default::default();
    for m in moves {
        let options = winning.entry(m.component).or_insert_with(|| {
            components.push(m.component);
            Vec::new()
        });
        if met.insert((m.component, &m.to)) {
            options.push(&m.to);
        }
    }
    // One group of reports per class of symmetric moves, in the order
    // their first move comes.
    let mut classes: Vec<Vec<MoveReport>> = Vec::new();
    let mut class_of: FxHashMap<(usize, Vec<u32>), usize> = FxHashMap::default();
    // Where the reports of the first component equal to each are.
    let mut listed: FxHashMap<&R::Position, Vec<(usize, usize)>> = FxHashMap::default();
    for component in components {
        let from = &positions[component];
        if let Some(places) = listed.get(from) {
            for &(class, at) in places {
                classes[class][at].equal_components.push(component);
            }
            continue;
        }
        let mut places = Vec::new();
        for option_moves in shown_moves(rules, from, &winning[&component]) {
            // Without a symmetry, the moves leaving one option form a
            // class (a cut and its mirror images).
            let mut class_of_option: Option<usize> = None;
            for shown in option_moves {
                let symmetry = rules.move_symmetry(from, &shown.to);
                let class = match &symmetry {
                    Some(symmetry) => *class_of
                        .entry((component, symmetry.class.clone()))
                        .or_insert_with(|| {
                            classes.push(Vec::new());
                            classes.len() - 1
                        }),
                    None => *class_of_option.get_or_insert_with(|| {
                        classes.push(Vec::new());
                        classes.len() - 1
                    }),
                };
                let result =
                    show_result.then(|| with_component_replaced(positions, component, &shown.to));
                let reports = &mut classes[class];
                reports.push(MoveReport {
                    component,
                    from: json(from),
                    to: shown.to.iter().map(json).collect(),
                    description: shown.description,
                    result: result.as_ref().map(|r| r.iter().map(json).collect()),
                    representative: None,
                    symmetry: reports
                        .is_empty()
                        .then(|| symmetry.map(|s| s.group))
                        .flatten(),
                    equal_components: Vec::new(),
                    to_text: shown.to.iter().map(text).collect(),
                    result_text: result.as_ref().map(|r| r.iter().map(text).collect()),
                });
                places.push((class, reports.len() - 1));
            }
        }
        listed.insert(from, places);
    }
    for class in &mut classes {
        // The first stands for the others.
        if class.len() > 1 {
            for (i, report) in class.iter_mut().enumerate() {
                report.representative = Some(i == 0);
            }
        } else if let Some(report) = class.first_mut() {
            report.symmetry = None;
        }
    }
    classes.into_iter().flatten().collect()
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

/// A game of any family whose positions are read from text and whose sums
/// the generic solver evaluates: the type-erased face of a [`Ruleset`],
/// so that a family with positions of its own kind (a pair `(3,5)`, a row
/// of coins) needs no code in the command line or the server.
pub trait SumEvaluator: fmt::Debug + Send + Sync {
    /// Reads the components of a sum, only to check them: an error names
    /// the first that is not a position.
    fn check_positions(&self, texts: &[String]) -> Result<(), GameError>;

    /// About how many seconds the search of the sum written `texts` takes,
    /// when its ruleset can tell ([`Ruleset::search_seconds`]); `None`
    /// otherwise (and for texts that are not positions: they are refused
    /// by the reading).
    fn search_seconds(&self, _texts: &[String]) -> Option<f64> {
        None
    }

    /// [`eval_report`] of the sum written `texts`, searched (for games
    /// solved by search) as `search` says.
    fn evaluate(
        &self,
        spec: &str,
        texts: &[String],
        search: &SearchSettings,
    ) -> Result<EvalReport, GameError>;

    /// [`SumEvaluator::evaluate`] of the sum written `texts` played beside
    /// other games whose values XOR to `beside`: its own value, and the
    /// moves here that win the whole ([`eval_report_beside`]). Games
    /// without values (loopy ones) refuse it.
    fn evaluate_beside(
        &self,
        spec: &str,
        texts: &[String],
        search: &SearchSettings,
        beside: u64,
    ) -> Result<EvalReport, GameError> {
        if beside == 0 {
            return self.evaluate(spec, texts, search);
        }
        Err(GameError::Unsupported {
            message: format!("'{spec}' has no nim-values to add to other games' in a sum"),
        })
    }

    /// [`outcome_eval_report`] of the sum written `texts`: its normal-play
    /// outcome and one winning move.
    fn evaluate_outcome(
        &self,
        spec: &str,
        texts: &[String],
        search: &SearchSettings,
    ) -> Result<OutcomeReport, GameError>;

    /// [`misere_eval_report`] of the sum written `texts`.
    fn evaluate_misere(&self, spec: &str, texts: &[String]) -> Result<OutcomeReport, GameError>;

    /// The remoteness of the sum written `texts`
    /// ([`crate::remoteness::RemotenessSearch`]).
    fn remoteness(&self, texts: &[String]) -> Result<u32, GameError>;

    /// The family's table over two coordinates ([`Ruleset::value_grid`]).
    fn value_grid(&self) -> Option<&dyn crate::grid::ValueGrid>;

    /// The misère nim-value of each position written `texts`, taken
    /// alone, by one search shared by all.
    fn misere_values(&self, texts: &[String]) -> Result<Vec<u64>, GameError>;

    /// The genus of each position written `texts` (g₀ its normal-play
    /// value), with the positions as JSON and as text.
    fn genera(&self, spec: &str, texts: &[String]) -> Result<GenusReport, GameError>;

    /// Every move of the sum written `texts`, with the sum it leaves
    /// (written as the game writes positions) and whether it wins (leaves
    /// a P-position, in normal or misère play): what a player chooses
    /// from, and what a perfect opponent picks from.
    fn moves(&self, texts: &[String], convention: Convention) -> Result<Vec<PlayMove>, GameError> {
        self.moves_with(texts, convention, true)
    }

    /// [`SumEvaluator::moves`], with each move's remoteness only when
    /// `remoteness` asks for it (a search over the sums it reaches: most
    /// of the work in long coin rows; a player's list needs none).
    fn moves_with(
        &self,
        texts: &[String],
        convention: Convention,
        remoteness: bool,
    ) -> Result<Vec<PlayMove>, GameError>;

    /// The components written `texts` as the game writes them (a named
    /// graph as its edges, a board as its rows): what a page draws.
    fn written(&self, texts: &[String]) -> Result<Vec<String>, GameError>;

    /// The report of a sum in a game with cycles (Smith's rule, draws
    /// included), for the games that have them; `None` for acyclic games,
    /// whose sums [`SumEvaluator::evaluate`] reports.
    fn loopy_evaluate(
        &self,
        _spec: &str,
        _texts: &[String],
    ) -> Option<Result<LoopyEvalReport, GameError>> {
        None
    }

    /// Every sum reachable from the sum written `texts`, as an explicit
    /// game graph: vertex 0 is the start, each vertex is a sum (a multiset
    /// of components, named as the game writes them, joined by ` + `) and
    /// moves to what one move in one component leaves; at most `limit`
    /// vertices, else a [`GameError::Limit`]. For `grundy solve`: the
    /// whole state space of a small board solved as one graph.
    fn state_space(&self, _texts: &[String], _limit: usize) -> Result<Graph, GameError> {
        Err(GameError::Unsupported {
            message:
                "this game's positions are not listed as a state space (a graph is solved as it is)"
                    .to_owned(),
        })
    }

    /// The name [`SumEvaluator::state_space`] gives the sum written
    /// `texts`: where a solve that lists the state space in parts (on
    /// several workers) starts.
    fn state_name(&self, _texts: &[String]) -> Result<String, GameError> {
        Err(GameError::Unsupported {
            message:
                "this game's positions are not listed as a state space (a graph is solved as it is)"
                    .to_owned(),
        })
    }

    /// One step of [`SumEvaluator::state_space`] taken alone: the names of
    /// what one move leaves from the sum named `name` (a name that step
    /// gave), one per move, in the order the state space lists them, into
    /// `out`. A sum whose name does not read back as the same sum is an
    /// error: such a state space is listed whole, in one process.
    fn state_followers(&self, _name: &str, _out: &mut Vec<String>) -> Result<(), GameError> {
        Err(GameError::Unsupported {
            message:
                "this game's positions are not listed as a state space (a graph is solved as it is)"
                    .to_owned(),
        })
    }

    /// The values of positions `0..count` of the family the spec numbers
    /// ([`Ruleset::numbered_position`]), by one solver; `None` when the
    /// spec numbers no positions.
    fn numbered_values(&self, _count: u64) -> Option<Result<Vec<u64>, GameError>> {
        None
    }

    /// The outcome of a sum of one position by a theorem of its family
    /// ([`theorem_eval_report`]); `None` when no theorem covers it.
    fn evaluate_by_theorem(
        &self,
        _spec: &str,
        _texts: &[String],
    ) -> Option<Result<OutcomeReport, GameError>> {
        None
    }
}

/// The perfect opponent's choice among `moves`: a move to a P-position
/// when there is one, else one that keeps a draw (games with cycles),
/// else the one after which the game lasts longest (the largest
/// remoteness); `None` when there is no move.
#[must_use]
pub fn perfect_reply(moves: &[PlayMove]) -> Option<&PlayMove> {
    moves
        .iter()
        .find(|m| m.wins)
        .or_else(|| moves.iter().find(|m| m.draws))
        .or_else(|| moves.iter().max_by_key(|m| m.remoteness.unwrap_or(0)))
}

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
                "this graph has cycles: {what} is defined for acyclic games only (its sums have Smith's generalised values, draws included)"
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
                });
            }
            listed.done(&positions, i, moves.len());
        }
        Ok(moves)
    }

    fn loopy_evaluate(
        &self,
        spec: &str,
        texts: &[String],
    ) -> Option<Result<LoopyEvalReport, GameError>> {
        Some(
            parse_positions(&*self.graph, texts)
                .map(|vertices| loopy_eval_report(&self.graph, &self.solution, spec, &vertices)),
        )
    }
}

use crate::limits::MAX_PLAY_MOVES;

/// Which moves of a list of [`PlayMove`]s each component's are, so that
/// a component equal to an earlier one is not listed again: the same
/// move in it leaves the same sum, so its moves are the earlier
/// component's, which name it in `equal_components`.
struct ListedComponents<'p, P> {
    /// The first component of each position, by where its moves lie.
    first: FxHashMap<&'p P, Range<usize>>,
    /// Where the moves of the component being listed start.
    start: usize,
}

impl<'p, P: Eq + std::hash::Hash> ListedComponents<'p, P> {
    fn new() -> Self {
        ListedComponents {
            first: FxHashMap::default(),
            start: 0,
        }
    }

    /// Whether component `i` equals one listed before; if so its index
    /// joins the `equal_components` of that one's moves.
    fn is_repeat(&mut self, positions: &'p [P], i: usize, moves: &mut [PlayMove]) -> bool {
        self.start = moves.len();
        let Some(range) = self.first.get(&positions[i]) else {
            return false;
        };
        for m in &mut moves[range.clone()] {
            m.equal_components.push(i);
        }
        true
    }

    /// Component `i`'s moves end at `end`.
    fn done(&mut self, positions: &'p [P], i: usize, end: usize) {
        self.first.insert(&positions[i], self.start..end);
    }
}

impl<R: Ruleset + fmt::Debug + Send + Sync> SumEvaluator for R {
    fn check_positions(&self, texts: &[String]) -> Result<(), GameError> {
        parse_positions(self, texts).map(drop)
    }

    fn search_seconds(&self, texts: &[String]) -> Option<f64> {
        let positions = parse_positions(self, texts).ok()?;
        positions
            .iter()
            .filter_map(|p| Ruleset::search_seconds(self, p))
            .reduce(|a, b| a + b)
    }

    fn evaluate(
        &self,
        spec: &str,
        texts: &[String],
        search: &SearchSettings,
    ) -> Result<EvalReport, GameError> {
        eval_report(self, spec, &parse_positions(self, texts)?, search)
    }

    fn evaluate_beside(
        &self,
        spec: &str,
        texts: &[String],
        search: &SearchSettings,
        beside: u64,
    ) -> Result<EvalReport, GameError> {
        eval_report_beside(
            self,
            spec,
            &parse_positions(self, texts)?,
            search,
            Nimber::new(beside),
        )
    }

    fn evaluate_outcome(
        &self,
        spec: &str,
        texts: &[String],
        search: &SearchSettings,
    ) -> Result<OutcomeReport, GameError> {
        outcome_eval_report(self, spec, &parse_positions(self, texts)?, search)
    }

    fn evaluate_misere(&self, spec: &str, texts: &[String]) -> Result<OutcomeReport, GameError> {
        misere_eval_report(self, spec, &parse_positions(self, texts)?)
    }

    fn evaluate_by_theorem(
        &self,
        spec: &str,
        texts: &[String],
    ) -> Option<Result<OutcomeReport, GameError>> {
        let [text] = texts else {
            return None;
        };
        Some(
            self.outcome_by_theorem(text)?
                .map(|outcome| theorem_eval_report(self, spec, outcome)),
        )
    }

    fn remoteness(&self, texts: &[String]) -> Result<u32, GameError> {
        crate::remoteness::RemotenessSearch::new(self).remoteness(&parse_positions(self, texts)?)
    }

    fn value_grid(&self) -> Option<&dyn crate::grid::ValueGrid> {
        Ruleset::value_grid(self)
    }

    fn numbered_values(&self, count: u64) -> Option<Result<Vec<u64>, GameError>> {
        // `None` when the spec numbers no positions; board 0's own error,
        // if any, comes with the others below.
        let _board_zero = self.numbered_position(0)?;
        // Every board is read before any is solved: a size past what the
        // family allows is said at once, not after the smaller boards.
        let positions: Result<Vec<R::Position>, GameError> = (0..count)
            .map(|n| self.numbered_position(n).expect("numbered from 0 on"))
            .collect();
        let mut solver = SumSolver::new(self);
        Some(positions.and_then(|positions| {
            positions
                .iter()
                .map(|p| Ok(solver.value(p)?.value()))
                .collect()
        }))
    }

    fn misere_values(&self, texts: &[String]) -> Result<Vec<u64>, GameError> {
        let positions = parse_positions(self, texts)?;
        let mut search = MisereSearch::new(self);
        positions
            .iter()
            .map(|p| search.misere_value(std::slice::from_ref(p), &[]))
            .collect()
    }

    fn written(&self, texts: &[String]) -> Result<Vec<String>, GameError> {
        let positions = parse_positions(self, texts)?;
        Ok(positions.iter().map(|p| self.format_position(p)).collect())
    }

    fn state_space(&self, texts: &[String], limit: usize) -> Result<Graph, GameError> {
        state_space(self, &parse_positions(self, texts)?, limit)
    }

    fn state_name(&self, texts: &[String]) -> Result<String, GameError> {
        let mut sum = parse_positions(self, texts)?;
        order_sum(&mut sum);
        Ok(sum_name(self, &sum))
    }

    fn state_followers(&self, name: &str, out: &mut Vec<String>) -> Result<(), GameError> {
        let sum = sum_named(self, name)?;
        let mut options = crate::ruleset::Options::new();
        // Parts checked already (the options of one sum share most parts).
        let mut checked: rustc_hash::FxHashSet<R::Position> = sum.iter().cloned().collect();
        for_each_follower(self, &sum, &mut options, |option, after| {
            // Each part must read back as itself: two parts written alike
            // would be one vertex here (the whole listing numbers them
            // apart instead).
            for part in option {
                if !checked.insert(part.clone()) {
                    continue;
                }
                let text = self.format_position(part).replace('\n', "/");
                if read_part(self, &text)? != *part {
                    return Err(GameError::Unsupported {
                        message: format!(
                            "the position '{text}' does not read back as itself, so this game's state space is listed whole, in one process (-w 1)"
                        ),
                    });
                }
            }
            out.push(sum_name(self, &after));
            Ok(())
        })
    }

    fn moves_with(
        &self,
        texts: &[String],
        convention: Convention,
        with_remoteness: bool,
    ) -> Result<Vec<PlayMove>, GameError> {
        let positions = parse_positions(self, texts)?;
        // Refused before listing anything when the moves are known to be
        // too many (a heap of 10^8 in Kayles: 1.2 GB of options before).
        let estimated: u64 = positions
            .iter()
            .filter_map(|p| self.move_estimate(p))
            .fold(0, u64::saturating_add);
        if estimated > MAX_PLAY_MOVES as u64 {
            return Err(GameError::Limit {
                what: format!(
                    "listing the moves of this sum ({})",
                    crate::number::rough_count(estimated)
                ),
                limit: format!("{MAX_PLAY_MOVES} moves"),
            });
        }
        let mut solver = SumSolver::new(self);
        let mut search = MisereSearch::new(self);
        let mut remoteness = crate::remoteness::RemotenessSearch::new(self);
        let mut options = crate::ruleset::Options::new();
        let mut moves = Vec::new();
        let mut listed = ListedComponents::new();
        for (i, position) in positions.iter().enumerate() {
            if listed.is_repeat(&positions, i, &mut moves) {
                continue;
            }
            // Each move as the user sees it, with the option the engines
            // value: the framed moves of a board or graph, or each option
            // in the ruleset's own words (the k-th time an option comes,
            // its k-th move: a cut and its mirror image).
            let shown: Vec<ListedMove<R::Position>> = match self.framed_moves(position) {
                Some(framed) => framed
                    .into_iter()
                    .map(|f| ListedMove {
                        description: framed_description(self, &f),
                        to: vec![f.left],
                        option: f.option,
                    })
                    .collect(),
                None => {
                    options.clear();
                    self.options(position, &mut options)?;
                    let mut times_seen: FxHashMap<&[R::Position], usize> = FxHashMap::default();
                    options
                        .iter()
                        .map(|option| {
                            let seen = times_seen.entry(option).or_insert(0);
                            *seen += 1;
                            let description = if *seen == 1 {
                                self.describe_move(position, option)
                            } else {
                                self.equivalent_moves(position, option)
                                    .into_iter()
                                    .nth(*seen - 1)
                                    .unwrap_or_else(|| self.describe_move(position, option))
                            };
                            ListedMove {
                                description,
                                to: option.to_vec(),
                                option: option.to_vec(),
                            }
                        })
                        .collect()
                }
            };
            for ListedMove {
                description,
                to,
                option,
            } in shown
            {
                if moves.len() >= MAX_PLAY_MOVES {
                    return Err(GameError::Limit {
                        what: "listing the moves of this sum".to_owned(),
                        limit: format!("{MAX_PLAY_MOVES} moves"),
                    });
                }
                // Valued as the engines list it; shown as the user sees it.
                let valued = with_component_replaced(&positions, i, &option);
                let (wins, far) = match convention {
                    Convention::Misere => (search.misere_value(&valued, &[])? == 0, None),
                    Convention::Normal => (
                        solver.sum_value(&valued)?.is_zero(),
                        // Boards and graphs are too many positions for
                        // the remoteness's full search.
                        if self.solved_by_search() || !with_remoteness {
                            None
                        } else {
                            // Beyond the search's reach it is not shown; a
                            // stop (deadline, Ctrl-C) stops the listing.
                            match remoteness.remoteness(&valued) {
                                Ok(far) => Some(far),
                                Err(e) if matches!(e.root(), GameError::Stopped { .. }) => {
                                    return Err(e)
                                }
                                Err(_) => None,
                            }
                        },
                    ),
                };
                let after = with_component_replaced(&positions, i, &to);
                moves.push(PlayMove {
                    description,
                    component: i,
                    to: to.iter().map(|p| self.format_position(p)).collect(),
                    position: after.iter().map(|p| self.format_position(p)).collect(),
                    wins,
                    draws: false,
                    remoteness: far,
                    equal_components: Vec::new(),
                });
            }
            listed.done(&positions, i, moves.len());
        }
        Ok(moves)
    }

    fn genera(&self, spec: &str, texts: &[String]) -> Result<GenusReport, GameError> {
        let positions = parse_positions(self, texts)?;
        let mut solver = SumSolver::new(self);
        let mut search = MisereSearch::new(self);
        let genus = positions
            .iter()
            .map(|p| search.genus(p, solver.value(p)?.value()))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(GenusReport {
            positions: Some(positions.iter().map(|p| self.position_json(p)).collect()),
            position_text: Some(positions.iter().map(|p| self.format_position(p)).collect()),
            ..GenusReport::of_genera(spec, genus)
        })
    }
}

/// [`LoopyEvalReport`] of the sum of `positions`.
#[must_use]
pub fn loopy_eval_report(
    graph: &Graph,
    solution: &LoopySolution,
    spec: &str,
    positions: &[u32],
) -> LoopyEvalReport {
    let digraph = graph.digraph();
    let values: Vec<LoopyValue> = positions
        .iter()
        .map(|&v| solution.value(digraph, v))
        .collect();
    let outcome = loopy::sum_outcome(&values);
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
                .map(|(j, x)| if j == i { &after } else { x });
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
    let reason = loopy_reason(&values, outcome);
    LoopyEvalReport {
        game: spec.to_owned(),
        position: positions
            .iter()
            .map(|&v| graph.name(v).to_owned())
            .collect(),
        values: values
            .iter()
            .map(|x| match x {
                LoopyValue::Finite(m) => Some(*m),
                LoopyValue::Infinite(_) => None,
            })
            .collect(),
        escapes: values
            .iter()
            .map(|x| match x {
                LoopyValue::Infinite(k) => Some(k.clone()),
                LoopyValue::Finite(_) => None,
            })
            .collect(),
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
    }
}

/// Smith's rule applied to these values, in words.
fn loopy_reason(values: &[LoopyValue], outcome: Outcome) -> String {
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

/// A sum's components in the state space's order: by hash, so that the
/// same multiset reached in two orders is one vertex.
fn order_sum<P: std::hash::Hash>(sum: &mut [P]) {
    use std::hash::Hasher;
    sum.sort_by_cached_key(|p| {
        let mut hasher = rustc_hash::FxHasher::default();
        p.hash(&mut hasher);
        hasher.finish()
    });
}

/// A sum's name in a state space: its components as the game writes
/// them, joined by ` + `, or `0` for the empty sum. One name per line in
/// a database: a board's rows go on one line, joined by `/`.
fn sum_name<R: Ruleset>(rules: &R, sum: &[R::Position]) -> String {
    if sum.is_empty() {
        return "0".to_owned();
    }
    sum.iter()
        .map(|p| rules.format_position(p).replace('\n', "/"))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Calls `each(option, after)` for every move of the sum `sum` (ordered
/// as [`order_sum`] orders it): a move in one part, `option` the parts it
/// leaves there and `after` the whole sum it leaves, ordered; in the order
/// of the parts and of their options. `options` is scratch.
fn for_each_follower<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    options: &mut crate::ruleset::Options<R::Position>,
    mut each: impl FnMut(&[R::Position], Vec<R::Position>) -> Result<(), GameError>,
) -> Result<(), GameError> {
    for (i, component) in sum.iter().enumerate() {
        options.clear();
        rules.options(component, options)?;
        for option in options.iter() {
            let mut after: Vec<R::Position> = sum[..i].to_vec();
            after.extend_from_slice(&sum[i + 1..]);
            after.extend_from_slice(option);
            order_sum(&mut after);
            each(option, after)?;
        }
    }
    Ok(())
}

/// A part of a state space's name read back (rows joined by `/` or not).
fn read_part<R: Ruleset>(rules: &R, text: &str) -> Result<R::Position, GameError> {
    rules.parse_position(text).or_else(|e| {
        rules
            .parse_position(&text.replace('/', "\n"))
            .map_err(|_| e)
    })
}

/// The sum a state space's name stands for, read back and checked to be
/// named so again (else a game whose text drops some detail would merge
/// distinct sums).
fn sum_named<R: Ruleset>(rules: &R, name: &str) -> Result<Vec<R::Position>, GameError> {
    let mut sum = if name == "0" {
        Vec::new()
    } else {
        name.split(" + ")
            .map(|text| read_part(rules, text))
            .collect::<Result<Vec<_>, _>>()?
    };
    order_sum(&mut sum);
    if sum_name(rules, &sum) != name {
        return Err(GameError::Unsupported {
            message: format!(
                "the sum '{name}' does not read back as written ('{}'), so this game's state space is listed whole, in one process (-w 1)",
                sum_name(rules, &sum)
            ),
        });
    }
    Ok(sum)
}

/// [`SumEvaluator::state_space`] for any ruleset: breadth first from the
/// start. A sum is kept with its components ordered by hash, so that the
/// same multiset reached in two orders is one vertex (two components with
/// equal hashes may still make two vertices of one sum: a larger graph,
/// never a wrong one, as both get the same answers).
fn state_space<R: Ruleset>(
    rules: &R,
    start: &[R::Position],
    limit: usize,
) -> Result<Graph, GameError> {
    let mut first = start.to_vec();
    order_sum(&mut first);
    // Each sum once: its vertex number is its place in the set.
    let mut sums: indexmap::IndexSet<Vec<R::Position>, rustc_hash::FxBuildHasher> =
        indexmap::IndexSet::default();
    sums.insert(first);
    let mut followers: Vec<Vec<u32>> = Vec::new();
    let mut options = crate::ruleset::Options::new();
    let mut next = 0;
    while next < sums.len() {
        // A listing of millions of sums takes seconds: a deadline or
        // Ctrl-C stops it ([`crate::stop`]).
        crate::stop::tick()?;
        let sum = sums[next].clone();
        let mut these = Vec::new();
        for_each_follower(rules, &sum, &mut options, |_, after| {
            let vertex = match sums.get_index_of(&after) {
                Some(v) => v,
                None => {
                    if sums.len() >= limit {
                        return Err(GameError::Limit {
                            what: "the state space from this position".to_owned(),
                            limit: format!("{limit} positions"),
                        });
                    }
                    sums.insert_full(after).0
                }
            };
            these.push(vertex as u32);
            Ok(())
        })?;
        followers.push(these);
        next += 1;
    }
    let names: Vec<String> = sums.iter().map(|sum| sum_name(rules, sum)).collect();
    // Distinct sums may be written alike (a family whose text drops some
    // detail): numbered apart, so the graph's names stay unique.
    let mut seen = std::collections::HashSet::new();
    let names: Vec<String> = names
        .into_iter()
        .enumerate()
        .map(|(v, name)| {
            if seen.insert(name.clone()) {
                name
            } else {
                format!("{name} #{v}")
            }
        })
        .collect();
    Graph::from_followers(names, &followers).map_err(|e| GameError::Unsupported {
        message: e.to_string(),
    })
}
