//! The acrostic product `acrostic(A,B)` of two heap games (CGSuite's
//! `HeapRuleset.AcrosticProduct`; *Winning Ways*, ch. 14).
//!
//! A position is a pair (m, n). For each option A(a1) + ... + A(ak) of a
//! heap of m in A there is a move to (a1, n) + ... + (ak, n); for each
//! option B(b1) + ... + B(bl) of a heap of n in B, a move to
//! (m, b1) + ... + (m, bl). On a board of coins (a coin-turning game in its heap form: a
//! head at place h >= 1 is a heap of h, place 0 holds no coin) a head at
//! (m, n) moves along its row by A or along its column by B, never both at
//! once (a tartan move does both). Strip and Streak is
//! `acrostic(motley,ruler)`.
//!
//! No general theorem gives the product's values from the factors' (the
//! tartan theorem's nim-product does not hold here), so they are
//! computed: positions by the generic solver (eval, winning moves, misère
//! play by the generic search), tables by a dynamic programme over the
//! grid that reads each factor's options once per heap
//! ([`ValueGrid::table`]); the tests cross-check both against a brute
//! force and CGSuite's table.
//!
//! The factors are read by the registry (`spec.rs`), the one place that
//! knows every heap family, so this module names none.

use crate::error::GameError;
use crate::grid::{Grid, ValueGrid};
use crate::heap::HeapGame;
use crate::nimber::MexSet;
use crate::ruleset::{Options, Ruleset};

/// The most component visits (the options' heaps, over every cell or
/// position reached) a table or an evaluation may cost before it is
/// refused up front: about ten seconds of work.
pub const MAX_WORK: u64 = 1 << 31;

/// The largest heap of a factor a position or a table may hold: beyond
/// it, listing a single heap's options could itself take gigabytes
/// (Ruler's heap of n has n options of up to n heaps each).
pub const MAX_HEAP: u64 = 4096;

/// The acrostic product of two heap games.
#[derive(Clone, Debug)]
pub struct Acrostic {
    a: HeapGame,
    b: HeapGame,
    name: String,
}

impl Acrostic {
    /// The product of `a` (moves along the first coordinate) and `b`
    /// (along the second), named by their specs.
    #[must_use]
    pub fn new(a: HeapGame, a_spec: &str, b: HeapGame, b_spec: &str) -> Acrostic {
        Acrostic {
            a,
            b,
            name: format!("acrostic({},{})", a_spec.trim(), b_spec.trim()),
        }
    }

    /// The spec naming the product, `acrostic(A,B)`.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The options of a heap of `n` in `factor`, each a list of smaller
    /// heaps: a move that leaves a heap at least as large would make the
    /// product loop, which it is not defined for.
    fn factor_options(factor: &HeapGame, n: u64) -> Result<Options<u64>, GameError> {
        let mut out = Options::new();
        factor.options(n, &mut out)?;
        if let Some(&larger) = out.iter().flatten().find(|&&h| h >= n) {
            return Err(GameError::Rules {
                message: format!(
                    "a move of a factor from a heap of {n} leaves a heap of {larger}: an acrostic product needs factors whose moves leave smaller heaps"
                ),
            });
        }
        Ok(out)
    }

    /// The component visits of an evaluation of (m, n) by the solver, at
    /// most: every (m', n') below it, with the options of the largest
    /// heaps.
    fn work(&self, m: u64, n: u64) -> Result<u64, GameError> {
        let heaps = |o: &Options<u64>| o.iter().map(|opt| opt.len() as u64 + 1).sum::<u64>();
        let per_position = heaps(&Self::factor_options(&self.a, m)?)
            .saturating_add(heaps(&Self::factor_options(&self.b, n)?));
        Ok((m + 1).saturating_mul(n + 1).saturating_mul(per_position))
    }
}

impl Ruleset for Acrostic {
    type Position = (u64, u64);

