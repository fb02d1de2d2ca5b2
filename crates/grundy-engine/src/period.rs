//! Periodicity of nim-sequences: detection in linear time, and proofs.
//!
//! **Detection.** A sequence is arithmetic-periodic with preperiod e,
//! period p and saltus s when `G(n + p) = G(n) + s` for all n >= e
//! (ordinary periodicity is s = 0). That holds exactly when the first
//! differences `D(n) = G(n + 1) - G(n)` satisfy `D(n + p) = D(n)` for
//! n >= e. Reversing D turns "periodic from e to the end" into "the
//! reversed sequence agrees with itself shifted by p for a prefix", and
//! the Z-function gives that prefix length for every p at once, so every
//! p gets its least e in O(N) total. A candidate counts only when its
//! periodic part is long: `2e + 2p <= N` (the pattern must fill the whole
//! second half, which also rules out short coincidences at the end); the
//! least such p is reported, with its least e.
//!
//! This module knows no game family: each family names its theorem as a
//! [`ProofRule`] (`HeapGame::proof_rule`), and the search here extends
//! any engine until the rule is satisfied.
//!
//! **Proofs.** Each rule names its theorem and the inequality checked:
//! * take-and-break codes with finitely many digits, no modifiers and at
//!   most k heaps left by a move (the Guy–Smith theorem and its
//!   generalisation): proved when `k*e + k*p + t + k <= N`, with t the
//!   index of the last non-zero digit and N the number of values computed
//!   (CGSuite's conservative test; the theorem itself needs
//!   `G(n + p) = G(n)` for `e <= n < 2e + p + t` when k = 2);
//! * finite subtraction sets with largest element s: G(n) depends only on
//!   the s values before it, so s consecutive repeats prove the period:
//!   proved when `e + p + s <= N`;
//! * Nim: `G(n) = n` (period 1, saltus 1), for every n;
//! * take-and-break codes with a saltus that is a power of two: the band
//!   test of [`crate::saltus`] (proved from the first e + p values, when
//!   its finite conditions hold);
//! * everything else (codes with `!`, `?` or `=`, infinite codes, all-but
//!   games, splitting games, scripts) is reported as observed, never
//!   proved.

use std::fmt;

use crate::error::GameError;
use crate::sequence::dense::{DenseEngine, Kernel, PeriodFill};
use crate::sequence::NimSequence;

/// An (arithmetic) periodicity: `G(n + period) = G(n) + saltus` for all
/// n >= preperiod.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The least e from which the pattern holds.
    pub preperiod: usize,
    /// The period p.
    pub period: usize,
    /// The saltus s (0 for ordinary periodicity).
    pub saltus: i64,
}

impl fmt::Display for Periodicity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "period {} from n = {}", self.period, self.preperiod)?;
        if self.saltus != 0 {
            write!(f, " with saltus {}", self.saltus)?;
        }
        Ok(())
    }
}

/// The Z-function: `z[i]` is the length of the longest common prefix of
/// `s` and `s[i..]` (`z[0]` is `s.len()`).
fn z_function<T: PartialEq>(s: &[T]) -> Vec<u32> {
    let n = s.len();
    let mut z = vec![0u32; n];
    if n == 0 {
        return z;
    }
    z[0] = n as u32;
    let (mut left, mut right) = (0usize, 0usize);
    for i in 1..n {
        let mut k = if i < right {
            (right - i).min(z[i - left] as usize)
        } else {
            0
        };
        while i + k < n && s[k] == s[i + k] {
            k += 1;
        }
        z[i] = k as u32;
        if i + k > right {
            left = i;
            right = i + k;
        }
    }
    z
}

/// The least period (and its least preperiod and saltus) of `values`
/// whose periodic part fills at least the second half: `2e + 2p <= N`.
#[must_use]
pub fn detect(values: &[i64]) -> Option<Periodicity> {
    detect_by(values.len(), |i| values[i])
}

