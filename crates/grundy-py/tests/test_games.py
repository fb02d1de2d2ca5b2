"""Published sequences, periods and huge heaps, evaluation with winning
moves, misère play, graphs, tables."""

import numpy as np
import pytest

import grundy
from conftest import REPO, published


@pytest.mark.parametrize(
    "spec,corpus",
    [
        # OEIS A002186, A002187, A002188, A046695 (the corpus cites them).
        ("kayles", "KAYLES"),
        ("dawsons-chess", "DAWSONS_CHESS"),
        ("grundy", "GRUNDYS_GAME"),
        ("officers", "OFFICERS"),
    ],
)
def test_published_sequences(spec, corpus):
    expected = published(corpus)
    values = grundy.Game(spec).values(len(expected))
    assert values.tolist() == expected


def test_values_use_the_narrowest_unsigned_type():
    assert grundy.Game("kayles").values(1000).dtype == np.uint8
    # Nim's G(n) = n: 300 heaps need 16 bits, 70000 need 32.
    assert grundy.Game("nim").values(300).dtype == np.uint16
    assert grundy.Game("nim").values(70000).dtype == np.uint32
    assert grundy.Game("nim").values(0).tolist() == []


def test_kayles_period_is_proved_and_reaches_any_heap():
    kayles = grundy.Game("kayles")
    report = kayles.period()
    # Guy and Smith (1956): period 12 from n = 71 (the last exception is 70).
    assert (report.period, report.preperiod, report.proved) == (12, 71, True)
    first = kayles.values(72 + 12)
    for n in [10**6, 10**18, 2**64 - 1]:
        assert kayles.value(n) == first[72 + (n - 72) % 12]
        assert "proved period" in kayles.value_report(n).how
    with pytest.raises(grundy.LimitError, match=r"2\^64 - 1"):
        kayles.value(2**64)


def test_dawsons_chess_period_34():
    # Dawson's chess: period 34, last exception at 51 (Winning Ways).
    report = grundy.Game("dawsons-chess").period()
    assert (report.period, report.preperiod, report.proved) == (34, 52, True)


def test_analyze_reports_the_pattern():
    report = grundy.Game("0.77").analyze()
    assert report.period == 12 and report.preperiod == 71
    assert report.first_values[:5] == [0, 1, 2, 3, 1]
    assert report.largest["value"] == 8
    assert report.plot is None
    html = report._repr_html_()
    assert html.startswith("<table>") and "preperiod" in html


def test_analyze_reports_a_ruler_regularity_as_observed():
    # 0.2048 (Grossman and Nowakowski, Games of No Chance 4, 2015): no
    # period; off n = 13m + 2 the values rise by 4 every 13, and on it they
    # dip by 2 + 2^(k+3) with k the 2-adic valuation of m - 1.
    values = grundy.Game("0.2048").values(1000)
    ruler = grundy.Game("0.2048").analyze(1000).ruler
    assert (ruler["period"], ruler["saltus"], ruler["class"], ruler["centre"]) == (13, 4, 2, 1)
    for m in range(ruler["from_m"], 76):
        d = m - 1
        k = (d & -d).bit_length() - 1
        expected = 4 * m + 1 if d & (d - 1) == 0 else 4 * m - 2 - 2 ** (k + 3)
        assert values[13 * m + 2] == expected, m
    assert "ruler" not in grundy.Game("kayles").analyze(300)


def test_eval_lists_every_winning_move():
    kayles = grundy.Game("kayles")
    result = kayles.eval([3, 4, 6])
    values = kayles.values(7)
    assert result.value == values[3] ^ values[4] ^ values[6] != 0
    assert result.outcome == "N"
    assert result.winning_moves, result
    for move in result.winning_moves:
        # Every winning move leaves a P-position, and leaves what it says.
        assert kayles.eval(move.result).value == 0
        assert move.before == [3, 4, 6][move.component]
        assert move.result[move.component : move.component + len(move.after)] == move.after
        assert move.description.startswith("from the heap of")
    # And every move to a P-position is listed.
    winning = [m for m in kayles.moves("3 4 6") if m["wins"]]
    assert len(winning) == len(result.winning_moves)
    assert kayles.eval("3 4 7").outcome == "P"
    assert kayles.eval("3 4 7").winning_moves == []


