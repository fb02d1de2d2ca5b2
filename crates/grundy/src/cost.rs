//! Up-front costs of a request for values: what a face (the CLI, the
//! Python module) says before a long or impossible computation starts,
//! and what it refuses.
//!
//! The estimates themselves are [`HeapGame::estimated_work`]'s (a probe
//! of the first values, a fitted growth); this module turns them into the
//! verdict every face shares: past [`LONG_SECONDS`] a request is refused
//! unless the user asks for it anyway (how, each face says), past
//! [`ANNOUNCE_SECONDS`] it is announced, and a count whose values cannot
//! fit in memory is refused before anything is computed.

use crate::heap::{HeapGame, WorkEstimate};
use crate::sequence::dense::Kernel;
use crate::GameError;

/// Requests estimated to take longer than this are refused unless the
/// user asks for them anyway.
pub const LONG_SECONDS: f64 = 600.0;

/// Estimates above this are announced before the work starts.
pub const ANNOUNCE_SECONDS: f64 = 2.0;

/// Human-readable seconds: `2.4 s`, `40 s`, `12 min`, `3.1 hours`,
/// `2.1 days`, `1.8 years`, `4.00e3 years` (a tenth of a second below ten
/// seconds, so that an estimate of 2.4 s is not "2 s" beside a limit of
/// 2 s).
#[must_use]
pub fn duration_words(seconds: f64) -> String {
    if seconds < 9.95 {
        format!("{seconds:.1} s")
    } else if seconds < 120.0 {
        format!("{seconds:.0} s")
    } else if seconds < 7200.0 {
        format!("{:.0} min", seconds / 60.0)
    } else if seconds < 172_800.0 {
        format!("{:.1} hours", seconds / 3600.0)
    } else if seconds < 3.0e7 {
        format!("{:.1} days", seconds / 86_400.0)
    } else if seconds < 3.15e9 {
        format!("{:.1} years", seconds / 3.15e7)
    } else {
        format!("{:.2e} years", seconds / 3.15e7)
    }
}

/// The estimated cost of G(0..count) of a game whose work grows fast.
#[derive(Clone, Debug)]
pub struct SequenceCost {
    /// The values asked for.
    pub count: u64,
    /// The game's estimate.
    pub estimate: WorkEstimate,
}

impl SequenceCost {
    /// The cost of G(0..count) of `game`; `None` when no estimate is
    /// needed (linear or quadratic work at worst, or within the probe).
    pub fn of(game: &HeapGame, count: u64) -> Result<Option<SequenceCost>, GameError> {
        SequenceCost::of_kernel(game, count, &|| game.kernel())
    }

    /// [`SequenceCost::of`] the engine that `kernel` makes (an engine
    /// named by the request, or one computing every value).
    pub fn of_kernel(
        game: &HeapGame,
        count: u64,
        kernel: &dyn Fn() -> Result<Box<dyn Kernel>, GameError>,
    ) -> Result<Option<SequenceCost>, GameError> {
        Ok(game
            .estimated_work_of(count, kernel)?
            .map(|estimate| SequenceCost { count, estimate }))
    }

    /// The estimated seconds.
    #[must_use]
    pub fn seconds(&self) -> f64 {
        self.estimate.seconds(self.count)
    }

    /// Beyond [`LONG_SECONDS`]: refused unless asked for anyway.
    #[must_use]
    pub fn is_long(&self) -> bool {
        self.seconds() > LONG_SECONDS
    }

    /// Why the request is refused, ending with `how_to_allow` (the face's
    /// way to run it anyway).
    #[must_use]
    pub fn refusal(&self, how_to_allow: &str) -> String {
        format!(
            "{} values would take about {} ({}); at most {} values take about {}; {how_to_allow}",
            self.count,
            duration_words(self.seconds()),
            self.estimate.reason,
            affordable(&self.estimate, self.count),
            duration_words(LONG_SECONDS)
        )
    }

    /// What to announce before the work starts, for requests beyond
    /// [`ANNOUNCE_SECONDS`].
    #[must_use]
    pub fn announcement(&self) -> Option<String> {
        let seconds = self.seconds();
        (seconds > ANNOUNCE_SECONDS).then(|| {
            format!(
                "{} values will take about {} ({})",
                self.count,
                duration_words(seconds),
                self.estimate.reason
            )
        })
    }
}

/// The largest count up to `wanted` whose estimate stays within
/// [`LONG_SECONDS`].
#[must_use]
pub fn affordable(work: &WorkEstimate, wanted: u64) -> u64 {
    if work.seconds(wanted) <= LONG_SECONDS {
        return wanted;
    }
    // The estimate grows with the count: bisect.
    let (mut lo, mut hi) = (0u64, wanted);
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if work.seconds(mid) <= LONG_SECONDS {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The largest count up to `wanted` whose estimate for `game` stays within
/// [`LONG_SECONDS`] (`wanted` itself when no estimate is needed).
pub fn affordable_count(game: &HeapGame, wanted: u64) -> Result<u64, GameError> {
    Ok(match game.estimated_work(wanted)? {
        Some(work) => affordable(&work, wanted),
        None => wanted,
    })
}

/// Whether `count` values fit in this machine's memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemoryFit {
    /// They fit, even widened to four bytes each (or the platform does
    /// not say how much memory it has).
    Fits,
    /// They fit at one byte each, but widening them might not: the
    /// warning to give.
    MayNotWiden(String),
    /// They cannot fit: the refusal.
    DoesNotFit(String),
}

/// Whether `count` values fit in memory (one byte each at least, up to
/// four once values pass 65535).
#[must_use]
pub fn memory_fit(count: u64) -> MemoryFit {
    let Some(total) = physical_memory() else {
        return MemoryFit::Fits;
    };
    if count > total {
        return MemoryFit::DoesNotFit(format!(
            "{count} values need at least {count} bytes of memory (one byte per value, more once values pass 255); this machine has {total} bytes"
        ));
    }
    let widening = count.saturating_mul(3);
    if widening > total {
        return MemoryFit::MayNotWiden(format!(
            "{count} values fit in memory at one byte each, but if a value passes 255 widening them needs {widening} bytes and this machine has {total}; the run would then stop with an error (a checkpointed run keeps its work)"
        ));
    }
    MemoryFit::Fits
}

pub use crate::split_search::physical_memory;
