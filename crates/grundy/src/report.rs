//! Typed reports: what each command answers, as plain data. The command
//! line renders them as text or JSON (their `Serialize` form *is* the JSON
//! shape README documents); the web server and the Python module of later
//! issues hand out the same reports.
//!
//! Positions appear as JSON values, in the form their family writes them:
//! a heap as a number, a box as its list of sides, a graph vertex as its
//! name.

use std::fmt;
use std::sync::Arc;

use serde::{Serialize, Serializer};
use serde_json::Value;

use crate::convention::Convention;
use crate::cut::CutTable;
use crate::graph::Graph;
use crate::heap::{HeapGame, HeapRuleset};
use crate::loopy::{self, LoopySolution, LoopyValue};
use crate::misere::quotient::{misere_quotient, Element, MisereQuotient, QuotientLimits};
use crate::misere::{misere_analysis, nim_winning_moves, MisereMethod, MisereSearch};

use crate::error::GameError;
use crate::formula::Counterexample;
use crate::period::PeriodReport;
use crate::ruleset::Ruleset;
use crate::solver::Solver;
use crate::sum::{analyze_sum, Outcome, WinningMove};

/// `period`: the pattern found in a nim-sequence and how it is known.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeriodSummary {
    /// The game spec.
    pub game: String,
    /// The least n from which the pattern holds (`null`: none found).
    pub preperiod: Option<usize>,
    /// The period (`null`: none found).
    pub period: Option<usize>,
    /// The saltus: 0 for ordinary periodicity (`null`: none found).
    pub saltus: Option<i64>,
    /// `true` when a theorem proves the pattern for every n.
    pub proved: bool,
    /// The theorem used, or why nothing is proved.
    pub reason: String,
    /// Values computed.
    pub values_computed: usize,
    /// `"misere"` for misère values (absent for normal play).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub convention: Option<Convention>,
}

impl PeriodSummary {
    /// The summary of a period search of `game`.
    #[must_use]
    pub fn new(game: &str, report: &PeriodReport) -> PeriodSummary {
        let found = report.periodicity;
        PeriodSummary {
            game: game.to_owned(),
            preperiod: found.map(|f| f.preperiod),
            period: found.map(|f| f.period),
            saltus: found.map(|f| f.saltus),
            proved: report.proved,
            reason: report.reason.clone(),
            values_computed: report.values_computed,
            convention: None,
        }
    }
}

/// `value`: G(n) and how it is known.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValueReport {
    /// The game spec.
    pub game: String,
    /// The heap.
    pub n: u64,
    /// G(n).
    pub value: u64,
    /// How it is known ("computed directly", "from the proved period 12
    /// from n = 71", ...).
    pub how: String,
}

/// `check`: whether a formula matches the values, and where it first
/// fails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// The game spec.
    pub game: String,
    /// `true` when the formula holds for every n checked.
    pub holds: bool,
    /// Values asked to check.
    pub checked: u64,
    /// The first n where it fails.
    pub counterexample: Option<CounterexampleReport>,
    /// `"misere"` when misère values were checked (absent for normal play).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub convention: Option<Convention>,
}

/// Where a formula first fails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CounterexampleReport {
    /// The heap.
    pub n: u64,
    /// G(n).
    pub value: u64,
    /// The formula's value at n.
    pub formula: u64,
}

impl From<&Counterexample> for CounterexampleReport {
    fn from(c: &Counterexample) -> Self {
        CounterexampleReport {
            n: c.n,
            value: c.actual,
            formula: c.claimed,
        }
    }
}

/// `analyze`: the period report with the first values, the largest value,
/// the exceptions, the rare values and the plot.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalyzeReport {
    /// The period search.
    #[serde(flatten)]
    pub period: PeriodSummary,
    /// G(0), G(1), ... (the first 60).
    pub first_values: Vec<u64>,
    /// The largest value and where it first appears.
    pub largest: Largest,
    /// Positions before the preperiod that break the pattern.
    pub exceptions: Vec<usize>,
    /// The rare values, when a mask makes them few.
    pub rare: Option<RareReport>,
    /// The plot written, if any.
    pub plot: Option<String>,
    /// Why the plot was not written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plot_error: Option<String>,
}

