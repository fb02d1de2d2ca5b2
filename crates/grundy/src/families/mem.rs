//! Take-away games with a memory (CGSuite's `GenMem`): one heap, and how
//! much the last move took, which bounds the next move.
//!
//! - `fibonacci-nim` (CGSuite's `FibonacciNim`, `TakeAway(2)`): take j
//!   with 1 <= j <= 2m, where m is the previous take; the opening move may
//!   take anything but the whole heap. The opening with n tokens is a
//!   P-position exactly when n is a Fibonacci number (R. E. Whinihan,
//!   *Fibonacci Nim*, Fibonacci Quarterly 1 (1963); the winning move takes
//!   the smallest term of n's Zeckendorf representation).
//! - `mem` (CGSuite's `Mem`): take at least as many as the previous move
//!   took (j >= m).
//!
//! Beyond the solver's reach, a Fibonacci Nim position still gets its
//! outcome and every winning move by that theorem
//! ([`fibonacci_winning_takes`], with its proof).
//!
//! A position is `(n,m)`: n tokens, the previous move took m, the
//! coordinates of CGSuite's `NimValueTable`. A bare `n` is the opening
//! (no previous move: Fibonacci Nim takes 1..n-1, Mem any 1..n).
//! `table` computes G(n, m) row by row, one incremental mex per row.

use crate::error::GameError;
use crate::grid::{Grid, ValueGrid};
use crate::ruleset::{Options, Ruleset, TheoremOutcome};
use crate::spec_form::SpecForm;

/// The most work (positions times options, roughly) one position may
/// cost the generic solver before it is refused up front.
pub const MAX_WORK: u64 = 2_000_000_000;

/// Which bound the memory puts on the next take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemoryRule {
    /// Take at most twice the previous take.
    Fibonacci,
    /// Take at least the previous take.
    Mem,
}

/// Reads `(n,m)`, `n,m` or a bare `n`.
fn read_position(text: &str) -> Result<MemoryPosition, GameError> {
    let invalid = |reason: String| GameError::InvalidPosition {
        text: text.to_owned(),
        reason,
    };
    let parts = crate::number::tuple_parts(text);
    let number = |part: &str, what: &str| {
        crate::number::parse_u64(part).map_err(|e| invalid(format!("'{part}' is not {what}: {e}")))
    };
    match parts[..] {
        [n] => Ok(MemoryPosition {
            heap: number(n, "a heap size")?,
            memory: None,
        }),
        [n, m] => Ok(MemoryPosition {
            heap: number(n, "a heap size")?,
            memory: Some(number(m, "the previous take")?),
        }),
        _ => Err(invalid(
            "a position is (n,m): n tokens, the previous move took m; or n, the opening".to_owned(),
        )),
    }
}

/// The terms of n's Zeckendorf representation (distinct, non-consecutive
/// Fibonacci numbers 1, 2, 3, 5, ... summing to n), smallest first.
#[must_use]
pub fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut fibonacci = vec![1u64, 2];
    while let Some(next) =
        fibonacci[fibonacci.len() - 2].checked_add(fibonacci[fibonacci.len() - 1])
    {
        fibonacci.push(next);
    }
    let mut terms = Vec::new();
    for &f in fibonacci.iter().rev() {
        if f <= n {
            terms.push(f);
            n -= f;
        }
    }
    terms.reverse();
    terms
}

/// Every winning take from a heap of `n` when at most `most` may be
/// taken, in Fibonacci Nim (none: a P-position).
///
/// Whinihan's theorem: a heap of n with takes up to M is lost by the
/// player to move exactly when the smallest Zeckendorf term z(n) exceeds
/// M (a heap of 0 is lost). So a take t wins exactly when it empties the
/// heap or z(n − t) > 2t. Such a t is a sum of the smallest terms of n:
/// with s = n − t and F = z(s) > 2t, t < F/2 <= F' (the Fibonacci number
/// before F), so every term of t's representation lies below F' and is
/// not next to F; the representations of s and t together are then n's,
/// and t is the sum of n's terms below F. The winning takes are thus the
/// sums t_j of the j smallest terms, for each j with t_j <= M and either
/// t_j = n or the next term greater than 2 t_j.
#[must_use]
pub fn fibonacci_winning_takes(n: u64, most: u64) -> Vec<u64> {
    let terms = zeckendorf(n);
    let mut takes = Vec::new();
    let mut sum = 0u64;
    for (j, &term) in terms.iter().enumerate() {
        sum += term;
        if sum > most {
            break;
        }
        match terms.get(j + 1) {
            Some(&next) if u128::from(next) <= 2 * u128::from(sum) => {}
            _ => takes.push(sum),
        }
    }
    takes
}

