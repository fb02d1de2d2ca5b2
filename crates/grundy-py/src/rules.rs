//! Rules written as Python callables: a heap family's `options(n)`, or a
//! game on positions of any kind (`moves(p)`).

use grundy::positions::{refused, MovesFunction, Term};
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

/// A game on positions of any kind from Python callables
/// (`Game.from_moves`): `moves(p)` lists what `p` moves to, each a
/// position or a `grundy.sum_of(...)` of positions; `parts(p)` splits a
/// position into independent parts; `start(n)` or `start(x, y)` numbers a
/// family of positions. Positions reach Python as ints, strings and
/// tuples.
pub(crate) struct PythonMoves {
    pub(crate) moves: Py<PyAny>,
    pub(crate) parts: Option<Py<PyAny>>,
    /// `start(n)`, or `start(x, y)` when `start_is_pair`.
    pub(crate) start: Option<Py<PyAny>>,
    pub(crate) start_is_pair: bool,
    /// `describe(p, q)`: a move in the rules' own words.
    pub(crate) describe: Option<Py<PyAny>>,
    /// The class `grundy.sum_of` returns, which marks an option that
    /// leaves several independent games.
    pub(crate) sum_type: Py<PyAny>,
}

/// A Python value as a position: an int, a string, or a tuple or list
/// of positions; `Err` says what it is instead.
pub(crate) fn term_of(value: &Bound<'_, PyAny>, depth: usize) -> Result<Term, String> {
    if let Ok(text) = value.cast::<pyo3::types::PyString>() {
        return Ok(Term::text(&text.to_string_lossy()));
    }
    if value.is_instance_of::<pyo3::types::PyInt>() {
        return value
            .extract::<i64>()
            .map(Term::Int)
            .map_err(|_| format!("the integer {value}, beyond -2^63 to 2^63 - 1"));
    }
    let is_sequence = value.is_instance_of::<pyo3::types::PyTuple>()
        || value.is_instance_of::<pyo3::types::PyList>();
    if is_sequence {
        if depth >= grundy::limits::MAX_TERM_DEPTH {
            return Err(format!(
                "tuples nested more than {} deep",
                grundy::limits::MAX_TERM_DEPTH
            ));
        }
        let mut items = Vec::new();
        for item in value.try_iter().map_err(|e| e.to_string())? {
            let item = item.map_err(|e| e.to_string())?;
            items.push(term_of(&item, depth + 1)?);
        }
        return Ok(Term::tuple(items));
    }
    let type_name = value
        .get_type()
        .name()
        .map_or_else(|_| "value".to_owned(), |n| n.to_string());
    Err(format!(
        "a {type_name} ({value}), which is not a position (an int, a str, or a tuple or list of positions)"
    ))
}

/// A position as Python sees it: tuples for tuples.
pub(crate) fn python_of<'py>(py: Python<'py>, term: &Term) -> PyResult<Bound<'py, PyAny>> {
    Ok(match term {
        Term::Int(n) => n.into_pyobject(py)?.into_any(),
        Term::Str(s) => pyo3::types::PyString::new(py, s).into_any(),
        Term::Tuple(items) => {
            let items = items
                .iter()
                .map(|t| python_of(py, t))
                .collect::<PyResult<Vec<_>>>()?;
            pyo3::types::PyTuple::new(py, items)?.into_any()
        }
    })
}