/// Rare positions listed at most by [`AnalyzeReport::of_values`]; a sparse
/// space is reported when rare positions are at most this many or 5% of
/// all.
pub const RARE_LIST: usize = 60;

impl AnalyzeReport {
    /// The analysis of computed values: the period report, the first
    /// values, the largest, the exceptions and the rare values (no plot:
    /// the face that draws one fills `plot`).
    #[must_use]
    pub fn of_values(
        spec: &str,
        report: &PeriodReport,
        values: &crate::sequence::NimSequence,
        convention: Option<Convention>,
    ) -> AnalyzeReport {
        use crate::rare::{best_mask, is_rare};
        let n = values.len();
        let (largest_at, largest) = values
            .iter()
            .enumerate()
            .max_by_key(|&(i, v)| (v, std::cmp::Reverse(i)))
            .unwrap_or((0, 0));
        let exceptional = report
            .periodicity
            .map(|found| crate::period::exceptions(values, &found))
            .unwrap_or_default();
        let rare = best_mask(values.iter()).filter(|&(_, count)| count <= RARE_LIST.max(n / 20));
        let rare_positions: Vec<RarePosition> = match rare {
            Some((mask, _)) => values
                .iter()
                .enumerate()
                .filter(|&(_, v)| is_rare(v, mask))
                .take(RARE_LIST)
                .map(|(n, value)| RarePosition { n, value })
                .collect(),
            None => Vec::new(),
        };
        let mut period = PeriodSummary::new(spec, report);
        period.convention = convention;
        AnalyzeReport {
            period,
            first_values: values.iter().take(60).collect(),
            largest: Largest {
                value: largest,
                n: largest_at,
            },
            exceptions: exceptional,
            rare: rare.map(|(mask, count)| RareReport {
                mask,
                count,
                positions: rare_positions,
            }),
            plot: None,
            plot_error: None,
        }
    }
}

/// The largest value of a sequence and its first position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Largest {
    /// The value.
    pub value: u64,
    /// Where it first appears.
    pub n: usize,
}

/// Rare values under the best mask.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RareReport {
    /// The mask.
    pub mask: u64,
    /// How many positions are rare.
    pub count: usize,
    /// The first rare positions.
    pub positions: Vec<RarePosition>,
}

/// One rare position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RarePosition {
    /// The heap.
    pub n: usize,
    /// G(n).
    pub value: u64,
}

/// `eval`: the value, the outcome and every winning move of a sum.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EvalReport {
    /// The game spec.
    pub game: String,
    /// The components of the sum.
    pub position: Vec<Value>,
    /// The value of each component.
    pub component_values: Vec<u64>,
    /// The value of the sum.
    pub value: u64,
    /// `"P"` (the player to move loses) or `"N"`.
    pub outcome: Outcome,
    /// Every winning move.
    pub winning_moves: Vec<MoveReport>,
    /// Components whose moves could not be listed (`null`: none).
    pub winning_moves_unlisted: Option<Vec<UnlistedReport>>,
    /// How many moves the game lasts with best play (the winner hurries,
    /// the loser delays), when asked for (`eval --remoteness`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u32>,
    /// The components as the game writes them (text output only).
    #[serde(skip)]
    pub position_text: Vec<String>,
}

/// One winning move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveReport {
    /// Index of the component moved in.
    pub component: usize,
    /// That component before the move.
    pub from: Value,
    /// What it becomes (a sum of zero or more components).
    pub to: Vec<Value>,
    /// The move in the game's words.
    pub description: String,
    /// The whole sum after the move (sums of up to 64 components).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<Vec<Value>>,
    /// Among moves leaving the same option (a cut and its mirror images):
    /// `true` for the first, which stands for the others.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub representative: Option<bool>,
    /// What the component becomes, as the game writes it (text only).
    #[serde(skip)]
    pub to_text: Vec<String>,
    /// The sum after the move, as the game writes it (text only).
    #[serde(skip)]
    pub result_text: Option<Vec<String>>,
}

/// A component whose moves could not be listed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnlistedReport {
    /// Index of the component.
    pub component: usize,
    /// The component.
    pub from: Value,
    /// Why.
    pub reason: String,
    /// The component as the game writes it (text only).
    #[serde(skip)]
    pub from_text: String,
}

