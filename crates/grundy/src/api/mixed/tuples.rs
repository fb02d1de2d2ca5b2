//! The positions of a sum of different games as tuples of its parts'
//! positions, each found in its part's state space: what the exact
//! searches of a mixed sum (misère play, the remoteness) walk. A tuple is
//! numbered in mixed radix (part 0 the lowest digit), so that a table of
//! the tuples is sized to their number, which is known before any search.

use super::{names, Evaluated, Part};
use crate::sum_evaluator::StateMoves;
use crate::GameError;

/// Every tuple of a sum's parts' positions.
pub(super) struct Tuples {
    /// Each part's state space and moves (vertex 0: the part as asked).
    pub(super) spaces: Vec<StateMoves>,
    /// What one step of each part's digit is worth.
    pub(super) strides: Vec<usize>,
    /// How many tuples there are.
    pub(super) count: usize,
}

impl Tuples {
    /// The tuples of `parts` for `what` (a search named in refusals), at
    /// most `limit` of them (`each`: what a tuple costs, in words), else
    /// refused before any search, with each part's count.
    pub(super) fn of(
        parts: &[Part],
        evaluated: &[Evaluated<'_>],
        what: &str,
        limit: u64,
        each: &str,
    ) -> Result<Tuples, GameError> {
        let mut spaces = Vec::with_capacity(evaluated.len());
        for e in evaluated {
            if e.loopy.is_some() {
                return Err(e.context(GameError::Unsupported {
                    message: format!(
                        "{what} of a game with cycles is not searched here (its sums are valued by Smith's rule in normal play)"
                    ),
                }));
            }
            let space = e
                .evaluator
                .state_moves(
                    &e.part.positions,
                    usize::try_from(limit).unwrap_or(usize::MAX),
                )
                .map_err(|error| e.context(error))?;
            spaces.push(space);
        }
        let sizes: Vec<u64> = spaces.iter().map(|s| s.followers.len() as u64).collect();
        let count = sizes
            .iter()
            .try_fold(1u64, |n, &s| n.checked_mul(s))
            .filter(|&n| n <= limit);
        let Some(count) = count else {
            let product = sizes
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" × ");
            return Err(GameError::Limit {
                what: format!(
                    "the search of {what} of {} (its positions are every tuple of its parts' positions: {product})",
                    names(parts)
                ),
                limit: format!("{limit} positions ({each}, {} MiB)", limit >> 20),
            });
        };
        let mut strides = Vec::with_capacity(spaces.len());
        let mut stride = 1;
        for space in &spaces {
            strides.push(stride);
            stride *= space.followers.len();
        }
        Ok(Tuples {
            spaces,
            strides,
            count: count as usize,
        })
    }

    /// Part `part`'s position in tuple `tuple`.
    fn vertex(&self, tuple: usize, part: usize) -> usize {
        (tuple / self.strides[part]) % self.spaces[part].followers.len()
    }

    /// The tuple's followers in order, as (part, index among its vertex's
    /// followers) from `at` on: the next one, and where to go on from.
    pub(super) fn next_follower(
        &self,
        tuple: usize,
        at: (usize, usize),
    ) -> Option<(usize, (usize, usize))> {
        let (mut part, mut index) = at;
        while part < self.spaces.len() {
            let vertex = self.vertex(tuple, part);
            let followers = &self.spaces[part].followers[vertex];
            if let Some(&w) = followers.get(index) {
                let next = tuple - vertex * self.strides[part] + w as usize * self.strides[part];
                return Some((next, (part, index + 1)));
            }
            part += 1;
            index = 0;
        }
        None
    }

    /// The tuple each move of the sum as asked leaves, with the part it
    /// is made in and the move.
    pub(super) fn moves(&self) -> impl Iterator<Item = (usize, &crate::report::MoveReport, usize)> {
        // The sum as asked is vertex 0 of every part: the tuple after a
        // move in a part is the vertex it leaves times the part's stride.
        self.spaces
            .iter()
            .enumerate()
            .flat_map(move |(part, space)| {
                space
                    .moves
                    .iter()
                    .map(move |(m, vertex)| (part, m, *vertex as usize * self.strides[part]))
            })
    }
}
