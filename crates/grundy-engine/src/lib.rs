//! The engines of grundy, in a crate of their own so that Cargo enforces
//! the layering: nothing here can name a game family. Families (crate
//! `grundy`) implement [`ruleset::Ruleset`] or plug a
//! [`sequence::dense::Kernel`] into the sequence engines; the engines
//! know a game only through those traits, periodicity only through the
//! [`period::ProofRule`] a family names.
//!
//! * [`nimber`]: nimber arithmetic (the field below 2^64) and the mex.
//! * [`number`]: whole numbers as users write them (`2^16`, `1e6`, `0x10`).
//! * [`factor`]: prime factors and divisors of numbers below 2^64.
//! * [`rare`]: rare and common values (sparse space) and the best mask.
//! * [`error`]: [`GameError`], the typed error of every engine.
//! * [`stop`]: stopping long searches from outside (a deadline, Ctrl-C).
//! * [`convention`]: play conventions (normal, misère) as a type.
//! * [`ruleset`]: the [`ruleset::Ruleset`] trait; an option is a sum of components.
//! * [`grid`]: tables over two coordinates.
//! * [`solver`]: the memoised, iterative evaluator of any ruleset.
//! * [`split_search`]: values of games that fall apart, by outcome searches with a heap and a bounded table.
//! * [`sum`]: value, outcome and every winning move of a sum.
//! * [`loopy`]: games with cycles: Smith's generalised values, draws, remoteness.
//! * [`remoteness`]: how long a game lasts with best play, for sums of any acyclic ruleset.
//! * [`sequence`]: nim-sequences and the engines that compute them.
//! * [`period`]: periodicity detection and the proof rules.
//! * [`saltus`]: proofs of arithmetic periodicity for take-and-break codes (the band test).
//! * [`ruler`]: ruler regularity (Grossman–Nowakowski), an observed pattern of hexadecimal games.
//! * [`misere`]: the misère search over sums of any ruleset, genus, Bouton's rule.
#![deny(missing_docs)]

pub mod compound;
pub mod convention;
pub mod error;
pub mod factor;
pub mod grid;
pub mod loopy;
pub mod misere;
pub mod nimber;
pub mod number;
pub mod period;
pub mod rare;
pub mod remoteness;
pub mod ruler;
pub mod ruleset;
pub mod saltus;
pub mod search_probe;
pub mod sequence;
pub mod solver;
pub mod split_search;
pub mod stop;
pub mod sum;

pub use convention::Convention;
pub use error::GameError;
