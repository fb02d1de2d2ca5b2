//! The sparse-space engine against the dense engine: named games to 2^16
//! values, random two-heap codes under random masks (the answer must not
//! depend on the mask), and Grundy's game against a naive evaluator.

mod common;

use grundy::heap::HeapGame;
use grundy::sequence::EngineChoice;
use grundy::spec::parse_heap_spec;
use proptest::prelude::*;

fn values(game: &HeapGame, choice: EngineChoice, n: usize) -> Vec<u64> {
    let mut engine = game.engine(choice).unwrap();
    engine.extend_to(n).unwrap();
    engine.values().to_vec()
}

#[test]
fn sparse_equals_dense_on_named_games() {
    for spec in ["officers", "grundy", "kayles", "0.16"] {
        let game = parse_heap_spec(spec).unwrap();
        let dense = values(&game, EngineChoice::Dense, 1 << 16);
        let sparse = values(&game, EngineChoice::Sparse { mask: None }, 1 << 16);
        assert!(
            dense == sparse,
            "{spec}: first difference at {:?}",
            dense.iter().zip(&sparse).position(|(a, b)| a != b)
        );
    }
}

#[test]
fn officers_matches_oeis() {
    let game = parse_heap_spec("officers").unwrap();
    let sparse = values(
        &game,
        EngineChoice::Sparse { mask: None },
        common::OFFICERS.len(),
    );
    assert_eq!(sparse, common::OFFICERS);
}

/// Grundy's game by its definition: split a heap into two unequal heaps.
fn naive_grundy(n: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(n);
    let mut seen = Vec::new();
    for heap in 0..n {
        seen.clear();
        seen.resize(heap + 2, false);
        for a in 1..heap {
            let b = heap - a;
            if a < b {
                let v = (g[a] ^ g[b]) as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64);
    }
    g
}

#[test]
fn grundys_game_to_2_16_against_a_naive_evaluator() {
    let game = parse_heap_spec("grundy").unwrap();
    let sparse = values(&game, EngineChoice::Auto, 1 << 16);
    assert_eq!(&sparse[..common::GRUNDYS_GAME.len()], common::GRUNDYS_GAME);
    assert!(sparse == naive_grundy(1 << 16));
}

#[test]
fn sparse_refuses_what_it_cannot_run() {
    for spec in ["0.8F", "0.[3]", "sub:1,2", "0.{2+}"] {
        let game = parse_heap_spec(spec).unwrap();
        assert!(
            game.engine(EngineChoice::Sparse { mask: None }).is_err(),
            "{spec}"
        );
    }
}

fn two_heap_code() -> impl Strategy<Value = String> {
    let digit = (
        0u32..8,
        prop_oneof![Just(""), Just(""), Just("!"), Just("?"), Just("=")],
    );
    (
        prop_oneof![Just("0"), Just("4"), Just("4!")],
        proptest::collection::vec(digit, 1..5),
    )
        .prop_map(|(d0, rest)| {
            let mut code = format!("{d0}.");
            for (d, m) in rest {
                code.push_str(&d.to_string());
                if d >= 4 {
                    code.push_str(m);
                }
            }
            code
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn random_two_heap_codes_agree_under_any_mask(code in two_heap_code(), mask in 0u64..64) {
        let game = parse_heap_spec(&code).unwrap();
        let dense = values(&game, EngineChoice::Dense, 5000);
        let forced = values(&game, EngineChoice::Sparse { mask: Some(mask) }, 5000);
        prop_assert_eq!(&dense, &forced, "{} with mask {}", code, mask);
        let auto = values(&game, EngineChoice::Auto, 5000);
        prop_assert_eq!(&dense, &auto, "{} automatic", code);
    }
}

/// The long form of the test above: 100 random two-heap codes, 2^16 values
/// each (about 40 s in release on two cores; it runs with the suite).
#[test]
fn hundred_random_two_heap_codes_to_2_16() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new(Config::default());
    for _ in 0..100 {
        let code = two_heap_code().new_tree(&mut runner).unwrap().current();
        let game = parse_heap_spec(&code).unwrap();
        let dense = values(&game, EngineChoice::Dense, 1 << 16);
        let sparse = values(&game, EngineChoice::Sparse { mask: None }, 1 << 16);
        assert!(dense == sparse, "{code}");
    }
}
