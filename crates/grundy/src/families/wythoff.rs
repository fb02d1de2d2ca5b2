//! Wythoff's game and Fraenkel's generalisation: a family whose positions
//! are pairs of heaps `(x,y)`, evaluated by the generic solver.
//!
//! A move takes any positive number of tokens from one heap, or takes `a`
//! from one heap and `b` from the other with `a, b >= 1` and `|a - b| < k`
//! (`wythoff` is k = 1: the same number from both). This is the game of
//! A. S. Fraenkel, *How to beat your Wythoff games' opponent on three
//! fronts*, Amer. Math. Monthly 89 (1982) 353–361, whose P-positions are
//! the pairs `(A_n, B_n)` and `(B_n, A_n)` with `A_n = mex{A_i, B_i : i < n}`
//! and `B_n = A_n + k n`; for k = 1 these are Wythoff's
//! `(⌊nφ⌋, ⌊nφ²⌋)`. The tests check both.
//!
//! The family is one file and one line in [`crate::spec::FAMILIES`]
//! (`Family::positional`): `eval` reads its positions, evaluates sums of
//! them and words its moves through [`Ruleset`] alone.

use crate::error::GameError;
use crate::grid::{check_value_bound, Grid, ValueGrid, ValueSet};
use crate::ruleset::{Options, Ruleset, TheoremOutcome};
use crate::spec_form::SpecForm;

/// The most work (positions times options, roughly) one position may
/// cost the generic solver before it is refused up front.
pub const MAX_WORK: u64 = 2_000_000_000;

/// Wythoff's game with diagonal moves `|a - b| < k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wythoff {
    k: u64,
}

impl Wythoff {
    /// The game with diagonal moves `|a - b| < k` (k >= 1).
    pub fn new(k: u64) -> Result<Wythoff, GameError> {
        if k == 0 {
            return Err(GameError::Rules {
                message: "wythoff:k needs k >= 1 (diagonal moves take a and b with |a - b| < k)"
                    .to_owned(),
            });
        }
        Ok(Wythoff { k })
    }

    /// k.
    #[must_use]
    pub fn k(&self) -> u64 {
        self.k
    }

    /// `A_n`, the smaller heap of the n-th P-position, from Fraenkel's
    /// formula `A_n = ⌊nα⌋` with `α = (2 − k + √(k² + 4))/2`, in exact
    /// integer arithmetic: `⌊(n(2 − k) + ⌊√(n²(k² + 4))⌋)/2⌋` (the square
    /// root is irrational for n, k ≥ 1, so flooring it first changes
    /// nothing). `None` when n²(k² + 4) does not fit in 128 bits.
    #[must_use]
    pub fn lower(&self, n: u64) -> Option<u64> {
        let (n, k) = (u128::from(n), u128::from(self.k));
        let root = n
            .checked_mul(n)?
            .checked_mul(k.checked_mul(k)?.checked_add(4)?)?
            .isqrt();
        // n(2 − k) + root >= 0: root >= n·k > n(k − 2).
        let sum = (root + 2 * n).checked_sub(n * k)?;
        u64::try_from(sum / 2).ok()
    }

    /// The n-th P-position `(A_n, B_n)`, `B_n = A_n + k n`.
    #[must_use]
    pub fn p_position(&self, n: u64) -> Option<(u64, u64)> {
        let a = self.lower(n)?;
        Some((a, a.checked_add(self.k.checked_mul(n)?)?))
    }

    /// The n in `0..=high` with `term(n) = h`, for a strictly increasing
    /// `term` (A_n or B_n), by binary search; a term that overflows
    /// counts as too large.
    fn index_of(h: u64, high: u64, term: impl Fn(u64) -> Option<u64>) -> Option<u64> {
        let (mut low, mut high) = (0u64, high);
        while low <= high {
            let mid = low + (high - low) / 2;
            match term(mid).map(|t| t.cmp(&h)) {
                Some(std::cmp::Ordering::Equal) => return Some(mid),
                Some(std::cmp::Ordering::Less) => low = mid + 1,
                _ => high = mid.checked_sub(1)?,
            }
        }
        None
    }

    /// The heap that makes a P-position with a heap of `h`: B_n for
    /// h = A_n, A_n for h = B_n (A and B are increasing and split the
    /// positive integers between them, so every heap is one or the other).
    fn partner(&self, h: u64) -> Option<u64> {
        // A_n >= n, since α > 1; B_n >= k n.
        if let Some(n) = Self::index_of(h, h, |n| self.lower(n)) {
            return self.p_position(n).map(|(_, b)| b);
        }
        Self::index_of(h, h / self.k, |n| self.p_position(n).map(|(_, b)| b))
            .and_then(|n| self.lower(n))
    }

