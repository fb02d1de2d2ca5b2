//! The rare/common ("sparse space") engine for take-and-break codes whose
//! moves leave at most two heaps, with or without `!`, `?` or `=`.
//!
//! Under a mask m, a value is *rare* when `popcount(v & m)` is even and
//! *common* otherwise; parity adds under XOR, so a split into two heaps has
//! a common value exactly when one part is rare. With R rare positions,
//! every common option value of heap n is found in O(R) per split digit.
//! Let c be the smallest common value missing from the options: the mex is
//! c unless some rare value below c is missing too. Those rare values are
//! confirmed by searching the splits, stopping as soon as all are found;
//! only when one is really absent does the search run to the end (and n is
//! a new rare position). The answer never depends on the mask, which only
//! decides how much is searched; the mask is chosen from the value
//! histogram (Walsh–Hadamard transform) and re-chosen as n doubles.
//!
//! Heaps are computed in blocks of [`BLOCK`]. A split of a heap of the block
//! with a *far* rare part (at least [`FAR`]) pairs it with a value from
//! before the previous block, so those options — most of the O(R) work —
//! are worked out for the next block on one core while the other computes
//! the current block heap by heap.

//!
//! The engine is split by job: this module holds the kernel (the choice of
//! mask, the rare list, the blocks and the two cores); [`far_rows`]
//! prepares a block's far options; [`heap_value`] computes one heap.

mod far_rows;
mod heap_value;

use std::time::Instant;

use crate::error::GameError;
use crate::rare::{best_mask, is_rare};
use crate::sequence::dense::{BoundedKernel, Kernel};
use crate::sequence::moves::MoveTable;
use crate::sequence::NimSequence;

use self::far_rows::FarRows;
use self::heap_value::{heap_value_in, HeapContext, Scratch};

/// Values computed densely before the first choice of mask.
pub const WARM_UP: usize = 1 << 12;

/// Heaps computed together: the options from far rare parts are prepared
/// for a whole block at once.
pub const BLOCK: usize = 1 << 7;

/// Rare parts at least this large are far: for every heap of a block, the
/// other part of such a split comes before the previous block.
pub const FAR: usize = 2 * BLOCK;

/// The band: splits per heap flagged with the far rows, those with the
/// two parts nearest each other (around m / 2, all stored long before).
/// They confirm many rare candidates on the core that prepares the rows,
/// taking that work off the core that computes the block; the middle
/// splits confirm more per split than the ones with a small part
/// (measured on Officers to 2^20: ~9% less work in all than a band of
/// the smallest splits the rows could know). Its width moves by
/// [`BAND_STEP`] after each block, towards equal times on both cores (how
/// many splits that is depends on the game and the machine); it starts at
/// [`BAND_START`] and stays below [`BAND_MAX`].
pub const BAND_START: usize = 1024;
/// See [`BAND_START`].
pub const BAND_STEP: usize = 64;
/// See [`BAND_START`].
pub const BAND_MAX: usize = 8192;

/// Splits searched at one end before turning to the other.
pub(crate) const SEARCH_STEP: usize = 1024;

/// Bytes of flag rows the far pass fills at a time, at least: about the
/// size of the first-level cache. The block's rows are split into equal
/// groups of at least this size (measured on Officers, whose rows are 513
/// bytes: two groups of 64 rows beat four of 32 by ~8% and one of 128 by
/// ~9%; the earlier split into 63 + 63 + 2 rows cost ~6%, since the last
/// group runs the whole loop over the rare parts for two rows).
pub(crate) const GROUP_BYTES: usize = 32 << 10;

/// Rare positions (increasing) and their values.
#[derive(Default)]
pub(crate) struct RareList {
    positions: Vec<usize>,
    values: Vec<u64>,
}

impl RareList {
    fn clear(&mut self) {
        self.positions.clear();
        self.values.clear();
    }

    fn push(&mut self, position: usize, value: u64) {
        self.positions.push(position);
        self.values.push(value);
    }
}

