"""What the computer player knows of Gardar: a playout policy and move priors
(:class:`GardarPolicy`), read off the bit sets the game keeps (:attr:`Gardar.grid`,
:attr:`Gardar.position`) and its public queries of a placement's result.

Both come from the rulebook, in its words:

* a stone on a point of an **enclosure** its player controls is surplus (a point lost) and
  filling an eye can open the **perimeter loop** around it; a stone on a point of an
  enclosure the enemy controls is **dead** as it lands, unless enough follow to win the
  majority of its **fence**;
* a perimeter loop never holds all three stones of a triangle, so a stone that closes a
  triangle of its own stones **thickens** the shape: it, or one next to it, is surplus;
* every stone that does not end up in a perimeter loop costs a point, so a stone has to
  earn its place, and once the board is settled the right move is the pass; but while
  the mover can still fence in a point of the open board (:func:`room_to_enclose`) the
  board is not settled, and passing, for the sure half point of the first pass, gives the
  open space away: the search does not weigh the pass then (unless the opponent has just
  passed, when passing ends the game, or has just thrown in a stone that is dead where it
  stands: a stone in answer would take it off, handing its owner back the point it costs
  as a surplus stone, and cost a stone; a pass leaves it there);
* a stone on a point of an enclosure its player controls is never right, and the search
  does not weigh it (see :meth:`GardarPolicy.considered`).

The playout policy draws a few random points and plays the first one worth a stone, or
passes when none of the draws is, so that a playout ends once the board is settled instead
of filling every point.
"""

from __future__ import annotations

import random

from ..board import Point
from ..game import COLOUR_CHOICES, PASS, Move
from ..gardar import BLACK, Gardar, Grid, Position, grow
from .mcts import Policy

#: How many random points a playout draws looking for one worth a stone before passing.
#: Three rather than ten makes playouts end sooner (from the empty board a median of about
#: 70 plies instead of 170 on side 7, 110 instead of 270 on side 9): a playout passes once
#: the open board has filled enough that most draws miss, instead of placing stone after
#: stone that later dies. The search then plays two to three times as many in its time,
#: which the bigger boards need most (README, Gardar: playouts that end sooner).
PLAYOUT_TRIES = 3
#: How often a playout still tries a point of an enclosure the enemy controls.
INVADE = 0.1
#: How often a playout still tries a point that closes a triangle of its own stones.
THICKEN = 0.2


def thickens(grid: Grid, p: Point, mine: int) -> bool:
    """Whether a stone at ``p`` closes a triangle with two neighbouring stones of the bit set
    ``mine``. A perimeter loop never holds all three stones of a triangle (the middle one
    could go and the loop would stay closed), so such a stone, or one next to it, is
    surplus: one point lost, unless the move wins something else."""
    return (mine >> grid.corner[p]) & grid.ring in grid.thick


def room_to_enclose(game: Gardar) -> bool:
    """Whether the player to move can still enclose a point in the open: an empty point
    off the edge, in no enclosure, with no enemy stone and no enclosed point next to it.
    Stones of the mover on its empty neighbours would fence it in (every stone of the ring
    a loop stone), so while such a point is left a stone can still change the count for
    the better."""
    grid, pos = game.grid, game.position
    mine = pos.black if game.to_move == BLACK else pos.white
    open_points = grid.board & ~(pos.black | pos.white | pos.inside)
    return bool(open_points & grid.interior & ~grow(grid.board & ~(open_points | mine), grid.width))


def controls(game: Gardar, me: int) -> tuple[int, int]:
    """The enclosed points ``me`` controls, and those the enemy controls, as bit sets."""
    return controls_in(game.position, me)


def controls_in(pos: Position, me: int) -> tuple[int, int]:
    """The enclosed points ``me`` controls in the position ``pos``, and those the enemy controls."""
    if me == BLACK:
        return pos.hostile_white, pos.hostile_black
    return pos.hostile_black, pos.hostile_white