/// `games`: every game family grundy knows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GamesReport {
    /// The families, each a spec (or its form) and a description.
    pub games: Vec<GameEntry>,
}

/// One family.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameEntry {
    /// The spec or its form (`sub:1,3,4`).
    pub spec: String,
    /// What it is.
    pub about: String,
}

/// `nimber`: one nimber operation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NimberReport {
    /// `add`, `mul` or `mex`.
    pub operation: String,
    /// The operands.
    pub operands: Vec<u64>,
    /// The result.
    pub result: u64,
}

/// Sums of at most this many components show the whole sum after each
/// winning move: a sum of n components has up to n winning moves of n
/// components each.
pub const RESULT_SHOWN_UP_TO: usize = 64;

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
) -> Result<EvalReport, GameError> {
    let mut solver = Solver::new(rules);
    let analysis = analyze_sum(&mut solver, positions)?;
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
        position_text: positions.iter().map(text).collect(),
    })
}

/// `eval --misere`: the misère outcome of a sum and every winning move;
/// also, with `convention` `"normal"`, the outcome of a position beyond
/// the solver's reach by a theorem of its family (no nim-value).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MisereEvalReport {
    /// The game spec.
    pub game: String,
    /// `"misere"`, or `"normal"` for an outcome by a theorem.
    pub convention: Convention,
    /// The components of the sum.
    pub position: Vec<Value>,
    /// `"P"` (the player to move loses) or `"N"`.
    pub outcome: Outcome,
    /// What decided it.
    pub method: String,
    /// Every winning move (a move to a misère P-position).
    pub winning_moves: Vec<MoveReport>,
    /// The components as the game writes them (text output only).
    #[serde(skip)]
    pub position_text: Vec<String>,
}

/// The report of each winning move of the sum of `positions`, in normal
/// or misère play: every move leaving the same option (a cut and its
/// mirror images, [`Ruleset::equivalent_moves`]), the whole sum after it
/// for sums of up to [`RESULT_SHOWN_UP_TO`] components.
fn move_reports<R: Ruleset>(
    rules: &R,
    positions: &[R::Position],
    moves: &[WinningMove<R::Position>],
) -> Vec<MoveReport> {
    let show_result = positions.len() <= RESULT_SHOWN_UP_TO;
    let json = |p: &R::Position| rules.position_json(p);
    let text = |p: &R::Position| rules.format_position(p);
    let mut reports = Vec::new();
    for m in moves {
        // Moves leaving the same option share everything but their
        // description.
        let all = rules.equivalent_moves(&m.from, &m.to);
        let result = show_result.then(|| m.result(positions));
        let to: Vec<Value> = m.to.iter().map(json).collect();
        let result_json: Option<Vec<Value>> = result.as_ref().map(|r| r.iter().map(json).collect());
        let to_text: Vec<String> = m.to.iter().map(text).collect();
        let result_text: Option<Vec<String>> =
            result.as_ref().map(|r| r.iter().map(text).collect());
        for (i, description) in all.iter().enumerate() {
            reports.push(MoveReport {
                component: m.component,
                from: json(&m.from),
                to: to.clone(),
                description: description.clone(),
                result: result_json.clone(),
                // The first stands for the others.
                representative: (all.len() > 1).then_some(i == 0),
                to_text: to_text.clone(),
                result_text: result_text.clone(),
            });
        }
    }
    reports
}

/// `eval --misere` of the sum of `positions` in any ruleset, by the
/// memoised search over sums ([`MisereSearch`]).
pub fn misere_eval_report<R: Ruleset>(
    rules: &R,
    spec: &str,
    positions: &[R::Position],
) -> Result<MisereEvalReport, GameError> {
    let mut search = MisereSearch::new(rules);
    let analysis = misere_analysis(&mut search, positions)?;
    Ok(MisereEvalReport {
        game: spec.to_owned(),
        convention: Convention::Misere,
        position: positions.iter().map(|p| rules.position_json(p)).collect(),
        outcome: Outcome::of_p(analysis.is_p),
        method: MisereMethod::Search.as_str().to_owned(),
        winning_moves: move_reports(rules, positions, &analysis.winning_moves),
        position_text: positions.iter().map(|p| rules.format_position(p)).collect(),
    })
}

