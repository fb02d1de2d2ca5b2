//! The far rows of a block: for each heap of the next block, the option
//! values of its splits with a far rare part and of its band, prepared on
//! one core while the other computes the current block.

use crate::sequence::dense::{insert_pairs_into, Narrow};
use crate::sequence::moves::{MoveTable, SplitKind};
use crate::sequence::sparse::{RareList, BLOCK, FAR, GROUP_BYTES};
use crate::sequence::{NimSequence, Values};

/// For each heap of the block `start..start + BLOCK`, the option values of
/// every split whose rare part is one of the rare positions
/// `from..to` of the rare list, and of the band of `band` splits (see
/// [`band_splits`]): a row of `width` byte flags per heap, from the values
/// before `known`.
#[derive(Default)]
pub(crate) struct FarRows {
    pub(crate) start: usize,
    pub(crate) known: usize,
    pub(crate) band: usize,
    pub(crate) from: usize,
    pub(crate) to: usize,
    pub(crate) width: usize,
    pub(crate) flags: Vec<u8>,
    /// The rows hold the options of the block at `start`.
    pub(crate) ready: bool,
    /// Every flag is 0: the block that used the rows cleared each row
    /// once it had copied it (while it was in the cache), so the next
    /// preparation need not. The buffer is kept when the rows are
    /// retired, so this holds until they are filled again.
    pub(crate) zeroed: bool,
}

impl FarRows {
    /// Marks the rows as holding no block's options (keeping the buffer).
    pub(crate) fn retire(&mut self) {
        self.ready = false;
    }

    /// Clears the row of heap n, once it has been used.
    pub(crate) fn clear_row(&mut self, n: usize) {
        if n >= self.start && n < self.start + BLOCK {
            self.flags[(n - self.start) * self.width..][..self.width].fill(0);
        }
    }

    /// `true` when the rows are those of the block starting at `start`.
    pub(crate) fn ready_for(&self, start: usize) -> bool {
        self.ready && self.start == start
    }

    /// The row of heap n, if these rows cover it.
    pub(crate) fn row(&self, n: usize) -> Option<&[u8]> {
        (self.ready && n >= self.start && n < self.start + BLOCK)
            .then(|| &self.flags[(n - self.start) * self.width..][..self.width])
    }

    /// The first split `(a, m - a)` of heap `m` (after taking) the rows
    /// could know: the splits before it have a part in the blocks not yet
    /// stored when the rows were made.
    pub(crate) fn first_known(&self, m: usize) -> usize {
        first_known_split(m, self.known)
    }

    /// The band of heap `m` (after taking): the splits flagged in its row
    /// besides the far ones, the last `band` of those the rows could know.
    pub(crate) fn band_splits(&self, m: usize) -> std::ops::Range<usize> {
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
    pub(crate) fn prepare(
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
                fill_far_splits(rows, width, group_start, moves, far, far_values, g);
                fill_band(rows, width, group_start, moves, g, band);
            });
    }
}

/// Flags, in the rows of the heaps `group_start..` (`width` bytes each),
/// every split with a far rare part: part by part, one contiguous run of
/// values read and one flag stored per heap.
#[inline]
fn fill_far_splits(
    rows: &mut [u8],
    width: usize,
    group_start: usize,
    moves: &MoveTable,
    far: &[usize],
    far_values: &[u64],
    g: &NimSequence,
) {
    let group_end = group_start + rows.len() / width;
    let mut writes = FlagWrites::new(width, rows.len() / width);
    for &(j, kind) in &moves.splits {
        if kind == SplitKind::Equal {
            continue;
        }
        for (&r, &value) in far.iter().zip(far_values) {
            // Heap n splits (after taking j) into r and n - j - r >= 1.
            let first_n = group_start.max(j + r + 1);
            // For `!`, the split into equal parts (at n = j + 2r) is not a
            // move: run on both sides of it.
            let equal_at = j + 2 * r;
            let cut = (kind == SplitKind::Unequal && equal_at >= first_n && equal_at < group_end)
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
                    Values::U8(v) => writes.add(&v[from..][..hi - lo], value, first, rows),
                    Values::U16(v) => writes.add(&v[from..][..hi - lo], value, first, rows),
                    Values::U32(v) => writes.add(&v[from..][..hi - lo], value, first, rows),
                }
            }
        }
    }
    writes.flush(rows);
}

/// Flags, in the rows of the heaps `group_start..`, the band of `band`
/// splits of each (see [`band_splits`]).
#[inline]
fn fill_band(
    rows: &mut [u8],
    width: usize,
    group_start: usize,
    moves: &MoveTable,
    g: &NimSequence,
    band: usize,
) {
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
pub(crate) fn first_known_split(m: usize, known: usize) -> usize {
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
    pub(crate) fn new(width: usize, rows: usize) -> Self {
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
    pub(crate) fn add<T: Narrow>(
        &mut self,
        partners: &[T],
        value: u64,
        first: usize,
        rows: &mut [u8],
    ) {
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
    pub(crate) fn flush(&mut self, rows: &mut [u8]) {
        assert!(rows.len() >= self.row_count * self.width);
        for &position in &self.positions[..self.pending] {
            // SAFETY: every position is below `self.row_count * self.width`
            // (see `add`), hence within `rows`.
            unsafe { *rows.get_unchecked_mut(usize::from(position)) = 1 };
        }
        self.pending = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::sparse::BLOCK;

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
}
