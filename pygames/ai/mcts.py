"""Monte Carlo tree search with RAVE, for every game through the game interface.

It plays moves, undoes them and reads :meth:`Game.result` and :meth:`Game.scores`; what it
knows of a particular game is a :class:`Policy` passed in (as OpenSpiel's ``MCTSBot`` takes
an evaluator): how a playout plays on (:meth:`Policy.playout_move`) and which moves look
promising before searching (:meth:`Policy.priors`). The games know nothing of it: each
game's policy lives in its own module of this package (:mod:`pygames.ai.loose`, ...), and
:mod:`pygames.ai.registry` says which game gets which. A new game therefore gets an
opponent for free (the plain :class:`Policy` plays at random), and a better one by writing
its policy.

Each *iteration* walks down the tree of moves, adds a leaf, plays the game out to its end
with the policy's ``playout_move`` and credits the result to every move on the way. What
it learns is per **seat** (the people at the table), not per colour, because the pie rule
and Pente's swap openings decide during the game which colour a seat plays: a seat scores
1 for a win (team-mates both win), ``1/players`` for a draw and 0 for a loss.

Why the less obvious parts are there:

* **RAVE** (rapid action value estimation, Gelly and Silver 2007). In these games a move
  that is good now is usually good a few moves later too, so a node also keeps, for each
  of its moves, the results of every playout below it in which the side to move played
  that point at any later time ("all moves as first", AMAF). Those statistics fill up
  hundreds of times faster than the move's own, and are blended with them with a weight
  that fades as real visits accumulate (:data:`RAVE_BIAS`).
* **Priors** count as :data:`PRIOR_VISITS` virtual playouts of the policy's value; without
  one, points near stones (within two steps) are slightly preferred, since in every
  game here that is where the fighting is.
* **Progressive unpruning** (Chaslot et al. 2008), for a policy that asks for it
  (:attr:`Policy.focus`): at the root the search weighs only the moves with the best
  priors, a few at first and more as playouts accumulate, since a short search spread
  over every move learns too little about each to choose.
* **Capped playouts.** A playout stops after ``max_plies`` moves and is then scored as
  if the game ended by the score (:meth:`Game.scores`), best score winning, with a small
  bonus for the size of the lead (:data:`SCORE_WEIGHT`), so that a search whose playouts
  all win (or all lose) still prefers gaining points to idling.
* **Root checks.** Before searching, the legal moves at the root are listed once: a move
  that wins at once is played at once, a move that loses at once is dropped, and so is a
  move after which the next player can win at once (found by trying the next player's
  replies after two probe moves). This is what makes it take and block immediate wins
  reliably, and never pass into a lost count in the territory games.

Deterministic for a given ``rng`` and an iteration budget. :meth:`MonteCarlo.run` may be
called again and again to search longer, which lets a page run it in short slices.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable
from typing import Any, Generic, TypeVar

from ..game import Game, IllegalMove, Move

#: UCT exploration constant (rewards lie in 0..1); RAVE does most of the exploring.
EXPLORATION = 0.25
#: RAVE's bias b: the AMAF weight is a / (a + n + 4 b^2 a n) for a AMAF and n real visits.
RAVE_BIAS = 0.1
#: How many virtual playouts a prior is worth.
PRIOR_VISITS = 3
#: Weight of the score lead in a playout's reward (see the module docstring).
SCORE_WEIGHT = 0.2
#: How many probe moves are made to find the next player's winning replies at the root.
PROBES = 2
#: Priors when the game gives none: near an existing stone, elsewhere, and an action.
NEAR, FAR, ACTION = 0.55, 0.4, 0.5
#: With a policy's ``focus``: how many playouts add one more root move to those weighed.
WIDEN = 40
#: How many moves an expected line (principal variation) shows at most.
PV_PLIES = 8


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


def playout_value(game: Game) -> list[float]:
    """:func:`rewards` blended with each seat's lead on the score (see :data:`SCORE_WEIGHT`)."""
    value = rewards(game)
    scores = game.scores()
    scale = math.sqrt(len(game.board))  # a lead of about a board side counts as clear
    for i, colour in enumerate(game.seats):
        lead = scores[colour] - max(s for c, s in scores.items() if c != colour)
        value[i] = (1 - SCORE_WEIGHT) * value[i] + SCORE_WEIGHT * (0.5 + 0.5 * math.tanh(lead / scale))
    return value


