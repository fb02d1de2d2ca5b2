//! Golden outputs: a fixed list of commands (the values of every family
//! and of two dozen codes, period, value, analyze, eval, table, graph, and
//! the messages of malformed input), their exit codes and outputs recorded
//! in `tests/golden/outputs.json`. A refactor must leave every one as it
//! was (JSON compared as parsed values, text exactly).
//!
//! Record anew, after a change of behaviour that is meant:
//! `GRUNDY_GOLDEN_RECORD=1 cargo test --release -p grundy-cli --test golden_cli`.

mod common;

use serde_json::{json, Value};

/// The commands, run in `tests/golden` (so that file names are relative).
fn commands() -> Vec<Vec<String>> {
    let mut list: Vec<Vec<&str>> = Vec::new();
    let families = [
        "nim",
        "kayles",
        "dawsons-kayles",
        "dawsons-chess",
        "grundy",
        "officers",
        "treblecross",
        "guiles",
        "sub:1,3,4",
        "sub:2,3,7",
        "sub:1..5,9",
        "allbut:1,2",
        "allbut:3",
        "equal-split",
        "divisor",
        "script:../../../../examples/kayles.rhai",
        "script:../../../../examples/square-subtraction.rhai",
    ];
    for spec in families {
        list.push(vec!["seq", spec, "-n", "200", "--format", "json"]);
    }
    for spec in [
        "turning-turtles",
        "mock-turtles",
        "moebius",
        "twins",
        "triplets",
        "ruler",
        "mock-turtle-fives",
        "ruler-fives",
        "turnips",
        "grunt",
        "sym",
        "sympler",
        "turning:2-3,6C",
        "turning:1-3C(4)",
    ] {
        list.push(vec!["seq", spec, "-n", "60", "--format", "json"]);
    }
    list.push(vec![
        "eval",
        "mock-turtles",
        "THHTH",
        "HTTH",
        "--format",
        "json",
    ]);
    list.push(vec!["eval", "ruler", "2,3,5", "--format", "json"]);
    list.push(vec![
        "eval", "turnips", "THHTHHT", "--misere", "--format", "json",
    ]);
    list.push(vec!["seq", "turning:1-3Q"]);
    list.push(vec!["table", "wythoff", "--max", "30", "--format", "json"]);
    list.push(vec!["table", "wythoff:3", "--max", "12"]);
    list.push(vec![
        "table",
        "fibonacci-nim",
        "--max",
        "25",
        "--format",
        "csv",
    ]);
    list.push(vec!["table", "mem", "--max", "25", "--format", "json"]);
    list.push(vec![
        "eval",
        "fibonacci-nim",
        "20",
        "(7,2)",
        "--format",
        "json",
    ]);
    list.push(vec!["eval", "mem", "(9,2)", "--misere", "--format", "json"]);
    list.push(vec![
        "table",
        "turning-corners",
        "--max",
        "16",
        "--format",
        "json",
    ]);
    list.push(vec!["table", "tartan(ruler,mock-turtles)", "--max", "12"]);
    list.push(vec!["eval", "rugs", "(3,5),(2,2)", "--format", "json"]);
    list.push(vec![
        "eval",
        "tartan(turning:2-3,6C,grunt)",
        "HTHH/THHT/HHTH/TTTH",
        "--format",
        "json",
    ]);
    list.push(vec!["eval", "tartan(ruler,chess)", "(1,1)"]);
    list.push(vec![
        "table", "wythoff", "--max", "10", "--misere", "--format", "json",
    ]);
    list.push(vec!["table", "rugs", "--max", "3", "--misere"]);
    list.push(vec![
        "genus", "wythoff", "(1,2)", "(3,5)", "(4,4)", "--format", "json",
    ]);
    list.push(vec!["genus", "mock-turtles", "THH", "HTHT"]);
    list.push(vec!["genus", "mock-turtles"]);
    list.push(vec!["seq", "mock-turtles", "--misere"]);
    let codes = [
        "0.77", "0.07", "0.137", "4!.0", "0.6", "0.007", "0.15", "0.[3]", "0.F", "0.8F", "0.{2+}",
        "0.&40;", "0.56", "0.37", "0.51", "0.4", "0.33", "0.7", "0.31", "4.0", "0.6?", "0.{2,3}",
        "0.3F", "0.[7]", "8.0", "0.{3+}=", "C.0", "0.14",
    ];
    for code in codes {
        list.push(vec!["seq", code, "-n", "150", "--format", "json"]);
    }
    for spec in [
        "kayles",
        "dawsons-chess",
        "sub:2,3,7",
        "0.56",
        "grundy",
        "allbut:1,2",
        "nim",
    ] {
        list.push(vec!["period", spec, "--max", "2^14", "--format", "json"]);
    }
    for (spec, n) in [
        ("kayles", "1000000000000000000"),
        ("dawsons-chess", "123456789"),
        ("sub:1,3,4", "99999"),
        ("divisor", "720720"),
        ("equal-split", "2^40"),
        ("grundy", "1000"),
    ] {
        list.push(vec!["value", spec, n, "--format", "json"]);
    }
    for spec in ["kayles", "0.137", "sub:2,3,7", "grundy"] {
        list.push(vec![
            "analyze",
            spec,
            "--max",
            "2^12",
            "--no-plot",
            "--format",
            "json",
        ]);
    }
    list.push(vec!["analyze", "kayles", "--max", "2^12", "--no-plot"]);
    for args in [
        vec!["eval", "kayles", "9", "4", "--format", "json"],
        vec!["eval", "nim", "3", "4", "5", "--format", "json"],
        vec!["eval", "nim", "1", "2", "3", "--format", "json"],
        vec!["eval", "grundy", "20", "7"],
        vec![
            "eval",
            "sub:1,3,4",
            "1000000000000000000",
            "7",
            "--format",
            "json",
        ],
        vec![
            "eval",
            "kayles",
            "1000000000000000000",
            "5",
            "--format",
            "json",
        ],
        vec!["eval", "cut:2", "4x7", "--format", "json"],
        vec!["eval", "cut:3", "5x6x7", "2x3x4"],
        vec!["eval", "graph:small.txt", "a", "f", "--format", "json"],
        vec!["eval", "divisor", "360", "--format", "json"],
        vec!["eval", "equal-split", "12", "9"],
        vec![
            "check",
            "equal-split",
            "-n",
            "3000",
            "--formula",
            "if n % 2 == 1 { omega(n) } else if n == 0 { 0 } else { 1 + omega(odd_part(n)) }",
            "--format",
            "json",
        ],
        vec!["check", "kayles", "--formula", "n % 4", "--format", "json"],
        vec!["table", "cut:2", "--max", "9", "--format", "json"],
        vec!["table", "cut:3", "--max", "6", "--format", "csv"],
        vec!["table", "cut:2", "--max", "6"],
        vec!["table", "cut:1", "--max", "30", "--format", "json"],
        vec!["graph", "small.txt", "--format", "json"],
        vec!["graph", "small.txt"],
        vec!["games", "--format", "json"],
        vec!["nimber", "mul", "6", "13"],
        vec![
            "nimber",
            "mul",
            "4294967296",
            "4294967296",
            "--format",
            "json",
        ],
        vec!["nimber", "mex", "0", "1", "3"],
        vec!["seq", "kayles", "-n", "25", "--format", "csv"],
        vec!["seq", "kayles", "-n", "25", "--format", "bfile"],
        vec!["seq", "kayles", "-n", "25"],
        // Misère play.
        vec![
            "eval", "kayles", "3", "4", "7", "--misere", "--format", "json",
        ],
        vec!["eval", "nim", "1", "1", "1", "--misere"],
        vec!["eval", "cut:2", "3x4", "--misere", "--format", "json"],
        vec!["seq", "0.07", "-n", "30", "--misere", "--format", "json"],
        vec!["genus", "kayles", "-n", "12", "--format", "json"],
        vec!["quotient", "kayles", "--max", "30", "--format", "json"],
        vec!["quotient", "nim", "--max", "8"],
    ] {
        list.push(args);
    }
    // Malformed input: the messages themselves.
    for args in [
        vec!["seq", "0.7#7"],
        vec!["seq", "077"],
        vec!["seq", "0.&12"],
        vec!["seq", "0.{2,}"],
        vec!["seq", "0.[3"],
        vec!["seq", "chess"],
        vec!["seq", "sub:"],
        vec!["seq", "sub:0,1"],
        vec!["seq", "sub:5..2"],
        vec!["seq", "cut:9"],
        vec!["seq", "1.0"],
        vec!["seq", "2.0"],
        vec!["seq", "12.3"],
        vec!["seq", "cut:3"],
        vec!["seq", "graph:small.txt"],
        vec!["seq", "graph:no-such-file.txt"],
        vec!["graph", "cyclic.txt"],
        vec!["graph", "cyclic.txt", "--acyclic"],
        vec!["graph", "cyclic.txt", "--format", "json"],
        vec!["eval", "graph:cyclic.txt", "d"],
        vec!["eval", "graph:small.txt", "zz"],
        vec!["eval", "nim", "x"],
        vec!["eval", "cut:3", "1x2"],
        vec!["eval", "grundy", "5000000"],
        vec!["value", "kayles", "-3"],
        vec!["value", "grundy", "10^12", "--max", "1000"],
        vec!["table", "kayles", "--max", "5"],
        vec!["table", "cut:3", "--max", "100000"],
        vec!["check", "nim", "--formula", "n +"],
        vec!["check", "nim", "--formula", "n - 5"],
        vec!["seq", "nim", "-n", "2^64"],
        vec!["seq", "0.{4294967295+}", "-n", "1"],
    ] {
        list.push(args);
    }
    list.into_iter()
        .map(|args| args.into_iter().map(str::to_owned).collect())
        .collect()
}

