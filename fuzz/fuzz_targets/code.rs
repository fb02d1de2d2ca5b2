//! Take-and-break codes: any text either parses or is refused with a caret
//! inside the text; a code that parses prints back to a code that parses
//! to the same code; an evaluable code gives the same first values from
//! the dense kernel and from the generic solver on its explicit options.
#![no_main]

use grundy::heap::HeapGame;
use grundy::{HeapRuleset, Solver, TakeBreakCode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if text.len() > 64 {
        return;
    }
    let code = match TakeBreakCode::parse(text) {
        Ok(code) => code,
        Err(error) => {
            let shown = error.to_string();
            assert!(!shown.is_empty());
            return;
        }
    };
    let printed = code.to_string();
    let again = TakeBreakCode::parse(&printed)
        .unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}, which does not parse: {e}"));
    assert_eq!(again, code, "{text:?} -> {printed:?}");
    assert_eq!(again.to_string(), printed);
    let game = HeapGame::new(code);
    // Small heaps only: the point is agreement, not speed.
    let Ok(mut engine) = game.engine(grundy::sequence::EngineChoice::Dense) else {
        return;
    };
    const N: usize = 14;
    if engine.extend_to(N).is_err() {
        return;
    }
    let rules = HeapRuleset::new(game.clone());
    let mut solver = Solver::new(&rules);
    for n in 0..N {
        let by_solver = solver.value(&(n as u64)).expect("the kernel evaluated it");
        assert_eq!(
            by_solver.value(),
            engine.values().get(n),
            "{printed}: G({n}) differs between the dense kernel and the solver"
        );
    }
});
