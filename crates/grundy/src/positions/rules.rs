//! The rules of a game defined by its moves: a user's function from a
//! position to its options, checked, split into parts and remembered.

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use rustc_hash::{FxHashMap, FxHashSet};

use super::term::Term;
use crate::error::GameError;
use crate::grid::{Grid, ValueGrid};
use crate::limits::{MAX_TERM_OPTIONS, TERM_CACHE};
use crate::ruleset::{Options, Ruleset};

/// A user's functions over positions, in the language they are written
/// in (Rhai, Python): what each kind of rules has of its own;
/// [`PositionRules`] checks and keeps what they return.
pub trait MovesFunction: Send + Sync + 'static {
    /// The options of `position`, each a list of components: one position
    /// for a plain move, several for a move that leaves a sum, none for a
    /// move that ends this component. `label` names the rules in messages
    /// (see [`refused`]).
    fn moves(&self, label: &str, position: &Term) -> Result<Vec<Vec<Term>>, GameError>;

    /// Whether the rules split positions into independent parts
    /// ([`MovesFunction::parts`]).
    fn splits(&self) -> bool;

    /// The independent parts of `position` (called only when
    /// [`MovesFunction::splits`]).
    fn parts(&self, label: &str, position: &Term) -> Result<Vec<Term>, GameError>;

    /// Position `n` of the family the rules number (`start(n)`), or `None`
    /// when they number none.
    fn start(&self, label: &str, n: u64) -> Option<Result<Term, GameError>>;

    /// The position at `(x, y)` of the family the rules lay out on two
    /// coordinates (`start(x, y)`), or `None`.
    fn start_at(&self, label: &str, x: u64, y: u64) -> Option<Result<Term, GameError>>;

    /// Whether [`MovesFunction::start_at`] is defined.
    fn has_table(&self) -> bool;

    /// The move from `from` to `to` in the rules' own words
    /// (`describe(p, q)`), or `None` when the rules name no moves. `to`
    /// is the position the move leaves, or the tuple of its parts when it
    /// leaves several.
    fn describe(
        &self,
        _label: &str,
        _from: &Term,
        _to: &Term,
    ) -> Option<Result<String, GameError>> {
        None
    }
}

/// A refusal of what the user's function returned: `LABEL: CALL WHAT`
/// (`script pairs.rhai: moves((3,5)) returned a float`).
#[must_use]
pub fn refused(label: &str, call: &str, what: impl fmt::Display) -> GameError {
    GameError::Rules {
        message: format!("{label}: {call} {what}"),
    }
}

/// The options of positions already asked, and the positions known to
/// reach no cycle. Forgotten whole when full.
#[derive(Default)]
struct Memory {
    options: FxHashMap<Term, Arc<Options<Term>>>,
    acyclic: FxHashSet<Term>,
}

/// A game defined by a user's moves over positions of any kind
/// ([`Term`]): a [`Ruleset`], so that every engine applies. Each option
/// is split into the parts the rules say are independent; what the
/// functions return is checked (sizes, counts, parts that split again)
/// and remembered, so a position's moves are asked once. Cloning shares
/// the function and what is remembered.
pub struct PositionRules<F> {
    label: String,
    function: Arc<F>,
    memory: Arc<Mutex<Memory>>,
}

impl<F> Clone for PositionRules<F> {
    fn clone(&self) -> Self {
        PositionRules {
            label: self.label.clone(),
            function: Arc::clone(&self.function),
            memory: Arc::clone(&self.memory),
        }
    }
}

impl<F> fmt::Debug for PositionRules<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PositionRules")
            .field("label", &self.label)
            .finish_non_exhaustive()
    }
}

impl<F: MovesFunction> PositionRules<F> {
    /// The rules of `function`; `label` names them in messages (`script
    /// pairs.rhai`).
    pub fn new(label: String, function: F) -> PositionRules<F> {
        PositionRules {
            label,
            function: Arc::new(function),
            memory: Arc::default(),
        }
    }

    /// How messages name the rules.
    #[must_use]
    pub fn label(&self) -> &str {
        &self.label
    }

    fn memory(&self) -> std::sync::MutexGuard<'_, Memory> {
        // What is remembered is whole after each insertion: a panic
        // elsewhere leaves nothing half-written.
        self.memory.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The options of `position`, asked once.
    pub fn options_of(&self, position: &Term) -> Result<Arc<Options<Term>>, GameError> {
        if let Some(known) = self.memory().options.get(position) {
            return Ok(Arc::clone(known));
        }
        let listed = self.ask(position)?;
        let listed = Arc::new(listed);
        let mut memory = self.memory();
        if memory.options.len() >= TERM_CACHE {
            *memory = Memory::default();
        }
        memory.options.insert(position.clone(), Arc::clone(&listed));
        Ok(listed)
    }

    /// Whether `position` is known to reach no cycle.
    pub(super) fn known_acyclic(&self, position: &Term) -> bool {
        self.memory().acyclic.contains(position)
    }

