//! The nimber field below 2^64 by proptest: field axioms, inverses,
//! division, square roots and powers, the Fermat 2-power rules, and
//! published products (Conway, *On Numbers and Games*, ch. 6: the
//! nim-multiplication table, where 8 ⊗ 8 = 13; for a Fermat 2-power
//! F = 2^(2^k), F ⊗ F = 3F/2 and F ⊗ x = F·x for x < F).

use grundy::Nimber;
use proptest::prelude::*;

fn n(v: u64) -> Nimber {
    Nimber::new(v)
}

proptest! {
    #[test]
    fn table_product_equals_the_plain_recursion(a: u64, b: u64, mask in 0usize..4) {
        // Zero limbs take other paths through the tables.
        let masks = [u64::MAX, 0xffff_0000_ffff_0000, 0x0000_ffff_0000_ffff, 0xffff_ffff];
        let (a, b) = (a & masks[mask], b);
        prop_assert_eq!((n(a) * n(b)).value(), grundy::nim_mul_recursive(a, b));
    }

    #[test]
    fn inverse_and_root_equal_their_powers(a in 1u64..) {
        // a^(2^64 - 2) and a^(2^63) by the recursive product.
        let pow = |mut e: u64| {
            let (mut result, mut base) = (1u64, a);
            while e > 0 {
                if e & 1 == 1 {
                    result = grundy::nim_mul_recursive(result, base);
                }
                base = grundy::nim_mul_recursive(base, base);
                e >>= 1;
            }
            result
        };
        prop_assert_eq!(n(a).nim_inv().map(Nimber::value), Some(pow(u64::MAX - 1)));
        prop_assert_eq!(n(a).nim_sqrt().value(), pow(1 << 63));
    }

    #[test]
    fn multiplication_is_associative_and_commutative(a: u64, b: u64, c: u64) {
        prop_assert_eq!(n(a) * n(b), n(b) * n(a));
        prop_assert_eq!((n(a) * n(b)) * n(c), n(a) * (n(b) * n(c)));
        prop_assert_eq!(n(a) * n(1), n(a));
        prop_assert_eq!(n(a) * n(0), n(0));
    }

    #[test]
    fn multiplication_distributes_over_nim_sum(a: u64, b: u64, c: u64) {
        prop_assert_eq!(n(a) * (n(b) + n(c)), n(a) * n(b) + n(a) * n(c));
    }

    #[test]
    fn every_non_zero_number_has_an_inverse(a in 1u64..) {
        let inverse = n(a).nim_inv().unwrap();
        prop_assert_eq!(n(a) * inverse, n(1));
        prop_assert_eq!(inverse.nim_inv(), Some(n(a)));
    }

    #[test]
    fn division_undoes_multiplication(a: u64, b in 1u64..) {
        prop_assert_eq!((n(a) * n(b)).nim_div(n(b)), Some(n(a)));
        prop_assert_eq!(n(a).nim_div(n(0)), None);
    }

    #[test]
    fn square_roots_square_back(a: u64) {
        let root = n(a).nim_sqrt();
        prop_assert_eq!(root * root, n(a));
        // Squaring is additive (characteristic 2).
        prop_assert_eq!((n(a) + root) * (n(a) + root), n(a) * n(a) + n(a));
    }

    #[test]
    fn powers_add_their_exponents(a: u64, e in 0u64..1000, f in 0u64..1000) {
        prop_assert_eq!(n(a).nim_pow(e + f), n(a).nim_pow(e) * n(a).nim_pow(f));
        prop_assert_eq!(n(a).nim_pow(2), n(a) * n(a));
    }

    #[test]
    fn fermat_two_powers_multiply_ordinarily_below_them(k in 0u32..6, x: u64) {
        let f = 1u64 << (1u32 << k);
        let x = x % f;
        if let Some(product) = f.checked_mul(x) {
            prop_assert_eq!(n(f) * n(x), n(product));
        }
    }
}

#[test]
fn the_multiplicative_group_has_order_two_to_the_64_minus_one() {
    for a in [2u64, 3, 7, 255, 1 << 40, u64::MAX] {
        assert_eq!(n(a).nim_pow(u64::MAX), n(1), "{a}");
    }
    assert_eq!(n(0).nim_inv(), None);
}

#[test]
fn fermat_two_powers_square_to_three_halves() {
    for k in 0..6u32 {
        let f = 1u64 << (1u32 << k);
        assert_eq!(n(f) * n(f), n(f + f / 2), "F = {f}");
    }
    // ONAG's table: 8 ⊗ 8 = 13, 2 ⊗ 3 = 1 (so 2 and 3 are inverses in
    // GF(4)), the square root of 2 is 3.
    assert_eq!(n(8) * n(8), n(13));
    assert_eq!(n(2).nim_inv(), Some(n(3)));
    assert_eq!(n(2).nim_sqrt(), n(3));
}