def test_huge_heaps_are_evaluated_through_the_period():
    result = grundy.Game("kayles").eval(str(10**12))
    assert result.value == grundy.Game("kayles").value(10**12)


def test_misere_play():
    # Misère Nim (Bouton): heaps of 1 only: P iff their number is odd.
    nim = grundy.Game("nim")
    assert nim.eval("1 1 1", misere=True).outcome == "P"
    assert nim.eval("1 1", misere=True).outcome == "N"
    assert nim.values(5, misere=True).tolist() == [1, 0, 2, 3, 4]
    # Misère Kayles: a heap of 1 is a P-position (the mover must take it).
    kayles = grundy.Game("kayles")
    assert kayles.eval("1", misere=True).outcome == "P"
    report = kayles.genus(6)
    # Winning Ways' genus symbols of Kayles heaps 0, 1, 2.
    assert report.symbols[:3] == ["0^120", "1^031", "2^20"]


def test_positional_games():
    wythoff = grundy.Game("wythoff")
    table = wythoff.table(30)
    assert table.shape == (31, 31)
    # P-positions: (floor(k phi), floor(k phi^2)) and their mirrors.
    phi = (1 + 5**0.5) / 2
    p_positions = {(int(k * phi), int(k * phi * phi)) for k in range(0, 12)}
    for x in range(31):
        for y in range(31):
            lost = (x, y) in p_positions or (y, x) in p_positions
            assert (table[x, y] == 0) == lost, (x, y)
    assert wythoff.eval("(3,5)").outcome == "P"
    with pytest.raises(TypeError, match="table the values on two coordinates"):
        wythoff.values(10)


def test_coin_rows_and_tartan_products():
    # Mock Turtles: the value of a head at place n is the n-th odious number.
    mock = grundy.Game("mock-turtles")
    odious = [n for n in range(200) if bin(n).count("1") % 2 == 1]
    assert mock.values(60).tolist()[1:] == odious[: 59]
    row = mock.eval("THHTH")
    assert row.value == odious[1] ^ odious[2] ^ odious[4]
    # Tartan theorem: the value of a board is the nim-product of the
    # factors' values.
    tartan = grundy.Game("tartan(ruler,ruler)")
    ruler = grundy.Game("ruler").values(9)
    table = tartan.table(8)
    for x in range(1, 9):
        for y in range(1, 9):
            assert table[x, y] == grundy.nim_mul(int(ruler[x]), int(ruler[y]))


def test_graphs_from_dicts_networkx_and_files(tmp_path, cli):
    # A path a -> b -> c plus a -> c: G(c) = 0, G(b) = 1, G(a) = 2.
    adjacency = {"a": ["b", "c"], "b": ["c"], "c": []}
    game = grundy.Game.from_graph(adjacency)
    assert [game.eval(v).value for v in "abc"] == [2, 1, 0]
    path = tmp_path / "g.txt"
    path.write_text("a: b c\nb: c\nc:\n")
    from_file = grundy.Game.from_file(str(path))
    assert from_file.eval("a b").value == game.eval("a b").value == 3
    assert from_file.eval("a b") == cli("eval", f"graph:{path}", "a", "b")
    with pytest.raises(ValueError, match="not a vertex"):
        grundy.Game.from_graph({"a": ["z"]})
    networkx = pytest.importorskip("networkx")
    digraph = networkx.DiGraph([("a", "b"), ("b", "c"), ("a", "c")])
    assert [grundy.Game.from_graph(digraph).eval(v).value for v in "abc"] == [2, 1, 0]


