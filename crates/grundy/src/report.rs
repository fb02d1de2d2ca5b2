//! Typed reports: what each command answers, as plain data. The command
//! line renders them as text or JSON (their `Serialize` form *is* the JSON
//! shape README documents); the web server and the Python module of later
//! issues hand out the same reports.
//!
//! Positions appear as JSON values, in the form their family writes them:
//! a heap as a number, a box as its list of sides, a graph vertex as its
//! name.

use serde::{Serialize, Serializer};
use serde_json::Value;

use crate::convention::Convention;
use crate::cut::CutTable;
use crate::formula::Counterexample;
use crate::graph::Graph;
use crate::loopy::{self, LoopySolution, LoopyValue};
use crate::period::PeriodReport;
use crate::sum::Outcome;

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
    /// The reason in a student's words, without the check's figures
    /// (text only: the default text prints it, `--verbose` the reason).
    #[serde(skip)]
    pub summary: String,
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
            summary: report.summary.clone(),
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
    /// A ruler regularity seen in the values (observed, never proved),
    /// when no period was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ruler: Option<crate::ruler::RulerRegularity>,
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
        // Looked for only where no period explains the values: a ruler
        // class is the one break in an otherwise arithmetic sequence.
        let ruler = match report.periodicity {
            Some(_) => None,
            None => crate::ruler::detect_in(values),
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
            ruler,
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
    /// What the search did, for games solved by search (boards, graphs):
    /// positions searched, table entries, hits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<crate::split_search::SearchStats>,
    /// The components as the game writes them (text output only).
    #[serde(skip)]
    pub position_text: Vec<String>,
    /// In a sum of different games, the game of each component (its
    /// spec); empty in a sum of one game.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub component_games: Vec<String>,
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
    /// Among moves of one class (leaving the same option, as a cut and its
    /// mirror images, or mapped onto one another by a symmetry of the
    /// component): `true` for the first, which stands for the others.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub representative: Option<bool>,
    /// On the first of a class of moves that symmetries of the component
    /// map onto one another, the group in words ("the 48 symmetries of the
    /// 4x4x4 box (…)"); the others follow it with `representative: false`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symmetry: Option<String>,
    /// The other components equal to this one, where the same move wins
    /// too (listed once: `nim 2 2 1 1 1` has one winning move, in any of
    /// three heaps of 1); empty when no other component is equal.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub equal_components: Vec<usize>,
    /// What the component becomes, as the game writes it (text only).
    #[serde(skip)]
    pub to_text: Vec<String>,
    /// The sum after the move, as the game writes it (text only).
    #[serde(skip)]
    pub result_text: Option<Vec<String>>,
    /// In a sum of different games, the game of each component of
    /// `result` (absent in a sum of one game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result_games: Option<Vec<String>>,
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
    /// A spec of each family that can be asked as it is, each once.
    pub examples: Vec<String>,
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

/// The outcome of a sum and every winning move, with the method that
/// decided it, when there is no nim-value to report: misère play (the
/// `convention` is `"misere"`), or a position beyond the solver's reach
/// whose normal-play outcome a theorem of its family gives.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutcomeReport {
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
    /// Every winning move (a move to a misère P-position); one, for an
    /// outcome asked alone (`eval --outcome`).
    pub winning_moves: Vec<MoveReport>,
    /// Whether `winning_moves` holds one winning move of an N-position
    /// rather than every one (`eval --outcome`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub one_winning_move: bool,
    /// What the search did, for an outcome found by the search for boards
    /// and graphs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<crate::split_search::SearchStats>,
    /// The components as the game writes them (text output only).
    #[serde(skip)]
    pub position_text: Vec<String>,
    /// In a sum of different games, the game of each component (absent
    /// in a sum of one game).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub component_games: Vec<String>,
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
    /// The dimension of the boxes (CSV headers; not in JSON).
    #[serde(skip)]
    pub dim: usize,
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

/// One move of a sum, for play ([`SumEvaluator::moves`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayMove {
    /// The move in the game's words.
    pub description: String,
    /// The component (0-based) it is made in.
    pub component: usize,
    /// What that component becomes, zero or more components as the game
    /// writes them (a page draws the move from it).
    pub to: Vec<String>,
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
    /// The other components (0-based) equal to the one this move is in,
    /// where the same move leaves the same sum: the move is listed once
    /// (`play kayles 1 3 3` lists the moves of one heap of 3); empty when
    /// no other component is equal.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub equal_components: Vec<usize>,
    /// In a sum of different games, the game to send `position` with as
    /// the next request: the first game left in it (absent in a sum of
    /// one game, whose game does not change).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub game: Option<String>,
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

/// `seq` of a loopy game whose positions are the numbers 0, 1, ...
/// (`windup:N:S`, or a graph file with vertices named so): each
/// position's generalised value (Smith), `null` when infinite.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LoopySequenceReport {
    /// The game spec.
    pub game: String,
    /// The value of each position 0, 1, ...: a number, or `null` when
    /// infinite.
    pub values: Vec<Option<u64>>,
    /// K of each infinite value ∞(K) (`null` for finite ones).
    pub escapes: Vec<Option<Vec<u64>>>,
    /// Each value as text: `3`, `∞`, `∞(0,2)` (text output only).
    #[serde(skip)]
    pub symbols: Vec<String>,
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
    /// Each component's remoteness alone (`null` when it is drawn, and in
    /// a sum of different games for a component of a game without
    /// cycles, which is not computed).
    pub remoteness: Vec<Option<u32>>,
    /// Every move to a P-position (from an N-position).
    pub winning_moves: Vec<MoveReport>,
    /// From a draw, every move that keeps the draw (the others lose).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drawing_moves: Option<Vec<MoveReport>>,
    /// Each component's value as text (text output only).
    #[serde(skip)]
    pub symbols: Vec<String>,
    /// In a sum of different games, the game of each component (absent
    /// in a sum of one game).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub component_games: Vec<String>,
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

/// `eval --compound KIND`: a compound of games other than their sum
/// (conjunctive, continued, selective, shortened selective, Moore's
/// Nim_k), its outcome by the compound's rule or by a search of its own
/// positions, and every winning move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompoundReport {
    /// The games, as the sum names them (`kayles + cram`).
    pub game: String,
    /// The compound (`conjunctive`, `moore:2`...).
    pub compound: String,
    /// How it is played, in words.
    pub rule: String,
    /// Its components, each written with its game when games differ.
    pub position: Vec<String>,
    /// What the rule reads from each component (`remoteness`,
    /// `suspense`), when it reads one.
    pub number_name: Option<String>,
    /// That number of each component.
    pub numbers: Option<Vec<u32>>,
    /// The compound's number (the least remoteness, the largest suspense).
    pub number: Option<u32>,
    /// P or N.
    pub outcome: Outcome,
    /// How the outcome was decided: the rule and its source, or the
    /// search.
    pub method: String,
    /// Every winning move (at most [`crate::limits::MAX_PLAY_MOVES`]).
    pub winning_moves: Vec<CompoundMove>,
    /// Why some winning moves are not listed, if so.
    pub winning_moves_unlisted: Option<String>,
}

/// One move of a compound: a move in each of several components.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompoundMove {
    /// The move in each component moved: its index and the move in words.
    pub moves: Vec<ComponentMove>,
    /// Each component after the move (a component whose game falls apart
    /// is written as its parts joined by ` + `; `end`: nothing left).
    pub position: Vec<String>,
}

/// A compound's move in one component.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ComponentMove {
    /// The component's index.
    pub component: usize,
    /// The move, in its game's words.
    pub description: String,
}