/// `eval` of one position by a theorem of its family
/// ([`Ruleset::outcome_by_theorem`]): its normal-play outcome and every
/// winning move, with no nim-value.
pub fn theorem_eval_report<R: Ruleset>(
    rules: &R,
    spec: &str,
    outcome: crate::ruleset::TheoremOutcome<R::Position>,
) -> MisereEvalReport {
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
    MisereEvalReport {
        game: spec.to_owned(),
        convention: Convention::Normal,
        position: position.iter().map(|p| rules.position_json(p)).collect(),
        outcome: verdict,
        method: outcome.method,
        winning_moves: move_reports(rules, &position, &moves),
        position_text: position.iter().map(|p| rules.format_position(p)).collect(),
    }
}

/// What `eval` reports: the nim-values of a sum, or the outcome of one
/// position beyond the solver's reach by a theorem of its family.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Evaluation {
    /// Values, outcome and winning moves of the sum.
    Sum(EvalReport),
    /// The outcome and winning moves by a theorem.
    ByTheorem(MisereEvalReport),
}

/// [`SumEvaluator::evaluate`], or, when the sum is one position beyond
/// the solver's limits, [`SumEvaluator::evaluate_by_theorem`] if a
/// theorem of the family covers it (the limit's error otherwise).
pub fn evaluate_or_by_theorem(
    evaluator: &(impl SumEvaluator + ?Sized),
    spec: &str,
    texts: &[String],
) -> Result<Evaluation, GameError> {
    match evaluator.evaluate(spec, texts) {
        Ok(report) => Ok(Evaluation::Sum(report)),
        Err(error) => theorem_after(evaluator, spec, texts, error).map(Evaluation::ByTheorem),
    }
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
) -> Result<MisereEvalReport, GameError> {
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

/// `eval --misere` of a sum of Nim heaps, by Bouton's misère rule (no
/// search: heaps of any size); `rules` words the moves.
pub fn misere_nim_report<R: Ruleset<Position = u64>>(
    rules: &R,
    spec: &str,
    heaps: &[u64],
) -> MisereEvalReport {
    let moves: Vec<WinningMove<u64>> = nim_winning_moves(heaps)
        .into_iter()
        .map(|(component, left)| WinningMove {
            component,
            from: heaps[component],
            to: if left == 0 { Vec::new() } else { vec![left] },
        })
        .collect();
    let is_p = crate::misere::nim_is_p_position(heaps);
    MisereEvalReport {
        game: spec.to_owned(),
        convention: Convention::Misere,
        position: heaps.iter().map(|&h| Value::from(h)).collect(),
        outcome: Outcome::of_p(is_p),
        method: MisereMethod::Bouton.as_str().to_owned(),
        winning_moves: move_reports(rules, heaps, &moves),
        position_text: heaps.iter().map(u64::to_string).collect(),
    }
}

pub use crate::api::limits::{QUOTIENT_EVAL_MAX_HEAP, QUOTIENT_EVAL_TIME};

/// `eval --misere` of a sum of heaps from the misère quotient of the heaps
/// up to the largest: its element, and every option's.
pub fn misere_quotient_eval_report(
    game: &HeapGame,
    spec: &str,
    heaps: &[u64],
    quotient: &MisereQuotient,
) -> Result<MisereEvalReport, GameError> {
    let rules = HeapRuleset::new(game.clone());
    let moves = quotient.winning_moves(game, heaps)?;
    Ok(MisereEvalReport {
        game: spec.to_owned(),
        convention: Convention::Misere,
        position: heaps.iter().map(|&h| Value::from(h)).collect(),
        outcome: Outcome::of_p(quotient.is_p_position(heaps)?),
        method: format!(
            "the misère quotient of the heaps up to {} (order {}, verified)",
            quotient.max_heap(),
            quotient.order()
        ),
        winning_moves: move_reports(&rules, heaps, &moves),
        position_text: heaps.iter().map(u64::to_string).collect(),
    })
}

/// `quotient`: the misère quotient of a heap game's heaps up to a bound.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientReport {
    /// The game spec.
    pub game: String,
    /// The largest heap covered.
    pub max_heap: u64,
    /// The number of elements.
    pub order: usize,
    /// The generators, each the element of its smallest heap.
    pub generators: Vec<GeneratorReport>,
    /// Relations that, with commutativity, define the quotient.
    pub relations: Vec<RelationReport>,
    /// The elements of the misère P-positions.
    pub p_portion: Vec<String>,
    /// The element of each heap from 0.
    pub heap_elements: Vec<String>,
    /// The order of the quotient of the heaps up to n, for each n from 0.
    pub orders: Vec<usize>,
    /// The smallest n from which that order has stayed the same (observed
    /// up to `max_heap`: larger heaps may change it).
    pub stable_since: u64,
}

