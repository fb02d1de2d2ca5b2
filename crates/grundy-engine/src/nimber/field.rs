//! The nimber field below 2^64 by tables: what makes nim-products fast.
//!
//! The numbers below 2^(2^k) are a subfield for every k, and each is a
//! quadratic extension of the one below: with the Fermat 2-power
//! `F = 2^(2^(k-1))`, every number is `a1·F ⊕ a0` with `a1, a0 < F`, and
//! `F ⊗ F = F ⊕ F/2`. The field of numbers below 2^16 is small enough for
//! tables: its multiplicative group is cyclic of order 65535, so with a
//! generator g every non-zero number is g^i and products are additions of
//! logarithms. Products below 2^32 and 2^64 are then Karatsuba steps up
//! the tower (three products of halves, not four): nine table products and
//! six by the constant 2^15 for a 64-bit product.
//!
//! Inverses and square roots go down the same tower. With `x² = x ⊕ h`
//! over the subfield (h = F/2), the conjugate of `a = a1·x ⊕ a0` is
//! `a1·x ⊕ (a1 ⊕ a0)`, their product is the norm `a1²h ⊕ a1a0 ⊕ a0²` in
//! the subfield, so `a⁻¹` is the conjugate divided by the norm; and
//! `(b1·x ⊕ b0)² = b1²·x ⊕ (b1²h ⊕ b0²)`, so the root of `a` has
//! `b1 = √a1`, `b0 = √(a0 ⊕ a1h)`.
//!
//! The tables (384 KiB) are built once, on first use, from the plain
//! recursive product ([`super::nim_mul_recursive`]), which also stays the
//! independent reference of the tests and benchmarks.

use std::sync::OnceLock;

/// The order of the multiplicative group of the numbers below 2^16.
const GROUP_ORDER: usize = 65535;

/// 2^15: half the Fermat 2-power 2^16, so 2^16 ⊗ 2^16 = 2^16 ⊕ 2^15.
const HALF_F16: u64 = 1 << 15;

/// Logarithms and powers of a generator of the numbers below 2^16.
pub(super) struct FieldTables {
    /// `log[x]` for `x != 0`: the i with g^i = x.
    log: Box<[u16]>,
    /// `exp[i] = g^i` for i < 2 · 65535, so a sum of two logarithms needs
    /// no reduction.
    exp: Box<[u16]>,
    /// log 2^15.
    log_half: usize,
}

/// The tables, built on first use.
pub(super) fn tables() -> &'static FieldTables {
    static TABLES: OnceLock<FieldTables> = OnceLock::new();
    TABLES.get_or_init(FieldTables::build)
}

/// `x ⊗ y` below 2^16 by the plain recursion.
fn mul16_recursive(x: u64, y: u64) -> u64 {
    super::nim_mul_recursive(x, y)
}

/// x^e below 2^16 by the plain recursion.
fn pow16_recursive(x: u64, mut e: usize) -> u64 {
    let (mut result, mut base) = (1, x);
    while e > 0 {
        if e & 1 == 1 {
            result = mul16_recursive(result, base);
        }
        base = mul16_recursive(base, base);
        e >>= 1;
    }
    result
}

impl FieldTables {
    fn build() -> FieldTables {
        // The least generator: g^(65535/p) != 1 for each prime p of
        // 65535 = 3 · 5 · 17 · 257.
        let generator = (2u64..)
            .find(|&g| {
                [3usize, 5, 17, 257]
                    .iter()
                    .all(|&p| pow16_recursive(g, GROUP_ORDER / p) != 1)
            })
            .unwrap_or(2);
        let mut log = vec![0u16; 1 << 16].into_boxed_slice();
        let mut exp = vec![0u16; 2 * GROUP_ORDER].into_boxed_slice();
        let mut power = 1u64;
        for i in 0..GROUP_ORDER {
            exp[i] = power as u16;
            exp[i + GROUP_ORDER] = power as u16;
            log[power as usize] = i as u16;
            power = mul16_recursive(power, generator);
        }
        let log_half = log[HALF_F16 as usize] as usize;
        FieldTables { log, exp, log_half }
    }

    /// `x ⊗ y` for x, y < 2^16.
    #[inline(always)]
    fn mul16(&self, x: u64, y: u64) -> u64 {
        if x == 0 || y == 0 {
            return 0;
        }
        u64::from(self.exp[self.log[x as usize] as usize + self.log[y as usize] as usize])
    }

    /// `x ⊗ 2^15` for x < 2^16.
    #[inline(always)]
    fn mul16_half(&self, x: u64) -> u64 {
        if x == 0 {
            return 0;
        }
        u64::from(self.exp[self.log[x as usize] as usize + self.log_half])
    }

    /// `x⁻¹` for 0 < x < 2^16.
    #[inline]
    fn inv16(&self, x: u64) -> u64 {
        let log = self.log[x as usize] as usize;
        u64::from(self.exp[(GROUP_ORDER - log) % GROUP_ORDER])
    }

    /// √x for x < 2^16: half the logarithm, modulo the odd 65535.
    #[inline]
    fn sqrt16(&self, x: u64) -> u64 {
        if x == 0 {
            return 0;
        }
        let log = self.log[x as usize] as usize;
        let half = if log.is_multiple_of(2) {
            log / 2
        } else {
            (log + GROUP_ORDER) / 2
        };
        u64::from(self.exp[half])
    }

