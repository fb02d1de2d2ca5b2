//! Games on graphs from the command line: `eval` of Node and Arc Kayles
//! positions, and `seq` over a family of boards numbered by size.

mod common;

use common::*;
use predicates::prelude::PredicateBooleanExt;
use serde_json::json;

/// The value of the sum `parts` (positions as a report writes them:
/// strings or numbers) in `game`, by `eval`; 0 when nothing is left.
fn value_of(game: &str, parts: &serde_json::Value) -> serde_json::Value {
    let parts: Vec<String> = parts
        .as_array()
        .unwrap()
        .iter()
        .map(|p| match p {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        })
        .collect();
    if parts.is_empty() {
        return serde_json::json!(0);
    }
    let mut args = vec!["eval", game];
    args.extend(parts.iter().map(String::as_str));
    args.extend(["--format", "json"]);
    json_of(&args)["value"].clone()
}

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
    // 3 x 43 has 129 vertices: past the limit, said before any search.
    grundy()
        .args(["seq", "node-kayles:grid:3xN", "-n", "44"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("at most 128 vertices"));
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
        assert_eq!(value_of("cram", &m["to"]), 0, "{words}");
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

/// `period` over a family of boards judges the boards' values, observed
/// only. Chomp 1xn is a Nim heap of n - 1 (period 1, saltus 1 from board
/// 1); Node Kayles on a star of n leaves is 1 for n odd and 2 for n even
/// from n = 1 (taking the centre empties the star; taking a leaf leaves
/// n - 1 lone vertices, worth their parity). A family's limit is said;
/// misère play is refused.
#[test]
fn period_over_board_families_is_observed() {
    let chomp = json_of(&["period", "chomp:1xN", "--max", "30", "--format", "json"]);
    assert_eq!(
        (&chomp["period"], &chomp["preperiod"], &chomp["saltus"]),
        (&json!(1), &json!(1), &json!(1)),
        "{chomp}"
    );
    assert_eq!(chomp["proved"], false);
    assert_eq!(chomp["values_computed"], 30);
    let star = json_of(&[
        "period",
        "node-kayles:star:N",
        "--max",
        "20",
        "--format",
        "json",
    ]);
    assert_eq!(
        (&star["period"], &star["preperiod"], &star["saltus"]),
        (&json!(2), &json!(1), &json!(0)),
        "{star}"
    );
    assert!(
        star["reason"].as_str().unwrap().contains("observed"),
        "{star}"
    );
    grundy()
        .args(["period", "cram:2xN", "--max", "40"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("at most 64 squares"));
    grundy()
        .args(["period", "cram:2xN", "--misere"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("normal play only"));
    grundy()
        .args(["period", "node-kayles:petersen"])
        .assert()
        .code(2);
}

/// A table bounded at 1 MiB replaces entries and still gives the value;
/// the report says how many it replaced and that it kept to the bound.
#[test]
fn a_small_table_replaces_entries_and_keeps_the_value() {
    // 5x7: its search keeps about 37,000 parts, more than the 32,768
    // slots of 32 bytes that fit 1 MiB.
    let small = json_of(&["eval", "cram", "5x7", "--tt-size", "1", "--format", "json"]);
    let large = json_of(&["eval", "cram", "5x7", "--format", "json"]);
    assert_eq!(small["value"], 1);
    assert_eq!(large["value"], 1);
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

/// `@FILE` reads a position from a graph file: the Petersen graph written
/// as a file has the value of the named `petersen`, in both games.
#[test]
fn graph_files_are_positions() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("petersen.txt");
    // Outer cycle o0..o4, inner pentagram i0..i4, spokes; each edge once.
    let mut text = String::new();
    for i in 0..5 {
        text += &format!("o{i}: o{} i{i}\n", (i + 1) % 5);
        text += &format!("i{i}: i{}\n", (i + 2) % 5);
    }
    std::fs::write(&path, text).unwrap();
    let file = format!("@{}", path.display());
    for game in ["node-kayles", "arc-kayles"] {
        let from_file = json_of(&["eval", game, &file, "--format", "json"]);
        let named = json_of(&["eval", game, "petersen", "--format", "json"]);
        assert_eq!(from_file["value"], named["value"], "{game}");
        assert_eq!(
            from_file["winning_moves"].as_array().map(Vec::len),
            named["winning_moves"].as_array().map(Vec::len),
            "{game}"
        );
    }
    // A misspelt neighbour names its line; a missing file is said.
    std::fs::write(&path, "a: b\nb: c\n").unwrap();
    grundy()
        .args(["eval", "node-kayles", &file])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("line 2").and(predicates::str::contains("'c'")));
    grundy()
        .args(["eval", "node-kayles", "@/no/such/graph.txt"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot read the position file"));
}

/// Green Hackenbush: each winning cut leaves a sum of value 0 (checked
/// by evaluating what it leaves), a file with a ground reads, and
/// `seq` over stalks is Nim.
#[test]
fn green_hackenbush_eval_seq_and_files() {
    let v = json_of(&[
        "eval",
        "green-hackenbush",
        "v6/0-1,1-2,2-0,2-3,3-4,4-5,5-3",
        "stalk:3",
        "--format",
        "json",
    ]);
    // The triangle at the ground fuses to 3 loops (*1) carrying a stalk of
    // one edge under a triangle (1 + 1 = 2): 1 xor 2 = 3, and 3 xor 3 = 0.
    assert_eq!(v["component_values"], serde_json::json!([3, 3]));
    // Valued by the theorem: nothing searched, no search reported.
    assert!(v.get("search").is_none(), "{v}");
    assert_eq!(v["outcome"], "P");
    let v = json_of(&[
        "eval",
        "green-hackenbush",
        "grid:3x3",
        "stalk:5",
        "--format",
        "json",
    ]);
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        assert_eq!(
            value_of("green-hackenbush", &m["result"]),
            0,
            "{}",
            m["description"]
        );
    }
    assert_eq!(
        seq_values("green-hackenbush:stalk:N", "20"),
        (0..20).collect::<Vec<u64>>()
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("drawing.txt");
    std::fs::write(
        &path,
        "top: left right\nleft: ground\nright: ground\nground:\nhat: top",
    )
    .unwrap();
    let file = format!("@{}", path.display());
    let v = json_of(&["eval", "green-hackenbush", &file, "--format", "json"]);
    assert_eq!(v["value"], 1);
    // Misère play is searched: a lone stalk of n > 1 is an N-position,
    // a single edge a P-position (its mover takes the last edge).
    for (text, outcome) in [("stalk:1", "P"), ("stalk:4", "N")] {
        let v = json_of(&[
            "eval",
            "green-hackenbush",
            text,
            "--misere",
            "--format",
            "json",
        ]);
        assert_eq!(v["outcome"], outcome, "{text}");
    }
}

/// `eval --outcome`: the outcome of the full evaluation, one winning move
/// (with its equivalent images) that leaves a P-position, no value; the
/// remoteness is refused alongside it.
#[test]
fn outcome_only_agrees_with_the_full_evaluation() {
    for (game, position) in [
        ("cram", "4x5"),
        ("cram", "4x4"),
        ("cram", "3x5"),
        ("chomp", "5x6"),
        ("node-kayles", "grid:3x5"),
        ("arc-kayles", "petersen"),
        ("green-hackenbush", "grid:2x3"),
        ("kayles", "9"),
    ] {
        let full = json_of(&["eval", game, position, "--format", "json"]);
        let alone = json_of(&["eval", game, position, "--outcome", "--format", "json"]);
        assert_eq!(alone["outcome"], full["outcome"], "{game} {position}");
        assert!(alone.get("value").is_none());
        let moves = alone["winning_moves"].as_array().unwrap();
        assert_eq!(
            moves.is_empty(),
            full["outcome"] == "P",
            "{game} {position}"
        );
        for m in moves {
            assert_eq!(
                value_of(game, &m["result"]),
                0,
                "{game} {}",
                m["description"]
            );
        }
    }
    grundy()
        .args(["eval", "cram", "3x3", "--outcome", "--remoteness"])
        .assert()
        .code(2);
}

/// A search killed (SIGKILL) while it keeps its solved parts in a file
/// resumes from them: the value is that of Cram 5x7 + 4x8 (1 + 0, as igs
/// computes them), the parts read are those the killed run flushed, and a
/// last line cut short is dropped. A cache of another game is refused.
/// (Chomp, the test's first game, is now valued by its table: no search.)
#[test]
fn a_killed_search_resumes_from_its_cache() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("sum.cache");
    let binary = assert_cmd::cargo::cargo_bin("grundy");
    let mut child = std::process::Command::new(&binary)
        .args(["eval", "cram", "5x7", "4x8", "--format", "json", "--cache"])
        .arg(&cache)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Killed once some parts are on disk (flushed every 2 s), or when it
    // ends on its own on a fast machine (then the resume reads them all).
    let started = std::time::Instant::now();
    loop {
        let lines = std::fs::read_to_string(&cache).map_or(0, |t| t.lines().count());
        if lines > 1 || child.try_wait().unwrap().is_some() {
            break;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(120),
            "no part was written"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().ok(); // SIGKILL: no chance to flush
    child.wait().unwrap();
    let kept = std::fs::read_to_string(&cache).unwrap();
    let complete = kept.matches('\n').count() - 1; // the header
    assert!(complete >= 1, "{kept}");
    // A line cut short, as a kill in the middle of a write leaves it.
    std::fs::write(&cache, format!("{kept}1 9 ..#/..")).unwrap();
    let with_cache = || {
        json_of(&[
            "eval",
            "cram",
            "5x7",
            "4x8",
            "--format",
            "json",
            "--cache",
            cache.to_str().unwrap(),
        ])
    };
    let resumed = with_cache();
    assert_eq!(resumed["value"], 1);
    assert_eq!(resumed["search"]["cache_loaded"], complete, "{resumed}");
    // The file is whole again and holds the parts the resumed run found.
    let again = std::fs::read_to_string(&cache).unwrap();
    assert!(
        again.ends_with('\n') && !again.contains("..#/..\n"),
        "{again}"
    );
    let third = with_cache();
    assert_eq!(third["value"], 1);
    assert!(
        third["search"]["positions"].as_u64() < resumed["search"]["positions"].as_u64(),
        "{third} {resumed}"
    );
    grundy()
        .args(["eval", "chomp", "3x3", "--cache"])
        .arg(&cache)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("not a cache of 'chomp'"));
    // A P-position answered from the cache alone (no position searched)
    // still reports its search and the parts read.
    let board = dir.path().join("cram.cache");
    let cram = |run: &str| {
        let v = json_of(&[
            "eval",
            "cram",
            "5x5",
            "--format",
            "json",
            "--cache",
            board.to_str().unwrap(),
        ]);
        assert_eq!(v["value"], 0, "{run}: {v}");
        v["search"].clone()
    };
    let first = cram("first");
    let again = cram("again");
    assert_eq!(again["positions"], 0, "{again}");
    assert_eq!(
        again["cache_loaded"], first["cache_appended"],
        "{first} {again}"
    );
    assert!(again["cache_loaded"].as_u64() > Some(0), "{again}");
    // Issue 52: each line carries a check. A value changed by one digit
    // was believed (4 winning moves instead of 5, and wrong parts appended
    // after it); it is refused with its line, and nothing is appended.
    let text = std::fs::read_to_string(&board).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let fields: Vec<&str> = lines[1].splitn(3, ' ').collect();
    let changed = fields[1].parse::<u64>().unwrap() ^ 1;
    lines[1] = format!("{} {changed} {}", fields[0], fields[2]);
    let damaged = lines.join("\n") + "\n";
    std::fs::write(&board, &damaged).unwrap();
    grundy()
        .args(["eval", "cram", "5x5", "--cache"])
        .arg(&board)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "line 2: its check does not match",
        ));
    assert_eq!(std::fs::read_to_string(&board).unwrap(), damaged);
    std::fs::write(&cache, "# grundy search cache 1: cram\n9 3x3\n").unwrap();
    grundy()
        .args(["eval", "cram", "3x3", "--cache"])
        .arg(&cache)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("written by an older grundy"));
}

/// A Cram board clearly beyond the search's reach is refused up front
/// with the estimate (7x7: hours); a board the half turn decides is
/// answered at once however large (8x8: P, 6x8: P); a search of a few
/// seconds is announced, not refused.
#[test]
fn boards_beyond_reach_are_refused_up_front() {
    let started = std::time::Instant::now();
    grundy()
        .args(["eval", "cram", "7x7"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("would take about"))
        .stderr(predicates::str::contains("--allow-long"));
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    for board in ["8x8", "6x8"] {
        let report = json_of(&["eval", "cram", board, "--format", "json"]);
        assert_eq!(report["value"], 0, "{board}: {report}");
        // Nothing searched: no search to report, or one of no positions.
        let searched = report["search"]["positions"].as_u64().unwrap_or(0);
        assert_eq!(searched, 0, "{board}: {report}");
    }
    // 5x8: about 5 s (value 1, and its winning moves).
    grundy()
        .args(["eval", "cram", "5x8"])
        .assert()
        .success()
        .stderr(predicates::str::contains("will take about"));
}

/// Issue 51: the searches of graphs and Chomp diagrams are estimated up
/// front too, from a probe of growing parts of the position (they ran
/// silently for days): Node Kayles on a 5x20 grid and Chomp on 20x20
/// are refused at once with the estimate, a Chomp table of a second or
/// two is estimated, and a quick search says nothing of time.
#[test]
fn graph_and_chomp_searches_beyond_reach_are_refused_up_front() {
    for (game, position) in [("node-kayles", "grid:5x20"), ("chomp", "20x20")] {
        let started = std::time::Instant::now();
        grundy()
            .args(["eval", game, position])
            .assert()
            .code(2)
            .stderr(predicates::str::contains("would take about"))
            .stderr(predicates::str::contains("--allow-long"));
        assert!(
            started.elapsed() < std::time::Duration::from_secs(5),
            "{game} {position}"
        );
    }
    // 12x12: a table of 2.7 million diagrams, about 1.5 s (too short to
    // announce; --verbose shows every estimate).
    let estimated = grundy()
        .args(["eval", "chomp", "12x12", "--verbose"])
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&estimated.get_output().stderr).to_string();
    assert!(stderr.contains("grundy: estimated "), "{stderr}");
    for (game, position) in [("node-kayles", "petersen"), ("arc-kayles", "grid:4x4")] {
        grundy()
            .args(["eval", game, position])
            .assert()
            .success()
            .stderr(predicates::str::contains("take about").not());
    }
}

/// Ctrl-C during a search says how far it got: the positions searched,
/// and with `--cache` the solved parts written out (every one of them in
/// the file, read back by the next run); without, how to keep them.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_search_saying_how_far_it_got() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("nk.cache");
    // Node Kayles on a 3x28 grid: minutes of search.
    let spawn = |cache: Option<&std::path::Path>| {
        let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"));
        command.args(["eval", "node-kayles", "grid:3x28"]);
        if let Some(cache) = cache {
            command.arg("--cache").arg(cache);
        }
        command
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let child = spawn(None);
    std::thread::sleep(std::time::Duration::from_millis(500));
    let message = interrupted(child);
    assert!(
        message.contains("stopped: interrupted (Ctrl-C); ")
            && message.contains(" positions searched; with --cache FILE"),
        "{message}"
    );
    // With a cache: once a part is written, Ctrl-C; then the count said
    // is the count in the file, and the next run reads them all.
    let appended_in = |message: &str| -> usize {
        let before = message
            .split(" solved parts appended to ")
            .next()
            .unwrap_or_default();
        before
            .rsplit(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{message}"))
    };
    let parts_in_file =
        || std::fs::read_to_string(&cache).map_or(0, |t| t.lines().count().saturating_sub(1));
    let child = spawn(Some(&cache));
    let started = std::time::Instant::now();
    while parts_in_file() == 0 {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(120),
            "no part was written"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let message = interrupted(child);
    let appended = appended_in(&message);
    assert!(message.contains("(0 read before)"), "{message}");
    assert_eq!(appended, parts_in_file(), "{message}");
    let child = spawn(Some(&cache));
    std::thread::sleep(std::time::Duration::from_millis(500));
    let message = interrupted(child);
    assert!(
        message.contains(&format!("({appended} read before)")),
        "{message}"
    );
    assert!(!message.contains("with --cache FILE"), "{message}");
}
