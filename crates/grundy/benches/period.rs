//! Periodicity detection on long constructed sequences: linear time, so a
//! million values with preperiod and period near 10^5 take milliseconds.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grundy::period::{detect, Periodicity};

/// A pseudo-random sequence: 100_003 values of preperiod, then a block of
/// 99_991 values repeated to a million.
fn constructed() -> (Vec<i64>, Periodicity) {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % 64) as i64
    };
    let (e, p, n) = (100_003usize, 99_991usize, 1_000_000usize);
    let mut values: Vec<i64> = (0..e).map(|_| next()).collect();
    let block: Vec<i64> = (0..p).map(|_| next()).collect();
    values.extend((0..n - e).map(|i| block[i % p]));
    // Make sure the preperiod really ends at e.
    values[e - 1] = values[e - 1 + p] + 1;
    (
        values,
        Periodicity {
            preperiod: e,
            period: p,
            saltus: 0,
        },
    )
}

fn detection(c: &mut Criterion) {
    let (values, expected) = constructed();
    let mut group = c.benchmark_group("period");
    group.sample_size(10);
    group.throughput(Throughput::Elements(values.len() as u64));
    group.bench_function("detect 10^6 values, e and p near 10^5", |b| {
        b.iter(|| assert_eq!(detect(&values), Some(expected)))
    });
    group.finish();
}

criterion_group!(benches, detection);
criterion_main!(benches);
