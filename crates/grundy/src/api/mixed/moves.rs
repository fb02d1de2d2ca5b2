//! The moves of a sum of different games, for play: each part's moves in
//! its own game's terms, numbered and named in the whole sum, each judged
//! for the whole sum by the sum's evaluation ([`super::eval`]), and the
//! position each leaves written so that a face can send it back as the
//! next request.
//!
//! A position of a sum of different games is written as the request is:
//! the first game's components, then for each other game a `+`, its spec
//! and its components (`5 + cram ##../.... + nim 3` after the game
//! `kayles`). A move that takes a part's last component drops the part,
//! and the game to send with the position is then the first game left
//! (`kayles 1 + nim 3`: taking the pin leaves `nim 3`, a sum of one game).

use crate::api::{Evaluation, SumRequest};
use crate::inputs::Inputs;
use crate::report::{MoveReport, PlayMove};
use crate::spec::{Game, SpecSource};
use crate::{Convention, GameError};

use super::Part;

/// Every move of a sum of different games, with the sum as the request
/// wrote it and as its games write it.
#[derive(Clone, Debug)]
pub struct MixedMoves {
    /// The components as written in the request (its first game's, then
    /// `+`, each other game's spec and its components).
    pub position: Vec<String>,
    /// Every component as its game writes it (what a page draws),
    /// numbered across the whole sum.
    pub written: Vec<String>,
    /// The game (spec) of each of `written`.
    pub component_games: Vec<String>,
    /// Every move: its component numbered in the whole sum, its words
    /// naming the game (`cram: domino a1-b1, ...`), what it leaves as
    /// [`written_sum`] writes it with the game to send it with, whether
    /// it wins or keeps a draw in the whole sum.
    pub moves: Vec<PlayMove>,
}

/// The position of the sum whose parts are `(spec, components)`, as a
/// request writes it, with the game to send it with: parts with no
/// component left are dropped, the first part left gives the game. `None`
/// when no part has a component left.
pub fn written_sum<'a>(
    parts: impl IntoIterator<Item = (&'a str, &'a [String])>,
) -> Option<(String, Vec<String>)> {
    let mut game: Option<String> = None;
    let mut tokens = Vec::new();
    for (spec, components) in parts {
        if components.is_empty() {
            continue;
        }
        match &game {
            None => game = Some(spec.to_owned()),
            // Written by the library, a lone `+` is always followed by a
            // game's spec, which starts that game's part when read back.
            Some(_) => tokens.extend(["+".to_owned(), spec.to_owned()]),
        }
        tokens.extend(components.iter().cloned());
    }
    game.map(|game| (game, tokens))
}

/// A move as the whole-sum evaluation lists it: the components it can be
/// made in (equal ones listed once) and its words.
struct Judged {
    components: Vec<usize>,
    description: String,
}

impl Judged {
    fn of(m: &MoveReport) -> Judged {
        let mut components = vec![m.component];
        components.extend(&m.equal_components);
        Judged {
            components,
            description: m.description.clone(),
        }
    }

    /// Whether `m` (placed in the whole sum) is this move: the same words
    /// in one of the same components. Equal components are compared as
    /// sets, since the move list and the evaluation may list such a move
    /// under different ones of them.
    fn is(&self, m: &PlayMove) -> bool {
        self.description == m.description
            && (self.components.contains(&m.component)
                || m.equal_components
                    .iter()
                    .any(|c| self.components.contains(c)))
    }
}

/// The winning and drawing moves of the whole sum, from its evaluation in
/// any convention: the move list is judged by the same answer `eval`
/// gives, so the two cannot disagree.
fn judged(evaluation: &Evaluation) -> (Vec<Judged>, Vec<Judged>) {
    let all = |moves: &[MoveReport]| moves.iter().map(Judged::of).collect::<Vec<_>>();
    match evaluation {
        Evaluation::Sum(report) => (all(&report.winning_moves), Vec::new()),
        Evaluation::Outcome(report) => (all(&report.winning_moves), Vec::new()),
        Evaluation::Loopy(report) => (
            all(&report.winning_moves),
            report.drawing_moves.as_deref().map(all).unwrap_or_default(),
        ),
    }
}

