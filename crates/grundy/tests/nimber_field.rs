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
