//! Games a user defines by their moves over positions of any kind: an
//! integer, a string, a tuple (a pair, a grid's rows), written as in Rhai
//! or Python ([`Term`]). The user's function lists the options of a
//! position, each a position or a sum of positions; an optional `parts`
//! splits a position into independent components, so the sum rule applies
//! inside one game; an optional `start(n)` or `start(x, y)` numbers a
//! family of positions for `seq`, `period` and `table`.
//!
//! [`PositionRules`] is the ruleset over such positions (checked,
//! remembered, split); [`PositionGame`] answers each request by the
//! ruleset's engines when the sum reaches no cycle, else by Smith's values
//! over the sums it reaches. The languages are elsewhere: Rhai in
//! [`crate::script`], Python in the Python module; each is a
//! [`MovesFunction`].

mod game;
mod rules;
mod term;

pub use game::PositionGame;
pub use rules::{refused, MovesFunction, PositionRules};
pub use term::{Term, END};
