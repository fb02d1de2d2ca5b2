//! `period`, `value`, `check`, `analyze` and `plot` as a user runs them.

mod common;

use common::*;

use std::time::{Duration, Instant};

use predicates::prelude::*;
use serde_json::Value;

#[test]
fn period_json_shape() {
    let v = json_of(&["period", "kayles", "--format", "json"]);
    assert_eq!(v["game"], "kayles");
    assert_eq!(v["preperiod"], 71);
    assert_eq!(v["period"], 12);
    assert_eq!(v["saltus"], 0);
    assert_eq!(v["proved"], true);
    assert!(v["reason"].as_str().unwrap().contains("Guy-Smith"));
    assert!(v["values_computed"].as_u64().unwrap() >= 170);
}

#[test]
fn period_not_found_is_null() {
    let v = json_of(&["period", "grundy", "--max", "2^12", "--format", "json"]);
    assert_eq!(v["period"], Value::Null);
    assert_eq!(v["proved"], false);
    assert_eq!(v["values_computed"], 4096);
}

#[test]
fn value_of_a_huge_heap_is_instant() {
    let start = Instant::now();
    let v = json_of(&["value", "kayles", "1000000000000000000", "--format", "json"]);
    assert!(start.elapsed() < Duration::from_secs(20));
    // 10^18 - 71 = 12q + r with r = (10^18 - 71) mod 12; the period
    // 7 4 1 2 8 1 4 7 2 1 8 2 starts at 71 (OEIS A002186).
    let period = [7u64, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2];
    let r = ((1_000_000_000_000_000_000u64 - 71) % 12) as usize;
    assert_eq!(v["value"], period[r]);
    grundy()
        .args(["value", "kayles", "18446744073709551615"])
        .assert()
        .success();
}

#[test]
fn value_agrees_with_seq() {
    let seq = json_of(&["seq", "dawsons-chess", "-n", "3000", "--format", "json"]);
    for n in [0u64, 5, 51, 52, 999, 2999] {
        let v = json_of(&["value", "dawsons-chess", &n.to_string(), "--format", "json"]);
        assert_eq!(v["value"], seq["values"][n as usize], "n = {n}");
    }
}

