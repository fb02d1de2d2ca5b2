//! `grundy._grundy`: the native core of the Python package.
//!
//! The package's Python layer (`python/grundy/__init__.py`) gives the
//! public API, its docstrings and the notebook views; this core only binds
//! the library: every answer comes from the same library functions the CLI
//! calls, and every report is the library's typed report serialised to
//! the CLI's JSON (the Python layer parses it), so the two agree by
//! construction.
//!
//! **The GIL and Ctrl-C.** Computations run with the GIL released
//! (`Python::detach`), on the calling thread. Between steps of a long
//! computation (at most every [`CHECK_EVERY`]) they take the GIL back
//! for a moment and ask Python whether a signal arrived; a
//! `KeyboardInterrupt` stops the computation through the progress callback
//! of the library's loops ([`GameError::Stopped`]), and the exception
//! itself is kept in [`PENDING`] so that Python sees it, not a wrapped
//! message. Rules written in Python (`Game.from_rules`) take the GIL for
//! each call; an exception they raise is kept the same way.
#![forbid(unsafe_code)]

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::api::{self, CountedRequest, SumRequest};
use grundy::cost::{MemoryFit, SequenceCost};
use grundy::cut::CutTable;
use grundy::evaluator::Inputs;
use grundy::heap::{Growth, HeapFamily, HeapGame, MoveCount};
use grundy::period::{PeriodReport, ProofRule};
use grundy::ruleset::Options;
use grundy::sequence::dense::Kernel;
use grundy::sequence::{EngineChoice, NimSequence, Stepper};
use grundy::spec::{parse_spec, Game};
use grundy::{Convention, GameError, Nimber};
use numpy::ndarray::{ArrayD, IxDyn};
use numpy::{IntoPyArray, PyArray2, PyArrayDyn};
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError, PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::types::PySequence;

create_exception!(
    _grundy,
    LimitError,
    PyValueError,
    "A request beyond a limit of the engine or of the machine; the message names the limit."
);

/// How often a long computation asks Python for signals.
const CHECK_EVERY: Duration = Duration::from_millis(50);

/// The largest step of a values computation (the step also shrinks to
/// about a quarter second of work).
const MOST_STEP: usize = 1 << 16;

/// An exception raised in Python while the library was computing (a
/// `KeyboardInterrupt`, or an error in a rules callable): it replaces the
/// library error it caused.
static PENDING: Mutex<Option<PyErr>> = Mutex::new(None);

fn keep_pending(error: PyErr) {
    if let Ok(mut pending) = PENDING.lock() {
        pending.get_or_insert(error);
    }
}

fn take_pending() -> Option<PyErr> {
    PENDING.lock().ok().and_then(|mut p| p.take())
}

/// A library error as a Python exception: the exception that caused it
/// when there is one, `LimitError` for limits, `ValueError` otherwise.
fn game_error(error: GameError) -> PyErr {
    if let Some(pending) = take_pending() {
        return pending;
    }
    match error.root() {
        GameError::Limit { .. } | GameError::OutOfReach { .. } | GameError::Memory { .. } => {
            LimitError::new_err(error.to_string())
        }
        GameError::Stopped { .. } => PyKeyboardInterrupt::new_err(error.to_string()),
        GameError::Unsupported { .. } => PyTypeError::new_err(error.to_string()),
        _ => PyValueError::new_err(error.to_string()),
    }
}

