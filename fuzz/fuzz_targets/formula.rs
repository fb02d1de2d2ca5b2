//! Formulas (`check --formula`): any text compiles or is an error; its
//! value at any n is a number or an error, within the operation limit
//! (the helpers included), never a panic.
#![no_main]

use grundy::formula::Formula;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 {
        return;
    }
    let (n, text) = data.split_at(8);
    let n = u64::from_le_bytes(n.try_into().expect("8 bytes"));
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let Ok(formula) = Formula::compile_with_limit(text, 20_000) else {
        return;
    };
    let first = formula.eval(n);
    // Deterministic: the same answer twice.
    assert_eq!(formula.eval(n), first);
});
