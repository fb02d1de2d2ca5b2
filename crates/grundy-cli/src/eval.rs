//! `grundy eval`: value, outcome and every winning move of a sum.

use std::process::ExitCode;

use anyhow::Context;
use grundy::heap::HeapGame;
use grundy::report::{eval_report, loopy_eval_report, parse_positions};
use grundy::sequence::NimSequence;
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
            if let Err(e) = game.check_positions(positions) {
                // One position beyond the search may still have its
                // outcome by a theorem of the family (Wythoff's); its
                // remoteness needs the search.
                let by_theorem = if remoteness {
                    Err(grundy::report::with_theorem_hint(
                        &*game, spec, positions, e,
                    ))
                } else {
                    grundy::report::theorem_after(&*game, spec, positions, e)
                };
                let report =
                    by_theorem.with_context(|| format!("reading the position of '{spec}'"))?;
                crate::printer::print(&report, format)?;
                return Ok(ExitCode::SUCCESS);
            }
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

/// What the CLI computes for an evaluator: values with the up-front cost
/// check and a progress bar, period searches within the affordable count,
/// cut tables with their cost check.
pub struct CliInputs<'a> {
    /// The spec, for messages.
    pub spec: &'a str,
}

impl grundy::evaluator::Inputs for CliInputs<'_> {
    type Error = anyhow::Error;

    fn heap_values(&mut self, game: &HeapGame, count: u64) -> anyhow::Result<NimSequence> {
        crate::cost::check_sequence_cost(game, count)?;
        let engine = game.engine(grundy::sequence::EngineChoice::Auto)?;
        crate::seq::stream_values(engine, usize::try_from(count)?, self.spec, |_, _| Ok(true))
            .context("computing the values of the heaps")
    }

    fn period(
        &mut self,
        game: &HeapGame,
        max: usize,
    ) -> anyhow::Result<(grundy::period::PeriodReport, NimSequence)> {
        crate::period_cmd::search_period(game, crate::period_cmd::FIRST_ROUND, max)
    }

    fn period_budget(&mut self, game: &HeapGame) -> anyhow::Result<usize> {
        Ok(crate::cost::affordable_count(game, grundy::evaluator::PERIOD_SEARCH as u64)? as usize)
    }

    fn cut_table(&mut self, dim: usize, largest: usize) -> anyhow::Result<grundy::cut::CutTable> {
        crate::cut_cmd::compute_table(dim, largest)
    }
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
    own.largest_heap(texts)
        .with_context(|| format!("reading the position of '{spec}'"))?;
    grundy::evaluator::sum_evaluator(Game::Heap(game.clone()), texts, &mut CliInputs { spec })
}

/// The heap game with every heap of the sum known
/// ([`grundy::evaluator::heap_rules`]).
pub fn heap_rules(spec: &str, game: HeapGame, positions: &[String]) -> anyhow::Result<HeapRuleset> {
    let largest = grundy::evaluator::largest_heap(positions)
        .with_context(|| format!("reading the position of '{spec}'"))?;
    grundy::evaluator::heap_rules(game, largest, &mut CliInputs { spec })
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
