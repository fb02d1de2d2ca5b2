"""The three faces agree: every request of the shared corpus
(tests/agreement/corpus.json: every family x each convention, outcomes
by theorem, graphs with cycles, malformed input, limits) is answered by
the Python module, the CLI (--format json) and a server on loopback
(`grundy serve`), and the answers are compared as parsed values; an
error must be an error on every face, with the same message.

The CLI is also compared with the server's router in
crates/grundy-cli/tests/agreement.rs; this test adds the Python module,
and the requests only Python and the server share (moves)."""

import json
import subprocess
import tempfile
import urllib.error
import urllib.parse
import urllib.request

import pytest

import grundy

from conftest import REPO, cli_path

CORPUS = json.loads((REPO / "tests" / "agreement" / "corpus.json").read_text())
GRAPHS = tempfile.TemporaryDirectory()


def spec_of(entry, index):
    """The spec naming the entry's game on the CLI and in Python: a graph
    sent to the server is a file there."""
    if "graph" in entry:
        path = f"{GRAPHS.name}/graph{index}.txt"
        with open(path, "w") as f:
            f.write(entry["graph"])
        return "graph:" + path
    return entry["game"]


def plain(value):
    return json.loads(json.dumps(value))


def without_name(answer, entry, spec):
    """A graph file and a graph sent differ by their name only; a
    search's statistics (its table's bound, which the server keeps small)
    say how a face searched, not what it answers."""
    kind, value = answer
    if kind == "report" and isinstance(value, dict) and "search" in value:
        value = {k: v for k, v in value.items() if k != "search"}
        answer = (kind, value)
    if "graph" not in entry:
        return answer
    if kind == "report":
        value = {k: v for k, v in value.items() if k != "game"}
    else:
        path = spec[len("graph:"):] if spec.startswith("graph:") else spec
        value = value.replace(spec, "graph").replace(path, "graph")
    return (kind, value)


def run_cli(*args):
    done = subprocess.run([str(cli_path()), *args, "--format", "json"],
                          capture_output=True, text=True, timeout=300)
    if done.returncode == 0:
        return ("report", json.loads(done.stdout))
    assert done.returncode == 2, (args, done.returncode, done.stderr)
    at = done.stderr.find("grundy: error: ")
    assert at >= 0, f"{args}: no error line in {done.stderr}"
    # The message runs to the end (a caret line may follow it).
    return ("error", done.stderr[at + len("grundy: error: "):].rstrip())


def run_python(call):
    try:
        return ("report", plain(call()))
    except (ValueError, TypeError, grundy.LimitError) as error:
        return ("error", str(error))


@pytest.fixture(scope="module")
def server():
    process = subprocess.Popen(
        [str(cli_path()), "serve", "--addr", "127.0.0.1:0", "--time-limit", "60"],
        stderr=subprocess.PIPE, text=True)
    try:
        address = None
        for line in process.stderr:
            if "serving the explorer on " in line:
                address = line.split("serving the explorer on ")[1].strip().rstrip("/")
                break
        assert address, "the server did not start"

        def call(endpoint, entry):
            query = {"game": entry["game"], "position": entry["position"],
                     "convention": entry["convention"]}
            if "graph" in entry:
                query["graph"] = entry["graph"]
            if "compound" in entry:
                query["compound"] = entry["compound"]
            url = f"{address}/api/{endpoint}?{urllib.parse.urlencode(query)}"
            try:
                with urllib.request.urlopen(url, timeout=120) as response:
                    return ("report", json.loads(response.read()))
            except urllib.error.HTTPError as error:
                return ("error", json.loads(error.read())["error"])

        yield call
    finally:
        process.kill()
        process.wait()


def sum_tokens(text):
    """The words a shell passes for a position: a `+` standing alone is
    kept (it may start another game's part: `kayles 5 + nim 3`), one
    inside a word only separates (`3+4`)."""
    words = []
    for word in text.split():
        if word == "+":
            words.append(word)
        else:
            words.extend(part for part in word.split("+") if part)
    return words


def test_the_corpus_is_large():
    total = sum(len(CORPUS[k]) for k in ("eval", "moves", "analyze", "value", "genus"))
    assert total >= 150, total


@pytest.mark.parametrize("index", range(len(CORPUS["eval"])))
def test_eval_agrees_on_every_face(index, server):
    entry = CORPUS["eval"][index]
    spec = spec_of(entry, index)
    misere = entry["convention"] == "misere"
    compound = entry.get("compound")
    args = ["eval", spec, *sum_tokens(entry["position"])]
    args += ["--misere"] if misere else []
    args += ["--compound", compound] if compound else []
    cli = without_name(run_cli(*args), entry, spec)
    ours = without_name(
        run_python(lambda: grundy.Game(spec).eval(entry["position"], misere=misere, compound=compound)),
        entry, spec)
    served = without_name(server("eval", entry), entry, "graph")
    assert ours == cli, entry
    if entry.get("server_limit"):
        # A cap of the server's own: it refuses too, in its words.
        assert cli[0] == "error" and served[0] == "error", (entry, served)
    else:
        assert served == cli, entry


