"""A computer player for every game, built on the game interface alone.

It knows no rules: it plays moves, undoes them and reads :meth:`Game.result` and
:meth:`Game.scores`, so a new game module gets an opponent for free. The method is Monte
Carlo tree search (UCT): each *iteration* walks down a tree of moves, adds one move, plays
uniformly random moves (``random_move``) to the end of the game and credits the result to
every move on the way. What it learns is per **seat** (the people at the table), not per
colour, because the pie rule and Pente's swap openings decide during the game which colour
a seat plays: a seat scores 1 for a win (team-mates both win), ``1/players`` for a draw and
0 for a loss.

Why the less obvious parts are there:

* **Capped playouts.** Random games can be very long (Gardar on side 9 runs to about 700
  plies) or circle (Vacu); a playout stops after ``max_plies`` moves (by default one per
  board point) and is then scored as if the game ended by the score (:meth:`Game.scores`):
  the best score wins, ties share.
* **Lazy expansion.** Listing every legal move tries each candidate with play and undo,
  far too slow at every node for Loose, Vacu or Gardar. A node instead keeps its
  candidates (a cheap superset of the legal moves) in a random order and tries them one at
  a time when it needs a new child; an illegal one is simply dropped.
* **Progressive widening.** A node may have at most ``1 + WIDEN * sqrt(visits)`` children,
  so a short search looks deeper at a few moves instead of sampling each of 361 once.
  Candidates next to stones (within two steps) are tried first: in every game here that is
  where the fighting is.
* **Root checks.** Before searching, the legal moves at the root are listed once: a move
  that wins at once is played at once, a move that loses at once is dropped, and so is a
  move after which the next player can win at once (a *threat*, found by trying the next
  player's replies after two probe moves). This is what makes it take and block Pente
  fives reliably, and never pass into a lost count in the territory games.

Deterministic for a given ``rng`` and an iteration budget. In the browser the search runs
on the page's main thread, so it can also be run in short slices (:meth:`Player.think`)
between which the page can repaint.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .game import Game, IllegalMove, Move

#: UCT exploration constant (rewards lie in 0..1).
EXPLORATION = 0.8
#: Progressive widening: a node visited n times may have 1 + WIDEN * sqrt(n) children.
WIDEN = 2.0
#: Weight of the score lead in a playout's reward: a won game still counts for more than
#: any lead, but a bigger lead counts for a little more, so that a search whose playouts
#: all win (or all lose) still prefers capturing to idling.
SCORE_WEIGHT = 0.2
#: How many probe moves are made to find the next player's winning replies at the root.
PROBES = 2


def mover(game: Game) -> int:
    """The seat that acts now (the pie rule's chooser and Pente's opening placer included)."""
    return game.seat_to_move()


def rewards(game: Game) -> list[float]:
    """What the position is worth to each seat: the result if the game is over, else the
    result it would have if it ended now by the score (the best score wins, ties share)."""
    seats = game.seats
    result = game.result()
    if result is not None:
        if result.draw:
            return [1 / len(seats)] * len(seats)
        return [1.0 if colour in result.winners else 0.0 for colour in seats]
    scores = game.scores()
    best = max(scores.values())
    top = [c for c, s in scores.items() if s == best]
    return [1 / len(top) if colour in top else 0.0 for colour in seats]


def _playout_value(game: Game) -> list[float]:
    """:func:`rewards` blended with each seat's lead on the score (see :data:`SCORE_WEIGHT`)."""
    value = rewards(game)
    if not SCORE_WEIGHT:
        return value
    scores = game.scores()
    scale = math.sqrt(len(game.board))  # a lead of about a board side counts as clear
    for i, colour in enumerate(game.seats):
        lead = scores[colour] - max(s for c, s in scores.items() if c != colour)
        value[i] = (1 - SCORE_WEIGHT) * value[i] + SCORE_WEIGHT * (0.5 + 0.5 * math.tanh(lead / scale))
    return value


_BALLS: dict[object, tuple[frozenset[int], ...]] = {}


def _ball(game: Game) -> tuple[frozenset[int], ...]:
    """For each point, the points at most two steps away (cached per board, which the
    board module already shares between all games of one shape and size)."""
    board = game.board
    if board not in _BALLS:
        nbrs = board.neighbours
        _BALLS[board] = tuple(frozenset(q for n in nbrs[p] for q in (n, *nbrs[n])) for p in range(len(board)))
    return _BALLS[board]


class _Node:
    """One move in the search tree; ``value`` sums the rewards of ``seat``, the seat that
    played ``move``."""

    __slots__ = ("move", "seat", "visits", "value", "children", "untried", "terminal")

    def __init__(self, move: Move | None, seat: int) -> None:
        self.move = move
        self.seat = seat
        self.visits = 0
        self.value = 0.0
        self.children: list[_Node] = []
        self.untried: list[Move] | None = None  # candidates still to try, next one last
        self.terminal = False


