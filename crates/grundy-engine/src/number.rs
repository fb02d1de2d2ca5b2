//! Whole numbers written by users: one reader for every count, heap, side,
//! set element, mask and nimber, so that a form accepted in one place is
//! accepted everywhere.
//!
//! Forms: `65536`, `65_536`, `2^16`, `1e6` (or `3E4`), `0x10000`,
//! `0b1010`. Every number is from 0 to 2^64 − 1; a negative number or one
//! beyond 2^64 − 1 gets an error saying exactly that.

use thiserror::Error;

/// Why a text is not a whole number below 2^64.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum NumberError {
    /// Nothing was written.
    #[error("an empty text is not a number")]
    Empty,
    /// A minus sign: counts, heaps and sides are never negative.
    #[error(
        "'{}' is negative; numbers here are whole numbers from 0 to 2^64 - 1",
        crate::error::quoted(text)
    )]
    Negative {
        /// The text as written.
        text: String,
    },
    /// The number does not fit in 64 bits.
    #[error(
        "'{}' is larger than 2^64 - 1 = {}",
        crate::error::quoted(text),
        u64::MAX
    )]
    TooLarge {
        /// The text as written.
        text: String,
    },
    /// Not a number in any accepted form.
    #[error(
        "'{}' is not a whole number (forms: 65536, 2^16, 1e6, 0x10000, 0b1010)",
        crate::error::quoted(text)
    )]
    Malformed {
        /// The text as written.
        text: String,
    },
}

/// A lower bound in words for a message: "at least 5000000", "at least
/// about 4.3e9", or "more than 10^18" when the estimate saturated.
#[must_use]
pub fn at_least(n: u64) -> String {
    if n >= u64::MAX / 2 {
        "more than 10^18".to_owned()
    } else {
        format!("at least {}", rough_count(n))
    }
}

/// A large count in words for a message: exact below a million,
/// `7.0e15` above, and "more than 10^18" when the estimate saturated.
#[must_use]
pub fn rough_count(n: u64) -> String {
    if n < 1_000_000 {
        n.to_string()
    } else if n >= u64::MAX / 2 {
        "more than 10^18".to_owned()
    } else {
        format!("about {n:.1e}")
    }
}

/// The parts of a tuple written `(a,b)`, `a,b` or `a b`: the texts of its
/// numbers, each still to be read (positions of pairs, such as Wythoff's).
#[must_use]
pub fn tuple_parts(text: &str) -> Vec<&str> {
    let inner = text.trim();
    let inner = inner
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(inner);
    inner
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .collect()
}

