//! Turning codes (CGSuite's syntax): which sets of coins a move of a
//! coin-turning game may turn over, and the enumeration of those sets.
//!
//! A code is a comma-separated list of elements; a move may follow any
//! element. An element is a count of coins turned, *including* the
//! rightmost one (which goes from heads to tails): `3` (exactly three),
//! `1-3` (one to three), `2+` (two or more), followed by modifiers:
//!
//! | modifier | the coins turned … |
//! |---|---|
//! | `C` | are consecutive |
//! | `E` | are equally spaced |
//! | `S` | are symmetric about the midpoint of the leftmost and rightmost turned |
//! | `F` | include coin 1, the leftmost of the row |
//! | `C(n)` | lie within n adjacent coins |
//!
//! At most one of `C`, `E`, `S`. Places are numbered from 1 at the left,
//! as CGSuite numbers them, so a move from the coin at place n turns it
//! and some of the coins at places 1 … n − 1. One reading differs from
//! CGSuite's enumeration: `F` always means that coin 1 is turned, so a
//! move of a single coin satisfies it only at place 1.
//!
//! The code parses, normalises (`1-1` is `1`, modifiers in the order
//! `F`, `C`/`E`/`S`, `C(n)`) and prints back; a malformed code is an error
//! pointing at the offending character.

use std::fmt;

use thiserror::Error;

/// A malformed turning code, with the position of the offending character.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid turning code: {message}\n  {code}\n  {caret:>width$}", caret = "^", width = column + 1)]
pub struct TurningCodeError {
    /// The code as written.
    pub code: String,
    /// Index (in characters) of the offending character.
    pub column: usize,
    /// What is wrong there.
    pub message: String,
}

/// How the coins a move turns are arranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spacing {
    /// Any coins.
    Any,
    /// Adjacent coins (`C`).
    Consecutive,
    /// An arithmetic progression (`E`).
    Equal,
    /// Symmetric about their middle (`S`).
    Symmetric,
}

/// One element of a turning code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Element {
    /// The fewest coins a move turns (at least 1).
    pub min: u64,
    /// The most, `None` when unbounded.
    pub max: Option<u64>,
    /// The arrangement.
    pub spacing: Spacing,
    /// Coin 1 must be among those turned (`F`).
    pub first: bool,
    /// The coins lie within this many adjacent coins (`C(n)`).
    pub span: Option<u64>,
}

/// A parsed turning code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TurningCode {
    elements: Vec<Element>,
}

/// The most moves a single coin may have before listing them is refused.
pub const MAX_MOVES_PER_COIN: u64 = 1 << 24;

impl TurningCode {
    /// Reads a turning code such as `1-3`, `1+C`, `3E`, `4FS`, `1-3C(5)`,
    /// `2-3,6C`.
    pub fn parse(code: &str) -> Result<TurningCode, TurningCodeError> {
        let chars: Vec<char> = code.chars().collect();
        let error = |column: usize, message: &str| TurningCodeError {
            code: code.to_owned(),
            column,
            message: message.to_owned(),
        };
        if chars.is_empty() {
            return Err(error(0, "the code is empty"));
        }
        let mut elements = Vec::new();
        let mut i = 0;
        loop {
            let (element, next) = parse_element(&chars, i).map_err(|(c, m)| error(c, &m))?;
            elements.push(element);
            i = next;
            match chars.get(i) {
                None => break,
                Some(',') => i += 1,
                Some(_) => return Err(error(i, "expected ',' or the end of the code")),
            }
        }
        Ok(TurningCode { elements })
    }

    /// The elements.
    #[must_use]
    pub fn elements(&self) -> &[Element] {
        &self.elements
    }

    /// How many moves the coin at place `n` has (saturating), counted
    /// without listing them.
    #[must_use]
    pub fn move_count(&self, n: u64) -> u64 {
        self.elements
            .iter()
            .fold(0u64, |acc, e| acc.saturating_add(e.move_count(n)))
    }

    /// Calls `f` with the other coins (ascending, each below `n`) of every
    /// move from the coin at place `n`; `buf` is the caller's scratch.
    /// Moves allowed by two elements are listed twice.
    pub fn for_each_move(&self, n: u64, buf: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
        for element in &self.elements {
            element.for_each_move(n, buf, f);
        }
    }
}

/// Reads a number at `i`: its value and the index after it.
fn parse_number(chars: &[char], i: usize) -> Result<(u64, usize), (usize, String)> {
    let mut j = i;
    let mut value: u64 = 0;
    while let Some(d) = chars.get(j).and_then(|c| c.to_digit(10)) {
        value = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(d)))
            .ok_or((i, "this number is too large".to_owned()))?;
        j += 1;
    }
    if j == i {
        return Err((i, "expected a number of coins".to_owned()));
    }
    Ok((value, j))
}

