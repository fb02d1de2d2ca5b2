//! The `windup:N:S` family: subtraction modulo N, a loopy game (proposed
//! by Alfie Davies, Games-at-Dal 2023). A position is x in 0..N; a move
//! takes an amount s of S from x ≠ 0, leaving (x − s) mod N; 0 has no
//! move. Amounts larger than x wind round, so positions can repeat: the
//! game is a finite graph with cycles, solved by [`crate::loopy`]. When
//! every amount is at most every position it applies to (S = {1}, say) it
//! is the subtraction game on 0..N.

use crate::error::GameError;
use crate::game::{Game, IntoGame};
use crate::graph::Graph;
use crate::heap::subtraction::parse_number_set;
use crate::spec_form::SpecForm;

/// The largest modulus: the graph has N vertices and up to N·|S| edges.
pub const MAX_MODULUS: u64 = 1 << 24;

/// The most edges a windup graph may have.
pub const MAX_EDGES: u64 = 1 << 27;

/// Subtraction modulo N, with its graph.
#[derive(Clone, Debug)]
pub struct WindUp {
    modulus: u64,
    amounts: Vec<u64>,
    graph: Graph,
}

impl WindUp {
    /// The game with modulus N and amounts S (each in 1..N).
    pub fn new(modulus: u64, amounts: Vec<u64>) -> Result<WindUp, GameError> {
        if modulus == 0 || modulus > MAX_MODULUS {
            return Err(GameError::Rules {
                message: format!(
                    "the modulus of windup:N:S must be from 1 to {MAX_MODULUS}, not {modulus}"
                ),
            });
        }
        if let Some(&bad) = amounts.iter().find(|&&s| s == 0 || s >= modulus) {
            return Err(GameError::Rules {
                message: format!(
                    "the amounts of windup:{modulus}:S must be from 1 to {}, not {bad}",
                    modulus - 1
                ),
            });
        }
        if modulus.saturating_mul(amounts.len() as u64) > MAX_EDGES {
            return Err(GameError::Limit {
                what: format!("windup:{modulus} with {} amounts", amounts.len()),
                limit: format!("{MAX_EDGES} moves in the graph"),
            });
        }
        let followers: Vec<Vec<u32>> = (0..modulus)
            .map(|x| {
                if x == 0 {
                    return Vec::new();
                }
                amounts
                    .iter()
                    .map(|&s| ((x + modulus - s) % modulus) as u32)
                    .collect()
            })
            .collect();
        let names = (0..modulus).map(|x| x.to_string()).collect();
        let graph = Graph::from_followers(names, &followers).map_err(|e| GameError::Rules {
            message: e.to_string(),
        })?;
        Ok(WindUp {
            modulus,
            amounts,
            graph,
        })
    }

    /// The modulus N.
    #[must_use]
    pub fn modulus(&self) -> u64 {
        self.modulus
    }

    /// The amounts S.
    #[must_use]
    pub fn amounts(&self) -> &[u64] {
        &self.amounts
    }

    /// The game as a graph with vertices named `0`, `1`, ...
    #[must_use]
    pub fn graph(&self) -> &Graph {
        &self.graph
    }
}

impl SpecForm for WindUp {
    const FORM: &'static str = "windup:N:S";
    const ABOUT: &'static str =
        "subtraction modulo N, loopy: take s in S from x, leaving (x - s) mod N; 0 ends the game";
    const EXAMPLE: &'static str = "windup:7:2,3";
    const PREFIX: Option<&'static str> = Some("windup:");
    type Error = GameError;

    fn from_spec(text: &str) -> Option<Result<WindUp, GameError>> {
        let Some((modulus, list)) = text.split_once(':') else {
            return Some(Err(GameError::Rules {
                message: format!(
                    "expected windup:N:S (a modulus, ':', then the amounts), found 'windup:{text}'"
                ),
            }));
        };
        Some(
            crate::number::parse_u64(modulus.trim())
                .map_err(|e| GameError::Rules {
                    message: format!("the modulus '{modulus}' of windup:N:S: {e}"),
                })
                .and_then(|n| {
                    let amounts = parse_number_set(list, "windup amounts")?;
                    WindUp::new(n, amounts)
                }),
        )
    }
}

impl IntoGame for WindUp {
    fn into_game(self) -> Game {
        Game::Graph(std::sync::Arc::new(self.graph))
    }
}
