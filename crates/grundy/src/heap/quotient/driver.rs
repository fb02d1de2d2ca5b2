//! Computing a quotient heap by heap: the entry points, their progress
//! reports and deadline, and the checkpoint kept as they go.

use std::time::Instant;

use super::checkpoint::{read_checkpoint, write_checkpoint, QuotientCheckpoint};
use super::limits::{QuotientLimits, MAX_QUOTIENT_HEAP};
use super::monoid::Monoid;
use super::options::HeapOptions;
use super::queries::MisereQuotient;
use crate::error::GameError;
use crate::heap::HeapGame;
use crate::ruleset::Options;

/// What a quotient's computation reports as it goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum QuotientStep {
    /// The quotient of the heaps up to `heap` is found.
    Heap {
        /// The largest heap.
        heap: u64,
        /// The quotient's order.
        order: usize,
    },
    /// A candidate for the quotient of the heaps up to `heap` failed the
    /// verification (a heap that changes the quotient may take hundreds).
    Candidate {
        /// The heap being added.
        heap: u64,
        /// The candidates tried for it so far.
        tried: usize,
        /// The order of the one that failed.
        order: usize,
    },
}

/// The misère quotient of `game` restricted to heaps `0..=max_heap`,
/// reporting each heap and each failed candidate to `progress`.
pub fn misere_quotient(
    game: &HeapGame,
    max_heap: u64,
    limits: QuotientLimits,
    progress: &mut dyn FnMut(QuotientStep),
) -> Result<MisereQuotient, GameError> {
    misere_quotient_resumable(game, max_heap, limits, None, progress)
}

/// The writes of a checkpoint (none without one): throttled after heaps,
/// forced before a heap's candidates and when the run stops, so that no
/// settled heap is lost.
struct Keeper<'a> {
    checkpoint: Option<QuotientCheckpoint<'a>>,
    written: Instant,
    /// Heaps settled since the last write.
    unwritten: bool,
}

impl Keeper<'_> {
    /// After heap n: a write when it is the last or `every` has passed.
    fn settled(&mut self, quotient: &MisereQuotient, last: bool) -> Result<(), GameError> {
        self.unwritten = true;
        match self.checkpoint {
            Some(c) if last || self.written.elapsed() >= c.every => self.flush(quotient),
            _ => Ok(()),
        }
    }

    /// The heaps settled since the last write, written now.
    fn flush(&mut self, quotient: &MisereQuotient) -> Result<(), GameError> {
        if let Some(checkpoint) = self.checkpoint.filter(|_| self.unwritten) {
            write_checkpoint(checkpoint, quotient)?;
            self.written = Instant::now();
            self.unwritten = false;
        }
        Ok(())
    }
}

/// [`misere_quotient`], going on from `checkpoint`'s file when there is
/// one (its quotient is verified again before any heap is added, so a
/// file that predicts wrongly is refused, never trusted) and keeping the
/// work there as it goes.
pub fn misere_quotient_resumable(
    game: &HeapGame,
    max_heap: u64,
    limits: QuotientLimits,
    checkpoint: Option<QuotientCheckpoint<'_>>,
    progress: &mut dyn FnMut(QuotientStep),
) -> Result<MisereQuotient, GameError> {
    game.check_misere_on_heaps()?;
    if max_heap > MAX_QUOTIENT_HEAP {
        return Err(GameError::Limit {
            what: format!("a misère quotient of heaps up to {max_heap}"),
            limit: format!("heaps of {MAX_QUOTIENT_HEAP}"),
        });
    }
    let mut options = HeapOptions::new();
    let mut scratch = Options::new();
    let mut quotient = MisereQuotient {
        monoid: Monoid::trivial(),
        heap_elements: Vec::new(),
        orders: Vec::new(),
        verified: None,
        own_verifications: 0,
    };
    if let Some(checkpoint) = checkpoint.filter(|c| c.path.exists()) {
        quotient = read_checkpoint(checkpoint, max_heap)?;
        for _ in 0..quotient.heap_elements.len() {
            options.push(game, &mut scratch)?;
        }
        let refuse = |reason: String| GameError::Checkpoint {
            path: checkpoint.path.display().to_string(),
            reason,
        };
        if quotient.least_failure(&options)?.is_some() {
            return Err(refuse(format!(
                "its quotient of heaps up to {} does not predict every sum of {} right",
                quotient.max_heap(),
                checkpoint.game
            )));
        }
        progress(QuotientStep::Heap {
            heap: quotient.max_heap(),
            order: quotient.order(),
        });
    }
    let mut keeper = Keeper {
        checkpoint,
        written: Instant::now(),
        unwritten: false,
    };
    for n in quotient.heap_elements.len() as u64..=max_heap {
        let settled = (|| {
            if limits.deadline.is_some_and(|d| Instant::now() > d) {
                return Err(GameError::Limit {
                    what: format!(
                        "the time for the misère quotient of heaps up to {max_heap} (reached heap {n})"
                    ),
                    limit: "the deadline".to_owned(),
                });
            }
            crate::stop::check()?;
            options.push(game, &mut scratch)?;
            // Before a heap's candidates (they may take minutes), the
            // heaps settled since the last write go to the checkpoint, so
            // a kill during them loses none.
            quotient.add_heap(n, &options, limits, progress, &mut |settled| {
                keeper.flush(settled)
            })
        })();
        if let Err(error) = settled {
            return Err(stopped_at(n, &quotient, &mut keeper, error));
        }
        progress(QuotientStep::Heap {
            heap: n,
            order: quotient.order(),
        });
        keeper.settled(&quotient, n == max_heap)?;
    }
    Ok(quotient)
}

/// The error that stopped the quotient at heap n, saying which heaps were
/// settled before it; with a checkpoint, those heaps are written first
/// (the last write may be up to `every` old), so that no finished heap
/// is lost.
fn stopped_at(
    n: u64,
    quotient: &MisereQuotient,
    keeper: &mut Keeper<'_>,
    error: GameError,
) -> GameError {
    if n <= 1 {
        return error;
    }
    let kept = match (keeper.checkpoint, keeper.flush(quotient)) {
        (Some(checkpoint), Ok(())) => format!(", kept in {}", checkpoint.path.display()),
        (Some(_), Err(write)) => format!(" (not kept: {write})"),
        (None, _) => String::new(),
    };
    error.context(format!(
        "heap {n}; the heaps up to {} are settled (order {}){kept}",
        n - 1,
        quotient.order()
    ))
}
