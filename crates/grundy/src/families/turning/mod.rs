//! Coin-turning games (*Winning Ways*, ch. 14; CGSuite's `Turning`): a
//! row of coins, each heads or tails; a move turns over a set of coins
//! allowed by the rules, the rightmost of which goes from heads to tails.
//!
//! **Why a row is a sum of heads.** A move from the head at place n turns
//! it and some coins to its left. Read as a heap game — the head at n is a
//! heap of n, and the move replaces it by heaps at the other places turned
//! (the *heap representation*) — a coin turned twice is two equal heaps,
//! which cancel in normal play. So in normal play the value of a row is
//! the XOR of the values of its heads taken singly, and G(n), the value of
//! a lone head at place n, is the heap representation's nim-sequence:
//! [`Turning`] is that heap family, so `seq`, `period` and `analyze`
//! compute G(n) with the engines of every heap game. Places are numbered
//! from 1 at the left, as CGSuite numbers them; G(0) = 0 stands for no
//! coin.
//!
//! **Rows.** Positions are rows, written `THHTH` or as the places of
//! their heads (`2,3,5`); [`CoinRows`] evaluates them, lists every
//! winning move as the coins to turn, and plays them in misère play,
//! where the heap representation does not hold (two equal heaps do not
//! cancel): misère values come from a search over rows. Without values
//! ([`CoinRows::by_search`]) the generic solver treats each row as a
//! whole: the tests' cross-check of the XOR rule.
//!
//! The moves come from a [`TurningCode`]; the named games are CGSuite's
//! table of the games *Winning Ways* names.

pub mod code;

use std::sync::Arc;

use crate::error::GameError;
use crate::heap::{HeapFamily, MoveCount, OwnPositions};
use crate::nimber::{xor_permute_word, Nimber};
use crate::period::ProofRule;
use crate::ruleset::{Options, Ruleset};
use crate::sequence::dense::Kernel;
use crate::sequence::NimSequence;
use crate::spec_form::SpecForm;
use crate::sum_evaluator::SumEvaluator;

pub use code::{Element, Spacing, TurningCode, TurningCodeError, MAX_MOVES_PER_COIN};

/// The coin-turning games *Winning Ways* names, with their codes (the
/// table of CGSuite's `Turning`): name, code, what a move turns.
pub const NAMED_TURNING: &[(&str, &str, &str)] = &[
    ("turning-turtles", "1-2", "one or two coins"),
    ("mock-turtles", "1-3", "up to three coins"),
    ("moebius", "1-5", "up to five coins"),
    ("mogul", "1-7", "up to seven coins"),
    ("moidores", "1-9", "up to nine coins"),
    ("motley", "1+", "any number of coins"),
    ("twins", "2", "exactly two coins"),
    ("triplets", "3", "exactly three coins"),
    ("ruler", "1+C", "any number of consecutive coins"),
    (
        "mock-turtle-fives",
        "1-3C(5)",
        "up to three of five consecutive coins",
    ),
    (
        "triplet-fives",
        "3C(5)",
        "exactly three of five consecutive coins",
    ),
    ("ruler-fives", "1-5C", "up to five consecutive coins"),
    ("turnips", "3E", "three equally spaced coins"),
    (
        "grunt",
        "4FS",
        "four symmetrically placed coins, coin 1 among them",
    ),
    ("sym", "1+S", "any symmetrically placed coins"),
    (
        "sympler",
        "1+FS",
        "any symmetrically placed coins, coin 1 among them",
    ),
];

/// A coin-turning game, as the heap family of its heap representation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turning {
    code: TurningCode,
    /// The name, for named games.
    name: Option<&'static str>,
}

impl Turning {
    /// The game of a code.
    #[must_use]
    pub fn new(code: TurningCode) -> Turning {
        let printed = code.to_string();
        let name = NAMED_TURNING
            .iter()
            .find(|(_, c, _)| *c == printed)
            .map(|(name, _, _)| *name);
        Turning { code, name }
    }

    /// Its code.
    #[must_use]
    pub fn code(&self) -> &TurningCode {
        &self.code
    }

