//! The rare/common ("sparse space") engine for take-and-break codes whose
//! moves leave at most two heaps, with or without `!`, `?` or `=`.
//!
//! Under a mask m, a value is *rare* when `popcount(v & m)` is even and
//! *common* otherwise; parity adds under XOR, so a split into two heaps has
//! a common value exactly when one part is rare. With R rare positions,
//! every common option value of heap n is found in O(R) per split digit.
//! Let c be the smallest common value missing from the options: the mex is
//! c unless some rare value below c is missing too. Those rare values are
//! confirmed by scanning the splits, stopping as soon as all are found;
//! only when one is really absent does the scan run to the end (and n is a
//! new rare position). The answer never depends on the mask, which only
//! decides how much is scanned; the mask is chosen from the value
//! histogram (Walsh–Hadamard transform) and re-chosen as n doubles.

use crate::error::GameError;
use crate::heap::code::{Modifier, TakeBreakCode};
use crate::heap::take_break::{check_evaluable, CodeKernel};
use crate::rare::{best_mask, is_rare};
use crate::sequence::dense::{insert_pair_range, insert_pairs_into, Kernel, Narrow, ValueFlags};
use crate::sequence::{NimSequence, Values};

/// Values computed densely before the first choice of mask.
pub const WARM_UP: usize = 1 << 12;

/// Splits the block pass adds for every heap, right after the near ones
/// (the first whose parts both come before the block): two common parts
/// give a rare value, so these confirm most rare candidates before any
/// heap scans on its own.
pub const BAND_PAIRS: usize = 4096;

/// Heaps handled together by the block pass: splits whose rare part is at
/// least this large only involve values from before the block.
pub const BLOCK: usize = 1 << 8;

/// How the heaps of a two-heap split must relate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum SplitKind {
    Any,
    Unequal,
    Equal,
}

/// Sets, for each i, the bit `value ^ partners[i]` in row i of `rows`
/// (rows of `words` words).
#[inline]
fn block_pass<T: Narrow>(partners: &[T], value: u64, words: usize, rows: &mut [u64]) {
    let value = value as usize;
    for (row, partner) in rows.chunks_exact_mut(words).zip(partners) {
        let v = value ^ partner.index();
        row[v / 64] |= 1u64 << (v % 64);
    }
}

/// `true` when the sparse engine can run `code`: finitely many digits,
/// moves leaving at most two heaps, nothing added.
#[must_use]
pub fn sparse_applies(code: &TakeBreakCode) -> bool {
    !code.is_infinite()
        && !code.adds_tokens()
        && !code.has_null_move()
        && code.max_heaps().is_some_and(|k| k <= 2)
}

/// The sparse-space kernel.
pub struct SparseKernel {
    /// j with "take j, leave nothing" (only from a heap of exactly j).
    whole: Vec<usize>,
    /// j with "take j, leave one heap".
    single: Vec<usize>,
    /// j with "take j, leave two heaps".
    splits: Vec<(usize, SplitKind)>,
    /// The dense kernel, used while no sparse space is in use.
    dense: CodeKernel,
    /// Mask fixed by the user, if any.
    fixed_mask: Option<u64>,
    /// Current mask; `None` while no sparse space is in use.
    mask: Option<u64>,
    /// Rare positions (increasing) and their values.
    rare_positions: Vec<usize>,
    rare_values: Vec<u64>,
    next_review: usize,
    /// Bits of the largest value at the last choice of mask: a value with
    /// more bits calls for a new choice soon (the old mask cannot tell the
    /// new high bit apart, and would call most new values rare).
    reviewed_bits: u32,
    seen: ValueFlags,
    candidates: Vec<u64>,
    /// The block pass for heaps `block_start..block_start + BLOCK`: one bit
    /// row of `block_words` words per heap, holding the values of every
    /// split whose rare part is one of `rare_positions[far_from..far_to]`.
    block_start: usize,
    block_words: usize,
    block_rows: Vec<u64>,
    far_from: usize,
    far_to: usize,
    /// Byte flags of each heap of the block: the far rare parts' values and
    /// the band of splits after the near ones.
    band_width: usize,
    band_rows: Vec<u8>,
}

