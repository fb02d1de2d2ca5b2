"""Bad input raises the right exception with the library's message."""

import pytest

import grundy


def test_malformed_code_points_at_the_character():
    with pytest.raises(ValueError) as error:
        grundy.Game("0.7#7")
    message = str(error.value)
    assert "^" in message and "#" in message


def test_unknown_spec_and_bad_positions():
    with pytest.raises(ValueError, match="unknown"):
        grundy.Game("no-such-game")
    with pytest.raises(ValueError, match="invalid position 'x'"):
        grundy.Game("kayles").eval("3 x")
    with pytest.raises(ValueError, match="invalid position"):
        grundy.Game("wythoff").eval("(3,")
    with pytest.raises(TypeError, match="position"):
        grundy.Game("kayles").eval(3.5)
    with pytest.raises(ValueError, match="non-negative"):
        grundy.Game("kayles").values(-1)


def test_limits_say_which_limit():
    with pytest.raises(grundy.LimitError, match="out of reach"):
        grundy.Game("grundy").value(10**15, max=2048)
    assert issubclass(grundy.LimitError, ValueError)


def test_a_quotient_that_looks_infinite_is_a_limit_that_says_what_it_proved():
    # 0.76 at heap 12: the candidates fail at 7×j + 12×j, one j a round.
    with pytest.raises(grundy.LimitError, match=r"looks infinite \(not proved\)") as error:
        grundy.Game("0.76").quotient(20, max_order=1 << 20)
    assert "heaps 7 and 12 rising together" in str(error.value)
    assert "the quotient has at least" in str(error.value)
    with pytest.raises(grundy.LimitError, match=r"for j = 4 to 8,") as error:
        grundy.Game("0.76").quotient(20, max_order=1 << 20, climb_rounds=4)


def test_board_searches_beyond_reach_are_refused_up_front():
    import time

    started = time.monotonic()
    with pytest.raises(grundy.LimitError, match="allow_long=True"):
        grundy.Game("cram").eval("7x7")
    assert time.monotonic() - started < 5
    # The symmetric board is decided at once, however large.
    assert grundy.Game("cram").eval("8x8")["value"] == 0


def test_counts_are_integers_not_floats_or_bools():
    # 10.0 and True read as 10 and 1 before: a count is an integer.
    for bad in [10.0, True, False, "10", 2.5]:
        with pytest.raises(TypeError, match="expected a non-negative integer"):
            grundy.Game("kayles").values(bad)
    import numpy as np

    assert list(grundy.Game("nim").values(np.int64(3))) == [0, 1, 2]


def test_wrong_kind_of_game():
    with pytest.raises(TypeError, match="'cram': values gives the values .* of heaps"):
        grundy.Game("cram").values(10)
    with pytest.raises(TypeError, match="'cut:2': period .* positions of this game are boxes"):
        grundy.Game("cut:2").period()
    with pytest.raises(TypeError, match="table"):
        grundy.Game("kayles").table(5)
    with pytest.raises(TypeError, match="genus needs"):
        grundy.Game("kayles").genus()


def test_costs_are_checked_up_front():
    import time

    # 0.9 may leave three heaps: its work grows as a power of n (and it
    # has no period, so no proved period fills the values: 0.F's period 2
    # and 0.{2+}'s arithmetic period are proved after 1024 values, and ten
    # million of them cost nothing). Ten million values would take far
    # beyond ten minutes: refused at once, with the estimate and the way
    # to run it anyway.
    game = grundy.Game("0.9")
    started = time.monotonic()
    with pytest.raises(grundy.LimitError, match="allow_long=True") as error:
        game.values(10**7)
    assert time.monotonic() - started < 10
    assert "would take about" in str(error.value)
    # The same for rules written in Python, whose cost is probed too.
    rules = grundy.Game.from_rules(lambda n: [[a, b] for a in range(n) for b in range(n - a)])
    with pytest.raises(grundy.LimitError, match="would take about"):
        rules.values(10**6)
    # Counts beyond the machine's memory are refused before any work.
    with pytest.raises(grundy.LimitError, match="bytes of memory"):
        grundy.Game("kayles").values(2**62)


def test_numbers_beyond_2_64_name_the_limit():
    # Issue 26 item 17: a bare OverflowError before.
    kayles = grundy.Game("kayles")
    for call in (lambda: kayles.value(2**64), lambda: kayles.values(2**70)):
        with pytest.raises(grundy.LimitError, match=r"limit of 2\^64 - 1"):
            call()
