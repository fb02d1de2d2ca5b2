//! Take-and-break codes, in CGSuite's syntax: parse, normalise, print.
//!
//! A code `d0.d1d2d3…` lists, for each number j of tokens removed, a digit
//! d_j whose bit k allows "remove j tokens and leave exactly k non-empty
//! heaps" (bit 0: take the whole heap; bit 1: leave one heap; bit 2: leave
//! two…). Digits are `0-9` and `A-Z` (10–35, as CGSuite reads them), `&N;` for any value N, or a
//! heap-count list `{2,3}` / `{2+}`. A modifier after a digit restricts the
//! heaps left: `!` pairwise unequal, `?` not all equal, `=` all equal. A
//! bracketed tail repeats forever (`0.[3]` is Nim). Digits left of d0 add
//! tokens; such codes parse, but the games can loop.

use std::fmt;

use thiserror::Error;

pub use crate::sequence::moves::{HeapCounts, MoveTable, SplitKind};

/// How the heaps left by a move must relate to each other.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// No restriction.
    #[default]
    None,
    /// `!`: the heaps left are pairwise unequal.
    Unequal,
    /// `?`: the heaps left are not all equal.
    NotAllEqual,
    /// `=`: the heaps left are all equal.
    AllEqual,
}

impl Modifier {
    /// What the modifier asks of the two heaps a split leaves.
    #[must_use]
    #[inline]
    pub const fn two_heap_split(self) -> SplitKind {
        match self {
            Modifier::None => SplitKind::Any,
            Modifier::Unequal | Modifier::NotAllEqual => SplitKind::Unequal,
            Modifier::AllEqual => SplitKind::Equal,
        }
    }

    const fn symbol(self) -> &'static str {
        match self {
            Modifier::None => "",
            Modifier::Unequal => "!",
            Modifier::NotAllEqual => "?",
            Modifier::AllEqual => "=",
        }
    }
}

/// One digit of a code: which numbers of heaps may be left, and how they
/// must relate.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Digit {
    /// The numbers of heaps that may be left.
    heaps: HeapCounts,
    /// Restriction on the heaps left.
    modifier: Modifier,
}

impl Digit {
    /// A digit with value `counts` (bit k: leave k heaps) and no modifier.
    #[must_use]
    pub const fn new(counts: u64) -> Digit {
        Digit {
            heaps: HeapCounts {
                listed: counts,
                at_least: None,
            },
            modifier: Modifier::None,
        }
    }

    /// The same digit with a modifier.
    #[must_use]
    pub const fn with_modifier(self, modifier: Modifier) -> Digit {
        Digit { modifier, ..self }
    }

    /// The same digit also allowing any number of heaps from `k` on.
    #[must_use]
    pub const fn with_at_least(self, k: u32) -> Digit {
        Digit {
            heaps: HeapCounts {
                listed: self.heaps.listed,
                at_least: Some(k),
            },
            ..self
        }
    }

    /// The digit's modifier.
    #[must_use]
    pub const fn modifier(self) -> Modifier {
        self.modifier
    }

    /// The numbers of heaps the digit allows, without its modifier.
    #[must_use]
    pub const fn heaps(self) -> HeapCounts {
        self.heaps
    }

    /// The bit mask of heap counts listed one by one.
    #[must_use]
    pub const fn counts(self) -> u64 {
        self.heaps.listed
    }

    /// `Some(k)` when any number of heaps from `k` on may be left.
    #[must_use]
    pub const fn at_least(self) -> Option<u32> {
        self.heaps.at_least
    }

    /// `true` when leaving exactly `k` heaps is allowed.
    #[must_use]
    pub const fn allows(self, k: u64) -> bool {
        self.heaps.allows(k)
    }

