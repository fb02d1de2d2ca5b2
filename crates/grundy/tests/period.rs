//! Periodicity: published periods and exceptions, proofs only where a
//! theorem applies, random constructed sequences, and huge-n values.

use grundy::heap::HeapGame;
use grundy::period::{detect, exceptions, value_from_period, Periodicity};
use grundy::spec::parse_heap_spec;
use proptest::prelude::*;

fn game(spec: &str) -> HeapGame {
    parse_heap_spec(spec).unwrap()
}

fn proved_period(spec: &str) -> (Periodicity, usize) {
    let (report, values) = game(spec).find_period(1024, 1 << 20).unwrap();
    assert!(report.proved, "{spec}: {}", report.reason);
    (report.periodicity.unwrap(), values.len())
}

#[test]
fn published_periods_are_proved() {
    let cases = [
        ("kayles", 12, 71),        // OEIS A002186
        ("dawsons-chess", 34, 52), // OEIS A002187
        ("0.137", 34, 52),
        ("dawsons-kayles", 34, 53), // A002187 shifted by one
        ("sub:2,3,7", 5, 0),
        // OEIS A071464: period 4, last exception at 46577 (Gangolli & Plambeck 1989).
        ("0.127", 4, 46578),
        // OEIS A125829 (.115): period 14, the only exception at n = 0.
        ("0.115", 14, 1),
        // OEIS A071453 (.117): period 48, exceptions up to n = 46.
        ("0.117", 48, 47),
        // OEIS A125912 (.141): period 11, last exception at n = 13.
        ("0.141", 11, 14),
        // OEIS A071435 (.177): period 20, last exception at n = 496.
        ("0.177", 20, 497),
        ("sub:1,3,4", 7, 0),
    ];
    for (spec, period, preperiod) in cases {
        let (found, _) = proved_period(spec);
        assert_eq!(
            (found.period, found.preperiod, found.saltus),
            (period, preperiod, 0),
            "{spec}"
        );
    }
}

#[test]
fn exceptions_match_the_published_lists() {
    // OEIS A002186: "The only exceptions are n=0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57 and 70."
    let (report, values) = game("kayles").find_period(1024, 1 << 16).unwrap();
    assert_eq!(
        exceptions(&values, &report.periodicity.unwrap()),
        vec![0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]
    );
    // OEIS A002187: "the only exceptions at n=0, 14, 16, 17, 31, 34 and 51."
    let (report, values) = game("dawsons-chess").find_period(1024, 1 << 16).unwrap();
    assert_eq!(
        exceptions(&values, &report.periodicity.unwrap()),
        vec![0, 14, 16, 17, 31, 34, 51]
    );
}

#[test]
fn grundys_game_claims_nothing() {
    let (report, values) = game("grundy").find_period(1024, 1 << 16).unwrap();
    assert_eq!(values.len(), 1 << 16);
    assert!(!report.proved);
    assert_eq!(report.periodicity, None, "{}", report.reason);
}

#[test]
fn modified_and_infinite_games_are_only_observed() {
    // 4?.0 behaves like Grundy's game, but the theorem does not cover `?`.
    for spec in ["allbut:1,2", "0.[37]", "0.7!7"] {
        let (report, _) = game(spec).find_period(1024, 1 << 12).unwrap();
        assert!(!report.proved, "{spec}: {}", report.reason);
        assert!(
            report.reason.contains("observed") || report.reason.contains("no period"),
            "{spec}: {}",
            report.reason
        );
    }
    // All-but games are arithmetic-periodic: a saltus is found.
    let (report, _) = game("allbut:1,2").find_period(1024, 1 << 12).unwrap();
    assert_ne!(report.periodicity.unwrap().saltus, 0);
    // Nim is the one closed form known for every n.
    let (report, _) = game("nim").find_period(16, 16).unwrap();
    assert!(report.proved);
    assert_eq!(
        report.periodicity,
        Some(Periodicity {
            preperiod: 0,
            period: 1,
            saltus: 1
        })
    );
}

#[test]
fn values_from_a_proved_period_agree_with_direct_computation() {
    for spec in [
        "kayles",
        "dawsons-chess",
        "0.07",
        "sub:2,3,7",
        "guiles",
        "officers",
    ] {
        let (report, values) = game(spec).find_period(256, 1 << 14).unwrap();
        if !report.proved {
            continue;
        }
        let found = report.periodicity.unwrap();
        let mut engine = game(spec)
            .engine_computing_all(grundy::sequence::EngineChoice::Auto)
            .unwrap();
        engine.extend_to(20_000).unwrap();
        let direct = engine.into_values();
        // Only the stretch of values beyond those computed for the proof
        // tests the extrapolation.
        let short = values
            .iter()
            .take(values.len().min(found.preperiod + found.period))
            .collect::<Vec<_>>();
        let mut truncated = grundy::sequence::NimSequence::new();
        for v in short {
            truncated.push(v).unwrap();
        }
        for n in (0..20_000u64).step_by(7) {
            assert_eq!(
                value_from_period(&truncated, &found, n).unwrap(),
                direct.get(n as usize),
                "{spec} at {n}"
            );
        }
    }
}

