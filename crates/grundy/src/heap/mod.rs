//! Heap games: positions are heap sizes, moves take tokens and may split
//! what is left into several heaps.

pub mod nim;

use crate::error::GameError;

/// Reads a heap size written by a user.
pub fn parse_heap(text: &str) -> Result<u64, GameError> {
    text.trim()
        .parse::<u64>()
        .map_err(|e| GameError::InvalidPosition {
            text: text.to_owned(),
            reason: format!("a heap is a whole number from 0 to {} ({e})", u64::MAX),
        })
}

/// Lists heap sizes in words: `3`, `3 and 4`, `3, 4 and 5`.
#[must_use]
pub fn list_heaps(heaps: &[u64]) -> String {
    match heaps {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(u64::to_string).collect();
            format!("{} and {last}", init.join(", "))
        }
    }
}

/// Describes a move from the heap `from` to the heaps `to`, in words.
#[must_use]
pub fn describe_heap_move(from: u64, to: &[u64]) -> String {
    let left: u64 = to.iter().sum();
    let taken = from.saturating_sub(left);
    match to {
        [] => format!("take all {from} from the heap of {from}"),
        [one] => format!("from the heap of {from} take {taken}, leaving a heap of {one}"),
        many if taken == 0 => format!(
            "split the heap of {from} into heaps of {}",
            list_heaps(many)
        ),
        many => format!(
            "from the heap of {from} take {taken}, leaving heaps of {}",
            list_heaps(many)
        ),
    }
}
