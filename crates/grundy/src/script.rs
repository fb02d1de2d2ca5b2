//! User-defined rules in Rhai, sandboxed.
//!
//! A script defines `fn options(n)` returning an array of options, each an
//! array of heap sizes: `[]` takes the heap whole, `[a]` leaves one heap,
//! `[a, b]` splits it in two. Scripts run with an operation limit, no file
//! or network access, and bounded arrays and strings; every heap in an
//! option must be smaller than n, or the game could loop.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use rhai::{Array, Dynamic, Engine, Scope, AST};

use crate::error::GameError;
use crate::heap::{Growth, HeapFamily, MoveCount};
use crate::period::ProofRule;
use crate::ruleset::Options;
use crate::sequence::dense::Kernel;
use crate::spec_form::SpecForm;

pub use crate::limits::SCRIPT_OPERATIONS as MAX_OPERATIONS;

pub use crate::sandbox::{sandboxed_engine, script_error};

/// The largest `bound()` of a loopy script: its graph has that many
/// vertices.
pub const MAX_BOUND: u64 = 1 << 20;

/// The sandbox rule for heaps that rules written by users (scripts,
/// Python callables) return as an option of a heap of `n`: not negative,
/// and smaller than `n` (so the game cannot loop), or, for a loopy game,
/// at most its `bound`. The message says what the option did wrong;
/// `how_to_loop` says how these rules would declare a bound.
pub fn checked_option_heap(
    n: u64,
    bound: Option<u64>,
    size: i64,
    how_to_loop: &str,
) -> Result<u64, String> {
    if size < 0 {
        return Err(format!("returned a negative heap {size}"));
    }
    let size = size as u64;
    match bound {
        None if size >= n => Err(format!(
            "returned a heap of {size}, which is not smaller than {n}: the game would loop ({how_to_loop} for a loopy game)"
        )),
        Some(b) if size > b => Err(format!("returned a heap of {size}, beyond bound() = {b}")),
        _ => Ok(size),
    }
}

