//! `grundy eval`: value, outcome and every winning move of a sum.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use grundy::heap::HeapGame;
use grundy::spec::{parse_spec, Game};
use grundy::{analyze_sum, value_and_outcome, GameError, HeapRuleset, Ruleset, Solver};
use serde_json::{json, Value};

use crate::output::{stdout, write_json};
use crate::Format;

/// Runs `grundy eval SPEC POSITIONS...`.
pub fn run(spec: &str, positions: &[String], format: Format) -> anyhow::Result<ExitCode> {
    let game = parse_spec(spec)?;
    match game {
        Game::Heap(game) => {
            let rules = heap_rules(game, positions)?;
            eval_sum(&rules, spec, positions, format, |&h| json!(h))
        }
        Game::Graph(graph) => {
            let rules = &*graph;
            eval_sum(rules, spec, positions, format, |&v| {
                json!(rules.format_position(&v))
            })
        }
        Game::Cut(game) => {
            let dim = game.dim();
            let mut largest = 0usize;
            for text in positions {
                let cuboid = game
                    .parse_position(text)
                    .with_context(|| format!("reading the position of '{spec}'"))?;
                largest = largest.max(cuboid.sides().iter().copied().max().unwrap_or(0) as usize);
            }
            let table = crate::cut_cmd::compute_table(dim, largest)?;
            let rules = game.with_table(table);
            eval_sum(&rules, spec, positions, format, |b| json!(b.sides()))
        }
        _ => anyhow::bail!("'{spec}' cannot be evaluated as a sum"),
    }
}

/// Heaps up to this size get their values computed directly; beyond it a
/// proved period is needed.
pub const DIRECT_HEAP: u64 = 1 << 20;

/// Values computed while looking for a proved period.
pub const PERIOD_SEARCH: usize = 1 << 20;

/// The heap game with every heap of the sum known: by direct computation
/// when the largest heap is small, from a proved period otherwise.
fn heap_rules(game: HeapGame, positions: &[String]) -> anyhow::Result<HeapRuleset> {
    if matches!(game, HeapGame::Nim) {
        return Ok(HeapRuleset::new(game));
    }
    let mut largest = 0u64;
    for text in positions {
        largest = largest.max(grundy::heap::parse_heap(text)?);
    }
    if largest < DIRECT_HEAP {
        let table = game
            .nim_sequence(largest as usize + 1)
            .context("computing the values of the heaps")?;
        return Ok(HeapRuleset::with_table(game, table));
    }
    let (report, values) = grundy::period::find_period(&game, 1024, PERIOD_SEARCH)?;
    match report.periodicity {
        Some(found) if report.proved => Ok(HeapRuleset::with_period(game, values, found)),
        _ => anyhow::bail!(
            "a heap of {largest} is beyond what eval computes directly (heaps below {DIRECT_HEAP}), and no period of this game is proved within {PERIOD_SEARCH} values ({})",
            report.reason
        ),
    }
}

/// Evaluates a sum in any ruleset and prints it; `to_json` writes a
/// position the way JSON consumers expect it (numbers for heaps).
pub fn eval_sum<R: Ruleset>(
    rules: &R,
    spec: &str,
    texts: &[String],
    format: Format,
    to_json: impl Fn(&R::Position) -> Value,
) -> anyhow::Result<ExitCode> {
    let positions = texts
        .iter()
        .map(|t| rules.parse_position(t))
        .collect::<Result<Vec<_>, _>>()
        .with_context(|| format!("reading the position of '{spec}'"))?;
    let mut solver = Solver::new(rules);
    // When the moves of a huge component cannot be listed, the value and
    // outcome are still known: report them and say what is missing.
    let (analysis, unlisted) = match analyze_sum(&mut solver, &positions) {
        Ok(analysis) => (analysis, None),
        Err(GameError::Limit { what, limit }) => (
            value_and_outcome(&mut solver, &positions)?,
            Some(format!("{what} exceeds the limit of {limit}")),
        ),
        Err(e) => return Err(e.into()),
    };
    let mut out = stdout();
    match format {
        Format::Json => {
            let moves: Vec<Value> = analysis
                .winning_moves
                .iter()
                .map(|m| {
                    json!({
                        "component": m.component,
                        "from": to_json(&m.from),
                        "to": m.to.iter().map(&to_json).collect::<Vec<_>>(),
                        "result": m.result.iter().map(&to_json).collect::<Vec<_>>(),
                        "description": rules.describe_move(&m.from, &m.to),
                    })
                })
                .collect();
            let value = json!({
                "game": spec,
                "position": positions.iter().map(&to_json).collect::<Vec<_>>(),
                "component_values": analysis.component_values.iter().map(|v| v.value()).collect::<Vec<_>>(),
                "value": analysis.value.value(),
                "outcome": analysis.outcome.as_str(),
                "winning_moves": if unlisted.is_some() { Value::Null } else { json!(moves) },
                "winning_moves_unlisted": unlisted,
            });
            write_json(&mut out, &value)?;
        }
        Format::Text => {
            let shown: Vec<String> = positions.iter().map(|p| rules.format_position(p)).collect();
            writeln!(out, "game:     {spec}")?;
            writeln!(out, "position: {}", shown.join(" + "))?;
            let parts: Vec<String> = analysis
                .component_values
                .iter()
                .map(|v| v.to_string())
                .collect();
            if parts.len() > 1 {
                writeln!(
                    out,
                    "value:    {} = {}",
                    parts.join(" xor "),
                    analysis.value
                )?;
            } else {
                writeln!(out, "value:    {}", analysis.value)?;
            }
            match analysis.outcome {
                grundy::Outcome::P => {
                    writeln!(out, "outcome:  P (the player to move loses)")?;
                    writeln!(
                        out,
                        "winning moves: none (no move leaves a position of value 0)"
                    )?;
                }
                grundy::Outcome::N => {
                    writeln!(out, "outcome:  N (the player to move wins)")?;
                    if let Some(reason) = &unlisted {
                        writeln!(out, "winning moves: not listed ({reason})")?;
                    } else {
                        writeln!(out, "winning moves ({}):", analysis.winning_moves.len())?;
                    }
                    for m in &analysis.winning_moves {
                        let result: Vec<String> =
                            m.result.iter().map(|p| rules.format_position(p)).collect();
                        let result = if result.is_empty() {
                            "nothing left".to_owned()
                        } else {
                            result.join(" + ")
                        };
                        writeln!(
                            out,
                            "  {}  ->  {result}",
                            rules.describe_move(&m.from, &m.to)
                        )?;
                    }
                }
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
