//! Coin-turning games against a brute force written here from the rules'
//! definitions (every subset of coins tested against the code's words,
//! rows solved as bit masks, in normal and misère play), against the
//! generic solver on whole rows, and against published values:
//! - Mock Turtles: the odious numbers (Winning Ways ch. 14; OEIS A000069);
//! - Ruler: the largest power of 2 dividing n (Winning Ways ch. 14; OEIS A006519);
//! - Turning Turtles n, Twins n − 1 (places from 1), Motley 2^(n−1);
//! - Grunt is Grundy's game one place on (Winning Ways ch. 14; OEIS A002188);
//! - Moebius: the values of the first 18 places (Winning Ways ch. 14).

mod common;

use common::coins::{moves_of, rules};

use grundy::spec::{parse_spec, Game, SpecError};
use grundy::sum_evaluator::eval_report;
use grundy::turning::{parse_row, CoinRow, CoinRows, Turning, TurningCode, NAMED_TURNING};
use grundy::{HeapGame, Nimber, Ruleset, Solver};

/// Normal-play values and misère outcomes (`true`: the player to move
/// wins) of every row of `places` coins, place p being bit p - 1.
fn brute_force(code: &str, places: u32) -> (Vec<u64>, Vec<bool>) {
    let rules = rules(code);
    let moves: Vec<Vec<u32>> = (1..=places).map(|n| moves_of(&rules, n)).collect();
    let size = 1usize << places;
    let mut value = vec![0u64; size];
    let mut misere_wins = vec![false; size];
    for row in 0..size {
        let mut seen = Vec::new();
        let mut any_move = false;
        let mut to_misere_loss = false;
        for n in 1..=places {
            if row >> (n - 1) & 1 == 0 {
                continue;
            }
            for &others in &moves[n as usize - 1] {
                let next = (row ^ (1 << (n - 1)) ^ others as usize) & (size - 1);
                any_move = true;
                seen.push(value[next]);
                to_misere_loss |= !misere_wins[next];
            }
        }
        value[row] = (0..).find(|v| !seen.contains(v)).unwrap();
        // No move: the opponent moved last and loses.
        misere_wins[row] = !any_move || to_misere_loss;
    }
    (value, misere_wins)
}

fn game(code: &str) -> (Turning, HeapGame) {
    let turning = Turning::new(TurningCode::parse(code).unwrap());
    (turning.clone(), HeapGame::new(turning))
}

fn row_of(mask: usize) -> CoinRow {
    CoinRow::new(
        (0..32)
            .filter(|p| mask >> p & 1 == 1)
            .map(|p| p + 1)
            .collect(),
    )
}

/// Codes beyond the named games: every modifier, mixed lists.
const MORE_CODES: &[&str] = &[
    "1", "2-3", "2+", "1-4C", "2C", "3C", "2E", "1-4E", "2+E", "2S", "3S", "1-4S", "1-3F", "2-3F",
    "2+F", "3FE", "2FC", "1-3C(4)", "2-4C(3)", "1+C(3)", "2C(2)", "1,4C", "2-3,6C", "1-2,4E",
    "3S,2F", "1+FC(4)",
];

fn every_code() -> Vec<&'static str> {
    NAMED_TURNING
        .iter()
        .map(|(_, code, _)| *code)
        .chain(MORE_CODES.iter().copied())
        .collect()
}

#[test]
fn single_heads_and_whole_rows_agree_with_the_brute_force() {
    const PLACES: u32 = 10;
    for code in every_code() {
        let (turning, heap) = game(code);
        let (values, _) = brute_force(code, PLACES);
        let sequence = heap.nim_sequence(PLACES as usize + 1).unwrap();
        for n in 1..=PLACES {
            assert_eq!(
                sequence.get(n as usize),
                values[1 << (n - 1)],
                "{code}: G({n})"
            );
        }
        // The XOR rule on every row, and the solver on whole rows.
        let by_xor = CoinRows::with_values(turning.clone(), sequence);
        let by_search = CoinRows::by_search(turning);
        let mut searched = Solver::new(&by_search);
        for (mask, &expected) in values.iter().enumerate() {
            let row = row_of(mask);
            assert_eq!(
                by_xor.known_value(&row),
                Some(Nimber::new(expected)),
                "{code} {mask:b}"
            );
            assert_eq!(
                searched.value(&row).unwrap().value(),
                expected,
                "{code} {mask:b}"
            );
        }
    }
}

