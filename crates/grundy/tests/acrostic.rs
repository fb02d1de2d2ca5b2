//! The acrostic product (issue 26 item 18): CGSuite's table, the
//! library's two engines (the grid's dynamic programme and the generic
//! solver) against a brute force written here with the factors' rules by
//! hand, winning moves, and misère play against a plain recursion.

use std::collections::HashMap;

use grundy::acrostic::Acrostic;
use grundy::solver::Solver;
use grundy::spec::{parse_heap_spec, parse_spec, Game};
use grundy::Convention;

/// A factor's moves by hand: the heaps a heap of `n` may leave.
type Rule = fn(u64) -> Vec<Vec<u64>>;

/// Motley (turning code 1+): turn the head at n and any set of coins to
/// its left; in heap form, any set of places 1..n-1.
fn motley(n: u64) -> Vec<Vec<u64>> {
    if n == 0 {
        return Vec::new();
    }
    (0u64..1 << (n - 1))
        .map(|set| (1..n).filter(|p| set >> (p - 1) & 1 == 1).collect())
        .collect()
}

/// Ruler (1+C): turn any run of consecutive coins ending at n.
fn ruler(n: u64) -> Vec<Vec<u64>> {
    (1..=n).map(|len| (n - len + 1..n).collect()).collect()
}

/// Kayles (0.77): take 1 or 2 from a row, leaving two rows (each split
/// once: a + b with a <= b).
fn kayles(n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for take in [1, 2] {
        if take <= n {
            for a in 0..=(n - take) / 2 {
                let b = n - take - a;
                out.push([a, b].into_iter().filter(|&h| h > 0).collect());
            }
        }
    }
    out
}

/// Subtraction {1, 2}.
fn sub12(n: u64) -> Vec<Vec<u64>> {
    [1, 2]
        .into_iter()
        .filter(|&s| s <= n)
        .map(|s| if n == s { vec![] } else { vec![n - s] })
        .collect()
}

/// The options of (m, n) of the product of `a` and `b`.
fn product_options(a: Rule, b: Rule, (m, n): (u64, u64)) -> Vec<Vec<(u64, u64)>> {
    let mut out: Vec<Vec<(u64, u64)>> = a(m)
        .into_iter()
        .map(|o| o.into_iter().map(|x| (x, n)).collect())
        .collect();
    out.extend(
        b(n).into_iter()
            .map(|o| o.into_iter().map(|y| (m, y)).collect()),
    );
    out
}

/// G(m, n) by the definition, memoised.
fn brute(a: Rule, b: Rule, p: (u64, u64), memo: &mut HashMap<(u64, u64), u64>) -> u64 {
    if let Some(&v) = memo.get(&p) {
        return v;
    }
    let values: Vec<u64> = product_options(a, b, p)
        .into_iter()
        .map(|o| o.into_iter().fold(0, |x, q| x ^ brute(a, b, q, memo)))
        .collect();
    let mex = (0..).find(|v| !values.contains(v)).unwrap();
    memo.insert(p, mex);
    mex
}

fn product(spec: &str) -> Game {
    parse_spec(spec).unwrap()
}

/// The report of `eval` of the sum `texts` in `convention`, as JSON.
fn eval(spec: &str, texts: &[String], convention: Convention) -> serde_json::Value {
    let Game::Positional(game) = product(spec) else {
        panic!("{spec} is a positional game")
    };
    match convention {
        Convention::Misere => serde_json::to_value(game.evaluate_misere(spec, texts).unwrap()),
        _ => serde_json::to_value(
            game.evaluate(
                spec,
                texts,
                &grundy::sum_evaluator::SearchSettings::default(),
            )
            .unwrap(),
        ),
    }
    .unwrap()
}

fn table(spec: &str, max: u64) -> grundy::grid::Grid {
    let Game::Positional(game) = product(spec) else {
        panic!("{spec} is a positional game")
    };
    game.value_grid().unwrap().table(max).unwrap()
}

