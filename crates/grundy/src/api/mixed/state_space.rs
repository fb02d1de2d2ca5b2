//! The state space of a sum of different games, for `grundy solve`: every
//! position the sum reaches, each a tuple of its parts' positions, as one
//! explicit game graph solved like any other. A position is named as the
//! sum is written, each component with its game (`kayles 1 + kayles 3 +
//! nim 2`), so that a database lookup names it the same way.

use super::{components, in_part, names, Components, Part};
use crate::graph::Graph;
use crate::inputs::Inputs;
use crate::spec::{Game, SpecSource};
use crate::GameError;

/// The state space from the sum written `texts` after the game `game`
/// (written `spec`) when it is a sum of different games (`None` for a sum of one game,
/// listed by its game), at most `limit` positions; specs of the other
/// games are read from `source`.
pub fn mixed_state_space<I: Inputs>(
    game: &Game,
    spec: &str,
    texts: &[String],
    source: SpecSource,
    limit: usize,
    inputs: &mut I,
) -> Result<Option<Graph>, I::Error> {
    let Components::Mixed(parts) = components(game, spec, texts, source)? else {
        return Ok(None);
    };
    let mut spaces = Vec::with_capacity(parts.len());
    for (index, part) in parts.iter().enumerate() {
        let context = |e: GameError| in_part(&parts, index, e);
        crate::api::sums::check_readable(&part.game, &part.positions).map_err(context)?;
        let evaluator = crate::inputs::sum_evaluator(part.game.clone(), &part.positions, inputs)?;
        spaces.push(
            evaluator
                .state_space(&part.positions, limit)
                .map_err(context)?,
        );
    }
    Ok(Some(product(&parts, &spaces, limit)?))
}

/// The graph of every tuple of the parts' positions (part 0 the lowest
/// digit, so that vertex 0 is the sum as asked): a move is one part's.
fn product(parts: &[Part], spaces: &[Graph], limit: usize) -> Result<Graph, GameError> {
    let sizes: Vec<usize> = spaces.iter().map(Graph::vertex_count).collect();
    let count = sizes
        .iter()
        .try_fold(1usize, |n, &s| n.checked_mul(s))
        .filter(|&n| n <= limit)
        .ok_or_else(|| GameError::Limit {
            what: format!(
                "the state space of {} (every tuple of its parts' positions: {})",
                names(parts),
                sizes
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(" × ")
            ),
            limit: format!("{limit} positions"),
        })?;
    let mut strides = Vec::with_capacity(sizes.len());
    let mut stride = 1;
    for &size in &sizes {
        strides.push(stride);
        stride *= size;
    }
    let mut names_of = Vec::with_capacity(count);
    let mut followers = Vec::with_capacity(count);
    for tuple in 0..count {
        crate::stop::tick()?;
        let mut words: Vec<String> = Vec::new();
        let mut these = Vec::new();
        for (part, space) in spaces.iter().enumerate() {
            let vertex = (tuple / strides[part]) % sizes[part];
            // A part's position is its components joined by ` + ` (`0`
            // when none is left): each named with the part's game here.
            let name = space.name(vertex as u32);
            if name != "0" {
                words.extend(
                    name.split(" + ")
                        .map(|component| format!("{} {component}", parts[part].spec)),
                );
            }
            for &w in space.successors(vertex as u32) {
                let next = tuple - vertex * strides[part] + w as usize * strides[part];
                these.push(u32::try_from(next).map_err(|_| GameError::Limit {
                    what: "the state space of this sum".to_owned(),
                    limit: format!("{} positions", u32::MAX),
                })?);
            }
        }
        names_of.push(if words.is_empty() {
            "0".to_owned()
        } else {
            words.join(" + ")
        });
        followers.push(these);
    }
    Graph::from_followers(names_of, &followers).map_err(|e| GameError::Unsupported {
        message: e.to_string(),
    })
}
