//! Helpers shared by the CLI tests: the binary, and its output when it
//! must succeed.
#![allow(dead_code)]

use assert_cmd::Command;

/// The `grundy` binary of this build.
pub fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

/// Standard output of a run that must succeed.
pub fn stdout_of(args: &[&str]) -> String {
    let out = grundy().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A `seq SPEC -n COUNT --out PATH` run that checkpoints at every step
/// and crashes (the abort hook) once `abort_after` values are computed.
pub fn crashed_run(
    path: &std::path::Path,
    spec: &str,
    count: &str,
    abort_after: &str,
    extra: &[&str],
) -> std::process::Output {
    grundy()
        .args(["seq", spec, "-n", count, "--checkpoint-secs", "0", "--out"])
        .arg(path)
        .args(extra)
        .env("GRUNDY_TEST_ABORT_AFTER", abort_after)
        .output()
        .unwrap()
}

/// Standard output, as JSON, of a run that must succeed.
pub fn json_of(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout_of(args)).unwrap()
}
