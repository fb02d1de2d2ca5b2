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

/// Which numbers of non-empty heaps a move removing j tokens may leave: a
/// code's digit without its modifier (the family's `Digit` holds one), as
/// the engines and the band test read it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct HeapCounts {
    /// Bit k: exactly k heaps may be left (k < 64).
    pub listed: u64,
    /// `Some(k)`: any number of heaps from k on may be left (`{k+}`).
    pub at_least: Option<u32>,
}

impl HeapCounts {
    /// `true` when leaving exactly `k` heaps is allowed.
    #[must_use]
    pub const fn allows(self, k: u64) -> bool {
        let listed = k < 64 && self.listed & (1u64 << k) != 0;
        let open = match self.at_least {
            Some(from) => k >= from as u64,
            None => false,
        };
        listed || open
    }

    /// `true` when no number of heaps is allowed (no move).
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.listed == 0 && self.at_least.is_none()
    }

    /// The largest number of heaps a move may leave, `None` if unbounded.
    #[must_use]
    pub const fn max_heaps(self) -> Option<u64> {
        if self.at_least.is_some() {
            return None;
        }
        if self.listed == 0 {
            Some(0)
        } else {
            Some(63 - self.listed.leading_zeros() as u64)
        }
    }
}