fn spec_error(error: grundy::spec::SpecError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

fn json_error(error: serde_json::Error) -> PyErr {
    PyValueError::new_err(format!("the report could not be written: {error}"))
}

/// Asks Python for signals at most every [`CHECK_EVERY`]; a signal's
/// exception is kept and stops the computation.
struct Interrupt {
    last: Instant,
}

impl Interrupt {
    fn new() -> Interrupt {
        Interrupt {
            last: Instant::now(),
        }
    }

    fn check(&mut self) -> Result<(), GameError> {
        if self.last.elapsed() < CHECK_EVERY {
            return Ok(());
        }
        self.last = Instant::now();
        Python::attach(|py| py.check_signals()).map_err(|error| {
            keep_pending(error);
            GameError::Stopped {
                reason: "interrupted".to_owned(),
            }
        })
    }
}

/// Runs `work` (a search: misère sums, remoteness, the solver) with
/// Ctrl-C checked every few thousand nodes ([`grundy::stop`]).
fn interruptible<T>(work: impl FnOnce() -> T) -> T {
    let mut interrupt = Interrupt::new();
    grundy::stop::with_check(move || interrupt.check(), work)
}

/// G(0..count) of a heap game, stopping on a signal between steps.
fn values_until_signal(
    game: &HeapGame,
    count: u64,
    interrupt: &mut Interrupt,
) -> Result<NimSequence, GameError> {
    let count = usize::try_from(count).map_err(|_| GameError::Limit {
        what: format!("{count} values"),
        limit: "the address space".to_owned(),
    })?;
    let mut engine = game.engine(EngineChoice::Auto)?;
    let mut steps = Stepper::new(MOST_STEP);
    let mut done = 0usize;
    while done < count {
        done = count.min(done + steps.next_step());
        engine.extend_to(done)?;
        interrupt.check()?;
    }
    Ok(engine.into_values())
}

/// A failure of a computation: the Python exception to raise.
struct Failure(PyErr);

impl From<GameError> for Failure {
    fn from(error: GameError) -> Failure {
        Failure(game_error(error))
    }
}

impl From<Failure> for PyErr {
    fn from(failure: Failure) -> PyErr {
        failure.0
    }
}

/// How a refused request is run anyway from Python.
const HOW_TO_ALLOW: &str = "pass allow_long=True to run it anyway";

/// Refuses up front `count` values whose estimated work is beyond
/// [`grundy::cost::LONG_SECONDS`] (unless `allow_long`), or that cannot fit
/// in memory.
fn check_cost(game: &HeapGame, count: u64, allow_long: bool) -> Result<(), Failure> {
    check_fits(count)?;
    if allow_long {
        return Ok(());
    }
    match SequenceCost::of(game, count)? {
        Some(cost) if cost.is_long() => {
            Err(Failure(LimitError::new_err(cost.refusal(HOW_TO_ALLOW))))
        }
        _ => Ok(()),
    }
}

fn check_fits(count: u64) -> Result<(), Failure> {
    match grundy::cost::memory_fit(count) {
        MemoryFit::DoesNotFit(refusal) => Err(Failure(LimitError::new_err(refusal))),
        _ => Ok(()),
    }
}

/// The values a request may compute: `max` as given (refused up front
/// when its estimate is too long, unless `allow_long`), or the default,
/// lowered to what its estimate allows.
fn resolve_count(
    game: &HeapGame,
    max: Option<u64>,
    default: u64,
    allow_long: bool,
) -> Result<usize, Failure> {
    let count = match max {
        // The cost check includes the memory fit.
        Some(max) => {
            check_cost(game, max, allow_long)?;
            max
        }
        None => {
            let count = if allow_long {
                default
            } else {
                grundy::cost::affordable_count(game, default)?
            };
            check_fits(count)?;
            count
        }
    };
    usize::try_from(count).map_err(|_| {
        Failure(LimitError::new_err(format!(
            "{count} values do not fit in memory"
        )))
    })
}

/// What the Python module computes for an evaluator: everything with
/// Ctrl-C checked between steps, and the costs checked up front.
struct PyInputs {
    interrupt: Interrupt,
    allow_long: bool,
}

impl PyInputs {
    fn new(allow_long: bool) -> PyInputs {
        PyInputs {
            interrupt: Interrupt::new(),
            allow_long,
        }
    }
}

impl Inputs for PyInputs {
    type Error = Failure;

    fn heap_values(&mut self, game: &HeapGame, count: u64) -> Result<NimSequence, Failure> {
        check_cost(game, count, self.allow_long)?;
        Ok(values_until_signal(game, count, &mut self.interrupt)?)
    }

    fn period(
        &mut self,
        game: &HeapGame,
        max: usize,
    ) -> Result<(PeriodReport, NimSequence), Failure> {
        let interrupt = &mut self.interrupt;
        Ok(game.find_period_observed(
            EngineChoice::Auto,
            grundy::evaluator::FIRST_ROUND,
            max,
            &mut |_, _| interrupt.check(),
        )?)
    }

    fn heap_values_while(
        &mut self,
        game: &HeapGame,
        count: u64,
        each: &mut grundy::evaluator::ValuesStep<'_>,
    ) -> Result<NimSequence, Failure> {
        check_cost(game, count, self.allow_long)?;
        let count = usize::try_from(count).map_err(|_| GameError::Limit {
            what: format!("{count} values"),
            limit: "the address space".to_owned(),
        })?;
        let mut engine = game.engine(EngineChoice::Auto)?;
        let mut steps = Stepper::new(MOST_STEP);
        let mut done = 0usize;
        while done < count {
            let end = count.min(done + steps.next_step());
            engine.extend_to(end)?;
            self.interrupt.check()?;
            let more = each(engine.values(), done..end)?;
            done = end;
            if !more {
                break;
            }
        }
        Ok(engine.into_values())
    }

    fn resolve_count(
        &mut self,
        game: &HeapGame,
        given: Option<u64>,
        default: u64,
    ) -> Result<usize, Failure> {
        resolve_count(game, given, default, self.allow_long)
    }

    fn misere_values(&mut self, game: &HeapGame, count: u64) -> Result<NimSequence, Failure> {
        check_fits(count)?;
        let interrupt = &mut self.interrupt;
        Ok(grundy::heap::misere::heap_misere_values(
            game,
            count,
            &mut |_| interrupt.check(),
        )?)
    }

    fn genus(&mut self, game: &HeapGame, count: u64) -> Result<Vec<Vec<u64>>, GameError> {
        let interrupt = &mut self.interrupt;
        grundy::heap::misere::heap_genus(game, count, &mut |_| interrupt.check())
    }

    fn period_budget(&mut self, game: &HeapGame) -> Result<usize, Failure> {
        resolve_count(
            game,
            None,
            grundy::evaluator::PERIOD_SEARCH as u64,
            self.allow_long,
        )
    }

    fn cut_table(&mut self, dim: usize, largest: usize) -> Result<CutTable, Failure> {
        CutTable::check_size(dim, largest)?;
        let seconds = CutTable::estimated_seconds(dim, largest);
        if seconds > grundy::cost::LONG_SECONDS && !self.allow_long {
            return Err(Failure(LimitError::new_err(format!(
                "the cut:{dim} table up to {largest} would take about {}; {HOW_TO_ALLOW}",
                grundy::cost::duration_words(seconds)
            ))));
        }
        Ok(CutTable::compute(dim, largest, &|_, _| {})?)
    }
}

/// Rules written as a Python callable `options(n) -> [[heap, ...], ...]`:
/// a heap family like a script's, with the same sandbox rule.
#[derive(Clone)]
struct PythonRules {
    name: String,
    options: Arc<Py<PyAny>>,
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
    fn write_options(
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
                        rules_error(format!("returned a heap that is not an integer: {heap}"))
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

/// A game of any family grundy knows, or of rules written in Python.
#[pyclass(module = "grundy._grundy", name = "CoreGame", frozen)]
struct CoreGame {
    spec: String,
    game: Game,
}

/// The components of a position: one text, or a list of texts or numbers.
fn position_texts(position: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(text) = position.extract::<String>() {
        return Ok(grundy::evaluator::sum_components(&text));
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

fn to_json(report: &impl serde::Serialize) -> PyResult<String> {
    serde_json::to_string(report).map_err(json_error)
}

impl CoreGame {
    /// The heap game, for a request of heap values (`TypeError` with the
    /// library's refusal otherwise).
    fn heap(&self) -> PyResult<&HeapGame> {
        self.game.as_heap().ok_or_else(|| {
            PyTypeError::new_err(grundy::spec::not_a_heap_game(&self.spec).to_string())
        })
    }
}

/// G(0..count) as a numpy array of the narrowest unsigned type.
fn sequence_array(py: Python<'_>, values: NimSequence) -> Py<PyAny> {
    match values {
        NimSequence::U8(v) => v.into_pyarray(py).into_any().unbind(),
        NimSequence::U16(v) => v.into_pyarray(py).into_any().unbind(),
        NimSequence::U32(v) => v.into_pyarray(py).into_any().unbind(),
    }
}

#[pymethods]
impl CoreGame {
    #[new]
    fn new(spec: &str) -> PyResult<CoreGame> {
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
        let rules = PythonRules {
            name,
            options: Arc::new(options),
        };
        let game = match bound {
            None => Game::Heap(HeapGame::new(rules)),
            Some(bound) => {
                let name = rules.name.clone();
                let graph = py
                    .detach(|| {
                        grundy::script::bounded_rules_graph(&name, bound, |n, out| {
                            rules.write_options(n, Some(bound), out)
                        })
                    })
                    .map_err(game_error)?;
                Game::Graph(Arc::new(graph))
            }
        };
        Ok(CoreGame {
            spec: String::new(),
            game,
        })
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
        let game = self.heap()?.clone();
        let convention = Convention::from_misere_flag(misere);
        let values =
            py.detach(|| api::values(&game, count, convention, &mut PyInputs::new(allow_long)))?;
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
        let game = self.heap()?.clone();
        let summary = py.detach(|| {
            api::period_summary(
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
        let game = self.heap()?.clone();
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
        let game = self.heap()?.clone();
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

    fn eval_json(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: bool,
        allow_long: bool,
        label: &str,
    ) -> PyResult<String> {
        let texts = position_texts(position)?;
        let request = SumRequest {
            spec: label,
            positions: &texts,
            convention: Convention::from_misere_flag(misere),
            remoteness: false,
        };
        let game = self.game.clone();
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
        grundy::spec::game_list()
    }

    /// An example spec of every family, from the registry.
    #[staticmethod]
    fn examples() -> Vec<&'static str> {
        grundy::spec::FAMILIES.iter().map(|f| f.example).collect()
    }
}

/// A nimber argument: a non-negative integer below 2^64.
fn nimber(value: &Bound<'_, PyAny>) -> PyResult<Nimber> {
    if let Ok(n) = value.extract::<PyRef<'_, PyNimber>>() {
        return Ok(n.0);
    }
    value.extract::<u64>().map(Nimber::new).map_err(|_| {
        PyValueError::new_err(format!(
            "a nimber is an integer from 0 to 2^64 - 1, not {value}"
        ))
    })
}

fn divide(a: Nimber, b: Nimber) -> PyResult<Nimber> {
    a.nim_div(b)
        .ok_or_else(|| PyZeroDivisionError::new_err("nimber division by 0"))
}

/// A nimber below 2^64: `+` is nim-addition (XOR), `*` nim-multiplication,
/// `/` division in the field, `**` powers.
#[pyclass(module = "grundy._grundy", name = "Nimber", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct PyNimber(Nimber);

#[pymethods]
impl PyNimber {
    #[new]
    fn py_new(value: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        nimber(value).map(PyNimber)
    }

    fn __int__(&self) -> u64 {
        self.0.value()
    }

    fn __index__(&self) -> u64 {
        self.0.value()
    }

    fn __repr__(&self) -> String {
        format!("Nimber({})", self.0.value())
    }

    fn __str__(&self) -> String {
        format!("*{}", self.0.value())
    }

    fn __bool__(&self) -> bool {
        self.0.value() != 0
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        Ok(PyNimber(self.0.nim_add(nimber(other)?)))
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        self.__add__(other)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        self.__add__(other)
    }

    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        self.__add__(other)
    }

    fn __mul__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        Ok(PyNimber(self.0.nim_mul(nimber(other)?)))
    }

    fn __rmul__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        self.__mul__(other)
    }

    fn __truediv__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        divide(self.0, nimber(other)?).map(PyNimber)
    }

    fn __rtruediv__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        divide(nimber(other)?, self.0).map(PyNimber)
    }

    fn __pow__(&self, exponent: u64, modulo: Option<&Bound<'_, PyAny>>) -> PyResult<PyNimber> {
        if modulo.is_some_and(|m| !m.is_none()) {
            return Err(PyTypeError::new_err("nimber powers take no modulus"));
        }
        Ok(PyNimber(self.0.nim_pow(exponent)))
    }

    /// The inverse in the field (ZeroDivisionError for 0).
    fn inverse(&self) -> PyResult<PyNimber> {
        divide(Nimber::new(1), self.0).map(PyNimber)
    }

    /// The square root in the field (every nimber has exactly one).
    fn sqrt(&self) -> PyNimber {
        PyNimber(self.0.nim_sqrt())
    }

    #[getter]
    fn value(&self) -> u64 {
        self.0.value()
    }
}

#[pyfunction]
fn nim_add(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(nimber(a)?.nim_add(nimber(b)?).value())
}

#[pyfunction]
fn nim_mul(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(nimber(a)?.nim_mul(nimber(b)?).value())
}

#[pyfunction]
fn nim_div(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(divide(nimber(a)?, nimber(b)?)?.value())
}

#[pyfunction]
fn nim_inv(a: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(divide(Nimber::new(1), nimber(a)?)?.value())
}

#[pyfunction]
fn nim_sqrt(a: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(nimber(a)?.nim_sqrt().value())
}

#[pyfunction]
fn nim_pow(a: &Bound<'_, PyAny>, exponent: u64) -> PyResult<u64> {
    Ok(nimber(a)?.nim_pow(exponent).value())
}

/// The mex of some values: the least non-negative integer not among them.
#[pyfunction]
fn mex(values: &Bound<'_, PyAny>) -> PyResult<u64> {
    let mut listed = Vec::new();
    for value in values.try_iter()? {
        listed.push(value?.extract::<u64>()?);
    }
    Ok(grundy::mex(listed.iter().map(|&v| Nimber::new(v))).value())
}

/// The native core of the grundy package.
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<CoreGame>()?;
    m.add_class::<PyNimber>()?;
    m.add("LimitError", m.py().get_type::<LimitError>())?;
    m.add_function(wrap_pyfunction!(nim_add, m)?)?;
    m.add_function(wrap_pyfunction!(nim_mul, m)?)?;
    m.add_function(wrap_pyfunction!(nim_div, m)?)?;
    m.add_function(wrap_pyfunction!(nim_inv, m)?)?;
    m.add_function(wrap_pyfunction!(nim_sqrt, m)?)?;
    m.add_function(wrap_pyfunction!(nim_pow, m)?)?;
    m.add_function(wrap_pyfunction!(mex, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // The library's defaults, the same on every face.
    m.add("PERIOD_MAX", api::limits::PERIOD_VALUES)?;
    m.add("ANALYZE_MAX", api::limits::ANALYZE_VALUES)?;
    m.add("MISERE_MAX", api::limits::MISERE_VALUES)?;
    Ok(())
}