/// CGSuite's test of `HeapRuleset.AcrosticProduct`: Strip and Streak is
/// Motley acrostic Ruler, rows m = 0..5, columns n = 0..20 (the table
/// in ../shared/DESIGN.md §6, copied here).
#[test]
fn strip_and_streak_matches_cgsuite() {
    let expected: [[u32; 21]; 6] = [
        [
            0, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4,
        ],
        [
            1, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4,
        ],
        [
            2, 2, 1, 2, 5, 2, 1, 2, 9, 2, 1, 2, 5, 2, 1, 2, 17, 2, 1, 2, 5,
        ],
        [
            4, 4, 5, 4, 2, 4, 5, 4, 10, 4, 5, 4, 2, 4, 5, 4, 18, 4, 5, 4, 2,
        ],
        [
            8, 8, 9, 8, 10, 8, 9, 8, 4, 8, 9, 8, 10, 8, 9, 8, 20, 8, 9, 8, 10,
        ],
        [
            16, 16, 17, 16, 18, 16, 17, 16, 20, 16, 17, 16, 18, 16, 17, 16, 8, 16, 17, 16, 18,
        ],
    ];
    let grid = table("acrostic(motley,ruler)", 20);
    for (m, row) in expected.iter().enumerate() {
        for (n, &value) in row.iter().enumerate() {
            assert_eq!(grid.get(m, n), value, "G({m},{n})");
        }
    }
}

/// Both engines of the library against the brute force, for four pairs
/// of factors (and the two orders of two pairs: the product is not
/// symmetric in general): the grid's dynamic programme through the spec,
/// and the generic solver on the product built from the factors.
#[test]
fn both_engines_agree_with_the_definition() {
    let cases: [(&str, &str, Rule, Rule, u64); 5] = [
        ("motley", "ruler", motley, ruler, 9),
        ("ruler", "motley", ruler, motley, 9),
        ("kayles", "sub:1,2", kayles, sub12, 14),
        ("sub:1,2", "kayles", sub12, kayles, 14),
        ("kayles", "ruler", kayles, ruler, 12),
    ];
    for (a_spec, b_spec, a, b, max) in cases {
        let spec = format!("acrostic({a_spec},{b_spec})");
        let grid = table(&spec, max);
        let rules = Acrostic::new(
            parse_heap_spec(a_spec).unwrap(),
            a_spec,
            parse_heap_spec(b_spec).unwrap(),
            b_spec,
        );
        assert_eq!(rules.name(), spec);
        let mut solver = Solver::new(&rules);
        let mut memo = HashMap::new();
        for m in 0..=max {
            for n in 0..=max {
                let expected = brute(a, b, (m, n), &mut memo);
                let cell = u64::from(grid.get(m as usize, n as usize));
                assert_eq!(cell, expected, "{spec} table at ({m},{n})");
                let value = solver.value(&(m, n)).unwrap().value();
                assert_eq!(value, expected, "{spec} solver at ({m},{n})");
            }
        }
    }
}

