//! `grundy table` and `grundy eval` on cutting games.

mod common;

use common::*;

use predicates::prelude::*;
use std::collections::{HashMap, HashSet};

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

/// The cell of a cut description, "cut cell (a, b, c) of ...".
fn described_cell(description: &str) -> Vec<u32> {
    let inside = &description[description.find('(').unwrap() + 1..description.find(')').unwrap()];
    inside.split(", ").map(|a| a.parse().unwrap()).collect()
}

/// The cells of a box that a symmetry of the box (a reflection of each
/// side, a permutation of equal sides) maps `cell` onto: the orbit,
/// written out by brute force over every permutation and reflection.
fn orbit(sides: &[u32], cell: &[u32]) -> HashSet<Vec<u32>> {
    let d = sides.len();
    let mut perms: Vec<Vec<usize>> = vec![vec![]];
    for _ in 0..d {
        let mut longer = Vec::new();
        for p in &perms {
            for i in (0..d).filter(|i| !p.contains(i)) {
                let mut q = p.clone();
                q.push(i);
                longer.push(q);
            }
        }
        perms = longer;
    }
    let mut cells = HashSet::new();
    for perm in perms
        .iter()
        .filter(|p| (0..d).all(|i| sides[p[i]] == sides[i]))
    {
        for flips in 0..1u32 << d {
            let image: Vec<u32> = (0..d)
                .map(|i| {
                    let a = cell[perm[i]];
                    if flips >> i & 1 == 1 {
                        sides[i] + 1 - a
                    } else {
                        a
                    }
                })
                .collect();
            cells.insert(image);
        }
    }
    cells
}

#[test]
fn winning_cuts_are_grouped_by_the_whole_symmetry_group_and_numbered_from_one() {
    // Values of every box up to 6 from the table, then the winning cells
    // of 6x6x6 + 1x2x3 by the rule itself with cells numbered from 1:
    // cell c of a side x leaves pieces of sides c - 1 and x - c.
    let table = json_of(&["table", "cut:3", "--max", "6", "--format", "json"]);
    let mut value: HashMap<Vec<u32>, u64> = HashMap::new();
    for b in table["boxes"].as_array().unwrap() {
        let mut sides: Vec<u32> = serde_json::from_value(b["sides"].clone()).unwrap();
        sides.sort_unstable();
        value.insert(sides, b["value"].as_u64().unwrap());
    }
    let box_value = |sides: &[u32]| -> u64 {
        if sides.contains(&0) {
            return 0;
        }
        let mut sorted = sides.to_vec();
        sorted.sort_unstable();
        value[&sorted]
    };
    let sum = [vec![6u32, 6, 6], vec![1, 2, 3]];
    let total = sum.iter().fold(0, |x, b| x ^ box_value(b));
    assert_ne!(total, 0, "the test wants an N-position");
    let mut expected: HashSet<(usize, Vec<u32>)> = HashSet::new();
    for (component, sides) in sum.iter().enumerate() {
        let rest = total ^ box_value(sides);
        for a in 1..=sides[0] {
            for b in 1..=sides[1] {
                for c in 1..=sides[2] {
                    let cell = [a, b, c];
                    let mut after = 0;
                    for choice in 0..8u32 {
                        let piece: Vec<u32> = (0..3)
                            .map(|i| {
                                if choice >> i & 1 == 0 {
                                    cell[i] - 1
                                } else {
                                    sides[i] - cell[i]
                                }
                            })
                            .collect();
                        after ^= box_value(&piece);
                    }
                    if after == rest {
                        expected.insert((component, cell.to_vec()));
                    }
                }
            }
        }
    }
    let v = json_of(&["eval", "cut:3", "6x6x6", "1x2x3", "--format", "json"]);
    let moves = v["winning_moves"].as_array().unwrap();
    let listed: HashSet<(usize, Vec<u32>)> = moves
        .iter()
        .map(|m| {
            let component = m["component"].as_u64().unwrap() as usize;
            (
                component,
                described_cell(m["description"].as_str().unwrap()),
            )
        })
        .collect();
    assert_eq!(listed.len(), moves.len(), "a cut listed twice");
    assert_eq!(listed, expected);
    // One representative per orbit, each followed by the rest of its orbit.
    let mut orbits: HashSet<(usize, Vec<Vec<u32>>)> = HashSet::new();
    for (component, cell) in &expected {
        let mut cells: Vec<Vec<u32>> = orbit(&sum[*component], cell).into_iter().collect();
        cells.sort();
        orbits.insert((*component, cells));
    }
    let representatives: Vec<&Value> = moves
        .iter()
        .filter(|m| m["representative"] != false)
        .collect();
    assert_eq!(representatives.len(), orbits.len());
    let mut i = 0;
    while i < moves.len() {
        let component = moves[i]["component"].as_u64().unwrap() as usize;
        let first = described_cell(moves[i]["description"].as_str().unwrap());
        let class = orbit(&sum[component], &first);
        let mut j = i + 1;
        while j < moves.len() && moves[j]["representative"] == false {
            assert!(class.contains(&described_cell(moves[j]["description"].as_str().unwrap())));
            j += 1;
        }
        let size = class
            .iter()
            .filter(|c| expected.contains(&(component, c.to_vec())))
            .count();
        assert_eq!(j - i, size, "the class of {first:?} is listed whole");
        i = j;
    }
    let cube = representatives.iter().find(|m| m["component"] == 0);
    {
        let cube = cube.expect("winning cuts in the cube");
        assert!(cube["symmetry"]
            .as_str()
            .unwrap()
            .starts_with("the 48 symmetries of the 6x6x6 box"));
    }
    grundy()
        .args(["eval", "cut:3", "6x6x6", "1x2x3"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "up to symmetry, each followed by its images under",
        ));
}
