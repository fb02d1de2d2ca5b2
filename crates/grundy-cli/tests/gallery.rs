//! The gallery of games written as scripts (`examples/*.rhai` with `fn
//! moves(p)`): every command its header shows runs as written from the
//! repository's root, and what each prints is checked against the
//! game's theorem (cited in the script: Wythoff's pairs, Kayles's values,
//! Lasker's Nim, the subtraction game, staircase Nim, Moore's Nim_2, the
//! king's P-positions) or against the built-in family it re-writes (Node
//! Kayles on paths, Green Hackenbush on trees).

mod common;

use std::path::PathBuf;

use common::{grundy, json_of};
use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `script:` and the example's path.
fn example(name: &str) -> String {
    format!("script:{}", root().join("examples").join(name).display())
}

/// The words of a command line as a shell splits them (quotes kept
/// together and removed).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut started = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                started = true;
            }
            (None, c) if c.is_whitespace() => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            (None, c) => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// The scripts of the gallery: those that define `fn moves(p)`.
fn gallery() -> Vec<PathBuf> {
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(root().join("examples"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "rhai"))
        .filter(|path| std::fs::read_to_string(path).unwrap().contains("fn moves("))
        .collect();
    scripts.sort();
    scripts
}

#[test]
fn every_command_the_gallery_shows_runs_as_written() {
    let scripts = gallery();
    assert!(scripts.len() >= 9, "{scripts:?}");
    for script in scripts {
        let text = std::fs::read_to_string(&script).unwrap();
        let commands: Vec<Vec<String>> = text
            .lines()
            .filter_map(|line| line.trim_start_matches("//").trim().strip_prefix("grundy "))
            .map(shell_words)
            .collect();
        assert!(
            !commands.is_empty(),
            "{} shows no command",
            script.display()
        );
        for args in commands {
            let out = grundy().current_dir(root()).args(&args).output().unwrap();
            assert!(
                out.status.success() && !out.stdout.is_empty(),
                "{}: grundy {args:?}: {}",
                script.display(),
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

fn values(spec: &str, count: usize) -> Vec<u64> {
    json_of(&["seq", spec, "-n", &count.to_string(), "--format", "json"])["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

fn outcome(spec: &str, positions: &[&str]) -> String {
    let mut args = vec!["eval", spec];
    args.extend(positions);
    args.extend(["--format", "json"]);
    json_of(&args)["outcome"].as_str().unwrap().to_owned()
}

fn table(spec: &str, max: u64) -> Vec<Vec<u64>> {
    json_of(&["table", spec, "--max", &max.to_string(), "--format", "json"])["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            row.as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .collect()
        })
        .collect()
}

#[test]
fn the_sequences_are_the_theorems() {
    // Kayles (code 0.77), the same values as the built-in family.
    assert_eq!(
        values(&example("kayles-word.rhai"), 60),
        values("kayles", 60)
    );
    // Lasker's Nim: 4j+1, 4j+2, 4j+4, 4j+3.
    let lasker: Vec<u64> = (0..40u64)
        .map(|n| match n % 4 {
            0 if n > 0 => n - 1,
            3 => n + 1,
            _ => n,
        })
        .collect();
    assert_eq!(values(&example("lasker-nim.rhai"), 40), lasker);
    // Take 1 to 4: n mod 5.
    let tutorial: Vec<u64> = (0..40).map(|n| n % 5).collect();
    assert_eq!(values(&example("take-up-to-four.rhai"), 40), tutorial);
    // Node Kayles on paths, as the built-in family numbers them.
    assert_eq!(
        values(&example("node-kayles.rhai"), 16),
        values("node-kayles:path:N", 16)
    );
}

#[test]
fn the_tables_are_the_theorems() {
    // Wythoff: the P-positions are (⌊kφ⌋, ⌊kφ²⌋) and their mirrors.
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut pairs = std::collections::BTreeSet::new();
    for k in 0..20u64 {
        let (a, b) = ((k as f64 * phi) as u64, (k as f64 * phi * phi) as u64);
        pairs.insert((a, b));
        pairs.insert((b, a));
    }
    for (x, row) in table(&example("wythoff-pairs.rhai"), 20).iter().enumerate() {
        for (y, &value) in row.iter().enumerate() {
            assert_eq!(
                value == 0,
                pairs.contains(&(x as u64, y as u64)),
                "({x},{y})"
            );
        }
    }
    // The king: P exactly when both coordinates are even.
    for (r, row) in table(&example("king-to-corner.rhai"), 11)
        .iter()
        .enumerate()
    {
        for (c, &value) in row.iter().enumerate() {
            assert_eq!(value == 0, r % 2 == 0 && c % 2 == 0, "({r},{c})");
        }
    }
}

#[test]
fn the_outcomes_are_the_theorems() {
    // Staircase Nim: P exactly when the odd steps XOR to 0.
    for a in 0..4 {
        for b in 0..3 {
            for c in 0..4 {
                let position = format!("({a},{b},{c})");
                let p = a ^ c == 0;
                assert_eq!(
                    outcome(&example("staircase-nim.rhai"), &[&position]),
                    if p { "P" } else { "N" },
                    "{position}"
                );
            }
        }
    }
    // Moore's Nim_2: P exactly when every binary place has a multiple of
    // 3 ones; beside the compound's own answer for Nim heaps.
    for heaps in 0..27u64 {
        let h = [heaps % 3, heaps / 3 % 3, heaps / 9];
        let p = (0..2).all(|bit| h.iter().filter(|&&x| x >> bit & 1 == 1).count() % 3 == 0);
        let position = format!("({},{},{})", h[0], h[1], h[2]);
        let expected = if p { "P" } else { "N" };
        assert_eq!(
            outcome(&example("moore-nim.rhai"), &[&position]),
            expected,
            "{position}"
        );
        let texts: Vec<String> = h.iter().map(u64::to_string).collect();
        let mut args = vec!["eval", "--compound", "moore:2", "nim"];
        args.extend(texts.iter().map(String::as_str));
        args.extend(["--format", "json"]);
        assert_eq!(
            json_of(&args)["outcome"],
            Value::from(expected),
            "{position}"
        );
    }
}

/// A forest written as the Hackenbush script reads it, and as the
/// built-in family does (vertex 0 the ground).
fn forest(pick: &mut impl FnMut(usize) -> usize, depth: usize) -> String {
    let count = if depth == 0 { 1 + pick(3) } else { pick(3) };
    let trees: Vec<String> = (0..count)
        .map(|_| {
            if depth >= 2 {
                "[]".to_owned()
            } else {
                forest(pick, depth + 1)
            }
        })
        .collect();
    format!("[{}]", trees.join(","))
}

fn edges(text: &Value, below: usize, next: &mut usize, out: &mut Vec<String>) {
    for tree in text.as_array().unwrap() {
        *next += 1;
        let top = *next;
        out.push(format!("{below}-{top}"));
        edges(tree, top, next, out);
    }
}

#[test]
fn hackenbush_trees_have_the_built_in_values() {
    let mut seed = 9u64;
    let mut pick = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for _ in 0..15 {
        let text = forest(&mut pick, 0);
        let mut list = Vec::new();
        let mut next = 0;
        edges(
            &serde_json::from_str(&text).unwrap(),
            0,
            &mut next,
            &mut list,
        );
        let drawing = format!("v{}/{}", next + 1, list.join(","));
        let value = |spec: &str, position: &str| {
            json_of(&["eval", spec, position, "--format", "json"])["value"].clone()
        };
        assert_eq!(
            value(&example("hackenbush-tree.rhai"), &text),
            value("green-hackenbush", &drawing),
            "{text} = {drawing}"
        );
    }
}

/// A game on any positions solved whole on timely-dataflow: the state
/// space of a Wythoff pair as the script lists it, read back from the
/// database; a loopy script's draws likewise.
#[test]
fn a_script_s_state_space_is_solved_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("pairs.db");
    let db_arg = db.to_str().unwrap();
    let spec = example("wythoff-pairs.rhai");
    common::stdout_of(&["solve", "--out", db_arg, &spec, "(4,6)"]);
    let answer = json_of(&["db", db_arg, "(4,6)", "(3,5)", "--format", "json"]);
    let vertices = answer["vertices"].as_array().unwrap();
    // (4,6) is worth 9 (Wythoff's table); (3,5) is a P-position.
    assert_eq!(vertices[0]["value"], 9, "{answer}");
    assert_eq!(vertices[1]["outcome"], "P", "{answer}");
    // Windup 5:1,4 as a script: 1..4 step up or down, 0 ends.
    let script = dir.path().join("loop.rhai");
    std::fs::write(
        &script,
        "fn moves(p) { if p == 0 { [] } else { [(p + 1) % 5, p - 1] } }",
    )
    .unwrap();
    let db = dir.path().join("loop.db");
    let spec = format!("script:{}", script.display());
    common::stdout_of(&[
        "solve",
        "-w",
        "2",
        "--out",
        db.to_str().unwrap(),
        &spec,
        "3",
    ]);
    let answer = json_of(&["db", db.to_str().unwrap(), "3", "--format", "json"]);
    assert_eq!(answer["vertices"][0]["outcome"], "D", "{answer}");
}