/// A generator of a quotient.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GeneratorReport {
    /// `a`, `b`, ...
    pub name: String,
    /// The smallest heap whose element it is.
    pub heap: u64,
}

/// A relation `lhs = rhs` of a quotient, as words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RelationReport {
    /// The left side.
    pub lhs: String,
    /// The right side.
    pub rhs: String,
}

/// The report of a computed quotient.
#[must_use]
pub fn quotient_report(spec: &str, quotient: &MisereQuotient) -> QuotientReport {
    let presentation = quotient.presentation();
    QuotientReport {
        game: spec.to_owned(),
        max_heap: quotient.max_heap(),
        order: quotient.order(),
        generators: presentation
            .generators
            .iter()
            .map(|g| GeneratorReport {
                name: g.name.clone(),
                heap: g.heap,
            })
            .collect(),
        relations: presentation
            .relations
            .iter()
            .map(|r| RelationReport {
                lhs: presentation.word(&r.lhs),
                rhs: presentation.word(&r.rhs),
            })
            .collect(),
        p_portion: (0..quotient.order() as Element)
            .filter(|&x| quotient.is_p(x))
            .map(|x| presentation.element_word(x))
            .collect(),
        heap_elements: quotient
            .heap_elements()
            .iter()
            .map(|&x| presentation.element_word(x))
            .collect(),
        orders: quotient.orders().to_vec(),
        stable_since: quotient.stable_since(),
    }
}

/// `eval --misere` of a sum of heaps of a heap game: Bouton's rule for
/// Nim; otherwise the misère quotient of the heaps up to the largest when
/// it is found within [`QUOTIENT_EVAL_TIME`] and 1024 elements, the search
/// when it is not.
pub fn misere_heap_eval_report(
    game: &HeapGame,
    spec: &str,
    heaps: &[u64],
) -> Result<MisereEvalReport, GameError> {
    game.check_misere_on_heaps()?;
    let rules = HeapRuleset::new(game.clone());
    if game.family().is_nim() {
        return Ok(misere_nim_report(&rules, spec, heaps));
    }
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest <= QUOTIENT_EVAL_MAX_HEAP {
        let limits = QuotientLimits {
            max_order: crate::api::limits::QUOTIENT_EVAL_ORDER,
            deadline: Some(std::time::Instant::now() + QUOTIENT_EVAL_TIME),
        };
        // A quotient too large or too slow leaves the sum to the search.
        if let Ok(quotient) = misere_quotient(game, largest, limits, &mut |_, _| {}) {
            return misere_quotient_eval_report(game, spec, heaps, &quotient);
        }
    }
    misere_eval_report(&rules, spec, heaps)
}

/// `genus`: the genus of each heap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GenusReport {
    /// The game spec.
    pub game: String,
    /// `[g0, g1, g2, ...]` for each heap from 0, as long as shows the repeat.
    pub genus: Vec<Vec<u64>>,
    /// The usual symbol of each (`0^120`, `4^146`).
    pub symbols: Vec<String>,
    /// Whether each genus is tame (that of a sum of Nim heaps).
    pub tame: Vec<bool>,
    /// The positions, when they are not the heaps 0, 1, 2, ... (JSON
    /// positions as the game writes them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<Vec<Value>>,
    /// The positions as text (text output only).
    #[serde(skip)]
    pub position_text: Option<Vec<String>>,
}

