//! Misère play on the command line: `value --misere`, `eval --misere`,
//! `graph --misere`, `table --misere`, `grundy genus` and `grundy
//! quotient`, and the misère
//! values `seq`, `period`, `check`, `plot` and `analyze` read with
//! `--misere`.

use std::process::ExitCode;

use anyhow::Context;
use grundy::heap::HeapGame;
use grundy::misere::quotient::{misere_quotient, QuotientLimits};
use grundy::misere::{heap_genus, heap_misere_value, heap_misere_values, MisereSearch};
use grundy::report::{
    misere_eval_report, misere_heap_eval_report, parse_positions, quotient_report, GenusReport,
    MisereValueReport,
};
use grundy::sequence::NimSequence;
use grundy::spec::{parse_heap_spec, parse_spec, Game};
use grundy::{Graph, Ruleset};

use crate::progress::Progress;
use crate::Format;

/// The misère nim-values of heaps `0..count`, with a progress bar.
pub fn misere_values(game: &HeapGame, count: u64) -> anyhow::Result<NimSequence> {
    crate::numbers::check_memory(count)?;
    let mut progress = Progress::values(count);
    let values = heap_misere_values(game, count, &mut |done| {
        progress.set(done);
        Ok(())
    })
    .context("computing misère values")?;
    progress.finish();
    Ok(values)
}

