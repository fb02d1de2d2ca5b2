//! The value of every diagram inside a box, in one pass: Chomp's own
//! kernel.
//!
//! Chomp does not fall apart, and the diagrams inside an `R x C` box are
//! few enough to list — `C(R + C, R)` of them: 10,400,600 for 13x13 — so
//! where the box fits in memory the plain mex over every option, over
//! every diagram in order, beats any search: no hashing, no table probes,
//! one byte per diagram.
//!
//! **Ranking.** A diagram `l_0 >= l_1 >= ... >= l_{R-1} >= 0` (row lengths,
//! zeros below the last row) is the strictly decreasing sequence
//! `a_i = l_i + R - 1 - i` in `0..R + C`, an `R`-subset of `R + C`; its rank
//! in the combinatorial number system is `sum_i C(a_i, R - i)`. The rank is
//! a sum of one weight per row, `weight(i, l_i)`, and each weight grows
//! with `l_i`, so
//! - taking a square only shortens rows: every option ranks below its
//!   diagram, and filling ranks in increasing order finds every option
//!   already valued;
//! - the option that takes square `(i, j)` cuts the rows `i..h_j` (the
//!   rows longer than `j`) to `j`: its rank is the diagram's minus
//!   `sum_{k = i}^{h_j - 1} (weight(k, l_k) - weight(k, j))`, a running
//!   sum up each column from its foot, one subtraction per option.
//!
//! **Order.** Increasing rank is colex order on the subsets, which on row
//! lengths is: lengthen the lowest row that is shorter than the row above
//! it (the top row: shorter than `C`), and empty every row below it. The
//! pass walks it without unranking.
//!
//! Values are at most the number of options, below `R * C`: a byte per
//! diagram while that is at most 256, two bytes otherwise.

use crate::chomp::{ChompBoard, MAX_ROWS};
use crate::error::GameError;
use crate::nimber::Nimber;

/// The most diagrams a table holds: 2^28 (256 MiB at a byte each, 512
/// MiB at two). A 15x15 box (155,117,520 diagrams) fits; 16x16
/// (601,080,390) does not, and is left to the search.
pub const MAX_TABLE_DIAGRAMS: u64 = 1 << 28;

/// The values of every diagram inside a box of `rows` x `cols`.
pub struct DiagramTable {
    rows: usize,
    cols: usize,
    /// `weight[i * (cols + 1) + l]`: row `i`'s share of the rank when it
    /// is `l` long.
    weight: Vec<u64>,
    values: Values,
}

enum Values {
    Bytes(Vec<u8>),
    Words(Vec<u16>),
}

/// `C(n, k)`, or `None` past `u64`.
fn binomial(n: u64, k: u64) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut c: u64 = 1;
    for i in 0..k {
        // c * (n - i) / (i + 1) is exact at each step (a binomial).
        c = u64::try_from(u128::from(c) * u128::from(n - i) / u128::from(i + 1)).ok()?;
    }
    Some(c)
}

impl DiagramTable {
    /// How many diagrams (the empty one included) fit in a box of `rows`
    /// x `cols`: `C(rows + cols, rows)`, or `None` past `u64`.
    #[must_use]
    pub fn diagrams(rows: usize, cols: usize) -> Option<u64> {
        binomial(rows as u64 + cols as u64, rows as u64)
    }

    /// Values every diagram with at most `rows` rows (at most
    /// [`MAX_ROWS`]) of at most `cols` squares (at most 255); refused past
    /// [`MAX_TABLE_DIAGRAMS`]. Stops with the check installed by
    /// [`crate::stop::with_check`] (a deadline, Ctrl-C).
    pub fn build(rows: usize, cols: usize) -> Result<DiagramTable, GameError> {
        let count = Self::diagrams(rows, cols).filter(|&n| n <= MAX_TABLE_DIAGRAMS);
        let count = match count {
            Some(n) if (1..=MAX_ROWS).contains(&rows) && (1..=255).contains(&cols) => n,
            _ => {
                return Err(GameError::Limit {
                    what: format!("a table of every Chomp diagram inside {rows}x{cols}"),
                    limit: format!(
                        "at most {MAX_TABLE_DIAGRAMS} diagrams, {MAX_ROWS} rows, 255 columns"
                    ),
                })
            }
        };
        let mut weight = vec![0u64; rows * (cols + 1)];
        for i in 0..rows {
            for l in 0..=cols {
                // Fits: at most C(rows + cols, rows), checked above.
                weight[i * (cols + 1) + l] =
                    binomial((l + rows - 1 - i) as u64, (rows - i) as u64).unwrap_or(u64::MAX);
            }
        }
        let mut table = DiagramTable {
            rows,
            cols,
            weight,
            values: Values::Bytes(Vec::new()),
        };
        // `count` is at most 2^28: it fits a usize.
        let count = count as usize;
        table.values = if rows * cols <= 256 {
            Values::Bytes(table.fill::<u8>(count)?)
        } else {
            Values::Words(table.fill::<u16>(count)?)
        };
        Ok(table)
    }

