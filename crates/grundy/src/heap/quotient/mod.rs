//! Misère quotients of heap games (Plambeck, *Taming the wild in impartial
//! combinatorial games*, INTEGERS 5, 2005; Plambeck and Siegel, *Misère
//! quotients for impartial games*, JCTA 115, 2008).
//!
//! Let `A_N` be the sums of heaps of sizes at most N. Two sums G and H are
//! *indistinguishable* when G + X and H + X have the same misère outcome
//! for every X in `A_N`; the classes form a commutative monoid, the
//! misère quotient `Q_N`, with the classes of P-positions as its
//! *P-portion*. The image of each heap is enough to play: a sum is a
//! misère P-position exactly when the product of its heaps' elements lies
//! in the P-portion, and a winning move is one whose product does.
//!
//! `Q_N` is built heap by heap, in the way of Siegel's MisereSolver:
//!
//! 1. **Conservative extension.** If heap n can be an element x of
//!    `Q_{n-1}` with every prediction still right (checked by the
//!    verification below), `Q_n = Q_{n-1}` and heap n is x. Once a game's
//!    quotient has settled this is every heap, and it costs one layer of
//!    the verification per element tried.
//! 2. **Candidates.** Otherwise heap n gets a cyclic monoid of its own
//!    (⟨x | x⁴ = x²⟩) beside `Q_{n-1}`. The candidate's P-portion is
//!    marked from each element's lexicographically least sum (the largest
//!    heap's count most significant): that sum's options are
//!    lexicographically smaller, so their elements are marked first, and
//!    the element is P exactly when none of them is. Elements that no
//!    product tells apart are merged (Moore's partition refinement over
//!    multiplication by the heaps' elements, each round keying again only
//!    what reaches an element that changed class). A recalibration's
//!    candidate that predicts its failure wrong is refused before the
//!    merge: the merge keeps every element's outcome.
//! 3. **Verification.** A candidate is accepted only when, for every sum G
//!    of heaps up to n, with φ the map from sums to the candidate:
//!    if φ(G) is in the P-portion, no option of G is; if G is not empty and
//!    φ(G) is not, some option of G is; and the empty sum is not (the
//!    player to move cannot move, and wins). Then φ(G) is in the P-portion
//!    exactly when G is a misère P-position, by induction on G; and since
//!    the heaps' elements generate the candidate and no two of its
//!    elements are alike under every product, it *is* the quotient. All
//!    sums are covered at once by a dynamic programme over the heaps,
//!    grouped by their element and the rests beside which a move in them
//!    wins, with each group's count bounded by the index and period of its
//!    element's powers (larger counts repeat a state). Its states are (the
//!    element so far, the set of rests beside which some heap so far has a
//!    winning move, whether the sum is empty). Only the rests that the
//!    groups still to come can make matter, and the groups are taken
//!    largest heap first, so the sets are over the submonoid of the
//!    smaller heaps, small while the states are many (0.07 at heap 34:
//!    candidates of 10,000 elements checked in 0.1–0.3 s instead of
//!    10–20 s with every element kept).
//! 4. **Recalibration.** A failing candidate yields its least failing
//!    sum: fewest tokens, then most heaps. Every option comes before it in
//!    that order (fewer tokens, or a split of a `4.` code: the same tokens
//!    in more heaps) and is therefore predicted right, so the failure's
//!    true outcome is the opposite of its prediction. Some of its heaps,
//!    the fewest first, are freed: the candidate is rebuilt from the
//!    submonoid the other heaps generate and a cyclic monoid for each
//!    freed heap, with an index twice its count in the failure (the
//!    reduction merges powers that behave alike), until the failure is
//!    predicted right; then back to 3.
//!
//! 5. **Climbs.** Some heaps never settle: their failures come round after
//!    round, each one the one a round before with some heaps' counts one
//!    higher (Dawson's Kayles at heap 34: 14 + 25 + 33 + 30×j + 34×(j+5)
//!    among six a round; 0.76 at heap 12: 7×j + 12×j), the way the
//!    candidates of Weimerskirch's infinite quotient of 0.3122 fail along
//!    a diagonal (Games of No Chance 4, 2015). After
//!    [`QuotientLimits::climb_rounds`] rounds the heap stops: the
//!    quotient looks infinite, which is not proved.
//!
//! A stop during a heap's candidates (a climb, the order limit, the
//! candidates' limit) says what the failures proved: a candidate whose
//! least failure has T tokens predicts every smaller sum right, so what
//! it tells apart among small sums by small sums is a lower bound on the
//! true quotient's order (`MisereQuotient::lower_bound`).
//!
//! A monoid is kept as its letters' (the heaps' elements') actions on the
//! elements and a breadth-first tree of words, not as a multiplication
//! table: order × letters entries instead of order², so candidates of
//! 10⁵ elements and more fit in memory (Dawson's Kayles at heap 34 tries
//! candidates of up to 250,000 elements in under 1 GB). A product
//! walks one factor's word; the verification's rows (an element times
//! every context) take one pass along the contexts' own tree.
//!
//! A quotient that outgrows the limits is an error that says which limit;
//! a candidate is never accepted without the verification, so an answer
//! is never wrong.

mod candidates;
mod checkpoint;
mod diagnostics;
mod driver;
mod extension;
mod layers;
mod limits;
mod monoid;
mod options;
mod p_portion;
mod presentation;
mod product;
mod queries;
mod refine;
#[cfg(test)]
mod tests;
mod verify;

pub use checkpoint::QuotientCheckpoint;
pub use diagnostics::Climb;
pub use driver::{misere_quotient, misere_quotient_resumable, QuotientStep};
pub use limits::{
    check_max_order, QuotientLimits, DEFAULT_CLIMB_ROUNDS, DEFAULT_MAX_ORDER, MAX_ACCEPTED_ORDER,
    MAX_QUOTIENT_HEAP,
};
pub use monoid::{Element, IDENTITY};
pub use presentation::{Generator, Presentation, Relation};
pub use queries::MisereQuotient;

use crate::error::GameError;

/// An error for a monoid that breaks what its construction guarantees
/// (the heaps' elements generate it), instead of a panic.
fn internal(what: &str) -> GameError {
    bug(&format!(
        "{what} are not a monoid the heaps' elements generate"
    ))
}

/// What should never happen, said as such.
fn bug(what: &str) -> GameError {
    GameError::Unsupported {
        message: format!("misère quotient: {what} (a bug in grundy)"),
    }
}
