//! `CoreGame`: a game of any family, or of rules written in Python, with
//! one method per request of the library's request layer ([`grundy::api`]).

use std::sync::Arc;

use grundy::api::{self, CountedRequest, SumRequest};
use grundy::heap::HeapGame;
use grundy::sequence::NimSequence;
use grundy::spec::{parse_spec, Game};
use grundy::Convention;
use numpy::ndarray::{ArrayD, IxDyn};
use numpy::{IntoPyArray, PyArray2, PyArrayDyn};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PySequence;

use crate::inputs::PyInputs;
use crate::interrupt::{game_error, interruptible, json_error, spec_error};
use crate::rules::{PythonMoves, PythonOptions, PythonRules};

/// A game of any family grundy knows, or of rules written in Python.
#[pyclass(module = "grundy._grundy", name = "CoreGame", frozen)]
pub(crate) struct CoreGame {
    spec: String,
    game: Game,
}

/// The components of a position: one text, or a list of texts or numbers.
pub(crate) fn position_texts(position: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(text) = position.extract::<String>() {
        return Ok(grundy::inputs::sum_tokens(&text));
    }
    if let Ok(n) = position.extract::<u64>() {
        return Ok(vec![n.to_string()]);
    }
    if position.cast::<PySequence>().is_ok() {
        let mut texts = Vec::new();
        for part in position.try_iter()? {
            let part = part?;
            texts.push(match part.extract::<u64>() {
                Ok(n) => n.to_string(),
                Err(_) => part.str()?.to_string(),
            });
        }
        return Ok(texts);
    }
    Err(PyTypeError::new_err(format!(
        "a position is a string ('3 4 7' or '3+4+7'), a number, or a list of components, not {}",
        position.get_type().name()?
    )))
}

pub(crate) fn to_json(report: &impl serde::Serialize) -> PyResult<String> {
    serde_json::to_string(report).map_err(json_error)
}

/// G(0..count) as a numpy array of the narrowest unsigned type.
pub(crate) fn sequence_array(py: Python<'_>, values: NimSequence) -> Py<PyAny> {
    match values {
        NimSequence::U8(v) => v.into_pyarray(py).into_any().unbind(),
        NimSequence::U16(v) => v.into_pyarray(py).into_any().unbind(),
        NimSequence::U32(v) => v.into_pyarray(py).into_any().unbind(),
    }
}

#[pymethods]
impl CoreGame {
    #[new]
    pub(crate) fn new(spec: &str) -> PyResult<CoreGame> {
        let game = parse_spec(spec).map_err(spec_error)?;
        Ok(CoreGame {
            spec: spec.trim().to_owned(),
            game,
        })
    }

    /// Rules from a Python callable; `bound`: a loopy game over `0..=bound`.
    #[staticmethod]
    #[pyo3(signature = (options, name, bound=None))]
    fn from_rules(
        py: Python<'_>,
        options: Py<PyAny>,
        name: String,
        bound: Option<u64>,
    ) -> PyResult<CoreGame> {
        if !options.bind(py).is_callable() {
            return Err(PyTypeError::new_err(
                "options must be a callable: options(n) -> list of options, each a list of heap sizes",
            ));
        }
        // Errors name the game by the name the user gave it.
        let spec = name.clone();
        let rules = PythonRules::new(name, PythonOptions(options));
        let game = match bound {
            None => Game::Heap(HeapGame::new(rules)),
            Some(bound) => {
                let graph = py.detach(|| rules.loopy_graph(bound)).map_err(game_error)?;
                Game::Graph(Arc::new(graph))
            }
        };
        Ok(CoreGame { spec, game })
    }

