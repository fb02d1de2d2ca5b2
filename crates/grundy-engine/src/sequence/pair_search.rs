//! Searching the two-heap splits of one heap for a few wanted values.
//!
//! The sparse engine knows, for each heap, a short list of values that are
//! almost surely options but must be confirmed: it needs *whether* each
//! occurs among `G(a) ^ G(m - a)`, not the set of all such XORs. So the
//! search XORs a run of pairs at once (a run of values against a reversed
//! run), compares the whole run with each wanted value, drops the values
//! found, and stops as soon as none is left. With AVX2 a run is 128
//! one-byte or 64 two-byte values, and a wanted value costs one compare per
//! 32 pairs, so the long tail of the search, when one or two values are
//! left, is nearly free. Where the CPU has AVX-512 (BW; VBMI for one-byte
//! values), a run is two 64-byte registers, compared into mask registers
//! (measured on Officers to 2^20: ~5% less work in all than with AVX2).

use crate::sequence::dense::{for_each_xor_run, Narrow};
use crate::sequence::Values;

/// Removes from `wanted` every value `G(a) ^ G(m - a)` takes for
/// `lo <= a < hi`, within the splits of `m` into two non-empty heaps
/// (`1 <= a <= m / 2`); with `unequal`, the split into equal halves does
/// not count. Stops as soon as `wanted` is empty. The order of `wanted`
/// is not kept.
pub fn remove_pair_values(
    values: Values<'_>,
    m: usize,
    lo: usize,
    hi: usize,
    unequal: bool,
    wanted: &mut Vec<u64>,
) {
    remove_with(values, m, lo, hi, unequal, wanted, [true; 2]);
}

/// [`remove_pair_values`], running the k-th vectorised search the CPU has
/// (AVX-512, AVX2) only where `allowed[k]` (the tests try each path).
fn remove_with(
    values: Values<'_>,
    m: usize,
    lo: usize,
    hi: usize,
    unequal: bool,
    wanted: &mut Vec<u64>,
    allowed: [bool; 2],
) {
    let mut top = hi.min(m / 2 + 1);
    if unequal && m.is_multiple_of(2) {
        top = top.min(m / 2);
    }
    let lo = lo.max(1);
    if lo >= top || wanted.is_empty() {
        return;
    }
    fn only<T>(mut paths: [Option<T>; 2], allowed: [bool; 2]) -> [Option<T>; 2] {
        for (path, allowed) in paths.iter_mut().zip(allowed) {
            if !allowed {
                *path = None;
            }
        }
        paths
    }
    match values {
        Values::U8(g) => search(g, m, lo, top, wanted, &only(vectorised_u8(), allowed)),
        Values::U16(g) => search(g, m, lo, top, wanted, &only(vectorised_u16(), allowed)),
        Values::U32(g) => search(g, m, lo, top, wanted, &[]),
    }
}

/// A vectorised search over splits `lo..hi` of `m`: returns where it
/// stopped, leaving the last partial run to the portable search.
type Vectorised<T> = fn(&[T], usize, usize, usize, &mut Vec<u64>) -> usize;

/// The vectorised searches for one-byte values this CPU has, widest
/// first: each leaves its last partial run to the next.
fn vectorised_u8() -> [Option<Vectorised<u8>>; 2] {
    #[cfg(target_arch = "x86_64")]
    return x86_searches(
        1,
        // SAFETY: `x86_searches` returns this search only where the CPU
        // has AVX-512, the features it is compiled for.
        |g, m, lo, hi, wanted| unsafe { avx512::remove_u8(g, m, lo, hi, wanted) },
        // SAFETY: returned only where the CPU has AVX2, as above.
        |g, m, lo, hi, wanted| unsafe { avx2::remove_u8(g, m, lo, hi, wanted) },
    );
    #[cfg(not(target_arch = "x86_64"))]
    [None; 2]
}

