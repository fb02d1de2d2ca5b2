//! Scripted rules: the shipped examples against built-in games, and the
//! sandbox's errors.

use std::path::PathBuf;

use grundy::heap::HeapGame;
use grundy::script::ScriptRules;
use grundy::spec::parse_heap_spec;
use grundy::{GameError, HeapRuleset, Solver};

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name)
}

fn script_game(source: &str) -> HeapGame {
    HeapGame::new(ScriptRules::compile("test", source).unwrap())
}

#[test]
fn kayles_script_is_kayles() {
    let spec = format!("script:{}", example("kayles.rhai").display());
    let scripted = parse_heap_spec(&spec).unwrap().nim_sequence(150).unwrap();
    let builtin = parse_heap_spec("0.77").unwrap().nim_sequence(150).unwrap();
    assert_eq!(scripted.to_vec(), builtin.to_vec());
}

#[test]
fn square_subtraction_matches_a_finite_subtraction_set() {
    let spec = format!("script:{}", example("square-subtraction.rhai").display());
    let scripted = parse_heap_spec(&spec)
        .unwrap()
        .nim_sequence(400)
        .unwrap()
        .to_vec();
    // Squares up to 19^2 = 361 < 400 <= 20^2 cover every move below 400.
    let squares: Vec<String> = (1..20).map(|k: u32| (k * k).to_string()).collect();
    let finite = parse_heap_spec(&format!("sub:{}", squares.join(",")))
        .unwrap()
        .nim_sequence(400)
        .unwrap()
        .to_vec();
    assert_eq!(scripted, finite);
    let losing: Vec<usize> = (0..25).filter(|&n| scripted[n] == 0).collect();
    assert_eq!(losing, vec![0, 2, 5, 7, 10, 12, 15, 17, 20, 22]);
    // The generic solver reads the same script.
    let rules = HeapRuleset::new(parse_heap_spec(&spec).unwrap());
    let mut solver = Solver::new(&rules);
    for n in 0..100u64 {
        assert_eq!(solver.value(&n).unwrap().value(), scripted[n as usize]);
    }
}

#[test]
fn runaway_script_stops_at_the_operation_limit() {
    let game = script_game("fn options(n) { let x = 0; loop { x += 1; } }");
    let err = game.nim_sequence(3).unwrap_err();
    let message = err.to_string();
    assert!(message.contains("options(0)"), "{message}");
    assert!(message.to_lowercase().contains("operations"), "{message}");
}

#[test]
fn option_not_smaller_is_an_error() {
    let game = script_game("fn options(n) { if n > 2 { [[n]] } else { [] } }");
    match game.nim_sequence(10) {
        Err(GameError::Rules { message }) => {
            assert!(message.contains("not smaller than 3"), "{message}");
        }
        other => panic!("expected a rules error, got {other:?}"),
    }
}

#[test]
fn malformed_scripts_are_errors() {
    assert!(ScriptRules::compile("t", "fn options(n) { [[ }").is_err());
    assert!(ScriptRules::compile("t", "fn moves(n) { [] }").is_err());
    let game = script_game("fn options(n) { 5 }");
    assert!(game.nim_sequence(2).is_err());
    let game = script_game("fn options(n) { [[\"a\"]] }");
    assert!(game.nim_sequence(2).is_err());
}

#[test]
fn a_script_with_a_bound_is_a_loopy_graph() {
    use grundy::loopy::LoopySolution;
    use grundy::script::BoundedScript;
    use grundy::windup::WindUp;
    // windup:10:3,4 written as a script: any heap up to 9, winding round.
    let source = "fn bound() { 9 }\nfn options(n) { if n == 0 { return []; } [[(n + 7) % 10], [(n + 6) % 10]] }";
    let script = ScriptRules::compile("windup.rhai", source).unwrap();
    let game = BoundedScript::from_script(&script).unwrap().unwrap();
    let windup = WindUp::new(10, vec![3, 4]).unwrap();
    let ours = LoopySolution::solve(game.graph().digraph());
    let theirs = LoopySolution::solve(windup.graph().digraph());
    assert_eq!(ours.labels(), theirs.labels());
    assert_eq!(ours.remoteness(), theirs.remoteness());
    assert!(!ours.all_finite(), "a loop to check");
    // Without bound() the same options are refused: they are not smaller.
    let unbounded = ScriptRules::compile(
        "loop.rhai",
        "fn options(n) { if n == 0 { return []; } [[(n + 7) % 10]] }",
    )
    .unwrap();
    assert!(BoundedScript::from_script(&unbounded).is_none());
    let mut out = grundy::ruleset::Options::new();
    let err = unbounded.options(1, &mut out).unwrap_err().to_string();
    assert!(err.contains("bound()"), "{err}");
    // Splitting into a sum has no place in a graph.
    let split = ScriptRules::compile(
        "split.rhai",
        "fn bound() { 5 }\nfn options(n) { if n < 2 { return []; } [[1, 1]] }",
    )
    .unwrap();
    let err = BoundedScript::from_script(&split)
        .unwrap()
        .unwrap_err()
        .to_string();
    assert!(err.contains("one heap"), "{err}");
    let huge =
        ScriptRules::compile("huge.rhai", "fn bound() { 1 << 40 }\nfn options(n) { [] }").unwrap();
    assert!(BoundedScript::from_script(&huge).unwrap().is_err());
}
