"""What the computer player knows of Vacu and Convacu: a playout policy and move priors
(:class:`VacuPolicy` and :class:`ConvacuPolicy`, which Monte Carlo tree search is given for
these games), read through the games' public queries.

Both come from the tactics the rulebook implies, in its words:

* a group with a single liberty is in **atari**: the opponent places there next turn and
  suppresses it (or, when that stone has no liberty of its own, flips it, which is worse).
  So an enemy group in atari is taken by placing on its liberty, and one's own group in
  atari is saved by extending it to a point where it gains liberties;
* a stone on one's own **eye** (an empty point whose neighbours are all one's own stones)
  gains nothing, since the point already counts as territory, and takes a liberty from the
  group around it; a stone that leaves its own group with one liberty (**self-atari**)
  hands that group to the opponent unless it takes something;
* once only such moves are left, Vacu's right move is the **button** (half a point, and
  it lets both players pass) and then the pass; Convacu cannot pass by choice, so it
  plays on;
* Convacu is won by joining one's two edges: a move that lengthens one's own group towards
  an edge of one's colour, or stands in the way of the opponent's, matters more there.

The playout policy answers the last move first (take the group it left in atari, save
one's own group it put in atari), then plays a random sensible placement, and when none is
left takes the button or passes. It reads the groups the engine keeps (:attr:`Vacu.heads`,
:attr:`Vacu.contacts`, :attr:`Vacu.openness`), so a decision costs a look at a few points.
"""

from __future__ import annotations

import random
from collections import deque
from functools import cache

from ..board import Board, Point
from ..game import COLOUR_CHOICES, PASS, Game, Move
from ..vacu import BUTTON, EDGES, Convacu, Vacu, edge_bits
from .mcts import Policy

#: Random draws among the empty points before the policy looks at every one of them.
DRAWS = 8


def liberties(game: Vacu, head: Point, most: int) -> list[Point]:
    """Up to ``most`` distinct liberties of the group headed by ``head``."""
    stones, nbrs, nxt = game.stones, game.board.neighbours, game.rings
    found: list[Point] = []
    x = head
    while True:
        for q in nbrs[x]:
            if not stones[q] and q not in found:
                found.append(q)
                if len(found) == most:
                    return found
        x = nxt[x]
        if x == head:
            return found


def atari(game: Vacu, head: Point) -> Point | None:
    """The single liberty of the group headed by ``head``, or None if it has more. (A point
    has at most four neighbours, so a group with more liberty contacts has more than one.)"""
    if game.contacts[head] > 4:
        return None
    found = liberties(game, head, 2)
    return found[0] if len(found) == 1 else None


def own_eye(game: Vacu, p: Point) -> bool:
    """Whether empty point ``p`` is an eye of the side to move: every neighbour is its stone."""
    stones, me = game.stones, game.to_move
    for q in game.board.neighbours[p]:
        if stones[q] != me:
            return False
    return True


def takes(game: Vacu, p: Point) -> bool:
    """Whether a stone of the side to move on empty ``p`` would leave an enemy group next to
    it without a liberty (so that it is suppressed or flipped)."""
    stones, head, contacts = game.stones, game.heads, game.contacts
    enemy = 3 - game.to_move
    nbrs = game.board.neighbours[p]
    for q in nbrs:
        if stones[q] == enemy:
            h = head[q]
            if contacts[h] == sum(1 for y in nbrs if stones[y] and head[y] == h):
                return True
    return False


def liberties_after(game: Vacu, p: Point, most: int = 2) -> int:
    """How many liberties (counting up to ``most``) the group of a stone of the side to move
    on empty ``p`` would have, before anything is taken."""
    stones, head, me = game.stones, game.heads, game.to_move
    nbrs = game.board.neighbours[p]
    found = [q for q in nbrs if not stones[q]]
    if len(found) >= most:
        return most
    joined: list[Point] = []
    for q in nbrs:
        if stones[q] == me and head[q] not in joined:
            joined.append(head[q])
            for lib in liberties(game, head[q], most + 1):
                if lib != p and lib not in found:
                    found.append(lib)
                    if len(found) >= most:
                        return most
    return len(found)


def sensible(game: Vacu, p: Point) -> bool:
    """Whether the policy may place on empty ``p``: it is legal, not one's own eye, and not
    a self-atari of more than one stone that takes nothing."""
    if not game.legal_placement(p) or own_eye(game, p):
        return False
    if game.openness[p] >= 2:
        return True
    if liberties_after(game, p) >= 2 or takes(game, p):
        return True
    stones, me = game.stones, game.to_move
    return not any(stones[q] == me for q in game.board.neighbours[p])  # a lone stone may be sacrificed


