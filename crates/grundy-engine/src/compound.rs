//! Compounds of games other than the disjunctive sum (*Winning Ways*,
//! ch. 9; C. A. B. Smith, "Graphs and composite games", 1966). Each
//! component is a game of its own (an acyclic game graph here, vertex 0
//! its start); a move of the compound moves in several components at once:
//!
//! - **conjunctive**: a move in every component; play ends as soon as one
//!   component can no longer move. The compound's remoteness is the least
//!   of the components' remotenesses, and the player to move wins exactly
//!   when it is odd.
//! - **continued conjunctive** ("Every-SG"): a move in every component
//!   that can still move; play ends when none can. The compound's suspense
//!   is the largest of the components' suspense numbers; odd wins.
//! - **selective**: a move in any non-empty set of components; a
//!   P-position exactly when every component is a P-position.
//! - **shortened selective**: a move in any non-empty set of components;
//!   play ends as soon as one component can no longer move. No rule is
//!   applied here: the compound's own positions are searched.
//! - **Moore's Nim_k** generalised: a move in at least one and at most k
//!   components. For Nim heaps, Moore (1910): a P-position exactly when,
//!   in every binary place, the number of heaps with a 1 there is a
//!   multiple of k + 1; other components are searched.
//!
//! The remoteness R and the suspense S of a position (Smith; *Winning
//! Ways* ch. 9): 0 at a position with no move; with a move to an even
//! number, R is 1 + the least even R of the options and S is 1 + the
//! largest even S; otherwise R is 1 + the largest R and S is 1 + the least
//! S. The player to move wins exactly when the number is odd.

use std::fmt;

use rustc_hash::FxHashMap;

use crate::error::GameError;

/// How the components of a compound are played together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compound {
    /// A move in every component; ends when one cannot move.
    Conjunctive,
    /// A move in every component that can move; ends when none can.
    Continued,
    /// A move in any non-empty set of components.
    Selective,
    /// A move in any non-empty set; ends when one cannot move.
    ShortenedSelective,
    /// A move in at least one and at most k components.
    Moore(u32),
}

impl fmt::Display for Compound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Compound::Conjunctive => f.write_str("conjunctive"),
            Compound::Continued => f.write_str("continued"),
            Compound::Selective => f.write_str("selective"),
            Compound::ShortenedSelective => f.write_str("shortened-selective"),
            Compound::Moore(k) => write!(f, "moore:{k}"),
        }
    }
}

impl Compound {
    /// Reads `conjunctive`, `continued` (or `every-sg`), `selective`,
    /// `shortened-selective` or `moore:K`.
    pub fn parse(text: &str) -> Result<Compound, GameError> {
        let text = text.trim();
        Ok(match text {
            "conjunctive" => Compound::Conjunctive,
            "continued" | "continued-conjunctive" | "every-sg" => Compound::Continued,
            "selective" => Compound::Selective,
            "shortened-selective" => Compound::ShortenedSelective,
            _ => {
                let k = text
                    .strip_prefix("moore:")
                    .and_then(|k| k.parse::<u32>().ok())
                    .filter(|&k| k >= 1);
                match k {
                    Some(k) => Compound::Moore(k),
                    None => {
                        return Err(GameError::InvalidPosition {
                            text: text.to_owned(),
                            reason: "a compound is conjunctive, continued (every-sg), selective, shortened-selective or moore:K (K >= 1)".to_owned(),
                        })
                    }
                }
            }
        })
    }

    /// The rule of play, in words.
    #[must_use]
    pub fn rule(&self) -> String {
        match self {
            Compound::Conjunctive => "a move is a move in every component; play ends as soon as one cannot move".to_owned(),
            Compound::Continued => "a move is a move in every component that can still move; play ends when none can".to_owned(),
            Compound::Selective => "a move is a move in any non-empty set of components".to_owned(),
            Compound::ShortenedSelective => "a move is a move in any non-empty set of components; play ends as soon as one cannot move".to_owned(),
            Compound::Moore(k) => format!("a move is a move in at least 1 and at most {k} components"),
        }
    }

    /// Whether the compound's play is over when any one component cannot
    /// move.
    fn ends_with_any(&self) -> bool {
        matches!(self, Compound::Conjunctive | Compound::ShortenedSelective)
    }