class Search:
    """A search from one position; the position passed in is never changed.

    ``Search(game, rng)`` runs the root checks at once (which may already decide the move);
    ``run`` searches for a budget and may be called again to search longer; ``best_move``
    is the answer so far."""

    def __init__(self, game: Game, rng: random.Random | None = None, *, max_plies: int | None = None) -> None:
        if game.result() is not None:
            raise IllegalMove("the game is over: there is no move to choose")
        self.rng = rng if rng is not None else random.Random()
        self.game = game.copy()
        self.max_plies = max_plies if max_plies is not None else len(game.board)
        self.iterations = 0
        #: A move found without searching: the only legal move, a win, the only safe move.
        self.decided: Move | None = None
        self.root = _Node(None, -1)
        self._check_root()

    # -- root checks -------------------------------------------------------------------

    def _check_root(self) -> None:
        game, me = self.game, mover(self.game)
        quiet: list[Move] = []  # legal moves that do not end the game
        drawn: list[Move] = []  # ... that end it in a draw
        lost: list[Move] = []  # ... that end it in a loss
        for move in game.candidates():
            try:
                game.play(move)
            except IllegalMove:
                continue
            value = None if game.result() is None else rewards(game)[me]
            game.undo()
            if value is None:
                quiet.append(move)
            elif value == 1:
                self.decided = move
                return
            else:
                (drawn if value > 0 else lost).append(move)
        threats = self._threats(quiet, me) if len(quiet) > 1 else []
        safe = [m for m in quiet if not self._gives_win(m, me, threats)] + drawn
        choices = safe or quiet + drawn or lost
        if not choices:
            raise IllegalMove("there is no legal move")
        if len(choices) == 1:
            self.decided = choices[0]
            return
        self.root.untried = self._order(game, choices)

    def _threats(self, quiet: list[Move], me: int) -> list[Move]:
        """Replies with which the next player would win at once, seen after a few probe
        moves of ours (each probe may block one, hence more than one)."""
        game = self.game
        found: list[Move] = []
        for probe in self.rng.sample(quiet, min(PROBES, len(quiet))):
            game.play(probe)
            if mover(game) != me:
                for reply in game.candidates():
                    if reply not in found and self._wins_at_once(reply, me):
                        found.append(reply)
            game.undo()
        return found

    def _gives_win(self, move: Move, me: int, threats: list[Move]) -> bool:
        """Whether the next player could win at once after ``move``, by a known threat or
        by an action such as a pass (which can end a territory game on the score)."""
        game = self.game
        game.play(move)
        lost = False
        if mover(game) != me:
            replies = threats + [m for m in game.candidates() if isinstance(m, str) and m not in threats]
            lost = any(self._wins_at_once(reply, me) for reply in replies)
        game.undo()
        return lost

    def _wins_at_once(self, reply: Move, me: int) -> bool:
        """Whether the side to move wins, and seat ``me`` loses, by playing ``reply``."""
        game = self.game
        them = mover(game)
        try:
            game.play(reply)
        except IllegalMove:
            return False
        won = False
        if game.result() is not None:
            value = rewards(game)
            won = value[them] == 1 and value[me] == 0
        game.undo()
        return won

    # -- the tree ----------------------------------------------------------------------

    def _order(self, game: Game, moves: Iterable[Move]) -> list[Move]:
        """``moves`` in the order to try them (the next one last): placements within two
        steps of a stone of ``game`` and actions first, each group shuffled."""
        stones, ball = game.stones, _ball(game)
        near: set[int] = set()
        for p, s in enumerate(stones):
            if s:
                near.update(ball[p])
        first, later = [], []
        for m in moves:
            (later if isinstance(m, int) and m not in near else first).append(m)
        self.rng.shuffle(first)
        self.rng.shuffle(later)
        return later + first

    def run(self, seconds: float | None = None, iterations: int | None = None) -> int:
        """Search until ``seconds`` have passed or ``iterations`` playouts are done
        (whichever comes first; give at least one). Returns the playouts done."""
        if seconds is None and iterations is None:
            raise ValueError("give the search a time or an iteration budget")
        if self.decided is not None:
            return 0
        clock = time.perf_counter
        deadline = None if seconds is None else clock() + seconds
        done = 0
        while (iterations is None or done < iterations) and (deadline is None or clock() < deadline):
            self._iterate()
            done += 1
        self.iterations += done
        return done

    def _iterate(self) -> None:
        """One iteration: select and add a node, play out from it, back the result up."""
        game = self.game.copy()
        rng, node = self.rng, self.root
        path = [node]
        while not node.terminal:
            if node.untried is None:
                node.untried = self._order(game, game.candidates())
            if node.untried and len(node.children) < 1 + WIDEN * math.sqrt(node.visits):
                child = self._expand(node, game)
                if child is not None:
                    path.append(child)
                    node = child
                    break
            if not node.children:  # no legal move at all: score the position as it stands
                node.terminal = True
                break
            node = self._select(node)
            game.play(node.move)
            path.append(node)
        if not node.terminal:
            for _ in range(self.max_plies):
                if game.result() is not None:
                    break
                try:
                    game.play(game.random_move(rng))
                except IllegalMove:  # stuck without a legal move: score it as it stands
                    break
        value = _playout_value(game)
        for n in path:
            n.visits += 1
            if n.seat >= 0:
                n.value += value[n.seat]

    def _expand(self, node: _Node, game: Game) -> _Node | None:
        """Play the next untried candidate that is legal and add it as a child."""
        seat = mover(game)
        untried = node.untried
        assert untried is not None
        while untried:
            move = untried.pop()
            try:
                game.play(move)
            except IllegalMove:
                continue
            child = _Node(move, seat)
            child.terminal = game.result() is not None
            node.children.append(child)
            return child
        return None

    @staticmethod
    def _select(node: _Node) -> _Node:
        """The child with the best upper confidence bound (UCT)."""
        log_n = math.log(node.visits)
        return max(node.children,
                   key=lambda c: c.value / c.visits + EXPLORATION * math.sqrt(log_n / c.visits))

    # -- answers -----------------------------------------------------------------------

    def best_move(self) -> Move:
        """The most visited move (ties: the better average), or the first move in trying
        order before any search."""
        if self.decided is not None:
            return self.decided
        children = self.root.children
        if not children:
            assert self.root.untried
            return self.root.untried[-1]
        return max(children, key=lambda c: (c.visits, c.value / c.visits)).move

    def stats(self) -> list[tuple[Move, int, float]]:
        """Each searched root move with its visits and average reward for the mover, most
        visited first: what the computer thinks of its options."""
        ranked = sorted(self.root.children, key=lambda c: -c.visits)
        return [(c.move, c.visits, c.value / c.visits) for c in ranked]


