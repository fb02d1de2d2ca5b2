//! `grundy completions SHELL`: shell completions on stdout.

use std::io;
use std::process::ExitCode;

use clap::Args;

use crate::output;

/// Arguments of `grundy completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// Runs `grundy completions SHELL`; `cli` is the whole command line's
/// definition.
pub fn run(args: CompletionsArgs, mut cli: clap::Command) -> anyhow::Result<ExitCode> {
    let mut out = output::stdout();
    clap_complete::generate(args.shell, &mut cli, "grundy", &mut out);
    io::Write::flush(&mut out)?;
    Ok(ExitCode::SUCCESS)
}
