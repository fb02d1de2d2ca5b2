//! Sums as sums: pairs of equal parts cancel, parts of known value fold
//! into the question, and an option all of whose parts are known is
//! valued from the table without a search.

use super::facts::{Facts, UNKNOWN};
use super::search::SplitSearch;
use crate::error::GameError;
use crate::ruleset::{Options, Ruleset};

/// A sum made ready for a question ([`SplitSearch::fold`]).
pub(super) enum Folded {
    /// Every part's value is known: their XOR.
    Known(u64),
    /// The largest unknown part, the XOR of the others' values, and what
    /// the table knew of the largest when nothing was searched since it
    /// was looked up (`None` when other parts were searched meanwhile,
    /// which may have valued it).
    Largest(usize, u64, Option<Facts>),
}

/// The places of the parts of a sum that are left when each pair of equal
/// parts next to each other cancels (G + G = 0), in order.
fn unpaired<P: PartialEq>(parts: &[P]) -> impl Iterator<Item = usize> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        while i + 1 < parts.len() && parts[i] == parts[i + 1] {
            i += 2;
        }
        let at = i;
        i += 1;
        (at < parts.len()).then_some(at)
    })
}

impl<R: Ruleset> SplitSearch<'_, R> {
    /// A sum made ready for a question about its value: pairs of equal
    /// parts cancel (G + G = 0); when every other part is known, its total;
    /// else the largest unknown part, and the XOR of every other part's
    /// value (the smaller unknown parts valued here, each a smaller
    /// search).
    pub(super) fn fold(&mut self, parts: &[R::Position]) -> Result<Folded, GameError> {
        let mut total = 0u64;
        let mut largest: Option<(u64, usize, Facts)> = None;
        let mut unknown = 0;
        for i in unpaired(parts) {
            let facts = self.known_facts(&parts[i]);
            if facts.nimber == UNKNOWN {
                unknown += 1;
                let size = self.rules.search_size(&parts[i]);
                if largest.is_none_or(|(s, _, _)| size > s) {
                    largest = Some((size, i, facts));
                }
            } else {
                total ^= facts.nimber;
            }
        }
        let Some((_, largest, facts)) = largest else {
            return Ok(Folded::Known(total));
        };
        if unknown == 1 {
            return Ok(Folded::Largest(largest, total, Some(facts)));
        }
        if unknown > 1 {
            // Every part but the largest, known or not, folded afresh.
            total = 0;
            for i in unpaired(parts) {
                if i != largest {
                    total ^= self.nimber(&parts[i])?;
                }
            }
        }
        Ok(Folded::Largest(largest, total, None))
    }

    /// A part's value when the ruleset or the table knows it.
    pub(super) fn known(&mut self, position: &R::Position) -> Option<u64> {
        let v = self.known_facts(position).nimber;
        (v != UNKNOWN).then_some(v)
    }

    /// What the ruleset or the table knows of a part's value.
    pub(super) fn known_facts(&mut self, position: &R::Position) -> Facts {
        match self.rules.known_value(position) {
            Some(v) => Facts::exact(v.value()),
            None => self.lookup(position),
        }
    }

    /// Option `i` valued from the table: its value added to `known_values`
    /// (and counted in `known`) when every part is known, else the option
    /// added to `open` with its size.
    pub(super) fn value_from_table(
        &mut self,
        options: &Options<R::Position>,
        i: usize,
        known_values: &mut u128,
        known: &mut usize,
        open: &mut Vec<(u64, usize)>,
    ) {
        let option = options.get(i);
        match self.known_sum(option) {
            Some(v) => {
                *known += 1;
                if v < 128 {
                    *known_values |= 1u128 << v;
                }
            }
            None => {
                let size = option.iter().map(|p| self.rules.search_size(p)).sum();
                open.push((size, i));
            }
        }
    }

    /// The value of a sum when every part's value is known (equal parts
    /// next to each other cancel without being looked up).
    pub(super) fn known_sum(&mut self, parts: &[R::Position]) -> Option<u64> {
        let mut total = 0;
        for i in unpaired(parts) {
            total ^= self.known(&parts[i])?;
        }
        Some(total)
    }
}
