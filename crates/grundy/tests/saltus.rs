//! Arithmetic periodicity of take-and-break codes, proved by the band test
//! (`grundy::saltus`): every pattern the test proves from its first
//! n0 + p values is checked against values computed one by one far past
//! them (an engine that never fills from a period), on named hexadecimal
//! codes and on random ones; patterns it must not prove are refused; and
//! the test itself fails on values that break the moves.

use grundy::heap::HeapGame;
use grundy::period::{value_from_period, Periodicity};
use grundy::saltus::{prove, CodeMoves, Pattern};
use grundy::sequence::moves::HeapCounts;
use grundy::sequence::{EngineChoice, NimSequence};
use grundy::spec::parse_heap_spec;
use proptest::prelude::*;

fn game(spec: &str) -> HeapGame {
    parse_heap_spec(spec).unwrap()
}

/// G(0..n) computed one by one (no value filled from a proved period).
fn computed(spec: &str, n: usize) -> NimSequence {
    let mut engine = game(spec).engine_computing_all(EngineChoice::Auto).unwrap();
    engine.extend_to(n).unwrap();
    engine.into_values()
}

/// The first `len` values of `values`.
fn prefix(values: &NimSequence, len: usize) -> NimSequence {
    let mut out = NimSequence::new();
    for v in values.iter().take(len) {
        out.push(v).unwrap();
    }
    out
}

/// The pattern proved for `spec`, if any, with the values the proof read.
fn proved(spec: &str) -> Option<(Periodicity, NimSequence)> {
    let (report, values) = game(spec).find_period(1024, 1 << 12).unwrap();
    match report.periodicity {
        Some(found) if report.proved && found.saltus != 0 => {
            assert!(
                report.reason.contains("band test"),
                "{spec}: {}",
                report.reason
            );
            let used = found.preperiod + found.period;
            Some((found, prefix(&values, used)))
        }
        _ => None,
    }
}

/// Each code is proved with the expected (period, saltus), and the pattern
/// holds on its first `count` values computed one by one.
fn assert_proved_and_holding(cases: &[(&str, usize, i64)], count: usize) {
    for &(spec, period, saltus) in cases {
        let (found, first) = proved(spec).unwrap_or_else(|| panic!("{spec}: not proved"));
        assert_eq!((found.period, found.saltus), (period, saltus), "{spec}");
        let direct = computed(spec, count);
        assert_pattern_holds(spec, &found, &first, &direct);
    }
}

/// Every value of `direct` against the pattern extended from `first`.
fn assert_pattern_holds(
    spec: &str,
    found: &Periodicity,
    first: &NimSequence,
    direct: &NimSequence,
) {
    for n in 0..direct.len() {
        assert_eq!(
            value_from_period(first, found, n as u64).unwrap(),
            direct.get(n),
            "{spec}: the proved {found} is wrong at n = {n}"
        );
    }
}

/// Hexadecimal codes whose sequences are arithmetic-periodic with a saltus
/// that is a power of two (the 1- and 2-digit hexadecimal games are the
/// subject of Howse and Nowakowski, TCS 313 (2004) 463-472; the patterns
/// here are checked against 4000 values computed one by one, not copied
/// from a table). 0.8 is G(n) = floor((n - 1)/3), argued in
/// tests/sequences.rs; 0.28 has period 53 and saltus 16.
#[test]
fn hexadecimal_codes_are_proved_arithmetic_periodic() {
    let cases: [(&str, usize, i64); 11] = [
        ("0.8", 3, 1),
        ("0.C", 2, 1),
        ("0.{2+}", 2, 1),
        ("0.48", 2, 1),
        ("0.88", 3, 1),
        ("0.A8", 4, 2),
        ("0.C8", 2, 1),
        ("0.E8", 1, 1),
        ("0.08", 4, 1),
        ("0.CC", 2, 1),
        ("0.28", 53, 16),
    ];
    assert_proved_and_holding(&cases, 4000);
}

/// Patterns the band test must not prove: no pattern at all (0.9, 0.2048's
/// ruler-like growth), and a saltus that is not reached below n0 + p
/// (0.F8: G(9) = 4 with saltus 4), reported as observed with the reason.
#[test]
fn what_the_band_test_cannot_prove_is_observed() {
    for spec in ["0.9", "0.2048"] {
        let (report, _) = game(spec).find_period(1024, 1 << 12).unwrap();
        assert!(!report.proved, "{spec}: {}", report.reason);
    }
    let (report, _) = game("0.F8").find_period(1024, 1 << 12).unwrap();
    assert!(!report.proved);
    assert_ne!(report.periodicity.unwrap().saltus, 0);
    assert!(
        report.reason.contains("band test does not prove it"),
        "{}",
        report.reason
    );
    // Codes with a modifier are outside the test.
    let (report, _) = game("0.8!").find_period(1024, 1 << 12).unwrap();
    assert!(!report.proved, "{}", report.reason);
}

