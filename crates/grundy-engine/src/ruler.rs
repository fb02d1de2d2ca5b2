//! Ruler regularity: an observed pattern of nim-sequences that are
//! arithmetic-periodic everywhere but on one residue class, where the
//! values dip by amounts that follow the ruler function (the 2-adic
//! valuation).
//!
//! Grossman and Nowakowski (*A ruler regularity in hexadecimal games*,
//! Games of No Chance 4, MSRI Publications 63 (2015) 115–128) found such a
//! regularity in 0.2048 and an infinite family of hexadecimal games built
//! on it. We could read only their abstract, so the shape detected here is
//! the one grundy's own computations of 0.2048 show, written generally:
//!
//! * for n >= n0 and n ≢ r (mod p): `G(n + p) = G(n) + s` (s >= 1);
//! * on the class n = r + p·m (m >= m0), with k = v₂(m − c) the 2-adic
//!   valuation of m − c (m > c): `G(n) = s·m + L_k`, one offset per level
//!   k, except, optionally, where m − c is a power of two (the first m of
//!   its level), where `G(n) = s·m + F` for one offset F shared by every
//!   level.
//!
//! 0.2048 has p = 13, s = 4, r = 2, c = 1, L_k = −2 − 2^(k+3) and F = 1
//! (checked on its first 20000 values): `G(13m + 2) = 4m − 2 − 2^(v₂(m−1)+3)`
//! unless m − 1 is a power of two, where it is 4m + 1.
//!
//! Nothing here proves the pattern: it is reported as observed in the
//! values computed, with the levels seen. A level is counted as seen when
//! at least two of its members other than the first agree, and a pattern
//! needs [`MIN_LEVELS`] such levels with different offsets (so that it is
//! not a plain arithmetic period of p·2^k in disguise).

use serde::Serialize;

use crate::sequence::NimSequence;

/// The largest period tried.
pub const MAX_PERIOD: usize = 128;

/// The fewest levels, each seen at least twice beyond its first member,
/// that make a pattern.
pub const MIN_LEVELS: usize = 4;

/// The largest centre c tried (m − c is the argument of the valuation).
const MAX_CENTRE: i64 = 8;

/// A ruler regularity seen in a nim-sequence (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulerRegularity {
    /// The period p of the classes that are arithmetic-periodic.
    pub period: usize,
    /// Their saltus s.
    pub saltus: u64,
    /// From where `G(n + p) = G(n) + s` holds off the ruler class.
    pub from: usize,
    /// The residue r of the ruler class (n ≡ r mod p), r < p.
    pub class: usize,
    /// The centre c: the level of n = r + p·m is v₂(m − c).
    pub centre: i64,
    /// The first m of the ruler class that follows the pattern.
    pub from_m: i64,
    /// `levels[k]` = L_k: G(r + p·m) = s·m + L_k when v₂(m − c) = k
    /// (`None`: a level seen only at its first member).
    pub levels: Vec<Option<i64>>,
    /// F: the offset where m − c is a power of two, when it differs from
    /// the level's own.
    pub first_of_level: Option<i64>,
    /// The levels as `b − 2^(k + a)`, `[a, b]`, when every level seen fits.
    pub level_formula: Option<[i64; 2]>,
    /// How many values the pattern was checked on.
    pub values_checked: usize,
    /// The pattern in words (what `Display` writes), for faces that show
    /// it as it is.
    pub statement: String,
}

impl RulerRegularity {
    /// G(n) as the pattern gives it, for n on the ruler class from
    /// `from_m` (`None` elsewhere, or on a level not seen).
    #[must_use]
    pub fn value_on_class(&self, n: usize) -> Option<i64> {
        if n % self.period != self.class {
            return None;
        }
        let m = ((n - self.class) / self.period) as i64;
        if m < self.from_m || m <= self.centre {
            return None;
        }
        let d = m - self.centre;
        let s = self.saltus as i64;
        if d.count_ones() == 1 {
            if let Some(f) = self.first_of_level {
                return Some(s * m + f);
            }
        }
        let k = d.trailing_zeros() as usize;
        self.levels.get(k).copied().flatten().map(|l| s * m + l)
    }
}

