//! A sum of different games in misère play. No theorem values a sum of
//! different games in misère play from its parts' values (the misère
//! quotient of one game says nothing of another's positions), so the sum
//! is searched exactly: every position of the sum is a tuple of its
//! parts' positions, found in each part's state space, and the table of
//! the tuples' outcomes is sized to their number, refused up front when
//! that number is beyond the limit.

use super::{names, Evaluated, Layout, Part};
use crate::inputs::Inputs;
use crate::report::OutcomeReport;
use crate::sum::Outcome;
use crate::sum_evaluator::StateMoves;
use crate::{Convention, GameError};

/// The most positions the search of a sum of different games in misère
/// play may table: one byte each, 32 MiB.
pub const MISERE_MIXED_POSITIONS: u64 = 1 << 25;

/// The outcome and every winning move of a sum of different games in
/// misère play, by the search over the sum's positions.
pub(super) fn eval<I: Inputs>(
    parts: &[Part],
    evaluated: &[Evaluated<'_>],
    _inputs: &mut I,
) -> Result<OutcomeReport, I::Error> {
    let limit = MISERE_MIXED_POSITIONS as usize;
    let mut spaces = Vec::with_capacity(evaluated.len());
    for e in evaluated {
        if e.loopy {
            return Err(e
                .context(GameError::Unsupported {
                    message: "misère play of a game with cycles is not defined here (its sums are valued by Smith's rule in normal play)".to_owned(),
                })
                .into());
        }
        let space = e
            .evaluator
            .state_moves(&e.part.positions, limit)
            .map_err(|error| e.context(error))?;
        spaces.push(space);
    }
    let sizes: Vec<u64> = spaces.iter().map(|s| s.followers.len() as u64).collect();
    let count = sizes.iter().try_fold(1u64, |n, &s| n.checked_mul(s));
    let count = match count {
        Some(n) if n <= MISERE_MIXED_POSITIONS => n,
        _ => {
            let product = sizes
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" × ");
            return Err(GameError::Limit {
                what: format!(
                    "the misère search of {} (its positions are every tuple of its parts' positions: {product})",
                    names(parts)
                ),
                limit: format!(
                    "{MISERE_MIXED_POSITIONS} positions (one byte each, {} MiB)",
                    MISERE_MIXED_POSITIONS >> 20
                ),
            }
            .into());
        }
    };
    let mut search = TupleSearch::new(&spaces, count as usize);
    let is_p = !search.wins(0)?;
    let layout = Layout::new(
        parts,
        spaces
            .iter()
            .map(|s| (s.position.clone(), s.position_text.clone())),
    );
    let mut winning_moves = Vec::new();
    if !is_p {
        for (index, space) in spaces.iter().enumerate() {
            let stride = search.strides[index];
            for (m, vertex) in &space.moves {
                // The start is vertex 0 of every part: the tuple after a
                // move in this part is its vertex times the part's stride.
                if !search.wins(*vertex as usize * stride)? {
                    winning_moves.push(layout.place(index, m.clone()));
                }
            }
        }
    }
    Ok(OutcomeReport {
        game: names(parts),
        convention: Convention::Misere,
        position: layout.position,
        outcome: Outcome::of_p(is_p),
        method: format!(
            "the search over every position of the sum ({} positions at most: each a tuple of its parts' positions)",
            count
        ),
        winning_moves,
        one_winning_move: false,
        search: None,
        position_text: layout.texts,
        component_games: layout.games,
    })
}

/// What the table knows of a tuple.
const UNKNOWN: u8 = 0;
const WINS: u8 = 1;
const LOSES: u8 = 2;
const ON_PATH: u8 = 3;

/// The misère search over tuples of the parts' positions, numbered in
/// mixed radix (part 0 the lowest digit).
struct TupleSearch<'s> {
    spaces: &'s [StateMoves],
    strides: Vec<usize>,
    table: Vec<u8>,
}

impl<'s> TupleSearch<'s> {
    fn new(spaces: &'s [StateMoves], count: usize) -> TupleSearch<'s> {
        let mut strides = Vec::with_capacity(spaces.len());
        let mut stride = 1;
        for space in spaces {
            strides.push(stride);
            stride *= space.followers.len();
        }
        TupleSearch {
            spaces,
            strides,
            table: vec![UNKNOWN; count],
        }
    }

    /// Part `part`'s position in tuple `tuple`.
    fn vertex(&self, tuple: usize, part: usize) -> usize {
        (tuple / self.strides[part]) % self.spaces[part].followers.len()
    }

    /// The tuple's followers, in order: (part, index among its vertex's
    /// followers) from `at` on; the next one and where to go on from.
    fn next_follower(&self, tuple: usize, at: (usize, usize)) -> Option<(usize, (usize, usize))> {
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

    /// Whether the player to move from `tuple` wins in misère play: when
    /// no move is left (the player who cannot move wins), or some move
    /// leaves a tuple from which the player to move loses. Depth first,
    /// with a stack of its own (a sum may last millions of moves).
    fn wins(&mut self, tuple: usize) -> Result<bool, GameError> {
        if self.table[tuple] == UNKNOWN {
            let mut stack: Vec<(usize, (usize, usize), bool)> = vec![(tuple, (0, 0), false)];
            self.table[tuple] = ON_PATH;
            while let Some(&(current, at, _)) = stack.last() {
                crate::stop::tick()?;
                let Some((next, after)) = self.next_follower(current, at) else {
                    // Every follower wins for the player then to move:
                    // this tuple loses, unless it has no move at all.
                    let moved = stack.pop().is_some_and(|(_, _, moved)| moved);
                    self.table[current] = if moved { LOSES } else { WINS };
                    continue;
                };
                match self.table[next] {
                    LOSES => {
                        self.table[current] = WINS;
                        stack.pop();
                    }
                    // Known, and a win for the opponent: on to the next
                    // follower (a follower still unknown is searched
                    // first, and met again here once known).
                    WINS => {
                        if let Some(top) = stack.last_mut() {
                            top.1 = after;
                            top.2 = true;
                        }
                    }
                    UNKNOWN => {
                        self.table[next] = ON_PATH;
                        stack.push((next, (0, 0), false));
                    }
                    _ => {
                        return Err(GameError::Unsupported {
                            message: "a move of this sum comes back to a position it left: misère play is searched for games without cycles".to_owned(),
                        })
                    }
                }
            }
        }
        Ok(self.table[tuple] == WINS)
    }
}