/// The sparse-space kernel, for games whose moves leave at most two heaps
/// (the [`MoveTable`] is all it reads of the game), beside a dense kernel
/// `D` of the same game that computes the values while no sparse space is
/// in use and keeps the value bound for both.
pub struct SparseKernel<D> {
    moves: MoveTable,
    /// The dense kernel, used while no sparse space is in use.
    dense: D,
    /// Mask fixed by the user, if any.
    fixed_mask: Option<u64>,
    /// Current mask; `None` while no sparse space is in use.
    mask: Option<u64>,
    rare: RareList,
    next_review: usize,
    /// Bits of the largest value at the last choice of mask: a value with
    /// more bits calls for a new choice soon (the old mask cannot tell the
    /// new high bit apart, and would call most new values rare).
    reviewed_bits: u32,
    scratch: Scratch,
    /// Far options of the current block, and of the next one once
    /// prepared ahead.
    rows: FarRows,
    next_rows: FarRows,
    /// Values and rare positions of the block being computed.
    pending: Vec<u64>,
    block_rare: Vec<(usize, u64)>,
    /// Width of the band of the rows prepared next.
    band: usize,
    /// 1 for each common value below twice the value bound.
    common: Vec<u8>,
}

impl<D: BoundedKernel + Send> SparseKernel<D> {
    /// A kernel for the game whose moves are `moves` (every move of the
    /// game, each leaving at most two heaps) and whose dense kernel is
    /// `dense`; `mask` fixes the mask instead of choosing it.
    #[must_use]
    pub fn new(moves: MoveTable, dense: D, mask: Option<u64>) -> SparseKernel<D> {
        SparseKernel {
            moves,
            dense,
            fixed_mask: mask,
            mask,
            rare: RareList::default(),
            next_review: WARM_UP,
            reviewed_bits: 0,
            scratch: Scratch::default(),
            rows: FarRows::default(),
            next_rows: FarRows::default(),
            pending: Vec::new(),
            block_rare: Vec::new(),
            band: BAND_START,
            common: Vec::new(),
        }
    }

    /// Chooses the mask from the values so far and rebuilds the rare list.
    fn review(&mut self, g: &NimSequence) {
        let n = g.len();
        self.next_review = n.saturating_mul(2);
        self.reviewed_bits = 64 - self.dense.value_width().max().leading_zeros();
        let mask = match self.fixed_mask {
            Some(mask) => Some(mask),
            // A sparse space pays only when rare positions are a small minority.
            None => best_mask(g.iter())
                .filter(|&(_, rare)| rare * 8 <= n)
                .map(|(m, _)| m),
        };
        if mask == self.mask && !self.rare.positions.is_empty() {
            return;
        }
        self.mask = mask;
        self.common.clear();
        self.rows.retire();
        self.next_rows.retire();
        self.rare.clear();
        if let Some(mask) = mask {
            for (position, value) in g.iter().enumerate() {
                if is_rare(value, mask) {
                    self.rare.push(position, value);
                }
            }
        }
    }

    /// Makes `rows` those of the block at `start`: prepared ahead, or now.
    fn ensure_rows(&mut self, g: &NimSequence, start: usize) {
        if self.rows.ready_for(start) {
            return;
        }
        if self.next_rows.ready_for(start) {
            std::mem::swap(&mut self.rows, &mut self.next_rows);
            self.next_rows.retire();
            return;
        }
        let bound = self.dense.value_width().xor_bound() as usize;
        self.rows
            .prepare(&self.moves, g, start, &self.rare, bound, self.band);
    }

    /// Extends the table of common values to twice the value bound.
    fn update_common(&mut self, mask: u64) {
        let len = 2 * self.dense.value_width().xor_bound() as usize + 8;
        if self.common.len() < len {
            self.common = (0..len as u64)
                .map(|v| u8::from(!is_rare(v, mask)))
                .collect();
        }
    }

    /// Bookkeeping after G(n) = value is known.
    fn record(&mut self, n: usize, value: u64) {
        self.dense.note_value(value);
        if self.mask.is_some() && 64 - value.leading_zeros() > self.reviewed_bits {
            // A new high bit: choose the mask again once a few such values exist.
            self.next_review = self.next_review.min(n + 1 + n / 64);
            self.reviewed_bits = 64 - value.leading_zeros();
        }
    }

