//! Reading numbers from the command line, and checking up front that a
//! count fits in memory. Every number argument goes through the library's
//! one reader ([`grundy::number::parse_u64`]), so `65536`, `2^16`, `1e6`,
//! `0x10000` and `65_536` are accepted everywhere alike.

use std::time::Duration;

/// Parses a count, heap, mask or nimber (any form the library reads).
pub fn parse_count(text: &str) -> Result<u64, String> {
    grundy::number::parse_u64(text).map_err(|e| e.to_string())
}

/// The longest wait between checkpoints that `--checkpoint-secs` takes: a
/// year (anything longer is as good as never, and is probably a typo).
const MAX_CHECKPOINT_SECS: f64 = 365.0 * 24.0 * 3600.0;

/// Parses `--checkpoint-secs`: a finite number of seconds from 0 (a
/// checkpoint after every chunk of values) to a year.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds (e.g. 5 or 0.5)"))?;
    if !seconds.is_finite() {
        return Err(format!("'{text}' is not a finite number of seconds"));
    }
    if seconds < 0.0 {
        return Err(format!(
            "'{text}': the time between checkpoints cannot be negative"
        ));
    }
    if seconds > MAX_CHECKPOINT_SECS {
        return Err(format!(
            "'{text}' seconds is more than a year ({MAX_CHECKPOINT_SECS} s), the longest time between checkpoints"
        ));
    }
    Ok(Duration::from_secs_f64(seconds))
}

#[cfg(test)]
mod tests {
    use super::{parse_count, parse_seconds};

    #[test]
    fn forms() {
        assert_eq!(parse_count("65536"), Ok(65536));
        assert_eq!(parse_count("2^16"), Ok(65536));
        assert_eq!(parse_count("1e6"), Ok(1_000_000));
        assert_eq!(parse_count("10_000"), Ok(10_000));
        assert_eq!(parse_count("0b11111110"), Ok(254));
        assert_eq!(parse_count("0xfe"), Ok(254));
        assert!(parse_count("2^70")
            .unwrap_err()
            .contains("larger than 2^64 - 1"));
        assert!(parse_count("x").is_err());
        assert!(parse_count("-3").unwrap_err().contains("negative"));
    }

    #[test]
    fn seconds() {
        assert_eq!(parse_seconds("0"), Ok(std::time::Duration::ZERO));
        assert_eq!(
            parse_seconds("0.5"),
            Ok(std::time::Duration::from_millis(500))
        );
        for bad in ["inf", "-inf", "nan", "NaN", "-1", "1e300", "x", ""] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }
}
