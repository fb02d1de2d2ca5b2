//! The pruned search (Beling and Rogalski): a position asked only whether
//! its value is in a requested set, and the aspiration at the top that
//! asks one value at a time.

use std::hash::{Hash, Hasher};

use rustc_hash::FxHasher;

use super::facts::{Facts, UNKNOWN};
use super::search::SplitSearch;
use super::sums::Folded;
use crate::error::GameError;
use crate::ruleset::{Options, Ruleset};

/// Sorts the options still to search (easiest first) and drops repeats
/// (different moves leaving the same parts); returns how many distinct
/// options there are in all, `known` being those already valued (each
/// known option counted, repeats included: an over-count only widens the
/// candidates).
fn distinct_open<P: Hash + Eq>(
    options: &Options<P>,
    open: &mut Vec<(u64, usize)>,
    known: usize,
) -> u64 {
    // Sorted by size then by hash, equal options are next to each other.
    let key = |&(size, i): &(u64, usize)| {
        let mut hasher = FxHasher::default();
        options.get(i).hash(&mut hasher);
        (size, hasher.finish())
    };
    open.sort_by_cached_key(key);
    open.dedup_by(|a, b| a.0 == b.0 && options.get(a.1) == options.get(b.1));
    // Among options of equal size, the ruleset's order (it may list the
    // likelier moves first).
    open.sort_unstable();
    (known + open.len()) as u64
}

/// The highest value in a non-empty set.
fn highest(set: u128) -> u32 {
    127 - set.leading_zeros()
}

/// The values 0..=k.
fn below_or_at(k: u32) -> u128 {
    if k >= 127 {
        u128::MAX
    } else {
        (1u128 << (k + 1)) - 1
    }
}

/// The set {x ^ c : x in set}, of the values below 128.
fn xor_translate(set: u128, c: u64) -> u128 {
    if c == 0 {
        return set;
    }
    if c >= 128 {
        return 0;
    }
    let mut out = 0u128;
    let mut rest = set;
    while rest != 0 {
        let x = u64::from(rest.trailing_zeros());
        rest &= rest - 1;
        out |= 1u128 << (x ^ c);
    }
    out
}