#[test]
fn the_kernel_agrees_with_the_heap_representation_further() {
    // Beyond the brute force: the kernel (XOR sets, prefix XORs) against
    // the generic solver on the explicit heap options.
    for code in every_code() {
        let (turning, heap) = game(code);
        // As far as 40 places, while the solver lists few enough moves.
        let places = (11..=40)
            .take_while(|&n| turning.code().move_count(n) <= 20_000)
            .last()
            .unwrap_or(10);
        let sequence = heap.nim_sequence(places as usize + 1).unwrap();
        let rules = grundy::HeapRuleset::new(heap.clone());
        let mut solver = Solver::new(&rules);
        for n in 0..=places {
            assert_eq!(
                solver.value(&n).unwrap().value(),
                sequence.get(n as usize),
                "{code}: {n}"
            );
        }
    }
}

#[test]
fn published_values() {
    let values = |name: &str, count: usize| -> Vec<u64> {
        let Ok(Game::Heap(game)) = parse_spec(name) else {
            panic!("{name}")
        };
        let sequence = game.nim_sequence(count).unwrap();
        (0..count).map(|n| sequence.get(n)).collect()
    };
    let odious: Vec<u64> = (0u64..)
        .filter(|m| m.count_ones() % 2 == 1)
        .take(3000)
        .collect();
    let mock = values("mock-turtles", 3001);
    assert_eq!(mock[0], 0);
    assert_eq!(&mock[1..], &odious[..]);
    let ruler = values("ruler", 3001);
    for n in 1..=3000u64 {
        assert_eq!(ruler[n as usize], 1 << n.trailing_zeros(), "ruler {n}");
    }
    let triplets = values("triplets", 3001);
    assert_eq!(&triplets[3..], &mock[1..2999]);
    assert_eq!(
        values("turning-turtles", 500),
        (0..500).collect::<Vec<u64>>()
    );
    assert_eq!(
        &values("twins", 500)[1..],
        &(0..499).collect::<Vec<u64>>()[..]
    );
    assert_eq!(
        &values("motley", 20)[1..],
        &(0..19).map(|k| 1u64 << k).collect::<Vec<_>>()[..]
    );
    let grunt = values("grunt", common::GRUNDYS_GAME.len() + 1);
    assert_eq!(&grunt[1..], common::GRUNDYS_GAME);
    assert_eq!(
        &values("moebius", 19)[1..],
        &[1, 2, 4, 8, 16, 31, 32, 64, 103, 128, 171, 213, 256, 301, 342, 439, 475, 494]
    );
}

#[test]
fn closed_forms_agree_with_the_engine() {
    for (name, _, _) in NAMED_TURNING {
        let Ok(Game::Heap(game)) = parse_spec(name) else {
            panic!("{name}")
        };
        if game.closed_form_value(1).is_none() {
            continue;
        }
        let count = if *name == "motley" { 20 } else { 2000 };
        let sequence = game.nim_sequence(count).unwrap();
        for n in 0..count {
            assert_eq!(
                game.closed_form_value(n as u64),
                Some(sequence.get(n)),
                "{name} {n}"
            );
        }
    }
}

#[test]
fn winning_moves_are_exactly_the_moves_to_p_rows() {
    const PLACES: u32 = 8;
    for code in ["1-3", "1+C", "3E", "4FS", "1+S", "1-3C(5)", "2-3,6C"] {
        let (turning, heap) = game(code);
        let (values, _) = brute_force(code, PLACES);
        let rows = CoinRows::with_values(turning, heap.nim_sequence(PLACES as usize + 1).unwrap());
        let rules = rules(code);
        for mask in 0..1usize << PLACES {
            let row = row_of(mask);
            let report = eval_report(
                &rows,
                code,
                std::slice::from_ref(&row),
                &grundy::sum_evaluator::SearchSettings::default(),
            )
            .unwrap();
            assert_eq!(report.value, values[mask]);
            let mut listed: Vec<Vec<u64>> = report
                .winning_moves
                .iter()
                .map(|m| {
                    serde_json::from_value::<Vec<Vec<u64>>>(serde_json::Value::Array(m.to.clone()))
                        .unwrap()
                        .pop()
                        .unwrap_or_default()
                })
                .collect();
            listed.sort();
            let mut expected = Vec::new();
            for n in 1..=PLACES {
                if mask >> (n - 1) & 1 == 1 {
                    for others in moves_of(&rules, n) {
                        let next = mask ^ (1 << (n - 1)) ^ others as usize;
                        if values[next] == 0 {
                            expected.push(row_of(next).heads().to_vec());
                        }
                    }
                }
            }
            expected.sort();
            expected.dedup();
            assert_eq!(listed, expected, "{code} {mask:b}");
        }
    }
}