impl SparseKernel {
    /// A kernel for `code`; `mask` fixes the mask instead of choosing it.
    pub fn new(code: &TakeBreakCode, mask: Option<u64>) -> Result<SparseKernel, GameError> {
        check_evaluable(code)?;
        if !sparse_applies(code) {
            return Err(GameError::Rules {
                message: format!(
                    "the sparse engine needs a finite code whose moves leave at most two heaps; {code} is not one (use the dense engine)"
                ),
            });
        }
        let mut kernel = SparseKernel {
            dense: CodeKernel::new(code.clone())?,
            whole: Vec::new(),
            single: Vec::new(),
            splits: Vec::new(),
            fixed_mask: mask,
            mask,
            rare_positions: Vec::new(),
            rare_values: Vec::new(),
            next_review: WARM_UP,
            reviewed_bits: 0,
            seen: ValueFlags::default(),
            candidates: Vec::new(),
            block_start: 0,
            block_words: 0,
            block_rows: Vec::new(),
            far_from: 0,
            far_to: 0,
            band_width: 0,
            band_rows: Vec::new(),
        };
        for j in 0..code.finite_len() {
            let digit = code.digit(j as u64);
            if digit.allows(0) && j > 0 {
                kernel.whole.push(j);
            }
            if digit.allows(1) && j > 0 {
                kernel.single.push(j);
            }
            if digit.allows(2) {
                let kind = match digit.modifier() {
                    Modifier::None => SplitKind::Any,
                    Modifier::Unequal | Modifier::NotAllEqual => SplitKind::Unequal,
                    Modifier::AllEqual => SplitKind::Equal,
                };
                kernel.splits.push((j, kind));
            }
        }
        Ok(kernel)
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
        if mask == self.mask && !self.rare_positions.is_empty() {
            return;
        }
        self.mask = mask;
        self.block_rows.clear();
        self.rare_positions.clear();
        self.rare_values.clear();
        if let Some(mask) = mask {
            for (position, value) in g.iter().enumerate() {
                if is_rare(value, mask) {
                    self.rare_positions.push(position);
                    self.rare_values.push(value);
                }
            }
        }
    }

