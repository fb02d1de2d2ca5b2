//! A position of a game a user defines: an integer, a string, or a tuple
//! of positions (a pair, a word's letters, a grid's rows), written as in
//! Rhai or Python: `7`, `"LRRL"`, `(3,5)`, `[[0,1],[1,0]]`.

use std::fmt;
use std::sync::Arc;

use crate::error::GameError;
use crate::limits::{MAX_TERM_DEPTH, MAX_TERM_ITEMS};

/// A position of a game defined by its moves ([`super::PositionRules`]).
/// Tuples and arrays are one kind: `(3,5)` and `[3,5]` are the same
/// position, so a script that builds arrays and a user who writes a pair
/// agree. Cloning shares the tuple's items.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Term {
    /// An integer.
    Int(i64),
    /// A string (a word, a row of cells).
    Str(Arc<str>),
    /// A tuple of positions.
    Tuple(Arc<[Term]>),
}

impl fmt::Debug for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Written so that it reads back ([`Term::parse`]): tuples in
/// parentheses without spaces (a one-tuple with its comma, as in
/// Python), strings in double quotes with `\"`, `\\`, `\n` and `\t`
/// escaped.
impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Int(n) => write!(f, "{n}"),
            Term::Str(s) => {
                f.write_str("\"")?;
                for c in s.chars() {
                    match c {
                        '"' => f.write_str("\\\"")?,
                        '\\' => f.write_str("\\\\")?,
                        '\n' => f.write_str("\\n")?,
                        '\t' => f.write_str("\\t")?,
                        c => write!(f, "{c}")?,
                    }
                }
                f.write_str("\"")
            }
            Term::Tuple(items) => {
                f.write_str("(")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{item}")?;
                }
                if items.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl Term {
    /// A tuple of `items`.
    #[must_use]
    pub fn tuple(items: Vec<Term>) -> Term {
        Term::Tuple(items.into())
    }

    /// A string.
    #[must_use]
    pub fn text(text: &str) -> Term {
        Term::Str(text.into())
    }

    /// The position as JSON: a number, a string or an array.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Term::Int(n) => serde_json::Value::from(*n),
            Term::Str(s) => serde_json::Value::String(s.to_string()),
            Term::Tuple(items) => items.iter().map(Term::to_json).collect(),
        }
    }

    /// Checks that the position is within the sizes a position may have
    /// ([`MAX_TERM_ITEMS`] integers, strings and tuples in all,
    /// [`MAX_TERM_DEPTH`] tuples deep); `Err` says which is exceeded.
    pub fn check_size(&self) -> Result<(), String> {
        let mut items = 0usize;
        self.count(0, &mut items)
    }

    fn count(&self, depth: usize, items: &mut usize) -> Result<(), String> {
        *items += 1;
        if *items > MAX_TERM_ITEMS {
            return Err(format!(
                "a position of more than {MAX_TERM_ITEMS} items (integers, strings, tuples)"
            ));
        }
        if let Term::Str(s) = self {
            if s.len() > MAX_TERM_ITEMS {
                return Err(format!(
                    "a string of {} bytes (at most {MAX_TERM_ITEMS})",
                    s.len()
                ));
            }
        }
        if let Term::Tuple(list) = self {
            if depth >= MAX_TERM_DEPTH {
                return Err(format!("tuples nested more than {MAX_TERM_DEPTH} deep"));
            }
            for item in list.iter() {
                item.count(depth + 1, items)?;
            }
        }
        Ok(())
    }

    /// Reads one position: `7`, `-2`, `"LR"` or `'LR'`, `(3,5)`, `[3,5]`,
    /// nested tuples, and a bare `3,5` for a tuple.
    pub fn parse(text: &str) -> Result<Term, GameError> {
        let mut terms = Term::parse_sum(text)?;
        match terms.len() {
            1 => Ok(terms.remove(0)),
            _ => Err(invalid(
                text,
                "one position is wanted here, not a sum ('+') or 'end'".to_owned(),
            )),
        }
    }

    /// Reads a sum of positions joined by `+` (a sum a move left, as
    /// reports write it), or `end` for the empty sum.
    pub fn parse_sum(text: &str) -> Result<Vec<Term>, GameError> {
        if text.trim() == END {
            return Ok(Vec::new());
        }
        let mut reader = Reader {
            chars: text.char_indices().peekable(),
            text,
        };
        let mut terms = vec![reader.top()?];
        loop {
            reader.skip_space();
            match reader.chars.next() {
                None => break,
                Some((_, '+')) => terms.push(reader.top()?),
                Some((at, c)) => {
                    return Err(invalid(
                        text,
                        format!("unexpected '{c}' at character {}", at + 1),
                    ))
                }
            }
        }
        for term in &terms {
            term.check_size().map_err(|limit| GameError::Limit {
                what: format!("the position '{}'", short(text)),
                limit,
            })?;
        }
        Ok(terms)
    }
}

/// How the empty sum is written: what a move that ends a game leaves.
pub const END: &str = "end";

/// The first 60 characters of `text`, for messages.
fn short(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_owned(),
    }
}

fn invalid(text: &str, reason: String) -> GameError {
    GameError::InvalidPosition {
        text: short(text),
        reason,
    }
}

const FORMS: &str =
    "a position is an integer (7), a string (\"LRRL\") or a tuple ((3,5), [[0,1],[1,0]])";

/// A recursive-descent reader of positions.
struct Reader<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    text: &'a str,
}

