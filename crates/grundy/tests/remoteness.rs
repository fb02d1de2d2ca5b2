//! Remoteness of sums (normal play) against its definition applied by a
//! plain recursion written here, and against the loopy solver's
//! retrograde pass on acyclic graphs (two independent computations).

use std::collections::HashMap;

use grundy::heap::code::TakeBreakCode;
use grundy::loopy::LoopySolution;
use grundy::remoteness::RemotenessSearch;
use grundy::{Graph, HeapGame, HeapRuleset};

/// Kayles, from its rules: knock down one pin or two adjacent pins.
fn kayles_options(n: u64) -> Vec<Vec<u64>> {
    let mut options = Vec::new();
    for take in 1..=2u64.min(n) {
        let m = n - take;
        for a in 0..=m / 2 {
            options.push([a, m - a].into_iter().filter(|&p| p > 0).collect());
        }
    }
    options
}

/// (is the sum a P-position, its remoteness), by the definition.
fn direct(sum: &[u64], memo: &mut HashMap<Vec<u64>, (bool, u32)>) -> (bool, u32) {
    let mut key: Vec<u64> = sum.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&r) = memo.get(&key) {
        return r;
    }
    let mut followers = Vec::new();
    for i in 0..key.len() {
        for option in kayles_options(key[i]) {
            let mut next = key.clone();
            next.remove(i);
            next.extend(option);
            followers.push(direct(&next, memo));
        }
    }
    let result = if followers.is_empty() {
        (true, 0)
    } else if let Some(r) = followers.iter().filter(|f| f.0).map(|f| f.1).min() {
        (false, r + 1)
    } else {
        (true, followers.iter().map(|f| f.1).max().unwrap_or(0) + 1)
    };
    memo.insert(key, result);
    result
}

#[test]
fn kayles_sums_follow_the_definition() {
    let rules = HeapRuleset::new(HeapGame::new(TakeBreakCode::parse("0.77").unwrap()));
    let mut search = RemotenessSearch::new(&rules);
    let mut memo = HashMap::new();
    let mut longest = 0;
    for a in 0..=9u64 {
        for b in a..=9 {
            for c in b..=9 {
                let sum = [a, b, c];
                let (_, expected) = direct(&sum, &mut memo);
                longest = longest.max(expected);
                assert_eq!(search.remoteness(&sum).unwrap(), expected, "{sum:?}");
            }
        }
    }
    assert!(longest > 10, "{longest}");
}

#[test]
fn single_vertices_agree_with_the_loopy_solver_on_acyclic_graphs() {
    let mut x = 0x1234_5678u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for _ in 0..20 {
        let n = 60u32;
        let lists: Vec<Vec<u32>> = (0..n)
            .map(|v| {
                let d = next() % 4;
                (0..d)
                    .filter(|_| v + 1 < n)
                    .map(|_| v + 1 + (next() % u64::from(n - v - 1)) as u32)
                    .collect()
            })
            .collect();
        let names = (0..n).map(|i| format!("v{i}")).collect();
        let graph = Graph::from_followers(names, &lists).unwrap();
        let solution = LoopySolution::solve(graph.digraph());
        let mut search = RemotenessSearch::new(&graph);
        for v in 0..n {
            assert_eq!(
                search.remoteness(&[v]).unwrap(),
                solution.remoteness()[v as usize],
                "vertex {v}"
            );
        }
    }
}
