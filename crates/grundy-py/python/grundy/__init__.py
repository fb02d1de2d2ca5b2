"""grundy: Sprague-Grundy theory made practical, from Python.

An impartial game is a game graph where both players have the same moves
and whoever cannot move loses. Every position has a Grundy value
(nimber), ``G(x) = mex{G(y) : x -> y}``; ``G(x) = 0`` exactly when the
player to move loses, and a sum of games has the XOR of the parts' values.

>>> import grundy
>>> kayles = grundy.Game("kayles")
>>> kayles.values(12)
array([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6], dtype=uint8)
>>> kayles.period().proved
True
>>> kayles.value(10**18)
1
>>> [m.description for m in kayles.eval("3 4 6").winning_moves][:1]
['from the heap of 3 take 1, leaving a heap of 2']

The engines are grundy's own (the Rust library the ``grundy`` command
line tool runs); reports are the same reports, parsed from the same JSON.
Long computations release the GIL and stop on Ctrl-C.
"""

from __future__ import annotations

import html
import json
import operator
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, Union

from . import _grundy
from ._grundy import LimitError, Nimber, mex, nim_add, nim_div, nim_inv, nim_mul, nim_pow, nim_sqrt

__all__ = [
    "Game",
    "Sum",
    "sum_of",
    "Report",
    "Evaluation",
    "Move",
    "Nimber",
    "LimitError",
    "families",
    "examples",
    "solve",
    "database",
    "mex",
    "nim_add",
    "nim_mul",
    "nim_div",
    "nim_inv",
    "nim_sqrt",
    "nim_pow",
]

__version__ = _grundy.__version__

#: Values computed at most while looking for a proved period, by default
#: (the library's default of every face, 2^24).
PERIOD_MAX = _grundy.PERIOD_MAX

#: Values computed at most by ``analyze``, by default (the library's, 2^16).
ANALYZE_MAX = _grundy.ANALYZE_MAX

#: Misère values computed by ``analyze(misere=True)``, by default (64).
MISERE_MAX = _grundy.MISERE_MAX

Position = Union[str, int, Sequence[Union[str, int]]]


def _cell(value: Any) -> str:
    if isinstance(value, list):
        shown = ", ".join(_cell(v) if isinstance(v, (list, dict)) else str(v) for v in value[:20])
        more = f", ... ({len(value)} in all)" if len(value) > 20 else ""
        return "[" + shown + more + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_cell(v)}" for k, v in value.items()) + "}"
    return str(value)


class Report(dict):
    """A report of the library, as the CLI's ``--format json`` prints it.

    It is a ``dict`` of the JSON fields, whose fields also read as
    attributes (``report.proved``); in a notebook it shows as a table.
    """

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(f"this report has no field {name!r}; it has {sorted(self)}") from None

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><th style='text-align:left'>{html.escape(str(k))}</th>"
            f"<td style='text-align:left'>{html.escape(_cell(v))}</td></tr>"
            for k, v in self.items()
        )
        return f"<table>{rows}</table>"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict.__repr__(self)})"


class Move(Report):
    """A winning move of a sum: ``component`` (its index in the sum),
    ``before`` and ``after`` (that component before and after the move),
    ``description`` (the move in the game's words) and ``result`` (the whole
    sum it leaves)."""

    @property
    def before(self) -> Any:
        return self.get("from")

    @property
    def after(self) -> Any:
        return self.get("to")


class Evaluation(Report):
    """The evaluation of a position (a sum of components): ``value`` (its
    nimber, normal play), ``outcome`` (``"P"``: the player to move loses,
    ``"N"``: wins, ``"D"``: a draw in loopy games) and ``winning_moves``
    (every move that wins, as :class:`Move`)."""

    @property
    def value(self) -> Optional[int]:
        return self.get("value")

    @property
    def winning_moves(self) -> list:
        return [Move(m) for m in self.get("winning_moves") or []]

    def _repr_html_(self) -> str:
        head = Report({k: v for k, v in self.items() if k != "winning_moves"})._repr_html_()
        moves = "".join(
            f"<tr><td>{m.get('component')}</td><td>{html.escape(str(m.before))}</td>"
            f"<td>{html.escape(_cell(m.after))}</td><td>{html.escape(str(m.description))}</td></tr>"
            for m in self.winning_moves
        )
        if not moves:
            return head
        return (
            head
            + "<table><tr><th>component</th><th>before</th><th>after</th><th>move</th></tr>"
            + moves
            + "</table>"
        )


