//! One heap's value in the sparse engine: its options with a common
//! value, the missing values they leave, and the search that confirms the
//! rare candidates.

use crate::rare::is_rare;
use crate::sequence::dense::{insert_pairs_into, Narrow, ValueFlags, ValueWidth};
use crate::sequence::moves::{MoveTable, SplitKind};
use crate::sequence::pair_search::remove_pair_values;
use crate::sequence::sparse::far_rows::{first_known_split, FarRows};
use crate::sequence::sparse::{RareList, SEARCH_STEP};
use crate::sequence::{NimSequence, Values};

/// The values a heap of a block reads: those stored, then the values of
/// the block computed so far.
struct View<'a, T> {
    stored: &'a [T],
    pending: &'a [u64],
}

impl<T: Narrow> View<'_, T> {
    #[inline(always)]
    pub(crate) fn get(&self, x: usize) -> usize {
        match self.stored.get(x) {
            Some(value) => value.index(),
            None => self.pending[x - self.stored.len()] as usize,
        }
    }
}

/// [`heap_value`] on the stored values in their own width.
pub(crate) fn heap_value_in(
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
pub(crate) struct HeapContext<'a> {
    pub(crate) moves: &'a MoveTable,
    pub(crate) rare: &'a RareList,
    /// Rare positions of the current block, not yet in `rare`.
    pub(crate) block_rare: &'a [(usize, u64)],
    pub(crate) rows: &'a FarRows,
    /// 1 for each common value, as far as known.
    pub(crate) common: &'a [u8],
    pub(crate) mask: u64,
    pub(crate) width: ValueWidth,
}

/// Scratch space reused from heap to heap.
#[derive(Default)]
pub(crate) struct Scratch {
    pub(crate) seen: ValueFlags,
    pub(crate) candidates: Vec<u64>,
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

/// G(n) for `n = view.stored.len() + view.pending.len()`: the options
/// known without searching (see [`flag_known_options`]), the smallest
/// common value they miss with the rare candidates below it, and the
/// search that confirms the candidates.
fn heap_value<T: Narrow>(cx: &HeapContext<'_>, view: &View<'_, T>, scratch: &mut Scratch) -> u64 {
    let Scratch { seen, candidates } = scratch;
    let in_rows = flag_known_options(cx, view, seen);
    // The smallest missing common value, and the rare values below it
    // that no split produced so far.
    let smallest_common = missing_values(seen.flags_mut(), cx.common, cx.mask, candidates);
    confirm_candidates(cx, view, in_rows, candidates);
    candidates.iter().min().copied().unwrap_or(smallest_common)
}

/// Flags in `seen` every option of heap n whose value is known without
/// searching: the heap's far row (splits with a far rare part, and the
/// band), moves leaving nothing or one heap, and the splits with a near or
/// recent rare part or a part not in the rows. Returns whether the heap
/// had a row.
#[inline(always)]
fn flag_known_options<T: Narrow>(
    cx: &HeapContext<'_>,
    view: &View<'_, T>,
    seen: &mut ValueFlags,
) -> bool {
    let n = view.stored.len() + view.pending.len();
    let stored = view.stored.len();
    // The set starts as a copy of the heap's row.
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
    in_rows
}

/// Confirms the rare candidates (only pairs of two rare or two common
/// parts can give them) by searching the splits not flagged yet, removing
/// each candidate found, until none is left; a candidate still there at
/// the end is missing from the options.
#[inline(always)]
fn confirm_candidates<T: Narrow>(
    cx: &HeapContext<'_>,
    view: &View<'_, T>,
    in_rows: bool,
    candidates: &mut Vec<u64>,
) {
    let n = view.stored.len() + view.pending.len();
    let stored = view.stored.len();
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rare::is_rare;

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