/// [`detect`] on a stored nim-sequence, read in place (no widened copy).
#[must_use]
pub fn detect_in(sequence: &NimSequence) -> Option<Periodicity> {
    detect_by(sequence.len(), |i| sequence.get(i) as i64)
}

/// [`detect`] on the `n` values `value(0..n)`.
fn detect_by(n: usize, value: impl Fn(usize) -> i64) -> Option<Periodicity> {
    if n < 2 {
        return None;
    }
    // Reversed first differences.
    let reversed: Vec<i64> = (0..n - 1).rev().map(|i| value(i + 1) - value(i)).collect();
    let z = z_function(&reversed);
    let len = reversed.len();
    // Periods 1..=n/2 (and below len, the length of z).
    for (p, &matched) in z.iter().enumerate().skip(1).take(n / 2) {
        let tail = p + matched as usize;
        let e = len.saturating_sub(tail);
        if 2 * e + 2 * p <= n {
            return Some(Periodicity {
                preperiod: e,
                period: p,
                saltus: value(e + p) - value(e),
            });
        }
    }
    None
}

/// The theorem that can prove a game's periodicity, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofRule {
    /// A finite take-and-break code without modifiers leaving at most
    /// `heaps` heaps; `last_digit` is the index t of its last non-zero digit.
    TakeBreak {
        /// Most heaps a move leaves (k).
        heaps: u64,
        /// Index of the last non-zero digit (t).
        last_digit: u64,
    },
    /// A finite subtraction set with largest element `largest`.
    Subtraction {
        /// The largest amount (s).
        largest: u64,
    },
    /// Nim: G(n) = n.
    Nim,
    /// A take-and-break code whose arithmetic periods (a saltus) the band
    /// test of [`crate::saltus`] judges; ordinary periods are judged by
    /// `periodic`.
    Banded {
        /// The code's moves, as the band test reads them.
        moves: crate::saltus::CodeMoves,
        /// The rule for patterns without a saltus.
        periodic: Box<ProofRule>,
    },
    /// No theorem applies; the reason says why.
    Observed(String),
}

/// The number of values a rule needs to prove `found`, if it can.
#[must_use]
pub fn values_needed(rule: &ProofRule, found: &Periodicity) -> Option<u64> {
    let (e, p) = (found.preperiod as u64, found.period as u64);
    match rule {
        ProofRule::Banded { periodic, .. } if found.saltus == 0 => values_needed(periodic, found),
        ProofRule::Banded { .. } => Some(e + p),
        ProofRule::TakeBreak { heaps, last_digit } if found.saltus == 0 => {
            Some(heaps * e + heaps * p + last_digit + heaps)
        }
        ProofRule::Subtraction { largest } if found.saltus == 0 => Some(e + p + largest),
        _ => None,
    }
}

/// The outcome of a period search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodReport {
    /// The pattern found, if any.
    pub periodicity: Option<Periodicity>,
    /// `true` when a theorem proves the pattern for every n.
    pub proved: bool,
    /// The theorem used, or why nothing is proved, with the check's
    /// figures (JSON, `--verbose`).
    pub reason: String,
    /// The same in a student's words: which theorem, or why none, without
    /// the check's inequalities (the faces' default text).
    pub summary: String,
    /// How many values (G(0..N)) were computed.
    pub values_computed: usize,
}

