"""The computer player: one interface over the searchers, and the levels a page offers.

:func:`search` starts the right searcher for a game, as :mod:`pygames.ai.registry` says:
a game may have a searcher of its own (Pente's, :mod:`pygames.ai.pente`), which takes the
positions it ``handles``; every other position gets Monte Carlo tree search
(:mod:`pygames.ai.mcts`), which needs nothing but the game interface and is given the
game's knowledge as a policy (:mod:`pygames.ai.loose`, :mod:`pygames.ai.vacu`,
:mod:`pygames.ai.gardar`). The games know nothing of this package. Every searcher has the
same shape:

* ``Searcher(game, rng)`` copies the position (the game passed in is never changed) and
  settles at once what needs no search: ``decided`` is then the move (the only legal one,
  an immediate win, the only one that does not lose at once; a :class:`Player` also
  settles it from Pente's opening book, :mod:`pygames.ai.book`);
* ``run(seconds=..., iterations=...)`` searches for a budget and may be called again to
  search longer (a page can run it in slices); it returns the work done (playouts or
  nodes), which also adds up in ``iterations``;
* ``best_move()`` is the answer so far; ``values()`` each seat's estimated chance of
  winning (for an evaluation bar), in seat order;
* ``time_factor()`` says how much of a time budget the position deserves, from what the
  search has found so far (:func:`managed`: time management).

:func:`analyse` and :func:`choose_move` run a searcher for a budget in one go; a
:class:`Player` is a level of play (a budget and a cap on work), and :data:`LEVELS` are the
ones the page offers.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from ..game import Game, IllegalMove, Move
from ..i18n import N_, _
from .analysis import Analysis, Line, merge
from .book import covers, opening_book
from .mcts import MonteCarlo, mover, rewards
from .parallel import check_count, cores, side_by_side
from .registry import SEARCHERS, policy


class Searcher(Protocol):
    decided: Move | None
    iterations: int

    def run(self, seconds: float | None = None, iterations: int | None = None) -> int: ...

    def best_move(self) -> Move: ...

    def values(self) -> list[float]: ...

    def summary(self, lines: int = 1) -> dict[str, Any]: ...

    def time_factor(self) -> float: ...


#: How often a managed search asks itself how much time it deserves.
SLICE = 0.05


def managed(searcher: Searcher, seconds: float, start: float | None = None,
            slice_seconds: float = SLICE) -> Iterator[Searcher]:
    """Run ``searcher`` in slices (yielding it after each) for ``seconds`` from ``start``
    (now if not given), as its ``time_factor`` stretches or shrinks them: a move settled
    without search (``decided``) takes no time, nor does one whose result the search has
    proven, so a level's time is what a move takes at most, not always."""
    start = time.perf_counter() if start is None else start
    while searcher.decided is None:
        left = start + seconds * searcher.time_factor() - time.perf_counter()
        if left <= 0:
            return
        searcher.run(seconds=min(left, slice_seconds))
        yield searcher


def search(game: Game, rng: random.Random | None = None, **settings: Any) -> Searcher:
    """A searcher for the side to move in ``game`` (see the module docstring); raises
    :class:`~pygames.game.IllegalMove` (a ``ValueError``) when the game is over."""
    own = SEARCHERS.get(game.name)
    if own is not None and own.handles(game):
        return own(game, rng, **settings)
    return MonteCarlo(game, rng, policy=policy(game), **settings)


def analyse(game: Game, *, seconds: float | None = 1.0, iterations: int | None = None,
            rng: random.Random | None = None, lines: int = 1, workers: int = 1) -> Analysis:
    """Search the position of ``game`` (left unchanged) for at most ``seconds`` (the
    checks before searching included) and at most ``iterations`` units of work per search;
    pass ``seconds=None`` with ``iterations`` for an answer that ``rng`` makes
    reproducible. The answer holds up to ``lines`` lines, best first, each a move with the
    moves expected after it and its chances (:class:`~pygames.ai.analysis.Line`).

    A time budget alone is managed (:func:`managed`): a proven result stops the search.

    ``workers`` searches run side by side, each in a process of a pool that is kept
    across calls, and are merged (:func:`~pygames.ai.analysis.merge`); at most the
    machine's cores. Each has the whole budget, unmanaged, so the work done adds up."""
    lines = check_count("lines", lines)
    workers = check_count("workers", workers, cores())
    start = time.perf_counter()
    rng = rng if rng is not None else random.Random()
    if workers > 1:
        if game.result() is not None:
            raise IllegalMove(_("the game is over: there is no move to choose"))
        found = side_by_side(game, workers, rng, seconds, iterations, lines)
        return merge(game, found, lines, time.perf_counter() - start)
    searcher = search(game, rng)
    if seconds is not None and iterations is None:
        for _searcher in managed(searcher, seconds, start):
            pass
    elif searcher.decided is None:
        left = None if seconds is None else max(0.0, seconds - (time.perf_counter() - start))
        searcher.run(seconds=left, iterations=iterations)
    return answer(game, searcher, lines, time.perf_counter() - start)


