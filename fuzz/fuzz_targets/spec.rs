//! Game specs: any text names a game or is an error, never a panic; a spec
//! that names a heap game gives its first values without a panic. (Specs
//! naming files, `graph:` and `script:`, are left to their own targets.)
#![no_main]

use grundy::spec::{parse_spec, Game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if text.len() > 64 || text.contains("graph:") || text.contains("script:") {
        return;
    }
    match parse_spec(text) {
        Ok(Game::Heap(game)) => {
            if let Ok(values) = game.nim_sequence(10) {
                assert_eq!(values.len(), 10);
            }
        }
        Ok(_) => {}
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});
