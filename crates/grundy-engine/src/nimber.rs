//! Nimbers: the values of impartial games.
//!
//! This module owns the arithmetic of nimbers (nim-sum, nim-product in the
//! field of numbers below 2^64) and the *mex* (minimum excluded value) that
//! turns the values of a position's options into the position's own value.

mod field;

use std::fmt;
use std::ops::{BitXor, BitXorAssign};

/// A Grundy value (nimber) `*n`.
///
/// Addition of nimbers is XOR (the value of a sum of games); multiplication
/// is the nim-product (see [`Nimber::nim_mul`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nimber(u64);

impl Nimber {
    /// The value of a position in which the player to move loses.
    pub const ZERO: Nimber = Nimber(0);

    /// The nimber `*value`.
    #[must_use]
    pub const fn new(value: u64) -> Nimber {
        Nimber(value)
    }

    /// The nimber as an ordinary number.
    #[must_use]
    pub const fn value(self) -> u64 {
        self.0
    }

    /// `true` when the player to move loses (the value is 0).
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// Nim-sum: the value of the sum of two games.
    #[must_use]
    pub const fn nim_add(self, other: Nimber) -> Nimber {
        Nimber(self.0 ^ other.0)
    }

    /// Nim-product. The numbers below 2^64 form a field under nim-sum and
    /// nim-product; this computes the product in that field, by
    /// logarithm tables over its subfield of the numbers below 2^16 (see
    /// [`field`]).
    #[must_use]
    #[inline]
    pub fn nim_mul(self, other: Nimber) -> Nimber {
        Nimber(field::tables().mul64(self.0, other.0))
    }

    /// `self` to the power `exponent` (an ordinary integer), by repeated
    /// squaring in the field.
    #[must_use]
    pub fn nim_pow(self, exponent: u64) -> Nimber {
        let tables = field::tables();
        let mut result = 1u64;
        let mut base = self.0;
        let mut e = exponent;
        while e > 0 {
            if e & 1 == 1 {
                result = tables.mul64(result, base);
            }
            base = tables.mul64(base, base);
            e >>= 1;
        }
        Nimber(result)
    }

    /// The inverse under nim-product (`None` for 0). The non-zero numbers
    /// below 2^64 form a group of order 2^64 − 1, so a⁻¹ = a^(2^64 − 2);
    /// it is computed down the tower of subfields instead (a⁻¹ is the
    /// conjugate divided by the norm, which lies in the subfield below),
    /// in a few products.
    #[must_use]
    pub fn nim_inv(self) -> Option<Nimber> {
        if self.0 == 0 {
            return None;
        }
        Some(Nimber(field::tables().inv64(self.0)))
    }

    /// `self` divided by `divisor` under nim-product; `None` when the
    /// divisor is 0.
    #[must_use]
    pub fn nim_div(self, divisor: Nimber) -> Option<Nimber> {
        divisor.nim_inv().map(|inverse| self.nim_mul(inverse))
    }

    /// The square root under nim-product. Squaring is the field's
    /// Frobenius map (a bijection: the field has characteristic 2), so
    /// every number has exactly one root, a^(2^63); it is computed down the
    /// tower of subfields.
    #[must_use]
    pub fn nim_sqrt(self) -> Nimber {
        Nimber(field::tables().sqrt64(self.0))
    }
}

/// `a * b` is the nim-product.
impl std::ops::Mul for Nimber {
    type Output = Nimber;

    fn mul(self, other: Nimber) -> Nimber {
        self.nim_mul(other)
    }
}

/// `a + b` is the nim-sum (XOR), as `a ^ b`.
impl std::ops::Add for Nimber {
    type Output = Nimber;

    fn add(self, other: Nimber) -> Nimber {
        self.nim_add(other)
    }
}

/// The nim-product of `a` and `b` by the plain recursion on Fermat
/// 2-powers, with no tables: the independent reference the tests and the
/// benchmarks hold [`Nimber::nim_mul`] against.
#[must_use]
pub const fn nim_mul_recursive(a: u64, b: u64) -> u64 {
    nim_mul_level(a, b, 64)
}

