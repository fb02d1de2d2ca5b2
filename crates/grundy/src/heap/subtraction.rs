//! Subtraction games: take s tokens from one heap, for s in a set
//! (`sub:1,3,4`), or for any s *not* in a finite set (`allbut:1,2`).

use crate::error::GameError;
use crate::heap::{push_take, HeapFamily, MoveCount};
use crate::nimber::MexSet;
use crate::period::ProofRule;
use crate::ruleset::Options;
use crate::sequence::dense::Kernel;
use crate::sequence::NimSequence;
use crate::spec_form::SpecForm;

/// Most numbers a set may list (ranges included).
pub const MAX_SET: u64 = 10_000_000;

/// Reads a list such as `1,3,4`, `1..100` or `1..5,9` into a sorted set of
/// positive numbers. `what` names the list in error messages.
pub fn parse_number_set(text: &str, what: &str) -> Result<Vec<u64>, GameError> {
    let invalid = |message: String| GameError::Rules { message };
    let mut set = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        if item.is_empty() {
            return Err(invalid(format!("the {what} has an empty entry")));
        }
        let number = |s: &str| -> Result<u64, GameError> {
            crate::number::parse_u64(s).map_err(|e| invalid(format!("in the {what}: {e}")))
        };
        let (low, high) = match item.split_once("..") {
            Some((a, b)) => {
                let b = b.strip_prefix('=').unwrap_or(b);
                (number(a)?, number(b)?)
            }
            None => {
                let v = number(item)?;
                (v, v)
            }
        };
        if low == 0 {
            return Err(invalid(format!(
                "the {what} cannot contain 0 (taking nothing is not a move)"
            )));
        }
        if low > high {
            return Err(invalid(format!(
                "the range '{item}' in the {what} is empty"
            )));
        }
        if high - low >= MAX_SET {
            return Err(GameError::Limit {
                what: format!("the range '{item}'"),
                limit: "10^7 numbers in a set".to_owned(),
            });
        }
        if set.len() as u64 + (high - low) >= MAX_SET {
            // Overlapping ranges could shrink on dedup, but a set written
            // with ten million numbers in all is a mistake either way.
            return Err(GameError::Limit {
                what: format!("the {what} '{text}'"),
                limit: "10^7 numbers in a set, all ranges together".to_owned(),
            });
        }
        set.extend(low..=high);
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

/// The subtraction game with a finite set of allowed amounts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    amounts: Vec<u64>,
}

impl Subtraction {
    /// The game with these amounts (sorted, distinct, positive, non-empty).
    pub fn new(mut amounts: Vec<u64>) -> Result<Subtraction, GameError> {
        amounts.sort_unstable();
        amounts.dedup();
        if amounts.is_empty() || amounts[0] == 0 {
            return Err(GameError::Rules {
                message: "a subtraction set needs at least one positive amount".to_owned(),
            });
        }
        Ok(Subtraction { amounts })
    }

    /// The allowed amounts, increasing.
    #[must_use]
    pub fn amounts(&self) -> &[u64] {
        &self.amounts
    }

    /// Writes the options of a heap of `n`.
    pub fn options(&self, n: u64, out: &mut Options<u64>) {
        for &s in self.amounts.iter().take_while(|&&s| s <= n) {
            push_take(out, n, s);
        }
    }
}

impl SpecForm for Subtraction {
    const FORM: &'static str = "sub:1,3,4";
    const ABOUT: &'static str =
        "subtraction game: take an amount from the set (ranges allowed: sub:1..100, sub:1..5,9)";
    const EXAMPLE: &'static str = "sub:1..5,9";
    const PREFIX: Option<&'static str> = Some("sub:");
    type Error = GameError;

    fn from_spec(list: &str) -> Option<Result<Subtraction, GameError>> {
        Some(parse_number_set(list, "subtraction set").and_then(Subtraction::new))
    }
}

impl HeapFamily for Subtraction {
    fn options(&self, n: u64, out: &mut Options<u64>) -> Result<(), GameError> {
        Subtraction::options(self, n, out);
        Ok(())
    }

    fn dense_kernel(&self) -> Result<Box<dyn Kernel>, GameError> {
        Ok(Box::new(SubtractionKernel::new(self)))
    }

    /// Periodic from the start, with a bound on the period found from the
    /// largest amount (see [`ProofRule::Subtraction`]).
    fn proof_rule(&self) -> ProofRule {
        ProofRule::Subtraction {
            largest: self.amounts.last().copied().unwrap_or(0),
        }
    }

    fn move_count(&self) -> MoveCount {
        MoveCount::Few
    }
}

/// Dense kernel for [`Subtraction`]: values are at most the set's size.
pub struct SubtractionKernel {
    amounts: Vec<usize>,
    seen: MexSet,
}

impl SubtractionKernel {
    /// A kernel for `game`.
    #[must_use]
    pub fn new(game: &Subtraction) -> SubtractionKernel {
        SubtractionKernel {
            amounts: game
                .amounts
                .iter()
                .map(|&s| usize::try_from(s).unwrap_or(usize::MAX))
                .collect(),
            seen: MexSet::new(),
        }
    }
}

