//! The dense nim-sequence engine: G(0), G(1), … in order, each from all the
//! values before it.
//!
//! A game plugs in as a [`Kernel`], which computes the next value from the
//! sequence so far; the engine owns the storage and the loop. The helpers
//! here are the hot loops kernels share: the XOR of two-heap splits over a
//! contiguous range and the bit set sized to the values seen.

use crate::error::GameError;
use crate::sequence::{NimSequence, Values};

/// Computes the next value of a nim-sequence.
pub trait Kernel {
    /// G(n) for `n = values.len()`, given G(0..n).
    fn next_value(&mut self, values: &NimSequence) -> Result<u64, GameError>;

    /// Rebuilds any state the kernel keeps between values (tables, counts,
    /// the largest value) from values computed earlier, so that a resumed
    /// run continues exactly as an uninterrupted one.
    fn restore(&mut self, _values: &NimSequence) {}

    /// Computes values until `values` holds `target` of them. Kernels that
    /// work on several heaps at once override this; the default computes
    /// them one by one.
    fn extend(&mut self, values: &mut NimSequence, target: usize) -> Result<(), GameError> {
        while values.len() < target {
            let value = self.next_value(values)?;
            values.push(value)?;
        }
        Ok(())
    }

    /// The number of rare positions, for kernels that track them.
    fn rare_count(&self) -> Option<usize> {
        None
    }

    /// The proved periodicity this kernel fills values from, once it has
    /// one (kernels that fill from a period: `period::PeriodFilled`).
    fn period_fill(&self) -> Option<&PeriodFill> {
        None
    }
}

/// A proved periodicity from which a kernel fills the values after
/// `filled_from` instead of computing them: `G(n) = G(n - period) +
/// saltus` for every `n >= preperiod + period`, certified by the theorem
/// `reason` names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodFill {
    /// The preperiod e.
    pub preperiod: usize,
    /// The period p.
    pub period: usize,
    /// The saltus s (0 for ordinary periodicity).
    pub saltus: i64,
    /// The first value filled from the period rather than computed.
    pub filled_from: usize,
    /// The theorem and the check that prove it.
    pub reason: String,
}

/// A kernel that keeps the bound on the values so far, so that an engine
/// working beside it (the sparse engine, which hands it the first values
/// and the ones it cannot do better on) reads one bound for both.
pub trait BoundedKernel: Kernel {
    /// The bound on values so far (every XOR of them is below it).
    fn value_width(&self) -> ValueWidth;

    /// Records a value computed elsewhere, keeping the bound current.
    fn note_value(&mut self, value: u64);
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
    pub fn reset(&self, seen: &mut ValueFlags) {
        seen.reset(self.xor_bound() as usize);
    }
}

/// The option values seen for one position, one byte per possible value.
///
/// Bytes rather than bits because the hot loops only *store* into it: a
/// bit set needs a read-modify-write of the same word for every option,
/// which chains each option to the last through memory, while byte
/// stores are independent of each other.
#[derive(Clone, Debug, Default)]
pub struct ValueFlags {
    flags: Vec<u8>,
}

impl ValueFlags {
    /// Clears the set for values below `bound` (the mex may be `bound`).
    pub fn reset(&mut self, bound: usize) {
        self.flags.clear();
        self.flags.resize(bound + 1, 0);
    }

    /// Resets the set for values below `bound` to the values recorded in
    /// `row` (flags of the same layout, maybe shorter): one copy instead
    /// of a clear and a merge.
    pub fn reset_from(&mut self, bound: usize, row: &[u8]) {
        self.flags.clear();
        self.flags
            .extend_from_slice(&row[..row.len().min(bound + 1)]);
        self.flags.resize(bound + 1, 0);
    }

    /// Records a value; values beyond the bound cannot be the mex and are
    /// ignored.
    #[inline]
    pub fn insert(&mut self, value: u64) {
        if let Some(flag) = usize::try_from(value)
            .ok()
            .and_then(|v| self.flags.get_mut(v))
        {
            *flag = 1;
        }
    }

    /// The flags, for hot loops that only store values below the bound.
    #[inline]
    pub fn flags_mut(&mut self) -> &mut [u8] {
        &mut self.flags
    }

    /// Adds every value recorded in `row` (flags of the same layout, maybe
    /// shorter).
    pub fn merge(&mut self, row: &[u8]) {
        for (f, r) in self.flags.iter_mut().zip(row) {
            *f |= r;
        }
    }

    /// The least value not recorded.
    #[must_use]
    pub fn mex(&self) -> u64 {
        self.flags
            .iter()
            .position(|&f| f == 0)
            .unwrap_or(self.flags.len()) as u64
    }
}

/// A stored value type a hot loop can run on.
pub trait Narrow: Copy + Default + PartialEq + std::ops::BitXor<Output = Self> {
    /// Bytes per value.
    const BYTES: usize;
    /// The value as an index.
    fn index(self) -> usize;
    /// `value` in this type, if it fits.
    fn from_u64(value: u64) -> Option<Self>;
    /// A slice of values of this type, as [`Values`].
    fn values(slice: &[Self]) -> Values<'_>;
}
/// `Narrow` for a stored type and its [`Values`] variant.
macro_rules! narrow {
    ($t:ty, $variant:ident) => {
        impl Narrow for $t {
            const BYTES: usize = std::mem::size_of::<$t>();
            #[inline(always)]
            fn index(self) -> usize {
                self as usize
            }
            #[inline(always)]
            fn from_u64(value: u64) -> Option<Self> {
                Self::try_from(value).ok()
            }
            fn values(slice: &[Self]) -> Values<'_> {
                Values::$variant(slice)
            }
        }
    };
}
narrow!(u8, U8);
narrow!(u16, U16);
narrow!(u32, U32);

