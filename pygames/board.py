"""Board geometry: points, neighbours, lines, edges and labels, and nothing about any game.

A board is a fixed set of points numbered ``0 .. len(board) - 1``. Games keep their stones
in a flat list indexed by point, so every lookup a rule needs (neighbours, rays along a
line, which edge a point lies on) is precomputed here once per board shape and size and
shared by every game state: a move then costs list indexing, not coordinate arithmetic.

Two shapes exist:

* ``Board.square(n)``: an n x n grid of intersections. Coordinates are ``(row, col)`` with
  row 0 at the top. Neighbours are orthogonal; lines run in the 8 compass directions.
  Labels follow chess and Go: a column letter from ``a`` on the left, then a row number
  from ``1`` at the bottom, so ``a1`` is the bottom-left corner.
* ``Board.hexagon(n)``: a hex-hex board with n points on each side, on a triangular lattice
  (6 neighbours). Coordinates are axial ``(q, r)`` with the centre at ``(0, 0)`` and ``r``
  growing downwards. Labels give a row letter from ``a`` on the bottom row, then the
  position in that row from ``1`` at its left end, so ``a1`` is the bottom-left corner.

The tables that games and searchers derive from a board shape live here too, each worked
out once and cached: :attr:`Board.ball` (the points within two steps) and
:func:`zobrist_keys` (the random keys of Zobrist hashing, fixed per seed so that every game
and search that uses the same seed agrees).
"""

from __future__ import annotations

import math
import random
import string
from functools import cache, cached_property

from .i18n import _

Point = int

#: The 8 compass steps on a square board, as (d_row, d_col). Opposite directions are
#: ``i`` and ``i + 4``, which Pente's pair and row checks rely on.
SQUARE_DIRECTIONS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
#: The 6 lattice steps on a hex board, as (d_q, d_r); opposites are ``i`` and ``i + 3``.
HEX_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

_LETTERS = string.ascii_lowercase


