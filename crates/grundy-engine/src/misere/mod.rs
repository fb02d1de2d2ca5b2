//! Misère play: the player who makes the last move loses. A play
//! convention, not a family: everything here works on any [`Ruleset`].
//!
//! In misère play the value of a sum is not the XOR of its parts, so sums
//! are evaluated as wholes. A sum is a multiset of components (their order
//! does not matter); [`MisereSearch`] memoises the *misère nim-value* of
//! each multiset met, the m for which the sum plus a Nim heap of m is a
//! misère P-position. It obeys a mex rule (the proof: a sum S plus `*m` is
//! a P-position exactly when no `*j` with j < m makes it one and no option
//! S' of S has value m, each option having one such partner), except that
//! the empty sum, where the player to move cannot move and so wins, has
//! value 1:
//!
//! * `G⁻(∅) = 1`;
//! * `G⁻(S) = mex { G⁻(S') : S' an option of S }` otherwise,
//!
//! and S is a misère P-position exactly when `G⁻(S) = 0`. Components with
//! no move are dropped from every multiset (a game with no move is the
//! identity of misère sums too), so a sum of terminal components is empty.
//!
//! The *genus* of a position G (Conway, *On Numbers and Games*, ch. 12;
//! *Winning Ways*, ch. 13) is `g₀^{g₁ g₂ …}` with g₀ its normal-play value
//! and `g_k` (k >= 1) the misère nim-value of G plus k − 1 copies of `*2`;
//! from some k on it alternates between two values, and the symbol lists
//! the terms up to the first two of that repeat. The genus of a Nim heap
//! `*a` is `0^120` (a = 0), `1^031` (a = 1) or `a^{a (a⊕2)}` (a >= 2, so
//! `2^20`, `4^46`); the genera of sums of Nim heaps (those, `0^02` and
//! `1^13`) are the *tame* genera.
//!
//! Misère Nim is decided by Bouton's rule without search
//! ([`nim_is_p_position`]): a sum of Nim heaps is a misère P-position exactly
//! when either some heap has two or more tokens and the heaps' XOR is 0,
//! or every heap has at most one token and an odd number have one.
//!
//! This module knows no family. What is particular to heap games (the
//! misère values and genus of heaps, the misère quotient, the choice of
//! Bouton's rule, the quotient or the search for a sum of heaps) lives
//! with the heap families, in `heap::misere` and `heap::quotient`.

use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::error::GameError;
use crate::nimber::MexSet;
use crate::period::{judge, PeriodReport, ProofRule};
use crate::ruleset::{Options, Ruleset};
use crate::sequence::NimSequence;
use crate::sum::WinningMove;

/// The most distinct sums one search may memoise before it stops with an
/// error (a few hundred megabytes of memo).
pub const MAX_SUMS: usize = 2_000_000;

/// The memory one memoised sum takes, measured: a search as wide as
/// 0.6's peaks at 250 MB when it meets [`MAX_SUMS`] sums (about 125 bytes
/// each). A search as deep as it is wide (a chain of 2.5 million
/// vertices) also keeps a frame per sum on its stack, about 60 bytes more
/// each: frames hold no options of their own (they are made one at a time
/// from the components' lists), which took the chain of 10^6 vertices
/// from 627 MB to 491 MB.
pub const BYTES_PER_SUM: usize = 125;

/// The limit of a search that may meet `max_sums` sums, in words, with
/// its memory: what every refusal of a misère search names.
#[must_use]
pub fn sums_limit(max_sums: usize) -> String {
    format!(
        "{max_sums} distinct sums of components (about {} MB of memory)",
        max_sums * BYTES_PER_SUM / 1_000_000
    )
}

/// A component of a misère sum: a position of the game, or a Nim heap
/// (for misère nim-values and the genus).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Part<P> {
    Game(P),
    Nim(u64),
}

/// Memo state of a sum.
const IN_PROGRESS: u32 = u32::MAX;