    /// Its name in *Winning Ways*, if it has one.
    #[must_use]
    pub fn name(&self) -> Option<&'static str> {
        self.name
    }

    /// Checks that listing `count` moves of the coin at place `n` is
    /// affordable.
    fn check_moves(&self, n: u64, count: u64) -> Result<(), GameError> {
        if count > MAX_MOVES_PER_COIN {
            return Err(GameError::Limit {
                what: format!(
                    "listing the moves of the coin at place {n} under the turning code {} ({} moves)",
                    self.code,
                    moves_text(count)
                ),
                limit: format!("{MAX_MOVES_PER_COIN} moves per coin"),
            });
        }
        Ok(())
    }

    /// Whether the kernel counts this element's options through XOR sets
    /// of subsets instead of listing them: any coins, no span.
    fn by_xor_sets(element: &Element) -> bool {
        element.spacing == Spacing::Any && element.span.is_none()
    }
}

impl SpecForm for Turning {
    const FORM: &'static str =
        "turning:CODE, ruler, mock-turtles, twins, triplets, turnips, grunt, sym, ...";
    const ABOUT: &'static str = "coin-turning games by CGSuite's turning code (1-3, 1+C, 3E, 4FS, 1-3C(5)) or Winning Ways' name: turn coins, the rightmost from heads to tails; positions are rows THHTH";
    const EXAMPLE: &'static str = "mock-turtles";
    const PREFIX: Option<&'static str> = None;
    type Error = TurningCodeError;

    fn names() -> Vec<&'static str> {
        NAMED_TURNING.iter().map(|(name, _, _)| *name).collect()
    }

    fn from_spec(text: &str) -> Option<Result<Turning, TurningCodeError>> {
        if let Some(code) = text.strip_prefix("turning:") {
            return Some(TurningCode::parse(code).map(Turning::new));
        }
        let (_, code, _) = NAMED_TURNING
            .iter()
            .find(|(name, _, _)| name.eq_ignore_ascii_case(text))?;
        Some(TurningCode::parse(code).map(Turning::new))
    }
}

impl HeapFamily for Turning {
    fn options(&self, n: u64, out: &mut Options<u64>) -> Result<(), GameError> {
        self.check_moves(n, self.code.move_count(n))?;
        self.code.for_each_move(n, &mut Vec::new(), &mut |others| {
            out.push_option(others.iter().copied())
        });
        Ok(())
    }

    fn dense_kernel(&self) -> Result<Box<dyn Kernel>, GameError> {
        Ok(Box::new(TurningKernel::new(self.clone())))
    }

    fn proof_rule(&self) -> ProofRule {
        ProofRule::Observed("no periodicity theorem covers coin-turning games".to_owned())
    }

    fn move_count(&self) -> MoveCount {
        MoveCount::AboutOnePerToken
    }

    /// The games whose values *Winning Ways* gives by a formula: Turning
    /// Turtles G(n) = n; Twins n − 1; Ruler the largest power of 2
    /// dividing n; Mock Turtles the n-th odious number (odd number of
    /// ones in binary), Triplets the same two places later; Motley 2^(n−1).
    fn closed_form_value(&self, n: u64) -> Option<u64> {
        let odious = |m: u64| 2 * (m - 1) + u64::from((m - 1).count_ones().is_multiple_of(2));
        match (self.name?, n) {
            (_, 0) => Some(0),
            ("turning-turtles", n) => Some(n),
            ("twins", n) => Some(n - 1),
            ("ruler", n) => Some(n & n.wrapping_neg()),
            ("mock-turtles", n) => Some(odious(n)),
            ("triplets", 1 | 2) => Some(0),
            ("triplets", n) => Some(odious(n - 2)),
            ("motley", n) if n <= 64 => Some(1 << (n - 1)),
            _ => None,
        }
    }

