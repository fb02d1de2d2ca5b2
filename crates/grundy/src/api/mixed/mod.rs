//! Sums of different games: `kayles 5 9 + cram 3x4 + nim 7`. A sum is
//! read into its parts (each a game and its components), each part is
//! valued by its own family's best method, and the whole is their XOR;
//! a winning move is a move in one part to the value the other parts
//! XOR to, found by that part's own engine.
//!
//! The grammar, the same on every face: the components of one game
//! follow its spec; a `+` standing alone followed by a game's spec starts
//! that game's part; any other `+` only separates components (`nim 3 + 4`
//! is the sum of two heaps).

use std::sync::Arc;

use crate::api::{Evaluation, SumRequest};
use crate::inputs::Inputs;
use crate::report::{MoveReport, UnlistedReport, RESULT_SHOWN_UP_TO};
use crate::spec::{parse_spec_from, Game, SpecSource};
use crate::sum_evaluator::SumEvaluator;
use crate::{Convention, GameError};

mod loopy;
mod misere;
mod moves;
mod normal;
mod remoteness;
mod state_space;
mod tuples;

pub use state_space::mixed_state_space;

pub use moves::{game_of, moves, written_sum, MixedMoves};

/// One game's part of a sum: its spec and its components.
#[derive(Clone, Debug)]
pub struct Part {
    /// The game's spec as written.
    pub spec: String,
    /// The game.
    pub game: Game,
    /// Its components, as written.
    pub positions: Vec<String>,
}

/// The components of a request: of one game, or of several.
#[derive(Clone, Debug)]
pub enum Components {
    /// Every component is of the request's game (separating `+` dropped).
    One(Vec<String>),
    /// Parts of different games, the request's game first.
    Mixed(Vec<Part>),
}

/// Whether `text` is a `+` standing alone (a separator, or the start of
/// another game's part).
fn is_plus(text: &str) -> bool {
    text.trim() == "+"
}

/// Reads the components `texts` of a sum whose first game is `game`
/// (written `spec`): a `+` followed by a text that reads as a game's
/// spec (from `source`) starts that game's part.
pub fn components(
    game: &Game,
    spec: &str,
    texts: &[String],
    source: SpecSource,
) -> Result<Components, GameError> {
    if !texts.iter().any(|t| is_plus(t)) {
        return Ok(Components::One(texts.to_vec()));
    }
    let mut parts = vec![Part {
        spec: spec.to_owned(),
        game: game.clone(),
        positions: Vec::new(),
    }];
    let mut at = 0;
    while at < texts.len() {
        let text = &texts[at];
        if is_plus(text) {
            // A position never reads as a spec (a heap is a number, a
            // board a size or rows, a graph a name or its edges), so a
            // spec after a lone `+` starts a part.
            let next = texts
                .get(at + 1)
                .and_then(|next| Some((next, parse_spec_from(next.trim(), source).ok()?)));
            if let Some((next, game)) = next {
                parts.push(Part {
                    spec: next.trim().to_owned(),
                    game,
                    positions: Vec::new(),
                });
                at += 2;
            } else {
                at += 1;
            }
            continue;
        }
        if let Some(part) = parts.last_mut() {
            part.positions.push(text.clone());
        }
        at += 1;
    }
    if let Some(empty) = parts.iter().find(|p| p.positions.is_empty()) {
        return Err(GameError::Rules {
            message: format!(
                "the game '{}' in the sum has no position after it: write each game's components after its name (kayles 5 9 + cram 3x4)",
                empty.spec
            ),
        });
    }
    if parts.len() == 1 {
        return Ok(Components::One(parts.remove(0).positions));
    }
    Ok(Components::Mixed(parts))
}

