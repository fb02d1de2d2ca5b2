//! Cram against published values, a plain search over the squares of a
//! fixed board written here (no regions, no symmetries, no pruning), and
//! the search solver against the plain memoised solver, both ways it
//! searches; the canonical form against the board's eight images.

use std::collections::HashMap;

use grundy::cram::{parse_board, Cram, CramBoard};
use grundy::split_search::{SearchMethod, SplitSearch};
use grundy::{Ruleset, Solver};
use proptest::prelude::*;

fn value(text: &str) -> u64 {
    let game = Cram::new();
    let board = game.parse_position(text).unwrap();
    SplitSearch::new(&game).value(&board).unwrap().value()
}

/// The Cram table of Beling's igs README (github.com/beling/impartial-games,
/// "The results obtained so far"; the smaller boards first computed by
/// Lemoine and Viennot's Glop and by Schneider, 2009). Larger boards of
/// the table (5x8 to 7x9) are in the benchmark, not here.
#[test]
fn boards_match_the_published_table() {
    let published = [
        ("4x4", 0),
        ("4x5", 2),
        ("4x6", 0),
        ("4x7", 3),
        ("4x8", 0),
        ("4x9", 1),
        ("4x10", 0),
        ("5x5", 0),
        ("5x6", 2),
        ("5x7", 1),
        ("6x6", 0),
    ];
    for (board, want) in published {
        assert_eq!(value(board), want, "cram {board}");
        // The transposed board is the same game (the small ones, to keep
        // the test short).
        let (r, c) = board.split_once('x').unwrap();
        if r.parse::<u32>().unwrap() * c.parse::<u32>().unwrap() <= 30 {
            assert_eq!(value(&format!("{c}x{r}")), want, "cram {c}x{r}");
        }
    }
}

/// Boards with both sides even are P-positions: the second player
/// answers each domino with its image through the centre (Gardner).
#[test]
fn even_by_even_boards_are_second_player_wins() {
    for (r, c) in [(2, 2), (2, 4), (2, 6), (2, 8), (4, 4), (2, 10)] {
        assert_eq!(value(&format!("{r}x{c}")), 0, "cram {r}x{c}");
    }
}

/// The plain search: a fixed board's empty squares as a bit set, every
/// domino tried, the mex taken; nothing shared with the module.
fn plain(rows: usize, cols: usize, empty: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&v) = memo.get(&empty) {
        return v;
    }
    let mut seen = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let a = r * cols + c;
            if empty >> a & 1 == 0 {
                continue;
            }
            for b in [
                (c + 1 < cols).then_some(a + 1),
                (r + 1 < rows).then_some(a + cols),
            ]
            .into_iter()
            .flatten()
            {
                if empty >> b & 1 == 1 {
                    seen.push(plain(rows, cols, empty & !(1 << a) & !(1 << b), memo));
                }
            }
        }
    }
    let v = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(empty, v);
    v
}

fn board_text(rows: usize, cols: usize, empty: u64) -> String {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    if empty >> (r * cols + c) & 1 == 1 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random boards with holes: the plain search, the memoised solver,
    /// and the search solver both ways, with a small table (so that
    /// entries are replaced) and a large one.
    #[test]
    fn every_engine_agrees_with_the_plain_search(
        rows in 1usize..5,
        cols in 1usize..6,
        holes in any::<u64>(),
    ) {
        let empty = !(holes & holes.rotate_left(7)) & ((1u64 << (rows * cols)) - 1);
        let text = board_text(rows, cols, empty);
        let want = plain(rows, cols, empty, &mut HashMap::new());
        let game = Cram::new();
        let board = parse_board(&text).unwrap();
        prop_assert_eq!(Solver::new(&game).value(&board).unwrap().value(), want);
        // The outcome alone, with a small table and a large one: the
        // outcome of the value, and a move to a position of value 0.
        for bytes in [0, 64 << 20] {
            let mut solver = grundy::sum::SumSolver::with_table_bytes(&game, bytes);
            let (outcome, found) =
                grundy::sum::outcome_and_a_move(&mut solver, std::slice::from_ref(&board)).unwrap();
            prop_assert_eq!(outcome == grundy::sum::Outcome::P, want == 0);
            prop_assert_eq!(found.is_some(), want != 0);
            if let Some(found) = found {
                prop_assert_eq!(Solver::new(&game).sum_value(&found.to).unwrap().value(), 0);
            }
        }
        for method in [SearchMethod::Pruned, SearchMethod::HeapByHeap] {
            for bytes in [0, 64 << 20] {
                let mut search = SplitSearch::with_table_bytes(&game, bytes).with_method(method);
                prop_assert_eq!(search.value(&board).unwrap().value(), want, "{:?} {}", method, bytes);
                // Every option asked whether it has each small value
                // agrees with its value.
                let mut options = grundy::Options::new();
                game.options(&board, &mut options).unwrap();
                let mut solver = Solver::new(&game);
                for option in options.iter() {
                    let v = solver.sum_value(option).unwrap();
                    for target in 0..4 {
                        let asked = search.is_p_with_heap(option, grundy::Nimber::new(target)).unwrap();
                        prop_assert_eq!(asked, v.value() == target);
                    }
                }
            }
        }
    }

    /// The canonical form is the same for the eight images of a board
    /// (rotations and reflections) and keeps the number of squares.
    #[test]
    fn canonical_forms_are_the_same_for_every_image(
        rows in 1usize..6,
        cols in 1usize..7,
        holes in any::<u64>(),
    ) {
        let empty = !holes & ((1u64 << (rows * cols)) - 1);
        let board = CramBoard::new(rows, cols, empty).unwrap();
        let canonical = board.canonical();
        prop_assert_eq!(canonical.empty_squares().count_ones(), empty.count_ones());
        for (r, c, image) in images(rows, cols, empty) {
            let other = CramBoard::new(r, c, image).unwrap();
            prop_assert_eq!(other.canonical(), canonical);
        }
    }
}

