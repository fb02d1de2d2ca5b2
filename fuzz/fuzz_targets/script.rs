//! Rhai scripts: any source compiles or is an error; a script's options
//! are checked (heaps smaller than n, integers, arrays) or refused, within
//! the operation limit, never a panic; the dense kernel and the generic
//! solver agree on the values of a script that evaluates.
#![no_main]


use grundy::heap::HeapGame;
use grundy::script::ScriptRules;
use grundy::{HeapRuleset, Options, Solver};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(script) = ScriptRules::compile_with_limit("fuzz", source, 20_000) else {
        return;
    };
    let mut options = Options::new();
    for n in 0..6 {
        options.clear();
        if script.options(n, &mut options).is_err() {
            return;
        }
        for option in options.iter() {
            assert!(option.iter().all(|&h| h < n && h > 0), "options({n}) = {option:?}");
        }
    }
    let game = HeapGame::new(script);
    let Ok(values) = game.nim_sequence(6) else {
        return;
    };
    let rules = HeapRuleset::new(game);
    let mut solver = Solver::new(&rules);
    for n in 0..6u64 {
        if let Ok(value) = solver.value(&n) {
            assert_eq!(value.value(), values.get(n as usize), "G({n})");
        }
    }
});
