//! The nimber field: grundy's table products against the plain recursion
//! on Fermat 2-powers ([`grundy::nim_mul_recursive`]), and inverses and
//! square roots down the tower of subfields against powers
//! (a^(2^64 − 2), a^(2^63)) by the recursive product. Every batch is
//! checked against the reference before it is timed.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use grundy::{nim_mul_recursive, Nimber};

const BATCH: usize = 4096;

fn random_words(count: usize, seed: u64) -> Vec<u64> {
    let mut x = seed;
    (0..count)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
        .collect()
}

fn pow_recursive(a: u64, mut e: u64) -> u64 {
    let (mut result, mut base) = (1u64, a);
    while e > 0 {
        if e & 1 == 1 {
            result = nim_mul_recursive(result, base);
        }
        base = nim_mul_recursive(base, base);
        e >>= 1;
    }
    result
}

fn products(c: &mut Criterion) {
    let a = random_words(BATCH, 0x1234_5678_9abc_def1);
    let b = random_words(BATCH, 0x0fed_cba9_8765_4321);
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(
            (Nimber::new(*x) * Nimber::new(*y)).value(),
            nim_mul_recursive(*x, *y)
        );
    }
    let mut group = c.benchmark_group("nim_product_64bit");
    group.throughput(Throughput::Elements(BATCH as u64));
    group.bench_function("tables", |bench| {
        bench.iter(|| {
            let mut acc = 0u64;
            for (x, y) in a.iter().zip(&b) {
                acc ^= (Nimber::new(*x) * Nimber::new(*y)).value();
            }
            black_box(acc)
        });
    });
    group.bench_function("recursive", |bench| {
        bench.iter(|| {
            let mut acc = 0u64;
            for (x, y) in a.iter().zip(&b) {
                acc ^= nim_mul_recursive(*x, *y);
            }
            black_box(acc)
        });
    });
    group.finish();

    let few = &a[..256];
    for &x in few.iter().take(16) {
        assert_eq!(
            Nimber::new(x).nim_inv().map(Nimber::value),
            Some(pow_recursive(x, u64::MAX - 1))
        );
        assert_eq!(Nimber::new(x).nim_sqrt().value(), pow_recursive(x, 1 << 63));
    }
    let mut group = c.benchmark_group("nim_inverse_and_root");
    group.throughput(Throughput::Elements(few.len() as u64));
    group.bench_function("inverse_tower", |bench| {
        bench.iter(|| {
            few.iter().fold(0u64, |acc, &x| {
                acc ^ Nimber::new(x).nim_inv().map_or(0, Nimber::value)
            })
        });
    });
    group.bench_function("inverse_power_recursive", |bench| {
        bench.iter(|| {
            few.iter()
                .fold(0u64, |acc, &x| acc ^ pow_recursive(x, u64::MAX - 1))
        });
    });
    group.bench_function("sqrt_tower", |bench| {
        bench.iter(|| {
            few.iter()
                .fold(0u64, |acc, &x| acc ^ Nimber::new(x).nim_sqrt().value())
        });
    });
    group.bench_function("sqrt_power_recursive", |bench| {
        bench.iter(|| {
            few.iter()
                .fold(0u64, |acc, &x| acc ^ pow_recursive(x, 1 << 63))
        });
    });
    group.finish();
}

criterion_group!(benches, products);
criterion_main!(benches);
