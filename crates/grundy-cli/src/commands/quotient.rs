//! `grundy quotient`: the misère quotient of a heap game's heaps up to a
//! bound, through the library's request layer ([`grundy::api::quotient`]),
//! with its progress heap by heap.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use grundy::api;
use grundy::heap::quotient::{QuotientLimits, QuotientStep};
use grundy::spec::parse_spec;

use crate::flags::FormatFlag;
use crate::progress::Progress;

/// Arguments of `grundy quotient`.
#[derive(Args, Debug)]
pub struct QuotientArgs {
    /// The game.
    spec: String,
    /// The largest heap.
    #[arg(long, value_parser = crate::numbers::parse_count, allow_negative_numbers = true)]
    max: u64,
    /// The largest order to allow, at most 2^20 (a quotient takes
    /// about 4 × (generators + 3) bytes an element).
    #[arg(long, default_value_t = grundy::heap::quotient::DEFAULT_MAX_ORDER)]
    max_order: usize,
    /// Stop a heap whose candidates have failed this many rounds one
    /// step further along the same sums (the quotient looks
    /// infinite); 0 never stops on that.
    #[arg(long, default_value_t = grundy::heap::quotient::DEFAULT_CLIMB_ROUNDS)]
    climb_rounds: usize,
    /// Keep the finished heaps in this file (written after heaps at
    /// most every --checkpoint-secs, before a heap's candidates, at
    /// the end and when a limit stops the run) and, when it exists, go
    /// on from the heaps it holds (verified again first).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// The least time between two writes of the checkpoint after
    /// heaps, in seconds.
    #[arg(long, value_parser = crate::numbers::parse_seconds, default_value = "1")]
    checkpoint_secs: Duration,
    #[command(flatten)]
    format: FormatFlag,
}

/// Runs `grundy quotient SPEC --max N`.
pub fn run(args: QuotientArgs) -> anyhow::Result<ExitCode> {
    let spec = args.spec.as_str();
    let max = args.max;
    let game = parse_spec(spec)?;
    let limits = QuotientLimits {
        max_order: args.max_order,
        climb_rounds: args.climb_rounds,
        deadline: None,
    };
    let checkpoint = args
        .checkpoint
        .as_deref()
        .map(|path| (path, args.checkpoint_secs));
    let mut progress = Progress::new(
        max + 1,
        "{elapsed_precise} [{bar:30}] heap {human_pos}/{human_len}, {msg}",
    );
    let mut order_so_far = 1;
    let report = api::quotient(&game, spec, max, limits, checkpoint, &mut |step| {
        match step {
            QuotientStep::Heap { heap, order } => {
                order_so_far = order;
                progress.set_with_message(heap + 1, format!("order {order}"));
            }
            QuotientStep::Candidate { heap, tried, order } => progress.set_with_message(
                heap,
                format!(
                    "order {order_so_far}; heap {heap}: {tried} candidates failed, the last of {order} elements"
                ),
            ),
            _ => {}
        }
    })?;
    progress.finish();
    crate::printer::print(&report, args.format.format)?;
    Ok(ExitCode::SUCCESS)
}