fn run(args: &[String]) -> Value {
    let out = common::grundy()
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden"))
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    // JSON is compared as parsed values; anything else as text.
    let stdout = serde_json::from_str::<Value>(&stdout).unwrap_or(Value::String(stdout));
    json!({
        "args": args,
        "exit": out.status.code(),
        "stdout": stdout,
        "stderr": String::from_utf8_lossy(&out.stderr),
    })
}

#[test]
fn outputs_are_as_recorded() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/outputs.json");
    let now: Vec<Value> = commands().iter().map(|args| run(args)).collect();
    if std::env::var_os("GRUNDY_GOLDEN_RECORD").is_some() {
        let text = serde_json::to_string_pretty(&now).unwrap();
        std::fs::write(path, text + "\n").unwrap();
        return;
    }
    let recorded: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(path).expect("the golden file")).unwrap();
    assert_eq!(
        recorded.len(),
        now.len(),
        "the list of commands changed: record anew"
    );
    let mut differ = Vec::new();
    for (then, now) in recorded.iter().zip(&now) {
        if then != now {
            differ.push(format!(
                "{}\n  recorded: {}\n  now:      {}",
                now["args"],
                serde_json::to_string(then).unwrap(),
                serde_json::to_string(now).unwrap()
            ));
        }
    }
    assert!(
        differ.is_empty(),
        "{} outputs changed:\n{}",
        differ.len(),
        differ.join("\n")
    );
}
