//! Sequence files and checkpoints: a run killed part-way and resumed ends
//! byte for byte like an uninterrupted one; damaged or foreign checkpoints
//! are refused.

mod common;

use common::*;

use std::path::Path;

use predicates::prelude::*;

fn uninterrupted(dir: &Path, spec: &str, count: &str) -> Vec<u8> {
    let path = dir.join("whole.bin");
    grundy()
        .args(["seq", spec, "-n", count, "--out"])
        .arg(&path)
        .assert()
        .success();
    std::fs::read(path).unwrap()
}

/// Runs with the abort hook (a crash after `abort_after` values), then resumes.
fn crash_and_resume(
    dir: &Path,
    spec: &str,
    count: &str,
    abort_after: &str,
    extra: &[&str],
) -> Vec<u8> {
    let path = dir.join("resumed.bin");
    let crashed = crashed_run(&path, spec, count, abort_after, extra);
    assert!(!crashed.status.success(), "the hook must abort the run");
    assert!(!path.exists(), "no finished file after a crash");
    assert!(dir.join("resumed.bin.checkpoint").exists());
    grundy()
        .args(["seq", spec, "-n", count, "--resume", "--out"])
        .arg(&path)
        .args(extra)
        .assert()
        .success();
    assert!(
        !dir.join("resumed.bin.checkpoint").exists(),
        "companions are removed at the end"
    );
    assert!(!dir.join("resumed.bin.partial").exists());
    std::fs::read(path).unwrap()
}

#[test]
fn resume_is_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    let whole = uninterrupted(dir.path(), "grundy", "100000");
    assert_eq!(
        crash_and_resume(dir.path(), "grundy", "100000", "40000", &[]),
        whole
    );
}

#[test]
fn resume_across_value_widths() {
    // Nim's values outgrow one byte and then two while the run goes on.
    let dir = tempfile::tempdir().unwrap();
    let whole = uninterrupted(dir.path(), "nim", "70000");
    assert_eq!(whole[10], 4, "four bytes per value at the end");
    assert_eq!(
        crash_and_resume(dir.path(), "nim", "70000", "20000", &[]),
        whole
    );
    // A table-driven kernel (three heaps) restores its tables too.
    let dir = tempfile::tempdir().unwrap();
    let whole = uninterrupted(dir.path(), "0.F", "20000");
    let path = dir.path().join("resumed.bin");
    let _ = crashed_run(&path, "0.F", "20000", "1", &[]);
    // The crash came after the first step of values; the rest is computed
    // from restored tables.
    grundy()
        .args(["seq", "0.F", "-n", "20000", "--resume", "--out"])
        .arg(&path)
        .assert()
        .success();
    assert_eq!(std::fs::read(path).unwrap(), whole);
}

/// A kill between renaming the finished file into place and removing its
/// companions leaves them beside a complete file: the next run (resumed
/// or not) removes them, and a damaged file is resumed from them.
#[test]
fn leftover_companions_beside_a_finished_file() {
    let dir = tempfile::tempdir().unwrap();
    let whole = uninterrupted(dir.path(), "grundy", "100000");
    let path = dir.path().join("resumed.bin");
    let companions = ["resumed.bin.partial", "resumed.bin.checkpoint"].map(|c| dir.path().join(c));
    let kept = ["partial.kept", "checkpoint.kept"].map(|c| dir.path().join(c));
    let crashed = crashed_run(&path, "grundy", "100000", "40000", &[]);
    assert!(!crashed.status.success());
    let copy = |from: &[std::path::PathBuf; 2], to: &[std::path::PathBuf; 2]| {
        for (f, t) in from.iter().zip(to) {
            std::fs::copy(f, t).unwrap();
        }
    };
    let put_back = || copy(&kept, &companions);
    copy(&companions, &kept);
    let resume = || {
        grundy()
            .args(["seq", "grundy", "-n", "100000", "--resume", "--out"])
            .arg(&path)
            .assert()
            .success();
        assert_eq!(std::fs::read(&path).unwrap(), whole);
    };
    resume();
    for args in [&["--resume"][..], &[]] {
        put_back();
        let run = grundy()
            .args(["seq", "grundy", "-n", "100000", "--out"])
            .arg(&path)
            .args(args)
            .assert()
            .success();
        if !args.is_empty() {
            run.stderr(predicate::str::contains("already holds the 100000 values"));
        }
        for c in &companions {
            assert!(!c.exists(), "{args:?}: {} removed", c.display());
        }
        assert_eq!(std::fs::read(&path).unwrap(), whole, "{args:?}");
    }
    // A damaged value: the companions resume the run, which writes the
    // file afresh.
    put_back();
    let mut damaged = whole.clone();
    *damaged.last_mut().unwrap() ^= 0x55;
    std::fs::write(&path, &damaged).unwrap();
    resume();
    assert!(companions.iter().all(|c| !c.exists()));
}

