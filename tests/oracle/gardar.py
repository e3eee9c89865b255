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

Speed: enclosures, loops and dead stones are whole-board shapes, so the position is also
kept as two integers used as bit sets (one bit per point on a padded grid). Flooding a
region is then a handful of shifts per step instead of a Python loop over points, which
keeps a full dead-stone check per placement affordable for random playouts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from .board import Board, Point
from .game import COLOUR_CHOICES, PASS, Game, IllegalMove, Move, Option, PieRule, Result

BLACK, WHITE = 1, 2


@dataclass(frozen=True)
class _Grid:
    """Bit-set tables for one board size. Point ``(q, r)`` of a side-``n`` board is bit
    ``(r + n) * width + (q + n)`` with ``width = 2n + 1``: a spare column on each side and
    a spare row above and below keep shifted bits from wrapping onto real points."""

    width: int
    board: int
    edge: int
    bit: tuple[int, ...]
    near: tuple[int, ...]
    point_at: dict[int, Point]


@cache
def _grid(size: int) -> _Grid:
    board = Board.hexagon(size)
    width = 2 * size + 1
    positions = [(r + size) * width + (q + size) for q, r in board.coords]
    bit = tuple(1 << pos for pos in positions)
    near = tuple(sum(bit[q] for q in ns) for ns in board.neighbours)
    return _Grid(width, sum(bit), sum(bit[p] for p in board.edge), bit, near,
                 {pos: p for p, pos in enumerate(positions)})


def _grow(x: int, width: int) -> int:
    """``x`` together with every neighbour of its points (not yet clipped to the board).
    The row above holds neighbours q and q+1, the row below q and q-1."""
    left, right = x << 1, x >> 1
    return x | left | right | ((x | left) >> width) | ((x | right) << width)


def _flood(seed: int, within: int, width: int) -> int:
    """Everything in ``within`` connected to ``seed`` (itself inside ``within``)."""
    while True:
        more = _grow(seed, width) & within
        if more == seed:
            return seed
        seed = more


@dataclass(frozen=True)
class Enclosure:
    """An enclosure, its fence and who controls it (0 when shared)."""

    points: tuple[Point, ...]
    fence: tuple[Point, ...]
    counts: dict[int, int]
    controller: int


@dataclass(frozen=True)
class _Tally:
    """Everything scoring needs from one board, as bit sets per colour: the stones scored
    (dead stones may have been taken off first) and, for each group with a perimeter loop,
    the loop and the sealed inside it runs around (for drawing it)."""

    stones: dict[int, int]
    loops: dict[int, list[tuple[int, int]]]
    loop_count: dict[int, int]
    surplus: dict[int, int]


def _choice(name: str, default: str, label: str, choices: tuple[str, ...], explain: str) -> Option:
    return Option(name, default, label, kind="choice", choices=choices, help=explain)


