//! Requests for every value of a game at once: the table of a game on two
//! coordinates or of a cutting game's boxes, and every vertex of a graph.

use super::{check_acyclic, named};
use crate::convention::Convention;
use crate::error::GameError;
use crate::inputs::Inputs;
use crate::ruleset::Ruleset;
use crate::spec::Game;
use crate::sum_evaluator::SumEvaluator;

/// `table`'s answer: the values of a family on two coordinates, or of
/// every box of a cutting game.
#[derive(Debug)]
#[non_exhaustive]
pub enum Table {
    /// Every cell (x, y) with both coordinates up to the maximum.
    Grid {
        /// The coordinates' names (`x`, `y`; `n`, `m`).
        axes: [&'static str; 2],
        /// Misère values are named; normal play is not.
        convention: Option<Convention>,
        /// The values, row x, column y.
        values: crate::grid::Grid,
    },
    /// Every box of a cutting game up to the maximum side (normal play).
    Boxes(crate::cut::CutTable),
    /// Every box with sorted sides, with its misère nim-value.
    MisereBoxes(crate::report::MisereTableReport),
}

/// `table`: every value of a game on two coordinates up to `max`, or of
/// every box of a cutting game with sides up to `max`, under
/// `convention` (misère values by the search: small tables).
pub fn table<I: Inputs>(
    game: Game,
    spec: &str,
    max: u64,
    convention: Convention,
    inputs: &mut I,
) -> Result<Table, I::Error> {
    if let Game::Positional(positional) = &game {
        if let Some(grid) = positional.value_grid() {
            let values = match convention {
                Convention::Misere => misere_grid(&**positional, grid, spec, max)?,
                Convention::Normal => grid.table(max).map_err(|e| {
                    e.context(format!("computing the table of '{spec}' up to {max}"))
                })?,
            };
            return Ok(Table::Grid {
                axes: grid.axes(),
                convention: named(convention),
                values,
            });
        }
    }
    let Game::Cut(cut) = game else {
        return Err(GameError::Unsupported {
            message: format!("'{spec}' has no table: 'table' is for cutting games (cut:1 to cut:4) and games on two coordinates (wythoff, fibonacci-nim, mem, tartan products); heap games use 'seq'"),
        }
        .into());
    };
    let max = usize::try_from(max)
        .ok()
        .filter(|&m| m < u32::MAX as usize)
        .ok_or_else(|| GameError::Limit {
            what: format!("a table up to {max}"),
            limit: "sides below 2^32 - 1".to_owned(),
        })?;
    match convention {
        Convention::Misere => Ok(Table::MisereBoxes(misere_boxes(&cut, spec, max)?)),
        Convention::Normal => Ok(Table::Boxes(crate::inputs::cut_table(
            inputs,
            cut.dim(),
            max,
        )?)),
    }
}

/// The misère nim-value of every cell of a table over two coordinates,
/// each cell read as the position the family writes for it.
fn misere_grid(
    game: &dyn SumEvaluator,
    grid: &dyn crate::grid::ValueGrid,
    spec: &str,
    max: u64,
) -> Result<crate::grid::Grid, GameError> {
    let mut values = crate::grid::Grid::square(max)?;
    let side64 = values.rows as u64;
    let texts: Vec<String> = (0..side64)
        .flat_map(|x| (0..side64).map(move |y| grid.cell(x, y)))
        .collect();
    let misere = game
        .misere_values(&texts)
        .map_err(|e| e.context(format!("the misère values of the table of '{spec}'")))?;
    for (cell, value) in values.values.iter_mut().zip(misere) {
        *cell = u32::try_from(value).map_err(|_| GameError::Limit {
            what: format!("a misère value of {value}"),
            limit: "values below 2^32 in a table".to_owned(),
        })?;
    }
    Ok(values)
}

/// The misère nim-value of every box with sorted sides up to `max`, by
/// one search shared by all.
fn misere_boxes(
    game: &crate::cut::CutGame,
    spec: &str,
    max: usize,
) -> Result<crate::report::MisereTableReport, GameError> {
    let mut search = crate::misere::MisereSearch::new(game);
    let mut boxes = Vec::new();
    for sides in crate::cut::sorted_boxes(game.dim(), max) {
        let narrow: Vec<u32> = sides.iter().map(|&s| s as u32).collect();
        let cuboid = crate::cut::Cuboid::new(&narrow)?;
        let value = search.misere_value(&[cuboid], &[]).map_err(|e| {
            e.context(format!(
                "the misère value of {}",
                game.format_position(&cuboid)
            ))
        })?;
        boxes.push(crate::report::BoxReport { sides, value });
    }
    Ok(crate::report::MisereTableReport {
        game: spec.to_owned(),
        convention: Convention::Misere,
        max,
        boxes,
        dim: game.dim(),
    })
}

/// `graph`'s answer: every vertex's values, solved once.
#[derive(Debug)]
pub enum GraphValues {
    /// Normal play: Smith's generalised values and remoteness (cycles
    /// included).
    Normal(crate::loopy::LoopySolution),
    /// Misère play: each vertex's misère nim-value ([`crate::loopy::INFINITE`]
    /// never occurs: the graph is acyclic).
    Misere(Vec<u32>),
}

impl GraphValues {
    /// The report of every vertex of `graph`, streamed from these values.
    #[must_use]
    pub fn report<'a>(&'a self, graph: &'a crate::Graph) -> crate::report::GraphReport<'a> {
        let vertices = match self {
            GraphValues::Normal(solution) => crate::report::VertexList {
                graph,
                labels: solution.labels(),
                remoteness: Some(solution.remoteness()),
            },
            GraphValues::Misere(labels) => crate::report::VertexList {
                graph,
                labels,
                remoteness: None,
            },
        };
        crate::report::GraphReport { vertices }
    }
}

/// `graph`: the value, outcome and remoteness of every vertex of `graph`
/// (named `name` in errors), cycles included (Smith's values, draws); with
/// `acyclic`, and in misère play, a cycle is an error naming a vertex.
pub fn graph(
    graph: &crate::Graph,
    name: &str,
    acyclic: bool,
    convention: Convention,
) -> Result<GraphValues, GameError> {
    // Misère play is valued by a search, which needs a finite game.
    let needs_acyclic = match convention {
        Convention::Misere => true,
        Convention::Normal => acyclic,
    };
    if needs_acyclic {
        check_acyclic(name, graph)?;
    }
    match convention {
        Convention::Misere => {
            let mut search = crate::misere::MisereSearch::new(graph);
            let labels = (0..graph.vertex_count() as u32)
                .map(|v| {
                    let value = search.misere_value(&[v], &[])?;
                    Ok(u32::try_from(value).unwrap_or(u32::MAX - 1))
                })
                .collect::<Result<Vec<u32>, GameError>>()?;
            Ok(GraphValues::Misere(labels))
        }
        Convention::Normal => Ok(GraphValues::Normal(crate::loopy::LoopySolution::solve(
            graph.digraph(),
        ))),
    }
}
