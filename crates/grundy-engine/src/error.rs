//! The library's typed errors.
//!
//! Every failure a user can cause (a malformed spec, a cyclic game, a
//! request beyond a limit) is a variant here with enough context to print a
//! useful message; nothing a user supplies makes the library panic.

use thiserror::Error;

/// An error while evaluating or describing a game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GameError {
    /// A position can be reached from itself, so the game has no
    /// (finite) Sprague–Grundy value under the rules the solver assumes.
    #[error("the game is not acyclic: position {position} can be reached from itself")]
    Cycle {
        /// A position on the cycle, as the ruleset prints it.
        position: String,
    },
    /// A position written by the user could not be read.
    #[error("invalid position '{}': {reason}", quoted(text))]
    InvalidPosition {
        /// What the user wrote.
        text: String,
        /// Why it is not a position of this game.
        reason: String,
    },
    /// The rules themselves failed (for instance a user script raised an
    /// error or produced an illegal option).
    #[error("{message}")]
    Rules {
        /// What went wrong, in the rules' own terms.
        message: String,
    },
    /// A request that does not apply to this kind of game (a table of a
    /// heap game, the genus of positions of a heap game): the message says
    /// what applies instead.
    #[error("{message}")]
    Unsupported {
        /// What was asked, and what the game offers instead.
        message: String,
    },
    /// A request that does not apply to a game of this kind, decided by
    /// the request layer alone (`grundy::applicable`): every face
    /// refuses it with this message, which says what applies instead.
    #[error("{message}")]
    NotApplicable {
        /// The request (`values`, `period`, `analyze`, ...).
        request: &'static str,
        /// The kind of game (`heap`, `graph`, `cut`, `positional`).
        kind: &'static str,
        /// What was asked, of what, and what applies instead.
        message: String,
    },
    /// A request exceeds a limit of the engine or of the machine.
    #[error("{what} exceeds the limit of {limit}")]
    Limit {
        /// What was requested.
        what: String,
        /// The limit that was hit.
        limit: String,
    },
    /// A request needs more memory than this machine has (said up front,
    /// before any work).
    #[error("{message}")]
    Memory {
        /// The memory needed and the memory there is.
        message: String,
    },
    /// A request refused up front because its estimated cost is beyond
    /// what the request may spend (`grundy::budget::Budget`): the message
    /// says the estimate, the limit, and how to ask for it anyway where a
    /// face allows that.
    #[error("{message}")]
    OverBudget {
        /// The estimate and the limit it passes.
        message: String,
    },
    /// The file of solved parts a search keeps (`eval --cache`) could not
    /// be read or written, or holds another game's parts.
    #[error("the search cache '{path}': {reason}")]
    Cache {
        /// The file.
        path: String,
        /// What went wrong.
        reason: String,
    },
    /// A computation's checkpoint could not be read or written, is
    /// damaged, or is another computation's.
    #[error("the checkpoint '{path}': {reason}")]
    Checkpoint {
        /// The file.
        path: String,
        /// What went wrong.
        reason: String,
    },
    /// The caller stopped the computation (a deadline, Ctrl-C), through
    /// the progress callback of a long computation.
    #[error("stopped: {reason}")]
    Stopped {
        /// Why it was stopped.
        reason: String,
    },
    /// An error with what was being done when it happened ("reading the
    /// position of 'nim'", "computing the remoteness of the sum"). The
    /// inner error is part of the message, not a `source`, so that a
    /// printer of error chains does not repeat it; [`GameError::root`]
    /// reaches it.
    #[error("{context}: {inner}")]
    Context {
        /// What was being done.
        context: String,
        /// The error itself.
        inner: Box<GameError>,
    },
    /// An error in one game of a sum of different games: which game, the
    /// error, then the whole sum as written with that game's part
    /// underlined, so that a long sum shows where to look.
    #[error("{context}: {inner}\n  {sum}\n  {underline}")]
    InPart {
        /// Which game of the sum, and its text.
        context: String,
        /// The error itself.
        inner: Box<GameError>,
        /// The whole sum as written.
        sum: String,
        /// Carets under the part, spaces before them.
        underline: String,
    },
    /// A misère quotient whose candidates fail round after round at the
    /// same sums with some heaps' counts one step higher: it looks
    /// infinite, which is not proved.
    #[error("{what} looks infinite (not proved): {pattern}")]
    LooksInfinite {
        /// What was being computed.
        what: String,
        /// The climb seen, in the user's terms.
        pattern: String,
    },
    /// An error with what had been proved before it happened (a lower
    /// bound found on the way); the error beneath decides its kind.
    #[error("{inner}; {established}")]
    Established {
        /// The error itself.
        inner: Box<GameError>,
        /// What was proved, in the user's terms.
        established: String,
    },
    /// G(n) asked of a game whose periodicity no theorem here can prove
    /// (a code with `!`, a script), for an n beyond direct computation:
    /// said at once, before computing anything.
    #[error("G({n}) of {game} is out of reach: no theorem here can prove a period of this game ({reason}), so only values computed one by one count, and computing up to n would need {n} values (the limit is {limit})")]
    Unprovable {
        /// The game, as the user wrote it.
        game: String,
        /// The heap.
        n: u64,
        /// Why no theorem applies.
        reason: String,
        /// The limit, in the face's words ("--max 1048576").
        limit: String,
    },
    /// A heap's value is neither known by a theorem, nor settled by a
    /// period proved within the values the limit allows, nor within
    /// reach of direct computation.
    #[error("G({n}) of {game} is out of reach: no period is proved in the first {computed} values ({reason}), and computing up to n would need {n} values (the limit is {limit})")]
    OutOfReach {
        /// The game, as the user wrote it.
        game: String,
        /// The heap.
        n: u64,
        /// How many values the period search computed.
        computed: usize,
        /// Why the search proved no period.
        reason: String,
        /// The limit, in the face's words ("--max 1048576").
        limit: String,
    },
}

