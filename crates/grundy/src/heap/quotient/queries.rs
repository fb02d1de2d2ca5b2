//! The misère quotient found ([`MisereQuotient`]) and what it answers: the
//! element of a sum, its outcome, and the winning moves from it.

use super::extension::Verified;
#[cfg(doc)]
use super::limits::OWN_VERIFICATIONS;
use super::monoid::{Element, Monoid, IDENTITY};
use crate::error::GameError;
use crate::heap::HeapGame;
use crate::ruleset::Options;
use crate::sum::WinningMove;

/// The misère quotient of a heap game restricted to heaps up to a bound,
/// verified (see the module documentation).
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    pub(super) monoid: Monoid,
    /// The element of each heap `0..=max_heap`.
    pub(super) heap_elements: Vec<Element>,
    /// The order of the quotient of heaps up to n, for n = 0..=max_heap.
    pub(super) orders: Vec<usize>,
    /// The verification's final states over the heaps so far, and their
    /// groups, kept while the quotient stays the same.
    pub(super) verified: Option<Verified>,
    /// The heaps' elements verified one by one (without `verified`)
    /// while the quotient stayed the same: past [`OWN_VERIFICATIONS`],
    /// `verified` is built.
    pub(super) own_verifications: usize,
}

impl MisereQuotient {
    /// The order (number of elements).
    #[must_use]
    pub fn order(&self) -> usize {
        self.monoid.order
    }

    /// The largest heap covered.
    #[must_use]
    pub fn max_heap(&self) -> u64 {
        self.heap_elements.len() as u64 - 1
    }

    /// The element of each heap `0..=max_heap`.
    #[must_use]
    pub fn heap_elements(&self) -> &[Element] {
        &self.heap_elements
    }

    /// The order of the quotient of heaps up to n, for n = 0..=max_heap.
    #[must_use]
    pub fn orders(&self) -> &[usize] {
        &self.orders
    }

    /// The smallest heap bound from which the order has not changed up to
    /// `max_heap` (observed: the quotient of larger heaps may still grow).
    #[must_use]
    pub fn stable_since(&self) -> u64 {
        let last = self.order();
        let changed = self.orders.iter().rposition(|&o| o != last);
        changed.map_or(0, |i| i as u64 + 1)
    }

    /// The product of two elements.
    #[must_use]
    pub fn mul(&self, a: Element, b: Element) -> Element {
        self.monoid.mul(a, b)
    }

    /// Whether an element is in the P-portion.
    #[must_use]
    pub fn is_p(&self, x: Element) -> bool {
        self.monoid.p[x as usize]
    }

    /// The element of a sum of heaps, each at most `max_heap`.
    pub fn element_of(&self, heaps: &[u64]) -> Result<Element, GameError> {
        let mut x = IDENTITY;
        for &h in heaps {
            let Some(&e) = self
                .heap_elements
                .get(usize::try_from(h).unwrap_or(usize::MAX))
            else {
                return Err(GameError::Limit {
                    what: format!("a heap of {h}"),
                    limit: format!("the quotient's heaps (up to {})", self.max_heap()),
                });
            };
            x = self.mul(x, e);
        }
        Ok(x)
    }

    /// The element of a sum given as (heap, count) pairs of covered heaps.
    pub(super) fn element_of_counts(&self, counts: &[(u64, u32)]) -> Element {
        self.monoid.product(
            counts.iter().flat_map(|&(h, c)| {
                std::iter::repeat_n(self.heap_elements[h as usize], c as usize)
            }),
        )
    }

    /// Whether a sum of heaps is a misère P-position.
    pub fn is_p_position(&self, heaps: &[u64]) -> Result<bool, GameError> {
        Ok(self.is_p(self.element_of(heaps)?))
    }

    /// Every move from the sum of `heaps` to a misère P-position, the
    /// option as the game lists it.
    pub fn winning_moves(
        &self,
        game: &HeapGame,
        heaps: &[u64],
    ) -> Result<Vec<WinningMove<u64>>, GameError> {
        let elements: Vec<Element> = heaps
            .iter()
            .map(|&h| self.element_of(&[h]))
            .collect::<Result<_, _>>()?;
        let mut moves = Vec::new();
        let mut scratch = Options::new();
        for (i, &h) in heaps.iter().enumerate() {
            let rest = self.monoid.product(
                elements
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &e)| e),
            );
            scratch.clear();
            game.options(h, &mut scratch)?;
            for option in scratch.iter() {
                let x = self.mul(rest, self.element_of(option)?);
                if self.is_p(x) {
                    moves.push(WinningMove {
                        component: i,
                        from: h,
                        to: option.to_vec(),
                    });
                }
            }
        }
        Ok(moves)
    }
}