/// Every winning move of a sum leaves a sum of value 0 (by the brute
/// force), and every move that does is listed.
#[test]
fn winning_moves_are_exactly_the_moves_to_zero() {
    let spec = "acrostic(kayles,ruler)";
    let mut memo = HashMap::new();
    for sum in [
        vec![(3, 4), (2, 2)],
        vec![(5, 1), (4, 3), (1, 6)],
        vec![(6, 6)],
        vec![(1, 1)],
        vec![(2, 1), (1, 2), (1, 1)],
    ] {
        let texts: Vec<String> = sum.iter().map(|(m, n)| format!("({m},{n})")).collect();
        let json = eval(spec, &texts, Convention::Normal);
        // Distinct moves: (component, what it leaves); a move of either
        // factor that leaves nothing is one move.
        let mut expected = std::collections::BTreeSet::new();
        for (i, &p) in sum.iter().enumerate() {
            let rest = sum
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .fold(0, |x, (_, &q)| x ^ brute(kayles, ruler, q, &mut memo));
            for option in product_options(kayles, ruler, p) {
                let after = option
                    .iter()
                    .fold(rest, |x, &q| x ^ brute(kayles, ruler, q, &mut memo));
                if after == 0 {
                    let mut left = option.clone();
                    left.sort_unstable();
                    expected.insert((i, left));
                }
            }
        }
        let listed = json["winning_moves"].as_array().unwrap();
        assert_eq!(listed.len(), expected.len(), "{sum:?}: {json}");
        for m in listed {
            let result: Vec<(u64, u64)> = m["result"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
                .collect();
            let value = result
                .iter()
                .fold(0, |x, &q| x ^ brute(kayles, ruler, q, &mut memo));
            assert_eq!(value, 0, "{m}");
        }
    }
}

/// Misère play (the last mover loses) by the generic search, against a
/// plain recursion over sums: a player with no move wins.
#[test]
fn misere_outcomes_match_a_plain_recursion() {
    fn wins(sum: &mut Vec<(u64, u64)>, memo: &mut HashMap<Vec<(u64, u64)>, bool>) -> bool {
        sum.sort_unstable();
        if let Some(&w) = memo.get(sum.as_slice()) {
            return w;
        }
        let mut any_move = false;
        let mut win = false;
        for i in 0..sum.len() {
            for option in product_options(kayles, sub12, sum[i]) {
                any_move = true;
                let mut next: Vec<(u64, u64)> = sum
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &q)| q)
                    .collect();
                next.extend(option);
                if !wins(&mut next, memo) {
                    win = true;
                }
            }
        }
        let result = win || !any_move;
        memo.insert(sum.clone(), result);
        result
    }
    let spec = "acrostic(kayles,sub:1,2)";
    let mut memo = HashMap::new();
    let mut p_positions = 0;
    for sum in [
        vec![(1, 1)],
        vec![(2, 1), (1, 2)],
        vec![(3, 2), (2, 2)],
        vec![(4, 1), (1, 3), (2, 0)],
        vec![(3, 3)],
        vec![(0, 0)],
        vec![(2, 2), (2, 2)],
    ] {
        let texts: Vec<String> = sum.iter().map(|(m, n)| format!("({m},{n})")).collect();
        let json = eval(spec, &texts, Convention::Misere);
        let expected = if wins(&mut sum.clone(), &mut memo) {
            "N"
        } else {
            "P"
        };
        p_positions += usize::from(expected == "P");
        assert_eq!(json["outcome"], expected, "{sum:?}: {json}");
    }
    assert!(p_positions > 0, "the cases include a misère P-position");
}

/// Malformed products and positions are errors that say what is wrong.
#[test]
fn bad_products_and_positions_are_errors() {
    for (spec, says) in [
        ("acrostic(motley,ruler", "closing ')'"),
        ("acrostic(motley)", "not two heap games"),
        ("acrostic(motley,wythoff)", "not two heap games"),
        ("acrostic(script:x.rhai,nim)", "naming a file"),
    ] {
        let err = parse_spec(spec).unwrap_err().to_string();
        assert!(err.contains(says), "{spec}: {err}");
    }
    let Game::Positional(game) = product("acrostic(ruler,ruler)") else {
        panic!()
    };
    for (text, says) in [("(4,5", "not a heap size"), ("(1,2,3)", "two heaps")] {
        let err = game.check_positions(&[text.to_owned()]).unwrap_err();
        assert!(err.to_string().contains(says), "{text}: {err}");
    }
    let err = game
        .check_positions(&["(100000,100000)".to_owned()])
        .unwrap_err();
    assert!(err.to_string().contains("heaps of 4096"), "{err}");
    // Within the heap limit but not the work limit: refused up front.
    let err = game
        .check_positions(&["(4000,4000)".to_owned()])
        .unwrap_err();
    assert!(err.to_string().contains("option visits"), "{err}");
    let err = game.value_grid().unwrap().table(4000).unwrap_err();
    assert!(err.to_string().contains("option visits"), "{err}");
}
