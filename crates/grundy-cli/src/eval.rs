//! `grundy eval`: value, outcome and every winning move of a sum.

use std::process::ExitCode;

use anyhow::Context;
use grundy::heap::HeapGame;
use grundy::report::{EvalReport, MoveReport, UnlistedReport};
use grundy::spec::{parse_spec, Game};
use grundy::{analyze_sum, HeapRuleset, Ruleset, Solver};
use serde_json::{json, Value};

use crate::Format;

/// Runs `grundy eval SPEC POSITIONS...`.
pub fn run(spec: &str, positions: &[String], format: Format) -> anyhow::Result<ExitCode> {
    let game = parse_spec(spec)?;
    match game {
        Game::Heap(game) => {
            let rules = heap_rules(spec, game, positions)?;
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
fn heap_rules(spec: &str, game: HeapGame, positions: &[String]) -> anyhow::Result<HeapRuleset> {
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
        let engine = game.engine(grundy::sequence::EngineChoice::Auto)?;
        let table = crate::seq::stream_values(engine, largest as usize + 1, spec, |_, _| Ok(true))
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
    let mut winning_moves = Vec::new();
    for m in &analysis.winning_moves {
        // Moves leaving the same option (a cut and its mirror images) share
        // everything but their description.
        let all = rules.equivalent_moves(&m.from, &m.to);
        let result = show_result.then(|| m.result(&positions));
        let to: Vec<Value> = m.to.iter().map(&to_json).collect();
        let result_json: Option<Vec<Value>> =
            result.as_ref().map(|r| r.iter().map(&to_json).collect());
        let to_text: Vec<String> = m.to.iter().map(|p| rules.format_position(p)).collect();
        let result_text: Option<Vec<String>> = result
            .as_ref()
            .map(|r| r.iter().map(|p| rules.format_position(p)).collect());
        for (i, description) in all.iter().enumerate() {
            winning_moves.push(MoveReport {
                component: m.component,
                from: to_json(&m.from),
                to: to.clone(),
                description: description.clone(),
                result: result_json.clone(),
                // The first stands for the others.
                representative: (all.len() > 1).then_some(i == 0),
                to_text: to_text.clone(),
                result_text: result_text.clone(),
            });
        }
    }
    let unlisted: Vec<UnlistedReport> = analysis
        .unlisted
        .iter()
        .map(|u| UnlistedReport {
            component: u.component,
            from: to_json(&positions[u.component]),
            reason: u.reason.clone(),
            from_text: rules.format_position(&positions[u.component]),
        })
        .collect();
    let report = EvalReport {
        game: spec.to_owned(),
        position: positions.iter().map(&to_json).collect(),
        component_values: analysis
            .component_values
            .iter()
            .map(|v| v.value())
            .collect(),
        value: analysis.value.value(),
        outcome: analysis.outcome.as_str(),
        winning_moves,
        winning_moves_unlisted: (!unlisted.is_empty()).then_some(unlisted),
        position_text: positions.iter().map(|p| rules.format_position(p)).collect(),
    };
    crate::printer::print(&report, format)?;
    Ok(ExitCode::SUCCESS)
}
