//! Games defined by their moves over positions of any kind (Rhai's `fn
//! moves(p)`): built-in families written again as scripts give the same
//! values, outcomes and winning moves as the built-ins (whose own tests
//! hold them against brute force and published tables); every winning
//! move listed leaves a P-position and none is missing; games whose moves
//! repeat positions are loopy; bad scripts get clear errors.

mod mixed_common;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

use grundy::api::{self, Evaluation, Table};
use grundy::game::Game;
use grundy::positions::Term;
use grundy::script::ScriptMoves;
use grundy::spec::parse_spec;
use grundy::{Convention, Outcome};
use mixed_common::{inputs, numbers, request};

fn example(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name);
    format!("script:{}", path.display())
}

fn script(source: &str) -> Game {
    Game::Positional(Arc::new(
        ScriptMoves::compile("test.rhai", source)
            .expect("the script defines moves(p)")
            .expect("the script compiles"),
    ))
}

fn game(spec: &str) -> Game {
    parse_spec(spec).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

fn evaluation(game: Game, texts: &[String], convention: Convention) -> Evaluation {
    api::eval(game, &request("game", texts, convention), &mut inputs())
        .unwrap_or_else(|e| panic!("{texts:?}: {e}"))
}

/// The outcome of an evaluation of any kind.
fn outcome(evaluation: &Evaluation) -> Outcome {
    match evaluation {
        Evaluation::Sum(report) => report.outcome,
        Evaluation::Outcome(report) => report.outcome,
        Evaluation::Loopy(report) => report.outcome,
    }
}

/// The sums the winning moves of `texts` leave, each written as sorted
/// positions (read back by [`Term`], so families' spellings agree).
fn winning_results(game: &Game, texts: &[String], convention: Convention) -> BTreeSet<Vec<String>> {
    let evaluator = api::evaluator(game.clone(), "game", texts, &mut inputs()).unwrap();
    evaluator
        .moves(texts, convention)
        .unwrap()
        .into_iter()
        .filter(|m| m.wins)
        .map(|m| {
            let mut sum: Vec<String> = m
                .position
                .iter()
                .flat_map(|t| Term::parse_sum(t).unwrap())
                .map(|t| t.to_string())
                .collect();
            sum.sort();
            sum
        })
        .collect()
}

/// Every winning move the list shows leaves a P-position, and every move
/// it does not mark as winning leaves an N-position: the move list is
/// judged by evaluating each move's result afresh.
fn check_winning_moves(game: &Game, texts: &[String], convention: Convention) {
    let evaluator = api::evaluator(game.clone(), "game", texts, &mut inputs()).unwrap();
    for m in evaluator.moves(texts, convention).unwrap() {
        let after = outcome(&evaluation(game.clone(), &m.position, convention));
        assert_eq!(
            m.wins,
            after == Outcome::P,
            "{texts:?} -> {:?} ({convention:?})",
            m.position
        );
    }
}

fn grid(game: Game, max: u64) -> Vec<u32> {
    match api::table(game, "game", max, Convention::Normal, &mut inputs()).unwrap() {
        Table::Grid { values, .. } => values.values,
        _ => panic!("not a grid"),
    }
}

#[test]
fn wythoff_as_a_script_has_the_family_s_table_outcomes_and_winning_moves() {
    let scripted = game(&example("wythoff-pairs.rhai"));
    let builtin = game("wythoff");
    assert_eq!(grid(scripted.clone(), 14), grid(builtin.clone(), 14));
    let mut pick = numbers(7);
    for _ in 0..40 {
        let count = 1 + pick(2);
        let texts: Vec<String> = (0..count)
            .map(|_| format!("({},{})", pick(9), pick(9)))
            .collect();
        for convention in [Convention::Normal, Convention::Misere] {
            let ours = evaluation(scripted.clone(), &texts, convention);
            let theirs = evaluation(builtin.clone(), &texts, convention);
            assert_eq!(outcome(&ours), outcome(&theirs), "{texts:?} {convention:?}");
            assert_eq!(
                winning_results(&scripted, &texts, convention),
                winning_results(&builtin, &texts, convention),
                "{texts:?} {convention:?}"
            );
        }
    }
}

#[test]
fn kayles_on_words_splits_into_sums_and_has_kayles_values() {
    let scripted = game(&example("kayles-word.rhai"));
    let Game::Positional(evaluator) = &scripted else {
        panic!("a script of moves is a game of positions");
    };
    let words = evaluator.numbered_values(90).unwrap().unwrap();
    let heaps = game("kayles").as_heap().unwrap().nim_sequence(90).unwrap();
    assert_eq!(words, heaps.to_vec());
    // Sums of rows in both conventions against Kayles's heaps.
    let mut pick = numbers(11);
    for _ in 0..25 {
        let sizes: Vec<usize> = (0..1 + pick(3)).map(|_| pick(8)).collect();
        let rows: Vec<String> = sizes
            .iter()
            .map(|&n| format!("\"{}\"", "x".repeat(n)))
            .collect();
        let heaps: Vec<String> = sizes.iter().map(usize::to_string).collect();
        for convention in [Convention::Normal, Convention::Misere] {
            assert_eq!(
                outcome(&evaluation(scripted.clone(), &rows, convention)),
                outcome(&evaluation(game("kayles"), &heaps, convention)),
                "{sizes:?} {convention:?}"
            );
            check_winning_moves(&scripted, &rows, convention);
        }
    }
}

/// Node Kayles with `parts` (the connected pieces): random graphs against
/// the built-in family, and the paths against its numbered boards.
#[test]
fn node_kayles_as_a_script_with_parts_agrees_with_the_family() {
    let scripted = game(&example("node-kayles.rhai"));
    let Game::Positional(evaluator) = &scripted else {
        panic!("a script of moves is a game of positions");
    };
    let Game::Positional(paths) = game("node-kayles:path:N") else {
        panic!("node-kayles is a game of positions");
    };
    assert_eq!(
        evaluator.numbered_values(24).unwrap().unwrap(),
        paths.numbered_values(24).unwrap().unwrap()
    );
    // parts() applies: taking vertex 3 of the path on 7 vertices leaves
    // two pieces, two components of the sum.
    let path7 = "([0,1,2,3,4,5,6],[[0,1],[1,2],[2,3],[3,4],[4,5],[5,6]])".to_owned();
    let Evaluation::Sum(report) = evaluation(scripted.clone(), &[path7], Convention::Normal) else {
        panic!("not a value");
    };
    assert!(
        report
            .winning_moves
            .iter()
            .any(|m| m.to_text == ["((0,1),((0,1),))", "((5,6),((5,6),))"]),
        "{:?}",
        report.winning_moves
    );
    let mut pick = numbers(5);
    for _ in 0..30 {
        let n = 1 + pick(8);
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if pick(3) == 0 {
                    edges.push((a, b));
                }
            }
        }
        let ours = format!(
            "([{}],[{}])",
            (0..n).map(|v| v.to_string()).collect::<Vec<_>>().join(","),
            edges
                .iter()
                .map(|(a, b)| format!("[{a},{b}]"))
                .collect::<Vec<_>>()
                .join(",")
        );
        let theirs = format!(
            "v{n}/{}",
            edges
                .iter()
                .map(|(a, b)| format!("{a}-{b}"))
                .collect::<Vec<_>>()
                .join(",")
        );
        let value = |game: Game, text: String| match evaluation(game, &[text], Convention::Normal) {
            Evaluation::Sum(report) => report.value,
            other => panic!("not a value: {other:?}"),
        };
        assert_eq!(
            value(scripted.clone(), ours.clone()),
            value(game("node-kayles"), theirs),
            "{ours}"
        );
        check_winning_moves(&scripted, &[ours], Convention::Normal);
    }
}

