//! Cutting games in any dimension: the cuboid game and its relatives.
//!
//! A move cuts out one unit cell (a_1, …, a_d) of an x_1 × … × x_d box; the
//! box falls apart into the 2^d boxes with sides (a_i or x_i − 1 − a_i)
//! (boxes with a zero side vanish). In one dimension a strip loses a cell
//! and splits in two; in three, a cuboid falls into eight.
//!
//! [`CutGame`] is the ruleset (for sums, winning cuts and the generic
//! solver); [`CutTable`] is the table engine. The engine uses what the game
//! gives: values do not depend on the order of the sides (only boxes with
//! sorted sides are computed, then copied to every permutation); cells at
//! a and x − 1 − a leave the same boxes (only half of each side is cut);
//! for a fixed cut in the first d − 1 sides, the 2^(d−1) rows along the
//! last side combine into one row H, and the cut at c is `H[c] ^ H[z−1−c]`;
//! and every box with smallest side x depends only on boxes with a
//! smaller smallest side, so each such layer is computed in parallel.
//!
//! Cells are 0-based in code; in a move's words they are numbered from 1
//! along each side, as coin places are, so the corner is cell (1, 1, 1).
//! Winning cuts are grouped by the box's whole symmetry group (a
//! reflection of each side and the permutations of equal sides,
//! [`symmetry_class`]).

use std::fmt;

use rayon::prelude::*;

use crate::error::GameError;
use crate::nimber::Nimber;
use crate::ruleset::{MoveSymmetry, Options, Ruleset};
use crate::spec_form::SpecForm;

/// The largest dimension supported.
pub const MAX_DIM: usize = 4;

/// Largest table the engine builds, in entries.
pub const MAX_TABLE_ENTRIES: u64 = 1 << 31;

/// A box: `dim` sides (unused sides are 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cuboid {
    sides: [u32; MAX_DIM],
    dim: u8,
}

impl Cuboid {
    /// A box with these sides (1 to [`MAX_DIM`] of them).
    pub fn new(sides: &[u32]) -> Result<Cuboid, GameError> {
        if sides.is_empty() || sides.len() > MAX_DIM {
            return Err(GameError::InvalidPosition {
                text: format!("{sides:?}"),
                reason: format!("a box has 1 to {MAX_DIM} sides"),
            });
        }
        let mut all = [0u32; MAX_DIM];
        all[..sides.len()].copy_from_slice(sides);
        Ok(Cuboid {
            sides: all,
            dim: sides.len() as u8,
        })
    }

    /// The sides.
    #[must_use]
    pub fn sides(&self) -> &[u32] {
        &self.sides[..self.dim as usize]
    }

    /// `true` when a side is 0 (the box has no cells).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.sides().contains(&0)
    }

    /// The same box with its sides in increasing order.
    #[must_use]
    pub fn sorted(&self) -> Cuboid {
        let mut copy = *self;
        copy.sides[..self.dim as usize].sort_unstable();
        copy
    }
}

impl fmt::Display for Cuboid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.sides().iter().map(u32::to_string).collect();
        f.write_str(&parts.join("x"))
    }
}

/// The boxes left by cutting `cell` out of `cuboid` (empty ones dropped),
/// written into `out` as one option.
fn push_cut(cuboid: &Cuboid, cell: &[u32], out: &mut Options<Cuboid>) {
    let dim = cuboid.dim as usize;
    for choice in 0..(1u32 << dim) {
        let mut sides = [0u32; MAX_DIM];
        for i in 0..dim {
            let a = cell[i];
            sides[i] = if choice >> i & 1 == 0 {
                a
            } else {
                cuboid.sides[i] - 1 - a
            };
        }
        let piece = Cuboid {
            sides,
            dim: cuboid.dim,
        };
        if !piece.is_empty() {
            out.push_component(piece);
        }
    }
    out.end_option();
}

