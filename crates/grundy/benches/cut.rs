//! The cuboid-game table engine against the textbook loop, in one run:
//! criterion reports both times, and their ratio is the speed-up.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::cut::{Cuboid, CutTable};

#[path = "baselines/textbook_cuboid.rs"]
mod textbook;

fn cut_tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("cut:3 table");
    group.sample_size(10);
    let n = 40;
    // Both engines must agree before either is timed.
    let reference = textbook::textbook_table(n);
    let engine = CutTable::compute(3, n, &|_, _| Ok(())).unwrap();
    for x in 1..=n as u32 {
        for y in 1..=n as u32 {
            for z in 1..=n as u32 {
                let value = engine.value(&Cuboid::new(&[x, y, z]).unwrap()).unwrap();
                assert_eq!(
                    value,
                    u64::from(reference[textbook::at(x as usize, y as usize, z as usize)])
                );
            }
        }
    }
    group.bench_function(BenchmarkId::new("textbook", n), |b| {
        b.iter(|| textbook::textbook_table(n))
    });
    group.bench_function(BenchmarkId::new("grundy", n), |b| {
        b.iter(|| CutTable::compute(3, n, &|_, _| Ok(())).unwrap())
    });
    group.bench_function(BenchmarkId::new("grundy", 100), |b| {
        b.iter(|| {
            let table = CutTable::compute(3, 100, &|_, _| Ok(())).unwrap();
            // The same value as the naive-checked engine gives at 100^3.
            assert!(table
                .value(&Cuboid::new(&[100, 100, 100]).unwrap())
                .is_some());
        })
    });
    group.finish();
}

criterion_group!(benches, cut_tables);
criterion_main!(benches);
