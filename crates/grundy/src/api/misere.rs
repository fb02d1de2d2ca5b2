//! Requests that only misère play asks: the genus of heaps or positions,
//! and the misère quotient of a heap game.

use super::{evaluator, heap_game, Request};
use crate::error::GameError;
use crate::heap::misere::quotient_report;
use crate::heap::quotient::{
    misere_quotient_resumable, QuotientCheckpoint, QuotientLimits, QuotientStep,
};
use crate::inputs::Inputs;
use crate::report::{GenusReport, QuotientReport};
use crate::spec::Game;

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
