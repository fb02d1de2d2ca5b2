//! Remoteness of sums in normal play, for any acyclic ruleset.
//!
//! The remoteness of a position (C. A. B. Smith; *Winning Ways*, ch. 12)
//! is how many moves the game lasts when the winner hurries and the loser
//! delays: 0 for a position with no move; for an N-position 1 + the least
//! remoteness of a move to a P-position; for a P-position 1 + the largest
//! remoteness of any move. Unlike the value it is not a function of the
//! components' remotenesses, so sums are searched as wholes: a sum is a
//! multiset of components (ids, sorted), its outcome comes from the XOR of
//! the components' values ([`Solver`]), and only the moves that matter are
//! followed (every move from a P-position, the moves to P-positions from
//! an N-position). Loopy graphs have their own remoteness
//! ([`crate::loopy`]).

use std::hash::Hash;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use crate::error::GameError;
use crate::ruleset::{Options, Ruleset};
use crate::solver::Solver;

/// The most distinct sums one search may memoise.
pub const MAX_SUMS: usize = 2_000_000;

/// The largest heap whose remoteness the command line searches: every
/// option of every heap met is listed, and a heap of n can have about n.
pub const MAX_HEAP: u64 = 4_096;

/// The memo's mark of a sum being searched.
const ON_STACK: u32 = u32::MAX;

/// The options of one component: each a sorted list of component ids,
/// shared so that each visit of a sum does not copy them.
type OptionLists = Rc<[Box<[u32]>]>;

/// The memoised remoteness search over sums of one ruleset's positions.
pub struct RemotenessSearch<'r, R: Ruleset>
where
    R::Position: Hash + Eq,
{
    solver: Solver<'r, R>,
    ids: FxHashMap<R::Position, u32>,
    parts: Vec<R::Position>,
    /// The normal-play value of each component.
    values: Vec<u64>,
    /// The options of each component (sorted ids, components with no move
    /// dropped), computed when first needed.
    options: Vec<Option<OptionLists>>,
    memo: FxHashMap<Box<[u32]>, u32>,
    scratch: Options<R::Position>,
}