    /// Computes the block of heaps `g.len()..g.len() + BLOCK` under `mask`
    /// and stores it, preparing the next block's far rows on the other core
    /// meanwhile.
    fn run_block(&mut self, g: &mut NimSequence, mask: u64) -> Result<(), GameError> {
        let start = g.len();
        self.ensure_rows(g, start);
        let bound = self.dense.value_width().xor_bound() as usize;
        self.update_common(mask);
        let SparseKernel {
            moves,
            rare,
            rows,
            next_rows,
            scratch,
            pending,
            block_rare,
            dense,
            common,
            ..
        } = self;
        pending.clear();
        block_rare.clear();
        let stored: &NimSequence = g;
        let mut width = dense.value_width();
        let band = self.band;
        let (block_time, rows_time) = rayon::join(
            || {
                let clock = Instant::now();
                for n in start..start + BLOCK {
                    let cx = HeapContext {
                        moves,
                        rare,
                        block_rare,
                        rows,
                        common,
                        mask,
                        width,
                    };
                    let value = heap_value_in(&cx, stored, pending, scratch);
                    rows.clear_row(n);
                    width.record(value);
                    pending.push(value);
                    if is_rare(value, mask) {
                        block_rare.push((n, value));
                    }
                }
                // Every row of the block was used and cleared.
                rows.zeroed = rows.ready_for(start);
                rows.retire();
                clock.elapsed()
            },
            || {
                let clock = Instant::now();
                next_rows.prepare(moves, stored, start + BLOCK, rare, bound, band);
                clock.elapsed()
            },
        );
        // Move work towards the core that waited.
        self.band = if block_time > rows_time {
            (band + BAND_STEP).min(BAND_MAX)
        } else {
            band.saturating_sub(BAND_STEP)
        };
        for i in 0..BLOCK {
            let value = self.pending[i];
            g.push(value)?;
            self.record(start + i, value);
        }
        for &(position, value) in &self.block_rare {
            self.rare.push(position, value);
        }
        Ok(())
    }

    /// Computes values one by one until `g` has `target`, in whole blocks
    /// where it can.
    fn extend_blocks(&mut self, g: &mut NimSequence, target: usize) -> Result<(), GameError> {
        while g.len() < target {
            let n = g.len();
            let whole_block = n >= WARM_UP && n.is_multiple_of(BLOCK) && n + BLOCK <= target;
            match self.mask {
                Some(mask) if whole_block && n < self.next_review => self.run_block(g, mask)?,
                _ => {
                    let value = self.next_value(g)?;
                    g.push(value)?;
                }
            }
        }
        Ok(())
    }
}

impl<D: BoundedKernel + Send> Kernel for SparseKernel<D> {
    fn restore(&mut self, values: &NimSequence) {
        self.dense.restore(values);
        self.rows.retire();
        self.next_rows.retire();
        self.rare.clear();
        if values.len() >= WARM_UP || self.fixed_mask.is_some() {
            self.mask = None;
            self.review(values);
        }
        self.next_review = self.next_review.max(WARM_UP);
    }

    fn rare_count(&self) -> Option<usize> {
        self.mask.map(|_| self.rare.positions.len())
    }

    fn extend(&mut self, values: &mut NimSequence, target: usize) -> Result<(), GameError> {
        // In the thread pool, so that each block's join is cheap.
        rayon::scope(|_| self.extend_blocks(values, target))
    }

    fn next_value(&mut self, g: &NimSequence) -> Result<u64, GameError> {
        let n = g.len();
        if n >= self.next_review {
            self.review(g);
        }
        let Some(mask) = self.mask else {
            self.rows.retire();
            self.next_rows.retire();
            // The dense kernel records the value bound for both.
            return self.dense.next_value(g);
        };
        if n >= FAR && n.is_multiple_of(BLOCK) {
            self.ensure_rows(g, n);
        }
        self.update_common(mask);
        let cx = HeapContext {
            moves: &self.moves,
            rare: &self.rare,
            block_rare: &[],
            rows: &self.rows,
            common: &self.common,
            mask,
            width: self.dense.value_width(),
        };
        let value = heap_value_in(&cx, g, &[], &mut self.scratch);
        self.record(n, value);
        if is_rare(value, mask) {
            self.rare.push(n, value);
        }
        Ok(value)
    }
}
