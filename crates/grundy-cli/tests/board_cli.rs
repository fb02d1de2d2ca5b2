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
    let published = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3];
    let values = seq_values("node-kayles:grid:3xN", "12");
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