    /// `x ⊗ y` for x, y < 2^32.
    #[inline(always)]
    fn mul32(&self, x: u64, y: u64) -> u64 {
        let (x1, x0) = (x >> 16, x & 0xffff);
        let (y1, y0) = (y >> 16, y & 0xffff);
        let high_high = self.mul16(x1, y1);
        let low_low = self.mul16(x0, y0);
        let cross = self.mul16(x0 ^ x1, y0 ^ y1);
        (((cross ^ low_low) << 16) | (low_low ^ self.mul16_half(high_high))) & 0xffff_ffff
    }

    /// `x ⊗ 2^31` for x < 2^32: 2^31 = 2^16 ⊗ 2^15, and
    /// `(x1·F ⊕ x0) ⊗ F ⊗ c = (y1 ⊕ y0)·F ⊕ y1 ⊗ c` with `y = x ⊗ c`,
    /// c = 2^15, F = 2^16.
    #[inline(always)]
    fn mul32_half(&self, x: u64) -> u64 {
        let y1 = self.mul16_half(x >> 16);
        let y0 = self.mul16_half(x & 0xffff);
        ((y1 ^ y0) << 16) | self.mul16_half(y1)
    }

    /// `x ⊗ y` for any x, y below 2^64.
    #[inline(always)]
    pub(super) fn mul64(&self, x: u64, y: u64) -> u64 {
        let (x1, x0) = (x >> 32, x & 0xffff_ffff);
        let (y1, y0) = (y >> 32, y & 0xffff_ffff);
        let high_high = self.mul32(x1, y1);
        let low_low = self.mul32(x0, y0);
        let cross = self.mul32(x0 ^ x1, y0 ^ y1);
        ((cross ^ low_low) << 32) | (low_low ^ self.mul32_half(high_high))
    }

    /// `x⁻¹` for 0 < x < 2^32: the conjugate over the numbers below 2^16
    /// divided by the norm.
    fn inv32(&self, x: u64) -> u64 {
        let (x1, x0) = (x >> 16, x & 0xffff);
        let norm = self.mul16_half(self.mul16(x1, x1)) ^ self.mul16(x1, x0) ^ self.mul16(x0, x0);
        let norm_inverse = self.inv16(norm);
        (self.mul16(x1, norm_inverse) << 16) | self.mul16(x0 ^ x1, norm_inverse)
    }

    /// `x⁻¹` for any non-zero x below 2^64.
    pub(super) fn inv64(&self, x: u64) -> u64 {
        let (x1, x0) = (x >> 32, x & 0xffff_ffff);
        let norm = self.mul32_half(self.mul32(x1, x1)) ^ self.mul32(x1, x0) ^ self.mul32(x0, x0);
        let norm_inverse = self.inv32(norm);
        (self.mul32(x1, norm_inverse) << 32) | self.mul32(x0 ^ x1, norm_inverse)
    }

    /// √x for x < 2^32.
    fn sqrt32(&self, x: u64) -> u64 {
        let (x1, x0) = (x >> 16, x & 0xffff);
        (self.sqrt16(x1) << 16) | self.sqrt16(x0 ^ self.mul16_half(x1))
    }

    /// √x for any x below 2^64.
    pub(super) fn sqrt64(&self, x: u64) -> u64 {
        let (x1, x0) = (x >> 32, x & 0xffff_ffff);
        (self.sqrt32(x1) << 32) | self.sqrt32(x0 ^ self.mul32_half(x1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A few thousand pseudo-random numbers, with zero limbs among them.
    fn samples() -> Vec<u64> {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut out = vec![
            0,
            1,
            2,
            3,
            1 << 15,
            1 << 16,
            1 << 31,
            1 << 32,
            1 << 63,
            u64::MAX,
        ];
        for i in 0..3000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let masks = [
                u64::MAX,
                0xffff,
                0xffff_0000_ffff,
                0xffff_ffff,
                0xffff_0000_0000_ffff,
            ];
            out.push(x & masks[i % masks.len()]);
        }
        out
    }

    #[test]
    fn tables_agree_with_the_recursion() {
        let t = tables();
        let s = samples();
        for (i, &a) in s.iter().enumerate() {
            for &b in &s[i..(i + 40).min(s.len())] {
                assert_eq!(
                    t.mul64(a, b),
                    super::super::nim_mul_recursive(a, b),
                    "{a} * {b}"
                );
            }
        }
    }

    #[test]
    fn every_16_bit_number_has_its_inverse_and_root() {
        let t = tables();
        for x in 1..1u64 << 16 {
            assert_eq!(mul16_recursive(x, t.inv16(x)), 1, "{x}");
            let root = t.sqrt16(x);
            assert_eq!(mul16_recursive(root, root), x, "{x}");
        }
    }

    #[test]
    fn inverses_and_roots_down_the_tower() {
        let t = tables();
        for &a in &samples() {
            let root = t.sqrt64(a);
            assert_eq!(
                super::super::nim_mul_recursive(root, root),
                a,
                "root of {a}"
            );
            if a != 0 {
                assert_eq!(
                    super::super::nim_mul_recursive(a, t.inv64(a)),
                    1,
                    "inverse of {a}"
                );
            }
        }
    }
}
