//! `grundy eval`: value, outcome and every winning move of a sum, in
//! either convention, through the library's request layer
//! ([`grundy::api::eval`]).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use grundy::api::{self, SumRequest};
use grundy::spec::parse_spec;
use grundy::GameError;

use crate::compute::CliInputs;
use crate::flags::{read_position_files, BudgetFlags, ConventionFlag, FormatFlag};

/// Arguments of `grundy eval`.
#[derive(Args, Debug)]
#[command(mut_arg("misere", |arg| arg.help(
    "Misère play: the last mover loses (the outcome of the whole sum, and every move to a misère P-position)"
)))]
pub struct EvalArgs {
    /// The game (e.g. nim, graph:FILE).
    spec: String,
    /// The components of the sum (heap sizes, vertex names...); @FILE
    /// reads one from a file (a graph file for node-kayles, arc-kayles
    /// and green-hackenbush); `+ GAME` starts the components of another
    /// game (`eval kayles 5 9 + cram 3x4 + nim 7`).
    #[arg(required = true, allow_negative_numbers = true)]
    positions: Vec<String>,
    #[command(flatten)]
    convention: ConventionFlag,
    /// Also the remoteness of the sum: how many moves it lasts when the
    /// winner hurries and the loser delays (a search over the sums it
    /// can reach: small sums only).
    #[arg(long, conflicts_with = "misere")]
    remoteness: bool,
    /// Only the outcome (P or N) and one winning move: for boards and
    /// graphs the search then asks whether the sum is a P-position and
    /// never finds its value, which can be much faster. With --misere
    /// (whose answer is an outcome already, with every winning move)
    /// it changes nothing.
    #[arg(long, conflicts_with = "remoteness")]
    outcome: bool,
    /// The most memory, in MiB, the search's table of solved parts
    /// takes, for games solved by search (boards, graphs); past it the
    /// entries that cost least to find are replaced (default: a sixth
    /// of the machine's memory, from 512 to 4096; the table grows only
    /// as the search needs).
    #[arg(long, value_name = "MIB")]
    tt_size: Option<usize>,
    /// Keep the solved parts of a search (boards, graphs) in FILE: a
    /// search stopped or killed resumes from them when run again with
    /// the same FILE (a file of another game is refused).
    #[arg(long, value_name = "FILE")]
    cache: Option<PathBuf>,
    /// Play the components as a compound other than their sum:
    /// `conjunctive` (a move in every component; ends when one cannot
    /// move), `continued` (every component that can move; Every-SG),
    /// `selective` (any non-empty set of components),
    /// `shortened-selective` (any non-empty set; ends when one cannot
    /// move) or `moore:K` (1 to K components; Moore's Nim_K for Nim heaps).
    #[arg(long, value_name = "KIND")]
    compound: Option<String>,
    #[command(flatten)]
    format: FormatFlag,
    #[command(flatten)]
    budget: BudgetFlags,
}

/// What a search stopped without `--cache` adds to its message.
const CACHE_HINT: &str = "with --cache FILE a search keeps its solved parts there and the same command goes on from them";

/// Runs `grundy eval SPEC POSITIONS... [--misere] [--remoteness]
/// [--outcome] [--tt-size MIB] [--cache FILE]`, the request as the
/// arguments make it.
pub fn run(args: EvalArgs) -> anyhow::Result<ExitCode> {
    let positions = read_position_files(args.positions)?;
    let spec = args.spec.as_str();
    let request = SumRequest {
        spec,
        positions: &positions,
        convention: args.convention.convention(),
        remoteness: args.remoteness,
        table_bytes: args.tt_size.map(|mib| mib.saturating_mul(1 << 20)),
        cache: args.cache.as_deref(),
        outcome_only: args.outcome,
        specs: grundy::spec::SpecSource::FilesAllowed,
    };
    let game = parse_spec(spec)?;
    if let Some(kind) = &args.compound {
        let kind = grundy::compound::Compound::parse(kind)?;
        let report = api::compound(game, &request, kind, &mut CliInputs::new(spec, args.budget))?;
        crate::printer::print(&report, args.format.format)?;
        return Ok(ExitCode::SUCCESS);
    }
    let report =
        api::eval(game, &request, &mut CliInputs::new(spec, args.budget)).map_err(|error| {
            // A search stopped without a cache lost what it solved: say
            // how to keep it next time.
            let searched = crate::interrupt::stop_in(&error)
                .is_some_and(|e| matches!(e, GameError::Established { .. }));
            if searched && request.cache.is_none() {
                anyhow::anyhow!("{error:#}; {CACHE_HINT}")
            } else {
                error
            }
        })?;
    crate::printer::print(&report, args.format.format)?;
    Ok(ExitCode::SUCCESS)
}
