//! Nim-sequences: the values G(0), G(1), … of a heap game, stored as
//! narrowly as the values allow, and the engines that compute them.

pub mod dense;
pub mod moves;
pub mod pair_search;
pub mod sparse;
pub mod store;

use crate::error::GameError;

/// Which nim-sequence engine computes a heap game's values.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum EngineChoice {
    /// The sparse engine where it applies (it computes densely until a
    /// sparse space shows up), the dense engine otherwise.
    #[default]
    Auto,
    /// The dense engine.
    Dense,
    /// The sparse engine, with the mask given or chosen automatically.
    Sparse {
        /// A fixed mask, or `None` to choose it from the values.
        mask: Option<u64>,
    },
}

/// The sizes of the steps of a long run (values computed between two
/// reports, writes or checkpoints): from 64 values, doubling while a step
/// takes under a quarter of a second, halving when one takes over a
/// second, up to `most`. A fast game reaches `most` within a few steps (so
/// the steps cost nothing), and a slow one (cubic, a script) still reports
/// progress and checkpoints every second or so.
#[derive(Clone, Debug)]
pub struct Stepper {
    step: usize,
    most: usize,
    last: std::time::Instant,
}

impl Stepper {
    /// Steps of at most `most` values.
    #[must_use]
    pub fn new(most: usize) -> Stepper {
        Stepper {
            step: 64.min(most.max(1)),
            most: most.max(1),
            last: std::time::Instant::now(),
        }
    }

    /// The size of the next step, given how long the last one took.
    pub fn next_step(&mut self) -> usize {
        let took = self.last.elapsed();
        if took < std::time::Duration::from_millis(250) {
            self.step = (self.step * 2).min(self.most);
        } else if took > std::time::Duration::from_secs(1) {
            self.step = (self.step / 2).max(1);
        }
        self.last = std::time::Instant::now();
        self.step
    }
}

/// Values G(0..n) of a heap game, stored in the narrowest integer type that
/// holds the largest value so far (u8, then u16, then u32), widening in
/// place when a value outgrows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NimSequence {
    /// Every value below 256.
    U8(Vec<u8>),
    /// Every value below 65536.
    U16(Vec<u16>),
    /// Every value below 2^32.
    U32(Vec<u32>),
}

impl Default for NimSequence {
    fn default() -> Self {
        NimSequence::U8(Vec::new())
    }
}

