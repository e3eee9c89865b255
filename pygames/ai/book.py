"""Pente's opening book: the first moves of a game, chosen in advance by long searches.

A search at the start of a game has the least to go on (few stones, every point alike)
and the most time to lose, so the first moves of each two-player opening rule (none, Pro,
Long Pro, Swap, Swap2) were searched once, for far longer than any level thinks, and kept
in ``pente_book.txt`` beside this module (made by ``benchmarks/pente_book.py``, whose
docstring says with what budget). A level not capped by work plays a book move when
there is one (:meth:`Book.choose`), drawn among the moves whose value is within
:data:`MARGIN` of the best, so that games do not repeat.

The book holds positions, not move orders: a position is looked up in whichever of the
board's eight symmetries (turns and reflections about the centre) puts it first
(:func:`canonical`), so a book line serves all eight of its mirror images, and two move
orders that reach one position share its entry.

The file is plain text, one position a line: the rules (the opening rule, and ``+`` and
the name of each option of :data:`VARIANTS` that is on), the moves from the start (as the
game writes them), a colon, then each book move with its value (the chance of winning the
searches gave the player who makes it)::

    pro j10 k11 : g13 0.55 n13 0.54
    pro+capture_three j10 k11 : n13 0.56

It was made for the default rules (19x19, captures of pairs, ten stones win, overline
wins, no overtime, no self-capture rule) and, for Pro, with capture three (Keryo-Pente);
a game with other rules, or a book that is missing or does not read, simply has no book
moves: the search plays as it would.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

from ..board import Board
from ..game import Game, IllegalMove, Move
from ..pente import Pente

#: Book moves this much (in chance of winning) below the best are played too.
MARGIN = 0.02
#: The book's file, beside this module.
BOOK_FILE = "pente_book.txt"
BOOK_PATH = Path(__file__).with_name(BOOK_FILE)
#: The rules the book was made for (every option but the opening rule)...
RULES = {name: value for name, value in Pente().options.items() if name != "opening"}
#: ... and the options that may be on besides, each named in the book's lines.
VARIANTS = ("capture_three",)

Key = tuple[Any, ...]


@cache
def symmetries(board: Board) -> tuple[tuple[int, ...], ...]:
    """The eight symmetries of a square board about its centre (each a reflection in a
    diagonal or not, then in either axis or not), each as the point every point goes to,
    the identity first."""
    last = board.size - 1
    images = []
    for diagonal in (False, True):
        for down in (False, True):
            for across in (False, True):
                image = []
                for r, c in board.coords:
                    a, b = (c, r) if diagonal else (r, c)
                    image.append(board.point((last - a if down else a, last - b if across else b)))
                images.append(tuple(image))
    return tuple(images)


def rules_name(game: Pente) -> str | None:
    """How the book names ``game``'s rules: its opening rule, with ``+name`` for each
    option of :data:`VARIANTS` that is on; None for rules the book cannot hold."""
    changed = sorted(name for name, value in RULES.items() if game.options[name] != value)
    if any(name not in VARIANTS or game.options[name] is not True for name in changed):
        return None
    return "+".join([game.opening, *changed])


def start(rules: str) -> Pente:
    """A new game under the rules the book calls ``rules`` (see :func:`rules_name`)."""
    opening, *variants = rules.split("+")
    if any(name not in VARIANTS for name in variants):
        raise ValueError(f"unknown rules {rules!r}")
    return Pente(opening=opening, **dict.fromkeys(variants, True))


def canonical(game: Pente) -> tuple[Key, tuple[int, ...]]:
    """The key of ``game``'s position that all its mirror images share, and the symmetry
    that takes the position to the key's frame."""
    stones = [(p, colour) for p, colour in enumerate(game.stones) if colour]
    best: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    for image in symmetries(game.board):
        placed = tuple(sorted(image[p] * 8 + colour for p, colour in stones))
        if best is None or placed < best[0]:
            best = (placed, image)
    assert best is not None
    key = (rules_name(game), game.step, game.to_move, tuple(game.seats), tuple(game.captures), best[0])
    return key, best[1]


def covers(game: Game) -> bool:
    """Whether the book can have moves for ``game``: a two-player Pente game still going,
    under the rules the book was made for."""
    return isinstance(game, Pente) and game.outcome is None and rules_name(game) is not None


def in_frame(move: Move, image: tuple[int, ...]) -> Move:
    """``move`` seen through a symmetry (a colour choice is the same in every frame)."""
    return image[move] if isinstance(move, int) else move


class Book:
    """Positions (as :func:`canonical` keys) and their book moves with values, in the key's
    frame."""

    def __init__(self, text: str = "") -> None:
        self.entries: dict[Key, list[tuple[Move, float]]] = {}
        for number, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if line and not line.startswith("#"):
                try:
                    self._add(line)
                except (ValueError, IndexError) as e:
                    raise ValueError(f"opening book line {number}: {e}") from e

    def _add(self, line: str) -> None:
        before, _, after = line.partition(":")
        rules, *moves = before.split()
        game = start(rules)
        for text in moves:
            game.play(game.parse_move(text))
        key, image = canonical(game)
        words = after.split()
        found = []
        for text, value in zip(words[::2], words[1::2], strict=True):
            move = game.parse_move(text)
            if not game.is_legal(move):
                raise ValueError(f"{text} is not a legal move there")
            found.append((in_frame(move, image), float(value)))
        if not found:
            raise ValueError("no book move")
        self.entries[key] = found

    def moves(self, game: Game) -> list[tuple[Move, float]]:
        """The book moves of ``game``'s position with their values, best first (none for
        another game, other rules or a position not in the book)."""
        if not covers(game):
            return []
        assert isinstance(game, Pente)
        key, image = canonical(game)
        back = {point: p for p, point in enumerate(image)}
        found = [(back[m] if isinstance(m, int) else m, value) for m, value in self.entries.get(key, ())]
        return sorted(found, key=lambda mv: -mv[1])

    def choose(self, game: Game, rng: random.Random | None = None) -> Move | None:
        """A book move for ``game``: one of those within :data:`MARGIN` of the best, at
        random (None when the position is not in the book)."""
        found = self.moves(game)
        if not found:
            return None
        good = [m for m, value in found if value >= found[0][1] - MARGIN]
        return (rng or random.Random()).choice(good)


@cache
def opening_book() -> Book:
    """The shipped book, read once; an empty book if it is missing or does not read (the
    search then plays from scratch, and the player is told nothing)."""
    try:
        return Book(BOOK_PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError, IllegalMove):
        return Book()
