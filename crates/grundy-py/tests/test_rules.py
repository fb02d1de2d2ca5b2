"""Rules written in Python against the same game as a built-in spec."""

import pytest

import grundy


def subtraction(n):
    return [[n - s] for s in (1, 3, 4) if s <= n]


def kayles_options(n):
    # Knock down one pin or two adjacent pins: what is left splits in two
    # (each split once, as the built-in game lists them).
    return [[a, n - k - a] for k in (1, 2) if k <= n for a in range(0, (n - k) // 2 + 1)]


def test_subtraction_rules_equal_the_spec():
    ours = grundy.Game.from_rules(subtraction, name="sub134").values(500)
    assert ours.tolist() == grundy.Game("sub:1,3,4").values(500).tolist()


def test_splitting_rules_equal_the_spec():
    ours = grundy.Game.from_rules(kayles_options, name="my-kayles")
    assert ours.values(200).tolist() == grundy.Game("kayles").values(200).tolist()
    # The same reports as a built-in game, named by the rules' name.
    result = ours.eval("3 4 6")
    builtin = grundy.Game("kayles").eval("3 4 6")
    assert result["game"] == "my-kayles"
    assert result.value == builtin.value
    assert [m.result for m in result.winning_moves] == [m.result for m in builtin.winning_moves]
    assert ours.period(max=300).proved is False  # no theorem covers Python rules
    assert ours.values(12, misere=True).tolist() == grundy.Game("kayles").values(12, misere=True).tolist()


def test_the_sandbox_rule():
    with pytest.raises(ValueError, match=r"options\(1\) returned a heap of 1, which is not smaller than 1.*bound="):
        grundy.Game.from_rules(lambda n: [[n]] if n else []).values(5)
    with pytest.raises(ValueError, match="negative heap"):
        grundy.Game.from_rules(lambda n: [[-1]] if n else []).values(5)
    with pytest.raises(ValueError, match="did not return a list of options"):
        grundy.Game.from_rules(lambda n: 7).values(5)
    with pytest.raises(ValueError, match="not an integer"):
        grundy.Game.from_rules(lambda n: [["x"]] if n else []).values(5)
    with pytest.raises(TypeError, match="callable"):
        grundy.Game.from_rules(42)
    # Issue 52: a heap too large is said as such (it was "not an integer"),
    # and a bounded game's refusal names it (it was '').
    with pytest.raises(ValueError, match=r"heap of 1180591620717411303424, beyond the largest heap"):
        grundy.Game.from_rules(lambda n: [[2**70]] if n else [], bound=4).values(5)
    with pytest.raises(Exception) as refused:
        grundy.Game.from_rules(lambda n: [[n - 1]] if n else [], name="steps", bound=4).values(5)
    assert "steps" in str(refused.value) and "''" not in str(refused.value)


def test_exceptions_in_rules_come_out_unchanged():
    def broken(n):
        if n == 7:
            raise ZeroDivisionError("seven")
        return [[n - 1]] if n else []

    with pytest.raises(ZeroDivisionError, match="seven"):
        grundy.Game.from_rules(broken).values(10)
    # And the next call is not disturbed by the earlier failure.
    assert grundy.Game.from_rules(subtraction).values(5).tolist() == [0, 1, 0, 1, 2]


def test_loopy_rules_with_a_bound_equal_the_windup_script(cli):
    # WindUp 10:3,4 (examples/windup.rhai): take 3 or 4, winding round
    # below 0; 0 ends the game.
    def windup(n):
        return [] if n == 0 else [[(n + 7) % 10], [(n + 6) % 10]]

    game = grundy.Game.from_rules(windup, name="windup", bound=9)
    assert game.kind == "graph"
    builtin = grundy.Game("windup:10:3,4")
    for n in range(10):
        ours = game.eval(str(n))
        assert ours.outcome == builtin.eval(str(n)).outcome
    with pytest.raises(ValueError, match="beyond bound"):
        grundy.Game.from_rules(lambda n: [[n + 1]], bound=3)
