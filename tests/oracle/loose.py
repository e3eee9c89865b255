"""Loose (Luis Bolaños Mures, 2012): surround to flip, and every group needs a true liberty.

Vocabulary of the rulebook:

* a **group** is a maximal set of orthogonally connected stones of one colour;
* a **liberty** is an empty point next to a group; it is **false** when it touches no empty
  point and touches stones of both colours, and **true** otherwise (a property of the
  point, whichever group asks);
* after a placement every enemy group with no true liberty is **flipped** to the mover's
  colour, once (flips can only turn false points true, so nothing more could flip);
* at the end of the turn every group on the board must have a true liberty, or the
  placement was illegal.

Stones are never removed, so there are no cycles and no ko rule. Choices where the rules
are silent (see the rules page): the tie-break loser is the player who passed last, which
is also who placed last; even board sizes are refused; komi must be even.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from .board import Board, Point
from .game import COLOUR_CHOICES, PASS, Game, IllegalMove, Move, Option, PieRule, Result

BLACK, WHITE = 1, 2


def _odd(value: Any, _options: Any) -> str | None:
    return None if value % 2 else "Loose is played on an odd-sized board"


def _even(value: Any, _options: Any) -> str | None:
    return None if value % 2 == 0 else "komi must be an even number"


class Loose(PieRule, Game):
    name = "loose"
    title = "Loose"
    COLOURS = ("Black", "White")
    STATE = ("stones", "to_move", "passes", "seats", "choosing")
    OPTIONS = (
        Option("size", 11, "Board size", minimum=3, maximum=25, check=_odd, suggested=(7, 9, 11, 13, 15, 19),
               help="Lines on each side; odd sizes only."),
        Option("komi", 6, "Komi", minimum=-624, maximum=624, check=_even,
               help="Even number of points added to White's score."),
        PieRule.PIE,
    )

    def make_board(self) -> Board:
        return Board.square(self.options["size"])

    # -- liberties -------------------------------------------------------------------

    def is_true_liberty(self, p: Point) -> bool:
        """Whether empty point ``p`` is a true liberty: it touches an empty point, or it
        does not touch both colours. (Black and White are bits 1 and 2, so "both" is 3.)"""
        stones = self.stones
        seen = 0
        for q in self.board.neighbours[p]:
            s = stones[q]
            if s == 0:
                return True
            seen |= s
        return seen != 3

    def group(self, p: Point) -> list[Point]:
        """The group containing the stone at ``p``."""
        stones, nbrs = self.stones, self.board.neighbours
        colour = stones[p]
        found, todo, seen = [], [p], {p}
        while todo:
            x = todo.pop()
            found.append(x)
            for y in nbrs[x]:
                if y not in seen and stones[y] == colour:
                    seen.add(y)
                    todo.append(y)
        return found

    def true_liberties(self, group: Iterable[Point]) -> set[Point]:
        """The true liberties of a group."""
        stones, nbrs = self.stones, self.board.neighbours
        return {q for x in group for q in nbrs[x] if stones[q] == 0 and self.is_true_liberty(q)}

    def _captive(self, p: Point) -> list[Point] | None:
        """The group of the stone at ``p`` if it has no true liberty, else None. The fill
        stops at the first true liberty, so a healthy group usually costs a step or two."""
        stones, nbrs, is_true = self.stones, self.board.neighbours, self.is_true_liberty
        colour = stones[p]
        group, seen = [p], {p}
        for x in group:  # the list grows while it is walked
            for y in nbrs[x]:
                s = stones[y]
                if s == 0:
                    if is_true(y):
                        return None
                elif s == colour and y not in seen:
                    seen.add(y)
                    group.append(y)
        return group

    def false_liberties(self) -> list[Point]:
        """Every empty point that is a false liberty (for study overlays)."""
        stones, nbrs = self.stones, self.board.neighbours
        return [p for p, s in enumerate(stones)
                if s == 0 and any(stones[q] for q in nbrs[p]) and not self.is_true_liberty(p)]

    # -- moves -------------------------------------------------------------------------

    def _play(self, move: Move) -> None:
        if self.choosing:
            self.choose_colour(move)
            return
        if move == PASS:
            self.passes += 1
            self.to_move = 3 - self.to_move
            return
        if not isinstance(move, int) or not 0 <= move < len(self.stones):
            raise IllegalMove(f"{move!r} is not a move in Loose")
        self._place(move)
        self.passes = 0
        self.to_move = 3 - self.to_move

    def _place(self, p: Point) -> None:
        stones, nbrs = self.stones, self.board.neighbours
        if stones[p]:
            raise IllegalMove("that point is already occupied")
        me = self.to_move
        enemy = 3 - me
        stones[p] = me
        # Only liberties at p and at p's empty neighbours changed status, so only groups
        # touching those points can have lost their last true liberty.
        near = [p]
        for q in nbrs[p]:
            if stones[q] == 0:
                near.extend(nbrs[q])
            else:
                near.append(q)
        flipped: list[Point] = []
        mine: list[Point] = []
        for x in near:
            if stones[x] == enemy:
                captive = self._captive(x)
                if captive:
                    flipped.extend(captive)
                    for y in captive:  # flip now, so the fill does not meet it twice
                        stones[y] = me
            elif stones[x] == me:
                mine.append(x)
        # Flipping only turns false points true, so only the mover's groups (including
        # the flipped stones) can be left without a true liberty.
        for x in mine + flipped:
            captive = self._captive(x)
            if captive:
                where = self.board.label(x)
                if x in flipped:
                    raise IllegalMove(f"the flipped group at {where} would have no true liberty")
                if p in captive:
                    raise IllegalMove("that stone's group would have no true liberty")
                raise IllegalMove(f"your group at {where} would lose its last true liberty")

    def candidates(self) -> Iterable[Move]:
        if self.choosing:
            return list(COLOUR_CHOICES)
        return [p for p, s in enumerate(self.stones) if s == 0] + [PASS]

    # -- outcome -------------------------------------------------------------------------

    def scores(self) -> dict[int, float]:
        black = self.stones.count(BLACK)
        white = self.stones.count(WHITE)
        return {BLACK: black, WHITE: white + self.options["komi"]}

    def result(self) -> Result | None:
        if self.passes < 2:
            return None
        s = self.scores()
        if s[BLACK] != s[WHITE]:
            winner = BLACK if s[BLACK] > s[WHITE] else WHITE
            return Result((winner,), "more points")
        # The player who passed last also placed last, and loses the tie.
        return Result((self.to_move,), "tie: the last player to move loses")

    def breakdown(self) -> list[tuple[str, dict[int, float]]]:
        return [("stones", {BLACK: self.stones.count(BLACK), WHITE: self.stones.count(WHITE)}),
                ("komi", {BLACK: 0, WHITE: self.options["komi"]})]

    def describe(self) -> str:
        return f"Most stones plus komi wins; komi {self.options['komi']}; ties go against the last player to move"

    def prompt(self) -> str:
        if self.choosing:
            return self.pie_prompt()
        return super().prompt()

    def annotations(self) -> list[dict[str, Any]]:
        return [{"kind": "mark", "points": self.false_liberties(), "shape": "cross", "colour": 0,
                 "label": "false liberty"}]