/// Inserts `G(a) ^ G(m - a)` for `lo <= a < hi`, within the splits of `m`
/// into two non-empty heaps (`1 <= a <= m / 2`); with `unequal`, skips
/// the split into equal halves. `seen` must have been reset to cover every
/// XOR of stored values.
#[inline]
pub fn insert_pair_range(
    values: Values<'_>,
    m: usize,
    lo: usize,
    hi: usize,
    unequal: bool,
    seen: &mut ValueFlags,
) {
    insert_pairs_into(values, m, lo, hi, unequal, &mut seen.flags);
}

/// [`insert_pair_range`] into a plain flag array (a row of a block).
#[inline]
pub fn insert_pairs_into(
    values: Values<'_>,
    m: usize,
    lo: usize,
    hi: usize,
    unequal: bool,
    flags: &mut [u8],
) {
    let mut top = hi.min(m / 2 + 1);
    if unequal && m.is_multiple_of(2) {
        top = top.min(m / 2);
    }
    if lo >= top {
        return;
    }
    match values {
        Values::U8(g) => range_pairs(g, m, lo, top, flags),
        Values::U16(g) => range_pairs(g, m, lo, top, flags),
        Values::U32(g) => range_pairs(g, m, lo, top, flags),
    }
}

#[inline]
fn range_pairs<T: Narrow>(g: &[T], m: usize, lo: usize, hi: usize, flags: &mut [u8]) {
    // The two-pass loop pays for one-byte values (32 XORs per AVX2
    // instruction); wider values do better with the plain loop (measured
    // on Treblecross, whose values pass 255).
    #[cfg(target_arch = "x86_64")]
    {
        if T::BYTES == 1 && std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2, checked just above.
            unsafe { range_pairs_avx2(g, m, lo, hi, flags) };
            return;
        }
    }
    let low = &g[lo..hi];
    let high = &g[m + 1 - hi..=m - lo];
    for (x, y) in low.iter().zip(high.iter().rev()) {
        flags[x.index() ^ y.index()] = 1;
    }
}

/// The same loop compiled for AVX2, where the XOR of a run with a reversed
/// run vectorises (32 values per instruction for u8).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn range_pairs_avx2<T: Narrow>(g: &[T], m: usize, lo: usize, hi: usize, flags: &mut [u8]) {
    range_pairs_body(g, m, lo, hi, flags);
}

/// Pairs `(a, m - a)` for `lo <= a < hi`, in two passes per run of 256:
/// the XORs (see [`for_each_xor_run`]), then the stores into `flags`,
/// four at a time.
#[inline(always)]
fn range_pairs_body<T: Narrow>(g: &[T], m: usize, lo: usize, hi: usize, flags: &mut [u8]) {
    for_each_xor_run::<T, 256>(g, m, lo, hi, |xors| {
        let mut quads = xors.chunks_exact(4);
        for quad in &mut quads {
            flags[quad[0].index()] = 1;
            flags[quad[1].index()] = 1;
            flags[quad[2].index()] = 1;
            flags[quad[3].index()] = 1;
        }
        for t in quads.remainder() {
            flags[t.index()] = 1;
        }
        true
    });
}

/// Calls `each` with the XORs `G(a) ^ G(m - a)` of the splits
/// `lo <= a < hi` (`hi <= m / 2 + 1`), `RUN` consecutive splits at a time
/// and in order, while it returns `true`. Each run is a contiguous run of
/// values against a reversed one, XORed into a buffer, which vectorises.
#[inline(always)]
pub(crate) fn for_each_xor_run<T: Narrow, const RUN: usize>(
    g: &[T],
    m: usize,
    lo: usize,
    hi: usize,
    mut each: impl FnMut(&[T]) -> bool,
) {
    if lo >= hi {
        return;
    }
    let low = &g[lo..hi];
    let high = &g[m + 1 - hi..=m - lo];
    let mut xors = [T::default(); RUN];
    for (low_run, high_run) in low.chunks(RUN).zip(high.rchunks(RUN)) {
        let k = low_run.len();
        let xors = &mut xors[..k];
        let high_run = &high_run[high_run.len() - k..];
        for (i, t) in xors.iter_mut().enumerate() {
            *t = low_run[i] ^ high_run[k - 1 - i];
        }
        if !each(xors) {
            return;
        }
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

    /// An engine continuing from values computed earlier.
    pub fn resume(mut kernel: K, values: NimSequence) -> Self {
        kernel.restore(&values);
        DenseEngine { kernel, values }
    }

    /// The kernel (for its counters).
    pub fn kernel(&self) -> &K {
        &self.kernel
    }

    /// Computes values until there are `n` of them.
    pub fn extend_to(&mut self, n: usize) -> Result<(), GameError> {
        self.values
            .try_reserve(n.saturating_sub(self.values.len()))?;
        self.kernel.extend(&mut self.values, n)
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

/// A boxed kernel is a kernel: engines hold a family's kernel without
/// naming its type.
impl<K: Kernel + ?Sized> Kernel for Box<K> {
    fn next_value(&mut self, values: &NimSequence) -> Result<u64, GameError> {
        (**self).next_value(values)
    }
    fn restore(&mut self, values: &NimSequence) {
        (**self).restore(values);
    }
    fn extend(&mut self, values: &mut NimSequence, target: usize) -> Result<(), GameError> {
        (**self).extend(values, target)
    }
    fn rare_count(&self) -> Option<usize> {
        (**self).rare_count()
    }
    fn period_fill(&self) -> Option<&PeriodFill> {
        (**self).period_fill()
    }
}