/// Cram on boards written as rows of `.` (empty) and `#` (filled).
const CRAM: &str = r#"
fn moves(p) {
    let out = [];
    for r in 0..p.len {
        for c in 0..p[r].len {
            if p[r][c] != '.' { continue; }
            if c + 1 < p[r].len && p[r][c + 1] == '.' {
                let q = p; let row = q[r]; row[c] = '#'; row[c + 1] = '#'; q[r] = row;
                out.push(q);
            }
            if r + 1 < p.len && p[r + 1][c] == '.' {
                let q = p; let a = q[r]; a[c] = '#'; q[r] = a; let b = q[r + 1]; b[c] = '#'; q[r + 1] = b;
                out.push(q);
            }
        }
    }
    out
}
"#;

#[test]
fn cram_as_a_script_has_the_family_s_values() {
    let mut pick = numbers(3);
    for _ in 0..12 {
        let (rows, columns) = (1 + pick(3), 1 + pick(4));
        let board: Vec<String> = (0..rows)
            .map(|_| {
                (0..columns)
                    .map(|_| if pick(5) == 0 { '#' } else { '.' })
                    .collect()
            })
            .collect();
        let ours = format!(
            "({})",
            board
                .iter()
                .map(|row| format!("\"{row}\""))
                .collect::<Vec<_>>()
                .join(",")
                + ","
        );
        let value = |game: Game, text: String| match evaluation(game, &[text], Convention::Normal) {
            Evaluation::Sum(report) => report.value,
            other => panic!("not a value: {other:?}"),
        };
        assert_eq!(
            value(script(CRAM), ours.clone()),
            value(game("cram"), board.join("/")),
            "{ours}"
        );
    }
}

