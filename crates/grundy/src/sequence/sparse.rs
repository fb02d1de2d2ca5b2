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

use crate::error::GameError;
use crate::rare::{best_mask, is_rare};
use crate::sequence::dense::{
    insert_pairs_into, BoundedKernel, Kernel, Narrow, ValueFlags, ValueWidth,
};
use crate::sequence::moves::{MoveTable, SplitKind};
use crate::sequence::pair_search::remove_pair_values;
use crate::sequence::{NimSequence, Values};
use std::time::Instant;

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
const SEARCH_STEP: usize = 1024;

/// Bytes of flag rows the far pass fills at a time, at least: about the
/// size of the first-level cache. The block's rows are split into equal
/// groups of at least this size (measured on Officers, whose rows are 513
/// bytes: two groups of 64 rows beat four of 32 by ~8% and one of 128 by
/// ~9%; the earlier split into 63 + 63 + 2 rows cost ~6%, since the last
/// group runs the whole loop over the rare parts for two rows).
const GROUP_BYTES: usize = 32 << 10;

/// Rare positions (increasing) and their values.
#[derive(Default)]
struct RareList {
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

/// For each heap of the block `start..start + BLOCK`, the option values of
/// every split whose rare part is one of the rare positions
/// `from..to` of the rare list, and of the band of `band` splits (see
/// [`band_splits`]): a row of `width` byte flags per heap, from the values
/// before `known`.
#[derive(Default)]
struct FarRows {
    start: usize,
    known: usize,
    band: usize,
    from: usize,
    to: usize,
    width: usize,
    flags: Vec<u8>,
    /// The rows hold the options of the block at `start`.
    ready: bool,
    /// Every flag is 0: the block that used the rows cleared each row
    /// once it had copied it (while it was in the cache), so the next
    /// preparation need not. The buffer is kept when the rows are
    /// retired, so this holds until they are filled again.
    zeroed: bool,
}

impl FarRows {
    /// Marks the rows as holding no block's options (keeping the buffer).
    fn retire(&mut self) {
        self.ready = false;
    }

    /// Clears the row of heap n, once it has been used.
    fn clear_row(&mut self, n: usize) {
        if n >= self.start && n < self.start + BLOCK {
            self.flags[(n - self.start) * self.width..][..self.width].fill(0);
        }
    }

    /// `true` when the rows are those of the block starting at `start`.
    fn ready_for(&self, start: usize) -> bool {
        self.ready && self.start == start
    }

    /// The row of heap n, if these rows cover it.
    fn row(&self, n: usize) -> Option<&[u8]> {
        (self.ready && n >= self.start && n < self.start + BLOCK)
            .then(|| &self.flags[(n - self.start) * self.width..][..self.width])
    }

    /// The first split `(a, m - a)` of heap `m` (after taking) the rows
    /// could know: the splits before it have a part in the blocks not yet
    /// stored when the rows were made.
    fn first_known(&self, m: usize) -> usize {
        first_known_split(m, self.known)
    }

    /// The band of heap `m` (after taking): the splits flagged in its row
    /// besides the far ones, the last `band` of those the rows could know.
    fn band_splits(&self, m: usize) -> std::ops::Range<usize> {
        band_splits(m, self.known, self.band)
    }

