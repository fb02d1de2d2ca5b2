//! Numbers (every count, heap, side, mask): any text is a number below
//! 2^64 or an error; a number prints in decimal, hexadecimal and binary to
//! text that reads back to it, and plain decimal agrees with the standard
//! parser.
#![no_main]

use grundy::number::parse_u64;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = parse_u64(text);
    if text.bytes().all(|b| b.is_ascii_digit()) && !text.is_empty() {
        assert_eq!(parsed.as_ref().ok(), text.parse::<u64>().ok().as_ref(), "{text:?}");
    }
    if let Ok(value) = parsed {
        for printed in [value.to_string(), format!("{value:#x}"), format!("{value:#b}")] {
            assert_eq!(parse_u64(&printed), Ok(value), "{printed}");
        }
    }
});