    /// A game on positions of any kind from Python callables
    /// ([`PythonMoves`]); `start_is_pair`: `start` takes (x, y).
    #[staticmethod]
    #[pyo3(signature = (moves, name, sum_type, parts=None, start=None, start_is_pair=false, describe=None))]
    #[allow(clippy::too_many_arguments)]
    fn from_moves(
        py: Python<'_>,
        moves: Py<PyAny>,
        name: String,
        sum_type: Py<PyAny>,
        parts: Option<Py<PyAny>>,
        start: Option<Py<PyAny>>,
        start_is_pair: bool,
        describe: Option<Py<PyAny>>,
    ) -> PyResult<CoreGame> {
        for (what, function) in [
            ("moves", Some(&moves)),
            ("parts", parts.as_ref()),
            ("start", start.as_ref()),
            ("describe", describe.as_ref()),
        ] {
            if function.is_some_and(|f| !f.bind(py).is_callable()) {
                return Err(PyTypeError::new_err(format!("{what} must be a callable")));
            }
        }
        let function = PythonMoves {
            moves,
            parts,
            start,
            start_is_pair,
            describe,
            sum_type,
        };
        let rules = grundy::positions::PositionRules::new(name.clone(), function);
        Ok(CoreGame {
            spec: name,
            game: Game::Positional(Arc::new(grundy::positions::PositionGame::new(rules))),
        })
    }

    /// A Python value written as a position of a game defined by its
    /// moves reads it: `(3,5)`, `"LR"`.
    #[staticmethod]
    fn position_text(position: &Bound<'_, PyAny>) -> PyResult<String> {
        crate::rules::term_of(position, 0)
            .map(|term| term.to_string())
            .map_err(PyValueError::new_err)
    }

    /// A graph from vertex names and each vertex's successors (indices).
    #[staticmethod]
    fn from_followers(names: Vec<String>, followers: Vec<Vec<u32>>) -> PyResult<CoreGame> {
        let graph = grundy::Graph::from_followers(names, &followers)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(CoreGame {
            spec: String::new(),
            game: Game::Graph(Arc::new(graph)),
        })
    }