/// The eight images of a board, by moving squares one at a time.
fn images(rows: usize, cols: usize, empty: u64) -> Vec<(usize, usize, u64)> {
    let mut out = Vec::new();
    for transpose in [false, true] {
        for flip_rows in [false, true] {
            for flip_cols in [false, true] {
                let (r2, c2) = if transpose {
                    (cols, rows)
                } else {
                    (rows, cols)
                };
                let mut image = 0u64;
                for r in 0..rows {
                    for c in 0..cols {
                        if empty >> (r * cols + c) & 1 == 0 {
                            continue;
                        }
                        let (mut y, mut x) = if transpose { (c, r) } else { (r, c) };
                        if flip_rows {
                            y = r2 - 1 - y;
                        }
                        if flip_cols {
                            x = c2 - 1 - x;
                        }
                        image |= 1 << (y * c2 + x);
                    }
                }
                out.push((r2, c2, image));
            }
        }
    }
    out
}

#[test]
fn boards_read_and_print_back() {
    let game = Cram::new();
    for text in ["3x4", "..#/.../...", "#../..#"] {
        let board = game.parse_position(text).unwrap();
        assert_eq!(game.format_position(&board), text);
    }
    let bad = game.parse_position("..x/...").unwrap_err().to_string();
    assert!(bad.contains("'x'") && bad.contains("character 3"), "{bad}");
    let long = game.parse_position("..#/..").unwrap_err().to_string();
    assert!(long.contains("row 2"), "{long}");
    let big = game.parse_position("9x9").unwrap_err().to_string();
    assert!(big.contains("64 squares"), "{big}");
}

