//! Nim-sequences of heap games: published values, the generic solver, a
//! deliberately naive evaluator, and closed forms, all against the dense
//! engine.

mod common;

use std::collections::HashSet;

use grundy::heap::HeapGame;
use grundy::spec::parse_heap_spec;
use grundy::{HeapRuleset, Solver};
use proptest::prelude::*;

fn dense(spec: &str, n: usize) -> Vec<u64> {
    parse_heap_spec(spec)
        .unwrap()
        .nim_sequence(n)
        .unwrap()
        .to_vec()
}

/// G(0..n) computed one by one, never filled from a proved period: what
/// the engines' own cross-checks compare.
fn dense_all(spec: &str, n: usize) -> Vec<u64> {
    let mut engine = parse_heap_spec(spec)
        .unwrap()
        .engine_computing_all(grundy::sequence::EngineChoice::Auto)
        .unwrap();
    engine.extend_to(n).unwrap();
    engine.into_values().to_vec()
}

fn solver_values(game: HeapGame, n: u64) -> Vec<u64> {
    let rules = HeapRuleset::new(game);
    let mut solver = Solver::new(&rules);
    (0..n).map(|h| solver.value(&h).unwrap().value()).collect()
}

#[test]
fn published_sequences() {
    for known in common::corpus() {
        assert!(known.values.len() >= 60, "{}", known.spec);
        let values = dense(known.spec, known.values.len());
        assert_eq!(
            values, known.values,
            "{} against {}",
            known.spec, known.source
        );
        let game = parse_heap_spec(known.spec).unwrap();
        assert_eq!(
            solver_values(game, known.values.len() as u64),
            known.values,
            "generic solver on {} against {}",
            known.spec,
            known.source
        );
    }
}

#[test]
fn every_family_agrees_with_the_generic_solver() {
    for spec in [
        "nim",
        "kayles",
        "dawsons-kayles",
        "dawsons-chess",
        "grundy",
        "officers",
        "treblecross",
        "guiles",
        "sub:1,3,4",
        "sub:2,3,7",
        "sub:1..5,9",
        "allbut:1,2",
        "allbut:2,5,6",
        "allbut:",
        "equal-split",
        "divisor",
        "0.[3]",
        "0.3003330[3]",
        "4.07",
        "0.8F",
        "0.[7]",
        "0.{2+}",
        "0.F",
        "0.{3}",
        "0.7!7?",
        "0.6=",
        "0.&24;",
        "4?.0",
        "0.[6]",
        "0.1{1,3+}",
    ] {
        let n: u64 =
            if spec.contains('{') || spec.contains('F') || spec.contains('8') || spec.contains('&')
            {
                70
            } else {
                301
            };
        let game = parse_heap_spec(spec).unwrap();
        let expected = solver_values(game.clone(), n);
        let actual = game.nim_sequence(n as usize).unwrap().to_vec();
        assert_eq!(actual, expected, "{spec}");
    }
}

fn omega(mut n: u64) -> u64 {
    let mut count = 0;
    let mut p = 2;
    while p * p <= n {
        while n.is_multiple_of(p) {
            n /= p;
            count += 1;
        }
        p += 1;
    }
    count + u64::from(n > 1)
}

#[test]
fn closed_forms_of_the_splitting_games() {
    let n = 100_000;
    let divisor = dense("divisor", n);
    let equal_split = dense("equal-split", n);
    for h in 1..n as u64 {
        assert_eq!(divisor[h as usize], omega(h), "divisor at {h}");
        let expected = if h % 2 == 1 {
            omega(h)
        } else {
            1 + omega(h >> h.trailing_zeros())
        };
        assert_eq!(equal_split[h as usize], expected, "equal-split at {h}");
    }
}

#[test]
fn subtraction_2_3_7_has_period_5() {
    let values = dense("sub:2,3,7", 200);
    for n in 0..195 {
        assert_eq!(values[n], values[n + 5]);
    }
    assert_eq!(&values[..5], &[0, 0, 1, 1, 2]);
}

/// A digit as the naive evaluator sees it: the number of heaps a move may
/// leave, bit by bit, and a modifier character.
#[derive(Clone, Debug)]
struct NaiveDigit {
    value: u64,
    modifier: char,
}