/// The pattern in words (`statement` holds it for the JSON faces): the
/// arithmetic classes, then the ruler class's rule.
impl std::fmt::Display for RulerRegularity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (p, s, r, c) = (self.period, self.saltus, self.class, self.centre);
        let m_minus_c = if c == 0 {
            "m".to_owned()
        } else {
            format!("m − {c}")
        };
        write!(
            f,
            "G(n + {p}) = G(n) + {s} from n = {} except on n ≡ {r} (mod {p}); there, with n = {p}m + {r} and k = v₂({m_minus_c}), G(n) = ",
            self.from
        )?;
        let signed = |x: i64| {
            if x < 0 {
                format!(" − {}", -x)
            } else if x > 0 {
                format!(" + {x}")
            } else {
                String::new()
            }
        };
        match self.level_formula {
            Some([a, b]) => write!(f, "{s}m{} − 2^(k + {a})", signed(b))?,
            None => {
                let shown: Vec<String> = self
                    .levels
                    .iter()
                    .take(6)
                    .map(|l| l.map_or("?".to_owned(), |l| l.to_string()))
                    .collect();
                let more = if self.levels.len() > 6 { ", …" } else { "" };
                write!(f, "{s}m + L_k, L = {}{more}", shown.join(", "))?;
            }
        }
        write!(f, " from m = {}", self.from_m)?;
        if let Some(first) = self.first_of_level {
            write!(
                f,
                ", except {s}m{} where {m_minus_c} is a power of two",
                signed(first)
            )?;
        }
        let seen = self.levels.iter().filter(|l| l.is_some()).count();
        write!(
            f,
            " ({seen} levels seen in G(0..{}))",
            self.values_checked.saturating_sub(1)
        )
    }
}

/// The ruler regularity of `values`, if they show one (the smallest
/// period, then the smallest centre).
#[must_use]
pub fn detect(values: &[u64]) -> Option<RulerRegularity> {
    detect_by(values.len(), |i| values[i] as i64)
}

/// [`detect`] on a stored nim-sequence, read in place (no widened copy).
#[must_use]
pub fn detect_in(sequence: &NimSequence) -> Option<RulerRegularity> {
    detect_by(sequence.len(), |i| sequence.get(i) as i64)
}

/// [`detect`] on the `n` values `value(0..n)`.
fn detect_by(n: usize, value: impl Fn(usize) -> i64) -> Option<RulerRegularity> {
    (2..=MAX_PERIOD.min(n / 16)).find_map(|p| detect_with_period(n, &value, p))
}

fn detect_with_period(
    n: usize,
    value: &impl Fn(usize) -> i64,
    p: usize,
) -> Option<RulerRegularity> {
    // The saltus of every class in the second half; one class must break.
    let half = n / 2;
    let mut saltus: Option<i64> = None;
    let mut broken: Option<usize> = None;
    let start = half.max(p);
    for rho in 0..p {
        let mut first = None;
        let mut constant = true;
        // The class's members from `start` on.
        let from_rho = start + (rho + p - start % p) % p;
        for i in (from_rho..n).step_by(p) {
            let d = value(i) - value(i - p);
            match first {
                None => first = Some(d),
                Some(f) if f != d => {
                    constant = false;
                    break;
                }
                Some(_) => {}
            }
        }
        match (constant, first) {
            (true, Some(d)) => match saltus {
                None => saltus = Some(d),
                Some(s) if s != d => return None,
                Some(_) => {}
            },
            (false, _) if broken.is_none() => broken = Some(rho),
            (false, _) => return None,
            (true, None) => return None,
        }
    }
    let (s, r) = (saltus.filter(|&s| s >= 1)?, broken?);
    // n0: past the last break of the other classes.
    let from = (p..n)
        .rev()
        .find(|&i| i % p != r && value(i) != value(i - p) + s)
        .map_or(0, |i| i + 1 - p);
    let max_m = ((n - 1 - r) / p) as i64;
    let offset = |m: i64| value(r + p * m as usize) - s * m;
    (0..=MAX_CENTRE).find_map(|c| {
        let pattern = ruler_levels(c, max_m, &offset)?;
        let mut found = RulerRegularity {
            period: p,
            saltus: s as u64,
            from,
            class: r,
            centre: c,
            from_m: pattern.from_m,
            level_formula: level_formula(&pattern.levels),
            levels: pattern.levels,
            first_of_level: pattern.first,
            values_checked: n,
            statement: String::new(),
        };
        found.statement = found.to_string();
        Some(found)
    })
}

struct Levels {
    levels: Vec<Option<i64>>,
    first: Option<i64>,
    from_m: i64,
}