/// A board the half turn maps onto itself: the squares of `half` (rows
/// `0..rows/2` and the first half of the middle row) and their images.
fn symmetric_board(rows: usize, cols: usize, half: u64) -> u64 {
    let squares = rows * cols;
    let mut empty = 0u64;
    for s in 0..squares.div_ceil(2) {
        if half >> s & 1 == 1 {
            empty |= 1 << s | 1 << (squares - 1 - s);
        }
    }
    empty
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Boards the half turn maps onto themselves, against the plain
    /// search: the P-positions and N-positions the mirror strategy proves
    /// (`CramBoard::is_p_by_symmetry`, `is_n_by_symmetry`) are those, and
    /// the search, which trusts them, agrees with the plain one.
    #[test]
    fn the_half_turn_proves_the_outcomes_it_claims(
        rows in 1usize..6,
        cols in 1usize..6,
        half in any::<u64>(),
    ) {
        let empty = symmetric_board(rows, cols, half & half.rotate_left(11));
        let want = plain(rows, cols, empty, &mut HashMap::new());
        let board = CramBoard::new(rows, cols, empty).unwrap();
        if board.is_p_by_symmetry() {
            prop_assert_eq!(want, 0);
        }
        if board.is_n_by_symmetry() {
            prop_assert_ne!(want, 0);
        }
        let game = Cram::new();
        prop_assert_eq!(SplitSearch::new(&game).value(&board).unwrap().value(), want);
        prop_assert_eq!(board.canonical().is_p_by_symmetry(), board.is_p_by_symmetry());
        prop_assert_eq!(board.canonical().is_n_by_symmetry(), board.is_n_by_symmetry());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Larger boards with a quarter of their squares filled (up to 5x6)
    /// against the plain search: the
    /// regions' reductions (extra pendants, bridges) and the searches'
    /// ordering on boards with room for them.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "the plain search is slow unoptimised")]
    fn larger_boards_with_holes_agree_with_the_plain_search(
        rows in 3usize..6,
        cols in 4usize..7,
        holes in any::<u64>(),
    ) {
        let empty = !(holes & holes.rotate_left(5)) & ((1u64 << (rows * cols)) - 1);
        let want = plain(rows, cols, empty, &mut HashMap::new());
        let game = Cram::new();
        let board = parse_board(&board_text(rows, cols, empty)).unwrap();
        prop_assert_eq!(SplitSearch::new(&game).value(&board).unwrap().value(), want);
    }
}

/// The half turn decides every kind of box: both sides even (P), the
/// middle square filled (P), the two middle squares empty (N: the
/// central domino wins) or filled (P, they are each other's images); and
/// a symmetric board with its middle square empty is left to the search.
#[test]
fn the_half_turn_classifies_each_kind_of_centre() {
    let game = Cram::new();
    let class = |text: &str| {
        let board = game.parse_position(text).unwrap();
        (board.is_p_by_symmetry(), board.is_n_by_symmetry())
    };
    assert_eq!(class("4x6"), (true, false));
    assert_eq!(class(".../.#./..."), (true, false));
    assert_eq!(class("4x7"), (false, true));
    assert_eq!(class("7x4"), (false, true));
    assert_eq!(class("..#../...../#...."), (false, false)); // not symmetric
    assert_eq!(class(".../.#./.#./..."), (true, false)); // middle pair filled
    assert_eq!(class("..#../.#.#./..#.."), (false, false)); // middle square empty
    assert_eq!(class("5x5"), (false, false));
    assert_eq!(class("..#/.../#.."), (false, false));
    // The plain search agrees on small boards of each kind; and
    // ..#/.../#.. is symmetric with its middle square empty and an
    // N-position (value 1), so the half turn must not call such boards P.
    for (text, p, n) in [
        ("4x4", true, false),
        ("2x5", false, true),
        ("3x4", false, true),
        (".../.#./...", true, false),
        (".../.#./.#./...", true, false),
        ("..#/.../#..", false, false),
    ] {
        let board = game.parse_position(text).unwrap();
        assert_eq!(class(text), (p, n), "{text}");
        let value = plain(
            board.rows(),
            board.cols(),
            board.empty_squares(),
            &mut HashMap::new(),
        );
        assert_eq!(value == 0, p, "{text}: {value}");
        assert_eq!(value != 0, n || text == "..#/.../#..", "{text}: {value}");
    }
}

/// A row of cells is Dawson's Kayles (0.07: a domino takes two adjacent
/// cells of a row), so 1xN and Nx1 take its values, up to the 64 squares
/// a board holds. Issue 52: the row of 64 filled the whole word and a
/// shift by 64 left the region finder spinning for ever, from the board
/// itself or from one of its irregular regions (64 squares, one taken).
#[test]
fn rows_up_to_64_squares_are_dawsons_kayles() {
    let dawson = grundy::spec::parse_heap_spec("0.07")
        .unwrap()
        .nim_sequence(65)
        .unwrap();
    for n in [1usize, 2, 17, 62, 63, 64] {
        let want = dawson.get(n);
        assert_eq!(value(&format!("1x{n}")), want, "cram 1x{n}");
        assert_eq!(value(&format!("{n}x1")), want, "cram {n}x1");
    }
    // One square of the 64 filled: two rows of Dawson's Kayles.
    let row: String = (0..64).map(|i| if i == 10 { '#' } else { '.' }).collect();
    assert_eq!(value(&row), dawson.get(10) ^ dawson.get(53));
}

/// Issue 52: a search cache is believed only line by line, each line's
/// check matching. Each byte of a cache (a sample) changed in turn: the
/// cache is refused, or the search from it finds the undamaged value
/// (before, a changed value gave 3 for Cram 5x6 instead of 2).
#[test]
fn a_damaged_search_cache_is_refused_never_believed() {
    let game = Cram::new();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cram.cache");
    let board = game.parse_position("5x6").unwrap();
    let want = {
        let mut search = SplitSearch::new(&game).with_cache(&path, "cram").unwrap();
        let value = search.value(&board).unwrap().value();
        search.flush_cache().unwrap();
        value
    };
    assert_eq!(want, 2, "Cram 5x6 (Beling's table)");
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.iter().filter(|&&b| b == b'\n').count() > 10);
    let mut refused = 0;
    for at in (0..bytes.len()).step_by(bytes.len() / 150 + 1) {
        let mut damaged = bytes.clone();
        damaged[at] ^= 1;
        std::fs::write(&path, &damaged).unwrap();
        match SplitSearch::new(&game).with_cache(&path, "cram") {
            Ok(mut search) => assert_eq!(search.value(&board).unwrap().value(), want, "byte {at}"),
            Err(_) => {
                refused += 1;
                // Nothing was appended to a refused file.
                assert_eq!(std::fs::read(&path).unwrap(), damaged);
            }
        }
    }
    assert!(refused > 0);
}