    /// Fills the rows of the block at `start` from the far rare positions
    /// of `rare` and the band of `band` splits, from the values stored in
    /// `g`, which must reach `start - BLOCK`; `bound` exceeds every XOR of
    /// them. The heaps go
    /// in groups whose rows stay in the first-level cache while every far
    /// rare part is applied: per part, a group reads one contiguous run of
    /// values and stores one flag per heap. Groups are shared out between
    /// the cores, with nothing to combine afterwards.
    fn prepare(
        &mut self,
        moves: &MoveTable,
        g: &NimSequence,
        start: usize,
        rare: &RareList,
        bound: usize,
        band: usize,
    ) {
        use rayon::prelude::*;
        let to = rare.positions.len();
        let from = rare.positions[..to].partition_point(|&r| r < FAR);
        let far = &rare.positions[from..to];
        let far_values = &rare.values[from..to];
        let width = bound + 1;
        let zeroed = self.zeroed;
        *self = FarRows {
            start,
            known: g.len(),
            band,
            from,
            to,
            width,
            flags: std::mem::take(&mut self.flags),
            ready: true,
            zeroed: false,
        };
        // Unless already zero (then any new part is zero too), cleared
        // group by group below, on the core that fills the group (and
        // while it is in the cache).
        self.flags.resize(BLOCK * width, 0);
        // Groups of (nearly) equal size, see GROUP_BYTES.
        let groups = ((BLOCK * width) / GROUP_BYTES).clamp(1, BLOCK / 8);
        let group = BLOCK.div_ceil(groups);
        self.flags
            .par_chunks_mut(group * width)
            .enumerate()
            .for_each(|(k, rows)| {
                if !zeroed {
                    rows.fill(0);
                }
                let group_start = start + k * group;
                let group_end = group_start + rows.len() / width;
                let mut writes = FlagWrites::new(width, rows.len() / width);
                for &(j, kind) in &moves.splits {
                    if kind == SplitKind::Equal {
                        continue;
                    }
                    for (&r, &value) in far.iter().zip(far_values) {
                        // Heap n splits (after taking j) into r and n - j - r >= 1.
                        let first_n = group_start.max(j + r + 1);
                        // For `!`, the split into equal parts (at n = j + 2r)
                        // is not a move: run on both sides of it.
                        let equal_at = j + 2 * r;
                        let cut = (kind == SplitKind::Unequal
                            && equal_at >= first_n
                            && equal_at < group_end)
                            .then_some(equal_at);
                        let ranges = match cut {
                            Some(n) => [(first_n, n), (n + 1, group_end)],
                            None => [(first_n, group_end), (group_end, group_end)],
                        };
                        for (lo, hi) in ranges {
                            if lo >= hi {
                                continue;
                            }
                            // Heaps lo..hi read the values from lo - j - r on.
                            let from = lo - j - r;
                            let first = lo - group_start;
                            match g.values() {
                                Values::U8(v) => {
                                    writes.add(&v[from..][..hi - lo], value, first, rows)
                                }
                                Values::U16(v) => {
                                    writes.add(&v[from..][..hi - lo], value, first, rows)
                                }
                                Values::U32(v) => {
                                    writes.add(&v[from..][..hi - lo], value, first, rows)
                                }
                            }
                        }
                    }
                }
                writes.flush(rows);
                for (i, row) in rows.chunks_mut(width).enumerate() {
                    let n = group_start + i;
                    for &(j, kind) in &moves.splits {
                        if kind == SplitKind::Equal || j + 2 > n {
                            continue;
                        }
                        let m = n - j;
                        let splits = band_splits(m, g.len(), band);
                        let unequal = kind == SplitKind::Unequal;
                        insert_pairs_into(g.values(), m, splits.start, splits.end, unequal, row);
                    }
                }
            });
    }
}

/// The `band` splits `(a, m - a)` of heap `m` (after taking) with the
/// largest smaller parts, among those whose parts are both among the first
/// `known` values.
fn band_splits(m: usize, known: usize, band: usize) -> std::ops::Range<usize> {
    let lo = first_known_split(m, known);
    let hi = (m / 2 + 1).max(lo);
    hi.saturating_sub(band).max(lo)..hi
}

/// The first split `(a, m - a)` of heap `m` (after taking) whose parts are
/// both among the first `known` values.
fn first_known_split(m: usize, known: usize) -> usize {
    (m + 1).saturating_sub(known).max(1)
}

/// Flag positions [`FlagWrites`] works out before writing any: at least
/// one part's (a group has at most [`BLOCK`] rows).
const WRITE_BATCH: usize = BLOCK;

/// The far pass's flags for a group of rows, written in batches: the
/// positions of a part's flags are worked out together (a loop the
/// compiler vectorises), then written one by one with those of the next
/// part or so. Measured on Officers' rows, this takes ~20% less time than
/// working out each position as it is written (a batch of 128 positions
/// beat 256 and 512 by ~3%); the writes themselves bound the speed.
struct FlagWrites {
    width: usize,
    row_count: usize,
    /// Where each row starts, when every flag position fits in a u16.
    row_starts: Option<[u16; BLOCK]>,
    /// Positions to write, the first `pending` of them filled.
    positions: [u16; WRITE_BATCH],
    pending: usize,
}

impl FlagWrites {
    /// Batches for `rows` rows (at most [`BLOCK`]) of `width` bytes.
    fn new(width: usize, rows: usize) -> Self {
        let fits = rows <= BLOCK && rows * width <= 1 << 16;
        let row_starts = fits.then(|| std::array::from_fn(|i| (i * width).min(0xffff) as u16));
        FlagWrites {
            width,
            row_count: rows,
            row_starts,
            positions: [0; WRITE_BATCH],
            pending: 0,
        }
    }

