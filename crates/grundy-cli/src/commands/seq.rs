//! `grundy seq`: the values G(0..N-1) of a heap game, streamed as they are
//! computed, written to a resumable binary file, or read back from one.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::{Args, ValueEnum};
use grundy::api::{sequence_source, SequenceSource};
use grundy::report::LoopySequenceReport;
use grundy::sequence::dense::DenseEngine;
use grundy::sequence::store::{read_sequence_file, RunProgress, RunToFile, StoreError};
use grundy::sequence::NimSequence;
use grundy::spec::parse_spec;

use crate::flags::{BudgetFlags, ConventionFlag};
use crate::numbers::parse_count;
use crate::output::stdout;

/// The nim-sequence engine, as chosen on the command line.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum EngineName {
    /// Sparse where it applies and pays, dense otherwise.
    #[default]
    Auto,
    /// The dense engine.
    Dense,
    /// The rare/common (sparse space) engine.
    Sparse,
}

impl EngineName {
    /// The library's engine choice, with an optional fixed mask.
    pub fn choice(self, mask: Option<u64>) -> anyhow::Result<grundy::sequence::EngineChoice> {
        use grundy::sequence::EngineChoice;
        Ok(match (self, mask) {
            (EngineName::Dense, Some(_)) => {
                anyhow::bail!("--mask applies to the sparse engine, not --engine dense")
            }
            (EngineName::Dense, None) => EngineChoice::Dense,
            (EngineName::Auto, None) => EngineChoice::Auto,
            (_, mask) => EngineChoice::Sparse { mask },
        })
    }

    /// The name recorded in checkpoints.
    pub fn name(self) -> &'static str {
        match self {
            EngineName::Auto => "auto",
            EngineName::Dense => "dense",
            EngineName::Sparse => "sparse",
        }
    }
}

/// Output formats of `seq`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum SeqFormat {
    /// Rows of ten values, each row headed by its first index.
    Text,
    /// `{"game": SPEC, "values": [...]}`.
    Json,
    /// `n,value` rows under a header.
    Csv,
    /// The OEIS b-file format: `n G(n)` per line.
    Bfile,
}

/// Arguments of `grundy seq`.
#[derive(Args, Debug)]
#[command(mut_arg("misere", |arg| arg
    .help("Misère play (the last mover loses): the misère nim-value of each heap, by search over sums (small heaps only; no --out or --from)")
    .conflicts_with_all(["out", "from", "mask"])))]
pub struct SeqArgs {
    /// The game (e.g. kayles, 0.137, sub:1,3,4); not needed with --from.
    #[arg(required_unless_present = "from")]
    spec: Option<String>,
    /// How many values (default 100; with --from, the first N of the file).
    #[arg(short = 'n', long = "count", value_parser = parse_count, allow_negative_numbers = true)]
    count: Option<u64>,
    /// Output format (of the values printed; --out writes the binary format).
    #[arg(long, value_enum, default_value_t = SeqFormat::Text)]
    format: SeqFormat,
    /// Write the values to this binary file, checkpointing as it goes.
    #[arg(long, conflicts_with = "from")]
    out: Option<PathBuf>,
    /// Continue the run that was writing --out from its checkpoint.
    #[arg(long, requires = "out")]
    resume: bool,
    /// Overwrite --out even when it holds another game's values or is not
    /// a sequence file.
    #[arg(long, requires = "out")]
    force: bool,
    /// Read the values from a file written with --out.
    #[arg(long)]
    from: Option<PathBuf>,
    /// The engine.
    #[arg(long, value_enum, default_value_t = EngineName::Auto)]
    engine: EngineName,
    /// A fixed mask for the sparse engine (e.g. 254 or 0b11111110).
    #[arg(long, value_parser = parse_count)]
    mask: Option<u64>,
    #[command(flatten)]
    convention: ConventionFlag,
    /// The remoteness of each heap instead of its value: how many moves
    /// the game lasts with best play (a search over the sums each heap can
    /// reach: small heaps only).
    #[arg(long, conflicts_with_all = ["out", "from", "mask", "misere"])]
    remoteness: bool,
    /// Compute every value with the engine, even after the game's theorem
    /// proves a period (by default the rest is filled from the period,
    /// and a note says from where): a cross-check, or a benchmark of the
    /// engine.
    #[arg(long)]
    compute_all: bool,
    /// Seconds between checkpoints of an --out run (0: after every chunk).
    #[arg(long, default_value = "5", value_parser = crate::numbers::parse_seconds, allow_hyphen_values = true)]
    checkpoint_secs: Duration,
    #[command(flatten)]
    budget: BudgetFlags,
}

