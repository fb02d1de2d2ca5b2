//! A sum of different games in misère play.

use super::{names, Evaluated, Part};
use crate::inputs::Inputs;
use crate::report::OutcomeReport;
use crate::GameError;

pub(super) fn eval<I: Inputs>(
    parts: &[Part],
    _evaluated: &[Evaluated<'_>],
    _inputs: &mut I,
) -> Result<OutcomeReport, I::Error> {
    Err(GameError::Unsupported {
        message: format!(
            "misère play of a sum of different games ({}) is not answered yet",
            names(parts)
        ),
    }
    .into())
}
