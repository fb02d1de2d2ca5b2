//! How far a quotient computation may go: the bounds on heaps, orders,
//! candidates and states, and the limits a caller sets.

use std::time::Instant;

#[cfg(doc)]
use super::{misere_quotient, Climb};
use crate::error::GameError;

/// The largest heap bound [`misere_quotient`] accepts: the options of
/// every heap up to the bound are kept in memory.
pub const MAX_QUOTIENT_HEAP: u64 = 5_000;

/// The default limit on the order of a quotient: a request past it is
/// refused within seconds to a minute, and `--max-order` goes further.
pub const DEFAULT_MAX_ORDER: usize = 4_096;

/// The largest `--max-order` accepted. A quotient takes about
/// 4 × (letters + 3) bytes an element (the letters' actions and its
/// tree: 15 MB for 10⁵ elements and 35 heaps with elements of their
/// own), but a candidate is built from up to `MAX_PAIRS` elements
/// before its reduction, so a limit past that buys nothing: Dawson's
/// Kayles at heap 34 tries candidates of up to 250,000 elements, 918 MB
/// at most in ten minutes.
pub const MAX_ACCEPTED_ORDER: usize = 1 << 20;

/// Refuses, before any work, an order limit past [`MAX_ACCEPTED_ORDER`].
pub fn check_max_order(max_order: usize) -> Result<(), GameError> {
    if max_order > MAX_ACCEPTED_ORDER {
        return Err(GameError::Limit {
            what: format!("a quotient of up to {max_order} elements"),
            limit: format!(
                "{MAX_ACCEPTED_ORDER} elements (its candidates are built from at most {MAX_PAIRS} elements before their reduction)"
            ),
        });
    }
    Ok(())
}

/// The most heaps, over all options of all heaps, kept for one quotient
/// (4 bytes each).
pub(super) const MAX_OPTION_PARTS: usize = 1 << 25;

/// The most elements a candidate may have before its reduction.
pub(super) const MAX_PAIRS: usize = 1 << 22;

/// The most candidates tried for one heap.
pub(super) const MAX_CANDIDATES: usize = 2000;

/// The most states the verification's dynamic programme may hold.
pub(super) const MAX_VERIFY_STATES: usize = 1_000_000;

/// The elements conservative extensions verify one by one while the
/// quotient stays the same before they build the states over every
/// element, which test an element at a few lookups a state (about the
/// cost of this many verifications of 0.35 at heap 30).
pub(super) const OWN_VERIFICATIONS: usize = 64;

/// Limits of one quotient computation.
#[derive(Copy, Clone, Debug)]
pub struct QuotientLimits {
    /// The largest order allowed.
    pub max_order: usize,
    /// When to give up, checked after each heap.
    pub deadline: Option<Instant>,
    /// Stop a heap whose candidates climb for this many rounds (see
    /// [`Climb`]); 0 never stops on a climb.
    pub climb_rounds: usize,
}

/// The rounds of a climb that stop a heap by default: a finite quotient
/// whose candidates happen to climb that long is possible (its heaps'
/// powers would then repeat only far out), so the stop says "looks",
/// and `climb_rounds` goes on.
pub const DEFAULT_CLIMB_ROUNDS: usize = 6;

impl Default for QuotientLimits {
    fn default() -> Self {
        QuotientLimits {
            max_order: DEFAULT_MAX_ORDER,
            deadline: None,
            climb_rounds: DEFAULT_CLIMB_ROUNDS,
        }
    }
}
