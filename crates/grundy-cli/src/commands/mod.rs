//! One module per command, named after it: its argument struct and its
//! `run`, which asks the library's request layer and prints the report.
//! Commands share `crate::flags`, `crate::compute` and `crate::printer`,
//! and never import each other.

pub mod analyze;
pub mod check;
pub mod completions;
pub mod db;
pub mod eval;
pub mod games;
pub mod genus;
pub mod graph;
pub mod man;
pub mod nimber;
pub mod period;
pub mod play;
pub mod plot;
pub mod quotient;
pub mod seq;
pub mod serve;
pub mod solve;
pub mod table;
pub mod value;