/// Calls `visit` with every cell of `cuboid` whose coordinates are in the
/// lower half of each side (a <= x - 1 - a): the other cells leave the same
/// boxes.
fn for_each_half_cell(cuboid: &Cuboid, mut visit: impl FnMut(&[u32])) {
    let dim = cuboid.dim as usize;
    if cuboid.is_empty() {
        return;
    }
    let halves: Vec<u32> = cuboid.sides().iter().map(|&x| x.div_ceil(2)).collect();
    let mut cell = vec![0u32; dim];
    loop {
        visit(&cell);
        let mut i = 0;
        loop {
            if i == dim {
                return;
            }
            cell[i] += 1;
            if cell[i] < halves[i] {
                break;
            }
            cell[i] = 0;
            i += 1;
        }
    }
}

/// The cutting game in `dim` dimensions, optionally backed by a table.
#[derive(Clone, Debug)]
pub struct CutGame {
    dim: usize,
    table: Option<CutTable>,
}

impl SpecForm for CutGame {
    const FORM: &'static str = "cut:D";
    const ABOUT: &'static str =
        "cut a unit cell out of a D-dimensional box (D = 1..4); the 2^D corner boxes remain";
    const EXAMPLE: &'static str = "cut:3";
    const PREFIX: Option<&'static str> = Some("cut:");
    type Error = GameError;

    fn from_spec(dim: &str) -> Option<Result<CutGame, GameError>> {
        Some(
            dim.trim()
                .parse::<usize>()
                .map_err(|_| GameError::Rules {
                    message: format!("'{dim}' is not a dimension (cut:1 to cut:4)"),
                })
                .and_then(CutGame::new),
        )
    }
}

impl CutGame {
    /// The game in `dim` dimensions (1 to [`MAX_DIM`]).
    pub fn new(dim: usize) -> Result<CutGame, GameError> {
        if !(1..=MAX_DIM).contains(&dim) {
            return Err(GameError::Rules {
                message: format!("the dimension {dim} is not supported: cut:1 to cut:{MAX_DIM}"),
            });
        }
        Ok(CutGame { dim, table: None })
    }

    /// The dimension.
    #[must_use]
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// The same game with values of all boxes in `table` known.
    #[must_use]
    pub fn with_table(mut self, table: CutTable) -> CutGame {
        self.table = Some(table);
        self
    }

    /// The cell whose cut turns `from` into the boxes `to`, if any (the
    /// one in the lower half of every side; [`mirror_cells`] gives the
    /// others). Only cells whose coordinates are sides of the pieces (or 0)
    /// can leave those pieces, so only those are tried: a few per side,
    /// not every cell of the box.
    #[must_use]
    pub fn find_cut(&self, from: &Cuboid, to: &[Cuboid]) -> Option<Vec<u32>> {
        let dim = from.dim as usize;
        if from.is_empty() || to.iter().any(|piece| piece.dim != from.dim) {
            return None;
        }
        let mut wanted = to.to_vec();
        wanted.sort_unstable();
        let candidates: Vec<Vec<u32>> = (0..dim)
            .map(|i| {
                let side = from.sides[i];
                let mut options: Vec<u32> = std::iter::once(0)
                    .chain(to.iter().map(|piece| piece.sides[i]))
                    .flat_map(|s| [s, side.saturating_sub(1).saturating_sub(s)])
                    .filter(|&a| a < side.div_ceil(2))
                    .collect();
                options.sort_unstable();
                options.dedup();
                options
            })
            .collect();
        let mut options = Options::new();
        let mut cell = vec![0u32; dim];
        let mut choice = vec![0usize; dim];
        if candidates.iter().any(Vec::is_empty) {
            return None;
        }
        loop {
            for i in 0..dim {
                cell[i] = candidates[i][choice[i]];
            }
            options.clear();
            push_cut(from, &cell, &mut options);
            let mut pieces = options.get(0).to_vec();
            pieces.sort_unstable();
            if pieces == wanted {
                return Some(cell);
            }
            let mut i = 0;
            loop {
                if i == dim {
                    return None;
                }
                choice[i] += 1;
                if choice[i] < candidates[i].len() {
                    break;
                }
                choice[i] = 0;
                i += 1;
            }
        }
    }
}

impl Ruleset for CutGame {
    type Position = Cuboid;