class Board:
    """An immutable board shape. Build one with :meth:`square` or :meth:`hexagon` (cached)."""

    shape: str
    size: int
    coords: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[Point, ...], ...]
    rays: tuple[tuple[tuple[Point, ...], ...], ...]
    edge: frozenset[Point]
    sides: dict[str, frozenset[Point]]

    def __init__(self, shape: str, size: int, coords: list[tuple[int, int]],
                 directions: tuple[tuple[int, int], ...]) -> None:
        self.shape = shape
        self.size = size
        self.coords = tuple(coords)
        self._index = {c: i for i, c in enumerate(self.coords)}
        index = self._index

        def ray(c: tuple[int, int], d: tuple[int, int]) -> tuple[Point, ...]:
            out = []
            a, b = c[0] + d[0], c[1] + d[1]
            while (a, b) in index:
                out.append(index[(a, b)])
                a, b = a + d[0], b + d[1]
            return tuple(out)

        self.rays = tuple(tuple(ray(c, d) for d in directions) for c in self.coords)
        # Neighbours are the first step of each lattice direction (orthogonal ones on squares).
        near = directions if shape == "hex" else directions[0::2]
        self.neighbours = tuple(
            tuple(index[(c[0] + d[0], c[1] + d[1])] for d in near if (c[0] + d[0], c[1] + d[1]) in index)
            for c in self.coords)
        full = len(near)
        self.edge = frozenset(p for p, n in enumerate(self.neighbours) if len(n) < full)
        if shape == "square":
            last = size - 1
            self.sides = {
                "top": frozenset(p for p, (r, _) in enumerate(self.coords) if r == 0),
                "bottom": frozenset(p for p, (r, _) in enumerate(self.coords) if r == last),
                "left": frozenset(p for p, (_, c) in enumerate(self.coords) if c == 0),
                "right": frozenset(p for p, (_, c) in enumerate(self.coords) if c == last),
            }
        else:
            self.sides = {}
        self._labels = tuple(self._make_label(c) for c in self.coords)
        self._by_label = {lab: i for i, lab in enumerate(self._labels)}

    @staticmethod
    @cache
    def square(n: int) -> Board:
        """The n x n square board (2 <= n <= 26, so that every column has a letter)."""
        if not 2 <= n <= 26:
            raise ValueError(f"a square board must have 2 to 26 lines, not {n}")
        return Board("square", n, [(r, c) for r in range(n) for c in range(n)], SQUARE_DIRECTIONS)

    @staticmethod
    @cache
    def hexagon(n: int) -> Board:
        """The hex-hex board with n points per side (2 <= n <= 13): 3n(n-1)+1 points."""
        if not 2 <= n <= 13:
            raise ValueError(f"a hexagonal board must have 2 to 13 points per side, not {n}")
        m = n - 1
        coords = [(q, r) for r in range(-m, m + 1) for q in range(-m, m + 1) if abs(q + r) <= m]
        return Board("hex", n, coords, HEX_DIRECTIONS)

    def __len__(self) -> int:
        return len(self.coords)

    def __repr__(self) -> str:
        return f"Board.{'square' if self.shape == 'square' else 'hexagon'}({self.size})"

    @property
    def name(self) -> str:
        """A short human name: ``11x11`` or ``hex 9``."""
        return f"{self.size}x{self.size}" if self.shape == "square" else f"hex {self.size}"

    def point(self, coord: tuple[int, int]) -> Point:
        """The point at ``(row, col)`` (square) or ``(q, r)`` (hex); ``ValueError`` if off the board."""
        try:
            return self._index[(coord[0], coord[1])]
        except KeyError:
            raise ValueError(f"{coord} is not on a {self.name} board") from None

    # -- labels ------------------------------------------------------------------------

    def _make_label(self, coord: tuple[int, int]) -> str:
        if self.shape == "square":
            row, col = coord
            return f"{_LETTERS[col]}{self.size - row}"
        q, r = coord
        m = self.size - 1
        return f"{_LETTERS[m - r]}{q - max(-m, -m - r) + 1}"

    def label(self, p: Point) -> str:
        """The human label of point ``p``, e.g. ``d4``."""
        return self._labels[p]

    def parse(self, text: str) -> Point:
        """The point named by a label (case-insensitive); ``ValueError`` with a reason if none."""
        p = self._by_label.get(text.strip().lower())
        if p is None:
            raise ValueError(_("{point} is not a point of the {board} board", point=repr(text), board=self.name))
        return p

    def column_labels(self) -> list[str]:
        """Square boards: the column letters left to right (for drawing coordinates)."""
        return [_LETTERS[c] for c in range(self.size)] if self.shape == "square" else []

    def row_labels(self) -> list[str]:
        """Row names top to bottom: numbers on a square board, letters on a hex board."""
        if self.shape == "square":
            return [str(self.size - r) for r in range(self.size)]
        return [_LETTERS[2 * (self.size - 1) - i] for i in range(2 * self.size - 1)]

    # -- layout --------------------------------------------------------------------------

    def xy(self, p: Point) -> tuple[float, float]:
        """Where to draw point ``p``, with neighbouring points one unit apart and the
        top-left of the board's bounding box at ``(0, 0)``."""
        a, b = self.coords[p]
        if self.shape == "square":
            return float(b), float(a)
        m = self.size - 1
        return a + b / 2 + m, (b + m) * math.sqrt(3) / 2

    def extent(self) -> tuple[float, float]:
        """Width and height of the layout of :meth:`xy`."""
        if self.shape == "square":
            return float(self.size - 1), float(self.size - 1)
        m = self.size - 1
        return 2.0 * m, 2 * m * math.sqrt(3) / 2

    def nearest(self, x: float, y: float, radius: float = 0.5) -> Point | None:
        """The point within ``radius`` layout units of ``(x, y)``, or None: exact hit-testing
        for a click on a drawn board (``radius`` 0.5 never overlaps two points)."""
        best, best_d = None, radius * radius
        for p in range(len(self.coords)):
            px, py = self.xy(p)
            d = (px - x) ** 2 + (py - y) ** 2
            if d <= best_d:
                best, best_d = p, d
        return best

    def lines(self) -> list[tuple[Point, Point]]:
        """Each drawn line segment between neighbouring points, once."""
        return [(p, q) for p, ns in enumerate(self.neighbours) for q in ns if p < q]

    # -- derived tables ----------------------------------------------------------------

    @cached_property
    def ball(self) -> tuple[frozenset[Point], ...]:
        """For each point, the points at most two steps away (itself included when it has a
        neighbour): where a stone's fighting happens. Worked out on first use."""
        nbrs = self.neighbours
        return tuple(frozenset(q for n in nbrs[p] for q in (n, *nbrs[n])) for p in range(len(nbrs)))


@cache
def zobrist_keys(seed: str, rows: int, columns: int, bits: int = 64) -> tuple[tuple[int, ...], ...]:
    """``rows`` rows of ``columns`` random ``bits``-bit keys for Zobrist hashing (the key of a
    position is the XOR of the keys of what is on it), drawn row by row from a generator
    seeded with ``seed``: the same seed always gives the same keys, so every game and search
    using it agrees, and a rules engine's keys never change between versions. Cached: each
    table is drawn once and shared."""
    rng = random.Random(seed)
    return tuple(tuple(rng.getrandbits(bits) for _ in range(columns)) for _ in range(rows))
