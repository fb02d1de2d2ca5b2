//! A game defined by a Rhai script's `fn moves(p)` over pairs (issue 55):
//! a king walking to the corner of a board, positions (r, c), the table up
//! to 149 (22,500 positions, three moves each, each position's moves asked
//! of the script once). The time per table over 22,500 is the time per
//! position; the aim is at least 10^5 positions a second. The table is
//! checked against the king's rule (P exactly when both coordinates are
//! even) before anything is timed.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::script::ScriptMoves;
use grundy::sum_evaluator::SumEvaluator;

const KING: &str = include_str!("../../../examples/king-to-corner.rhai");
const SIDE: u64 = 150;

fn table() -> Vec<u32> {
    // A fresh game each time: nothing remembered from the last run.
    let game = ScriptMoves::compile("king-to-corner.rhai", KING)
        .expect("the script defines moves(p)")
        .expect("the script compiles");
    let grid = game.value_grid().expect("start(x, y) lays out a table");
    grid.table(SIDE - 1).expect("the table").values
}

fn positions(c: &mut Criterion) {
    let values = table();
    for r in 0..SIDE as usize {
        for col in 0..SIDE as usize {
            let p = values[r * SIDE as usize + col] == 0;
            assert_eq!(p, r % 2 == 0 && col % 2 == 0, "({r},{col})");
        }
    }
    let mut group = c.benchmark_group("positions");
    group.sample_size(10);
    group.bench_function("king 150x150 table, Rhai moves(p)", |b| b.iter(table));
    group.finish();
}

criterion_group!(benches, positions);
criterion_main!(benches);