def families() -> list:
    """Every family grundy knows: ``(spec form, description)`` pairs."""
    return [tuple(f) for f in _grundy.CoreGame.families()]


def examples() -> list:
    """An example spec of every family, from the registry (the CLI's and
    the web explorer's examples)."""
    return list(_grundy.CoreGame.examples())


def solve(graph: str, out: str, *positions: str, workers: int = 1, max_positions: int = 10**7) -> dict:
    """Every vertex of a game graph solved on timely-dataflow (``grundy
    solve``): ``graph`` is a graph file, a family's graph
    (``"windup:7:2,3"``) or a binary edge list; with ``positions``, a
    game's spec whose state space from their sum is the graph
    (``solve("cram", "db", "4x5")``). The database goes to the directory
    ``out``; returns the totals (the CLI's JSON report, as a dict)."""
    return json.loads(
        _grundy.solve_json(str(graph), str(out), [str(p) for p in positions], _count(workers), _count(max_positions))
    )


def database(dir: str, *vertices: str) -> dict:
    """What a solve's database says of each vertex (by name, or number for
    an edge list): ``{"database", "summary", "vertices": [{"name",
    "value", "outcome", "remoteness"}]}``, as ``grundy db --format json``;
    each vertex in the shape of ``grundy graph --format json``'s (``"value"`` is ``None``
    for an infinite value, whose ``"escapes"`` are given)."""
    return json.loads(_grundy.database_json(str(dir), [str(v) for v in vertices]))