impl GenusReport {
    /// The report of `genus`, one genus for each heap from 0, with each
    /// genus' symbol and tameness.
    #[must_use]
    pub fn of_genera(game: &str, genus: Vec<Vec<u64>>) -> GenusReport {
        GenusReport {
            game: game.to_owned(),
            symbols: genus
                .iter()
                .map(|g| crate::misere::genus_symbol(g))
                .collect(),
            tame: genus
                .iter()
                .map(|g| crate::misere::is_tame_genus(g))
                .collect(),
            genus,
            positions: None,
            position_text: None,
        }
    }
}

/// `value --misere`: the misère nim-value of one heap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereValueReport {
    /// The game spec.
    pub game: String,
    /// Always `"misere"`.
    pub convention: Convention,
    /// The heap.
    pub n: u64,
    /// Its misère nim-value.
    pub value: u64,
    /// What decided it.
    pub method: &'static str,
}

/// `table --misere`: the misère nim-value of every box with sorted sides
/// up to `max`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereTableReport {
    /// The game spec.
    pub game: String,
    /// Always `"misere"`.
    pub convention: Convention,
    /// The largest side.
    pub max: usize,
    /// Every box with sorted sides, smallest first, with its misère value.
    pub boxes: Vec<BoxReport>,
}

/// `seq --misere`: the misère nim-values of the first heaps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereSequenceReport {
    /// The game spec.
    pub game: String,
    /// Always `"misere"`.
    pub convention: Convention,
    /// The misère nim-value of each heap from 0.
    pub values: Vec<u64>,
}

/// A game of any family whose positions are read from text and whose sums
/// the generic solver evaluates: the type-erased face of a [`Ruleset`],
/// so that a family with positions of its own kind (a pair `(3,5)`, a row
/// of coins) needs no code in the command line or the server.
pub trait SumEvaluator: fmt::Debug + Send + Sync {
    /// Reads the components of a sum, only to check them: an error names
    /// the first that is not a position.
    fn check_positions(&self, texts: &[String]) -> Result<(), GameError>;

    /// [`eval_report`] of the sum written `texts`.
    fn evaluate(&self, spec: &str, texts: &[String]) -> Result<EvalReport, GameError>;

    /// [`misere_eval_report`] of the sum written `texts`.
    fn evaluate_misere(&self, spec: &str, texts: &[String]) -> Result<MisereEvalReport, GameError>;

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
    fn moves(&self, texts: &[String], convention: Convention) -> Result<Vec<PlayMove>, GameError>;

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

    /// The outcome of a sum of one position by a theorem of its family
    /// ([`theorem_eval_report`]); `None` when no theorem covers it.
    fn evaluate_by_theorem(
        &self,
        _spec: &str,
        _texts: &[String],
    ) -> Option<Result<MisereEvalReport, GameError>> {
        None
    }
}

/// One move of a sum, for play ([`SumEvaluator::moves`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayMove {
    /// The move in the game's words.
    pub description: String,
    /// The sum it leaves, each component as the game writes it.
    pub position: Vec<String>,
    /// Whether it leaves the opponent a P-position.
    pub wins: bool,
    /// Whether it leaves a draw (games with cycles: neither side can
    /// force a win, so play may go on for ever).
    pub draws: bool,
    /// Moves to the end of the game it leaves, with best play (normal
    /// play, when the search affords it).
    pub remoteness: Option<u32>,
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

    fn evaluate(&self, _spec: &str, _texts: &[String]) -> Result<EvalReport, GameError> {
        Err(self.not_here("a nim-value of the sum"))
    }

    fn evaluate_misere(
        &self,
        _spec: &str,
        _texts: &[String],
    ) -> Result<MisereEvalReport, GameError> {
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
    fn moves(&self, texts: &[String], convention: Convention) -> Result<Vec<PlayMove>, GameError> {
        if convention.is_misere() {
            return Err(self.not_here("misère play"));
        }
        let positions = parse_positions(&*self.graph, texts)?;
        let digraph = self.graph.digraph();
        let values: Vec<LoopyValue> = positions
            .iter()
            .map(|&v| self.solution.value(digraph, v))
            .collect();
        let mut moves = Vec::new();
        for (i, &v) in positions.iter().enumerate() {
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
                    position: position
                        .iter()
                        .map(|&p| self.graph.format_position(&p))
                        .collect(),
                    wins: outcome == Outcome::P,
                    draws: outcome == Outcome::Draw,
                    remoteness: (positions.len() == 1)
                        .then(|| self.solution.remoteness()[w as usize]),
                });
            }
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

