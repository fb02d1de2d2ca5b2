//! `grundy seq`: the values G(0..N-1) of a heap game, streamed as they are
//! computed.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use clap::ValueEnum;
use grundy::spec::parse_heap_spec;

use crate::output::stdout;

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

/// Values computed between two writes: output keeps pace with the engine.
const CHUNK: usize = 1 << 16;

/// Runs `grundy seq SPEC -n N`.
pub fn run(spec: &str, count: u64, format: SeqFormat) -> anyhow::Result<ExitCode> {
    let game = parse_heap_spec(spec)?;
    let count = usize::try_from(count).context("the count does not fit in memory")?;
    let mut engine = game.dense_engine()?;
    let mut out = stdout();
    match format {
        SeqFormat::Json => write!(
            out,
            "{{\"game\": {}, \"values\": [",
            serde_json::to_string(spec)?
        )?,
        SeqFormat::Csv => writeln!(out, "n,value")?,
        SeqFormat::Bfile => writeln!(
            out,
            "# {spec}: Sprague-Grundy values G(n), computed by grundy"
        )?,
        SeqFormat::Text => {}
    }
    let mut done = 0usize;
    while done < count {
        let end = count.min(done + CHUNK);
        engine
            .extend_to(end)
            .with_context(|| format!("computing G({done}..{end}) of {spec}"))?;
        let values = engine.values();
        for n in done..end {
            let v = values.get(n);
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
        done = end;
    }
    match format {
        SeqFormat::Json => writeln!(out, "]}}")?,
        SeqFormat::Text if count > 0 => writeln!(out)?,
        _ => {}
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
