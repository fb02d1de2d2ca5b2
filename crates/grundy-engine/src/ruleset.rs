//! The ruleset abstraction: what a game is, as far as the engines care.
//!
//! A ruleset lists the options of a position. Every option is a *sum of
//! component positions*: a plain move leads to one component, a heap that
//! splits in two leads to two, a move that removes a whole heap leads to
//! none (the empty sum, value 0). Options are written into a caller-owned
//! [`Options`] buffer so that generating moves never allocates once the
//! buffer has grown.

use std::fmt::Debug;
use std::hash::Hash;

use crate::error::GameError;
use crate::grid::ValueGrid;
use crate::nimber::Nimber;

/// A reusable buffer holding the options of one position, each a list of
/// components, stored flat.
#[derive(Clone, Debug)]
pub struct Options<P> {
    components: Vec<P>,
    /// `ends[i]` is one past the last component of option `i`.
    ends: Vec<usize>,
}

impl<P> Default for Options<P> {
    fn default() -> Self {
        Options {
            components: Vec::new(),
            ends: Vec::new(),
        }
    }
}

impl<P> Options<P> {
    /// An empty buffer.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Removes every option, keeping the allocated space.
    pub fn clear(&mut self) {
        self.components.clear();
        self.ends.clear();
    }

    /// Adds one component to the option being built; finish the option
    /// with [`Options::end_option`].
    #[inline]
    pub fn push_component(&mut self, component: P) {
        self.components.push(component);
    }

    /// The components of the option being built (pushed since the last
    /// option was finished), to reorder them in place before
    /// [`Options::end_option`].
    pub fn pending_mut(&mut self) -> &mut [P] {
        let start = self.ends.last().copied().unwrap_or(0);
        &mut self.components[start..]
    }

    /// Finishes the option being built (possibly with no components).
    #[inline]
    pub fn end_option(&mut self) {
        self.ends.push(self.components.len());
    }

    /// Adds a whole option at once.
    #[inline]
    pub fn push_option<I: IntoIterator<Item = P>>(&mut self, components: I) {
        self.components.extend(components);
        self.end_option();
    }

    /// Number of options.
    #[must_use]
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// `true` when the position has no options (a terminal position).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The components of option `index`.
    #[must_use]
    pub fn get(&self, index: usize) -> &[P] {
        let start = if index == 0 { 0 } else { self.ends[index - 1] };
        &self.components[start..self.ends[index]]
    }

    /// Every option, as a slice of its components.
    pub fn iter(&self) -> impl Iterator<Item = &[P]> + '_ {
        (0..self.len()).map(move |i| self.get(i))
    }

    /// All components of all options, flat.
    #[must_use]
    pub fn components(&self) -> &[P] {
        &self.components
    }

    /// One past the last component of each option, in order.
    #[must_use]
    pub fn ends(&self) -> &[usize] {
        &self.ends
    }
}

/// The rules of an impartial game.
///
/// Only [`Ruleset::options`] is essential; the rest lets engines and user
/// interfaces do better (a closed form for the value, positions read from
/// and printed as text, moves described in the game's own words).
pub trait Ruleset {
    /// A position (a single component of a sum).
    type Position: Clone + Eq + Hash + Debug;

    /// Writes every option of `position` into `out` (which the caller has
    /// cleared). Options may repeat; engines do not care.
    fn options(
        &self,
        position: &Self::Position,
        out: &mut Options<Self::Position>,
    ) -> Result<(), GameError>;

    /// Writes the options of `position` into `out` (cleared by the
    /// caller) one at a time, calling `each` with the buffer and the
    /// index of each option as it is finished; stops listing as soon as
    /// `each` returns `false`, and then returns `Ok(false)` (the buffer
    /// holds the options listed so far). The searches stop listing once
    /// the options already valued settle their question: most positions
    /// a pruned search enters are settled by their first few options, and
    /// listing a board's options is most of the search's work. By default
    /// every option is listed ([`Ruleset::options`]) and then handed over
    /// one by one; rulesets whose options cost much to list override it.
    fn options_until(
        &self,
        position: &Self::Position,
        out: &mut Options<Self::Position>,
        each: &mut dyn FnMut(&Options<Self::Position>, usize) -> bool,
    ) -> Result<bool, GameError> {
        self.options(position, out)?;
        Ok((0..out.len()).all(|i| each(out, i)))
    }

