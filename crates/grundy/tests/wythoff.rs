//! Wythoff's game and Fraenkel's generalisation, evaluated by the generic
//! solver through the family's `Ruleset`, against an independent table
//! and against the theorems that give the P-positions:
//! A. S. Fraenkel, *How to beat your Wythoff games' opponent on three
//! fronts*, Amer. Math. Monthly 89 (1982): for `wythoff:k` the P-positions
//! are (A_n, B_n) and (B_n, A_n) with A_n = mex{A_i, B_i : i < n} and
//! B_n = A_n + k n; for k = 1 (W. A. Wythoff, 1907) A_n = ⌊nφ⌋, B_n = ⌊nφ²⌋.

use grundy::spec::{parse_spec, Game};
use grundy::wythoff::Wythoff;
use grundy::{Nimber, Ruleset, Solver};

/// G(x, y) for x, y < size by a plain table, written from the rules
/// without the crate's options or solver.
fn table(size: usize, k: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; size]; size];
    for x in 0..size {
        for y in 0..size {
            let mut seen = Vec::new();
            seen.extend((0..x).map(|u| g[u][y]));
            seen.extend((0..y).map(|v| g[x][v]));
            for a in 1..=x {
                for b in 1..=y {
                    if a.abs_diff(b) < k {
                        seen.push(g[x - a][y - b]);
                    }
                }
            }
            g[x][y] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    g
}

#[test]
fn solver_agrees_with_a_plain_table() {
    for k in 1..=3u64 {
        let rules = Wythoff::new(k).unwrap();
        let want = table(24, k as usize);
        let mut solver = Solver::new(&rules);
        for x in 0..24u64 {
            for y in 0..24u64 {
                assert_eq!(
                    solver.value(&(x, y)).unwrap(),
                    Nimber::new(want[x as usize][y as usize]),
                    "wythoff:{k} ({x},{y})"
                );
            }
        }
    }
}

/// Fraenkel's P-positions (A_n, B_n), for A_n below `limit`.
fn fraenkel_pairs(k: u64, limit: u64) -> Vec<(u64, u64)> {
    let mut used = std::collections::BTreeSet::new();
    let mut pairs = Vec::new();
    // The mex only grows: every value below it is used.
    let mut a = 0;
    for n in 0.. {
        while used.contains(&a) {
            a += 1;
        }
        if a >= limit {
            break;
        }
        let b = a + k * n;
        used.insert(a);
        used.insert(b);
        pairs.push((a, b));
    }
    pairs
}

#[test]
fn p_positions_are_fraenkels() {
    for k in 1..=4u64 {
        let rules = Wythoff::new(k).unwrap();
        let mut solver = Solver::new(&rules);
        let size = 40u64;
        let mut want: Vec<(u64, u64)> = Vec::new();
        for (a, b) in fraenkel_pairs(k, size) {
            for p in [(a, b), (b, a)] {
                if p.0 < size && p.1 < size {
                    want.push(p);
                }
            }
        }
        want.sort_unstable();
        want.dedup();
        let mut found = Vec::new();
        for x in 0..size {
            for y in 0..size {
                if solver.value(&(x, y)).unwrap().is_zero() {
                    found.push((x, y));
                }
            }
        }
        assert_eq!(found, want, "wythoff:{k}");
    }
}

#[test]
fn wythoff_pairs_are_the_golden_ratio_pairs() {
    // ⌊nφ⌋ = ⌊(n + √(5n²)) / 2⌋ exactly, with an integer square root;
    // ⌊nφ²⌋ = ⌊nφ⌋ + n.
    let isqrt = |m: u64| {
        let mut r = (m as f64).sqrt() as u64;
        while r * r > m {
            r -= 1;
        }
        while (r + 1) * (r + 1) <= m {
            r += 1;
        }
        r
    };
    for (n, (a, b)) in fraenkel_pairs(1, 100_000).into_iter().enumerate() {
        let n = n as u64;
        let floor_n_phi = (n + isqrt(5 * n * n)) / 2;
        assert_eq!((a, b), (floor_n_phi, floor_n_phi + n), "n = {n}");
    }
}

#[test]
fn specs_positions_and_sums() {
    let Ok(Game::Positional(game)) = parse_spec("wythoff") else {
        panic!("wythoff is a positional family");
    };
    let texts: Vec<String> = ["(4,6)", "2, 9"].map(String::from).to_vec();
    let report = game
        .evaluate(
            "wythoff",
            &texts,
            &grundy::sum_evaluator::SearchSettings::default(),
        )
        .unwrap();
    let want = table(12, 1);
    assert_eq!(report.component_values, vec![want[4][6], want[2][9]]);
    assert_eq!(report.value, want[4][6] ^ want[2][9]);
    // Every winning move leaves a sum of value 0, and every option of
    // value (total ^ component) is listed.
    let rules = Wythoff::new(1).unwrap();
    let mut solver = Solver::new(&rules);
    let mut expected = 0;
    for (i, &(x, y)) in [(4u64, 6u64), (2, 9)].iter().enumerate() {
        let wanted = report.value ^ want[x as usize][y as usize];
        let mut options = grundy::Options::new();
        rules.options(&(x, y), &mut options).unwrap();
        for option in options.iter() {
            if solver.value(&option[0]).unwrap().value() == wanted {
                expected += 1;
                assert!(
                    report.winning_moves.iter().any(|m| m.component == i
                        && m.to == vec![serde_json::json!([option[0].0, option[0].1])]),
                    "missing the move to {option:?}"
                );
            }
        }
    }
    assert_eq!(report.winning_moves.len(), expected);
    // Malformed positions and hopeless ones are errors, up front.
    for bad in ["(1,2,3)", "(x,1)", "", "(-1,2)", "(1e9,1e9)"] {
        assert!(game.check_positions(&[bad.to_owned()]).is_err(), "{bad}");
    }
    assert!(parse_spec("wythoff:0").is_err());
    assert!(matches!(parse_spec("wythoff:3"), Ok(Game::Positional(_))));
}

#[test]
fn the_table_agrees_with_a_plain_table() {
    use grundy::grid::ValueGrid;
    for k in 1..=5u64 {
        let want = table(48, k as usize);
        let grid = Wythoff::new(k).unwrap().table(47).unwrap();
        for (x, want_row) in want.iter().enumerate() {
            for (y, &expected) in want_row.iter().enumerate() {
                assert_eq!(u64::from(grid.get(x, y)), expected, "wythoff:{k} ({x},{y})");
            }
        }
    }
    // The 1000 x 1000 table: its zeros are exactly Wythoff's pairs.
    let grid = Wythoff::new(1).unwrap().table(999).unwrap();
    let mut want: Vec<(usize, usize)> = fraenkel_pairs(1, 1000)
        .into_iter()
        .flat_map(|(a, b)| [(a as usize, b as usize), (b as usize, a as usize)])
        .filter(|&(x, y)| x < 1000 && y < 1000)
        .collect();
    want.sort_unstable();
    want.dedup();
    let found: Vec<(usize, usize)> = (0..1000)
        .flat_map(|x| (0..1000).map(move |y| (x, y)))
        .filter(|&(x, y)| grid.get(x, y) == 0)
        .collect();
    assert_eq!(found, want);
}

#[test]
fn misere_values_and_genus_follow_the_definition() {
    // Misère nim-values by the definition on a plain table: 1 at a
    // position with no move, else the mex of the options' values.
    for k in 1..=2usize {
        let size = 16;
        let mut g = vec![vec![0u64; size]; size];
        for x in 0..size {
            for y in 0..size {
                let mut seen = Vec::new();
                seen.extend((0..x).map(|u| g[u][y]));
                seen.extend((0..y).map(|v| g[x][v]));
                for a in 1..=x {
                    for b in 1..=y {
                        if a.abs_diff(b) < k {
                            seen.push(g[x - a][y - b]);
                        }
                    }
                }
                g[x][y] = if seen.is_empty() {
                    1
                } else {
                    (0..).find(|v| !seen.contains(v)).unwrap()
                };
            }
        }
        let Ok(Game::Positional(game)) = parse_spec(&format!("wythoff:{k}")) else {
            panic!()
        };
        let texts: Vec<String> = (0..size)
            .flat_map(|x| (0..size).map(move |y| format!("({x},{y})")))
            .collect();
        let values = game.misere_values(&texts).unwrap();
        let want: Vec<u64> = g.iter().flatten().copied().collect();
        assert_eq!(values, want, "wythoff:{k}");
        // The genus starts with the normal value, then the misère one.
        let report = game.genera("wythoff", &texts[..40]).unwrap();
        let normal = table(size, k);
        for (i, genus) in report.genus.iter().enumerate() {
            assert_eq!(genus[0], normal[i / size][i % size]);
            assert_eq!(genus[1], want[i]);
        }
    }
}

/// The closed form `Wythoff::lower` (Fraenkel's A_n = ⌊nα⌋) against the
/// mex definition of A_n, for several k; and, for k = 1, the first terms
/// of OEIS A000201 (lower Wythoff sequence, ⌊nφ⌋) and A001950 (upper,
/// ⌊nφ²⌋), n = 1..20.
#[test]
fn the_closed_form_of_the_p_positions_is_fraenkels() {
    for k in 1..=6u64 {
        let rules = Wythoff::new(k).unwrap();
        for (n, pair) in fraenkel_pairs(k, 50_000).into_iter().enumerate() {
            assert_eq!(
                rules.p_position(n as u64),
                Some(pair),
                "wythoff:{k} n = {n}"
            );
        }
    }
    let a000201 = [
        1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32,
    ];
    let a001950 = [
        2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52,
    ];
    let wythoff = Wythoff::new(1).unwrap();
    for n in 1..=20u64 {
        let (a, b) = wythoff.p_position(n).unwrap();
        assert_eq!((a, b), (a000201[n as usize - 1], a001950[n as usize - 1]));
    }
    // Large n: B_n - A_n = n, and the pairs stay in order.
    let big = wythoff.p_position(1 << 40).unwrap();
    assert_eq!(big.1 - big.0, 1 << 40);
    assert!(wythoff.p_position((1 << 40) + 1).unwrap().0 > big.0);
}

/// Outcomes and winning moves by the theorem against the solver: every
/// position of a box, for several k; a winning move is an option of value
/// 0.
#[test]
fn outcomes_and_winning_moves_by_the_theorem_match_the_solver() {
    for k in 1..=5u64 {
        let rules = Wythoff::new(k).unwrap();
        let mut solver = Solver::new(&rules);
        let mut options = grundy::ruleset::Options::new();
        for x in 0..36u64 {
            for y in 0..36u64 {
                let p = solver.value(&(x, y)).unwrap().is_zero();
                assert_eq!(rules.is_p_position(x, y), Some(p), "wythoff:{k} ({x},{y})");
                options.clear();
                rules.options(&(x, y), &mut options).unwrap();
                let mut want: Vec<(u64, u64)> = options
                    .iter()
                    .map(|o| o[0])
                    .filter(|&o| solver.value(&o).unwrap().is_zero())
                    .collect();
                want.sort_unstable();
                want.dedup();
                assert_eq!(
                    rules.winning_moves_by_theorem(x, y),
                    Some(want),
                    "wythoff:{k} ({x},{y})"
                );
            }
        }
    }
}
