//! `grundy eval`: value, outcome and every winning move of a sum.

use std::process::ExitCode;

use anyhow::Context;
use grundy::heap::HeapGame;
use grundy::report::{eval_report, loopy_eval_report, parse_positions};
use grundy::spec::{parse_spec, Game};
use grundy::{HeapRuleset, Ruleset};

use crate::Format;

/// Runs `grundy eval SPEC POSITIONS...`.
pub fn run(
    spec: &str,
    positions: &[String],
    remoteness: bool,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let game = parse_spec(spec)?;
    let asked = Asked { remoteness, format };
    match game {
        Game::Heap(game) if game.family().own_positions().is_some() => {
            let evaluator = own_positions_evaluator(spec, &game, positions)?;
            let mut report = evaluator.evaluate(spec, positions)?;
            if remoteness {
                report.remoteness = Some(
                    evaluator
                        .remoteness(positions)
                        .context("computing the remoteness of the sum")?,
                );
            }
            crate::printer::print(&report, format)?;
            Ok(ExitCode::SUCCESS)
        }
        Game::Heap(game) => {
            if remoteness {
                for text in positions {
                    let heap = grundy::heap::parse_heap(text)?;
                    if heap > grundy::remoteness::MAX_HEAP {
                        anyhow::bail!(
                            "the remoteness of a heap of {heap} exceeds the limit of heaps of {} (it is searched over every sum the heaps can reach)",
                            grundy::remoteness::MAX_HEAP
                        );
                    }
                }
            }
            let rules = heap_rules(spec, game, positions)?;
            eval_sum(&rules, spec, positions, asked)
        }
        Game::Graph(graph) => {
            if graph.solve_all().is_ok() {
                return eval_sum(&*graph, spec, positions, asked);
            }
            // Cycles: Smith's generalised values decide, draws included.
            let vertices = parse_positions(&*graph, positions)
                .with_context(|| format!("reading the position of '{spec}'"))?;
            let solution = grundy::loopy::LoopySolution::solve(graph.digraph());
            let report = loopy_eval_report(&graph, &solution, spec, &vertices);
            crate::printer::print(&report, format)?;
            Ok(ExitCode::SUCCESS)
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
            eval_sum(&rules, spec, positions, asked)
        }
        Game::Positional(game) => {
            game.check_positions(positions)
                .with_context(|| format!("reading the position of '{spec}'"))?;
            let mut report = game.evaluate(spec, positions)?;
            if remoteness {
                report.remoteness = Some(
                    game.remoteness(positions)
                        .context("computing the remoteness of the sum")?,
                );
            }
            crate::printer::print(&report, format)?;
            Ok(ExitCode::SUCCESS)
        }
        _ => anyhow::bail!("'{spec}' cannot be evaluated as a sum"),
    }
}

/// The same check as `grundy graph`: a graph with a cycle anywhere is
/// refused, naming the file, the vertex and its line.
pub fn check_acyclic(spec: &str, graph: &grundy::Graph) -> anyhow::Result<()> {
    let path = spec.trim().trim_start_matches("graph:");
    graph
        .solve_all()
        .map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
    Ok(())
}

/// The game on a heap family's own positions (rows of coins), with the
/// values of every heap the positions written `texts` need.
pub fn own_positions_evaluator(
    spec: &str,
    game: &HeapGame,
    texts: &[String],
) -> anyhow::Result<std::sync::Arc<dyn grundy::report::SumEvaluator>> {
    let own = game
        .family()
        .own_positions()
        .context("this game's positions are heaps")?;
    let largest = own
        .largest_heap(texts)
        .with_context(|| format!("reading the position of '{spec}'"))?;
    crate::cost::check_sequence_cost(game, largest + 1)?;
    let engine = game.engine(grundy::sequence::EngineChoice::Auto)?;
    let values = crate::seq::stream_values(engine, largest as usize + 1, spec, |_, _| Ok(true))
        .context("computing the values of the heaps")?;
    Ok(own.evaluator(values))
}

/// Heaps up to this size get their values computed directly; beyond it a
/// proved period is needed.
pub const DIRECT_HEAP: u64 = 1 << 20;

/// Values computed while looking for a proved period.
pub const PERIOD_SEARCH: usize = 1 << 20;

/// The heap game with every heap of the sum known: by direct computation
/// when the largest heap is small, from a proved period otherwise.
pub fn heap_rules(spec: &str, game: HeapGame, positions: &[String]) -> anyhow::Result<HeapRuleset> {
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

/// Evaluates a sum in any ruleset and prints it.
/// What `eval` was asked for beside the sum.
#[derive(Copy, Clone, Debug)]
pub struct Asked {
    /// The remoteness of the sum (a search over the sums it can reach).
    pub remoteness: bool,
    /// Output format.
    pub format: Format,
}

pub fn eval_sum<R: Ruleset>(
    rules: &R,
    spec: &str,
    texts: &[String],
    asked: Asked,
) -> anyhow::Result<ExitCode> {
    let positions = parse_positions(rules, texts)
        .with_context(|| format!("reading the position of '{spec}'"))?;
    let mut report = eval_report(rules, spec, &positions)?;
    if asked.remoteness {
        let mut search = grundy::remoteness::RemotenessSearch::new(rules);
        report.remoteness = Some(
            search
                .remoteness(&positions)
                .context("computing the remoteness of the sum")?,
        );
    }
    crate::printer::print(&report, asked.format)?;
    Ok(ExitCode::SUCCESS)
}
