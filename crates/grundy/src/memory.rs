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
//! A position is `(n,m)`: n tokens, the previous move took m, the
//! coordinates of CGSuite's `NimValueTable`. A bare `n` is the opening
//! (no previous move: Fibonacci Nim takes 1..n-1, Mem any 1..n).
//! `table` computes G(n, m) row by row, one incremental mex per row.

use crate::error::GameError;
use crate::family::SpecForm;
use crate::grid::{Grid, ValueGrid};
use crate::ruleset::{Options, Ruleset};

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
        let invalid = |reason: String| GameError::InvalidPosition {
            text: text.to_owned(),
            reason,
        };
        let parts = crate::number::tuple_parts(text);
        let number = |part: &str, what: &str| {
            crate::number::parse_u64(part)
                .map_err(|e| invalid(format!("'{part}' is not {what}: {e}")))
        };
        let position =
            match parts[..] {
                [n] => MemoryPosition {
                    heap: number(n, "a heap size")?,
                    memory: None,
                },
                [n, m] => MemoryPosition {
                    heap: number(n, "a heap size")?,
                    memory: Some(number(m, "the previous take")?),
                },
                _ => return Err(invalid(
                    "a position is (n,m): n tokens, the previous move took m; or n, the opening"
                        .to_owned(),
                )),
            };
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
