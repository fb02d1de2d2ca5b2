//! Game specs: one string names a game, for the CLI, the web page and the
//! library alike.
//!
//! | spec | game |
//! |---|---|
//! | `nim` | Nim |
//! | `0.77`, `4!.0`, `0.[3]`, … | a take-and-break code |
//! | `kayles`, `dawsons-kayles`, `dawsons-chess`, `grundy`, `officers`, `treblecross`, `guiles` | named codes |
//! | `sub:1,3,4`, `sub:1..100` | subtraction game |
//! | `allbut:1,2` | all-but subtraction game |
//! | `equal-split` | split a heap into b >= 2 equal heaps |
//! | `divisor` | replace a heap by a proper divisor |
//! | `script:FILE.rhai` | options from a Rhai script |
//! | `cut:3` | cut a unit cell out of a box (any dimension 1 to 4) |
//! | `graph:FILE` | an explicit game graph |

use std::path::Path;
use std::sync::Arc;

use thiserror::Error;

use crate::cut::CutGame;
use crate::error::GameError;
use crate::graph::{Graph, GraphError};
use crate::heap::code::{CodeError, TakeBreakCode};
use crate::heap::subtraction::{parse_number_set, AllBut, Subtraction};
use crate::heap::HeapGame;
use crate::script::ScriptRules;

/// A spec that does not name a game.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SpecError {
    /// Nothing matches the spec.
    #[error("unknown game '{spec}' (run 'grundy games' for the list)")]
    Unknown {
        /// The spec as written.
        spec: String,
    },
    /// A file the spec names could not be read.
    #[error("cannot read '{path}': {cause}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        cause: std::io::Error,
    },
    /// A game graph file with a mistake in it.
    #[error("{path}: {cause}")]
    Graph {
        /// The file.
        path: String,
        /// The mistake.
        cause: GraphError,
    },
    /// A malformed take-and-break code.
    #[error(transparent)]
    Code(#[from] CodeError),
    /// A spec whose rules are invalid (an empty set, a script that fails).
    #[error("'{spec}': {cause}")]
    Rules {
        /// The spec as written.
        spec: String,
        /// What is wrong.
        cause: GameError,
    },
}

/// A game named by a spec.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum Game {
    /// A heap game (positions are heap sizes).
    Heap(HeapGame),
    /// An explicit game graph.
    Graph(Arc<Graph>),
    /// A cutting game on boxes (`cut:D`).
    Cut(CutGame),
}

/// The named take-and-break codes.
pub const NAMED_CODES: &[(&str, &str, &str)] = &[
    (
        "kayles",
        "0.77",
        "Kayles: knock down one pin or two adjacent pins",
    ),
    (
        "dawsons-kayles",
        "0.07",
        "Dawson's Kayles: knock down two adjacent pins",
    ),
    (
        "dawsons-chess",
        "0.137",
        "Dawson's chess (pawns on a 3 x n board)",
    ),
    (
        "grundy",
        "4!.0",
        "Grundy's game: split a heap into two unequal heaps",
    ),
    (
        "officers",
        "0.6",
        "Officers: take one, leaving one or two heaps",
    ),
    (
        "treblecross",
        "0.007",
        "Treblecross: one-dimensional tic-tac-toe",
    ),
    ("guiles", "0.15", "Guiles"),
];

/// Every game family with a one-line description, for `grundy games`.
#[must_use]
pub fn game_list() -> Vec<(String, String)> {
    let mut list = vec![(
        "nim".to_owned(),
        "Nim: take any number of tokens from one heap".to_owned(),
    )];
    for (name, code, about) in NAMED_CODES {
        list.push(((*name).to_owned(), format!("{about} (code {code})")));
    }
    list.extend(
        [
            ("0.77, 4!.0, 0.[3], ...", "any take-and-break code in CGSuite's syntax: digits 0-9 A-V, &N;, {2,3}, {2+}, modifiers ! ? =, a repeating [tail]"),
            ("sub:1,3,4", "subtraction game: take an amount from the set (ranges allowed: sub:1..100, sub:1..5,9)"),
            ("allbut:1,2", "all-but subtraction game: take any amount except those listed"),
            ("equal-split", "split a heap of n into b >= 2 equal heaps (b divides n)"),
            ("divisor", "replace a heap by one of its proper divisors"),
            ("script:FILE.rhai", "options from a Rhai script defining fn options(n)"),
            ("cut:D", "cut a unit cell out of a D-dimensional box (D = 1..4); the 2^D corner boxes remain"),
            ("graph:FILE", "an explicit game graph, one 'name: successors' line per vertex"),
        ]
        .iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned())),
    );
    list
}

