//! Game graph files: any text is a graph or an error naming a line; a
//! graph solves with both engines (the linear-time pass and the generic
//! solver) to the same values, or both find a cycle.
#![no_main]

use grundy::{Graph, Solver};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(graph) = Graph::parse(text) else {
        return;
    };
    let all = graph.solve_all();
    let mut solver = Solver::new(&graph);
    match all {
        Ok(values) => {
            for (v, value) in values.iter().enumerate() {
                assert_eq!(solver.value(&(v as u32)).ok(), Some(*value), "vertex {v}");
            }
        }
        Err(_) => {
            // Some vertex reaches a cycle: the solver must find one too.
            let cyclic = (0..graph.vertex_count() as u32).any(|v| solver.value(&v).is_err());
            assert!(cyclic, "solve_all found a cycle, the solver none");
        }
    }
});
