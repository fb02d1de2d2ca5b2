//! `grundy play SPEC POS...`: play a game against a perfect opponent in
//! the terminal. The same game loop as the web page: the moves of the
//! position are listed and numbered; the player answers with a number, a
//! move as the list words it, or the position it leaves; `h` asks for a
//! hint, `u` undoes the last pair of moves, `q` quits. The engine moves
//! to a P-position when it can, and otherwise makes the move after which
//! the game lasts longest (remoteness). It reads stdin line by line, so a
//! game can be piped in.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use grundy::api::mixed::Components;
use grundy::report::PlayMove;
use grundy::spec::{parse_spec, SpecSource};

use crate::flags::{read_position_files, BudgetFlags, ConventionFlag};
use crate::output::stdout;

/// Arguments of `grundy play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game.
    spec: String,
    /// The start position, a sum of components.
    #[arg(required = true, allow_negative_numbers = true)]
    positions: Vec<String>,
    #[command(flatten)]
    convention: ConventionFlag,
    #[command(flatten)]
    budget: BudgetFlags,
}

/// Where the game stands at a turn: the game to ask its moves with and
/// the components (in a sum of different games, with `+` and the spec of
/// each game after the first, as the library writes them).
#[derive(Clone, Debug)]
struct At {
    game: String,
    position: Vec<String>,
}

/// How the moves of a position are found: one evaluator for a sum of one
/// game (built once, as the game goes on in that game), or the request
/// layer asked afresh at each turn for a sum of different games, whose
/// game can change (a part emptied).
enum Mover<'a> {
    One(std::sync::Arc<dyn grundy::sum_evaluator::SumEvaluator>),
    Mixed {
        /// The parts' games, by spec, read once.
        games: Vec<(String, grundy::spec::Game)>,
        inputs: crate::compute::CliInputs<'a>,
    },
}

impl Mover<'_> {
    fn moves(
        &mut self,
        at: &At,
        convention: grundy::Convention,
        remoteness: bool,
    ) -> anyhow::Result<Vec<PlayMove>> {
        let shown = shown(at, self.is_mixed());
        let context = || format!("the moves of {shown}");
        match self {
            // The player's list needs no remoteness (a search over every
            // sum the game can reach: 48 s for a row of 20 coins of
            // ruler); the engine asks for it only when it has neither a
            // win nor a draw.
            Mover::One(evaluator) => evaluator
                .moves_with(&at.position, convention, remoteness)
                .with_context(context),
            Mover::Mixed { games, inputs } => {
                let game = games
                    .iter()
                    .find(|(spec, _)| *spec == at.game)
                    .map(|(_, game)| game.clone())
                    .with_context(|| format!("'{}' is not a game of this sum", at.game))?;
                Ok(grundy::api::moves(
                    game,
                    &at.game,
                    &at.position,
                    convention,
                    SpecSource::FilesAllowed,
                    inputs,
                )
                .with_context(context)?)
            }
        }
    }

    fn is_mixed(&self) -> bool {
        matches!(self, Mover::Mixed { .. })
    }
}

/// The position as `play` shows it: today's `3 + 4` for a sum of one
/// game; a sum of different games as it is written on the command line
/// (`kayles 5 + nim 3`).
fn shown(at: &At, mixed: bool) -> String {
    if mixed {
        format!("{} {}", at.game, at.position.join(" "))
    } else {
        at.position.join(" + ")
    }
}

fn show_position(out: &mut dyn Write, at: &At, mixed: bool) -> std::io::Result<()> {
    if at.position.is_empty() {
        writeln!(out, "position: nothing left")
    } else {
        writeln!(out, "position: {}", shown(at, mixed))
    }
}