    /// The block pass for heaps `start..start + BLOCK`: every split with a
    /// rare part r >= BLOCK (known before the block) has its other part
    /// n - j - r before the block too, so for each such r the heaps of the
    /// block read one contiguous run of values. The rare positions are
    /// shared out between the cores; their bit rows are OR-ed together.
    fn prepare_block(&mut self, g: &NimSequence, start: usize) {
        use rayon::prelude::*;
        self.block_start = start;
        let bound = self.dense.value_width().xor_bound() as usize;
        let words = bound.div_ceil(64).max(1);
        self.block_words = words;
        self.far_from = self.rare_positions.partition_point(|&r| r < BLOCK);
        self.far_to = self.rare_positions.len();
        let far = &self.rare_positions[self.far_from..self.far_to];
        let far_values = &self.rare_values[self.far_from..self.far_to];
        let splits = &self.splits;
        let rows_len = BLOCK * words;
        let pass = |rows: &mut Vec<u64>, (&r, &value): (&usize, &u64)| {
            for &(j, kind) in splits {
                if kind == SplitKind::Equal {
                    continue;
                }
                // Heap n splits (after taking j) into r and n - j - r >= 1.
                let first_n = start.max(j + r + 1);
                let skip = (kind == SplitKind::Unequal).then_some(j + 2 * r);
                let end = start + BLOCK;
                // For `!`, the split into two equal parts (at n = j + 2r) is
                // not a move: run the pass on both sides of it.
                let cut = skip.filter(|&n| n >= first_n && n < end);
                let ranges = match cut {
                    Some(n) => [(first_n, n), (n + 1, end)],
                    None => [(first_n, end), (end, end)],
                };
                for (lo, hi) in ranges {
                    if lo >= hi {
                        continue;
                    }
                    // Heaps lo..hi read the values from lo - j - r on.
                    let from = lo - j - r;
                    let rows = &mut rows[(lo - start) * words..];
                    match g.values() {
                        Values::U8(v) => block_pass(&v[from..from + hi - lo], value, words, rows),
                        Values::U16(v) => block_pass(&v[from..from + hi - lo], value, words, rows),
                        Values::U32(v) => block_pass(&v[from..from + hi - lo], value, words, rows),
                    }
                }
            }
        };
        let rows = far
            .par_iter()
            .zip(far_values.par_iter())
            .with_min_len(64)
            .fold(
                || vec![0u64; rows_len],
                |mut rows, pair| {
                    pass(&mut rows, pair);
                    rows
                },
            )
            .reduce(
                || vec![0u64; rows_len],
                |mut a, b| {
                    for (x, y) in a.iter_mut().zip(&b) {
                        *x |= y;
                    }
                    a
                },
            );
        self.block_rows = rows;
        // The band of splits, heap by heap on every core.
        let width = bound + 1;
        self.band_width = width;
        self.band_rows.clear();
        self.band_rows.resize(BLOCK * width, 0);
        let bit_rows = &self.block_rows;
        self.band_rows
            .par_chunks_mut(width)
            .with_min_len(16)
            .enumerate()
            .for_each(|(i, row)| {
                let n = start + i;
                // The far rare parts' bits, spread into this row's flags
                // here on every core rather than heap by heap later.
                for (w, &word) in bit_rows[i * words..(i + 1) * words].iter().enumerate() {
                    let mut rest = word;
                    while rest != 0 {
                        row[w * 64 + rest.trailing_zeros() as usize] = 1;
                        rest &= rest - 1;
                    }
                }
                for &(j, kind) in splits {
                    if kind == SplitKind::Equal || j + 2 > n {
                        continue;
                    }
                    let m = n - j;
                    // The first splits with both parts before the block
                    // (a > m - start): small parts pair with recent values,
                    // which confirms rare values fastest.
                    let lo = (m + 1).saturating_sub(start).max(1);
                    insert_pairs_into(
                        g.values(),
                        m,
                        lo,
                        lo + BAND_PAIRS,
                        kind == SplitKind::Unequal,
                        row,
                    );
                }
            });
    }

    /// `true` when the block pass covers heap n.
    fn in_block(&self, n: usize) -> bool {
        !self.block_rows.is_empty() && n >= self.block_start && n < self.block_start + BLOCK
    }

    fn insert_singles(&mut self, g: &NimSequence, n: usize) {
        for &j in &self.whole {
            if j == n {
                self.seen.insert(0);
            }
        }
        for &j in &self.single {
            if j < n {
                self.seen.insert(g.get(n - j));
            }
        }
    }

