"""Vacu and Convacu (Luis Bolaños Mures, 2021): Go-like capture where suicide converts.

Vocabulary of the rulebook:

* a **group** is a maximal set of orthogonally connected stones of one colour, and its
  **liberties** are the empty points next to it;
* a **territory** is a maximal set of connected empty points; you **own** it when every
  stone next to it is yours (a territory touching no stone at all belongs to nobody);
* to **suppress** a group is to remove it; to **flip** it is to turn it to the other colour;
* after a placement, if the new stone's group has a liberty, every enemy group without
  liberties is suppressed (a Go capture). Otherwise the mover's own group is suppressed and
  every enemy group that had no liberties before that suppression is flipped; the placement
  is illegal when nothing would be flipped. So the Go ko capture converts instead;
* **score** = stones + owned territory, plus komi for White and half a point for whoever
  took the **button**. Nobody may pass until the button is taken; taking it replaces a
  board play;
* the game ends after two passes in a row, when a move flips or suppresses the last enemy
  group, or as a draw when a board play brings about the same position (board, side to
  move, whether the button is taken) for the third time.

Because every group has a liberty at the start of a turn, only groups next to the placed
stone can lose their last liberty, so each placement is resolved by looking around it.

Convacu (:class:`Convacu`) adds coloured edges (top and bottom Black, left and right
White): a group joining the two edges of its colour wins for its owner at the end of the
turn, and passing is allowed only when no placement is legal. It has no button; komi, the
repetition draw and the end by taking the last enemy group stay, scored as in Vacu. (Two
passes in a row cannot happen: a point illegal for one player is always legal for the other,
since a neighbouring group whose only liberty it is would be taken.)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from .board import Board, Point
from .game import COLOUR_CHOICES, PASS, Game, IllegalMove, Move, Option, PieRule, Result

BLACK, WHITE = 1, 2
BUTTON = "button"

#: Convacu edge bits: each colour wins by joining the two edges in its mask.
TOP, BOTTOM, LEFT, RIGHT = 1, 2, 4, 8
EDGES = {BLACK: TOP | BOTTOM, WHITE: LEFT | RIGHT}
EDGE_SIDES = (("top", TOP, BLACK), ("bottom", BOTTOM, BLACK), ("left", LEFT, WHITE), ("right", RIGHT, WHITE))


@cache
def edge_bits(size: int) -> tuple[int, ...]:
    """For each point of the size x size board, the edges it lies on (a corner lies on two)."""
    sides = Board.square(size).sides
    return tuple(sum(bit for side, bit, _ in EDGE_SIDES if p in sides[side]) for p in range(size * size))


def _first_allowed(moves: list[Any], allowed: Callable[[Any], bool], rng: random.Random) -> Any:
    """The first move passing ``allowed`` in a random order of ``moves`` (consumed), or None:
    a uniformly random allowed move, drawing only as many as needed rather than shuffling."""
    while moves:
        i = rng.randrange(len(moves))
        move = moves[i]
        if allowed(move):
            return move
        moves[i] = moves[-1]
        moves.pop()
    return None


class Vacu(PieRule, Game):
    name = "vacu"
    title = "Vacu"
    COLOURS = ("Black", "White")
    STATE = ("stones", "to_move", "passes", "seats", "choosing", "button", "ply", "outcome")
    OPTIONS = (
        Option("size", 9, "Board size", minimum=3, maximum=25, suggested=(9, 13, 19),
               help="Lines on each side: 9 is usual, 13 and 19 give longer games."),
        Option("komi", 7, "Komi", minimum=-625, maximum=625,
               help="Whole number of points added to White's score."),
        PieRule.PIE,
    )

    choosing: bool
    #: The colour that took the button, 0 while it is still next to the board.
    button: int
    #: How many entries of ``_keys`` belong to this position's history (see ``_record``).
    ply: int
    outcome: Result | None

    def make_board(self) -> Board:
        return Board.square(self.options["size"])

    def start(self) -> None:
        super().start()
        self.button = 0
        self.outcome = None
        self._reset_repetitions()

    def after_setup(self) -> None:
        for p, s in enumerate(self.stones):
            if s and not self._group(p)[1]:
                raise ValueError(f"the group at {self.board.label(p)} has no liberty")
        self._reset_repetitions()

    # -- groups and territories ----------------------------------------------------------

    def _group(self, p: Point) -> tuple[list[Point], bool]:
        """The group of the stone at ``p`` and whether it has a liberty."""
        stones, nbrs = self.stones, self.board.neighbours
        colour = stones[p]
        group, seen, free = [p], {p}, False
        for x in group:  # the list grows while it is walked: a breadth-first fill
            for y in nbrs[x]:
                s = stones[y]
                if s == 0:
                    free = True
                elif s == colour and y not in seen:
                    seen.add(y)
                    group.append(y)
        return group, free

    def group(self, p: Point) -> list[Point]:
        """The group containing the stone at ``p``."""
        return self._group(p)[0]

    def liberties(self, p: Point) -> set[Point]:
        """The liberties of the group containing the stone at ``p``."""
        stones, nbrs = self.stones, self.board.neighbours
        return {q for x in self.group(p) for q in nbrs[x] if stones[q] == 0}

    def territories(self) -> list[tuple[int, list[Point]]]:
        """Every territory with its owner: the colour of all stones next to it, or 0 when
        stones of both colours (or none at all) touch it."""
        stones, nbrs = self.stones, self.board.neighbours
        seen = [s != 0 for s in stones]
        found = []
        for p in range(len(stones)):
            if seen[p]:
                continue
            seen[p] = True
            region, touching = [p], 0
            for x in region:
                for y in nbrs[x]:
                    s = stones[y]
                    if s:
                        touching |= s
                    elif not seen[y]:
                        seen[y] = True
                        region.append(y)
            found.append((touching if touching in (BLACK, WHITE) else 0, region))
        return found

    # -- placements ------------------------------------------------------------------------

    def _libertyless_enemies(self, p: Point) -> list[Point]:
        """The stones of the enemy groups next to ``p`` that have no liberty (with the
        mover's stone already on ``p``). No other group can lack one, as every group had a
        liberty before this placement."""
        stones = self.stones
        enemy = 3 - stones[p]
        seen: set[Point] = set()
        doomed: list[Point] = []
        for q in self.board.neighbours[p]:
            if stones[q] == enemy and q not in seen:
                group, free = self._group(q)
                seen.update(group)
                if not free:
                    doomed.extend(group)
        return doomed

    def _has_liberty(self, p: Point) -> bool:
        """Whether the group of the stone at ``p`` has a liberty (quick when ``p`` has one)."""
        stones = self.stones
        return any(stones[q] == 0 for q in self.board.neighbours[p]) or self._group(p)[1]

    def legal_placement(self, p: Point) -> bool:
        """Whether the side to move may place on ``p``: it is empty, and the new stone's
        group would have a liberty or some enemy group would be left without one."""
        stones = self.stones
        if stones[p]:
            return False
        stones[p] = self.to_move
        legal = self._has_liberty(p) or bool(self._libertyless_enemies(p))
        stones[p] = 0
        return legal

    def _place(self, p: Point) -> tuple[list[Point], list[Point]]:
        """Place for the side to move and resolve the turn. Returns the mover's stones whose
        groups changed (to look for a Convacu connection) and the enemy stones taken."""
        stones = self.stones
        if stones[p]:
            raise IllegalMove("that point is already occupied")
        me = self.to_move
        stones[p] = me
        doomed = self._libertyless_enemies(p)
        if self._has_liberty(p):
            for x in doomed:
                stones[x] = 0
            return [p], doomed
        if not doomed:
            raise IllegalMove("that stone would have no liberty and would flip nothing")
        for x in self._group(p)[0]:
            stones[x] = 0
        for x in doomed:
            stones[x] = me
        return doomed, doomed

    # -- moves -----------------------------------------------------------------------------

    def _play(self, move: Move) -> None:
        if self.choosing:
            self.choose_colour(move)
            return
        if move == PASS:
            self._pass()
        elif move == BUTTON:
            self._take_button()
        elif isinstance(move, int) and 0 <= move < len(self.stones):
            self._board_play(move)
        else:
            raise IllegalMove(f"{move!r} is not a move in {self.title}")

    def _pass(self) -> None:
        if not self.button:
            raise IllegalMove("nobody has taken the button yet: take it instead of passing")
        self._end_turn(passed=True)

    def _take_button(self) -> None:
        if self.button:
            raise IllegalMove("the button has already been taken")
        self.button = self.to_move
        self._end_turn()

    def _board_play(self, p: Point) -> None:
        mine, taken = self._place(p)
        me, enemy = self.to_move, 3 - self.to_move
        self._end_turn()
        self.outcome = self._connection(mine)
        if self.outcome is None and taken and enemy not in self.stones:
            self.outcome = self._by_score(
                f"{self.colour_name(me)} took the last {self.colour_name(enemy)} group")
        if self.outcome is None and self.repetitions() >= 3:
            self.outcome = Result((), "draw: the same position appeared a third time")

    def _end_turn(self, passed: bool = False) -> None:
        """Hand the turn over, record the new position and end the game on two passes."""
        self.passes = self.passes + 1 if passed else 0
        self.to_move = 3 - self.to_move
        self._record()
        if self.passes >= 2:
            self.outcome = self._by_score("both players passed")

    def _connection(self, mine: list[Point]) -> Result | None:
        """A Convacu win by the groups of ``mine``; Vacu has no connection goal."""
        return None

    # -- repetition --------------------------------------------------------------------------

    def _reset_repetitions(self) -> None:
        self._keys: list[tuple[bytes, int, bool]] = []
        self._counts: dict[tuple[bytes, int, bool], int] = {}
        self.ply = 0
        self._record()

    def _record(self) -> None:
        """Count the current position as one more appearance."""
        self._forget_undone()
        key = self.position_key()
        self._keys.append(key)
        self._counts[key] = self._counts.get(key, 0) + 1
        self.ply += 1

    def _forget_undone(self) -> None:
        """Uncount the positions of moves that were taken back.

        The keys of the line played so far live in ``_keys``, counted in ``_counts``; only
        their number, ``ply``, is part of the undoable state. An undo lowers ``ply``, and the
        keys beyond it are uncounted here, so the counts match the line on the board without
        copying the table at every move."""
        keys, counts = self._keys, self._counts
        while len(keys) > self.ply:
            counts[keys.pop()] -= 1

    def repetitions(self) -> int:
        """How many times the current position has appeared in this game (at least 1)."""
        self._forget_undone()
        return self._counts[self._keys[-1]]

    def position_key(self) -> tuple[bytes, int, bool]:
        """What must match for two positions to count as a repetition."""
        return bytes(self.stones), self.to_move, self.button != 0

    # -- legal moves ---------------------------------------------------------------------------

    def candidates(self) -> Iterable[Move]:
        if self.choosing:
            return list(COLOUR_CHOICES)
        return [p for p, s in enumerate(self.stones) if s == 0] + [PASS if self.button else BUTTON]

    def _allowed(self, move: Move) -> bool:
        """Legality of a candidate without playing it."""
        if self.choosing:
            return move in COLOUR_CHOICES
        if isinstance(move, int):
            return self.legal_placement(move)
        if move == BUTTON:
            return not self.button
        return move == PASS and bool(self.button)

    def legal_moves(self) -> list[Move]:
        if self.outcome is not None:
            return []
        return [m for m in self.candidates() if self._allowed(m)]

    def random_move(self, rng: random.Random) -> Move:
        if self.outcome is not None:
            raise IllegalMove("the game is over")
        move = _first_allowed(list(self.candidates()), self._allowed, rng)
        if move is None:
            raise IllegalMove("no legal move")
        return move

    # -- outcome -----------------------------------------------------------------------------

    def _parts(self) -> dict[str, dict[int, float]]:
        territory = {BLACK: 0, WHITE: 0}
        for owner, region in self.territories():
            if owner:
                territory[owner] += len(region)
        return {
            "stones": {BLACK: self.stones.count(BLACK), WHITE: self.stones.count(WHITE)},
            "territory": territory,
            "komi": {BLACK: 0, WHITE: self.options["komi"]},
            "button": {c: 0.5 if self.button == c else 0 for c in (BLACK, WHITE)},
        }

    def breakdown(self) -> list[tuple[str, dict[int, float]]]:
        return list(self._parts().items())

    def scores(self) -> dict[int, float]:
        parts = self._parts().values()
        return {c: sum(part[c] for part in parts) for c in (BLACK, WHITE)}

    def _by_score(self, cause: str) -> Result:
        s = self.scores()
        if s[BLACK] == s[WHITE]:
            return Result((), f"{cause}; equal scores")
        winner = BLACK if s[BLACK] > s[WHITE] else WHITE
        return Result((winner,), f"{cause}; {self.colour_name(winner)} scores more")

    def result(self) -> Result | None:
        return self.outcome

    # -- presentation ---------------------------------------------------------------------------

    def describe(self) -> str:
        return (f"Stones plus territory wins; komi {self.options['komi']}; the button is worth "
                "half a point; a third repetition is a draw")

    def prompt(self) -> str:
        if self.outcome is not None:
            return "Game over"
        if self.choosing:
            return self.pie_prompt()
        side = self.colour_name(self.to_move)
        return f"{side} to play (may take the button)" if not self.button else f"{side} to play or pass"

    def action_label(self, move: str) -> str:
        return "Take the button" if move == BUTTON else super().action_label(move)

    def annotations(self) -> list[dict[str, Any]]:
        return [{"kind": "area", "points": region, "colour": owner,
                 "label": f"{self.colour_name(owner)} territory"}
                for owner, region in self.territories() if owner]


class Convacu(Vacu):
    """Vacu with coloured edges: join your two edges to win. No button; a pass is forced
    when no placement is legal and forbidden otherwise."""

    name = "convacu"
    title = "Convacu"
    OPTIONS = (
        Vacu.OPTIONS[0],
        Option("komi", 0, "Komi", minimum=-625, maximum=625,
               help="Points added to White's score if the game ends without a connection."),
        Vacu.OPTIONS[2],
    )

    def after_setup(self) -> None:
        """A diagram may show a finished game: a group already joining its edges has won."""
        super().after_setup()
        self.outcome = self._connection([p for p, s in enumerate(self.stones) if s])

    def _connection(self, mine: list[Point]) -> Result | None:
        """The win of a group through one of the stones ``mine`` that touches both edges of
        its colour, if any. Only the mover's groups can have grown this turn, so only they
        need looking at."""
        seen: set[Point] = set()
        edges = edge_bits(self.board.size)
        for p in mine:
            if p in seen:
                continue
            group = self._group(p)[0]
            seen.update(group)
            colour = self.stones[p]
            touched = 0
            for x in group:
                touched |= edges[x]
            if touched & EDGES[colour] == EDGES[colour]:
                sides = "top and bottom" if colour == BLACK else "left and right"
                return Result((colour,), f"{self.colour_name(colour)} joined {sides}")
        return None

    def placements(self) -> list[Point]:
        """The legal placements of the side to move."""
        return [p for p, s in enumerate(self.stones) if s == 0 and self.legal_placement(p)]

    def _pass(self) -> None:
        if self.placements():
            raise IllegalMove("you may pass only when no placement is legal")
        self._end_turn(passed=True)

    def _take_button(self) -> None:
        raise IllegalMove("Convacu is played without the button")

    def candidates(self) -> Iterable[Move]:
        if self.choosing:
            return list(COLOUR_CHOICES)
        return [p for p, s in enumerate(self.stones) if s == 0] + [PASS]

    def _allowed(self, move: Move) -> bool:
        if move == PASS and not self.choosing:
            return not self.placements()
        return move != BUTTON and super()._allowed(move)

    def random_move(self, rng: random.Random) -> Move:
        if self.outcome is not None or self.choosing:
            return super().random_move(rng)
        empty: list[Move] = [p for p, s in enumerate(self.stones) if s == 0]
        move = _first_allowed(empty, self.legal_placement, rng)
        return PASS if move is None else move

    def _parts(self) -> dict[str, dict[int, float]]:
        parts = super()._parts()
        del parts["button"]
        return parts

    def describe(self) -> str:
        return (f"Join your two edges to win (Black top and bottom, White left and right); pass only "
                f"when no placement is legal; komi {self.options['komi']} if nobody connects")

    def prompt(self) -> str:
        if self.outcome is not None or self.choosing:
            return super().prompt()
        side = self.colour_name(self.to_move)
        return f"{side} to play" if self.placements() else f"{side} has no legal placement and must pass"

    def annotations(self) -> list[dict[str, Any]]:
        return [{"kind": "edge", "side": side, "colour": colour} for side, _, colour in EDGE_SIDES]
