//! Up-front costs: a request whose work can be estimated says what it will
//! cost before it starts, and one that cannot finish in reason is refused
//! (with the estimate) unless `--allow-long` asks for it anyway.

use std::sync::atomic::{AtomicBool, Ordering};

use grundy::heap::HeapGame;

/// Requests estimated to take longer than this are refused without
/// `--allow-long`.
pub const LONG_SECONDS: f64 = 600.0;

/// Estimates above this are announced on stderr before the work starts.
const ANNOUNCE_SECONDS: f64 = 2.0;

static ALLOW_LONG: AtomicBool = AtomicBool::new(false);

/// Records `--allow-long` for the whole command.
pub fn set_allow_long(allow: bool) {
    ALLOW_LONG.store(allow, Ordering::Relaxed);
}

/// Human-readable seconds: `40 s`, `12 min`, `3.1 hours`, `2.1 days`,
/// `4.00e3 years`.
pub fn duration_words(seconds: f64) -> String {
    if seconds < 120.0 {
        format!("{seconds:.0} s")
    } else if seconds < 7200.0 {
        format!("{:.0} min", seconds / 60.0)
    } else if seconds < 172_800.0 {
        format!("{:.1} hours", seconds / 3600.0)
    } else if seconds < 3.0e7 {
        format!("{:.1} days", seconds / 86_400.0)
    } else {
        format!("{:.2e} years", seconds / 3.15e7)
    }
}

/// Announces or refuses computing `count` values of `game`.
pub fn check_sequence_cost(game: &HeapGame, count: u64) -> anyhow::Result<()> {
    let Some(work) = game.estimated_work(count)? else {
        return Ok(());
    };
    let seconds = work.seconds(count);
    if seconds > LONG_SECONDS && !ALLOW_LONG.load(Ordering::Relaxed) {
        anyhow::bail!(
            "{count} values would take about {} ({}); at most {} values take about {}; pass --allow-long to run it anyway",
            duration_words(seconds),
            work.reason,
            affordable(&work, count),
            duration_words(LONG_SECONDS)
        );
    }
    if seconds > ANNOUNCE_SECONDS {
        eprintln!(
            "grundy: {count} values will take about {} ({})",
            duration_words(seconds),
            work.reason
        );
    }
    Ok(())
}

/// The largest count up to `wanted` whose estimate stays within
/// [`LONG_SECONDS`] (`wanted` itself when there is no estimate or with
/// `--allow-long`).
pub fn affordable_count(game: &HeapGame, wanted: u64) -> anyhow::Result<u64> {
    if ALLOW_LONG.load(Ordering::Relaxed) {
        return Ok(wanted);
    }
    Ok(match game.estimated_work(wanted)? {
        Some(work) => affordable(&work, wanted),
        None => wanted,
    })
}

fn affordable(work: &grundy::heap::WorkEstimate, wanted: u64) -> u64 {
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

/// Announces or refuses a cut:D table up to `max` (after its size check,
/// which refuses impossible tables first).
pub fn check_table_cost(dim: usize, max: usize) -> anyhow::Result<()> {
    if grundy::cut::CutTable::entries(dim, max) > grundy::cut::MAX_TABLE_ENTRIES {
        return Ok(()); // the table's own limit answers
    }
    let seconds = grundy::cut::CutTable::estimated_seconds(dim, max);
    if seconds > LONG_SECONDS && !ALLOW_LONG.load(Ordering::Relaxed) {
        anyhow::bail!(
            "the cut:{dim} table up to {max} would take about {} (the work grows as a power of the side); pass --allow-long to run it anyway",
            duration_words(seconds)
        );
    }
    if seconds > ANNOUNCE_SECONDS {
        eprintln!(
            "grundy: the cut:{dim} table up to {max} will take about {}",
            duration_words(seconds)
        );
    }
    Ok(())
}