#[test]
fn value_refuses_what_it_cannot_know() {
    // No theorem proves a period of a code with `!`: refused at once,
    // before any value is computed (it took 32 s before it said so; the
    // words are the up-front check's own).
    grundy()
        .args(["value", "grundy", "1000000000000"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("no theorem here can prove a period")
                .and(predicate::str::contains("--max")),
        );
    // A code whose period a theorem proves, past what the limit allows.
    grundy()
        .args(["value", "0.16", "1000000000000", "--max", "2^6"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("no period is proved").and(predicate::str::contains("--max")),
        );
    // Within reach it is computed directly, proof or not.
    grundy()
        .args(["value", "grundy", "20"])
        .assert()
        .success()
        .stdout(predicate::str::contains("G(20) = 0"));
}

#[test]
fn check_holds_and_fails() {
    let closed_form =
        "if n == 0 { 0 } else if n % 2 == 1 { omega(n) } else { 1 + omega(odd_part(n)) }";
    grundy()
        .args([
            "check",
            "equal-split",
            "--formula",
            closed_form,
            "-n",
            "5000",
        ])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("holds for all n < 5000"));
    // Ω(n) alone is wrong first at n = 2 (G(2) = 1, Ω(2) = 1... so at 4: G(4) = 1, Ω(4) = 2).
    let out = grundy()
        .args([
            "check",
            "equal-split",
            "--formula",
            "omega(n)",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["holds"], false);
    assert_eq!(v["counterexample"]["n"], 4);
    assert_eq!(v["counterexample"]["value"], 1);
    assert_eq!(v["counterexample"]["formula"], 2);
    grundy()
        .args(["check", "equal-split", "--formula", "omega(n"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("does not parse"));
    grundy()
        .args(["check", "equal-split", "--formula", "undefined_helper(n)"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("undefined_helper"));
}

#[test]
fn analyze_reports_and_plots() {
    let dir = tempfile::tempdir().unwrap();
    let plot = dir.path().join("kayles.svg");
    grundy()
        .args(["analyze", "kayles", "--plot"])
        .arg(&plot)
        .assert()
        .success()
        .stdout(predicate::str::contains("period 12 from n = 71, proved"))
        .stdout(predicate::str::contains(
            "0 3 6 9 11 15 18 21 22 28 34 39 57 70",
        ))
        .stdout(predicate::str::contains("largest:     G(27) = 8"))
        .stdout(predicate::str::contains(plot.display().to_string()));
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.starts_with("<svg"));
    assert!(svg.matches("<circle").count() > 100);
    let v = json_of(&[
        "analyze",
        "officers",
        "--plot",
        dir.path().join("o.svg").to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(v["proved"], false);
    assert!(v["rare"]["count"].as_u64().unwrap() > 0);
}

#[test]
fn plot_without_output_writes_where_analyze_would() {
    let dir = tempfile::tempdir().unwrap();
    for (args, file) in [
        (&["plot", "kayles", "-n", "100"][..], "kayles.svg"),
        (
            &["plot", "kayles", "-n", "50", "--misere"][..],
            "kayles-misere.svg",
        ),
    ] {
        grundy()
            .current_dir(dir.path())
            .args(args)
            .assert()
            .success()
            .stderr(predicate::str::contains(format!("wrote {file}")));
        let bytes = std::fs::read(dir.path().join(file)).unwrap();
        assert!(bytes.starts_with(b"<svg"), "{file}");
    }
}

#[test]
fn plot_png_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["g.png", "g.svg"] {
        let path = dir.path().join(name);
        grundy()
            .args(["plot", "grundy", "-n", "2000", "-o"])
            .arg(&path)
            .assert()
            .success();
        let bytes = std::fs::read(&path).unwrap();
        if name.ends_with("png") {
            assert_eq!(&bytes[1..4], b"PNG");
        } else {
            assert!(bytes.starts_with(b"<svg"));
        }
    }
    grundy()
        .args(["plot", "kayles", "-o"])
        .arg(dir.path().join("g.gif"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(".svg or .png"));
}

/// Issue 51: one rule for every file grundy writes, as `seq --out` keeps
/// it. A plot replaces a plot of the same game (re-running `analyze` or
/// `plot`); a file of anything else is kept and the refusal says so,
/// unless `--force`. In SVG and PNG alike.
#[test]
fn plots_replace_only_their_own_files() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["p.svg", "p.png"] {
        let path = dir.path().join(name);
        let plot = |spec: &str, extra: &[&str]| {
            let mut command = grundy();
            command
                .args(["plot", spec, "-n", "40", "-o"])
                .arg(&path)
                .args(extra);
            command.assert()
        };
        plot("kayles", &[]).success();
        // The same game again (another count): replaced.
        plot("kayles", &[]).success();
        // Another game: refused, and the file still holds the first plot.
        let before = std::fs::read(&path).unwrap();
        plot("dawsons-kayles", &[])
            .code(2)
            .stderr(predicate::str::contains(
                "already holds a grundy plot of kayles, not of dawsons-kayles",
            ));
        assert_eq!(std::fs::read(&path).unwrap(), before, "{name}");
        plot("dawsons-kayles", &["--force"]).success();
        assert_ne!(std::fs::read(&path).unwrap(), before, "{name}");
        // Somebody's file: kept.
        std::fs::write(&path, "my notes").unwrap();
        plot("dawsons-kayles", &[])
            .code(2)
            .stderr(predicate::str::contains(
                "exists and is not a plot grundy wrote",
            ));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "my notes");
        std::fs::remove_file(&path).unwrap();
    }
    // analyze: its default plot is replaced on a re-run; somebody's file
    // at that name is kept, with a warning (the report is still given),
    // and an explicit --plot that would clobber fails.
    for _ in 0..2 {
        grundy()
            .current_dir(dir.path())
            .args(["analyze", "kayles"])
            .assert()
            .success()
            .stderr(predicate::str::contains("not written").not());
    }
    std::fs::write(dir.path().join("dawsons-kayles.svg"), "mine").unwrap();
    grundy()
        .current_dir(dir.path())
        .args(["analyze", "dawsons-kayles"])
        .assert()
        .success()
        .stderr(predicate::str::contains("is not a plot grundy wrote"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("dawsons-kayles.svg")).unwrap(),
        "mine"
    );
    grundy()
        .current_dir(dir.path())
        .args(["analyze", "dawsons-kayles", "--plot", "dawsons-kayles.svg"])
        .assert()
        .code(2);
    grundy()
        .current_dir(dir.path())
        .args(["analyze", "dawsons-kayles", "--force"])
        .assert()
        .success();
    assert!(std::fs::read(dir.path().join("dawsons-kayles.svg"))
        .unwrap()
        .starts_with(b"<svg"));
}

/// Hexadecimal codes with a saltus: proved by the band test from their
/// first values, and `value` far out from the pattern at once (0.8 is
/// G(n) = floor((n - 1)/3), argued in grundy's tests/sequences.rs); a
/// pattern the test cannot prove says which condition failed.
#[test]
fn arithmetic_periods_of_hexadecimal_codes_are_proved() {
    let v = json_of(&["period", "0.8", "--format", "json"]);
    assert_eq!(
        (
            v["period"].as_u64(),
            v["preperiod"].as_u64(),
            v["saltus"].as_i64()
        ),
        (Some(3), Some(1), Some(1))
    );
    assert_eq!(v["proved"], true);
    assert!(v["reason"].as_str().unwrap().contains("band test"), "{v}");
    let n = 1_000_000_000_000_000u64;
    let v = json_of(&["value", "0.8", "10^15", "--format", "json"]);
    assert_eq!(v["value"].as_u64(), Some((n - 1) / 3), "{v}");
    let v = json_of(&["period", "0.F8", "--max", "3000", "--format", "json"]);
    assert_eq!(v["proved"], false);
    assert!(
        v["reason"]
            .as_str()
            .unwrap()
            .contains("band test does not prove it: G(9) = 4 is not below the saltus 4"),
        "{v}"
    );
}

#[test]
fn analyze_says_a_ruler_regularity_is_observed() {
    // 0.2048 (Grossman–Nowakowski): no period, a ruler on n ≡ 2 (mod 13).
    let text = stdout_of(&["analyze", "0.2048", "--max", "1500", "--no-plot"]);
    let line = text
        .lines()
        .find(|l| l.starts_with("ruler:"))
        .unwrap_or_else(|| panic!("no ruler line in\n{text}"));
    assert!(line.contains("observed, not proved"), "{line}");
    assert!(line.contains("G(n + 13) = G(n) + 4"), "{line}");
    assert!(line.contains("4m − 2 − 2^(k + 3)"), "{line}");
    let v = json_of(&[
        "analyze",
        "0.2048",
        "--max",
        "1500",
        "--no-plot",
        "--format",
        "json",
    ]);
    assert_eq!(v["period"], Value::Null);
    assert_eq!(v["ruler"]["period"], 13);
    assert_eq!(v["ruler"]["class"], 2);
    assert_eq!(v["ruler"]["level_formula"], serde_json::json!([3, -2]));
    // A proved arithmetic period leaves no ruler key.
    let v = json_of(&[
        "analyze",
        "0.8",
        "--max",
        "1500",
        "--no-plot",
        "--format",
        "json",
    ]);
    assert!(v.get("ruler").is_none(), "{v}");
}
