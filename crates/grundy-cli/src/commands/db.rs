//! `grundy db DIR [VERTEX...]`: answers read back from a database that
//! `grundy solve` wrote (every shard's checksum checked).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use grundy_dataflow::db::Database;

use crate::flags::FormatFlag;
use crate::printer::print;

/// Arguments of `grundy db`.
#[derive(Args, Debug)]
pub struct DbArgs {
    /// The database's directory.
    dir: PathBuf,
    /// Vertices by name (or number, for a binary edge list); none: the
    /// totals only.
    vertices: Vec<String>,
    /// Write the values of the one-component positions of a game's
    /// state space (`grundy solve cram 4x6 -o DIR`) as a search cache
    /// of that game: `grundy eval cram 5x7 --cache FILE` starts from
    /// them.
    #[arg(long, value_name = "FILE")]
    export_cache: Option<PathBuf>,
    #[command(flatten)]
    format: FormatFlag,
}

/// Runs `grundy db`.
pub fn run(args: DbArgs) -> anyhow::Result<ExitCode> {
    let db = Database::open(&args.dir)?;
    if let Some(path) = &args.export_cache {
        let written = db.export_cache(path)?;
        eprintln!(
            "grundy: {written} solved parts of {} written to {}",
            db.game.as_deref().unwrap_or("the game"),
            path.display()
        );
    }
    print(
        &grundy_dataflow::request::lookup_in(&db, &args.vertices)?,
        args.format.format,
    )?;
    Ok(ExitCode::SUCCESS)
}
