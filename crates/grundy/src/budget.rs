//! [`Budget`]: what one request may spend, decided here for every face.
//!
//! Each face builds its budget from its own settings (the command line's
//! `--allow-long`, a server's limits and deadline, Python's `allow_long`
//! keyword) and hands it to the request layer through
//! [`crate::inputs::Inputs::budget`]. The policy is the same everywhere:
//! memory first, then a face's cap on values, then the estimated time
//! against [`LONG_SECONDS`] (unless the user asked for long requests) and
//! against what is left before the deadline; defaults are lowered to what
//! the estimate allows, with a note saying so. A refusal comes before any
//! work and says what limit it hit; what a face shows of the notes is its
//! own business.

use std::time::Instant;

use crate::cost::{
    affordable, duration_words, memory_fit, MemoryFit, SequenceCost, ANNOUNCE_SECONDS, LONG_SECONDS,
};
use crate::heap::HeapGame;
use crate::sequence::dense::Kernel;
use crate::{Convention, GameError};

/// What one request may spend.
#[derive(Clone, Debug)]
pub struct Budget {
    /// The most values one request may compute (a server's cap); `None`:
    /// as many as memory holds.
    max_values: Option<u64>,
    /// When the request must be done by (a server's time limit).
    deadline: Option<Instant>,
    /// Run requests estimated past [`LONG_SECONDS`] anyway.
    allow_long: bool,
    /// How the user asks for a long request anyway, in the face's words
    /// ("pass --allow-long to run it anyway").
    how_to_allow: &'static str,
    /// The largest side of a cutting game's table (a server's cap).
    max_cut_side: Option<usize>,
}

/// What a budget tells the user about a request it lets run.
#[derive(Clone, Debug, PartialEq)]
pub enum BudgetNote {
    /// Every estimate made, however short (`--verbose` shows them).
    Estimated {
        /// What was estimated.
        what: String,
        /// The estimate, in seconds.
        seconds: f64,
    },
    /// A request that will take a while, said before it starts.
    WillTake(String),
    /// A default lowered to what the estimate allows.
    Lowered(String),
    /// A risk the request runs (values that may not widen in memory).
    Warning(String),
}

/// The notes of a check that let the request run.
pub type Notes = Vec<BudgetNote>;

impl Budget {
    /// A person's budget (the command line, Python): as much as memory
    /// holds, no deadline; a request estimated past [`LONG_SECONDS`] is
    /// refused unless `allow_long`, and the refusal ends with
    /// `how_to_allow`.
    #[must_use]
    pub fn interactive(allow_long: bool, how_to_allow: &'static str) -> Budget {
        Budget {
            max_values: None,
            deadline: None,
            allow_long,
            how_to_allow,
            max_cut_side: None,
        }
    }

    /// A server's budget: at most `max_values` values (fewer in misère
    /// play, [`crate::limits::capped_count`]), done by `deadline`, cut
    /// tables up to sides of [`crate::limits::MAX_CUT_SIDE`].
    #[must_use]
    pub fn served(max_values: u64, deadline: Instant) -> Budget {
        Budget {
            max_values: Some(max_values),
            deadline: Some(deadline),
            allow_long: false,
            how_to_allow: "this server refuses requests that long",
            max_cut_side: Some(crate::limits::MAX_CUT_SIDE),
        }
    }

    /// When the request must be done by, if ever.
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The most values a request under `convention` may compute, if
    /// capped.
    #[must_use]
    pub fn max_values(&self, convention: Convention) -> Option<u64> {
        self.max_values
            .map(|cap| crate::limits::capped_count(convention, cap))
    }

    /// Whether G(0..count) of `game` may be computed: refused when the
    /// values cannot fit in memory, pass the cap, or are estimated past
    /// the time allowed.
    pub fn check_values(&self, game: &HeapGame, count: u64) -> Result<Notes, GameError> {
        self.check_values_of(game, count, &|| game.kernel())
    }

