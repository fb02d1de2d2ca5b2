//! Heap games through the `grundy` binary: seq formats, eval in the
//! game's own words, games, and clear errors.

mod common;

use common::*;

use predicates::prelude::*;
use serde_json::Value;

#[test]
fn seq_json_and_bfile_agree() {
    let json: Value = serde_json::from_str(&stdout_of(&[
        "seq", "kayles", "-n", "200", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(json["game"], "kayles");
    let values: Vec<u64> = json["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(values.len(), 200);
    assert_eq!(
        &values[..16],
        &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7]
    );
    let bfile = stdout_of(&["seq", "kayles", "-n", "200", "--format", "bfile"]);
    let from_bfile: Vec<u64> = bfile
        .lines()
        .filter(|l| !l.starts_with('#'))
        .enumerate()
        .map(|(i, line)| {
            let (n, v) = line.split_once(' ').unwrap();
            assert_eq!(n.parse::<usize>().unwrap(), i);
            v.parse().unwrap()
        })
        .collect();
    assert_eq!(from_bfile, values);
    let csv = stdout_of(&["seq", "kayles", "-n", "200", "--format", "csv"]);
    assert_eq!(csv.lines().next(), Some("n,value"));
    assert_eq!(csv.lines().nth(12), Some("11,6"));
}

#[test]
fn seq_streams_across_chunks() {
    // More values than one output chunk; the last ones still arrive.
    let bfile = stdout_of(&["seq", "sub:1,3,4", "-n", "200000", "--format", "bfile"]);
    let last = bfile.lines().last().unwrap();
    // sub:1,3,4 has period 7: 0 1 0 1 2 3 2.
    assert_eq!(
        last,
        format!("199999 {}", [0, 1, 0, 1, 2, 3, 2][199_999 % 7])
    );
}

#[test]
fn eval_describes_moves_in_the_games_terms() {
    grundy()
        .args(["eval", "kayles", "9", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value:    4 xor 1 = 5"))
        .stdout(predicate::str::contains(
            "from the heap of 9 take 1, leaving heaps of 2 and 6",
        ));
    grundy()
        .args(["eval", "equal-split", "12"])
        .assert()
        .success()
        .stdout(predicate::str::contains("split the heap of 12 into"));
    grundy()
        .args(["eval", "divisor", "12", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "replace the heap of 12 by a heap of",
        ));
}

#[test]
fn eval_json_for_heap_games() {
    let json: Value = serde_json::from_str(&stdout_of(&[
        "eval", "grundy", "20", "7", "--format", "json",
    ]))
    .unwrap();
    // G(20) = 0 and G(7) = 0 in Grundy's game (OEIS A002188).
    assert_eq!(json["value"], 0);
    assert_eq!(json["outcome"], "P");
    assert_eq!(json["winning_moves"].as_array().unwrap().len(), 0);
}

#[test]
fn games_lists_every_family() {
    let list = stdout_of(&["games"]);
    for name in [
        "nim",
        "kayles",
        "dawsons-kayles",
        "dawsons-chess",
        "grundy",
        "officers",
        "treblecross",
        "guiles",
        "sub:",
        "allbut:",
        "equal-split",
        "divisor",
        "script:",
        "graph:",
    ] {
        assert!(list.contains(name), "{name} missing from\n{list}");
    }
}

#[test]
fn games_fits_the_width() {
    for columns in ["60", "100"] {
        let out = grundy()
            .args(["games"])
            .env("COLUMNS", columns)
            .output()
            .unwrap();
        assert!(out.status.success());
        let list = String::from_utf8(out.stdout).unwrap();
        let width: usize = columns.parse().unwrap();
        for line in list.lines() {
            assert!(line.chars().count() <= width, "{columns}: {line:?}");
        }
        // Nothing is lost to wrapping: every description is all there.
        let words: Vec<&str> = list.split_whitespace().collect();
        assert!(
            words
                .windows(3)
                .any(|w| w == ["Grundy's", "game:", "split"]),
            "{list}"
        );
    }
}

#[test]
fn malformed_code_points_at_the_character() {
    let out = grundy().args(["seq", "0.7#7"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines[0].contains("'#'"), "{err}");
    let code_line = lines
        .iter()
        .position(|l| l.trim() == "0.7#7")
        .expect("the code is quoted");
    let caret = lines[code_line + 1].find('^').unwrap();
    assert_eq!(&lines[code_line][caret..=caret], "#");
}

#[test]
fn loopy_codes_and_unknown_games_are_errors() {
    grundy()
        .args(["seq", "12.3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("add tokens"));
    grundy()
        .args(["seq", "chess"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown game"));
    // A near miss names the nearest game, not the whole list.
    grundy()
        .args(["seq", "kayle"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("did you mean kayles?"))
        .stderr(predicate::str::contains("dawsons-chess").not());
    grundy()
        .args(["seq", "sub:0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("0"));
}

#[test]
fn scripts_from_the_command_line() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/kayles.rhai");
    let scripted = stdout_of(&[
        "seq",
        &format!("script:{script}"),
        "-n",
        "80",
        "--format",
        "json",
    ]);
    let builtin = stdout_of(&["seq", "kayles", "-n", "80", "--format", "json"]);
    let a: Value = serde_json::from_str(&scripted).unwrap();
    let b: Value = serde_json::from_str(&builtin).unwrap();
    assert_eq!(a["values"], b["values"]);
}

#[test]
fn huge_heaps_from_a_proved_period() {
    // Kayles has period 12 from 71 (7 4 1 2 8 1 4 7 2 1 8 2): 10^9 + 7 - 71 is a multiple of 12.
    let v = json_of(&["eval", "kayles", "1000000007", "5", "--format", "json"]);
    assert_eq!(v["component_values"], serde_json::json!([7, 4]));
    assert_eq!(v["outcome"], "N");
    // Listing every move of a heap of 10^9 is refused, and said so, for
    // that component only: the heap of 5 still gets its moves.
    let unlisted = v["winning_moves_unlisted"].as_array().unwrap();
    assert_eq!(unlisted.len(), 1);
    assert_eq!(unlisted[0]["component"], 0);
    assert!(unlisted[0]["reason"]
        .as_str()
        .unwrap()
        .contains("1000000007"));
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    // G(10^18) = 1 (10^18 - 71 = 5 mod 12): the heap of 5 (value 4) has the
    // winning move to a heap of 4 (value 1), listed beside the huge heap.
    let v = json_of(&[
        "eval",
        "kayles",
        "1000000000000000000",
        "5",
        "--format",
        "json",
    ]);
    assert_eq!(v["component_values"], serde_json::json!([1, 4]));
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m["component"] == 1 && m["from"] == 5));
    assert!(moves.iter().any(|m| m["to"] == serde_json::json!([4])));
    assert_eq!(v["winning_moves_unlisted"][0]["component"], 0);
    // A subtraction game has three moves from any heap: all are listed.
    let v = json_of(&[
        "eval",
        "sub:1,3,4",
        "1000000000000000000",
        "7",
        "--format",
        "json",
    ]);
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(moves.iter().any(|m| m["component"] == 0), "{v}");
    assert_eq!(v["winning_moves_unlisted"], Value::Null);
    // A heap within reach lists its moves, from the period as well.
    let out = grundy()
        .args(["eval", "kayles", "2000003", "--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(!v["winning_moves"].as_array().unwrap().is_empty());
    // Without a proved period, a huge heap is an error that says why.
    grundy()
        .args(["eval", "grundy", "5000000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no period"));
}

#[test]
fn impossible_counts_are_refused_up_front() {
    grundy()
        .args(["seq", "grundy", "-n", "2^50"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bytes of memory"));
}
