//! The sparse and dense engines against their straightforward baselines,
//! measured in one run: criterion prints both times; their ratio is the
//! speed-up. Each pair is checked to agree before it is timed.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grundy::sequence::EngineChoice;
use grundy::spec::parse_heap_spec;

#[path = "baselines/plain_dense.rs"]
mod plain_dense;
#[path = "baselines/rare_common.rs"]
mod rare_common;

fn engine(spec: &str, choice: EngineChoice, n: usize) -> Vec<u64> {
    let game = parse_heap_spec(spec).unwrap();
    let mut engine = game.engine(choice).unwrap();
    engine.extend_to(n).unwrap();
    engine.values().to_vec()
}

fn widen(values: Vec<u32>) -> Vec<u64> {
    values.into_iter().map(u64::from).collect()
}

fn sparse_against_baseline(c: &mut Criterion) {
    for log in [18, 20] {
        sparse_group(c, log);
    }
}

fn sparse_group(c: &mut Criterion, log: u32) {
    let n = 1 << log;
    let mut group = c.benchmark_group(format!("sparse 2^{log}"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(n as u64));
    // (spec, take, unequal, single, mask): Grundy's game and Officers with
    // the masks Flammenkamp's tables use for them (every bit but the
    // lowest for Grundy's game; 0b111101110 is what grundy finds for 0.6).
    for (spec, take, unequal, single, mask) in [
        ("grundy", 0, true, false, 0b1111_1110u64),
        ("officers", 1, false, true, 0b1_1110_1110),
    ] {
        let ours = engine(spec, EngineChoice::Auto, n);
        assert_eq!(
            ours,
            widen(rare_common::rare_common(n, take, unequal, single, mask)),
            "{spec}"
        );
        group.bench_function(BenchmarkId::new("baseline rare/common", spec), |b| {
            b.iter(|| rare_common::rare_common(n, take, unequal, single, mask))
        });
        group.bench_function(BenchmarkId::new("grundy sparse", spec), |b| {
            b.iter(|| engine(spec, EngineChoice::Auto, n))
        });
    }
    group.finish();
}

fn dense_against_baseline(c: &mut Criterion) {
    let n = 1 << 16;
    let mut group = c.benchmark_group("dense 2^16");
    group.sample_size(10);
    group.throughput(Throughput::Elements(n as u64));
    let ours = engine("treblecross", EngineChoice::Dense, n);
    assert_eq!(ours, widen(plain_dense::plain_dense(n, 3, true, true)));
    group.bench_function(
        BenchmarkId::new("baseline plain scalar", "treblecross"),
        |b| b.iter(|| plain_dense::plain_dense(n, 3, true, true)),
    );
    group.bench_function(BenchmarkId::new("grundy dense", "treblecross"), |b| {
        b.iter(|| engine("treblecross", EngineChoice::Dense, n))
    });
    group.finish();
}

criterion_group!(benches, sparse_against_baseline, dense_against_baseline);
criterion_main!(benches);