def choose_move(game: Game, *, seconds: float | None = 1.0, iterations: int | None = None,
                rng: random.Random | None = None, max_plies: int | None = None) -> Move:
    """The computer's move for the side to move in ``game`` (which is left unchanged).

    Thinks for at most ``seconds`` (the root checks included) and at most ``iterations``
    playouts; pass ``seconds=None`` with ``iterations`` for a reproducible answer given
    ``rng``. Raises :class:`IllegalMove` (a ``ValueError``) when the game is over."""
    start = time.perf_counter()
    search = Search(game, rng, max_plies=max_plies)
    left = None if seconds is None else max(0.0, seconds - (time.perf_counter() - start))
    search.run(seconds=left, iterations=iterations)
    return search.best_move()


@dataclass(frozen=True)
class Player:
    """A playing strength: a thinking time per move and, for the weaker levels, a cap on
    playouts (so that they stay weak on a fast machine)."""

    name: str
    seconds: float
    iterations: int | None = None

    def choose(self, game: Game, rng: random.Random | None = None) -> Move:
        """The move, found in one go (blocking for up to ``seconds``)."""
        return choose_move(game, seconds=self.seconds, iterations=self.iterations, rng=rng)

    def think(self, game: Game, rng: random.Random | None = None, slice_seconds: float = 0.05) -> Iterator[Search]:
        """The same search in slices: yields the search after the root checks and after
        every ``slice_seconds`` of searching, so that a page running on the browser's main
        thread can let the browser repaint between slices (``await asyncio.sleep(0)``).
        The last search yielded holds the answer, ``search.best_move()``."""
        start = time.perf_counter()
        search = Search(game, rng)
        yield search
        while search.decided is None:
            left = self.seconds - (time.perf_counter() - start)
            todo = None if self.iterations is None else self.iterations - search.iterations
            if left <= 0 or todo == 0:
                return
            search.run(seconds=min(left, slice_seconds), iterations=todo)
            yield search


#: The levels a page offers, weakest first.
LEVELS = (Player("easy", 0.5, 100), Player("medium", 1.0), Player("hard", 2.0))


def level(name: str) -> Player:
    """The :data:`LEVELS` entry called ``name`` (``ValueError`` naming the levels if none)."""
    for player in LEVELS:
        if player.name == name:
            return player
    raise ValueError(f"unknown level {name!r}; levels: {', '.join(p.name for p in LEVELS)}")