    /// At most how many options `position` has, when that is known
    /// without listing them (Cram: the dominoes that fit): with it a
    /// search knows the value's candidates before the list is complete
    /// ([`Ruleset::options_until`]). `None`: not known cheaply.
    fn option_count_bound(&self, _position: &Self::Position) -> Option<usize> {
        None
    }

    /// The value of `position` when the ruleset knows it without search
    /// (Nim: the heap size). Engines trust it.
    fn known_value(&self, _position: &Self::Position) -> Option<Nimber> {
        None
    }

    /// Whether the ruleset knows, without search, that the value of
    /// `position` is not 0 (a strategy argument that finds a winning move
    /// but not the value: Cram's central domino on a symmetric board).
    /// The searches then never ask whether it is 0. Engines trust it.
    fn known_not_zero(&self, _position: &Self::Position) -> bool {
        false
    }

    /// Writes into `out` the options of `position` that *may* have value
    /// `target` (every option, by default; the caller checks each one).
    /// Rulesets with a closed form override it so that positions with
    /// astronomically many options still get their winning moves (Nim:
    /// the one heap of size `target`).
    fn candidate_options(
        &self,
        position: &Self::Position,
        _target: Nimber,
        out: &mut Options<Self::Position>,
    ) -> Result<(), GameError> {
        self.options(position, out)
    }

    /// Reads a position written by a user.
    fn parse_position(&self, text: &str) -> Result<Self::Position, GameError> {
        Err(GameError::InvalidPosition {
            text: text.to_owned(),
            reason: "this game does not read positions from text".to_owned(),
        })
    }

    /// Prints a position as a user would write it.
    fn format_position(&self, position: &Self::Position) -> String {
        format!("{position:?}")
    }

    /// A position as JSON consumers expect it: its text form by default; a
    /// heap is a number, a box its list of sides.
    fn position_json(&self, position: &Self::Position) -> serde_json::Value {
        serde_json::Value::String(self.format_position(position))
    }

    /// Describes the move from `from` to the option `to`, in words.
    fn describe_move(&self, from: &Self::Position, to: &[Self::Position]) -> String {
        let to: Vec<String> = to.iter().map(|p| self.format_position(p)).collect();
        if to.is_empty() {
            format!("move from {} to the end", self.format_position(from))
        } else {
            format!(
                "move from {} to {}",
                self.format_position(from),
                to.join(" + ")
            )
        }
    }

    /// Every move from `from` that leaves exactly the option `to`, each
    /// described in words, the first being [`Ruleset::describe_move`]'s.
    /// Rulesets whose `options` list one move per class of equivalent
    /// moves (a cut and its mirror images) return the whole class, so that
    /// "every winning move" means every move.
    fn equivalent_moves(&self, from: &Self::Position, to: &[Self::Position]) -> Vec<String> {
        vec![self.describe_move(from, to)]
    }

    /// The class of the move from `from` to `to` under the symmetries of
    /// `from` (moves that a symmetry maps onto one another share a class,
    /// even where they leave differently written options: a cube's cut at
    /// (1, 2, 3) and at (2, 1, 3)), with the group's name; `None` when the
    /// ruleset names no symmetries. Reports list one move per class first,
    /// the others after it.
    fn move_symmetry(
        &self,
        _from: &Self::Position,
        _to: &[Self::Position],
    ) -> Option<MoveSymmetry> {
        None
    }

    /// Every move of `position` in the position's own frame: its squares,
    /// vertices and edges named as the user wrote them, and the position
    /// each move leaves written in that frame too (a board with the
    /// domino placed, a graph keeping its vertex names), beside the
    /// option the engines value (the parts left, each canonical, equal to
    /// the option [`Ruleset::options`] lists for that move). Families
    /// whose options are written in a frame of their own (a search's
    /// canonical board, a transposed diagram, a relabelled graph) return
    /// them, so that reports name, draw and apply every move where the
    /// user sees it; `None` (the default) when each option already is the
    /// position the move leaves (heaps, pairs, rows of coins).
    fn framed_moves(&self, _position: &Self::Position) -> Option<Vec<FramedMove<Self::Position>>> {
        None
    }

