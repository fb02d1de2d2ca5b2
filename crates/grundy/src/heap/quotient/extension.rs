//! Conservative extension: heap n as an element the quotient already has,
//! checked against the verification's states of the smaller heaps.

use rustc_hash::FxHashSet;

#[cfg(test)]
use super::bug;
use super::layers::{bitset, Contexts, Group, Layer};
use super::limits::OWN_VERIFICATIONS;
use super::monoid::Element;
use super::options::HeapOptions;
use super::queries::MisereQuotient;
use crate::error::GameError;

/// The verification's final states over the heaps so far.
#[derive(Clone, Debug)]
pub(super) struct Verified {
    groups: FxHashSet<(Element, Vec<u64>)>,
    last: Layer,
}

impl MisereQuotient {
    /// An element of this quotient that heap n can be, leaving the
    /// quotient as it is (checked by the verification: the states of the
    /// sums of smaller heaps, which this quotient already predicts, with
    /// every count of heap n added), if there is one.
    pub(super) fn conservative_extension(
        &mut self,
        n: u64,
        options: &HeapOptions,
    ) -> Result<Option<Element>, GameError> {
        let p_set = bitset(self.order(), |x| self.is_p(x as Element));
        let images = self.option_images(options.of(n));
        let alone_p = images.iter().all(|&w| !self.is_p(w));
        let winning = self.winning_rests(&images, &p_set);
        // Rests over every element: a later heap is added after the
        // last layer, beside any element.
        let all_contexts = Contexts::all(&self.monoid);
        // Without the final states at hand, elements get a verification
        // of their own (over the rests still to come, as a candidate's)
        // until the quotient has stayed the same for OWN_VERIFICATIONS of
        // them: the states over every element cost as much as dozens of
        // those, and where the quotient grows at nearly every heap (0.35)
        // they would be built for nothing. (Paying for the states once
        // the tries have cost as much bounds the waste to twice the
        // least, as in renting skis until they would have been bought.)
        let mut groups_below: Option<Vec<Group>> = None;
        for x in 0..self.order() as Element {
            if self.is_p(x) != alone_p {
                continue;
            }
            // No P-position with heap n may have a winning move in it.
            let beside_p = self.monoid.preimage(&p_set, x);
            if beside_p.iter().zip(&winning).any(|(a, b)| a & b != 0) {
                continue;
            }
            crate::stop::check()?;
            let group = Group {
                heap: n,
                element: x,
                winning: winning.clone(),
            };
            if self.verified.is_none() && self.own_verifications < OWN_VERIFICATIONS {
                self.own_verifications += 1;
                let below = groups_below.get_or_insert_with(|| self.groups(options, n - 1, &p_set));
                let fits = self.fits_beside(below, &group)?;
                #[cfg(test)]
                {
                    // The states over every element, as the tests' second
                    // opinion.
                    let mut layers = self.layers_over(below, &all_contexts)?;
                    let last = layers.pop().unwrap_or_default();
                    if fits == self.fails_beside(&last, &group) {
                        return Err(bug("two verifications of a heap's element disagree"));
                    }
                }
                if fits {
                    return Ok(Some(x));
                }
                continue;
            }
            let verified = match self.verified.take() {
                Some(v) => v,
                None => {
                    let groups = match groups_below.take() {
                        Some(groups) => groups,
                        None => self.groups(options, n - 1, &p_set),
                    };
                    let mut layers = self.layers_over(&groups, &all_contexts)?;
                    Verified {
                        groups: groups.into_iter().map(|g| (g.element, g.winning)).collect(),
                        last: layers.pop().unwrap_or_default(),
                    }
                }
            };
            // Most elements fail; their failure shows in the identity's
            // bit alone, without the layer's rests over every element.
            let fails = self.fails_beside(&verified.last, &group);
            #[cfg(test)]
            {
                // The layer itself, as the tests' second opinion.
                let layer =
                    self.next_layer(&verified.last, &group, &all_contexts, &all_contexts)?;
                if fails != self.failing(&layer).is_some() {
                    return Err(bug("the identity bits disagree with the layer"));
                }
            }
            if fails {
                self.verified = Some(verified);
                continue;
            }
            let mut verified = verified;
            if verified.groups.insert((x, winning.clone())) {
                // Heap n behaves like none before it: its group joins.
                let layer =
                    self.next_layer(&verified.last, &group, &all_contexts, &all_contexts)?;
                verified.last = layer;
            }
            self.verified = Some(verified);
            return Ok(Some(x));
        }
        Ok(None)
    }
}