/// The vectorised searches for two-byte values this CPU has, widest
/// first.
fn vectorised_u16() -> [Option<Vectorised<u16>>; 2] {
    #[cfg(target_arch = "x86_64")]
    return x86_searches(
        2,
        // SAFETY: returned only where the CPU has AVX-512, as for bytes.
        |g, m, lo, hi, wanted| unsafe { avx512::remove_u16(g, m, lo, hi, wanted) },
        // SAFETY: returned only where the CPU has AVX2, as for bytes.
        |g, m, lo, hi, wanted| unsafe { avx2::remove_u16(g, m, lo, hi, wanted) },
    );
    #[cfg(not(target_arch = "x86_64"))]
    [None; 2]
}

/// The AVX-512 and AVX2 searches for `bytes`-byte values, each where the
/// CPU has what it needs.
#[cfg(target_arch = "x86_64")]
fn x86_searches<T>(
    bytes: usize,
    avx512: Vectorised<T>,
    avx2: Vectorised<T>,
) -> [Option<Vectorised<T>>; 2] {
    [
        avx512::available(bytes).then_some(avx512),
        std::arch::is_x86_feature_detected!("avx2").then_some(avx2),
    ]
}

/// The vectorised searches in turn, each from where the last stopped,
/// then the portable search for the rest.
fn search<T: Narrow>(
    g: &[T],
    m: usize,
    lo: usize,
    top: usize,
    wanted: &mut Vec<u64>,
    vectorised: &[Option<Vectorised<T>>],
) {
    let done = vectorised
        .iter()
        .flatten()
        .fold(lo, |done, run| run(g, m, done, top, wanted));
    remove_pairs_scalar(g, m, done, top, wanted);
}

/// The portable search, in runs of 64 pairs: the XORs of a run, then one
/// pass over them per wanted value (no early exit inside a run, so the
/// compiler can vectorise both loops).
fn remove_pairs_scalar<T: Narrow>(g: &[T], m: usize, lo: usize, hi: usize, wanted: &mut Vec<u64>) {
    if wanted.is_empty() {
        return;
    }
    for_each_xor_run::<T, 64>(g, m, lo, hi, |xors| {
        let mut i = 0;
        while i < wanted.len() {
            let found = T::from_u64(wanted[i])
                .is_some_and(|value| xors.iter().fold(false, |hit, &x| hit | (x == value)));
            if found {
                wanted.swap_remove(i);
            } else {
                i += 1;
            }
        }
        !wanted.is_empty()
    });
}

/// The values of a sequence as bytes (little-endian, as stored).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn as_bytes<T: Narrow>(g: &[T]) -> &[u8] {
    // SAFETY: the values are unsigned integers, with no padding, and any
    // byte pattern is a valid u8; the length covers exactly the same memory.
    unsafe { std::slice::from_raw_parts(g.as_ptr().cast(), std::mem::size_of_val(g)) }
}