    fn options(&self, cuboid: &Cuboid, out: &mut Options<Cuboid>) -> Result<(), GameError> {
        if cuboid.dim as usize != self.dim {
            return Err(GameError::InvalidPosition {
                text: cuboid.to_string(),
                reason: format!("cut:{} boxes have {} sides", self.dim, self.dim),
            });
        }
        for_each_half_cell(cuboid, |cell| push_cut(cuboid, cell, out));
        Ok(())
    }

    fn known_value(&self, cuboid: &Cuboid) -> Option<Nimber> {
        if cuboid.is_empty() {
            return Some(Nimber::ZERO);
        }
        self.table.as_ref()?.value(cuboid).map(Nimber::new)
    }

    fn parse_position(&self, text: &str) -> Result<Cuboid, GameError> {
        let invalid = |reason: String| GameError::InvalidPosition {
            text: text.to_owned(),
            reason,
        };
        let sides = text
            .split(['x', 'X', '×'])
            .map(|s| {
                let side = crate::number::parse_u64(s)
                    .map_err(|e| invalid(format!("a side is a whole number: {e}")))?;
                u32::try_from(side)
                    .map_err(|_| invalid(format!("the side {side} is larger than 2^32 - 1")))
            })
            .collect::<Result<Vec<u32>, _>>()?;
        if sides.len() != self.dim {
            return Err(invalid(format!(
                "cut:{} boxes have {} sides, written like {}",
                self.dim,
                self.dim,
                vec!["4"; self.dim].join("x")
            )));
        }
        Cuboid::new(&sides)
    }

    fn format_position(&self, cuboid: &Cuboid) -> String {
        cuboid.to_string()
    }

    fn position_json(&self, cuboid: &Cuboid) -> serde_json::Value {
        serde_json::Value::from(cuboid.sides())
    }

    fn describe_move(&self, from: &Cuboid, to: &[Cuboid]) -> String {
        let cell = self.find_cut(from, to);
        describe_cut(from, to, cell.as_deref())
    }

    fn equivalent_moves(&self, from: &Cuboid, to: &[Cuboid]) -> Vec<String> {
        let Some(cell) = self.find_cut(from, to) else {
            return vec![describe_cut(from, to, None)];
        };
        mirror_cells(from, &cell)
            .iter()
            .map(|mirror| describe_cut(from, to, Some(mirror)))
            .collect()
    }

    fn move_estimate(&self, cuboid: &Cuboid) -> Option<u64> {
        // One option per cell in the lower half of each side.
        Some(
            cuboid
                .sides()
                .iter()
                .fold(1u64, |n, &x| n.saturating_mul(u64::from(x.div_ceil(2)))),
        )
    }

    fn reach_estimate(&self, cuboid: &Cuboid) -> Option<u64> {
        self.move_estimate(cuboid)
    }

    fn move_symmetry(&self, from: &Cuboid, to: &[Cuboid]) -> Option<MoveSymmetry> {
        let cell = self.find_cut(from, to)?;
        Some(MoveSymmetry {
            class: symmetry_class(from, &cell),
            group: symmetry_group(from),
        })
    }
}

/// The class of the cut at `cell` (0-based) under the symmetries of
/// `cuboid`: each coordinate folded onto the lower half of its side
/// (reflections), then the coordinates along equal sides sorted
/// (permutations of equal sides). Two cuts share a class exactly when a
/// symmetry of the box maps one onto the other.
#[must_use]
pub fn symmetry_class(cuboid: &Cuboid, cell: &[u32]) -> Vec<u32> {
    let mut pairs: Vec<(u32, u32)> = cuboid
        .sides()
        .iter()
        .zip(cell)
        .map(|(&side, &a)| (side, a.min(side.saturating_sub(1).saturating_sub(a))))
        .collect();
    pairs.sort_unstable();
    pairs.into_iter().flat_map(|(side, a)| [side, a]).collect()
}

