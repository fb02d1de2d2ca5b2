//! A candidate before its reduction: a monoid beside cyclic monoids, and
//! its table of products by the letters.

use super::limits::MAX_PAIRS;
use super::monoid::{Element, Monoid};
use crate::error::GameError;

/// The cyclic monoid ⟨x | x^(index+period) = x^index⟩.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Cycle {
    pub(super) index: usize,
    pub(super) period: usize,
}

impl Cycle {
    fn len(self) -> usize {
        self.index + self.period
    }

    fn add(self, a: usize, b: usize) -> usize {
        let s = a + b;
        if s < self.len() {
            s
        } else {
            self.index + (s - self.index) % self.period
        }
    }
}

/// A monoid given by an explicit table beside cyclic monoids: an element
/// is `base + order·(c₀ + len₀·(c₁ + …))`.
pub(super) struct ProductMonoid {
    base: Monoid,
    cycles: Vec<Cycle>,
    pub(super) size: usize,
}

impl ProductMonoid {
    pub(super) fn new(base: Monoid, cycles: Vec<Cycle>) -> Result<ProductMonoid, GameError> {
        let size = cycles
            .iter()
            .try_fold(base.order, |s, c| s.checked_mul(c.len()))
            .filter(|&s| s <= MAX_PAIRS)
            .ok_or_else(|| GameError::Limit {
                what: "a candidate misère quotient".to_owned(),
                limit: format!("{MAX_PAIRS} elements before reduction"),
            })?;
        Ok(ProductMonoid { base, cycles, size })
    }

    pub(super) fn mul(&self, u: usize, v: usize) -> usize {
        let order = self.base.order;
        let mut out = self
            .base
            .mul((u % order) as Element, (v % order) as Element) as usize;
        let (mut ru, mut rv, mut stride) = (u / order, v / order, order);
        for cycle in &self.cycles {
            let len = cycle.len();
            out += cycle.add(ru % len, rv % len) * stride;
            ru /= len;
            rv /= len;
            stride *= len;
        }
        out
    }

    /// `u · l` for every element u and letter l, at `u * letters.len() + i`
    /// (the table Moore's refinement reads; u32: up to `MAX_PAIRS`
    /// elements), without [`Self::mul`]'s divisions: a letter that is a
    /// base element acts on each block of `order` elements as its row, a
    /// cycle's generator moves one digit (the heaps' elements are one or
    /// the other; anything else is multiplied out).
    pub(super) fn successors(&self, letters: &[usize]) -> Vec<u32> {
        let order = self.base.order;
        let count = letters.len();
        let mut table = vec![0u32; self.size * count];
        // The base letters element by element (the table's order: a
        // letter at a time would write a cache line per entry).
        let rows: Vec<(usize, Vec<Element>)> = letters
            .iter()
            .enumerate()
            .filter(|&(_, &l)| l < order)
            .map(|(i, &l)| (i, self.base.row(l as Element)))
            .collect();
        for (u, successors) in table.chunks_exact_mut(count.max(1)).enumerate() {
            let (start, b) = (u - u % order, u % order);
            for (i, row) in &rows {
                successors[*i] = (start + row[b] as usize) as u32;
            }
        }
        for (i, &l) in letters.iter().enumerate().filter(|&(_, &l)| l >= order) {
            if let Some(k) = (0..self.cycles.len()).find(|&k| self.generator(k) == l) {
                let stride = self.generator(k);
                let len = self.cycles[k].len();
                for outer in (0..self.size).step_by(stride * len) {
                    for digit in 0..len {
                        let next = self.cycles[k].add(digit, 1);
                        let from = outer + digit * stride;
                        for u in from..from + stride {
                            table[u * count + i] = (u + next * stride - digit * stride) as u32;
                        }
                    }
                }
            } else {
                for u in 0..self.size {
                    table[u * count + i] = self.mul(u, l) as u32;
                }
            }
        }
        table
    }

    /// The generator of cyclic component k.
    pub(super) fn generator(&self, k: usize) -> usize {
        let stride: usize = self.cycles[..k].iter().map(|c| c.len()).product();
        self.base.order * stride
    }
}