/// Nim-product of `a` and `b`, both below `2^bits` where `bits` is a power
/// of two. Splits both at the Fermat 2-power `F = 2^(bits/2)`: with
/// `a = a1·F + a0`, uses `F⊗F = F ⊕ F/2`, so
/// `a⊗b = (a1⊗b1 ⊕ a1⊗b0 ⊕ a0⊗b1)·F ⊕ a0⊗b0 ⊕ (a1⊗b1)⊗(F/2)`,
/// with three recursive products instead of four (Karatsuba).
const fn nim_mul_level(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    if a == 0 || b == 0 {
        return 0;
    }
    if a == 1 {
        return b;
    }
    if b == 1 {
        return a;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let (b1, b0) = (b >> half, b & mask);
    let high_high = nim_mul_level(a1, b1, half);
    let low_low = nim_mul_level(a0, b0, half);
    let cross = nim_mul_level(a0 ^ a1, b0 ^ b1, half);
    let high = cross ^ low_low;
    let low = low_low ^ nim_mul_level(high_high, 1u64 << (half - 1), half);
    (high << half) | low
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        self.nim_add(rhs)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl From<u64> for Nimber {
    fn from(value: u64) -> Nimber {
        Nimber(value)
    }
}

/// A reusable bit set for computing a mex.
///
/// The mex of k values is at most k, so a set of k + 1 bits is always
/// enough: values above the bound are ignored rather than stored. The caller
/// keeps one `MexSet` and reuses it, so computing a mex never allocates once
/// the set has grown to the largest option count seen.
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: Vec<u64>,
    /// Number of bits in use for the current computation (options + 1).
    limit: usize,
}

impl MexSet {
    /// An empty set.
    #[must_use]
    pub fn new() -> MexSet {
        MexSet::default()
    }

    /// Clears the set for a position with `option_count` options.
    pub fn reset(&mut self, option_count: usize) {
        self.limit = option_count + 1;
        let words = self.limit.div_ceil(64);
        if self.words.len() < words {
            self.words.resize(words, 0);
        }
        self.words[..words].fill(0);
    }

    /// Records that an option has value `value`.
    #[inline]
    pub fn insert(&mut self, value: u64) {
        if value < self.limit as u64 {
            let v = value as usize;
            self.words[v / 64] |= 1u64 << (v % 64);
        }
    }

    /// The least value not inserted since the last [`MexSet::reset`].
    #[must_use]
    pub fn mex(&self) -> Nimber {
        let words = self.limit.div_ceil(64);
        for (i, &w) in self.words[..words].iter().enumerate() {
            if w != u64::MAX {
                return Nimber((i * 64) as u64 + u64::from(w.trailing_ones()));
            }
        }
        Nimber((words * 64) as u64)
    }
}

/// A set of values below 64 held as the bits of a word, each value XORed
/// with `low` (< 64): the bit permutation i -> i ^ low, one swap of bit
/// blocks per bit of `low`. The step of every XOR-set table: the values
/// of a sum are a set of values translated by the value of a part.
#[must_use]
pub fn xor_permute_word(mut word: u64, low: u64) -> u64 {
    const MASKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    for (t, mask) in MASKS.iter().enumerate() {
        if low >> t & 1 == 1 {
            let shift = 1 << t;
            word = ((word >> shift) & mask) | ((word & mask) << shift);
        }
    }
    word
}

/// The mex of a list of values, allocating a fresh bit set. Convenient for
/// tests and one-off uses; hot loops keep a [`MexSet`] instead.
#[must_use]
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let values: Vec<Nimber> = values.into_iter().collect();
    let mut set = MexSet::new();
    set.reset(values.len());
    for v in &values {
        set.insert(v.value());
    }
    set.mex()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_permute_word_matches_elementwise_xor() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mask = seed;
            let v = seed % 64;
            let expected = (0..64)
                .filter(|i| mask >> i & 1 == 1)
                .fold(0u64, |acc, i| acc | 1 << (i ^ v));
            assert_eq!(xor_permute_word(mask, v), expected);
        }
    }

    fn n(v: u64) -> Nimber {
        Nimber::new(v)
    }

    #[test]
    fn mex_of_small_sets() {
        assert_eq!(mex([]), n(0));
        assert_eq!(mex([n(0)]), n(1));
        assert_eq!(mex([n(1), n(2)]), n(0));
        assert_eq!(mex([n(0), n(1), n(3)]), n(2));
        assert_eq!(mex([n(2), n(0), n(1), n(1)]), n(3));
        // Values far above the option count are ignored, not stored.
        assert_eq!(mex([n(0), n(u64::MAX), n(1 << 40)]), n(1));
    }

    #[test]
    fn mex_across_word_boundaries() {
        for k in [63u64, 64, 65, 127, 128, 200] {
            assert_eq!(mex((0..k).map(n)), n(k));
            assert_eq!(mex((0..k).filter(|&v| v != k - 1).map(n)), n(k - 1));
        }
    }

    #[test]
    fn mex_set_is_reusable() {
        let mut set = MexSet::new();
        set.reset(200);
        for v in 0..150 {
            set.insert(v);
        }
        assert_eq!(set.mex(), n(150));
        set.reset(3);
        set.insert(1);
        assert_eq!(set.mex(), n(0));
    }

    #[test]
    fn nim_sum_is_xor() {
        assert_eq!(n(3) ^ n(5), n(6));
        assert_eq!(n(7) ^ n(7), n(0));
        let mut x = n(12);
        x ^= n(10);
        assert_eq!(x, n(6));
        assert!(n(0).is_zero());
    }

    #[test]
    fn nim_product_test_vectors() {
        assert_eq!(n(2).nim_mul(n(2)), n(3));
        assert_eq!(n(4).nim_mul(n(4)), n(6));
        assert_eq!(n(8).nim_mul(n(8)), n(13));
        assert_eq!(n(6).nim_mul(n(13)), n(15));
        assert_eq!(n(1 << 32).nim_mul(n(1 << 32)), n(0x1_8000_0000));
    }

    /// Nim-multiplication by the definition
    /// `a⊗b = mex{ a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }`, for small numbers.
    fn nim_mul_table(size: usize) -> Vec<Vec<u64>> {
        let mut t = vec![vec![0u64; size]; size];
        for a in 0..size {
            for b in 0..size {
                let mut seen = Vec::new();
                for a2 in 0..a {
                    for b2 in 0..b {
                        seen.push(n(t[a2][b] ^ t[a][b2] ^ t[a2][b2]));
                    }
                }
                t[a][b] = mex(seen).value();
            }
        }
        t
    }

    #[test]
    fn nim_product_matches_definition() {
        let t = nim_mul_table(32);
        for a in 0..32u64 {
            for b in 0..32u64 {
                assert_eq!(
                    n(a).nim_mul(n(b)).value(),
                    t[a as usize][b as usize],
                    "{a}*{b}"
                );
            }
        }
    }

    #[test]
    fn nim_product_field_laws() {
        let samples = [
            0u64,
            1,
            2,
            3,
            0xdead_beef,
            0x1234_5678_9abc_def0,
            u64::MAX,
            1 << 63,
            0xffff_0000_ffff,
        ];
        for &a in &samples {
            for &b in &samples {
                assert_eq!(n(a).nim_mul(n(b)), n(b).nim_mul(n(a)));
                for &c in &samples {
                    let left = n(a).nim_mul(n(b) ^ n(c));
                    let right = n(a).nim_mul(n(b)) ^ n(a).nim_mul(n(c));
                    assert_eq!(left, right, "distributivity {a} {b} {c}");
                    assert_eq!(
                        n(a).nim_mul(n(b)).nim_mul(n(c)),
                        n(a).nim_mul(n(b).nim_mul(n(c))),
                        "associativity {a} {b} {c}"
                    );
                }
            }
        }
    }
}
