//! Tables over two coordinates: the 1000 x 1000 Wythoff table by value
//! sets, the 1024 x 1024 table of tartan(ruler,ruler) by nim-products, and
//! the Wythoff table's ratio to the generic solver on 150 x 150 (both
//! checked equal before they are timed).

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::grid::ValueGrid;
use grundy::spec::{parse_spec, Game};
use grundy::wythoff::Wythoff;
use grundy::Solver;

fn solver_table(size: u64) -> Vec<u64> {
    let rules = Wythoff::new(1).unwrap();
    let mut solver = Solver::new(&rules);
    (0..size)
        .flat_map(|x| (0..size).map(move |y| (x, y)))
        .map(|p| solver.value(&p).unwrap().value())
        .collect()
}

fn tables(c: &mut Criterion) {
    let wythoff = Wythoff::new(1).unwrap();
    let small = wythoff.table(149).unwrap();
    assert_eq!(
        small
            .values
            .iter()
            .map(|&v| u64::from(v))
            .collect::<Vec<_>>(),
        solver_table(150)
    );
    // Wythoff's pairs are the zeros: (1,2) and (3,5).
    assert_eq!(
        (small.get(1, 2), small.get(3, 5), small.get(2, 2)),
        (0, 0, 1)
    );
    let mut group = c.benchmark_group("tables");
    group.sample_size(10);
    group.bench_function("wythoff_150_value_sets", |b| {
        b.iter(|| wythoff.table(149).unwrap())
    });
    group.bench_function("wythoff_150_generic_solver", |b| {
        b.iter(|| solver_table(150))
    });
    group.bench_function("wythoff_1000_value_sets", |b| {
        b.iter(|| wythoff.table(999).unwrap())
    });
    let Ok(Game::Positional(rugs)) = parse_spec("tartan(ruler,ruler)") else {
        panic!("tartan(ruler,ruler) parses")
    };
    let grid = rugs.value_grid().unwrap();
    let table = grid.table(1024).unwrap();
    assert_eq!(table.get(8, 8), 13); // 8 ⊗ 8
    group.bench_function("tartan_ruler_ruler_1024", |b| {
        b.iter(|| grid.table(1024).unwrap())
    });
    group.finish();
}

criterion_group!(benches, tables);
criterion_main!(benches);
