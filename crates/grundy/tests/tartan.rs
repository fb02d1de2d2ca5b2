//! Tartan products against a brute force of the 2-D game written here:
//! boards of up to 4 x 4 coins as bit masks, every move enumerated from
//! the factors' rules read again from their codes (tests/common/coins.rs)
//! and turned coin by coin, values by the definition. This checks the
//! tartan theorem (*Winning Ways*, ch. 14: a head at (x, y) is worth
//! G_A(x) ⊗ G_B(y)), the table, the search over whole boards and every
//! winning move.

mod common;

use common::coins::{moves_of, rules};
use grundy::spec::{parse_spec, Game};
use grundy::sum_evaluator::eval_report;
use grundy::tartan::{parse_board, Board, TartanBoards};
use grundy::{Nimber, Ruleset, Solver};

/// Values of every board of `rows` x `columns` coins; coin (x, y) is bit
/// (x - 1) * columns + (y - 1).
fn brute_force(a: &str, b: &str, rows: u32, columns: u32) -> Vec<u64> {
    let (rules_a, rules_b) = (rules(a), rules(b));
    let moves_a: Vec<Vec<u32>> = (1..=rows).map(|x| moves_of(&rules_a, x)).collect();
    let moves_b: Vec<Vec<u32>> = (1..=columns).map(|y| moves_of(&rules_b, y)).collect();
    let bit = |x: u32, y: u32| 1usize << ((x - 1) * columns + (y - 1));
    let size = 1usize << (rows * columns);
    let mut value = vec![0u64; size];
    for board in 0..size {
        let mut seen = Vec::new();
        for x in 1..=rows {
            for y in 1..=columns {
                if board & bit(x, y) == 0 {
                    continue;
                }
                for &others_a in &moves_a[x as usize - 1] {
                    for &others_b in &moves_b[y as usize - 1] {
                        let mut next = board;
                        let set_a: Vec<u32> = (1..x)
                            .filter(|r| others_a >> (r - 1) & 1 == 1)
                            .chain([x])
                            .collect();
                        let set_b: Vec<u32> = (1..y)
                            .filter(|c| others_b >> (c - 1) & 1 == 1)
                            .chain([y])
                            .collect();
                        for &r in &set_a {
                            for &c in &set_b {
                                next ^= bit(r, c);
                            }
                        }
                        seen.push(value[next]);
                    }
                }
            }
        }
        value[board] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    value
}

fn board_of(mask: usize, columns: u32) -> Board {
    Board::new(
        (0..32u64)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| (i / u64::from(columns) + 1, i % u64::from(columns) + 1))
            .collect(),
    )
}

fn product(a: &str, b: &str) -> TartanBoards {
    let spec = format!("tartan({a},{b})");
    let Some(Ok(boards)) = <TartanBoards as grundy::spec_form::SpecForm>::from_spec(&spec) else {
        panic!("{spec}")
    };
    boards
}

/// Pairs of factors: names and codes (the brute force reads the codes).
const PRODUCTS: &[(&str, &str, &str, &str)] = &[
    ("twins", "twins", "2", "2"),
    ("ruler", "ruler", "1+C", "1+C"),
    ("mock-turtles", "ruler", "1-3", "1+C"),
    ("turnips", "turning-turtles", "3E", "1-2"),
    ("turning:2-3,6C", "mock-turtles", "2-3,6C", "1-3"),
    ("sym", "turning:1-2F", "1+S", "1-2F"),
];

#[test]
fn the_tartan_theorem_holds_on_every_small_board() {
    for &(a, b, code_a, code_b) in PRODUCTS {
        for (rows, columns) in [(3, 4), (4, 3), (4, 4)] {
            let values = brute_force(code_a, code_b, rows, columns);
            let boards = product(a, b);
            for (mask, &want) in values.iter().enumerate() {
                let board = board_of(mask, columns);
                assert_eq!(
                    boards.known_value(&board),
                    Some(Nimber::new(want)),
                    "tartan({a},{b}) {rows}x{columns} {mask:b}"
                );
            }
            // The table is the lone heads.
            let grid = boards
                .value_grid()
                .unwrap()
                .table(u64::from(rows.max(columns)))
                .unwrap();
            for x in 1..=rows {
                for y in 1..=columns {
                    let lone = 1usize << ((x - 1) * columns + (y - 1));
                    assert_eq!(u64::from(grid.get(x as usize, y as usize)), values[lone]);
                }
            }
        }
    }
}