/// Judges what `values` (all computed values of a game whose theorem is
/// `rule`) establish.
#[must_use]
pub fn judge(rule: &ProofRule, values: &NimSequence) -> PeriodReport {
    let n = values.len();
    if *rule == ProofRule::Nim {
        return PeriodReport {
            periodicity: Some(Periodicity {
                preperiod: 0,
                period: 1,
                saltus: 1,
            }),
            proved: true,
            reason: "Nim: G(n) = n for every n (Bouton), so period 1 with saltus 1".to_owned(),
            summary: "proved: in Nim a heap is worth its size, G(n) = n".to_owned(),
            values_computed: n,
        };
    }
    let Some(found) = detect_in(values) else {
        return PeriodReport {
            periodicity: None,
            proved: false,
            reason: format!("no period found in the first {n} values"),
            summary: format!("no repeating pattern in the first {n} values"),
            values_computed: n,
        };
    };
    let (e, p) = (found.preperiod, found.period);
    if let ProofRule::Banded { moves, periodic } = rule {
        if found.saltus == 0 {
            return judge(periodic, values);
        }
        let (proved, reason, summary) = match crate::saltus::prove(
            moves,
            values,
            crate::saltus::Pattern {
                preperiod: found.preperiod,
                period: found.period,
                saltus: found.saltus,
            },
        ) {
            Ok(proof) => (
                true,
                format!(
                    "band test for take-and-break codes with a saltus that is a power of two (grundy's own proof, after Howse-Nowakowski, TCS 313, 2004): the options' values checked band by band from G(0..{}), lower bands to depth {}",
                    proof.values_used, proof.depths_checked
                ),
                "proved: the values grow by the same step each period, and grundy's check of every move, band by band, shows they go on so for ever".to_owned(),
            ),
            Err(why) => (
                false,
                format!("observed up to n = {} only: the band test does not prove it: {why}", n - 1),
                format!("seen up to n = {}, not proved: the values grow by the same step each period there, but grundy's check of every move cannot show it goes on for ever in this game", n - 1),
            ),
        };
        return PeriodReport {
            periodicity: Some(found),
            proved,
            reason,
            summary,
            values_computed: n,
        };
    }
    let (proved, reason, summary) = match (rule, values_needed(rule, &found)) {
        (ProofRule::TakeBreak { heaps, last_digit }, Some(needed)) if needed <= n as u64 => (
            true,
            format!(
                "periodicity theorem for take-and-break codes (Guy-Smith, generalised to moves leaving up to k heaps): G(n+p) = G(n) checked for {e} <= n < {}, and k*e + k*p + t + k = {needed} <= {n} values computed (k = {heaps}, t = {last_digit})",
                n - p
            ),
            "proved by the periodicity theorem for take-and-break games (Guy and Smith): the pattern held for long enough that it must go on for ever".to_owned(),
        ),
        (ProofRule::Subtraction { largest }, Some(needed)) if needed <= n as u64 => (
            true,
            format!(
                "finite subtraction set with largest element s = {largest}: G(n) depends only on the previous s values, and G(n+p) = G(n) holds for s consecutive n from {e} (e + p + s = {needed} <= {n} values computed)"
            ),
            format!("proved: each value depends only on the {largest} before it, and those repeat, so the pattern goes on for ever"),
        ),
        (_, Some(needed)) => (
            false,
            format!("observed up to n = {}; the proof needs {needed} values and only {n} were computed", n - 1),
            format!("seen up to n = {}, not yet proved: the theorem needs {needed} values (ask for more with --max)", n - 1),
        ),
        (ProofRule::Observed(why), None) => (
            false,
            format!("observed up to n = {} only: {why}", n - 1),
            format!("seen up to n = {}, not proved: {why}", n - 1),
        ),
        (_, None) => (
            false,
            format!("observed up to n = {} only: the pattern has a saltus, which no theorem here covers for this game", n - 1),
            format!("seen up to n = {}, not proved: the values grow each period, and no theorem here covers that for this game", n - 1),
        ),
    };
    PeriodReport {
        periodicity: Some(found),
        proved,
        reason,
        summary,
        values_computed: n,
    }
}

/// Values computed between two calls of a progress callback.
const PROGRESS_CHUNK: usize = 1 << 16;

