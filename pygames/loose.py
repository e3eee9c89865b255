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

How the board is kept, so that a placement costs a look at a few points rather than a
walk over whole groups (random playouts of the computer player make millions of them):

* every group is a ring of its stones (``_next``) with one **head** stone (``_head`` of each
  stone, -1 on empty points) holding its ``_size`` and ``_lead``: the stone of the group
  next to which a true liberty was last found. Whether a group has a true liberty is asked
  at its lead stone first, and usually settled there; only when that liberty is gone is the
  ring walked. Stones are never removed, so groups only ever join (the smaller one is
  relabelled) or flip whole;
* the empty points are kept in a list (``_empty``, in no particular order, with each
  point's index in ``_slot``), so that a random move is drawn among them directly;
* undo keeps a journal of the placed point and the flipped stones; taking a move back
  puts their colours back and rebuilds the groups at and next to those points.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, ClassVar

from .board import Board, Point
from .game import (
    COLOUR_CHOICES,
    PASS,
    PASSES_STATE,
    Game,
    IllegalMove,
    Move,
    Option,
    PieRule,
    Result,
    register,
)
from .i18n import N_, _

BLACK, WHITE = 1, 2


def _odd(value: Any, _options: Any) -> str | None:
    return None if value % 2 else _("Loose is played on an odd-sized board")


def _even(value: Any, _options: Any) -> str | None:
    return None if value % 2 == 0 else _("komi must be an even number")


#: Why a placement is illegal, by code: what :meth:`Loose.placement` answers, with the
#: point of the group at fault after the code where there is one (the reason's ``{point}``).
REASONS = {
    "occupied": N_("that point is already occupied"),
    "no_true_liberty": N_("that stone's group would have no true liberty"),
    "flipped_without_true_liberty": N_("the flipped group at {point} would have no true liberty"),
    "loses_true_liberty": N_("your group at {point} would lose its last true liberty"),
}


@register
class Loose(PieRule, Game):
    name = "loose"
    title = "Loose"
    COLOURS = ("Black", "White")
    STATE = ("stones", "to_move", "passes", "seats", "choosing")
    SETUP_STATE: ClassVar[dict[str, str]] = {**Game.SETUP_STATE, **PASSES_STATE}
    PARTS: ClassVar[dict[str, str]] = {"stones": N_("stones"), "komi": N_("komi")}
    OPTIONS = (
        Option("size", 11, N_("Board size"), minimum=3, maximum=25, check=_odd, suggested=(7, 9, 11, 13, 15, 19),
               help=N_("Lines on each side; odd sizes only.")),
        Option("komi", 6, N_("Komi"), minimum=-624, maximum=624, check=_even,
               help=N_("Even number of points added to White's score.")),
        PieRule.PIE,
    )

    def make_board(self) -> Board:
        return Board.square(self.options["size"])

    def start(self) -> None:
        super().start()
        #: What the move being played changed: the placed point, then the flipped stones.
        self._journal: list[Point] = []
        #: The last placement looked at and its answer (see :meth:`placement`).
        self._trial: tuple[Point, list[Point] | str] | None = None
        n = len(self.board)
        self._empty = list(range(n))
        self._slot = list(range(n))
        self._head = [-1] * n
        self._next = [0] * n
        self._size = [0] * n
        self._lead = [0] * n

    def set_state(self, name: str, value: int | list[int]) -> None:
        if name == "passes":
            self.passes = self.count_state(name, value, 1)
        else:
            super().set_state(name, value)

    def after_setup(self) -> None:
        self._trial = None
        self._empty = [p for p, s in enumerate(self.stones) if not s]
        for i, p in enumerate(self._empty):
            self._slot[p] = i
        self._rebuild(range(len(self.stones)))

    @property
    def empty_points(self) -> list[Point]:
        """The empty points, in no particular order: the engine's own list, not a copy (a
        computer player's playouts ask millions of times), valid until the next move or
        undo. Callers must not change it."""
        return self._empty

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

    def _alive(self, start: Point) -> bool:
        """Whether the group of the stone ``start`` has a true liberty (see :meth:`_free`)."""
        return bool(self._free(start, 1))

    def _free(self, start: Point, most: int) -> list[Point]:
        """Up to ``most`` true liberties of the group of the stone ``start``, on the board
        as it stands, where a stone may have just been placed
        or groups flipped, so that the group may be several of the kept groups (rings)
        joined. A ring walked without finding enough adds the rings of its colour next to
        it. Asked for one, each ring is looked at next to its lead stone first."""
        stones, nbrs, is_true = self.stones, self.board.neighbours, self.is_true_liberty
        head, nxt, lead = self._head, self._next, self._lead
        colour = stones[start]
        todo = [head[start]]
        found: list[Point] = []
        for h in todo:  # the list grows while it is walked
            x = lead[h]
            if most == 1 and head[x] == h:
                for y in nbrs[x]:
                    if not stones[y] and is_true(y):
                        return [y]
            x = h
            while True:
                for y in nbrs[x]:
                    s = stones[y]
                    if not s:
                        if y not in found and is_true(y):
                            lead[h] = x
                            found.append(y)
                            if len(found) == most:
                                return found
                    elif s == colour and head[y] not in todo:
                        todo.append(head[y])
                x = nxt[x]
                if x == h:
                    break
        return found

    def true_liberties_at(self, p: Point, most: int) -> list[Point]:
        """Up to ``most`` true liberties of the group of the stone at ``p``, or of the group
        a stone of the side to move on empty ``p`` would make (before any flip)."""
        stones = self.stones
        if stones[p]:
            return self._free(p, most)
        stones[p] = self.to_move
        self._head[p] = self._next[p] = self._lead[p] = p
        try:
            return self._free(p, most)
        finally:
            stones[p] = 0
            self._head[p] = -1

    def _rebuild(self, points: Iterable[Point]) -> None:
        """Work out afresh, from the board, every group with a stone at or next to ``points``."""
        stones, nbrs = self.stones, self.board.neighbours
        head, nxt = self._head, self._next
        done: set[Point] = set()
        for p in points:
            if not stones[p]:
                head[p] = -1
            for x in (p, *nbrs[p]):
                if not stones[x] or x in done:
                    continue
                group = self.group(x)
                done.update(group)
                for i, y in enumerate(group):
                    head[y] = x
                    nxt[y] = group[i - 1]  # a ring, walked backwards
                self._size[x] = len(group)
                self._lead[x] = x

    def _join(self, a: Point, b: Point) -> Point:
        """Join the groups headed by ``a`` and ``b`` (different) and return the new head."""
        head, nxt, size = self._head, self._next, self._size
        if size[a] < size[b]:
            a, b = b, a
        x = b
        while True:
            head[x] = a
            x = nxt[x]
            if x == b:
                break
        nxt[a], nxt[b] = nxt[b], nxt[a]  # splice the two rings into one
        size[a] += size[b]
        return a

    def false_liberties(self) -> list[Point]:
        """Every empty point that is a false liberty (for study overlays)."""
        stones, nbrs = self.stones, self.board.neighbours
        return [p for p, s in enumerate(stones)
                if s == 0 and any(stones[q] for q in nbrs[p]) and not self.is_true_liberty(p)]

    # -- placements ----------------------------------------------------------------------

    def placement(self, p: Point) -> list[Point] | str:
        """What a stone of the side to move on empty point ``p`` would do: the enemy stones
        it would flip, or why it is illegal: a code of :data:`REASONS`, followed by a point
        where the reason names one. The board is left as it was.

        Only points whose status the stone changes need looking at. ``p`` stops being a
        liberty, and an empty neighbour of ``p`` may turn false (it was true while ``p`` was
        empty); nothing else changes. So the enemy groups that may have lost their last true
        liberty are those next to ``p`` or to a newly false point, and flips only ever turn
        false points true. The mover's groups that may be left without a true liberty are
        the stone's own group, the flipped groups and the mover's groups next to a newly
        false point. A point that stays true settles every group around it at once, which
        keeps most placements down to a look at ``p``'s neighbours.

        The answer for the last point asked about is remembered until the position changes,
        so that a legality test followed by the move itself (``random_move`` then ``play``)
        resolves the placement once."""
        trial = self._trial
        if trial is not None and trial[0] == p:
            return trial[1]
        answer = self._resolve(p)
        self._trial = (p, answer)
        return answer

    def _resolve(self, p: Point) -> list[Point] | str:
        stones, nbrs, is_true = self.stones, self.board.neighbours, self.is_true_liberty
        head, nxt = self._head, self._next
        if stones[p]:
            return "occupied"
        me = self.to_move
        enemy = 3 - me
        stones[p] = me  # for the question, the stone is a ring of its own
        head[p] = nxt[p] = self._lead[p] = p
        flipped: list[Point] = []
        try:
            falsified, suspects, free = [], [], False
            for q in nbrs[p]:
                s = stones[q]
                if s == 0:
                    if is_true(q):
                        free = True  # a true liberty of the stone's group, whatever flips
                    else:
                        falsified.append(q)
                elif s == enemy:
                    suspects.append(q)
            if not suspects and not falsified:
                return [] if free or self._alive(p) else "no_true_liberty"
            for q in falsified:
                suspects.extend(nbrs[q])
            looked: list[Point] = []
            captives: list[Point] = []
            for x in suspects:
                if stones[x] == enemy and head[x] not in looked:
                    h = head[x]
                    looked.append(h)
                    if not self._alive(h):
                        captives.append(h)
                        y = h
                        while True:  # flip now, so that the groups of the mover see it
                            stones[y] = me
                            flipped.append(y)
                            y = nxt[y]
                            if y == h:
                                break
            if not free and not self._alive(p):
                return "no_true_liberty"
            for h in captives:
                if not self._alive(h):
                    return f"flipped_without_true_liberty {h}"
            for q in falsified:
                for x in nbrs[q]:
                    if stones[x] == me and not self._alive(x):
                        return f"loses_true_liberty {x}"
            return flipped
        finally:
            stones[p] = 0
            head[p] = -1
            for y in flipped:
                stones[y] = enemy

    def is_legal(self, move: Move) -> bool:
        if self.passes >= 2:
            return False
        if self.choosing:
            return move in COLOUR_CHOICES
        if move == PASS:
            return True
        return (isinstance(move, int) and 0 <= move < len(self.stones) and not self.stones[move]
                and not isinstance(self.placement(move), str))

    def legal_moves(self) -> list[Move]:
        if self.passes >= 2:
            return []
        if self.choosing:
            return list(COLOUR_CHOICES)
        placement = self._resolve
        return [p for p, s in enumerate(self.stones) if s == 0 and not isinstance(placement(p), str)] + [PASS]

    def random_move(self, rng: random.Random) -> Move:
        """A uniformly random legal move. The empty points and the pass are drawn with
        replacement until one is legal, which usually takes a draw or two; after a few
        misses the rest are drawn without replacement. Either way each legal move is
        equally likely."""
        if self.passes >= 2:
            raise IllegalMove(_("the game is over"), "game_over")
        if self.choosing:
            return rng.choice(COLOUR_CHOICES)
        empty, placement = self._empty, self.placement
        k = len(empty)
        draw = rng.random
        for _draw in range(4):
            i = int(draw() * (k + 1))
            if i == k:
                return PASS
            if not isinstance(placement(empty[i]), str):
                return empty[i]
        moves: list[Move] = list(empty)
        moves.append(PASS)
        while True:
            i = int(draw() * len(moves))
            move = moves[i]
            if isinstance(move, str) or not isinstance(placement(move), str):  # the pass, or a legal point
                return move
            moves[i] = moves[-1]
            moves.pop()

    # -- moves -------------------------------------------------------------------------

    def _play(self, move: Move) -> None:
        trial, self._trial = self._trial, None  # every move changes the position
        if self.choosing:
            self.choose_colour(move)
            return
        if move == PASS:
            self.passes += 1
            self.to_move = 3 - self.to_move
            return
        if not isinstance(move, int) or not 0 <= move < len(self.stones):
            raise IllegalMove(_("{move} is not a move in {game}", move=repr(move), game=self.title), "not_a_move")
        self._place(move, trial[1] if trial is not None and trial[0] == move else self._resolve(move))
        self.passes = 0
        self.to_move = 3 - self.to_move

    def _place(self, p: Point, flipped: list[Point] | str) -> None:
        """Place on ``p`` for the side to move, flipping ``flipped`` (its :meth:`placement`)."""
        if isinstance(flipped, str):
            code, _space, at = flipped.partition(" ")
            raise IllegalMove(_(REASONS[code], point=self.board.label(int(at)) if at else ""), code)
        stones, me, head = self.stones, self.to_move, self._head
        self._journal.append(p)
        self._journal.extend(flipped)
        stones[p] = me
        for y in flipped:
            stones[y] = me
        head[p] = self._next[p] = self._lead[p] = p
        self._size[p] = 1
        nbrs = self.board.neighbours
        for x in (p, *flipped):  # the new stone and the flipped groups join the groups around them
            for y in nbrs[x]:
                if stones[y] == me and head[y] != head[x]:
                    self._join(head[x], head[y])
        empty, slot = self._empty, self._slot  # p leaves the list: the last empty point takes its slot
        last = empty.pop()
        if last != p:
            empty[slot[p]] = last
            slot[last] = slot[p]

    def candidates(self) -> Iterable[Move]:
        if self.choosing:
            return list(COLOUR_CHOICES)
        return [p for p, s in enumerate(self.stones) if s == 0] + [PASS]

    # -- undo: the placed point and the flipped stones, instead of a copy of the board -----

    def _save(self) -> tuple[Any, ...]:
        journal: list[Point] = []
        self._journal = journal
        return self.to_move, self.passes, self.seats, self.choosing, journal

    def _load(self, snapshot: tuple[Any, ...]) -> None:
        self.to_move, self.passes, self.seats, self.choosing, journal = snapshot
        if journal:
            stones = self.stones
            mover = self.to_move
            p = journal[0]
            stones[p] = 0
            for y in journal[1:]:
                stones[y] = 3 - mover
            self._slot[p] = len(self._empty)
            self._empty.append(p)
            self._rebuild(journal)
        self._trial = None

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
            return Result((winner,), _("more points"), "two_passes")
        # The player who passed last also placed last, and loses the tie.
        return Result((self.to_move,), _("tie: the last player to move loses"), "two_passes")

    def breakdown(self) -> list[tuple[str, dict[int, float]]]:
        return [("stones", {BLACK: self.stones.count(BLACK), WHITE: self.stones.count(WHITE)}),
                ("komi", {BLACK: 0, WHITE: self.options["komi"]})]

    def describe(self) -> str:
        return _("Most stones plus komi wins; komi {komi}; ties go against the last player to move",
                 komi=self.options["komi"])

    def prompt(self) -> str:
        if self.choosing:
            return self.pie_prompt()
        return super().prompt()

    def annotations(self) -> list[dict[str, Any]]:
        return [{"kind": "mark", "points": self.false_liberties(), "shape": "cross", "colour": 0,
                 "label": N_("false liberty")}]