/// The levels of the class's offsets around centre c, from the members
/// in the last three quarters of the class, extended back as far as they
/// hold; `None` when they do not make a ruler pattern.
fn ruler_levels(c: i64, max_m: i64, offset: &impl Fn(i64) -> i64) -> Option<Levels> {
    let start = (max_m / 4).max(c + 1);
    if start > max_m {
        return None;
    }
    let level_count = 64 - (max_m - c).leading_zeros() as usize;
    let mut levels: Vec<Option<i64>> = vec![None; level_count];
    let mut seen = vec![0usize; level_count];
    let mut first: Option<i64> = None;
    // Members other than the first of their level fix L_k; the first
    // ones F.
    for m in start..=max_m {
        let d = m - c;
        if d.count_ones() == 1 {
            continue;
        }
        let k = d.trailing_zeros() as usize;
        let u = offset(m);
        match levels[k] {
            None => levels[k] = Some(u),
            Some(l) if l != u => return None,
            Some(_) => {}
        }
        seen[k] += 1;
    }
    // The first members in range: all follow their levels, seen beyond
    // them (no F), or all share one offset F (as `value_on_class` reads
    // them).
    let firsts: Vec<(usize, i64)> = (0..level_count)
        .map(|k| (k, c + (1i64 << k)))
        .filter(|&(_, m)| (start..=max_m).contains(&m))
        .map(|(k, m)| (k, offset(m)))
        .collect();
    let follow = firsts.iter().all(|&(k, u)| levels[k] == Some(u));
    if !follow {
        let f = firsts[0].1;
        if firsts.iter().any(|&(_, u)| u != f) {
            return None;
        }
        first = Some(f);
    }
    // Extend back while the members fit (a level first met here is set
    // by its member).
    let mut from_m = start;
    for m in (c + 1..start).rev() {
        let d = m - c;
        let k = d.trailing_zeros() as usize;
        let u = offset(m);
        let fits = if d.count_ones() == 1 {
            first.map_or(levels[k].is_none_or(|l| l == u), |f| f == u)
        } else {
            match levels[k] {
                None => {
                    levels[k] = Some(u);
                    true
                }
                Some(l) => l == u,
            }
        };
        if !fits {
            break;
        }
        if d.count_ones() != 1 {
            seen[k] += 1;
        }
        from_m = m;
    }
    // Levels seen only at a member the extension rejected stay unset.
    let well_seen: Vec<i64> = levels
        .iter()
        .zip(&seen)
        .filter(|&(_, &count)| count >= 2)
        .filter_map(|(l, _)| *l)
        .collect();
    let mut distinct = well_seen.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if well_seen.len() < MIN_LEVELS || distinct.len() < MIN_LEVELS {
        return None;
    }
    while levels.last() == Some(&None) {
        levels.pop();
    }
    Some(Levels {
        levels,
        first,
        from_m,
    })
}

/// `[a, b]` with L_k = b − 2^(k + a) for every level seen, if there are
/// such.
fn level_formula(levels: &[Option<i64>]) -> Option<[i64; 2]> {
    let (l0, l1) = (levels.first().copied()??, levels.get(1).copied()??);
    let step = l0 - l1;
    if step <= 0 || step.count_ones() != 1 {
        return None;
    }
    let a = i64::from(step.trailing_zeros());
    let b = l0 + step;
    let fits = levels.iter().enumerate().all(|(k, l)| {
        l.is_none_or(|l| {
            // 2^(k + a) and b − 2^(k + a) in range (no shift into the
            // sign bit, no overflow), or the level does not fit.
            1i64.checked_shl((k as i64 + a) as u32)
                .filter(|&power| power > 0)
                .and_then(|power| b.checked_sub(power))
                .is_some_and(|stated| l == stated)
        })
    });
    fits.then_some([a, b])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sequence made by the pattern itself (arithmetic elsewhere, with
    /// periodic low parts), to check the detector reads its parameters
    /// back.
    fn synthetic(n: usize, p: usize, s: i64, r: usize, c: i64, a: i64, b: i64) -> Vec<u64> {
        (0..n)
            .map(|i| {
                let m = (i / p) as i64;
                let base = s * m + (i % p) as i64 % 3 + 200;
                if i % p != r || m <= c {
                    return base as u64;
                }
                let d = m - c;
                // Non-negative: m − c >= 3·2^k off the first members.
                let v = if d.count_ones() == 1 {
                    s * m + 1
                } else {
                    s * m + b - (1i64 << (i64::from(d.trailing_zeros()) + a))
                };
                v as u64
            })
            .collect()
    }

    #[test]
    fn a_synthetic_ruler_is_read_back() {
        let values = synthetic(4000, 7, 2, 3, 0, 2, 1);
        let found = detect(&values).expect("a ruler pattern");
        assert_eq!((found.period, found.saltus, found.class), (7, 2, 3));
        assert_eq!(found.centre, 0);
        assert_eq!(found.level_formula, Some([2, 1]));
        assert_eq!(found.first_of_level, Some(1));
        for (i, &v) in values.iter().enumerate() {
            if let Some(predicted) = found.value_on_class(i) {
                assert_eq!(predicted, v as i64, "n = {i}");
            }
        }
    }

    #[test]
    fn arithmetic_and_plain_periodic_sequences_are_not_rulers() {
        let arithmetic: Vec<u64> = (0..3000u64).map(|i| i / 5 * 3 + i % 5).collect();
        assert_eq!(detect(&arithmetic), None);
        let periodic: Vec<u64> = (0..3000u64)
            .map(|i| [0, 1, 1, 2, 0, 3][i as usize % 6])
            .collect();
        assert_eq!(detect(&periodic), None);
    }

    #[test]
    fn one_changed_value_in_the_class_is_a_break_not_a_ruler_level() {
        // A value off the pattern late in the class: the levels no longer
        // agree, and the detector says nothing rather than a wrong rule.
        let mut values = synthetic(4000, 7, 2, 3, 0, 2, 1);
        let late = 3 + 7 * 500; // m = 500: level 2, not a first member
        values[late] += 1;
        assert_eq!(detect(&values), None);
    }
}
