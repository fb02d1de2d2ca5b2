//! `eval --compound KIND`: games played together other than as a sum
//! ([`crate::compound`]: conjunctive, continued conjunctive, selective,
//! shortened selective, Moore's Nim_k). The components are read as a sum's
//! are (`kayles 5 9 + cram 3x4`: three components of two games); each is
//! listed as its own state space (every position it reaches, by its own
//! family's moves), its remoteness or suspense found, and the compound
//! decided by its rule, or by a search of its own positions where no rule
//! is applied; every winning move is judged the same way.

use super::mixed::{components, in_part, Components, Part};
use super::SumRequest;
use crate::compound::{self, Compound, CompoundSearch, Number};
use crate::inputs::Inputs;
use crate::limits::MAX_PLAY_MOVES;
use crate::report::{ComponentMove, CompoundMove, CompoundReport};
use crate::sum::Outcome;
use crate::sum_evaluator::StateMoves;
use crate::GameError;

/// The most positions one component's state space may have.
pub const COMPONENT_POSITIONS: usize = 1 << 22;

/// The most moves of a compound tried for the list of winning moves.
pub const COMPOUND_MOVES_TRIED: u64 = 1 << 22;

/// One component of a compound: its state space and what the rule reads.
struct Component {
    name: String,
    space: StateMoves,
    numbers: Vec<u32>,
}

/// `eval --compound KIND` of the components `request` names (its
/// convention must be normal play: the compounds' rules are of normal
/// play).
pub fn compound<I: Inputs>(
    game: crate::spec::Game,
    request: &SumRequest<'_>,
    kind: Compound,
    inputs: &mut I,
) -> Result<CompoundReport, I::Error> {
    if request.convention != crate::Convention::Normal
        || request.remoteness
        || request.outcome_only
        || request.cache.is_some()
    {
        return Err(GameError::Rules {
            message: format!(
                "a {kind} compound is answered in normal play, with its outcome and every winning move: no --misere, --remoteness, --outcome or --cache"
            ),
        }
        .into());
    }
    let parts = match components(&game, request.spec, request.positions, request.specs)? {
        Components::One(positions) => vec![Part {
            spec: request.spec.to_owned(),
            game,
            positions,
        }],
        Components::Mixed(parts) => parts,
    };
    if let (Compound::Moore(k), Some(heaps)) = (kind, nim_heaps(&parts)) {
        if heaps.iter().any(|&h| h > MOORE_LISTED_HEAP) {
            return Ok(moore_beyond_listing(&parts, k, &heaps));
        }
    }
    let mixed = parts.len() > 1;
    let number = match kind {
        Compound::Continued => Number::Suspense,
        _ => Number::Remoteness,
    };
    let mut listed = Vec::new();
    for (index, part) in parts.iter().enumerate() {
        let context = |e: GameError| in_part(&parts, index, e);
        super::sums::check_readable(&part.game, &part.positions).map_err(context)?;
        let evaluator = crate::inputs::sum_evaluator(part.game.clone(), &part.positions, inputs)?;
        if evaluator
            .loopy_evaluate(&part.spec, &part.positions)
            .is_some()
        {
            return Err(context(GameError::Unsupported {
                message: format!(
                    "a {kind} compound of a game with cycles is not answered: its rule is for games that end"
                ),
            })
            .into());
        }
        for text in &part.positions {
            let space = evaluator
                .state_moves(std::slice::from_ref(text), COMPONENT_POSITIONS)
                .map_err(context)?;
            let numbers = compound::numbers(&space.followers, number).map_err(context)?;
            let name = if mixed {
                format!("{} {text}", part.spec)
            } else {
                space.position_text.join(" + ")
            };
            listed.push(Component {
                name,
                space,
                numbers,
            });
        }
    }
    Ok(decide(&parts, kind, number, &listed)?)
}

/// The largest Nim heap whose moves a Moore compound lists; beyond it
/// only the outcome, by Moore's theorem.
pub const MOORE_LISTED_HEAP: u64 = 1 << 12;

/// Moore's Nim_k of heaps too large to list their moves: the outcome by
/// the theorem alone.
fn moore_beyond_listing(parts: &[Part], k: u32, heaps: &[u64]) -> CompoundReport {
    let kind = Compound::Moore(k);
    let wins = compound::moore_wins(k, heaps);
    CompoundReport {
        game: super::mixed::names(parts),
        compound: kind.to_string(),
        rule: kind.rule(),
        position: heaps.iter().map(u64::to_string).collect(),
        number_name: None,
        numbers: None,
        number: None,
        outcome: if wins { Outcome::N } else { Outcome::P },
        method: moore_method(k),
        winning_moves: Vec::new(),
        // A P-position has no winning move to list.
        winning_moves_unlisted: wins
            .then(|| format!("the moves of heaps above {MOORE_LISTED_HEAP} are not listed")),
    }
}

fn moore_method(k: u32) -> String {
    format!("Moore's theorem (1910): in every binary place, the count of heaps with a 1 there is a multiple of {} exactly at a P-position", k + 1)
}

/// The Nim heaps of a compound whose components are all Nim heaps (where
/// Moore's theorem applies), else `None`.
fn nim_heaps(parts: &[Part]) -> Option<Vec<u64>> {
    let mut heaps = Vec::new();
    for part in parts {
        if part.spec.trim() != "nim" {
            return None;
        }
        for text in &part.positions {
            heaps.push(crate::number::parse_u64(text.trim()).ok()?);
        }
    }
    Some(heaps)
}

