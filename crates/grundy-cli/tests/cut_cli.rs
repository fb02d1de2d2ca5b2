//! `grundy table` and `grundy eval` on cutting games.

mod common;

use common::*;

use predicates::prelude::*;
use serde_json::Value;

#[test]
fn table_formats() {
    let out = grundy()
        .args(["table", "cut:3", "--max", "6", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let boxes = v["boxes"].as_array().unwrap();
    // Sorted triples with sides 1..=6: C(8, 3) = 56.
    assert_eq!(boxes.len(), 56);
    assert_eq!(boxes[0]["sides"], serde_json::json!([1, 1, 1]));
    assert_eq!(boxes[0]["value"], 1);
    let csv = String::from_utf8(
        grundy()
            .args(["table", "cut:2", "--max", "5", "--format", "csv"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert_eq!(csv.lines().next(), Some("side1,side2,value"));
    assert_eq!(csv.lines().count(), 1 + 15);
    grundy()
        .args(["table", "cut:2", "--max", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("x\\y"));
}

#[test]
fn eval_cut_names_cells_and_boxes() {
    let v = json_of(&["eval", "cut:3", "30x30x30", "4x5x6", "--format", "json"]);
    assert_eq!(v["position"], serde_json::json!([[30, 30, 30], [4, 5, 6]]));
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.is_empty(), v["value"] == 0);
    for m in moves {
        assert!(m["description"].as_str().unwrap().starts_with("cut cell ("));
    }
    grundy()
        .args(["eval", "cut:3", "30x30"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("3 sides"));
    grundy()
        .args(["table", "kayles", "--max", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cutting games"));
}

#[test]
fn table_matches_the_textbook_baseline_output() {
    // The same lines as the textbook example prints, in the same order.
    let ours = grundy()
        .args(["table", "cut:3", "--max", "8"])
        .output()
        .unwrap()
        .stdout;
    let text = String::from_utf8(ours).unwrap();
    let first: Vec<&str> = text.lines().take(3).collect();
    assert!(first[0].starts_with("# cut:3"));
    assert_eq!(first[1], "1x1x1 1");
    assert_eq!(text.lines().count(), 1 + 120);
}