/// Compositions of `m` into `k` positive ordered parts.
fn compositions(m: u64, k: u64) -> Vec<Vec<u64>> {
    if k == 0 {
        return if m == 0 { vec![vec![]] } else { vec![] };
    }
    let mut all = Vec::new();
    for first in 1..=m {
        for mut rest in compositions(m - first, k - 1) {
            rest.insert(0, first);
            all.push(rest);
        }
    }
    all
}

/// G(0..n) by the definition, nothing shared with the library: every
/// ordered composition, modifiers checked pair by pair.
fn naive_code_values(digits: &[NaiveDigit], n: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for heap in 0..n {
        let mut seen = HashSet::new();
        for (j, d) in digits.iter().enumerate() {
            let j = j as u64;
            if j > heap {
                break;
            }
            let m = heap - j;
            for k in 0..8u64 {
                if d.value >> k & 1 == 0 {
                    continue;
                }
                if j == 0 && k <= 1 {
                    continue;
                }
                for parts in compositions(m, k) {
                    let ok = match d.modifier {
                        '!' => parts
                            .iter()
                            .enumerate()
                            .all(|(i, a)| parts[i + 1..].iter().all(|b| a != b)),
                        '?' => k < 2 || parts.iter().any(|&p| p != parts[0]),
                        '=' => parts.iter().all(|&p| p == parts[0]),
                        _ => true,
                    };
                    if ok {
                        seen.insert(parts.iter().fold(0, |acc, &p| acc ^ g[p as usize]));
                    }
                }
            }
        }
        let mut mex = 0;
        while seen.contains(&mex) {
            mex += 1;
        }
        g.push(mex);
    }
    g
}

fn code_string(digits: &[NaiveDigit]) -> String {
    let mut s = String::new();
    for (i, d) in digits.iter().enumerate() {
        s.push(
            char::from_digit(d.value as u32, 32)
                .unwrap()
                .to_ascii_uppercase(),
        );
        if d.modifier != ' ' {
            s.push(d.modifier);
        }
        if i == 0 {
            s.push('.');
        }
    }
    s
}

fn digit_strategy(max: u64) -> impl Strategy<Value = NaiveDigit> {
    (
        0..=max,
        prop_oneof![Just(' '), Just(' '), Just('!'), Just('?'), Just('=')],
    )
        .prop_map(|(value, modifier)| NaiveDigit { value, modifier })
}