/// The symmetry group of a box in words: a reflection of each side and
/// every permutation of equal sides, 2^d · Π(m!) in all for sides of
/// multiplicities m.
#[must_use]
pub fn symmetry_group(cuboid: &Cuboid) -> String {
    let mut sides = cuboid.sides().to_vec();
    sides.sort_unstable();
    let mut order: u64 = 1 << sides.len();
    let mut run = 1u64;
    for i in 1..sides.len() {
        if sides[i] == sides[i - 1] {
            run += 1;
            order *= run;
        } else {
            run = 1;
        }
    }
    let kinds = if order == 1 << sides.len() {
        "reflections of its sides"
    } else {
        "reflections of its sides, permutations of its equal sides"
    };
    format!("the {order} symmetries of the {cuboid} box ({kinds})")
}

fn describe_cut(from: &Cuboid, to: &[Cuboid], cell: Option<&[u32]>) -> String {
    // Cells are numbered from 1 on each side, as coin places are.
    let cell = match cell {
        Some(cell) => {
            let parts: Vec<String> = cell.iter().map(|a| (a + 1).to_string()).collect();
            format!("({})", parts.join(", "))
        }
        None => "?".to_owned(),
    };
    if to.is_empty() {
        format!("cut cell {cell} of {from}, leaving nothing")
    } else {
        let pieces: Vec<String> = to.iter().map(Cuboid::to_string).collect();
        format!("cut cell {cell} of {from}, leaving {}", pieces.join(", "))
    }
}

/// The cell and its distinct mirror images (reflecting any set of sides):
/// every one of them leaves the same boxes. The cell itself comes first.
#[must_use]
pub fn mirror_cells(cuboid: &Cuboid, cell: &[u32]) -> Vec<Vec<u32>> {
    let dim = cuboid.dim as usize;
    let mut cells: Vec<Vec<u32>> = Vec::with_capacity(1 << dim);
    for choice in 0..(1u32 << dim) {
        let mirror: Vec<u32> = (0..dim)
            .map(|i| {
                if choice >> i & 1 == 0 {
                    cell[i]
                } else {
                    cuboid.sides[i] - 1 - cell[i]
                }
            })
            .collect();
        if !cells.contains(&mirror) {
            cells.push(mirror);
        }
    }
    cells
}

/// Values of every box with all sides <= `max`, in `dim` dimensions.
#[derive(Clone, Debug)]
pub struct CutTable {
    dim: usize,
    max: usize,
    /// Index of a box: sum of side_i * stride_i; the last side is contiguous.
    strides: [usize; MAX_DIM],
    values: Vec<u16>,
}

impl CutTable {
    /// Bytes the table for `dim` dimensions up to `max` needs.
    #[must_use]
    pub fn bytes_needed(dim: usize, max: usize) -> u64 {
        CutTable::entries(dim, max).saturating_mul(2)
    }

    /// Entries of the table for `dim` dimensions up to `max` (every side
    /// from 0 to max), `u64::MAX` when that overflows.
    #[must_use]
    pub fn entries(dim: usize, max: usize) -> u64 {
        (max as u64)
            .checked_add(1)
            .and_then(|side| side.checked_pow(dim as u32))
            .unwrap_or(u64::MAX)
    }

    /// Rough seconds to compute the table for `dim` dimensions up to
    /// `max`, from times measured on a 2-core machine of 2026 (cut:1 to
    /// 10^5: 9 s, growing as max^2; cut:2 to 1000: 23 s, as max^4; cut:3
    /// to 150: 18.5 s, as max^5, both by `cargo bench -p grundy-cli
    /// --bench estimates`; cut:4 to 24: 0.09 s, as max^6). The order of
    /// magnitude is what matters: it decides whether to ask first.
    #[must_use]
    pub fn estimated_seconds(dim: usize, max: usize) -> f64 {
        let (seconds, at, exponent) = match dim {
            1 => (9.0, 1.0e5, 2),
            2 => (23.0, 1000.0, 4),
            3 => (18.5, 150.0, 5),
            _ => (0.09, 24.0, 6),
        };
        seconds * (max as f64 / at).powi(exponent)
    }