    fn options(
        &self,
        &(m, n): &(u64, u64),
        out: &mut Options<(u64, u64)>,
    ) -> Result<(), GameError> {
        let by_a = Self::factor_options(&self.a, m)?;
        for option in by_a.iter() {
            out.push_option(option.iter().map(|&a| (a, n)));
        }
        // A move of either game that leaves nothing leaves the same sum:
        // the empty option is listed once.
        let a_empties = by_a.iter().any(<[u64]>::is_empty);
        for option in Self::factor_options(&self.b, n)?.iter() {
            if option.is_empty() && a_empties {
                continue;
            }
            out.push_option(option.iter().map(|&b| (m, b)));
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<(u64, u64), GameError> {
        let (m, n) = crate::game::read_pair(text)?;
        if m.max(n) > MAX_HEAP {
            return Err(GameError::Limit {
                what: format!("the position ({m},{n}) of {}", self.name),
                limit: format!("heaps of {MAX_HEAP} in each factor"),
            });
        }
        let work = self.work(m, n)?;
        if work > MAX_WORK {
            return Err(GameError::Limit {
                what: format!(
                    "evaluating ({m},{n}) of {} by search (about {} option visits over the positions below it)",
                    self.name,
                    crate::number::rough_count(work)
                ),
                limit: format!("{} option visits", crate::number::rough_count(MAX_WORK)),
            });
        }
        Ok((m, n))
    }

    fn format_position(&self, &(m, n): &(u64, u64)) -> String {
        format!("({m},{n})")
    }

    fn position_json(&self, &(m, n): &(u64, u64)) -> serde_json::Value {
        serde_json::json!([m, n])
    }

    /// "by the first game at (3,5): <A's words>" (the sum it leaves is
    /// shown beside it by every face).
    fn describe_move(&self, &(m, n): &(u64, u64), to: &[(u64, u64)]) -> String {
        // A move of A keeps the second coordinate of every heap it leaves
        // and makes the first smaller; one of B the other way round. A
        // move leaving nothing may be either's.
        let by_a = !to.is_empty() && to.iter().all(|&(a, b)| b == n && a < m);
        let by_b = !to.is_empty() && to.iter().all(|&(a, b)| a == m && b < n);
        if by_a {
            let heaps: Vec<u64> = to.iter().map(|&(a, _)| a).collect();
            format!(
                "by the first game at ({m},{n}): {}",
                self.a.describe_move(m, &heaps)
            )
        } else if by_b {
            let heaps: Vec<u64> = to.iter().map(|&(_, b)| b).collect();
            format!(
                "by the second game at ({m},{n}): {}",
                self.b.describe_move(n, &heaps)
            )
        } else {
            let left: Vec<String> = to.iter().map(|p| self.format_position(p)).collect();
            if left.is_empty() {
                format!("remove ({m},{n}) by a move of either game that leaves nothing")
            } else {
                format!("move from ({m},{n}) to {}", left.join(" + "))
            }
        }
    }

    fn value_grid(&self) -> Option<&dyn ValueGrid> {
        Some(self)
    }
}

/// G(m, n) for m, n <= max, by rows: a cell's options read cells of
/// earlier rows (moves of A) and earlier cells of its row (moves of B),
/// each factor's options listed once per heap.
impl ValueGrid for Acrostic {
    fn axes(&self) -> [&'static str; 2] {
        ["m", "n"]
    }

    fn table(&self, max: u64) -> Result<Grid, GameError> {
        let refused = |work: u64| GameError::Limit {
            what: format!(
                "a table of {} up to {max} ({} option visits or more)",
                self.name,
                crate::number::rough_count(work)
            ),
            limit: format!("{} option visits", crate::number::rough_count(MAX_WORK)),
        };
        if max > MAX_HEAP {
            return Err(refused((max + 1).saturating_mul(max + 1)));
        }
        let mut grid = Grid::square(max)?;
        let side = grid.rows as u64;
        // Each heap's options are read once per cell of its row (or
        // column): listed heap by heap, the work so far is checked as
        // they come, so a hopeless table stops before its lists fill
        // memory.
        let mut work = 0u64;
        let mut list = |factor: &HeapGame| {
            (0..side)
                .map(|h| {
                    let options = Self::factor_options(factor, h)?;
                    let heaps: u64 = options.iter().map(|o| o.len() as u64 + 1).sum();
                    work = work.saturating_add(heaps.saturating_mul(side));
                    if work > MAX_WORK {
                        return Err(refused(work));
                    }
                    Ok(options)
                })
                .collect::<Result<Vec<_>, GameError>>()
        };
        let (rows, columns) = (list(&self.a)?, list(&self.b)?);
        let mut seen = MexSet::new();
        for (m, by_a) in rows.iter().enumerate() {
            for (n, by_b) in columns.iter().enumerate() {
                seen.reset(by_a.len() + by_b.len());
                for option in by_a.iter() {
                    let value = option
                        .iter()
                        .fold(0u32, |x, &a| x ^ grid.get(a as usize, n));
                    seen.insert(u64::from(value));
                }
                for option in by_b.iter() {
                    let value = option
                        .iter()
                        .fold(0u32, |x, &b| x ^ grid.get(m, b as usize));
                    seen.insert(u64::from(value));
                }
                let mex = u32::try_from(seen.mex().value()).map_err(|_| GameError::Limit {
                    what: format!("G({m},{n})"),
                    limit: "2^32 - 1 per cell".to_owned(),
                })?;
                grid.set(m, n, mex);
            }
        }
        Ok(grid)
    }
}
