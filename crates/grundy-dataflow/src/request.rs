//! The requests every face makes of a solve, and their reports: the CLI
//! (`grundy solve`, `grundy db`) and Python (`grundy.solve`,
//! `grundy.database`) parse their arguments, call these and render the
//! reports (text or JSON); neither decides anything of its own.

use std::path::Path;

use serde::Serialize;

use crate::db::Database;
use crate::{solve_with, Cluster, GraphSource, SolveError, SolveOptions, SolveSummary, DRAWN};
use grundy::loopy::LoopyValue;

/// A solve as a face asks for it.
#[derive(Clone, Debug)]
pub struct SolveRequest<'a> {
    /// A graph file, a family's graph (`windup:7:2,3`), a binary edge
    /// list; or, with `positions`, a game's spec.
    pub graph: &'a str,
    /// Start positions of the game `graph` names: the graph is the state
    /// space reachable from their sum. Empty: `graph` is the graph.
    pub positions: &'a [String],
    /// The most positions that state space may have.
    pub max_positions: usize,
    /// The database's directory.
    pub out: &'a Path,
    /// The workers' layout.
    pub cluster: Cluster,
    /// Resume, progress, the crash tests' hook (the game is filled in
    /// here).
    pub options: SolveOptions,
}

/// What a solve reports.
#[derive(Clone, Debug, Serialize)]
pub struct SolveReport {
    /// The database's directory.
    pub database: String,
    /// The totals.
    #[serde(flatten)]
    pub summary: SolveSummary,
}

/// One vertex read from a database, in the shape `grundy graph` gives a
/// vertex (the same thing, one shape: a test compares them).
#[derive(Clone, Debug, Serialize)]
pub struct DbVertex {
    /// Its name (or number).
    pub name: String,
    /// Its value; `null` when infinite.
    pub value: Option<u64>,
    /// K of an infinite value ∞(K): the finite values among its followers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub escapes: Option<Vec<u64>>,
    /// P, N or D.
    pub outcome: grundy::Outcome,
    /// Its remoteness (`null` for a draw).
    pub remoteness: Option<u32>,
    /// The value as text: `3`, `∞`, `∞(0,2)`.
    #[serde(skip)]
    pub symbol: String,
}

/// What a lookup in a database reports.
#[derive(Clone, Debug, Serialize)]
pub struct DbReport {
    /// The database's directory.
    pub database: String,
    /// The totals the manifest gives.
    pub summary: SolveSummary,
    /// The vertices asked for.
    pub vertices: Vec<DbVertex>,
}

/// The graph a request names: a graph (file, family, edge list), or a
/// game's state space from start positions.
pub fn graph_source(
    graph: &str,
    positions: &[String],
    limit: usize,
    on_workers: bool,
) -> Result<GraphSource, SolveError> {
    if positions.is_empty() {
        return GraphSource::open(Path::new(graph));
    }
    let game = grundy::spec::parse_spec(graph).map_err(|e| SolveError::Graph(e.to_string()))?;
    // A sum of different games (`kayles 5 + nim 3`): its state space is
    // every tuple of its games' positions, listed here whole.
    // Long computations allowed: a solve is asked for its whole state space.
    let mut inputs = grundy::inputs::Plain(grundy::budget::Budget::interactive(
        true,
        "solve lists every position it reaches",
    ));
    if let Some(space) = grundy::api::mixed::mixed_state_space(
        &game,
        graph,
        positions,
        grundy::spec::SpecSource::FilesAllowed,
        limit,
        &mut inputs,
    )
    .map_err(|e| SolveError::Graph(e.to_string()))?
    {
        if on_workers {
            return Err(SolveError::Graph(format!(
                "'{graph}' with a sum of different games: its state space is listed whole, in one process (-n 1, without --list-on-workers)"
            )));
        }
        return Ok(GraphSource::Graph(std::sync::Arc::new(space)));
    }
    match game {
        grundy::game::Game::Positional(game) if on_workers => {
            // Listed by the workers themselves (each its share), not here.
            let start = game
                .state_name(positions)
                .map_err(|e| SolveError::Graph(e.to_string()))?;
            Ok(GraphSource::StateSpace(crate::StateSpace { game, start, limit }))
        }
        grundy::game::Game::Positional(game) => {
            let space = game
                .state_space(positions, limit)
                .map_err(|e| SolveError::Graph(e.to_string()))?;
            Ok(GraphSource::Graph(std::sync::Arc::new(space)))
        }
        _ => Err(SolveError::Graph(format!(
            "'{graph}' with start positions: only games of boards, pairs and graphs of their own are listed as a state space (a graph file or windup:N:S is solved as it is, without positions)"
        ))),
    }
}

/// Runs a solve request.
pub fn solve(request: SolveRequest<'_>) -> Result<SolveReport, SolveError> {
    // Several processes list a state space on their workers (no process
    // holds it whole); one process lists it itself, faster
    // ([`SolveOptions::list_on_workers`]).
    let on_workers = request.cluster.processes > 1 || request.options.list_on_workers;
    let source = graph_source(
        request.graph,
        request.positions,
        request.max_positions,
        on_workers,
    )?;
    let options = SolveOptions {
        game: (!request.positions.is_empty()).then(|| request.graph.to_owned()),
        ..request.options
    };
    let summary = solve_with(source, &request.cluster, request.out, &options)?;
    Ok(SolveReport {
        database: request.out.display().to_string(),
        summary,
    })
}

/// The answers for `vertices` (names, or numbers for an edge list) in the
/// database at `dir`, with its totals.
pub fn lookup(dir: &Path, vertices: &[String]) -> Result<DbReport, SolveError> {
    lookup_in(&Database::open(dir)?, vertices)
}

/// [`lookup`] in a database already read (a face that also exports it
/// reads it once).
pub fn lookup_in(db: &Database, vertices: &[String]) -> Result<DbReport, SolveError> {
    let mut found = Vec::with_capacity(vertices.len());
    for key in vertices {
        let v = db.vertex(key).ok_or_else(|| {
            SolveError::Limit(format!(
                "no vertex '{key}' in the database (of {} vertices)",
                db.len()
            ))
        })?;
        let answer = db
            .get(v)
            .ok_or_else(|| SolveError::Limit(format!("the database lost vertex {v}")))?;
        let value = answer.value();
        found.push(DbVertex {
            name: db.name(v),
            symbol: value.symbol(),
            outcome: value.outcome(),
            remoteness: (answer.remoteness != DRAWN).then_some(answer.remoteness),
            value: match &value {
                LoopyValue::Finite(m) => Some(*m),
                LoopyValue::Infinite(_) => None,
            },
            escapes: match value {
                LoopyValue::Infinite(k) => Some(k),
                LoopyValue::Finite(_) => None,
            },
        });
    }
    Ok(DbReport {
        database: db.dir().display().to_string(),
        summary: db.summary.clone(),
        vertices: found,
    })
}