impl Kernel for SubtractionKernel {
    fn next_value(&mut self, g: &NimSequence) -> Result<u64, GameError> {
        let n = g.len();
        self.seen.reset(self.amounts.len());
        let fits = self.amounts.partition_point(|&s| s <= n);
        match g {
            NimSequence::U8(v) => {
                for &s in &self.amounts[..fits] {
                    self.seen.insert(u64::from(v[n - s]));
                }
            }
            _ => {
                for &s in &self.amounts[..fits] {
                    self.seen.insert(g.get(n - s));
                }
            }
        }
        Ok(self.seen.mex().value())
    }
}

/// The all-but subtraction game: take any positive amount not in a finite
/// excluded set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllBut {
    excluded: Vec<u64>,
}

impl AllBut {
    /// The game excluding these amounts.
    pub fn new(mut excluded: Vec<u64>) -> Result<AllBut, GameError> {
        excluded.sort_unstable();
        excluded.dedup();
        if excluded.first() == Some(&0) {
            return Err(GameError::Rules {
                message: "0 is never a move, so it cannot be excluded".to_owned(),
            });
        }
        Ok(AllBut { excluded })
    }

    /// The excluded amounts, increasing.
    #[must_use]
    pub fn excluded(&self) -> &[u64] {
        &self.excluded
    }

    /// Writes the options of a heap of `n`.
    pub fn options(&self, n: u64, out: &mut Options<u64>) {
        for s in 1..=n {
            if self.excluded.binary_search(&s).is_err() {
                push_take(out, n, s);
            }
        }
    }
}

impl SpecForm for AllBut {
    const FORM: &'static str = "allbut:1,2";
    const ABOUT: &'static str = "all-but subtraction game: take any amount except those listed";
    const EXAMPLE: &'static str = "allbut:1,2";
    const PREFIX: Option<&'static str> = Some("allbut:");
    type Error = GameError;

    fn from_spec(list: &str) -> Option<Result<AllBut, GameError>> {
        let set = if list.trim().is_empty() {
            Ok(Vec::new())
        } else {
            parse_number_set(list, "excluded set")
        };
        Some(set.and_then(AllBut::new))
    }
}

impl HeapFamily for AllBut {
    fn options(&self, n: u64, out: &mut Options<u64>) -> Result<(), GameError> {
        AllBut::options(self, n, out);
        Ok(())
    }

    fn dense_kernel(&self) -> Result<Box<dyn Kernel>, GameError> {
        Ok(Box::new(AllButKernel::new(self)))
    }

    fn proof_rule(&self) -> ProofRule {
        ProofRule::Observed(
            "all-but subtraction games are arithmetic-periodic, but grundy proves no bound on the preperiod".to_owned(),
        )
    }

    fn move_count(&self) -> MoveCount {
        MoveCount::AboutOnePerToken
    }
}

/// Dense kernel for [`AllBut`], in O(|excluded|) per value.
///
/// The options of n are every smaller heap except the few n - s with s
/// excluded. With `count[v]`, the number of smaller heaps of value v, and
/// the mex of *all* smaller heaps (which only grows), the mex of the
/// options is the least of that mex and the values whose count drops to 0
/// once the excluded heaps are taken away.
pub struct AllButKernel {
    excluded: Vec<usize>,
    count: Vec<u64>,
    prefix_mex: u64,
}

impl AllButKernel {
    /// A kernel for `game`.
    #[must_use]
    pub fn new(game: &AllBut) -> AllButKernel {
        AllButKernel {
            excluded: game
                .excluded
                .iter()
                .map(|&s| usize::try_from(s).unwrap_or(usize::MAX))
                .collect(),
            count: Vec::new(),
            prefix_mex: 0,
        }
    }
}

impl AllButKernel {
    /// Counts one more heap of value `value` and advances the mex of all
    /// heaps so far.
    fn observe(&mut self, value: u64) {
        if self.count.len() <= value as usize {
            self.count.resize(value as usize + 1, 0);
        }
        self.count[value as usize] += 1;
        while self
            .count
            .get(self.prefix_mex as usize)
            .is_some_and(|&c| c > 0)
        {
            self.prefix_mex += 1;
        }
    }
}

impl Kernel for AllButKernel {
    fn restore(&mut self, values: &NimSequence) {
        self.count.clear();
        self.prefix_mex = 0;
        for value in values.iter() {
            self.observe(value);
        }
    }

    fn next_value(&mut self, g: &NimSequence) -> Result<u64, GameError> {
        let n = g.len();
        let fits = self.excluded.partition_point(|&s| s <= n);
        for &s in &self.excluded[..fits] {
            self.count[g.get(n - s) as usize] -= 1;
        }
        let mut value = self.prefix_mex;
        for &s in &self.excluded[..fits] {
            let v = g.get(n - s);
            if self.count[v as usize] == 0 {
                value = value.min(v);
            }
        }
        for &s in &self.excluded[..fits] {
            self.count[g.get(n - s) as usize] += 1;
        }
        // G(n) joins the smaller heaps of the next position.
        self.observe(value);
        Ok(value)
    }
}
