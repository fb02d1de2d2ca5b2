//! The flags several commands share, each defined once and flattened
//! into the commands' argument structs: the convention (`--misere`), the
//! output format (`--format`) and the budget (`--allow-long`). A command
//! whose `--misere` means more than the convention says so with
//! `mut_arg`, keeping one definition of the flag.

use clap::Args;
use grundy::budget::Budget;
use grundy::Convention;

use crate::printer::Format;

/// How the command line asks for a long request anyway, as a refusal
/// says it.
pub const HOW_TO_ALLOW: &str = "pass --allow-long to run it anyway";

/// `--misere`: the convention of play.
#[derive(Args, Clone, Copy, Debug)]
pub struct ConventionFlag {
    /// Misère play: the last mover loses.
    #[arg(long)]
    misere: bool,
}

impl ConventionFlag {
    /// The library's convention: the flag is read here, once; commands
    /// hand the convention to the request layer and never branch on it.
    pub fn convention(self) -> Convention {
        Convention::from_misere_flag(self.misere)
    }

    /// Whether `--misere` was given (for a command whose misère request
    /// takes another path, such as `seq`'s search instead of its stream).
    pub fn asks_misere(self) -> bool {
        self.misere
    }
}

/// `--format`: text for people, JSON for programs.
#[derive(Args, Clone, Copy, Debug)]
pub struct FormatFlag {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// `--allow-long`: the command's budget.
#[derive(Args, Clone, Copy, Debug)]
pub struct BudgetFlags {
    /// Run requests estimated to take longer than 10 minutes instead of
    /// refusing them.
    #[arg(long)]
    allow_long: bool,
}

impl BudgetFlags {
    /// The library's budget for a request of this command.
    pub fn budget(self) -> Budget {
        Budget::interactive(self.allow_long, HOW_TO_ALLOW)
    }
}

/// The positions as written, each `@FILE` replaced by the file's text
/// (ending in a line break, which marks graph-file text for the families
/// that read it). The library never reads files named in positions: only
/// this face does, so the server and Python read none.
pub fn read_position_files(positions: Vec<String>) -> anyhow::Result<Vec<String>> {
    use anyhow::Context;
    positions
        .into_iter()
        .map(|position| match position.strip_prefix('@') {
            Some(path) => {
                let mut text = std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read the position file '{path}'"))?;
                if !text.ends_with('\n') {
                    text.push('\n');
                }
                Ok(text)
            }
            None => Ok(position),
        })
        .collect()
}
