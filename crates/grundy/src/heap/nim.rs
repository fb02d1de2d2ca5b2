//! Nim: take any number of tokens from one heap. `G(n) = n`.

use crate::error::GameError;
use crate::nimber::Nimber;
use crate::ruleset::{Options, Ruleset};

use super::parse_heap;

/// The game of Nim on one heap (sums of heaps are sums of games).
#[derive(Copy, Clone, Debug, Default)]
pub struct Nim;

impl Ruleset for Nim {
    type Position = u64;

    fn options(&self, heap: &u64, out: &mut Options<u64>) -> Result<(), GameError> {
        for left in 0..*heap {
            if left == 0 {
                out.push_option([]);
            } else {
                out.push_option([left]);
            }
        }
        Ok(())
    }

    fn known_value(&self, heap: &u64) -> Option<Nimber> {
        Some(Nimber::new(*heap))
    }

    fn parse_position(&self, text: &str) -> Result<u64, GameError> {
        parse_heap(text)
    }

    fn format_position(&self, heap: &u64) -> String {
        heap.to_string()
    }

    fn describe_move(&self, from: &u64, to: &[u64]) -> String {
        let left: u64 = to.iter().sum();
        format!("take {} from the heap of {from}", from - left)
    }
}
