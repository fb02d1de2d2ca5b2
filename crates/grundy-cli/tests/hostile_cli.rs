//! Hostile input: every command fed what a careless or malicious user (or
//! a fuzzer) might give it. Each run must end within a time bound with
//! exit code 1 or 2 and a message on stderr (or succeed, where the input is
//! odd but legal), and never panic (exit 101) or die by a signal (an
//! abort, or the kernel's out-of-memory killer).

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

/// The longest any hostile run may take.
const TIME_BOUND: Duration = Duration::from_secs(60);

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Expect {
    /// Exit 1 or 2, with a message.
    Refused,
    /// Exit 0 (odd but legal input).
    Fine,
}

/// The binary under test: this build's, or `GRUNDY_TEST_BIN` (to try the
/// corpus on another build).
fn binary() -> String {
    std::env::var("GRUNDY_TEST_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_grundy").to_owned())
}

/// Runs one hostile input; `Err` says how it was mishandled.
fn run(args: &[String], expect: Expect) -> Result<(), String> {
    let mut command = Command::new(binary());
    command.args(args);
    let (status, stderr) =
        common::run_bounded(command, TIME_BOUND).map_err(|e| format!("{args:?}: {e}"))?;
    let code = status.code();
    let stderr = stderr.trim();
    let fail = |why: &str| Err(format!("{args:?}: {why}; stderr: {stderr}"));
    if code.is_none() {
        return fail(&format!("killed by a signal ({status})"));
    }
    if code == Some(101) || stderr.contains("panicked") {
        return fail("panicked");
    }
    match expect {
        Expect::Refused if !matches!(code, Some(1 | 2)) => fail(&format!("exit {code:?}")),
        Expect::Refused if stderr.is_empty() => fail("no message"),
        Expect::Fine if code != Some(0) => fail(&format!("exit {code:?}")),
        _ => Ok(()),
    }
}

fn files() -> Vec<(&'static str, Vec<u8>)> {
    let mut deep = String::from("fn options(n) { ");
    deep.push_str(&"[".repeat(5000));
    deep.push_str(&"]".repeat(5000));
    deep.push_str(" }");
    let mut sequence = Vec::new();
    sequence.extend_from_slice(b"GRUNDYSQ\x01\x00\x01\x00");
    sequence.extend_from_slice(&u32::MAX.to_le_bytes());
    sequence.extend_from_slice(&u64::MAX.to_le_bytes());
    sequence.extend_from_slice(&[0; 8]);
    // A chain 200,000 moves deep: `play` searched it recursively and
    // overflowed the stack (issue 27).
    let mut chain = String::new();
    for i in 0..199_999 {
        chain.push_str(&format!("v{i}: v{}\n", i + 1));
    }
    chain.push_str("v199999:\n");
    vec![
        ("chain.txt", chain.into_bytes()),
        ("empty", Vec::new()),
        ("binary", (0..=255u8).cycle().take(4096).collect()),
        ("unicode.txt", "ξ: ψ\nψ: ∞\n∞:\n".as_bytes().to_vec()),
        ("bad-header.bin", sequence),
        ("loop.rhai", b"fn options(n) { loop { } }".to_vec()),
        ("recursion.rhai", b"fn options(n) { options(n) }".to_vec()),
        ("string.rhai", b"fn options(n) { \"moves\" }".to_vec()),
        ("floats.rhai", b"fn options(n) { [[0.5]] }".to_vec()),
        ("self.rhai", b"fn options(n) { [[n]] }".to_vec()),
        ("negative.rhai", b"fn options(n) { [[-1]] }".to_vec()),
        ("deep.rhai", deep.into_bytes()),
        (
            "huge.rhai",
            b"fn options(n) { let a = []; a.pad(16000000, []); a }".to_vec(),
        ),
        (
            "wide.rhai",
            b"fn options(n) { let a = []; for i in 0..n { a.push([0; 100000]); } a }".to_vec(),
        ),
        ("no-options.rhai", b"fn moves(n) { [] }".to_vec()),
        ("syntax.rhai", b"fn options(n) { [[ }".to_vec()),
        ("cycle.txt", b"a: b\nb: c\nc: a\n".to_vec()),
        ("dangling.txt", b"a: b\n".to_vec()),
        ("twice.txt", b"a:\na:\n".to_vec()),
    ]
}

