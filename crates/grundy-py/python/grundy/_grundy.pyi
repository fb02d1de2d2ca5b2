"""Type stubs of grundy's native core (the Rust library, bound with PyO3).

The public API is the package's Python layer (``grundy.Game`` and the
rest, typed in ``__init__.py``); these stubs type the core it wraps.
"""

from typing import Any, Callable, Iterable, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

__version__: str
PERIOD_MAX: int
ANALYZE_MAX: int
MISERE_MAX: int

Position = Union[str, int, Sequence[Union[str, int]]]

class LimitError(ValueError):
    """A request beyond a limit of the engine or of the machine."""

class CoreGame:
    def __init__(self, spec: str) -> None: ...
    @staticmethod
    def from_rules(
        options: Callable[[int], Iterable[Iterable[int]]], name: str, bound: Optional[int] = None
    ) -> CoreGame: ...
    @staticmethod
    def from_followers(names: list[str], followers: list[list[int]]) -> CoreGame: ...
    @staticmethod
    def from_moves(
        moves: Callable[[Any], Any],
        name: str,
        sum_type: type,
        parts: Optional[Callable[[Any], Any]] = None,
        start: Optional[Callable[..., Any]] = None,
        start_is_pair: bool = False,
        describe: Optional[Callable[[Any, Any], str]] = None,
    ) -> CoreGame: ...
    @staticmethod
    def position_text(position: Any) -> str: ...
    @property
    def kind(self) -> str: ...
    def values(self, count: int, misere: bool, allow_long: bool) -> npt.NDArray[np.unsignedinteger[Any]]: ...
    def period_json(self, max: Optional[int], allow_long: bool, label: str) -> str: ...
    def value_json(
        self, n: int, max: Optional[int], misere: bool, allow_long: bool, label: str
    ) -> str: ...
    def analyze_json(self, max: Optional[int], misere: bool, allow_long: bool, label: str) -> str: ...
    def genus_json(self, count: int, position: Optional[Position], label: str) -> str: ...
    def quotient_json(
        self, max_heap: int, max_order: Optional[int], climb_rounds: Optional[int], label: str
    ) -> str: ...
    def eval_json(
        self,
        position: Position,
        misere: bool,
        allow_long: bool,
        label: str,
        outcome_only: bool,
        compound: Optional[str] = None,
    ) -> str: ...
    def moves_json(self, position: Position, misere: bool, allow_long: bool, label: str) -> str: ...
    def table(self, max: int, allow_long: bool) -> npt.NDArray[Any]: ...
    @staticmethod
    def families() -> list[tuple[str, str]]: ...
    @staticmethod
    def examples() -> list[str]: ...

class Nimber:
    """A nimber below 2^64: + is nim-addition, * nim-multiplication."""

    def __init__(self, value: Union[int, Nimber]) -> None: ...
    @property
    def value(self) -> int: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __add__(self, other: Union[int, Nimber]) -> Nimber: ...
    def __radd__(self, other: Union[int, Nimber]) -> Nimber: ...
    def __sub__(self, other: Union[int, Nimber]) -> Nimber: ...
    def __rsub__(self, other: Union[int, Nimber]) -> Nimber: ...
    def __mul__(self, other: Union[int, Nimber]) -> Nimber: ...
    def __rmul__(self, other: Union[int, Nimber]) -> Nimber: ...
    def __truediv__(self, other: Union[int, Nimber]) -> Nimber: ...
    def __rtruediv__(self, other: Union[int, Nimber]) -> Nimber: ...
    def __pow__(self, exponent: int, modulo: None = None) -> Nimber: ...
    def inverse(self) -> Nimber:
        """The inverse in the field (ZeroDivisionError for 0)."""
    def sqrt(self) -> Nimber:
        """The square root in the field (every nimber has exactly one)."""

def nim_add(a: Union[int, Nimber], b: Union[int, Nimber]) -> int:
    """a XOR b."""

def nim_mul(a: Union[int, Nimber], b: Union[int, Nimber]) -> int:
    """The nim-product of a and b."""

def nim_div(a: Union[int, Nimber], b: Union[int, Nimber]) -> int:
    """a divided by b in the field (ZeroDivisionError for b = 0)."""

def nim_inv(a: Union[int, Nimber]) -> int:
    """The inverse of a in the field (ZeroDivisionError for 0)."""

def nim_sqrt(a: Union[int, Nimber]) -> int:
    """The square root of a in the field."""

def nim_pow(a: Union[int, Nimber], exponent: int) -> int:
    """a to the power exponent, by nim-multiplication."""

def mex(values: Iterable[int]) -> int:
    """The least non-negative integer not among values."""

def solve_json(graph: str, out: str, positions: list[str], workers: int, max_positions: int) -> str:
    """The dataflow solve's report, as JSON."""

def database_json(dir: str, vertices: list[str]) -> str:
    """A database lookup's report, as JSON."""
