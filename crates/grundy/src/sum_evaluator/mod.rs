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

mod blanket;
mod loopy;
mod play;
mod reports;
mod state_space;
mod winning_moves;

pub(crate) use loopy::loopy_reason;
pub use loopy::{loopy_eval_report, LoopyGame};
pub use play::perfect_reply;
pub use reports::{
    eval_report, eval_report_beside, misere_eval_report, outcome_eval_report, theorem_after,
    theorem_eval_report, with_theorem_hint,
};
pub(crate) use state_space::state_sums;
pub(crate) use winning_moves::move_reports;

use std::fmt;

use crate::convention::Convention;
use crate::error::GameError;
use crate::graph::Graph;
use crate::report::{EvalReport, GenusReport, LoopyEvalReport, OutcomeReport, PlayMove};
use crate::ruleset::Ruleset;
use crate::sum::SumSolver;

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

/// Reads the components of a sum written by a user.
pub fn parse_positions<R: Ruleset>(
    rules: &R,
    texts: &[String],
) -> Result<Vec<R::Position>, GameError> {
    texts.iter().map(|t| rules.parse_position(t)).collect()
}

/// [`SumEvaluator::state_moves`]: a sum's state space and its moves.
#[derive(Clone, Debug)]
pub struct StateMoves {
    /// The vertices each vertex moves to; vertex 0 is the sum itself.
    pub followers: Vec<Vec<u32>>,
    /// The sum's components as JSON.
    pub position: Vec<serde_json::Value>,
    /// The components as the game writes them.
    pub position_text: Vec<String>,
    /// Each move of the sum (its result the sum it leaves), and the
    /// vertex it leaves.
    pub moves: Vec<(crate::report::MoveReport, u32)>,
}

/// [`SumEvaluator::tame_heaps`]: a sum of tame components as the Nim heaps
/// it plays like in misère play, and its moves.
#[derive(Clone, Debug)]
pub struct TameHeaps {
    /// The Nim heaps the sum plays like.
    pub heaps: Vec<u64>,
    /// The sum's components as JSON.
    pub position: Vec<serde_json::Value>,
    /// The components as the game writes them.
    pub position_text: Vec<String>,
    /// Each move of the sum (its result the sum it leaves), and the Nim
    /// heaps the sum it leaves plays like.
    pub moves: Vec<(crate::report::MoveReport, Vec<u64>)>,
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
        spec: &str,
        texts: &[String],
    ) -> Option<Result<LoopyEvalReport, GameError>> {
        self.loopy_evaluate_beside(spec, texts, &[])
    }

    /// [`SumEvaluator::loopy_evaluate`] of the sum written `texts` played
    /// beside components of other games whose values are `others`: its
    /// outcome is the whole sum's, and its winning and drawing moves are
    /// those in these components that win or keep the draw in the whole.
    fn loopy_evaluate_beside(
        &self,
        _spec: &str,
        _texts: &[String],
        _others: &[crate::loopy::LoopyValue],
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

    /// The state space of the sum written `texts` as
    /// [`SumEvaluator::state_space`] lists it (vertex 0 the sum itself),
    /// without names, and each move of the sum (as the user sees it,
    /// listed once for equal components) with the vertex it leaves: what
    /// a search over a sum of different games walks. At most `limit`
    /// vertices, else a [`GameError::Limit`].
    fn state_moves(&self, _texts: &[String], _limit: usize) -> Result<StateMoves, GameError> {
        Err(GameError::Unsupported {
            message:
                "this game's positions are not listed as a state space (a graph is solved as it is)"
                    .to_owned(),
        })
    }

    /// The sum written `texts` as the Nim heaps it plays like in misère
    /// play, when every component it can reach (at most `limit` of them)
    /// is tame, its genus that of a sum of Nim heaps; `None` when one is
    /// not (or its genus is beyond the search). With each move of the sum
    /// as [`SumEvaluator::state_moves`] lists it, the heaps after it.
    fn tame_heaps(&self, _texts: &[String], _limit: usize) -> Result<Option<TameHeaps>, GameError> {
        Ok(None)
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