    /// Remembers that each of `positions` reaches no cycle.
    pub(super) fn remember_acyclic(&self, positions: impl IntoIterator<Item = Term>) {
        let mut memory = self.memory();
        if memory.acyclic.len() >= TERM_CACHE {
            memory.acyclic.clear();
        }
        memory.acyclic.extend(positions);
    }

    fn ask(&self, position: &Term) -> Result<Options<Term>, GameError> {
        let label = &self.label;
        let call = format!("moves({position})");
        let options = self.function.moves(label, position)?;
        if options.len() > MAX_TERM_OPTIONS {
            return Err(refused(
                label,
                &call,
                format!(
                    "returned {} options (at most {MAX_TERM_OPTIONS})",
                    options.len()
                ),
            ));
        }
        let mut out = Options::new();
        for option in options {
            for component in option {
                component
                    .check_size()
                    .map_err(|limit| refused(label, &call, format!("returned {limit}")))?;
                if self.function.splits() {
                    for part in self.parts(&component)? {
                        out.push_component(part);
                    }
                } else {
                    out.push_component(component);
                }
            }
            out.end_option();
        }
        Ok(out)
    }

    /// The parts of `component`, checked to be a partition that does not
    /// split again: each part's own parts are itself.
    fn parts(&self, component: &Term) -> Result<Vec<Term>, GameError> {
        let label = &self.label;
        let parts = self.function.parts(label, component)?;
        if parts.len() == 1 && parts[0] == *component {
            return Ok(parts);
        }
        for part in &parts {
            part.check_size().map_err(|limit| {
                refused(
                    label,
                    &format!("parts({component})"),
                    format!("returned {limit}"),
                )
            })?;
            let again = self.function.parts(label, part)?;
            if again.len() != 1 || again[0] != *part {
                let again: Vec<String> = again.iter().map(Term::to_string).collect();
                return Err(refused(
                    label,
                    &format!("parts({component})"),
                    format!(
                        "returned the part {part}, which parts() splits again (into [{}]): each part must be its own only part",
                        again.join(", ")
                    ),
                ));
            }
        }
        Ok(parts)
    }
}

impl<F: MovesFunction> Ruleset for PositionRules<F> {
    type Position = Term;

    fn options(&self, position: &Term, out: &mut Options<Term>) -> Result<(), GameError> {
        let listed = self.options_of(position)?;
        for option in listed.iter() {
            out.push_option(option.iter().cloned());
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Term, GameError> {
        Term::parse(text)
    }

    fn format_position(&self, position: &Term) -> String {
        position.to_string()
    }

    fn position_json(&self, position: &Term) -> serde_json::Value {
        position.to_json()
    }

    fn describe_move(&self, from: &Term, to: &[Term]) -> String {
        let left = match to {
            [one] => one.clone(),
            parts => Term::tuple(parts.to_vec()),
        };
        // A description the rules give, else (or when it fails) the
        // positions: a move's words never stop a report.
        if let Some(Ok(words)) = self.function.describe(&self.label, from, &left) {
            return words;
        }
        match to {
            [] => format!("move from {from} to the end"),
            _ => {
                let to: Vec<String> = to.iter().map(Term::to_string).collect();
                format!("move from {from} to {}", to.join(" + "))
            }
        }
    }

    fn numbered_position(&self, n: u64) -> Option<Result<Term, GameError>> {
        self.function.start(&self.label, n)
    }

    fn value_grid(&self) -> Option<&dyn ValueGrid> {
        self.function.has_table().then_some(self as &dyn ValueGrid)
    }
}

impl<F: MovesFunction> ValueGrid for PositionRules<F> {
    fn axes(&self) -> [&'static str; 2] {
        ["x", "y"]
    }

    fn table(&self, max: u64) -> Result<Grid, GameError> {
        let mut grid = Grid::square(max)?;
        let mut solver = crate::sum::SumSolver::new(self);
        for x in 0..=max {
            for y in 0..=max {
                let position = self.start_at(x, y)?;
                let value = solver.sum_value(std::slice::from_ref(&position))?.value();
                let value = u32::try_from(value).map_err(|_| GameError::Limit {
                    what: format!("the value {value} at ({x},{y})"),
                    limit: "2^32 - 1 per cell".to_owned(),
                })?;
                grid.set(x as usize, y as usize, value);
            }
        }
        Ok(grid)
    }

    fn cell(&self, x: u64, y: u64) -> String {
        match self.start_at(x, y) {
            Ok(position) => position.to_string(),
            Err(_) => format!("({x},{y})"),
        }
    }
}

impl<F: MovesFunction> PositionRules<F> {
    fn start_at(&self, x: u64, y: u64) -> Result<Term, GameError> {
        self.function
            .start_at(&self.label, x, y)
            .unwrap_or_else(|| {
                Err(GameError::Unsupported {
                    message: format!("{}: defines no start(x, y)", self.label),
                })
            })
    }
}