#[test]
fn files_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.bin");
    grundy()
        .args(["seq", "kayles", "-n", "500", "--out"])
        .arg(&path)
        .assert()
        .success();
    let direct = grundy()
        .args(["seq", "kayles", "-n", "500", "--format", "bfile"])
        .output()
        .unwrap()
        .stdout;
    let read = grundy()
        .args(["seq", "--from"])
        .arg(&path)
        .args(["--format", "bfile"])
        .output()
        .unwrap()
        .stdout;
    assert_eq!(read, direct);
    // One damaged byte is caught by the checksum.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    grundy()
        .args(["seq", "--from"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("checksum"));
}

#[test]
fn damaged_or_foreign_checkpoints_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.bin");
    let checkpoint = dir.path().join("r.bin.checkpoint");
    let partial = dir.path().join("r.bin.partial");
    let crash = || {
        let _ = std::fs::remove_file(&checkpoint);
        let _ = std::fs::remove_file(&partial);
        let out = crashed_run(&path, "officers", "60000", "30000", &[]);
        assert!(!out.status.success());
    };
    // Another game.
    crash();
    grundy()
        .args(["seq", "kayles", "-n", "60000", "--resume", "--out"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("officers"));
    // Another engine.
    grundy()
        .args([
            "seq", "officers", "-n", "60000", "--resume", "--engine", "dense", "--out",
        ])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("engine"));
    // Damaged values in the partial file.
    let mut bytes = std::fs::read(&partial).unwrap();
    bytes[100] ^= 0x40;
    std::fs::write(&partial, &bytes).unwrap();
    grundy()
        .args(["seq", "officers", "-n", "60000", "--resume", "--out"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("checksum"));
    // A damaged checkpoint record.
    crash();
    let text = std::fs::read_to_string(&checkpoint).unwrap();
    std::fs::write(&checkpoint, text.replace("committed", "comitted")).unwrap();
    grundy()
        .args(["seq", "officers", "-n", "60000", "--resume", "--out"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("damaged"));
    // A fresh run never overwrites a checkpoint silently.
    grundy()
        .args(["seq", "officers", "-n", "60000", "--out"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--resume"));
}

#[test]
fn engine_flags() {
    let dense = grundy()
        .args([
            "seq", "officers", "-n", "9000", "--engine", "dense", "--format", "bfile",
        ])
        .output()
        .unwrap()
        .stdout;
    let sparse = grundy()
        .args([
            "seq", "officers", "-n", "9000", "--engine", "sparse", "--format", "bfile",
        ])
        .output()
        .unwrap()
        .stdout;
    let masked = grundy()
        .args([
            "seq", "officers", "-n", "9000", "--mask", "0b101", "--format", "bfile",
        ])
        .output()
        .unwrap()
        .stdout;
    assert_eq!(dense, sparse);
    assert_eq!(dense, masked);
    grundy()
        .args(["seq", "sub:1,2", "--engine", "sparse"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("sparse engine"));
    grundy()
        .args(["seq", "kayles", "--engine", "dense", "--mask", "3"])
        .assert()
        .code(2);
}

/// A shorter run never replaces a longer file of the same game without
/// `--force`: the file is kept, and the message says what it holds and how
/// to read the values asked for (issue 26, item 1).
#[test]
fn a_shorter_run_keeps_a_longer_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.bin");
    let run = |count: &str, extra: &[&str]| {
        grundy()
            .args(["seq", "grundy", "-n", count, "--out"])
            .arg(&path)
            .args(extra)
            .output()
            .unwrap()
    };
    assert!(run("3000", &[]).status.success());
    let whole = std::fs::read(&path).unwrap();
    let shorter = run("100", &[]);
    assert_eq!(shorter.status.code(), Some(2));
    let message = String::from_utf8_lossy(&shorter.stderr);
    assert!(
        message.contains("already holds 3000 values of 'grundy', more than the 100 asked for")
            && message.contains("it was kept")
            && message.contains("--force"),
        "{message}"
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        whole,
        "the file is untouched"
    );
    // As long or longer replaces it; --force replaces anything.
    assert!(run("3000", &[]).status.success());
    assert!(run("100", &["--force"]).status.success());
    assert!(std::fs::read(&path).unwrap().len() < whole.len());
}

/// `--resume` says where it resumed from, and on a finished file says so
/// once, with no "wrote" line after it.
#[test]
fn resume_says_where_it_starts_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.bin");
    let crashed = crashed_run(&path, "grundy", "100000", "40000", &[]);
    assert!(!crashed.status.success());
    let resume = || {
        grundy()
            .args(["seq", "grundy", "-n", "100000", "--resume", "--out"])
            .arg(&path)
            .output()
            .unwrap()
    };
    let resumed = resume();
    assert!(resumed.status.success());
    let said = String::from_utf8_lossy(&resumed.stderr);
    assert!(
        said.contains("resuming") && said.contains("of 100000 values already computed"),
        "{said}"
    );
    assert!(said.contains("wrote 100000 values"), "{said}");
    let again = resume();
    assert!(again.status.success());
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(said.contains("already holds the 100000 values"), "{said}");
    assert!(!said.contains("wrote"), "said once: {said}");
}