def default_priors(game: Game, moves: list[Move]) -> list[float]:
    """Priors without game knowledge: points near stones over points far from them."""
    stones, ball = game.stones, game.board.ball
    near: set[int] = set()
    for p, s in enumerate(stones):
        if s:
            near.update(ball[p])
    return [ACTION if not isinstance(m, int) else NEAR if m in near else FAR for m in moves]


G = TypeVar("G", bound=Game)


class Policy(Generic[G]):
    """What the search knows of one game: this plain policy knows nothing (random playouts,
    :func:`default_priors`); a game's policy overrides either method with knowledge from
    its rulebook, reading the game only through its public queries."""

    def playout_move(self, game: G, rng: random.Random) -> Move:
        """The next move of a playout in ``game``. It must be legal and should let the game
        end (pass when nothing useful is left), and it is asked millions of times: cheap."""
        return game.random_move(rng)

    def considered(self, game: G, moves: list[Move]) -> list[Move]:
        """The ``moves`` (candidates of the side to move) that the search weighs at all: a
        policy may leave out a move its rulebook says is never right in ``game``, which a
        short search could otherwise pick by chance. This plain policy keeps them all."""
        return moves

    #: Progressive unpruning at the root (None: off): the search weighs only this many of
    #: the root's moves, the most promising by the priors, and one more for every
    #: :data:`WIDEN` playouts. A short search spread over every move picks among them
    #: nearly at random; one that looks first at the moves its priors like best does
    #: better (benchmarks in the README), and a longer one still gets to the rest.
    focus: int | None = None

    def priors(self, game: G, moves: list[Move]) -> list[float] | None:
        """How promising each of ``moves`` (candidate moves of the side to move, not all of
        them legal) looks before any search, each from 0 (hopeless) to 1 (surely good), or
        None for no opinion (:func:`default_priors`)."""
        return None


class _Node:
    """One move in the search tree. ``value`` sums the rewards of ``seat``, the seat that
    played ``move``; ``amaf_*`` are the RAVE statistics of that move at this place."""

    __slots__ = (
        "amaf_value",
        "amaf_visits",
        "children",
        "move",
        "prior",
        "seat",
        "terminal",
        "value",
        "visits",
    )

    def __init__(self, move: Move | None, seat: int, prior: float) -> None:
        self.move = move
        self.seat = seat
        self.prior = prior
        self.visits = 0
        self.value = 0.0
        self.amaf_visits = 0
        self.amaf_value = 0.0
        self.children: list[_Node] | None = None  # None until expanded
        self.terminal = False

    def mean(self) -> float:
        """The average reward with the prior's virtual playouts included."""
        return (self.value + self.prior * PRIOR_VISITS) / (self.visits + PRIOR_VISITS)


