//! Reading counts from the command line (`65536`, `2^16`, `1e6`,
//! `10_000`), and checking up front that a count fits in memory.

/// Parses a number written in decimal, hexadecimal (`0x…`) or binary
/// (`0b…`): nimbers and masks.
pub fn parse_number(text: &str) -> Result<u64, String> {
    let parsed = if let Some(hex) = text.strip_prefix("0x") {
        u64::from_str_radix(hex, 16)
    } else if let Some(bits) = text.strip_prefix("0b") {
        u64::from_str_radix(bits, 2)
    } else {
        text.parse()
    };
    parsed.map_err(|_| format!("'{text}' is not a number below 2^64 (decimal, 0x... or 0b...)"))
}

/// Parses a count written as a plain number, a power (`2^16`) or in
/// scientific notation (`1e6`).
pub fn parse_count(text: &str) -> Result<u64, String> {
    let cleaned: String = text.trim().chars().filter(|&c| c != '_').collect();
    let overflow = || format!("'{text}' is larger than {}", u64::MAX);
    if let Some((base, exp)) = cleaned.split_once('^') {
        let base: u64 = base
            .parse()
            .map_err(|_| format!("'{text}': '{base}' is not a number"))?;
        let exp: u32 = exp
            .parse()
            .map_err(|_| format!("'{text}': '{exp}' is not an exponent"))?;
        return base.checked_pow(exp).ok_or_else(overflow);
    }
    if let Some((mantissa, exp)) = cleaned.split_once(['e', 'E']) {
        let mantissa: u64 = mantissa
            .parse()
            .map_err(|_| format!("'{text}': '{mantissa}' is not a whole number"))?;
        let exp: u32 = exp
            .parse()
            .map_err(|_| format!("'{text}': '{exp}' is not an exponent"))?;
        return 10u64
            .checked_pow(exp)
            .and_then(|p| p.checked_mul(mantissa))
            .ok_or_else(overflow);
    }
    cleaned
        .parse()
        .map_err(|_| format!("'{text}' is not a whole number (forms: 65536, 2^16, 1e6)"))
}

/// Every value is kept in memory (at least one byte each): refuse up front
/// a count the machine cannot hold, rather than fail hours later.
pub fn check_memory(count: u64) -> anyhow::Result<()> {
    let Some(total) = physical_memory() else {
        return Ok(());
    };
    if count > total {
        anyhow::bail!(
            "{count} values need at least {count} bytes of memory (one byte per value, more once values pass 255); this machine has {total} bytes"
        );
    }
    Ok(())
}

/// Physical memory in bytes, where the platform says (Linux).
fn physical_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::{parse_count, parse_number};

    #[test]
    fn number_bases() {
        assert_eq!(parse_number("254"), Ok(254));
        assert_eq!(parse_number("0b11111110"), Ok(254));
        assert_eq!(parse_number("0xfe"), Ok(254));
        assert!(parse_number("0b2").is_err());
    }

    #[test]
    fn forms() {
        assert_eq!(parse_count("65536"), Ok(65536));
        assert_eq!(parse_count("2^16"), Ok(65536));
        assert_eq!(parse_count("1e6"), Ok(1_000_000));
        assert_eq!(parse_count("10_000"), Ok(10_000));
        assert!(parse_count("2^70").is_err());
        assert!(parse_count("x").is_err());
        assert!(parse_count("-3").is_err());
    }
}
