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
use grundy::report::PlayMove;
use grundy::spec::parse_spec;

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

fn show_position(out: &mut dyn Write, position: &[String]) -> std::io::Result<()> {
    if position.is_empty() {
        writeln!(out, "position: nothing left")
    } else {
        writeln!(out, "position: {}", position.join(" + "))
    }
}

/// Runs `grundy play`.
pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let positions = &read_position_files(args.positions)?;
    let spec = args.spec.as_str();
    let convention = args.convention.convention();
    let evaluator = grundy::api::evaluator(
        parse_spec(spec)?,
        spec,
        positions,
        &mut crate::compute::CliInputs::new(spec, args.budget),
    )?;
    // The player's list needs no remoteness (a search over every sum the
    // game can reach: 48 s for a row of 20 coins of ruler); the engine
    // asks for it only when it has neither a win nor a draw.
    let moves_of = |position: &[String], remoteness: bool| -> anyhow::Result<Vec<PlayMove>> {
        evaluator
            .moves_with(position, convention, remoteness)
            .with_context(|| format!("the moves of {}", position.join(" + ")))
    };
    let mut out = stdout();
    let note = convention.play_note();
    writeln!(
        out,
        "playing {spec}{note}: you move first. Type a number, h for a hint, u to undo, q to quit."
    )?;
    // Positions at the player's turns, for undo.
    let mut history: Vec<Vec<String>> = vec![positions.to_vec()];
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        let position = history.last().cloned().unwrap_or_default();
        let moves = moves_of(&position, false)?;
        show_position(&mut out, &position)?;
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
                    moves.iter().find(|m| {
                        m.position
                            .iter()
                            .map(String::as_str)
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
        let mut replies = moves_of(&chosen.position, false)?;
        if !replies.iter().any(|m| m.wins || m.draws) {
            replies = moves_of(&chosen.position, true)?;
        }
        let Some(reply) = grundy::sum_evaluator::perfect_reply(&replies) else {
            show_position(&mut out, &chosen.position)?;
            writeln!(out, "{}", convention.game_over(false))?;
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        };
        writeln!(out, "engine: {}", reply.description)?;
        history.push(reply.position.clone());
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