class Game:
    """A game of any family grundy knows, named by its spec as on the
    command line: ``Game("kayles")``, ``Game("0.137")``, ``Game("sub:1,3,4")``,
    ``Game("wythoff")``, ``Game("ruler")``, ``Game("cut:2")``,
    ``Game("graph:FILE")``... A malformed spec raises ``ValueError`` with
    the parser's message (a caret under the offending character).

    Rules written in Python come from :meth:`Game.from_rules`, graphs from
    :meth:`Game.from_graph`.
    """

    # Whether positions are Python values (from_moves), written for the
    # core as grundy reads them.
    _positions_are_values = False

    def __init__(self, spec: str) -> None:
        self._core = _grundy.CoreGame(spec)
        self.name = spec.strip()

    @classmethod
    def _wrap(cls, core: Any, name: str) -> "Game":
        game = cls.__new__(cls)
        game._core = core
        game.name = name
        return game

    def _texts(self, position: Any) -> Any:
        """A position as the core reads it: for a game defined by its
        moves, one Python value (or a ``sum_of`` of several) written as
        grundy writes positions; for the others, as given."""
        if not self._positions_are_values or isinstance(position, _Words):
            return position
        parts = list(position) if isinstance(position, SumOf) else [position]
        return [_grundy.CoreGame.position_text(p) for p in parts]

    @classmethod
    def from_moves(
        cls,
        moves: Callable[[Any], Iterable[Any]],
        parts: Optional[Callable[[Any], Iterable[Any]]] = None,
        start: Optional[Callable[..., Any]] = None,
        name: str = "moves",
        describe: Optional[Callable[[Any, Any], str]] = None,
    ) -> "Game":
        """A game on positions of any kind: ``moves(p)`` returns what the
        position ``p`` can move to, each a position or
        ``grundy.sum_of(a, b, ...)`` for a move that leaves several
        independent games (``sum_of()``: nothing left). A position is an
        int, a str, or a tuple (or list) of positions, nested as deep as
        needed; ``moves`` receives tuples.

        ``parts(p)``, if given, splits a position into independent parts
        (a graph into its connected pieces); ``start(n)`` numbers a family
        of positions for :meth:`values` and :meth:`period`, ``start(x, y)``
        lays one out for :meth:`table`. ``describe(p, q)``, if given,
        names the move from ``p`` to ``q`` in the game's own words (``q``
        the tuple of the parts when a move leaves several). Moves that come back to a position
        make a loopy game: its sums are answered by Smith's values, draws
        included. Every request applies: ``eval`` (one position, or a
        ``sum_of``), ``moves``, misère play, sums with other games
        (``g((3, 5)) + Game("nim")(4)``). An exception raised by a callable
        comes out unchanged."""
        if not callable(moves):
            raise TypeError("moves must be a callable: moves(p) -> list of positions")
        pair = False
        if start is not None:
            import inspect

            try:
                pair = len(inspect.signature(start).parameters) == 2
            except (TypeError, ValueError):
                pair = False
        core = _grundy.CoreGame.from_moves(moves, name, SumOf, parts, start, pair, describe)
        game = cls._wrap(core, name)
        game._positions_are_values = True
        return game

    @classmethod
    def from_rules(
        cls,
        options: Callable[[int], Iterable[Iterable[int]]],
        name: str = "rules",
        bound: Optional[int] = None,
    ) -> "Game":
        """A heap game whose moves are given by ``options(n)``: every
        option of a heap of ``n``, each a list of the heap sizes it leaves
        (``[]`` takes the heap whole; heaps of 0 vanish).

        The same sandbox rule as scripts: every heap left must be smaller
        than ``n``, so the game cannot loop. With ``bound``, heaps may be
        anything up to ``bound`` (larger than ``n`` too), each option one
        heap or none, and the game is solved as a graph over
        ``0..bound`` (draws possible).

        This is the slow path, for quick experiments: one Python call per
        heap. An exception raised by ``options`` comes out unchanged.
        """
        core = _grundy.CoreGame.from_rules(options, name, bound)
        return cls._wrap(core, name)

    @classmethod
    def from_graph(cls, graph: Any, name: str = "graph") -> "Game":
        """A game on an explicit graph: a dict ``{vertex: [successors]}``
        or a networkx ``DiGraph`` (a move goes along an edge). Vertex names
        are ``str()`` of the keys; every successor must be a vertex."""
        if hasattr(graph, "successors") and hasattr(graph, "nodes"):
            adjacency = {v: list(graph.successors(v)) for v in graph.nodes}
        elif isinstance(graph, Mapping):
            adjacency = {v: list(s) for v, s in graph.items()}
        else:
            raise TypeError("a graph is a dict {vertex: [successors]} or a networkx DiGraph")
        vertices = list(adjacency)
        index = {v: i for i, v in enumerate(vertices)}
        followers = []
        for v in vertices:
            row = []
            for s in adjacency[v]:
                if s not in index:
                    raise ValueError(f"vertex {v!r} has successor {s!r}, which is not a vertex")
                row.append(index[s])
            followers.append(row)
        core = _grundy.CoreGame.from_followers([str(v) for v in vertices], followers)
        return cls._wrap(core, name)

    @classmethod
    def from_file(cls, path: str) -> "Game":
        """A game graph read from a file (``name: successors...`` lines),
        as ``Game("graph:" + path)``."""
        return cls("graph:" + str(path))

    @property
    def kind(self) -> str:
        """``"heap"``, ``"rows"`` (coin-turning: heaps stand for heads),
        ``"graph"``, ``"cut"`` or ``"positional"`` (pairs, boards)."""
        return self._core.kind

    def __repr__(self) -> str:
        return f"Game({self.name!r})"

    def _repr_html_(self) -> str:
        return f"<b>{html.escape(self.name)}</b> ({html.escape(self.kind)} game)"

    def values(self, n: int, misere: bool = False, allow_long: bool = False) -> Any:
        """G(0), ..., G(n-1) of a heap game as a numpy array of the
        narrowest unsigned type that holds them (uint8, uint16, uint32).
        ``misere=True`` gives misère nim-values (by search: small n).

        A request whose work grows fast (moves leaving three or more heaps,
        rules from Python) is estimated first and refused with
        :class:`LimitError` beyond ten minutes unless ``allow_long=True``;
        counts that cannot fit in memory are refused too."""
        return self._core.values(_count(n), bool(misere), bool(allow_long))

    def period(self, max: Optional[int] = None, allow_long: bool = False) -> Report:
        """Extends the sequence until its period is proved (by the
        family's theorem) or ``max`` values (default 2^24, lowered for
        games whose work grows fast): the CLI's ``period`` report
        (``period``, ``preperiod``, ``saltus``, ``proved``, ``reason``...)."""
        return Report(
            json.loads(self._core.period_json(_maybe(max), bool(allow_long), self.name))
        )

    def value(
        self, n: int, max: Optional[int] = None, allow_long: bool = False, misere: bool = False
    ) -> int:
        """G(n) for any n below 2^64: by the family's theorem, directly
        when n is within ``max``, or from a proved period. :meth:`value_report`
        says how it is known. ``misere=True``: the misère nim-value (Bouton's
        rule for Nim, the search otherwise)."""
        return self.value_report(n, max, allow_long, misere)["value"]

    def value_report(
        self, n: int, max: Optional[int] = None, allow_long: bool = False, misere: bool = False
    ) -> Report:
        """G(n) (or the misère nim-value) and how it is known: the CLI's
        ``value`` report."""
        return Report(
            json.loads(
                self._core.value_json(
                    _count(n), _maybe(max), bool(misere), bool(allow_long), self.name
                )
            )
        )

    def analyze(self, n: Optional[int] = None, misere: bool = False, allow_long: bool = False) -> Report:
        """The main job: the period and how it is known, the first values,
        the largest value, the exceptions before the period and the rare
        values, from at most ``n`` values (default 2^16, lowered for games
        whose work grows fast; 64 for misère)."""
        return Report(
            json.loads(self._core.analyze_json(_maybe(n), bool(misere), bool(allow_long), self.name))
        )

    def genus(self, n: Optional[int] = None, position: Optional[Position] = None) -> Report:
        """The genus (misère play) of each heap 0..n-1 of a heap game, or
        of each component of ``position`` for games with positions of
        their own: the CLI's ``genus`` report (``genus``, ``symbols``, ``tame``)."""
        if position is None and n is None:
            raise TypeError("genus needs n (heaps 0..n-1) or a position")
        count = _count(n) if n is not None else 0
        return Report(json.loads(self._core.genus_json(count, position, self.name)))

    def quotient(
        self, max_heap: int, max_order: Optional[int] = None, climb_rounds: Optional[int] = None
    ) -> Report:
        """The misère quotient of the heaps up to ``max_heap`` of a heap
        game (Plambeck and Siegel), built heap by heap and verified over
        every sum: the CLI's ``quotient`` report (``order``,
        ``generators``, ``relations``, ``p_portion``, ``heap_elements``,
        ``orders``, ``stable_since``). A quotient past ``max_order``
        elements (the CLI's default, 4096, when not given; at most 2^20)
        raises ``LimitError``, and so does a heap whose candidates climb
        for ``climb_rounds`` rounds (the CLI's default, 6, when not given;
        0 never stops on a climb): the quotient looks infinite, which is
        not proved. Either error says what the failures proved: a lower
        bound on the order."""
        return Report(
            json.loads(
                self._core.quotient_json(
                    _count(max_heap), _maybe(max_order), _maybe(climb_rounds), self.name
                )
            )
        )

    def __call__(self, *position: Union[str, int]) -> "Sum":
        """This game's components as one part of a sum of different games:
        ``Game("kayles")(5, 9) + Game("cram")("3x4") + Game("nim")(7)``
        (see :class:`Sum`)."""
        if self._positions_are_values:
            return Sum((self, self._texts(sum_of(*position))))
        return Sum((self, list(position)))

    def eval(
        self,
        position: Position,
        misere: bool = False,
        allow_long: bool = False,
        outcome: bool = False,
        compound: Optional[str] = None,
    ) -> Any:
        """Value, outcome and every winning move of a sum: ``"3 4 7"``,
        ``[3, 4, 7]``, ``"(3,5)+(2,2)"``, ``"THHTH"``... (components separated
        by spaces or ``+``). A malformed position raises ``ValueError``.
        A single Wythoff position beyond the search gets its outcome and
        winning moves by Fraenkel's theorem (no ``value``; ``method`` says
        so). ``outcome=True`` asks only the outcome and one winning move
        (the CLI's ``eval --outcome``): boards and graphs are then searched
        for a P-position, never for the sum's value.

        ``compound="conjunctive"`` (or ``"continued"``, ``"selective"``,
        ``"shortened-selective"``, ``"moore:K"``) plays the components as
        that compound instead of their sum (the CLI's ``eval
        --compound``): its outcome by the compound's rule, the number the
        rule reads (remoteness, suspense) and every winning move, a
        :class:`Report`."""
        report = json.loads(
            self._core.eval_json(
                self._texts(position), bool(misere), bool(allow_long), self.name, bool(outcome),
                compound,
            )
        )
        return Report(report) if compound is not None else Evaluation(report)

    def moves(self, position: Position, misere: bool = False, allow_long: bool = False) -> list:
        """Every move of a sum, with the sum it leaves and whether it wins."""
        moves = self._core.moves_json(self._texts(position), bool(misere), bool(allow_long), self.name)
        return [Report(m) for m in json.loads(moves)]

    def table(self, max: int, allow_long: bool = False) -> Any:
        """The values of a game on two coordinates (``wythoff``, ``mem``,
        ``tartan(A,B)``...) as a 2-D numpy array, ``table[x, y]``; or of a
        cutting game ``cut:D`` as a D-dimensional array indexed by the sides."""
        return self._core.table(_count(max), bool(allow_long))

    def plot(self, n: int = 1000, misere: bool = False) -> Any:
        """A matplotlib figure of G(0..n-1), the preperiod marked when a
        period is found (needs matplotlib)."""
        try:
            import matplotlib.figure
        except ImportError as error:
            raise ImportError("Game.plot needs matplotlib: pip install matplotlib") from error
        values = self.values(n, misere=misere)
        # The constrained layout keeps the axis labels inside the figure
        # when it is saved.
        figure = matplotlib.figure.Figure(figsize=(8, 3), layout="constrained")
        axes = figure.add_subplot()
        axes.plot(range(len(values)), values, ".", markersize=2)
        axes.set_xlabel("n")
        axes.set_ylabel("misère value" if misere else "G(n)")
        axes.set_title(self.name + (" (misère)" if misere else ""))
        if not misere:
            report = self.period(max=n)
            if report.get("period") is not None:
                axes.axvline(report["preperiod"], color="grey", linestyle="--", linewidth=0.8)
        return figure


