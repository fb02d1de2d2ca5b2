//! The generic memoised solver: the value of any position of any ruleset.
//!
//! Evaluation is iterative (an explicit stack, never recursion), so a game
//! millions of moves deep is fine. Values are memoised per *component*, so
//! the many sums that share a component share its evaluation. A position
//! that can be reached from itself is reported as [`GameError::Cycle`]
//! naming a position on the cycle.

use rustc_hash::FxHashMap;

use crate::error::GameError;
use crate::nimber::{MexSet, Nimber};
use crate::ruleset::{Options, Ruleset};

/// State of a position in the memo.
#[derive(Copy, Clone, Debug)]
enum Slot {
    /// On the evaluation stack: its options are being evaluated.
    InProgress,
    /// Evaluated.
    Done(Nimber),
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

/// A memoised solver for one ruleset.
pub struct Solver<'r, R: Ruleset> {
    rules: &'r R,
    memo: FxHashMap<R::Position, Slot>,
    scratch: Options<R::Position>,
    mex: MexSet,
    // The arena: the options of every frame on the stack, flat.
    arena_components: Vec<R::Position>,
    arena_values: Vec<Nimber>,
    arena_ends: Vec<usize>,
}

impl<'r, R: Ruleset> Solver<'r, R> {
    /// A solver with an empty memo.
    pub fn new(rules: &'r R) -> Self {
        Solver {
            rules,
            memo: FxHashMap::default(),
            scratch: Options::new(),
            mex: MexSet::new(),
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

    fn known(&self, position: &R::Position) -> Option<Result<Nimber, ()>> {
        if let Some(v) = self.rules.known_value(position) {
            return Some(Ok(v));
        }
        match self.memo.get(position) {
            Some(Slot::Done(v)) => Some(Ok(*v)),
            Some(Slot::InProgress) => Some(Err(())),
            None => None,
        }
    }

    /// The value of a sum of positions (the XOR of their values).
    pub fn sum_value(&mut self, positions: &[R::Position]) -> Result<Nimber, GameError> {
        let mut total = Nimber::ZERO;
        for p in positions {
            total ^= self.value(p)?;
        }
        Ok(total)
    }

    /// The Grundy value of `position`.
    pub fn value(&mut self, position: &R::Position) -> Result<Nimber, GameError> {
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
        self.scratch.clear();
        self.rules.options(&position, &mut self.scratch)?;
        let components_start = self.arena_components.len();
        let ends_start = self.arena_ends.len();
        self.arena_components
            .extend_from_slice(self.scratch.components());
        self.arena_ends.extend_from_slice(self.scratch.ends());
        // Values sit beside their components; filled in as they resolve.
        self.arena_values
            .resize(self.arena_components.len(), Nimber::ZERO);
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
    ) -> Result<Nimber, GameError> {
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
            // Every component is known: the value is the mex of the options.
            let frame = stack.pop().expect("stack is not empty inside the loop");
            let ends = &self.arena_ends[frame.ends_start..];
            self.mex.reset(ends.len());
            let values = &self.arena_values[frame.components_start..];
            let mut start = 0;
            for &end in ends {
                let mut option_value = 0u64;
                for v in &values[start..end] {
                    option_value ^= v.value();
                }
                self.mex.insert(option_value);
                start = end;
            }
            let value = self.mex.mex();
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