    /// [`Budget::check_values`] of the engine `kernel` makes (an engine
    /// named by the request, or one computing every value).
    pub fn check_values_of(
        &self,
        game: &HeapGame,
        count: u64,
        kernel: &dyn Fn() -> Result<Box<dyn Kernel>, GameError>,
    ) -> Result<Notes, GameError> {
        // Memory and the cap first: a count that cannot be allowed is
        // refused before the estimate's probe computes anything.
        let mut notes = self.check_count(count, Convention::Normal)?;
        let Some(cost) = SequenceCost::of_kernel(game, count, kernel)? else {
            return Ok(notes);
        };
        let seconds = cost.seconds();
        notes.push(BudgetNote::Estimated {
            what: format!("{count} values"),
            seconds,
        });
        // The deadline first: on a server it is the limit that matters.
        self.check_left(&format!("{count} values"), seconds)?;
        if cost.is_long() && !self.allow_long {
            return Err(GameError::OverBudget {
                message: cost.refusal(self.how_to_allow),
            });
        }
        notes.extend(cost.announcement().map(BudgetNote::WillTake));
        Ok(notes)
    }

    /// Whether `count` values under `convention` fit in memory and within
    /// the cap (no estimate: misère values, whose search bounds itself).
    pub fn check_count(&self, count: u64, convention: Convention) -> Result<Notes, GameError> {
        let mut notes = Notes::new();
        match memory_fit(count) {
            MemoryFit::DoesNotFit(refusal) => return Err(GameError::Memory { message: refusal }),
            MemoryFit::MayNotWiden(warning) => notes.push(BudgetNote::Warning(warning)),
            MemoryFit::Fits => {}
        }
        if let Some(cap) = self.max_values(convention) {
            if count > cap {
                return Err(GameError::OverBudget {
                    message: format!("{count} values, beyond the limit of {cap} per request"),
                });
            }
        }
        Ok(notes)
    }

    /// How many values a request of normal-play values may compute:
    /// `given` as asked (refused when [`Budget::check_values`] refuses
    /// it), or `default`, lowered to what the game's estimate allows
    /// within [`LONG_SECONDS`] (with a note saying so) unless long
    /// requests are allowed.
    pub fn resolve_count(
        &self,
        game: &HeapGame,
        given: Option<u64>,
        default: u64,
    ) -> Result<(u64, Notes), GameError> {
        if let Some(given) = given {
            return Ok((given, self.check_values(game, given)?));
        }
        let mut notes = Notes::new();
        let mut count = default;
        if !self.allow_long && !self.deadline_bounds_work() {
            if let Some(work) = game.estimated_work(default)? {
                count = affordable(&work, default);
                if count < default {
                    notes.push(BudgetNote::Lowered(format!(
                        "computing at most {count} values, not the default {default}, to stay within {} ({}); ask for a count to choose (--max on the command line)",
                        duration_words(LONG_SECONDS),
                        work.reason
                    )));
                }
            }
        }
        notes.extend(self.check_count(count, Convention::Normal)?);
        Ok((count, notes))
    }

    /// How many of `wanted` values a period search may compute for
    /// `game`: within the cap and, unless long requests are allowed, what
    /// the estimate allows within [`LONG_SECONDS`].
    pub fn period_values(&self, game: &HeapGame, wanted: u64) -> Result<u64, GameError> {
        let mut count = wanted;
        if let Some(cap) = self.max_values(Convention::Normal) {
            count = count.min(cap);
        }
        if !self.allow_long && !self.deadline_bounds_work() {
            count = crate::cost::affordable_count(game, count)?;
        }
        Ok(count)
    }

    /// Whether a deadline within [`LONG_SECONDS`] bounds the work anyway:
    /// then a default or a period search is not lowered by an estimate,
    /// whose probe costs a server a few milliseconds of every request.
    fn deadline_bounds_work(&self) -> bool {
        self.seconds_left().is_some_and(|left| left <= LONG_SECONDS)
    }

    /// The seconds left before the deadline, if there is one.
    fn seconds_left(&self) -> Option<f64> {
        self.deadline.map(|deadline| {
            deadline
                .saturating_duration_since(Instant::now())
                .as_secs_f64()
        })
    }

    /// Whether a search estimated to take `seconds` may run; `what`
    /// names it.
    pub fn check_search(&self, what: &str, seconds: f64) -> Result<Notes, GameError> {
        self.check_time(what, seconds, "estimated from the search's measured growth")
    }

