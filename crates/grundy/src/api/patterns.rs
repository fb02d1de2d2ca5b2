//! Requests for the pattern in a heap game's values: the values judged
//! for a plot, the period, and the analyses of `analyze` and the explorer
//! page.

use serde::Serialize;

use super::sequences::heap_values;
use super::{heap_game, limits, named, not_applicable, CountedRequest, Request};
use crate::convention::Convention;
use crate::error::GameError;
use crate::heap::HeapGame;
use crate::inputs::Inputs;
use crate::period::PeriodReport;
use crate::report::{AnalyzeReport, PeriodSummary};
use crate::sequence::NimSequence;
use crate::spec::Game;

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
