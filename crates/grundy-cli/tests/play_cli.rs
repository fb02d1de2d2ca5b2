//! `grundy play` driven through stdin: a whole game, a hint, an undo, a
//! bad move with a clear message, misère play, and a move typed as the
//! position it leaves.

use assert_cmd::Command;

fn play(args: &[&str], input: &str) -> String {
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .arg("play")
        .args(args)
        .write_stdin(input)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn a_whole_game_with_a_hint_an_undo_and_a_bad_move() {
    // Kayles from 10 (G = 2, an N-position): the hint names a winning
    // move; 99 is refused; u undoes; then the player always takes move 1.
    let input = "h\n99\n1\nu\n".to_owned() + &"1\n".repeat(20);
    let out = play(&["kayles", "10"], &input);
    assert!(out.contains("hint: "), "{out}");
    assert!(
        out.contains("'99' is not a move here: type a number from 1 to"),
        "{out}"
    );
    assert!(out.contains("undone: back to your previous turn"), "{out}");
    // Taking one pin from the end leaves 9 (G = 4): the engine then wins.
    assert!(
        out.contains("you: from the heap of 10 take 1, leaving a heap of 9"),
        "{out}"
    );
    assert!(out.contains("you have no move: the engine wins"), "{out}");
    // The engine always had a winning reply after that first move.
    assert!(out.matches("engine: ").count() >= 2, "{out}");
}

#[test]
fn hints_name_the_winning_move() {
    // Nim 3 4: the one winning move takes 1 from the 4.
    let out = play(&["nim", "3", "4"], "h\n");
    let hint = out.lines().find(|l| l.contains("hint: ")).unwrap();
    assert!(hint.contains("take 1 from the heap of 4"), "{hint}");
    // Typing the position the hinted move leaves plays it.
    let out = play(&["nim", "3", "4"], "3 3\nh\n");
    assert!(out.contains("you: take 1 from the heap of 4"), "{out}");
}

#[test]
fn misere_and_other_families() {
    let out = play(&["nim", "1", "--misere"], "1\n");
    assert!(
        out.contains("you moved last and lose: the engine wins"),
        "{out}"
    );
    let out = play(&["mock-turtles", "THH"], &"1\n".repeat(10));
    assert!(out.contains("you: turn over"), "{out}");
    let out = play(&["wythoff", "(1,2)"], "1\n1\n1\n");
    assert!(out.contains("engine: "), "{out}");
    let out = play(&["kayles", "4"], "");
    assert!(out.contains("end of input"), "{out}");
}

#[test]
fn loopy_games_are_played_with_draws() {
    // WindUp 10:3,4 from 5 is a draw: no move wins, and the hint names the
    // move that keeps the draw; the engine then keeps it too.
    let out = play(&["windup:10:3,4", "5"], "h\n1\n");
    let hint = out.lines().find(|l| l.contains("hint: ")).unwrap();
    assert!(hint.contains("keeps the draw"), "{hint}");
    assert!(out.contains("engine: "), "{out}");
}

#[test]
fn words_that_fit_several_moves_ask_which_and_hints_give_the_number() {
    // Kayles 5: "take 2" fits two moves (leaving 3, or 1 and 2); the
    // player is told their numbers, not that it is no move. The words
    // of one move alone play it.
    let out = play(&["kayles", "5"], "take 2\nh\nq\n");
    assert!(
        out.contains("'take 2' fits 2 moves (4, 5): type the number of the one you mean"),
        "{out}"
    );
    // The hint names the move by its number in the list too.
    let hint = out.lines().find(|l| l.contains("hint: ")).unwrap();
    assert!(
        hint.contains("hint: 3. from the heap of 5 take 1, leaving heaps of 2 and 2"),
        "{hint}"
    );
    let out = play(&["kayles", "5"], "take 2, leaving a heap of 3\n");
    assert!(
        out.contains("you: from the heap of 5 take 2, leaving a heap of 3"),
        "{out}"
    );
    // "take 21" is not "take 2": words match whole.
    let out = play(&["kayles", "5"], "take 21\n");
    assert!(out.contains("'take 21' is not a move here"), "{out}");
}

/// Issue 54: a sum of different games is played with moves named in each
/// game's terms; the engine answers by the whole sum's value, a game left
/// with no component drops out, and a misère sum is refused as eval
/// refuses it.
#[test]
fn a_sum_of_different_games_is_played() {
    // kayles 1 + nim 3 (G = 1 ⊕ 3 = 2): the hint is nim's take 2; the
    // player takes the pin instead, leaving nim 3 alone, which the engine
    // takes whole.
    let out = play(&["kayles", "1", "+", "nim", "3"], "h\n1\n");
    assert!(
        out.contains("playing kayles + nim: you move first"),
        "{out}"
    );
    assert!(out.contains("position: kayles 1 + nim 3"), "{out}");
    assert!(
        out.contains("hint: 3. nim: take 2 from the heap of 3"),
        "{out}"
    );
    assert!(
        out.contains("you: kayles: take all 1 from the heap of 1"),
        "{out}"
    );
    assert!(out.contains("engine: take 3 from the heap of 3"), "{out}");
    assert!(out.contains("position: nothing left"), "{out}");
    // A move typed as the position it leaves, another game's spec in it;
    // then the game goes on to its end (the player's first move each time).
    let out = play(
        &["kayles", "4", "+", "cram", "2x3"],
        &("4 + cram ##./...\n".to_owned() + &"1\n".repeat(20)),
    );
    assert!(
        out.contains("you: cram: domino a1-b1, leaving ##./..."),
        "{out}"
    );
    assert!(out.contains("engine: "), "{out}");
    assert!(
        out.contains("you have no move") || out.contains("the engine has no move"),
        "{out}"
    );
    let refused = Command::cargo_bin("grundy")
        .unwrap()
        .args(["play", "kayles", "1", "+", "nim", "3", "--misere"])
        .write_stdin("1\n")
        .output()
        .unwrap();
    let eval = Command::cargo_bin("grundy")
        .unwrap()
        .args(["eval", "kayles", "1", "+", "nim", "3", "--misere"])
        .output()
        .unwrap();
    assert_eq!(refused.status.success(), eval.status.success());
    if !eval.status.success() {
        assert_eq!(
            String::from_utf8_lossy(&refused.stderr),
            String::from_utf8_lossy(&eval.stderr)
        );
    }
}
