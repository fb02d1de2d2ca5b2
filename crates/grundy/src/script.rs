//! User-defined rules in Rhai, sandboxed.
//!
//! A script defines `fn options(n)` returning an array of options, each an
//! array of heap sizes: `[]` takes the heap whole, `[a]` leaves one heap,
//! `[a, b]` splits it in two. Scripts run with an operation limit, no file
//! or network access, and bounded arrays and strings; every heap in an
//! option must be smaller than n, or the game could loop.

use std::path::Path;
use std::sync::Arc;

use rhai::{Array, Dynamic, Engine, Scope, AST};

use crate::error::GameError;
use crate::spec_form::SpecForm;
use crate::user_rules::{OptionsFunction, OptionsOut, UserRules};

pub use crate::limits::SCRIPT_OPERATIONS as MAX_OPERATIONS;

pub use crate::sandbox::{sandboxed_engine, sandboxed_engine_with, script_error, ScriptLimits};

pub use crate::user_rules::{bounded_rules_graph, checked_option_heap, MAX_BOUND};

/// A loopy game defined by a script with `fn bound()` beside
/// `fn options(n)`: options may be any heap up to the bound (larger or
/// smaller than n, so the game may loop), each a single heap (`[a]`) or
/// nothing (`[]`, the heap taken whole). It is solved as a game graph over
/// the heaps `0..=bound()` ([`crate::loopy`]).
#[derive(Clone, Debug)]
pub struct BoundedScript {
    graph: crate::graph::Graph,
}

impl BoundedScript {
    /// The graph over `0..=bound()`.
    #[must_use]
    pub fn graph(&self) -> &crate::graph::Graph {
        &self.graph
    }

    /// The game of a script that defines `fn bound()`, or `None` for one
    /// that does not.
    pub fn from_script(script: &ScriptRules) -> Option<Result<BoundedScript, GameError>> {
        if !script
            .function()
            .ast
            .iter_functions()
            .any(|f| f.name == "bound" && f.params.is_empty())
        {
            return None;
        }
        Some(BoundedScript::build(script))
    }

    fn build(script: &ScriptRules) -> Result<BoundedScript, GameError> {
        // "script NAME".
        let label = script.label();
        let ScriptOptions { engine, ast } = script.function();
        let bound: Dynamic = engine
            .call_fn(&mut Scope::new(), ast, "bound", ())
            .map_err(|e| script_error(&format!("{label} failed at bound()"), &e))?;
        let bound = bound.as_int().map_err(|t| GameError::Rules {
            message: format!("{label}: bound() returned a {t}, not an integer"),
        })?;
        let bound = u64::try_from(bound)
            .ok()
            .filter(|&b| b <= MAX_BOUND)
            .ok_or_else(|| GameError::Rules {
                message: format!("{label}: bound() must be from 0 to {MAX_BOUND}, not {bound}"),
            })?;
        let graph = script.loopy_graph(bound)?;
        Ok(BoundedScript { graph })
    }
}

impl SpecForm for BoundedScript {
    const FORM: &'static str = "script:FILE.rhai with fn bound()";
    const ABOUT: &'static str =
        "a loopy script: options(n) may return any heap up to bound(), so play may repeat; solved as a graph";
    const EXAMPLE: &'static str = "script:FILE.rhai";
    const PREFIX: Option<&'static str> = Some("script:");
    const READS_FILES: bool = true;
    type Error = GameError;

    fn from_spec(path: &str) -> Option<Result<BoundedScript, GameError>> {
        // A script without bound() is a heap game: the next family's.
        let script = ScriptRules::load(Path::new(path)).ok()?;
        BoundedScript::from_script(&script)
    }
}

impl crate::game::IntoGame for BoundedScript {
    fn into_game(self) -> crate::game::Game {
        crate::game::Game::Graph(Arc::new(self.graph))
    }
}

/// A heap game defined by a script's `options(n)`: the script's function
/// under the checks of all rules written by users. Cloning shares the
/// compiled script.
pub type ScriptRules = UserRules<ScriptOptions>;

/// A compiled script's `fn options(n)`, run in the sandbox (see
/// [`ScriptRules`]).
pub struct ScriptOptions {
    engine: Engine,
    ast: AST,
}

impl ScriptRules {
    /// Compiles a script; `name` identifies it in messages.
    pub fn compile(name: &str, source: &str) -> Result<ScriptRules, GameError> {
        ScriptRules::compile_with_limit(name, source, MAX_OPERATIONS)
    }