/// Runs `grundy value SPEC N --misere`.
pub fn run_value(spec: &str, n: u64, format: Format) -> anyhow::Result<ExitCode> {
    let game = parse_heap_spec(spec)?;
    let (value, method) = heap_misere_value(&game, n)
        .with_context(|| format!("the misère value of a heap of {n}"))?;
    let report = MisereValueReport {
        game: spec.to_owned(),
        convention: grundy::Convention::Misere,
        n,
        value,
        method: method.as_str(),
    };
    crate::printer::print(&report, format)?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `grundy quotient SPEC --max N`.
pub fn run_quotient(
    spec: &str,
    max: u64,
    max_order: usize,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let game = parse_heap_spec(spec)?;
    let limits = QuotientLimits {
        max_order,
        deadline: None,
    };
    let mut progress = Progress::new(
        max + 1,
        "{elapsed_precise} [{bar:30}] heap {human_pos}/{human_len}, {msg}",
    );
    let quotient = misere_quotient(&game, max, limits, &mut |n, order| {
        progress.set_with_message(n + 1, format!("order {order}"));
    })
    .with_context(|| format!("computing the misère quotient of '{spec}'"))?;
    progress.finish();
    crate::printer::print(&quotient_report(spec, &quotient), format)?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `grundy genus SPEC -n N`, or `grundy genus SPEC POSITIONS...`
/// for games whose positions are not heaps.
pub fn run_genus(
    spec: &str,
    positions: &[String],
    count: u64,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let evaluator = match parse_spec(spec)? {
        Game::Positional(game) => Some(game),
        Game::Heap(game) if game.family().own_positions().is_some() => Some(
            crate::eval::own_positions_evaluator(spec, &game, positions)?,
        ),
        Game::Heap(_) if !positions.is_empty() => anyhow::bail!(
            "the genus of a heap game is given heap by heap from 0: use -n N, not positions"
        ),
        _ => None,
    };
    if let Some(evaluator) = evaluator {
        if positions.is_empty() {
            anyhow::bail!(
                "'{spec}' has positions of its own: name them, as in 'grundy genus {spec} POSITION...'"
            );
        }
        let report = evaluator
            .genera(spec, positions)
            .with_context(|| format!("the genus of positions of '{spec}'"))?;
        crate::printer::print(&report, format)?;
        return Ok(ExitCode::SUCCESS);
    }
    let game = parse_heap_spec(spec)?;
    let mut progress = Progress::values(count);
    let genus = heap_genus(&game, count, &mut |done| {
        progress.set(done);
        Ok(())
    })
    .context("computing the genus")?;
    progress.finish();
    crate::printer::print(&GenusReport::of_genera(spec, genus), format)?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `grundy eval SPEC POSITIONS... --misere`.
pub fn run_eval(spec: &str, texts: &[String], format: Format) -> anyhow::Result<ExitCode> {
    let context = || format!("reading the position of '{spec}'");
    let report = match parse_spec(spec)? {
        Game::Heap(game) if game.family().own_positions().is_some() => {
            // Rows are searched in misère play; their values are not used.
            let evaluator = crate::eval::own_positions_evaluator(spec, &game, texts)?;
            evaluator.evaluate_misere(spec, texts)?
        }
        Game::Heap(game) => {
            let heaps = grundy::heap::parse_heaps(texts).with_context(context)?;
            misere_heap_eval_report(&game, spec, &heaps)?
        }
        Game::Graph(graph) => {
            crate::eval::check_acyclic(spec, &graph)?;
            let rules: &Graph = &graph;
            let positions = parse_positions(rules, texts).with_context(context)?;
            misere_eval_report(rules, spec, &positions)?
        }
        Game::Cut(game) => {
            let positions = parse_positions(&game, texts).with_context(context)?;
            misere_eval_report(&game, spec, &positions)?
        }
        Game::Positional(game) => {
            game.check_positions(texts).with_context(context)?;
            game.evaluate_misere(spec, texts)?
        }
        _ => anyhow::bail!("'{spec}' cannot be evaluated as a sum"),
    };
    crate::printer::print(&report, format)?;
    Ok(ExitCode::SUCCESS)
}

/// The misère nim-value of every vertex of a graph (each vertex alone).
pub fn graph_values(graph: &Graph) -> anyhow::Result<Vec<u64>> {
    let mut search = MisereSearch::new(graph);
    (0..graph.vertex_count() as u32)
        .map(|v| Ok(search.misere_value(&[v], &[])?))
        .collect()
}

/// Runs `grundy table cut:D --max N --misere`: the misère nim-value of
/// every box with sorted sides up to N, by the search (small tables).
pub fn run_table(
    spec: &str,
    max: u64,
    format: crate::cut_cmd::TableFormat,
) -> anyhow::Result<ExitCode> {
    if let Game::Positional(game) = parse_spec(spec)? {
        if let Some(grid) = game.value_grid() {
            // Every cell as the position (x,y) the family reads.
            let side = usize::try_from(max)?.saturating_add(1);
            let mut values = grundy::grid::Grid::zeros(side, side)?;
            let side64 = side as u64;
            let texts: Vec<String> = (0..side64)
                .flat_map(|x| (0..side64).map(move |y| grid.cell(x, y)))
                .collect();
            let misere = game
                .misere_values(&texts)
                .with_context(|| format!("the misère values of the table of '{spec}'"))?;
            for (cell, value) in values.values.iter_mut().zip(misere) {
                *cell = u32::try_from(value)?;
            }
            return crate::cut_cmd::print_grid(
                spec,
                grid.axes(),
                Some(grundy::Convention::Misere),
                &values,
                format,
            );
        }
    }
    let (game, max) = crate::cut_cmd::table_request(spec, max)?;
    let mut search = MisereSearch::new(&game);
    let mut boxes = Vec::new();
    for sides in grundy::cut::sorted_boxes(game.dim(), max) {
        let narrow: Vec<u32> = sides.iter().map(|&s| s as u32).collect();
        let cuboid = grundy::cut::Cuboid::new(&narrow)?;
        let value = search
            .misere_value(&[cuboid], &[])
            .with_context(|| format!("the misère value of {}", game.format_position(&cuboid)))?;
        boxes.push(grundy::report::BoxReport { sides, value });
    }
    let report = grundy::report::MisereTableReport {
        game: spec.to_owned(),
        convention: grundy::Convention::Misere,
        max,
        boxes,
    };
    match format {
        crate::cut_cmd::TableFormat::Json => crate::printer::print(&report, Format::Json)?,
        crate::cut_cmd::TableFormat::Text => crate::printer::print(&report, Format::Text)?,
        crate::cut_cmd::TableFormat::Csv => crate::cut_cmd::write_csv(
            game.dim(),
            "misere_value",
            report.boxes.iter().map(|b| (b.sides.clone(), b.value)),
        )?,
    }
    Ok(ExitCode::SUCCESS)
}