/// Borrowed values of a sequence, in its storage type; hot loops match on
/// this once and then run on a plain slice.
#[derive(Copy, Clone, Debug)]
pub enum Values<'a> {
    /// u8 storage.
    U8(&'a [u8]),
    /// u16 storage.
    U16(&'a [u16]),
    /// u32 storage.
    U32(&'a [u32]),
}

impl NimSequence {
    /// An empty sequence.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty sequence with room for `capacity` values of one byte.
    #[must_use]
    pub fn with_capacity(capacity: usize) -> Self {
        NimSequence::U8(Vec::with_capacity(capacity))
    }

    /// Number of values.
    #[must_use]
    pub fn len(&self) -> usize {
        match self {
            NimSequence::U8(v) => v.len(),
            NimSequence::U16(v) => v.len(),
            NimSequence::U32(v) => v.len(),
        }
    }

    /// `true` when no value is stored.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// G(n).
    ///
    /// # Panics
    /// When `n` is not below [`NimSequence::len`].
    #[must_use]
    #[inline]
    pub fn get(&self, n: usize) -> u64 {
        match self {
            NimSequence::U8(v) => u64::from(v[n]),
            NimSequence::U16(v) => u64::from(v[n]),
            NimSequence::U32(v) => u64::from(v[n]),
        }
    }

    /// The values as a slice of their storage type.
    #[must_use]
    pub fn values(&self) -> Values<'_> {
        match self {
            NimSequence::U8(v) => Values::U8(v),
            NimSequence::U16(v) => Values::U16(v),
            NimSequence::U32(v) => Values::U32(v),
        }
    }

    /// Bytes per stored value.
    #[must_use]
    pub fn value_bytes(&self) -> usize {
        match self {
            NimSequence::U8(_) => 1,
            NimSequence::U16(_) => 2,
            NimSequence::U32(_) => 4,
        }
    }

    /// Appends G(len), widening the storage if needed. Running out of
    /// memory while widening is an error (the values so far are kept), not
    /// an abort.
    pub fn push(&mut self, value: u64) -> Result<(), GameError> {
        if let Ok(narrow) = u8::try_from(value) {
            match self {
                NimSequence::U8(v) => v.push(narrow),
                NimSequence::U16(v) => v.push(u16::from(narrow)),
                NimSequence::U32(v) => v.push(u32::from(narrow)),
            }
            return Ok(());
        }
        if let Ok(mid) = u16::try_from(value) {
            if let NimSequence::U8(v) = self {
                *self = NimSequence::U16(widened(v)?);
            }
            match self {
                NimSequence::U16(v) => v.push(mid),
                NimSequence::U32(v) => v.push(u32::from(mid)),
                NimSequence::U8(_) => unreachable!("widened above"),
            }
            return Ok(());
        }
        let wide = u32::try_from(value).map_err(|_| GameError::Limit {
            what: format!("the value {value}"),
            limit: "2^32 for values stored in a nim-sequence".to_owned(),
        })?;
        match self {
            NimSequence::U8(v) => *self = NimSequence::U32(widened(v)?),
            NimSequence::U16(v) => *self = NimSequence::U32(widened(v)?),
            NimSequence::U32(_) => {}
        }
        if let NimSequence::U32(v) = self {
            v.push(wide);
        }
        Ok(())
    }

    /// Makes room for `additional` more values at the current width; an
    /// allocation that fails is an error saying how much was asked.
    pub fn try_reserve(&mut self, additional: usize) -> Result<(), GameError> {
        let width = self.value_bytes();
        let total = self.len().saturating_add(additional);
        let failed = |_| GameError::Limit {
            what: format!(
                "room for {total} values of {width} byte{} each",
                if width == 1 { "" } else { "s" }
            ),
            limit: "the memory this machine could allocate".to_owned(),
        };
        match self {
            NimSequence::U8(v) => v.try_reserve(additional).map_err(failed),
            NimSequence::U16(v) => v.try_reserve(additional).map_err(failed),
            NimSequence::U32(v) => v.try_reserve(additional).map_err(failed),
        }
    }

    /// Every value, widened to u64.
    pub fn iter(&self) -> impl Iterator<Item = u64> + Clone + '_ {
        (0..self.len()).map(move |n| self.get(n))
    }

    /// All values as a vector of u64 (tests and small outputs).
    #[must_use]
    pub fn to_vec(&self) -> Vec<u64> {
        self.iter().collect()
    }
}

/// The values copied to a wider type, with room for an eighth more (the
/// engine reserves the rest of its step next); a failed allocation is an
/// error.
fn widened<N: Copy, W: From<N>>(narrow: &[N]) -> Result<Vec<W>, GameError> {
    let mut wide = Vec::new();
    let room = narrow.len() + narrow.len() / 8 + 1;
    wide.try_reserve_exact(room).map_err(|_| GameError::Limit {
        what: format!(
            "widening {} values to {} bytes each",
            narrow.len(),
            std::mem::size_of::<W>()
        ),
        limit: "the memory this machine could allocate".to_owned(),
    })?;
    wide.extend(narrow.iter().map(|&x| W::from(x)));
    Ok(wide)
}

/// A small deterministic generator (xorshift) for the unit tests' data.
#[cfg(test)]
pub(crate) fn test_numbers(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widens_in_place() {
        let mut seq = NimSequence::new();
        for v in [0u64, 1, 255] {
            seq.push(v).unwrap();
        }
        assert_eq!(seq.value_bytes(), 1);
        seq.push(256).unwrap();
        assert_eq!(seq.value_bytes(), 2);
        seq.push(70_000).unwrap();
        assert_eq!(seq.value_bytes(), 4);
        seq.push(3).unwrap();
        assert_eq!(seq.to_vec(), vec![0, 1, 255, 256, 70_000, 3]);
        assert!(seq.push(1 << 40).is_err());
    }
}