    fn sparse_value(&mut self, g: &NimSequence, n: usize, mask: u64) -> u64 {
        self.insert_singles(g, n);
        // Splits with a far rare part, from the block pass.
        let in_block = self.in_block(n);
        let (skip_from, skip_to) = if in_block {
            let band =
                &self.band_rows[(n - self.block_start) * self.band_width..][..self.band_width];
            self.seen.merge(band);
            (self.far_from, self.far_to)
        } else {
            (0, 0)
        };
        // Common values: splits with a rare part.
        for &(j, kind) in &self.splits {
            if j > n {
                continue;
            }
            let m = n - j;
            if m < 2 {
                continue;
            }
            match kind {
                SplitKind::Equal => {
                    if m.is_multiple_of(2) {
                        self.seen.insert(0);
                    }
                }
                SplitKind::Any | SplitKind::Unequal => {
                    let unequal = kind == SplitKind::Unequal;
                    let flags = self.seen.flags_mut();
                    // Parts are at least 1: skip a rare position 0; the
                    // block pass has done the far rare parts.
                    let first = self.rare_positions.partition_point(|&r| r < 1);
                    let count = self.rare_positions.partition_point(|&r| r < m);
                    let near = first..count.min(skip_from);
                    let recent = first.max(skip_to)..count;
                    for i in near.chain(recent) {
                        let (r, value) = (self.rare_positions[i], self.rare_values[i]);
                        let partner = m - r;
                        if unequal && partner == r {
                            continue;
                        }
                        flags[(value ^ g.get(partner)) as usize] = 1;
                    }
                }
            }
        }
        // The smallest missing common value, and the rare values below it
        // that no split with a rare part produced.
        let flags = self.seen.flags_mut();
        let mut smallest_common = flags.len() as u64;
        self.candidates.clear();
        for (v, &flag) in flags.iter().enumerate() {
            let v = v as u64;
            if flag != 0 {
                continue;
            }
            if is_rare(v, mask) {
                self.candidates.push(v);
            } else {
                smallest_common = v;
                break;
            }
        }
        if self.candidates.is_empty() {
            return smallest_common;
        }
        // Confirm the rare candidates by scanning the splits in chunks,
        // stopping once every candidate has turned up.
        const CHUNK: usize = 256;
        'scan: for &(j, kind) in &self.splits {
            if j > n || kind == SplitKind::Equal {
                continue;
            }
            let m = n - j;
            let end = m / 2 + 1;
            // The block pass did the band of splits right after the near
            // ones; scan around it.
            let ranges = if in_block {
                let band = (m + 1).saturating_sub(self.block_start).max(1);
                [(1, band.min(end)), ((band + BAND_PAIRS).min(end), end)]
            } else {
                [(1, end), (end, end)]
            };
            for (mut lo, range_end) in ranges {
                while lo < range_end {
                    let hi = (lo + CHUNK).min(range_end);
                    insert_pair_range(
                        g.values(),
                        m,
                        lo,
                        hi,
                        kind == SplitKind::Unequal,
                        &mut self.seen,
                    );
                    lo = hi;
                    let flags = self.seen.flags_mut();
                    self.candidates.retain(|&v| flags[v as usize] == 0);
                    if self.candidates.is_empty() {
                        break 'scan;
                    }
                }
            }
        }
        self.candidates.first().copied().unwrap_or(smallest_common)
    }
}

impl Kernel for SparseKernel {
    fn restore(&mut self, values: &NimSequence) {
        self.dense.restore(values);
        self.block_rows.clear();
        self.rare_positions.clear();
        self.rare_values.clear();
        if values.len() >= WARM_UP || self.fixed_mask.is_some() {
            self.mask = None;
            self.review(values);
        }
        self.next_review = self.next_review.max(WARM_UP);
    }

    fn rare_count(&self) -> Option<usize> {
        self.mask.map(|_| self.rare_positions.len())
    }

    fn next_value(&mut self, g: &NimSequence) -> Result<u64, GameError> {
        let n = g.len();
        if n >= self.next_review {
            self.review(g);
        }
        if self.mask.is_some() && n >= 2 * BLOCK && n.is_multiple_of(BLOCK) {
            self.prepare_block(g, n);
        } else if self.mask.is_none() {
            self.block_rows.clear();
        }
        let value = match self.mask {
            Some(mask) => {
                self.dense.value_width().reset(&mut self.seen);
                let value = self.sparse_value(g, n, mask);
                self.dense.note_value(value);
                value
            }
            // The dense kernel records the value bound for both.
            None => self.dense.next_value(g)?,
        };
        if self.mask.is_some() && 64 - value.leading_zeros() > self.reviewed_bits {
            // A new high bit: choose the mask again once a few such values exist.
            self.next_review = self.next_review.min(n + 1 + n / 64);
            self.reviewed_bits = 64 - value.leading_zeros();
        }
        if let Some(mask) = self.mask {
            if is_rare(value, mask) {
                self.rare_positions.push(n);
                self.rare_values.push(value);
            }
        }
        Ok(value)
    }
}