/// A take-away game with a memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryGame {
    rule: MemoryRule,
}

/// A heap and the previous take (`None` before the first move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MemoryPosition {
    /// Tokens left.
    pub heap: u64,
    /// What the previous move took.
    pub memory: Option<u64>,
}

impl MemoryGame {
    /// The game of a rule.
    #[must_use]
    pub const fn new(rule: MemoryRule) -> MemoryGame {
        MemoryGame { rule }
    }

    /// The takes allowed from `position`, as an inclusive range.
    fn takes(&self, position: &MemoryPosition) -> (u64, u64) {
        let n = position.heap;
        match (self.rule, position.memory) {
            (MemoryRule::Fibonacci, None) => (1, n.saturating_sub(1)),
            (MemoryRule::Fibonacci, Some(m)) => (1, n.min(m.saturating_mul(2))),
            (MemoryRule::Mem, None) => (1, n),
            (MemoryRule::Mem, Some(m)) => (m.max(1), n),
        }
    }
}

impl SpecForm for MemoryGame {
    const FORM: &'static str = "fibonacci-nim, mem";
    const ABOUT: &'static str = "one heap with a memory, positions (n,m) (m: the previous take) or n (the opening): fibonacci-nim takes up to 2m (not the whole heap first), mem takes at least m";
    const EXAMPLE: &'static str = "fibonacci-nim";
    const PREFIX: Option<&'static str> = None;
    type Error = GameError;

    fn from_spec(text: &str) -> Option<Result<MemoryGame, GameError>> {
        let rule = if text.eq_ignore_ascii_case("fibonacci-nim") {
            MemoryRule::Fibonacci
        } else if text.eq_ignore_ascii_case("mem") {
            MemoryRule::Mem
        } else {
            return None;
        };
        Some(Ok(MemoryGame::new(rule)))
    }
}

impl Ruleset for MemoryGame {
    type Position = MemoryPosition;

    fn options(
        &self,
        position: &MemoryPosition,
        out: &mut Options<MemoryPosition>,
    ) -> Result<(), GameError> {
        let (low, high) = self.takes(position);
        for take in low..=high {
            let left = position.heap - take;
            if left == 0 {
                out.end_option(); // the heap is gone: nothing is left
            } else {
                out.push_option([MemoryPosition {
                    heap: left,
                    memory: Some(take),
                }]);
            }
        }
        Ok(())
    }

    /// `(n,m)`, `n,m` or a bare `n` (the opening).
    fn parse_position(&self, text: &str) -> Result<MemoryPosition, GameError> {
        let position = read_position(text)?;
        // Every position below has at most n options; there are about n²
        // of them.
        let n = position.heap;
        let work = n.saturating_mul(n).saturating_mul(n) / 2;
        if work > MAX_WORK {
            return Err(GameError::Limit {
                what: format!(
                    "evaluating a heap of {n} by search ({} option visits)",
                    crate::number::rough_count(work)
                ),
                limit: format!(
                    "{MAX_WORK} option visits ('table' computes heaps up to a few thousand)"
                ),
            });
        }
        Ok(position)
    }