    fn closed_form_statement(&self) -> Option<String> {
        Some(
            match self.name? {
                "turning-turtles" => "G(n) = n (Winning Ways ch. 14)",
                "twins" => "G(n) = n - 1 (Winning Ways ch. 14)",
                "ruler" => "G(n) = the largest power of 2 dividing n (Winning Ways ch. 14)",
                "mock-turtles" => "G(n) = the n-th odious number, counting 1, 2, 4, 7, ...: an odd number of ones in binary (Winning Ways ch. 14)",
                "triplets" => "G(n) = Mock Turtles' G(n - 2), and 0 for n <= 2 (Winning Ways ch. 14)",
                "motley" => "G(n) = 2^(n-1) (Winning Ways ch. 14)",
                _ => return None,
            }
            .to_owned(),
        )
    }

    fn describe_move(&self, from: u64, to: &[u64]) -> String {
        describe_turn(from, to)
    }

    fn own_positions(&self) -> Option<&dyn OwnPositions> {
        Some(self)
    }
}

/// "turn over coins 2, 3 and 5 (5 from heads to tails)".
fn describe_turn(from: u64, others: &[u64]) -> String {
    if others.is_empty() {
        return format!("turn over coin {from} (heads to tails)");
    }
    let mut places: Vec<String> = others.iter().map(u64::to_string).collect();
    places.push(from.to_string());
    let last = places.pop().unwrap_or_default();
    format!(
        "turn over coins {} and {last} ({from} from heads to tails)",
        places.join(", ")
    )
}

impl OwnPositions for Turning {
    fn largest_heap(&self, texts: &[String]) -> Result<u64, GameError> {
        let mut largest = 0;
        for text in texts {
            largest = largest.max(parse_row(text)?.heads.last().copied().unwrap_or(0));
        }
        Ok(largest)
    }

    fn evaluator(&self, values: NimSequence) -> Arc<dyn SumEvaluator> {
        Arc::new(CoinRows::with_values(self.clone(), values))
    }

    fn search_evaluator(&self) -> Arc<dyn SumEvaluator> {
        Arc::new(CoinRows::by_search(self.clone()))
    }

    fn misere_note(&self) -> &'static str {
        "misère play of a coin-turning game is not the misère play of its heap representation (a coin turned twice is not two equal heaps): use 'eval --misere' with rows such as THHTH"
    }
}

/// The most memory (in 64-bit words) the kernel's XOR sets may take.
const MAX_SET_WORDS: usize = 1 << 25;

/// XOR sets of the subsets of the coins so far, by size: `sets[j]` holds
/// every XOR of j values among the coins absorbed (bit sets over values
/// below 2^bits).
#[derive(Clone, Debug)]
struct SubsetXors {
    /// The first place absorbed (1, or 2 when coin 1 is set apart for `F`).
    from: u64,
    /// The largest subset size kept, `None` for every size.
    largest: Option<usize>,
    sets: Vec<Vec<u64>>,
}

impl SubsetXors {
    fn new(from: u64, largest: Option<usize>, words: usize) -> SubsetXors {
        let mut empty = vec![0u64; words];
        empty[0] = 1; // the empty subset XORs to 0
        SubsetXors {
            from,
            largest,
            sets: vec![empty],
        }
    }

    /// Grows every set to `words` words (a new high bit of the values).
    fn widen(&mut self, words: usize) {
        for set in &mut self.sets {
            set.resize(words, 0);
        }
    }

    /// Adds a coin of value `value` (below the sets' size).
    fn absorb(&mut self, value: u64) {
        let words = self.sets[0].len();
        let keep = self.largest.map_or(usize::MAX, |l| l + 1);
        if self.sets.len() < keep {
            self.sets.push(vec![0u64; words]);
        }
        let (high, low) = ((value / 64) as usize, value % 64);
        for j in (1..self.sets.len()).rev() {
            let (smaller, larger) = self.sets.split_at_mut(j);
            let (source, target) = (&smaller[j - 1], &mut larger[0]);
            for (w, &word) in source.iter().enumerate() {
                if word != 0 {
                    target[w ^ high] |= xor_permute_word(word, low);
                }
            }
        }
    }
}

