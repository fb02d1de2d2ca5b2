//! Game specs: one string names a game, for the CLI, the web page and the
//! library alike (`nim`, `graph:FILE`, ...).

use std::path::Path;

use thiserror::Error;

use crate::graph::{Graph, GraphError};
use crate::heap::nim::Nim;

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
    #[error("cannot read '{path}': {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A game graph file with a mistake in it.
    #[error("{path}: {source}")]
    Graph {
        /// The file.
        path: String,
        /// The mistake.
        source: GraphError,
    },
}

/// A game named by a spec.
#[derive(Debug)]
#[non_exhaustive]
pub enum Game {
    /// Nim.
    Nim(Nim),
    /// An explicit game graph.
    Graph(Graph),
}

/// Reads a game graph file.
pub fn read_graph(path: &Path) -> Result<Graph, SpecError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| SpecError::Io {
        path: shown.clone(),
        source,
    })?;
    Graph::parse(&text).map_err(|source| SpecError::Graph {
        path: shown,
        source,
    })
}

/// The game a spec names.
pub fn parse_spec(spec: &str) -> Result<Game, SpecError> {
    let trimmed = spec.trim();
    if let Some(path) = trimmed.strip_prefix("graph:") {
        return read_graph(Path::new(path)).map(Game::Graph);
    }
    match trimmed.to_ascii_lowercase().as_str() {
        "nim" => Ok(Game::Nim(Nim)),
        _ => Err(SpecError::Unknown {
            spec: spec.to_owned(),
        }),
    }
}