    #[getter]
    fn kind(&self) -> &'static str {
        self.game.kind()
    }

    fn values(
        &self,
        py: Python<'_>,
        count: u64,
        misere: bool,
        allow_long: bool,
    ) -> PyResult<Py<PyAny>> {
        let (game, spec) = (self.game.clone(), self.spec.clone());
        let convention = Convention::from_misere_flag(misere);
        let values = py.detach(|| {
            api::values(
                &game,
                &spec,
                count,
                convention,
                &mut PyInputs::new(allow_long),
            )
        })?;
        Ok(sequence_array(py, values))
    }

    #[pyo3(signature = (max, allow_long, label))]
    fn period_json(
        &self,
        py: Python<'_>,
        max: Option<u64>,
        allow_long: bool,
        label: &str,
    ) -> PyResult<String> {
        let game = self.game.clone();
        let summary = py.detach(|| {
            api::period_of_game(
                &game,
                label,
                max,
                Convention::Normal,
                &mut PyInputs::new(allow_long),
            )
        })?;
        to_json(&summary)
    }

    fn value_json(
        &self,
        py: Python<'_>,
        n: u64,
        max: Option<u64>,
        misere: bool,
        allow_long: bool,
        label: &str,
    ) -> PyResult<String> {
        let game = self.game.clone();
        let convention = Convention::from_misere_flag(misere);
        let report = py.detach(|| {
            api::value(
                &game,
                label,
                n,
                convention,
                max,
                "max=",
                &mut PyInputs::new(allow_long),
            )
        })?;
        to_json(&report)
    }

    fn analyze_json(
        &self,
        py: Python<'_>,
        max: Option<u64>,
        misere: bool,
        allow_long: bool,
        label: &str,
    ) -> PyResult<String> {
        let game = self.game.clone();
        let convention = Convention::from_misere_flag(misere);
        let analysis = py.detach(|| {
            api::analyze(
                &game,
                label,
                max,
                CountedRequest::Analyze,
                convention,
                &mut PyInputs::new(allow_long),
            )
        })?;
        to_json(&analysis.report)
    }

    fn genus_json(
        &self,
        py: Python<'_>,
        count: u64,
        position: Option<&Bound<'_, PyAny>>,
        label: &str,
    ) -> PyResult<String> {
        let texts = match position {
            Some(position) => position_texts(position)?,
            None => Vec::new(),
        };
        let game = self.game.clone();
        let report = py.detach(|| {
            interruptible(|| api::genus(game, label, &texts, count, &mut PyInputs::new(false)))
        })?;
        to_json(&report)
    }

    fn quotient_json(
        &self,
        py: Python<'_>,
        max_heap: u64,
        max_order: Option<usize>,
        climb_rounds: Option<usize>,
        label: &str,
    ) -> PyResult<String> {
        use grundy::heap::quotient::{QuotientLimits, DEFAULT_CLIMB_ROUNDS, DEFAULT_MAX_ORDER};
        let game = self.game.clone();
        // The defaults are the CLI's, from the one constant each.
        let limits = QuotientLimits {
            max_order: max_order.unwrap_or(DEFAULT_MAX_ORDER),
            climb_rounds: climb_rounds.unwrap_or(DEFAULT_CLIMB_ROUNDS),
            deadline: None,
        };
        let report = py
            .detach(|| {
                interruptible(|| api::quotient(&game, label, max_heap, limits, None, &mut |_| {}))
            })
            .map_err(game_error)?;
        to_json(&report)
    }

    #[pyo3(signature = (position, misere, allow_long, label, outcome_only, compound=None))]
    #[allow(clippy::too_many_arguments)]
    fn eval_json(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: bool,
        allow_long: bool,
        label: &str,
        outcome_only: bool,
        compound: Option<&str>,
    ) -> PyResult<String> {
        let texts = position_texts(position)?;
        let compound = compound
            .map(grundy::compound::Compound::parse)
            .transpose()
            .map_err(game_error)?;
        let request = SumRequest {
            spec: label,
            positions: &texts,
            convention: Convention::from_misere_flag(misere),
            remoteness: false,
            table_bytes: None,
            cache: None,
            outcome_only,
            specs: grundy::spec::SpecSource::FilesAllowed,
        };
        let game = self.game.clone();
        if let Some(kind) = compound {
            let report = py.detach(|| {
                interruptible(|| {
                    api::compound(game, &request, kind, &mut PyInputs::new(allow_long))
                })
            })?;
            return to_json(&report);
        }
        let report = py.detach(|| {
            interruptible(|| api::eval(game, &request, &mut PyInputs::new(allow_long)))
        })?;
        to_json(&report)
    }

    fn moves_json(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: bool,
        allow_long: bool,
        label: &str,
    ) -> PyResult<String> {
        let texts = position_texts(position)?;
        let game = self.game.clone();
        let convention = Convention::from_misere_flag(misere);
        let moves = py.detach(|| {
            interruptible(|| {
                api::moves(
                    game,
                    label,
                    &texts,
                    convention,
                    grundy::spec::SpecSource::FilesAllowed,
                    &mut PyInputs::new(allow_long),
                )
            })
        })?;
        to_json(&moves)
    }

    /// The values over two coordinates (positional games) or of every box
    /// (cutting games) as a numpy array indexed by the coordinates.
    fn table(&self, py: Python<'_>, max: u64, allow_long: bool) -> PyResult<Py<PyAny>> {
        let game = self.game.clone();
        let spec = self.spec.clone();
        let table = py.detach(|| {
            interruptible(|| {
                api::table(
                    game,
                    &spec,
                    max,
                    Convention::Normal,
                    &mut PyInputs::new(allow_long),
                )
            })
        })?;
        match table {
            api::Table::Grid { values, .. } => {
                let rows: Vec<Vec<u32>> = values
                    .values
                    .chunks(values.columns.max(1))
                    .map(<[u32]>::to_vec)
                    .collect();
                Ok(PyArray2::from_vec2(py, &rows)?.into_any().unbind())
            }
            api::Table::Boxes(table) => {
                let values: Vec<u64> = table.dense_values().iter().map(|&v| u64::from(v)).collect();
                let array =
                    ArrayD::from_shape_vec(IxDyn(&vec![table.max() + 1; table.dim()]), values)
                        .map_err(|e| PyValueError::new_err(format!("the table's shape: {e}")))?;
                Ok(PyArrayDyn::from_owned_array(py, array).into_any().unbind())
            }
            _ => Err(PyTypeError::new_err(format!(
                "'{}': a table this version of the module cannot hand out",
                self.spec
            ))),
        }
    }

    /// Every family's spec form and description.
    #[staticmethod]
    fn families() -> Vec<(String, String)> {
        grundy::api::games(grundy::spec::SpecSource::FilesAllowed)
            .games
            .into_iter()
            .map(|entry| (entry.spec, entry.about))
            .collect()
    }

    /// An example spec of every family, from the registry.
    #[staticmethod]
    fn examples() -> Vec<String> {
        grundy::api::games(grundy::spec::SpecSource::FilesAllowed).examples
    }
}