fn parse_element(chars: &[char], start: usize) -> Result<(Element, usize), (usize, String)> {
    let (min, mut i) = parse_number(chars, start)?;
    if min == 0 {
        return Err((start, "a move turns at least one coin".to_owned()));
    }
    let mut max = Some(min);
    match chars.get(i) {
        Some('+') => {
            max = None;
            i += 1;
        }
        Some('-') => {
            let (high, next) = parse_number(chars, i + 1)?;
            if high < min {
                return Err((i + 1, format!("the range {min}-{high} is empty")));
            }
            max = Some(high);
            i = next;
        }
        _ => {}
    }
    let mut element = Element {
        min,
        max,
        spacing: Spacing::Any,
        first: false,
        span: None,
    };
    while let Some(&c) = chars.get(i) {
        let spacing = match c.to_ascii_uppercase() {
            'C' if chars.get(i + 1) == Some(&'(') => {
                if element.span.is_some() {
                    return Err((i, "C(n) appears twice".to_owned()));
                }
                let (span, next) = parse_number(chars, i + 2)?;
                if chars.get(next) != Some(&')') {
                    return Err((next, "expected ')' closing C(n)".to_owned()));
                }
                if span < min {
                    return Err((
                        i + 2,
                        format!("{min} coins cannot lie within {span} adjacent coins"),
                    ));
                }
                element.span = Some(span);
                i = next + 1;
                continue;
            }
            'C' => Spacing::Consecutive,
            'E' => Spacing::Equal,
            'S' => Spacing::Symmetric,
            'F' => {
                if element.first {
                    return Err((i, "F appears twice".to_owned()));
                }
                element.first = true;
                i += 1;
                continue;
            }
            _ => break,
        };
        if element.spacing != Spacing::Any {
            return Err((i, "at most one of C, E and S".to_owned()));
        }
        element.spacing = spacing;
        i += 1;
    }
    if let (Some(span), Some(high)) = (element.span, element.max) {
        element.max = Some(high.min(span));
    } else if let Some(span) = element.span {
        element.max = Some(span);
    }
    if chars.get(i).is_some_and(|&c| c != ',') {
        return Err((
            i,
            "expected a modifier (C, E, S, F, C(n)), ',' or the end of the code".to_owned(),
        ));
    }
    Ok((element, i))
}

impl fmt::Display for TurningCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.elements.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            // A span caps the count; print the count as written before it.
            let max = match (e.max, e.span) {
                (Some(m), Some(s)) if m == s && m > e.min => None,
                (m, _) => m,
            };
            match (max, e.span) {
                (None, Some(_)) | (None, None) => write!(f, "{}+", e.min)?,
                (Some(m), _) if m == e.min => write!(f, "{m}")?,
                (Some(m), _) => write!(f, "{}-{m}", e.min)?,
            }
            if e.first {
                f.write_str("F")?;
            }
            f.write_str(match e.spacing {
                Spacing::Any => "",
                Spacing::Consecutive => "C",
                Spacing::Equal => "E",
                Spacing::Symmetric => "S",
            })?;
            if let Some(span) = e.span {
                write!(f, "C({span})")?;
            }
        }
        Ok(())
    }
}

/// C(n, k), saturating.
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut result: u128 = 1;
    for i in 0..k {
        result = result * u128::from(n - i) / u128::from(i + 1);
        if result > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    result as u64
}

impl Element {
    /// The most coins a move from place `n` turns under this element.
    fn max_at(&self, n: u64) -> u64 {
        self.max.map_or(n, |m| m.min(n))
    }

    /// [`Element::move_count`] of a run of consecutive coins ending at
    /// `n`, at once: one move for each length k from `min` to the most
    /// allowed whose run starts at `lo` or later (at coin 1 for `F`),
    /// the single coin always. Counted length by length, a row of
    /// 100,000 heads of ruler took 16 s to count before its refusal.
    fn consecutive_move_count(&self, n: u64, lo: u64) -> u64 {
        let top = self.max_at(n);
        // k = 1: the coin alone (with F, only coin 1 itself).
        let single = u64::from(self.min <= 1 && top >= 1 && (!self.first || n == 1));
        let from = self.min.max(2);
        let longer = if self.first {
            // Only the run from coin 1, k = n.
            u64::from(from <= n && n <= top && lo <= 1)
        } else {
            // The run of k starts at n + 1 - k >= lo.
            let highest = top.min((n + 1).saturating_sub(lo));
            highest.saturating_sub(from - 1)
        };
        single + longer
    }

