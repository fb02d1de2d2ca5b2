"""grundy.solve and grundy.database against the CLI's `solve` and `db`
(the same request layer) and against `grundy graph` (the single-process
solver): a loopy family's graph, a board's state space, and the errors."""

import pytest

import grundy


def test_a_loopy_graph_agrees_with_the_cli_and_the_single_process_solver(cli, tmp_path):
    out = tmp_path / "windup"
    report = grundy.solve("windup:10:3,4", str(out), workers=2)
    assert report["vertices"] == 10 and report["workers"] == 2
    graph = cli("graph", "windup:10:3,4")
    names = [v["name"] for v in graph["vertices"]]
    ours = grundy.database(str(out), *names)
    theirs = cli("db", str(out), *names)
    assert ours == theirs
    # One shape for the same thing: each vertex as `grundy graph` gives it.
    assert ours["vertices"] == graph["vertices"]
    assert any(v["outcome"] == "D" for v in ours["vertices"])


def test_a_state_space_from_python_equals_the_clis(cli, tmp_path):
    ours = grundy.solve("cram", str(tmp_path / "py"), "4x5")
    theirs = cli("solve", "cram", "4x5", "-o", str(tmp_path / "cli"))
    for key in ["vertices", "edges", "p_positions", "n_positions", "draws", "largest_value"]:
        assert ours[key] == theirs[key], key
    start = grundy.database(str(tmp_path / "py"), "4x5")["vertices"][0]
    assert start["value"] == grundy.Game("cram").eval("4x5").value


def test_bad_requests_are_errors(tmp_path):
    with pytest.raises(ValueError, match="no MANIFEST"):
        grundy.database(str(tmp_path))
    grundy.solve("windup:7:2,3", str(tmp_path / "w"))
    with pytest.raises(grundy.LimitError, match="no vertex 'nowhere'"):
        grundy.database(str(tmp_path / "w"), "nowhere")
    with pytest.raises(ValueError, match="only games of boards"):
        grundy.solve("kayles", str(tmp_path / "k"), "5")
    with pytest.raises(grundy.LimitError, match="at least one worker"):
        grundy.solve("windup:7:2,3", str(tmp_path / "w"), workers=0)