    /// [`ScriptRules::compile`] with another operation limit per call (the
    /// fuzzers use a small one, to try many scripts a second).
    pub fn compile_with_limit(
        name: &str,
        source: &str,
        max_operations: u64,
    ) -> Result<ScriptRules, GameError> {
        let limits = ScriptLimits {
            operations: max_operations,
            ..ScriptLimits::default()
        };
        ScriptRules::compile_with_limits(name, source, limits)
    }

    /// [`ScriptRules::compile`] within `limits`.
    pub fn compile_with_limits(
        name: &str,
        source: &str,
        limits: ScriptLimits,
    ) -> Result<ScriptRules, GameError> {
        let engine = sandboxed_engine_with(limits);
        let ast = engine
            .compile(source)
            .map_err(|e| script_error(&format!("script {name} does not compile"), &e))?;
        if !ast
            .iter_functions()
            .any(|f| f.name == "options" && f.params.len() == 1)
        {
            return Err(GameError::Rules {
                message: format!("script {name} must define fn options(n) (a heap game) or fn moves(p) (a game on positions of any kind)"),
            });
        }
        Ok(UserRules::new(
            format!("script {name}"),
            ScriptOptions { engine, ast },
        ))
    }

    /// Reads and compiles a script file.
    pub fn load(path: &Path) -> Result<ScriptRules, GameError> {
        let source = std::fs::read_to_string(path).map_err(|e| GameError::Rules {
            message: format!("cannot read script {}: {e}", path.display()),
        })?;
        ScriptRules::compile(&path.display().to_string(), &source)
    }
}

impl OptionsFunction for ScriptOptions {
    const HOW_TO_LOOP: &'static str = "define fn bound()";
    const NO_THEOREM: &'static str = "no periodicity theorem covers scripted rules";

    fn call(&self, n: u64, out: &mut OptionsOut<'_>) -> Result<(), GameError> {
        let arg = i64::try_from(n).map_err(|_| GameError::Limit {
            what: format!("the heap {n}"),
            limit: "2^63 for scripts".to_owned(),
        })?;
        let result: Dynamic = self
            .engine
            .call_fn(&mut Scope::new(), &self.ast, "options", (arg,))
            .map_err(|e| script_error(&format!("{} failed at options({n})", out.label()), &e))?;
        let options = result
            .try_cast::<Array>()
            .ok_or_else(|| out.refused("did not return an array of options"))?;
        for option in options {
            let option = option.try_cast::<Array>().ok_or_else(|| {
                out.refused("returned an option that is not an array of heap sizes")
            })?;
            for part in option {
                let size = part.as_int().map_err(|t| {
                    out.refused(format!("returned a heap that is a {t}, not an integer"))
                })?;
                out.heap(size)?;
            }
            out.end_option();
        }
        Ok(())
    }

    fn growth_in_words(&self, _label: &str) -> String {
        "the script runs once per heap".to_owned()
    }
}

impl SpecForm for ScriptRules {
    const FORM: &'static str = "script:FILE.rhai";
    const ABOUT: &'static str = "options from a Rhai script defining fn options(n)";
    const EXAMPLE: &'static str = "script:FILE.rhai";
    const PREFIX: Option<&'static str> = Some("script:");
    const READS_FILES: bool = true;
    type Error = GameError;

    fn from_spec(path: &str) -> Option<Result<ScriptRules, GameError>> {
        Some(ScriptRules::load(Path::new(path)))
    }
}

/// A game on positions of any kind defined by a script's `fn moves(p)`
/// ([`crate::positions`]): `script:FILE.rhai` when the script defines
/// `moves` rather than `options`.
pub type MovesScript = crate::positions::PositionGame<ScriptMoves>;

/// A compiled script's `fn moves(p)`, with its optional `fn parts(p)`,
/// `fn start(n)` and `fn start(x, y)`, run in the sandbox. A position is
/// an integer, a string or an array (a tuple); an option is a position, or
/// `sum(a, b, ...)` (also `sum([a, b, ...])`) for a move that leaves
/// several independent components, `end()` for one that leaves none.
pub struct ScriptMoves {
    engine: Engine,
    ast: AST,
    parts: bool,
    start: bool,
    start_at: bool,
    describe: bool,
}