/// The memoised misère search over multisets of components of one
/// ruleset.
pub struct MisereSearch<'r, R: Ruleset> {
    rules: &'r R,
    /// Every component met, and its id.
    ids: FxHashMap<Part<R::Position>, u32>,
    parts: Vec<Part<R::Position>>,
    /// The options of each component (ids, components with no move
    /// dropped); `None` until first needed.
    options: Vec<Option<Vec<Box<[u32]>>>>,
    /// Whether each component has no move, found when it is first met.
    terminal: Vec<bool>,
    /// The misère nim-value of each multiset met (sorted ids).
    memo: FxHashMap<Box<[u32]>, u32>,
    /// The outcome of each multiset met by outcome searches, which stop
    /// at the first move to a P-position.
    outcomes: FxHashMap<Box<[u32]>, SearchState>,
    max_sums: usize,
    scratch: Options<R::Position>,
}

/// A sum's state in an outcome search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum SearchState {
    OnStack,
    P,
    N,
}

/// Which memo a search fills.
#[derive(Copy, Clone, Debug)]
enum Memo {
    Values,
    Outcomes,
}

/// One sum being evaluated: where its options stand (they are made one
/// at a time from the components' options, never stored per frame: a
/// search a million sums deep keeps a million frames).
struct Frame {
    sum: Box<[u32]>,
    /// The index in `sum` of the component whose options are followed,
    /// and the next of them.
    component: u32,
    option: u32,
    /// Where this frame's options' values start on the shared stack of
    /// values (value searches).
    values_start: usize,
}

