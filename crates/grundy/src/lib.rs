//! grundy: Sprague–Grundy theory made practical.
//!
//! An impartial game is a graph of positions in which both players have the
//! same moves and the player who cannot move loses. Every position has a
//! Grundy value ([`Nimber`]); a sum of games has the XOR of the values.
//!
//! The engines (nimbers, sequences, periods, the solver, sums, loopy
//! values, remoteness, the misère search) are the crate `grundy-engine`,
//! re-exported here under the same paths; this crate holds the families,
//! the registry of specs and the request layer ([`api`]).
//!
//! * [`api`]: the request layer: one function per request, under every face.
//! * [`convention`]: play conventions (normal, misère) as a type.
//! * [`cost`]: up-front costs of requests for values: refusals, announcements, memory.
//! * [`factor`]: prime factors and divisors of numbers below 2^64.
//! * [`nimber`]: nimber arithmetic and the mex.
//! * [`number`]: whole numbers as users write them (`2^16`, `1e6`, `0x10`).
//! * [`ruleset`]: the [`Ruleset`] trait; an option is a sum of components.
//! * [`solver`]: the memoised, iterative evaluator of any ruleset.
//! * [`sum`]: value, outcome and every winning move of a sum.
//! * [`evaluate`]: evaluating sums of any game (the type-erased [`evaluate::SumEvaluator`]) and the reports built from it.
//! * [`evaluator`]: the evaluator of sums of any spec, with the values it needs.
//! * [`limits`]: the one table of defaults and limits of requests, for every face.
//! * [`loopy`]: games with cycles: Smith's generalised values, draws, remoteness.
//! * [`remoteness`]: how long a game lasts with best play, for sums of any acyclic ruleset.
//! * [`misere`]: misère play (the last mover loses): values, genus, outcomes of sums, quotients.
//! * [`game`]: what a spec names, by the kind of its positions.
//! * [`graph`]: explicit game graphs read from text.
//! * [`cut`]: cutting games in any dimension (the cuboid game).
//! * [`heap`]: heap games: take-and-break codes, subtraction, splitting.
//! * [`sequence`]: nim-sequences and the engines that compute them.
//! * [`period`]: periodicity detection and proofs.
//! * [`formula`]: conjectured formulas for G(n) and their check.
//! * [`rare`]: rare and common values (sparse space) and the best mask.
//! * [`ruler`]: ruler regularity, an observed pattern of hexadecimal games (Grossman–Nowakowski).
//! * [`report`]: typed reports of every command, rendered as text or JSON.
//! * [`sandbox`]: the Rhai sandbox of scripts and formulas.
//! * [`script`]: user-defined rules in sandboxed Rhai.
//! * [`spec`]: game specs, one string to a game.
//! * [`user_rules`]: rules written by users (scripts, Python callables): the checks of their options.
//! * [`stop`]: stopping long searches from outside (a deadline, Ctrl-C).
//! * [`family`]: how a family of games is named by specs.
//! * [`wythoff`]: Wythoff's game and its generalisation, positions `(x,y)`.
#![deny(missing_docs)]

// The engines, from their own crate (which cannot name a family), under
// the paths they always had.
pub use grundy_engine::{
    compound, convention, error, factor, grid, loopy, misere, nimber, number, period, rare,
    remoteness, ruler, ruleset, saltus, search_probe, sequence, solver, split_search, stop, sum,
};

pub mod api;
pub mod applicable;
pub mod budget;
pub mod cost;
pub mod families;
pub mod formula;
pub mod game;
pub mod graph;
pub mod heap;
pub mod inputs;
pub mod limits;
pub mod positions;
pub mod report;
pub mod sandbox;
pub mod script;
pub mod spec;
pub mod spec_form;
pub mod sum_evaluator;
pub mod test_hooks;
pub mod user_rules;

// Each family under its own name, as before the families had a folder.
pub use families::{
    acrostic, chomp, cram, cut, hackenbush, mem, tartan, turning, vertex_kayles, windup, wythoff,
};

pub use convention::Convention;
pub use error::GameError;
pub use graph::{Graph, GraphError};
pub use heap::code::TakeBreakCode;
pub use heap::{HeapGame, HeapRuleset};
pub use nimber::{mex, nim_mul_recursive, MexSet, Nimber};
pub use ruleset::{Options, Ruleset};
pub use solver::Solver;
pub use sum::{analyze_sum, value_and_outcome, Outcome, SumAnalysis, WinningMove};