    /// Calls `each` with every move of the compound whose components have
    /// `counts[i]` moves each: for each component, `None` (not moved) or
    /// the index of its move; stops when `each` returns `false`. No move
    /// when the compound's play is over.
    pub fn for_each_move(
        &self,
        counts: &[usize],
        mut each: impl FnMut(&[Option<usize>]) -> Result<bool, GameError>,
    ) -> Result<(), GameError> {
        if counts.is_empty() || (self.ends_with_any() && counts.contains(&0)) {
            return Ok(());
        }
        // Each component's choices: a move, or (where allowed) none.
        let may_stay = |count: usize| match self {
            Compound::Conjunctive => false,
            Compound::Continued => count == 0,
            _ => true,
        };
        let at_most = match self {
            Compound::Moore(k) => *k as usize,
            _ => usize::MAX,
        };
        let choices: Vec<Vec<Option<usize>>> = counts
            .iter()
            .map(|&count| {
                let stay = may_stay(count).then_some(None);
                stay.into_iter().chain((0..count).map(Some)).collect()
            })
            .collect();
        if choices.iter().any(Vec::is_empty) {
            return Ok(());
        }
        let mut digits = vec![0usize; counts.len()];
        let mut chosen: Vec<Option<usize>> = choices.iter().map(|c| c[0]).collect();
        loop {
            let moved = chosen.iter().filter(|c| c.is_some()).count();
            if moved >= 1 && moved <= at_most {
                crate::stop::tick()?;
                if !each(&chosen)? {
                    return Ok(());
                }
            }
            // The next tuple, component 0 the fastest digit.
            let mut i = 0;
            loop {
                if i == digits.len() {
                    return Ok(());
                }
                digits[i] += 1;
                if digits[i] < choices[i].len() {
                    chosen[i] = choices[i][digits[i]];
                    break;
                }
                digits[i] = 0;
                chosen[i] = choices[i][0];
                i += 1;
            }
        }
    }
}

/// The number a compound's rule reads from each component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Number {
    /// Smith's remoteness: the winner hurries, the loser delays.
    Remoteness,
    /// The suspense: the winner delays, the loser hurries.
    Suspense,
}

/// The remoteness or suspense of every vertex of an acyclic game graph
/// (`followers[v]`: the vertices v moves to); a cycle is an error.
pub fn numbers(followers: &[Vec<u32>], number: Number) -> Result<Vec<u32>, GameError> {
    const UNKNOWN: u32 = u32::MAX;
    const ON_PATH: u32 = u32::MAX - 1;
    let mut value = vec![UNKNOWN; followers.len()];
    for root in 0..followers.len() {
        if value[root] != UNKNOWN {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        value[root] = ON_PATH;
        while let Some((v, next)) = stack.last_mut() {
            let v = *v;
            if let Some(&w) = followers[v].get(*next) {
                *next += 1;
                match value[w as usize] {
                    ON_PATH => {
                        return Err(GameError::Cycle {
                            position: format!("vertex {w} of a component"),
                        })
                    }
                    UNKNOWN => {
                        value[w as usize] = ON_PATH;
                        stack.push((w as usize, 0));
                    }
                    _ => {}
                }
                continue;
            }
            stack.pop();
            let options = followers[v].iter().map(|&w| value[w as usize]);
            let even = options.clone().filter(|r| r % 2 == 0);
            value[v] = match (followers[v].is_empty(), number) {
                (true, _) => 0,
                (false, Number::Remoteness) => {
                    1 + even.min().unwrap_or_else(|| options.max().unwrap_or(0))
                }
                (false, Number::Suspense) => {
                    1 + even.max().unwrap_or_else(|| options.min().unwrap_or(0))
                }
            };
        }
    }
    Ok(value)
}

/// The outcome of a compound by its theorem, from its components'
/// numbers (remoteness for conjunctive and selective, suspense for
/// continued): `Some(true)` when the player to move wins, `None` for
/// compounds without a rule here.
#[must_use]
pub fn wins_by_rule(compound: Compound, numbers: &[u32]) -> Option<bool> {
    match compound {
        Compound::Conjunctive => Some(numbers.iter().min().is_some_and(|r| r % 2 == 1)),
        Compound::Continued => Some(numbers.iter().max().is_some_and(|s| s % 2 == 1)),
        Compound::Selective => Some(numbers.iter().any(|r| r % 2 == 1)),
        Compound::ShortenedSelective | Compound::Moore(_) => None,
    }
}

/// Moore's theorem for Nim_k: whether the player to move wins a position
/// of Nim heaps where a move takes from at least one and at most k heaps.
#[must_use]
pub fn moore_wins(k: u32, heaps: &[u64]) -> bool {
    (0..64).any(|bit| {
        let ones = heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u64;
        !ones.is_multiple_of(u64::from(k) + 1)
    })
}

/// The most compound positions one search keeps.
pub const MAX_COMPOUND_POSITIONS: usize = 1 << 22;

/// The search of a compound's own positions (a vertex per component):
/// whether the player to move wins, memoised.
pub struct CompoundSearch<'a> {
    compound: Compound,
    followers: Vec<&'a [Vec<u32>]>,
    memo: FxHashMap<Box<[u32]>, bool>,
}

