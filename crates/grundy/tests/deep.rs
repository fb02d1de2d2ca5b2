//! A game a million moves deep must evaluate without overflowing a stack.

use std::time::Instant;

use grundy::{GameError, Options, Ruleset, Solver};

/// A chain: from n the only move is to n - 1.
struct Chain;
impl Ruleset for Chain {
    type Position = u64;
    fn options(&self, n: &u64, out: &mut Options<u64>) -> Result<(), GameError> {
        if *n > 0 {
            out.push_option([n - 1]);
        }
        Ok(())
    }
}

#[test]
fn chain_of_a_million_moves() {
    let start = Instant::now();
    let mut solver = Solver::new(&Chain);
    let depth = 1_000_000u64;
    assert_eq!(solver.value(&depth).unwrap().value(), depth % 2);
    assert_eq!(solver.value(&(depth - 1)).unwrap().value(), (depth - 1) % 2);
    assert_eq!(solver.memo_len(), depth as usize + 1);
    eprintln!("deep chain of {depth} moves: {:?}", start.elapsed());
}
