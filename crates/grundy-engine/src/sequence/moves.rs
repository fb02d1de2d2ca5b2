//! A heap game's moves decoded by what they leave, as the engines read
//! them.
//!
//! The families build this table (a take-and-break code decodes its digits
//! and modifiers into it once, `TakeBreakCode::move_table` in the family crate);
//! the engines read only the table, so that they know no family.

/// How the two heaps a split leaves must relate: what a modifier means
/// when exactly two heaps are left (`!` and `?` both ask them to differ).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SplitKind {
    /// Any two heaps.
    Any,
    /// Two different heaps.
    Unequal,
    /// Two equal heaps.
    Equal,
}

/// A game's moves decoded once, by what they leave: the one table that the
/// explicit options' fast paths, the dense kernel's pair loops and the
/// sparse engine all read, instead of each walking a code's digits and
/// mapping modifiers again. Moves leaving three or more heaps are not in
/// it (they go through partitions or XOR-set tables).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveTable {
    /// j with "take j, leave nothing" (from a heap of exactly j; j > 0).
    pub whole: Vec<usize>,
    /// j with "take j, leave one heap" (j > 0).
    pub single: Vec<usize>,
    /// j with "take j, leave two heaps", and how they must relate.
    pub splits: Vec<(usize, SplitKind)>,
}
