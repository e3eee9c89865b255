"""Build square-board positions from ASCII diagrams (top row first, X Black, O White)."""

from __future__ import annotations

from pygames import Board, Game

SYMBOLS = {"X": 1, "O": 2, "W": 1, "B": 2, "3": 3, "4": 4}
#: A 5x5 board held by one Black group around nine one-point eyes (Loose and Vacu).
BLACK_FORTRESS = """
    . X . X .
    X X X X X
    . X . X .
    X X X X X
    . X . X ."""


def parse(diagram: str, symbols: dict[str, int] | None = None) -> tuple[int, dict[int, int]]:
    """The board size and ``{point: colour}`` of a diagram such as ``". X .\\n O . ."``."""
    symbols = symbols or {"X": 1, "O": 2}
    rows = [line.split() for line in diagram.strip().splitlines()]
    n = len(rows)
    board = Board.square(n)
    stones = {}
    for r, row in enumerate(rows):
        assert len(row) == n, f"row {r} has {len(row)} points, expected {n}"
        for c, token in enumerate(row):
            if token in symbols:
                stones[board.point((r, c))] = symbols[token]
    return n, stones


def position(cls: type[Game], diagram: str, to_move: int = 1, symbols: dict[str, int] | None = None,
             **options) -> Game:
    """A ``cls`` position set up from ``diagram``."""
    n, stones = parse(diagram, symbols)
    return cls.setup(stones, to_move=to_move, size=n, **options)


def at(game: Game, row: int, col: int) -> int:
    """The point at (row, col), row 0 at the top, as the diagrams are written."""
    return game.board.point((row, col))


def draw(game: Game, symbols: str = ".XO34") -> str:
    """The board of a square-board game as a diagram (for readable assertions)."""
    n = game.board.size
    return "\n".join(" ".join(symbols[game.stones[game.board.point((r, c))]] for c in range(n))
                     for r in range(n))