@pytest.mark.parametrize("index", range(len(CORPUS["moves"])))
def test_moves_agree_with_the_server(index, server):
    entry = CORPUS["moves"][index]
    spec = spec_of(entry, 1000 + index)
    misere = entry["convention"] == "misere"
    ours = run_python(lambda: grundy.Game(spec).moves(entry["position"], misere=misere))
    served = server("moves", entry)
    if served[0] == "report":
        served = ("report", served[1]["moves"])
    # Moves name positions, not the game: nothing to take out.
    assert ours == served, entry


@pytest.mark.parametrize("entry", CORPUS["analyze"], ids=lambda e: f"{e['game']}-{e['convention']}")
def test_analyze_agrees_with_the_cli(entry):
    misere = entry["convention"] == "misere"
    args = ["analyze", entry["game"], "--max", str(entry["n"]), "--no-plot"]
    cli = run_cli(*args, *(["--misere"] if misere else []))
    ours = run_python(lambda: grundy.Game(entry["game"]).analyze(entry["n"], misere=misere))
    if cli[0] == "report":
        # The CLI names the plot it did not write.
        cli[1].pop("plot", None)
        ours[1].pop("plot", None)
    assert ours == cli, entry


@pytest.mark.parametrize("entry", CORPUS["value"], ids=lambda e: f"{e['game']}-{e['n']}")
def test_value_agrees_with_the_cli(entry):
    misere = entry["convention"] == "misere"
    cli = run_cli("value", entry["game"], str(entry["n"]), *(["--misere"] if misere else []))
    ours = run_python(lambda: grundy.Game(entry["game"]).value_report(entry["n"], misere=misere))
    assert ours == cli, entry


@pytest.mark.parametrize("entry", CORPUS["genus"], ids=lambda e: e["game"])
def test_genus_agrees_with_the_cli(entry):
    game = entry["game"]
    if "position" in entry:
        cli = run_cli("genus", game, *entry["position"].split())
        ours = run_python(lambda: grundy.Game(game).genus(position=entry["position"]))
    else:
        cli = run_cli("genus", game, "-n", str(entry["n"]))
        ours = run_python(lambda: grundy.Game(game).genus(entry["n"]))
    assert ours == cli, entry


@pytest.mark.parametrize("entry", CORPUS["quotient"], ids=lambda e: f"{e['game']}-{e['max']}")
def test_quotient_agrees_with_the_cli(entry):
    extra = ["--max-order", str(entry["max_order"])] if "max_order" in entry else []
    cli = run_cli("quotient", entry["game"], "--max", str(entry["max"]), *extra)
    order = {"max_order": entry["max_order"]} if "max_order" in entry else {}
    ours = run_python(lambda: grundy.Game(entry["game"]).quotient(entry["max"], **order))
    assert ours == cli, entry


# Issue 53: which request applies to which game is the library's decision
# alone. Every family's example is asked every request of heap values in
# Python and on the CLI; where either refuses, both refuse with the same
# message (Python raises TypeError for a request the game does not answer).
REQUESTS = {
    "values": (lambda g: [int(v) for v in g.values(5)], ["seq", "-n", "5"]),
    "period": (lambda g: g.period(20), ["period", "--max", "20"]),
    "value": (lambda g: g.value_report(5), ["value", "5"]),
    "analyze": (lambda g: g.analyze(20), ["analyze", "--max", "20", "--no-plot"]),
    "quotient": (lambda g: g.quotient(6), ["quotient", "--max", "6"]),
}


@pytest.mark.parametrize("example", [e for e in grundy.examples() if "FILE" not in e])
@pytest.mark.parametrize("request_name", sorted(REQUESTS))
def test_every_request_of_every_family_is_refused_alike(example, request_name):
    call, args = REQUESTS[request_name]
    cli = run_cli(args[0], example, *args[1:])
    ours = run_python(lambda: call(grundy.Game(example)))
    if cli[0] == "report" and ours[0] == "error":
        # seq also gives the values of games that are not heap games
        # (loopy games on numbers, boards numbered by size), which
        # Python's values() (an array of heap values) refuses.
        assert request_name == "values" and "escapes" in cli[1], (example, cli, ours)
        assert "of heaps, and the positions" in ours[1], ours
    elif "error" in (cli[0], ours[0]):
        assert ours == cli, (example, request_name)
    if cli[0] == "error" and "of heaps, and the positions" in cli[1]:
        with pytest.raises(TypeError):
            call(grundy.Game(example))