impl<'r, R: Ruleset> MisereSearch<'r, R> {
    /// A search over sums of positions of `rules`.
    #[must_use]
    pub fn new(rules: &'r R) -> MisereSearch<'r, R> {
        MisereSearch {
            rules,
            ids: FxHashMap::default(),
            parts: Vec::new(),
            options: Vec::new(),
            terminal: Vec::new(),
            memo: FxHashMap::default(),
            outcomes: FxHashMap::default(),
            max_sums: MAX_SUMS,
            scratch: Options::new(),
        }
    }

    /// The same search with another limit on the sums memoised.
    #[must_use]
    pub fn with_limit(mut self, max_sums: usize) -> Self {
        self.max_sums = max_sums;
        self
    }

    /// Distinct sums memoised so far.
    #[must_use]
    pub fn sums_searched(&self) -> usize {
        self.memo.len() + self.outcomes.len()
    }

    /// The id of a component, interning it (and finding whether it has a
    /// move) when it is new.
    fn id(&mut self, part: Part<R::Position>) -> Result<u32, GameError> {
        if let Some(&id) = self.ids.get(&part) {
            return Ok(id);
        }
        let terminal = match &part {
            Part::Nim(k) => *k == 0,
            Part::Game(position) => {
                self.check_reach(position)?;
                self.scratch.clear();
                self.rules.options(position, &mut self.scratch)?;
                self.scratch.is_empty()
            }
        };
        let id = self.parts.len() as u32;
        self.ids.insert(part.clone(), id);
        self.parts.push(part);
        self.options.push(None);
        self.terminal.push(terminal);
        Ok(id)
    }

    /// The options of component `id`, computed once.
    fn component_options(&mut self, id: u32) -> Result<(), GameError> {
        if self.options[id as usize].is_some() {
            return Ok(());
        }
        let mut list: Vec<Vec<Part<R::Position>>> = Vec::new();
        match self.parts[id as usize].clone() {
            Part::Nim(k) => {
                for j in 0..k {
                    list.push(vec![Part::Nim(j)]);
                }
            }
            Part::Game(position) => {
                self.scratch.clear();
                self.rules.options(&position, &mut self.scratch)?;
                for option in self.scratch.iter() {
                    list.push(option.iter().cloned().map(Part::Game).collect());
                }
            }
        }
        // Components with no move are dropped.
        let mut kept = Vec::with_capacity(list.len());
        for option in list {
            let mut ids = Vec::with_capacity(option.len());
            for part in option {
                let c = self.id(part)?;
                if !self.terminal[c as usize] {
                    ids.push(c);
                }
            }
            ids.sort_unstable();
            kept.push(ids.into_boxed_slice());
        }
        self.options[id as usize] = Some(kept);
        Ok(())
    }

    /// The sorted multiset of the non-terminal components among `parts`.
    fn sum_of(&mut self, parts: Vec<Part<R::Position>>) -> Result<Box<[u32]>, GameError> {
        let mut ids = Vec::with_capacity(parts.len());
        for part in parts {
            let id = self.id(part)?;
            if !self.terminal[id as usize] {
                ids.push(id);
            }
        }
        ids.sort_unstable();
        Ok(ids.into_boxed_slice())
    }

    /// Moves `frame` to its next option (one component replaced by one
    /// of its options; a component appearing several times moves once),
    /// written sorted into `out`; `false` when none is left.
    fn next_option(&mut self, frame: &mut Frame, out: &mut Vec<u32>) -> Result<bool, GameError> {
        let sum = &frame.sum;
        while (frame.component as usize) < sum.len() {
            let i = frame.component as usize;
            let c = sum[i];
            if i > 0 && sum[i - 1] == c {
                frame.component += 1;
                continue;
            }
            self.component_options(c)?;
            let options = self.options[c as usize].as_ref().expect("computed above");
            if let Some(option) = options.get(frame.option as usize) {
                frame.option += 1;
                out.clear();
                out.extend_from_slice(&sum[..i]);
                out.extend_from_slice(&sum[i + 1..]);
                out.extend_from_slice(option);
                out.sort_unstable();
                return Ok(true);
            }
            frame.component += 1;
            frame.option = 0;
        }
        Ok(false)
    }

    /// The misère nim-value of a sum (sorted non-terminal ids).
    fn value_of_sum(&mut self, sum: Box<[u32]>) -> Result<u64, GameError> {
        if let Some(&v) = self.memo.get(&sum) {
            return self.settled(&sum, v);
        }
        let mut mex = MexSet::new();
        // The values of the options met so far, of every frame in turn.
        let mut values: Vec<u32> = Vec::new();
        let mut option: Vec<u32> = Vec::new();
        let mut stack: Vec<Frame> = vec![self.open(sum, Memo::Values, 0)?];
        loop {
            let frame = stack.last_mut().expect("the stack holds the sum asked for");
            if self.next_option(frame, &mut option)? {
                match self.memo.get(option.as_slice()) {
                    Some(&IN_PROGRESS) => return Err(self.cycle(&option)),
                    Some(&v) => values.push(v),
                    None => {
                        let opened =
                            self.open(option.as_slice().into(), Memo::Values, values.len())?;
                        stack.push(opened);
                    }
                }
                continue;
            }
            let frame = stack.pop().expect("a frame is on the stack");
            let mine = &values[frame.values_start..];
            let value = if frame.sum.is_empty() {
                1
            } else {
                mex.reset(mine.len());
                for &v in mine {
                    mex.insert(u64::from(v));
                }
                mex.mex().value() as u32
            };
            values.truncate(frame.values_start);
            self.memo.insert(frame.sum, value);
            if stack.is_empty() {
                return Ok(u64::from(value));
            }
            values.push(value);
        }
    }

    fn settled(&self, sum: &[u32], value: u32) -> Result<u64, GameError> {
        if value == IN_PROGRESS {
            return Err(self.cycle(sum));
        }
        Ok(u64::from(value))
    }

    /// A frame for `sum` with its options, marked as on the stack in
    /// `memo`.
    fn open(
        &mut self,
        sum: Box<[u32]>,
        memo: Memo,
        values_start: usize,
    ) -> Result<Frame, GameError> {
        crate::stop::tick()?;
        match memo {
            Memo::Values => self.enter(&sum)?,
            Memo::Outcomes => self.enter_outcome(&sum)?,
        }
        Ok(Frame {
            sum,
            component: 0,
            option: 0,
            values_start,
        })
    }

    /// An error, before any work, for a component whose search would meet
    /// more sums than the limit ([`Ruleset::reach_estimate`]).
    fn check_reach(&self, position: &R::Position) -> Result<(), GameError> {
        match self.rules.reach_estimate(position) {
            Some(reach) if reach > self.max_sums as u64 => Err(GameError::Limit {
                what: format!(
                    "a misère search from {}, which reaches {} distinct positions,",
                    self.rules.format_position(position),
                    crate::number::at_least(reach)
                ),
                limit: sums_limit(self.max_sums),
            }),
            _ => Ok(()),
        }
    }

    /// An error once the search has met as many sums as it may.
    fn check_limit(&self) -> Result<(), GameError> {
        if self.sums_searched() >= self.max_sums {
            return Err(GameError::Limit {
                what: "the misère search of this position".to_owned(),
                limit: sums_limit(self.max_sums),
            });
        }
        Ok(())
    }

    /// Marks a sum as on the stack, within the limit.
    fn enter(&mut self, sum: &[u32]) -> Result<(), GameError> {
        self.check_limit()?;
        self.memo.insert(sum.into(), IN_PROGRESS);
        Ok(())
    }

    fn cycle(&self, sum: &[u32]) -> GameError {
        let shown: Vec<String> = sum.iter().map(|&c| self.describe(c)).collect();
        GameError::Cycle {
            position: shown.join(" + "),
        }
    }

    fn describe(&self, id: u32) -> String {
        match &self.parts[id as usize] {
            Part::Game(p) => self.rules.format_position(p),
            Part::Nim(k) => format!("*{k}"),
        }
    }

    /// The misère nim-value of the sum of `positions` plus Nim heaps of
    /// `nim_heaps`: the m for which that sum plus `*m` is a misère
    /// P-position.
    pub fn misere_value(
        &mut self,
        positions: &[R::Position],
        nim_heaps: &[u64],
    ) -> Result<u64, GameError> {
        let mut parts: Vec<Part<R::Position>> = positions.iter().cloned().map(Part::Game).collect();
        parts.extend(nim_heaps.iter().map(|&k| Part::Nim(k)));
        let sum = self.sum_of(parts)?;
        self.value_of_sum(sum)
    }

    /// `true` when the sum of `positions` is a misère P-position (the
    /// player to move loses): a search that stops at the first move to a
    /// P-position, so it meets fewer sums than the value does.
    pub fn is_p_position(&mut self, positions: &[R::Position]) -> Result<bool, GameError> {
        let parts: Vec<Part<R::Position>> = positions.iter().cloned().map(Part::Game).collect();
        let sum = self.sum_of(parts)?;
        self.outcome_of_sum(sum)
    }

    /// The outcome of a sum already known, from either memo.
    fn known_outcome(&self, sum: &[u32]) -> Result<Option<bool>, GameError> {
        if let Some(&v) = self.memo.get(sum) {
            return Ok(Some(self.settled(sum, v)? == 0));
        }
        match self.outcomes.get(sum) {
            Some(SearchState::OnStack) => Err(self.cycle(sum)),
            Some(&o) => Ok(Some(o == SearchState::P)),
            None => Ok(None),
        }
    }

    /// `true` when the sum (sorted non-terminal ids) is a P-position.
    fn outcome_of_sum(&mut self, sum: Box<[u32]>) -> Result<bool, GameError> {
        if let Some(p) = self.known_outcome(&sum)? {
            return Ok(p);
        }
        let mut option: Vec<u32> = Vec::new();
        let mut stack: Vec<Frame> = vec![self.open(sum, Memo::Outcomes, 0)?];
        // The outcome of the frame just finished, passed to its parent.
        let mut finished: Option<bool> = None;
        loop {
            if finished.take() == Some(true) {
                // A move to a P-position: this sum is an N-position.
                let frame = stack.pop().expect("a frame is on the stack");
                self.outcomes.insert(frame.sum, SearchState::N);
                if stack.is_empty() {
                    return Ok(false);
                }
                finished = Some(false);
                continue;
            }
            let frame = stack.last_mut().expect("the stack holds the sum asked for");
            if self.next_option(frame, &mut option)? {
                match self.known_outcome(&option)? {
                    Some(p) => finished = Some(p),
                    None => {
                        let opened = self.open(option.as_slice().into(), Memo::Outcomes, 0)?;
                        stack.push(opened);
                    }
                }
                continue;
            }
            // Every move leads to an N-position (the empty sum has no move,
            // and the player to move there wins).
            let frame = stack.pop().expect("a frame is on the stack");
            let p = !frame.sum.is_empty();
            self.outcomes
                .insert(frame.sum, if p { SearchState::P } else { SearchState::N });
            if stack.is_empty() {
                return Ok(p);
            }
            finished = Some(p);
        }
    }

    /// Marks a sum as on the stack of an outcome search, within the limit.
    fn enter_outcome(&mut self, sum: &[u32]) -> Result<(), GameError> {
        self.check_limit()?;
        self.outcomes.insert(sum.into(), SearchState::OnStack);
        Ok(())
    }

    /// The genus of `position`, `[g₀, g₁, g₂, …]`, with g₀ its normal-play
    /// value `normal`, written as short as the usual symbol: the list ends
    /// where its last two terms repeat forever (checked on four more
    /// terms), so `*0` gives `[0, 1, 2, 0]` (`0^120`) and `*2` gives
    /// `[2, 2, 0]` (`2^20`).
    pub fn genus(&mut self, position: &R::Position, normal: u64) -> Result<Vec<u64>, GameError> {
        /// Terms past the candidate end that must continue its repeat.
        const CHECK: usize = 4;
        /// No genus met in practice needs more (an error beyond).
        const MAX_TERMS: usize = 64;
        let mut terms = vec![normal];
        let mut twos: Vec<u64> = Vec::new();
        let mut end = 3;
        loop {
            while terms.len() < end + CHECK {
                terms.push(self.misere_value(std::slice::from_ref(position), &twos)?);
                twos.push(2);
            }
            // g_1 .. g_(end - 1), then g_(end - 2) g_(end - 1) forever.
            let repeats = (end..terms.len()).all(|k| terms[k] == terms[k - 2]);
            if repeats {
                terms.truncate(end);
                return Ok(terms);
            }
            end += 1;
            if end > MAX_TERMS {
                return Err(GameError::Limit {
                    what: format!(
                        "the genus of {} (its terms do not settle into a repeat)",
                        self.rules.format_position(position)
                    ),
                    limit: format!("{MAX_TERMS} terms"),
                });
            }
        }
    }
}

/// The genus written as usual: `4^146` (g₀, then g₁ g₂ … with the last
/// two repeating); values from 10 on are bracketed, `12^[12][14]`.
#[must_use]
pub fn genus_symbol(genus: &[u64]) -> String {
    let digit = |v: &u64| {
        if *v < 10 {
            v.to_string()
        } else {
            format!("[{v}]")
        }
    };
    match genus {
        [] => String::new(),
        [g0] => digit(g0),
        [g0, rest @ ..] => {
            let tail: String = rest.iter().map(digit).collect();
            format!("{}^{tail}", digit(g0))
        }
    }
}

/// `true` when `genus` (as [`MisereSearch::genus`] lists it) is a tame
/// genus, that of a sum of Nim heaps: `0^120` (`*0`), `1^031` (`*1`),
/// `0^02` (`*2 + *2`), `1^13` (`*2 + *2 + *1`), or `a^{a (a⊕2)}` for
/// a >= 2 (`*a`).
#[must_use]
pub fn is_tame_genus(genus: &[u64]) -> bool {
    tame_heaps(genus).is_some()
}

/// The Nim heaps a game of tame genus `genus` plays like in misère play
/// (beside other tame games): none for `0^120`, a heap of 1 for `1^031`,
/// two heaps of 2 for `0^02`, two of 2 and one of 1 for `1^13`, a heap of
/// a for `a^{a (a⊕2)}`; `None` when the genus is not tame.
#[must_use]
pub fn tame_heaps(genus: &[u64]) -> Option<Vec<u64>> {
    match genus {
        [0, 1, 2, 0] => Some(Vec::new()),
        [1, 0, 3, 1] => Some(vec![1]),
        [0, 0, 2] => Some(vec![2, 2]),
        [1, 1, 3] => Some(vec![2, 2, 1]),
        [a, b, c] if *a >= 2 && b == a && *c == a ^ 2 => Some(vec![*a]),
        _ => None,
    }
}

/// Bouton's misère rule: `true` when the sum of Nim heaps is a misère
/// P-position.
#[must_use]
pub fn nim_is_p_position(heaps: &[u64]) -> bool {
    if heaps.iter().any(|&h| h >= 2) {
        heaps.iter().fold(0, |x, &h| x ^ h) == 0
    } else {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    }
}

/// Every winning move of a sum of Nim heaps in misère play, as
/// (component, heap left), by Bouton's rule; empty from a P-position.
#[must_use]
pub fn nim_winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    if nim_is_p_position(heaps) {
        return Vec::new();
    }
    let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] >= 2).collect();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    match big.as_slice() {
        // Only heaps of 0 and 1, an even number of ones: take a one.
        [] => (0..heaps.len())
            .filter(|&i| heaps[i] == 1)
            .map(|i| (i, 0))
            .collect(),
        // One large heap: leave an odd number of ones.
        [i] => vec![(*i, if ones % 2 == 0 { 1 } else { 0 })],
        // Two or more: the normal-play moves, which keep a large heap.
        _ => {
            let total = heaps.iter().fold(0, |x, &h| x ^ h);
            (0..heaps.len())
                .filter(|&i| heaps[i] ^ total < heaps[i])
                .map(|i| (i, heaps[i] ^ total))
                .collect()
        }
    }
}