impl Reader<'_> {
    fn skip_space(&mut self) {
        while self.chars.next_if(|(_, c)| c.is_whitespace()).is_some() {}
    }

    fn error(&self, reason: String) -> GameError {
        invalid(self.text, reason)
    }

    /// A position at the top of a sum, where a bare `3,5` is a tuple.
    fn top(&mut self) -> Result<Term, GameError> {
        let first = self.term(0)?;
        self.skip_space();
        if self.chars.peek().map(|&(_, c)| c) != Some(',') {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.chars.next_if(|&(_, c)| c == ',').is_some() {
            self.skip_space();
            if matches!(self.chars.peek(), None | Some((_, '+'))) {
                break;
            }
            items.push(self.term(0)?);
            self.skip_space();
        }
        Ok(Term::tuple(items))
    }

    fn term(&mut self, depth: usize) -> Result<Term, GameError> {
        self.skip_space();
        let Some(&(at, c)) = self.chars.peek() else {
            return Err(self.error(format!("the position ends too soon: {FORMS}")));
        };
        match c {
            '(' | '[' => {
                if depth >= MAX_TERM_DEPTH {
                    return Err(GameError::Limit {
                        what: format!("the position '{}'", short(self.text)),
                        limit: format!("tuples nested {MAX_TERM_DEPTH} deep"),
                    });
                }
                self.chars.next();
                let close = if c == '(' { ')' } else { ']' };
                let mut items = Vec::new();
                loop {
                    self.skip_space();
                    if self.chars.next_if(|&(_, d)| d == close).is_some() {
                        break;
                    }
                    items.push(self.term(depth + 1)?);
                    self.skip_space();
                    match self.chars.next() {
                        Some((_, ',')) => {}
                        Some((_, d)) if d == close => break,
                        Some((at, d)) => {
                            return Err(self.error(format!(
                                "expected ',' or '{close}' at character {}, found '{d}'",
                                at + 1
                            )))
                        }
                        None => {
                            return Err(self.error(format!("a '{c}' is never closed by '{close}'")))
                        }
                    }
                }
                Ok(Term::tuple(items))
            }
            '"' | '\'' => {
                self.chars.next();
                let mut s = String::new();
                loop {
                    match self.chars.next() {
                        None => {
                            return Err(
                                self.error(format!("a string opened by {c} is never closed"))
                            )
                        }
                        Some((_, d)) if d == c => break,
                        Some((_, '\\')) => match self.chars.next() {
                            Some((_, 'n')) => s.push('\n'),
                            Some((_, 't')) => s.push('\t'),
                            Some((_, d @ ('"' | '\'' | '\\'))) => s.push(d),
                            _ => {
                                return Err(self.error(
                                    "a string's '\\' escapes only \\\" \\' \\\\ \\n \\t".to_owned(),
                                ))
                            }
                        },
                        Some((_, d)) => s.push(d),
                    }
                }
                Ok(Term::Str(s.into()))
            }
            '-' | '0'..='9' => {
                let start = at;
                self.chars.next();
                let mut end = start + c.len_utf8();
                while let Some((i, d)) =
                    self.chars.next_if(|(_, d)| d.is_ascii_digit() || *d == '_')
                {
                    end = i + d.len_utf8();
                }
                let digits: String = self.text[start..end]
                    .chars()
                    .filter(|&d| d != '_')
                    .collect();
                digits.parse::<i64>().map(Term::Int).map_err(|_| {
                    self.error(format!(
                        "'{}' is not an integer from -2^63 to 2^63 - 1",
                        &self.text[start..end]
                    ))
                })
            }
            _ => Err(self.error(format!("unexpected '{c}' at character {}: {FORMS}", at + 1))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_back_as_written() {
        for text in [
            "7",
            "-3",
            "\"LRRL\"",
            "(3,5)",
            "(1,)",
            "()",
            "((0,1),(1,0))",
            "(\"a\\\"b\",2)",
        ] {
            let term = Term::parse(text).unwrap();
            assert_eq!(term.to_string(), text);
            assert_eq!(Term::parse(&term.to_string()).unwrap(), term);
        }
    }

    #[test]
    fn arrays_tuples_and_bare_pairs_are_one_position() {
        let pair = Term::parse("(3,5)").unwrap();
        assert_eq!(Term::parse("[3, 5]").unwrap(), pair);
        assert_eq!(Term::parse(" 3,5 ").unwrap(), pair);
        assert_eq!(Term::parse("'LR'").unwrap(), Term::parse("\"LR\"").unwrap());
        assert_eq!(
            Term::parse("[[0,1],[1,0]]").unwrap().to_string(),
            "((0,1),(1,0))"
        );
    }

    #[test]
    fn sums_and_the_end_read_back() {
        assert_eq!(Term::parse_sum("(1,2) + 3").unwrap().len(), 2);
        assert_eq!(Term::parse_sum("end").unwrap(), Vec::new());
        assert!(Term::parse("1 + 2").is_err());
    }

    #[test]
    fn mistakes_are_refused_with_reasons() {
        for text in [
            "",
            "(3,5",
            "[3,5)",
            "\"ab",
            "x",
            "99999999999999999999",
            "(1 2)",
            "1 +",
        ] {
            let error = Term::parse(text).unwrap_err().to_string();
            assert!(error.contains("invalid position"), "{text}: {error}");
        }
        let deep = format!("{}{}", "[".repeat(100), "]".repeat(100));
        assert!(Term::parse(&deep).unwrap_err().to_string().contains("deep"));
    }
}