    /// The pass over every diagram in increasing rank, each value in a
    /// cell `T` (`u8` or `u16`) wide enough for every mex of the box.
    fn fill<T>(&self, count: usize) -> Result<Vec<T>, GameError>
    where
        T: Copy + Default + Into<usize> + TryFrom<usize>,
    {
        let (rows, stride) = (self.rows, self.cols + 1);
        let weight = |i: usize, l: usize| self.weight[i * stride + l];
        let mut values: Vec<T> = vec![T::default(); count];
        // Marks of the options' values, by the diagram's turn: no clearing.
        let mut seen: Vec<u32> = vec![0; rows * self.cols + 1];
        let mut len = vec![0usize; rows];
        for rank in 1..count {
            crate::stop::tick()?;
            // The colex successor: lengthen the lowest row that may grow,
            // empty the rows below it.
            let grow = (1..rows).rev().find(|&r| len[r] < len[r - 1]).unwrap_or(0);
            len[grow] += 1;
            len[grow + 1..].fill(0);
            let turn = rank as u32;
            let mut height = rows;
            for j in 0..len[0] {
                while len[height - 1] <= j {
                    height -= 1;
                }
                let mut cut = 0u64;
                for i in (0..height).rev() {
                    cut += weight(i, len[i]) - weight(i, j);
                    if i == 0 && j == 0 {
                        break;
                    }
                    // An option ranks below its diagram (module docs).
                    seen[values[rank - cut as usize].into()] = turn;
                }
            }
            let mex = seen.iter().position(|&t| t != turn).unwrap_or(seen.len());
            // A mex is at most the options' count, below rows * cols,
            // which the cell was chosen to hold.
            values[rank] = T::try_from(mex).map_err(|_| GameError::Limit {
                what: format!("the value {mex} in a table of {}x{}", self.rows, self.cols),
                limit: "the table's cell".to_owned(),
            })?;
        }
        Ok(values)
    }

    /// The box: rows, then columns.
    #[must_use]
    pub fn shape(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// How many diagrams the table holds (the empty one included).
    #[must_use]
    pub fn diagrams_held(&self) -> usize {
        match &self.values {
            Values::Bytes(v) => v.len(),
            Values::Words(v) => v.len(),
        }
    }

    /// Whether a box of `rows` x `cols` lies inside this one, either way
    /// up.
    #[must_use]
    pub fn holds_box(&self, rows: usize, cols: usize) -> bool {
        (rows <= self.rows && cols <= self.cols) || (cols <= self.rows && rows <= self.cols)
    }

    /// Whether `board` or its transpose lies inside the box.
    #[must_use]
    pub fn holds(&self, board: &ChompBoard) -> bool {
        let (rows, cols) = extent(board);
        self.holds_box(rows, cols)
    }

    /// The value of `board`, when it or its transpose lies inside the box.
    #[must_use]
    pub fn value(&self, board: &ChompBoard) -> Option<Nimber> {
        let (rows, cols) = extent(board);
        let rank = if rows <= self.rows && cols <= self.cols {
            self.rank(board)
        } else if cols <= self.rows && rows <= self.cols {
            self.rank(&board.transpose()?)
        } else {
            return None;
        };
        let rank = usize::try_from(rank).ok()?;
        let value: usize = match &self.values {
            Values::Bytes(v) => (*v.get(rank)?).into(),
            Values::Words(v) => (*v.get(rank)?).into(),
        };
        Some(Nimber::new(value as u64))
    }

    /// The rank of a diagram inside the box (the caller checked it is).
    fn rank(&self, board: &ChompBoard) -> u64 {
        self.rank_of(
            board
                .rows
                .iter()
                .take_while(|&&l| l > 0)
                .map(|&l| usize::from(l)),
        )
    }

    fn rank_of(&self, lengths: impl Iterator<Item = usize>) -> u64 {
        lengths
            .enumerate()
            .map(|(i, l)| self.weight[i * (self.cols + 1) + l])
            .sum()
    }
}

/// The rows and columns a diagram spans.
#[must_use]
pub fn extent(board: &ChompBoard) -> (usize, usize) {
    let rows = board.rows.iter().take_while(|&&l| l > 0).count();
    (rows, usize::from(board.rows[0]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_cover_the_box_once() {
        let table = DiagramTable::build(4, 5).unwrap();
        let mut seen = vec![false; DiagramTable::diagrams(4, 5).unwrap() as usize];
        // Every diagram in 4x5, by brute force over row lengths.
        for a in 0..=5 {
            for b in 0..=a {
                for c in 0..=b {
                    for d in 0..=c {
                        let rank = table.rank_of([a, b, c, d].into_iter()) as usize;
                        assert!(!seen[rank], "{a},{b},{c},{d} shares rank {rank}");
                        seen[rank] = true;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn binomials() {
        assert_eq!(binomial(26, 13), Some(10_400_600));
        assert_eq!(binomial(3, 5), Some(0));
        assert_eq!(binomial(200, 100), None);
    }
}
