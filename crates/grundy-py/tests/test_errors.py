"""Bad input raises the right exception with the library's message."""

import pytest

import grundy


def test_malformed_code_points_at_the_character():
    with pytest.raises(ValueError) as error:
        grundy.Game("0.7x7")
    message = str(error.value)
    assert "^" in message and "x" in message


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


def test_wrong_kind_of_game():
    with pytest.raises(TypeError, match="heap games"):
        grundy.Game("cut:2").period()
    with pytest.raises(TypeError, match="table"):
        grundy.Game("kayles").table(5)
    with pytest.raises(TypeError, match="genus needs"):
        grundy.Game("kayles").genus()
