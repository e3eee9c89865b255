"""What the computer player knows of Loose: a playout policy and move priors
(:class:`LoosePolicy`, which Monte Carlo tree search is given for Loose), read through the
game's public queries.

Both come from the rulebook, in its words:

* every group needs a true liberty, and an enemy group left without one is flipped: a
  group with a single true liberty is in **atari**, one move from being flipped (its
  stones then count for the opponent, twice its size in the difference of the scores).
  So a **flip** is the best move there usually is, and a move that leaves one's own group
  with a single true liberty (**self-atari**) hands it to the opponent;
* an **own eye**, an empty point all of whose neighbours are one's own stones, is a true
  liberty whatever happens around it, and the opponent can never fill it while the group
  has another true liberty. Filling it is worth a stone, but a group needs two such
  liberties to stay safe, so a group with fewer than three keeps them;
* since stones are never removed, the count at the end is just the stones on the board:
  once only eye-filling and self-harming moves are left, the right move is the pass.

The playout policy looks at a few random empty points and plays the flip among them, or
else the first of them that is sensible (legal, not an eye the group needs, not a
self-atari of more than one stone); when nothing sensible is left, it passes.
"""

from __future__ import annotations

import random

from ..board import Point
from ..game import COLOUR_CHOICES, PASS, Move
from ..loose import Loose
from .mcts import Policy
from .vacu import choice_priors, near_stones

#: Random empty points the policy looks at before looking at all of them.
DRAWS = 4


def needed_eye(game: Loose, p: Point) -> bool:
    """Whether empty ``p`` is an own eye of the side to move that a group around it needs
    (one with fewer than three true liberties)."""
    stones, me = game.stones, game.to_move
    nbrs = game.board.neighbours[p]
    for q in nbrs:
        if stones[q] != me:
            return False
    return any(len(game.true_liberties_at(q, 3)) < 3 for q in nbrs)


def self_atari(game: Loose, p: Point) -> bool:
    """Whether a stone of the side to move on empty ``p`` (a legal placement that flips
    nothing) joins a group of its own and leaves it with a single true liberty."""
    stones, me = game.stones, game.to_move
    if not any(stones[q] == me for q in game.board.neighbours[p]):
        return False
    return len(game.true_liberties_at(p, 2)) < 2


def sensible(game: Loose, p: Point, flips: list[Point]) -> bool:
    """Whether the policy may play the legal placement ``p`` that flips ``flips``."""
    return bool(flips) or not (needed_eye(game, p) or self_atari(game, p))


def urgent(game: Loose) -> Point | None:
    """The answer to the opponent's last placement, if it calls for one: flip its group if
    that has a single true liberty left (by filling it or by filling its last empty
    neighbour, which makes it false), else save a group of one's own it left with a single
    true liberty, by extending there to two or more."""
    history = game.history
    if not history or not isinstance(history[-1], int):
        return None
    m = history[-1]
    stones, nbrs, me = game.stones, game.board.neighbours, game.to_move
    if stones[m] == 3 - me:
        libs = game.true_liberties_at(m, 2)
        if len(libs) == 1:
            last = libs[0]
            for p in (last, *nbrs[last]):
                if not stones[p]:
                    flips = game.placement(p)
                    if not isinstance(flips, str) and m in flips:
                        return p
    for q in nbrs[m]:
        if stones[q] == me:
            libs = game.true_liberties_at(q, 2)
            if len(libs) == 1:
                last = libs[0]
                flips = game.placement(last)
                if not isinstance(flips, str) and (flips or len(game.true_liberties_at(last, 2)) == 2):
                    return last
    return None


class LoosePolicy(Policy[Loose]):
    """Loose's knowledge for Monte Carlo tree search (see the module docstring)."""

    focus = 5  # measured: see Policy.focus and the README

    def playout_move(self, game: Loose, rng: random.Random) -> Move:
        """The next move of a playout (see the module docstring)."""
        if game.passes >= 2:
            return game.random_move(rng)
        if game.choosing:
            return rng.choice(COLOUR_CHOICES)
        answer = urgent(game)
        if answer is not None:
            return answer
        empty, placement = game.empty_points, game.placement
        k = len(empty)
        draw = rng.random
        first = None
        for _ in range(min(DRAWS, k)):
            p = empty[int(draw() * k)]
            flips = placement(p)
            if isinstance(flips, str):
                continue
            if flips:
                return p
            if first is None and sensible(game, p, flips):
                first = p
        if first is not None:
            return first
        rest = empty[:]
        rng.shuffle(rest)
        for p in rest:
            flips = placement(p)
            if not isinstance(flips, str) and sensible(game, p, flips):
                return p
        return PASS

    def priors(self, game: Loose, moves: list[Move]) -> list[float]:
        """How promising each of ``moves`` looks: flips by their size; self-ataris, needed
        eyes and illegal points low; other placements near stones over far ones and the
        edge; the pass high only once nothing sensible is left; the colour choice as in
        Vacu (:func:`~pygames.ai.vacu.choice_priors`)."""
        if game.choosing:
            return choice_priors(game, moves)
        near = near_stones(game)
        edge = game.board.edge
        found = []
        quiet = True
        for m in moves:
            if not isinstance(m, int):
                found.append(-1.0)  # filled in below, once it is known whether anything is sensible
                continue
            flips = game.placement(m)
            if isinstance(flips, str):
                found.append(0.0)
            elif flips:
                found.append(min(0.95, 0.7 + 0.05 * len(flips)))
                quiet = False
            elif not sensible(game, m, flips):
                found.append(0.1)
            else:
                found.append((0.55 if m in near else 0.45) - (0.1 if m in edge else 0.0))
                quiet = False
        action = 0.8 if quiet else 0.1
        return [action if f < 0 else f for f in found]
