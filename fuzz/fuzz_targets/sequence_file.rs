//! Sequence files (`seq --from`): any bytes read as a checked file or are
//! refused; a file that reads writes back to bytes that read to the same
//! values.
#![no_main]

use grundy::sequence::store::{parse_sequence_bytes, sequence_file_bytes};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(file) = parse_sequence_bytes(data, "fuzz") else {
        return;
    };
    let bytes = sequence_file_bytes(&file.spec, &file.values);
    let again = parse_sequence_bytes(&bytes, "fuzz").expect("written bytes read back");
    assert_eq!(again, file);
    // Files are written at the narrowest width: reading and writing again
    // changes nothing.
    assert_eq!(sequence_file_bytes(&again.spec, &again.values), bytes);
});