/// The components of an option a script marked as a sum (`sum(a, b)`,
/// `end()`).
#[derive(Clone)]
struct SumOption(Array);

/// The game of a script given as text (a server's request sends one):
/// `fn moves(p)` makes a game on any positions, `fn bound()` beside
/// `fn options(n)` a loopy heap game, `fn options(n)` alone a heap game;
/// each call of the script within `limits`.
pub fn game_from_source(
    name: &str,
    source: &str,
    limits: ScriptLimits,
) -> Result<crate::game::Game, GameError> {
    use crate::game::IntoGame;
    if let Some(game) = ScriptMoves::compile_with_limits(name, source, limits) {
        return game.map(|game| crate::game::Game::Positional(Arc::new(game)));
    }
    let rules = ScriptRules::compile_with_limits(name, source, limits)?;
    match BoundedScript::from_script(&rules) {
        Some(bounded) => Ok(bounded?.into_game()),
        None => Ok(crate::game::Game::Heap(crate::heap::HeapGame::new(rules))),
    }
}

impl ScriptMoves {
    /// Compiles a script that defines `fn moves(p)`; `None` when it does
    /// not (a heap script's `options(n)`).
    pub fn compile(name: &str, source: &str) -> Option<Result<MovesScript, GameError>> {
        ScriptMoves::compile_with_limits(name, source, ScriptLimits::default())
    }

    /// [`ScriptMoves::compile`] within `limits`.
    pub fn compile_with_limits(
        name: &str,
        source: &str,
        limits: ScriptLimits,
    ) -> Option<Result<MovesScript, GameError>> {
        let mut engine = sandboxed_engine_with(limits);
        let ast = match engine.compile(source) {
            Ok(ast) => ast,
            Err(e) => {
                return Some(Err(script_error(
                    &format!("script {name} does not compile"),
                    &e,
                )))
            }
        };
        let defines = |name: &str, params: usize| {
            ast.iter_functions()
                .any(|f| f.name == name && f.params.len() == params)
        };
        if !defines("moves", 1) {
            return None;
        }
        engine
            .register_type_with_name::<SumOption>("Sum")
            .register_fn("sum", SumOption)
            .register_fn("sum", |a: Dynamic, b: Dynamic| SumOption(vec![a, b]))
            .register_fn("sum", |a: Dynamic, b: Dynamic, c: Dynamic| {
                SumOption(vec![a, b, c])
            })
            .register_fn("end", || SumOption(Array::new()));
        let (parts, start, start_at, describe) = (
            defines("parts", 1),
            defines("start", 1),
            defines("start", 2),
            defines("describe", 2),
        );
        let function = ScriptMoves {
            engine,
            ast,
            parts,
            start,
            start_at,
            describe,
        };
        Some(Ok(crate::positions::PositionGame::new(
            crate::positions::PositionRules::new(format!("script {name}"), function),
        )))
    }

    fn call(
        &self,
        label: &str,
        call: &str,
        name: &str,
        args: impl rhai::FuncArgs,
    ) -> Result<Dynamic, GameError> {
        self.engine
            .call_fn(&mut Scope::new(), &self.ast, name, args)
            .map_err(|e| script_error(&format!("{label} failed at {call}"), &e))
    }
}

/// A script's value as a position (`depth`: how deep in tuples it is).
fn term_of(value: Dynamic) -> Result<crate::positions::Term, String> {
    term_at(value, 0)
}

fn term_at(value: Dynamic, depth: usize) -> Result<crate::positions::Term, String> {
    use crate::limits::MAX_TERM_DEPTH;
    use crate::positions::Term;
    if let Ok(n) = value.as_int() {
        return Ok(Term::Int(n));
    }
    if value.is_string() {
        return Ok(Term::text(&value.into_string().unwrap_or_default()));
    }
    if let Ok(c) = value.as_char() {
        return Ok(Term::text(&c.to_string()));
    }
    let type_name = value.type_name();
    match value.try_cast::<Array>() {
        // Arrays a script nests at run time may be deeper than any
        // position: refused before they are read.
        Some(_) if depth >= MAX_TERM_DEPTH => {
            Err(format!("arrays nested more than {MAX_TERM_DEPTH} deep"))
        }
        Some(items) => Ok(Term::tuple(
            items
                .into_iter()
                .map(|item| term_at(item, depth + 1))
                .collect::<Result<_, _>>()?,
        )),
        None => Err(format!(
            "a {type_name}, which is not a position (an integer, a string or an array)"
        )),
    }
}