/// Subtraction modulo N (windup:N:S) as a script: its moves repeat
/// positions, so the game is loopy; Smith's values, outcomes and draws
/// agree with the built-in family for random sums.
#[test]
fn a_script_whose_moves_repeat_positions_is_a_loopy_game() {
    for (modulus, amounts) in [(7u64, vec![2u64, 3]), (9, vec![1, 4]), (6, vec![5, 2])] {
        let source = format!(
            "fn moves(x) {{ if x == 0 {{ return []; }} let out = []; for s in {amounts:?} {{ out.push((x - s + {modulus}) % {modulus}); }} out }}"
        );
        let spec = format!(
            "windup:{modulus}:{}",
            amounts
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(",")
        );
        let mut pick = numbers(modulus);
        for _ in 0..15 {
            let texts: Vec<String> = (0..1 + pick(3))
                .map(|_| pick(modulus as usize).to_string())
                .collect();
            let ours = evaluation(script(&source), &texts, Convention::Normal);
            let Evaluation::Loopy(theirs) = evaluation(game(&spec), &texts, Convention::Normal)
            else {
                panic!("{spec}: not a loopy report");
            };
            // A sum that reaches no cycle has a nim-value: the family's
            // Smith values are then all finite, their XOR the value.
            let ours = match ours {
                Evaluation::Loopy(ours) => ours,
                Evaluation::Sum(report) => {
                    let values: Option<Vec<u64>> = theirs.values.iter().copied().collect();
                    assert_eq!(values, Some(report.component_values), "{spec} {texts:?}");
                    assert_eq!(report.outcome, theirs.outcome, "{spec} {texts:?}");
                    continue;
                }
                Evaluation::Outcome(other) => panic!("{spec} {texts:?}: {other:?}"),
            };
            assert_eq!(ours.outcome, theirs.outcome, "{spec} {texts:?}");
            assert_eq!(ours.values, theirs.values, "{spec} {texts:?}");
            assert_eq!(ours.escapes, theirs.escapes, "{spec} {texts:?}");
            let moves = |report: &grundy::report::LoopyEvalReport| -> BTreeSet<Vec<String>> {
                report
                    .winning_moves
                    .iter()
                    .chain(report.drawing_moves.iter().flatten())
                    .map(|m| m.to_text.clone())
                    .collect()
            };
            assert_eq!(moves(&ours), moves(&theirs), "{spec} {texts:?}");
        }
    }
}