/// How a misère outcome was decided.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MisereMethod {
    /// Bouton's misère rule for Nim.
    Bouton,
    /// The memoised search over sums.
    Search,
}

impl MisereMethod {
    /// In words, for reports.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            MisereMethod::Bouton => "Bouton's misère rule for Nim",
            MisereMethod::Search => "memoised search over sums of components",
        }
    }
}

/// The misère outcome of a sum and its winning moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereAnalysis<P> {
    /// `true` when the player to move loses.
    pub is_p: bool,
    /// Every move to a misère P-position.
    pub winning_moves: Vec<WinningMove<P>>,
}

/// The misère outcome of the sum of `positions` and every winning move,
/// by search.
pub fn misere_analysis<R: Ruleset>(
    search: &mut MisereSearch<'_, R>,
    positions: &[R::Position],
) -> Result<MisereAnalysis<R::Position>, GameError> {
    let is_p = search.is_p_position(positions)?;
    let mut moves = Vec::new();
    if is_p {
        return Ok(MisereAnalysis {
            is_p,
            winning_moves: moves,
        });
    }
    let mut options = Options::new();
    let mut rest: Vec<R::Position> = Vec::with_capacity(positions.len() + 4);
    for (i, position) in positions.iter().enumerate() {
        options.clear();
        search.rules.options(position, &mut options)?;
        for option in options.iter() {
            rest.clear();
            rest.extend_from_slice(&positions[..i]);
            rest.extend_from_slice(&positions[i + 1..]);
            rest.extend_from_slice(option);
            if search.is_p_position(&rest)? {
                moves.push(WinningMove {
                    component: i,
                    from: position.clone(),
                    to: option.to_vec(),
                });
            }
        }
    }
    Ok(MisereAnalysis {
        is_p: false,
        winning_moves: moves,
    })
}

/// The misère nim-value of a Nim heap of n: 1, 0, then n (Bouton).
#[must_use]
pub const fn nim_misere_value(n: u64) -> u64 {
    match n {
        0 => 1,
        1 => 0,
        n => n,
    }
}

/// What the misère values G-(0..len) establish about their periodicity:
/// a pattern observed only, since no theorem here proves one.
#[must_use]
pub fn judge_misere_values(values: &NimSequence) -> PeriodReport {
    let rule = ProofRule::Observed(
        "no periodicity theorem covers misère values: the pattern is observed".to_owned(),
    );
    judge(&rule, values)
}
