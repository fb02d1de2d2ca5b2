//! A sum of different games where some part has cycles: Smith's rule.

use super::{Evaluated, Part};
use crate::api::SumRequest;
use crate::inputs::Inputs;
use crate::report::LoopyEvalReport;
use crate::GameError;

pub(super) fn eval<I: Inputs>(
    _parts: &[Part],
    evaluated: &[Evaluated<'_>],
    _request: &SumRequest<'_>,
    _inputs: &mut I,
) -> Result<LoopyEvalReport, I::Error> {
    let e = evaluated.iter().find(|e| e.loopy).expect("a loopy part");
    Err(e
        .context(GameError::Unsupported {
            message: "a game with cycles (draws) in a sum of different games is not answered yet"
                .to_owned(),
        })
        .into())
}
