//! `grundy eval`: value, outcome and every winning move of a sum.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use grundy::heap::HeapGame;
use grundy::spec::{parse_spec, Game};
use grundy::{analyze_sum, HeapRuleset, Ruleset, Solver, WinningMove};
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
            // The same check as `grundy graph`: a graph with a cycle
            // anywhere is refused, naming the file, the vertex and its line.
            let path = spec.trim().trim_start_matches("graph:");
            graph
                .solve_all()
                .map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
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

/// Sums of at most this many components show the whole sum after each
/// winning move.
pub const RESULT_SHOWN_UP_TO: usize = 64;

/// Heaps up to this size get their values computed directly; beyond it a
/// proved period is needed.
pub const DIRECT_HEAP: u64 = 1 << 20;

/// Values computed while looking for a proved period.
pub const PERIOD_SEARCH: usize = 1 << 20;

/// The heap game with every heap of the sum known: by direct computation
/// when the largest heap is small, from a proved period otherwise.
fn heap_rules(game: HeapGame, positions: &[String]) -> anyhow::Result<HeapRuleset> {
    if game.closed_form_value(0).is_some() {
        // Every heap's value is known by a theorem.
        return Ok(HeapRuleset::new(game));
    }
    let mut largest = 0u64;
    for text in positions {
        largest = largest.max(grundy::heap::parse_heap(text)?);
    }
    if largest < DIRECT_HEAP {
        crate::cost::check_sequence_cost(&game, largest + 1)?;
        let table = crate::period_cmd::stream_values(&game, largest as usize + 1, |_, _| Ok(true))
            .context("computing the values of the heaps")?;
        return Ok(HeapRuleset::with_table(game, table));
    }
    let (report, values) = crate::period_cmd::search_period(
        &game,
        crate::period_cmd::FIRST_ROUND,
        crate::cost::affordable_count(&game, PERIOD_SEARCH as u64)? as usize,
    )?;
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
    let analysis = analyze_sum(&mut solver, &positions)?;
    // The sum after each move is shown only for small sums: a sum of n
    // components has up to n winning moves of n components each.
    let show_result = positions.len() <= RESULT_SHOWN_UP_TO;
    let moves: Vec<(&WinningMove<R::Position>, Vec<String>)> = analysis
        .winning_moves
        .iter()
        .map(|m| (m, rules.equivalent_moves(&m.from, &m.to)))
        .collect();
    let move_count: usize = moves.iter().map(|(_, all)| all.len()).sum();
    let mut out = stdout();
    match format {
        Format::Json => {
            let mut listed = Vec::with_capacity(move_count);
            for (m, all) in &moves {
                for (i, description) in all.iter().enumerate() {
                    let mut entry = json!({
                        "component": m.component,
                        "from": to_json(&m.from),
                        "to": m.to.iter().map(&to_json).collect::<Vec<_>>(),
                        "description": description,
                    });
                    if show_result {
                        entry["result"] = json!(m
                            .result(&positions)
                            .iter()
                            .map(&to_json)
                            .collect::<Vec<_>>());
                    }
                    if all.len() > 1 {
                        // Moves leaving the same option: the first stands
                        // for the others (its mirror images).
                        entry["representative"] = json!(i == 0);
                    }
                    listed.push(entry);
                }
            }
            let unlisted: Vec<Value> = analysis
                .unlisted
                .iter()
                .map(|u| {
                    json!({
                        "component": u.component,
                        "from": to_json(&positions[u.component]),
                        "reason": u.reason,
                    })
                })
                .collect();
            let value = json!({
                "game": spec,
                "position": positions.iter().map(&to_json).collect::<Vec<_>>(),
                "component_values": analysis.component_values.iter().map(|v| v.value()).collect::<Vec<_>>(),
                "value": analysis.value.value(),
                "outcome": analysis.outcome.as_str(),
                "winning_moves": listed,
                "winning_moves_unlisted": if unlisted.is_empty() { Value::Null } else { json!(unlisted) },
            });
            write_json(&mut out, &value)?;
        }
        Format::Text => {
            let shown: Vec<String> = positions.iter().map(|p| rules.format_position(p)).collect();
            writeln!(out, "game:     {spec}")?;
            if show_result {
                writeln!(out, "position: {}", shown.join(" + "))?;
            } else {
                writeln!(out, "position: a sum of {} components", shown.len())?;
            }
            let parts: Vec<String> = analysis
                .component_values
                .iter()
                .map(|v| v.to_string())
                .collect();
            if parts.len() > 1 && show_result {
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
                    if moves.len() < move_count {
                        writeln!(
                            out,
                            "winning moves ({move_count} in all; {} up to symmetry, each followed by its mirror images):",
                            moves.len()
                        )?;
                    } else {
                        writeln!(out, "winning moves ({move_count}):")?;
                    }
                    for (m, all) in &moves {
                        let result = if show_result {
                            let result: Vec<String> = m
                                .result(&positions)
                                .iter()
                                .map(|p| rules.format_position(p))
                                .collect();
                            if result.is_empty() {
                                "nothing left".to_owned()
                            } else {
                                result.join(" + ")
                            }
                        } else {
                            format!("component {} becomes {}", m.component, {
                                let to: Vec<String> =
                                    m.to.iter().map(|p| rules.format_position(p)).collect();
                                if to.is_empty() {
                                    "nothing".to_owned()
                                } else {
                                    to.join(" + ")
                                }
                            })
                        };
                        writeln!(out, "  {}  ->  {result}", all[0])?;
                        for mirror in &all[1..] {
                            writeln!(out, "      also: {mirror}")?;
                        }
                    }
                    for u in &analysis.unlisted {
                        writeln!(
                            out,
                            "  (moves in component {} = {} not listed: {})",
                            u.component,
                            rules.format_position(&positions[u.component]),
                            u.reason
                        )?;
                    }
                }
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
