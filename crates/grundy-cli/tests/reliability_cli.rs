//! The faults of the reliability issue, each reproduced as a user meets
//! it: bad input gets a clear error (exit 2) and never a panic, flags do
//! what they say, long requests say what they cost, and nothing claims more
//! than it delivers.

mod common;

use common::*;

use predicates::prelude::*;
use serde_json::{json, Value};

/// Runs and returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = grundy().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The run must fail with exit code 2 and a message containing `wanted`.
fn refused(args: &[&str], wanted: &str) {
    let (code, _, stderr) = run(args);
    assert_eq!(code, 2, "{args:?}: {stderr}");
    assert!(stderr.contains(wanted), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
}

#[test]
fn a_widened_run_is_checkpointed_at_once() {
    // Nim's values pass 255 at n = 256: a crash right after it, long
    // before the checkpoint timer fires, must find a checkpoint at the new
    // width.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nim.bin");
    let whole = dir.path().join("whole.bin");
    grundy()
        .args(["seq", "nim", "-n", "70000", "--out"])
        .arg(&whole)
        .assert()
        .success();
    let crashed = grundy()
        .args([
            "seq",
            "nim",
            "-n",
            "70000",
            "--checkpoint-secs",
            "3600",
            "--out",
        ])
        .arg(&path)
        .env("GRUNDY_TEST_ABORT_AFTER", "257")
        .output()
        .unwrap();
    assert!(!crashed.status.success());
    let checkpoint = std::fs::read_to_string(dir.path().join("nim.bin.checkpoint")).unwrap();
    assert!(checkpoint.contains("width 2"), "{checkpoint}");
    grundy()
        .args(["seq", "nim", "-n", "70000", "--resume", "--out"])
        .arg(&path)
        .assert()
        .success();
    assert_eq!(std::fs::read(path).unwrap(), std::fs::read(whole).unwrap());
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_run_to_a_file_keeping_every_value_computed() {
    // Every value, no period filling them: 2·10^6 values of 0.137 take
    // minutes, so the run is in its chunks when Ctrl-C comes. The
    // checkpoint timer is an hour: only the stop itself can vouch for the
    // values.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dc.bin");
    let partial = dir.path().join("dc.bin.partial");
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args([
            "seq",
            "0.137",
            "-n",
            "2000000",
            "--compute-all",
            "--allow-long",
        ])
        .args(["--checkpoint-secs", "3600", "--out"])
        .arg(&path)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let waiting = std::time::Instant::now();
    while std::fs::metadata(&partial).map_or(0, |m| m.len()) < 100_000 {
        assert!(waiting.elapsed().as_secs() < 60, "no values written");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let message = interrupted(child);
    assert!(
        message.contains("stopped: interrupted (Ctrl-C)"),
        "{message}"
    );
    assert!(message.contains("--resume goes on from there"), "{message}");
    // The message names the values kept, and the checkpoint vouches for
    // them all.
    let kept: u64 = message
        .split(" of 2000000 values are kept")
        .next()
        .and_then(|head| head.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count kept: {message}"));
    let checkpoint = std::fs::read_to_string(dir.path().join("dc.bin.checkpoint")).unwrap();
    assert!(
        checkpoint.contains(&format!("committed {kept}\n")),
        "{kept}: {checkpoint}"
    );
    assert!(kept >= 100_000, "{kept}");
    // Resumed (the period fills the rest), the file is the one a run in
    // one go writes.
    grundy()
        .args(["seq", "0.137", "-n", "2000000", "--resume", "--out"])
        .arg(&path)
        .assert()
        .success();
    let whole = dir.path().join("whole.bin");
    grundy()
        .args(["seq", "0.137", "-n", "2000000", "--out"])
        .arg(&whole)
        .assert()
        .success();
    assert_eq!(std::fs::read(path).unwrap(), std::fs::read(whole).unwrap());
}

#[test]
fn checkpoint_intervals_are_checked() {
    for bad in ["inf", "nan", "-1", "1e300", "-inf", "soon"] {
        refused(
            &[
                "seq",
                "nim",
                "-n",
                "10",
                "--out",
                "/nonexistent/x",
                "--checkpoint-secs",
                bad,
            ],
            "--checkpoint-secs",
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.bin");
    grundy()
        .args([
            "seq",
            "kayles",
            "-n",
            "100",
            "--checkpoint-secs",
            "0",
            "--out",
        ])
        .arg(&path)
        .assert()
        .success();
}

#[test]
fn check_is_bounded_and_stops_at_the_first_counterexample() {
    refused(
        &["check", "kayles", "--formula", "n", "-n", "2^40"],
        "bytes of memory",
    );
    // G(4) = 1 in Kayles, not 4: found at once, not after 2^30 values.
    let started = std::time::Instant::now();
    let (code, stdout, _) = run(&[
        "check",
        "kayles",
        "--formula",
        "n",
        "-n",
        "2^30",
        "--format",
        "json",
    ]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["counterexample"]["n"], 4);
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    // Huge arguments to the helpers stay fast (and correct).
    let (code, stdout, stderr) = run(&[
        "check",
        "nim",
        "--formula",
        "if omega(9223372036854775783) == 1 { n } else { 0 }",
        "-n",
        "10",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("holds"));
}

#[test]
fn every_winning_cut_is_listed() {
    // Every cell of a 4 x 7 box, checked against the table's values: the
    // cut at (a, b) leaves the four corner boxes a x b, a x (6 - b),
    // (3 - a) x b, (3 - a) x (6 - b).
    let table = json_of(&["table", "cut:2", "--max", "7", "--format", "json"]);
    let value = |x: u64, y: u64| -> u64 {
        if x == 0 || y == 0 {
            return 0;
        }
        let (x, y) = (x.min(y), x.max(y));
        table["boxes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["sides"] == json!([x, y]))
            .unwrap()["value"]
            .as_u64()
            .unwrap()
    };
    let mut winning = Vec::new();
    for a in 0..4u64 {
        for b in 0..7u64 {
            let v = value(a, b) ^ value(a, 6 - b) ^ value(3 - a, b) ^ value(3 - a, 6 - b);
            if v == 0 {
                // Cells are numbered from 1 on each side.
                winning.push(format!("({}, {})", a + 1, b + 1));
            }
        }
    }
    let v = json_of(&["eval", "cut:2", "4x7", "--format", "json"]);
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), winning.len(), "{v}");
    for cell in &winning {
        assert!(
            moves
                .iter()
                .any(|m| m["description"].as_str().unwrap().contains(cell.as_str())),
            "{cell} missing"
        );
    }
    let representatives = moves
        .iter()
        .filter(|m| m["representative"] != false)
        .count();
    assert!(representatives < moves.len());
    let text = stdout_of(&["eval", "cut:2", "4x7"]);
    assert!(
        text.contains(&format!("{} in all", winning.len())),
        "{text}"
    );
}

#[test]
fn flags_do_what_they_say() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.bin");
    grundy()
        .args(["seq", "kayles", "-n", "50", "--out"])
        .arg(&path)
        .assert()
        .success();
    let from = |extra: &[&str]| {
        let mut args = vec!["seq", "--from", path.to_str().unwrap(), "--format", "json"];
        args.extend_from_slice(extra);
        json_of(&args)
    };
    assert_eq!(from(&["-n", "5"])["values"], json!([0, 1, 2, 3, 1]));
    assert_eq!(from(&[])["values"].as_array().unwrap().len(), 50);
    refused(
        &["seq", "--from", path.to_str().unwrap(), "-n", "51"],
        "fewer than the 51",
    );
    // table has its own formats; bfile is not one of them.
    refused(
        &["table", "cut:2", "--max", "3", "--format", "bfile"],
        "bfile",
    );
    let v = json_of(&["table", "cut:2", "--max", "3", "--format", "json"]);
    assert_eq!(v["boxes"].as_array().unwrap().len(), 6);
    // games and nimber print JSON too.
    let games = json_of(&["games", "--format", "json"]);
    assert!(games["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["spec"] == "kayles"));
    let product = json_of(&["nimber", "mul", "8", "8", "--format", "json"]);
    assert_eq!(product["result"], 13);
    // --resume with nothing to resume says so.
    let fresh = dir.path().join("fresh.bin");
    grundy()
        .args(["seq", "kayles", "-n", "50", "--resume", "--out"])
        .arg(&fresh)
        .assert()
        .success()
        .stderr(predicate::str::contains("nothing to resume"));
    // --out does not silently replace another game's file, or a file that
    // is not a sequence file.
    grundy()
        .args(["seq", "grundy", "-n", "50", "--out"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("already holds values of 'kayles'"));
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "my notes").unwrap();
    grundy()
        .args(["seq", "grundy", "-n", "50", "--out"])
        .arg(&notes)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a grundy sequence file"));
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes");
    grundy()
        .args(["seq", "grundy", "-n", "50", "--force", "--out"])
        .arg(&notes)
        .assert()
        .success();
    // The same game again is fine.
    grundy()
        .args(["seq", "kayles", "-n", "60", "--out"])
        .arg(&path)
        .assert()
        .success();
}

#[test]
fn resume_checks_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.bin");
    let _ = crashed_run(&path, "grundy", "100000", "40000", &[]);
    grundy()
        .args(["seq", "grundy", "-n", "1000", "--resume", "--out"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("resume with -n 100000"));
    // A larger count continues the same run.
    grundy()
        .args(["seq", "grundy", "-n", "120000", "--resume", "--out"])
        .arg(&path)
        .assert()
        .success();
    let whole = dir.path().join("whole.bin");
    grundy()
        .args(["seq", "grundy", "-n", "120000", "--out"])
        .arg(&whole)
        .assert()
        .success();
    assert_eq!(std::fs::read(path).unwrap(), std::fs::read(whole).unwrap());
}

#[test]
fn degenerate_input_is_refused_plainly() {
    refused(&["seq", "1.0", "-n", "3"], "no heap to be left");
    refused(&["seq", "2.0", "-n", "3"], "changes nothing");
    refused(&["seq", "sub:0"], "cannot contain 0");
    let (_, _, stderr) = run(&["seq", "sub:0"]);
    assert!(!stderr.contains("position"), "{stderr}");
    let (_, _, stderr) = run(&["seq", "cut:9"]);
    assert_eq!(stderr.matches("cut:9").count(), 1, "{stderr}");
    refused(&["seq", "nim", "-n", "-5"], "negative");
    refused(&["value", "kayles", "-3"], "negative");
    refused(&["eval", "nim", "-3"], "negative");
    refused(
        &["value", "kayles", "18446744073709551616"],
        "larger than 2^64 - 1",
    );
    refused(
        &["eval", "nim", "18446744073709551616"],
        "larger than 2^64 - 1",
    );
    // One reader of numbers everywhere.
    for (args, wanted) in [
        (vec!["eval", "nim", "2^10", "0x400"], "P"),
        (vec!["eval", "nim", "1e3", "1000"], "P"),
        (vec!["eval", "cut:2", "2^2x1_0"], ""),
        (vec!["seq", "sub:1e0,0x3", "-n", "0b101"], ""),
        (vec!["nimber", "mul", "2^3", "8"], "13"),
    ] {
        let out = stdout_of(&args);
        assert!(out.contains(wanted), "{args:?}: {out}");
    }
    // Letter digits before the point are a code, not an unknown game.
    let v = json_of(&["seq", "C.0", "-n", "6", "--format", "json"]);
    assert_eq!(v["values"].as_array().unwrap().len(), 6);
    refused(&["seq", "Z.0"], "Z.0");
}

#[test]
fn graph_files_are_checked_alike_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let spaced = dir.path().join("spaced.txt");
    std::fs::write(&spaced, "a b: c\nc:\n").unwrap();
    let (code, _, stderr) = run(&["graph", spaced.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot contain spaces"), "{stderr}");
    assert!(!stderr.contains("cannot contain ':'"), "{stderr}");
    let cyclic = dir.path().join("cyclic.txt");
    std::fs::write(&cyclic, "start: a\na: b\nb: a\nend:\nlone: end\n").unwrap();
    let spec = format!("graph:{}", cyclic.display());
    // Where a cycle is still refused (asked to, or in misère play), it is
    // refused alike, naming the file and the line.
    for args in [
        vec!["graph", cyclic.to_str().unwrap(), "--acyclic"],
        vec!["graph", cyclic.to_str().unwrap(), "--misere"],
        vec!["eval", &spec, "lone", "--misere"],
    ] {
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(stdout.is_empty());
        assert!(stderr.contains("cyclic.txt"), "{args:?}: {stderr}");
        assert!(stderr.contains("line"), "{args:?}: {stderr}");
    }
    // Otherwise the cycle gives draws: a and b loop for ever; lone moves
    // to the terminal end and wins.
    let (code, stdout, _) = run(&["graph", cyclic.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(stdout.contains(" D "), "{stdout}");
    let (code, stdout, _) = run(&["eval", &spec, "lone"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("outcome:  N"), "{stdout}");
}

#[test]
fn analyze_keeps_its_report_when_the_plot_fails() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("no/such/dir/k.svg");
    let (code, stdout, stderr) = run(&["analyze", "kayles", "--plot", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stdout.contains("period:"), "{stdout}");
    assert!(stdout.contains("not written"), "{stdout}");
    assert!(stderr.contains("plot"), "{stderr}");
    let v = json_of(&["analyze", "kayles", "--no-plot", "--format", "json"]);
    assert_eq!(v["plot"], Value::Null);
    assert_eq!(v["period"], 12);
}

#[test]
fn divisor_games_answer_any_heap_at_once() {
    // 2^63 - 1 = 7^2 · 73 · 127 · 337 · 92737 · 649657: Ω = 7.
    let v = json_of(&[
        "value",
        "divisor",
        "9223372036854775807",
        "--format",
        "json",
    ]);
    assert_eq!(v["value"], 7);
    // equal-split: n = 2^a · o gives Ω(o) + [a > 0]; 10^18 = 2^18 · 5^18.
    let v = json_of(&["value", "equal-split", "10^18", "--format", "json"]);
    assert_eq!(v["value"], 19);
    // The same as the computed sequence where both exist.
    let seq = json_of(&["seq", "equal-split", "-n", "3000", "--format", "json"]);
    for n in [0u64, 1, 2, 12, 360, 2047, 2999] {
        let v = json_of(&["value", "equal-split", &n.to_string(), "--format", "json"]);
        assert_eq!(v["value"], seq["values"][n as usize], "{n}");
    }
    // eval of a huge heap works too.
    let v = json_of(&["eval", "divisor", "1000000000000000000", "--format", "json"]);
    assert_eq!(v["value"], 36);
}

#[test]
fn limits_are_errors_not_crashes() {
    refused(&["table", "cut:1", "--max", "18446744073709551615"], "");
    refused(&["table", "cut:2", "--max", "18446744073709551615"], "");
    refused(&["table", "cut:3", "--max", "100000"], "exceeds the limit");
    refused(&["seq", "0.{4294967295+}", "-n", "1"], "levels");
    refused(&["seq", "0.{1000000+}", "-n", "50"], "levels");
    // A cubic request says what it would cost, up front.
    let started = std::time::Instant::now();
    refused(&["seq", "0.9", "-n", "100000"], "--allow-long");
    // Far enough beyond the threshold that a busy machine's noisier probe
    // (a lower growth exponent) still refuses it.
    refused(&["period", "0.D8", "--max", "1000000"], "--allow-long");
    assert!(started.elapsed().as_secs() < 20);
    // The partition budget names the request it refused.
    let (code, _, stderr) = run(&["seq", "0.{3+}!", "-n", "400", "--allow-long"]);
    if code == 2 {
        assert!(!stderr.contains("into 1 heaps"), "{stderr}");
    }
    // Ten thousand heaps: every winning move, without the square of the
    // sum in memory.
    let heaps: Vec<String> = (1..=10_000).map(|h| h.to_string()).collect();
    let mut args = vec!["eval", "nim", "--format", "json"];
    args.extend(heaps.iter().map(String::as_str));
    let v = json_of(&args);
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    assert!(moves[0].get("result").is_none());
}

/// Issue 26 item 2: `period treblecross` ran 729 s with no word. Codes
/// that split heaps in two get the up-front estimate too (their work is
/// up to quadratic): a count far beyond ten minutes is refused at once
/// with the estimate and its reason, and a long --out run likewise.
#[test]
fn quadratic_codes_are_estimated_up_front() {
    let started = std::time::Instant::now();
    refused(&["seq", "treblecross", "-n", "2^26"], "would take about");
    refused(&["seq", "treblecross", "-n", "2^26"], "split heaps in two");
    refused(&["period", "0.007", "--max", "2^26"], "pass --allow-long");
    // With --compute-all no proved period fills the values in: the probe
    // times the engine that computes them all (10^8 values of 0.137 take
    // days), not the filling (seconds), which it once did.
    refused(
        &["seq", "0.137", "-n", "100000000", "--compute-all"],
        "pass --allow-long",
    );
    assert!(
        started.elapsed().as_secs() < 30,
        "refused up front, not after the work"
    );
    // A game whose period is proved early costs nothing however long
    // the request: no refusal, no announcement.
    let (code, _, stderr) = run(&["seq", "0.137", "-n", "2^24", "--format", "bfile"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("would take"), "{stderr}");
    assert!(
        stderr.contains("copied from the proved pattern (period 34 from n = 52)"),
        "{stderr}"
    );
}

/// Issue 26 item 5: `value kayles 10^18 --misere` reached 1.18 GB (an
/// abort under a 1 GB cap) before refusing; now it is refused before any
/// search, and a search that meets its limit names it once, with its
/// memory.
#[test]
fn misere_searches_are_refused_before_their_memory() {
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    for args in [
        "value kayles 10^18 --misere",
        "eval kayles 3 10^18 --misere",
        "value 0.6 2^40 --misere",
    ] {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v 1000000; exec '{}' {args}",
                bin.display()
            ))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args}: {stderr}");
        assert!(
            stderr.contains("about 250 MB of memory"),
            "{args}: {stderr}"
        );
        assert_eq!(stderr.matches("2000000").count(), 1, "{args}: {stderr}");
    }
}

/// Issue 26 item 5: `eval 0.6 200 --misere` searched 14 s and filled
/// 250 MB before meeting the search's limit. The growth of the search is
/// measured on small heaps first: beyond reach, the request is refused
/// with the estimate, at once and within a small memory; within reach,
/// the search runs.
#[test]
fn misere_searches_out_of_reach_are_refused_by_their_measured_growth() {
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    for args in [
        "eval 0.6 200 --misere",
        "value 0.6 150 --misere",
        "eval 0.6 120 5 --misere",
    ] {
        let started = std::time::Instant::now();
        // 200 MB, less than the search's limit: the refusal comes before
        // the memo grows.
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 200000; exec '{}' {args}", bin.display()))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args}: {stderr}");
        assert!(
            stderr.contains("which would meet about"),
            "{args}: {stderr}"
        );
        assert!(stderr.contains("extrapolated from the"), "{args}: {stderr}");
        assert_eq!(stderr.matches("2000000").count(), 1, "{args}: {stderr}");
        assert!(
            started.elapsed().as_secs() < 8,
            "{args}: refused after the work"
        );
    }
    // Within reach the probe lets the search run: the outcome agrees with
    // the misère value of the same heap.
    let v = json_of(&["eval", "0.6", "45", "--misere", "--format", "json"]);
    assert_eq!(v["method"], "memoised search over sums of components");
    let value = json_of(&["value", "0.6", "45", "--misere", "--format", "json"]);
    assert_eq!(v["outcome"] == "P", value["value"] == 0, "{v} {value}");
}