def test_loopy_graphs_have_draws():
    # A two-cycle: neither player can win, the position is a draw.
    game = grundy.Game.from_graph({"x": ["y"], "y": ["x"], "z": []})
    assert game.eval("x").outcome == "D"
    assert game.eval("z").outcome == "P"


def test_cut_tables():
    table = grundy.Game("cut:2").table(6)
    assert table.shape == (7, 7)
    # A 1 x 1 box has one move, to nothing: value 1; boxes are symmetric.
    assert table[1, 1] == 1
    assert (table == table.T).all()


def test_scripts_give_the_same_game():
    script = grundy.Game(f"script:{REPO / 'examples' / 'kayles.rhai'}")
    assert script.values(100).tolist() == grundy.Game("kayles").values(100).tolist()


def test_the_package_exports_its_api_only():
    # Issue 26 item 17: dir(grundy) showed Any, Callable, json, html...
    names = dir(grundy)
    for leaked in ("Any", "Callable", "Optional", "json", "html", "Union"):
        assert leaked not in names
    for name in grundy.__all__:
        assert name in names and hasattr(grundy, name)
    assert "Game" in grundy.__all__


def test_examples_are_listed_once():
    examples = grundy.examples()
    assert len(examples) == len(set(examples))
    assert "script:FILE.rhai" in examples and "acrostic(motley,ruler)" in examples


def test_a_long_computation_shows_progress(capfd, monkeypatch):
    # Without tqdm: lines on stderr (rewritten in place on a terminal only).
    import builtins

    real_import = builtins.__import__

    def no_tqdm(name, *args, **kwargs):
        if name.startswith("tqdm"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_tqdm)
    # About three seconds of cubic work (no period fills its values).
    values = grundy.Game("0.9").values(12000, allow_long=True)
    assert len(values) == 12000
    err = capfd.readouterr().err
    assert "grundy: " in err and "of 12,000 values" in err, err
    assert err.endswith("\n")
    # stderr is not a terminal here (captured): whole lines, no carriage
    # returns piled on one line of a log.
    assert "\r" not in err, err


def test_a_long_computation_drives_a_tqdm_bar(monkeypatch):
    # With tqdm: the bar is made, updated to the end and closed (a stand-in
    # module records what the package does with it).
    import sys
    import types

    made = []

    class Bar:
        def __init__(self, total, **kwargs):
            self.total, self.n, self.closed = total, 0, False
            made.append(self)

        def update(self, k):
            self.n += k

        def close(self):
            self.closed = True

    auto = types.ModuleType("tqdm.auto")
    auto.tqdm = Bar
    package = types.ModuleType("tqdm")
    package.auto = auto
    monkeypatch.setitem(sys.modules, "tqdm", package)
    monkeypatch.setitem(sys.modules, "tqdm.auto", auto)
    grundy.Game("0.9").values(12000, allow_long=True)
    assert len(made) == 1
    bar = made[0]
    assert bar.total == 12000 and 0 < bar.n <= 12000 and bar.closed


def test_period_over_a_family_of_boards_is_observed():
    # Chomp 1xn is a Nim heap of n - 1: period 1, saltus 1, from board 1;
    # the same report as the CLI's, observed only (no theorem covers boards).
    report = grundy.Game("chomp:1xN").period(max=30)
    assert (report.period, report.preperiod, report.saltus) == (1, 1, 1)
    assert report.proved is False and "observed" in report.reason


def test_arithmetic_period_of_a_hexadecimal_code_is_proved():
    # 0.8: G(n) = (n - 1) // 3 for n >= 1, the band test's proof read
    # from the first four values; the same report as the CLI's.
    report = grundy.Game("0.8").period()
    assert report.proved and (report.period, report.preperiod, report.saltus) == (3, 1, 1)
    assert "band test" in report.reason
    assert grundy.Game("0.8").value(10**15) == (10**15 - 1) // 3
    first = grundy.Game("0.8").values(200)
    assert all(first[n] == (n - 1) // 3 for n in range(1, 200))