impl<'a> CompoundSearch<'a> {
    /// The search of `compound` over components with these graphs.
    #[must_use]
    pub fn new(compound: Compound, followers: Vec<&'a [Vec<u32>]>) -> CompoundSearch<'a> {
        CompoundSearch {
            compound,
            followers,
            memo: FxHashMap::default(),
        }
    }

    /// The position each move of `position` leaves, as
    /// [`Compound::for_each_move`] lists them.
    fn each_follower(
        &self,
        position: &[u32],
        mut each: impl FnMut(Vec<u32>) -> Result<bool, GameError>,
    ) -> Result<(), GameError> {
        let counts: Vec<usize> = position
            .iter()
            .zip(&self.followers)
            .map(|(&v, f)| f[v as usize].len())
            .collect();
        self.compound.for_each_move(&counts, |chosen| {
            let after: Vec<u32> = position
                .iter()
                .zip(chosen)
                .zip(&self.followers)
                .map(|((&v, c), f)| c.map_or(v, |m| f[v as usize][m]))
                .collect();
            each(after)
        })
    }

    /// Whether the player to move at `position` wins: a walk with its
    /// own stack (a compound can last as long as its components together,
    /// deeper than a thread's stack would allow).
    pub fn wins(&mut self, position: &[u32]) -> Result<bool, GameError> {
        if let Some(&known) = self.memo.get(position) {
            return Ok(known);
        }
        let mut stack = vec![self.frame(position)?];
        loop {
            let Some(top) = stack.last_mut() else {
                unreachable!("the walk returns when its stack empties")
            };
            // The first follower not known to be won by its mover.
            let mut decided = None;
            while let Some(next) = top.followers.get(top.next) {
                match self.memo.get(next.as_slice()) {
                    Some(false) => {
                        decided = Some(true);
                        break;
                    }
                    Some(true) => top.next += 1,
                    None => break,
                }
            }
            if decided.is_none() && top.next == top.followers.len() {
                decided = Some(false);
            }
            match decided {
                Some(wins) => {
                    let Some(done) = stack.pop() else {
                        unreachable!("the stack had a top")
                    };
                    self.memo.insert(done.position, wins);
                    if stack.is_empty() {
                        return Ok(wins);
                    }
                }
                None => {
                    let child = top.followers[top.next].clone();
                    let frame = self.frame(&child)?;
                    stack.push(frame);
                }
            }
        }
    }

    /// A position of the walk with every position its moves leave.
    fn frame(&self, position: &[u32]) -> Result<Frame, GameError> {
        if self.memo.len() >= MAX_COMPOUND_POSITIONS {
            return Err(GameError::Limit {
                what: format!("the search of a {} compound", self.compound),
                limit: format!("{MAX_COMPOUND_POSITIONS} positions"),
            });
        }
        let mut followers = Vec::new();
        self.each_follower(position, |after| {
            followers.push(after);
            Ok(true)
        })?;
        Ok(Frame {
            position: position.into(),
            followers,
            next: 0,
        })
    }
}

/// A position on the search's walk: its followers, and the next to look
/// at.
struct Frame {
    position: Box<[u32]>,
    followers: Vec<Vec<u32>>,
    next: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path 0 -> 1 -> ... -> n: the remoteness and suspense of vertex
    /// v are both n - v.
    #[test]
    fn a_path_lasts_its_length_either_way() {
        let followers: Vec<Vec<u32>> = (0..5u32)
            .map(|v| if v < 4 { vec![v + 1] } else { vec![] })
            .collect();
        assert_eq!(
            numbers(&followers, Number::Remoteness).unwrap(),
            [4, 3, 2, 1, 0]
        );
        assert_eq!(
            numbers(&followers, Number::Suspense).unwrap(),
            [4, 3, 2, 1, 0]
        );
    }

    /// From 0 the winner may end at once (to 1) or by the long way (to 2,
    /// then 3, 4): remoteness 1, suspense 3.
    #[test]
    fn the_winner_hurries_for_remoteness_and_delays_for_suspense() {
        let followers: Vec<Vec<u32>> = vec![vec![1, 2], vec![], vec![3], vec![4], vec![]];
        assert_eq!(numbers(&followers, Number::Remoteness).unwrap()[0], 1);
        assert_eq!(numbers(&followers, Number::Suspense).unwrap()[0], 3);
    }

    #[test]
    fn moore_with_one_heap_at_a_time_is_nim() {
        for a in 0..8u64 {
            for b in 0..8u64 {
                assert_eq!(moore_wins(1, &[a, b, 5]), a ^ b ^ 5 != 0);
            }
        }
    }

    /// A search as deep as a long game is walked on the heap, not the
    /// thread's stack: one path of 200,001 moves, who makes the last wins.
    #[test]
    fn a_long_game_is_searched_without_exhausting_the_stack() {
        let length = 200_001u32;
        let followers: Vec<Vec<u32>> = (0..=length)
            .map(|v| if v < length { vec![v + 1] } else { vec![] })
            .collect();
        let mut search = CompoundSearch::new(Compound::ShortenedSelective, vec![&followers]);
        assert!(search.wins(&[0]).unwrap());
        assert!(!search.wins(&[1]).unwrap());
    }

    #[test]
    fn compounds_read_back() {
        for text in [
            "conjunctive",
            "continued",
            "selective",
            "shortened-selective",
            "moore:3",
        ] {
            assert_eq!(Compound::parse(text).unwrap().to_string(), text);
        }
        assert!(Compound::parse("moore:0").is_err());
        assert_eq!(Compound::parse("every-sg").unwrap(), Compound::Continued);
    }
}