class MonteCarlo:
    """A search from one position; the position passed in is never changed.

    ``MonteCarlo(game, rng)`` runs the root checks at once (which may already decide the
    move); ``run`` searches for a budget and may be called again to search longer;
    ``best_move`` is the answer so far and ``values`` the estimated chances of each seat."""

    def __init__(self, game: Game, rng: random.Random | None = None, *, policy: Policy[Any] | None = None,
                 max_plies: int | None = None, share: tuple[int, int] = (0, 1)) -> None:
        # ``share`` (this search's part of a search side by side) changes nothing here: the
        # trees of root parallelisation all search every move and differ by their seeds.
        if game.result() is not None:
            raise IllegalMove("the game is over: there is no move to choose")
        self.rng = rng if rng is not None else random.Random()
        self.game = game.copy()
        self.policy: Policy[Any] = policy if policy is not None else Policy()
        self.seats = len(game.seats)
        self.max_plies = max_plies if max_plies is not None else 2 * len(game.board)
        self.iterations = 0
        #: A move found without searching: the only legal move, a win, the only safe move.
        self.decided: Move | None = None
        self.root = _Node(None, -1, 0.5)
        self._check_root()

    # -- root checks -------------------------------------------------------------------

    def _check_root(self) -> None:
        game, me = self.game, mover(self.game)
        quiet: list[Move] = []  # legal moves that do not end the game
        drawn: list[Move] = []  # ... that end it in a draw
        lost: list[Move] = []  # ... that end it in a loss
        for move in self.policy.considered(game, list(game.candidates())):
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
        self.root.children = self._children(game, choices)
        if self.policy.focus is not None:  # best first, for progressive unpruning (see Policy.focus)
            self.root.children.sort(key=lambda c: -c.prior)

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

    def _children(self, game: Game, moves: Iterable[Move]) -> list[_Node]:
        """Nodes for ``moves`` of the side to move in ``game``, with their priors, in a
        random order (so that equal choices are not always broken the same way)."""
        moves = list(moves)
        self.rng.shuffle(moves)
        priors = self.policy.priors(game, moves) or default_priors(game, moves)
        seat = mover(game)
        return [_Node(m, seat, p) for m, p in zip(moves, priors)]

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
        """One iteration: select down to a new leaf, play out from it, back the result up."""
        game = self.game.copy()
        rng, node = self.rng, self.root
        path = [node]
        played: list[tuple[int, Move | None]] = []  # (seat, move) of every move after the root
        focus = self.policy.focus
        while not node.terminal:
            if node.children is None:
                node.children = self._children(game, self.policy.considered(game, list(game.candidates())))
            child = self._select(node, game, None if focus is None or node is not self.root
                                 else focus + node.visits // WIDEN)
            if child is None:  # no legal move at all: score the position as it stands
                node.terminal = True
                break
            path.append(child)
            played.append((child.seat, child.move))
            node = child
            if game.result() is not None:
                node.terminal = True
            if node.visits == 0:
                break
        plies, playout_move = 0, self.policy.playout_move
        while not node.terminal and plies < self.max_plies and game.result() is None:
            seat = mover(game)
            try:
                move = playout_move(game, rng)
                game.play(move)
            except IllegalMove:  # stuck without a legal move: score it as it stands
                break
            played.append((seat, move))
            plies += 1
        self._back_up(path, played, playout_value(game))

    def _select(self, node: _Node, game: Game, width: int | None = None) -> _Node | None:
        """The child with the best blend of its own mean, its RAVE mean and an exploration
        bonus, among the first ``width`` (all if None); a child whose move turns out to be
        illegal here is dropped on the way. The game is left after the chosen child's move."""
        children = node.children
        assert children is not None
        log_n = math.log(node.visits + 1)
        bias4 = 4 * RAVE_BIAS * RAVE_BIAS
        while children:
            best, best_score = None, -1.0
            for c in children if width is None else children[:width]:
                n, a = c.visits, c.amaf_visits
                q = (c.value + c.prior * PRIOR_VISITS) / (n + PRIOR_VISITS)
                if a:
                    beta = a / (a + n + bias4 * a * n)
                    q += beta * (c.amaf_value / a - q)
                score = q + EXPLORATION * math.sqrt(log_n / (n + 1))
                if score > best_score:
                    best, best_score = c, score
            assert best is not None and best.move is not None
            try:
                game.play(best.move)
            except IllegalMove:
                children.remove(best)
                continue
            return best
        return None

    def _back_up(self, path: list[_Node], played: list[tuple[int, Move | None]], value: list[float]) -> None:
        """Credit the playout to every node on the path, and to the AMAF statistics of each
        node's children whose move its seat played later in the same iteration."""
        first: dict[tuple[int, Move | None], int] = {}
        for i in range(len(played) - 1, -1, -1):
            seat, move = played[i]
            if isinstance(move, int):
                first[(seat, move)] = i
        for depth, node in enumerate(path):
            node.visits += 1
            if node.seat >= 0:
                node.value += value[node.seat]
            children = node.children
            if not children:
                continue
            seat = children[0].seat
            reward = value[seat]
            for c in children:
                at = first.get((seat, c.move))
                if at is not None and at >= depth:
                    c.amaf_visits += 1
                    c.amaf_value += reward

    # -- answers -----------------------------------------------------------------------

    def best_move(self) -> Move:
        """The most visited move (ties: the better mean), or the most promising one before
        any search."""
        if self.decided is not None:
            return self.decided
        children = self.root.children
        assert children
        move = max(children, key=lambda c: (c.visits, c.mean())).move
        assert move is not None  # only the root has no move
        return move

    def time_factor(self) -> float:
        """How much of its time the position deserves (see :func:`pygames.ai.managed`): all
        of it, always; no rule to spend it otherwise has been measured for these games."""
        return 1.0

    def values(self) -> list[float]:
        """Each seat's estimated chance of winning: the mean reward of the best move for
        the seat to move, the rest shared among the others. A move settled without search
        (the only legal or safe one) is judged by the position after it, as a playout that
        ended there would be: a forced pass far ahead on the count is not even odds."""
        me = mover(self.game)
        if self.decided is not None:
            self.game.play(self.decided)
            value = playout_value(self.game) if self.game.result() is None else rewards(self.game)
            self.game.undo()
            return value
        children = [c for c in self.root.children or [] if c.visits] if self.decided is None else []
        p = max(children, key=lambda c: c.visits).mean() if children else 0.5
        others = (1 - p) / (self.seats - 1)
        return [p if seat == me else others for seat in range(self.seats)]

    def stats(self) -> list[tuple[Move, int, float]]:
        """Each searched root move with its visits and mean reward for the mover, most
        visited first: what the computer thinks of its options."""
        ranked = sorted((c for c in self.root.children or [] if c.visits), key=lambda c: -c.visits)
        return [(c.move, c.visits, c.mean()) for c in ranked if c.move is not None]

    def principal_variation(self, first: _Node, plies: int = PV_PLIES) -> list[Move]:
        """The line the search expects after root move ``first``: that move, then the most
        visited reply at each step while the tree has looked at it more than once."""
        line: list[Move] = []
        node: _Node | None = first
        while node is not None and node.move is not None and len(line) < plies:
            line.append(node.move)
            grown = [c for c in node.children or [] if c.visits > 1]
            node = max(grown, key=lambda c: (c.visits, c.mean())) if grown else None
        return line

    def summary(self, lines: int = 1) -> dict[str, Any]:
        """What this search found, as plain data (JSON, a worker's message) that
        :func:`pygames.ai.analysis.merge` adds up with other searches of the same
        position: the root's statistics per move (``[move, visits, value, amaf visits,
        amaf value, prior]``), and the expected line of the ``lines`` most visited moves
        and a few more, so that a merge whose ranking differs still finds a line for each."""
        root = [c for c in self.root.children or [] if c.move is not None] if self.decided is None else []
        ranked = sorted(root, key=lambda c: (-c.visits, -c.mean()))
        return {
            "kind": "mcts",
            "seat": mover(self.game),
            "decided": self.decided,
            "values": self.values(),
            "work": self.iterations,
            "root": [[c.move, c.visits, c.value, c.amaf_visits, c.amaf_value, c.prior] for c in root],
            "lines": [self.principal_variation(c) for c in ranked[:lines + 2]],
        }
