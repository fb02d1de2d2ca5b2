//! Positions: heaps and boxes read from any text either parse or are
//! errors; a position that parses prints back to text that parses to the
//! same position.
#![no_main]

use grundy::cut::CutGame;
use grundy::heap::HeapGame;
use grundy::{HeapRuleset, Ruleset};
use libfuzzer_sys::fuzz_target;

fn round_trip<R: Ruleset>(rules: &R, text: &str)
where
    R::Position: PartialEq + std::fmt::Debug,
{
    if let Ok(position) = rules.parse_position(text) {
        let printed = rules.format_position(&position);
        let again = rules
            .parse_position(&printed)
            .unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}: {e}"));
        assert_eq!(again, position, "{text:?} -> {printed:?}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    round_trip(&HeapRuleset::new(HeapGame::new(grundy::heap::nim::Nim)), text);
    for dim in 1..=4 {
        round_trip(&CutGame::new(dim).expect("dimensions 1 to 4"), text);
    }
});