/// The dense kernel of a coin-turning game: options of plain ranges of
/// any coins come from XOR sets of subsets, kept as coins are added; the
/// others are listed and their XORs taken from the values.
struct TurningKernel {
    game: Turning,
    /// XOR sets over coins 1.. (elements without `F`) and 2.. (with `F`).
    plain: Option<SubsetXors>,
    with_first: Option<SubsetXors>,
    /// Coins absorbed so far (places 1 ..= absorbed).
    absorbed: u64,
    /// `prefix[m]` = G(1) ^ … ^ G(m): consecutive coins XOR in one step.
    prefix: Vec<u64>,
    /// Words of the bit sets: 2^bits values, all values below it.
    words: usize,
    seen: Vec<u64>,
    buf: Vec<u64>,
}

impl TurningKernel {
    fn new(game: Turning) -> TurningKernel {
        let mut kernel = TurningKernel {
            game,
            plain: None,
            with_first: None,
            absorbed: 0,
            prefix: vec![0],
            words: 1,
            seen: vec![0; 1],
            buf: Vec::new(),
        };
        kernel.reset();
        kernel
    }

    fn reset(&mut self) {
        let mut plain: Option<Option<usize>> = None;
        let mut with_first: Option<Option<usize>> = None;
        let merge = |slot: &mut Option<Option<usize>>, size: Option<usize>| {
            *slot = Some(match (*slot, size) {
                (Some(None), _) | (_, None) => None,
                (Some(Some(a)), Some(b)) => Some(a.max(b)),
                (None, Some(b)) => Some(b),
            });
        };
        for e in self.game.code.elements() {
            if Turning::by_xor_sets(e) {
                let others = e.max.map(|m| (m - 1) as usize);
                if e.first {
                    merge(&mut with_first, others.map(|o| o.saturating_sub(1)));
                } else {
                    merge(&mut plain, others);
                }
            }
        }
        self.words = 1;
        self.plain = plain.map(|l| SubsetXors::new(1, l, 1));
        self.with_first = with_first.map(|l| SubsetXors::new(2, l, 1));
        self.absorbed = 0;
        self.prefix = vec![0];
    }

    /// Absorbs the coins at places up to `n - 1`.
    fn catch_up(&mut self, values: &NimSequence, n: u64) -> Result<(), GameError> {
        while self.absorbed + 1 < n {
            self.absorbed += 1;
            let value = values.get(self.absorbed as usize);
            let before = self.prefix.last().copied().unwrap_or(0);
            self.prefix.push(before ^ value);
            let needed = ((value + 1).next_power_of_two() as usize)
                .div_ceil(64)
                .max(1);
            if needed > self.words {
                // XORs of values below 2^b stay below 2^b.
                self.words = needed;
                for sets in [&mut self.plain, &mut self.with_first]
                    .into_iter()
                    .flatten()
                {
                    sets.widen(needed);
                }
            }
            for sets in [&mut self.plain, &mut self.with_first]
                .into_iter()
                .flatten()
            {
                if self.absorbed >= sets.from {
                    sets.absorb(value);
                }
                let words = sets.sets.len().saturating_mul(self.words);
                if words > MAX_SET_WORDS {
                    return Err(GameError::Limit {
                        what: format!(
                            "the XOR sets of the coins up to place {} ({} MiB)",
                            self.absorbed,
                            words / (1 << 17)
                        ),
                        limit: format!("{} MiB", MAX_SET_WORDS / (1 << 17)),
                    });
                }
            }
        }
        Ok(())
    }
}