#[test]
fn the_search_over_whole_boards_agrees() {
    for &(a, b, code_a, code_b) in PRODUCTS {
        let values = brute_force(code_a, code_b, 3, 3);
        let searched = TartanBoards::by_search(grundy::tartan::Tartan::new(factor(a), factor(b)));
        let mut solver = Solver::new(&searched);
        for (mask, &want) in values.iter().enumerate() {
            assert_eq!(
                solver.value(&board_of(mask, 3)).unwrap().value(),
                want,
                "{a} x {b} {mask:b}"
            );
        }
    }
}

fn factor(spec: &str) -> grundy::turning::Turning {
    match <grundy::turning::Turning as grundy::spec_form::SpecForm>::from_spec(spec) {
        Some(Ok(t)) => t,
        _ => panic!("{spec}"),
    }
}

#[test]
fn winning_moves_are_exactly_the_moves_to_zero() {
    for &(a, b, code_a, code_b) in PRODUCTS {
        let (rows, columns) = (3u32, 4u32);
        let values = brute_force(code_a, code_b, rows, columns);
        let boards = product(a, b);
        let (rules_a, rules_b) = (rules(code_a), rules(code_b));
        for mask in (0..values.len()).step_by(7) {
            let board = board_of(mask, columns);
            let report = eval_report(
                &boards,
                "tartan",
                std::slice::from_ref(&board),
                &grundy::sum_evaluator::SearchSettings::default(),
            )
            .unwrap();
            let mut listed: Vec<String> = report
                .winning_moves
                .iter()
                .map(|m| m.to.first().map_or("[]".to_owned(), ToString::to_string))
                .collect();
            listed.sort();
            let mut expected = Vec::new();
            for x in 1..=rows {
                for y in 1..=columns {
                    let bit = |r: u32, c: u32| 1usize << ((r - 1) * columns + (c - 1));
                    if mask & bit(x, y) == 0 {
                        continue;
                    }
                    for oa in moves_of(&rules_a, x) {
                        for ob in moves_of(&rules_b, y) {
                            let mut next = mask;
                            for r in (1..x).filter(|r| oa >> (r - 1) & 1 == 1).chain([x]) {
                                for c in (1..y).filter(|c| ob >> (c - 1) & 1 == 1).chain([y]) {
                                    next ^= bit(r, c);
                                }
                            }
                            if values[next] == 0 {
                                let heads = board_of(next, columns).heads().to_vec();
                                expected.push(if heads.is_empty() {
                                    "[]".to_owned()
                                } else {
                                    serde_json::json!(heads).to_string()
                                });
                            }
                        }
                    }
                }
            }
            expected.sort();
            expected.dedup();
            assert_eq!(listed, expected, "tartan({a},{b}) {mask:b}");
        }
    }
}

#[test]
fn specs_and_boards() {
    assert!(matches!(
        parse_spec("turning-corners"),
        Ok(Game::Positional(_))
    ));
    assert!(matches!(
        parse_spec("tartan(turning:2-3,6C,ruler)"),
        Ok(Game::Positional(_))
    ));
    for bad in ["tartan(ruler", "tartan(ruler,chess)", "tartan()"] {
        assert!(parse_spec(bad).is_err(), "{bad}");
    }
    assert_eq!(
        parse_board("(1,2),(3,4)").unwrap().heads(),
        &[(1, 2), (3, 4)]
    );
    assert_eq!(
        parse_board("(3,4) (1,2)").unwrap().heads(),
        &[(1, 2), (3, 4)]
    );
    assert_eq!(parse_board("HT/TH").unwrap().heads(), &[(1, 1), (2, 2)]);
    for bad in ["(0,1)", "(1,2", "(1;2)", "x", "(1,2)(3,y)"] {
        assert!(parse_board(bad).is_err(), "{bad}");
    }
    // Huge coordinates: the value by the theorem, the winning moves found
    // factor by factor (Ruler has one move per coin to its left).
    let Ok(Game::Positional(rugs)) = parse_spec("rugs") else {
        panic!()
    };
    let report = rugs
        .evaluate(
            "rugs",
            &["(1000,999),(3,6)".to_owned()],
            &grundy::sum_evaluator::SearchSettings::default(),
        )
        .unwrap();
    assert_eq!(
        report.value,
        (Nimber::new(8) * Nimber::new(1)).value() ^ (Nimber::new(1) * Nimber::new(2)).value()
    );
    assert!(!report.winning_moves.is_empty());
}