/// Reads a game graph file.
pub fn read_graph(path: &Path) -> Result<Graph, SpecError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|cause| SpecError::Io {
        path: shown.clone(),
        cause,
    })?;
    Graph::parse(&text).map_err(|cause| SpecError::Graph { path: shown, cause })
}

/// The heap game a spec names, if it names one.
pub fn parse_heap_spec(spec: &str) -> Result<HeapGame, SpecError> {
    match parse_spec(spec)? {
        Game::Heap(game) => Ok(game),
        Game::Graph(_) | Game::Cut(_) => Err(SpecError::Rules {
            spec: spec.to_owned(),
            cause: GameError::Rules {
                message: "this command needs a heap game (positions that are single numbers)"
                    .to_owned(),
            },
        }),
    }
}

/// The game a spec names.
pub fn parse_spec(spec: &str) -> Result<Game, SpecError> {
    let trimmed = spec.trim();
    let rules_error = |cause: GameError| SpecError::Rules {
        spec: spec.to_owned(),
        cause,
    };
    if let Some(path) = trimmed.strip_prefix("graph:") {
        return read_graph(Path::new(path)).map(|g| Game::Graph(Arc::new(g)));
    }
    if let Some(dim) = trimmed.strip_prefix("cut:") {
        let dim: usize = dim.trim().parse().map_err(|_| {
            rules_error(GameError::Rules {
                message: format!("'{dim}' is not a dimension (cut:1 to cut:4)"),
            })
        })?;
        return Ok(Game::Cut(CutGame::new(dim).map_err(rules_error)?));
    }
    if let Some(path) = trimmed.strip_prefix("script:") {
        let script = ScriptRules::load(Path::new(path)).map_err(rules_error)?;
        return Ok(Game::Heap(HeapGame::Script(Arc::new(script))));
    }
    if let Some(list) = trimmed.strip_prefix("sub:") {
        let set = parse_number_set(list, "subtraction set").map_err(rules_error)?;
        return Ok(Game::Heap(HeapGame::Subtraction(
            Subtraction::new(set).map_err(rules_error)?,
        )));
    }
    if let Some(list) = trimmed.strip_prefix("allbut:") {
        let set = if list.trim().is_empty() {
            Vec::new()
        } else {
            parse_number_set(list, "excluded set").map_err(rules_error)?
        };
        return Ok(Game::Heap(HeapGame::AllBut(
            AllBut::new(set).map_err(rules_error)?,
        )));
    }
    let lower = trimmed.to_ascii_lowercase();
    match lower.as_str() {
        "nim" => return Ok(Game::Heap(HeapGame::Nim)),
        "equal-split" => return Ok(Game::Heap(HeapGame::EqualSplit)),
        "divisor" => return Ok(Game::Heap(HeapGame::Divisor)),
        _ => {}
    }
    if let Some((_, code, _)) = NAMED_CODES.iter().find(|(name, _, _)| *name == lower) {
        let code = TakeBreakCode::parse(code)?;
        return Ok(Game::Heap(HeapGame::Code(code)));
    }
    // Codes start with a digit (0-9, A-V), '&' or '{', and have a point;
    // no game name has one.
    let looks_like_code = trimmed
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_digit() || matches!(c, '.' | '&' | '{'))
        || trimmed.contains('.');
    if looks_like_code {
        return Ok(Game::Heap(HeapGame::Code(TakeBreakCode::parse(trimmed)?)));
    }
    Err(SpecError::Unknown {
        spec: spec.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_family_parses() {
        for spec in [
            "nim",
            "kayles",
            "dawsons-kayles",
            "dawsons-chess",
            "grundy",
            "officers",
            "treblecross",
            "guiles",
            "0.77",
            "4!.0",
            "sub:1,3,4",
            "sub:1..100",
            "sub:1..5,9",
            "allbut:1,2",
            "equal-split",
            "divisor",
            "Kayles",
        ] {
            assert!(matches!(parse_spec(spec), Ok(Game::Heap(_))), "{spec}");
        }
    }

    #[test]
    fn bad_specs_are_errors() {
        assert!(matches!(
            parse_spec("chess"),
            Err(SpecError::Unknown { .. })
        ));
        assert!(matches!(parse_spec("0.7x"), Err(SpecError::Code(_))));
        assert!(matches!(parse_spec("sub:"), Err(SpecError::Rules { .. })));
        assert!(matches!(
            parse_spec("sub:0,1"),
            Err(SpecError::Rules { .. })
        ));
        assert!(matches!(
            parse_spec("sub:5..2"),
            Err(SpecError::Rules { .. })
        ));
        assert!(matches!(
            parse_spec("graph:/no/such/file"),
            Err(SpecError::Io { .. })
        ));
        assert!(matches!(
            parse_spec("script:/no/such/file.rhai"),
            Err(SpecError::Rules { .. })
        ));
    }
}