    /// About how many moves `position` has, when that is known without
    /// listing them and may be large (a heap with one move per token):
    /// lets a request that lists moves refuse up front rather than after
    /// filling memory with them. `None`: unknown, or few.
    fn move_estimate(&self, _position: &Self::Position) -> Option<u64> {
        None
    }

    /// At least how many distinct positions a search from `position`
    /// meets (a heap of n in a subtraction game reaches every smaller
    /// heap), when that is known without searching and may be large: the
    /// searches over sums refuse up front what cannot fit their memo,
    /// before filling memory. `None`: unknown, or few.
    fn reach_estimate(&self, _position: &Self::Position) -> Option<u64> {
        None
    }

    /// About how many seconds the search of `position` takes on one core,
    /// when the ruleset can tell and it may be long (Cram's boards, from
    /// the measured growth): requests refuse up front what is clearly
    /// beyond reach. `None`: unknown, or quick.
    fn search_seconds(&self, _position: &Self::Position) -> Option<f64> {
        None
    }

    /// Whether positions are best valued by the search for games that
    /// fall apart ([`crate::split_search::SplitSearch`]: outcome searches
    /// with a nim heap, a bounded table) rather than by the plain mex over
    /// every option: boards and graphs, whose positions are too many to
    /// visit them all and whose games are short.
    fn solved_by_search(&self) -> bool {
        false
    }

    /// A measure of how much searching `position` may take (squares left,
    /// vertices): the search values the smaller parts of a sum first.
    fn search_size(&self, _position: &Self::Position) -> u64 {
        0
    }

    /// Position `n` of the family of positions the spec numbers (a board
    /// of size n: `node-kayles:grid:3xN`), for `seq`; `None` when the
    /// spec numbers no positions.
    fn numbered_position(&self, _n: u64) -> Option<Result<Self::Position, GameError>> {
        None
    }

    /// The family's table of values over two coordinates, when it has one
    /// (`grundy table`): pairs such as Wythoff's `(x,y)`.
    fn value_grid(&self) -> Option<&dyn ValueGrid> {
        None
    }

    /// The outcome of the position written `text` and every winning move,
    /// by a theorem of the family, for positions beyond the solver's
    /// reach (Wythoff's P-positions by Fraenkel's formula); `None` when no
    /// theorem covers it.
    fn outcome_by_theorem(
        &self,
        _text: &str,
    ) -> Option<Result<TheoremOutcome<Self::Position>, GameError>> {
        None
    }
}

/// A position's outcome by a theorem, with no nim-value
/// ([`Ruleset::outcome_by_theorem`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TheoremOutcome<P> {
    /// The position.
    pub position: P,
    /// The options the winning moves leave, each zero or more components
    /// (none from a P-position: an N-position has at least one).
    pub winning: Vec<Vec<P>>,
    /// The theorem, in words.
    pub method: String,
}

impl<P> TheoremOutcome<P> {
    /// Whether the player to move loses: no move wins.
    #[must_use]
    pub fn is_p(&self) -> bool {
        self.winning.is_empty()
    }
}

/// A move's class under the symmetries of the position it is made from
/// ([`Ruleset::move_symmetry`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveSymmetry {
    /// Equal for moves that a symmetry maps onto one another, different
    /// otherwise.
    pub class: Vec<u32>,
    /// The group, in words ("the 48 symmetries of the 4x4x4 box").
    pub group: String,
}

/// One move of a position in the position's own frame
/// ([`Ruleset::framed_moves`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FramedMove<P> {
    /// The move in the user's coordinates and names ("domino b1-c1",
    /// "take vertex 5 with its neighbours 4, 6").
    pub name: String,
    /// The position the move leaves, in the same frame: one component,
    /// written by [`Ruleset::format_position`] as text that reads back.
    pub left: P,
    /// The option the engines value: the parts left, each canonical, as
    /// [`Ruleset::options`] lists it for this move.
    pub option: Vec<P>,
}