/// Reads a whole number from 0 to 2^64 − 1 in any of the module's forms.
pub fn parse_u64(text: &str) -> Result<u64, NumberError> {
    let malformed = || NumberError::Malformed {
        text: text.to_owned(),
    };
    // Spaces around a number are dropped; a tab, a non-breaking space or
    // any other character is not part of a number. An underscore groups
    // digits: it stands between two digits, alone (`1_000`, not `_1` or
    // `1__0`).
    let trimmed = text.trim_matches(' ');
    let chars: Vec<char> = trimmed.chars().collect();
    let grouping_ok = chars.iter().enumerate().all(|(i, &c)| {
        c != '_'
            || (i > 0
                && i + 1 < chars.len()
                && chars[i - 1].is_ascii_alphanumeric()
                && chars[i + 1].is_ascii_alphanumeric())
    });
    if !grouping_ok {
        return Err(malformed());
    }
    let cleaned: String = chars.iter().filter(|&&c| c != '_').collect();
    let too_large = || NumberError::TooLarge {
        text: text.to_owned(),
    };
    if cleaned.is_empty() {
        return Err(NumberError::Empty);
    }
    if cleaned.starts_with('-') {
        return Err(NumberError::Negative {
            text: text.to_owned(),
        });
    }
    let cleaned = cleaned.strip_prefix('+').unwrap_or(&cleaned);
    let lower = cleaned.to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix("0x") {
        return radix(hex, 16).ok_or_else(malformed)?.ok_or_else(too_large);
    }
    if let Some(bits) = lower.strip_prefix("0b") {
        return radix(bits, 2).ok_or_else(malformed)?.ok_or_else(too_large);
    }
    if let Some((base, exponent)) = lower.split_once('^') {
        let base = radix(base, 10)
            .ok_or_else(malformed)?
            .ok_or_else(too_large)?;
        let exponent = radix(exponent, 10).ok_or_else(malformed)?;
        if base == 0 && exponent == Some(0) {
            // 0^0 has no one value: not a count anyone means.
            return Err(malformed());
        }
        return exponent
            .and_then(|e| u32::try_from(e).ok())
            .and_then(|e| base.checked_pow(e))
            .or(match (base, exponent) {
                (0 | 1, Some(_)) => Some(base),
                _ => None,
            })
            .ok_or_else(too_large);
    }
    if let Some((mantissa, exponent)) = lower.split_once('e') {
        let mantissa = radix(mantissa, 10)
            .ok_or_else(malformed)?
            .ok_or_else(too_large)?;
        let exponent = radix(exponent, 10).ok_or_else(malformed)?;
        if mantissa == 0 {
            return Ok(0);
        }
        return exponent
            .and_then(|e| u32::try_from(e).ok())
            .and_then(|e| 10u64.checked_pow(e))
            .and_then(|p| p.checked_mul(mantissa))
            .ok_or_else(too_large);
    }
    radix(&lower, 10)
        .ok_or_else(malformed)?
        .ok_or_else(too_large)
}

/// Digits in a radix: `None` when a character is not a digit (or there are
/// none), `Some(None)` when the number overflows 64 bits.
fn radix(digits: &str, radix: u32) -> Option<Option<u64>> {
    if digits.is_empty() {
        return None;
    }
    let mut value = Some(0u64);
    for c in digits.chars() {
        let digit = c.to_digit(radix)?;
        value = value
            .and_then(|v| v.checked_mul(u64::from(radix)))
            .and_then(|v| v.checked_add(u64::from(digit)));
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rough_counts() {
        assert_eq!(rough_count(999_999), "999999");
        assert_eq!(rough_count(7_000_140_000_700_000), "about 7.0e15");
        assert_eq!(rough_count(u64::MAX), "more than 10^18");
        assert_eq!(rough_count(u64::MAX / 2), "more than 10^18");
    }

    #[test]
    fn forms() {
        for (text, value) in [
            ("65536", 65536),
            ("65_536", 65536),
            (" 2^16 ", 65536),
            ("1e6", 1_000_000),
            ("3E4", 30_000),
            ("0x10", 16),
            ("0XfF", 255),
            ("0b1010", 10),
            ("+7", 7),
            ("1^100000", 1),
            ("0^5", 0),
            ("0e400", 0),
            ("18446744073709551615", u64::MAX),
            ("0xffffffffffffffff", u64::MAX),
        ] {
            assert_eq!(parse_u64(text), Ok(value), "{text}");
        }
    }

    #[test]
    fn errors_say_what_is_wrong() {
        assert!(matches!(parse_u64(""), Err(NumberError::Empty)));
        assert!(matches!(parse_u64("-5"), Err(NumberError::Negative { .. })));
        for text in [
            "18446744073709551616",
            "2^64",
            "1e20",
            "0x10000000000000000",
            "99999999999999999999999^2",
        ] {
            assert!(
                matches!(parse_u64(text), Err(NumberError::TooLarge { .. })),
                "{text}"
            );
        }
        // Issue 52: an underscore only between digits, alone; no padding
        // but spaces; 0^0, which has no one value.
        for text in [
            "x", "2^", "^3", "1e", "0x", "0b2", "1.5", "2^-1", "١٢", "_1", "1_", "1__0", "0^0",
            "\t5", "5\u{a0}", "\u{a0}5",
        ] {
            assert!(
                matches!(parse_u64(text), Err(NumberError::Malformed { .. })),
                "{text}"
            );
        }
    }
}