/// The run loop of the vectorised searches, over splits `lo..hi`: a run is
/// `REGISTERS` registers of `lanes` XORs each (`zero` fills them first),
/// `xors(a)` giving those of the pairs from `(a, m - a)` on, and
/// `found(run, value)` telling whether a lane of the run holds `value`
/// (never asked for values above `lane_max`, which no lane can hold).
/// Returns where it stopped (the caller finishes the last partial run).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn remove_runs<R: Copy, const REGISTERS: usize>(
    (lanes, lane_max): (usize, u64),
    (lo, hi): (usize, usize),
    wanted: &mut Vec<u64>,
    zero: R,
    xors: impl Fn(usize) -> R,
    found: impl Fn(&[R; REGISTERS], u64) -> bool,
) -> usize {
    let run = lanes * REGISTERS;
    let mut a = lo;
    while a + run <= hi && !wanted.is_empty() {
        let mut x = [zero; REGISTERS];
        for (k, xk) in x.iter_mut().enumerate() {
            *xk = xors(a + k * lanes);
        }
        let mut i = 0;
        while i < wanted.len() {
            let value = wanted[i];
            if value <= lane_max && found(&x, value) {
                wanted.swap_remove(i);
            } else {
                i += 1;
            }
        }
        a += run;
    }
    a
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    //! The search with AVX2 intrinsics, for one- and two-byte values.

    use super::{as_bytes, remove_runs};
    use std::arch::x86_64::{
        __m256i, _mm256_cmpeq_epi16, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_or_si256,
        _mm256_permute4x64_epi64, _mm256_set1_epi16, _mm256_set1_epi8, _mm256_setr_epi8,
        _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_testz_si256, _mm256_xor_si256,
    };

    /// 32-byte registers per run.
    const REGISTERS: usize = 4;

    /// Loads 32 bytes from the start of `bytes` (which must hold 32).
    #[inline(always)]
    fn load(bytes: &[u8]) -> __m256i {
        let bytes = &bytes[..32];
        // SAFETY: `bytes` holds the 32 bytes read; unaligned loads are allowed.
        unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
    }

    /// The search over `width`-byte values: `reverse` reverses the values
    /// of each 16-byte half, `equal` compares lanes with a wanted value.
    #[inline(always)]
    fn remove(
        (bytes, width): (&[u8], usize),
        m: usize,
        splits: (usize, usize),
        wanted: &mut Vec<u64>,
        reverse: __m256i,
        equal: impl Fn(__m256i, u64) -> __m256i,
    ) -> usize {
        let lanes = 32 / width;
        let xors = |first: usize| {
            // Pairs (first + t, m - first - t) for t < lanes: the high
            // parts are the values ending at m - first, reversed (in each
            // half, then the halves swapped).
            let low = load(&bytes[width * first..]);
            let high = load(&bytes[width * (m - first - (lanes - 1))..]);
            // SAFETY: AVX2 is enabled in the callers.
            unsafe {
                let high = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(high, reverse), 0x4E);
                _mm256_xor_si256(low, high)
            }
        };
        let found = |x: &[__m256i; REGISTERS], value: u64| {
            let mut hits = equal(x[0], value);
            for &xk in &x[1..] {
                // SAFETY: AVX2 is enabled in the callers.
                hits = unsafe { _mm256_or_si256(hits, equal(xk, value)) };
            }
            // SAFETY: AVX2 is enabled in the callers.
            unsafe { _mm256_testz_si256(hits, hits) == 0 }
        };
        let lane_max = (1u64 << (8 * width)) - 1;
        // SAFETY: AVX2 is enabled in the callers.
        let zero = unsafe { _mm256_setzero_si256() };
        remove_runs((lanes, lane_max), splits, wanted, zero, xors, found)
    }

    /// The search over one-byte values, in runs of 128 pairs.
    #[target_feature(enable = "avx2")]
    pub(super) fn remove_u8(
        g: &[u8],
        m: usize,
        lo: usize,
        hi: usize,
        wanted: &mut Vec<u64>,
    ) -> usize {
        let reverse = _mm256_setr_epi8(
            15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7,
            6, 5, 4, 3, 2, 1, 0,
        );
        remove((g, 1), m, (lo, hi), wanted, reverse, |xk, value| {
            _mm256_cmpeq_epi8(xk, _mm256_set1_epi8(value as u8 as i8))
        })
    }

    /// The search over two-byte values, in runs of 64 pairs.
    #[target_feature(enable = "avx2")]
    pub(super) fn remove_u16(
        g: &[u16],
        m: usize,
        lo: usize,
        hi: usize,
        wanted: &mut Vec<u64>,
    ) -> usize {
        let reverse = _mm256_setr_epi8(
            14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6,
            7, 4, 5, 2, 3, 0, 1,
        );
        remove(
            (as_bytes(g), 2),
            m,
            (lo, hi),
            wanted,
            reverse,
            |xk, value| _mm256_cmpeq_epi16(xk, _mm256_set1_epi16(value as u16 as i16)),
        )
    }
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    //! The search with AVX-512, in runs of two 64-byte registers: 128
    //! one-byte or 64 two-byte values, compared into mask registers.
    //! (Looking each XOR up in a bitmap of the wanted values, held in a
    //! register, was measured too: finding ~15 values per heap one hit at
    //! a time made it slower than comparing.)

    use super::{as_bytes, remove_runs};
    use std::arch::x86_64::{
        __m512i, _mm512_cmpeq_epi16_mask, _mm512_cmpeq_epi8_mask, _mm512_loadu_si512,
        _mm512_permutexvar_epi16, _mm512_permutexvar_epi8, _mm512_set1_epi16, _mm512_set1_epi8,
        _mm512_setzero_si512, _mm512_xor_si512,
    };

    /// Registers per run (measured: two beat four by ~2%, as the search
    /// often stops within a run).
    const REGISTERS: usize = 2;

    /// `true` when the CPU has what the search for `bytes`-byte values
    /// needs (one-byte values also need VBMI's byte permutation).
    pub(super) fn available(bytes: usize) -> bool {
        std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && (bytes != 1 || std::arch::is_x86_feature_detected!("avx512vbmi"))
    }

    /// Loads 64 bytes from the start of `bytes` (which must hold 64).
    #[inline(always)]
    fn load(bytes: &[u8]) -> __m512i {
        let bytes = &bytes[..64];
        // SAFETY: `bytes` holds the 64 bytes read; unaligned loads are
        // allowed, and the callers enable AVX-512.
        unsafe { _mm512_loadu_si512(bytes.as_ptr().cast()) }
    }

    /// The search over `width`-byte values: `reverse` reverses the lanes
    /// of a register, `equal` compares lanes with a wanted value.
    #[inline(always)]
    fn remove(
        (bytes, width): (&[u8], usize),
        m: usize,
        splits: (usize, usize),
        wanted: &mut Vec<u64>,
        reverse: impl Fn(__m512i) -> __m512i,
        equal: impl Fn(__m512i, u64) -> u64,
    ) -> usize {
        let lanes = 64 / width;
        let xors = |first: usize| {
            // Pairs (first + t, m - first - t) for t < lanes: the high
            // parts are the values ending at m - first, reversed.
            let low = load(&bytes[width * first..]);
            let high = load(&bytes[width * (m - first - (lanes - 1))..]);
            // SAFETY: the callers enable AVX-512.
            unsafe { _mm512_xor_si512(low, reverse(high)) }
        };
        let found = |x: &[__m512i; REGISTERS], value: u64| {
            x.iter().fold(0, |hits, &xk| hits | equal(xk, value)) != 0
        };
        let lane_max = (1u64 << (8 * width)) - 1;
        // SAFETY: the callers enable AVX-512.
        let zero = unsafe { _mm512_setzero_si512() };
        remove_runs((lanes, lane_max), splits, wanted, zero, xors, found)
    }

    /// The search over one-byte values, in runs of 128 pairs.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub(super) fn remove_u8(
        g: &[u8],
        m: usize,
        lo: usize,
        hi: usize,
        wanted: &mut Vec<u64>,
    ) -> usize {
        let order: [u8; 64] = std::array::from_fn(|i| 63 - i as u8);
        let order = load(&order);
        remove(
            (g, 1),
            m,
            (lo, hi),
            wanted,
            |x| _mm512_permutexvar_epi8(order, x),
            |x, value| _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(value as u8 as i8)),
        )
    }

    /// The search over two-byte values, in runs of 64 pairs.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) fn remove_u16(
        g: &[u16],
        m: usize,
        lo: usize,
        hi: usize,
        wanted: &mut Vec<u64>,
    ) -> usize {
        let order: [u16; 32] = std::array::from_fn(|i| 31 - i as u16);
        let order = load(as_bytes(&order));
        remove(
            (as_bytes(g), 2),
            m,
            (lo, hi),
            wanted,
            |x| _mm512_permutexvar_epi16(order, x),
            |x, value| {
                u64::from(_mm512_cmpeq_epi16_mask(
                    x,
                    _mm512_set1_epi16(value as u16 as i16),
                ))
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wanted values left after a plain search of the same pairs.
    fn expected(
        g: &[u16],
        m: usize,
        lo: usize,
        hi: usize,
        unequal: bool,
        wanted: &[u64],
    ) -> Vec<u64> {
        let mut left: Vec<u64> = wanted.to_vec();
        for a in lo.max(1)..hi.min(m / 2 + 1) {
            if unequal && 2 * a == m {
                continue;
            }
            let x = u64::from(g[a] ^ g[m - a]);
            left.retain(|&v| v != x);
        }
        left.sort_unstable();
        left
    }

    /// Says in the test's output which searches ran and which this CPU
    /// has not (by the same lists [`remove_with`] runs from), so that a
    /// vectorised search missing here is seen as not tested rather than
    /// passing unseen.
    fn report_paths() {
        let mut tested = vec!["portable (u8, u16, u32)".to_owned()];
        let mut missing = Vec::new();
        let (u8s, u16s) = (vectorised_u8(), vectorised_u16());
        for (k, name) in ["AVX-512", "AVX2"].into_iter().enumerate() {
            for (width, has) in [("u8", u8s[k].is_some()), ("u16", u16s[k].is_some())] {
                let path = format!("{name} ({width})");
                if has {
                    tested.push(path);
                } else {
                    missing.push(path);
                }
            }
        }
        if missing.is_empty() {
            missing.push("none".to_owned());
        }
        let (tested, missing) = (tested.join(", "), missing.join(", "));
        eprintln!("pair_search: tested {tested}; not tested on this CPU: {missing}");
    }

    #[test]
    fn search_agrees_with_a_plain_loop() {
        // Values from a simple generator, in one- and two-byte storage.
        let mut next = crate::sequence::test_numbers(0x2545_f491_4f6c_dd1du64);
        for round in 0..400u32 {
            let len = 2 + (next() % 3000) as usize;
            let range = if round.is_multiple_of(2) { 40 } else { 600 };
            let wide: Vec<u16> = (0..len).map(|_| (next() % range) as u16).collect();
            let m = 1 + (next() as usize % (len - 1));
            let lo = (next() % 20) as usize;
            let hi = lo + (next() % (m as u64 + 10)) as usize;
            let unequal = next().is_multiple_of(2);
            let wanted: Vec<u64> = (0..(next() % 24)).map(|_| next() % (range + 40)).collect();
            let want = expected(&wide, m, lo, hi, unequal, &wanted);
            let narrow: Vec<u8> = wide.iter().map(|&v| v as u8).collect();
            // Every path this CPU has: both vectorised searches, each
            // alone, and the portable one.
            for allowed in [[true, true], [true, false], [false, true], [false, false]] {
                let mut got = wanted.clone();
                remove_with(Values::U16(&wide), m, lo, hi, unequal, &mut got, allowed);
                got.sort_unstable();
                assert_eq!(
                    got, want,
                    "u16 {allowed:?}, m={m} lo={lo} hi={hi} unequal={unequal}"
                );
                if range <= 256 {
                    let mut got = wanted.clone();
                    remove_with(Values::U8(&narrow), m, lo, hi, unequal, &mut got, allowed);
                    got.sort_unstable();
                    assert_eq!(
                        got, want,
                        "u8 {allowed:?}, m={m} lo={lo} hi={hi} unequal={unequal}"
                    );
                }
            }
            let words: Vec<u32> = wide.iter().map(|&v| u32::from(v)).collect();
            let mut got = wanted.clone();
            remove_pair_values(Values::U32(&words), m, lo, hi, unequal, &mut got);
            got.sort_unstable();
            assert_eq!(got, want, "u32, m={m} lo={lo} hi={hi} unequal={unequal}");
        }
        report_paths();
    }
}
