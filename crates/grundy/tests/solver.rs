//! The generic solver and sums, checked against independent computations:
//! hand-solved games, the graph engine, and the XOR rule on explicit sums.

use grundy::{analyze_sum, GameError, Graph, Nimber, Options, Outcome, Ruleset, Solver};
use proptest::prelude::*;

/// A small acyclic game given by successor lists; vertex i only moves to
/// vertices below i.
#[derive(Clone, Debug)]
struct Dag {
    successors: Vec<Vec<usize>>,
}

impl Ruleset for Dag {
    type Position = usize;
    fn options(&self, p: &usize, out: &mut Options<usize>) -> Result<(), GameError> {
        for &s in &self.successors[*p] {
            out.push_option([s]);
        }
        Ok(())
    }
}

impl Dag {
    fn as_text(&self) -> String {
        let mut text = String::new();
        for (v, succ) in self.successors.iter().enumerate() {
            text.push_str(&format!("v{v}:"));
            for s in succ {
                text.push_str(&format!(" v{s}"));
            }
            text.push('\n');
        }
        text
    }
}

/// The sum A + B built explicitly: a position is a pair, a move changes
/// exactly one side.
struct ExplicitSum<'a> {
    a: &'a Dag,
    b: &'a Dag,
}

impl Ruleset for ExplicitSum<'_> {
    type Position = (usize, usize);
    fn options(
        &self,
        p: &(usize, usize),
        out: &mut Options<(usize, usize)>,
    ) -> Result<(), GameError> {
        for &x in &self.a.successors[p.0] {
            out.push_option([(x, p.1)]);
        }
        for &y in &self.b.successors[p.1] {
            out.push_option([(p.0, y)]);
        }
        Ok(())
    }
}