/// Runs `grundy play`.
pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let positions = &read_position_files(args.positions)?;
    let spec = args.spec.as_str();
    let convention = args.convention.convention();
    let game = parse_spec(spec)?;
    let mut inputs = crate::compute::CliInputs::new(spec, args.budget);
    let (mut mover, start, title) =
        match grundy::api::mixed::components(&game, spec, positions, SpecSource::FilesAllowed)? {
            Components::One(texts) => (
                Mover::One(grundy::api::evaluator(game, spec, &texts, &mut inputs)?),
                texts,
                spec.to_owned(),
            ),
            Components::Mixed(parts) => {
                // Refused at once (a misère sum, a malformed component), as
                // eval would refuse it, before the game starts.
                let listed = grundy::api::mixed::moves(
                    &parts,
                    convention,
                    SpecSource::FilesAllowed,
                    &mut inputs,
                )?;
                let games: Vec<(String, grundy::spec::Game)> = parts
                    .iter()
                    .map(|p| (p.spec.clone(), p.game.clone()))
                    .collect();
                // The games played, as eval names a sum of different games.
                let title = games
                    .iter()
                    .map(|(spec, _)| spec.as_str())
                    .collect::<Vec<_>>()
                    .join(" + ");
                (Mover::Mixed { games, inputs }, listed.position, title)
            }
        };
    let mixed = mover.is_mixed();
    let mut out = stdout();
    let note = convention.play_note();
    writeln!(
        out,
        "playing {title}{note}: you move first. Type a number, h for a hint, u to undo, q to quit."
    )?;
    // Positions at the player's turns, for undo.
    let mut history: Vec<At> = vec![At {
        game: spec.to_owned(),
        position: start,
    }];
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        let Some(at) = history.last().cloned() else {
            return Ok(ExitCode::SUCCESS);
        };
        let moves = mover.moves(&at, convention, false)?;
        show_position(&mut out, &at, mixed)?;
        if moves.is_empty() {
            writeln!(out, "{}", convention.game_over(true))?;
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        }
        for (i, m) in moves.iter().enumerate() {
            writeln!(out, "  {:>3}. {}{}", i + 1, m.description, equal_note(m))?;
        }
        write!(out, "your move> ")?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out, "\nend of input: the game is left unfinished")?;
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        };
        let line = line?;
        let answer = line.trim();
        let chosen = match answer {
            "q" | "quit" => {
                writeln!(out, "you resign")?;
                out.flush()?;
                return Ok(ExitCode::SUCCESS);
            }
            "h" | "hint" => {
                let numbered = |wanted: fn(&grundy::report::PlayMove) -> bool| {
                    moves.iter().enumerate().find(|(_, m)| wanted(m))
                };
                match (numbered(|m| m.wins), numbered(|m| m.draws)) {
                    (Some((k, m)), _) => writeln!(
                        out,
                        "hint: {}. {} (it leaves a P-position: whatever the engine does, you can answer)",
                        k + 1,
                        m.description
                    )?,
                    (None, Some((k, m))) => writeln!(
                        out,
                        "hint: no winning move here; {}. {} keeps the draw (neither side can force a win: play may go on for ever)",
                        k + 1,
                        m.description
                    )?,
                    (None, None) => writeln!(out, "hint: no winning move here; every move leaves the engine a winning position")?,
                }
                continue;
            }
            "u" | "undo" => {
                if history.len() > 1 {
                    history.pop();
                    writeln!(out, "undone: back to your previous turn")?;
                } else {
                    writeln!(out, "nothing to undo")?;
                }
                continue;
            }
            _ => answer
                .parse::<usize>()
                .ok()
                .and_then(|k| k.checked_sub(1))
                .and_then(|k| moves.get(k))
                .or_else(|| moves.iter().find(|m| m.description == answer))
                .or_else(|| {
                    let after: Vec<&str> = answer
                        .split(|c: char| c.is_whitespace() || c == '+')
                        .filter(|p| !p.is_empty())
                        .collect();
                    // The `+` before another game's spec is not typed
                    // (the answer is split at it); that game's spec is.
                    moves.iter().find(|m| {
                        m.position
                            .iter()
                            .map(String::as_str)
                            .filter(|t| *t != "+")
                            .eq(after.iter().copied())
                    })
                }),
        };
        // Words that name part of a move ("take 2"): the one move they
        // fit, or the numbers of the moves they fit.
        let chosen = match chosen {
            Some(found) => Some(found),
            None => {
                let fits: Vec<usize> = (0..moves.len())
                    .filter(|&k| names_part_of(answer, &moves[k].description))
                    .collect();
                match fits.as_slice() {
                    [k] => Some(&moves[*k]),
                    [] => None,
                    several => {
                        let numbers: Vec<String> =
                            several.iter().map(|k| (k + 1).to_string()).collect();
                        writeln!(
                            out,
                            "'{answer}' fits {} moves ({}): type the number of the one you mean",
                            several.len(),
                            numbers.join(", ")
                        )?;
                        continue;
                    }
                }
            }
        };
        let Some(chosen) = chosen.cloned() else {
            writeln!(
                out,
                "'{answer}' is not a move here: type a number from 1 to {}, a move as listed, the position it leaves, h, u or q",
                moves.len()
            )?;
            continue;
        };
        writeln!(out, "you: {}", chosen.description)?;
        let after = next(&at, &chosen);
        let mut replies = mover.moves(&after, convention, false)?;
        if !replies.iter().any(|m| m.wins || m.draws) {
            replies = mover.moves(&after, convention, true)?;
        }
        let Some(reply) = grundy::sum_evaluator::perfect_reply(&replies) else {
            show_position(&mut out, &after, mixed)?;
            writeln!(out, "{}", convention.game_over(false))?;
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        };
        writeln!(out, "engine: {}", reply.description)?;
        history.push(next(&after, reply));
    }
}

/// Where the game stands after the move `m` from `at`: the position it
/// leaves, with the game it names (a sum of different games) or the same
/// game.
fn next(at: &At, m: &PlayMove) -> At {
    At {
        game: m.game.clone().unwrap_or_else(|| at.game.clone()),
        position: m.position.clone(),
    }
}

/// After a move listed once for several equal components: how many others
/// it could be made in, leaving the same sum.
fn equal_note(m: &grundy::report::PlayMove) -> String {
    match m.equal_components.len() {
        0 => String::new(),
        1 => " (or the same in the equal component, leaving the same sum)".to_owned(),
        k => format!(" (or the same in any of {k} equal components, leaving the same sum)"),
    }
}

/// Whether `answer` names part of the move `description`: its words
/// come in it in order, each whole ("take 2" fits "from the heap of 5
/// take 2, leaving ...", not "take 21"), the case aside.
fn names_part_of(answer: &str, description: &str) -> bool {
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let wanted = words(answer);
    let have = words(description);
    !wanted.is_empty()
        && have
            .windows(wanted.len())
            .any(|window| window == wanted.as_slice())
}