/// Extends `engine`'s values, doubling their number from `start`, until
/// `rule` proves a period or `max` values are reached, calling
/// `progress(done, target)` as values are computed (target: what the
/// current round aims at) after each step of about a quarter to half a
/// second; an error from `progress` (a deadline, an interrupt) stops the
/// search with that error. Returns the report and the values.
pub fn find_period_in<K: Kernel>(
    mut engine: DenseEngine<K>,
    rule: &ProofRule,
    start: usize,
    max: usize,
    progress: &mut dyn FnMut(usize, usize) -> Result<(), GameError>,
) -> Result<(PeriodReport, NimSequence), GameError> {
    let mut target = start.clamp(1, max.max(1));
    let mut steps = crate::sequence::Stepper::new(PROGRESS_CHUNK);
    // The pattern the last finished round saw, unproved: a stop says it
    // (a script's period is plain to see though nothing can prove it).
    let mut seen: Option<(Periodicity, usize)> = None;
    loop {
        while engine.values().len() < target {
            let done = engine.values().len();
            let next = (done + steps.next_step()).min(target);
            engine.extend_to(next)?;
            progress(next, target).map_err(|error| match seen {
                Some((found, upto)) => error.established(format!(
                    "the values up to n = {} showed {found}, observed, not proved",
                    upto - 1
                )),
                None => error,
            })?;
        }
        let report = judge(rule, engine.values());
        seen = report
            .periodicity
            .filter(|_| !report.proved)
            .map(|found| (found, report.values_computed));
        if report.proved || target >= max {
            return Ok((report, engine.into_values()));
        }
        // Jump straight to what the proof needs when a pattern is in sight.
        let needed = report
            .periodicity
            .and_then(|found| values_needed(rule, &found))
            .map_or(0, |v| usize::try_from(v).unwrap_or(usize::MAX));
        target = (target * 2).max(needed).min(max);
    }
}

/// G(n) for any n, from values covering a proved periodicity.
pub fn value_from_period(
    values: &NimSequence,
    periodicity: &Periodicity,
    n: u64,
) -> Result<u64, GameError> {
    if let Ok(index) = usize::try_from(n) {
        if index < values.len() {
            return Ok(values.get(index));
        }
    }
    let (e, p) = (periodicity.preperiod as u64, periodicity.period as u64);
    let (q, r) = ((n - e) / p, (n - e) % p);
    let base = values.get((e + r) as usize) as i128;
    let value = base + i128::from(periodicity.saltus) * i128::from(q);
    u64::try_from(value).map_err(|_| GameError::Limit {
        what: format!("G({n})"),
        limit: "2^64".to_owned(),
    })
}

/// The first count of values at which [`PeriodFilled`] looks for a
/// proved period; it looks again each time the count doubles.
const FILL_FIRST_CHECK: usize = 1024;

/// The last count at which [`PeriodFilled`] looks: a check holds about 12
/// bytes per value for a moment, and a game whose period is not proved
/// by then is run by its engine alone.
const FILL_LAST_CHECK: usize = 1 << 22;

/// A kernel that stops computing once the game's theorem proves a period
/// and fills every later value from it.
///
/// Why: a proved period makes the rest of the sequence a copy, so a long
/// run of Dawson's chess (period 34, proved from 1024 values) costs what
/// its output costs, not what the engine's quadratic work would. The
/// kernel judges the values at 1024, 2048, 4096, ... up to 2^22 with
/// [`judge`] (the same test `period` reports); until a proof, it is the
/// inner kernel exactly, and after it [`Kernel::period_fill`] says from
/// which value on the values were filled and by which theorem.
pub struct PeriodFilled<K> {
    inner: K,
    rule: ProofRule,
    next_check: usize,
    fill: Option<PeriodFill>,
}

impl<K: Kernel> PeriodFilled<K> {
    /// Wraps `inner`, whose game's periods `rule` proves.
    pub fn new(inner: K, rule: ProofRule) -> Self {
        PeriodFilled {
            inner,
            rule,
            next_check: FILL_FIRST_CHECK,
            fill: None,
        }
    }

    /// Judges the values so far; from a proof on, values are filled.
    fn check(&mut self, values: &NimSequence) {
        let report = judge(&self.rule, values);
        if let (true, Some(found)) = (report.proved, report.periodicity) {
            self.fill = Some(PeriodFill {
                preperiod: found.preperiod,
                period: found.period,
                saltus: found.saltus,
                filled_from: values.len(),
                reason: report.reason,
            });
        }
    }