    /// Whether `(x, y)` is a P-position, by Fraenkel's theorem.
    #[must_use]
    pub fn is_p_position(&self, x: u64, y: u64) -> Option<bool> {
        let (low, high) = (x.min(y), x.max(y));
        let d = high - low;
        if d % self.k != 0 {
            return Some(false);
        }
        Some(self.lower(d / self.k)? == low)
    }

    /// Every position a winning move from `(x, y)` leaves (none from a
    /// P-position), by Fraenkel's theorem: the P-positions one heap's
    /// partner makes, and on the diagonal the P-positions whose difference
    /// is within k of the heaps' difference. `None` when the arithmetic
    /// would overflow.
    #[must_use]
    pub fn winning_moves_by_theorem(&self, x: u64, y: u64) -> Option<Vec<(u64, u64)>> {
        if self.is_p_position(x, y)? {
            return Some(Vec::new());
        }
        let mut targets = Vec::new();
        // One heap: the other keeps its size, this one becomes its partner.
        let partner_x = self.partner(x)?;
        if partner_x < y {
            targets.push((x, partner_x));
        }
        let partner_y = self.partner(y)?;
        if partner_y < x {
            targets.push((partner_y, y));
        }
        // Both heaps, a from x and b from y with |a - b| < k: a P-position
        // (p, q) with q - p = ±k m and |(q - p) - (y - x)| < k.
        let k = i128::from(self.k);
        let d = i128::from(y) - i128::from(x);
        for sign in [1i128, -1] {
            let wanted = sign * d; // k m must be within k of this
            let first = wanted.div_euclid(k);
            for m in [first, first + 1] {
                if m < 0 || (k * m - wanted).abs() >= k {
                    continue;
                }
                let (a, b) = self.p_position(u64::try_from(m).ok()?)?;
                let (p, q) = if sign == 1 { (a, b) } else { (b, a) };
                if p < x && q < y {
                    targets.push((p, q));
                }
            }
        }
        targets.sort_unstable();
        targets.dedup();
        Some(targets)
    }

    /// About how many option visits evaluating `(x, y)` costs the
    /// solver: every position below it, each with its options.
    fn work(&self, x: u64, y: u64) -> u64 {
        let positions = x.saturating_add(1).saturating_mul(y.saturating_add(1));
        let diagonal = self.k.saturating_mul(2) - 1;
        // At most x * y diagonal moves, however large k is.
        let options = x
            .saturating_add(y)
            .saturating_add(x.min(y).saturating_mul(diagonal).min(x.saturating_mul(y)));
        positions.saturating_mul(options.max(1))
    }
}

impl SpecForm for Wythoff {
    const FORM: &'static str = "wythoff, wythoff:k";
    const ABOUT: &'static str = "two heaps (x,y): take from one heap, or a from one and b from the other with |a - b| < k (k = 1: Wythoff's game)";
    const EXAMPLE: &'static str = "wythoff:2";
    const PREFIX: Option<&'static str> = None;
    type Error = GameError;

    fn from_spec(text: &str) -> Option<Result<Wythoff, GameError>> {
        if text.eq_ignore_ascii_case("wythoff") {
            return Some(Wythoff::new(1));
        }
        let k = text.strip_prefix("wythoff:")?;
        Some(
            crate::number::parse_u64(k)
                .map_err(|e| GameError::Rules {
                    message: format!("'{k}' is not a k for wythoff:k: {e}"),
                })
                .and_then(Wythoff::new),
        )
    }
}

impl Ruleset for Wythoff {
    type Position = (u64, u64);

    fn options(
        &self,
        &(x, y): &(u64, u64),
        out: &mut Options<(u64, u64)>,
    ) -> Result<(), GameError> {
        for left in 0..x {
            out.push_option([(left, y)]);
        }
        for left in 0..y {
            out.push_option([(x, left)]);
        }
        for a in 1..=x {
            // b >= 1, b <= y, |a - b| < k.
            let low = a.saturating_sub(self.k - 1).max(1);
            let high = a.saturating_add(self.k - 1).min(y);
            for b in low..=high {
                out.push_option([(x - a, y - b)]);
            }
        }
        Ok(())
    }

    /// `(3,5)`, `3,5` or `3 5`.
    fn parse_position(&self, text: &str) -> Result<(u64, u64), GameError> {
        let (x, y) = crate::game::read_pair(text)?;
        let work = self.work(x, y);
        if work > MAX_WORK {
            return Err(GameError::Limit {
                what: format!(
                    "evaluating ({x},{y}) by search ({} option visits over the positions below it)",
                    crate::number::rough_count(work)
                ),
                limit: format!("{MAX_WORK} option visits"),
            });
        }
        Ok((x, y))
    }