class Gardar(PieRule, Game):
    name = "gardar"
    title = "Gardar"
    COLOURS = ("Black", "White")
    STATE = ("stones", "to_move", "passes", "seats", "choosing", "black", "white", "first_passer")
    OPTIONS = (
        Option("size", 9, "Board size", minimum=3, maximum=13, suggested=(7, 9, 11),
               help="Points on each side of the hexagon: 7 (short), 9 (recommended) or 11 (long)."),
        Option("komi", 0, "Komi", minimum=-400, maximum=400,
               help="Whole number of points added to White's score."),
        PieRule.PIE,
        _choice("enemies_inside", "fence", "Enemy stones inside a loop", ("fence", "enclosure"),
                "fence: they count towards the majority like any fence stone; enclosure: inside "
                "a loop of one colour they belong to the enclosure and do not count."),
        _choice("death", "stone", "Dead by enemy enclosure", ("stone", "group"),
                "stone: only the stones touching the enemy enclosure die; group: their whole group "
                "dies unless one of its stones touches a friendly or shared enclosure."),
        Option("hole_exemption", True, "Groups with an eye survive smothering", kind="bool",
               help="A group without breathing space off the edge still lives if it encloses an empty point."),
        Option("cascade", False, "Cascading removal", kind="bool",
               help="After removing dead stones, also remove the enemy stones that this leaves dead."),
        _choice("perimeter", "outer", "Perimeter loop", ("outer", "inner"),
                "Which ring of a thick group is its perimeter loop."),
        _choice("surplus", "own", "Surplus stones subtracted", ("own", "all"),
                "own: each player loses a point per own surplus stone; all: per surplus stone on the board."),
        _choice("dead_at_end", "keep", "Dead stones at the end", ("keep", "remove"),
                "keep: score the board as it stands; remove: take dead stones of both colours off first."),
        _choice("half_point", "first", "Half point", ("first", "final"),
                "first: to the first player who passed in the game; final: to the first of the two closing passes."),
    )

    choosing: bool
    black: int
    white: int
    first_passer: int

    def make_board(self) -> Board:
        return Board.hexagon(self.options["size"])

    def start(self) -> None:
        self._grid = _grid(self.options["size"])
        self._cached: tuple[tuple[int, int], _Tally] | None = None
        super().start()
        self.black = self.white = 0
        self.first_passer = 0
        # The boards left at the end of each turn, counted per (board, player) key, and
        # the key each move in the history added (None for the colour choice).
        self._left: dict[int, int] = {}
        self._turn_ends: list[int | None] = []
        self._last_outcome: tuple[tuple[int, int, int, Point], tuple[int, int]] | None = None

    def after_setup(self) -> None:
        bit = self._grid.bit
        self.black = sum(bit[p] for p, s in enumerate(self.stones) if s == BLACK)
        self.white = sum(bit[p] for p, s in enumerate(self.stones) if s == WHITE)

    # -- bit sets ----------------------------------------------------------------------

    def _of(self, colour: int) -> int:
        return self.black if colour == BLACK else self.white

    def _points(self, mask: int) -> list[Point]:
        """The points of a bit set, in point order (reading order, top row first)."""
        at, out = self._grid.point_at, []
        while mask:
            low = mask & -mask
            out.append(at[low.bit_length() - 1])
            mask ^= low
        return out

    def _around(self, x: int) -> int:
        return _grow(x, self._grid.width) & self._grid.board

    def _parts(self, mask: int) -> Iterator[int]:
        """The connected pieces of a bit set."""
        width = self._grid.width
        while mask:
            piece = _flood(mask & -mask, mask, width)
            mask ^= piece
            yield piece

    # -- enclosures --------------------------------------------------------------------

    def _enclosures(self, black: int, white: int) -> Iterator[tuple[int, int, int, int]]:
        """Each enclosure of a board as (points, fence, Black count, White count).

        Empty space that reaches the edge is never an enclosure: the rules do not let the
        board's edge serve as a fence (otherwise the whole open board would be one
        enclosure and the side with fewer stones would die from the third move)."""
        grid, width = self._grid, self._grid.width
        empty = grid.board & ~(black | white)
        inside = empty & ~_flood(grid.edge & empty, empty, width)
        inside_rule = self.options["enemies_inside"] == "enclosure"
        for region in self._parts(inside):
            fence = self._around(region) & (black | white)
            b, w = (fence & black).bit_count(), (fence & white).bit_count()
            if inside_rule:
                # A loop of one colour alone around the region makes the other colour's
                # fence stones part of the enclosure; if both colours (or neither) close
                # a loop on their own, the plain majority decides.
                by_black = not _flood(region, grid.board & ~black, width) & grid.edge
                by_white = not _flood(region, grid.board & ~white, width) & grid.edge
                if by_black != by_white:
                    b, w = (b, 0) if by_black else (0, w)
            yield region, fence, b, w

    def enclosures(self) -> list[Enclosure]:
        """The enclosures on the board now, with their fences and controllers."""
        out = []
        for region, fence, b, w in self._enclosures(self.black, self.white):
            controller = BLACK if b > w else WHITE if w > b else 0
            out.append(Enclosure(tuple(self._points(region)), tuple(self._points(fence)),
                                 {BLACK: b, WHITE: w}, controller))
        return out

    # -- dead stones -------------------------------------------------------------------

    def _dead(self, colour: int, black: int, white: int) -> int:
        """The stones of ``colour`` that are dead on the board ``black``, ``white``."""
        grid, width = self._grid, self._grid.width
        mine, theirs = (black, white) if colour == BLACK else (white, black)
        hostile = friendly = 0
        for region, _fence, b, w in self._enclosures(black, white):
            ours, enemy = (b, w) if colour == BLACK else (w, b)
            if enemy > ours:
                hostile |= region
            else:
                friendly |= region
        dead = 0
        if hostile:
            touching = mine & self._around(hostile)
            safe = mine & self._around(friendly)
            if self.options["death"] == "stone":
                dead = touching & ~safe
            elif touching:
                dead = _flood(touching, mine, width) & ~_flood(safe, mine, width)
        # Clause (b): a group with no breathing space off the edge is bounded only by
        # enemy stones (and edge points, which do not count), so it dies if any enemy
        # stone bounds it at all.
        empty = grid.board & ~(black | white)
        breathing = _flood(mine & self._around(empty & ~grid.edge), mine, width)
        smothered = mine & ~breathing
        if smothered:
            smothered = _flood(smothered & self._around(theirs), smothered, width)
            if smothered and self.options["hole_exemption"]:
                for group in self._parts(smothered):
                    if self._holes(group) & empty:
                        smothered &= ~group
            dead |= smothered
        return dead

    def dead_stones(self, colour: int) -> list[Point]:
        """The stones of ``colour`` that are dead now: the opponent's next placement removes
        them (a player's own dead stones stay until then)."""
        return self._points(self._dead(colour, self.black, self.white))

    # -- moves -------------------------------------------------------------------------

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
            key = self._key(self.black, self.white, me)
        elif isinstance(move, int) and 0 <= move < len(self.stones):
            if self.stones[move]:
                raise IllegalMove("that point is already occupied")
            black, white = self._outcome(move, me)
            key = self._key(black, white, me)
            if key in self._left:
                raise IllegalMove("this would repeat the board you left at the end of an earlier turn")
            self._set_board(black, white)
            self.passes = 0
        else:
            raise IllegalMove(f"{move!r} is not a move in Gardar")
        self._left[key] = self._left.get(key, 0) + 1
        self._turn_ends.append(key)
        self.to_move = 3 - me

    def undo(self) -> Move:
        """Take back the last move, and forget the board it left from the repetition record
        (kept outside the snapshots so that a move does not copy the whole record)."""
        move = super().undo()
        key = self._turn_ends.pop()
        if key is not None:
            left = self._left[key] - 1
            if left:
                self._left[key] = left
            else:
                del self._left[key]
        return move

    def _outcome(self, p: Point, me: int) -> tuple[int, int]:
        """The board after ``me`` places at ``p`` and the dead enemy stones are removed.

        The last answer is remembered: ``random_move`` tries a move with play and undo,
        then the caller plays it again from the very same board."""
        question = (self.black, self.white, me, p)
        if self._last_outcome is not None and self._last_outcome[0] == question:
            return self._last_outcome[1]
        black, white = self.black, self.white
        if me == BLACK:
            black |= self._grid.bit[p]
        else:
            white |= self._grid.bit[p]
        while True:
            dead = self._dead(3 - me, black, white)
            if me == BLACK:
                white &= ~dead
            else:
                black &= ~dead
            if not dead or not self.options["cascade"]:
                break
        self._last_outcome = (question, (black, white))
        return black, white

    def _set_board(self, black: int, white: int) -> None:
        """Make ``black`` and ``white`` the board, updating only the points that changed."""
        stones, bit = self.stones, self._grid.bit
        for p in self._points((self.black ^ black) | (self.white ^ white)):
            stones[p] = BLACK if black & bit[p] else WHITE if white & bit[p] else 0
        self.black, self.white = black, white

    def _key(self, black: int, white: int, colour: int) -> int:
        """A board and whose turn ended on it, as one exact number for the repetition record."""
        return (((white << self._grid.board.bit_length()) | black) << 2) | colour

    def candidates(self) -> Iterable[Move]:
        if self.choosing:
            return list(COLOUR_CHOICES)
        return [p for p, s in enumerate(self.stones) if not s] + [PASS]

    def random_move(self, rng: Any) -> Move:
        """A uniformly random legal move. Every empty point is legal unless it repeats a
        board, so draw a point or the pass at random and redraw when the point is taken or
        refused: uniform over the legal moves without listing or shuffling them."""
        if self.choosing:
            return rng.choice(COLOUR_CHOICES)
        stones = self.stones
        n = len(stones)
        empty = stones.count(0)
        refused: set[Point] = set()
        while len(refused) < empty:
            p = rng.randrange(n + 1)
            if p == n:
                return PASS
            if stones[p] or p in refused:
                continue
            if self.is_legal(p):
                return p
            refused.add(p)
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
        if group.bit_count() < 6:  # the smallest ring is six stones around one point
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
            raise ValueError(f"there is no stone at {self.board.label(p)}")
        group = _flood(self._grid.bit[p], self._of(colour), self._grid.width)
        return self._points(self._loop(group)[0])

    def _tally(self) -> _Tally:
        """Score the board (cached per board: scores, breakdown and annotations all ask)."""
        position = (self.black, self.white)
        if self._cached is not None and self._cached[0] == position:
            return self._cached[1]
        black, white = position
        if self.options["dead_at_end"] == "remove":
            black, white = (black & ~self._dead(BLACK, black, white),
                            white & ~self._dead(WHITE, black, white))
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
        return Result((BLACK if s[BLACK] > s[WHITE] else WHITE,), "more points")

    def describe(self) -> str:
        first = "first player to pass" if self.options["half_point"] == "first" else "first of the closing passes"
        return (f"Loop stones minus surplus stones; komi {self.options['komi']} to White; "
                f"half a point to the {first}")

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
            edge, path = start, []
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
                        "label": "enclosure" if e.controller else "shared enclosure"})
        tally = self._tally()
        for colour in (BLACK, WHITE):
            looped = 0
            for loop, inside in tally.loops[colour]:
                looped |= loop
                for path in self._trace(inside):
                    out.append({"kind": "path", "points": path, "colour": colour, "closed": True,
                                "label": "perimeter loop"})
            surplus = self._points(tally.stones[colour] & ~looped)
            if surplus:
                out.append({"kind": "mark", "points": surplus, "shape": "square", "colour": colour,
                            "label": "surplus"})
        for colour in (BLACK, WHITE):
            dying = self.dead_stones(colour)
            if dying:
                out.append({"kind": "mark", "points": dying, "shape": "cross", "colour": colour,
                            "label": "would die"})
        return out