/// A loopy script whose moves leave sums: the graph is of the sums
/// reached, and its outcome is the brute force's (a retrograde labelling
/// of that graph written here).
#[test]
fn a_loopy_script_with_sums_is_solved_over_the_sums_it_reaches() {
    // 1 and 2 move to each other; 4 and 5 leave sums.
    let source = "fn moves(n) { switch n { 0 => [], 1 => [2], 2 => [1, 0], 3 => [end(), 2], 4 => [sum(1, 3), sum(2, 2), 3], _ => [sum(1, 2), sum(4, 1), 4] } }";
    let options = |n: u64| -> Vec<Vec<u64>> {
        match n {
            0 => vec![],
            1 => vec![vec![2]],
            2 => vec![vec![1], vec![0]],
            3 => vec![vec![], vec![2]],
            4 => vec![vec![1, 3], vec![2, 2], vec![3]],
            _ => vec![vec![1, 2], vec![4, 1], vec![4]],
        }
    };
    for start in 0..=5 {
        let texts = vec![start.to_string()];
        let report = match evaluation(script(source), &texts, Convention::Normal) {
            Evaluation::Loopy(report) => report.outcome,
            // A start that reaches no cycle has a value.
            Evaluation::Sum(report) => report.outcome,
            Evaluation::Outcome(report) => report.outcome,
        };
        let mut states: Vec<Vec<u64>> = vec![vec![start]];
        let mut followers: Vec<Vec<usize>> = Vec::new();
        let mut next = 0;
        while next < states.len() {
            let state = states[next].clone();
            let mut these = Vec::new();
            for (i, &n) in state.iter().enumerate() {
                for option in options(n) {
                    let mut after: Vec<u64> =
                        state[..i].iter().chain(&state[i + 1..]).copied().collect();
                    after.extend(option);
                    after.sort_unstable();
                    let v = states.iter().position(|s| *s == after).unwrap_or_else(|| {
                        states.push(after);
                        states.len() - 1
                    });
                    these.push(v);
                }
            }
            followers.push(these);
            next += 1;
        }
        // P: every move leads to N; N: some move leads to P; the rest draw.
        let mut label: Vec<Option<bool>> = vec![None; states.len()];
        loop {
            let mut changed = false;
            for v in 0..states.len() {
                if label[v].is_some() {
                    continue;
                }
                if followers[v].iter().any(|&w| label[w] == Some(false)) {
                    label[v] = Some(true);
                    changed = true;
                } else if followers[v].iter().all(|&w| label[w] == Some(true)) {
                    label[v] = Some(false);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let expected = match label[0] {
            Some(true) => Outcome::N,
            Some(false) => Outcome::P,
            None => Outcome::Draw,
        };
        assert_eq!(report, expected, "heap {start}");
    }
}

/// A script's `describe(p, q)` names its moves in reports; a split is
/// given as the tuple of its parts.
#[test]
fn a_script_names_its_moves_in_its_own_words() {
    let Evaluation::Sum(report) = evaluation(
        game(&example("king-to-corner.rhai")),
        &["(1,1)".to_owned()],
        Convention::Normal,
    ) else {
        panic!("not a value");
    };
    let words: Vec<&str> = report
        .winning_moves
        .iter()
        .map(|m| m.description.as_str())
        .collect();
    assert_eq!(words, ["the king steps diagonally to (0,0)"]);
    let source = "fn moves(n) { if n > 1 { [sum(1, n - 1)] } else { [] } } fn describe(p, q) { `split ${p} into ${q}` }";
    let Evaluation::Sum(report) = evaluation(script(source), &["2".to_owned()], Convention::Normal)
    else {
        panic!("not a value");
    };
    assert_eq!(report.winning_moves[0].description, "split 2 into [1, 1]");
}

#[test]
fn bad_scripts_get_clear_errors_naming_the_position() {
    let cases = [
        ("fn moves(p) { [1.5] }", "3", "moves(3) returned a"),
        ("fn moves(p) { 7 }", "3", "did not return an array of options"),
        ("fn moves(p) { loop {} }", "3", "failed at moves(3)"),
        ("fn moves(p) { moves(p) }", "3", "failed at moves(3)"),
        (
            "fn moves(p) { if p == 0 { [] } else { [p - 1] } } fn parts(p) { if p > 1 { [p, 0] } else { [p] } }",
            "3",
            "which parts() splits again",
        ),
        ("fn moves(p) { [] }", "(1,", "invalid position"),
        (
            "fn moves(p) { let a = []; for i in 0..40 { a = [a]; } [a] }",
            "3",
            "nested more than 32 deep",
        ),
        ("fn moves(p) { [] }", "x", "invalid position"),
    ];
    for (source, position, expected) in cases {
        let error = api::eval(
            script(source),
            &request("test.rhai", &[position.to_owned()], Convention::Normal),
            &mut inputs(),
        )
        .expect_err(source)
        .to_string();
        assert!(error.contains(expected), "{source}: {error}");
    }
    // A script without moves(p) or options(n) says what it must define.
    let error = grundy::script::ScriptRules::compile("t.rhai", "fn other(p) { [] }")
        .err()
        .unwrap()
        .to_string();
    assert!(error.contains("fn moves(p)"), "{error}");
}
