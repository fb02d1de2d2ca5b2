//! Rules written as a Python callable, as a heap family.

use grundy::user_rules::{OptionsFunction, OptionsOut, UserRules};
use grundy::GameError;
use pyo3::prelude::*;
use pyo3::types::PySequence;

use crate::interrupt::keep_pending;

/// Rules written as a Python callable `options(n) -> [[heap, ...], ...]`:
/// a heap family like a script's, with the same sandbox rule; messages
/// name the rules by the name the user gave them.
pub(crate) type PythonRules = UserRules<PythonOptions>;

/// The callable `options(n)`, called with the GIL held.
pub(crate) struct PythonOptions(pub(crate) Py<PyAny>);

impl OptionsFunction for PythonOptions {
    const HOW_TO_LOOP: &'static str = "pass bound=B";
    const NO_THEOREM: &'static str = "no periodicity theorem covers rules written in Python";

    /// Calls the callable for a heap of `n` and writes its options.
    fn call(&self, n: u64, out: &mut OptionsOut<'_>) -> Result<(), GameError> {
        Python::attach(|py| {
            let result = self.0.call1(py, (n,)).map_err(|error| {
                let message = format!("raised {error}");
                keep_pending(error);
                out.refused(message)
            })?;
            let result = result.bind(py);
            let listed = result
                .cast::<PySequence>()
                .map_err(|_| out.refused("did not return a list of options"))?;
            for option in listed.try_iter().map_err(|e| out.refused(e))? {
                let option = option.map_err(|e| out.refused(e))?;
                let heaps = option.cast::<PySequence>().map_err(|_| {
                    out.refused(format!(
                        "returned an option that is not a list of heap sizes: {option}"
                    ))
                })?;
                for heap in heaps.try_iter().map_err(|e| out.refused(e))? {
                    let heap = heap.map_err(|e| out.refused(e))?;
                    let size: i64 = heap.extract().map_err(|_| {
                        // An integer too large for a heap is said as such,
                        // not as "not an integer" (2**70).
                        if heap.is_instance_of::<pyo3::types::PyInt>() {
                            out.refused(format!(
                                "returned a heap of {heap}, beyond the largest heap (2^63 - 1)"
                            ))
                        } else {
                            out.refused(format!("returned a heap that is not an integer: {heap}"))
                        }
                    })?;
                    out.heap(size)?;
                }
                out.end_option();
            }
            Ok(())
        })
    }

    fn growth_in_words(&self, label: &str) -> String {
        format!("the rules {label} run in Python once per heap")
    }
}