/// Every move of the sum of different games `parts` (the request's game
/// first), judged in `convention` for the whole sum. Games after the
/// first were read from `specs`.
pub fn moves<I: Inputs>(
    parts: &[Part],
    convention: Convention,
    specs: SpecSource,
    inputs: &mut I,
) -> Result<MixedMoves, I::Error> {
    let first = parts.first().ok_or_else(|| GameError::Rules {
        message: "a sum of different games needs at least one game".to_owned(),
    })?;
    // The whole sum's answer first: a convention or a part it does not
    // answer is refused with eval's words before any move is listed.
    let mut position = first.positions.clone();
    for part in &parts[1..] {
        position.extend(["+".to_owned(), part.spec.clone()]);
        position.extend(part.positions.iter().cloned());
    }
    let request = SumRequest {
        spec: &first.spec,
        positions: &position,
        convention,
        remoteness: false,
        table_bytes: None,
        cache: None,
        outcome_only: false,
        specs,
    };
    let evaluated = super::evaluate_parts(parts, inputs)?;
    let evaluation = super::answer(parts, &evaluated, &request, inputs)?;
    let (winning, drawing) = judged(&evaluation);

    // Each part's moves in its own terms, and its components as its game
    // writes them (what the sum after a move is written with), by the
    // evaluators the evaluation used.
    let mut listed: Vec<(Vec<PlayMove>, Vec<String>)> = Vec::with_capacity(parts.len());
    for e in &evaluated {
        let (evaluator, texts) = (&e.evaluator, &e.part.positions);
        let written = evaluator.written(texts).map_err(|error| e.context(error))?;
        // Normal play lists every move of every game, cycles or not;
        // whether a move wins is the whole sum's answer, not the part's.
        // No remoteness: a part's is not the whole sum's.
        let own = evaluator
            .moves_with(texts, Convention::Normal, false)
            .map_err(|error| e.context(error))?;
        listed.push((own, written));
    }

    let mut written = Vec::new();
    let mut component_games = Vec::new();
    let mut starts = Vec::with_capacity(parts.len());
    for (part, (_, texts)) in parts.iter().zip(&listed) {
        starts.push(written.len());
        written.extend(texts.iter().cloned());
        component_games.extend(texts.iter().map(|_| part.spec.clone()));
    }

    let mut moves = Vec::new();
    for (index, (own, _)) in listed.iter().enumerate() {
        let spec = &parts[index].spec;
        for m in own {
            // The sum after the move: this part as the move leaves it, the
            // others as their games write them.
            let after = written_sum(parts.iter().zip(&listed).enumerate().map(
                |(j, (part, (_, texts)))| {
                    let components = if j == index { &m.position } else { texts };
                    (part.spec.as_str(), components.as_slice())
                },
            ));
            // One move leaves only one part changed, and a sum of
            // different games has at least two parts with components.
            let (game, tokens) = after.ok_or_else(|| GameError::Rules {
                message: format!("the move {spec}: {} leaves no game", m.description),
            })?;
            let mut placed = PlayMove {
                description: format!("{spec}: {}", m.description),
                component: m.component + starts[index],
                to: m.to.clone(),
                position: tokens,
                wins: false,
                draws: false,
                remoteness: None,
                equal_components: m
                    .equal_components
                    .iter()
                    .map(|c| c + starts[index])
                    .collect(),
                game: Some(game),
            };
            placed.wins = winning.iter().any(|w| w.is(&placed));
            placed.draws = !placed.wins && drawing.iter().any(|d| d.is(&placed));
            moves.push(placed);
        }
    }
    Ok(MixedMoves {
        position,
        written,
        component_games,
        moves,
    })
}

/// The game (as parsed) that `spec`, one of the parts' specs, names: a
/// position left after a move is sent with the game of its first part.
pub fn game_of(parts: &[Part], spec: &str) -> Option<Game> {
    parts
        .iter()
        .find(|p| p.spec == spec)
        .map(|p| p.game.clone())
}
