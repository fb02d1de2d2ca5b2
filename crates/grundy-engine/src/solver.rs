//! The generic memoised solver: the value of any position of any ruleset.
//!
//! Evaluation is iterative (an explicit stack, never recursion), so a game
//! millions of moves deep is fine. Values are memoised per *component*, so
//! the many sums that share a component share its evaluation. A position
//! that can be reached from itself is reported as [`GameError::Cycle`]
//! naming a position on the cycle.
//!
//! The traversal ([`Traversal`]) is apart from what it computes: a
//! [`Valuation`] turns the values of a position's options into the
//! position's value. [`NormalPlay`] (the mex of the XOR of each option's
//! components) is the Sprague–Grundy value, and [`Solver`] is the
//! traversal with it; other play conventions plug in their own valuation.

use std::fmt::Debug;

use rustc_hash::FxHashMap;

use crate::error::GameError;
use crate::nimber::{MexSet, Nimber};
use crate::ruleset::{Options, Ruleset};

/// What a traversal computes: a position's value from its options'.
pub trait Valuation<R: Ruleset> {
    /// The value of a position (a component of a sum).
    type Value: Copy + Debug;

    /// The value of `position` when it is known without search.
    fn known(&self, rules: &R, position: &R::Position) -> Option<Self::Value>;

    /// The value of a position whose options are `ends.len()` sums of
    /// components: option i's components have the values
    /// `values[ends[i - 1]..ends[i]]` (from 0 for the first).
    fn of_options(&mut self, values: &[Self::Value], ends: &[usize]) -> Self::Value;

    /// A value to fill slots not yet known (never read before it is set).
    fn placeholder(&self) -> Self::Value;
}

/// Normal play: a position's value is the mex of its options' values, an
/// option's value the XOR of its components' (Sprague–Grundy).
#[derive(Clone, Debug, Default)]
pub struct NormalPlay {
    mex: MexSet,
}

impl<R: Ruleset> Valuation<R> for NormalPlay {
    type Value = Nimber;

    fn known(&self, rules: &R, position: &R::Position) -> Option<Nimber> {
        rules.known_value(position)
    }

    fn of_options(&mut self, values: &[Nimber], ends: &[usize]) -> Nimber {
        self.mex.reset(ends.len());
        let mut start = 0;
        for &end in ends {
            let mut option_value = 0u64;
            for v in &values[start..end] {
                option_value ^= v.value();
            }
            self.mex.insert(option_value);
            start = end;
        }
        self.mex.mex()
    }

    fn placeholder(&self) -> Nimber {
        Nimber::ZERO
    }
}

/// State of a position in the memo.
#[derive(Copy, Clone, Debug)]
enum Slot<V> {
    /// On the evaluation stack: its options are being evaluated.
    InProgress,
    /// Evaluated.
    Done(V),
}

/// One position being evaluated. Its options live in the solver's arena
/// (which grows and shrinks like the stack itself) from `components_start`
/// and `ends_start` on.
struct Frame<P> {
    position: P,
    components_start: usize,
    ends_start: usize,
    /// Components before this index already have their value in the arena.
    next_component: usize,
}

/// A memoised, iterative traversal of one ruleset computing `V`'s values.
pub struct Traversal<'r, R: Ruleset, V: Valuation<R>> {
    rules: &'r R,
    valuation: V,
    memo: FxHashMap<R::Position, Slot<V::Value>>,
    scratch: Options<R::Position>,
    // The arena: the options of every frame on the stack, flat.
    arena_components: Vec<R::Position>,
    arena_values: Vec<V::Value>,
    arena_ends: Vec<usize>,
}

/// The normal-play solver: Sprague–Grundy values of any ruleset.
pub type Solver<'r, R> = Traversal<'r, R, NormalPlay>;

impl<'r, R: Ruleset> Traversal<'r, R, NormalPlay> {
    /// A normal-play solver with an empty memo.
    pub fn new(rules: &'r R) -> Self {
        Traversal::with_valuation(rules, NormalPlay::default())
    }

    /// The value of a sum of positions (the XOR of their values).
    pub fn sum_value(&mut self, positions: &[R::Position]) -> Result<Nimber, GameError> {
        let mut total = Nimber::ZERO;
        for p in positions {
            total ^= self.value(p)?;
        }
        Ok(total)
    }
}

