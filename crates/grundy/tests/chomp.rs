//! Chomp against theorems (a single row is a Nim heap; two rows of n and
//! n - 1 and an L with equal arms are P-positions; a full bar is an
//! N-position by strategy stealing), a plain search over row lengths
//! written here (no transposes, no pruning), and the search solver both
//! ways against the memoised solver.

use std::collections::HashMap;

use grundy::chomp::{parse_chomp, Chomp, ChompBoard};
use grundy::split_search::{SearchMethod, SplitSearch};
use grundy::{Ruleset, Solver};
use proptest::prelude::*;

fn value(text: &str) -> u64 {
    let game = Chomp::new();
    let board = game.parse_position(text).unwrap();
    SplitSearch::new(&game).value(&board).unwrap().value()
}

/// The plain search: every square but the poisoned one taken in turn.
fn plain(rows: &[usize], memo: &mut HashMap<Vec<usize>, u64>) -> u64 {
    if let Some(&v) = memo.get(rows) {
        return v;
    }
    let mut seen = Vec::new();
    for r in 0..rows.len() {
        for c in 0..rows[r] {
            if (r, c) == (0, 0) {
                continue;
            }
            let left: Vec<usize> = rows
                .iter()
                .enumerate()
                .map(|(i, &l)| if i >= r { l.min(c) } else { l })
                .filter(|&l| l > 0)
                .collect();
            seen.push(plain(&left, memo));
        }
    }
    let v = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(rows.to_vec(), v);
    v
}

#[test]
fn one_row_is_a_nim_heap() {
    for n in 1..=20 {
        assert_eq!(value(&format!("1x{n}")), n - 1, "1x{n}");
        assert_eq!(value(&format!("{n}x1")), n - 1, "{n}x1");
    }
}

/// Two rows: (n, n - 1) is a P-position (the answer to every move
/// restores it; Zeilberger, "Three-rowed Chomp", 2001, recalls it).
#[test]
fn two_rows_one_apart_are_p_positions() {
    for n in 2..=20 {
        assert_eq!(value(&format!("{n},{}", n - 1)), 0, "{n},{}", n - 1);
    }
}

/// An L whose arms are equal is a P-position (mirror the opponent's move
/// on the other arm), so every square bar is an N-position: take b2.
#[test]
fn equal_ls_are_p_positions() {
    for arm in 1..=12 {
        let mut rows = vec![arm + 1];
        rows.extend(std::iter::repeat_n(1, arm));
        let text: Vec<String> = rows.iter().map(usize::to_string).collect();
        assert_eq!(value(&text.join(",")), 0, "L of arm {arm}");
    }
}

/// Strategy stealing: every bar of more than one square is an
/// N-position.
#[test]
fn full_bars_are_first_player_wins() {
    for r in 1..=6 {
        for c in 1..=6 {
            if r * c > 1 {
                assert_ne!(value(&format!("{r}x{c}")), 0, "{r}x{c}");
            }
        }
    }
}

fn diagram(widths: &[usize]) -> Vec<usize> {
    // Non-increasing from random widths.
    let mut rows: Vec<usize> = widths.iter().map(|w| w % 7 + 1).collect();
    rows.sort_unstable_by(|a, b| b.cmp(a));
    rows
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_engine_agrees_with_the_plain_search(widths in prop::collection::vec(0usize..50, 1..6)) {
        let rows = diagram(&widths);
        let want = plain(&rows, &mut HashMap::new());
        let game = Chomp::new();
        let board = ChompBoard::new(&rows).unwrap();
        prop_assert_eq!(Solver::new(&game).value(&board).unwrap().value(), want);
        for method in [SearchMethod::Pruned, SearchMethod::HeapByHeap] {
            for bytes in [0, 64 << 20] {
                let mut search = SplitSearch::with_table_bytes(&game, bytes).with_method(method);
                prop_assert_eq!(search.value(&board).unwrap().value(), want, "{:?} {}", method, bytes);
            }
        }
    }

    /// A diagram and its transpose: the same canonical form and value.
    #[test]
    fn transposes_are_the_same_game(widths in prop::collection::vec(0usize..50, 1..6)) {
        let rows = diagram(&widths);
        let board = ChompBoard::new(&rows).unwrap();
        let transposed = board.transpose().unwrap();
        prop_assert_eq!(transposed.transpose().unwrap(), board);
        prop_assert_eq!(transposed.canonical(), board.canonical());
        let t_rows = transposed.lengths();
        prop_assert_eq!(t_rows.iter().sum::<usize>(), rows.iter().sum::<usize>());
        prop_assert_eq!(plain(&t_rows, &mut HashMap::new()), plain(&rows, &mut HashMap::new()));
    }
}

#[test]
fn diagrams_read_and_print_back() {
    let game = Chomp::new();
    for text in ["3x4", "7,5,5,2", "1x1"] {
        let board = game.parse_position(text).unwrap();
        assert_eq!(game.format_position(&board), text);
    }
    assert!(parse_chomp("3,5")
        .unwrap_err()
        .to_string()
        .contains("never grow"));
    assert!(parse_chomp("3,0")
        .unwrap_err()
        .to_string()
        .contains("empty"));
    assert!(parse_chomp("40x3")
        .unwrap_err()
        .to_string()
        .contains("32 rows"));
    assert!(parse_chomp("2,x").is_err());
}
