//! Rules written by users (a Rhai script, a Python callable) around their
//! one function from a heap to its options: the sandbox checks of what it
//! returns, the messages that say what was wrong, and the heap family.

use std::fmt;
use std::sync::Arc;

use crate::error::GameError;
use crate::heap::{Growth, HeapFamily, MoveCount, OptionsKernel};
use crate::period::ProofRule;
use crate::ruleset::Options;
use crate::sequence::dense::Kernel;

/// The largest bound of loopy rules written by a user (a script's
/// `bound()`): their graph has that many vertices.
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

/// A user's function from a heap to its options, in the language it is
/// written in: what each kind of user rules has of its own. [`UserRules`]
/// does the rest.
pub trait OptionsFunction: Send + Sync + 'static {
    /// How these rules declare a bound, said when an option is not
    /// smaller than its heap (`"define fn bound()"`).
    const HOW_TO_LOOP: &'static str;

    /// Why no periodicity theorem covers these rules.
    const NO_THEOREM: &'static str;

    /// Calls the function for a heap of `n` and hands what it returned to
    /// `out`, heap by heap ([`OptionsOut::heap`]), each option closed by
    /// [`OptionsOut::end_option`]; what is not a list of options of heap
    /// sizes is refused with [`OptionsOut::refused`].
    fn call(&self, n: u64, out: &mut OptionsOut<'_>) -> Result<(), GameError>;

    /// What the work of G(0..N) grows with, in words; `label` names the
    /// rules as messages do.
    fn growth_in_words(&self, label: &str) -> String;
}

/// Where an [`OptionsFunction`] writes the options of one heap: each heap
/// checked by the sandbox rule ([`checked_option_heap`]), each refusal
/// worded `LABEL: options(N) WHAT`.
pub struct OptionsOut<'a> {
    label: &'a str,
    n: u64,
    bound: Option<u64>,
    how_to_loop: &'static str,
    out: &'a mut Options<u64>,
}

impl OptionsOut<'_> {
    /// How messages name the rules (`script rules.rhai`).
    #[must_use]
    pub fn label(&self) -> &str {
        self.label
    }

    /// The refusal of what the function returned for this heap: `what`
    /// says what it did wrong (`did not return a list of options`).
    pub fn refused(&self, what: impl fmt::Display) -> GameError {
        GameError::Rules {
            message: format!("{}: options({}) {what}", self.label, self.n),
        }
    }

    /// Adds a heap of `size` to the option being written, checked by the
    /// sandbox rule; heaps of 0 vanish.
    pub fn heap(&mut self, size: i64) -> Result<(), GameError> {
        let size = checked_option_heap(self.n, self.bound, size, self.how_to_loop)
            .map_err(|what| self.refused(what))?;
        if size > 0 {
            self.out.push_component(size);
        }
        Ok(())
    }

    /// Finishes the option being written.
    pub fn end_option(&mut self) {
        self.out.end_option();
    }
}

/// A heap game whose options a user's function lists: the function under
/// the sandbox checks, as a [`HeapFamily`]. Cloning shares the function.
pub struct UserRules<F> {
    label: String,
    function: Arc<F>,
}

impl<F> Clone for UserRules<F> {
    fn clone(&self) -> UserRules<F> {
        UserRules {
            label: self.label.clone(),
            function: Arc::clone(&self.function),
        }
    }
}

impl<F> fmt::Debug for UserRules<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UserRules")
            .field("label", &self.label)
            .finish()
    }
}

impl<F: OptionsFunction> UserRules<F> {
    /// The rules of `function`, named `label` in messages.
    pub fn new(label: impl Into<String>, function: F) -> UserRules<F> {
        UserRules {
            label: label.into(),
            function: Arc::new(function),
        }
    }

    /// How messages name the rules.
    #[must_use]
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The user's function.
    #[must_use]
    pub fn function(&self) -> &F {
        &self.function
    }

    /// Writes the options of a heap of `n`, checking that each heap left is
    /// smaller than `n` (heaps of 0 vanish).
    pub fn options(&self, n: u64, out: &mut Options<u64>) -> Result<(), GameError> {
        self.options_within(n, None, out)
    }

    /// Writes the options of a heap of `n`, each heap checked by the
    /// sandbox rule (`bound`: the loopy rule, every heap at most `bound`).
    pub fn options_within(
        &self,
        n: u64,
        bound: Option<u64>,
        out: &mut Options<u64>,
    ) -> Result<(), GameError> {
        self.function.call(
            n,
            &mut OptionsOut {
                label: &self.label,
                n,
                bound,
                how_to_loop: F::HOW_TO_LOOP,
                out,
            },
        )
    }

    /// The game graph over the heaps `0..=bound` of these rules as a loopy
    /// game ([`bounded_rules_graph`]).
    pub fn loopy_graph(&self, bound: u64) -> Result<crate::graph::Graph, GameError> {
        bounded_rules_graph(&self.label, bound, |n, out| {
            self.options_within(n, Some(bound), out)
        })
    }
}

impl<F: OptionsFunction> HeapFamily for UserRules<F> {
    fn options(&self, n: u64, out: &mut Options<u64>) -> Result<(), GameError> {
        UserRules::options(self, n, out)
    }

    fn dense_kernel(&self) -> Result<Box<dyn Kernel>, GameError> {
        Ok(Box::new(OptionsKernel::new(Arc::new(self.clone()))))
    }

    fn proof_rule(&self) -> ProofRule {
        ProofRule::Observed(F::NO_THEOREM.to_owned())
    }

    /// Unknown: listed below the limit.
    fn move_count(&self) -> MoveCount {
        MoveCount::AboutOnePerToken
    }

    fn growth(&self) -> Option<Growth> {
        Some(Growth {
            low: 1.0,
            high: 3.0,
            what: self.function.growth_in_words(&self.label),
        })
    }
}