/// The parts' games, as a sum names them: `kayles + cram + nim`.
pub(super) fn names(parts: &[Part]) -> String {
    parts
        .iter()
        .map(|p| p.spec.as_str())
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Ordinal words for the parts of a sum, in errors.
fn ordinal(index: usize) -> String {
    match index {
        0 => "first".to_owned(),
        1 => "second".to_owned(),
        2 => "third".to_owned(),
        3 => "fourth".to_owned(),
        4 => "fifth".to_owned(),
        n => {
            let place = n + 1;
            let suffix = match (place % 10, place % 100) {
                (_, 11..=13) => "th",
                (1, _) => "st",
                (2, _) => "nd",
                (3, _) => "rd",
                _ => "th",
            };
            format!("{place}{suffix}")
        }
    }
}

/// `error` in part `index` of the sum of `parts`: which game and its
/// text first, then the whole sum with that part underlined.
pub(super) fn in_part(parts: &[Part], index: usize, error: GameError) -> GameError {
    let written: Vec<String> = parts
        .iter()
        .map(|p| format!("{} {}", p.spec, p.positions.join(" ")))
        .collect();
    let before: usize = written[..index]
        .iter()
        .map(|w| w.chars().count() + " + ".len())
        .sum();
    let width = written[index].chars().count();
    GameError::InPart {
        context: format!(
            "in the {} game of the sum, {}",
            ordinal(index),
            written[index]
        ),
        inner: Box::new(error),
        sum: written.join(" + "),
        underline: format!("{}{}", " ".repeat(before), "^".repeat(width)),
    }
}

/// The whole sum laid out from its parts: where each part's components
/// start, and the whole written as JSON, as text (each component named
/// with its game: `cram ....`) and by games; each part's move placed in it.
pub(super) struct Layout {
    specs: Vec<String>,
    starts: Vec<usize>,
    pub(super) position: Vec<serde_json::Value>,
    pub(super) texts: Vec<String>,
    pub(super) games: Vec<String>,
}

/// A component written with its game, as a sum of different games shows it.
fn named(spec: &str, text: &str) -> String {
    format!("{spec} {text}")
}

impl Layout {
    /// The layout of `parts` whose components are, part by part, written
    /// `(json, text)`.
    pub(super) fn new(
        parts: &[Part],
        written: impl Iterator<Item = (Vec<serde_json::Value>, Vec<String>)>,
    ) -> Layout {
        let mut layout = Layout {
            specs: Vec::with_capacity(parts.len()),
            starts: Vec::with_capacity(parts.len() + 1),
            position: Vec::new(),
            texts: Vec::new(),
            games: Vec::new(),
        };
        for (part, (json, texts)) in parts.iter().zip(written) {
            layout.specs.push(part.spec.clone());
            layout.starts.push(layout.position.len());
            layout.games.extend(json.iter().map(|_| part.spec.clone()));
            layout.position.extend(json);
            layout
                .texts
                .extend(texts.iter().map(|t| named(&part.spec, t)));
        }
        layout.starts.push(layout.position.len());
        layout
    }

    /// Part `index`'s move `m` (numbered and written as in its part) in
    /// the whole sum: its components numbered across the parts, its
    /// description naming the game, its result the whole sum after it.
    pub(super) fn place(&self, index: usize, mut m: MoveReport) -> MoveReport {
        let (start, end) = (self.starts[index], self.starts[index + 1]);
        let spec = &self.specs[index];
        m.component += start;
        for equal in &mut m.equal_components {
            *equal += start;
        }
        m.description = format!("{spec}: {}", m.description);
        let shown = self.position.len() <= RESULT_SHOWN_UP_TO;
        (m.result, m.result_text, m.result_games) = match (m.result.take(), m.result_text.take()) {
            (Some(result), Some(text)) if shown => {
                let mut games = self.games[..start].to_vec();
                games.extend(result.iter().map(|_| spec.clone()));
                games.extend(self.games[end..].iter().cloned());
                let mut json = self.position[..start].to_vec();
                json.extend(result);
                json.extend(self.position[end..].iter().cloned());
                let mut words = self.texts[..start].to_vec();
                words.extend(text.iter().map(|t| named(spec, t)));
                words.extend(self.texts[end..].iter().cloned());
                (Some(json), Some(words), Some(games))
            }
            _ => (None, None, None),
        };
        m.to_text = m.to_text.iter().map(|t| named(spec, t)).collect();
        m
    }

    /// Part `index`'s component whose moves were not listed, in the whole.
    pub(super) fn place_unlisted(&self, index: usize, mut u: UnlistedReport) -> UnlistedReport {
        u.component += self.starts[index];
        u.from_text = named(&self.specs[index], &u.from_text);
        u
    }
}

/// A part of a sum with its evaluator.
pub(super) struct Evaluated<'p> {
    /// Every part of the sum, for errors.
    pub(super) parts: &'p [Part],
    pub(super) index: usize,
    pub(super) part: &'p Part,
    pub(super) evaluator: Arc<dyn SumEvaluator>,
    /// When the part's game has cycles, its own report alone (Smith's
    /// values, draws).
    pub(super) loopy: Option<crate::report::LoopyEvalReport>,
}