class _Progress:
    """The display of a long computation's progress, driven by the native
    core (``_progress``): a tqdm bar when tqdm is installed (``tqdm.auto``:
    a widget in a notebook), else a line on stderr rewritten in place on a
    terminal, or a line per tenth of the way elsewhere (a log file)."""

    def __init__(self) -> None:
        self.bar: Any = None
        self.line = False
        self.tenth = -1

    def __call__(self, done: Optional[int], total: Optional[int]) -> None:
        if done is None:
            self.close()
            return
        try:
            from tqdm.auto import tqdm
        except ImportError:
            tqdm = None
        if tqdm is not None:
            if self.bar is None:
                self.bar = tqdm(total=total, unit=" values", unit_scale=True, desc="grundy")
            if self.bar.total != total:
                self.bar.total = total
            self.bar.update(done - self.bar.n)
            return
        import sys

        text = f"grundy: {done:,} of {total:,} values ({100 * done // max(total, 1)}%)"
        isatty = getattr(sys.stderr, "isatty", None)
        if isatty is not None and isatty():
            # A terminal: one line, rewritten in place.
            sys.stderr.write("\r" + text)
            self.line = True
        else:
            # A log file or a pipe: whole lines, a few of them (each tenth
            # of the way), not carriage returns piled on one line.
            tenth = 10 * done // max(total or 1, 1)
            if tenth == self.tenth:
                return
            self.tenth = tenth
            sys.stderr.write(text + "\n")
        sys.stderr.flush()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None
        if self.line:
            import sys

            sys.stderr.write("\n")
            sys.stderr.flush()
            self.line = False
        self.tenth = -1


