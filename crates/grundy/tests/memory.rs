//! Take-away games with a memory: the table against the generic solver
//! and against a plain table written here from the rules; Fibonacci Nim's
//! theorem (R. E. Whinihan, Fibonacci Quarterly 1 (1963)): the opening
//! with n tokens is lost exactly when n is a Fibonacci number, and
//! otherwise the winning moves include taking the smallest term of n's
//! Zeckendorf representation.

#![allow(clippy::needless_range_loop)] // tables are indexed by their coordinates

use grundy::grid::ValueGrid;
use grundy::mem::{MemoryGame, MemoryPosition, MemoryRule};
use grundy::spec::{parse_spec, Game};
use grundy::{Ruleset, Solver};

/// G(n, m) from the rules, by plain recursion over a table.
fn plain(rule: MemoryRule, size: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; size]; size];
    for n in 1..size {
        for m in 0..size {
            let takes: Vec<usize> = match rule {
                MemoryRule::Fibonacci => (1..=n.min(2 * m)).collect(),
                MemoryRule::Mem => (m.max(1)..=n).collect(),
            };
            let seen: Vec<u64> = takes
                .iter()
                .map(|&j| if j == n { 0 } else { g[n - j][j] })
                .collect();
            g[n][m] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    g
}

#[test]
fn the_table_agrees_with_the_rules_and_the_solver() {
    for rule in [MemoryRule::Fibonacci, MemoryRule::Mem] {
        let game = MemoryGame::new(rule);
        let want = plain(rule, 60);
        let grid = game.table(59).unwrap();
        let mut solver = Solver::new(&game);
        for n in 0..60 {
            for m in 0..60 {
                assert_eq!(u64::from(grid.get(n, m)), want[n][m], "{rule:?} ({n},{m})");
                let position = MemoryPosition {
                    heap: n as u64,
                    memory: Some(m as u64),
                };
                assert_eq!(solver.value(&position).unwrap().value(), want[n][m]);
            }
        }
    }
}

#[test]
fn fibonacci_nim_openings_follow_zeckendorf() {
    let game = MemoryGame::new(MemoryRule::Fibonacci);
    let mut fibonacci = vec![1u64, 2];
    while *fibonacci.last().unwrap() < 1000 {
        let next = fibonacci[fibonacci.len() - 1] + fibonacci[fibonacci.len() - 2];
        fibonacci.push(next);
    }
    let Ok(Game::Positional(evaluator)) = parse_spec("fibonacci-nim") else {
        panic!()
    };
    let mut solver = Solver::new(&game);
    for n in 1..=300u64 {
        let opening = MemoryPosition {
            heap: n,
            memory: None,
        };
        let lost = solver.value(&opening).unwrap().is_zero();
        assert_eq!(lost, fibonacci.contains(&n), "n = {n}");
        if !lost {
            // The smallest Zeckendorf term: greedy from the largest.
            let mut rest = n;
            let mut smallest = 0;
            for &f in fibonacci.iter().rev() {
                if f <= rest {
                    rest -= f;
                    smallest = f;
                }
            }
            let report = evaluator
                .evaluate(
                    "fibonacci-nim",
                    &[n.to_string()],
                    &grundy::sum_evaluator::SearchSettings::default(),
                )
                .unwrap();
            let takes: Vec<u64> = report
                .winning_moves
                .iter()
                .map(|m| n - m.to.first().and_then(|p| p[0].as_u64()).unwrap_or(0))
                .collect();
            assert!(
                takes.contains(&smallest),
                "n = {n}: {takes:?} lacks {smallest}"
            );
        }
    }
    let mut options = grundy::Options::new();
    game.options(
        &MemoryPosition {
            heap: 5,
            memory: None,
        },
        &mut options,
    )
    .unwrap();
    assert_eq!(options.len(), 4, "the opening may not take the whole heap");
}

#[test]
fn positions_read_and_print() {
    let game = MemoryGame::new(MemoryRule::Mem);
    let p = game.parse_position("(7,3)").unwrap();
    assert_eq!(
        p,
        MemoryPosition {
            heap: 7,
            memory: Some(3)
        }
    );
    assert_eq!(game.format_position(&p), "(7,3)");
    assert_eq!(game.parse_position("9").unwrap().memory, None);
    for bad in ["(1,2,3)", "x", "(3,y)", "1e9"] {
        assert!(game.parse_position(bad).is_err(), "{bad}");
    }
}

/// Every winning take by the theorem (`fibonacci_winning_takes`) against
/// the plain table: from every heap up to 70, at the opening and after
/// every previous take up to 70, a take wins exactly when it empties the
/// heap or leaves a position of value 0.
#[test]
fn fibonacci_winning_takes_match_the_plain_table() {
    use grundy::mem::fibonacci_winning_takes;
    let size = 71;
    let g = plain(MemoryRule::Fibonacci, size);
    let wins = |n: usize, t: usize| t == n || g[n - t][t] == 0;
    for n in 0..size {
        let opening: Vec<u64> = (1..n).filter(|&t| wins(n, t)).map(|t| t as u64).collect();
        assert_eq!(
            fibonacci_winning_takes(n as u64, (n as u64).saturating_sub(1)),
            opening,
            "opening {n}"
        );
        for m in 0..size {
            let want: Vec<u64> = (1..=n.min(2 * m))
                .filter(|&t| wins(n, t))
                .map(|t| t as u64)
                .collect();
            assert_eq!(
                fibonacci_winning_takes(n as u64, 2 * m as u64),
                want,
                "({n},{m})"
            );
        }
    }
}

/// Zeckendorf representations: distinct non-consecutive Fibonacci
/// numbers summing to n, for n spread over the whole u64 range; and the
/// outcome of huge positions through the ruleset.
#[test]
fn zeckendorf_and_huge_positions() {
    use grundy::mem::zeckendorf;
    let mut fibonacci = vec![1u64, 2];
    while let Some(f) = fibonacci[fibonacci.len() - 2].checked_add(fibonacci[fibonacci.len() - 1]) {
        fibonacci.push(f);
    }
    let mut n = 1u64;
    for _ in 0..2000 {
        n = n
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let terms = zeckendorf(n);
        assert_eq!(terms.iter().sum::<u64>(), n);
        let index: Vec<usize> = terms
            .iter()
            .map(|t| fibonacci.iter().position(|f| f == t).unwrap())
            .collect();
        assert!(index.windows(2).all(|w| w[1] >= w[0] + 2), "{n}: {terms:?}");
    }
    let game = MemoryGame::new(MemoryRule::Fibonacci);
    // The opening of a Fibonacci number of tokens is lost; one more token
    // is won by taking it.
    let f = *fibonacci.last().unwrap();
    let lost = game.outcome_by_theorem(&f.to_string()).unwrap().unwrap();
    assert!(lost.is_p() && lost.winning.is_empty());
    let won = game
        .outcome_by_theorem(&(f + 1).to_string())
        .unwrap()
        .unwrap();
    assert!(!won.is_p());
    assert_eq!(
        won.winning[0],
        vec![MemoryPosition {
            heap: f,
            memory: Some(1)
        }]
    );
    // Mem has no such theorem here.
    assert!(MemoryGame::new(MemoryRule::Mem)
        .outcome_by_theorem("1000000000000")
        .is_none());
}
