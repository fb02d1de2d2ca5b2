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

use crate::api::SumRequest;
use crate::inputs::Inputs;
use crate::report::{EvalReport, UnlistedReport, RESULT_SHOWN_UP_TO};
use crate::spec::{parse_spec_from, Game, SpecSource};
use crate::{Convention, GameError};

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

/// The components of a request that takes one game: the separating `+`
/// dropped; a sum of different games is refused (`what` names the
/// request).
pub fn one_game(
    game: &Game,
    spec: &str,
    texts: &[String],
    what: &str,
) -> Result<Vec<String>, GameError> {
    match components(game, spec, texts, SpecSource::NoFiles)? {
        Components::One(texts) => Ok(texts),
        Components::Mixed(parts) => Err(GameError::Unsupported {
            message: format!(
                "{what} of a sum of different games ({}) is not answered yet: eval answers it (its value and every winning move)",
                names(&parts)
            ),
        }),
    }
}

/// The parts' games, as a sum names them: `kayles + cram + nim`.
fn names(parts: &[Part]) -> String {
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

/// What an error in a part says first: which part, and its text.
fn in_part(index: usize, part: &Part) -> String {
    format!(
        "in the {} game of the sum, {} {}",
        ordinal(index),
        part.spec,
        part.positions.join(" ")
    )
}

/// The value, outcome and every winning move of a sum of different
/// games, in normal play: each part valued by its own family's method
/// (theorem, proved period, search, table), the whole by XOR, and the
/// winning moves of each part found by its own engine beside the others'
/// XOR.
pub fn eval<I: Inputs>(
    parts: Vec<Part>,
    request: &SumRequest<'_>,
    inputs: &mut I,
) -> Result<EvalReport, I::Error> {
    let refuse = |what: &str| -> Result<EvalReport, I::Error> {
        Err(GameError::Unsupported {
            message: format!(
                "{what} of a sum of different games ({}) is not answered yet: normal play's value and winning moves are",
                names(&parts)
            ),
        }
        .into())
    };
    match request.convention {
        Convention::Misere => return refuse("misère play"),
        Convention::Normal => {}
    }
    if request.remoteness {
        return refuse("the remoteness");
    }
    if request.outcome_only {
        return refuse("the outcome-only mode");
    }
    // One cache file holds the parts of one game.
    if request.cache.is_some() {
        return refuse("a search cache");
    }
    let search = request.search_settings();
    // Each part's evaluator, its search cost checked, and its own value.
    let mut evaluators = Vec::with_capacity(parts.len());
    for (index, part) in parts.iter().enumerate() {
        let context = |e: GameError| e.context(in_part(index, part));
        super::sums::check_readable(&part.game, &part.positions).map_err(context)?;
        let evaluator = crate::inputs::sum_evaluator(part.game.clone(), &part.positions, inputs)?;
        if evaluator
            .loopy_evaluate(&part.spec, &part.positions)
            .is_some()
        {
            return Err(context(GameError::Unsupported {
                message:
                    "a game with cycles (draws) in a sum of different games is not answered yet"
                        .to_owned(),
            })
            .into());
        }
        super::sums::check_value_search(&*evaluator, &part.spec, &part.positions, inputs)?;
        evaluators.push(evaluator);
    }
    let mut reports = Vec::with_capacity(parts.len());
    for (index, (part, evaluator)) in parts.iter().zip(&evaluators).enumerate() {
        let report = evaluator
            .evaluate(&part.spec, &part.positions, &search)
            .map_err(|e| e.context(in_part(index, part)))?;
        reports.push(report);
    }
    let total = reports.iter().fold(0, |x, r| x ^ r.value);
    // Each part's winning moves are those to the value the other parts
    // XOR to; its report so far has the moves to 0, which are those only
    // when the others XOR to 0.
    if total != 0 {
        for (index, (part, evaluator)) in parts.iter().zip(&evaluators).enumerate() {
            let beside = total ^ reports[index].value;
            if beside != 0 {
                reports[index] = evaluator
                    .evaluate_beside(&part.spec, &part.positions, &search, beside)
                    .map_err(|e| e.context(in_part(index, part)))?;
            }
        }
    }
    Ok(combined(&parts, reports, total))
}

/// The report of the whole sum from its parts' reports: components
/// numbered across the parts and named with their game, each move's
/// result the whole sum after it.
fn combined(parts: &[Part], reports: Vec<EvalReport>, total: u64) -> EvalReport {
    let mut whole = EvalReport {
        game: names(parts),
        position: Vec::new(),
        component_values: Vec::new(),
        value: total,
        outcome: crate::Outcome::of(crate::Nimber::new(total)),
        winning_moves: Vec::new(),
        winning_moves_unlisted: None,
        remoteness: None,
        search: None,
        position_text: Vec::new(),
        component_games: Vec::new(),
    };
    let named = |spec: &str, text: &str| format!("{spec} {text}");
    // Where each part's components start among the whole's.
    let mut starts = Vec::with_capacity(reports.len());
    for (part, report) in parts.iter().zip(&reports) {
        starts.push(whole.position.len());
        whole.position.extend(report.position.iter().cloned());
        whole.component_values.extend(&report.component_values);
        whole
            .position_text
            .extend(report.position_text.iter().map(|t| named(&part.spec, t)));
        whole
            .component_games
            .extend(report.position.iter().map(|_| part.spec.clone()));
    }
    let shown = whole.position.len() <= RESULT_SHOWN_UP_TO;
    let mut unlisted: Vec<UnlistedReport> = Vec::new();
    for ((part, report), &start) in parts.iter().zip(reports).zip(&starts) {
        let end = start + report.position.len();
        if total != 0 {
            for mut m in report.winning_moves {
                m.component += start;
                for equal in &mut m.equal_components {
                    *equal += start;
                }
                m.description = format!("{}: {}", part.spec, m.description);
                let (result, result_text, result_games) =
                    match (m.result.take(), m.result_text.take()) {
                        (Some(result), Some(text)) if shown => {
                            let mut json = whole.position[..start].to_vec();
                            let mut games = whole.component_games[..start].to_vec();
                            games.extend(result.iter().map(|_| part.spec.clone()));
                            json.extend(result);
                            json.extend(whole.position[end..].iter().cloned());
                            games.extend(whole.component_games[end..].iter().cloned());
                            let mut words = whole.position_text[..start].to_vec();
                            words.extend(text.iter().map(|t| named(&part.spec, t)));
                            words.extend(whole.position_text[end..].iter().cloned());
                            (Some(json), Some(words), Some(games))
                        }
                        _ => (None, None, None),
                    };
                m.result = result;
                m.result_text = result_text;
                m.result_games = result_games;
                m.to_text = m.to_text.iter().map(|t| named(&part.spec, t)).collect();
                whole.winning_moves.push(m);
            }
            unlisted.extend(
                report
                    .winning_moves_unlisted
                    .into_iter()
                    .flatten()
                    .map(|mut u| {
                        u.component += start;
                        u.from_text = named(&part.spec, &u.from_text);
                        u
                    }),
            );
        }
    }
    whole.winning_moves_unlisted = (!unlisted.is_empty()).then_some(unlisted);
    whole
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
