//! Rules written as a Python callable, as a heap family.

use std::sync::Arc;

use grundy::heap::{Growth, HeapFamily, MoveCount};
use grundy::period::ProofRule;
use grundy::ruleset::Options;
use grundy::sequence::dense::Kernel;
use grundy::GameError;
use pyo3::prelude::*;
use pyo3::types::PySequence;

use crate::interrupt::keep_pending;

/// Rules written as a Python callable `options(n) -> [[heap, ...], ...]`:
/// a heap family like a script's, with the same sandbox rule.
#[derive(Clone)]
pub(crate) struct PythonRules {
    pub(crate) name: String,
    pub(crate) options: Arc<Py<PyAny>>,
}

impl std::fmt::Debug for PythonRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PythonRules")
            .field("name", &self.name)
            .finish()
    }
}

impl PythonRules {
    /// Calls the callable for a heap of `n` and writes its options, each
    /// heap checked by the sandbox rule (`bound`: the loopy rule).
    pub(crate) fn write_options(
        &self,
        n: u64,
        bound: Option<u64>,
        out: &mut Options<u64>,
    ) -> Result<(), GameError> {
        let name = &self.name;
        let rules_error = |message: String| GameError::Rules {
            message: format!("{name}: options({n}) {message}"),
        };
        Python::attach(|py| {
            let result = self.options.call1(py, (n,)).map_err(|error| {
                let message = format!("raised {error}");
                keep_pending(error);
                rules_error(message)
            })?;
            let result = result.bind(py);
            let listed = result
                .cast::<PySequence>()
                .map_err(|_| rules_error("did not return a list of options".to_owned()))?;
            for option in listed.try_iter().map_err(|e| rules_error(e.to_string()))? {
                let option = option.map_err(|e| rules_error(e.to_string()))?;
                let heaps = option.cast::<PySequence>().map_err(|_| {
                    rules_error(format!(
                        "returned an option that is not a list of heap sizes: {option}"
                    ))
                })?;
                for heap in heaps.try_iter().map_err(|e| rules_error(e.to_string()))? {
                    let heap = heap.map_err(|e| rules_error(e.to_string()))?;
                    let size: i64 = heap.extract().map_err(|_| {
                        // An integer too large for a heap is said as such,
                        // not as "not an integer" (2**70).
                        if heap.is_instance_of::<pyo3::types::PyInt>() {
                            rules_error(format!(
                                "returned a heap of {heap}, beyond the largest heap (2^63 - 1)"
                            ))
                        } else {
                            rules_error(format!("returned a heap that is not an integer: {heap}"))
                        }
                    })?;
                    let size = grundy::script::checked_option_heap(n, bound, size, "pass bound=B")
                        .map_err(&rules_error)?;
                    if size > 0 {
                        out.push_component(size);
                    }
                }
                out.end_option();
            }
            Ok(())
        })
    }
}

impl HeapFamily for PythonRules {
    fn options(&self, n: u64, out: &mut Options<u64>) -> Result<(), GameError> {
        self.write_options(n, None, out)
    }

    fn dense_kernel(&self) -> Result<Box<dyn Kernel>, GameError> {
        Ok(Box::new(grundy::heap::OptionsKernel::new(Arc::new(
            self.clone(),
        ))))
    }

    fn proof_rule(&self) -> ProofRule {
        ProofRule::Observed("no periodicity theorem covers rules written in Python".to_owned())
    }

    fn move_count(&self) -> MoveCount {
        MoveCount::AboutOnePerToken
    }

    fn growth(&self) -> Option<Growth> {
        Some(Growth {
            low: 1.0,
            high: 3.0,
            what: format!("the rules {} run in Python once per heap", self.name),
        })
    }
}
