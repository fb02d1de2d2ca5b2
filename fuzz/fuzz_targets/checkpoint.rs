//! Checkpoints: any text is a checkpoint or refused; a checkpoint prints
//! back to text that reads to the same checkpoint.
#![no_main]

use grundy::sequence::store::Checkpoint;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Some(checkpoint) = Checkpoint::parse(text) {
        let printed = checkpoint.to_text();
        assert_eq!(Checkpoint::parse(&printed), Some(checkpoint));
    }
});
