//! The options of every heap up to a bound, kept flat for building and
//! verifying the quotient.

use super::limits::MAX_OPTION_PARTS;
use crate::error::GameError;
use crate::heap::HeapGame;
use crate::ruleset::Options;

/// The options of each heap up to a bound, as sorted sums with the heaps
/// that have no move left out (they are the empty game), stored flat.
pub(super) struct HeapOptions {
    /// The heaps of every option, one after another.
    parts: Vec<u32>,
    /// One past the last part of each option.
    option_ends: Vec<usize>,
    /// One past the last option of each heap.
    heap_ends: Vec<usize>,
}

impl HeapOptions {
    pub(super) fn new() -> HeapOptions {
        HeapOptions {
            parts: Vec::new(),
            option_ends: Vec::new(),
            heap_ends: Vec::new(),
        }
    }

    /// Adds the options of the next heap (`self.heap_ends.len()`).
    pub(super) fn push(
        &mut self,
        game: &HeapGame,
        scratch: &mut Options<u64>,
    ) -> Result<(), GameError> {
        let n = self.heap_ends.len() as u64;
        scratch.clear();
        game.options(n, scratch)?;
        let mut list: Vec<Vec<u32>> = Vec::with_capacity(scratch.len());
        for option in scratch.iter() {
            let mut sum = Vec::with_capacity(option.len());
            for &part in option {
                if part >= n {
                    return Err(GameError::Rules {
                        message: format!(
                            "a heap of {n} has an option with a heap of {part}: a misère quotient needs every option smaller than its heap"
                        ),
                    });
                }
                if !self.is_terminal(part) {
                    sum.push(part as u32);
                }
            }
            sum.sort_unstable();
            list.push(sum);
        }
        list.sort_unstable();
        list.dedup();
        let parts: usize = list.iter().map(Vec::len).sum();
        if self.parts.len() + parts > MAX_OPTION_PARTS {
            return Err(GameError::Limit {
                what: format!("the options of the heaps up to {n} (kept for the quotient)"),
                limit: format!("{MAX_OPTION_PARTS} heaps in all options"),
            });
        }
        for sum in list {
            self.parts.extend_from_slice(&sum);
            self.option_ends.push(self.parts.len());
        }
        self.heap_ends.push(self.option_ends.len());
        Ok(())
    }

    /// The options of a heap, each a sorted list of heaps.
    pub(super) fn of(&self, heap: u64) -> impl Iterator<Item = &[u32]> + '_ {
        let h = heap as usize;
        let first = if h == 0 { 0 } else { self.heap_ends[h - 1] };
        (first..self.heap_ends[h]).map(move |i| {
            let start = if i == 0 { 0 } else { self.option_ends[i - 1] };
            &self.parts[start..self.option_ends[i]]
        })
    }

    pub(super) fn is_terminal(&self, heap: u64) -> bool {
        let h = heap as usize;
        let first = if h == 0 { 0 } else { self.heap_ends[h - 1] };
        self.heap_ends[h] == first
    }
}
