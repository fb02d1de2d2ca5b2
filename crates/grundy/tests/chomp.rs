//! Chomp against theorems (a single row is a Nim heap; two rows of n and
//! n - 1 and an L with equal arms are P-positions; a full bar is an
//! N-position by strategy stealing), a plain search over row lengths
//! written here (no transposes, no pruning, no ranks), and the three
//! engines against it and one another: the table of every diagram in a box
//! (what `Chomp::new` uses), the search both ways (`Chomp::by_search`) and
//! the memoised solver.

use std::collections::HashMap;

use grundy::chomp::table::DiagramTable;
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
        let board = ChompBoard::new(&rows).unwrap();
        let table = DiagramTable::build(rows.len(), rows[0]).unwrap();
        prop_assert_eq!(table.value(&board).map(|v| v.value()), Some(want));
        let tabled = Chomp::new();
        prop_assert_eq!(SplitSearch::new(&tabled).value(&board).unwrap().value(), want);
        let game = Chomp::by_search();
        prop_assert_eq!(game.known_value(&board), None);
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

/// Every diagram of a box, by the table and by the search: the table's
/// ranks, its colex walk and its running sums up the columns against a
/// search that knows none of them. Both ways up (6x7 and 7x6) and a box
/// of two-byte values (16 rows of 17: values past 255 possible).
#[test]
fn the_table_agrees_with_the_search_on_every_diagram_of_a_box() {
    fn every_diagram(rows: usize, cols: usize) -> Vec<Vec<usize>> {
        let mut all = vec![vec![]];
        for _ in 0..rows {
            all = all
                .into_iter()
                .flat_map(|d: Vec<usize>| {
                    let top = d.last().copied().unwrap_or(cols);
                    (0..=top).map(move |l| {
                        let mut d = d.clone();
                        d.push(l);
                        d
                    })
                })
                .collect();
        }
        all.into_iter()
            .map(|d| d.into_iter().filter(|&l| l > 0).collect::<Vec<_>>())
            .filter(|d| !d.is_empty())
            .collect()
    }
    let searched = Chomp::by_search();
    let mut search = SplitSearch::new(&searched);
    // 2x130: values past 255 possible, two bytes a diagram.
    for (rows, cols) in [(6, 7), (7, 6), (1, 9), (2, 130)] {
        let table = DiagramTable::build(rows, cols).unwrap();
        let diagrams = every_diagram(rows, cols);
        assert_eq!(
            diagrams.len() as u64 + 1,
            DiagramTable::diagrams(rows, cols).unwrap()
        );
        for d in diagrams {
            let board = ChompBoard::new(&d).unwrap();
            let want = search.value(&board).unwrap();
            assert_eq!(table.value(&board), Some(want), "{d:?} in {rows}x{cols}");
        }
    }
}

/// Square bars, against Beling's igsolve (`igsolve chomp -r N -c N`, run
/// beside grundy on 2026-12-03: 13, 20, 19, 23, 41 for 8x8 to 12x12) — an
/// independent program, by plain memoised mex over its own encoding.
#[test]
fn square_bars_agree_with_igsolve() {
    for (n, want) in [(8, 13), (9, 20), (10, 19), (11, 23), (12, 41)] {
        assert_eq!(value(&format!("{n}x{n}")), want, "{n}x{n}");
    }
}

/// Past the table's bound, or where a box would hold far more diagrams
/// than the one asked about (an L), the search answers.
#[test]
fn boxes_past_the_bound_or_too_thin_go_to_the_search() {
    assert!(DiagramTable::build(32, 200).is_err());
    let game = Chomp::new();
    for (arm, below) in [(30, 31), (12, 4)] {
        let mut rows = vec![arm];
        rows.extend(std::iter::repeat_n(1, below));
        let board = ChompBoard::new(&rows).unwrap();
        assert_eq!(
            board.diagrams_inside(),
            (arm as u64 * (below as u64 + 1)) + 1
        );
        assert_eq!(game.known_value(&board), None);
        // An L: arm - 1 squares right of the poisoned one, `below` under
        // it; a nim sum of two heaps.
        assert_eq!(
            SplitSearch::new(&game).value(&board).unwrap().value(),
            (arm as u64 - 1) ^ below as u64
        );
    }
    // A bar holds every diagram of its box: tabled.
    let bar = ChompBoard::new(&[5; 4]).unwrap();
    assert_eq!(bar.diagrams_inside(), DiagramTable::diagrams(4, 5).unwrap());
    assert!(game.known_value(&bar).is_some());
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