    /// The leftmost place a move from `n` may turn.
    pub(crate) fn lowest(&self, n: u64) -> u64 {
        self.span.map_or(1, |s| (n + 1).saturating_sub(s).max(1))
    }

    /// `true` when this element's moves from `n` may turn coin 1.
    fn reaches_first(&self, n: u64) -> bool {
        self.lowest(n) == 1
    }

    /// The number of moves from place `n` (saturating).
    pub(crate) fn move_count(&self, n: u64) -> u64 {
        if n == 0 || (self.first && !self.reaches_first(n)) {
            return 0;
        }
        let lo = self.lowest(n);
        if matches!(self.spacing, Spacing::Consecutive) {
            return self.consecutive_move_count(n, lo);
        }
        let mut total = 0u64;
        for k in self.min..=self.max_at(n) {
            let count = if k == 1 {
                u64::from(!self.first || n == 1)
            } else {
                match self.spacing {
                    Spacing::Any if self.first => binomial(n.saturating_sub(2), k - 2),
                    Spacing::Any => binomial(n - lo, k - 1),
                    Spacing::Consecutive => {
                        let left = (n + 1).saturating_sub(k);
                        u64::from(left >= lo && (!self.first || left == 1))
                    }
                    Spacing::Equal if self.first => u64::from((n - 1).is_multiple_of(k - 1)),
                    Spacing::Equal => (n - lo) / (k - 1),
                    Spacing::Symmetric => {
                        let lefts = if self.first { 1..=1 } else { lo..=n - 1 };
                        lefts.fold(0u64, |acc, f| {
                            if k % 2 == 1 && (f + n) % 2 == 1 {
                                return acc;
                            }
                            let inner = (n - f - 1) / 2;
                            acc.saturating_add(binomial(inner, (k - 2) / 2))
                        })
                    }
                }
            };
            total = total.saturating_add(count);
            if total == u64::MAX {
                break;
            }
        }
        total
    }

    /// Calls `f` with the other coins of every move from place `n`.
    pub(crate) fn for_each_move(&self, n: u64, buf: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
        if n == 0 || (self.first && !self.reaches_first(n)) {
            return;
        }
        let lo = self.lowest(n);
        for k in self.min..=self.max_at(n) {
            buf.clear();
            if k == 1 {
                if !self.first || n == 1 {
                    f(buf);
                }
                continue;
            }
            match self.spacing {
                Spacing::Any if self.first => {
                    // Coin 1, and k - 2 of 2 .. n - 1.
                    buf.push(1);
                    combinations(2, n - 1, k - 2, buf, f);
                }
                Spacing::Any => combinations(lo, n - 1, k - 1, buf, f),
                Spacing::Consecutive => {
                    let left = (n + 1).saturating_sub(k);
                    if left >= lo && (!self.first || left == 1) {
                        buf.extend(left..n);
                        f(buf);
                    }
                }
                Spacing::Equal => {
                    for d in 1..=(n - lo) / (k - 1) {
                        let left = n - d * (k - 1);
                        if self.first && left != 1 {
                            continue;
                        }
                        buf.clear();
                        buf.extend((0..k - 1).map(|i| left + i * d));
                        f(buf);
                    }
                }
                Spacing::Symmetric => {
                    let lefts = if self.first { 1..=1 } else { lo..=n - 1 };
                    for left in lefts {
                        if k % 2 == 1 && (left + n) % 2 == 1 {
                            continue;
                        }
                        symmetric_sets(left, n, k, buf, f);
                    }
                }
            }
        }
    }
}

/// Calls `f` with `prefix ++ c` for every ascending choice c of `r`
/// places in `low ..= high`, where `prefix` is what `buf` holds.
fn combinations(low: u64, high: u64, r: u64, buf: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
    let prefix = buf.len();
    if r == 0 {
        f(buf);
        return;
    }
    if high < low || high - low + 1 < r {
        return;
    }
    buf.extend(low..low + r);
    loop {
        f(buf);
        // The rightmost entry that can still move right.
        let mut i = buf.len();
        loop {
            if i == prefix {
                buf.truncate(prefix);
                return;
            }
            i -= 1;
            let slots_after = (buf.len() - 1 - i) as u64;
            if buf[i] < high - slots_after {
                break;
            }
        }
        buf[i] += 1;
        for j in i + 1..buf.len() {
            buf[j] = buf[j - 1] + 1;
        }
    }
}