    /// Refuses a table beyond [`MAX_TABLE_ENTRIES`], up front: what every
    /// face checks before its own estimate of the time.
    pub fn check_size(dim: usize, max: usize) -> Result<(), GameError> {
        let entries = CutTable::entries(dim, max);
        if entries > MAX_TABLE_ENTRIES {
            return Err(GameError::Limit {
                what: format!(
                    "a cut:{dim} table up to {max} ({entries} entries, {} bytes)",
                    entries.saturating_mul(2)
                ),
                limit: format!("{MAX_TABLE_ENTRIES} entries"),
            });
        }
        Ok(())
    }

    /// Computes the table. `progress` is called with (boxes done, total)
    /// after each layer of boxes (by their smallest side); an error from
    /// it stops the computation and is returned (Ctrl-C, a deadline).
    pub fn compute(
        dim: usize,
        max: usize,
        progress: &(dyn Fn(u64, u64) -> Result<(), GameError> + Sync),
    ) -> Result<CutTable, GameError> {
        if !(1..=MAX_DIM).contains(&dim) {
            return Err(GameError::Rules {
                message: format!("the dimension {dim} is not supported: cut:1 to cut:{MAX_DIM}"),
            });
        }
        CutTable::check_size(dim, max)?;
        let entries = CutTable::entries(dim, max);
        let mut strides = [0usize; MAX_DIM];
        let mut stride = 1;
        for i in (0..dim).rev() {
            strides[i] = stride;
            stride *= max + 1;
        }
        let mut table = CutTable {
            dim,
            max,
            strides,
            values: vec![0u16; entries as usize],
        };
        let total = sorted_box_count(dim, max);
        let mut done = 0u64;
        let mut largest = 0u64;
        for smallest in 1..=max {
            // Boxes whose first d - 1 sides are `prefix` and whose last side
            // z runs from the last prefix side to max share their rows.
            let prefixes = if dim == 1 {
                vec![Vec::new()]
            } else {
                sorted_boxes_from(dim - 1, smallest, max)
            };
            let bound = (largest + 1).next_power_of_two() as usize;
            let results: Vec<Vec<u64>> = prefixes
                .par_iter()
                .map_init(Vec::new, |scratch, prefix| {
                    let first_z = prefix.last().copied().unwrap_or(smallest);
                    let last_z = if dim == 1 { smallest } else { max };
                    table.prefix_values(prefix, first_z..=last_z, bound, scratch)
                })
                .collect();
            for (prefix, values) in prefixes.iter().zip(&results) {
                let first_z = prefix.last().copied().unwrap_or(smallest);
                for (offset, &value) in values.iter().enumerate() {
                    let stored = u16::try_from(value).map_err(|_| GameError::Limit {
                        what: format!("the value {value} of a box"),
                        limit: "65535 for values in a cut table".to_owned(),
                    })?;
                    largest = largest.max(value);
                    let mut sides = prefix.clone();
                    sides.push(first_z + offset);
                    table.store_permutations(&sides, stored);
                    done += 1;
                }
            }
            progress(done, total)?;
        }
        Ok(table)
    }

    /// The dimension.
    #[must_use]
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// The largest side covered.
    #[must_use]
    pub fn max(&self) -> usize {
        self.max
    }

    fn index(&self, sides: &[usize]) -> usize {
        sides.iter().zip(&self.strides).map(|(s, st)| s * st).sum()
    }

    /// Every value of the table, row-major over sides `0..=max` in each
    /// dimension (the last side contiguous); a box with a side 0 is empty
    /// and holds 0. What an array library wants.
    #[must_use]
    pub fn dense_values(&self) -> &[u16] {
        &self.values
    }

    /// The value of a box, if the table covers it.
    #[must_use]
    pub fn value(&self, cuboid: &Cuboid) -> Option<u64> {
        if cuboid.dim as usize != self.dim {
            return None;
        }
        let sides: Vec<usize> = cuboid.sides().iter().map(|&s| s as usize).collect();
        if sides.iter().any(|&s| s > self.max) {
            return None;
        }
        Some(u64::from(self.values[self.index(&sides)]))
    }