    /// Any position, however large: its outcome and winning moves by
    /// Fraenkel's theorem (Wythoff's for k = 1).
    fn outcome_by_theorem(
        &self,
        text: &str,
    ) -> Option<Result<TheoremOutcome<(u64, u64)>, GameError>> {
        let (x, y) = match crate::game::read_pair(text) {
            Ok(pair) => pair,
            Err(e) => return Some(Err(e)),
        };
        let winning = self
            .winning_moves_by_theorem(x, y)?
            .into_iter()
            .map(|target| vec![target])
            .collect();
        let method = if self.k == 1 {
            "Wythoff's theorem: the P-positions are (⌊nφ⌋, ⌊nφ²⌋) and their mirror images (the nim-value is beyond the search)".to_owned()
        } else {
            format!(
                "Fraenkel's theorem: the P-positions of wythoff:{} are (A_n, A_n + {} n) with A_n = ⌊nα⌋, α = (2 − k + √(k² + 4))/2, and their mirror images (the nim-value is beyond the search)",
                self.k, self.k
            )
        };
        Some(Ok(TheoremOutcome {
            position: (x, y),
            winning,
            method,
        }))
    }

    fn format_position(&self, &(x, y): &(u64, u64)) -> String {
        format!("({x},{y})")
    }

    fn position_json(&self, &(x, y): &(u64, u64)) -> serde_json::Value {
        serde_json::json!([x, y])
    }

    fn value_grid(&self) -> Option<&dyn ValueGrid> {
        Some(self)
    }

    fn describe_move(&self, &(x, y): &(u64, u64), to: &[(u64, u64)]) -> String {
        let Some(&(u, v)) = to.first() else {
            return format!("move from ({x},{y})");
        };
        match (x - u, y - v) {
            (a, 0) => format!("take {a} from the first heap of ({x},{y}), leaving ({u},{v})"),
            (0, b) => format!("take {b} from the second heap of ({x},{y}), leaving ({u},{v})"),
            (a, b) => format!(
                "take {a} from the first heap and {b} from the second of ({x},{y}), leaving ({u},{v})"
            ),
        }
    }
}

/// The most set operations (cells times sets times words) a table may
/// cost before it is refused up front.
const MAX_GRID_WORK: u64 = 1 << 36;

/// The table by sets of values along lines: for each column y the values
/// of (x', y), x' < x; for the current row the values of (x, y'), y' < y;
/// for each diagonal y − x the values on it from rows at least k back;
/// the diagonal moves from the last k − 1 rows are looked at one by one.
/// G(x, y) is the mex of the union, found word by word.
impl ValueGrid for Wythoff {
    fn axes(&self) -> [&'static str; 2] {
        ["x", "y"]
    }

    fn table(&self, max: u64) -> Result<Grid, GameError> {
        let mut grid = Grid::square(max)?;
        let n = grid.rows;
        let reach = self.k.saturating_sub(1).min(max) as usize; // k - 1, at most max
                                                                // A value is at most the number of options.
        let bound = 2 * max + max * (2 * reach as u64 + 1) + 1;
        check_value_bound(bound)?;
        let words = (bound as usize + 1).div_ceil(64);
        let sets_per_cell = 2 * reach as u64 + 3;
        let work = (n as u64 * n as u64)
            .saturating_mul(sets_per_cell)
            .saturating_mul(words as u64 / 4 + 1);
        if work > MAX_GRID_WORK {
            return Err(GameError::Limit {
                what: format!(
                    "a wythoff:{} table up to {max} (about {work} set operations)",
                    self.k
                ),
                limit: format!("{MAX_GRID_WORK} set operations"),
            });
        }
        let mut columns = vec![ValueSet::new(words); n];
        let mut diagonals = vec![ValueSet::new(words); 2 * n - 1];
        let mut row = ValueSet::new(words);
        let mut recent = ValueSet::new(words);
        let mut recent_values = Vec::new();
        for x in 0..n {
            row.clear();
            for (y, column) in columns.iter().enumerate() {
                let d = y + n - 1 - x;
                // Diagonal moves from the last k - 1 rows.
                for back in 1..=reach.min(x) {
                    let from_x = x - back;
                    // b >= 1 with |back - b| < k.
                    for b in back.saturating_sub(reach).max(1)..=(back + reach).min(y) {
                        let value = grid.get(from_x, y - b);
                        recent.insert(value);
                        recent_values.push(value);
                    }
                }
                let low = d.saturating_sub(reach);
                let high = (d + reach).min(2 * n - 2);
                let mut sets: Vec<&ValueSet> = vec![column, &row, &recent];
                sets.extend(diagonals[low..=high].iter());
                let value = ValueSet::mex_of_union(&sets);
                grid.set(x, y, value);
                row.insert(value);
                for v in recent_values.drain(..) {
                    recent.remove(v);
                }
            }
            for (y, column) in columns.iter_mut().enumerate() {
                column.insert(grid.get(x, y));
            }
            // Row x - (k - 1) joins the diagonals: from row x + 1 on, it is
            // at least k rows back.
            if x >= reach {
                let joined = x - reach;
                for y in 0..n {
                    diagonals[y + n - 1 - joined].insert(grid.get(joined, y));
                }
            }
        }
        Ok(grid)
    }
}
