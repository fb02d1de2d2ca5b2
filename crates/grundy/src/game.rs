//! What a spec names: a [`Game`], one of a few kinds of position (heaps,
//! graph vertices, boxes, positions of a family's own kind). The kinds are
//! what the request layer chooses its methods by; the families and the
//! registry ([`crate::spec`]) make games, and nothing here knows a family
//! beyond the kind of its positions.

use std::sync::Arc;

use crate::cut::CutGame;
use crate::graph::Graph;
use crate::heap::HeapGame;
use crate::sum_evaluator::SumEvaluator;

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
    /// A game of a family with positions of its own kind, evaluated by the
    /// generic solver ([`crate::spec::Family::positional`]).
    Positional(Arc<dyn SumEvaluator>),
}

/// A family whose positions are not heaps: how its game becomes a [`Game`].
pub trait IntoGame {
    /// The game.
    fn into_game(self) -> Game;
}

impl IntoGame for Graph {
    fn into_game(self) -> Game {
        Game::Graph(Arc::new(self))
    }
}

impl IntoGame for CutGame {
    fn into_game(self) -> Game {
        Game::Cut(self)
    }
}

impl Game {
    /// `"heap"`, `"rows"` (coin-turning: heaps stand for heads),
    /// `"graph"`, `"cut"` or `"positional"` (pairs, boards).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Game::Heap(game) if game.family().own_positions().is_some() => "rows",
            Game::Heap(_) => "heap",
            Game::Graph(_) => "graph",
            Game::Cut(_) => "cut",
            Game::Positional(_) => "positional",
        }
    }

    /// The heap game, when this is one.
    #[must_use]
    pub fn as_heap(&self) -> Option<&HeapGame> {
        match self {
            Game::Heap(game) => Some(game),
            _ => None,
        }
    }
}

/// Reads a position of two heaps, `(3,5)`, `3,5` or `3 5` (Wythoff's
/// pairs, the places of an acrostic product).
pub fn read_pair(text: &str) -> Result<(u64, u64), crate::GameError> {
    let invalid = |reason: String| crate::GameError::InvalidPosition {
        text: text.to_owned(),
        reason,
    };
    let parts = crate::number::tuple_parts(text);
    let [x, y] = parts[..] else {
        return Err(invalid(
            "a position is two heaps, written (x,y), such as (3,5)".to_owned(),
        ));
    };
    let heap = |part: &str| {
        crate::number::parse_u64(part)
            .map_err(|e| invalid(format!("'{part}' is not a heap size: {e}")))
    };
    Ok((heap(x)?, heap(y)?))
}
