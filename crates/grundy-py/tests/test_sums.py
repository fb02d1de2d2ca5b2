"""Sums of different games in Python (issue 54): ``Game(...)(...) + ...``
and ``Sum(...)`` ask the request layer what ``grundy eval kayles 5 9 +
cram 3x4 + nim 7`` asks it, and get the CLI's answer."""

import json
import subprocess

import pytest

import grundy
from conftest import cli_path


def cli_eval(*words):
    done = subprocess.run([str(cli_path()), "eval", *words, "--format", "json"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_sum_of_parts_is_the_clis_sum():
    total = grundy.Game("kayles")(5, 9) + grundy.Game("cram")("3x4") + grundy.Game("nim")(7)
    assert total.words() == ["kayles", "5", "9", "+", "cram", "3x4", "+", "nim", "7"]
    ours = json.loads(json.dumps(total.eval()))
    assert ours == cli_eval(*total.words())
    assert ours["component_games"] == ["kayles", "kayles", "cram", "nim"]
    # The same sum written as pairs.
    pairs = grundy.Sum(("kayles", "5 9"), ("cram", "3x4"), ("nim", 7))
    assert json.loads(json.dumps(pairs.eval())) == ours


def test_the_value_of_a_sum_is_the_xor_of_its_games():
    parts = [("wythoff", "(2,3)"), ("ruler", "THHT"), ("0.137", [6, 3])]
    report = grundy.Sum(*parts).eval()
    alone = 0
    for spec, position in parts:
        alone ^= grundy.Game(spec).eval(position)["value"]
    assert report["value"] == alone
    assert (report["outcome"] == "P") == (alone == 0)


def test_every_winning_move_leaves_a_p_position():
    report = grundy.Sum(("kayles", "5 9"), ("cram", "3x4"), ("nim", 7)).eval()
    assert report["winning_moves"]
    for move in report["winning_moves"]:
        # The sum the move leaves, each component with its game, asked again.
        parts = {}
        for game, component in zip(move["result_games"], move["result"]):
            parts.setdefault(game, []).append(component if isinstance(component, str) else str(component))
        left = grundy.Sum(*parts.items()).eval()
        assert left["value"] == 0, move["description"]


def test_a_bad_part_is_named():
    with pytest.raises(ValueError, match="second game of the sum"):
        (grundy.Game("kayles")(5) + grundy.Game("cram")("3y4")).eval()
    with pytest.raises(ValueError, match="no position"):
        grundy.Sum(("kayles", "5"), ("nim", []))


def test_the_moves_of_a_sum_are_judged_for_the_whole_and_played_on():
    # kayles 1 + nim 3 + cram 2x3: each move, played (Sum.after), leaves
    # a P-position exactly when it is marked as winning.
    total = grundy.Game("kayles")(1) + grundy.Game("nim")(3) + grundy.Game("cram")("2x3")
    moves = total.moves()
    assert {m["description"].split(":")[0] for m in moves} == {"kayles", "nim", "cram"}
    assert any(m["wins"] for m in moves)
    for move in moves:
        left = total.after(move)
        assert (left.eval()["value"] == 0) == move["wins"], move["description"]
    # Taking the pin drops the Kayles game: nim 3 + cram 2x3 is left.
    pin = next(m for m in moves if m["description"].startswith("kayles:"))
    assert pin["game"] == "nim" and pin["position"] == ["3", "+", "cram", "2x3"]
    assert total.after(pin).words() == ["nim", "3", "+", "cram", "2x3"]
    # The same request as Game.moves with the words after the first spec.
    assert moves == grundy.Game("kayles").moves(total.words()[1:])


def test_misere_and_cycles_are_the_clis():
    misere = grundy.Sum(("kayles", 4), ("cram", "2x3"), ("nim", 2))
    ours = json.loads(json.dumps(misere.eval(misere=True)))
    assert ours == cli_eval(*misere.words(), "--misere")
    assert ours["convention"] == "misere"
    # Every winning move leaves a misère P-position of the whole sum.
    for move in ours["winning_moves"]:
        parts = {}
        for game, component in zip(move["result_games"], move["result"]):
            parts.setdefault(game, []).append(component if isinstance(component, str) else str(component))
        assert grundy.Sum(*parts.items()).eval(misere=True)["outcome"] == "P", move["description"]
    loopy = grundy.Sum(("windup:5:1,3", 2), ("nim", 3))
    ours = json.loads(json.dumps(loopy.eval()))
    assert ours == cli_eval(*loopy.words())
    assert ours["outcome"] == "D"
    assert ours["drawing_moves"]
