//! The search solver for games whose positions fall apart (boards,
//! graphs): a position's value without visiting every position below it,
//! with a transposition table of bounded size.
//!
//! Why not the plain memoised mex ([`crate::solver::Solver`])? The mex needs the
//! value of *every* option, so it visits every position below the root.
//! Here the questions are narrower, and most of the tree is never seen:
//!
//! * **Aspiration** (at the top, [`SplitSearch::value`]): is the value 0?
//!   1? ... Value r is ruled out by one option of value r, and an option
//!   whose value comes back on the way is not asked again; the first r no
//!   option has is the value.
//! * **Values within a requested set** (Beling and Rogalski, *On pruning
//!   search trees of impartial games*, Artificial Intelligence 283, 2020):
//!   an option is asked only for the values that can still matter, and
//!   answers "not in the set" as soon as that is certain (see
//!   `SplitSearch::in_set` for the bookkeeping and why it is sound).
//! * **Heap by heap** ([`SearchMethod::HeapByHeap`], Lemoine and Viennot's
//!   method, as in the Sprouts solver Glop): the value is the least k for
//!   which the position plus a heap of k is a P-position, each an outcome
//!   search; kept as the second method and cross-check.
//!
//! Sums are handled as sums: pairs of equal parts cancel (G + G = 0), parts
//! with known values fold into the question, smaller unknown parts are
//! valued first (each a smaller search), and the largest is asked the
//! question translated by what was folded. Options whose parts are all
//! known are settled by one XOR before any search, repeated options
//! (different moves leaving the same parts) count once, and a value is at
//! most the number of options.
//!
//! The table keeps, per part, its value (and, for the heap-by-heap method,
//! values it is known not to have). It grows with the data up to a bound
//! in bytes; at the bound an entry replaces the one of its probe whose
//! search cost least (the log of the positions it visited), so the costly
//! results are the ones kept. Losing an entry costs time, never
//! correctness: anything missing is searched again.
//!
//! A search may keep its solved parts in a file ([`SplitSearch::with_cache`]):
//! each part whose search visited at least [`CACHED_FROM_COST`]'s worth of
//! positions is appended (its value, its cost and the position as the
//! ruleset writes it) and the file is flushed every few seconds, so a
//! search killed at any point (even by `kill -9`) loses at most those
//! seconds; the next search on the same game reads the file back into its
//! table and starts from the parts already solved.
//!
//! The search recurses (one level per move, and one per part valued on
//! the way), so it is for games of bounded length, such as boards and
//! graphs: [`MAX_DEPTH`] bounds the depth with an error, not a crash. The
//! plain [`crate::solver::Solver`] stays the cross-check (the tests compare them

mod cache_file;
mod facts;
mod heap_by_heap;
mod memory;
mod pruned;
mod search;
mod sums;
mod table;

pub use cache_file::{cache_header, cache_line, CACHED_FROM_COST, CACHE_FLUSH_EVERY};
pub use memory::{
    default_table_bytes, physical_memory, DEFAULT_TABLE_BYTES, MAX_DEFAULT_TABLE_BYTES,
};
pub use search::{SearchMethod, SearchStats, SplitSearch, MAX_DEPTH};
