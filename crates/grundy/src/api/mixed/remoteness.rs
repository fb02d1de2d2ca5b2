//! The remoteness of a sum of different games (normal play): how many
//! moves the game lasts with best play, the winner hastening the end and
//! the loser delaying it. It is not a function of the parts' own
//! remotenesses, so the sum is searched exactly over the tuples of its
//! parts' positions ([`Tuples`]).

use super::tuples::Tuples;
use super::{Evaluated, Part};
use crate::GameError;

/// The most positions the remoteness's search of a sum of different
/// games may table: four bytes each, 32 MiB.
pub const REMOTENESS_MIXED_POSITIONS: u64 = 1 << 23;

/// Not yet known; on the search's path.
const UNKNOWN: u32 = u32::MAX;
const ON_PATH: u32 = u32::MAX - 1;

/// The remoteness of the sum of `parts` as asked: 0 when no move is left;
/// else one more than the least remoteness among the moves to a
/// P-position (an even remoteness) when there is one, or the greatest.
pub(super) fn remoteness(parts: &[Part], evaluated: &[Evaluated<'_>]) -> Result<u32, GameError> {
    let tuples = Tuples::of(
        parts,
        evaluated,
        "the remoteness",
        REMOTENESS_MIXED_POSITIONS,
        "four bytes each",
    )?;
    let mut table = vec![UNKNOWN; tuples.count];
    // Depth first with a stack of its own: each frame is a tuple and
    // where its followers' scan is.
    let mut stack: Vec<(usize, (usize, usize))> = vec![(0, (0, 0))];
    table[0] = ON_PATH;
    while let Some(&(current, at)) = stack.last() {
        crate::stop::tick()?;
        match tuples.next_follower(current, at) {
            Some((next, after)) => match table[next] {
                UNKNOWN => {
                    table[next] = ON_PATH;
                    stack.push((next, (0, 0)));
                }
                ON_PATH => {
                    return Err(GameError::Unsupported {
                        message: "a move of this sum comes back to a position it left: the remoteness is searched for games without cycles".to_owned(),
                    })
                }
                _ => {
                    if let Some(top) = stack.last_mut() {
                        top.1 = after;
                    }
                }
            },
            None => {
                // Every follower known: the best of them.
                let mut fastest_win: Option<u32> = None;
                let mut slowest: Option<u32> = None;
                let mut scan = (0, 0);
                while let Some((next, after)) = tuples.next_follower(current, scan) {
                    let r = table[next];
                    if r.is_multiple_of(2) {
                        fastest_win = Some(fastest_win.map_or(r, |f| f.min(r)));
                    }
                    slowest = Some(slowest.map_or(r, |s| s.max(r)));
                    scan = after;
                }
                table[current] = match (fastest_win, slowest) {
                    (Some(r), _) | (None, Some(r)) => r + 1,
                    (None, None) => 0,
                };
                stack.pop();
            }
        }
    }
    Ok(table[0])
}