impl Kernel for TurningKernel {
    fn next_value(&mut self, values: &NimSequence) -> Result<u64, GameError> {
        let n = values.len() as u64;
        if n == 0 {
            return Ok(0);
        }
        self.catch_up(values, n)?;
        let words = self.words;
        self.seen.clear();
        self.seen.resize(words, 0);
        let first_value = if n > 1 { values.get(1) } else { 0 };
        for e in self.game.code.elements() {
            if Turning::by_xor_sets(e) {
                // The sizes of the sets of other coins turned; with F,
                // coin 1 is set apart (always turned) and the sets are
                // over coins 2 .. n - 1.
                let (sets, low, high, offset) = if e.first {
                    if n == 1 {
                        if e.min == 1 {
                            self.seen[0] |= 1; // coin 1 alone
                        }
                        continue;
                    }
                    if e.max == Some(1) {
                        continue;
                    }
                    let high = e.max.map_or(u64::MAX, |m| m - 2);
                    (
                        self.with_first.as_ref(),
                        e.min.saturating_sub(2),
                        high,
                        first_value,
                    )
                } else {
                    let high = e.max.map_or(u64::MAX, |m| m - 1);
                    (self.plain.as_ref(), e.min - 1, high, 0)
                };
                let Some(sets) = sets else { continue };
                let (high_word, low_bits) = ((offset / 64) as usize, offset % 64);
                for (j, set) in sets.sets.iter().enumerate() {
                    let j = j as u64;
                    if j < low || j > high {
                        continue;
                    }
                    for (w, &word) in set.iter().enumerate() {
                        if word != 0 {
                            self.seen[w ^ high_word] |= xor_permute_word(word, low_bits);
                        }
                    }
                }
            } else if e.spacing == Spacing::Consecutive {
                // Coins left ..= n - 1 XOR to prefix[n - 1] ^ prefix[left - 1].
                let mut count = |k: u64| {
                    let left = n + 1 - k;
                    let x = self.prefix[(n - 1) as usize] ^ self.prefix[(left - 1) as usize];
                    self.seen[(x / 64) as usize] |= 1 << (x % 64);
                };
                let lowest = e.lowest(n);
                for k in e.min..=e.max.unwrap_or(n).min(n) {
                    let left = n + 1 - k;
                    if left >= lowest && (!e.first || left == 1) {
                        count(k);
                    }
                }
            } else {
                // Only this element's moves are listed.
                self.game.check_moves(n, e.move_count(n))?;
                let seen = &mut self.seen;
                let mut failed = None;
                e.for_each_move(n, &mut self.buf, &mut |others| {
                    let x = others
                        .iter()
                        .fold(0u64, |acc, &p| acc ^ values.get(p as usize));
                    match seen.get_mut((x / 64) as usize) {
                        Some(word) => *word |= 1 << (x % 64),
                        None => failed = Some(x),
                    }
                });
                if let Some(x) = failed {
                    return Err(GameError::Rules {
                        message: format!("internal: the XOR {x} outgrew the value sets"),
                    });
                }
            }
        }
        let mex = self
            .seen
            .iter()
            .enumerate()
            .find(|(_, &w)| w != u64::MAX)
            .map_or(words as u64 * 64, |(i, w)| {
                i as u64 * 64 + u64::from(w.trailing_ones())
            });
        Ok(mex)
    }

    fn restore(&mut self, _values: &NimSequence) {
        self.reset();
    }
}

/// A row of coins: the places of its heads, ascending.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CoinRow {
    heads: Vec<u64>,
}

impl CoinRow {
    /// The row with heads at `heads` (any order; a place written twice is
    /// one head).
    #[must_use]
    pub fn new(mut heads: Vec<u64>) -> CoinRow {
        heads.sort_unstable();
        heads.dedup();
        CoinRow { heads }
    }

    /// The places of the heads, ascending.
    #[must_use]
    pub fn heads(&self) -> &[u64] {
        &self.heads
    }

    /// The row after turning over the coins at `places` (each once).
    #[must_use]
    pub fn turned(&self, places: &[u64]) -> CoinRow {
        let mut heads = self.heads.clone();
        for &p in places {
            match heads.binary_search(&p) {
                Ok(i) => {
                    heads.remove(i);
                }
                Err(i) => heads.insert(i, p),
            }
        }
        CoinRow { heads }
    }
}

/// The most coins a row written `THHT…` may have.
pub const MAX_ROW_PLACE: u64 = 1 << 24;