pub use crate::api::limits::MAX_PLAY_MOVES;

impl<R: Ruleset + fmt::Debug + Send + Sync> SumEvaluator for R {
    fn check_positions(&self, texts: &[String]) -> Result<(), GameError> {
        parse_positions(self, texts).map(drop)
    }

    fn evaluate(&self, spec: &str, texts: &[String]) -> Result<EvalReport, GameError> {
        eval_report(self, spec, &parse_positions(self, texts)?)
    }

    fn evaluate_misere(&self, spec: &str, texts: &[String]) -> Result<MisereEvalReport, GameError> {
        misere_eval_report(self, spec, &parse_positions(self, texts)?)
    }

    fn evaluate_by_theorem(
        &self,
        spec: &str,
        texts: &[String],
    ) -> Option<Result<MisereEvalReport, GameError>> {
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

    fn misere_values(&self, texts: &[String]) -> Result<Vec<u64>, GameError> {
        let positions = parse_positions(self, texts)?;
        let mut search = MisereSearch::new(self);
        positions
            .iter()
            .map(|p| search.misere_value(std::slice::from_ref(p), &[]))
            .collect()
    }

    fn moves(&self, texts: &[String], convention: Convention) -> Result<Vec<PlayMove>, GameError> {
        let positions = parse_positions(self, texts)?;
        let mut solver = Solver::new(self);
        let mut search = MisereSearch::new(self);
        let mut remoteness = crate::remoteness::RemotenessSearch::new(self);
        let mut options = crate::ruleset::Options::new();
        let mut moves = Vec::new();
        for (i, position) in positions.iter().enumerate() {
            options.clear();
            self.options(position, &mut options)?;
            for option in options.iter() {
                if moves.len() >= MAX_PLAY_MOVES {
                    return Err(GameError::Limit {
                        what: "listing the moves of this sum".to_owned(),
                        limit: format!("{MAX_PLAY_MOVES} moves"),
                    });
                }
                let mut after: Vec<R::Position> = positions[..i].to_vec();
                after.extend_from_slice(option);
                after.extend_from_slice(&positions[i + 1..]);
                let (wins, far) = match convention {
                    Convention::Misere => (search.misere_value(&after, &[])? == 0, None),
                    _ => (
                        solver.sum_value(&after)?.is_zero(),
                        remoteness.remoteness(&after).ok(),
                    ),
                };
                moves.push(PlayMove {
                    description: self.describe_move(position, option),
                    position: after.iter().map(|p| self.format_position(p)).collect(),
                    wins,
                    draws: false,
                    remoteness: far,
                });
            }
        }
        Ok(moves)
    }

    fn genera(&self, spec: &str, texts: &[String]) -> Result<GenusReport, GameError> {
        let positions = parse_positions(self, texts)?;
        let mut solver = Solver::new(self);
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

/// `graph`: the value and outcome of every vertex. The vertices are
/// serialised as they are read from the graph and its values, so that a
/// graph of millions of vertices streams.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct GraphReport<'a> {
    /// Every vertex, in the file's order.
    pub vertices: VertexList<'a>,
}

/// The vertices of a [`GraphReport`].
#[derive(Clone, Copy, Debug)]
pub struct VertexList<'a> {
    /// The graph.
    pub graph: &'a Graph,
    /// The value of each vertex, [`loopy::INFINITE`] for ∞.
    pub labels: &'a [u32],
    /// The remoteness of each vertex ([`loopy::DRAWN`] for a draw), in
    /// normal play.
    pub remoteness: Option<&'a [u32]>,
}

/// One vertex of a [`GraphReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VertexReport<'a> {
    /// Its name.
    pub name: &'a str,
    /// Its value; `null` when infinite.
    pub value: Option<u64>,
    /// K of an infinite value ∞(K): the finite values among its followers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub escapes: Option<Vec<u64>>,
    /// `"P"`, `"N"` or `"D"` (a draw).
    pub outcome: Outcome,
    /// Moves to the end of a won or lost game with best play (`null` for
    /// a draw); absent in misère play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<Option<u32>>,
    /// The value as text: `3`, `∞`, `∞(0,2)`.
    #[serde(skip)]
    pub symbol: String,
}