def answer(game: Game, searcher: Searcher, lines: int = 1, seconds: float = 0.0) -> Analysis:
    """A single search's answer: its own move and values (exactly what it would play), with
    the lines of its summary, the move's own first."""
    move = searcher.best_move()
    merged = merge(game, [searcher.summary(lines)], lines, seconds)
    first = next((line for line in merged.lines if line.moves[0] == move), None)
    if first is None:
        first = Line((move,), tuple(searcher.values()))
    rest = tuple(line for line in merged.lines if line.moves[0] != move)
    return Analysis(move, searcher.values(), searcher.iterations, seconds, (first, *rest)[:lines])


def choose_move(game: Game, *, seconds: float | None = 1.0, iterations: int | None = None,
                rng: random.Random | None = None) -> Move:
    """The computer's move for the side to move in ``game`` (see :func:`analyse`)."""
    return analyse(game, seconds=seconds, iterations=iterations, rng=rng).move


@dataclass(frozen=True)
class Player:
    """A level of play: a thinking time per move and, for the weaker levels, a cap on the
    work done (so that they stay weak on a fast machine)."""

    name: str
    seconds: float
    iterations: int | None = None
    about: str = ""

    def analyse(self, game: Game, rng: random.Random | None = None, lines: int = 1, workers: int = 1) -> Analysis:
        """The move and evaluation, found in one go (blocking for up to ``seconds``). A level
        capped by work thinks with one search whatever ``workers`` asks: more searches
        would add up to more work, and the level would no longer be what it says. A book
        move (:meth:`book_move`) is played at once."""
        start = time.perf_counter()
        move = self.book_move(game)
        if move is not None:
            searcher = search(game, rng)
            searcher.decided = move
            return answer(game, searcher, lines, time.perf_counter() - start)
        return analyse(game, seconds=self.seconds, iterations=self.iterations, rng=rng, lines=lines,
                       workers=workers if self.iterations is None else 1)

    def choose(self, game: Game, rng: random.Random | None = None) -> Move:
        return self.analyse(game, rng).move

    @property
    def books(self) -> bool:
        """Whether this level plays from the opening book: every level but those capped by
        work, whose cap is what keeps them weak."""
        return self.iterations is None

    def book_move(self, game: Game) -> Move | None:
        """A move from the opening book, if this level uses it and ``game``'s position is
        in it (:meth:`pygames.ai.book.Book.choose`), drawn afresh each time whatever seed
        the search has: the book is there to make games differ, and a level with a time
        budget is not reproducible anyway."""
        return opening_book().choose(game) if self.books and covers(game) else None

    def in_book(self, game: Game, move: Move) -> bool:
        """Whether this level would play ``move`` in ``game`` from the opening book."""
        return self.books and any(m == move for m, _ in opening_book().moves(game))

    def from_book(self, game: Game, searcher: Searcher) -> None:
        """Settle ``searcher`` (of ``game``, not settled yet) with a book move, if any."""
        if searcher.decided is None:
            searcher.decided = self.book_move(game)

    @property
    def ponder_seconds(self) -> float:
        """How long this level thinks on its opponent's time at most (see :class:`Ponder`):
        not at all for a level capped by work, which would grow stronger than it says; else
        ten times its own time, and never over a minute, so that a person who leaves the
        page does not leave a core busy and a search tree growing."""
        return 0.0 if self.iterations is not None else min(PONDER_TIMES * self.seconds, PONDER_MOST)

    def think(self, game: Game, rng: random.Random | None = None, slice_seconds: float = SLICE,
              share: tuple[int, int] = (0, 1), searcher: Searcher | None = None) -> Iterator[Searcher]:
        """The same search in slices: yields the searcher after the checks before searching
        and after every ``slice_seconds`` of searching, so that a page running on the
        browser's main thread can let it repaint between slices. The last searcher yielded
        holds the answer, ``best_move()``. ``share`` is this search's part of several made
        side by side (see :func:`pygames.ai.analysis.merge`). A ``searcher`` already begun
        on this very position goes on, for the level's time from now. A level not capped
        by work manages its time (:func:`managed`)."""
        # Reading the book (once, on a worker's first Pente move) is not thinking: it
        # comes before the clock starts.
        book = self.book_move(game) if searcher is None or searcher.decided is None else None
        start = time.perf_counter()
        if searcher is None:
            searcher = search(game, rng, share=share)
        if searcher.decided is None:
            searcher.decided = book
        yield searcher
        if self.iterations is None:
            yield from managed(searcher, self.seconds, start, slice_seconds)
            return
        while searcher.decided is None:
            left = self.seconds - (time.perf_counter() - start)
            todo = self.iterations - searcher.iterations
            if left <= 0 or todo <= 0:
                return
            searcher.run(seconds=min(left, slice_seconds), iterations=todo)
            yield searcher