    /// `true` when the digit allows no move at all.
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.heaps.is_zero()
    }

    /// The largest number of heaps a move may leave, `None` if unbounded.
    #[must_use]
    pub const fn max_heaps(self) -> Option<u64> {
        self.heaps.max_heaps()
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SYMBOLS: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        match self.heaps.at_least {
            None if self.heaps.listed < 36 => {
                write!(f, "{}", SYMBOLS[self.heaps.listed as usize] as char)?;
            }
            None => write!(f, "&{};", self.heaps.listed)?,
            Some(from) => {
                let mut items: Vec<String> = (0..64u32)
                    .filter(|&k| k < from && self.heaps.listed & (1u64 << k) != 0)
                    .map(|k| k.to_string())
                    .collect();
                items.push(format!("{from}+"));
                write!(f, "{{{}}}", items.join(","))?;
            }
        }
        f.write_str(self.modifier.symbol())
    }
}

/// A malformed code, with the position of the offending character.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid take-and-break code: {message}\n  {code}\n  {caret:>width$}", caret = "^", width = column + 1)]
pub struct CodeError {
    /// The code as written.
    pub code: String,
    /// Index (in characters) of the offending character.
    pub column: usize,
    /// What is wrong there.
    pub message: String,
}

/// A parsed take-and-break code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[must_use]
pub struct TakeBreakCode {
    /// Digits that add tokens, nearest to d0 first (d_-1, d_-2, ...).
    adding: Vec<Digit>,
    /// d0, d1, ... up to the repeating tail.
    digits: Vec<Digit>,
    /// A block of digits repeated forever after `digits`.
    repeat: Vec<Digit>,
}

impl TakeBreakCode {
    /// The moves of the finite digits (`d_0 .. d_(len - 1)`), decoded
    /// once by what they leave: the table the explicit options' fast
    /// paths, the dense kernel's pair loops and the sparse engine read.
    #[must_use]
    pub fn move_table(&self) -> MoveTable {
        let mut table = MoveTable::default();
        for j in 0..self.finite_len() {
            let digit = self.digit(j as u64);
            if digit.allows(0) && j > 0 {
                table.whole.push(j);
            }
            if digit.allows(1) && j > 0 {
                table.single.push(j);
            }
            if digit.allows(2) {
                table.splits.push((j, digit.modifier().two_heap_split()));
            }
        }
        table
    }

    /// A code from its digits d0, d1, ... (no tail, nothing added).
    pub fn from_digits(digits: Vec<Digit>) -> TakeBreakCode {
        TakeBreakCode {
            adding: Vec::new(),
            digits,
            repeat: Vec::new(),
        }
        .normalised()
    }

    /// Reads a code such as `0.77`, `4!.0`, `0.[3]`, `0.{2+}` or `0.&40;`.
    pub fn parse(code: &str) -> Result<TakeBreakCode, CodeError> {
        Parser::new(code).parse()
    }

    /// The digit for removing `j` tokens (`d_j`).
    #[must_use]
    pub fn digit(&self, j: u64) -> Digit {
        if let Some(d) = usize::try_from(j).ok().and_then(|j| self.digits.get(j)) {
            return *d;
        }
        if self.repeat.is_empty() {
            return Digit::default();
        }
        let past = j - self.digits.len() as u64;
        self.repeat[(past % self.repeat.len() as u64) as usize]
    }

    /// Number of digits before the repeating tail (d0 included).
    #[must_use]
    pub fn finite_len(&self) -> usize {
        self.digits.len()
    }

    /// Number of digits in the repeating tail (0 when there is none).
    #[must_use]
    pub fn repeat_len(&self) -> usize {
        self.repeat.len()
    }

    /// `true` when a tail repeats forever (moves may remove any number).
    #[must_use]
    pub fn is_infinite(&self) -> bool {
        !self.repeat.is_empty()
    }

    /// `true` when some digit allows adding tokens.
    #[must_use]
    pub fn adds_tokens(&self) -> bool {
        !self.adding.is_empty()
    }

    /// `true` when some digit has a modifier (`!`, `?`, `=`).
    #[must_use]
    pub fn has_modifiers(&self) -> bool {
        self.digits
            .iter()
            .chain(&self.repeat)
            .chain(&self.adding)
            .any(|d| d.modifier != Modifier::None)
    }