/// The engines fill a long sequence from a proved period (issue 26 item
/// 4): the filled values equal those the engine computes one by one, the
/// kernel says from where it filled and by which theorem, and games no
/// theorem covers are never filled. Both engines (dense and sparse) and a
/// subtraction game; 0.127's period (OEIS A071464) is proved only after
/// 93,000 values, so its fill starts at 2^17.
#[test]
fn filled_values_equal_computed_ones() {
    use grundy::sequence::EngineChoice;
    let cases: [(&str, EngineChoice, Option<usize>, usize); 8] = [
        ("kayles", EngineChoice::Auto, Some(1024), 30_000),
        ("0.137", EngineChoice::Dense, Some(1024), 30_000),
        (
            "0.07",
            EngineChoice::Sparse { mask: None },
            Some(1024),
            30_000,
        ),
        ("sub:2,3,7", EngineChoice::Auto, Some(1024), 30_000),
        ("0.127", EngineChoice::Auto, Some(1 << 17), 200_000),
        ("0.6", EngineChoice::Auto, None, 30_000),
        ("grundy", EngineChoice::Auto, None, 5_000),
        ("allbut:1,2", EngineChoice::Auto, None, 5_000),
    ];
    for (spec, choice, filled_from, count) in cases {
        let mut filled = game(spec).engine(choice).unwrap();
        // In uneven steps, as the faces extend it.
        let mut n = 0;
        while n < count {
            n = (n * 3 / 2 + 77).min(count);
            filled.extend_to(n).unwrap();
        }
        let mut computed = game(spec).engine_computing_all(choice).unwrap();
        computed.extend_to(count).unwrap();
        assert!(computed.kernel().period_fill().is_none());
        let fill = filled.kernel().period_fill();
        assert_eq!(fill.map(|f| f.filled_from), filled_from, "{spec}");
        if let Some(fill) = fill {
            assert!(fill.reason.contains("theorem") || fill.reason.contains("subtraction"));
        }
        let (filled, computed) = (filled.into_values(), computed.into_values());
        assert_eq!(filled.len(), count);
        if let Some(k) = (0..count).find(|&k| filled.get(k) != computed.get(k)) {
            panic!(
                "{spec}: G({k}) filled {} but computed {}",
                filled.get(k),
                computed.get(k)
            );
        }
    }
}

/// A resumed engine (a run read back from its checkpoint) fills from the
/// period at once, with the values an uninterrupted run gives.
#[test]
fn a_resumed_engine_fills_as_an_uninterrupted_one() {
    use grundy::sequence::dense::DenseEngine;
    use grundy::sequence::EngineChoice;
    let whole = game("0.137").nim_sequence(50_000).unwrap();
    let mut first = game("0.137").engine(EngineChoice::Auto).unwrap();
    first.extend_to(3_000).unwrap();
    let kernel = game("0.137").kernel_for(EngineChoice::Auto).unwrap();
    let mut resumed = DenseEngine::resume(kernel, first.into_values());
    assert!(resumed.kernel().period_fill().is_some());
    resumed.extend_to(50_000).unwrap();
    assert_eq!(resumed.into_values(), whole);
}

#[test]
fn huge_n_from_the_period() {
    let (report, values) = game("kayles").find_period(1024, 1 << 16).unwrap();
    let found = report.periodicity.unwrap();
    let n = 1_000_000_000_000_000_000u64;
    let expected = values.get(71 + ((n - 71) % 12) as usize);
    assert_eq!(value_from_period(&values, &found, n).unwrap(), expected);
    assert!(value_from_period(&values, &found, u64::MAX).is_ok());
}

