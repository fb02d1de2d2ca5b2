//! Splitting games without taking: `equal-split` (a heap of n becomes b >= 2
//! equal heaps, b dividing n) and `divisor` (a heap becomes one of its
//! proper divisors).

use std::convert::Infallible;

use crate::error::GameError;
use crate::heap::{describe_heap_move, HeapFamily, MoveCount};
use crate::nimber::MexSet;
use crate::period::ProofRule;
use crate::ruleset::Options;
use crate::sequence::dense::Kernel;
use crate::sequence::NimSequence;
use crate::spec_form::SpecForm;

/// `equal-split`: a heap of n becomes b >= 2 equal heaps, b dividing n.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EqualSplit;

/// `divisor`: a heap becomes one of its proper divisors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Divisor;

impl SpecForm for EqualSplit {
    const FORM: &'static str = "equal-split";
    const ABOUT: &'static str = "split a heap of n into b >= 2 equal heaps (b divides n)";
    const EXAMPLE: &'static str = "equal-split";
    const PREFIX: Option<&'static str> = None;
    type Error = Infallible;

    fn from_spec(text: &str) -> Option<Result<EqualSplit, Infallible>> {
        text.eq_ignore_ascii_case("equal-split")
            .then_some(Ok(EqualSplit))
    }
}

impl HeapFamily for EqualSplit {
    fn options(&self, n: u64, out: &mut Options<u64>) -> Result<(), GameError> {
        equal_split_options(n, out)
    }

    fn dense_kernel(&self) -> Result<Box<dyn Kernel>, GameError> {
        Ok(Box::<EqualSplitKernel>::default())
    }

    fn proof_rule(&self) -> ProofRule {
        ProofRule::Observed("no periodicity theorem covers splitting games".to_owned())
    }

    fn move_count(&self) -> MoveCount {
        MoveCount::AboutOnePerToken
    }

    fn closed_form_value(&self, n: u64) -> Option<u64> {
        Some(equal_split_value(n))
    }

    fn closed_form_statement(&self) -> Option<String> {
        Some("G(n) = Ω(n) for odd n and 1 + Ω(odd part of n) for even n, Ω counting prime factors with repetition (proved by induction)".to_owned())
    }
}

impl SpecForm for Divisor {
    const FORM: &'static str = "divisor";
    const ABOUT: &'static str = "replace a heap by one of its proper divisors";
    const EXAMPLE: &'static str = "divisor";
    const PREFIX: Option<&'static str> = None;
    type Error = Infallible;

    fn from_spec(text: &str) -> Option<Result<Divisor, Infallible>> {
        text.eq_ignore_ascii_case("divisor").then_some(Ok(Divisor))
    }
}

impl HeapFamily for Divisor {
    fn options(&self, n: u64, out: &mut Options<u64>) -> Result<(), GameError> {
        divisor_options(n, out);
        Ok(())
    }

    fn dense_kernel(&self) -> Result<Box<dyn Kernel>, GameError> {
        Ok(Box::<DivisorKernel>::default())
    }

    fn proof_rule(&self) -> ProofRule {
        ProofRule::Observed("no periodicity theorem covers splitting games".to_owned())
    }

    fn move_count(&self) -> MoveCount {
        MoveCount::Few
    }

    fn closed_form_value(&self, n: u64) -> Option<u64> {
        Some(divisor_value(n))
    }

    fn closed_form_statement(&self) -> Option<String> {
        Some("G(n) = Ω(n), the number of prime factors of n counted with repetition (proved by induction)".to_owned())
    }

    fn describe_move(&self, from: u64, to: &[u64]) -> String {
        match to {
            [d] => format!("replace the heap of {from} by a heap of {d}, one of its divisors"),
            _ => describe_heap_move(from, to),
        }
    }
}

/// Calls `visit` with every divisor of `n` (n >= 1), in no particular order.
pub fn for_each_divisor(n: u64, mut visit: impl FnMut(u64)) {
    if n == 0 {
        return;
    }
    for d in crate::factor::divisors(n) {
        visit(d);
    }
}

/// G(n) in `divisor`, for any n: **G(n) = Ω(n)** (and G(0) = 0).
///
/// Proof, by induction on n: the proper divisors of n have Ω from 0 to
/// Ω(n) − 1, every one of those values taken (divide out one prime at a
/// time), and none has Ω(n); so the mex of their values is Ω(n).
#[must_use]
pub fn divisor_value(n: u64) -> u64 {
    if n == 0 {
        0
    } else {
        crate::factor::big_omega(n)
    }
}

/// G(n) in `equal-split`, for any n: with n = 2^a · o, o odd,
/// **G(n) = Ω(o) when a = 0 and 1 + Ω(o) when a ≥ 1** (and G(0) = 0).
///
/// Proof, by induction on o: a split into b heaps of n / b has value 0 when
/// b is even (equal heaps cancel) and G(n / b) when b is odd. For odd n the
/// options are the odd b ≥ 3 dividing n, giving the values Ω(o') of every
/// proper divisor o' of o: every value below Ω(o) and not Ω(o), so the mex
/// is Ω(o). For even n, b = 2 gives 0, and the odd b give 1 + Ω(o') for
/// every proper divisor o' of o: every value from 0 to Ω(o), so the mex is
/// 1 + Ω(o).
#[must_use]
pub fn equal_split_value(n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    let a = n.trailing_zeros();
    let odd = n >> a;
    crate::factor::big_omega(odd) + u64::from(a > 0)
}

/// Most heaps the options of one heap may list in `equal-split` (a heap of
/// n splits into as many as n heaps of 1).
pub const MAX_SPLIT_COMPONENTS: u64 = 1 << 24;

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
        let components: u64 = splits.iter().fold(0u64, |acc, &b| acc.saturating_add(b));
        if components > MAX_SPLIT_COMPONENTS {
            return Err(GameError::Limit {
                what: format!("listing the splits of a heap of {n} ({components} heaps in all)"),
                limit: format!("{MAX_SPLIT_COMPONENTS} heaps"),
            });
        }
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