#: Called by the native core during computations longer than a second.
_progress = _Progress()


def _maybe(n: Any) -> Optional[int]:
    return None if n is None else _count(n)


#: The largest heap or count the library reads: 2^64 - 1.
_LARGEST = 2**64 - 1


def _count(n: Any) -> int:
    """A count or a heap: a non-negative integer (numpy integers too) up
    to 2^64 - 1; beyond it, the library's ``LimitError`` names the limit."""
    # An integer only (numpy's too): not a float, even 10.0, and not a
    # bool, though Python counts True as 1.
    if isinstance(n, bool):
        raise TypeError(f"expected a non-negative integer, not {n!r}")
    try:
        value = operator.index(n)
    except TypeError:
        raise TypeError(
            f"expected a non-negative integer, not {n!r} ({type(n).__name__})"
        ) from None
    if value < 0:
        raise ValueError(f"expected a non-negative integer, not {n!r}")
    if value > _LARGEST:
        raise LimitError(
            f"{value} exceeds the limit of 2^64 - 1 = {_LARGEST} (the largest heap or count the engines read)"
        )
    return value


def __dir__() -> list:
    """The package's API only (``dir(grundy)``): not the names it imports."""
    return sorted(__all__ + ["__version__", "PERIOD_MAX", "ANALYZE_MAX", "MISERE_MAX", "Position"])


def _component_words(position: Position) -> list:
    """The components of one game's part, one text each."""
    if isinstance(position, str):
        words = []
        for word in position.split():
            words.extend(part for part in word.split("+") if part)
        return words
    if isinstance(position, int):
        return [str(position)]
    return [str(p) for p in position]


