//! The `grundy` binary as a user runs it.

mod common;

use common::*;

use predicates::prelude::*;
use serde_json::Value;

fn write_temp(contents: &str) -> tempfile::NamedTempFile {
    use std::io::Write;
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(contents.as_bytes()).unwrap();
    file
}

#[test]
fn eval_nim_in_words() {
    grundy()
        .args(["eval", "nim", "3", "4", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value:    3 xor 4 xor 5 = 2"))
        .stdout(predicate::str::contains("outcome:  N"))
        .stdout(predicate::str::contains("take 2 from the heap of 3"));
}

#[test]
fn eval_nim_json() {
    let out = grundy()
        .args(["eval", "nim", "3", "4", "5", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], 2);
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["component"], 0);
    assert_eq!(moves[0]["from"], 3);
    assert_eq!(moves[0]["to"], serde_json::json!([1]));
}

#[test]
fn eval_nim_every_winning_move() {
    // 1 xor 6 xor 7 xor 9 = 9: winning moves are in every heap with the 8 bit.
    let out = grundy()
        .args(["eval", "nim", "1", "6", "7", "9", "--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let heaps = [1u64, 6, 7, 9];
    let total = heaps.iter().fold(0, |a, h| a ^ h);
    assert_eq!(v["value"], total);
    let moves = v["winning_moves"].as_array().unwrap();
    // A heap h has a winning move exactly when h xor total is smaller than h.
    let expected = heaps.iter().filter(|&&h| (h ^ total) < h).count();
    assert_eq!(moves.len(), expected);
}

#[test]
fn eval_losing_position() {
    grundy()
        .args(["eval", "nim", "1", "2", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("outcome:  P"));
}

#[test]
fn eval_wythoff_pairs() {
    // (3,5) is Wythoff's second P-position (⌊2φ⌋, ⌊2φ²⌋); from (4,5) one
    // winning move takes one from the first heap.
    let out = grundy()
        .args(["eval", "wythoff", "(3,5)", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["position"], serde_json::json!([[3, 5]]));
    grundy()
        .args(["eval", "wythoff", "4,5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("outcome:  N"))
        .stdout(predicate::str::contains(
            "take 1 from the first heap of (4,5), leaving (3,5)",
        ));
    grundy()
        .args(["eval", "wythoff", "(1,2,3)"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("two heaps, written (x,y)"));
}

#[test]
fn huge_wythoff_positions_by_the_theorem() {
    // (A_n, B_n) = (⌊nφ⌋, ⌊nφ⌋ + n) for n = 10^12, by an integer square
    // root, is a P-position; from it with one more token in the first
    // heap, a winning move takes that token back.
    let n: u64 = 1_000_000_000_000;
    let a = (n + ((5 * u128::from(n) * u128::from(n)).isqrt() as u64)) / 2;
    let b = a + n;
    let out = grundy()
        .args(["eval", "wythoff", &format!("({a},{b})"), "--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "P", "{v}");
    assert_eq!(v["convention"], "normal", "{v}");
    let out = grundy()
        .args([
            "eval",
            "wythoff",
            &format!("({},{b})", a + 1),
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "N", "{v}");
    assert!(
        v["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["to"] == serde_json::json!([[a, b]])),
        "{v}"
    );
    grundy()
        .args(["eval", "wythoff", "(1000000000000,7)"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Wythoff's theorem"))
        .stdout(predicate::str::contains("leaving (4,7)"));
    // Fibonacci Nim: 956722026041 is a Fibonacci number (so its opening
    // is lost, Whinihan 1963); with one more token, taking it wins.
    let v = json_of(&["eval", "fibonacci-nim", "956722026041", "--format", "json"]);
    assert_eq!(v["outcome"], "P", "{v}");
    let v = json_of(&["eval", "fibonacci-nim", "956722026042", "--format", "json"]);
    assert_eq!(v["outcome"], "N", "{v}");
    assert_eq!(
        v["winning_moves"][0]["to"],
        serde_json::json!([[956722026041u64, 1]]),
        "{v}"
    );
    // A sum needs the huge position's nim-value: refused, saying that the
    // position alone has its outcome by the theorem.
    grundy()
        .args(["eval", "wythoff", "(1000000000000,7)", "(1,2)"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "alone, (1000000000000,7) has its outcome by a theorem",
        ));
    // --remoteness needs the search: still refused.
    grundy()
        .args(["eval", "wythoff", "(1000000000000,7)", "--remoteness"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("option visits"));
}

#[test]
fn misere_from_the_command_line() {
    // Misère Nim: 1 + 1 + 1 is lost by the player to move (Bouton).
    let out = grundy()
        .args(["eval", "nim", "1", "1", "1", "--misere", "--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["convention"], "misere");
    // Kayles 3 + 4 + 8: every winning move leaves a P-position, checked by
    // evaluating the sum it leaves.
    let out = grundy()
        .args([
            "eval", "kayles", "3", "4", "8", "--misere", "--format", "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let result: Vec<String> = m["result"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.to_string())
            .collect();
        let mut args = vec!["eval", "kayles"];
        args.extend(result.iter().map(String::as_str));
        args.extend(["--misere", "--format", "json"]);
        if result.is_empty() {
            continue; // nothing left: no sum to evaluate
        }
        let out = grundy().args(&args).output().unwrap();
        let after: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(after["outcome"], "P", "{m}");
    }
    let out = grundy()
        .args(["seq", "nim", "-n", "5", "--misere", "--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["convention"], "misere");
    assert_eq!(v["values"], serde_json::json!([1, 0, 2, 3, 4]));
    let out = grundy()
        .args(["genus", "kayles", "-n", "6", "--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["genus"][5], serde_json::json!([4, 1, 4, 6]));
    assert_eq!(v["symbols"][5], "4^146");
    assert_eq!(v["tame"][0], true);
    // Misère Nim's values: 1, 0, then n.
    grundy()
        .args([
            "check",
            "nim",
            "--misere",
            "-n",
            "50",
            "--formula",
            "if n < 2 { 1 - n } else { n }",
        ])
        .assert()
        .success();
    grundy()
        .args(["check", "nim", "--misere", "-n", "50", "--formula", "n"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("G-(0) = 1"));
    let out = grundy()
        .args([
            "period", "sub:1,2", "--misere", "--max", "40", "--format", "json",
        ])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["convention"], "misere");
    assert_eq!(v["proved"], false);
    // Misère sub:1,2 (heaps 0, 1, 2, ... worth 1 0 2 1 0 2 ...) has period 3.
    assert_eq!(v["period"], 3);
    let out = grundy()
        .args([
            "analyze",
            "sub:1,2",
            "--misere",
            "--no-plot",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["convention"], "misere");
    let first: Vec<u64> = v["first_values"]
        .as_array()
        .unwrap()
        .iter()
        .take(6)
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(first, vec![1, 0, 2, 1, 0, 2]);
    // table --misere agrees with eval --misere: value 0 exactly at P.
    let out = grundy()
        .args([
            "table", "cut:2", "--max", "4", "--misere", "--format", "json",
        ])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let boxes = v["boxes"].as_array().unwrap();
    assert_eq!(boxes.len(), 10);
    for b in boxes {
        let sides: Vec<String> = b["sides"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.to_string())
            .collect();
        let out = grundy()
            .args([
                "eval",
                "cut:2",
                &sides.join("x"),
                "--misere",
                "--format",
                "json",
            ])
            .output()
            .unwrap();
        let e: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(e["outcome"] == "P", b["value"] == 0, "{b}");
    }
    // A chain a -> b -> c: c has no move (misère value 1), b 0, a 1.
    let file = write_temp("a: b\nb: c\nc:\n");
    let out = grundy()
        .args([
            "graph",
            file.path().to_str().unwrap(),
            "--misere",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let values: Vec<u64> = v["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["value"].as_u64().unwrap())
        .collect();
    assert_eq!(values, vec![1, 0, 1]);
}

#[test]
fn a_quotient_goes_on_from_its_checkpoint_and_refuses_a_wrong_one() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("q.bin");
    let file_arg = file.to_str().unwrap();
    let quotient = |spec: &str, max: &str| {
        grundy()
            .args(["quotient", spec, "--max", max, "--format", "json"])
            .args(["--checkpoint", file_arg])
            .output()
            .unwrap()
    };
    // Dawson's Kayles to 20, then on to 28 from the file: the same answer
    // as to 28 in one go (heaps 25 and 27 change the quotient).
    assert!(quotient("0.07", "20").status.success());
    let resumed = quotient("0.07", "28");
    assert!(resumed.status.success(), "{resumed:?}");
    let fresh = grundy()
        .args(["quotient", "0.07", "--max", "28", "--format", "json"])
        .output()
        .unwrap();
    let resumed: Value = serde_json::from_slice(&resumed.stdout).unwrap();
    assert_eq!(
        resumed,
        serde_json::from_slice::<Value>(&fresh.stdout).unwrap()
    );
    assert_eq!(resumed["order"], 176);
    let refused = |out: std::process::Output, says: &str| {
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("checkpoint") && err.contains(says), "{err}");
    };
    // A smaller bound, another game.
    refused(quotient("0.07", "25"), "past the bound asked for (25)");
    refused(
        quotient("0.77", "30"),
        "holds the quotient of '0.07', not of '0.77'",
    );
    // A damaged file.
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[40] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    refused(quotient("0.07", "30"), "is damaged");
    // Kayles' quotient relabelled as Dawson's Kayles', with a right
    // checksum: the verification on resuming refuses it.
    std::fs::remove_file(&file).unwrap();
    assert!(quotient("0.77", "20").status.success());
    // Writes the file back with its checksum made right again.
    let write_with_crc = |mut bytes: Vec<u8>| {
        let body = bytes.len() - 4;
        let crc = crc32fast::hash(&bytes[..body]);
        bytes[body..].copy_from_slice(&crc.to_le_bytes());
        std::fs::write(&file, &bytes).unwrap();
    };
    let mut bytes = std::fs::read(&file).unwrap();
    assert_eq!(&bytes[20..24], b"0.77");
    bytes[20..24].copy_from_slice(b"0.07");
    write_with_crc(bytes);
    refused(quotient("0.07", "30"), "does not predict every sum");
    // Actions that are not a monoid's, with a right checksum: the
    // identity times the first letter made the identity. The file after
    // the name: the order, the letters' count and elements, the tree
    // (two numbers an element after the identity), then the actions.
    std::fs::remove_file(&file).unwrap();
    assert!(quotient("0.77", "20").status.success());
    let mut bytes = std::fs::read(&file).unwrap();
    let number = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
    let (order, letters) = (number(24), number(28));
    let actions = 32 + 4 * letters + 8 * (order - 1);
    assert_ne!(number(actions), 0);
    bytes[actions..actions + 4].copy_from_slice(&0u32.to_le_bytes());
    write_with_crc(bytes);
    refused(quotient("0.77", "30"), "not those of a commutative monoid");
}

#[test]
fn a_quotient_whose_candidates_climb_stops_saying_it_looks_infinite() {
    // 0.76 at heap 12: the candidates fail at 7×j + 12×j, j = 4, 5, …
    // (found by grundy, like the diagonal of Weimerskirch's infinite
    // quotient of 0.3122, Games of No Chance 4). Six rounds stop it with
    // what the failures proved: more elements than Q_11's 34.
    let climb = |rounds: &str| {
        let out = grundy()
            .args(["quotient", "0.76", "--max", "20", "--max-order", "1048576"])
            .args(["--climb-rounds", rounds])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let message = String::from_utf8_lossy(&out.stderr).into_owned();
        let at_least: usize = message
            .split("at least ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{message}"));
        (message, at_least)
    };
    let (message, at_least) = climb("6");
    for says in [
        "heap 12; the heaps up to 11 are settled (order 34)",
        "the misère quotient of heaps up to 12 looks infinite (not proved)",
        "7×j + 12×j for j = 4 to 10",
        "heaps 7 and 12 rising together",
        "proved on the way: the quotient has at least",
    ] {
        assert!(message.contains(says), "{says}: {message}");
    }
    assert!(at_least > 34, "{message}");
    // More rounds, a later stop and a larger bound.
    let (longer, more) = climb("12");
    assert!(longer.contains("for j = 4 to 16"), "{longer}");
    assert!(more > at_least, "{longer}");
}

#[test]
fn a_quotient_stopped_by_a_limit_keeps_the_heaps_it_settled() {
    // Dawson's Kayles: Q_30 has 360 elements (Siegel, on the misère games
    // blog, 28 August 2007) and heap 31's first candidate 576, so a
    // limit of 500 stops at heap 31; the error says what was settled and
    // the checkpoint holds it, however recently it was last written.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("q.bin");
    let file_arg = file.to_str().unwrap();
    let stopped = grundy()
        .args(["quotient", "0.07", "--max", "40", "--max-order", "500"])
        .args(["--checkpoint", file_arg])
        .output()
        .unwrap();
    assert_eq!(stopped.status.code(), Some(2));
    let message = String::from_utf8_lossy(&stopped.stderr);
    assert!(
        message.contains("heap 31; the heaps up to 30 are settled (order 360), kept in"),
        "{message}"
    );
    assert!(message.contains("limit of 500 elements"), "{message}");
    // The file goes on to 30 with nothing left to compute: the same
    // quotient as in one go.
    let resumed = json_of(&[
        "quotient",
        "0.07",
        "--max",
        "30",
        "--checkpoint",
        file_arg,
        "--format",
        "json",
    ]);
    let direct = json_of(&["quotient", "0.07", "--max", "30", "--format", "json"]);
    assert_eq!(resumed["order"], 360);
    assert_eq!(resumed, direct);
    // Without a checkpoint the error still says what was settled.
    let stopped = grundy()
        .args(["quotient", "0.07", "--max", "40", "--max-order", "50"])
        .output()
        .unwrap();
    let message = String::from_utf8_lossy(&stopped.stderr);
    assert!(
        message.contains("the heaps up to 24 are settled (order 24):"),
        "{message}"
    );
}

/// The heaps a quotient checkpoint holds (heap 0 included), 0 if none:
/// after the name, the order, the letters, the tree, the actions and the
/// P bytes.
fn quotient_heaps_held(file: &std::path::Path) -> usize {
    let Ok(bytes) = std::fs::read(file) else {
        return 0;
    };
    let number = |at: usize| {
        bytes
            .get(at..at + 4)
            .map_or(0, |b| u32::from_le_bytes(b.try_into().unwrap()) as usize)
    };
    let name = number(16);
    let (order, letters) = (number(20 + name), number(24 + name));
    if order == 0 {
        return 0;
    }
    number(28 + name + 4 * letters + 8 * (order - 1) + 4 * order * letters + order)
}

/// Dawson's Kayles to heap 34, its file written after heaps only once an
/// hour, returned once heap 34's candidates have begun: heaps up to 33
/// settle in seconds, heap 34 runs on for minutes (its candidates keep
/// failing), and the write before its candidates has kept heaps 0..=33.
fn dawson_kayles_in_heap_34(
    file: &std::path::Path,
    stderr: std::process::Stdio,
) -> std::process::Child {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["quotient", "0.07", "--max", "34", "--max-order", "1048576"])
        .args([
            "--checkpoint",
            file.to_str().unwrap(),
            "--checkpoint-secs",
            "3600",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(stderr)
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while quotient_heaps_held(file) < 34 && start.elapsed() < std::time::Duration::from_secs(120) {
        assert!(child.try_wait().unwrap().is_none(), "the run ended");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(quotient_heaps_held(file), 34, "heap 34's candidates began");
    child
}

/// A file of Dawson's Kayles resumed to heap 33: Q₃₃ (638 elements), the
/// same as computed in one go.
fn assert_keeps_dawson_kayles_to_33(file: &std::path::Path) {
    let file_arg = file.to_str().unwrap();
    let resumed = json_of(&[
        "quotient",
        "0.07",
        "--max",
        "33",
        "--checkpoint",
        file_arg,
        "--format",
        "json",
    ]);
    assert_eq!(resumed["order"], 638);
    assert_eq!(
        resumed,
        json_of(&["quotient", "0.07", "--max", "33", "--format", "json"])
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_quotient_saying_and_keeping_what_it_settled() {
    // Ctrl-C during heap 34 stops the run within the grace period (5 s),
    // naming the heaps settled, exit code 130.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("q.bin");
    let child = dawson_kayles_in_heap_34(&file, std::process::Stdio::piped());
    // Well into the candidates, then SIGINT as a terminal sends it.
    std::thread::sleep(std::time::Duration::from_millis(500));
    let message = interrupted(child);
    assert!(
        message.contains("stopped: interrupted (Ctrl-C)"),
        "{message}"
    );
    assert!(
        message.contains("heap 34; the heaps up to 33 are settled (order 638), kept in"),
        "{message}"
    );
    assert_keeps_dawson_kayles_to_33(&file);
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_cut_table_between_layers() {
    // Minutes of table, in layers of a fraction of a second: they check
    // Ctrl-C between them.
    let message = interrupted_after(
        &["table", "cut:2", "--max", "2000", "--allow-long"],
        std::time::Duration::from_millis(500),
    );
    assert!(
        message.contains("stopped: interrupted (Ctrl-C)"),
        "{message}"
    );
}

#[test]
fn a_quotient_killed_during_a_long_heap_has_kept_every_heap_before_it() {
    // A kill, not Ctrl-C: only the write before heap 34's candidates can
    // have kept heap 33, and it loses nothing.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("q.bin");
    let mut child = dawson_kayles_in_heap_34(&file, std::process::Stdio::null());
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(quotient_heaps_held(&file), 34, "heaps 0..=33 kept");
    assert_keeps_dawson_kayles_to_33(&file);
}

#[test]
fn misere_quotient_from_the_command_line() {
    let out = grundy()
        .args(["quotient", "kayles", "--max", "12", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["game"], "kayles");
    assert_eq!(v["max_heap"], 12);
    let order = v["order"].as_u64().unwrap();
    let elements = v["heap_elements"].as_array().unwrap();
    assert_eq!(elements.len(), 13);
    assert_eq!(elements[0], "1");
    // Misère Kayles: a single pin is lost by the player to move, so heap
    // 1's element is in the P-portion; two pins are won.
    let p_portion: Vec<&str> = v["p_portion"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert!(p_portion.contains(&elements[1].as_str().unwrap()));
    assert!(!p_portion.contains(&elements[2].as_str().unwrap()));
    assert_eq!(v["orders"].as_array().unwrap().len(), 13);
    assert_eq!(v["orders"][12], order);
    assert!(!v["generators"].as_array().unwrap().is_empty());
    assert!(!v["relations"].as_array().unwrap().is_empty());
    let text = stdout_of(&["quotient", "kayles", "--max", "12"]);
    assert!(text.contains(&format!("order:       {order}")), "{text}");
    assert!(text.contains("verified:"), "{text}");
    // Ten Kayles heaps up to 40, decided by the quotient; every winning
    // move leaves a P-position (checked by evaluating what it leaves).
    let heaps = ["40", "39", "38", "37", "36", "35", "34", "33", "32", "31"];
    let mut args = vec!["eval", "kayles"];
    args.extend(heaps);
    args.extend(["--misere", "--format", "json"]);
    let v = json_of(&args);
    assert!(v["method"].as_str().unwrap().contains("quotient"), "{v}");
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.is_empty(), v["outcome"] == "P");
    for m in moves.iter().take(5) {
        let component = m["component"].as_u64().unwrap() as usize;
        let mut after: Vec<String> = heaps
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != component)
            .map(|(_, h)| (*h).to_owned())
            .collect();
        after.extend(m["to"].as_array().unwrap().iter().map(|h| h.to_string()));
        let mut args = vec!["eval", "kayles"];
        args.extend(after.iter().map(String::as_str));
        args.extend(["--misere", "--format", "json"]);
        assert_eq!(json_of(&args)["outcome"], "P", "{m}");
    }
}

#[test]
fn remoteness_from_the_command_line() {
    // Nim: a heap is won in one move (take it all); 3 + 4 is won by moving
    // to 3 + 3, which the loser makes last six moves.
    let v = json_of(&["seq", "nim", "-n", "5", "--remoteness", "--format", "json"]);
    assert_eq!(v["measure"], "remoteness");
    assert_eq!(v["values"], serde_json::json!([0, 1, 1, 1, 1]));
    let e = json_of(&["eval", "nim", "3", "4", "--remoteness", "--format", "json"]);
    assert_eq!(e["remoteness"], 7);
    // Without the flag the report has no remoteness.
    let e = json_of(&["eval", "nim", "3", "4", "--format", "json"]);
    assert!(e.get("remoteness").is_none());
    // A graph: f -> a (lost in two) wins in three.
    let file = write_temp("a: b c\nb: d\nc: d e\nd:\ne: d\nf: a e\n");
    let spec = format!("graph:{}", file.path().display());
    let e = json_of(&["eval", &spec, "f", "--remoteness", "--format", "json"]);
    assert_eq!(e["remoteness"], 3);
    // Wythoff (1,2) is a P-position: every move leaves a pair the opponent
    // empties in one move, so it lasts two.
    let e = json_of(&[
        "eval",
        "wythoff",
        "(1,2)",
        "--remoteness",
        "--format",
        "json",
    ]);
    assert_eq!(e["outcome"], "P");
    assert_eq!(e["remoteness"], 2);
    let text = stdout_of(&["eval", "kayles", "3", "--remoteness"]);
    assert!(text.contains("remoteness: 3"), "{text}");
}

#[test]
fn eval_rejects_bad_heap() {
    grundy()
        .args(["eval", "nim", "3", "x4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("x4"));
}

#[test]
fn graph_values_text_and_json() {
    let file = write_temp("# a game\na: b c\nb: d\nc: d e\n\nd:\ne: d   # comment\n");
    grundy()
        .arg("graph")
        .arg(file.path())
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"(?m)^c\s+2\s+N\s+1$").unwrap())
        .stdout(predicate::str::is_match(r"(?m)^a\s+0\s+P\s+2$").unwrap());
    let out = grundy()
        .arg("graph")
        .arg(file.path())
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let vertices = v["vertices"].as_array().unwrap();
    assert_eq!(vertices.len(), 5);
    assert_eq!(vertices[2]["name"], "c");
    assert_eq!(vertices[2]["value"], 2);
    assert_eq!(vertices[2]["outcome"], "N");
    // c moves to the terminal d: it wins in one move.
    assert_eq!(vertices[2]["remoteness"], 1);
    assert!(vertices[2].get("escapes").is_none());
}

#[test]
fn graph_with_cycles_has_draws_and_generalised_values() {
    // a <-> b loop for ever; c may enter the loop or end the game; the
    // cycle x -> y -> z -> x has the exit y -> done, which settles it.
    let file = write_temp("a: b\nb: a\nc: a done\ndone:\nx: y\ny: z done\nz: x\n");
    let v = json_of(&["graph", file.path().to_str().unwrap(), "--format", "json"]);
    let by_name = |name: &str| {
        v["vertices"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["name"] == name)
            .unwrap()
            .clone()
    };
    for name in ["a", "b"] {
        assert_eq!(by_name(name)["value"], Value::Null);
        assert_eq!(by_name(name)["escapes"], serde_json::json!([]));
        assert_eq!(by_name(name)["outcome"], "D");
        assert_eq!(by_name(name)["remoteness"], Value::Null);
    }
    // c: ∞(0), won by moving to done.
    assert_eq!(by_name("c")["escapes"], serde_json::json!([0]));
    assert_eq!(by_name("c")["outcome"], "N");
    assert_eq!(by_name("c")["remoteness"], 1);
    // x moves only to y, from which done wins: x is lost in two moves;
    // z (to x) is worth 1 and y (to z and done) 2.
    assert_eq!(by_name("x")["value"], 0);
    assert_eq!(by_name("x")["remoteness"], 2);
    assert_eq!(by_name("z")["value"], 1);
    assert_eq!(by_name("y")["value"], 2);
    let text = stdout_of(&["graph", file.path().to_str().unwrap()]);
    assert!(text.contains("∞(0)"), "{text}");
    let spec = format!("graph:{}", file.path().display());
    // ∞(0) + 0: the others XOR to 0, an escape of c: N, by c -> done.
    let e = json_of(&["eval", &spec, "c", "done", "--format", "json"]);
    assert_eq!(e["outcome"], "N");
    assert_eq!(e["winning_moves"].as_array().unwrap().len(), 1);
    // Two infinite components: a draw, kept by moving round the loop.
    let e = json_of(&["eval", &spec, "a", "b", "--format", "json"]);
    assert_eq!(e["outcome"], "D");
    assert!(!e["drawing_moves"].as_array().unwrap().is_empty());
    // windup:7:2,3 by spec: 4 and 5 are P-positions (value 0).
    let w = json_of(&["graph", "windup:7:2,3", "--format", "json"]);
    assert_eq!(w["vertices"][4]["value"], 0);
    assert_eq!(w["vertices"][4]["outcome"], "P");
    let e = json_of(&["eval", "windup:7:2,3", "4", "5", "--format", "json"]);
    assert_eq!(e["outcome"], "P");
}

#[test]
fn graph_cycle_names_a_vertex() {
    let file = write_temp("start: x\nx: y\ny: z done\nz: x\ndone:\n");
    let out = grundy()
        .arg("graph")
        .arg(file.path())
        .arg("--acyclic")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "no partial result");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cycle"), "{err}");
    assert!(
        ["'x'", "'y'", "'z'"].iter().any(|v| err.contains(v)),
        "{err}"
    );
}

#[test]
fn graph_malformed_file_names_the_line() {
    let file = write_temp("a: b\nb:\nthis line has no colon\n");
    grundy()
        .arg("graph")
        .arg(file.path())
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains("line 3"));
    let typo = write_temp("a: b\nb: cc\nc:\n");
    grundy()
        .arg("graph")
        .arg(typo.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 2").and(predicate::str::contains("'cc'")));
    let twice = write_temp("a: b\nb:\na:\n");
    grundy()
        .arg("graph")
        .arg(twice.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 3").and(predicate::str::contains("line 1")));
}

#[test]
fn eval_on_a_graph_spec() {
    let file = write_temp("a: b c\nb: d\nc: d e\nd:\ne: d\n");
    let spec = format!("graph:{}", file.path().display());
    grundy()
        .args(["eval", &spec, "b", "c"])
        .assert()
        .success()
        .stdout(predicate::str::contains("1 xor 2 = 3"))
        .stdout(predicate::str::contains("move from c to e"));
}

#[test]
fn missing_graph_file_is_an_error() {
    grundy()
        .args(["graph", "/nonexistent/file"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/nonexistent/file"));
}

#[test]
fn nimber_arithmetic() {
    let run = |args: &[&str]| {
        let out = grundy().arg("nimber").args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap().trim().to_owned()
    };
    // Test vectors from the design notes.
    assert_eq!(run(&["mul", "8", "8"]), "13");
    assert_eq!(run(&["mul", "6", "13"]), "15");
    assert_eq!(run(&["mul", "0x100000000", "0x100000000"]), "6442450944");
    assert_eq!(run(&["add", "3", "5", "6"]), "0");
    assert_eq!(run(&["mex", "0", "1", "3"]), "2");
    // The field: 2 ⊗ 3 = 1 and 3 ⊗ 3 = 2 in GF(4); the group of non-zero
    // numbers has order 2^64 - 1.
    assert_eq!(run(&["inv", "2"]), "3");
    assert_eq!(run(&["div", "1", "3"]), "2");
    assert_eq!(run(&["sqrt", "2"]), "3");
    assert_eq!(run(&["pow", "2", "3"]), "1");
    assert_eq!(run(&["pow", "12345", "18446744073709551615"]), "1");
    let inverse = run(&["inv", "0x123456789"]);
    assert_eq!(run(&["mul", "0x123456789", &inverse]), "1");
    grundy().args(["nimber", "mul", "2", "x"]).assert().code(2);
    grundy()
        .args(["nimber", "div", "5", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("division by 0"));
    grundy()
        .args(["nimber", "inv", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no inverse"));
}

#[test]
fn graph_of_a_spec_that_is_not_a_graph_says_so() {
    let out = common::grundy()
        .args(["graph", "sub:1,2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("'sub:1,2': not a graph") && stderr.contains("windup:N:S"),
        "{stderr}"
    );
    // A loopy family builds its graph.
    let out = common::grundy()
        .args(["graph", "windup:5:1,2"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn usage_errors_have_grundy_s_prefix() {
    let out = grundy().args(["seq", "--bogus"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("grundy: error: unexpected argument '--bogus'"),
        "{err}"
    );
    // Help and version are not errors.
    grundy().args(["seq", "--help"]).assert().success();
    grundy().arg("--version").assert().success();
}

#[test]
fn serve_addr_accepts_names_of_loopback_and_refuses_bad_ports() {
    grundy()
        .args(["serve", "--addr", "localhost:99999"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("'99999' is not a port"));
    // A name that resolves to loopback is accepted: the server starts
    // (it is stopped by the deadline, with no 'invalid value' refusal).
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["serve", "--addr", "localhost:0"])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    let stderr = child.stderr.take().unwrap();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(stderr), &mut line).unwrap();
    child.kill().unwrap();
    let _ = child.wait();
    assert!(
        line.contains("serving the explorer on http://127.0.0.1:"),
        "{line}"
    );
}

#[test]
fn completions_and_man_page_cover_every_command() {
    let bash = stdout_of(&["completions", "bash"]);
    assert!(bash.contains("_grundy()"), "{bash}");
    for command in [
        "analyze",
        "seq",
        "eval",
        "play",
        "serve",
        "completions",
        "man",
        "solve",
        "db",
    ] {
        assert!(
            bash.contains(command),
            "{command} missing from bash completions"
        );
    }
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        assert!(
            stdout_of(&["completions", shell]).contains("analyze"),
            "{shell}"
        );
    }
    let man = stdout_of(&["man"]);
    assert!(man.contains(".TH grundy 1"), "{man}");
    // Beyond the options: the game specs (every family of the registry),
    // examples and the exit codes.
    for wanted in ["GAME SPECS", "petersen", "EXAMPLES", "EXIT STATUS", "130"] {
        assert!(
            man.contains(wanted),
            "{wanted} missing from the man page:\n{man}"
        );
    }
    let seq = stdout_of(&["man", "seq"]);
    assert!(
        seq.contains(".TH grundy-seq 1") && seq.contains("resume"),
        "{seq}"
    );
    grundy()
        .args(["man", "sek"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the commands are"));
}

#[test]
fn declared_licenses_are_in_the_repository() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let manifest = std::fs::read_to_string(format!("{root}/Cargo.toml")).unwrap();
    assert!(manifest.contains(r#"license = "MIT OR Apache-2.0""#));
    let mit = std::fs::read_to_string(format!("{root}/LICENSE-MIT")).unwrap();
    assert!(mit.starts_with("MIT License"));
    let apache = std::fs::read_to_string(format!("{root}/LICENSE-APACHE")).unwrap();
    assert!(apache.contains("Apache License") && apache.contains("Version 2.0"));
    assert!(std::path::Path::new(&format!("{root}/CHANGELOG.md")).exists());
}

#[test]
fn a_move_in_equal_components_is_listed_once() {
    // nim 2 2 1 1 1: the one winning move takes a heap of 1, in any of
    // the three heaps of 1.
    let json: Value = serde_json::from_str(&stdout_of(&[
        "eval", "nim", "2", "2", "1", "1", "1", "--format", "json",
    ]))
    .unwrap();
    let moves = json["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{json}");
    assert_eq!(moves[0]["component"], 2);
    assert_eq!(moves[0]["equal_components"], serde_json::json!([3, 4]));
    let text = stdout_of(&["eval", "nim", "2", "2", "1", "1", "1"]);
    assert_eq!(
        text.matches("take 1 from the heap of 1").count(),
        1,
        "{text}"
    );
    assert!(text.contains("the same in equal components 3, 4"), "{text}");
    // Misère play lists it once too; distinct components keep their moves.
    let misere = stdout_of(&["eval", "nim", "2", "2", "1", "1", "1", "--misere"]);
    assert_eq!(
        misere.matches("take 1 from the heap of 1").count(),
        1,
        "{misere}"
    );
    let distinct: Value = serde_json::from_str(&stdout_of(&[
        "eval", "nim", "3", "5", "6", "1", "--format", "json",
    ]))
    .unwrap();
    let moves = distinct["winning_moves"].as_array().unwrap();
    assert!(
        moves.iter().all(|m| m.get("equal_components").is_none()),
        "{distinct}"
    );
}

/// Issue 26 item 19: a loopy game whose positions are numbers gives its
/// values in `seq` (∞ and ∞(K) in text, `null` with escapes in JSON), and
/// `period` says that no theorem covers loopy sequences.
#[test]
fn seq_of_a_loopy_game_on_numbers() {
    // windup:4:2 by hand: 0 has no move (0); 2 -> 0 only (1); 1 -> 3 and
    // 3 -> 1 only, a loop with no way out: ∞ with no escapes, a draw.
    let text = stdout_of(&["seq", "windup:4:2", "-n", "4"]);
    assert_eq!(
        text.split_whitespace().collect::<Vec<_>>(),
        ["0:", "0", "∞", "1", "∞"]
    );
    let json = json_of(&["seq", "windup:4:2", "--format", "json"]);
    assert_eq!(
        json,
        serde_json::json!({"game": "windup:4:2", "values": [0, null, 1, null],
            "escapes": [null, [], null, []]})
    );
    // Every position of larger games as `graph` gives it.
    for spec in ["windup:7:2,3", "windup:12:2,5,7", "windup:30:4,11"] {
        let seq = json_of(&["seq", spec, "--format", "json"]);
        let graph = json_of(&["graph", spec, "--format", "json"]);
        let vertices = graph["vertices"].as_array().unwrap();
        assert_eq!(seq["values"].as_array().unwrap().len(), vertices.len());
        for (n, vertex) in vertices.iter().enumerate() {
            assert_eq!(vertex["name"], n.to_string());
            assert_eq!(seq["values"][n], vertex["value"], "{spec} at {n}");
            let escapes = vertex
                .get("escapes")
                .cloned()
                .unwrap_or(serde_json::Value::Null);
            assert_eq!(seq["escapes"][n], escapes, "{spec} at {n}");
        }
    }
    let csv = stdout_of(&["seq", "windup:7:2,3", "--format", "csv"]);
    assert!(csv.starts_with("n,value\n0,0\n1,∞(0)\n"), "{csv}");
    let refused = |args: &[&str], says: &str| {
        let out = grundy().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    };
    refused(
        &["seq", "windup:4:2", "-n", "5"],
        "its 4 positions (0 to 3)",
    );
    refused(
        &["seq", "windup:4:2", "--format", "bfile"],
        "b-file holds integers only",
    );
    refused(&["seq", "windup:4:2", "--misere"], "loopy");
    refused(
        &["period", "windup:4:2"],
        "play may loop forever (values may be infinite), and no theorem here covers loopy sequences; seq gives its values",
    );
    refused(&["analyze", "windup:4:2"], "loopy");
}

/// `grundy ... | head` ends the output early: a closed pipe is not an
/// error, in text or in JSON (serde_json wraps the pipe's error).
#[test]
fn a_closed_pipe_ends_quietly_in_text_and_json() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    let graph = dir.path().join("chain.txt");
    let text: String = (0..50_000)
        .map(|v| {
            if v + 1 < 50_000 {
                format!("v{v}: v{}\n", v + 1)
            } else {
                format!("v{v}:\n")
            }
        })
        .collect();
    std::fs::write(&graph, text).unwrap();
    for format in ["text", "json"] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
            .args(["graph", graph.to_str().unwrap(), "--format", format])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        child
            .stdout
            .as_mut()
            .unwrap()
            .read_exact(&mut first)
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{format}: {:?} {stderr}", out.status);
        assert!(!stderr.contains("error"), "{format}: {stderr}");
    }
}

/// Ctrl-C during `seq` without `--out`: the values so far were written
/// (as many as the message says) and the message says how to keep them;
/// during `period`, how far the search got.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_seq_and_period_saying_how_far_they_got() {
    let dir = tempfile::tempdir().unwrap();
    let written = dir.path().join("values.csv");
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args([
            "seq",
            "0.137",
            "-n",
            "1000000000",
            "--allow-long",
            "--format",
            "csv",
        ])
        .stdout(std::fs::File::create(&written).unwrap())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    let message = interrupted(child);
    let computed: usize = message
        .split("G(0..")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{message}"));
    assert!(
        message.contains("were computed and written; with --out FILE"),
        "{message}"
    );
    let lines = std::fs::read_to_string(&written).unwrap().lines().count();
    assert_eq!(lines, computed + 1, "the header and every value said");
    let message = interrupted_after(
        &["period", "0.6", "--max", "1000000000", "--allow-long"],
        std::time::Duration::from_millis(500),
    );
    assert!(
        message.contains("were computed (this round goes to ")
            && message.contains("no period was proved in the rounds before"),
        "{message}"
    );
    // A script has no proof, but its period is plain to see: a stop says
    // the pattern the last finished round showed (the first round, 1024
    // values of a two-option script, takes a few milliseconds).
    let script = write_temp(
        "fn options(n) {\n    let moves = [];\n    for taken in 1..=2 {\n        if taken <= n { moves.push([n - taken]); }\n    }\n    moves\n}\n",
    );
    let spec = format!("script:{}", script.path().display());
    let message = interrupted_after(
        &["period", &spec, "--max", "1000000000", "--allow-long"],
        std::time::Duration::from_millis(1500),
    );
    assert!(
        message.contains("showed period 3 from n = 0, observed, not proved"),
        "{message}"
    );
}

#[test]
fn moves_that_cannot_be_listed_are_said_not_listed() {
    // A heap of 10^18 in Kayles: the value is not 0, so a winning move
    // exists, but its options are too many to list: not "(0)".
    grundy()
        .args(["eval", "kayles", "1e18"])
        .assert()
        .success()
        .stdout(predicate::str::contains("winning moves: not listed"))
        .stdout(predicate::str::contains("winning moves (0)").not())
        .stdout(predicate::str::contains(
            "not listed: listing the moves from a heap of",
        ));
}

#[test]
fn every_command_takes_h_for_help_solve_too() {
    // solve's -h names the hostfile (timely's convention); alone it is
    // the help, as everywhere.
    for args in [
        &["solve", "-h"][..],
        &["solve", "cram", "-h"],
        &["eval", "-h"],
    ] {
        grundy()
            .args(args)
            .assert()
            .success()
            .stdout(predicate::str::contains("Usage:"));
    }
    grundy()
        .args(["solve", "-h"])
        .assert()
        .stdout(predicate::str::contains("--hostfile"));
}

#[test]
fn board_and_graph_moves_in_the_users_frame() {
    // The report's commands: path:7 lists vertex 5 too; Chomp 2x5's
    // move leaves 5,4 (not its transpose); Cram 4x7's dominoes are drawn
    // where they are named.
    grundy()
        .args(["eval", "node-kayles", "path:7"])
        .assert()
        .success()
        .stdout(predicate::str::contains("winning moves (3):"))
        .stdout(predicate::str::contains(
            "take vertex 5 with its neighbours 4, 6, leaving v4/0-1,1-2,2-3",
        ))
        .stdout(predicate::str::contains(
            "take vertex 1 with its neighbours 0, 2, leaving v{3,4,5,6}/3-4,4-5,5-6",
        ));
    grundy()
        .args(["eval", "chomp", "2x5"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "take e2 and every square below and right of it, leaving 5,4",
        ));
    grundy()
        .args(["eval", "cram", "4x7"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "domino b1-c1, leaving .##..../......./......./.......",
        ))
        .stdout(predicate::str::contains(
            "domino e4-f4, leaving ......./......./......./....##.",
        ));
    grundy()
        .args(["eval", "node-kayles", "petersen"])
        .assert()
        .success()
        .stdout(predicate::str::contains("winning moves (10):"));
}

#[test]
fn default_text_is_in_words_and_verbose_adds_the_details() {
    // The proof's inequality and the rare values' mask are details:
    // JSON and --verbose have them, the default text says it in words.
    grundy()
        .args(["analyze", "kayles", "--no-plot"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "proved by the periodicity theorem for take-and-break games",
        ))
        .stdout(predicate::str::contains("k*e + k*p").not())
        .stdout(predicate::str::contains("mask").not())
        .stdout(predicate::str::contains(
            "10 of 1024 positions have one of the game's rare values",
        ));
    grundy()
        .args(["analyze", "kayles", "--no-plot", "--verbose"])
        .assert()
        .success()
        .stdout(predicate::str::contains("k*e + k*p + t + k = 170 <= 1024"))
        .stdout(predicate::str::contains("mask 0b1111"));
    let json: Value = serde_json::from_slice(
        &grundy()
            .args(["period", "kayles", "--format", "json"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert!(
        json["reason"].as_str().unwrap().contains("k*e + k*p"),
        "{json}"
    );
}

#[test]
fn a_plot_to_a_missing_folder_is_said_in_words() {
    grundy()
        .args(["plot", "kayles", "-n", "20", "-o", "/nonexistent/x.svg"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot write the plot to /nonexistent/x.svg: the folder /nonexistent does not exist",
        ))
        .stderr(predicate::str::contains("backend error").not());
}

#[test]
fn misere_combines_with_outcome() {
    // Misère play's answer is an outcome already: --outcome is accepted.
    grundy()
        .args(["eval", "kayles", "3", "4", "--misere", "--outcome"])
        .assert()
        .success()
        .stdout(predicate::str::contains("outcome:"));
}

/// Issue 52: `play` lists the player's moves without their remoteness (a
/// search over every sum the game reaches: 48 s and 2.4 GB for a row of 20
/// coins of ruler before anything was printed) and asks for it only when
/// the engine must choose among losing moves. The bound below is a hang
/// detector, far above what it takes; the engine's replies are checked
/// to be winning ones where one exists.
#[test]
fn play_starts_at_once_on_long_coin_rows() {
    for (game, position) in [("ruler", "20"), ("dawsons-kayles", "100"), ("0.75", "1000")] {
        let out = grundy()
            .args(["play", game, position])
            .write_stdin("2\nh\nq\n")
            .timeout(std::time::Duration::from_secs(30))
            .output()
            .unwrap();
        assert!(out.status.success(), "{game} {position}: {out:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("your move>"), "{game}: {text}");
        assert!(text.contains("engine: "), "{game}: {text}");
    }
}

/// Issue 52: allocations the input cannot justify are refused up front,
/// with the limit named, never an abort ("memory allocation of N bytes
/// failed", SIGABRT). Each case runs under a 4 GB address-space cap
/// (`ulimit -v`), as the report did, and must end with an error (2) or an
/// answer (0).
#[test]
fn no_abort_under_a_4_gb_cap() {
    let dir = tempfile::tempdir().unwrap();
    let graph = dir.path().join("g.txt");
    std::fs::write(&graph, "a: b\nb:\n").unwrap();
    // Binary edge lists whose headers claim 2^32 - 1 and 2 * 10^9
    // vertices and no edge: 32 bytes each, their checksums right.
    let mut lists = Vec::new();
    for vertices in [u32::MAX, 2_000_000_000] {
        let mut bytes = b"GRUNDYEL".to_vec();
        bytes.extend_from_slice(&1u32.to_le_bytes());
        bytes.extend_from_slice(&vertices.to_le_bytes());
        bytes.extend_from_slice(&0u64.to_le_bytes());
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        let path = dir.path().join(format!("{vertices}.edges"));
        std::fs::write(&path, bytes).unwrap();
        lists.push(path);
    }
    let out = dir.path().join("db");
    let heads = "H".repeat(200);
    let binary = assert_cmd::cargo::cargo_bin("grundy");
    let cases: Vec<Vec<String>> = vec![
        vec![
            "solve".into(),
            lists[0].display().to_string(),
            "-o".into(),
            out.display().to_string(),
        ],
        vec![
            "solve".into(),
            lists[1].display().to_string(),
            "-o".into(),
            out.display().to_string(),
        ],
        vec![
            "solve".into(),
            graph.display().to_string(),
            "-o".into(),
            out.display().to_string(),
            "-w".into(),
            "4294967296".into(),
        ],
        vec!["eval".into(), "triplets".into(), heads.clone()],
        vec!["eval".into(), "moebius".into(), heads.clone()],
        vec!["eval".into(), "mogul".into(), heads],
    ];
    for args in cases {
        let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
        let script = format!(
            "ulimit -v 4000000; exec '{}' {}",
            binary.display(),
            quoted.join(" ")
        );
        let output = std::process::Command::new("sh")
            .args(["-c", &script])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let shown: String = args.join(" ").chars().take(80).collect();
        assert!(
            matches!(output.status.code(), Some(0 | 2)),
            "{shown}: {:?} {stderr}",
            output.status
        );
        assert!(!stderr.contains("memory allocation"), "{shown}: {stderr}");
    }
}

/// Issue 52: the misère search of a row of 100,000 coins of ruler first
/// filled the normal-play values of every heap (32 s) and only then
/// refused the row's five billion moves; misère play needs no such
/// values, and the refusal now comes at once, the same as before.
#[test]
fn a_misere_coin_row_beyond_reach_is_refused_at_once() {
    let heads = "H".repeat(100_000);
    let started = std::time::Instant::now();
    grundy()
        .args(["eval", "ruler", &heads, "--misere"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("moves per row"));
    assert!(
        started.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

/// Issue 52, small things: `serve --addr '[::1'` was accepted (and bound
/// [::1]:8080); a file read as a position was echoed whole in the error.
#[test]
fn small_refusals_say_what_is_wrong() {
    grundy()
        .args(["serve", "--addr", "[::1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "opens a bracket it does not close",
        ));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("secret.txt");
    std::fs::write(&file, "first line\nsecond line\nthird line\n").unwrap();
    let output = grundy()
        .args(["eval", "0.C"])
        .arg(format!("@{}", file.display()))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("first line..."), "{stderr}");
    assert!(!stderr.contains("second line"), "{stderr}");
}

/// Issue 52: `seq --out DIR --resume` said "starting afresh" and then
/// failed; a folder is refused first, with what to write instead.
#[test]
fn seq_out_to_a_folder_is_refused_first() {
    let dir = tempfile::tempdir().unwrap();
    let output = grundy()
        .args(["seq", "kayles", "-n", "100", "--resume", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("is a folder"), "{stderr}");
    assert!(!stderr.contains("afresh"), "{stderr}");
}

/// Issue 52 §3: `eval 0.3122 10^12` ran for ever without a word: listing
/// the winning moves scanned every count of heaps from 2 to the heap's
/// size, though the code's digits leave at most one heap. The moves are
/// listed at once, and each leaves a P-position by the values' proved
/// period, checked here from the first values alone.
#[test]
fn a_huge_heap_of_a_code_leaving_one_heap_lists_its_moves_at_once() {
    let started = std::time::Instant::now();
    let report = json_of(&["eval", "0.3122", "10^12", "--format", "json"]);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    // Period 7 from n = 1 (proved by `grundy period 0.3122`): G(n) for
    // n >= 1 is G(1 + (n - 1) mod 7), read from the first values.
    let first = json_of(&["seq", "0.3122", "-n", "8", "--format", "json"]);
    let small: Vec<u64> = first["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let value_of = |n: u64| {
        if n == 0 {
            small[0]
        } else {
            small[(1 + (n - 1) % 7) as usize]
        }
    };
    assert_eq!(report["value"], value_of(1_000_000_000_000));
    let moves = report["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty(), "{report}");
    for m in moves {
        let left: u64 = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| value_of(h.as_u64().unwrap()))
            .fold(0, |a, b| a ^ b);
        assert_eq!(left, 0, "{m}");
    }
    // Every take of 1 to 4 that leaves one heap (the code's moves) and
    // leaves a P-position is listed.
    let listed = moves.len();
    let winning = (1..=4u64)
        .filter(|take| {
            let digit = [0u8, 3, 1, 2, 2][*take as usize];
            digit & 2 != 0 && value_of(1_000_000_000_000 - take) == 0
        })
        .count();
    assert_eq!(listed, winning, "{report}");
}

/// Issue 54: a sum of different games on the command line, as the
/// README's tour shows it (its output there is this command's, verbatim),
/// and in JSON each component's game.
#[test]
fn a_sum_of_different_games_is_answered_as_the_readme_shows() {
    let args = [
        "eval", "kayles", "5", "9", "+", "cram", "3x4", "+", "nim", "7",
    ];
    let out = common::grundy().args(args).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let readme = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"),
    )
    .unwrap();
    assert!(
        readme.contains(&format!("$ grundy {}\n{text}", args.join(" "))),
        "the README's example differs from:\n{text}"
    );
    let out = common::grundy()
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json["component_games"],
        serde_json::json!(["kayles", "kayles", "cram", "nim"])
    );
    assert_eq!(json["value"], 6);
    // The misère and cycles examples of the same section, verbatim.
    for (shown, args) in [
        (
            r#"eval --misere kayles 5 + wythoff "(1,2)" + nim 2"#,
            &[
                "eval", "--misere", "kayles", "5", "+", "wythoff", "(1,2)", "+", "nim", "2",
            ][..],
        ),
        (
            r#"eval --misere sub:1,2 50 60 + nim 1000 999 + wythoff "(1,2)""#,
            &[
                "eval", "--misere", "sub:1,2", "50", "60", "+", "nim", "1000", "999", "+",
                "wythoff", "(1,2)",
            ][..],
        ),
        (
            "eval windup:5:1,3 2 + nim 3",
            &["eval", "windup:5:1,3", "2", "+", "nim", "3"][..],
        ),
    ] {
        let out = common::grundy().args(args).output().unwrap();
        assert!(out.status.success(), "{out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            readme.contains(&format!("$ grundy {shown}\n{text}")),
            "the README's example differs from:\n{text}"
        );
    }
}

/// Issue 54: `eval --outcome` of a sum of different games with one board
/// that needs a search: the other games' values XOR to 0, so the board's
/// outcome search decides the sum without its value; the answer is the
/// one `eval` gives with the values, and its move one of eval's.
#[test]
fn the_outcome_of_a_mixed_sum_searches_a_board_for_a_p_position_alone() {
    let json = |args: &[&str]| -> serde_json::Value {
        let out = common::grundy()
            .args(args)
            .args(["--format", "json"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let sum = ["eval", "cram", "5x7", "+", "nim", "3", "3"];
    let whole = json(&sum);
    let alone = json(&[&sum[..], &["--outcome"]].concat());
    let method = alone["method"].as_str().unwrap();
    assert!(method.contains("XOR to 0"), "{method}");
    assert_eq!(alone["outcome"], whole["outcome"]);
    assert_eq!(whole["outcome"] == "P", whole["value"] == 0);
    let listed = whole["winning_moves"].as_array().unwrap();
    for m in alone["winning_moves"].as_array().unwrap() {
        assert!(
            listed.iter().any(|w| w["result"] == m["result"]),
            "{m} is not among eval's winning moves"
        );
    }
    assert_eq!(
        alone["winning_moves"].as_array().unwrap().is_empty(),
        whole["value"] == 0
    );
}
