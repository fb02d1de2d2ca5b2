//! `grundy games`: the games grundy knows, from the library's registry.

use std::process::ExitCode;

use clap::Args;

use crate::flags::FormatFlag;

/// Arguments of `grundy games`.
#[derive(Args, Debug)]
pub struct GamesArgs {
    #[command(flatten)]
    format: FormatFlag,
}

/// Runs `grundy games`.
pub fn run(args: GamesArgs) -> anyhow::Result<ExitCode> {
    let report = grundy::api::games(grundy::spec::SpecSource::FilesAllowed);
    crate::printer::print(&report, args.format.format)?;
    Ok(ExitCode::SUCCESS)
}