class _Words(list):
    """A request's words, already written as grundy reads them (a
    :class:`Sum`'s)."""


class SumOf(tuple):
    """A move that leaves several independent games, in
    :meth:`Game.from_moves` (made by :func:`sum_of`)."""

    def __repr__(self) -> str:
        return "sum_of" + (tuple.__repr__(self) if len(self) != 1 else f"({self[0]!r})")


def sum_of(*positions: Any) -> SumOf:
    """What a move leaves when it leaves several independent games (a row
    that falls apart in two): an option of :meth:`Game.from_moves`'s
    ``moves(p)``; ``sum_of()`` leaves nothing. Also a sum of positions to
    evaluate: ``game.eval(sum_of((3, 5), (1, 2)))``."""
    return SumOf(positions)


class Sum:
    """A sum of positions of different games, as in every textbook problem
    (several games side by side; a move is made in one of them):
    ``Game("kayles")(5, 9) + Game("cram")("3x4") + Game("nim")(7)``, or
    ``Sum(("kayles", "5 9"), ("cram", "3x4"), ("nim", 7))``. Its
    :meth:`eval` is the CLI's ``grundy eval kayles 5 9 + cram 3x4 + nim 7``:
    each game valued by its own method, the sum by XOR, and every winning
    move named in its own game's terms. Every game but the first is named
    by its spec (rules written in Python may come first only)."""

    def __init__(self, *parts: Any) -> None:
        self._parts = []
        for part in parts:
            game, position = part
            if not isinstance(game, Game):
                game = Game(str(game))
            words = _component_words(position)
            if not words:
                raise ValueError(f"the game '{game.name}' in the sum has no position")
            self._parts.append((game, words))
        if not self._parts:
            raise ValueError("a sum needs at least one game's position")

    def __add__(self, other: "Sum") -> "Sum":
        if not isinstance(other, Sum):
            return NotImplemented
        joined = Sum.__new__(Sum)
        joined._parts = self._parts + other._parts
        return joined

    def words(self) -> list:
        """The request as the CLI's words after ``eval``: the first game's
        spec, its components, then ``+``, each other game's spec and its
        components."""
        first, components = self._parts[0]
        words = [first.name, *components]
        for game, components in self._parts[1:]:
            words += ["+", game.name, *components]
        return words

    def __repr__(self) -> str:
        return "Sum(" + " ".join(self.words()) + ")"

    def eval(self, misere: bool = False, allow_long: bool = False, compound: Optional[str] = None) -> Any:
        """Value, outcome and every winning move of the sum (with
        ``compound=``, of that compound of its components: see
        :meth:`Game.eval`). With
        ``misere=True``: the outcome and every winning move in misère play,
        by a search over every tuple of the games' positions. A game with
        cycles in the sum gives Smith's values (``values``, ``escapes``),
        draws included (``drawing_moves``)."""
        first = self._parts[0][0]
        return first.eval(
            _Words(self.words()[1:]), misere=misere, allow_long=allow_long, compound=compound
        )

    def moves(self, misere: bool = False, allow_long: bool = False) -> list:
        """Every move of the sum, as :meth:`Game.moves` lists one game's:
        each game's moves in its own terms, named with the game
        (``"cram: domino a1-b1, leaving ##./..."``), ``component`` counted
        across the whole sum, ``wins`` judged for the whole sum. A move's
        ``game`` and ``position`` are the sum it leaves, as a request
        writes it (``+`` and the spec of each game after the first; a game
        left with no component is dropped): :meth:`after` reads it."""
        first = self._parts[0][0]
        return first.moves(_Words(self.words()[1:]), misere=misere, allow_long=allow_long)

    def after(self, move: Any) -> "Sum":
        """The sum a move of :meth:`moves` leaves, to play on:
        ``s.after(s.moves()[0]).moves()``. Its games are named by their
        specs, as the move names them (a move left in a sum of one game
        names none: it is this sum's first game)."""
        words = list(move["position"])
        first = move.get("game")
        parts = [(Game(first) if first is not None else self._parts[0][0], [])]
        at = 0
        while at < len(words):
            # Written by grundy, a lone `+` is always followed by the next
            # game's spec.
            if words[at] == "+" and at + 1 < len(words):
                parts.append((Game(words[at + 1]), []))
                at += 2
                continue
            parts[-1][1].append(words[at])
            at += 1
        joined = Sum.__new__(Sum)
        joined._parts = parts
        return joined

