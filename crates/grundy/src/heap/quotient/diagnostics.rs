//! What a heap that does not settle shows: the lower bound a failed
//! candidate proves, and failures that climb round after round.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

#[cfg(doc)]
use super::layers::sum_order;
use super::monoid::{Element, IDENTITY};
use super::options::HeapOptions;
use super::queries::MisereQuotient;

impl MisereQuotient {
    /// What a failed candidate proves about the true quotient of heaps
    /// up to `n`, in words, when it says more than `settled` (the order
    /// of the quotient of the smaller heaps: sums of those told apart
    /// stay apart beside more heaps).
    pub(super) fn proved_below(
        &self,
        failure: &[(u64, u32)],
        options: &HeapOptions,
        n: u64,
        settled: usize,
    ) -> Option<String> {
        let bound = self.lower_bound(failure, options, n)?;
        if bound.elements <= settled {
            return None;
        }
        let powers = if bound.powers >= 3 {
            format!(
                ", among them heap {n}'s powers up to {n}×{} (all distinct)",
                bound.powers - 1
            )
        } else {
            String::new()
        };
        Some(format!(
            "proved on the way: the quotient has at least {} elements (the last candidate predicts every sum of fewer than {} tokens right, and in it sums of at most {} tokens tell {} sums of at most {} tokens apart{powers})",
            bound.elements, bound.below, bound.witness_tokens, bound.elements, bound.told_tokens
        ))
    }

    /// A lower bound on the order of the true quotient from a candidate
    /// whose least failure is `failure`.
    ///
    /// The failure has T tokens, so every sum of fewer tokens is predicted
    /// right (it comes before the failure in [`sum_order`], and so do its
    /// options: by induction in that order none of them fails).
    /// Two sums of at most B = ⌊(T − 1)/2⌋ tokens whose predicted
    /// outcomes differ beside some sum of at most T − 1 − B tokens are
    /// therefore told apart by the game itself: the classes of the
    /// elements of such sums under those witnesses are distinct elements
    /// of the quotient. `None` when T is 0 or 1.
    pub(super) fn lower_bound(
        &self,
        failure: &[(u64, u32)],
        options: &HeapOptions,
        n: u64,
    ) -> Option<LowerBound> {
        /// The most witnesses tried (each costs a pass over the
        /// elements): the bound only grows with more, so fewer is still a
        /// bound.
        const MAX_WITNESSES: usize = 1024;
        let max_heap = self.max_heap();
        let total = tokens_of(failure);
        if total < 2 {
            return None;
        }
        let below = total - 1;
        // The fewest tokens of a sum of each element, Dijkstra over the
        // heaps' elements (the smallest heap of each).
        let mut letters: Vec<(u64, Element)> = Vec::new();
        for h in 1..=max_heap {
            let g = self.heap_elements[h as usize];
            if !options.is_terminal(h) && g != IDENTITY && !letters.iter().any(|&(_, e)| e == g) {
                letters.push((h, g));
            }
        }
        let mut tokens = vec![u64::MAX; self.order()];
        tokens[IDENTITY as usize] = 0;
        let mut queue = BinaryHeap::from([Reverse((0u64, IDENTITY))]);
        while let Some(Reverse((t, x))) = queue.pop() {
            if t > tokens[x as usize] {
                continue;
            }
            for &(h, g) in &letters {
                let y = self.mul(x, g);
                if t + h <= below && t + h < tokens[y as usize] {
                    tokens[y as usize] = t + h;
                    queue.push(Reverse((t + h, y)));
                }
            }
        }
        let half = below / 2;
        let told: Vec<Element> = (0..self.order() as Element)
            .filter(|&x| tokens[x as usize] <= half)
            .collect();
        let mut witnesses: Vec<Element> = (0..self.order() as Element)
            .filter(|&w| tokens[w as usize] <= below - half)
            .collect();
        witnesses.sort_by_key(|&w| tokens[w as usize]);
        witnesses.truncate(MAX_WITNESSES);
        // Each witness splits every class in two by its outcome.
        let mut class = vec![0u32; told.len()];
        let mut classes = 1usize;
        for &w in &witnesses {
            let row = self.monoid.row(w);
            let mut split = vec![[u32::MAX; 2]; classes];
            let mut count = 0u32;
            for (i, &x) in told.iter().enumerate() {
                let side = &mut split[class[i] as usize][usize::from(self.is_p(row[x as usize]))];
                if *side == u32::MAX {
                    *side = count;
                    count += 1;
                }
                class[i] = *side;
            }
            classes = count as usize;
        }
        // Heap n's powers among them, up to the first two alike.
        let g = self.heap_elements[n as usize];
        let mut seen: Vec<u32> = Vec::new();
        let mut power = IDENTITY;
        for _ in 0..=half / n {
            match told.binary_search(&power) {
                Ok(i) if !seen.contains(&class[i]) => seen.push(class[i]),
                _ => break,
            }
            power = self.mul(power, g);
        }
        Some(LowerBound {
            elements: classes,
            below: total,
            told_tokens: half,
            witness_tokens: below - half,
            powers: seen.len(),
        })
    }
}