#: Pondering lasts at most this many times a level's time per move, and this many seconds.
PONDER_TIMES, PONDER_MOST = 10, 60.0


class Ponder:
    """Thinking on the opponent's time: one search kept between the computer's moves.

    After its move the computer expects a reply (the second move of its line); while the
    opponent thinks, :meth:`ponder` searches the position that reply would make, in slices,
    for as long as it is let (up to :attr:`Player.ponder_seconds`). When the opponent has
    moved, :meth:`think` goes on with that search (its tree or table already grown) if the
    position is the one expected, and otherwise starts afresh; either way the kept search
    is let go. It never plays a move itself: the caller asks :meth:`think` for that.
    """

    def __init__(self) -> None:
        self.target: Game | None = None
        self.searcher: Searcher | None = None
        self.owner: tuple[str, tuple[int, int]] = ("", (0, 1))  # the level and share it was made for
        #: Seconds spent pondering the kept search, and on the search :meth:`think` last took over.
        self.seconds = 0.0
        self.reused = 0.0

    def holds(self, player: Player, game: Game, share: tuple[int, int] = (0, 1)) -> bool:
        """Whether the kept search is of ``game``'s very position, for this level and share."""
        return (self.target is not None and self.owner == (player.name, (share[0], share[1]))
                and self.target.same_state(game))

    def ponder(self, player: Player, game: Game, expect: Move, rng: random.Random | None = None,
               slice_seconds: float = SLICE, share: tuple[int, int] = (0, 1)) -> Iterator[Searcher]:
        """Search the position after the opponent's ``expect`` in ``game`` (an
        :class:`~pygames.game.IllegalMove` if it is not legal), going on with the kept search
        if it is of that position, yielding after each slice; it stops when the level's
        pondering time is spent or nothing is left to search. Nothing is yielded for a level
        that does not ponder or a reply that ends the game."""
        target = game.copy()
        target.play(expect)
        if not self.holds(player, target, share):
            self.forget()
            if target.is_over() or player.ponder_seconds <= 0:
                return
            self.target, self.owner = target, (player.name, (share[0], share[1]))
            self.searcher = search(target, rng, share=share)
            player.from_book(target, self.searcher)  # nothing to ponder in the book
        searcher = self.searcher
        assert searcher is not None
        while searcher.decided is None and self.seconds < player.ponder_seconds and searcher.time_factor() > 0:
            began = time.perf_counter()
            searcher.run(seconds=min(slice_seconds, player.ponder_seconds - self.seconds))
            self.seconds += time.perf_counter() - began
            yield searcher

    def think(self, player: Player, game: Game, rng: random.Random | None = None, slice_seconds: float = SLICE,
              share: tuple[int, int] = (0, 1)) -> Iterator[Searcher]:
        """:meth:`Player.think` about ``game``, going on with the kept search when it is of
        this position (``reused`` then says how long it was pondered); the kept search is
        let go either way."""
        kept = self.searcher if self.holds(player, game, share) else None
        self.reused = self.seconds if kept is not None else 0.0
        self.forget()
        return player.think(game, rng, slice_seconds, share, kept)

    def forget(self) -> None:
        """Let the kept search go (an undo, a new game, another level)."""
        self.target = self.searcher = None
        self.seconds = 0.0


#: The levels a page offers, weakest first.
LEVELS = (
    Player("beginner", 0.5, 50, N_("looks only a little ahead: for learning the rules")),
    Player("easy", 1.0, 500, N_("a short look ahead")),
    Player("medium", 1.0, None, N_("thinks for about a second")),
    Player("hard", 3.0, None, N_("thinks for about three seconds")),
    Player("strongest", 10.0, None, N_("uses its whole budget of about ten seconds a move")),
)
#: Each level's name for players.
LEVEL_NAMES = {"beginner": N_("Beginner"), "easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"),
               "strongest": N_("Strongest")}


def level(name: str) -> Player:
    """The :data:`LEVELS` entry called ``name`` (``ValueError`` naming the levels if none)."""
    for player in LEVELS:
        if player.name == name:
            return player
    raise ValueError(f"unknown level {name!r}; levels: {', '.join(p.name for p in LEVELS)}")


__all__ = [
    "LEVELS",
    "Analysis",
    "Line",
    "MonteCarlo",
    "Player",
    "Ponder",
    "Searcher",
    "analyse",
    "answer",
    "choose_move",
    "level",
    "managed",
    "merge",
    "mover",
    "rewards",
    "search",
]
