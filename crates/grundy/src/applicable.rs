//! Which request applies to which game, decided here once: a face passes
//! the parsed [`Game`] to the request layer, which answers it or refuses
//! it with a [`GameError::NotApplicable`] that every face shows alike (the
//! CLI's error, the server's 400, Python's `TypeError`). No face tests a
//! game's family itself (`tests/agreement.rs` asks every request of every
//! family of the registry on the CLI and the server and compares the
//! refusals; `test_agreement.py` does so for Python).

use crate::error::GameError;
use crate::game::Game;
use crate::heap::HeapGame;

/// A request of the faces that only some games answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Request {
    /// G(0), G(1), ... of a heap game (`seq`, `values`).
    Values,
    /// The pattern of those values (`period`).
    Period,
    /// Values, pattern and exceptions at once (`analyze`).
    Analyze,
    /// A plot of the values (`plot`).
    Plot,
    /// The value of one heap, by a theorem or a proved period (`value`).
    Value,
    /// A formula checked against the values (`check`).
    Check,
    /// The misère quotient of the heaps (`quotient`).
    Quotient,
    /// The remoteness of heaps 0, 1, ... (`seq --remoteness`).
    Remoteness,
}

impl Request {
    /// The request's name, as the commands and the API call it.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Request::Values => "values",
            Request::Period => "period",
            Request::Analyze => "analyze",
            Request::Plot => "plot",
            Request::Value => "value",
            Request::Check => "check",
            Request::Quotient => "quotient",
            Request::Remoteness => "remoteness",
        }
    }

    /// What the request gives, for a sentence: "the values G(0), G(1),
    /// ... of heaps".
    const fn gives(self) -> &'static str {
        match self {
            Request::Values => "the values G(0), G(1), ... of heaps",
            Request::Period => "the period of the values of heaps",
            Request::Analyze => "an analysis of the values of heaps",
            Request::Plot => "a plot of the values of heaps",
            Request::Value => "the value of a heap of n",
            Request::Check => "a formula checked against the values of heaps",
            Request::Quotient => "the misère quotient of heaps",
            Request::Remoteness => "the remoteness of heaps 0, 1, ...",
        }
    }
}

impl std::fmt::Display for Request {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.as_str())
    }
}

/// The heap game of `game` (named `spec`), for `request`, which only heap
/// games answer; the refusal says what the game answers instead.
pub fn heap_game<'a>(
    game: &'a Game,
    spec: &str,
    request: Request,
) -> Result<&'a HeapGame, GameError> {
    match game {
        Game::Heap(heap) => Ok(heap),
        other => Err(not_applicable(other, request).context(format!("'{spec}'"))),
    }
}

/// The refusal of `request` for `game`, which is not a heap game: what
/// was asked, why not, and what applies instead, in words no face needs
/// to change (the caller names the game, as context).
#[must_use]
pub fn not_applicable(game: &Game, request: Request) -> GameError {
    let (positions, instead) = match game {
        Game::Heap(_) => ("heaps", "every request"),
        Game::Graph(graph) if graph.is_numbered() => (
            "numbers, but play may loop forever (values may be infinite), and no theorem here covers loopy sequences",
            "seq gives its values, graph every position's",
        ),
        Game::Graph(_) => (
            "the vertices of a graph",
            "eval values a position, graph every position",
        ),
        Game::Cut(_) => ("boxes", "eval values a box, table every box"),
        Game::Positional(positional) => {
            let numbered = positional.numbered_values(0).is_some();
            let grid = positional.value_grid().is_some();
            (
                "not single numbers",
                match (numbered, grid) {
                    (true, _) => {
                        "eval values a position, seq and period the family's boards by size"
                    }
                    (false, true) => "eval values a position, table the values on two coordinates",
                    (false, false) => "eval values a position",
                },
            )
        }
    };
    GameError::NotApplicable {
        request: request.as_str(),
        kind: game.kind(),
        message: format!(
            "{request} gives {}, and the positions of this game are {positions}; {instead}",
            request.gives()
        ),
    }
}
