//! Loopy graphs: grundy's level-by-level solver with counters against a
//! straightforward fixpoint written here (for each value m, repeat passes
//! over every vertex until nothing changes), on random graphs with cycles;
//! both are checked to agree before they are timed.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::loopy::{Digraph, LoopySolution, INFINITE};

fn random_graph(n: usize, degree: usize, seed: u64) -> (Vec<u32>, Vec<u32>) {
    let mut x = seed;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut offsets = vec![0u32];
    let mut successors = Vec::new();
    for _ in 0..n {
        if next() % 20 != 0 {
            for _ in 0..degree {
                successors.push((next() % n as u64) as u32);
            }
        }
        offsets.push(successors.len() as u32);
    }
    (offsets, successors)
}

/// Smith's values by the definition, one value at a time, each by passes
/// until nothing changes.
fn fixpoint(offsets: &[u32], successors: &[u32]) -> Vec<u32> {
    let n = offsets.len() - 1;
    let followers = |v: usize| &successors[offsets[v] as usize..offsets[v + 1] as usize];
    let mut label = vec![INFINITE; n];
    for m in 0u32.. {
        let candidate = |label: &[u32], v: usize| {
            label[v] == INFINITE
                && (0..m).all(|j| followers(v).iter().any(|&w| label[w as usize] == j))
        };
        if !(0..n).any(|v| candidate(&label, v)) {
            break;
        }
        loop {
            let mut changed = false;
            for v in 0..n {
                if !candidate(&label, v) || followers(v).iter().any(|&w| label[w as usize] == m) {
                    continue;
                }
                // Every unlabelled follower must be answered by a move to m.
                let answered = followers(v).iter().all(|&w| {
                    label[w as usize] != INFINITE
                        || followers(w as usize)
                            .iter()
                            .any(|&x| label[x as usize] == m)
                });
                if answered {
                    label[v] = m;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }
    label
}

fn loopy(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy graph");
    group.sample_size(10);
    for n in [2_000usize, 20_000] {
        let (offsets, successors) = random_graph(n, 3, 0x9e37_79b9 + n as u64);
        let graph = Digraph {
            offsets: &offsets,
            successors: &successors,
        };
        let ours = LoopySolution::solve(graph);
        assert_eq!(ours.labels(), fixpoint(&offsets, &successors).as_slice());
        let name = format!("{n} vertices");
        group.bench_function(BenchmarkId::new("grundy", &name), |b| {
            b.iter(|| LoopySolution::solve(graph))
        });
        group.bench_function(BenchmarkId::new("fixpoint", &name), |b| {
            b.iter(|| fixpoint(&offsets, &successors))
        });
    }
    // A chain v -> v + 1 towards the terminal end, with a loop back every
    // 100 vertices: values are settled from the end, one vertex per pass of
    // the fixpoint.
    let n = 5_000u32;
    let mut offsets = vec![0u32];
    let mut successors = Vec::new();
    for v in 0..n {
        if v + 1 < n {
            successors.push(v + 1);
        }
        if v % 100 == 50 {
            successors.push(v - 50);
        }
        offsets.push(successors.len() as u32);
    }
    let graph = Digraph {
        offsets: &offsets,
        successors: &successors,
    };
    assert_eq!(
        LoopySolution::solve(graph).labels(),
        fixpoint(&offsets, &successors).as_slice()
    );
    group.bench_function(BenchmarkId::new("grundy", "chain of 5000"), |b| {
        b.iter(|| LoopySolution::solve(graph))
    });
    group.bench_function(BenchmarkId::new("fixpoint", "chain of 5000"), |b| {
        b.iter(|| fixpoint(&offsets, &successors))
    });
    group.finish();
}

criterion_group!(benches, loopy);
criterion_main!(benches);