    fn store_permutations(&mut self, sides: &[usize], value: u16) {
        let mut perm = sides.to_vec();
        // Heap's algorithm would do; boxes have at most 4 sides, so walk
        // the lexicographic permutations of the sorted sides.
        loop {
            let at = self.index(&perm);
            self.values[at] = value;
            if !next_permutation(&mut perm) {
                break;
            }
        }
    }

    /// G of the boxes `prefix x z` for every z in `zs` (sorted sides: z at
    /// least the last prefix side), from boxes with a smaller smallest side.
    ///
    /// For each cut in the prefix sides, the rows of the 2^(d-1) corner
    /// boxes along the last side are XORed into one row H once, for every
    /// z at once; the cut at c of a box with last side z is then
    /// `H[c] ^ H[z-1-c]`. `scratch` holds one flag array per z.
    fn prefix_values(
        &self,
        prefix: &[usize],
        zs: std::ops::RangeInclusive<usize>,
        bound: usize,
        scratch: &mut Vec<u8>,
    ) -> Vec<u64> {
        let dim = self.dim;
        let (first_z, last_z) = (*zs.start(), *zs.end());
        let count = last_z + 1 - first_z;
        // Option values are XORs of values below `bound` (a power of two);
        // the mex can be `bound` itself, so each box gets 2 * bound flags,
        // and masking an index with width - 1 keeps it in range.
        let width = 2 * bound.max(1);
        scratch.clear();
        scratch.resize(count * width, 0);
        let halves: Vec<usize> = prefix.iter().map(|x| x.div_ceil(2)).collect();
        let mut cut = vec![0usize; dim - 1];
        let corners = 1usize << (dim - 1);
        let mut bases = vec![0usize; corners];
        let mut row = vec![0u16; last_z];
        // The row reversed, so that both halves of every cut run forwards,
        // and the XORs of the two halves.
        let mut reversed = vec![0u16; last_z];
        let mut xors = vec![0u16; last_z.div_ceil(2)];
        loop {
            self.corner_row(prefix, &cut, &mut bases, &mut row);
            for (r, &h) in reversed.iter_mut().zip(row.iter().rev()) {
                *r = h;
            }
            for (slot, z) in zs.clone().enumerate() {
                let flags = &mut scratch[slot * width..][..width];
                flag_cuts_along_last_side(&row, &reversed, z, &mut xors, flags);
            }
            if !next_cut(&mut cut, &halves) {
                break;
            }
        }
        scratch
            .chunks(width)
            .map(|flags| flags.iter().position(|&f| f == 0).unwrap_or(width) as u64)
            .collect()
    }

    /// H, the XOR of the rows along the last side of the 2^(d-1) corner
    /// boxes that the cut at `cut` in the prefix sides leaves; `bases` is
    /// scratch for where each corner's row starts.
    #[inline]
    fn corner_row(&self, prefix: &[usize], cut: &[usize], bases: &mut [usize], row: &mut [u16]) {
        let dim = self.dim;
        for (k, base) in bases.iter_mut().enumerate() {
            *base = (0..dim - 1)
                .map(|i| {
                    let a = cut[i];
                    let side = if k >> i & 1 == 0 {
                        a
                    } else {
                        prefix[i] - 1 - a
                    };
                    side * self.strides[i]
                })
                .sum();
        }
        row.fill(0);
        for &base in bases.iter() {
            let source = &self.values[base..base + row.len()];
            for (h, &v) in row.iter_mut().zip(source) {
                *h ^= v;
            }
        }
    }

    /// Every box with sorted sides, smallest first, with its value.
    pub fn sorted_entries(&self) -> impl Iterator<Item = (Vec<usize>, u64)> + '_ {
        (1..=self.max).flat_map(move |smallest| {
            sorted_boxes_from(self.dim, smallest, self.max)
                .into_iter()
                .map(move |sides| {
                    let value = u64::from(self.values[self.index(&sides)]);
                    (sides, value)
                })
        })
    }
}