impl<'r, R: Ruleset> RemotenessSearch<'r, R>
where
    R::Position: Hash + Eq,
{
    /// A search over sums of positions of `rules`.
    #[must_use]
    pub fn new(rules: &'r R) -> Self {
        RemotenessSearch {
            solver: Solver::new(rules),
            ids: FxHashMap::default(),
            parts: Vec::new(),
            values: Vec::new(),
            options: Vec::new(),
            memo: FxHashMap::default(),
            scratch: Options::new(),
        }
    }

    /// The remoteness of the sum of `positions`.
    pub fn remoteness(&mut self, positions: &[R::Position]) -> Result<u32, GameError> {
        let mut sum = Vec::with_capacity(positions.len());
        for position in positions {
            if let Some(id) = self.id(position)? {
                sum.push(id);
            }
        }
        sum.sort_unstable();
        self.of(&sum)
    }

    /// The id of a component with a move (`None` for one without).
    fn id(&mut self, position: &R::Position) -> Result<Option<u32>, GameError> {
        if let Some(&id) = self.ids.get(position) {
            return Ok(Some(id));
        }
        // Each new component lists its options and is valued: work a
        // deadline must reach (coin rows of 50 coins meet millions).
        crate::stop::tick()?;
        let rules = self.solver.rules();
        if let Some(reach) = rules
            .reach_estimate(position)
            .filter(|&r| r > MAX_SUMS as u64)
        {
            return Err(GameError::Limit {
                what: format!(
                    "the remoteness search from {}, which reaches {} distinct positions,",
                    rules.format_position(position),
                    crate::number::at_least(reach)
                ),
                limit: format!("{MAX_SUMS} sums"),
            });
        }
        self.scratch.clear();
        self.solver.rules().options(position, &mut self.scratch)?;
        if self.scratch.is_empty() {
            return Ok(None);
        }
        let value = self.solver.value(position)?.value();
        let id = self.parts.len() as u32;
        self.ids.insert(position.clone(), id);
        self.parts.push(position.clone());
        self.values.push(value);
        self.options.push(None);
        Ok(Some(id))
    }

    /// The options of component `id` as sorted id lists.
    fn component_options(&mut self, id: u32) -> Result<OptionLists, GameError> {
        if let Some(list) = &self.options[id as usize] {
            return Ok(Rc::clone(list));
        }
        let mut options = Options::new();
        self.solver
            .rules()
            .options(&self.parts[id as usize].clone(), &mut options)?;
        let mut list = Vec::with_capacity(options.len());
        for option in options.iter() {
            let mut ids = Vec::with_capacity(option.len());
            for part in option {
                if let Some(id) = self.id(part)? {
                    ids.push(id);
                }
            }
            ids.sort_unstable();
            list.push(ids.into_boxed_slice());
        }
        let list: OptionLists = list.into();
        self.options[id as usize] = Some(Rc::clone(&list));
        Ok(list)
    }

    fn xor(&self, sum: &[u32]) -> u64 {
        sum.iter().fold(0, |x, &id| x ^ self.values[id as usize])
    }

    /// The remoteness of a sum, by a depth-first search on an explicit
    /// stack (a chain of a million positions is a million frames deep:
    /// recursion would overflow the thread's stack).
    fn of(&mut self, sum: &[u32]) -> Result<u32, GameError> {
        if sum.is_empty() {
            return Ok(0);
        }
        if let Some(&r) = self.memo.get(sum) {
            return self.settled(sum, r);
        }
        let mut stack: Vec<RemotenessFrame> = vec![self.open(sum.into())?];
        let mut after: Vec<u32> = Vec::new();
        loop {
            let frame = stack.last_mut().expect("the stack holds the sum asked for");
            match self.next_option(frame, &mut after)? {
                Some(()) => {
                    // `after` is the next option that counts.
                    if after.is_empty() {
                        frame.fold(0);
                    } else if let Some(&r) = self.memo.get(after.as_slice()) {
                        let r = self.settled(&after, r)?;
                        frame.fold(r);
                    } else {
                        let opened = self.open(after.as_slice().into())?;
                        stack.push(opened);
                    }
                }
                None => {
                    let done = stack.pop().expect("a frame is on the stack");
                    let r = done.best.map_or(0, |b| b + 1);
                    self.memo.insert(done.sum, r);
                    match stack.last_mut() {
                        Some(parent) => parent.fold(r),
                        None => return Ok(r),
                    }
                }
            }
        }
    }

    /// A memoised remoteness, or the error of a sum met again while it is
    /// searched (a cycle: remoteness here is for acyclic games; graphs
    /// with cycles have [`crate::loopy`]'s).
    fn settled(&self, sum: &[u32], r: u32) -> Result<u32, GameError> {
        if r == ON_STACK {
            let shown: Vec<String> = sum
                .iter()
                .map(|&id| {
                    self.solver
                        .rules()
                        .format_position(&self.parts[id as usize])
                })
                .collect();
            return Err(GameError::Cycle {
                position: shown.join(" + "),
            });
        }
        Ok(r)
    }

    /// A frame for a sum not yet memoised, within the limit, marked as
    /// on the stack.
    fn open(&mut self, sum: Box<[u32]>) -> Result<RemotenessFrame, GameError> {
        crate::stop::tick()?;
        if self.memo.len() >= MAX_SUMS {
            return Err(GameError::Limit {
                what: format!(
                    "the remoteness search (it met {} distinct sums)",
                    self.memo.len()
                ),
                limit: format!("{MAX_SUMS} sums"),
            });
        }
        let is_p = self.xor(&sum) == 0;
        self.memo.insert(sum.clone(), ON_STACK);
        Ok(RemotenessFrame {
            sum,
            is_p,
            component: 0,
            options: None,
            next: 0,
            best: None,
        })
    }

    /// Moves `frame` to its next option that counts (every option of a
    /// P-position; the options that are P-positions of an N-position),
    /// written into `after`; `None` when there is none left.
    fn next_option(
        &mut self,
        frame: &mut RemotenessFrame,
        after: &mut Vec<u32>,
    ) -> Result<Option<()>, GameError> {
        let sum = &frame.sum;
        while frame.component < sum.len() {
            let i = frame.component;
            if i > 0 && sum[i] == sum[i - 1] {
                frame.component += 1;
                continue;
            }
            let options = match &frame.options {
                Some(options) => Rc::clone(options),
                None => {
                    let options = self.component_options(sum[i])?;
                    frame.options = Some(Rc::clone(&options));
                    frame.next = 0;
                    options
                }
            };
            while frame.next < options.len() {
                let option = &options[frame.next];
                frame.next += 1;
                after.clear();
                after.extend_from_slice(&sum[..i]);
                after.extend_from_slice(&sum[i + 1..]);
                after.extend_from_slice(option);
                after.sort_unstable();
                // From an N-position only the moves to P-positions count.
                if !frame.is_p && self.xor(after) != 0 {
                    continue;
                }
                return Ok(Some(()));
            }
            frame.component += 1;
            frame.options = None;
        }
        Ok(None)
    }
}

/// One sum on the remoteness search's stack.
struct RemotenessFrame {
    sum: Box<[u32]>,
    is_p: bool,
    /// The component whose options are being followed, and the next of
    /// them.
    component: usize,
    options: Option<OptionLists>,
    next: usize,
    /// The largest (P-position) or least (N-position) remoteness of the
    /// options followed so far.
    best: Option<u32>,
}

impl RemotenessFrame {
    /// Takes in the remoteness of one option that counts.
    fn fold(&mut self, r: u32) {
        self.best = Some(match self.best {
            None => r,
            Some(b) if self.is_p => b.max(r),
            Some(b) => b.min(r),
        });
    }
}