def urgent(game: Vacu) -> Point | None:
    """The answer to the opponent's last placement, if it calls for one: take its group if
    that is left in atari, else save a group of one's own it put in atari (by extending
    to a point with two liberties or more)."""
    history = game.history
    if not history or not isinstance(history[-1], int):
        return None
    m = history[-1]
    stones, head, nbrs = game.stones, game.heads, game.board.neighbours
    me = game.to_move
    if stones[m] == 3 - me:
        lib = atari(game, head[m])
        if lib is not None and game.legal_placement(lib):
            return lib
    seen: list[Point] = []
    for q in nbrs[m]:
        if stones[q] == me and head[q] not in seen:
            h = head[q]
            seen.append(h)
            lib = atari(game, h)
            if lib is not None and game.legal_placement(lib) and liberties_after(game, lib) >= 2:
                return lib
    return None


def random_sensible(game: Vacu, rng: random.Random) -> Point | None:
    """A random :func:`sensible` placement, or None if there is none."""
    empty = game.empty_points
    k = len(empty)
    if not k:
        return None
    draw = rng.random
    for _ in range(DRAWS):
        p = empty[int(draw() * k)]
        if sensible(game, p):
            return p
    rest = empty[:]
    rng.shuffle(rest)
    for p in rest:
        if sensible(game, p):
            return p
    return None


def near_stones(game: Game) -> set[Point]:
    """The points at most two steps from a stone: where the fighting is."""
    around = game.board.ball
    near: set[Point] = set()
    for p, s in enumerate(game.stones):
        if s:
            near.update(around[p])
    return near


def choice_priors(game: Game, moves: list[Move]) -> list[float]:
    """Priors of the pie rule's colour choice: the colour the komi favours, by as much as
    the komi weighs against the number of points on the board (a prior only: the search
    decides how the game goes from there)."""
    lean = max(-0.4, min(0.4, game.options["komi"] / len(game.board)))
    return [0.5 + lean if m == "white" else 0.5 - lean for m in moves]


def placement_priors(game: Vacu, moves: list[Move]) -> list[float | None]:
    """Priors of the placements among ``moves`` that tactics settle (None for the rest and
    for actions): the answer to the last move and captures high; eyes, self-ataris and
    illegal points low."""
    answer = urgent(game)
    found: list[float | None] = []
    for m in moves:
        if not isinstance(m, int):
            found.append(None)
        elif not game.legal_placement(m):
            found.append(0.0)
        elif m == answer:
            found.append(0.9)
        elif takes(game, m):
            found.append(0.85)
        elif own_eye(game, m):
            found.append(0.05)
        elif not sensible(game, m):
            found.append(0.1)
        else:
            found.append(None)
    return found


def forced_or_urgent(game: Vacu, rng: random.Random) -> Move | None:
    """A playout's move before any choice of its own: any move once the game is over (the
    playout is scored), a colour while the pie rule asks for one, else :func:`urgent`."""
    if game.outcome is not None:
        return game.random_move(rng)
    if game.choosing:
        return rng.choice(COLOUR_CHOICES)
    return urgent(game)


class VacuPolicy(Policy[Vacu]):
    """Vacu's knowledge for Monte Carlo tree search (see the module docstring)."""

    def playout_move(self, game: Vacu, rng: random.Random) -> Move:
        """The next move of a Vacu playout (see the module docstring)."""
        move = forced_or_urgent(game, rng)
        if move is None:
            move = random_sensible(game, rng)
        if move is not None:
            return move
        return PASS if game.button else BUTTON

    def priors(self, game: Vacu, moves: list[Move]) -> list[float]:
        """How promising each of ``moves`` looks in Vacu: see :func:`placement_priors`; other
        placements near stones 0.55, elsewhere 0.45, on the edge 0.1 less; the button and the
        pass 0.5 once nothing sensible is left and low before; the colour choice by
        :func:`choice_priors`."""
        if game.choosing:
            return choice_priors(game, moves)
        near = near_stones(game)
        edge = game.board.edge
        settled = placement_priors(game, moves)
        quiet = 0.5 if random_sensible(game, random.Random(0)) is None else 0.2
        found = []
        for m, prior in zip(moves, settled):
            if prior is not None:
                found.append(prior)
            elif not isinstance(m, int):
                found.append(quiet)
            else:
                found.append((0.55 if m in near else 0.45) - (0.1 if m in edge else 0.0))
        return found


