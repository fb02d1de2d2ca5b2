//! Up-front costs: a request whose work can be estimated says what it will
//! cost before it starts, and one that cannot finish in reason is refused
//! (with the estimate) unless `--allow-long` asks for it anyway.

use std::sync::atomic::{AtomicBool, Ordering};

use grundy::cost::SequenceCost;
use grundy::heap::HeapGame;
use grundy::sequence::dense::Kernel;

pub use grundy::cost::{duration_words, LONG_SECONDS};

static ALLOW_LONG: AtomicBool = AtomicBool::new(false);

/// Records `--allow-long` for the whole command.
pub fn set_allow_long(allow: bool) {
    ALLOW_LONG.store(allow, Ordering::Relaxed);
}

/// Announces or refuses computing `count` values of `game`.
pub fn check_sequence_cost(game: &HeapGame, count: u64) -> anyhow::Result<()> {
    announce_or_refuse(SequenceCost::of(game, count)?)
}

/// Announces or refuses computing `count` values of `game` with the
/// engine `kernel` makes (`seq --engine`, `--compute-all`).
pub fn check_sequence_cost_of(
    game: &HeapGame,
    count: u64,
    kernel: &dyn Fn() -> Result<Box<dyn Kernel>, grundy::GameError>,
) -> anyhow::Result<()> {
    announce_or_refuse(SequenceCost::of_kernel(game, count, kernel)?)
}

fn announce_or_refuse(cost: Option<SequenceCost>) -> anyhow::Result<()> {
    let Some(cost) = cost else {
        return Ok(());
    };
    note_estimate(&format!("{} values", cost.count), cost.seconds());
    if cost.is_long() && !ALLOW_LONG.load(Ordering::Relaxed) {
        anyhow::bail!("{}", cost.refusal("pass --allow-long to run it anyway"));
    }
    if let Some(announcement) = cost.announcement() {
        eprintln!("grundy: {announcement}");
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
    Ok(grundy::cost::affordable_count(game, wanted)?)
}

/// Announces or refuses a cut:D table up to `max` (after its size check,
/// which refuses impossible tables first).
pub fn check_table_cost(dim: usize, max: usize) -> anyhow::Result<()> {
    grundy::cut::CutTable::check_size(dim, max)?;
    let seconds = grundy::cut::CutTable::estimated_seconds(dim, max);
    note_estimate(&format!("the cut:{dim} table up to {max}"), seconds);
    if seconds > LONG_SECONDS && !ALLOW_LONG.load(Ordering::Relaxed) {
        anyhow::bail!(
            "the cut:{dim} table up to {max} would take about {} (the work grows as a power of the side); pass --allow-long to run it anyway",
            duration_words(seconds)
        );
    }
    if seconds > grundy::cost::ANNOUNCE_SECONDS {
        eprintln!(
            "grundy: the cut:{dim} table up to {max} will take about {}",
            duration_words(seconds)
        );
    }
    Ok(())
}

/// Announces or refuses a search estimated to take `seconds` (Cram's
/// boards): past [`LONG_SECONDS`] unless `--allow-long`.
pub fn check_search_cost(what: &str, seconds: f64) -> anyhow::Result<()> {
    note_estimate(what, seconds);
    if seconds > LONG_SECONDS && !ALLOW_LONG.load(Ordering::Relaxed) {
        anyhow::bail!(
            "{what} would take about {}, estimated from the search's measured growth; pass --allow-long to run it anyway",
            duration_words(seconds)
        );
    }
    if seconds > grundy::cost::ANNOUNCE_SECONDS {
        eprintln!("grundy: {what} will take about {}", duration_words(seconds));
    }
    Ok(())
}

/// With `--verbose`, every estimate made, in seconds, however short (the
/// words above round, and say nothing below two seconds): what the
/// estimates' benchmark reads.
fn note_estimate(what: &str, seconds: f64) {
    if crate::printer::verbose() {
        eprintln!("grundy: estimated {seconds:.4} s for {what}");
    }
}