#[test]
fn misere_outcomes_of_rows_agree_with_the_brute_force() {
    const PLACES: u32 = 8;
    for code in ["1-3", "1+C", "2", "3E", "4FS", "1-3C(5)"] {
        let (turning, _) = game(code);
        let (_, misere_wins) = brute_force(code, PLACES);
        let rows = CoinRows::by_search(turning);
        let mut search = grundy::misere::MisereSearch::new(&rows);
        for (mask, &wins) in misere_wins.iter().enumerate() {
            let row = row_of(mask);
            let components: Vec<CoinRow> = if mask == 0 { vec![] } else { vec![row] };
            let value = search.misere_value(&components, &[]).unwrap();
            assert_eq!(value != 0, wins, "{code} {mask:b}");
        }
    }
}

#[test]
fn misere_on_the_heap_representation_is_refused() {
    let Ok(Game::Heap(game)) = parse_spec("mock-turtles") else {
        panic!()
    };
    let error = grundy::heap::misere::heap_misere_values(&game, 5, &mut |_| Ok(())).unwrap_err();
    assert!(error.to_string().contains("eval --misere"), "{error}");
}

#[test]
fn rows_are_read_both_ways() {
    assert_eq!(parse_row("THHTH").unwrap().heads(), &[2, 3, 5]);
    assert_eq!(parse_row("2,3,5").unwrap().heads(), &[2, 3, 5]);
    assert_eq!(parse_row("{5, 3 ,2}").unwrap().heads(), &[2, 3, 5]);
    assert_eq!(parse_row("t.h").unwrap().heads(), &[3]);
    assert!(parse_row("{}").unwrap().heads().is_empty());
    for bad in ["THXH", "0", "2,x", "2^40"] {
        assert!(parse_row(bad).is_err(), "{bad}");
    }
}

#[test]
fn specs_name_codes_and_games() {
    assert!(matches!(parse_spec("turning:1-3"), Ok(Game::Heap(_))));
    assert!(matches!(parse_spec("Mock-Turtles"), Ok(Game::Heap(_))));
    match parse_spec("turning:1-3Q") {
        Err(SpecError::TurningCode(e)) => {
            assert_eq!(e.column, 3);
            assert!(e.to_string().contains("^"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    // Beyond the move limit: an error, not a hang.
    let Ok(Game::Heap(motley)) = parse_spec("motley") else {
        panic!()
    };
    assert!(motley.options(40, &mut grundy::Options::new()).is_err());
}

#[test]
fn the_move_limit_counts_only_the_moves_listed() {
    // 1-9 has C(39, 8) > 2^24 moves at place 40, but its options come
    // from XOR sets; only the 3E moves are listed. The explicit options
    // (every move listed) are refused there.
    let (turning, heap) = game("1-9,3E");
    assert!(turning.code().move_count(40) > grundy::turning::MAX_MOVES_PER_COIN);
    let values = heap.nim_sequence(41).unwrap();
    let (_, plain) = game("1-9");
    let (_, spaced) = game("3E");
    // The first places agree with the brute force.
    let (brute, _) = brute_force("1-9,3E", 10);
    for n in 1..=10u32 {
        assert_eq!(values.get(n as usize), brute[1 << (n - 1)], "G({n})");
    }
    assert_eq!(values.len(), 41);
    assert!(plain.options(40, &mut grundy::Options::new()).is_err());
    assert!(spaced.options(40, &mut grundy::Options::new()).is_ok());
}

/// Issue 52: a row of 200 heads of triplets has 1.3 million moves, each a
/// row of about 200 heads. Listing them all took 4 GB and aborted the
/// process; the winning moves are now found among the moves without
/// building the others (each checked to reach a P-position here), and a
/// full list past the memory bound is refused with its size.
#[test]
fn rows_of_many_heads_list_their_winning_moves_in_bounded_memory() {
    let (turning, heap) = game("3");
    let row = parse_row(&"H".repeat(200)).unwrap();
    let rows = CoinRows::with_values(turning, heap.nim_sequence(201).unwrap());
    let mut all = grundy::Options::new();
    let refused = rows.options(&row, &mut all).unwrap_err();
    assert!(
        matches!(refused, grundy::GameError::Limit { .. })
            && refused.to_string().contains("200 heads"),
        "{refused}"
    );
    let report = eval_report(
        &rows,
        "triplets",
        std::slice::from_ref(&row),
        &grundy::sum_evaluator::SearchSettings::default(),
    )
    .unwrap();
    let value = rows.known_value(&row).unwrap();
    assert!(!value.is_zero());
    assert!(!report.winning_moves.is_empty());
    for m in &report.winning_moves {
        let heads = serde_json::from_value::<Vec<Vec<u64>>>(serde_json::Value::Array(m.to.clone()))
            .unwrap()
            .pop()
            .unwrap_or_default();
        // A row left: its heads' values XOR to 0.
        assert!(
            rows.known_value(&CoinRow::new(heads)).unwrap().is_zero(),
            "{m:?}"
        );
    }
}