/// Calls `f` with the other coins of every set of `k` coins from `left` to
/// `n`, symmetric about their middle.
fn symmetric_sets(left: u64, n: u64, k: u64, buf: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
    let pairs = (k - 2) / 2;
    // Lower members of the inner mirror pairs: left < p < (left + n) / 2.
    let inner_high = (left + n - 1) / 2;
    let centre = (k % 2 == 1).then_some((left + n) / 2);
    let mut lower = Vec::new();
    let mut emit = |chosen: &[u64]| {
        buf.clear();
        buf.push(left);
        buf.extend_from_slice(chosen);
        buf.extend(centre);
        buf.extend(chosen.iter().rev().map(|&p| left + n - p));
        f(buf);
    };
    combinations(left + 1, inner_high, pairs, &mut lower, &mut emit);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(code: &str, n: u64) -> Vec<Vec<u64>> {
        let code = TurningCode::parse(code).unwrap();
        let mut out = Vec::new();
        code.for_each_move(n, &mut Vec::new(), &mut |m| out.push(m.to_vec()));
        assert_eq!(out.len() as u64, code.move_count(n), "count at {n}");
        out
    }

    /// The count of a consecutive code's moves, at once, against the
    /// moves listed (`moves` compares the two), for every arrangement
    /// of bounds, spans and coin 1.
    #[test]
    fn consecutive_counts_match_the_moves_listed() {
        for code in [
            "1+C", "2+C", "3C", "2-5C", "1-3C", "1+C(4)", "2-3C(3)", "1+CF", "3+CF", "1-4CF",
        ] {
            let parsed = TurningCode::parse(code).unwrap_or_else(|e| panic!("{code}: {e:?}"));
            for n in 0..40 {
                moves(&parsed.to_string(), n);
            }
        }
        let ruler = TurningCode::parse("1+C").unwrap();
        assert_eq!(ruler.move_count(100_000), 100_000);
    }

    #[test]
    fn codes_print_back_normalised() {
        for (written, printed) in [
            ("1-3", "1-3"),
            ("1+C", "1+C"),
            ("3E", "3E"),
            ("4FS", "4FS"),
            ("4sf", "4FS"),
            ("1-1", "1"),
            ("1-3C(5)", "1-3C(5)"),
            ("3C(5)", "3C(5)"),
            ("5C(5)", "5C(5)"),
            ("1+C(5)", "1+C(5)"),
            ("2-3,6C", "2-3,6C"),
        ] {
            let code = TurningCode::parse(written).unwrap();
            assert_eq!(code.to_string(), printed, "{written}");
            assert_eq!(TurningCode::parse(printed).unwrap(), code);
        }
    }

    #[test]
    fn malformed_codes_point_at_the_character() {
        for (code, column) in [
            ("", 0),
            ("0", 0),
            ("3-2", 2),
            ("1-3X", 3),
            ("1-3CE", 4),
            ("1-3C(2", 6),
            ("5C(3)", 3),
            ("1,", 2),
            ("a", 0),
            ("99999999999999999999", 0),
        ] {
            let e = TurningCode::parse(code).unwrap_err();
            assert_eq!(e.column, column, "{code}: {e}");
            assert!(e.to_string().contains('^'));
        }
    }

    #[test]
    fn moves_follow_each_modifier() {
        assert_eq!(moves("1-2", 3), vec![vec![], vec![1], vec![2]]);
        assert_eq!(moves("3", 4), vec![vec![1, 2], vec![1, 3], vec![2, 3]]);
        assert_eq!(moves("1+C", 3), vec![vec![], vec![2], vec![1, 2]]);
        assert_eq!(moves("3E", 7), vec![vec![5, 6], vec![3, 5], vec![1, 4]]);
        assert_eq!(moves("4FS", 7), vec![vec![1, 2, 6], vec![1, 3, 5]]);
        assert_eq!(moves("3S", 5), vec![vec![1, 3], vec![3, 4]]);
        assert_eq!(moves("2C(3)", 5), vec![vec![3], vec![4]]);
        assert_eq!(moves("2F", 4), vec![vec![1]]);
        assert_eq!(moves("1F", 1), vec![Vec::<u64>::new()]);
        assert!(moves("1F", 2).is_empty());
        // Every set is symmetric about its middle.
        for n in 1..14 {
            for m in moves("1+S", n) {
                let mut set = m.clone();
                set.push(n);
                let (l, r) = (set[0], n);
                assert!(set.iter().all(|&p| set.contains(&(l + r - p))), "{set:?}");
            }
        }
    }

    #[test]
    fn counts_agree_with_the_listing() {
        for code in [
            "1-5", "1+", "2F", "1-3FC(6)", "2+E", "1+S", "1+FS", "2-3,6C", "4C(6)",
        ] {
            for n in 0..16 {
                moves(code, n);
            }
        }
        assert_eq!(binomial(60, 30), 118_264_581_564_861_424);
        assert_eq!(TurningCode::parse("1+").unwrap().move_count(100), u64::MAX);
    }
}