/// The test fails when the first values are not the game's: 0.8's first
/// values with one changed (so that the pattern no longer follows from
/// the moves) are refused, whichever value is changed.
#[test]
fn the_band_test_refuses_values_that_break_the_moves() {
    let moves = CodeMoves {
        digits: vec![
            HeapCounts::default(),
            HeapCounts {
                listed: 1 << 3,
                at_least: None,
            },
        ],
        exact: true,
    };
    let good = computed("0.8", 8);
    let found = Pattern {
        preperiod: 1,
        period: 3,
        saltus: 1,
    };
    assert!(prove(&moves, &good, found).is_ok());
    // Values below a saltus of 2 with one of G(1..4) changed to 1: the
    // moves leave no option in that top band, so its mex is 0, not 1.
    for changed in 1..4 {
        let mut values = NimSequence::new();
        for n in 0..4 {
            values.push(u64::from(n == changed)).unwrap();
        }
        let found = Pattern {
            preperiod: 1,
            period: 3,
            saltus: 2,
        };
        assert!(
            prove(&moves, &values, found).is_err(),
            "changed value at {changed} proved"
        );
    }
    // The true values with a wrong saltus (2 instead of 1) are refused too.
    let wrong = Pattern {
        preperiod: 1,
        period: 3,
        saltus: 2,
    };
    assert!(prove(&moves, &good, wrong).is_err());
}

/// `value` far out from the proved pattern: G(10^15) against the pattern
/// read off 4000 values computed one by one (which must hold on all of
/// them first).
#[test]
fn values_at_ten_to_the_fifteen() {
    for spec in ["0.8", "0.{2+}", "0.A8", "0.28"] {
        let direct = computed(spec, 4000);
        let (found, first) = proved(spec).unwrap();
        let (n0, p, s) = (
            found.preperiod as u64,
            found.period as u64,
            found.saltus as u64,
        );
        for n in n0..4000 - p {
            assert_eq!(
                direct.get((n + p) as usize),
                direct.get(n as usize) + s,
                "{spec} at {n}"
            );
        }
        let n = 1_000_000_000_000_000u64;
        let expected = direct.get((n0 + (n - n0) % p) as usize) + s * ((n - n0) / p);
        assert_eq!(
            value_from_period(&first, &found, n).unwrap(),
            expected,
            "{spec}"
        );
    }
}

/// A random code: one to three digits, one of them 8 to F (moves that may
/// leave three heaps).
fn hexadecimal_code() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(0u64..16, 0..3),
        8u64..16,
        0usize..3,
    )
        .prop_map(|(rest, big, place)| {
            let mut digits = rest;
            let place = place.min(digits.len());
            digits.insert(place, big);
            std::iter::once("0.".to_owned())
                .chain(digits.iter().map(|d| format!("{d:X}")))
                .collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever the band test proves for a random hexadecimal code holds
    /// on 2500 values computed one by one.
    #[test]
    fn proved_patterns_of_random_codes_hold(code in hexadecimal_code()) {
        if let Some((found, first)) = proved(&code) {
            let direct = computed(&code, 2500);
            for n in 0..direct.len() {
                prop_assert_eq!(
                    value_from_period(&first, &found, n as u64).unwrap(),
                    direct.get(n),
                    "{}: the proved {} is wrong at n = {}", code, found, n
                );
            }
        }
    }
}

/// Every code 0.d1 and 0.d1d2 with a digit 8 to F: whatever is proved
/// holds on 3000 values computed one by one (a longer scan than the
/// random cases, about 20 s in release; it runs with the suite). Prints
/// how many were proved.
#[test]
fn scan_two_digit_hexadecimal_codes() {
    let mut codes: Vec<String> = (8..16).map(|d| format!("0.{d:X}")).collect();
    for a in 0..16u64 {
        for b in 1..16u64 {
            if a >= 8 || b >= 8 {
                codes.push(format!("0.{a:X}{b:X}"));
            }
        }
    }
    let mut proved_count = 0;
    for code in &codes {
        if let Some((found, first)) = proved(code) {
            proved_count += 1;
            let direct = computed(code, 3000);
            assert_pattern_holds(code, &found, &first, &direct);
            println!("{code}: {found}");
        }
    }
    println!("{proved_count} of {} codes proved", codes.len());
    assert!(proved_count > 0);
}

/// Codes the Guy–Smith theorem cannot take (any number of heaps, a
/// repeating tail) are within the band test's reach: whatever it proves
/// holds on 2500 values computed one by one.
#[test]
fn open_heap_counts_and_repeating_tails() {
    let cases: [(&str, usize, i64); 4] = [
        ("0.[{2+}]", 2, 1),
        ("0.2{2+}8", 4, 2),
        ("0.[C]", 2, 1),
        ("0.8[8]", 3, 1),
    ];
    assert_proved_and_holding(&cases, 2500);
}
