"""Games on positions of any kind written in Python (Game.from_moves):
the same values, outcomes and winning moves as built-in families and as
the same game written as a Rhai script on the command line; loopy games;
errors."""

import itertools
import random

import pytest

import grundy
from grundy import Game, sum_of
from conftest import REPO


def wythoff_moves(p):
    x, y = p
    return (
        [(x - k, y) for k in range(1, x + 1)]
        + [(x, y - k) for k in range(1, y + 1)]
        + [(x - k, y - k) for k in range(1, min(x, y) + 1)]
    )


def kayles_moves(row):
    out = []
    for i in range(len(row)):
        out.append(sum_of(row[:i], row[i + 1 :]))
        if i + 1 < len(row):
            out.append(sum_of(row[:i], row[i + 2 :]))
    return out


def node_kayles_moves(graph):
    vertices, edges = graph
    out = []
    for v in vertices:
        gone = {v} | {b for a, b in edges if a == v} | {a for a, b in edges if b == v}
        out.append(
            (
                tuple(w for w in vertices if w not in gone),
                tuple((a, b) for a, b in edges if a not in gone and b not in gone),
            )
        )
    return out


def node_kayles_parts(graph):
    vertices, edges = graph
    label = {v: v for v in vertices}
    changed = True
    while changed:
        changed = False
        for a, b in edges:
            low = min(label[a], label[b])
            if label[a] != low or label[b] != low:
                label[a] = label[b] = low
                changed = True
    return [
        (
            tuple(v for v in vertices if label[v] == root),
            tuple(e for e in edges if label[e[0]] == root),
        )
        for root in vertices
        if label[root] == root
    ]


def winning(report):
    return sorted(str(m.after) for m in report.winning_moves)


def test_wythoff_in_python_is_wythoff():
    game = Game.from_moves(wythoff_moves, start=lambda x, y: (x, y), name="my-wythoff")
    assert game.table(12).tolist() == Game("wythoff").table(12).tolist()
    rng = random.Random(3)
    for _ in range(25):
        pairs = [(rng.randrange(8), rng.randrange(8)) for _ in range(rng.randrange(1, 3))]
        ours = game.eval(sum_of(*pairs))
        theirs = Game("wythoff").eval(" ".join(f"({x},{y})" for x, y in pairs))
        assert (ours.value, ours.outcome) == (theirs.value, theirs.outcome), pairs
        assert winning(ours) == winning(theirs), pairs
        for misere in (False, True):
            assert (
                game.eval(sum_of(*pairs), misere=misere).outcome
                == Game("wythoff").eval(" ".join(f"({x},{y})" for x, y in pairs), misere=misere).outcome
            )


def test_kayles_on_words_has_kayles_values_and_every_winning_move_wins():
    game = Game.from_moves(kayles_moves, start=lambda n: "x" * n, name="kayles-words")
    assert game.values(80).tolist() == Game("kayles").values(80).tolist()
    assert game.period(max=200).period == 12
    for sizes in itertools.product(range(6), repeat=2):
        rows = sum_of(*("x" * n for n in sizes))
        moves = game.moves(rows)
        for move in moves:
            # Each move judged afresh: it wins exactly when it leaves a P-position.
            after = sum_of(*(grundy_text_to_row(t) for t in move.position))
            assert move.wins == (game.eval(after).outcome == "P"), (sizes, move.description)


def grundy_text_to_row(text):
    # The rows of this game are written "xxx" (with quotes); the end of a
    # component is no row at all.
    return text.strip('"')


def test_node_kayles_with_parts_agrees_with_the_family():
    game = Game.from_moves(node_kayles_moves, parts=node_kayles_parts, name="nk")
    rng = random.Random(5)
    for _ in range(20):
        n = rng.randrange(1, 8)
        edges = tuple((a, b) for a in range(n) for b in range(a + 1, n) if rng.randrange(3) == 0)
        ours = game.eval((tuple(range(n)), edges))
        spec = f"v{n}/" + ",".join(f"{a}-{b}" for a, b in edges)
        assert ours.value == Game("node-kayles").eval(spec).value, spec


def test_python_and_a_script_on_the_command_line_give_one_answer(cli):
    script = f"script:{REPO / 'examples' / 'wythoff-pairs.rhai'}"
    game = Game.from_moves(wythoff_moves, name=script)
    for position in ["(3,5)", "(4,7)", "(0,0)", "(6,2)"]:
        ours = dict(game.eval(eval(position)))
        theirs = cli("eval", script, position)
        assert ours == theirs, position


def test_sums_with_other_games():
    game = Game.from_moves(wythoff_moves, name="pairs")
    report = (game((3, 6)) + Game("nim")(2)).eval()
    assert report.value == Game("wythoff").eval("(3,6)").value ^ 2


def test_moves_that_repeat_positions_make_a_loopy_game():
    # 1..4 step up (mod 5) or down; 0 ends: windup:5:1,4 written by hand.
    game = Game.from_moves(lambda p: [] if p == 0 else [(p + 1) % 5, p - 1], name="loop")
    for texts in [["3"], ["3", "1"], ["4"], ["2", "2"]]:
        ours = game.eval(sum_of(*map(int, texts)))
        theirs = Game("windup:5:4,1").eval(" ".join(texts))
        assert ours.outcome == theirs.outcome, texts


def test_errors_say_what_the_callable_did_wrong():
    with pytest.raises(ValueError, match=r"moves\(3\) returned a float"):
        Game.from_moves(lambda p: [1.5]).eval(3)
    with pytest.raises(ZeroDivisionError):
        Game.from_moves(lambda p: 1 / 0).eval(3)
    with pytest.raises(ValueError, match="splits again"):
        Game.from_moves(lambda p: [p - 1] if p else [], parts=lambda p: [p, 0] if p > 1 else [p]).eval(3)
    with pytest.raises(ValueError, match="not a position"):
        Game.from_moves(lambda p: []).eval({1: 2})
    with pytest.raises(TypeError):
        Game.from_moves(3)


def test_a_game_names_its_moves_in_its_own_words():
    def king(p):
        r, c = p
        return [q for q in ((r - 1, c), (r, c - 1), (r - 1, c - 1)) if min(q) >= 0]

    game = Game.from_moves(king, describe=lambda p, q: f"king to {q}", name="king")
    assert [m.description for m in game.eval((1, 1)).winning_moves] == ["king to (0, 0)"]
