"""Every family's first values (and tables, and evaluations) equal the
CLI's JSON: the module calls the same library functions."""

import pytest

import grundy

# Concrete specs: every registry example that names no file, and every
# named game of `grundy games`.
EXAMPLES = [s for s in grundy.examples() if "FILE" not in s]
NAMED = [
    name
    for form, _ in grundy.families()
    for name in form.split(", ")
    if name.replace("-", "").isalpha()
]
# Winning Ways' sixteen coin-turning games (chapter 14), by name.
TURNING = [
    "turning-turtles", "mock-turtles", "moebius", "mogul", "moidores", "motley", "twins",
    "triplets", "ruler", "mock-turtle-fives", "triplet-fives", "ruler-fives", "turnips",
    "grunt", "sym", "sympler",
]
LISTED = {"moidores": 40, "mogul": 40, "motley": 20, "sym": 40, "sympler": 40}
# Families whose positions are graphs (no table over two coordinates).
BOARD_POSITIONS = {
    "node-kayles": "grid:3x4 path:5 petersen",
    "arc-kayles": "cycle:9 ladder:3",
    "cram": "3x4 ..#/.../.#. 2x3",
    "chomp": "3x4 5,4,2 2x2",
    "green-hackenbush": "cycle:5 stalk:3 v4/0-1,1-2,2-3,3-1,0-0",
}
SPECS = sorted(set(EXAMPLES + NAMED + TURNING + ["0.07", "4!.0", "turning:1-3", "wythoff"]))


def test_the_registry_is_covered():
    assert "kayles" in SPECS and "wythoff:2" in SPECS and "cut:3" in SPECS
    assert len(SPECS) > 40


@pytest.mark.parametrize("spec", SPECS)
def test_first_values_equal_the_cli(spec, cli):
    game = grundy.Game(spec)
    if game.kind in ("heap", "rows"):
        # These coin-turning games meet a limit early: of the moves listed
        # per coin (at places 45 to 74), or, Motley (G(n) = 2^(n-1)), of
        # its XOR sets at place 27.
        count = LISTED.get(spec, 300)
        ours = game.values(count).tolist()
        assert ours == cli("seq", spec, "-n", str(count))["values"]
    elif game.kind == "positional" and spec in BOARD_POSITIONS:
        # Games on boards and graphs have no table: a sum of boards instead.
        position = BOARD_POSITIONS[spec]
        assert game.eval(position) == cli("eval", spec, *position.split())
    elif game.kind == "positional":
        report = cli("table", spec, "--max", "9")
        assert game.table(9).tolist() == report["values"]
    elif game.kind == "cut":
        table = game.table(5)
        report = cli("table", spec, "--max", "5")
        assert report["boxes"], report
        for box in report["boxes"]:
            assert table[tuple(box["sides"])] == box["value"]
            assert table[tuple(reversed(box["sides"]))] == box["value"]
    elif game.kind == "graph":
        for vertex in ["0", "1", "2", "5"]:
            assert game.eval(vertex) == cli("eval", spec, vertex)
    else:
        pytest.fail(f"{spec}: unexpected kind {game.kind}")


@pytest.mark.parametrize(
    "spec,position",
    [
        ("kayles", "3 4 6"),
        ("0.137", "10 20 30"),
        ("wythoff", "(3,5) (4,4)"),
        # Beyond the search: the outcome by Wythoff's theorem.
        ("wythoff", "(1000000000000,7)"),
        ("fibonacci-nim", "(1000000000000,100000)"),
        ("mock-turtles", "THHTH"),
        ("tartan(ruler,mock-turtles)", "(2,3),(4,1)"),
        ("cut:2", "3x4 2x2"),
        ("fibonacci-nim", "20"),
    ],
)
def test_eval_equals_the_cli(spec, position, cli):
    game = grundy.Game(spec)
    assert game.eval(position) == cli("eval", spec, *position.split())


@pytest.mark.parametrize(
    "spec,position",
    [("cram", "4x5 2x3"), ("chomp", "4x5"), ("node-kayles", "petersen"), ("kayles", "3 4 6")],
)
def test_outcome_only_equals_the_cli(spec, position, cli):
    game = grundy.Game(spec)
    ours = game.eval(position, outcome=True)
    assert ours == cli("eval", spec, *position.split(), "--outcome")
    assert "value" not in ours
    assert ours["outcome"] == game.eval(position)["outcome"]


@pytest.mark.parametrize("spec", ["kayles", "0.137", "sub:1,3,4", "grundy"])
def test_reports_equal_the_cli(spec, cli):
    game = grundy.Game(spec)
    assert game.period(max=4096) == cli("period", spec, "--max", "4096")
    if spec == "grundy":
        # No period is known: the CLI refuses, and so does the module.
        with pytest.raises(grundy.LimitError, match="out of reach"):
            game.value(10**15, max=4096)
    else:
        assert game.value_report(10**15, max=4096) == cli("value", spec, str(10**15), "--max", "4096")
    ours = game.analyze(2000)
    theirs = cli("analyze", spec, "--max", "2000", "--no-plot")
    assert ours == theirs


def test_misere_values_and_genus_equal_the_cli(cli):
    game = grundy.Game("kayles")
    assert game.values(30, misere=True).tolist() == cli("seq", "kayles", "-n", "30", "--misere")["values"]
    assert game.genus(20) == cli("genus", "kayles", "-n", "20")
    assert game.analyze(40, misere=True) == cli("analyze", "kayles", "--misere", "--max", "40", "--no-plot")
    assert game.eval("3 4 6", misere=True) == cli("eval", "kayles", "3", "4", "6", "--misere")
    wythoff = grundy.Game("wythoff")
    assert wythoff.genus(position="(2,3) (1,1)") == cli("genus", "wythoff", "(2,3)", "(1,1)")
