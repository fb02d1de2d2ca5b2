//! What the search knows of a position's value (the value, a lower bound,
//! values ruled out), and the eight bytes a table entry keeps it in.

/// A value not yet known.
pub(super) const UNKNOWN: u64 = u64::MAX;

/// What the table knows of a position's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Facts {
    /// The value, or [`UNKNOWN`].
    pub(super) nimber: u64,
    /// The value is at least this.
    pub(super) lower: u64,
    /// Bit k: the value is not k.
    pub(super) not_values: u64,
}

impl Facts {
    pub(super) const NOTHING: Facts = Facts {
        nimber: UNKNOWN,
        lower: 0,
        not_values: 0,
    };

    pub(super) fn exact(nimber: u64) -> Facts {
        Facts {
            nimber,
            ..Facts::NOTHING
        }
    }

    /// Whether the value is known not to be `r`.
    pub(super) fn rules_out(&self, r: u64) -> bool {
        r < self.lower || (r < 64 && self.not_values >> r & 1 == 1)
    }

    pub(super) fn merge(&mut self, other: Facts) {
        if other.nimber != UNKNOWN {
            *self = Facts::exact(other.nimber);
        } else if self.nimber == UNKNOWN {
            self.lower = self.lower.max(other.lower);
            self.not_values |= other.not_values;
        }
    }
}

/// [`Facts`] in eight bytes, so that more of the table stays in the
/// processor's caches (every lookup is a random access into it): a value
/// below `u16::MAX` (a larger one is not stored), the lower bound capped
/// at `u16::MAX` and the values ruled out below 32 (the rest forgotten,
/// which only weakens what the table says, never makes it wrong).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PackedFacts {
    nimber: u16,
    lower: u16,
    not_values: u32,
}

impl PackedFacts {
    const UNKNOWN: u16 = u16::MAX;

    /// The facts packed, or `None` for a value too large to keep.
    pub(super) fn pack(facts: Facts) -> Option<PackedFacts> {
        let nimber = if facts.nimber == UNKNOWN {
            PackedFacts::UNKNOWN
        } else {
            u16::try_from(facts.nimber)
                .ok()
                .filter(|&v| v != PackedFacts::UNKNOWN)?
        };
        Some(PackedFacts {
            nimber,
            lower: u16::try_from(facts.lower).unwrap_or(u16::MAX),
            not_values: facts.not_values as u32,
        })
    }

    pub(super) fn unpack(self) -> Facts {
        if self.nimber != PackedFacts::UNKNOWN {
            return Facts::exact(u64::from(self.nimber));
        }
        Facts {
            nimber: UNKNOWN,
            lower: u64::from(self.lower),
            not_values: u64::from(self.not_values),
        }
    }

    pub(super) fn value(self) -> Option<u64> {
        (self.nimber != PackedFacts::UNKNOWN).then_some(u64::from(self.nimber))
    }
}

#[cfg(test)]
mod tests {
    use super::{Facts, PackedFacts, UNKNOWN};

    #[test]
    fn packed_facts_keep_what_fits_and_only_weaken_the_rest() {
        for v in [0, 1, 63, 1000, u64::from(u16::MAX) - 1] {
            let packed = PackedFacts::pack(Facts::exact(v)).expect("fits");
            assert_eq!(packed.unpack(), Facts::exact(v));
            assert_eq!(packed.value(), Some(v));
        }
        // A value too large is not stored at all (never a wrong one).
        assert_eq!(PackedFacts::pack(Facts::exact(u64::from(u16::MAX))), None);
        assert_eq!(PackedFacts::pack(Facts::exact(1 << 40)), None);
        let bounds = Facts {
            nimber: UNKNOWN,
            lower: 1 << 20,
            not_values: 1 << 5 | 1 << 40,
        };
        let back = PackedFacts::pack(bounds).expect("no value").unpack();
        assert_eq!(back.nimber, UNKNOWN);
        // The bound is capped and the exclusion past 32 forgotten: every
        // value the packed facts rule out, the full ones rule out too.
        for r in 0..100_000 {
            if back.rules_out(r) {
                assert!(bounds.rules_out(r), "{r}");
            }
        }
        assert!(back.rules_out(5) && back.rules_out(60_000) && !back.rules_out(70_000));
    }
}