impl GameError {
    /// The error beneath every [`GameError::Context`] and
    /// [`GameError::Established`]: what decides its
    /// kind (a limit, a stop, bad input) for a face's status code or
    /// exception class.
    #[must_use]
    pub fn root(&self) -> &GameError {
        match self {
            GameError::Context { inner, .. }
            | GameError::InPart { inner, .. }
            | GameError::Established { inner, .. } => inner.root(),
            other => other,
        }
    }

    /// Whether the error beneath is a limit the request ran into (a
    /// limit, a quotient that looks infinite, a value out of reach,
    /// memory) rather than bad input or a stop: the faces' one test for
    /// their limit status or exception.
    #[must_use]
    pub fn is_beyond_limit(&self) -> bool {
        matches!(
            self.root(),
            GameError::Limit { .. }
                | GameError::LooksInfinite { .. }
                | GameError::OutOfReach { .. }
                | GameError::Unprovable { .. }
                | GameError::Memory { .. }
                | GameError::OverBudget { .. }
        )
    }

    /// This error, with what had been proved before it happened.
    #[must_use]
    pub fn established(self, established: impl Into<String>) -> GameError {
        GameError::Established {
            inner: Box::new(self),
            established: established.into(),
        }
    }

    /// This error, with what was being done when it happened.
    #[must_use]
    pub fn context(self, context: impl Into<String>) -> GameError {
        GameError::Context {
            context: context.into(),
            inner: Box::new(self),
        }
    }
}

/// What an error quotes of a user's text: its first line, at most 80
/// characters (a file read as a position is not echoed whole).
pub(crate) fn quoted(text: &str) -> String {
    let first = text.lines().next().unwrap_or("");
    let mut shown: String = first.chars().take(80).collect();
    if shown.len() < text.trim_end().len() {
        shown.push_str("...");
    }
    shown
}

/// The message of a panic's payload (`panic!("...")` gives a `String` or
/// a `&str`), if it has one: for the faces that turn a panic of a thread
/// they run into an error (the server's 500, a dataflow peer gone).
#[must_use]
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> Option<&str> {
    payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
}