/// What a failed candidate proves: see [`MisereQuotient::lower_bound`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct LowerBound {
    /// Elements the true quotient has at least.
    pub(super) elements: usize,
    /// Every sum of fewer tokens is predicted right.
    below: u64,
    /// The sums told apart have at most this many tokens,
    told_tokens: u64,
    /// by witnesses of at most this many.
    witness_tokens: u64,
    /// Heap n's first powers (from the 0th) among them, all distinct.
    powers: usize,
}

/// The tokens of a sum given as (heap, count) pairs.
pub(super) fn tokens_of(sum: &[(u64, u32)]) -> u64 {
    sum.iter().map(|&(h, c)| h * u64::from(c)).sum()
}

/// Candidates' failures that climb: round after round of `period`
/// failures, each failure the one a round before with the counts of the
/// same heaps (`rising`) one higher and the others the same. Dawson's
/// Kayles at heap 34 climbs from about the 60th candidate on, at
/// 14 + 25 + 33 + 30×j + 34×(j+5) among others (6 failures a round),
/// the way the candidates of Weimerskirch's infinite quotient of 0.3122
/// (Games of No Chance 4, 2015) fail along a diagonal: the counts of two
/// heaps rising together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Climb {
    /// Failures a round.
    pub period: usize,
    /// The heaps whose counts rise, one a round.
    pub rising: Vec<u64>,
    /// The latest failure as it was `rounds` rounds before.
    pub first: Vec<(u64, u32)>,
    /// The latest failure.
    pub last: Vec<(u64, u32)>,
    /// Rounds seen.
    pub rounds: usize,
}

impl Climb {
    /// The longest rounds a climb may have, in failures.
    const MAX_PERIOD: usize = 16;

    /// The climb that the latest failures make, if it has lasted `rounds`
    /// rounds (never with `rounds` 0).
    #[must_use]
    pub fn find(failures: &[Vec<(u64, u32)>], rounds: usize) -> Option<Climb> {
        if rounds == 0 {
            return None;
        }
        let last = failures.len().checked_sub(1)?;
        for period in 1..=Self::MAX_PERIOD {
            let mut rising: Option<Vec<u64>> = None;
            let mut steps = 0;
            let mut m = last;
            while m >= period {
                match Self::step(&failures[m - period], &failures[m]) {
                    Some(r) if rising.as_ref().is_none_or(|seen| *seen == r) => rising = Some(r),
                    _ => break,
                }
                steps += 1;
                m -= 1;
            }
            if steps >= rounds * period {
                return Some(Climb {
                    period,
                    rising: rising?,
                    first: failures[last - rounds * period].clone(),
                    last: failures[last].clone(),
                    rounds,
                });
            }
        }
        None
    }

    /// The heaps whose counts rise by one from `a` to `b`, when the
    /// others stay the same (none fall, none rise more).
    fn step(a: &[(u64, u32)], b: &[(u64, u32)]) -> Option<Vec<u64>> {
        let count = |sum: &[(u64, u32)], h: u64| {
            sum.iter()
                .find(|&&(k, _)| k == h)
                .map_or(0, |&(_, c)| i64::from(c))
        };
        let mut heaps: Vec<u64> = a.iter().chain(b).map(|&(h, _)| h).collect();
        heaps.sort_unstable();
        heaps.dedup();
        let mut rising = Vec::new();
        for h in heaps {
            match count(b, h) - count(a, h) {
                0 => {}
                1 => rising.push(h),
                _ => return None,
            }
        }
        (!rising.is_empty()).then_some(rising)
    }
}

impl std::fmt::Display for Climb {
    /// "its candidates fail at 14 + 25 + 33 + 30×j + 34×(j+5) for j = 9
    /// to 15, one step higher each round of 6 candidates"
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = |h: u64| {
            self.first
                .iter()
                .find(|&&(k, _)| k == h)
                .map_or(0, |&(_, c)| u64::from(c))
        };
        let low = self.rising.iter().map(|&h| count(h)).min().unwrap_or(0);
        let terms: Vec<String> = self
            .last
            .iter()
            .map(|&(h, c)| {
                if !self.rising.contains(&h) {
                    return if c == 1 {
                        h.to_string()
                    } else {
                        format!("{h}×{c}")
                    };
                }
                match count(h) - low {
                    0 => format!("{h}×j"),
                    d => format!("{h}×(j+{d})"),
                }
            })
            .collect();
        write!(
            f,
            "its candidates fail at {} for j = {low} to {}, one step higher each round of {} candidate{} (heaps {} rising together)",
            terms.join(" + "),
            low + self.rounds as u64,
            self.period,
            if self.period == 1 { "" } else { "s" },
            self.rising
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" and ")
        )
    }
}
