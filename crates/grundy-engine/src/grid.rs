//! Tables of values over two coordinates: `grundy table` for families
//! whose positions are pairs (Wythoff's `(x,y)`, a heap with its memory)
//! or whose values live on a board (a tartan product's head at `(x,y)`).
//!
//! A family offers its table through [`crate::Ruleset::value_grid`]; each
//! computes it its own way (row, column and diagonal sets for Wythoff, one
//! incremental mex per row for the memory games, nim-products for
//! tartans), and the tests hold each against the generic solver.

use crate::error::GameError;

/// The most cells one table may have (4 bytes each).
pub const MAX_GRID_CELLS: u64 = 1 << 26;

/// The values of a family over a rectangle of coordinates from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Rows: the first coordinate runs over 0..rows.
    pub rows: usize,
    /// Columns: the second coordinate runs over 0..columns.
    pub columns: usize,
    /// Row-major values.
    pub values: Vec<u32>,
}

impl Grid {
    /// A grid of zeros, refused beyond [`MAX_GRID_CELLS`].
    pub fn zeros(rows: usize, columns: usize) -> Result<Grid, GameError> {
        let cells = (rows as u64).saturating_mul(columns as u64);
        if cells > MAX_GRID_CELLS {
            return Err(GameError::Limit {
                what: format!("a table of {rows} x {columns} values"),
                limit: format!("{MAX_GRID_CELLS} values"),
            });
        }
        let mut values = Vec::new();
        values
            .try_reserve_exact(cells as usize)
            .map_err(|_| GameError::Limit {
                what: format!(
                    "{} MiB for a table of {rows} x {columns}",
                    (cells * 4) >> 20
                ),
                limit: "the memory this machine would give".to_owned(),
            })?;
        values.resize(cells as usize, 0);
        Ok(Grid {
            rows,
            columns,
            values,
        })
    }

    /// The square grid of zeros for coordinates 0..=max, refused beyond
    /// [`MAX_GRID_CELLS`] or the address space.
    pub fn square(max: u64) -> Result<Grid, GameError> {
        let side = usize::try_from(max)
            .ok()
            .and_then(|m| m.checked_add(1))
            .ok_or_else(|| GameError::Limit {
                what: format!("a table up to {max}"),
                limit: "the address space".to_owned(),
            })?;
        Grid::zeros(side, side)
    }

    /// G at (x, y).
    #[must_use]
    pub fn get(&self, x: usize, y: usize) -> u32 {
        self.values[x * self.columns + y]
    }

    /// Sets G at (x, y).
    pub fn set(&mut self, x: usize, y: usize, value: u32) {
        self.values[x * self.columns + y] = value;
    }

    /// Row x.
    #[must_use]
    pub fn row(&self, x: usize) -> &[u32] {
        &self.values[x * self.columns..(x + 1) * self.columns]
    }
}

/// A family's table of values over two coordinates.
pub trait ValueGrid {
    /// What the two coordinates are (`x`, `y`; `heap`, `memory`).
    fn axes(&self) -> [&'static str; 2];

    /// The values at every (x, y) with x <= `max` and y <= `max`.
    fn table(&self, max: u64) -> Result<Grid, GameError>;

    /// The position at cell (x, y), written as the family reads it (for
    /// tables computed position by position, as in misère play).
    fn cell(&self, x: u64, y: u64) -> String {
        format!("({x},{y})")
    }
}

/// Checks that a table of values up to `bound` fits its 32-bit cells.
pub fn check_value_bound(bound: u64) -> Result<(), GameError> {
    if bound >= u64::from(u32::MAX) {
        return Err(GameError::Limit {
            what: format!("values up to {bound} in a table"),
            limit: "2^32 - 1 per cell".to_owned(),
        });
    }
    Ok(())
}

/// A bit set of values with the mex of a union of sets, word by word.
#[derive(Clone, Debug)]
pub struct ValueSet {
    words: Vec<u64>,
}

impl ValueSet {
    /// An empty set of values below `64 * words`.
    #[must_use]
    pub fn new(words: usize) -> ValueSet {
        ValueSet {
            words: vec![0; words.max(1)],
        }
    }

    /// Adds a value (below the set's size).
    #[inline]
    pub fn insert(&mut self, value: u32) {
        self.words[value as usize / 64] |= 1 << (value % 64);
    }

    /// Removes a value.
    #[inline]
    pub fn remove(&mut self, value: u32) {
        self.words[value as usize / 64] &= !(1 << (value % 64));
    }

    /// Empties the set, keeping its size.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// The least value in none of `sets` (all of one size).
    #[must_use]
    pub fn mex_of_union(sets: &[&ValueSet]) -> u32 {
        let words = sets.first().map_or(0, |s| s.words.len());
        for w in 0..words {
            let union = sets.iter().fold(0u64, |acc, s| acc | s.words[w]);
            if union != u64::MAX {
                return (w * 64) as u32 + union.trailing_ones();
            }
        }
        (words * 64) as u32
    }
}