/// The game graph over the heaps `0..=bound` of loopy rules written by a
/// user, whose `options(n, out)` writes each option as one heap or none
/// (the heap taken whole); `name` identifies the rules in messages.
pub fn bounded_rules_graph(
    name: &str,
    bound: u64,
    mut options: impl FnMut(u64, &mut Options<u64>) -> Result<(), GameError>,
) -> Result<crate::graph::Graph, GameError> {
    if bound > MAX_BOUND {
        return Err(GameError::Limit {
            what: format!("the bound {bound} of {name}"),
            limit: format!("{MAX_BOUND} heaps"),
        });
    }
    let mut followers: Vec<Vec<u32>> = Vec::with_capacity(bound as usize + 1);
    let mut out = Options::new();
    for n in 0..=bound {
        out.clear();
        options(n, &mut out)?;
        let mut list = Vec::with_capacity(out.len());
        for option in out.iter() {
            match option {
                [] => list.push(0),
                [a] => list.push(*a as u32),
                _ => {
                    return Err(GameError::Rules {
                        message: format!(
                            "{name}: options({n}) returned a move to {} heaps; with a bound every option is one heap ([a]) or none ([])",
                            option.len()
                        ),
                    })
                }
            }
        }
        followers.push(list);
    }
    let names = (0..=bound).map(|n| n.to_string()).collect();
    crate::graph::Graph::from_followers(names, &followers).map_err(|e| GameError::Rules {
        message: e.to_string(),
    })
}

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
            .ast
            .iter_functions()
            .any(|f| f.name == "bound" && f.params.is_empty())
        {
            return None;
        }
        Some(BoundedScript::build(script))
    }

    fn build(script: &ScriptRules) -> Result<BoundedScript, GameError> {
        let name = &script.name;
        let bound: Dynamic = script
            .engine
            .call_fn(&mut Scope::new(), &script.ast, "bound", ())
            .map_err(|e| script_error(&format!("script {name} failed at bound()"), &e))?;
        let bound = bound.as_int().map_err(|t| GameError::Rules {
            message: format!("script {name}: bound() returned a {t}, not an integer"),
        })?;
        let bound = u64::try_from(bound)
            .ok()
            .filter(|&b| b <= MAX_BOUND)
            .ok_or_else(|| GameError::Rules {
                message: format!(
                    "script {name}: bound() must be from 0 to {MAX_BOUND}, not {bound}"
                ),
            })?;
        let graph = bounded_rules_graph(&format!("script {name}"), bound, |n, out| {
            script.options_up_to(n, bound, out)
        })?;
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

/// A heap game defined by a script's `options(n)`. Cloning shares the
/// compiled script.
#[derive(Clone)]
pub struct ScriptRules {
    name: String,
    engine: Arc<Engine>,
    ast: Arc<AST>,
}

impl fmt::Debug for ScriptRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptRules")
            .field("name", &self.name)
            .finish()
    }
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
        let mut engine = sandboxed_engine();
        engine.set_max_operations(max_operations);
        let ast = engine
            .compile(source)
            .map_err(|e| script_error(&format!("script {name} does not compile"), &e))?;
        if !ast
            .iter_functions()
            .any(|f| f.name == "options" && f.params.len() == 1)
        {
            return Err(GameError::Rules {
                message: format!("script {name} must define fn options(n)"),
            });
        }
        Ok(ScriptRules {
            name: name.to_owned(),
            engine: Arc::new(engine),
            ast: Arc::new(ast),
        })
    }

    /// Reads and compiles a script file.
    pub fn load(path: &Path) -> Result<ScriptRules, GameError> {
        let source = std::fs::read_to_string(path).map_err(|e| GameError::Rules {
            message: format!("cannot read script {}: {e}", path.display()),
        })?;
        ScriptRules::compile(&path.display().to_string(), &source)
    }

    /// Writes the options of a heap of `n`, checking that each heap left is
    /// smaller than `n` (heaps of 0 vanish).
    pub fn options(&self, n: u64, out: &mut Options<u64>) -> Result<(), GameError> {
        self.checked_options(n, None, out)
    }

    /// The options of a heap of `n` for a loopy script: every heap left at
    /// most `bound` (heaps of 0 vanish).
    fn options_up_to(&self, n: u64, bound: u64, out: &mut Options<u64>) -> Result<(), GameError> {
        self.checked_options(n, Some(bound), out)
    }

    fn checked_options(
        &self,
        n: u64,
        bound: Option<u64>,
        out: &mut Options<u64>,
    ) -> Result<(), GameError> {
        let arg = i64::try_from(n).map_err(|_| GameError::Limit {
            what: format!("the heap {n}"),
            limit: "2^63 for scripts".to_owned(),
        })?;
        let result: Dynamic = self
            .engine
            .call_fn(&mut Scope::new(), &self.ast, "options", (arg,))
            .map_err(|e| {
                script_error(&format!("script {} failed at options({n})", self.name), &e)
            })?;
        let bad = |what: String| GameError::Rules {
            message: format!("script {}: options({n}) {what}", self.name),
        };
        let options = result
            .try_cast::<Array>()
            .ok_or_else(|| bad("did not return an array of options".to_owned()))?;
        for option in options {
            let option = option.try_cast::<Array>().ok_or_else(|| {
                bad("returned an option that is not an array of heap sizes".to_owned())
            })?;
            for part in option {
                let size = part
                    .as_int()
                    .map_err(|t| bad(format!("returned a heap that is a {t}, not an integer")))?;
                let size = checked_option_heap(n, bound, size, "define fn bound()").map_err(bad)?;
                if size > 0 {
                    out.push_component(size);
                }
            }
            out.end_option();
        }
        Ok(())
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

impl HeapFamily for ScriptRules {
    fn options(&self, n: u64, out: &mut Options<u64>) -> Result<(), GameError> {
        ScriptRules::options(self, n, out)
    }

    fn dense_kernel(&self) -> Result<Box<dyn Kernel>, GameError> {
        Ok(Box::new(crate::heap::OptionsKernel::new(Arc::new(
            self.clone(),
        ))))
    }

    fn proof_rule(&self) -> ProofRule {
        ProofRule::Observed("no periodicity theorem covers scripted rules".to_owned())
    }

    /// Unknown: listed below the limit.
    fn move_count(&self) -> MoveCount {
        MoveCount::AboutOnePerToken
    }

    fn growth(&self) -> Option<Growth> {
        Some(Growth {
            low: 1.0,
            high: 3.0,
            what: "the script runs once per heap".to_owned(),
        })
    }
}