impl PythonMoves {
    /// Calls `function` with `args` and gives what it returned to `read`;
    /// an exception is kept to come out unchanged.
    fn call<T>(
        &self,
        label: &str,
        call: &str,
        function: &Py<PyAny>,
        args: impl for<'py> FnOnce(Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>>,
        read: impl FnOnce(&Bound<'_, PyAny>) -> Result<T, GameError>,
    ) -> Result<T, GameError> {
        Python::attach(|py| {
            let raised = |error: PyErr| {
                let message = format!("raised {error}");
                keep_pending(error);
                refused(label, call, message)
            };
            let args = args(py).map_err(raised)?;
            let result = function.call1(py, args).map_err(raised)?;
            read(result.bind(py))
        })
    }

    /// The positions of a list returned by `call`.
    fn terms(label: &str, call: &str, listed: &Bound<'_, PyAny>) -> Result<Vec<Term>, GameError> {
        let mut terms = Vec::new();
        let items = listed
            .try_iter()
            .map_err(|_| refused(label, call, "did not return a list of positions"))?;
        for item in items {
            let item = item.map_err(|e| refused(label, call, e))?;
            terms.push(
                term_of(&item, 0)
                    .map_err(|what| refused(label, call, format!("returned {what}")))?,
            );
        }
        Ok(terms)
    }
}

impl MovesFunction for PythonMoves {
    fn moves(&self, label: &str, position: &Term) -> Result<Vec<Vec<Term>>, GameError> {
        let call = format!("moves({position})");
        self.call(
            label,
            &call,
            &self.moves,
            |py| pyo3::types::PyTuple::new(py, [python_of(py, position)?]),
            |result| {
                let options = result.try_iter().map_err(|_| {
                    refused(
                        label,
                        &call,
                        "did not return a list of options (positions, or grundy.sum_of(...))",
                    )
                })?;
                let sum_type = self.sum_type.bind(result.py());
                let mut out = Vec::new();
                for option in options {
                    let option = option.map_err(|e| refused(label, &call, e))?;
                    if option.is_instance(sum_type).unwrap_or(false) {
                        out.push(Self::terms(label, &call, &option)?);
                    } else {
                        out.push(vec![term_of(&option, 0).map_err(|what| {
                            refused(label, &call, format!("returned {what}"))
                        })?]);
                    }
                }
                Ok(out)
            },
        )
    }

    fn splits(&self) -> bool {
        self.parts.is_some()
    }

    fn parts(&self, label: &str, position: &Term) -> Result<Vec<Term>, GameError> {
        let Some(parts) = &self.parts else {
            return Ok(vec![position.clone()]);
        };
        let call = format!("parts({position})");
        self.call(
            label,
            &call,
            parts,
            |py| pyo3::types::PyTuple::new(py, [python_of(py, position)?]),
            |result| Self::terms(label, &call, result),
        )
    }

    fn start(&self, label: &str, n: u64) -> Option<Result<Term, GameError>> {
        let start = self.start.as_ref().filter(|_| !self.start_is_pair)?;
        let call = format!("start({n})");
        Some(self.call(
            label,
            &call,
            start,
            |py| pyo3::types::PyTuple::new(py, [n]),
            |result| {
                term_of(result, 0).map_err(|what| refused(label, &call, format!("returned {what}")))
            },
        ))
    }

    fn start_at(&self, label: &str, x: u64, y: u64) -> Option<Result<Term, GameError>> {
        let start = self.start.as_ref().filter(|_| self.start_is_pair)?;
        let call = format!("start({x}, {y})");
        Some(self.call(
            label,
            &call,
            start,
            |py| pyo3::types::PyTuple::new(py, [x, y]),
            |result| {
                term_of(result, 0).map_err(|what| refused(label, &call, format!("returned {what}")))
            },
        ))
    }

    fn has_table(&self) -> bool {
        self.start.is_some() && self.start_is_pair
    }

    fn describe(&self, label: &str, from: &Term, to: &Term) -> Option<Result<String, GameError>> {
        let describe = self.describe.as_ref()?;
        let call = format!("describe({from}, {to})");
        Some(self.call(
            label,
            &call,
            describe,
            |py| pyo3::types::PyTuple::new(py, [python_of(py, from)?, python_of(py, to)?]),
            |result| {
                result
                    .extract::<String>()
                    .map_err(|_| refused(label, &call, "did not return a str"))
            },
        ))
    }
}