    /// The most heaps a single move may leave; `None` when unbounded.
    #[must_use]
    pub fn max_heaps(&self) -> Option<u64> {
        self.digits
            .iter()
            .chain(&self.repeat)
            .try_fold(0, |acc, d| d.max_heaps().map(|m| acc.max(m)))
    }

    /// The index of the last non-zero digit (`t` in the periodicity
    /// theorems); `None` for an infinite code or a code with no moves.
    #[must_use]
    pub fn last_nonzero(&self) -> Option<u64> {
        if self.is_infinite() {
            return None;
        }
        self.digits
            .iter()
            .rposition(|d| !d.is_zero())
            .map(|i| i as u64)
    }

    /// `true` when d0 allows leaving exactly one heap: that move changes
    /// nothing, so the game would loop.
    #[must_use]
    pub fn has_null_move(&self) -> bool {
        self.digit(0).allows(1)
    }

    fn normalised(mut self) -> TakeBreakCode {
        // A count listed one by one that `{k+}` covers anyway ({3,3+} is
        // {3+}) prints as nothing: drop it so the code prints back as read.
        for digit in self
            .digits
            .iter_mut()
            .chain(&mut self.repeat)
            .chain(&mut self.adding)
        {
            if let Some(from) = digit.heaps.at_least {
                if from < 64 {
                    digit.heaps.listed &= (1u64 << from) - 1;
                }
            }
        }
        // A tail of zeros adds nothing; a tail equal to the digits just before
        // it can absorb them.
        if self.repeat.iter().all(|d| d.is_zero()) {
            self.repeat.clear();
        }
        if !self.repeat.is_empty() {
            // Shortest repeating block.
            let len = self.repeat.len();
            for p in 1..=len {
                if len.is_multiple_of(p) && (p..len).all(|i| self.repeat[i] == self.repeat[i - p]) {
                    self.repeat.truncate(p);
                    break;
                }
            }
            // Rotate the block into the digits before it while they match.
            while self.digits.len() > 1 && self.digits.last() == self.repeat.last() {
                self.digits.pop();
                self.repeat.rotate_right(1);
            }
        } else {
            while self.digits.len() > 2 && self.digits.last().is_some_and(|d| d.is_zero()) {
                self.digits.pop();
            }
        }
        while self.adding.last().is_some_and(|d| d.is_zero()) {
            self.adding.pop();
        }
        if self.digits.is_empty() {
            self.digits.push(Digit::default());
        }
        if self.repeat.is_empty() && self.digits.len() == 1 {
            // "8." is "8.0": a finite code keeps d1, as it prints.
            self.digits.push(Digit::default());
        }
        self
    }
}

impl fmt::Display for TakeBreakCode {
    /// The normal form: at least one digit after the point, no trailing
    /// zeros, the shortest repeating tail.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.adding.iter().rev() {
            write!(f, "{d}")?;
        }
        write!(f, "{}.", self.digits[0])?;
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        if !self.repeat.is_empty() {
            f.write_str("[")?;
            for d in &self.repeat {
                write!(f, "{d}")?;
            }
            f.write_str("]")?;
        } else if self.digits.len() == 1 {
            f.write_str("0")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for TakeBreakCode {
    type Err = CodeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TakeBreakCode::parse(s)
    }
}

struct Parser<'a> {
    code: &'a str,
    chars: Vec<char>,
    at: usize,
}

impl<'a> Parser<'a> {
    fn new(code: &'a str) -> Self {
        Parser {
            code,
            chars: code.chars().collect(),
            at: 0,
        }
    }

