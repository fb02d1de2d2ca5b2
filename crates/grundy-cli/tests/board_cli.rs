//! Games on graphs from the command line: `eval` of Node and Arc Kayles
//! positions, and `seq` over a family of boards numbered by size.

mod common;

use common::*;

fn seq_values(spec: &str, count: &str) -> Vec<u64> {
    let v = json_of(&["seq", spec, "-n", count, "--format", "json"]);
    v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

/// OEIS A316632 (Node Kayles on the 3 x n lattice; Brown et al., J.
/// Integer Sequences 23 (2020), Article 20.3.5), after board 0 (empty).
#[test]
fn seq_over_lattices_matches_oeis_a316632() {
    // Every term OEIS lists (n = 1..16).
    let published = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];
    let values = seq_values("node-kayles:grid:3xN", "17");
    assert_eq!(values[0], 0);
    assert_eq!(&values[1..], &published);
}

/// Arc Kayles on paths is Dawson's Kayles: the family's sequence equals
/// the octal engine's.
#[test]
fn seq_over_paths_matches_the_octal_engine() {
    let octal = seq_values("0.07", "40");
    assert_eq!(seq_values("arc-kayles:path:N", "40"), octal);
    let chess = seq_values("0.137", "40");
    assert_eq!(seq_values("node-kayles:path:N", "40"), chess);
}

#[test]
fn families_need_one_n_and_graphs_fit() {
    grundy()
        .args(["seq", "node-kayles:grid:3x4"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("write one N"));
    // 3 x 22 has 66 vertices: past the limit, said.
    grundy()
        .args(["seq", "node-kayles:grid:3xN", "-n", "23"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("at most 64 vertices"));
    let v = json_of(&[
        "eval",
        "node-kayles",
        "grid:3x4",
        "path:5",
        "--format",
        "json",
    ]);
    // 0 xor G(path:5) = 3 (0.137).
    assert_eq!(v["value"], 3);
}

/// Cram from the command line: the value of Beling's table, every winning
/// domino named, and each checked by evaluating what it leaves.
#[test]
fn cram_eval_names_dominoes_that_win() {
    let report = json_of(&["eval", "cram", "4x5", "--format", "json"]);
    assert_eq!(report["value"], 2);
    assert!(report["search"]["positions"].as_u64().unwrap() > 0);
    let moves = report["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let words = m["description"].as_str().unwrap();
        assert!(words.starts_with("domino "), "{words}");
        let left: Vec<String> = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap().to_owned())
            .collect();
        if left.is_empty() {
            continue;
        }
        let mut args = vec!["eval", "cram"];
        args.extend(left.iter().map(String::as_str));
        args.extend(["--format", "json"]);
        assert_eq!(json_of(&args)["value"], 0, "{words}");
    }
}

#[test]
fn cram_refuses_bad_boards_clearly() {
    let out = grundy().args(["eval", "cram", "..z/..."]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("'z'") && err.contains("character 3"), "{err}");
    let out = grundy().args(["eval", "cram", "9x9"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("64 squares"));
}

/// `seq cram:2xN`: boards 2 x n with n even are P-positions (the central
/// symmetry), so every other value is 0.
#[test]
fn seq_over_cram_boards() {
    let values = seq_values("cram:2xN", "9");
    for n in (0..9).step_by(2) {
        assert_eq!(values[n], 0, "2x{n}");
    }
    assert!(values.iter().skip(1).step_by(2).all(|&v| v != 0));
}

/// A table bounded at 1 MiB replaces entries and still gives the value;
/// the report says how many it replaced and that it kept to the bound.
#[test]
fn a_small_table_replaces_entries_and_keeps_the_value() {
    let small = json_of(&["eval", "cram", "4x7", "--tt-size", "1", "--format", "json"]);
    let large = json_of(&["eval", "cram", "4x7", "--format", "json"]);
    assert_eq!(small["value"], 3);
    assert_eq!(large["value"], 3);
    assert_eq!(small["winning_moves"], large["winning_moves"]);
    let search = &small["search"];
    assert!(search["replaced"].as_u64().unwrap() > 0, "{search}");
    assert!(
        search["table_bytes"].as_u64().unwrap() <= 1 << 20,
        "{search}"
    );
    assert_eq!(large["search"]["replaced"], 0);
}

/// Chomp from the command line: a 2 x n bar's winning move leaves rows n
/// and n - 1 (the two-row P-positions), and `seq chomp:1xN` is Nim.
#[test]
fn chomp_eval_and_seq() {
    let report = json_of(&["eval", "chomp", "2x6", "--format", "json"]);
    assert_eq!(report["outcome"], "N");
    let moves = report["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{moves:?}");
    // What is left is kept as the lesser of the diagram and its
    // transpose: 6,5 read by columns.
    let left = moves[0]["to"][0].as_str().unwrap();
    assert!(left == "6,5" || left == "2,2,2,2,2,1", "{left}");
    assert!(moves[0]["description"]
        .as_str()
        .unwrap()
        .starts_with("take f2"));
    let values = seq_values("chomp:1xN", "12");
    let nim: Vec<u64> = (0..12).map(|n: u64| n.saturating_sub(1)).collect();
    assert_eq!(values, nim);
    let out = grundy().args(["eval", "chomp", "3,5"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("never grow"));
}

/// `play` lists each domino once, by its own squares, even where several
/// dominoes leave the same regions (mirror images): 2x3 has 4 across and
/// 3 down.
#[test]
fn play_names_every_domino_once() {
    let out = grundy()
        .args(["play", "cram", "2x3"])
        .write_stdin("q\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let mut dominoes: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once(". domino ").map(|(_, rest)| rest))
        .map(|rest| rest.split(',').next().unwrap())
        .collect();
    assert_eq!(dominoes.len(), 7, "{text}");
    dominoes.sort_unstable();
    dominoes.dedup();
    assert_eq!(
        dominoes,
        ["a1-a2", "a1-b1", "a2-b2", "b1-b2", "b1-c1", "b2-c2", "c1-c2"]
    );
}
