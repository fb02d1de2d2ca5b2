//! Adding a heap: a conservative extension when there is one, otherwise
//! candidates with cyclic monoids for freed heaps, each failure
//! recalibrated until one passes the verification.

use super::driver::QuotientStep;
use super::limits::{QuotientLimits, MAX_CANDIDATES};
use super::monoid::{power_shape, Element, Monoid, NotAMonoid, IDENTITY};
use super::options::HeapOptions;
use super::p_portion::mark_p_portion;
use super::product::{Cycle, ProductMonoid};
use super::queries::MisereQuotient;
#[cfg(test)]
use super::refine::refine_within;
use super::refine::{class_monoid, refine};
#[cfg(test)]
use super::tests;
use super::{bug, internal, Climb};
use crate::error::GameError;

impl MisereQuotient {
    /// Adds heap n to the quotient of the heaps below it.
    pub(super) fn add_heap(
        &mut self,
        n: u64,
        options: &HeapOptions,
        limits: QuotientLimits,
        progress: &mut dyn FnMut(QuotientStep),
        before_candidates: &mut dyn FnMut(&MisereQuotient) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        if options.is_terminal(n) {
            // A heap with no move is the empty game.
            self.heap_elements.push(IDENTITY);
            self.orders.push(self.order());
            return Ok(());
        }
        if let Some(x) = self.conservative_extension(n, options)? {
            self.heap_elements.push(x);
            self.orders.push(self.order());
            return Ok(());
        }
        before_candidates(self)?;
        // Heap n gets a cyclic component of its own beside the quotient so
        // far; failures then free the heaps they involve.
        let mut candidate = self.clone();
        candidate.heap_elements.push(IDENTITY);
        candidate = candidate
            .regenerate(
                &[(
                    n,
                    Cycle {
                        index: 2,
                        period: 2,
                    },
                )],
                options,
                limits,
                None,
            )?
            .ok_or_else(|| bug("a candidate with nothing to fit was refused"))?;
        // Each candidate's least failure, to see a climb.
        let settled = self.order();
        let mut failures: Vec<Vec<(u64, u32)>> = Vec::new();
        let mut tried = 0;
        loop {
            tried += 1;
            // A deadline or Ctrl-C (the server's and Python's checks).
            crate::stop::check()?;
            let least = candidate.least_failure(options)?;
            #[cfg(test)]
            tests::cross_check(&candidate, options, least.as_deref())?;
            let Some(failure) = least else {
                let order = candidate.order();
                candidate.orders = self.orders.clone();
                candidate.orders.push(order);
                *self = candidate;
                return Ok(());
            };
            progress(QuotientStep::Candidate {
                heap: n,
                tried,
                order: candidate.order(),
            });
            // The options of a least failure are predicted right, so they
            // give its true outcome, the opposite of the prediction.
            let truth = !candidate.is_p(candidate.element_of_counts(&failure));
            // A stop from here on says what this candidate proved.
            let stop =
                |error: GameError| match candidate.proved_below(&failure, options, n, settled) {
                    Some(proved) => error.established(proved),
                    None => error,
                };
            failures.push(failure.clone());
            if let Some(climb) = Climb::find(&failures, limits.climb_rounds) {
                return Err(stop(GameError::LooksInfinite {
                    what: format!("the misère quotient of heaps up to {n}"),
                    pattern: climb.to_string(),
                }));
            }
            if tried == MAX_CANDIDATES {
                return Err(stop(GameError::Limit {
                    what: format!("settling the misère quotient of heaps up to {n}"),
                    limit: format!("{MAX_CANDIDATES} candidates"),
                }));
            }
            candidate = match candidate.recalibrate(&failure, truth, options, limits) {
                Ok(next) => next,
                Err(error @ GameError::Limit { .. }) => return Err(stop(error)),
                Err(error) => return Err(error),
            };
        }
    }