    /// The value the proved period gives for the next position.
    fn filled(fill: &PeriodFill, values: &NimSequence) -> Result<u64, GameError> {
        let n = values.len();
        let earlier = values.get(n - fill.period) as i128;
        u64::try_from(earlier + i128::from(fill.saltus)).map_err(|_| GameError::Limit {
            what: format!("G({n})"),
            limit: "2^64".to_owned(),
        })
    }
}

impl<K: Kernel> Kernel for PeriodFilled<K> {
    fn next_value(&mut self, values: &NimSequence) -> Result<u64, GameError> {
        match &self.fill {
            Some(fill) => Self::filled(fill, values),
            None => self.inner.next_value(values),
        }
    }

    fn restore(&mut self, values: &NimSequence) {
        self.inner.restore(values);
        self.fill = None;
        self.next_check = FILL_FIRST_CHECK;
        while self.next_check <= values.len() {
            self.next_check *= 2;
        }
        if values.len() >= FILL_FIRST_CHECK && values.len() <= FILL_LAST_CHECK {
            self.check(values);
        }
    }

    fn extend(&mut self, values: &mut NimSequence, target: usize) -> Result<(), GameError> {
        while values.len() < target {
            if let Some(fill) = &self.fill {
                while values.len() < target {
                    values.push(Self::filled(fill, values)?)?;
                }
                return Ok(());
            }
            let checking = self.next_check <= FILL_LAST_CHECK;
            let stop = if checking {
                target.min(self.next_check)
            } else {
                target
            };
            self.inner.extend(values, stop)?;
            if checking && values.len() >= self.next_check {
                self.next_check *= 2;
                self.check(values);
            }
        }
        Ok(())
    }

    fn rare_count(&self) -> Option<usize> {
        self.inner.rare_count()
    }

    fn period_fill(&self) -> Option<&PeriodFill> {
        self.fill.as_ref()
    }
}

/// Positions before the preperiod whose values break the pattern: where
/// `G(n)` differs from the value the periodic part, extended backwards,
/// would give.
#[must_use]
pub fn exceptions(values: &NimSequence, periodicity: &Periodicity) -> Vec<usize> {
    let (e, p, s) = (
        periodicity.preperiod as i64,
        periodicity.period as i64,
        periodicity.saltus,
    );
    (0..periodicity.preperiod)
        .filter(|&n| {
            let offset = n as i64 - e;
            let q = offset.div_euclid(p);
            let r = offset.rem_euclid(p);
            let expected = values.get((e + r) as usize) as i64 + s * q;
            values.get(n) as i64 != expected
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn z_function_small() {
        assert_eq!(z_function(b"aabxaab"), vec![7, 1, 0, 0, 3, 1, 0]);
        assert_eq!(z_function(b"aaaa"), vec![4, 3, 2, 1]);
    }

    #[test]
    fn detects_simple_patterns() {
        let periodic: Vec<i64> = (0..100).map(|n| [0, 1, 2][n % 3]).collect();
        assert_eq!(
            detect(&periodic),
            Some(Periodicity {
                preperiod: 0,
                period: 3,
                saltus: 0
            })
        );
        let mut with_pre = vec![9, 9, 9];
        with_pre.extend((0..100).map(|n| [4, 5][n % 2]));
        assert_eq!(
            detect(&with_pre),
            Some(Periodicity {
                preperiod: 3,
                period: 2,
                saltus: 0
            })
        );
        let nim: Vec<i64> = (0..50).collect();
        assert_eq!(
            detect(&nim),
            Some(Periodicity {
                preperiod: 0,
                period: 1,
                saltus: 1
            })
        );
        // Too short a tail is not a period.
        let mut noise: Vec<i64> = (0..100).map(|n| (n * n % 17) as i64).collect();
        noise.extend([1, 1]);
        assert_eq!(detect(&noise), None);
    }
}
