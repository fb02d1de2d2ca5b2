//! Splitting games without taking: `equal-split` (a heap of n becomes b >= 2
//! equal heaps, b dividing n) and `divisor` (a heap becomes one of its
//! proper divisors).

use crate::error::GameError;
use crate::nimber::MexSet;
use crate::ruleset::Options;
use crate::sequence::dense::Kernel;
use crate::sequence::NimSequence;

/// Calls `visit` with every divisor of `n` (n >= 1), in no particular order.
pub fn for_each_divisor(n: u64, mut visit: impl FnMut(u64)) {
    let mut d = 1u64;
    while d.saturating_mul(d) <= n {
        if n.is_multiple_of(d) {
            visit(d);
            if d != n / d {
                visit(n / d);
            }
        }
        d += 1;
    }
}

/// Options of a heap of `n` in `equal-split`: b equal heaps of n / b.
pub fn equal_split_options(n: u64, out: &mut Options<u64>) -> Result<(), GameError> {
    if n >= 2 {
        let mut splits = Vec::new();
        for_each_divisor(n, |b| {
            if b >= 2 {
                splits.push(b);
            }
        });
        splits.sort_unstable();
        for b in splits {
            let heaps = usize::try_from(b).map_err(|_| GameError::Limit {
                what: format!("splitting a heap into {b} heaps"),
                limit: "the address space".to_owned(),
            })?;
            out.push_option(std::iter::repeat_n(n / b, heaps));
        }
    }
    Ok(())
}

/// Options of a heap of `n` in `divisor`: each proper divisor.
pub fn divisor_options(n: u64, out: &mut Options<u64>) {
    if n >= 2 {
        let mut divisors = Vec::new();
        for_each_divisor(n, |d| {
            if d < n {
                divisors.push(d);
            }
        });
        divisors.sort_unstable();
        for d in divisors {
            out.push_option([d]);
        }
    }
}

/// Dense kernel for `equal-split`: b equal heaps are worth G(n/b) for odd
/// b and 0 for even b.
#[derive(Default)]
pub struct EqualSplitKernel {
    seen: MexSet,
}

impl Kernel for EqualSplitKernel {
    fn next_value(&mut self, g: &NimSequence) -> Result<u64, GameError> {
        let n = g.len();
        // A heap of n has fewer than 2 * sqrt(n) + 2 divisors.
        self.seen.reset(2 * (n as f64).sqrt() as usize + 2);
        if n >= 2 {
            let seen = &mut self.seen;
            for_each_divisor(n as u64, |b| {
                if b >= 2 {
                    seen.insert(if b % 2 == 1 { g.get(n / b as usize) } else { 0 });
                }
            });
        }
        Ok(self.seen.mex().value())
    }
}

/// Dense kernel for `divisor`.
#[derive(Default)]
pub struct DivisorKernel {
    seen: MexSet,
}

impl Kernel for DivisorKernel {
    fn next_value(&mut self, g: &NimSequence) -> Result<u64, GameError> {
        let n = g.len();
        self.seen.reset(2 * (n as f64).sqrt() as usize + 2);
        if n >= 2 {
            let seen = &mut self.seen;
            for_each_divisor(n as u64, |d| {
                if (d as usize) < n {
                    seen.insert(g.get(d as usize));
                }
            });
        }
        Ok(self.seen.mex().value())
    }
}