# -- Convacu ----------------------------------------------------------------------------------

@cache
def squares(board: Board) -> tuple[tuple[tuple[Point, Point, Point], ...], ...]:
    """For each point m, the unit squares it is a corner of, each as (a, b, x): the two
    corners next to m and the corner opposite m."""
    found = []
    for m in range(len(board)):
        r, c = board.coords[m]
        here = []
        for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
            try:
                a, b, x = board.point((r + dr, c)), board.point((r, c + dc)), board.point((r + dr, c + dc))
            except ValueError:
                continue
            here.append((a, b, x))
        found.append(tuple(here))
    return tuple(found)


def cut_answer(game: Vacu) -> Point | None:
    """After the opponent placed on one of the two points linking two diagonal stones of the
    side to move (a square with the mover's stones on two opposite corners), the other
    point, which joins them."""
    history = game.history
    if not history or not isinstance(history[-1], int):
        return None
    stones, head, me = game.stones, game.heads, game.to_move
    for a, b, x in squares(game.board)[history[-1]]:
        if stones[a] == me and stones[b] == me and head[a] != head[b] and not stones[x] \
                and game.legal_placement(x):
            return x
    return None


def shortest_paths(game: Vacu, colour: int) -> set[Point]:
    """The empty points on a shortest path joining the two edges of ``colour``, counting
    each empty point as one step and the colour's own stones as none, and going round the
    other colour's stones: where that player wants to play, and the other to block."""
    stones, nbrs, edges = game.stones, game.board.neighbours, edge_bits(game.board.size)
    goal = EDGES[colour]
    first = goal & -goal  # the two edge bits of the colour, one at a time
    second = goal ^ first
    far = len(stones) + 1

    def distances(side: int) -> list[int]:
        dist = [far] * len(stones)
        todo: deque[Point] = deque()
        for p, bits in enumerate(edges):
            if bits & side and stones[p] != 3 - colour:
                dist[p] = 0 if stones[p] else 1
                (todo.appendleft if stones[p] else todo.append)(p)
        while todo:  # a breadth-first search where stones cost nothing (0-1 BFS)
            x = todo.popleft()
            for y in nbrs[x]:
                s = stones[y]
                if s == 3 - colour:
                    continue
                d = dist[x] + (0 if s else 1)
                if d < dist[y]:
                    dist[y] = d
                    (todo.appendleft if s else todo.append)(y)
        return dist

    one, two = distances(first), distances(second)
    best = min(one[p] + two[p] - (0 if stones[p] else 1) for p in range(len(stones)))
    if best >= far:
        return set()
    return {p for p in game.empty_points if one[p] + two[p] - 1 == best}


class ConvacuPolicy(Policy[Convacu]):
    """Convacu's knowledge for Monte Carlo tree search: Vacu's tactics, and the cuts and
    shortest connections of :func:`cut_answer` and :func:`shortest_paths`."""

    focus = 5  # measured: see Policy.focus and the README (Vacu's own search measured no gain)

    def playout_move(self, game: Convacu, rng: random.Random) -> Move:
        """The next move of a Convacu playout: as in Vacu, but a cut between two diagonal
        stones is answered by joining them, and with nothing sensible left any legal placement
        is played (a pass only when none is legal)."""
        move = forced_or_urgent(game, rng)
        if move is None:
            move = cut_answer(game)
        if move is None:
            move = random_sensible(game, rng)
        return move if move is not None else game.random_move(rng)

    def priors(self, game: Convacu, moves: list[Move]) -> list[float]:
        """How promising each of ``moves`` looks in Convacu: the Vacu tactics, joining a cut
        pair of stones, then placements on a shortest path joining one's own edges or the
        opponent's (to block it), then placements near stones; the forced pass is the only
        move when it is legal; the colour choice by :func:`choice_priors`."""
        if game.choosing:
            return choice_priors(game, moves)
        near = near_stones(game)
        settled = placement_priors(game, moves)
        join = cut_answer(game)
        mine = shortest_paths(game, game.to_move)
        theirs = shortest_paths(game, 3 - game.to_move)
        found = []
        for m, prior in zip(moves, settled):
            if m == join:
                found.append(0.9)
            elif prior is not None:
                found.append(prior)
            elif not isinstance(m, int):
                found.append(0.0 if game.can_place() else 1.0)
            else:
                found.append((0.55 if m in near else 0.45) + (0.1 if m in mine else 0.0) + (0.1 if m in theirs else 0.0))
        return found