    /// Flags `value ^ partners[i]` in row `first + i` of `rows`.
    #[inline]
    fn add<T: Narrow>(&mut self, partners: &[T], value: u64, first: usize, rows: &mut [u8]) {
        let value = value as usize;
        // Clamped so that a flag never leaves its row.
        let last = self.width - 1;
        // The batch works in u16: partners, value and rows must fit.
        let narrow = T::BYTES <= 2 && value <= 0xffff;
        if narrow
            && self.row_starts.is_some()
            && self.pending + partners.len() > self.positions.len()
        {
            self.flush(rows);
        }
        let (Some(row_starts), true) = (&self.row_starts, narrow) else {
            let rows = &mut rows[first * self.width..];
            for (row, partner) in rows.chunks_exact_mut(self.width).zip(partners) {
                row[(value ^ partner.index()).min(last)] = 1;
            }
            return;
        };
        let positions = &mut self.positions[self.pending..][..partners.len()];
        // Each position is below `self.row_count * self.width`.
        let row_starts = &row_starts[..self.row_count][first..][..partners.len()];
        let (value, last) = (value as u16, last as u16);
        for ((position, &row), partner) in positions.iter_mut().zip(row_starts).zip(partners) {
            *position = row + (value ^ partner.index() as u16).min(last);
        }
        self.pending += partners.len();
    }

    /// Writes the flags not yet written.
    fn flush(&mut self, rows: &mut [u8]) {
        assert!(rows.len() >= self.row_count * self.width);
        for &position in &self.positions[..self.pending] {
            // SAFETY: every position is below `self.row_count * self.width`
            // (see `add`), hence within `rows`.
            unsafe { *rows.get_unchecked_mut(usize::from(position)) = 1 };
        }
        self.pending = 0;
    }
}

/// The values a heap of a block reads: those stored, then the values of
/// the block computed so far.
struct View<'a, T> {
    stored: &'a [T],
    pending: &'a [u64],
}

impl<T: Narrow> View<'_, T> {
    #[inline(always)]
    fn get(&self, x: usize) -> usize {
        match self.stored.get(x) {
            Some(value) => value.index(),
            None => self.pending[x - self.stored.len()] as usize,
        }
    }
}

/// [`heap_value`] on the stored values in their own width.
fn heap_value_in(
    cx: &HeapContext<'_>,
    g: &NimSequence,
    pending: &[u64],
    scratch: &mut Scratch,
) -> u64 {
    match g.values() {
        Values::U8(stored) => heap_value(cx, &View { stored, pending }, scratch),
        Values::U16(stored) => heap_value(cx, &View { stored, pending }, scratch),
        Values::U32(stored) => heap_value(cx, &View { stored, pending }, scratch),
    }
}

/// What one heap's computation reads besides the values.
struct HeapContext<'a> {
    moves: &'a MoveTable,
    rare: &'a RareList,
    /// Rare positions of the current block, not yet in `rare`.
    block_rare: &'a [(usize, u64)],
    rows: &'a FarRows,
    /// 1 for each common value, as far as known.
    common: &'a [u8],
    mask: u64,
    width: ValueWidth,
}

/// Scratch space reused from heap to heap.
#[derive(Default)]
struct Scratch {
    seen: ValueFlags,
    candidates: Vec<u64>,
}

/// One in the low bit of each byte of a word.
const LOW_BITS: u64 = 0x0101_0101_0101_0101;

