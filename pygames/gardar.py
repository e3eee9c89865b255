"""Gardar (2024): fence off empty space with loops of stones on a hexagonal board.

Vocabulary of the rulebook, as this module reads it (the rules page explains every choice):

* a **group** is a maximal set of connected stones of one colour;
* an **enclosure** is a connected set of empty points none of which lies on the board's
  edge; the stones next to it are its **fence**. Whoever owns the majority of the fence
  **controls** it; an equal split makes it **shared**;
* a stone is **dead** when (a) it touches an enclosure controlled by the enemy but none
  controlled by its owner or shared, or (b) its group touches an enemy stone and no empty
  point off the edge (and, by default, fences off no empty point of its own);
* after a placement every dead enemy stone is removed, all at once; the board at the end
  of a turn must differ from the board at the end of each of the same player's earlier turns;
* the **perimeter loop** of a group that encloses something is the outermost ring of its
  stones that still keeps everything it encloses cut off from the edge; the group's other
  stones are **surplus**. A player scores their loop stones minus their surplus stones.

The rules were published without clarifications, so every reading that could go two ways is
an option whose default is the recommendation of the project's rules notes (model "G1").

Speed. Enclosures, loops and dead stones are whole-board shapes, so the position is kept as
integers used as bit sets (one bit per point on a padded grid): flooding a region is then a
handful of shifts per step instead of a Python loop over points. On top of the stones, a
:class:`Position` keeps what the dead-stone rules ask about, up to date move by move: the
table of enclosures with their fence counts, and each colour's groups that have no
breathing space. A move changes them only where it lands: a placement splits at most the
empty region it fills (and only when the points around it fall apart into separate arcs),
and a removal merges the freed points with the regions next to them. Positions are
immutable values, so undo restores the previous one and a copy shares them; the
repetition record holds Zobrist keys of the boards left at the end of turns.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, NamedTuple

from .board import Board, Point, zobrist_keys
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


@dataclass(frozen=True)
class Grid:
    """Bit-set tables for one board size. Point ``(q, r)`` of a side-``n`` board is bit
    ``(r + n) * width + (q + n)`` with ``width = 2n + 1``: a spare column on each side and
    a spare row above and below keep shifted bits from wrapping onto real points.

    ``arcs`` answers, for the point ``p``, which empty neighbours hang together around it:
    ``(empty >> corner[p]) & ring`` picks out the six neighbours of ``p`` (the window starts
    at its upper-left neighbour), and maps to the runs of consecutive empty neighbours going
    round ``p``, each as a window mask. One run means that filling ``p`` cannot split the
    empty region it lies in. ``thick`` holds the windows in which two neighbours next to
    each other are set: a stone at ``p`` would close a triangle with them."""

    width: int
    board: int
    edge: int
    interior: int
    bit: tuple[int, ...]
    near: tuple[int, ...]
    point_at: dict[int, Point]
    corner: tuple[int, ...]
    ring: int
    arcs: dict[int, tuple[int, ...]]
    thick: frozenset[int]
    zobrist: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


@cache
def _grid(size: int) -> Grid:
    board = Board.hexagon(size)
    width = 2 * size + 1
    positions = [(r + size) * width + (q + size) for q, r in board.coords]
    bit = tuple(1 << pos for pos in positions)
    near = tuple(sum(bit[q] for q in ns) for ns in board.neighbours)
    edge = sum(bit[p] for p in board.edge)
    # The six neighbours in turning order, as offsets in the window that starts one row up
    # and one column left: +1, +1-width, -width, -1, -1+width, +width.
    around = (width + 1, 1, 0, width - 1, 2 * width - 1, 2 * width)
    arcs = {}
    for pattern in range(64):
        on = [bool(pattern >> i & 1) for i in range(6)]
        runs = []
        for i in range(6):
            if on[i] and not on[i - 1]:
                j, mask = i, 0
                while on[j % 6] and j < i + 6:
                    mask |= 1 << around[j % 6]
                    j += 1
                runs.append(mask)
        if all(on):
            runs = [sum(1 << a for a in around)]
        arcs[sum(1 << around[i] for i in range(6) if on[i])] = tuple(runs)
    thick = frozenset(window for window in arcs
                      if any(window >> around[i] & 1 and window >> around[i - 1] & 1 for i in range(6)))
    empty, black, white = zobrist_keys(f"gardar {size}", 3, len(positions), 60)
    return Grid(width, sum(bit), edge, sum(bit) & ~edge, bit, near, {pos: p for p, pos in enumerate(positions)},
                tuple(pos - width for pos in positions), sum(1 << a for a in around), arcs, thick, (empty, black, white))


def grow(x: int, width: int) -> int:
    """``x`` together with every neighbour of its points (not yet clipped to the board).
    The row above holds neighbours q and q+1, the row below q and q-1."""
    left, right = x << 1, x >> 1
    return x | left | right | ((x | left) >> width) | ((x | right) << width)


def _flood(seed: int, within: int, width: int) -> int:
    """Everything in ``within`` connected to ``seed`` (itself inside ``within``)."""
    while True:
        more = grow(seed, width) & within
        if more == seed:
            return seed
        seed = more


def _smothered_group(seed: int, stones: int, air: int, width: int) -> int:
    """The group of ``stones`` holding ``seed`` if none of its stones touches ``air`` (the
    empty points off the edge), else 0: the flood stops at the first breathing space."""
    while True:
        grown = grow(seed, width)
        if grown & air:
            return 0
        more = grown & stones
        if more == seed:
            return seed
        seed = more


def _smothered_among(seeds: int, stones: int, air: int, grid: Grid) -> int:
    """The groups of ``stones`` holding any of ``seeds`` that touch no ``air``; a seed that
    touches air itself is cleared by one look-up."""
    found = 0
    while seeds:
        seed = seeds & -seeds
        seeds ^= seed
        if not grid.near[grid.point_at[seed.bit_length() - 1]] & air:
            group = _smothered_group(seed, stones, air, grid.width)
            found |= group
            seeds &= ~group
    return found


def _encloses(group: int, width: int) -> bool:
    """Whether a connected group cuts anything off from the edge, without flooding: by
    Euler's formula, a connected set of points of the triangular lattice with ``v`` points,
    ``e`` neighbouring pairs and ``t`` triangles of mutual neighbours has ``1 - v + e - t``
    holes (the board's edge counts as outside, since off-board points are)."""
    right, below, below_left = group >> 1, group >> width, group >> (width - 1)
    pairs = (group & right).bit_count() + (group & below).bit_count() + (group & below_left).bit_count()
    triangles = (group & right & below).bit_count() + (group & below_left & below).bit_count()
    return pairs - triangles >= group.bit_count()


def _parts(mask: int, width: int) -> Iterator[int]:
    """The connected pieces of a bit set."""
    while mask:
        piece = _flood(mask & -mask, mask, width)
        mask ^= piece
        yield piece


@dataclass(frozen=True)
class Enclosure:
    """An enclosure, its fence and who controls it (0 when shared)."""

    points: tuple[Point, ...]
    fence: tuple[Point, ...]
    counts: dict[int, int]
    controller: int


#: One enclosure in a :class:`Position`: its points and how many Black and White stones
#: count in its fence.
_Region = tuple[int, int, int]


class Position(NamedTuple):
    """One board and everything the dead-stone rules ask about it, as bit sets.

    ``enclosures`` holds every enclosure with its fence counts (as the ``enemies_inside``
    option counts them); ``inside`` is all their points, and ``hostile_black`` the points
    of the enclosures White controls (where Black stones die), ``hostile_white`` the other
    way round. ``smothered_black`` is every Black group that touches no empty point off
    the edge (the candidates of clause (b)), and ``smothered_white`` the same for White.
    ``zobrist_black`` and ``zobrist_white`` hash each colour's stones."""

    black: int
    white: int
    zobrist_black: int
    zobrist_white: int
    enclosures: tuple[_Region, ...]
    inside: int
    hostile_black: int
    hostile_white: int
    smothered_black: int
    smothered_white: int


_new = tuple.__new__  # builds a Position without the keyword-handling constructor

#: Random numbers that tell apart the boards each player left (see ``Gardar._turn_key``).
_LEFT_BY = (0, 0x5F3759DF2B1C8A3, 0x1B873593E6546B6)


@dataclass(frozen=True)
class _Tally:
    """Everything scoring needs from one board, as bit sets per colour: the stones scored
    (dead stones may have been taken off first) and, for each group with a perimeter loop,
    the loop and the sealed inside it runs around (for drawing it)."""

    stones: dict[int, int]
    loops: dict[int, list[tuple[int, int]]]
    loop_count: dict[int, int]
    surplus: dict[int, int]


def _choice(name: str, default: str, label: str, choices: dict[str, str], explain: str) -> Option:
    """One of the rules notes' readings, as a choice between the words of ``choices``
    (each value with its label)."""
    return Option(name, default, label, kind="choice", choices=tuple(choices), labels=tuple(choices.values()),
                  help=explain)


@register
class Gardar(PieRule, Game):
    name = "gardar"
    title = "Gardar"
    COLOURS = ("Black", "White")
    #: The position is ``stones`` (kept for readers) and ``_pos`` (the bit sets); undo
    #: restores these with ``_save``/``_load`` below.
    STATE = ("stones", "to_move", "passes", "seats", "choosing", "first_passer", "_pos")
    SETUP_STATE: ClassVar[dict[str, str]] = {
        **Game.SETUP_STATE, **PASSES_STATE, "first_passer": "the colour that passed first in the game (0: nobody yet)"}
    PARTS: ClassVar[dict[str, str]] = {"loop stones": N_("loop stones"), "surplus stones": N_("surplus stones"),
                                       "komi": N_("komi"), "half point": N_("half point")}
    OPTIONS = (
        Option("size", 9, N_("Board size"), minimum=3, maximum=13, suggested=(7, 9, 11),
               help=N_("Points on each side of the hexagon: 7 (short), 9 (recommended) or 11 (long).")),
        Option("komi", 0, N_("Komi"), minimum=-400, maximum=400,
               help=N_("Whole number of points added to White's score.")),
        PieRule.PIE,
        _choice("enemies_inside", "fence", N_("Enemy stones inside a loop"), {"fence": N_("fence"), "enclosure": N_("enclosure")},
                N_("fence: they count towards the majority like any fence stone; enclosure: inside "
                   "a loop of one colour they belong to the enclosure and do not count.")),
        _choice("death", "stone", N_("Dead by enemy enclosure"), {"stone": N_("stone"), "group": N_("group")},
                N_("stone: only the stones touching the enemy enclosure die; group: their whole group "
                   "dies unless one of its stones touches a friendly or shared enclosure.")),
        Option("hole_exemption", True, N_("Groups with an eye survive smothering"), kind="bool",
               help=N_("A group without breathing space off the edge still lives if it encloses an empty point.")),
        Option("cascade", False, N_("Cascading removal"), kind="bool",
               help=N_("After removing dead stones, also remove the enemy stones that this leaves dead.")),
        _choice("perimeter", "outer", N_("Perimeter loop"), {"outer": N_("outer"), "inner": N_("inner")},
                N_("Which ring of a thick group is its perimeter loop.")),
        _choice("surplus", "own", N_("Surplus stones subtracted"), {"own": N_("own"), "all": N_("all")},
                N_("own: each player loses a point per own surplus stone; all: per surplus stone on the board.")),
        _choice("dead_at_end", "keep", N_("Dead stones at the end"), {"keep": N_("keep"), "remove": N_("remove")},
                N_("keep: score the board as it stands; remove: take dead stones of both colours off first.")),
        _choice("half_point", "first", N_("Half point"), {"first": N_("first"), "final": N_("final")},
                N_("first: to the first player who passed in the game; final: to the first of the two closing "
                   "passes.")),
    )

    choosing: bool
    first_passer: int
    _pos: Position

    def make_board(self) -> Board:
        return Board.hexagon(self.options["size"])

    def start(self) -> None:
        self._grid = _grid(self.options["size"])
        # The options the dead-stone rules read on every move.
        self._loops_count = self.options["enemies_inside"] == "enclosure"
        self._group_death = self.options["death"] == "group"
        self._cascade = self.options["cascade"]
        self._cached: tuple[tuple[int, int], _Tally] | None = None
        super().start()
        self.first_passer = 0
        # The boards left at the end of each turn, counted per key (see ``_turn_key``), the
        # same for the leaver's own stones alone (a quick test that most placements pass),
        # and the keys each move in the history added (None for the colour choice).
        self._left: dict[int, int] = {}
        self._own_left: dict[int, int] = {}
        self._turn_ends: list[tuple[int, int] | None] = []
        self._tried: tuple[Point, int, Position, tuple[Position, int]] | None = None
        self._pos = self._position(0, 0)

    def set_state(self, name: str, value: int | list[int]) -> None:
        if name == "passes":
            self.passes = self.count_state(name, value, 1)
        elif name == "first_passer":
            self.first_passer = self.count_state(name, value, 2)
        else:
            super().set_state(name, value)

    def after_setup(self) -> None:
        bit = self._grid.bit
        self._pos = self._position(sum(bit[p] for p, s in enumerate(self.stones) if s == BLACK),
                                   sum(bit[p] for p, s in enumerate(self.stones) if s == WHITE))

    # -- bit sets ----------------------------------------------------------------------

    @property
    def black(self) -> int:
        return self._pos.black

    @property
    def white(self) -> int:
        return self._pos.white

    @property
    def grid(self) -> Grid:
        """The bit-set tables of this board size (shared by every game of the size)."""
        return self._grid

    @property
    def position(self) -> Position:
        """The board as bit sets, with everything the dead-stone rules ask about it
        (enclosures, who controls them, groups without breathing space). Positions are
        immutable: this one stays valid, and true of the board it was read from, after
        later moves."""
        return self._pos

    def _of(self, colour: int) -> int:
        return self._pos.black if colour == BLACK else self._pos.white

    def _points(self, mask: int) -> list[Point]:
        """The points of a bit set, in point order (reading order, top row first)."""
        at, out = self._grid.point_at, []
        while mask:
            low = mask & -mask
            out.append(at[low.bit_length() - 1])
            mask ^= low
        return out

    def _around(self, x: int) -> int:
        return grow(x, self._grid.width) & self._grid.board

    def _parts(self, mask: int) -> Iterator[int]:
        return _parts(mask, self._grid.width)

    # -- enclosures --------------------------------------------------------------------

    def _region(self, points: int, black: int, white: int) -> _Region:
        """An enclosure with its fence counts on the board ``black``, ``white``.

        With ``enemies_inside="enclosure"``, a loop of one colour alone around the region
        makes the other colour's fence stones part of the enclosure; if both colours (or
        neither) close a loop on their own, the plain majority decides."""
        grid, width = self._grid, self._grid.width
        fence = grow(points, width) & (black | white)
        b, w = (fence & black).bit_count(), (fence & white).bit_count()
        if self.options["enemies_inside"] == "enclosure":
            by_black = not _flood(points, grid.board & ~black, width) & grid.edge
            by_white = not _flood(points, grid.board & ~white, width) & grid.edge
            if by_black != by_white:
                b, w = (b, 0) if by_black else (0, w)
        return points, b, w

    def _all_enclosures(self, black: int, white: int) -> tuple[_Region, ...]:
        """Every enclosure of a board, found from scratch.

        Empty space that reaches the edge is never an enclosure: the rules do not let the
        board's edge serve as a fence (otherwise the whole open board would be one
        enclosure and the side with fewer stones would die from the third move)."""
        grid, width = self._grid, self._grid.width
        empty = grid.board & ~(black | white)
        inside = empty & ~_flood(grid.edge & empty, empty, width)
        return tuple(self._region(points, black, white) for points in _parts(inside, width))

    def _position(self, black: int, white: int) -> Position:
        """The :class:`Position` of a board, worked out from scratch."""
        grid, width = self._grid, self._grid.width
        zobrist = [0, 0, 0]
        for colour, stones in ((BLACK, black), (WHITE, white)):
            for p in self._points(stones):
                zobrist[colour] ^= grid.zobrist[colour][p]
        air = grid.interior & ~(black | white)
        smothered = [stones & ~_flood(stones & grow(air, width), stones, width) for stones in (black, white)]
        enclosures = self._all_enclosures(black, white)
        return Position(black, white, zobrist[BLACK], zobrist[WHITE], enclosures, *self._control(enclosures),
                        *smothered)

    @staticmethod
    def _control(enclosures: tuple[_Region, ...], inside: int = 0, hostile_black: int = 0,
                 hostile_white: int = 0) -> tuple[int, int, int]:
        """All enclosed points, those where Black stones die (White controls them), and
        those where White stones die: of ``enclosures``, added to the sets given."""
        for points, b, w in enclosures:
            inside |= points
            if w > b:
                hostile_black |= points
            elif b > w:
                hostile_white |= points
        return inside, hostile_black, hostile_white

    def _split(self, region: int, p: Point) -> list[int]:
        """The pieces an empty region falls into once the point ``p`` in it is filled
        (``region`` no longer holds ``p``). Only when the empty points around ``p`` form
        more than one arc can it fall apart, and then a flood from one arc usually meets
        the others within a step or two."""
        grid = self._grid
        corner = grid.corner[p]
        arcs = grid.arcs[(region >> corner) & grid.ring]
        if len(arcs) <= 1:
            return [region] if region else []
        seeds = [arc << corner for arc in arcs]
        pieces = []
        while seeds:
            piece, others = seeds.pop(), 0
            for seed in seeds:
                others |= seed
            while piece & others != others:
                more = grow(piece, grid.width) & region
                if more == piece:
                    break
                piece = more
            else:
                # Every piece touches p, so the one holding every arc left is the rest.
                pieces.append(region)
                return pieces
            pieces.append(piece)
            region &= ~piece
            seeds = [seed for seed in seeds if not seed & piece]
        return pieces

    def _cut_off(self, p: Point, empty: int, arcs: tuple[int, ...]) -> list[int]:
        """The new enclosures a stone at ``p`` cuts off, when ``p`` lay in the open space
        that reaches the edge (``empty`` no longer holds ``p``; ``arcs`` are the runs of
        empty points around ``p``, see :class:`Grid`): the pieces of that space around
        ``p`` that no longer reach the edge. A piece is followed only until it touches the
        edge, or until it has met every other arc around ``p`` (then nothing split off, as
        long as ``p`` itself was not the space's only way to the edge)."""
        grid = self._grid
        corner = grid.corner[p]
        at_edge = grid.bit[p] & grid.edge
        if not arcs or (len(arcs) == 1 and not at_edge):
            return []
        edge, width = grid.edge, grid.width
        seeds = [arc << corner for arc in arcs]
        found: list[int] = []
        open_seen = False
        while seeds:
            piece, others = seeds.pop(), 0
            for seed in seeds:
                others |= seed
            while not piece & edge:
                if not at_edge and not open_seen and piece & others == others:
                    return found  # one piece holds every arc left, and the region's edge points
                more = grow(piece, width) & empty
                if more == piece:
                    found.append(piece)
                    break
                piece = more
            else:
                open_seen = True
            seeds = [seed for seed in seeds if not seed & piece]
        return found

    def _redraw(self, pos: Position, gone: int, pieces: Iterable[int], black: int,
                white: int) -> tuple[tuple[_Region, ...], int, int, int]:
        """The enclosure table of ``pos`` with the points ``gone`` (whole enclosures, and
        freed stones) replaced by the enclosures ``pieces``, and its control sets, for the
        board ``black``, ``white``. Under ``enemies_inside="enclosure"`` a stone anywhere can
        close or open a loop of one colour, so every enclosure is counted again."""
        added = tuple(self._region(piece, black, white) for piece in pieces)
        if self._loops_count:
            table = (*(self._region(e[0], black, white) for e in pos.enclosures if not e[0] & gone), *added)
            return (table, *self._control(table))
        table = (*(e for e in pos.enclosures if not e[0] & gone), *added) if gone else pos.enclosures + added
        return (table, *self._control(added, pos.inside & ~gone, pos.hostile_black & ~gone, pos.hostile_white & ~gone))

    def enclosures(self) -> list[Enclosure]:
        """The enclosures on the board now, with their fences and controllers."""
        out = []
        black, white = self._pos.black, self._pos.white
        for region, b, w in sorted(self._pos.enclosures, key=lambda e: e[0] & -e[0]):
            fence = self._around(region) & (black | white)
            controller = BLACK if b > w else WHITE if w > b else 0
            out.append(Enclosure(tuple(self._points(region)), tuple(self._points(fence)),
                                 {BLACK: b, WHITE: w}, controller))
        return out

    # -- dead stones -------------------------------------------------------------------

    def dead_in(self, pos: Position, colour: int) -> int:
        """The stones of ``colour`` that are dead in the position ``pos``, as a bit set."""
        grid, width = self._grid, self._grid.width
        if colour == BLACK:
            mine, theirs, hostile, smothered = pos.black, pos.white, pos.hostile_black, pos.smothered_black
        else:
            mine, theirs, hostile, smothered = pos.white, pos.black, pos.hostile_white, pos.smothered_white
        dead = 0
        if hostile:
            touching = mine & grow(hostile, width)
            if touching:
                friendly = pos.inside & ~hostile
                safe = mine & grow(friendly, width) if friendly else 0
                if self._group_death:
                    dead = _flood(touching, mine, width) & ~(_flood(safe, mine, width) if safe else 0)
                else:
                    dead = touching & ~safe
        # Clause (b): a group with no breathing space off the edge is bounded only by
        # enemy stones (and edge points, which do not count), so it dies if any enemy
        # stone bounds it at all.
        if smothered:
            pressed = smothered & grow(theirs, width)
            if pressed:
                pressed = _flood(pressed, smothered, width)
                if self.options["hole_exemption"]:
                    empty = grid.board & ~(mine | theirs)
                    for group in _parts(pressed, width):
                        if _encloses(group, width) and self._holes(group) & empty:
                            pressed &= ~group
                dead |= pressed
        return dead

    def dead_stones(self, colour: int) -> list[Point]:
        """The stones of ``colour`` that are dead now: the opponent's next placement removes
        them (a player's own dead stones stay until then)."""
        return self._points(self.dead_in(self._pos, colour))

    # -- how a move changes the position ----------------------------------------------

    def _place(self, pos: Position, me: int, p: Point) -> Position:
        """``pos`` with a stone of ``me`` at the empty point ``p`` (nothing removed yet)."""
        grid, width = self._grid, self._grid.width
        bit = grid.bit[p]
        black, white, zobrist_black, zobrist_white, enclosures, inside, hostile_black, hostile_white, \
            smothered_black, smothered_white = pos
        if me == BLACK:
            black |= bit
            zobrist_black ^= grid.zobrist[BLACK][p]
            mine, theirs, smothered, choked = black, white, smothered_black, smothered_white
        else:
            white |= bit
            zobrist_white ^= grid.zobrist[WHITE][p]
            mine, theirs, smothered, choked = white, black, smothered_white, smothered_black
        empty = grid.board & ~(black | white)
        # Only the empty region that held p changes: it may split (an enclosure into
        # smaller ones, the open space into open space and new enclosures).
        if inside & bit:
            region = next(e[0] for e in enclosures if e[0] & bit)
            enclosures, inside, hostile_black, hostile_white = self._redraw(
                pos, region, self._split(region & ~bit, p), black, white)
        else:
            arcs = grid.arcs[(empty >> grid.corner[p]) & grid.ring]
            pieces = self._cut_off(p, empty, arcs) if len(arcs) > 1 or bit & grid.edge else ()
            if pieces or self._loops_count:
                enclosures, inside, hostile_black, hostile_white = self._redraw(pos, 0, pieces, black, white)
        # Breathing space: the new stone's group breathes through p's neighbours or
        # through its other stones; enemy groups next to p may have breathed through p alone.
        air = empty & grid.interior
        near = grid.near[p]
        group = 0 if near & air else _smothered_group(bit | (near & mine), mine, air, width)
        if group:
            smothered |= group
        elif near & smothered:
            smothered &= ~_flood(near & smothered, smothered, width)
        if bit & grid.interior:
            choked |= _smothered_among(near & theirs & ~choked, theirs, air, grid)
        smothered_black, smothered_white = (smothered, choked) if me == BLACK else (choked, smothered)
        return _new(Position, (black, white, zobrist_black, zobrist_white, enclosures, inside, hostile_black,
                               hostile_white, smothered_black, smothered_white))

    def taken_off(self, pos: Position, colour: int, dead: int) -> Position:
        """``pos`` with the stones ``dead`` of ``colour`` taken off the board, as a placement
        takes off the dead stones (public for readers that weigh a placement against what any
        placement would take off anyway).

        The freed points join the empty regions next to them: a piece of that union is open
        space if a freed point in it lies on the edge or touches the open space, else it is
        one enclosure. Freed points off the edge give breathing space to the groups next to
        them, while what is left of a group cut in two may have breathed only through the
        stones taken."""
        grid, width = self._grid, self._grid.width
        black, white, zobrist_black, zobrist_white, enclosures, inside, hostile_black, hostile_white, \
            smothered_black, smothered_white = pos
        open_space = grid.board & ~(black | white | inside)
        edge, near, bit, table = grid.edge, grid.near, grid.bit, grid.zobrist[colour]
        zobrist = zobrist_black if colour == BLACK else zobrist_white
        reach = leaks = breathing = 0
        freed = self._points(dead)
        for p in freed:
            zobrist ^= table[p]
            reach |= near[p]
            if bit[p] & edge:
                leaks |= bit[p]
            else:
                breathing |= near[p]
                if near[p] & open_space:
                    leaks |= bit[p]
        if colour == BLACK:
            black &= ~dead
            zobrist_black = zobrist
            mine, smothered = black, smothered_black & ~dead
        else:
            white &= ~dead
            zobrist_white = zobrist
            mine, smothered = white, smothered_white & ~dead
        zone = dead
        for e in enclosures:
            if e[0] & reach:
                zone |= e[0]
        if len(freed) == 1:
            pieces = [] if leaks else [zone]
        else:
            pieces = [piece for piece in _parts(zone, width) if not piece & leaks]
        enclosures, inside, hostile_black, hostile_white = self._redraw(pos, zone, pieces, black, white)
        theirs = smothered_white if colour == BLACK else smothered_black
        if smothered & breathing:
            smothered &= ~_flood(smothered & breathing, smothered, width)
        if theirs & breathing:
            theirs &= ~_flood(theirs & breathing, theirs, width)
        rest = mine & reach & ~breathing & ~smothered
        if rest:
            smothered |= _smothered_among(rest, mine, grid.interior & ~(black | white), grid)
        smothered_black, smothered_white = (smothered, theirs) if colour == BLACK else (theirs, smothered)
        return _new(Position, (black, white, zobrist_black, zobrist_white, enclosures, inside, hostile_black,
                               hostile_white, smothered_black, smothered_white))

    def placement_outcome(self, p: Point, me: int) -> tuple[Position, int]:
        """The position after ``me`` places at ``p`` and the dead enemy stones are removed,
        and the stones removed.

        The last answer is remembered (positions are immutable, so the position object
        itself says whether it still applies): a legality test followed by the move
        itself works it out once."""
        tried = self._tried
        pos = self._pos
        if tried is not None and tried[0] == p and tried[1] == me and tried[2] is pos:
            return tried[3]
        after = self._place(pos, me, p)
        removed = 0
        while True:
            dead = self.dead_in(after, 3 - me)
            if not dead:
                break
            after = self.taken_off(after, 3 - me, dead)
            removed |= dead
            if not self._cascade:
                break
        self._tried = (p, me, pos, (after, removed))
        return after, removed

    # -- moves -------------------------------------------------------------------------

    @staticmethod
    def _turn_key(pos: Position, colour: int) -> tuple[int, int]:
        """The board ``pos`` left by the player of ``colour``, as a Zobrist key, and the
        same for that player's own stones alone. A placement adds a stone to the mover's
        stones and takes none away, so it can repeat one of the mover's earlier boards
        only if the mover's stones after it match that board's: most placements are
        cleared by looking up the second key, without working out any removal."""
        own = pos.zobrist_black if colour == BLACK else pos.zobrist_white
        return pos.zobrist_black ^ pos.zobrist_white ^ _LEFT_BY[colour], own ^ _LEFT_BY[colour]

    def repeats(self, p: Point, me: int) -> bool:
        """Whether placing at the empty point ``p`` would leave a board ``me`` left before."""
        pos = self._pos
        own = pos.zobrist_black if me == BLACK else pos.zobrist_white
        if own ^ self._grid.zobrist[me][p] ^ _LEFT_BY[me] not in self._own_left:
            return False
        return self._turn_key(self.placement_outcome(p, me)[0], me)[0] in self._left

    def _play(self, move: Move) -> None:
        if self.choosing:
            self.choose_colour(move)
            self._turn_ends.append(None)
            return
        me = self.to_move
        if move == PASS:
            # Passes are always allowed (answering a pass with a pass must end the game),
            # but the board a pass leaves still counts as one of the passer's turn ends.
            self.passes += 1
            if not self.first_passer:
                self.first_passer = me
            keys = self._turn_key(self._pos, me)
        elif isinstance(move, int) and 0 <= move < len(self.stones):
            stones = self.stones
            if stones[move]:
                raise IllegalMove(_("that point is already occupied"), "occupied")
            after, removed = self.placement_outcome(move, me)
            keys = self._turn_key(after, me)
            if keys[0] in self._left:
                raise IllegalMove(_("this would repeat the board you left at the end of an earlier turn"), "superko")
            self._pos = after
            stones[move] = me
            if removed:
                for p in self._points(removed):
                    stones[p] = 0
            self.passes = 0
        else:
            raise IllegalMove(_("{move} is not a move in {game}", move=repr(move), game=self.title), "not_a_move")
        key, own = keys
        self._left[key] = self._left.get(key, 0) + 1
        self._own_left[own] = self._own_left.get(own, 0) + 1
        self._turn_ends.append((key, own))
        self.to_move = 3 - me

    def undo(self) -> Move:
        """Take back the last move, and forget the board it left from the repetition record
        (kept outside the snapshots so that a move does not copy the whole record)."""
        move = super().undo()
        keys = self._turn_ends.pop()
        if keys is not None:
            for record, key in zip((self._left, self._own_left), keys):
                left = record[key] - 1
                if left:
                    record[key] = left
                else:
                    del record[key]
        return move

    def is_over(self) -> bool:
        return self.passes >= 2

    def _save(self) -> tuple[Any, ...]:
        return self.to_move, self.passes, self.seats, self.choosing, self.first_passer, self._pos

    def _load(self, snapshot: tuple[Any, ...]) -> None:
        """Restore a snapshot: the position object as it was, and the points of ``stones``
        whose colour differs from it."""
        now = self._pos
        self.to_move, self.passes, self.seats, self.choosing, self.first_passer, pos = snapshot
        self._pos = pos
        stones, bit = self.stones, self._grid.bit
        for p in self._points((now.black ^ pos.black) | (now.white ^ pos.white)):
            stones[p] = BLACK if pos.black & bit[p] else WHITE if pos.white & bit[p] else 0

    def copy(self) -> Gardar:
        """An independent copy: the position objects are immutable and shared, the
        containers that moves change are copied."""
        new = object.__new__(type(self))
        new.__dict__ = self.__dict__.copy()
        for name in ("stones", "seats", "history", "_stack", "_left", "_own_left", "_turn_ends"):
            new.__dict__[name] = self.__dict__[name].copy()
        return new

    def is_legal(self, move: Move) -> bool:
        """Legality without playing the move: every empty point is legal unless it repeats
        a board, and passing always is."""
        if self.passes >= 2:
            return False
        if self.choosing:
            return move in COLOUR_CHOICES
        if move == PASS:
            return True
        return (isinstance(move, int) and 0 <= move < len(self.stones) and not self.stones[move]
                and not self.repeats(move, self.to_move))

    def candidates(self) -> Iterable[Move]:
        if self.choosing:
            return list(COLOUR_CHOICES)
        return [p for p, s in enumerate(self.stones) if not s] + [PASS]

    def random_move(self, rng: random.Random) -> Move:
        """A uniformly random legal move. Every empty point is legal unless it repeats a
        board, so draw a point or the pass at random and redraw when the point is taken or
        refused: uniform over the legal moves without listing them. Once few points are
        left empty, draw from a list of them instead of redrawing over the whole board."""
        if self.choosing:
            return rng.choice(COLOUR_CHOICES)
        stones, me, repeats = self.stones, self.to_move, self.repeats
        n = len(stones)
        draw = rng.random
        for _try in range(8):
            p = int(draw() * (n + 1))
            if p == n:
                return PASS
            if not stones[p]:
                if not repeats(p, me):
                    return p
                break
        free = [p for p, s in enumerate(stones) if not s]
        while free:
            i = int(draw() * (len(free) + 1))
            if i == len(free):
                return PASS
            p = free[i]
            if not repeats(p, me):
                return p
            free[i] = free[-1]
            free.pop()
        return PASS

    # -- holes and loops ---------------------------------------------------------------

    def _holes(self, group: int) -> int:
        """Everything a group cuts off from the edge (empty points and stones alike)."""
        grid = self._grid
        rest = grid.board & ~group
        return rest & ~_flood(grid.edge & rest, rest, grid.width)

    def _loop(self, group: int) -> tuple[int, int]:
        """A group's perimeter loop and the holes-holding inside it runs around, as bit
        sets (both 0 when the group encloses nothing).

        Start from the group's outer (or inner) boundary, which already seals every hole,
        and drop stones in reading order whenever the holes stay sealed without them. A
        dropped stone can only open a hole if it touches the outside and, through the
        remaining inside, a hole; checking exactly that keeps the pass cheap."""
        grid, width = self._grid, self._grid.width
        if group.bit_count() < 6 or not _encloses(group, width):  # the smallest ring has six stones
            return 0, 0
        holes = self._holes(group)
        if not holes:
            return 0, 0
        if self.options["perimeter"] == "outer":
            loop = group & (grid.edge | self._around(grid.board & ~group & ~holes))
        else:
            loop = group & self._around(holes)
        rest = grid.board & ~loop
        outside = _flood(grid.edge & rest, rest, width)
        inside = rest & ~outside
        for x in self._points(loop):
            b = grid.bit[x]
            if b & grid.edge or grid.near[x] & outside:
                seeds = grid.near[x] & inside
                joined = _flood(seeds, inside, width) if seeds else 0
                if joined & holes:
                    continue
                inside &= ~joined
                outside |= joined | b
            else:
                inside |= b
            loop &= ~b
        return loop, _flood(inside & holes, inside, width)

    def perimeter_loop(self, p: Point) -> list[Point]:
        """The perimeter loop of the group holding the stone at ``p`` (empty if the group
        encloses nothing), on the board as it stands."""
        colour = self.stones[p]
        if not colour:
            raise ValueError(_("there is no stone at {point}", point=self.board.label(p)))
        group = _flood(self._grid.bit[p], self._of(colour), self._grid.width)
        return self._points(self._loop(group)[0])

    def _tally(self) -> _Tally:
        """Score the board (cached per board: scores, breakdown and annotations all ask)."""
        position = (self.black, self.white)
        if self._cached is not None and self._cached[0] == position:
            return self._cached[1]
        black, white = position
        if self.options["dead_at_end"] == "remove":
            black, white = black & ~self.dead_in(self._pos, BLACK), white & ~self.dead_in(self._pos, WHITE)
        stones = {BLACK: black, WHITE: white}
        loops: dict[int, list[tuple[int, int]]] = {BLACK: [], WHITE: []}
        count: dict[int, int] = {}
        for colour, mine in stones.items():
            for group in self._parts(mine):
                loop, inside = self._loop(group)
                if loop:
                    loops[colour].append((loop, inside))
            count[colour] = sum(loop.bit_count() for loop, _ in loops[colour])
        surplus = {c: stones[c].bit_count() - count[c] for c in stones}
        tally = _Tally(stones, loops, count, surplus)
        self._cached = (position, tally)
        return tally

    # -- outcome -----------------------------------------------------------------------

    def _half_point(self) -> int:
        """Who holds the half point now (0: nobody yet)."""
        if self.options["half_point"] == "first":
            return self.first_passer
        if self.passes == 0:
            return 0
        # The closing passes started with the player to move after two passes, or with
        # the player who just passed.
        return self.to_move if self.passes >= 2 else 3 - self.to_move

    def breakdown(self) -> list[tuple[str, dict[int, float]]]:
        tally = self._tally()
        if self.options["surplus"] == "own":
            surplus = {c: -tally.surplus[c] for c in (BLACK, WHITE)}
        else:
            total = tally.surplus[BLACK] + tally.surplus[WHITE]
            surplus = {BLACK: -total, WHITE: -total}
        half = self._half_point()
        return [("loop stones", dict(tally.loop_count)),
                ("surplus stones", surplus),
                ("komi", {BLACK: 0, WHITE: self.options["komi"]}),
                ("half point", {BLACK: 0.5 if half == BLACK else 0, WHITE: 0.5 if half == WHITE else 0})]

    def scores(self) -> dict[int, float]:
        total: dict[int, float] = {BLACK: 0, WHITE: 0}
        for _name, part in self.breakdown():
            for c in total:
                total[c] += part[c]
        return total

    def result(self) -> Result | None:
        if self.passes < 2:
            return None
        s = self.scores()
        return Result((BLACK if s[BLACK] > s[WHITE] else WHITE,), _("more points"), "two_passes")

    def describe(self) -> str:
        if self.options["half_point"] == "first":
            return _("Loop stones minus surplus stones; komi {komi} to White; half a point to the first player "
                     "to pass", komi=self.options["komi"])
        return _("Loop stones minus surplus stones; komi {komi} to White; half a point to the first of the "
                 "closing passes", komi=self.options["komi"])

    def prompt(self) -> str:
        if self.choosing:
            return self.pie_prompt()
        return super().prompt()

    # -- seeing the scoring ------------------------------------------------------------

    def _trace(self, inside: int) -> list[list[Point]]:
        """The loop stones around each region of ``inside``, in order: walk the region's border
        keeping the region on one side. Turning around a region point from direction d to
        d+1 either finds the next border stone or steps onto the region point next to it,
        from which the same stone lies in direction d-1."""
        rays, region = self.board.rays, set(self._points(inside))
        todo = {(i, d) for i in region for d in range(6) if rays[i][d][0] not in region}
        paths = []
        while todo:
            start = min(todo)
            edge = start
            path: list[Point] = []
            while True:
                todo.discard(edge)
                i, d = edge
                stone = rays[i][d][0]
                if not path or path[-1] != stone:
                    path.append(stone)
                j = rays[i][(d + 1) % 6][0]
                edge = (j, (d - 1) % 6) if j in region else (i, (d + 1) % 6)
                if edge == start:
                    break
            if len(path) > 1 and path[0] == path[-1]:
                path.pop()
            paths.append(path)
        return paths

    def annotations(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for e in self.enclosures():
            out.append({"kind": "area", "points": list(e.points), "colour": e.controller,
                        "label": N_("enclosure") if e.controller else N_("shared enclosure")})
        tally = self._tally()
        for colour in (BLACK, WHITE):
            looped = 0
            for loop, inside in tally.loops[colour]:
                looped |= loop
                for path in self._trace(inside):
                    out.append({"kind": "path", "points": path, "colour": colour, "closed": True,
                                "label": N_("perimeter loop")})
            surplus = self._points(tally.stones[colour] & ~looped)
            if surplus:
                out.append({"kind": "mark", "points": surplus, "shape": "square", "colour": colour,
                            "label": N_("surplus")})
        for colour in (BLACK, WHITE):
            dying = self.dead_stones(colour)
            if dying:
                out.append({"kind": "mark", "points": dying, "shape": "cross", "colour": colour,
                            "label": N_("would die")})
        return out