fn dag_strategy(max_vertices: usize) -> impl Strategy<Value = Dag> {
    (1..=max_vertices)
        .prop_flat_map(|n| {
            let lists: Vec<_> = (0..n)
                .map(|i| proptest::collection::vec(0..i.max(1), 0..=i.min(5)))
                .collect();
            lists
        })
        .prop_map(|lists| Dag {
            successors: lists
                .into_iter()
                .enumerate()
                .map(|(i, l)| if i == 0 { Vec::new() } else { l })
                .collect(),
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn sum_value_is_xor_of_parts(a in dag_strategy(12), b in dag_strategy(12)) {
        let mut solve_a = Solver::new(&a);
        let mut solve_b = Solver::new(&b);
        let sum = ExplicitSum { a: &a, b: &b };
        let mut solve_sum = Solver::new(&sum);
        for x in 0..a.successors.len() {
            for y in 0..b.successors.len() {
                let ga = solve_a.value(&x).unwrap();
                let gb = solve_b.value(&y).unwrap();
                let g = solve_sum.value(&(x, y)).unwrap();
                prop_assert_eq!(g, ga ^ gb);
                let analysis = analyze_sum(&mut solve_a, &[x]).unwrap();
                prop_assert_eq!(analysis.outcome == Outcome::P, analysis.value.is_zero());
            }
        }
    }

    #[test]
    fn winning_moves_are_exactly_the_moves_to_zero(a in dag_strategy(10), x in 0usize..10, y in 0usize..10) {
        let x = x % a.successors.len();
        let y = y % a.successors.len();
        let mut solver = Solver::new(&a);
        let analysis = analyze_sum(&mut solver, &[x, y]).unwrap();
        // Brute force over the explicit sum: every option of value 0.
        let sum = ExplicitSum { a: &a, b: &a };
        let mut sum_solver = Solver::new(&sum);
        let mut options = Options::new();
        sum.options(&(x, y), &mut options).unwrap();
        let mut expected: Vec<(usize, usize)> = Vec::new();
        for option in options.iter() {
            if sum_solver.value(&option[0]).unwrap().is_zero() && !expected.contains(&option[0]) {
                expected.push(option[0]);
            }
        }
        let mut found: Vec<(usize, usize)> = analysis.winning_moves.iter().map(|m| { let r = m.result(&[x, y]); (r[0], r[1]) }).collect();
        expected.sort_unstable();
        found.sort_unstable();
        // The same option reached in either component is one sum but two moves.
        found.dedup();
        prop_assert_eq!(found, expected);
        prop_assert_eq!(analysis.winning_moves.is_empty(), analysis.value.is_zero());
    }

    #[test]
    fn graph_engine_agrees_with_solver(a in dag_strategy(40)) {
        let graph = Graph::parse(&a.as_text()).unwrap();
        let all = graph.solve_all().unwrap();
        let mut solver = Solver::new(&a);
        for v in 0..a.successors.len() {
            prop_assert_eq!(all[graph.vertex(&format!("v{v}")).unwrap() as usize], solver.value(&v).unwrap());
        }
    }
}

#[test]
fn hand_solved_games() {
    // 0 terminal; 1 -> 0; 2 -> 0,1; 3 -> 1; 4 -> 2,3; 5 -> 1,3
    let dag = Dag {
        successors: vec![vec![], vec![0], vec![0, 1], vec![1], vec![2, 3], vec![1, 3]],
    };
    let mut solver = Solver::new(&dag);
    let values: Vec<u64> = (0..6).map(|p| solver.value(&p).unwrap().value()).collect();
    assert_eq!(values, vec![0, 1, 2, 0, 1, 2]);
}

/// Options that are sums: a heap of n may split into two nonempty heaps
/// (no tokens removed) or lose one token. Values computed by hand.
struct SplitOrTakeOne;
impl Ruleset for SplitOrTakeOne {
    type Position = u32;
    fn options(&self, n: &u32, out: &mut Options<u32>) -> Result<(), GameError> {
        if *n >= 1 {
            if *n == 1 {
                out.push_option([]);
            } else {
                out.push_option([n - 1]);
            }
        }
        for a in 1..*n {
            out.push_option([a, n - a]);
        }
        Ok(())
    }
}

#[test]
fn options_that_are_sums() {
    let mut solver = Solver::new(&SplitOrTakeOne);
    // G0=0; G1=mex{0}=1; G2=mex{G1, G1^G1}=mex{1,0}=2;
    // G3=mex{G2, G1^G2, G2^G1}=mex{2,3}=0; G4=mex{G3,G1^G3,G2^G2,G3^G1}=mex{0,1,0,1}=2
    let values: Vec<u64> = (0..5).map(|n| solver.value(&n).unwrap().value()).collect();
    assert_eq!(values, vec![0, 1, 2, 0, 2]);
}

/// A game whose rules loop: n -> n + 1 below a cap, and n -> 0.
struct Loop;
impl Ruleset for Loop {
    type Position = u32;
    fn options(&self, n: &u32, out: &mut Options<u32>) -> Result<(), GameError> {
        out.push_option([(n + 1) % 5]);
        Ok(())
    }
    fn format_position(&self, n: &u32) -> String {
        format!("p{n}")
    }
}

#[test]
fn cycle_is_a_typed_error_naming_a_position() {
    let mut solver = Solver::new(&Loop);
    match solver.value(&2) {
        Err(GameError::Cycle { position }) => {
            assert!(["p0", "p1", "p2", "p3", "p4"].contains(&position.as_str()));
        }
        other => panic!("expected a cycle, got {other:?}"),
    }
    // The solver stays usable after the error.
    assert!(solver.value(&3).is_err());
}

#[test]
fn nimber_arithmetic_is_exported() {
    assert_eq!(Nimber::new(5) ^ Nimber::new(3), Nimber::new(6));
}

/// A valuation other than normal play, through the same traversal: the
/// length of the longest play from a position (the sum of its components'
/// lengths for an option, one more than the longest option).
struct LongestPlay;

impl<R: grundy::Ruleset> grundy::solver::Valuation<R> for LongestPlay {
    type Value = u64;

    fn known(&self, _: &R, _: &R::Position) -> Option<u64> {
        None
    }

    fn of_options(&mut self, values: &[u64], ends: &[usize]) -> u64 {
        let mut start = 0;
        let mut longest = None;
        for &end in ends {
            let option: u64 = values[start..end].iter().sum();
            longest = longest.max(Some(option + 1));
            start = end;
        }
        longest.unwrap_or(0)
    }

    fn placeholder(&self) -> u64 {
        0
    }
}

#[test]
fn the_traversal_computes_other_valuations() {
    use grundy::heap::HeapGame;
    use grundy::solver::Traversal;
    // In Nim the longest play from a heap of n takes one token at a time.
    let nim = grundy::HeapRuleset::new(HeapGame::new(grundy::heap::nim::Nim));
    let mut longest = Traversal::with_valuation(&nim, LongestPlay);
    for n in 0..40u64 {
        assert_eq!(longest.value(&n).unwrap(), n);
    }
    // In Kayles a row of n pins lasts at most n moves (one pin each), and
    // the traversal still reports cycles the same way (none here).
    let kayles =
        grundy::HeapRuleset::new(HeapGame::new(grundy::TakeBreakCode::parse("0.77").unwrap()));
    let mut longest = Traversal::with_valuation(&kayles, LongestPlay);
    for n in 0..30u64 {
        assert_eq!(longest.value(&n).unwrap(), n);
    }
}
