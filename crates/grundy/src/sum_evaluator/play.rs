//! What play shares between the evaluators: the perfect opponent's choice
//! of move, and the listing of a repeated component's moves only once.

use std::ops::Range;

use rustc_hash::FxHashMap;

use crate::report::PlayMove;

/// The perfect opponent's choice among `moves`: a move to a P-position
/// when there is one, else one that keeps a draw (games with cycles),
/// else the one after which the game lasts longest (the largest
/// remoteness); `None` when there is no move.
#[must_use]
pub fn perfect_reply(moves: &[PlayMove]) -> Option<&PlayMove> {
    moves
        .iter()
        .find(|m| m.wins)
        .or_else(|| moves.iter().find(|m| m.draws))
        .or_else(|| moves.iter().max_by_key(|m| m.remoteness.unwrap_or(0)))
}

/// Which moves of a list of [`PlayMove`]s each component's are, so that
/// a component equal to an earlier one is not listed again: the same
/// move in it leaves the same sum, so its moves are the earlier
/// component's, which name it in `equal_components`.
pub(super) struct ListedComponents<'p, P> {
    /// The first component of each position, by where its moves lie.
    first: FxHashMap<&'p P, Range<usize>>,
    /// Where the moves of the component being listed start.
    start: usize,
}

impl<'p, P: Eq + std::hash::Hash> ListedComponents<'p, P> {
    pub(super) fn new() -> Self {
        ListedComponents {
            first: FxHashMap::default(),
            start: 0,
        }
    }

    /// Whether component `i` equals one listed before; if so its index
    /// joins the `equal_components` of that one's moves.
    pub(super) fn is_repeat(
        &mut self,
        positions: &'p [P],
        i: usize,
        moves: &mut [PlayMove],
    ) -> bool {
        self.start = moves.len();
        let Some(range) = self.first.get(&positions[i]) else {
            return false;
        };
        for m in &mut moves[range.clone()] {
            m.equal_components.push(i);
        }
        true
    }

    /// Component `i`'s moves end at `end`.
    pub(super) fn done(&mut self, positions: &'p [P], i: usize, end: usize) {
        self.first.insert(&positions[i], self.start..end);
    }
}