/// The heap a Nim component is at after a move leaving `to` (nothing: 0).
fn heap_after(to: &[serde_json::Value]) -> u64 {
    to.first().and_then(serde_json::Value::as_u64).unwrap_or(0)
}

fn decide(
    parts: &[Part],
    kind: Compound,
    number: Number,
    components: &[Component],
) -> Result<CompoundReport, GameError> {
    let start: Vec<u32> = vec![0; components.len()];
    let starts: Vec<u32> = components.iter().map(|c| c.numbers[0]).collect();
    let followers: Vec<&[Vec<u32>]> = components
        .iter()
        .map(|c| c.space.followers.as_slice())
        .collect();
    let mut search = CompoundSearch::new(kind, followers);
    let heaps = match kind {
        Compound::Moore(_) => nim_heaps(parts),
        _ => None,
    };
    // Whether the player to move at these components' vertices (after a
    // move: `heaps` for Nim heaps) wins.
    let mut wins = |vertices: &[u32], heaps: Option<&[u64]>| -> Result<bool, GameError> {
        if let (Compound::Moore(k), Some(heaps)) = (kind, heaps) {
            return Ok(compound::moore_wins(k, heaps));
        }
        let numbers: Vec<u32> = vertices
            .iter()
            .zip(components)
            .map(|(&v, c)| c.numbers[v as usize])
            .collect();
        match compound::wins_by_rule(kind, &numbers) {
            Some(wins) => Ok(wins),
            None => search.wins(vertices),
        }
    };
    let outcome = if wins(&start, heaps.as_deref())? {
        Outcome::N
    } else {
        Outcome::P
    };
    let method = match (kind, &heaps) {
        (Compound::Conjunctive, _) => "Smith's rule (Winning Ways, ch. 9): the compound's remoteness is the least of its components'; the player to move wins when it is odd".to_owned(),
        (Compound::Continued, _) => "the rule of Winning Ways, ch. 9: the compound's suspense is the largest of its components'; the player to move wins when it is odd".to_owned(),
        (Compound::Selective, _) => "the rule of Winning Ways, ch. 9: a P-position exactly when every component is a P-position".to_owned(),
        (Compound::Moore(k), Some(_)) => moore_method(k),
        _ => "a search of the compound's own positions (no rule is applied to this compound here)".to_owned(),
    };
    // Every move of the compound from its start, judged the same way.
    let counts: Vec<usize> = components.iter().map(|c| c.space.moves.len()).collect();
    let mut winning = Vec::new();
    let mut tried = 0u64;
    let mut unlisted = None;
    kind.for_each_move(&counts, |chosen| {
        tried += 1;
        if tried > COMPOUND_MOVES_TRIED {
            unlisted = Some(format!(
                "only the first {COMPOUND_MOVES_TRIED} moves of the compound were tried"
            ));
            return Ok(false);
        }
        let after: Vec<u32> = chosen
            .iter()
            .zip(components)
            .map(|(c, comp)| c.map_or(0, |m| comp.space.moves[m].1))
            .collect();
        let heaps_after: Option<Vec<u64>> = heaps.as_ref().map(|heaps| {
            heaps
                .iter()
                .zip(chosen)
                .zip(components)
                .map(|((&h, c), comp)| c.map_or(h, |m| heap_after(&comp.space.moves[m].0.to)))
                .collect()
        });
        if wins(&after, heaps_after.as_deref())? {
            return Ok(true);
        }
        if winning.len() >= MAX_PLAY_MOVES {
            unlisted = Some(format!(
                "only the first {MAX_PLAY_MOVES} winning moves are listed"
            ));
            return Ok(false);
        }
        let mut moves = Vec::new();
        let mut position = Vec::new();
        for (i, (c, comp)) in chosen.iter().zip(components).enumerate() {
            match c {
                None => position.push(comp.name.clone()),
                Some(m) => {
                    let report = &comp.space.moves[*m].0;
                    moves.push(ComponentMove {
                        component: i,
                        description: report.description.clone(),
                    });
                    position.push(if report.to_text.is_empty() {
                        crate::positions::END.to_owned()
                    } else {
                        report.to_text.join(" + ")
                    });
                }
            }
        }
        winning.push(CompoundMove { moves, position });
        Ok(true)
    })?;
    let number_name = match (kind, number) {
        (
            Compound::Conjunctive | Compound::Selective | Compound::ShortenedSelective,
            Number::Remoteness,
        ) => Some("remoteness"),
        (Compound::Continued, Number::Suspense) => Some("suspense"),
        _ => None,
    };
    let compound_number = match kind {
        Compound::Conjunctive => starts.iter().min().copied(),
        Compound::Continued => starts.iter().max().copied(),
        _ => None,
    };
    Ok(CompoundReport {
        game: super::mixed::names(parts),
        compound: kind.to_string(),
        rule: kind.rule(),
        position: components.iter().map(|c| c.name.clone()).collect(),
        number_name: number_name.map(str::to_owned),
        numbers: number_name.map(|_| starts.clone()),
        number: compound_number,
        outcome,
        method,
        winning_moves: winning,
        winning_moves_unlisted: unlisted,
    })
}