impl<'r, R: Ruleset, V: Valuation<R>> Traversal<'r, R, V> {
    /// A traversal computing `valuation`'s values, with an empty memo.
    pub fn with_valuation(rules: &'r R, valuation: V) -> Self {
        Traversal {
            rules,
            valuation,
            memo: FxHashMap::default(),
            scratch: Options::new(),
            arena_components: Vec::new(),
            arena_values: Vec::new(),
            arena_ends: Vec::new(),
        }
    }

    /// The ruleset being solved.
    pub fn rules(&self) -> &'r R {
        self.rules
    }

    /// Number of positions memoised so far.
    #[must_use]
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    fn known(&self, position: &R::Position) -> Option<Result<V::Value, ()>> {
        if let Some(v) = self.valuation.known(self.rules, position) {
            return Some(Ok(v));
        }
        match self.memo.get(position) {
            Some(Slot::Done(v)) => Some(Ok(*v)),
            Some(Slot::InProgress) => Some(Err(())),
            None => None,
        }
    }

    /// The value of `position` (its Grundy value, in normal play).
    pub fn value(&mut self, position: &R::Position) -> Result<V::Value, GameError> {
        match self.known(position) {
            Some(Ok(v)) => return Ok(v),
            Some(Err(())) => unreachable!("no evaluation is in progress between calls"),
            None => {}
        }
        let mut stack: Vec<Frame<R::Position>> = Vec::new();
        let result = self.evaluate(position.clone(), &mut stack);
        if result.is_err() {
            // Leave the memo as it was before this call, minus finished work.
            for frame in stack.drain(..) {
                self.memo.remove(&frame.position);
            }
            self.arena_components.clear();
            self.arena_values.clear();
            self.arena_ends.clear();
        }
        result
    }

    fn push_frame(
        &mut self,
        position: R::Position,
        stack: &mut Vec<Frame<R::Position>>,
    ) -> Result<(), GameError> {
        crate::stop::tick()?;
        self.scratch.clear();
        self.rules.options(&position, &mut self.scratch)?;
        let components_start = self.arena_components.len();
        let ends_start = self.arena_ends.len();
        self.arena_components
            .extend_from_slice(self.scratch.components());
        self.arena_ends.extend_from_slice(self.scratch.ends());
        // Values sit beside their components; filled in as they resolve.
        let placeholder = self.valuation.placeholder();
        self.arena_values
            .resize(self.arena_components.len(), placeholder);
        self.memo.insert(position.clone(), Slot::InProgress);
        stack.push(Frame {
            position,
            components_start,
            ends_start,
            next_component: components_start,
        });
        Ok(())
    }

    fn evaluate(
        &mut self,
        root: R::Position,
        stack: &mut Vec<Frame<R::Position>>,
    ) -> Result<V::Value, GameError> {
        self.push_frame(root, stack)?;
        loop {
            let frame = stack
                .last_mut()
                .expect("stack is not empty inside the loop");
            // Resolve the components whose values are already known.
            let mut unresolved = None;
            while frame.next_component < self.arena_components.len() {
                let component = &self.arena_components[frame.next_component];
                match self.known(component) {
                    Some(Ok(v)) => {
                        self.arena_values[frame.next_component] = v;
                        frame.next_component += 1;
                    }
                    Some(Err(())) => {
                        return Err(GameError::Cycle {
                            position: self.rules.format_position(component),
                        })
                    }
                    None => {
                        unresolved = Some(component.clone());
                        break;
                    }
                }
            }
            if let Some(child) = unresolved {
                self.push_frame(child, stack)?;
                continue;
            }
            // Every component is known: the valuation gives the value.
            let frame = stack.pop().expect("stack is not empty inside the loop");
            let value = self.valuation.of_options(
                &self.arena_values[frame.components_start..],
                &self.arena_ends[frame.ends_start..],
            );
            self.arena_components.truncate(frame.components_start);
            self.arena_values.truncate(frame.components_start);
            self.arena_ends.truncate(frame.ends_start);
            self.memo.insert(frame.position, Slot::Done(value));
            match stack.last_mut() {
                None => return Ok(value),
                Some(parent) => {
                    // The child was the parent's first unresolved component.
                    self.arena_values[parent.next_component] = value;
                    parent.next_component += 1;
                }
            }
        }
    }
}