impl Evaluated<'_> {
    /// `error` said as this part's.
    pub(super) fn context(&self, error: GameError) -> GameError {
        in_part(self.parts, self.index, error)
    }
}

/// The evaluation of a sum of different games in the request's
/// convention: normal play by the parts' values ([`normal`]), Smith's
/// rule when a part has cycles ([`loopy`]), misère play by a search over
/// the sum's positions ([`misere`]).
pub fn eval<I: Inputs>(
    parts: Vec<Part>,
    request: &SumRequest<'_>,
    inputs: &mut I,
) -> Result<Evaluation, I::Error> {
    let refuse = |what: &str| -> Result<Evaluation, I::Error> {
        Err(GameError::Unsupported {
            message: format!(
                "{what} of a sum of different games ({}) is not answered yet: its value, outcome and winning moves are",
                names(&parts)
            ),
        }
        .into())
    };
    if request.outcome_only && request.remoteness {
        return Err(GameError::Rules {
            message:
                "the remoteness needs the whole search; ask for it without the outcome-only mode"
                    .to_owned(),
        }
        .into());
    }
    // One cache file holds the parts of one game.
    if request.cache.is_some() {
        return refuse("a search cache");
    }
    let evaluated = evaluate_parts(&parts, inputs)?;
    answer(&parts, &evaluated, request, inputs)
}

/// Each part's evaluator, its components read first (an error names the
/// part), and a loopy part's own report.
pub(super) fn evaluate_parts<'p, I: Inputs>(
    parts: &'p [Part],
    inputs: &mut I,
) -> Result<Vec<Evaluated<'p>>, I::Error> {
    let mut evaluated = Vec::with_capacity(parts.len());
    for (index, part) in parts.iter().enumerate() {
        let context = |e: GameError| in_part(parts, index, e);
        super::sums::check_readable(&part.game, &part.positions).map_err(context)?;
        let evaluator = crate::inputs::sum_evaluator(part.game.clone(), &part.positions, inputs)?;
        let loopy = evaluator
            .loopy_evaluate(&part.spec, &part.positions)
            .transpose()
            .map_err(context)?;
        evaluated.push(Evaluated {
            parts,
            index,
            part,
            evaluator,
            loopy,
        });
    }
    Ok(evaluated)
}

/// The evaluation of the sum of `parts`, each with its evaluator, in the
/// request's convention.
pub(super) fn answer<I: Inputs>(
    parts: &[Part],
    evaluated: &[Evaluated<'_>],
    request: &SumRequest<'_>,
    inputs: &mut I,
) -> Result<Evaluation, I::Error> {
    let any_loopy = evaluated.iter().any(|e| e.loopy.is_some());
    if request.remoteness && (request.convention == Convention::Misere || any_loopy) {
        return Err(GameError::Rules {
            message: "the remoteness of a sum is computed in normal play, for games without cycles (a game with cycles gives each component's remoteness alone)".to_owned(),
        }
        .into());
    }
    match request.convention {
        Convention::Misere => misere::eval(parts, evaluated, inputs).map(Evaluation::Outcome),
        Convention::Normal if any_loopy => {
            loopy::eval(parts, evaluated, request, inputs).map(Evaluation::Loopy)
        }
        // A game with cycles or misère play gives the outcome with every
        // move anyway, as for a sum of one game.
        Convention::Normal if request.outcome_only => {
            normal::outcome(parts, evaluated, request, inputs).map(Evaluation::Outcome)
        }
        Convention::Normal => {
            let mut report = normal::eval(parts, evaluated, request, inputs)?;
            if request.remoteness {
                report.remoteness = Some(
                    remoteness::remoteness(parts, evaluated)
                        .map_err(|e| e.context("computing the remoteness of the sum"))?,
                );
            }
            Ok(Evaluation::Sum(report))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ordinal;

    #[test]
    fn the_parts_of_a_sum_are_counted_in_words() {
        let words: Vec<String> = [0, 1, 2, 4, 5, 10, 11, 12, 20, 21, 22, 100, 110]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            words,
            [
                "first", "second", "third", "fifth", "6th", "11th", "12th", "13th", "21st", "22nd",
                "23rd", "101st", "111th"
            ]
        );
    }
}