/// Reads a row: `THHTH` (T/H or t/h, place 1 first; `.` and `-` may stand
/// for tails), or the places of its heads, `2,3,5` (a lone number is one
/// head), or `{}`/`-` for a row of tails.
pub fn parse_row(text: &str) -> Result<CoinRow, GameError> {
    let invalid = |reason: String| GameError::InvalidPosition {
        text: text.to_owned(),
        reason,
    };
    let trimmed = text.trim();
    let inner = trimmed
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .unwrap_or(trimmed);
    if inner.is_empty() {
        return Ok(CoinRow::new(Vec::new()));
    }
    if inner
        .chars()
        .all(|c| matches!(c, 'H' | 'h' | 'T' | 't' | '.' | '-'))
    {
        let heads: Vec<u64> = inner
            .chars()
            .enumerate()
            .filter(|(_, c)| matches!(c, 'H' | 'h'))
            .map(|(i, _)| i as u64 + 1)
            .collect();
        if inner.chars().count() as u64 > MAX_ROW_PLACE {
            return Err(invalid(format!("a row has at most {MAX_ROW_PLACE} coins")));
        }
        return Ok(CoinRow::new(heads));
    }
    let mut heads = Vec::new();
    for part in inner
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty())
    {
        let place = crate::number::parse_u64(part).map_err(|e| {
            invalid(format!(
                "'{part}' is not the place of a head ({e}); a row is THHTH or the places of its heads, 2,3,5"
            ))
        })?;
        if place == 0 {
            return Err(invalid("places are numbered from 1 at the left".to_owned()));
        }
        if place > MAX_ROW_PLACE {
            return Err(invalid(format!("places go up to {MAX_ROW_PLACE}")));
        }
        heads.push(place);
    }
    Ok(CoinRow::new(heads))
}

/// Rows of a coin-turning game as a [`Ruleset`]: the options of a row are
/// the rows its moves leave. With the heap values ([`CoinRows::with_values`])
/// a row's value is the XOR of its heads' values; by search
/// ([`CoinRows::by_search`]) the solver explores the rows themselves.
#[derive(Clone, Debug)]
pub struct CoinRows {
    game: Turning,
    values: Option<NimSequence>,
}

impl CoinRows {
    /// Rows valued by the XOR of G at their heads; `values` must cover
    /// every place the rows use.
    #[must_use]
    pub fn with_values(game: Turning, values: NimSequence) -> CoinRows {
        CoinRows {
            game,
            values: Some(values),
        }
    }

    /// Rows valued by searching their options (no XOR rule).
    #[must_use]
    pub fn by_search(game: Turning) -> CoinRows {
        CoinRows { game, values: None }
    }
}

/// A count of moves as a refusal says it (counts saturate at `u64::MAX`).
fn moves_text(count: u64) -> String {
    if count == u64::MAX {
        "more than 2^64".to_owned()
    } else {
        count.to_string()
    }
}

/// The most memory one list of a row's moves may take.
pub const MAX_OPTION_LIST_BYTES: u64 = 256 << 20;

/// The most moves of one row listed or scanned: about a second's work.
pub const MAX_ROW_MOVES: u64 = 1 << 27;

impl CoinRows {
    /// The moves of `row` (the sum of its heads' moves), refused past
    /// [`MAX_MOVES_PER_COIN`] for a coin or [`MAX_ROW_MOVES`] in all.
    fn row_moves(&self, row: &CoinRow) -> Result<u64, GameError> {
        let mut total = 0u64;
        for &n in &row.heads {
            let count = self.game.code.move_count(n);
            self.game.check_moves(n, count)?;
            total = total.saturating_add(count);
        }
        if total > MAX_ROW_MOVES {
            return Err(GameError::Limit {
                what: format!(
                    "listing the moves of a row of {} heads under the turning code {} ({} moves)",
                    row.heads.len(),
                    self.game.code,
                    moves_text(total)
                ),
                limit: format!("{MAX_ROW_MOVES} moves per row"),
            });
        }
        Ok(total)
    }
}

impl CoinRows {
    /// Pushes the row each move of `row` leaves, for the moves (the head
    /// `n` turned with the coins `others`) that `keep` accepts.
    fn push_moves(
        &self,
        row: &CoinRow,
        out: &mut Options<CoinRow>,
        mut keep: impl FnMut(u64, &[u64]) -> bool,
    ) {
        let mut buf = Vec::new();
        let mut turned = Vec::new();
        for &n in &row.heads {
            self.game.code.for_each_move(n, &mut buf, &mut |others| {
                if !keep(n, others) {
                    return;
                }
                turned.clear();
                turned.extend_from_slice(others);
                turned.push(n);
                let next = row.turned(&turned);
                if next.heads.is_empty() {
                    out.end_option();
                } else {
                    out.push_option([next]);
                }
            });
        }
    }
}