    /// Fibonacci Nim at any size, by Whinihan's theorem and
    /// [`fibonacci_winning_takes`].
    fn outcome_by_theorem(
        &self,
        text: &str,
    ) -> Option<Result<TheoremOutcome<MemoryPosition>, GameError>> {
        if self.rule != MemoryRule::Fibonacci {
            return None;
        }
        let position = match read_position(text) {
            Ok(position) => position,
            Err(e) => return Some(Err(e)),
        };
        let (_, most) = self.takes(&position);
        let takes = fibonacci_winning_takes(position.heap, most);
        let winning = takes
            .iter()
            .map(|&take| {
                let left = position.heap - take;
                if left == 0 {
                    Vec::new()
                } else {
                    vec![MemoryPosition {
                        heap: left,
                        memory: Some(take),
                    }]
                }
            })
            .collect();
        Some(Ok(TheoremOutcome {
            position,
            winning,
            method: "Whinihan's theorem: the player to move wins exactly when the smallest term of the heap's Zeckendorf representation is at most the largest take allowed, and the winning moves take a sum of its smallest terms (the nim-value is beyond the search)".to_owned(),
        }))
    }

    fn format_position(&self, position: &MemoryPosition) -> String {
        match position.memory {
            None => position.heap.to_string(),
            Some(m) => format!("({},{m})", position.heap),
        }
    }

    fn position_json(&self, position: &MemoryPosition) -> serde_json::Value {
        match position.memory {
            None => serde_json::json!(position.heap),
            Some(m) => serde_json::json!([position.heap, m]),
        }
    }

    fn describe_move(&self, from: &MemoryPosition, to: &[MemoryPosition]) -> String {
        let left = to.first().map_or(0, |p| p.heap);
        let take = from.heap - left;
        if left == 0 {
            format!("take all {take} from {}", self.format_position(from))
        } else {
            format!(
                "take {take} from {}, leaving {}",
                self.format_position(from),
                self.format_position(&to[0])
            )
        }
    }

    fn value_grid(&self) -> Option<&dyn ValueGrid> {
        Some(self)
    }
}

/// A set of small values with its mex kept up to date as values join.
struct GrowingMex {
    counts: Vec<u32>,
    mex: u32,
}

impl GrowingMex {
    fn new(size: usize) -> GrowingMex {
        GrowingMex {
            counts: vec![0; size + 2],
            mex: 0,
        }
    }

    fn insert(&mut self, value: u32) {
        if let Some(count) = self.counts.get_mut(value as usize) {
            *count += 1;
        }
        while self.counts.get(self.mex as usize).is_some_and(|&c| c > 0) {
            self.mex += 1;
        }
    }
}

/// G(n, m) for n, m <= max, row by row: row n needs only G(n - j, j) from
/// earlier rows, and as m moves the set of takes grows one take at a time
/// (upwards for Fibonacci Nim, downwards for Mem), so one growing mex per
/// row gives the whole row.
impl ValueGrid for MemoryGame {
    fn axes(&self) -> [&'static str; 2] {
        ["heap", "memory"]
    }

    fn table(&self, max: u64) -> Result<Grid, GameError> {
        let mut grid = Grid::square(max)?;
        let n_max = grid.rows;
        // G(n - j, j) with j <= n <= max: every take is a column.
        let value_after = |grid: &Grid, n: usize, take: usize| {
            if take == n {
                0
            } else {
                grid.get(n - take, take)
            }
        };
        for n in 1..n_max {
            let mut seen = GrowingMex::new(n);
            match self.rule {
                MemoryRule::Fibonacci => {
                    // Takes 1 ..= min(n, 2m): m = 0 allows none.
                    let mut allowed = 0;
                    for m in 0..n_max {
                        let high = n.min(2 * m);
                        while allowed < high {
                            allowed += 1;
                            seen.insert(value_after(&grid, n, allowed));
                        }
                        grid.set(n, m, seen.mex);
                    }
                }
                MemoryRule::Mem => {
                    // Takes max(m, 1) ..= n: none when m > n.
                    let mut lowest = n + 1;
                    for m in (0..n_max).rev() {
                        while lowest > m.max(1) && lowest > 1 {
                            lowest -= 1;
                            seen.insert(value_after(&grid, n, lowest));
                        }
                        grid.set(n, m, if m > n { 0 } else { seen.mex });
                    }
                }
            }
        }
        Ok(grid)
    }
}
