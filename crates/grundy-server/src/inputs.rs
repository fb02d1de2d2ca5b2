//! What a request names, read and checked (its game, convention and
//! counts), and [`ServerInputs`]: the library's computations under the
//! request's budget and deadline.

use std::sync::Arc;
use std::time::Instant;

use grundy::budget::Budget;
use grundy::heap::HeapGame;
use grundy::sequence::{EngineChoice, NimSequence};
use grundy::spec::{parse_spec_from, Game, SpecSource};
use grundy::Convention;

use crate::error::ApiError;
use crate::Limits;

/// A count in a query, in any form the CLI reads (`1000`, `2^10`, `1e3`).
pub(crate) fn count_of(text: Option<&str>) -> Result<Option<u64>, ApiError> {
    named_count_of("n", text)
}

/// The number in parameter `name` of a query, if given, in any form the
/// CLI reads.
pub(crate) fn named_count_of(name: &str, text: Option<&str>) -> Result<Option<u64>, ApiError> {
    text.map(|t| {
        grundy::number::parse_u64(t).map_err(|e| ApiError::BadInput(format!("{name}={t}: {e}")))
    })
    .transpose()
}

/// The game a request names, refusing specs that read files; `graph`:
/// a game graph sent with the request (`name: successors` lines, as in a
/// graph file), for the spec `graph`.
pub(crate) fn game_of(spec: &str, sent: Sent<'_>) -> Result<Game, ApiError> {
    let trimmed = spec.trim();
    match (trimmed, sent.graph, sent.script) {
        ("graph", Some(text), None) => {
            let graph = grundy::Graph::parse(text)
                .map_err(|e| ApiError::BadInput(format!("the graph sent: {e}")))?;
            return Ok(Game::Graph(Arc::new(graph)));
        }
        ("graph", None, _) => {
            return Err(ApiError::BadInput(
                "the game 'graph' needs its graph: send it as the graph parameter (name: successors lines)".to_owned(),
            ))
        }
        ("script", None, Some(source)) => {
            return grundy::script::game_from_source("sent", source, SCRIPT_LIMITS)
                .map_err(|e| ApiError::BadInput(format!("the script sent: {e}")));
        }
        ("script", _, None) => {
            return Err(ApiError::BadInput(
                "the game 'script' needs its script: send it as the script parameter (Rhai, with fn moves(p) or fn options(n))".to_owned(),
            ))
        }
        (_, Some(_), _) => {
            return Err(ApiError::BadInput(format!(
                "a graph was sent with the game '{trimmed}': a graph goes with the game 'graph'"
            )))
        }
        (_, _, Some(_)) => {
            return Err(ApiError::BadInput(format!(
                "a script was sent with the game '{trimmed}': a script goes with the game 'script'"
            )))
        }
        _ => {}
    }
    Ok(parse_spec_from(trimmed, SpecSource::NoFiles)?)
}

/// What a request may send beside the game's name: a graph for the game
/// `graph`, a script for the game `script`.
#[derive(Clone, Copy, Default)]
pub(crate) struct Sent<'a> {
    pub(crate) graph: Option<&'a str>,
    pub(crate) script: Option<&'a str>,
}

/// What one call of a script sent to the server may spend: a fiftieth of
/// the command line's operations, so that one call ends well within a
/// request's deadline, and 4096 array elements in one value (nested ones
/// counted), so that no value nests deeper than a computation thread's
/// stack can drop.
pub(crate) const SCRIPT_LIMITS: grundy::script::ScriptLimits = grundy::script::ScriptLimits {
    operations: grundy::limits::SCRIPT_OPERATIONS / 50,
    array_size: 1 << 12,
};

/// The error that stops a computation of `count` values (or boxes, as
/// `what` says) at the deadline.
fn past_deadline(
    deadline: Instant,
    count: u64,
    what: &str,
    done: u64,
) -> Result<(), grundy::GameError> {
    // The check `limited` installed: the quick lane's budget.
    grundy::stop::check()?;
    if Instant::now() > deadline {
        return Err(grundy::GameError::Stopped {
            reason: format!(
                "computing {count} {what} exceeds the time limit (stopped after {done})"
            ),
        });
    }
    Ok(())
}

/// The convention a request names (`normal` when it names none).
pub(crate) fn convention_of(convention: Option<&str>) -> Result<Convention, ApiError> {
    convention
        .unwrap_or_default()
        .parse()
        .map_err(|e: grundy::convention::ConventionError| ApiError::BadInput(e.to_string()))
}

/// What the server computes for a request: everything within the
/// library's budget of a served request (the server's cap on values and
/// the request's deadline, checked before any work), stopped at the
/// deadline between steps should an estimate have been low.
pub(crate) struct ServerInputs {
    budget: Budget,
}

impl ServerInputs {
    /// The inputs of a request under `limits` that must be done by
    /// `deadline`.
    pub(crate) fn new(limits: &Limits, deadline: Instant) -> ServerInputs {
        ServerInputs {
            budget: Budget::served(limits.max_values, deadline),
        }
    }

    /// The request's deadline.
    pub(crate) fn deadline(&self) -> Instant {
        self.budget.deadline().unwrap_or_else(Instant::now)
    }
}

impl grundy::inputs::Inputs for ServerInputs {
    type Error = ApiError;

    fn budget(&self) -> &Budget {
        &self.budget
    }

    fn compute_values(&mut self, game: &HeapGame, count: u64) -> Result<NimSequence, ApiError> {
        let deadline = self.deadline();
        Ok(grundy::inputs::values_in_steps(
            game,
            grundy::inputs::countable(count)?,
            &mut || 4096,
            &mut |_, range| {
                past_deadline(deadline, count, "values", range.end as u64)?;
                Ok(true)
            },
        )?)
    }

    fn compute_period(
        &mut self,
        game: &HeapGame,
        max: usize,
    ) -> Result<(grundy::period::PeriodReport, NimSequence), ApiError> {
        let deadline = self.deadline();
        Ok(game.find_period_observed(
            EngineChoice::Auto,
            grundy::inputs::FIRST_ROUND,
            max,
            &mut |done, _| past_deadline(deadline, max as u64, "values", done as u64),
        )?)
    }

    fn compute_misere_values(
        &mut self,
        game: &HeapGame,
        count: u64,
    ) -> Result<NimSequence, ApiError> {
        let deadline = self.deadline();
        Ok(grundy::heap::misere::heap_misere_values(
            game,
            count,
            &mut |done| past_deadline(deadline, count, "values", done),
        )?)
    }

    fn compute_cut_table(
        &mut self,
        dim: usize,
        largest: usize,
    ) -> Result<grundy::cut::CutTable, ApiError> {
        let deadline = self.deadline();
        let boxes = format!("boxes of the cut:{dim} table");
        Ok(grundy::cut::CutTable::compute(
            dim,
            largest,
            &|done, total| past_deadline(deadline, total, &boxes, done),
        )?)
    }
}
