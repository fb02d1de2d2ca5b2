//! Misère outcomes of Kayles sums: grundy's memoised search over
//! multisets (interned components, mex of values) and grundy's misère
//! quotient (computed for the heaps up to the largest, then one product)
//! against a plain memoised search written here (sorted heap lists, P/N
//! only), measured in one run; each is checked to agree with the plain
//! search before it is timed. Ten heaps up to 40 are beyond the plain
//! search (and grundy's): only the quotient is timed there.
//!
//! Building quotients on their own: Dawson's Kayles to heap 30 (order
//! 360, Siegel's published Q₃₀), Kayles to heap 2000 (a settled quotient:
//! one conservative extension per heap) and 0.35 to heap 30 (a quotient
//! that grows at nearly every heap, each growth a run of candidates).

use std::collections::HashMap;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::heap::code::TakeBreakCode;
use grundy::heap::quotient::{misere_quotient, QuotientLimits};
use grundy::misere::MisereSearch;
use grundy::{HeapGame, HeapRuleset};

/// Kayles: knock down one pin or two adjacent pins, splitting the row.
fn kayles_options(n: u64) -> Vec<Vec<u64>> {
    let mut options = Vec::new();
    for take in 1..=2u64.min(n) {
        let m = n - take;
        for a in 0..=m / 2 {
            let parts: Vec<u64> = [a, m - a].into_iter().filter(|&p| p > 0).collect();
            options.push(parts);
        }
    }
    options
}

fn plain_is_p(sum: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key: Vec<u64> = sum.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&p) = memo.get(&key) {
        return p;
    }
    // No move at all: the player to move wins.
    let mut p = !key.is_empty();
    'moves: for i in 0..key.len() {
        for option in kayles_options(key[i]) {
            let mut next = key.clone();
            next.remove(i);
            next.extend(option);
            if plain_is_p(&next, memo) {
                p = false;
                break 'moves;
            }
        }
    }
    memo.insert(key, p);
    p
}

fn grundy_is_p(sum: &[u64]) -> bool {
    let rules = HeapRuleset::new(HeapGame::new(TakeBreakCode::parse("0.77").unwrap()));
    let mut search = MisereSearch::new(&rules);
    search.is_p_position(sum).unwrap()
}

fn sums(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere kayles");
    group.sample_size(10);
    for sum in [
        vec![3u64, 4, 7],
        vec![5, 6, 7, 8],
        vec![2, 4, 6, 8, 10],
        vec![9, 10, 11, 12],
    ] {
        let name = format!("{sum:?}");
        assert_eq!(
            grundy_is_p(&sum),
            plain_is_p(&sum, &mut HashMap::new()),
            "{name}"
        );
        group.bench_function(BenchmarkId::new("plain search", &name), |b| {
            b.iter(|| plain_is_p(&sum, &mut HashMap::new()))
        });
        group.bench_function(BenchmarkId::new("grundy search", &name), |b| {
            b.iter(|| grundy_is_p(&sum))
        });
    }
    group.finish();
}

fn kayles() -> HeapGame {
    HeapGame::new(TakeBreakCode::parse("0.77").unwrap())
}

fn quotient_is_p(sum: &[u64]) -> bool {
    let largest = sum.iter().copied().max().unwrap_or(0);
    let quotient =
        misere_quotient(&kayles(), largest, QuotientLimits::default(), &mut |_| {}).unwrap();
    quotient.is_p_position(sum).unwrap()
}

fn quotients(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere kayles quotient");
    group.sample_size(10);
    // Ten heaps: the plain search can still finish these.
    for sum in [
        vec![1u64, 1, 2, 2, 3, 3, 4, 4, 5, 5],
        vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    ] {
        let name = format!("{sum:?}");
        assert_eq!(
            quotient_is_p(&sum),
            plain_is_p(&sum, &mut HashMap::new()),
            "{name}"
        );
        group.bench_function(BenchmarkId::new("plain search", &name), |b| {
            b.iter(|| plain_is_p(&sum, &mut HashMap::new()))
        });
        group.bench_function(BenchmarkId::new("grundy quotient", &name), |b| {
            b.iter(|| quotient_is_p(&sum))
        });
    }
    let sum: Vec<u64> = (31..=40).rev().collect();
    group.bench_function(
        BenchmarkId::new("grundy quotient", format!("{sum:?}")),
        |b| b.iter(|| quotient_is_p(&sum)),
    );
    group.finish();
}

fn building(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere quotient building");
    group.sample_size(10);
    let build = |code: &str, heaps: u64| {
        let game = HeapGame::new(TakeBreakCode::parse(code).unwrap());
        misere_quotient(&game, heaps, QuotientLimits::default(), &mut |_| {}).unwrap()
    };
    // "Q_30(0.07) has size 360" (A. N. Siegel, miseregames.wordpress.com,
    // 28 August 2007); the other two orders are not published, so only
    // their heaps are asserted (every quotient returned is verified).
    for (code, heaps, published) in [
        ("0.07", 30u64, Some(360)),
        ("0.77", 2000, None),
        ("0.35", 30, None),
        // Many candidates, most of them refused or reduced: the case of
        // the incremental refinement.
        ("4.7", 30, None),
    ] {
        let quotient = build(code, heaps);
        assert_eq!(quotient.max_heap(), heaps);
        if let Some(order) = published {
            assert_eq!(quotient.order(), order, "{code}");
        }
        group.bench_function(BenchmarkId::new(code, heaps), |b| {
            b.iter(|| build(code, heaps))
        });
    }
    group.finish();
}

criterion_group!(benches, sums, quotients, building);
criterion_main!(benches);
