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

/// Runs `command` (stdin closed, stdout dropped, stderr kept) for at most
/// `bound`: its exit status and standard error, or an error saying it was
/// still running (it is then killed).
pub fn run_bounded(
    mut command: std::process::Command,
    bound: std::time::Duration,
) -> Result<(std::process::ExitStatus, String), String> {
    use std::process::Stdio;
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > bound {
            child.kill().unwrap();
            child.wait().unwrap();
            return Err(format!("still running after {bound:?}"));
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    Ok((status, stderr))
}

/// Runs `check` on every case, four at a time (slow cases overlap
/// instead of adding up), and returns the failures' messages.
pub fn failures_of<T: Sync>(
    cases: &[T],
    check: impl Fn(&T) -> Result<(), String> + Sync,
) -> Vec<String> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(case) = cases.get(i) else {
                    break;
                };
                if let Err(failure) = check(case) {
                    failures.lock().unwrap().push(failure);
                }
            });
        }
    });
    failures.into_inner().unwrap()
}

/// Sends `child` SIGINT, as a terminal's Ctrl-C does, and returns its
/// standard error once it has exited with code 130 by itself: within 4 s,
/// before the grace period (5 s) after which the handler ends it anyway.
#[cfg(unix)]
#[allow(dead_code)] // Not every test binary interrupts a run.
pub fn interrupted(child: std::process::Child) -> String {
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let interrupted_at = std::time::Instant::now();
    let out = child.wait_with_output().unwrap();
    let message = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(130), "{message}");
    assert!(
        interrupted_at.elapsed() < std::time::Duration::from_secs(4),
        "stopped by itself, not by the grace period's end: {message}"
    );
    message
}

/// Runs grundy with `args` (its output dropped), sends it Ctrl-C after
/// `after` and returns its standard error ([`interrupted`]).
#[cfg(unix)]
#[allow(dead_code)] // Not every test binary interrupts a run.
pub fn interrupted_after(args: &[&str], after: std::time::Duration) -> String {
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    interrupted(child)
}