/// The smallest common value missing from `flags` (one byte per value, 0
/// or 1), with the rare values below it that are missing too in
/// `candidates`. `common` holds 1 for each common value (it may be
/// shorter than `flags`); eight flags are read at a time.
fn missing_values(flags: &[u8], common: &[u8], mask: u64, candidates: &mut Vec<u64>) -> u64 {
    candidates.clear();
    let words = flags.len().min(common.len()) / 8;
    for (k, (f, c)) in flags
        .chunks_exact(8)
        .zip(common.chunks_exact(8))
        .take(words)
        .enumerate()
    {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(f);
        let missing = !u64::from_le_bytes(bytes) & LOW_BITS;
        bytes.copy_from_slice(c);
        let common = u64::from_le_bytes(bytes);
        let common_missing = missing & common;
        let mut rare_missing = missing & !common;
        let end = (common_missing != 0).then(|| common_missing.trailing_zeros() / 8);
        if let Some(t) = end {
            rare_missing &= (1u64 << (8 * t)) - 1;
        }
        while rare_missing != 0 {
            candidates.push((8 * k) as u64 + u64::from(rare_missing.trailing_zeros() / 8));
            rare_missing &= rare_missing - 1;
        }
        if let Some(t) = end {
            return (8 * k) as u64 + u64::from(t);
        }
    }
    for (v, &flag) in flags.iter().enumerate().skip(8 * words) {
        let v = v as u64;
        if flag != 0 {
            continue;
        }
        if is_rare(v, mask) {
            candidates.push(v);
        } else {
            return v;
        }
    }
    flags.len() as u64
}

