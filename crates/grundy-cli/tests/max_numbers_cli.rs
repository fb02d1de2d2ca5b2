//! Issue 27: every subcommand with the largest numbers it accepts (heaps
//! and counts of 2^64 − 1, sides of 2^32 − 1, orders of 2^64 − 1), under
//! a memory cap of 1 GB. Each run must answer or refuse (exit 0, 1 or 2)
//! within the time bound: an allocation sized by the input that fails
//! aborts (exit 134), which is what this test exists to catch
//! (`play sub:1,2,3 MAX --misere`, `eval cut:1 4294967295 --misere` and
//! `quotient G --max-order MAX` aborted before the up-front checks).
//!
//! Left out: normal-play `value`/`eval`/`play` of huge heaps of games with
//! no proved period (0.6, 0.{2+}, grundy), which search for a period in
//! the default 2^24 values (about a minute) before saying the heap is out
//! of reach; they allocate only what that count needs.

mod common;

use std::process::Command;
use std::time::Duration;

const MAX: &str = "18446744073709551615";
const SIDE: &str = "4294967295";
const TIME_BOUND: Duration = Duration::from_secs(60);

fn cases(dir: &std::path::Path) -> Vec<Vec<String>> {
    let plot = dir.join("p.svg").display().to_string();
    let out = dir.join("x.bin").display().to_string();
    let mut cases: Vec<Vec<&str>> = Vec::new();
    let heap_games = [
        "nim",
        "kayles",
        "allbut:1,2",
        "sub:1,2,3",
        "ruler",
        "mock-turtles",
        "windup:4:2",
        "divisor",
        "0.137",
        "acrostic(motley,ruler)",
        "4.7",
    ];
    for g in heap_games {
        for misere in [&[][..], &["--misere"][..]] {
            let with = |mut args: Vec<&'static str>| -> Vec<&'static str> {
                args.extend_from_slice(misere);
                args
            };
            let g: &'static str = g;
            cases.push(with(vec!["value", g, MAX]));
            cases.push(with(vec!["eval", g, MAX]));
            cases.push(with(vec!["eval", g, MAX, MAX, "1"]));
            cases.push(with(vec!["play", g, MAX]));
            cases.push(with(vec!["seq", g, "-n", MAX]));
            cases.push(with(vec!["period", g, "--max", MAX]));
            cases.push(with(vec!["analyze", g, "--max", MAX, "--no-plot"]));
            cases.push(with(vec!["check", g, "--formula", "n", "-n", MAX]));
        }
        cases.push(vec!["eval", g, MAX, "--remoteness"]);
        cases.push(vec!["genus", g, MAX]);
        cases.push(vec!["genus", g, "-n", MAX]);
        cases.push(vec!["quotient", g, "--max", MAX]);
        cases.push(vec!["quotient", g, "--max", "10", "--max-order", MAX]);
    }
    for g in ["0.6", "0.{2+}", "grundy"] {
        cases.push(vec!["value", g, MAX, "--misere"]);
        cases.push(vec!["eval", g, MAX, "--misere"]);
        cases.push(vec!["eval", g, MAX, MAX, "1", "--misere"]);
        cases.push(vec!["seq", g, "-n", MAX, "--misere"]);
        cases.push(vec!["genus", g, "-n", MAX]);
        cases.push(vec!["quotient", g, "--max", "100", "--max-order", MAX]);
        cases.push(vec!["quotient", g, "--max", MAX]);
    }
    let mut owned: Vec<Vec<String>> = cases
        .into_iter()
        .map(|c| c.into_iter().map(str::to_owned).collect())
        .collect();
    let pair = format!("({MAX},{MAX})");
    let lopsided = format!("({MAX},1)");
    for g in [
        "wythoff",
        "fibonacci-nim",
        "mem",
        "rugs",
        "tartan(twins,twins)",
        "acrostic(motley,ruler)",
    ] {
        for misere in [&[][..], &["--misere"][..]] {
            for args in [
                vec!["eval", g, &pair],
                vec!["table", g, "--max", MAX],
                vec!["play", g, &pair],
                vec!["eval", g, &lopsided, "(1,2)"],
            ] {
                let mut args: Vec<String> = args.into_iter().map(str::to_owned).collect();
                args.extend(misere.iter().map(|s| (*s).to_owned()));
                owned.push(args);
            }
        }
    }
    for dim in 1..=4 {
        let spec = format!("cut:{dim}");
        let sides = vec![SIDE; dim].join("x");
        for misere in [&[][..], &["--misere"][..]] {
            for args in [
                vec!["eval", &spec, &sides],
                vec!["table", &spec, "--max", MAX],
                vec!["play", &spec, &sides],
            ] {
                let mut args: Vec<String> = args.into_iter().map(str::to_owned).collect();
                args.extend(misere.iter().map(|s| (*s).to_owned()));
                owned.push(args);
            }
        }
    }
    for args in [
        vec!["nimber", "product", MAX, MAX],
        vec!["nimber", "sum", MAX, MAX],
        vec!["plot", "kayles", "-n", MAX, "-o", &plot],
        vec!["seq", "nim", "-n", MAX, "--out", &out],
        vec!["seq", "kayles", "-n", MAX, "--out", &out],
    ] {
        owned.push(args.into_iter().map(str::to_owned).collect());
    }
    owned
}

/// Runs one case under the memory cap; `Err` says what went wrong.
fn run(args: &[String]) -> Result<(), String> {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg("ulimit -v 1000000; exec \"$@\"")
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args);
    let (status, stderr) =
        common::run_bounded(command, TIME_BOUND).map_err(|e| format!("{args:?}: {e}"))?;
    match status.code() {
        Some(0 | 1) => Ok(()),
        Some(2) if !stderr.trim().is_empty() && !stderr.contains("panicked") => Ok(()),
        code => Err(format!(
            "{args:?}: exit {code:?} ({status}); stderr: {}",
            stderr.trim()
        )),
    }
}

#[test]
fn the_largest_numbers_are_answered_or_refused_within_a_memory_cap() {
    let dir = tempfile::tempdir().unwrap();
    let cases = cases(dir.path());
    let failures = common::failures_of(&cases, |args| run(args));
    assert!(
        failures.is_empty(),
        "{} of {} runs with the largest numbers mishandled:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    assert!(cases.len() > 300);
}
