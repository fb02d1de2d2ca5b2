//! A sum of different games in misère play. No theorem values a sum of
//! different games in misère play from its parts' values (the misère
//! quotient of one game says nothing of another's positions), so the sum
//! is searched exactly: every position of the sum is a tuple of its
//! parts' positions, found in each part's state space, and the table of
//! the tuples' outcomes is sized to their number, refused up front when
//! that number is beyond the limit.

use super::tuples::Tuples;
use super::{names, Evaluated, Layout, Part};
use crate::inputs::Inputs;
use crate::report::OutcomeReport;
use crate::sum::Outcome;
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
    if let Some(report) = by_tame_rule(parts, evaluated)? {
        return Ok(report);
    }
    let tuples = Tuples::of(
        parts,
        evaluated,
        "misère play",
        MISERE_MIXED_POSITIONS,
        "one byte each",
    )?;
    let mut search = MisereSearch {
        tuples: &tuples,
        table: vec![UNKNOWN; tuples.count],
    };
    let is_p = !search.wins(0)?;
    let layout = Layout::new(
        parts,
        tuples
            .spaces
            .iter()
            .map(|s| (s.position.clone(), s.position_text.clone())),
    );
    let mut winning_moves = Vec::new();
    if !is_p {
        for (part, m, tuple) in tuples.moves() {
            if !search.wins(tuple)? {
                winning_moves.push(layout.place(part, m.clone()));
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
            tuples.count
        ),
        winning_moves,
        one_winning_move: false,
        search: None,
        position_text: layout.texts,
        component_games: layout.games,
    })
}

/// The most components of a game whose genus is found to tell whether
/// the game is tame, before the search over the sum is used instead.
pub const TAME_COMPONENTS: usize = 4096;

/// The outcome and winning moves by the theory of tame games, when every
/// game of the sum is tame (each component it can reach has the genus of
/// a sum of Nim heaps): the sum then plays like those Nim heaps in misère
/// play (Conway), whose outcome is Bouton's. `None` when a game is not
/// tame.
fn by_tame_rule(
    parts: &[Part],
    evaluated: &[Evaluated<'_>],
) -> Result<Option<OutcomeReport>, GameError> {
    let mut tame = Vec::with_capacity(evaluated.len());
    for e in evaluated {
        if e.loopy.is_some() {
            return Ok(None);
        }
        match e
            .evaluator
            .tame_heaps(&e.part.positions, TAME_COMPONENTS)
            .map_err(|error| e.context(error))?
        {
            Some(heaps) => tame.push(heaps),
            None => return Ok(None),
        }
    }
    let all: Vec<u64> = tame.iter().flat_map(|t| t.heaps.iter().copied()).collect();
    let is_p = crate::misere::nim_is_p_position(&all);
    let layout = Layout::new(
        parts,
        tame.iter()
            .map(|t| (t.position.clone(), t.position_text.clone())),
    );
    let mut winning_moves = Vec::new();
    if !is_p {
        for (index, part) in tame.iter().enumerate() {
            let others: Vec<u64> = tame
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != index)
                .flat_map(|(_, t)| t.heaps.iter().copied())
                .collect();
            for (m, after) in &part.moves {
                let mut heaps = others.clone();
                heaps.extend(after);
                if crate::misere::nim_is_p_position(&heaps) {
                    winning_moves.push(layout.place(index, m.clone()));
                }
            }
        }
    }
    let heaps: Vec<String> = all.iter().map(u64::to_string).collect();
    Ok(Some(OutcomeReport {
        game: names(parts),
        convention: Convention::Misere,
        position: layout.position,
        outcome: Outcome::of_p(is_p),
        method: format!(
            "every game is tame (each position it can reach has the genus of Nim heaps), so the sum plays like Nim heaps {} in misère play (Bouton's rule)",
            if heaps.is_empty() { "(none)".to_owned() } else { heaps.join(" ") }
        ),
        winning_moves,
        one_winning_move: false,
        search: None,
        position_text: layout.texts,
        component_games: layout.games,
    }))
}

/// What the table knows of a tuple.
const UNKNOWN: u8 = 0;
const WINS: u8 = 1;
const LOSES: u8 = 2;
const ON_PATH: u8 = 3;

/// The misère search over the tuples of the parts' positions.
struct MisereSearch<'t> {
    tuples: &'t Tuples,
    table: Vec<u8>,
}

impl MisereSearch<'_> {
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
                let Some((next, after)) = self.tuples.next_follower(current, at) else {
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
