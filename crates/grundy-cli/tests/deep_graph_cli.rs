//! Issue 27: a graph a million moves deep. `play` on a long chain
//! overflowed the stack (a recursive remoteness search); every path over
//! a graph must be iterative. A chain v0 -> v1 -> ... -> v(N-1) has known
//! answers: v_i is worth (N - 1 - i) mod 2, its remoteness is N - 1 - i,
//! and in misère play it is a P-position exactly when N - 1 - i is odd.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

const N: usize = 1_000_000;

/// What a command's standard output must show.
type Check = Box<dyn Fn(&str) + Sync>;

fn chain(path: &std::path::Path) {
    let mut text = String::with_capacity(N * 16);
    for i in 0..N - 1 {
        text.push_str(&format!("v{i}: v{}\n", i + 1));
    }
    text.push_str(&format!("v{}:\n", N - 1));
    std::fs::write(path, text).unwrap();
}

/// Runs `grundy args` with `input` on stdin; (exit code, stdout, stderr).
fn run(args: &[String], input: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_chain_of_a_million_vertices_is_solved_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("chain.txt");
    chain(&path);
    let file = path.display().to_string();
    let spec = format!("graph:{file}");
    let args = |list: &[&str]| -> Vec<String> { list.iter().map(|s| (*s).to_owned()).collect() };
    let checks: Vec<(Vec<String>, &str, Check)> = vec![
        (
            args(&["graph", &file]),
            "",
            Box::new(|out: &str| {
                let mut lines = out.lines().skip(1);
                let first: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
                assert_eq!(first, ["v0", "1", "N", &(N - 1).to_string()]);
                let last: Vec<&str> = out.lines().last().unwrap().split_whitespace().collect();
                assert_eq!(last, [&format!("v{}", N - 1), "0", "P", "0"]);
                assert_eq!(out.lines().count(), N + 1);
            }),
        ),
        (
            args(&["eval", &spec, "v0", "--remoteness", "--format", "json"]),
            "",
            Box::new(|out: &str| {
                let v: serde_json::Value = serde_json::from_str(out).unwrap();
                assert_eq!(v["value"], 1);
                assert_eq!(v["outcome"], "N");
                assert_eq!(v["remoteness"], (N - 1) as u64);
                assert_eq!(v["winning_moves"][0]["to"], serde_json::json!(["v1"]));
            }),
        ),
        (
            args(&["eval", &spec, "v0", "--misere", "--format", "json"]),
            "",
            Box::new(|out: &str| {
                // N - 1 moves to the end, odd: the player to move from v0
                // makes the last move and loses.
                let v: serde_json::Value = serde_json::from_str(out).unwrap();
                assert_eq!(v["outcome"], "P", "{v}");
                assert_eq!(v["winning_moves"], serde_json::json!([]), "{v}");
            }),
        ),
        (
            // The human moves to v1; the engine must answer from v1.
            args(&["play", &spec, "v0"]),
            "1\nq\n",
            Box::new(|out: &str| {
                assert!(out.contains("move from v0 to v1"), "{out}");
                assert!(out.contains("move from v1 to v2"), "{out}");
            }),
        ),
        (
            args(&["play", &spec, "v0", "--misere"]),
            "1\nq\n",
            Box::new(|out: &str| {
                assert!(out.contains("move from v1 to v2"), "{out}");
            }),
        ),
    ];
    std::thread::scope(|scope| {
        for (args, input, check) in &checks {
            scope.spawn(move || {
                let (code, out, err) = run(args, input);
                assert_eq!(code, Some(0), "{args:?}: {err}");
                check(&out);
            });
        }
    });
}