/// Values printed when `-n` is not given.
const DEFAULT_COUNT: u64 = 100;

/// Runs `grundy seq`.
pub fn run(args: &SeqArgs) -> anyhow::Result<ExitCode> {
    if let Some(path) = &args.from {
        let file = read_sequence_file(path)?;
        let spec = args.spec.clone().unwrap_or_else(|| file.spec.clone());
        if spec != file.spec {
            bail!(
                "{} holds values of '{}', not '{spec}'",
                path.display(),
                file.spec
            );
        }
        let held = file.values.len();
        let shown = match args.count {
            None => held,
            Some(n) if n <= held as u64 => n as usize,
            Some(n) => bail!(
                "{} holds {held} values of '{spec}', fewer than the {n} asked for (-n)",
                path.display()
            ),
        };
        print_values(&spec, &file.values, shown, args.format)?;
        return Ok(ExitCode::SUCCESS);
    }
    let spec = args.spec.as_deref().context("a game spec is needed")?;
    let parsed = parse_spec(spec)?;
    let game = match sequence_source(parsed.clone(), spec, args.count, DEFAULT_COUNT)? {
        SequenceSource::Heap(game) => game,
        SequenceSource::Loopy(report) => return print_loopy(args, &report),
    };
    if args.remoteness {
        let count = args.count.unwrap_or(DEFAULT_COUNT);
        let mut inputs = crate::compute::CliInputs::new(spec, args.budget);
        let remoteness = crate::progress::searching(|| {
            grundy::api::remoteness_values(&parsed, spec, count, &mut inputs)
        })?;
        print_values_in(
            spec,
            &remoteness,
            remoteness.len(),
            args.format,
            Column::Remoteness,
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.convention.asks_misere() {
        let count = args.count.unwrap_or(DEFAULT_COUNT);
        let values = grundy::api::values(
            &parsed,
            spec,
            count,
            args.convention.convention(),
            &mut crate::compute::CliInputs::new(spec, args.budget),
        )?;
        print_values_in(spec, &values, values.len(), args.format, Column::Misere)?;
        return Ok(ExitCode::SUCCESS);
    }
    let choice = args.engine.choice(args.mask)?;
    let count = args.count.unwrap_or(DEFAULT_COUNT);
    let kernel = || {
        if args.compute_all {
            game.kernel_computing_all(choice)
        } else {
            game.kernel_for(choice)
        }
    };
    // The probe runs the engine this request runs: with --compute-all no
    // proved period fills the values in, and the work is the engine's.
    for note in &args
        .budget
        .budget()
        .check_values_of(&game, count, &kernel)?
    {
        crate::cost::tell(note);
    }
    if let Some(out) = &args.out {
        let run = RunToFile {
            kernel: &kernel,
            spec,
            engine_name: args.engine.name(),
            target: count,
            out,
            resume: args.resume,
            checkpoint_every: args.checkpoint_secs,
        };
        // Whether the file already held every value (said once, here).
        let mut already_held = false;
        // Said before anything else (a resume would first say "starting
        // afresh" and then fail).
        if out.is_dir() {
            bail!(
                "--out {} is a folder: name a file in it (for example {})",
                out.display(),
                out.join(format!("{}.bin", spec.replace(['/', ':', ' '], "_")))
                    .display()
            );
        }
        if args.resume {
            let (_, checkpoint) = grundy::sequence::store::companions(out);
            if run.output_complete() {
                already_held = true;
                eprintln!(
                    "grundy: {} already holds the {count} values: nothing to resume",
                    out.display()
                );
            } else if !checkpoint.exists() {
                eprintln!(
                    "grundy: no checkpoint at {}: nothing to resume, starting afresh",
                    checkpoint.display()
                );
            } else if let Some(resumed) = std::fs::read_to_string(&checkpoint)
                .ok()
                .and_then(|text| grundy::sequence::store::Checkpoint::parse(&text))
            {
                eprintln!(
                    "grundy: resuming {} from the checkpoint: {} of {count} values already computed",
                    out.display(),
                    resumed.committed
                );
            }
        } else if !args.force {
            refuse_to_clobber(out, spec, count)?;
        }
        let mut progress = crate::progress::Progress::values(count);
        // The crash tests' hook (their build only): a crash part-way.
        let abort_after = grundy::test_hooks::abort_after("GRUNDY_TEST_ABORT_AFTER");
        let mut period_fill = None;
        let values = run.run(&mut |p: &RunProgress| {
            period_fill.clone_from(&p.period_fill);
            progress.set_with_message(
                p.done,
                match p.rare {
                    Some(rare) => format!("largest {}, {rare} rare", p.largest),
                    None => format!("largest {}", p.largest),
                },
            );
            if abort_after.is_some_and(|k| p.done >= k) {
                std::process::abort();
            }
            // Ctrl-C: the run checkpoints every value so far and stops.
            crate::interrupt::check()
        });
        progress.finish();
        let values = values.map_err(|error| match error {
            StoreError::Stopped { .. } => {
                anyhow::anyhow!("{error}; {}", crate::interrupt::RESUME_HINT)
            }
            other => other.into(),
        })?;
        if already_held {
            return Ok(ExitCode::SUCCESS);
        }
        eprintln!(
            "wrote {} values of {spec} to {} ({} byte{} per value)",
            values.len(),
            out.display(),
            values.value_bytes(),
            if values.value_bytes() == 1 { "" } else { "s" }
        );
        if let Some(fill) = &period_fill {
            eprintln!("{}", crate::compute::period_fill_note(fill));
        }
        return Ok(ExitCode::SUCCESS);
    }
    stream(spec, DenseEngine::new(kernel()?), count, args.format)
}

/// The values of a loopy game on numbered positions: `∞` and `∞(K)` in
/// text and CSV, `null` with the escapes K in JSON; a b-file holds
/// integers only, so infinite values refuse it.
fn print_loopy(args: &SeqArgs, report: &LoopySequenceReport) -> anyhow::Result<ExitCode> {
    let spec = &report.game;
    if args.convention.asks_misere() || args.remoteness || args.out.is_some() {
        bail!(
            "'{spec}' is loopy (values may be infinite): seq gives its normal-play values only (no --misere, --remoteness or --out); 'grundy graph {spec}' gives each position's remoteness"
        );
    }
    let mut out = stdout();
    if args.format == SeqFormat::Json {
        serde_json::to_writer(&mut out, report)?;
        writeln!(out)?;
    } else {
        if let Some(n) = report.values.iter().position(Option::is_none) {
            if args.format == SeqFormat::Bfile {
                bail!(
                    "'{spec}' has the infinite value {} at n = {n}, and a b-file holds integers only: use --format text, csv or json",
                    report.symbols[n]
                );
            }
        }
        let count = report.symbols.len();
        write_prologue(&mut out, spec, args.format, Column::Loopy)?;
        write_range(&mut out, |n| &report.symbols[n], 0, count, args.format)?;
        write_epilogue(&mut out, count, args.format)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `--out` replaces only a sequence file of the same game holding at most
/// the values asked for (or nothing): a longer file of the game, a file
/// of another game, or one that is not a sequence file at all, is
/// somebody's work and needs `--force`; it is kept, and the message says
/// what it holds.
fn refuse_to_clobber(out: &std::path::Path, spec: &str, count: u64) -> anyhow::Result<()> {
    if !out.exists() {
        return Ok(());
    }
    match grundy::sequence::store::sequence_header(out).map(|h| (h.spec, h.count)) {
        Ok((held, values)) if held == spec && values > count => bail!(
            "{} already holds {values} values of '{spec}', more than the {count} asked for; it was kept. Read the first {count} with 'grundy seq --from {} -n {count}', choose another --out, or pass --force to replace it",
            out.display(),
            out.display()
        ),
        Ok((held, _)) if held == spec => Ok(()),
        Ok((held, _)) => bail!(
            "{} already holds values of '{held}', not '{spec}': choose another --out, or pass --force to overwrite it",
            out.display()
        ),
        Err(_) => bail!(
            "{} exists and is not a grundy sequence file: choose another --out, or pass --force to overwrite it",
            out.display()
        ),
    }
}

/// What a `seq` stopped without `--out` adds to its message.
const OUT_HINT: &str =
    "with --out FILE a run keeps its values there and --resume goes on from them";

fn stream(
    spec: &str,
    engine: DenseEngine<Box<dyn grundy::sequence::dense::Kernel>>,
    count: u64,
    format: SeqFormat,
) -> anyhow::Result<ExitCode> {
    let count = usize::try_from(count).context("the count does not fit in memory")?;
    let mut out = stdout();
    write_prologue(&mut out, spec, format, Column::Normal)?;
    let engine = crate::compute::stream_engine(engine, count, spec, |values, range| {
        write_range(&mut out, |n| values.get(n), range.start, range.end, format)?;
        Ok(true)
    })
    .map_err(|error| {
        if crate::interrupt::stop_in(&error).is_some() {
            // Out as they came, so not lost; but a rerun starts afresh.
            anyhow::anyhow!("{error:#} and written; {OUT_HINT}")
        } else {
            error
        }
    })?;
    write_epilogue(&mut out, count, format)?;
    out.flush()?;
    if let Some(fill) = engine.kernel().period_fill() {
        eprintln!("{}", crate::compute::period_fill_note(fill));
    }
    Ok(ExitCode::SUCCESS)
}

/// What the values printed are.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Column {
    /// Normal play: Sprague–Grundy values.
    Normal,
    /// Misère play: misère nim-values.
    Misere,
    /// Not values: each heap's remoteness in normal play.
    Remoteness,
    /// Generalised values of a loopy game (`∞`, `∞(K)`): printed as text,
    /// CSV or a b-file here; their JSON is the report's own.
    Loopy,
}

fn print_values(
    spec: &str,
    values: &NimSequence,
    count: usize,
    format: SeqFormat,
) -> anyhow::Result<()> {
    print_values_in(spec, values, count, format, Column::Normal)
}

fn print_values_in(
    spec: &str,
    values: &NimSequence,
    count: usize,
    format: SeqFormat,
    convention: Column,
) -> anyhow::Result<()> {
    let mut out = stdout();
    write_prologue(&mut out, spec, format, convention)?;
    write_range(&mut out, |n| values.get(n), 0, count, format)?;
    write_epilogue(&mut out, count, format)?;
    out.flush()?;
    Ok(())
}

/// What comes before the values: the JSON object's start (with the
/// convention, for misère values), the CSV header, the b-file comment.
fn write_prologue(
    out: &mut impl Write,
    spec: &str,
    format: SeqFormat,
    convention: Column,
) -> anyhow::Result<()> {
    let misere = convention == Column::Misere;
    match format {
        SeqFormat::Json => write!(
            out,
            "{{\"game\": {}, {}\"values\": [",
            serde_json::to_string(spec)?,
            match convention {
                Column::Misere => "\"convention\": \"misere\", ",
                Column::Remoteness => "\"measure\": \"remoteness\", ",
                Column::Normal | Column::Loopy => "",
            }
        )?,
        SeqFormat::Csv if convention == Column::Remoteness => writeln!(out, "n,remoteness")?,
        SeqFormat::Csv => writeln!(out, "n,value")?,
        SeqFormat::Bfile if misere => {
            writeln!(out, "# {spec}: misere nim-values G-(n), computed by grundy")?
        }
        SeqFormat::Bfile if convention == Column::Remoteness => writeln!(
            out,
            "# {spec}: remoteness of a heap of n in normal play, computed by grundy"
        )?,
        SeqFormat::Bfile if convention == Column::Loopy => writeln!(
            out,
            "# {spec}: generalised Sprague-Grundy values G(n), computed by grundy"
        )?,
        SeqFormat::Bfile => writeln!(
            out,
            "# {spec}: Sprague-Grundy values G(n), computed by grundy"
        )?,
        SeqFormat::Text => {}
    }
    Ok(())
}

/// The values `value(from..to)` in `format`: rows of ten headed by the
/// first index (text), `n,v` (CSV), `n v` (b-file) or a JSON list's items.
fn write_range<V: std::fmt::Display>(
    out: &mut impl Write,
    value: impl Fn(usize) -> V,
    from: usize,
    to: usize,
    format: SeqFormat,
) -> std::io::Result<()> {
    for n in from..to {
        let v = value(n);
        match format {
            SeqFormat::Json => {
                if n > 0 {
                    out.write_all(b", ")?;
                }
                write!(out, "{v}")?;
            }
            SeqFormat::Csv => writeln!(out, "{n},{v}")?,
            SeqFormat::Bfile => writeln!(out, "{n} {v}")?,
            SeqFormat::Text => {
                if n % 10 == 0 {
                    if n > 0 {
                        writeln!(out)?;
                    }
                    write!(out, "{n:>8}:")?;
                }
                write!(out, " {v:>3}")?;
            }
        }
    }
    Ok(())
}

fn write_epilogue(out: &mut impl Write, count: usize, format: SeqFormat) -> std::io::Result<()> {
    match format {
        SeqFormat::Json => writeln!(out, "]}}"),
        SeqFormat::Text if count > 0 => writeln!(out),
        _ => Ok(()),
    }
}