    /// The candidate with the heaps of `free` given cyclic components of
    /// their own beside the submonoid the other heaps generate: its
    /// P-portion marked from each element's lexicographically least sum,
    /// then reduced.
    ///
    /// With `fit` (a sum and its true outcome, P as `true`), `None` when
    /// the candidate predicts the sum wrong, said before the reduction:
    /// the reduction merges only elements of one outcome, so the sum's
    /// element in the unreduced product already has the candidate's
    /// prediction, and most candidates a failure's recalibration tries
    /// are refused there (4.7 to heap 40 reduces 910 candidates, most of
    /// them to throw away).
    fn regenerate(
        &self,
        free: &[(u64, Cycle)],
        options: &HeapOptions,
        limits: QuotientLimits,
        fit: Option<(&[(u64, u32)], bool)>,
    ) -> Result<Option<MisereQuotient>, GameError> {
        let max_heap = self.max_heap();
        let is_free = |h: u64| free.iter().any(|&(f, _)| f == h);
        // The submonoid generated by the other heaps' elements, numbered
        // as they are reached.
        let mut index = vec![u32::MAX; self.order()];
        let mut members = vec![IDENTITY];
        index[IDENTITY as usize] = 0;
        let mut base_letters: Vec<Element> = Vec::new();
        for h in 1..=max_heap {
            if is_free(h) || options.is_terminal(h) {
                continue;
            }
            let g = self.heap_elements[h as usize];
            if g == IDENTITY || base_letters.contains(&g) {
                continue;
            }
            base_letters.push(g);
            let mut i = 0;
            while i < members.len() {
                let y = self.mul(members[i], g);
                if index[y as usize] == u32::MAX {
                    index[y as usize] = members.len() as u32;
                    members.push(y);
                }
                i += 1;
            }
        }
        let numbered: Vec<Element> = base_letters.iter().map(|&g| index[g as usize]).collect();
        let (base, renumbered) = Monoid::from_actions(
            members.len(),
            &numbered,
            |_| false,
            |x, l| index[self.mul(members[x as usize], base_letters[l]) as usize],
        )
        .map_err(|NotAMonoid| internal("the submonoid of the heaps kept"))?;
        for i in &mut index {
            if *i != u32::MAX {
                *i = renumbered[*i as usize];
            }
        }
        let cycles: Vec<Cycle> = free.iter().map(|&(_, c)| c).collect();
        let product = ProductMonoid::new(base, cycles)?;
        let heaps: Vec<usize> = (0..=max_heap)
            .map(|h| {
                if options.is_terminal(h) {
                    0
                } else if let Some(k) = free.iter().position(|&(f, _)| f == h) {
                    product.generator(k)
                } else {
                    index[self.heap_elements[h as usize] as usize] as usize
                }
            })
            .collect();
        let mut letters: Vec<usize> = heaps.iter().copied().filter(|&g| g != 0).collect();
        letters.sort_unstable();
        letters.dedup();
        let letter_of = |g: usize| letters.binary_search(&g).ok();
        // Each heap's options' distinct elements, each as the letters of a
        // sum that has it (the identity's parts left out).
        let singles: Vec<Vec<Vec<usize>>> = (0..=max_heap)
            .map(|h| {
                let mut words: Vec<(usize, Vec<usize>)> = options
                    .of(h)
                    .map(|sum| {
                        let image = sum
                            .iter()
                            .fold(0, |x, &k| product.mul(x, heaps[k as usize]));
                        let word = sum
                            .iter()
                            .filter_map(|&k| letter_of(heaps[k as usize]))
                            .collect();
                        (image, word)
                    })
                    .collect();
                words.sort_by_key(|(image, _)| *image);
                words.dedup_by_key(|(image, _)| *image);
                words.into_iter().map(|(_, word)| word).collect()
            })
            .collect();
        let heap_letters: Vec<Option<usize>> = heaps.iter().map(|&g| letter_of(g)).collect();
        // Each phase can take seconds at a few thousand elements.
        crate::stop::check()?;
        let successors = product.successors(&letters);
        #[cfg(test)]
        for u in 0..product.size {
            for (i, &l) in letters.iter().enumerate() {
                if successors[u * letters.len() + i] as usize != product.mul(u, l) {
                    return Err(bug("the successors' table is not the product"));
                }
            }
        }
        crate::stop::check()?;
        let p = mark_p_portion(product.size, &successors, &heap_letters, &singles);
        if let Some((sum, truth)) = fit {
            let mut element = 0usize;
            for &(h, count) in sum {
                if let Some(letter) = heap_letters[h as usize] {
                    for _ in 0..count {
                        element = successors[element * letters.len() + letter] as usize;
                    }
                }
            }
            if p[element] != truth {
                return Ok(None);
            }
        }
        crate::stop::check()?;
        let class = refine(product.size, letters.len(), &successors, |u| p[u]);
        // Every candidate of the tests, against Moore's plain rounds.
        #[cfg(test)]
        if class != tests::refine_by_rounds(product.size, letters.len(), &successors, |u| p[u])
            || class != refine_within(product.size, letters.len(), &successors, |u| p[u], 0)
        {
            return Err(bug("the refinement disagrees with Moore's rounds"));
        }
        let order = class.iter().map(|&c| c as usize + 1).max().unwrap_or(1);
        if order > limits.max_order {
            return Err(GameError::Limit {
                what: format!(
                    "the misère quotient of heaps up to {max_heap} (a candidate of {order} elements)"
                ),
                limit: format!("{} elements", limits.max_order),
            });
        }
        let mut first = vec![usize::MAX; order];
        for (u, &c) in class.iter().enumerate() {
            if first[c as usize] == usize::MAX {
                first[c as usize] = u;
            }
        }
        let (monoid, new_of) = class_monoid(order, &first, &class, &letters, &product, &p)?;
        Ok(Some(MisereQuotient {
            monoid,
            heap_elements: heaps.iter().map(|&g| new_of[class[g] as usize]).collect(),
            orders: Vec::new(),
            verified: None,
            own_verifications: 0,
        }))
    }