fn code_strategy(max_digit: u64) -> impl Strategy<Value = Vec<NaiveDigit>> {
    // d0 may only split (bit 2 and up): 0 or 4, or 8/C for hexadecimal codes.
    let d0 = prop_oneof![
        Just(0u64),
        Just(0),
        Just(4),
        Just(if max_digit > 7 { 8 } else { 4 })
    ];
    (
        d0,
        digit_strategy(max_digit),
        proptest::collection::vec(digit_strategy(max_digit), 1..5),
    )
        .prop_map(|(d0, d0_modifier, rest)| {
            let mut digits = vec![NaiveDigit {
                value: d0,
                modifier: d0_modifier.modifier,
            }];
            digits.extend(rest);
            digits
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn random_octal_codes_match_the_naive_evaluator(digits in code_strategy(7)) {
        let code = code_string(&digits);
        let values = dense(&code, 40);
        prop_assert_eq!(values, naive_code_values(&digits, 40), "{}", code);
    }

    #[test]
    fn random_hexadecimal_codes_match_the_naive_evaluator(digits in code_strategy(15)) {
        let code = code_string(&digits);
        let values = dense(&code, 24);
        prop_assert_eq!(values, naive_code_values(&digits, 24), "{}", code);
    }
}

#[test]
fn divisor_theorems_match_the_dense_kernels() {
    // The closed forms (Ω(n) for divisor; Ω(odd part) + [n even] for
    // equal-split) against the kernels, which take the mex over options.
    use grundy::heap::HeapGame;
    for game in [
        HeapGame::new(grundy::heap::split::Divisor),
        HeapGame::new(grundy::heap::split::EqualSplit),
    ] {
        let values = game.nim_sequence(20_000).unwrap();
        for n in 0..20_000u64 {
            assert_eq!(
                game.closed_form_value(n),
                Some(values.get(n as usize)),
                "{game:?} at {n}"
            );
        }
    }
}

/// The values of an unmodified hexadecimal code (digit j: bit k lets a
/// move take j tokens and leave k heaps, k <= 3) by the plain XOR-set
/// loop: each set a `Vec<bool>` filled value by value, each three-heap set
/// the union over the first part of its value XOR the two-heap set of the
/// rest. No words, no grouping by shift: the cubic reference of the
/// engine's word-at-a-time tables.
fn plain_xor_set_values(digits: &[u64], n: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    // two[m], three[m]: the values of m split into exactly 2 / 3 heaps.
    let mut two: Vec<Vec<bool>> = Vec::new();
    let mut three: Vec<Vec<bool>> = Vec::new();
    let mark = |set: &mut Vec<bool>, v: u64| {
        if set.len() <= v as usize {
            set.resize(v as usize + 1, false);
        }
        set[v as usize] = true;
    };
    for heap in 0..n {
        // The sets of `heap` tokens need only smaller heaps' values.
        let mut pairs = Vec::new();
        for a in 1..heap {
            mark(&mut pairs, g[a] ^ g[heap - a]);
        }
        let mut triples = Vec::new();
        for a in 1..heap {
            for (v, &on) in two[heap - a].iter().enumerate() {
                if on {
                    mark(&mut triples, g[a] ^ v as u64);
                }
            }
        }
        two.push(pairs);
        three.push(triples);
        let mut seen = Vec::new();
        for (j, &d) in digits.iter().enumerate() {
            if j > heap {
                break;
            }
            let m = heap - j;
            if d & 1 != 0 && m == 0 {
                mark(&mut seen, 0);
            }
            if d & 2 != 0 && m >= 1 && j > 0 {
                mark(&mut seen, g[m]);
            }
            for (bit, sets) in [(4, &two), (8, &three)] {
                if d & bit != 0 {
                    for (v, &on) in sets[m].iter().enumerate() {
                        if on {
                            mark(&mut seen, v as u64);
                        }
                    }
                }
            }
        }
        g.push(seen.iter().position(|&on| !on).unwrap_or(seen.len()) as u64);
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Codes whose moves leave three heaps (a digit of 8 or more), to 400
    /// heaps: the engine's word-at-a-time XOR-set tables against the plain
    /// loop above.
    #[test]
    fn three_heap_tables_match_the_plain_xor_set_loop(
        rest in proptest::collection::vec(0u64..16, 1..4),
        place in 0usize..4,
        big in 8u64..16,
    ) {
        let mut digits = vec![0u64];
        digits.extend(rest);
        let place = 1 + place % (digits.len() - 1);
        digits[place] = big;
        let code: String = std::iter::once("0.".to_owned())
            .chain(digits[1..].iter().map(|d| format!("{d:X}")))
            .collect();
        let want = plain_xor_set_values(&digits, 400);
        prop_assert_eq!(dense(&code, 400), want, "{}", code);
    }
}

/// 0.8 (take one token, leave three heaps) has G(n) = floor((n - 1) / 3)
/// for n >= 1, by induction: three heaps of n - 1 tokens in all have
/// values summing to at most (n - 4) / 3 < q = floor((n - 1) / 3), so no
/// option is worth q (an XOR is at most the sum); and each v < q is the
/// value of (a, b, b) with a in {3v + 1, 3v + 2} of the parity of n - 1
/// (G(a) = v, the equal heaps cancel). Checked far enough that the tables
/// are many words wide; and 0.C against the plain loop as far.
#[test]
fn arithmetic_sequences_of_hexadecimal_codes_hold_far_out() {
    let v = dense_all("0.8", 3000);
    for (n, &g) in v.iter().enumerate().skip(1) {
        assert_eq!(g, (n as u64 - 1) / 3, "0.8 at {n}");
    }
    assert_eq!(dense_all("0.C", 3000), plain_xor_set_values(&[0, 12], 3000));
}