/// G(n) for `n = view.stored.len() + view.pending.len()`.
fn heap_value<T: Narrow>(cx: &HeapContext<'_>, view: &View<'_, T>, scratch: &mut Scratch) -> u64 {
    let n = view.stored.len() + view.pending.len();
    let stored = view.stored.len();
    let Scratch { seen, candidates } = scratch;
    // Splits with a far rare part, and the band, from the rows: the set
    // starts as a copy of the heap's row.
    let row = cx.rows.row(n);
    let bound = cx.width.xor_bound() as usize;
    match row {
        Some(row) => seen.reset_from(bound, row),
        None => seen.reset(bound),
    }
    let in_rows = row.is_some();
    let (skip_from, skip_to) = match row {
        Some(_) => (cx.rows.from, cx.rows.to),
        None => (0, 0),
    };
    for &j in &cx.moves.whole {
        if j == n {
            seen.insert(0);
        }
    }
    for &j in &cx.moves.single {
        if j < n {
            seen.insert(view.get(n - j) as u64);
        }
    }
    let positions = &cx.rare.positions;
    for &(j, kind) in &cx.moves.splits {
        if j > n || n - j < 2 {
            continue;
        }
        let m = n - j;
        if kind == SplitKind::Equal {
            if m.is_multiple_of(2) {
                seen.insert(0);
            }
            continue;
        }
        let unequal = kind == SplitKind::Unequal;
        let flags = seen.flags_mut();
        // Common values: splits with a near or recent rare part (parts are
        // at least 1, so not a rare position 0).
        let first = positions.partition_point(|&r| r < 1);
        let count = positions.partition_point(|&r| r < m);
        let near = first..count.min(skip_from);
        let recent = first.max(skip_to)..count;
        for i in near.chain(recent) {
            let (r, value) = (positions[i], cx.rare.values[i]);
            let partner = m - r;
            if !(unequal && partner == r) {
                flags[value as usize ^ view.get(partner)] = 1;
            }
        }
        for &(r, value) in cx.block_rare {
            if r < m && !(unequal && m - r == r) {
                flags[value as usize ^ view.get(m - r)] = 1;
            }
        }
        // Splits whose larger part is in the block (at most BLOCK of them):
        // flagged here, since the search below reads stored values only.
        for a in 1..=(m.saturating_sub(stored)).min(m / 2) {
            if !(unequal && 2 * a == m) {
                flags[view.get(a) ^ view.get(m - a)] = 1;
            }
        }
        // The splits whose larger part is in the previous block (stored
        // now but not when the rows were made): flagged too, which leaves
        // fewer candidates to search for (measured: cheaper than
        // searching them).
        if in_rows {
            let lo = first_known_split(m, stored);
            let known = cx.rows.first_known(m);
            insert_pairs_into(T::values(view.stored), m, lo, known, unequal, flags);
        }
    }
    // The smallest missing common value, and the rare values below it
    // that no split produced so far.
    let smallest_common = missing_values(seen.flags_mut(), cx.common, cx.mask, candidates);
    // Confirm the rare candidates (only pairs of two rare or two common
    // parts can give them) by searching the splits not flagged yet until
    // every candidate has turned up; a candidate still missing at the end
    // is the mex.
    for &(j, kind) in &cx.moves.splits {
        if candidates.is_empty() {
            break;
        }
        if j > n || kind == SplitKind::Equal {
            continue;
        }
        let m = n - j;
        let unequal = kind == SplitKind::Unequal;
        let values = T::values(view.stored);
        let (mut low, mut high) = if in_rows {
            (cx.rows.first_known(m), cx.rows.band_splits(m).start)
        } else {
            (first_known_split(m, stored), m / 2 + 1)
        };
        // From both ends of the splits left (those between the ones the
        // rows could not know and the band), in turn: the smallest parts
        // pair old values with recent ones, the middle ones pair values
        // from around m / 2, and a value rare at one end is often frequent
        // at the other (measured on Officers to 2^20: a quarter fewer
        // runs searched than from the smallest parts up, ~3% less time).
        while !candidates.is_empty() && low < high {
            let to = (low + SEARCH_STEP).min(high);
            remove_pair_values(values, m, low, to, unequal, candidates);
            low = to;
            if candidates.is_empty() || low >= high {
                break;
            }
            let from = high.saturating_sub(SEARCH_STEP).max(low);
            remove_pair_values(values, m, from, high, unequal, candidates);
            high = from;
        }
    }
    candidates.iter().min().copied().unwrap_or(smallest_common)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_writes_agree_with_plain_writes() {
        let mut next = crate::sequence::test_numbers(0x2545_f491_4f6c_dd1du64);
        // Narrow rows take the batched path; rows of 9000 bytes (values up
        // to 8191) do not fit u16 positions and take the plain loop.
        for width in [17usize, 257, 513, 9000] {
            for _ in 0..50 {
                let rows = 1 + (next() % BLOCK as u64) as usize;
                let range = (width as u64 - 1).min(u64::from(u16::MAX)) / 2 + 1;
                let mut flags = vec![0u8; rows * width];
                let mut want = vec![0u8; rows * width];
                let mut writes = FlagWrites::new(width, rows);
                for _ in 0..(next() % 40) {
                    let first = (next() % rows as u64) as usize;
                    let count = (next() % (rows - first) as u64) as usize + 1;
                    let value = next() % range;
                    let partners: Vec<u16> = (0..count).map(|_| (next() % range) as u16).collect();
                    writes.add(&partners, value, first, &mut flags);
                    for (i, &p) in partners.iter().enumerate() {
                        want[(first + i) * width + (value as usize ^ usize::from(p))] = 1;
                    }
                }
                writes.flush(&mut flags);
                assert_eq!(flags, want, "width {width}, {rows} rows");
            }
        }
    }

    #[test]
    fn missing_values_agree_with_a_plain_scan() {
        let mut next = crate::sequence::test_numbers(0x9e37_79b9_7f4a_7c15u64);
        for _ in 0..2000 {
            let len = 1 + (next() % 300) as usize;
            let mask = next() % 512;
            // Mostly set flags, as after the splits with rare parts.
            let flags: Vec<u8> = (0..len)
                .map(|_| u8::from(!next().is_multiple_of(8)))
                .collect();
            let common_len = (next() % 320) as usize;
            let common: Vec<u8> = (0..common_len as u64)
                .map(|v| u8::from(!is_rare(v, mask)))
                .collect();
            let mut expected = Vec::new();
            let mut expected_common = len as u64;
            for (v, &flag) in flags.iter().enumerate() {
                if flag == 0 {
                    if is_rare(v as u64, mask) {
                        expected.push(v as u64);
                    } else {
                        expected_common = v as u64;
                        break;
                    }
                }
            }
            let mut candidates = vec![7];
            let smallest = missing_values(&flags, &common, mask, &mut candidates);
            assert_eq!(
                (smallest, candidates),
                (expected_common, expected),
                "mask {mask:#x}"
            );
        }
    }
}
