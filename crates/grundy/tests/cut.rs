//! The cutting games: the table engine against the generic solver and a
//! deliberately naive cell-by-cell evaluator, symmetry, and sums.

use std::collections::{HashMap, HashSet};

use grundy::cut::{Cuboid, CutGame, CutTable};
use grundy::{analyze_sum, Ruleset, Solver};
use proptest::prelude::*;

fn table(dim: usize, max: usize) -> CutTable {
    CutTable::compute(dim, max, &|_, _| Ok(())).unwrap()
}

fn every_box(dim: usize, max: u32) -> Vec<Vec<u32>> {
    let mut boxes = vec![vec![]];
    for _ in 0..dim {
        boxes = boxes
            .into_iter()
            .flat_map(|b| {
                (1..=max).map(move |s| {
                    let mut b = b.clone();
                    b.push(s);
                    b
                })
            })
            .collect();
    }
    boxes
}

#[test]
fn engine_agrees_with_the_generic_solver() {
    for (dim, max) in [(1usize, 8u32), (2, 8), (3, 8), (4, 4)] {
        let engine = table(dim, max as usize);
        let game = CutGame::new(dim).unwrap();
        let mut solver = Solver::new(&game);
        for sides in every_box(dim, max) {
            let cuboid = Cuboid::new(&sides).unwrap();
            assert_eq!(
                engine.value(&cuboid).unwrap(),
                solver.value(&cuboid).unwrap().value(),
                "cut:{dim} {cuboid}"
            );
        }
    }
}

/// The definition, cell by cell: every cell of the box, the eight boxes
/// it leaves, no symmetry used, a hash map as the memo.
fn naive_3d(x: usize, y: usize, z: usize, memo: &mut HashMap<(usize, usize, usize), u64>) -> u64 {
    if x == 0 || y == 0 || z == 0 {
        return 0;
    }
    if let Some(&v) = memo.get(&(x, y, z)) {
        return v;
    }
    let mut seen = HashSet::new();
    for a in 0..x {
        for b in 0..y {
            for c in 0..z {
                let mut value = 0;
                for &p in &[a, x - 1 - a] {
                    for &q in &[b, y - 1 - b] {
                        for &r in &[c, z - 1 - c] {
                            value ^= naive_3d(p, q, r, memo);
                        }
                    }
                }
                seen.insert(value);
            }
        }
    }
    let mut mex = 0;
    while seen.contains(&mex) {
        mex += 1;
    }
    memo.insert((x, y, z), mex);
    mex
}

#[test]
fn engine_agrees_with_the_naive_definition_up_to_12() {
    let engine = table(3, 12);
    let mut memo = HashMap::new();
    for sides in every_box(3, 12) {
        let (x, y, z) = (sides[0] as usize, sides[1] as usize, sides[2] as usize);
        let cuboid = Cuboid::new(&sides).unwrap();
        assert_eq!(
            engine.value(&cuboid).unwrap(),
            naive_3d(x, y, z, &mut memo),
            "{cuboid}"
        );
    }
}

#[test]
fn one_dimension_is_a_take_and_break_code() {
    // A strip losing one cell leaves zero, one or two strips: code 0.7.
    let strip = table(1, 200);
    let code = grundy::spec::parse_heap_spec("0.7")
        .unwrap()
        .nim_sequence(201)
        .unwrap();
    for n in 1..=200u32 {
        assert_eq!(
            strip.value(&Cuboid::new(&[n]).unwrap()).unwrap(),
            code.get(n as usize),
            "{n}"
        );
    }
}

#[test]
fn winning_cuts_leave_zero() {
    let engine = table(3, 12);
    let game = CutGame::new(3).unwrap().with_table(engine);
    let position = vec![
        Cuboid::new(&[12, 11, 7]).unwrap(),
        Cuboid::new(&[4, 5, 6]).unwrap(),
    ];
    let mut solver = Solver::new(&game);
    let analysis = analyze_sum(&mut solver, &position).unwrap();
    assert_eq!(analysis.winning_moves.is_empty(), analysis.value.is_zero());
    for m in &analysis.winning_moves {
        assert!(solver.sum_value(&m.result(&position)).unwrap().is_zero());
        assert!(game.find_cut(&m.from, &m.to).is_some());
        assert!(game.describe_move(&m.from, &m.to).starts_with("cut cell ("));
    }
}

#[test]
fn a_table_stops_when_its_progress_says_so() {
    // The callback's error ends the computation after the layer it was
    // called for: no later layer runs, and the error is returned as it was.
    let calls = std::sync::atomic::AtomicU64::new(0);
    let error = CutTable::compute(2, 60, &|done, total| {
        calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        assert!(done < total, "stopped at the first layer");
        Err(grundy::GameError::Stopped {
            reason: "asked to".to_owned(),
        })
    })
    .unwrap_err();
    assert_eq!(error.to_string(), "stopped: asked to");
    assert_eq!(calls.into_inner(), 1);
}

#[test]
fn table_limits_are_errors() {
    assert!(CutTable::compute(4, 100_000, &|_, _| Ok(())).is_err());
    assert!(CutTable::compute(5, 3, &|_, _| Ok(())).is_err());
    assert!(CutGame::new(0).is_err());
    let game = CutGame::new(3).unwrap();
    assert!(game.parse_position("3x4").is_err());
    assert!(game.parse_position("3xax4").is_err());
    assert_eq!(game.parse_position("3x4x5").unwrap().sides(), &[3, 4, 5]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn values_do_not_depend_on_the_order_of_the_sides(
        sides in proptest::collection::vec(1u32..=14, 3),
        rotation in 0usize..3,
        swap in any::<bool>(),
    ) {
        let engine = table(3, 14);
        let mut permuted = sides.clone();
        permuted.rotate_left(rotation);
        if swap {
            permuted.swap(0, 1);
        }
        let a = engine.value(&Cuboid::new(&sides).unwrap()).unwrap();
        let b = engine.value(&Cuboid::new(&permuted).unwrap()).unwrap();
        prop_assert_eq!(a, b);
        // The generic solver, which knows nothing of the symmetry, agrees.
        let game = CutGame::new(3).unwrap();
        let mut solver = Solver::new(&game);
        if sides.iter().all(|&s| s <= 7) {
            prop_assert_eq!(solver.value(&Cuboid::new(&permuted).unwrap()).unwrap().value(), a);
        }
    }
}
