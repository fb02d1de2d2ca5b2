"""Notebook views: reports as HTML tables, plots as matplotlib figures."""

import pytest

import grundy


def test_reports_render_as_tables():
    kayles = grundy.Game("kayles")
    html = kayles.eval("3 4 6")._repr_html_()
    assert html.count("<table>") == 2 and "from the heap of 3 take 1" in html
    assert "<th style='text-align:left'>proved</th>" in kayles.period()._repr_html_()
    assert "kayles" in kayles._repr_html_()
    with pytest.raises(AttributeError, match="no field"):
        kayles.period().no_such_field


def test_plot_returns_a_figure():
    matplotlib = pytest.importorskip("matplotlib")
    figure = grundy.Game("kayles").plot(200)
    assert isinstance(figure, matplotlib.figure.Figure)
    axes = figure.axes[0]
    points = axes.lines[0].get_ydata()
    assert list(points[:5]) == [0, 1, 2, 3, 1]
    # The preperiod (71) is marked.
    assert any(list(line.get_xdata()) == [71, 71] for line in axes.lines[1:])


def test_a_saved_plot_keeps_its_axis_labels(tmp_path):
    # Issue 26 item 17: a saved figure cropped its x label.
    pytest.importorskip("matplotlib")
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    figure = grundy.Game("kayles").plot(200)
    FigureCanvasAgg(figure)
    figure.savefig(tmp_path / "kayles.png")
    renderer = figure.canvas.get_renderer()
    box = figure.bbox
    axes = figure.axes[0]
    for label in (axes.xaxis.label, axes.yaxis.label, axes.title):
        extent = label.get_window_extent(renderer)
        assert extent.x0 >= box.x0 and extent.y0 >= box.y0, label.get_text()
        assert extent.x1 <= box.x1 and extent.y1 <= box.y1, label.get_text()


def test_the_stubs_name_what_the_core_has():
    import ast
    import pathlib

    from grundy import _grundy

    stub = pathlib.Path(grundy.__file__).with_name("_grundy.pyi")
    tree = ast.parse(stub.read_text())
    named = [n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
    assert len(named) > 8
    for name in named:
        assert hasattr(_grundy, name), name
    for method in [n.name for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "CoreGame"
                   for n in n.body if isinstance(n, ast.FunctionDef)]:
        assert hasattr(_grundy.CoreGame, method), method
    # And the core has nothing public the stubs leave out.
    public = {n for n in dir(_grundy) if not n.startswith("_")}
    constants = {n.target.id for n in tree.body if isinstance(n, ast.AnnAssign)}
    assert {"PERIOD_MAX", "ANALYZE_MAX", "MISERE_MAX"} <= constants
    assert public <= set(named) | constants | {"Position"}, public - set(named) - constants


def test_the_readme_example_and_the_module_docs_run_as_shown():
    import doctest
    import re

    from conftest import REPO

    readme = (REPO / "README.md").read_text()
    section = readme.split("### Python (`import grundy`)", 1)[1]
    block = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    test = parser.get_doctest(block, {}, "README", "README.md", 0)
    assert len(test.examples) > 10
    runner.run(test)
    failed, _ = doctest.testmod(grundy, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert runner.failures == 0 and failed == 0, runner.summarize()