impl Ruleset for CoinRows {
    type Position = CoinRow;

    fn options(&self, row: &CoinRow, out: &mut Options<CoinRow>) -> Result<(), GameError> {
        let moves = self.row_moves(row)?;
        // Each option is a row of about as many heads: bounded up front,
        // not found out when the allocation fails (200 heads of triplets
        // list 1.3 million rows).
        let bytes = moves
            .saturating_mul(std::mem::size_of::<CoinRow>() as u64 + 8 * row.heads.len() as u64 + 8);
        if bytes > MAX_OPTION_LIST_BYTES {
            return Err(GameError::Limit {
                what: format!(
                    "listing the {moves} moves of a row of {} heads (about {} MB)",
                    row.heads.len(),
                    bytes >> 20
                ),
                limit: format!("{} MB per list of moves", MAX_OPTION_LIST_BYTES >> 20),
            });
        }
        self.push_moves(row, out, |_, _| true);
        Ok(())
    }

    /// With the heads' values, only the moves that reach `target`: a move
    /// turns coins, and the row's value changes by the XOR of their values,
    /// so the rows that do not reach it are never built.
    fn candidate_options(
        &self,
        row: &CoinRow,
        target: Nimber,
        out: &mut Options<CoinRow>,
    ) -> Result<(), GameError> {
        let (Some(values), Some(value)) = (self.values.as_ref(), self.known_value(row)) else {
            return self.options(row, out);
        };
        self.row_moves(row)?;
        let wanted = value.value() ^ target.value();
        self.push_moves(row, out, |n, others| {
            let change = others.iter().fold(values.get(n as usize), |acc, &o| {
                acc ^ values.get(o as usize)
            });
            change == wanted
        });
        Ok(())
    }

    fn known_value(&self, row: &CoinRow) -> Option<Nimber> {
        let values = self.values.as_ref()?;
        let mut value = 0;
        for &p in &row.heads {
            if p as usize >= values.len() {
                return None;
            }
            value ^= values.get(p as usize);
        }
        Some(Nimber::new(value))
    }

    fn parse_position(&self, text: &str) -> Result<CoinRow, GameError> {
        parse_row(text)
    }

    /// `THHTH` up to 64 places, the heads' places beyond.
    fn format_position(&self, row: &CoinRow) -> String {
        match row.heads.last() {
            None => "{}".to_owned(),
            Some(&last) if last <= 64 => (1..=last)
                .map(|p| {
                    if row.heads.binary_search(&p).is_ok() {
                        'H'
                    } else {
                        'T'
                    }
                })
                .collect(),
            Some(_) => format!(
                "{{{}}}",
                row.heads
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        }
    }

    /// The places of the heads.
    fn position_json(&self, row: &CoinRow) -> serde_json::Value {
        serde_json::json!(row.heads)
    }

    fn describe_move(&self, from: &CoinRow, to: &[CoinRow]) -> String {
        let empty = CoinRow::new(Vec::new());
        let to = to.first().unwrap_or(&empty);
        // The coins whose side changed; the rightmost went heads to tails.
        let mut changed: Vec<u64> = from
            .heads
            .iter()
            .filter(|p| to.heads.binary_search(p).is_err())
            .chain(
                to.heads
                    .iter()
                    .filter(|p| from.heads.binary_search(p).is_err()),
            )
            .copied()
            .collect();
        changed.sort_unstable();
        let Some(rightmost) = changed.pop() else {
            return "turn over no coin".to_owned();
        };
        let left = if to.heads.is_empty() {
            "all tails".to_owned()
        } else {
            self.format_position(to)
        };
        format!("{}, leaving {left}", describe_turn(rightmost, &changed))
    }
}
