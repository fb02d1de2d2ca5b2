//! The heap-by-heap search (Lemoine and Viennot): whether a position has
//! a value, each question an outcome search of the position plus a heap;
//! the second method, and the one for positions with many options.

use super::facts::{Facts, UNKNOWN};
use super::search::{SearchMethod, SplitSearch};
use super::sums::Folded;
use crate::error::GameError;
use crate::ruleset::{Options, Ruleset};

impl<R: Ruleset> SplitSearch<'_, R> {
    /// Whether `position` has value `target`.
    pub(super) fn has_value(
        &mut self,
        position: &R::Position,
        target: u64,
    ) -> Result<bool, GameError> {
        if let Some(v) = self.rules.known_value(position) {
            return Ok(v.value() == target);
        }
        let facts = self.lookup(position);
        if facts.nimber != UNKNOWN {
            return Ok(facts.nimber == target);
        }
        if target == 0 && self.rules.known_not_zero(position) {
            return Ok(false);
        }
        if self.method == SearchMethod::Pruned && target < 128 {
            return Ok(self.in_set(position, 1u128 << target)? == Some(target));
        }
        if facts.rules_out(target) {
            return Ok(false);
        }
        self.search(position, facts, Some(target))
            .map(|found| found.1)
    }

    /// The search of a position with no known value. Values 0, 1, ...
    /// are tried in turn: value r is ruled out by an option of value r,
    /// and that option, whose value is now known, is left out of the
    /// rounds that follow; the first r no option has is the value. With
    /// `target`, the search stops at the target: the value is the target
    /// when every smaller r is ruled out and no option has the target.
    /// Returns the value when found (else [`UNKNOWN`]) and whether it is
    /// the target.
    pub(super) fn search(
        &mut self,
        position: &R::Position,
        known: Facts,
        target: Option<u64>,
    ) -> Result<(u64, bool), GameError> {
        self.in_frame(position, |this, options, open| {
            let (value, is_target, learned) =
                this.search_options(position, known, target, options, open)?;
            Ok((
                (value, is_target),
                (learned != Facts::NOTHING).then_some(learned),
            ))
        })
    }

    /// [`SplitSearch::search`] with its buffers: also returns what was
    /// learned of the value, for the table.
    fn search_options(
        &mut self,
        position: &R::Position,
        known: Facts,
        target: Option<u64>,
        options: &mut Options<R::Position>,
        open: &mut Vec<(u64, usize)>,
    ) -> Result<(u64, bool, Facts), GameError> {
        self.rules.options(position, options)?;
        let count = options.len() as u64;
        // A value is at most the number of options.
        if target.is_some_and(|t| t > count) {
            return Ok((UNKNOWN, false, Facts::NOTHING));
        }
        let not = |t: u64| Facts {
            not_values: if t < 64 { 1 << t } else { 0 },
            ..Facts::NOTHING
        };
        // The options whose value is known rule their values out at once
        // (and one of the target's settles the question); the others are
        // searched, the easiest (least total size) first.
        let mut ruled_out = std::mem::take(&mut self.ruled_out);
        ruled_out.clear();
        for (i, option) in options.iter().enumerate() {
            match self.known_sum(option) {
                Some(v) if Some(v) == target => {
                    self.ruled_out = ruled_out;
                    return Ok((UNKNOWN, false, not(v)));
                }
                Some(v) => ruled_out.push(v),
                None => {
                    let size = option.iter().map(|p| self.rules.search_size(p)).sum();
                    open.push((size, i));
                }
            }
        }
        ruled_out.sort_unstable();
        ruled_out.dedup();
        let known_values = ruled_out.clone();
        self.ruled_out = ruled_out;
        open.sort_unstable();
        let last = target.unwrap_or(count);
        for r in 0..=last {
            if known_values.binary_search(&r).is_ok() || (Some(r) != target && known.rules_out(r)) {
                continue;
            }
            if Some(r) == target {
                break;
            }
            let mut found = None;
            for (k, &(_, i)) in open.iter().enumerate() {
                if self.option_has_value(options.get(i), r)? {
                    found = Some(k);
                    break;
                }
            }
            match found {
                Some(k) => {
                    open.remove(k);
                }
                None => return Ok((r, false, Facts::exact(r))),
            }
        }
        let Some(target) = target else {
            // Every r up to the number of options is ruled out: impossible
            // (each option rules out at most one).
            unreachable!("a value is at most the number of options");
        };
        // Every smaller value is ruled out: the value is the target unless
        // an option has it.
        for &(_, i) in open.iter() {
            if self.option_has_value(options.get(i), target)? {
                let above = Facts {
                    lower: target + 1,
                    ..Facts::NOTHING
                };
                return Ok((UNKNOWN, false, above));
            }
        }
        Ok((target, true, Facts::exact(target)))
    }

    /// Whether the sum of `parts` has value `target`: the known parts
    /// (and pairs of equal parts, G + G = 0) are folded into the target;
    /// every unknown part but the largest is valued (smaller searches)
    /// and folded too; the largest is asked whether it has what is left.
    pub(super) fn option_has_value(
        &mut self,
        parts: &[R::Position],
        asked: u64,
    ) -> Result<bool, GameError> {
        match self.fold(parts)? {
            Folded::Known(total) => Ok(total == asked),
            Folded::Largest(largest, others, _) => self.has_value(&parts[largest], asked ^ others),
        }
    }
}