/// A position as a script sees it: arrays for tuples.
fn dynamic_of(term: &crate::positions::Term) -> Dynamic {
    use crate::positions::Term;
    match term {
        Term::Int(n) => Dynamic::from(*n),
        Term::Str(s) => Dynamic::from(s.to_string()),
        Term::Tuple(items) => Dynamic::from_array(items.iter().map(dynamic_of).collect()),
    }
}

impl crate::positions::MovesFunction for ScriptMoves {
    fn moves(
        &self,
        label: &str,
        position: &crate::positions::Term,
    ) -> Result<Vec<Vec<crate::positions::Term>>, GameError> {
        use crate::positions::refused;
        let call = format!("moves({position})");
        let result = self.call(label, &call, "moves", (dynamic_of(position),))?;
        let options = result.try_cast::<Array>().ok_or_else(|| {
            refused(
                label,
                &call,
                "did not return an array of options (positions, or sum(...))",
            )
        })?;
        options
            .into_iter()
            .map(|option| {
                let components = match option.clone().try_cast::<SumOption>() {
                    Some(SumOption(parts)) => parts,
                    None => vec![option],
                };
                components
                    .into_iter()
                    .map(|c| {
                        term_of(c).map_err(|what| refused(label, &call, format!("returned {what}")))
                    })
                    .collect()
            })
            .collect()
    }

    fn splits(&self) -> bool {
        self.parts
    }

    fn parts(
        &self,
        label: &str,
        position: &crate::positions::Term,
    ) -> Result<Vec<crate::positions::Term>, GameError> {
        use crate::positions::refused;
        let call = format!("parts({position})");
        let result = self.call(label, &call, "parts", (dynamic_of(position),))?;
        let parts = result
            .try_cast::<Array>()
            .ok_or_else(|| refused(label, &call, "did not return an array of positions"))?;
        parts
            .into_iter()
            .map(|p| term_of(p).map_err(|what| refused(label, &call, format!("returned {what}"))))
            .collect()
    }

    fn start(&self, label: &str, n: u64) -> Option<Result<crate::positions::Term, GameError>> {
        if !self.start {
            return None;
        }
        Some(self.start_call(label, &format!("start({n})"), (n as i64,)))
    }

    fn start_at(
        &self,
        label: &str,
        x: u64,
        y: u64,
    ) -> Option<Result<crate::positions::Term, GameError>> {
        if !self.start_at {
            return None;
        }
        Some(self.start_call(label, &format!("start({x}, {y})"), (x as i64, y as i64)))
    }

    fn has_table(&self) -> bool {
        self.start_at
    }

    fn describe(
        &self,
        label: &str,
        from: &crate::positions::Term,
        to: &crate::positions::Term,
    ) -> Option<Result<String, GameError>> {
        if !self.describe {
            return None;
        }
        let call = format!("describe({from}, {to})");
        Some(
            self.call(label, &call, "describe", (dynamic_of(from), dynamic_of(to)))
                .and_then(|words| {
                    words.into_string().map_err(|t| {
                        crate::positions::refused(
                            label,
                            &call,
                            format!("returned a {t}, not a string"),
                        )
                    })
                }),
        )
    }
}

impl ScriptMoves {
    fn start_call(
        &self,
        label: &str,
        call: &str,
        args: impl rhai::FuncArgs,
    ) -> Result<crate::positions::Term, GameError> {
        let result = self.call(label, call, "start", args)?;
        term_of(result)
            .map_err(|what| crate::positions::refused(label, call, format!("returned {what}")))
    }
}

impl SpecForm for MovesScript {
    const FORM: &'static str = "script:FILE.rhai with fn moves(p)";
    const ABOUT: &'static str =
        "a game on any positions (integers, strings, tuples) from a Rhai script's fn moves(p); optional parts(p), start(n) or start(x, y)";
    const EXAMPLE: &'static str = "script:FILE.rhai";
    const PREFIX: Option<&'static str> = Some("script:");
    const READS_FILES: bool = true;
    type Error = GameError;

    fn from_spec(path: &str) -> Option<Result<MovesScript, GameError>> {
        // A script that cannot be read is said by the heap scripts' family.
        let source = std::fs::read_to_string(path).ok()?;
        ScriptMoves::compile(path, &source)
    }
}