    fn error(&self, column: usize, message: impl Into<String>) -> CodeError {
        CodeError {
            code: self.code.to_owned(),
            column,
            message: message.into(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn parse(mut self) -> Result<TakeBreakCode, CodeError> {
        if self.chars.is_empty() {
            return Err(self.error(0, "the code is empty"));
        }
        let mut before = Vec::new();
        while let Some(c) = self.peek() {
            if c == '.' {
                break;
            }
            before.push(self.digit()?);
        }
        if self.peek() != Some('.') {
            return Err(self.error(self.at, "expected '.' after d0 (as in 0.77 or 4!.0)"));
        }
        let point = self.at;
        self.at += 1;
        let mut digits = vec![before.pop().unwrap_or_default()];
        let mut repeat = Vec::new();
        while let Some(c) = self.peek() {
            if c == '[' {
                let open = self.at;
                self.at += 1;
                while self.peek().is_some_and(|c| c != ']') {
                    repeat.push(self.digit()?);
                }
                if self.peek() != Some(']') {
                    return Err(self.error(open, "this '[' is never closed"));
                }
                if repeat.is_empty() {
                    return Err(self.error(open, "the repeating tail '[]' is empty"));
                }
                self.at += 1;
                if self.at < self.chars.len() {
                    return Err(self.error(self.at, "nothing may follow the repeating tail"));
                }
                break;
            }
            digits.push(self.digit()?);
        }
        if digits.len() == 1 && repeat.is_empty() && point + 1 != self.chars.len() {
            return Err(self.error(point + 1, "expected digits after '.'"));
        }
        before.reverse();
        Ok(TakeBreakCode {
            adding: before,
            digits,
            repeat,
        }
        .normalised())
    }

    fn number(&mut self) -> Result<u64, CodeError> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        if start == self.at {
            return Err(self.error(start, "expected a number"));
        }
        let text: String = self.chars[start..self.at].iter().collect();
        text.parse()
            .map_err(|_| self.error(start, "this number is too large"))
    }

    fn digit(&mut self) -> Result<Digit, CodeError> {
        let start = self.at;
        let Some(c) = self.peek() else {
            return Err(self.error(start, "expected a digit"));
        };
        let mut digit = match c {
            '0'..='9' | 'A'..='Z' | 'a'..='z' => {
                self.at += 1;
                Digit::new(c.to_digit(36).map_or(0, u64::from))
            }
            '&' => {
                self.at += 1;
                let value = self.number()?;
                if self.peek() != Some(';') {
                    return Err(self.error(self.at, "expected ';' to end the '&N;' digit"));
                }
                self.at += 1;
                Digit::new(value)
            }
            '{' => {
                self.at += 1;
                let mut digit = Digit::default();
                loop {
                    let item = self.at;
                    let k = self.number()?;
                    if self.peek() == Some('+') {
                        self.at += 1;
                        let k = u32::try_from(k).map_err(|_| self.error(item, "too many heaps"))?;
                        digit = digit.with_at_least(digit.heaps.at_least.map_or(k, |a| a.min(k)));
                    } else if k >= 64 {
                        return Err(self
                            .error(item, "at most 63 heaps can be listed one by one (use {k+})"));
                    } else {
                        digit.heaps.listed |= 1u64 << k;
                    }
                    match self.peek() {
                        Some(',') => self.at += 1,
                        Some('}') => {
                            self.at += 1;
                            break;
                        }
                        _ => {
                            return Err(
                                self.error(self.at, "expected ',' or '}' in a heap-count list")
                            )
                        }
                    }
                }
                digit
            }
            _ => {
                return Err(self.error(
                    start,
                    format!("'{c}' is not a digit (digits are 0-9, A-Z, &N; or {{...}})"),
                ))
            }
        };
        digit.modifier = match self.peek() {
            Some('!') => Modifier::Unequal,
            Some('?') => Modifier::NotAllEqual,
            Some('=') => Modifier::AllEqual,
            _ => Modifier::None,
        };
        if digit.modifier != Modifier::None {
            self.at += 1;
        }
        Ok(digit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(code: &str) -> String {
        TakeBreakCode::parse(code).unwrap().to_string()
    }

    #[test]
    fn parses_and_prints_back() {
        for code in [
            "0.77",
            "0.07",
            "0.137",
            "4!.0",
            "0.6",
            "0.007",
            "0.15",
            "4.07",
            "0.8F",
            "0.[3]",
            "0.3003330[3]",
            "0.&40;",
            "0.{2+}",
            "0.{1,3+}",
            "0.7?7=",
            "12.3",
            "0.4!",
            "0.[37]",
        ] {
            assert_eq!(round_trip(code), code, "{code}");
        }
    }

    /// CGSuite's digits run to Z: G to Z are 16 to 35 (issue 26, item 20);
    /// they print back as letters, and larger digits as `&N;`.
    #[test]
    fn digits_run_to_z() {
        for (letter, value) in [('W', 32), ('X', 33), ('Y', 34), ('Z', 35)] {
            let by_letter = TakeBreakCode::parse(&format!("0.{letter}")).unwrap();
            let by_value = TakeBreakCode::parse(&format!("0.&{value};")).unwrap();
            assert_eq!(by_letter, by_value, "{letter}");
            assert_eq!(by_value.to_string(), format!("0.{letter}"));
            let lower = TakeBreakCode::parse(&format!("0.{}", letter.to_ascii_lowercase()));
            assert_eq!(lower.unwrap(), by_value);
        }
        assert_eq!(round_trip("0.&36;"), "0.&36;");
        assert_eq!(round_trip("0.&31;"), "0.V");
    }

    #[test]
    fn normalises() {
        assert_eq!(round_trip("0.770"), "0.77");
        assert_eq!(round_trip("0.0"), "0.0");
        assert_eq!(round_trip(".77"), "0.77");
        assert_eq!(round_trip("0.33[3]"), "0.[3]");
        assert_eq!(round_trip("0.[33]"), "0.[3]");
        assert_eq!(round_trip("0.{1,2}"), "0.6");
        assert_eq!(round_trip("0.&7;"), "0.7");
        assert_eq!(round_trip("0.a"), "0.A");
        assert_eq!(round_trip("0.7[0]"), "0.7");
        assert_eq!(round_trip("0.[73]"), "0.[73]");
        assert_eq!(round_trip("0.3[73]"), "0.[37]");
    }

    #[test]
    fn digit_meanings() {
        let code = TakeBreakCode::parse("4!.{1,3+}?").unwrap();
        assert_eq!(
            code.digit(0),
            Digit::new(4).with_modifier(Modifier::Unequal)
        );
        let d1 = code.digit(1);
        assert!(d1.allows(1) && !d1.allows(2) && d1.allows(3) && d1.allows(1000));
        assert_eq!(d1.modifier(), Modifier::NotAllEqual);
        assert_eq!(code.max_heaps(), None);
        assert_eq!(code.digit(2), Digit::default());
        let kayles = TakeBreakCode::parse("0.77").unwrap();
        assert_eq!(kayles.max_heaps(), Some(2));
        assert_eq!(kayles.last_nonzero(), Some(2));
        let nim = TakeBreakCode::parse("0.[3]").unwrap();
        assert_eq!(nim.digit(1000), Digit::new(3));
        assert!(nim.is_infinite());
        assert!(TakeBreakCode::parse("12.3").unwrap().adds_tokens());
        assert!(TakeBreakCode::parse("2.3").unwrap().has_null_move());
        // Found by fuzzing: a code with nothing after the point is the
        // same code as with a zero there.
        for (a, b) in [
            ("8.", "8.0"),
            ("0.", "0.0"),
            ("4.00", "4.0"),
            ("0.{3,3+}=", "0.{3+}="),
        ] {
            assert_eq!(
                TakeBreakCode::parse(a).unwrap(),
                TakeBreakCode::parse(b).unwrap(),
                "{a}"
            );
        }
    }

    #[test]
    fn errors_point_at_the_character() {
        let cases = [
            ("0.7#7", 3),
            ("077", 3),
            ("0.&12", 5),
            ("0.{2,}", 5),
            ("0.[3", 2),
            ("0.[3]7", 5),
            ("0.{2;3}", 4),
            ("", 0),
            ("0.[]", 2),
            ("0.#", 2),
        ];
        for (code, column) in cases {
            let err = TakeBreakCode::parse(code).unwrap_err();
            assert_eq!(err.column, column, "{code}: {err}");
            let shown = err.to_string();
            let lines: Vec<&str> = shown.lines().collect();
            assert_eq!(lines[1].trim_start(), code, "{shown}");
            // The caret sits under the offending character.
            assert_eq!(lines[2].find('^'), Some(2 + column), "{shown}");
        }
    }
}