impl<R: Ruleset> SplitSearch<'_, R> {
    /// The value by aspiration: is it 0? 1? ..., each option asked only
    /// whether its value is the one in question ([`SplitSearch::in_set`]
    /// with one requested value). An option whose value comes back is
    /// not asked again; the first value no option has is the value.
    pub(super) fn aspiration(
        &mut self,
        position: &R::Position,
        facts: Facts,
    ) -> Result<u64, GameError> {
        self.in_frame(position, |this, options, open| {
            let value = this.aspiration_options(position, facts, options, open)?;
            Ok((value, Some(Facts::exact(value))))
        })
    }

    fn aspiration_options(
        &mut self,
        position: &R::Position,
        facts: Facts,
        options: &mut Options<R::Position>,
        open: &mut Vec<(u64, usize)>,
    ) -> Result<u64, GameError> {
        self.rules.options(position, options)?;
        if options.len() >= 127 {
            return self.search_instead(position, facts);
        }
        // Values some option has (found on the way): not the value.
        let mut taken: u128 = 0;
        let mut known = 0;
        for i in 0..options.len() {
            self.value_from_table(options, i, &mut taken, &mut known, open);
        }
        let count = distinct_open(options, open, known);
        if self.rules.known_not_zero(position) {
            taken |= 1;
        }
        'values: for r in 0..=count {
            if taken >> r & 1 == 1 {
                continue;
            }
            let mut k = 0;
            while k < open.len() {
                let (_, i) = open[k];
                match self.option_in_set(options.get(i), 1u128 << r)? {
                    Some(v) => {
                        open.remove(k);
                        if v < 128 {
                            taken |= 1u128 << v;
                        }
                        if v == r {
                            continue 'values;
                        }
                    }
                    None => k += 1,
                }
            }
            return Ok(r);
        }
        unreachable!("a value is at most the number of options")
    }

    /// The value of `position` if it is in `requested` (a set of values
    /// below 128, bit k for k), else `None` (or the value anyway, when it
    /// is known): Beling and Rogalski's pruned search. The value is the
    /// mex of the options' values, which is at most the number n of
    /// options, so it is one of the candidates {0, ..., n}. Each option
    /// takes one candidate away: its value, when that is a candidate
    /// other than the largest (and at most the largest requested value),
    /// else the largest candidate. Counting shows the value is never the
    /// one taken away when it is requested, so the search stops as soon
    /// as no requested value is a candidate, and each option is asked
    /// only for the candidates that matter: all but the largest, up to
    /// the largest requested. At the end the least candidate is the
    /// value, when it is at most the largest requested one (or when every
    /// option's value was found).
    pub(super) fn in_set(
        &mut self,
        position: &R::Position,
        requested: u128,
    ) -> Result<Option<u64>, GameError> {
        if let Some(v) = self.rules.known_value(position) {
            return Ok(Some(v.value()));
        }
        let facts = self.lookup(position);
        if facts.nimber != UNKNOWN {
            return Ok(Some(facts.nimber));
        }
        self.in_set_unknown(position, facts, requested)
    }

    /// [`SplitSearch::in_set`] of a position whose value neither the
    /// ruleset nor the table knows (`facts`: what the table does know).
    fn in_set_unknown(
        &mut self,
        position: &R::Position,
        facts: Facts,
        requested: u128,
    ) -> Result<Option<u64>, GameError> {
        // A value known not to be 0 is in the set when it is in the set
        // without 0.
        let mut requested = if self.rules.known_not_zero(position) {
            requested & !1
        } else {
            requested
        };
        // Values an earlier question ruled out.
        requested &= !u128::from(facts.not_values);
        if requested == 0 {
            return Ok(None);
        }
        self.in_frame(position, |this, options, open| {
            let value = this.in_set_options(position, facts, requested, options, open)?;
            Ok((value, value.map(Facts::exact)))
        })
    }

    fn in_set_options(
        &mut self,
        position: &R::Position,
        facts: Facts,
        requested: u128,
        options: &mut Options<R::Position>,
        open: &mut Vec<(u64, usize)>,
    ) -> Result<Option<u64>, GameError> {
        // The options are valued from the table as they are listed, and
        // the listing stops once they leave no requested value a
        // candidate: the value is at most the number of options (at most
        // the ruleset's bound) and none of the values found.
        let rules = self.rules;
        let within_bound = rules
            .option_count_bound(position)
            .filter(|&bound| bound < 127)
            .map_or(u128::MAX, |bound| below_or_at(bound as u32));
        let mut known_values: u128 = 0;
        let mut known = 0;
        // Each option's parts are looked up while the next option is
        // listed: their slots are fetched from memory in the meantime.
        let mut pending = None;
        let complete = rules.options_until(position, options, &mut |options, i| {
            for part in options.get(i) {
                self.table.prefetch(part);
            }
            if let Some(j) = pending.replace(i) {
                self.value_from_table(options, j, &mut known_values, &mut known, open);
            }
            within_bound & !known_values & requested != 0
        })?;
        if let Some(j) = pending.filter(|_| complete) {
            self.value_from_table(options, j, &mut known_values, &mut known, open);
        }
        if !complete {
            return Ok(None);
        }
        if options.len() >= 127 {
            // Candidates past what a set holds: the search heap by heap.
            return self.search_instead(position, facts).map(Some);
        }
        let up_to_largest_requested = below_or_at(highest(requested));
        let count = distinct_open(options, open, known);
        let mut candidates: u128 = below_or_at(count as u32) & !known_values;
        let mut exact = true;
        for &(_, i) in open.iter() {
            if candidates & requested == 0 {
                return Ok(None);
            }
            let largest = 1u128 << highest(candidates);
            let others = candidates & !largest;
            match self.option_in_set(options.get(i), others & up_to_largest_requested)? {
                Some(v) if v < 128 && others >> v & 1 == 1 => candidates &= !(1u128 << v),
                found => {
                    candidates &= !largest;
                    exact &= found.is_some();
                }
            }
        }
        let least = u64::from(candidates.trailing_zeros());
        if exact || up_to_largest_requested >> least & 1 == 1 {
            Ok(Some(least))
        } else {
            Ok(None)
        }
    }

    /// The value of the sum of `parts` if it is in `requested`, else
    /// `None` (or the value anyway, when found): known parts and pairs of
    /// equal parts fold away, every unknown part but the largest is
    /// valued, and the largest is asked for the requested values
    /// translated by what was folded.
    pub(super) fn option_in_set(
        &mut self,
        parts: &[R::Position],
        requested: u128,
    ) -> Result<Option<u64>, GameError> {
        Ok(match self.fold(parts)? {
            Folded::Known(total) => Some(total),
            Folded::Largest(largest, others, fresh) => {
                let requested = xor_translate(requested, others);
                match fresh {
                    Some(facts) => self.in_set_unknown(&parts[largest], facts, requested)?,
                    None => self.in_set(&parts[largest], requested)?,
                }
                .map(|v| v ^ others)
            }
        })
    }
}