/// A sequence with exactly the given least preperiod, period and saltus.
fn constructed(
    pre: Vec<i64>,
    block: Vec<i64>,
    saltus: i64,
    len: usize,
) -> Option<(Vec<i64>, Periodicity)> {
    let p = block.len();
    // The block must be primitive: no smaller period for the same saltus.
    for q in 1..p {
        if p.is_multiple_of(q) {
            let s_q = saltus / (p / q) as i64;
            if s_q * (p / q) as i64 == saltus
                && (0..p).all(|i| {
                    let j = i + q;
                    let (wrapped, extra) = if j >= p { (j - p, saltus) } else { (j, 0) };
                    block[wrapped] + extra == block[i] + s_q
                })
            {
                return None;
            }
        }
    }
    let e = pre.len();
    let mut values = pre;
    for i in 0..len - e {
        values.push(block[i % p] + saltus * (i / p) as i64);
    }
    // The last preperiod value must break the pattern, or e is smaller.
    if e > 0 {
        let continued = values[e - 1 + p] - saltus;
        if values[e - 1] == continued {
            values[e - 1] = continued + 1;
        }
    }
    Some((
        values,
        Periodicity {
            preperiod: e,
            period: p,
            saltus,
        },
    ))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn constructed_sequences_are_recognised(
        pre in proptest::collection::vec(0i64..20, 0..60),
        block in proptest::collection::vec(0i64..20, 1..40),
        saltus in prop_oneof![Just(0i64), Just(0), 1i64..5],
        extra in 0usize..100,
    ) {
        let len = 2 * pre.len() + 2 * block.len() + extra + 2;
        if let Some((values, expected)) = constructed(pre, block, saltus, len) {
            prop_assert_eq!(detect(&values), Some(expected));
        }
    }
}

/// Flammenkamp, "Sprague-Grundy Values of Grundy's Game" (table of the
/// known sparse values): every rare position below 232 with its value.
const GRUNDY_RARE: &[(usize, u64)] = &[
    (0, 0),
    (1, 0),
    (2, 0),
    (3, 1),
    (4, 0),
    (6, 1),
    (7, 0),
    (9, 1),
    (10, 0),
    (12, 1),
    (15, 1),
    (20, 0),
    (23, 0),
    (26, 0),
    (28, 1),
    (31, 1),
    (34, 1),
    (37, 1),
    (40, 1),
    (43, 1),
    (46, 1),
    (49, 1),
    (50, 0),
    (52, 1),
    (53, 0),
    (55, 1),
    (58, 1),
    (61, 1),
    (87, 7),
    (90, 7),
    (93, 7),
    (146, 6),
    (149, 6),
    (152, 6),
    (158, 11),
    (161, 11),
    (164, 11),
    (167, 11),
    (176, 7),
    (179, 7),
    (181, 12),
    (182, 7),
    (185, 7),
    (188, 7),
    (190, 12),
    (193, 12),
    (196, 10),
    (231, 10),
];

#[test]
fn grundys_game_rare_values_match_flammenkamp() {
    let values = game("grundy").nim_sequence(1 << 14).unwrap();
    let (mask, _) = grundy::rare::best_mask(values.iter()).unwrap();
    // Flammenkamp's mask is every bit but the lowest.
    assert_eq!(mask & !1, mask);
    assert_eq!(mask.count_ones(), 64 - (mask | 1).leading_zeros() - 1);
    let rare: Vec<(usize, u64)> = grundy::rare::rare_positions(values.iter(), mask)
        .into_iter()
        .take_while(|&n| n < 232)
        .map(|n| (n, values.get(n)))
        .collect();
    assert_eq!(rare, GRUNDY_RARE);
}

/// Octal 0.56 (OEIS A071436: "period 144, last exception at n = 326637").
/// Our engines prove period 144 from n = 326640, i.e. the last n with
/// G(n) != G(n + 144) is 326639, two more than the published figure. This
/// test settles which is right independently of the engines: a plain
/// evaluation of the rules (take 1 leaving no heap or two, take 2 leaving
/// one heap or two), written here from the definition, quadratic time.
/// About half a minute in release; it runs with the suite.
#[test]
fn octal_056_last_exception_by_plain_evaluation() {
    const N: usize = 327_000;
    let mut plain = vec![0u16; N];
    let mut seen = [false; 1024];
    for n in 0..N {
        seen.fill(false);
        if n == 1 {
            seen[0] = true;
        }
        if n >= 3 {
            seen[usize::from(plain[n - 2])] = true;
        }
        for taken in [1, 2] {
            let rest = n.saturating_sub(taken);
            for a in (1..).take_while(|&a| 2 * a <= rest) {
                seen[usize::from(plain[a] ^ plain[rest - a])] = true;
            }
        }
        plain[n] = seen.iter().position(|&s| !s).unwrap() as u16;
    }
    let mut engine = game("0.56")
        .engine(grundy::sequence::EngineChoice::Auto)
        .unwrap();
    engine.extend_to(N).unwrap();
    let ours: Vec<u64> = engine.values().iter().collect();
    let plain: Vec<u64> = plain.into_iter().map(u64::from).collect();
    assert_eq!(ours, plain);
    let last = (0..N - 144).rev().find(|&n| plain[n] != plain[n + 144]);
    assert_eq!(last, Some(326_639));
    let (found, _) = proved_period("0.56");
    assert_eq!((found.period, found.preperiod), (144, 326_640));
}
