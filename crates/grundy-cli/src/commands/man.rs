//! `grundy man`: the manual page (roff) of grundy or of one command, with
//! every game spec from the library's registry.

use std::io;
use std::process::ExitCode;

use clap::Args;

use crate::output;

/// Arguments of `grundy man`.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// A command whose page to print instead.
    command: Option<String>,
}

/// Runs `grundy man [COMMAND]`; `cli` is the whole command line's
/// definition.
pub fn run(args: ManArgs, cli: clap::Command) -> anyhow::Result<ExitCode> {
    let page = match args.command {
        None => cli.after_long_help(man_sections()),
        Some(name) => {
            let Some(sub) = cli.find_subcommand(&name) else {
                let known: Vec<&str> = cli.get_subcommands().map(|c| c.get_name()).collect();
                anyhow::bail!("no command '{name}': the commands are {}", known.join(", "));
            };
            let name = format!("grundy-{}", sub.get_name());
            sub.clone().name(name)
        }
    };
    let mut out = output::stdout();
    clap_mangen::Man::new(page).render(&mut out)?;
    io::Write::flush(&mut out)?;
    Ok(ExitCode::SUCCESS)
}

/// What the man page says beyond the options: every game spec (from the
/// library's registry, so a new family appears by itself), examples, and
/// the exit codes.
fn man_sections() -> String {
    let mut text = String::from("GAME SPECS\n");
    for (spec, about) in grundy::spec::game_list() {
        text.push_str(&format!("  {spec}\n      {about}\n"));
    }
    text.push_str(
        "\nEXAMPLES\n\
  grundy analyze kayles              values, the period with its proof, rare values, a plot\n\
  grundy seq 0.137 -n 1000           G(0..999) of Dawson's chess\n\
  grundy value kayles 1e18           G(n) for a huge heap, from the proved period\n\
  grundy eval kayles 9 4             value, outcome and every winning move of a sum\n\
  grundy eval cram 4x7               a board: every winning domino, named on your board\n\
  grundy eval node-kayles petersen   a graph: every winning vertex\n\
  grundy eval kayles 3 4 --misere    misère play (the last mover loses)\n\
  grundy play kayles 10              play against the engine in the terminal\n\
  grundy serve                       the explorer on http://127.0.0.1:8080/\n\
\nEXIT STATUS\n\
  0    success (a broken pipe too)\n\
  1    a negative answer: check found a counterexample\n\
  2    an error: bad input, a limit, a refused request (the message says which)\n\
  130  interrupted (Ctrl-C); the message says what was finished and kept\n",
    );
    text
}