    /// Whether the table of the cutting game of dimension `dim` up to
    /// sides of `largest` may be computed: its size first, then the cap
    /// on sides, then its estimated time.
    pub fn check_cut_table(&self, dim: usize, largest: usize) -> Result<Notes, GameError> {
        crate::cut::CutTable::check_size(dim, largest)?;
        if let Some(side) = self.max_cut_side.filter(|&side| largest > side) {
            return Err(GameError::OverBudget {
                message: format!(
                    "a box with a side of {largest}: cut tables go up to sides of {side} here"
                ),
            });
        }
        self.check_time(
            &format!("the cut:{dim} table up to {largest}"),
            crate::cut::CutTable::estimated_seconds(dim, largest),
            "the work grows as a power of the side",
        )
    }

    /// The verdict on work estimated at `seconds` (`why`: how the
    /// estimate was made).
    fn check_time(&self, what: &str, seconds: f64, why: &str) -> Result<Notes, GameError> {
        let mut notes = vec![BudgetNote::Estimated {
            what: what.to_owned(),
            seconds,
        }];
        self.check_left(what, seconds)?;
        if seconds > LONG_SECONDS && !self.allow_long {
            return Err(GameError::OverBudget {
                message: format!(
                    "{what} would take about {} ({why}); {}",
                    duration_words(seconds),
                    self.how_to_allow
                ),
            });
        }
        if seconds > ANNOUNCE_SECONDS {
            notes.push(BudgetNote::WillTake(format!(
                "{what} will take about {}",
                duration_words(seconds)
            )));
        }
        Ok(notes)
    }

    /// Refuses work estimated past what is left before the deadline (the
    /// deadline would stop it anyway, after it held its resources all the
    /// while).
    fn check_left(&self, what: &str, seconds: f64) -> Result<(), GameError> {
        let Some(left) = self.seconds_left() else {
            return Ok(());
        };
        if seconds > left {
            return Err(GameError::OverBudget {
                message: format!(
                    "{what}, estimated at {}, is beyond the {} left of this request's time limit",
                    duration_words(seconds),
                    duration_words(left)
                ),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expensive() -> HeapGame {
        // 0.9: moves may leave three heaps, the work grows as n^2.8.
        match crate::spec::parse_spec("0.9") {
            Ok(crate::spec::Game::Heap(game)) => game,
            _ => panic!("0.9 is a heap game"),
        }
    }

    #[test]
    fn a_long_request_is_refused_with_the_faces_words_unless_allowed() {
        let game = expensive();
        let refused = Budget::interactive(false, "say please")
            .check_values(&game, 1 << 24)
            .expect_err("2^24 values of 0.9 take days");
        assert!(matches!(refused, GameError::OverBudget { .. }));
        assert!(refused.is_beyond_limit());
        assert!(refused.to_string().ends_with("say please"), "{refused}");
        let notes = Budget::interactive(true, "say please")
            .check_values(&game, 1 << 24)
            .expect("allowed");
        assert!(notes
            .iter()
            .any(|note| matches!(note, BudgetNote::WillTake(_))));
    }

    #[test]
    fn a_default_is_lowered_with_a_note_and_a_given_count_is_not() {
        let game = expensive();
        let budget = Budget::interactive(false, "");
        let (count, notes) = budget.resolve_count(&game, None, 1 << 24).expect("lowered");
        assert!(count < 1 << 24);
        assert!(notes.iter().any(|n| matches!(n, BudgetNote::Lowered(_))));
        assert!(budget.resolve_count(&game, Some(1 << 24), 64).is_err());
        let (count, _) = Budget::interactive(true, "")
            .resolve_count(&game, None, 1 << 24)
            .expect("allowed");
        assert_eq!(count, 1 << 24);
    }

    #[test]
    fn a_server_caps_values_sides_and_time() {
        let budget = Budget::served(1000, Instant::now() + std::time::Duration::from_secs(2));
        assert!(budget.check_count(1000, Convention::Normal).is_ok());
        assert!(budget.check_count(1001, Convention::Normal).is_err());
        let misere = crate::limits::capped_count(Convention::Misere, 1000);
        assert!(budget.check_count(misere + 1, Convention::Misere).is_err());
        let side = crate::limits::MAX_CUT_SIDE;
        assert!(budget.check_cut_table(2, side + 1).is_err());
        let past = budget.check_search("a search", 3.0).expect_err("3 s > 2 s");
        assert!(past.to_string().contains("time limit"), "{past}");
        assert!(budget.check_search("a search", 0.1).is_ok());
        let game = expensive();
        assert_eq!(budget.period_values(&game, 1 << 24).expect("capped"), 1000);
    }
}