/// Flags in `flags` (a power of two long) the value of every cut along
/// the last side of the box whose last side is `z`: the cut at c leaves
/// `H[c] ^ H[z-1-c]`, and `H[z-1-c] = reversed[len - z + c]`. `xors` is
/// scratch of at least `z / 2 + 1`.
#[inline]
fn flag_cuts_along_last_side(
    row: &[u16],
    reversed: &[u16],
    z: usize,
    xors: &mut [u16],
    flags: &mut [u8],
) {
    let mask = flags.len() - 1;
    let last_z = row.len();
    let half = z.div_ceil(2);
    let low = &row[..half];
    let high = &reversed[last_z - z..last_z - z + half];
    let xors = &mut xors[..half];
    // Two passes: the XORs vectorise; the stores then run four at a time
    // with the loop overhead shared.
    for i in 0..half {
        xors[i] = low[i] ^ high[i];
    }
    let mut quads = xors.chunks_exact(4);
    for quad in &mut quads {
        flags[usize::from(quad[0]) & mask] = 1;
        flags[usize::from(quad[1]) & mask] = 1;
        flags[usize::from(quad[2]) & mask] = 1;
        flags[usize::from(quad[3]) & mask] = 1;
    }
    for &t in quads.remainder() {
        flags[usize::from(t) & mask] = 1;
    }
}

/// Advances the cut in the prefix sides (each below its half); false
/// after the last.
fn next_cut(cut: &mut [usize], halves: &[usize]) -> bool {
    for (c, &half) in cut.iter_mut().zip(halves) {
        *c += 1;
        if *c < half {
            return true;
        }
        *c = 0;
    }
    false
}

/// Advances `perm` to the next lexicographic permutation; false at the last.
fn next_permutation(perm: &mut [usize]) -> bool {
    let n = perm.len();
    if n < 2 {
        return false;
    }
    let mut i = n - 1;
    while i > 0 && perm[i - 1] >= perm[i] {
        i -= 1;
    }
    if i == 0 {
        return false;
    }
    let mut j = n - 1;
    while perm[j] <= perm[i - 1] {
        j -= 1;
    }
    perm.swap(i - 1, j);
    perm[i..].reverse();
    true
}

/// Every box with sorted sides `1 <= x_1 <= ... <= x_d <= max`, smallest
/// first side first (the order of [`CutTable::sorted_entries`]).
pub fn sorted_boxes(dim: usize, max: usize) -> impl Iterator<Item = Vec<usize>> {
    (1..=max).flat_map(move |smallest| sorted_boxes_from(dim, smallest, max))
}

/// Boxes with sorted sides `smallest = x_1 <= x_2 <= ... <= x_d <= max`.
fn sorted_boxes_from(dim: usize, smallest: usize, max: usize) -> Vec<Vec<usize>> {
    let mut boxes = Vec::new();
    let mut sides = vec![smallest; dim];
    loop {
        boxes.push(sides.clone());
        // Increment the last side that can grow, resetting those after it.
        let mut i = dim - 1;
        loop {
            if i == 0 {
                return boxes;
            }
            if sides[i] < max {
                sides[i] += 1;
                let v = sides[i];
                for s in &mut sides[i + 1..] {
                    *s = v;
                }
                break;
            }
            i -= 1;
        }
    }
}

/// Number of boxes with sorted sides in 1..=max.
fn sorted_box_count(dim: usize, max: usize) -> u64 {
    // Multisets of size dim from max values: C(max + dim - 1, dim).
    let mut count = 1u64;
    for i in 0..dim as u64 {
        count = count.saturating_mul((max as u64).saturating_add(i)) / (i + 1);
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_enumeration() {
        for dim in 1..=4 {
            for max in 1..6 {
                let all: usize = (1..=max)
                    .map(|s| sorted_boxes_from(dim, s, max).len())
                    .sum();
                assert_eq!(all as u64, sorted_box_count(dim, max), "{dim} {max}");
            }
        }
        let mut p = vec![1, 2, 2];
        let mut seen = vec![p.clone()];
        while next_permutation(&mut p) {
            seen.push(p.clone());
        }
        assert_eq!(seen, vec![vec![1, 2, 2], vec![2, 1, 2], vec![2, 2, 1]]);
    }
}
