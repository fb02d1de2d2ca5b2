//! The one table of defaults and limits of requests: every face (the
//! CLI, the server, Python) reads its defaults from here, so that the
//! same request asks for the same work everywhere. A face may lower a
//! limit for its own protection (the server's cap per request, its
//! deadline), never raise it silently.

use std::time::Duration;

use crate::convention::Convention;

/// The kinds of request that compute a count of heap values.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CountedRequest {
    /// `analyze`: values, period, exceptions, rare values.
    Analyze,
    /// `period`: extend until a period is proved.
    Period,
    /// `value`: G(n), from a period proved within the count when n is
    /// beyond it.
    Value,
    /// The explorer page's analysis (`GET /api/analyze`): a first look.
    Page,
}

/// The default number of values of a request of `kind` under
/// `convention` (lowered by the faces to what a game's estimated cost
/// allows, with a note).
#[must_use]
pub const fn default_count(kind: CountedRequest, convention: Convention) -> u64 {
    match (convention, kind) {
        // Misère values come from a search over sums: a few dozen heaps.
        (Convention::Misere, _) => MISERE_VALUES,
        (Convention::Normal, CountedRequest::Analyze) => ANALYZE_VALUES,
        (Convention::Normal, CountedRequest::Period | CountedRequest::Value) => PERIOD_VALUES,
        (Convention::Normal, CountedRequest::Page) => PAGE_VALUES,
    }
}

/// The most values a request of `kind` under `convention` may compute on
/// a face that bounds every request (the server), given its own cap.
#[must_use]
pub fn capped_count(convention: Convention, face_cap: u64) -> u64 {
    match convention {
        Convention::Misere => face_cap.min(MISERE_PAGE_CAP),
        Convention::Normal => face_cap,
    }
}

/// Values computed by default by `analyze` in normal play.
pub const ANALYZE_VALUES: u64 = 1 << 16;

/// Values computed by default by `period` and `value` in normal play.
pub const PERIOD_VALUES: u64 = 1 << 24;

/// Misère values computed by default (`analyze`, `period`, `seq`
/// defaults of misère play).
pub const MISERE_VALUES: u64 = 64;

/// Values of the explorer page's first look at a heap game.
pub const PAGE_VALUES: u64 = 1000;

/// The most misère values the server computes for one request.
pub const MISERE_PAGE_CAP: u64 = 256;

/// Heaps below this size get their values computed directly when a sum
/// is evaluated; beyond it a proved period is needed.
pub const DIRECT_HEAP: u64 = 1 << 20;

/// Values computed while looking for a proved period that covers a heap
/// beyond [`DIRECT_HEAP`].
pub const PERIOD_SEARCH: usize = 1 << 20;

/// Values computed before the first periodicity check of a period search.
pub const FIRST_ROUND: usize = 1024;

/// The largest heap for which a misère eval of heaps tries the misère
/// quotient before the search.
pub const QUOTIENT_EVAL_MAX_HEAP: u64 = 1_000;

/// How long a misère eval of heaps spends on the quotient before it turns
/// to the search.
pub const QUOTIENT_EVAL_TIME: Duration = Duration::from_secs(2);

/// The most elements of a quotient a misère eval of heaps builds.
pub const QUOTIENT_EVAL_ORDER: usize = 1_024;

/// The most moves a list of moves (play, the page) holds.
pub const MAX_PLAY_MOVES: usize = 4096;

/// The largest side of a box whose cut table a bounded face (the
/// server) computes.
pub const MAX_CUT_SIDE: usize = 64;

/// Operations one call of a script may perform before it is stopped.
pub const SCRIPT_OPERATIONS: u64 = 50_000_000;

/// The most integers, strings and tuples one position of a game defined
/// by its moves may hold (a position is also at most this many bytes of
/// string).
pub const MAX_TERM_ITEMS: usize = 1 << 16;

/// How deep the tuples of one such position may nest.
pub const MAX_TERM_DEPTH: usize = 32;

/// The most options one position of a game defined by its moves may
/// have.
pub const MAX_TERM_OPTIONS: usize = 1 << 16;

/// The most positions whose moves a game defined by its moves keeps
/// (then it forgets them and asks again): about 200 bytes each with a
/// few small options.
pub const TERM_CACHE: usize = 1 << 21;

/// The most positions (or sums, for a game with cycles) a game defined
/// by its moves explores from one request's position.
pub const TERM_REACH: usize = 1 << 22;

pub use crate::misere::MAX_SUMS;
pub use crate::remoteness::MAX_HEAP as REMOTENESS_MAX_HEAP;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misere_defaults_are_small_and_capped() {
        for kind in [
            CountedRequest::Analyze,
            CountedRequest::Period,
            CountedRequest::Value,
            CountedRequest::Page,
        ] {
            assert_eq!(default_count(kind, Convention::Misere), MISERE_VALUES);
            assert!(default_count(kind, Convention::Normal) >= PAGE_VALUES);
        }
        assert_eq!(capped_count(Convention::Misere, 1 << 20), MISERE_PAGE_CAP);
        assert_eq!(capped_count(Convention::Normal, 1 << 20), 1 << 20);
        assert_eq!(capped_count(Convention::Misere, 10), 10);
    }
}