#[test]
fn hostile_inputs_get_clear_errors() {
    use Expect::*;
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files() {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    let file = |name: &str| dir.path().join(name).display().to_string();
    let truncated = dir.path().join("truncated.bin");
    let made = Command::new(binary())
        .args(["seq", "kayles", "-n", "1000", "--out"])
        .arg(&truncated)
        .output()
        .unwrap();
    assert!(made.status.success());
    let bytes = std::fs::read(&truncated).unwrap();
    std::fs::write(&truncated, &bytes[..bytes.len() - 7]).unwrap();

    let mut cases: Vec<(Vec<String>, Expect)> = Vec::new();
    let mut add = |expect: Expect, args: &[&str]| {
        cases.push((args.iter().map(|s| (*s).to_owned()).collect(), expect));
    };
    // Issue 27: inputs that aborted (a stack overflow, allocations that
    // failed) instead of refusing.
    let chain = format!("graph:{}", file("chain.txt"));
    add(Fine, &["play", &chain, "v0"]);
    add(Fine, &["play", &chain, "v0", "--misere"]);
    add(Fine, &["eval", &chain, "v0", "--remoteness"]);
    add(Refused, &["play", "nim", "4294967296", "--misere"]);
    add(
        Refused,
        &["value", "allbut:1,2", "18446744073709551615", "--misere"],
    );
    add(
        Refused,
        &["play", "sub:1,2,3", "18446744073709551615", "--misere"],
    );
    add(Refused, &["eval", "cut:1", "4294967295", "--misere"]);
    add(
        Refused,
        &[
            "quotient",
            "0.6",
            "--max",
            "100",
            "--max-order",
            "18446744073709551615",
        ],
    );
    // Counts: huge, negative, empty, malformed.
    add(Refused, &["seq", "nim", "-n", "2^60"]);
    add(Refused, &["seq", "nim", "-n", "2^64"]);
    add(Refused, &["seq", "kayles", "-n", "18446744073709551616"]);
    add(Refused, &["seq", "kayles", "-n", ""]);
    add(Refused, &["seq", "kayles", "-n", "-1"]);
    add(Refused, &["seq", "kayles", "-n", "1e999"]);
    add(Refused, &["seq", "kayles", "-n", "2^^3"]);
    add(Refused, &["seq", "4!.0", "-n", "2^40"]);
    add(Refused, &["period", "kayles", "--max", "2^60"]);
    add(
        Refused,
        &["analyze", "kayles", "--max", "2^62", "--no-plot"],
    );
    add(
        Refused,
        &["check", "kayles", "--formula", "n", "-n", "2^50"],
    );
    add(
        Refused,
        &["plot", "kayles", "-n", "2^60", "-o", "/dev/null.svg"],
    );
    add(Refused, &["value", "kayles", "2^64"]);
    add(
        Fine,
        &["value", "kayles", "2^64-1"].map(|s| {
            if s == "2^64-1" {
                "18446744073709551615"
            } else {
                s
            }
        }),
    );
    add(Refused, &["value", "grundy", "2^63", "--max", "1000"]);
    // Specs: empty, Unicode, binary-ish, malformed codes, impossible sets.
    add(Refused, &["seq", ""]);
    add(Refused, &["seq", "ξ"]);
    add(Refused, &["seq", "0.🎲"]);
    add(Refused, &["seq", "0.["]);
    add(Refused, &["seq", "0.{99999999999999999999+}"]);
    add(Refused, &["seq", "0.&99999999999999999999;"]);
    add(Refused, &["seq", "0.{4294967295+}", "-n", "1"]);
    add(Refused, &["seq", "0.{1000000+}", "-n", "50"]);
    add(Refused, &["seq", "1.0"]);
    add(Refused, &["seq", "2.0"]);
    add(Refused, &["seq", "12.3"]);
    add(Refused, &["seq", "sub:"]);
    add(Refused, &["seq", "sub:0"]);
    add(Refused, &["seq", "sub:1..99999999999"]);
    add(Refused, &["seq", "sub:-1"]);
    // Each range within bounds, together ten times over (found by fuzzing).
    let ranges = ["1..9999999"; 10].join(",");
    let many = format!("sub:{ranges}");
    add(Refused, &["seq", &many]);
    add(Refused, &["seq", "cut:0"]);
    add(Refused, &["seq", "cut:99999999999999999999"]);
    add(Refused, &["seq", "cut:3"]);
    add(Refused, &["seq", "graph:"]);
    add(Refused, &["seq", "script:"]);
    // Costs beyond reason are refused up front, with the estimate.
    add(Refused, &["seq", "0.9", "-n", "100000"]);
    add(Refused, &["period", "0.D8", "--max", "1000000"]);
    add(
        Refused,
        &["check", "0.D8", "--formula", "0", "-n", "1000000"],
    );
    add(Refused, &["table", "cut:3", "--max", "100000"]);
    add(Refused, &["table", "cut:2", "--max", "5000"]);
    add(
        Refused,
        &["table", "cut:1", "--max", "18446744073709551615"],
    );
    add(
        Refused,
        &["table", "cut:4", "--max", "18446744073709551615"],
    );
    add(Refused, &["table", "kayles", "--max", "10"]);
    // Positions.
    add(Refused, &["eval", "nim", ""]);
    add(Refused, &["eval", "nim", "ξ"]);
    add(Refused, &["eval", "nim", "-1"]);
    add(Refused, &["eval", "nim", "3.5"]);
    add(Refused, &["eval", "cut:3", "1x2"]);
    add(Refused, &["eval", "cut:3", "4294967296x1x1"]);
    add(
        Refused,
        &["eval", "cut:3", "4294967295x4294967295x4294967295"],
    );
    add(Refused, &["eval", "cut:2", "x"]);
    add(Refused, &["eval", "wythoff", "(18446744073709551615,1)"]);
    add(Refused, &["eval", "wythoff", "(0,18446744073709551615)"]);
    add(Refused, &["eval", "wythoff", "(1,2,3)"]);
    add(Refused, &["eval", "wythoff", "()"]);
    add(
        Refused,
        &["eval", "wythoff:18446744073709551615", "(5000,5000)"],
    );
    add(Fine, &["eval", "wythoff:18446744073709551615", "(30,20)"]);
    add(Refused, &["seq", "wythoff"]);
    // Misère searches beyond their limit end in an error, not a hang.
    add(Refused, &["eval", "0.6", "200", "--misere"]);
    // Loopy games: windup specs checked, sizes limited up front.
    add(Refused, &["graph", "windup:0:1"]);
    add(Refused, &["graph", "windup:7:7"]);
    add(Refused, &["graph", "windup:7"]);
    add(Refused, &["graph", "windup:7:x"]);
    add(Refused, &["graph", "windup:99999999999:1"]);
    add(Refused, &["eval", "windup:16777216:1..200", "3"]);
    add(Refused, &["eval", "windup:7:2,3", "9"]);
    add(Fine, &["eval", "windup:7:2,3", "1", "1", "2"]);
    add(Refused, &["graph", "windup:1:", "--format", "json"]);
    add(Fine, &["graph", "windup:2:1", "--format", "json"]);
    add(Refused, &["graph", "sub:1,2"]);
    // Remoteness: searched, so bounded up front.
    add(Refused, &["eval", "nim", "1000000000000", "--remoteness"]);
    add(Refused, &["seq", "kayles", "-n", "100000", "--remoteness"]);
    add(Fine, &["eval", "wythoff", "(3,4)", "--remoteness"]);
    add(Refused, &["eval", "nim", "3", "--remoteness", "--misere"]);
    add(
        Fine,
        &["eval", "kayles", "0", "--remoteness", "--format", "json"],
    );
    // Quotients: limits said up front, families without heaps refused.
    add(Refused, &["quotient", "kayles", "--max", "99999"]);
    add(Refused, &["quotient", "kayles", "--max", "-1"]);
    add(
        Refused,
        &["quotient", "0.07", "--max", "40", "--max-order", "50"],
    );
    add(Refused, &["quotient", "wythoff", "--max", "3"]);
    add(Refused, &["quotient", "0.7#", "--max", "3"]);
    add(Fine, &["quotient", "kayles", "--max", "0"]);
    add(Fine, &["quotient", "nim", "--max", "1", "--format", "json"]);
    add(Refused, &["eval", "nim", "x", "--misere"]);
    add(
        Fine,
        &["eval", "nim", "18446744073709551615", "1", "--misere"],
    );
    add(Refused, &["genus", "kayles", "-n", "18446744073709551615"]);
    add(Refused, &["seq", "kayles", "--misere", "--out", "f.bin"]);
    add(Fine, &["eval", "cut:3", "0x0x0"]);
    add(Fine, &["eval", "nim", "18446744073709551615", "1"]);
    add(Fine, &["eval", "kayles", "18446744073709551615", "1"]);
    add(Fine, &["eval", "equal-split", "9223372036854775808", "6"]);
    add(Refused, &["eval", "grundy", "18446744073709551615"]);
    add(Refused, &["eval", "kayles"]);
    // Formulas that loop, fail or return the wrong type.
    add(
        Refused,
        &["check", "nim", "--formula", "loop { }", "-n", "3"],
    );
    add(Refused, &["check", "nim", "--formula", "\"x\"", "-n", "3"]);
    add(Refused, &["check", "nim", "--formula", "n - 5", "-n", "3"]);
    add(Refused, &["check", "nim", "--formula", "[1, 2]", "-n", "3"]);
    add(Refused, &["check", "nim", "--formula", "1 / 0", "-n", "3"]);
    add(Refused, &["check", "nim", "--formula", "", "-n", "3"]);
    add(
        Refused,
        &["check", "nim", "--formula", &"(".repeat(10000), "-n", "3"],
    );
    add(
        Fine,
        &[
            "check",
            "nim",
            "--formula",
            "if omega(9223372036854775783) == 1 { n } else { 0 }",
            "-n",
            "3",
        ],
    );
    add(
        Refused,
        &[
            "check",
            "nim",
            "--formula",
            "omega(-1) + mex([1, -1]) + floor_log2(-5)",
            "-n",
            "3",
        ],
    );
    // Numbers for nimbers.
    add(Refused, &["nimber", "mul", "2^64", "1"]);
    add(Refused, &["nimber", "mul"]);
    add(Refused, &["nimber", "inv"]);
    add(Refused, &["nimber", "inv", "1", "2"]);
    add(Refused, &["nimber", "div", "1", "0"]);
    add(Refused, &["nimber", "pow", "2"]);
    add(Refused, &["nimber", "sqrt", "-1"]);
    add(
        Fine,
        &["nimber", "sqrt", "18446744073709551615", "--format", "json"],
    );
    add(
        Fine,
        &[
            "nimber",
            "mul",
            "18446744073709551615",
            "18446744073709551615",
        ],
    );
    // Checkpoint intervals.
    for secs in ["inf", "nan", "-1", "1e300", "-0.5", ""] {
        cases.push((
            [
                "seq",
                "nim",
                "-n",
                "10",
                "--out",
                &file("never.bin"),
                "--checkpoint-secs",
                secs,
            ]
            .iter()
            .map(|s| (*s).to_owned())
            .collect(),
            Refused,
        ));
    }
    // Files: graphs, sequence files, scripts.
    for name in [
        "empty",
        "binary",
        "cycle.txt",
        "dangling.txt",
        "twice.txt",
        "bad-header.bin",
    ] {
        // A cycle is no longer a mistake: it gives draws (refused only
        // with --acyclic).
        cases.push((
            vec!["graph".into(), file(name)],
            if name == "empty" || name == "cycle.txt" {
                Fine
            } else {
                Refused
            },
        ));
    }
    cases.push((
        vec!["graph".into(), file("cycle.txt"), "--acyclic".into()],
        Refused,
    ));
    cases.push((vec!["graph".into(), file("unicode.txt")], Fine));
    cases.push((
        vec!["graph".into(), dir.path().display().to_string()],
        Refused,
    ));
    cases.push((vec!["graph".into(), "/no/such/file".into()], Refused));
    cases.push((
        vec![
            "eval".into(),
            format!("graph:{}", file("cycle.txt")),
            "a".into(),
        ],
        Fine,
    ));
    cases.push((
        vec![
            "eval".into(),
            format!("graph:{}", file("cycle.txt")),
            "zz".into(),
        ],
        Refused,
    ));
    cases.push((
        vec![
            "eval".into(),
            format!("graph:{}", file("unicode.txt")),
            "ξ".into(),
            "ψ".into(),
        ],
        Fine,
    ));
    for name in ["empty", "binary", "bad-header.bin", "unicode.txt"] {
        cases.push((vec!["seq".into(), "--from".into(), file(name)], Refused));
    }
    cases.push((
        vec![
            "seq".into(),
            "--from".into(),
            truncated.display().to_string(),
        ],
        Refused,
    ));
    for name in [
        "loop.rhai",
        "recursion.rhai",
        "string.rhai",
        "floats.rhai",
        "self.rhai",
        "negative.rhai",
        "deep.rhai",
        "wide.rhai",
        "no-options.rhai",
        "syntax.rhai",
        "empty",
        "binary",
    ] {
        cases.push((
            vec![
                "seq".into(),
                format!("script:{}", file(name)),
                "-n".into(),
                "20".into(),
            ],
            Refused,
        ));
    }
    // Sixteen million options of one heap: large but legal.
    cases.push((
        vec![
            "seq".into(),
            format!("script:{}", file("huge.rhai")),
            "-n".into(),
            "3".into(),
        ],
        Fine,
    ));
    // Resuming what is not there, or what belongs to another run.
    cases.push((
        vec![
            "seq".into(),
            "kayles".into(),
            "-n".into(),
            "10".into(),
            "--out".into(),
            file("binary"),
        ],
        Refused,
    ));
    // A few at once: the slow cases (a misère search to its limit,
    // sixteen million options) then overlap instead of adding up.
    let failures = common::failures_of(&cases, |(args, expect)| {
        let started = Instant::now();
        let result = run(args, *expect);
        if started.elapsed() > Duration::from_secs(2) {
            println!("{:.1} s: {args:?}", started.elapsed().as_secs_f64());
        }
        result
    });
    assert!(
        failures.is_empty(),
        "{} of {} hostile inputs mishandled:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    println!("{} hostile inputs, all handled", cases.len());
}