class GardarPolicy(Policy[Gardar]):
    """Gardar's knowledge for Monte Carlo tree search (see the module docstring)."""

    def playout_move(self, game: Gardar, rng: random.Random) -> Move:
        """The next move of a playout: a random point worth a stone, or a pass when a few
        draws find none. Not worth a stone: a point of an enclosure the mover controls,
        mostly a point of an enclosure the enemy controls, and mostly a point that thickens
        the mover's shape (see :func:`thickens`)."""
        if game.choosing:
            return rng.choice(COLOUR_CHOICES)
        me = game.to_move
        own, hostile = controls(game, me)
        pos = game.position
        mine = pos.black if me == BLACK else pos.white
        grid = game.grid
        stones, bit, draw, repeats = game.stones, grid.bit, rng.random, game.repeats
        n = len(stones)
        for _try in range(PLAYOUT_TRIES):
            p = int(draw() * n)
            if stones[p] or bit[p] & own or (bit[p] & hostile and draw() > INVADE):
                continue
            if thickens(grid, p, mine) and draw() > THICKEN:
                continue
            if not repeats(p, me):
                return p
        return PASS

    def considered(self, game: Gardar, moves: list[Move]) -> list[Move]:
        """The moves worth weighing at all:

        * never a point of an enclosure the mover controls: the stone is surplus, and
          filling the last empty point a loop runs around makes every stone of the loop
          surplus too. A search whose every line wins (or every line loses) cannot tell a
          slack move from a good one by its playouts, and would otherwise fill its own land;
        * not the pass while the mover can still fence in a point of the open board
          (:func:`room_to_enclose`), unless the opponent has just passed (a pass then ends
          the game on the count) or has dead stones on the board: thrown in, each costs its
          owner a point as long as it stays, and a stone in answer would take it off and
          cost a point too, so a player made to answer every throw-in loses two points a
          time."""
        if game.choosing:
            return moves
        own, bit = controls(game, game.to_move)[0], game.grid.bit
        if own:
            moves = [m for m in moves if not (isinstance(m, int) and bit[m] & own)] or moves
        if game.passes or not room_to_enclose(game) or game.dead_in(game.position, 3 - game.to_move):
            return moves
        return [m for m in moves if m != PASS] or moves

    def priors(self, game: Gardar, moves: list[Move]) -> list[float] | None:
        """How promising each move looks, from what it does to the board at once:

        * closing an enclosure the mover controls, or killing enemy stones: very good (but
          not taking off stones the opponent threw in, dead already: any stone takes those
          off, and hands their owner back the points they cost as surplus stones);
        * so passing, while the opponent has such stones on the board: good;
        * saving stones of the mover that the enemy's next placement would remove: good;
        * a stone that is dead as soon as it lands, or that fills an enclosure the mover
          controls (a surplus stone, and maybe a loop opened): bad;
        * a stone that thickens the mover's shape (a surplus stone): poor;
        * any other point: a little better next to stones than away from them, and
          still below passing: every stone that does not end up in a perimeter loop costs
          a point, so a stone has to earn its place (the search checks that a pass does not
          lose the count, and finds the stones that do earn theirs).

        Working out a move's result costs a placement, so it is done only for points where
        something can happen: inside an enclosure, between separate arcs of empty points
        (where a loop can close), on the edge, or next to enemy stones."""
        if game.choosing:
            return None
        grid, pos, me = game.grid, game.position, game.to_move
        width = grid.width
        own, hostile = controls(game, me)
        mine, theirs = (pos.black, pos.white) if me == BLACK else (pos.white, pos.black)
        dying, thrown = game.dead_in(pos, me), game.dead_in(pos, 3 - me)
        # What the mover controls once a stone has taken off the stones thrown in, as any would.
        held = own if not thrown else controls_in(game.taken_off(pos, 3 - me, thrown), me)[0]
        near_stones = grow(mine | theirs, width)
        near_enemy = grow(theirs, width)
        empty = grid.board & ~(mine | theirs)
        out = []
        for move in moves:
            if not isinstance(move, int):
                out.append(0.8 if thrown else 0.5)
                continue
            b = grid.bit[move]
            if b & own:
                out.append(0.05)
                continue
            prior = 0.2 if thickens(grid, move, mine) else 0.45 if b & near_stones else 0.35
            arcs = grid.arcs[(empty >> grid.corner[move]) & grid.ring]
            if b & (pos.inside | grid.edge | near_enemy) or len(arcs) > 1:
                after, removed = game.placement_outcome(move, me)
                gained = (after.hostile_white if me == BLACK else after.hostile_black) & ~held
                dead = game.dead_in(after, me)
                if dead & b:
                    prior = 0.1
                elif removed & ~thrown or gained:
                    prior = 0.9
                elif dying & ~dead:
                    prior = 0.8
                elif b & hostile:
                    prior = 0.2
            out.append(prior)
        return out