    /// A candidate that predicts the failure's outcome right: some heaps of
    /// the failure freed from this candidate, the fewest first.
    fn recalibrate(
        &self,
        failure: &[(u64, u32)],
        truth: bool,
        options: &HeapOptions,
        limits: QuotientLimits,
    ) -> Result<MisereQuotient, GameError> {
        let involved: Vec<(u64, u32)> = failure.to_vec();
        let k = involved.len();
        let mut subsets: Vec<u32> = (1..(1u32 << k.min(16))).collect();
        subsets.sort_by_key(|s| s.count_ones());
        for subset in subsets {
            crate::stop::check()?;
            let mut freed: Vec<(u64, Cycle)> = Vec::new();
            for (i, &(h, count)) in involved.iter().enumerate() {
                if subset >> i & 1 == 0 {
                    continue;
                }
                let (index, period) = power_shape(&self.monoid, self.heap_elements[h as usize]);
                // Twice the count: a failure at count c tends to be followed
                // by one at c + 1, and so on, one candidate each; the
                // reduction merges the powers that behave alike anyway.
                let index = index.max(2 * count as usize).max(2);
                let period = period.max(2).next_multiple_of(2);
                match freed.iter_mut().find(|(f, _)| *f == h) {
                    Some((_, cycle)) => {
                        cycle.index = cycle.index.max(index).max(count as usize + 1);
                        cycle.period = cycle.period.max(period);
                    }
                    None => freed.push((h, Cycle { index, period })),
                }
            }
            match self.regenerate(&freed, options, limits, Some((failure, truth))) {
                Ok(Some(candidate)) => {
                    // The reduction kept the prediction (a check of the
                    // claim the early refusal rests on).
                    if candidate.is_p(candidate.element_of_counts(failure)) != truth {
                        return Err(bug("the reduction changed a sum's outcome"));
                    }
                    return Ok(candidate);
                }
                Ok(None) | Err(GameError::Limit { .. }) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(GameError::Limit {
            what: format!(
                "finding a misère quotient of heaps up to {} that fits the sum {}",
                self.max_heap(),
                failure
                    .iter()
                    .map(|&(h, c)| format!("{h}×{c}"))
                    .collect::<Vec<_>>()
                    .join(" + ")
            ),
            limit: format!("{} elements", limits.max_order),
        })
    }
}
