//! The dense nim-sequence engine: G(0), G(1), … in order, each from all the
//! values before it.
//!
//! A game plugs in as a [`Kernel`], which computes the next value from the
//! sequence so far; the engine owns the storage and the loop. The helpers
//! here are the hot loops kernels share: the XOR of two-heap splits over a
//! contiguous range and the bit set sized to the values seen.

use crate::error::GameError;
use crate::nimber::MexSet;
use crate::sequence::{NimSequence, Values};

/// Computes the next value of a nim-sequence.
pub trait Kernel {
    /// G(n) for `n = values.len()`, given G(0..n).
    fn next_value(&mut self, values: &NimSequence) -> Result<u64, GameError>;
}

/// The number of bits of the largest value so far: every option value (an
/// XOR of earlier values) is below `2^bits`, so a mex needs `2^bits + 1`
/// bits of set.
#[derive(Copy, Clone, Debug, Default)]
pub struct ValueWidth {
    max: u64,
}

impl ValueWidth {
    /// Records a value.
    pub fn record(&mut self, value: u64) {
        self.max = self.max.max(value);
    }

    /// Exclusive bound on any XOR of recorded values.
    #[must_use]
    pub fn xor_bound(&self) -> u64 {
        let bits = 64 - self.max.leading_zeros();
        1u64 << bits
    }

    /// The largest value recorded.
    #[must_use]
    pub fn max(&self) -> u64 {
        self.max
    }

    /// Clears `seen` for options whose values are below [`ValueWidth::xor_bound`].
    pub fn reset(&self, seen: &mut MexSet) {
        seen.reset(self.xor_bound() as usize);
    }
}

/// A stored value type a hot loop can run on.
pub trait Narrow: Copy {
    /// The value as an index.
    fn index(self) -> usize;
}
impl Narrow for u8 {
    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
}
impl Narrow for u16 {
    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
}
impl Narrow for u32 {
    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
}

/// Inserts `G(a) ^ G(m - a)` for every split of `m` into two non-empty
/// heaps (`1 <= a <= m / 2`); with `unequal`, skips the split into equal
/// halves. The words of `seen` must cover every XOR of stored values.
#[inline]
pub fn insert_pair_xors(values: Values<'_>, m: usize, unequal: bool, seen: &mut MexSet) {
    match values {
        Values::U8(g) => pairs(g, m, unequal, seen.words_mut()),
        Values::U16(g) => pairs(g, m, unequal, seen.words_mut()),
        Values::U32(g) => pairs(g, m, unequal, seen.words_mut()),
    }
}

#[inline]
fn pairs<T: Narrow>(g: &[T], m: usize, unequal: bool, words: &mut [u64]) {
    if m < 2 {
        return;
    }
    let mut half = m / 2;
    if unequal && m.is_multiple_of(2) {
        half -= 1;
    }
    // a runs up over g[1..=half] while m - a runs down from g[m - 1].
    let low = &g[1..=half];
    let high = &g[m - half..m];
    for (x, y) in low.iter().zip(high.iter().rev()) {
        let v = x.index() ^ y.index();
        words[v >> 6] |= 1u64 << (v & 63);
    }
}

/// A nim-sequence under construction: the values so far and the kernel
/// that extends them.
pub struct DenseEngine<K> {
    kernel: K,
    values: NimSequence,
}

impl<K: Kernel> DenseEngine<K> {
    /// An engine with no values yet.
    pub fn new(kernel: K) -> Self {
        DenseEngine {
            kernel,
            values: NimSequence::new(),
        }
    }

    /// Computes values until there are `n` of them.
    pub fn extend_to(&mut self, n: usize) -> Result<(), GameError> {
        if let NimSequence::U8(v) = &mut self.values {
            v.reserve(n.saturating_sub(v.len()));
        }
        while self.values.len() < n {
            let value = self.kernel.next_value(&self.values)?;
            self.values.push(value)?;
        }
        Ok(())
    }

    /// The values computed so far.
    #[must_use]
    pub fn values(&self) -> &NimSequence {
        &self.values
    }

    /// Gives up the values.
    #[must_use]
    pub fn into_values(self) -> NimSequence {
        self.values
    }
}