impl<'a> VertexList<'a> {
    /// Every vertex with its value.
    pub fn iter(&self) -> impl Iterator<Item = VertexReport<'a>> + 'a {
        let list = *self;
        (0..list.labels.len()).map(move |v| {
            let value = match list.labels[v] {
                loopy::INFINITE => {
                    LoopySolution::value_of(list.graph.digraph(), list.labels, v as u32)
                }
                m => LoopyValue::Finite(u64::from(m)),
            };
            VertexReport {
                name: list.graph.name(v as u32),
                value: match value {
                    LoopyValue::Finite(m) => Some(m),
                    LoopyValue::Infinite(_) => None,
                },
                outcome: value.outcome(),
                remoteness: list
                    .remoteness
                    .map(|r| (r[v] != loopy::DRAWN).then_some(r[v])),
                symbol: value.symbol(),
                escapes: match value {
                    LoopyValue::Infinite(k) => Some(k),
                    LoopyValue::Finite(_) => None,
                },
            }
        })
    }
}

impl Serialize for VertexList<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// `eval graph:FILE ...` of a graph with cycles: the outcome of the sum
/// by Smith's rule, and the moves that win (or, from a draw, keep it).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LoopyEvalReport {
    /// The game spec.
    pub game: String,
    /// The components (vertex names).
    pub position: Vec<String>,
    /// Each component's generalised value: a number, or `null` when
    /// infinite.
    pub values: Vec<Option<u64>>,
    /// K of each infinite component (`null` for finite ones).
    pub escapes: Vec<Option<Vec<u64>>>,
    /// `"P"`, `"N"` or `"D"`.
    pub outcome: Outcome,
    /// Why, in words (Smith's rule).
    pub reason: String,
    /// Each component's remoteness alone (`null` when it is drawn).
    pub remoteness: Vec<Option<u32>>,
    /// Every move to a P-position (from an N-position).
    pub winning_moves: Vec<MoveReport>,
    /// From a draw, every move that keeps the draw (the others lose).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drawing_moves: Option<Vec<MoveReport>>,
    /// Each component's value as text (text output only).
    #[serde(skip)]
    pub symbols: Vec<String>,
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

/// `table`: every box of a cutting game with sorted sides up to `max`,
/// streamed from the table.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct TableReport<'a> {
    /// The game spec.
    pub game: &'a str,
    /// The largest side.
    pub max: usize,
    /// What the list holds.
    pub note: &'static str,
    /// Every box with sorted sides, smallest first.
    pub boxes: BoxList<'a>,
}

/// The boxes of a [`TableReport`].
#[derive(Clone, Copy, Debug)]
pub struct BoxList<'a>(pub &'a CutTable);

/// One box of a [`TableReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoxReport {
    /// Its sides, sorted.
    pub sides: Vec<usize>,
    /// Its value.
    pub value: u64,
}

impl Serialize for BoxList<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(
            self.0
                .sorted_entries()
                .map(|(sides, value)| BoxReport { sides, value }),
        )
    }
}

impl<'a> TableReport<'a> {
    /// The report of `table` for `game`.
    #[must_use]
    pub fn new(game: &'a str, table: &'a CutTable) -> TableReport<'a> {
        TableReport {
            game,
            max: table.max(),
            note: "sides sorted; values do not depend on their order",
            boxes: BoxList(table),
        }
    }
}

/// `table` of a family with two coordinates: every value with both
/// coordinates up to `max`, rows streamed from the grid.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct GridReport<'a> {
    /// The game spec.
    pub game: &'a str,
    /// `"misere"` for misère nim-values; absent in normal play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub convention: Option<Convention>,
    /// What the two coordinates are.
    pub axes: [&'static str; 2],
    /// The largest coordinate.
    pub max: usize,
    /// `values[x][y]`.
    pub values: GridRows<'a>,
}

/// The rows of a [`GridReport`].
#[derive(Clone, Copy, Debug)]
pub struct GridRows<'a>(pub &'a crate::grid::Grid);

impl Serialize for GridRows<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((0..self.0.rows).map(|x| self.0.row(x)))
    }
}
