"""The Pente searcher: threat-aware alpha-beta, as the strong five-in-a-row programs play.

:class:`PenteSearch` plays every Pente position, under every option. It knows the rules only
through the game: every move it considers is played on a copy of the game and undone
(``play``/``undo``), so legality, captures, self-captures, overtime and every way of winning
are always the game's own, and a new option of the game is obeyed without a change here.
What it keeps beside the game is its *knowledge* of the position, updated from
:meth:`~pygames.pente.Pente.last_changes` after each move:

* **Line patterns.** For every empty point and each of the four lines through it, the
  stones within four points on either side form a key; a table (filled lazily, shared by
  every search with the same rules) says what a stone of each colour would make there:
  a winning row (*five*), an *open four* (two winning points), a *four* (one), an *open
  three* (a three that becomes an open four), a *three*, an open or closed *two*, and how
  many stones it would capture (pairs, and Keryo triples with capture three) or threaten
  to capture. Row lengths follow the game (four in a row in a free-for-all of 3-4 players,
  where every name shifts down by one stone), and a team-mate's stone blocks a row as an
  opponent's does. A move changes the keys of at most 32 line points per changed point,
  so only those are looked up again.
* **Threat sets**, per colour: its winning points (a five, or a capture that reaches the
  capture win), the points that make a four, an open four or an open three, and its
  capture points. They decide the forced moves: a side that can win does; a side facing a
  winning point blocks it or captures (a capture can break any row); a side facing an
  open three blocks it, captures, or answers with a four.
* **Evaluation**: for each colour, the sum over empty points of what its stones there
  would make, plus its captured stones (rising as they near the capture win); a side's
  value is its colours' sums less its opponents'.

The search, in order, within the budget given to :meth:`PenteSearch.run`:

1. (in the constructor) an immediate win, or the only legal move or defence;
2. one ply of **alpha-beta**, so that even a tiny budget has weighed every root move;
3. (two players) a **VCF** search (victory by continuous fours) for the side to move:
   fours that force a block each time, where every block *and every capture the defender
   has* is tried, since a capture can break the row;
4. **alpha-beta with iterative deepening**, deeper and deeper until a result is proven:
   the moves searched at a node are its forced ones, or else the most promising points by
   their patterns (attack plus defence), with the transposition-table move and two killer
   moves first; principal variation search, with quiet moves late in the order searched
   a ply shallower; a **transposition table** keyed by Zobrist hashing (stones, side to
   move, captures, opening step, seats and overtime point); at the horizon a quiescence
   search of forced replies, fours and captures, else the evaluation, which also rewards
   the side to move for an open three the opponent can answer neither with a four nor
   with a capture.

Several players: the search is *paranoid* (the seat to move against all the others, who
are assumed to play against it) in a free-for-all, and plain two-sided in team play,
where team-mates share one side (and so never capture each other's stones on purpose:
their rows count for the team, and a team-mate's captured stones are lost to it). Openings
are searched like any other move: sides follow the seats that act, so Swap's placements,
Swap2's three choices and the final colour choice are weighed by what the chooser will
pick (before the choice, a position is worth its imbalance to the chooser).

The search is one generator that pauses when the budget runs out, so :meth:`run` can be
called again and again (a page runs it in slices) and ends exactly where one long run
with the same total budget would: no work is dropped.

Levels (:data:`pygames.ai.LEVELS`): their ``iterations`` cap counts *nodes* here (positions
visited, each one move played and undone), and that is all that tells them apart:

* *beginner* (50 nodes) rarely completes one ply, so it plays a hunch: one of the three
  most promising points, drawn at random, after taking any win and blocking any four. It
  looks no further, so double threats (four-three, three-three) and captures beat it;
* *easy* (500 nodes): one ply, a short VCF search, and part of a second ply;
* *medium*, *hard* and *strongest* are bounded by time only: about 7,000-9,000 nodes a
  second on an unloaded CPython core (half that in Pyodide), so medium looks at roughly
  ten times easy's nodes. Measured at fixed budgets in self-play, 50 nodes against 500
  scores about 20%, and 500 against 5,000 about 10%.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from functools import cache
from typing import Any

from ..board import Board, Point, zobrist_keys
from ..game import Game, IllegalMove, Move
from ..pente import BLACK, WHITE, Pente

# -- what one stone makes in one line ----------------------------------------------------

#: Levels of a line through an empty point for one colour: what a stone there makes.
NONE, TWO, OPEN_TWO, THREE, OPEN_THREE, FOUR, OPEN_FOUR, FIVE = range(8)
#: Flags of a point for one colour (the union over its four lines).
F_FIVE, F_FOUR, F_OPEN_FOUR, F_OPEN_THREE, F_CAPTURE, F_FRIENDLY = 1, 2, 4, 8, 16, 32
LEVEL_FLAGS = (0, 0, 0, 0, F_OPEN_THREE, F_FOUR, F_FOUR | F_OPEN_FOUR, F_FIVE)
#: What a level is worth to the evaluation, per line of an empty point.
LEVEL_VALUE = (0, 1, 2, 4, 16, 18, 60, 300)
#: Value of a point where a colour captures, per stone it would take, and of a threat to
#: capture (a stone that brackets an enemy pair on one side, the other end empty).
CAPTURE_POINT, CAPTURE_THREAT = 8, 20
#: Value of each captured stone, and the extra for nearing the capture win.
CAPTURED_STONE, CAPTURE_RACE = 15, 600

#: What having the move is worth: it keeps values from swinging with the parity of the
#: search depth.
TEMPO = 90
# TEMPO, CAPTURE_THREAT, CAPTURED_STONE and CAPTURE_RACE were tuned: a logistic fit of the
# evaluation to who won 300 games (benchmarks/pente_tune.py) moved them from 40, 2, 24 and
# 200 towards 146, 47, 4 and 1274 (pairs open to capture and the capture race matter more
# than the hand-set values said, stones already captured less); matches chose half that
# step, which won against the old values at 0.2 s a move and played even at 1 s, where the
# whole step did not win (README).
#: What it is worth to be able to make an open four when the opponent can neither make a
#: four first nor capture: almost a win.
INITIATIVE = 1500

WIN = 1_000_000
#: Scores beyond this are proven wins or losses (WIN less the plies to reach them).
PROVEN = WIN - 1000
INFINITY = 10 * WIN
MAX_PLY = 96
#: Entries the transposition table (and the VCF memo) may hold before starting afresh, so
#: that a long analysis stays within a browser's memory.
TABLE_LIMIT = 400_000
MAX_DEPTH = 40
#: How many moves a node searches when none is forced: at the root, then elsewhere.
ROOT_WIDTH, WIDTH = 30, 12
#: A side-by-side helper's width (see pygames.ai.analysis): nine moves a node won 63% of 300
#: games against twelve at 0.2 s a move, and 38% of 40 at 1 s.
HELPER_WIDTH = 9
#: How many of the most promising root moves a hunch (an answer before one full ply is
#: searched) is drawn from.
HUNCHES = 3
#: Moves searched in full before the later, quiet ones are searched a ply shallower.
LATE_MOVES = 3
#: Quiescence: how many plies of forced replies it follows past the horizon, and in how
#: many of its first plies the side to move may also try its fours and captures.
QUIESCENCE_PLIES, QUIESCENCE_FOURS = 8, 3
#: How many of its fours and captures the side to move tries at a quiescence node.
QUIESCENCE_WIDTH = 5
#: The VCF search at the root: its depth in fours, and the nodes it may use.
VCF_FOURS, VCF_NODES = 10, 4000
#: The range of the random history values that vary a side-by-side search's move order.
HISTORY_NOISE = 64
#: How many root moves get an expected line after each iteration, and its length at most.
EXPECTED, LINE_PLIES = 5, 8

def _runs() -> list[int]:
    """For each 9-bit mask, the length of its run of set bits through bit 4 (the centre)."""
    runs = [0] * 512
    for mask in range(512):
        if mask & 16:
            a = b = 4
            while a > 0 and mask >> (a - 1) & 1:
                a -= 1
            while b < 8 and mask >> (b + 1) & 1:
                b += 1
            runs[mask] = b - a + 1
    return runs


_RUN = _runs()


def row_level(mine: int, empty: int, length: int, exact: bool = False) -> int:
    """The level of a line for a stone at its centre (bit 4 of ``mine``, the colour's
    stones among the 9 points; ``empty`` the empty ones; any other point blocks): a row of
    ``length`` through it, else how many distinct winning points it leaves (open four or
    four), else whether one more stone can make an open four or a four (open three or
    three), else how many free stretches of ``length`` points with two of its stones hold
    the centre (open two, two). With ``exact`` a longer row wins nothing (the overline
    rules *exact* and *forbidden*); a row reaching the window's edge is taken to end there,
    which the game's own check of a five corrects."""
    def wins(run: int) -> bool:
        return run == length if exact else run >= length

    if wins(_RUN[mine]):
        return FIVE
    if _RUN[mine] > length:
        return NONE
    spots = [1 << i for i in range(9) if empty >> i & 1]
    fives = sum(1 for s in spots if wins(_RUN[mine | s]))
    if fives:
        return OPEN_FOUR if fives > 1 else FOUR
    level = NONE
    for s in spots:
        more = mine | s
        n = sum(1 for t in spots if t != s and wins(_RUN[more | t]))
        if n > 1:
            return OPEN_THREE
        if n:
            level = THREE
    if level:
        return level
    room = mine | empty
    stretches = 0
    for start in range(max(0, 5 - length), min(4, 9 - length) + 1):
        window = ((1 << length) - 1) << start
        if window & room == window and (mine & window).bit_count() >= 2:
            stretches += 1
    return OPEN_TWO if stretches >= 3 else TWO if stretches else NONE


#: Bit widths of one colour's field in a pattern's packed value, flags and captures.
VALUE_BITS, FLAG_BITS, CAPTURE_BITS = 24, 8, 4
VALUE_MASK, CAPTURE_MASK = (1 << VALUE_BITS) - 1, (1 << CAPTURE_BITS) - 1

#: A pattern: every colour's value, flags and captured stones, each packed into one int
#: (colour c's field starts at bit (c - 1) * width), and whether any of them is not zero.
Pattern = tuple[int, int, int, bool]


class _Table(dict):  # type: ignore[type-arg]
    """A dict that fills a missing entry from its function (a plain lookup is the fast path)."""

    def __init__(self, fill: Callable[[int], Pattern]) -> None:
        super().__init__()
        self.fill = fill

    def __missing__(self, key: int) -> Pattern:
        found = self[key] = self.fill(key)
        return found


class Patterns:
    """The pattern table of one rule set: for a line key (the 8 points around an empty
    point, ``bits`` bits each: slots 0-3 from four points behind it to the one just
    behind, 4-7 from the one just ahead to four ahead), the :data:`Pattern` of a stone
    there. Filled on first use of each key; shared by every search with these rules."""

    def __init__(self, colours: int, length: int, runs: tuple[int, ...], mixed: bool, teams: bool,
                 exact: bool = False) -> None:
        self.colours = colours
        self.bits = 2 if colours == 2 else 3
        self.wall = (1 << self.bits) - 1
        self.length, self.runs, self.mixed, self.teams, self.exact = length, runs, mixed, teams, exact
        #: The pattern of an occupied point: nothing for anyone.
        self.nothing: Pattern = (0, 0, 0, False)
        self._levels: dict[tuple[int, int], int] = {}
        self._shared: dict[Pattern, Pattern] = {self.nothing: self.nothing}
        #: Key -> pattern; reading a key not seen before classifies it.
        self.table: dict[int, Pattern] = _Table(self._classify)

    def _classify(self, key: int) -> Pattern:
        value = flags = caps = 0
        for c in range(1, self.colours + 1):
            level, taken, threats, friendly = self.reading(key, c)
            flag = LEVEL_FLAGS[level] | (F_CAPTURE if taken else 0) | (F_FRIENDLY if friendly else 0)
            value |= (LEVEL_VALUE[level] + CAPTURE_POINT * taken + CAPTURE_THREAT * threats) << (VALUE_BITS * (c - 1))
            flags |= flag << (FLAG_BITS * (c - 1))
            caps |= taken << (CAPTURE_BITS * (c - 1))
        pattern = (value, flags, caps, bool(value or flags))
        return self._shared.setdefault(pattern, pattern)

    def reading(self, key: int, c: int) -> tuple[int, int, int, int]:
        """What a ``c`` stone at the centre of line ``key`` makes, before any weight: its
        level, the enemy stones it captures, the enemy runs it threatens and the team-mate
        stones it would capture (what the evaluation counts, and its tuning reads)."""
        bits, wall = self.bits, self.wall
        cells = [0] * 9
        for slot in range(8):
            v = key >> (slot * bits) & wall
            cells[slot if slot < 4 else slot + 1] = -1 if v == wall else v
        empty = sum(1 << i for i in range(9) if i != 4 and cells[i] == 0)
        mine = 16 | sum(1 << i for i in range(9) if cells[i] == c)
        level = self._levels.get((mine, empty))
        if level is None:
            level = self._levels[(mine, empty)] = row_level(mine, empty, self.length, self.exact)
        return (level, *self._captures(cells, c))

    def _captures(self, cells: list[int], c: int) -> tuple[int, int, int]:
        """For a ``c`` stone at the centre: the enemy stones it captures, the enemy runs it
        threatens (bracketed on its side, empty at the other end) and the team-mate stones
        it would capture (worthless, and lost to the team)."""
        taken = threats = friendly = 0
        teams, mixed = self.teams, self.mixed
        for side in (cells[5:], cells[3::-1]):
            for k in self.runs:
                run, end = side[:k], side[k]
                if not all(v > 0 and v != c for v in run) or not (mixed or run.count(run[0]) == k):
                    continue
                mates = sum(1 for v in run if teams and (v - c) % 2 == 0)
                if end == c:
                    taken += k - mates
                    friendly += mates
                elif end == 0 and not mates:
                    threats += 1
        return taken, threats, friendly


_PATTERNS: dict[tuple[Any, ...], Patterns] = {}


def patterns_for(game: Pente) -> Patterns:
    """The shared pattern table for the rules of ``game``."""
    key = (len(game.seats), game.row_length, game.run_lengths, game.mixed, game.teams,
           game.overline != "wins")
    if key not in _PATTERNS:
        _PATTERNS[key] = Patterns(*key)
    return _PATTERNS[key]


class Lines:
    """Per board and key width: which line keys each point belongs to, and the keys of the
    empty board (points off the board read as walls)."""

    def __init__(self, board: Board, bits: int) -> None:
        n, wall = len(board), (1 << bits) - 1
        self.updates: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.empty_keys = [0] * (4 * n)
        for r in range(n):
            rays = board.rays[r]
            for d in range(4):
                key, ahead, behind = 0, rays[d], rays[d + 4]
                for k in range(1, 5):
                    if k <= len(ahead):
                        self.updates[ahead[k - 1]].append((4 * r + d, (3 + k) * bits))
                    else:
                        key |= wall << ((3 + k) * bits)
                    if k <= len(behind):
                        self.updates[behind[k - 1]].append((4 * r + d, (4 - k) * bits))
                    else:
                        key |= wall << ((4 - k) * bits)
                self.empty_keys[4 * r + d] = key
        #: Per point, the lines whose pattern a change there can alter: its own four and
        #: those of the points within four along each line.
        self.around = [tuple(range(4 * p, 4 * p + 4)) + tuple(idx for idx, _ in self.updates[p]) for p in range(n)]


_LINES: dict[tuple[Board, int], Lines] = {}


def _lines_for(board: Board, bits: int) -> Lines:
    if (board, bits) not in _LINES:
        _LINES[(board, bits)] = Lines(board, bits)
    return _LINES[(board, bits)]


@cache
def _zobrist(points: int) -> list[list[int]]:
    """Random 64-bit keys (:func:`~pygames.board.zobrist_keys`): a row per point (by colour;
    an empty point's key is 0, column 5 marks the overtime capture point), then rows for the
    side to move, the opening step, the seats' colours, and each colour's captured stones.
    Column 0 is the key of nothing, 0, so that the table is indexed by colour directly."""
    return [[0, *row] for row in zobrist_keys(f"pente zobrist {points}", points + 8, 64)]


# -- the searcher ------------------------------------------------------------------------

class PenteSearch:
    """A search from one Pente position (the game passed in is never changed); see the
    module docstring. ``decided`` is set when no search is needed."""

    @classmethod
    def handles(cls, game: Game) -> bool:
        return isinstance(game, Pente)

    def __init__(self, game: Game, rng: random.Random | None = None, *, share: tuple[int, int] = (0, 1)) -> None:
        if game.result() is not None:
            raise IllegalMove("the game is over: there is no move to choose")
        assert isinstance(game, Pente)
        self.rng = rng if rng is not None else random.Random()
        self.game: Pente = game.copy()  # type: ignore[assignment]
        self.iterations = 0
        self.decided: Move | None = None
        g = self.game
        self.n_colours = len(g.seats)
        self.colours = tuple(range(1, self.n_colours + 1))
        self.free_for_all = self.n_colours > 2 and not g.teams
        self.root_seat = g.seat_to_move()
        self.patterns = patterns_for(g)
        lines = _lines_for(g.board, self.patterns.bits)
        self.updates, self.around = lines.updates, lines.around
        self.zobrist = _zobrist(len(g.board))
        n = len(g.board)
        self.keys = lines.empty_keys[:]
        nothing = self.patterns.nothing
        self.pat: list[Pattern] = [nothing] * (4 * n)
        #: Per empty point, each colour's value there (packed as in a :data:`Pattern`), and
        #: the union of its lines' flags; ``total`` sums the values over the board.
        self.cell_value = [0] * n
        self.cell_flags = [0] * n
        self.total = 0
        self.lively = [0] * n  # lines of an empty point whose pattern is not nothing
        #: The empty points with any pattern at all: where moves are looked for.
        self.active: set[Point] = set()
        sets: list[list[set[Point]]] = [[set() for _ in range(self.n_colours + 1)] for _ in range(6)]
        (self.fives, self.fours, self.open_fours, self.open_threes, self.capture_points,
         self.friendly) = sets
        #: The set each flag bit of ``cell_flags`` keeps (bit -> set of points).
        self._flag_sets: dict[int, set[Point]] = {}
        for c in self.colours:
            for i, flag in enumerate((F_FIVE, F_FOUR, F_OPEN_FOUR, F_OPEN_THREE, F_CAPTURE, F_FRIENDLY)):
                self._flag_sets[flag << (FLAG_BITS * (c - 1))] = sets[i][c]
        self.hash = 0
        self._sides: dict[tuple[int, ...], list[int]] = {}
        keys, updates, zobrist = self.keys, self.updates, self.zobrist
        for p, colour in enumerate(g.stones):
            if colour:
                for idx, shift in updates[p]:
                    keys[idx] += colour << shift
                self.hash ^= zobrist[p][colour]
        self._refresh(range(4 * n))
        self._trail: list[list[tuple[Point, int, int]]] = []
        self.tt: dict[int, tuple[int, int, int, Move | None]] = {}
        self.killers: list[list[Move | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
        self.history = [0] * n
        self.vcf_memo: dict[int, int] = {}
        self.nodes = 0
        self._stop: float = 0
        self._deadline = math.inf
        self.depth = 0
        self.best: Move | None = None
        self.score = 0
        self.proven = False
        self._thinking: Generator[None, None, None] | None = None
        self._hunch: Move | None = None
        #: Whether the search has nothing left to do (a proven result, or the depth limit).
        self.finished = False
        #: Each completed iteration's best root move and score, shallowest first; the
        #: expected lines of the best few root moves after the last one (see :meth:`summary`).
        self.completed: list[tuple[Move, int]] = []
        self.expected: list[tuple[list[Move], int]] = []
        #: The line and score of a best root move that the iteration under way has found
        #: (None once the iteration completes).
        self.unfinished: tuple[list[Move], int] | None = None
        self.root_moves = self._root_moves()
        #: This search's place among several made side by side (see pygames.ai.analysis):
        #: the first searches as if alone; the others (helpers) start from a history of
        #: move ordering drawn from their own seeds, so that their trees differ, and search
        #: :data:`HELPER_WIDTH` moves a node, whose answer is the better one while the
        #: search is shallow.
        self.part = share[0]
        self.width = WIDTH
        if self.part:
            self.history = [self.rng.randrange(HISTORY_NOISE) for _ in range(n)]
            self.width = HELPER_WIDTH

    # -- incremental knowledge ---------------------------------------------------------

    def _refresh(self, lines: Iterable[int]) -> None:
        """Look up again the patterns of ``lines`` (point * 4 + direction), an occupied
        point's being nothing, and keep each point's value, the total, the threat sets and
        the lively points in step with them."""
        keys, stones, pat = self.keys, self.game.stones, self.pat
        table, nothing = self.patterns.table, self.patterns.nothing
        cell_value, lively, active, reflag = self.cell_value, self.lively, self.active, self._reflag
        total = 0
        for idx in lines:
            r = idx >> 2
            found = nothing if stones[r] else table[keys[idx]]
            was = pat[idx]
            if found is was:
                continue
            pat[idx] = found
            dv = found[0] - was[0]
            if dv:
                cell_value[r] += dv
                total += dv
            if found[1] != was[1]:
                reflag(r)
            if found[3] is not was[3]:
                if found[3]:
                    lively[r] += 1
                    if lively[r] == 1:
                        active.add(r)
                else:
                    lively[r] -= 1
                    if not lively[r]:
                        active.discard(r)
        self.total += total

    def _reflag(self, r: Point) -> None:
        pat, base = self.pat, 4 * r
        flags = pat[base][1] | pat[base + 1][1] | pat[base + 2][1] | pat[base + 3][1]
        changed = flags ^ self.cell_flags[r]
        if not changed:
            return
        self.cell_flags[r] = flags
        flag_sets = self._flag_sets
        while changed:
            bit = changed & -changed
            changed ^= bit
            if flags & bit:
                flag_sets[bit].add(r)
            else:
                flag_sets[bit].discard(r)

    def _change(self, p: Point, old: int, new: int) -> None:
        """Point ``p`` went from colour ``old`` to ``new`` (0 is empty): update the keys of
        the lines through it, the patterns there, and the hash."""
        keys, delta = self.keys, new - old
        for idx, shift in self.updates[p]:
            keys[idx] += delta << shift
        self._refresh(self.around[p])
        self.hash ^= self.zobrist[p][old] ^ self.zobrist[p][new]

    def make(self, move: Move) -> None:
        """Play ``move`` on the search's game (``IllegalMove`` if the game refuses it)."""
        game = self.game
        game.play(move)
        stones, journal = game.stones, game.last_changes()
        if len(journal) == 1:
            p = journal[0][0]
            changes = [(p, 0, stones[p])]
        else:  # captures too; a point may change twice (a stone placed, then self-captured)
            before: dict[Point, int] = {}
            for p, old in journal:
                before.setdefault(p, old)
            changes = [(p, old, stones[p]) for p, old in before.items() if old != stones[p]]
        for p, old, new in changes:
            self._change(p, old, new)
        self._trail.append(changes)

    def _played(self, moves: Iterable[Move]) -> Iterator[Move]:
        """Each of ``moves`` that the game accepts, played in turn on the search's game;
        the caller undoes it (:meth:`unmake`) before asking for the next."""
        for move in moves:
            try:
                self.make(move)
            except IllegalMove:
                continue
            yield move

    def unmake(self) -> None:
        self.game.undo()
        for p, old, new in reversed(self._trail.pop()):
            self._change(p, new, old)

    # -- reading the position ----------------------------------------------------------

    def side_of(self, seat: int) -> int:
        """The side a seat plays for: its own in two-player games, its team's, or (in a
        free-for-all) 0 for the seat searched for and 1 for everyone else."""
        if self.free_for_all:
            return 0 if seat == self.root_seat else 1
        return seat % 2 if self.game.teams else seat

    def colour_side(self, colour: int) -> int:
        seats = self.game.seats
        sides = self._sides.get(tuple(seats))
        if sides is None:
            sides = self._sides[tuple(seats)] = [-1] + [self.side_of(seats.index(c)) for c in self.colours]
        return sides[colour]

    def key(self) -> int:
        """The transposition key: the stones' hash with everything else that decides what
        happens next."""
        g, z = self.game, self.zobrist
        n = len(g.board)
        k = self.hash ^ z[n][g.to_move] ^ z[n + 1][g.step] ^ z[n + 1][8 + g.passes] ^ z[n + 2][g.seats[0]]
        for c in self.colours:
            k ^= z[n + 3 + c][g.captures[c] & 63]
            if g.count_captures:
                k ^= z[n + 1][16 + 8 * c + min(g.taken[c], 7)]
        if g.pending is not None:
            owner, end = g.pending
            k ^= z[n + 2][8 + owner] if end is None else z[end][5]
        return k

    def capture_amount(self, c: int, p: Point) -> int:
        """How many stones ``c`` would capture by playing at ``p``."""
        pat, base, shift = self.pat, 4 * p, CAPTURE_BITS * (c - 1)
        return sum(pat[i][2] >> shift & CAPTURE_MASK for i in range(base, base + 4))

    def capture_gain(self, c: int, p: Point) -> int:
        """What playing at ``p`` adds to ``c``'s capture score: stones, or (when the capture
        win counts captures) runs, a line taking one run of two or three stones, or two
        runs from four stones up."""
        if not self.game.count_captures:
            return self.capture_amount(c, p)
        pat, base, shift = self.pat, 4 * p, CAPTURE_BITS * (c - 1)
        amounts = [pat[i][2] >> shift & CAPTURE_MASK for i in range(base, base + 4)]
        return sum((a > 0) + (a >= 4) for a in amounts)

    def value_of(self, c: int) -> int:
        """Colour ``c``'s pattern value summed over the board."""
        return self.total >> (VALUE_BITS * (c - 1)) & VALUE_MASK

    def win_points(self, c: int) -> set[Point]:
        """Where ``c`` would win at once by the patterns: a five, or a capture that reaches
        the capture win (the game has the last word). Under the overline rules *exact* and
        *forbidden* a five is checked on the game, since the patterns see only four points
        either way."""
        g = self.game
        points = self.fives[c]
        if points and self.patterns.exact:
            points = {p for p in points if g.makes_row(p, c)}
        threshold = g.threshold
        if threshold is not None and self.capture_points[c]:
            need = threshold - (g.taken if g.count_captures else g.captures)[c]
            capture_wins = {p for p in self.capture_points[c] if self.capture_gain(c, p) >= need}
            if capture_wins:
                return points | capture_wins
        return points

    def urgent_colours(self) -> list[int]:
        """The colours that will move before the side to move moves again, and are not on
        its side: their winning points must be dealt with now."""
        g = self.game
        side = self.side_of(g.seat_to_move())
        found, c = [], g.to_move
        for _ in range(self.n_colours - 1):
            c = c % self.n_colours + 1
            if self.colour_side(c) == side:
                break
            found.append(c)
        return found

    def evaluate(self) -> int:
        """The static value of the position for the side to move: its colours' pattern
        values and captures less the others'."""
        g = self.game
        if g.step < len(g.steps) and any(s.kind.startswith("choose") for s in g.steps[g.step:]):
            return self._before_choice_value()
        side = self.side_of(g.seat_to_move())
        score = TEMPO
        for c in self.colours:
            t = self.value_of(c) + self._captured_value(c)
            score += t if self.colour_side(c) == side else -t
        me, nxt = g.to_move, g.to_move % self.n_colours + 1
        if self.colour_side(nxt) != side and self.open_fours[me] and not self.fours[nxt] \
                and not self.capture_points[nxt]:
            score += INITIATIVE  # an open four next move, and nothing to answer it with
        return score

    def _captured_value(self, c: int) -> int:
        """What ``c``'s captured stones are worth, rising as its capture score nears the
        capture win."""
        g = self.game
        n, threshold = g.captures[c], g.threshold
        if not n:
            return 0
        score = g.taken[c] if g.count_captures else n
        race = CAPTURE_RACE * score * score // (threshold * threshold) if threshold else 0
        return CAPTURED_STONE * n + race

    def _before_choice_value(self) -> int:
        """Before a colour choice (Swap, Swap2), a position is worth its imbalance to the
        chooser, who will take the better colour, and the opposite to the other seat."""
        g = self.game
        chooser = next(s.seat for s in g.steps[g.step:] if s.kind.startswith("choose"))
        balance = (self.value_of(WHITE) + self._captured_value(WHITE)
                   - self.value_of(BLACK) - self._captured_value(BLACK))
        return abs(balance) if g.seat_to_move() == chooser else -abs(balance)

    def _won(self, side: int) -> bool:
        """Whether the game is over and ``side`` (alone) has won it, or (*break the line*)
        its row waits in overtime and the next player can neither capture anything nor win."""
        g = self.game
        if g.outcome is None:
            if g.pending is None or g.pending[1] is not None or self.colour_side(g.pending[0]) != side:
                return False
            return not self.capture_points[g.to_move] and not self.win_points(g.to_move)
        return self.outcome_value(side, 0) > 0

    def outcome_value(self, side: int, ply: int) -> int:
        """The finished game's value for ``side``, sooner wins (and later losses) better."""
        winners = self.game.outcome.winners  # type: ignore[union-attr]
        sides = {self.colour_side(c) for c in winners}
        if not sides or len(sides) > 1:
            return 0
        return WIN - ply if side in sides else -(WIN - ply)

    # -- candidate moves ---------------------------------------------------------------

    def _order(self, moves: Iterable[Move], me: int, ply: int, first: Move | None) -> list[Move]:
        """``moves`` best first: the table's move, the killers, then by the patterns' value
        to the mover (attack) and its opponents (defence; a point that blocks a team-mate's
        line counts against it), then history."""
        value, history, mask = self.cell_value, self.history, VALUE_MASK
        points: list[Point] = []
        actions: list[Move] = []
        for m in moves:
            if isinstance(m, int):
                points.append(m)
            else:
                actions.append(m)
        if not ply:
            self.rng.shuffle(points)  # equally promising root moves in a random order
        scored = []
        if self.n_colours == 2:
            mine, theirs = VALUE_BITS * (me - 1), VALUE_BITS * (2 - me)
            for m in points:
                v = value[m]
                scored.append((((v >> mine & mask) * 5 + (v >> theirs & mask) * 4) * 1024 + history[m], m))
        else:
            side = self.colour_side(me)
            weights = [(VALUE_BITS * (c - 1), 5 if c == me else -2 if self.colour_side(c) == side else 4)
                       for c in self.colours]
            friendly = self.friendly[me]
            for m in points:
                v = value[m]
                s = sum((v >> shift & mask) * w for shift, w in weights) * 1024 + history[m]
                scored.append((s - (1 << 40) if m in friendly else s, m))
        scored.sort(key=lambda t: -t[0])
        order: list[Move] = [m for _, m in scored]
        order += actions
        for special in (*reversed(self.killers[ply]), first):
            if special is not None and special in order:
                order.remove(special)
                order.insert(0, special)
        return order

    def _opening_candidates(self) -> list[Move]:
        """Moves during an opening rule: the choices, or placements near the stones and the
        centre (White's far stone of Pro on the ring where it is allowed)."""
        g = self.game
        step = g.steps[g.step]
        if step.kind.startswith("choose"):
            return list(g.candidates())
        if step.kind == "centre":
            return [g.centre]
        board, stones = g.board, g.stones
        r0, c0 = board.coords[g.centre]
        if step.kind == "far":
            ring: list[Move] = [p for p, (r, c) in enumerate(board.coords)
                                if max(abs(r - r0), abs(c - c0)) in (g.far, g.far + 1) and not stones[p]]
            return ring
        near = {p for p, (r, c) in enumerate(board.coords) if max(abs(r - r0), abs(c - c0)) <= 2 and not stones[p]}
        moves: list[Move] = list(near | self.active)
        return moves

    def forced_moves(self, ply: int, first: Move | None = None) -> list[Move] | None:
        """The moves the side to move must choose from, best first, or None when it is
        free: the overtime capture (*capture the line*), or its captures and wins when a
        row waits to be broken (any move if it has none: the row wins after it); else,
        facing an opponent's winning point, a block or a capture (which may break the row)."""
        g = self.game
        me = g.to_move
        if g.pending is not None:
            if g.pending[1] is not None:
                return [g.pending[1]]
            answers = self.capture_points[me] | self.win_points(me)
            return self._order(answers, me, ply, first) if answers else [g.random_move(self.rng)]
        threats: set[Point] = set()
        for c in self.urgent_colours():
            threats |= self.win_points(c)
        if not threats:
            return None
        return self._order(threats | self.capture_points[me], me, ply, first)

    def candidates(self, ply: int, first: Move | None, width: int) -> list[Move]:
        """The moves worth searching at this node, best first: the forced ones (see
        :meth:`forced_moves`); facing an open three in a two-sided game, a block (a point
        where the three would become a four), a capture or a four of one's own; else the
        ``width`` most promising. The first stone on an empty board goes on the centre,
        which leaves the most room for rows in every direction."""
        g = self.game
        me = g.to_move
        if g.step < len(g.steps):
            return self._order(self._opening_candidates(), me, ply, first)[:width]
        if g.empty == len(g.stones):
            return [g.centre]
        forced = self.forced_moves(ply, first)
        if forced is not None:
            return forced
        if not self.free_for_all:
            opp = g.to_move % self.n_colours + 1
            if self.open_fours[opp] and not self.fours[me]:
                return self._order(self.fours[opp] | self.capture_points[me], me, ply, first)
        return self._order(self.active, me, ply, first)[:width]

    def _root_moves(self) -> list[Move]:
        """The root's legal moves, best first; settles ``decided`` when one move is all
        there is, or wins at once."""
        g = self.game
        side = self.side_of(g.seat_to_move())
        found: list[Move] = []
        moves = dict.fromkeys([*self.win_points(g.to_move), *self.candidates(0, None, ROOT_WIDTH)])
        for move in self._played(moves):
            won = self._won(side)
            self.unmake()
            if won:
                self.decided = move
                return [move]
            found.append(move)
        if not found:
            found = self._order(g.legal_moves(), g.to_move, 0, None)
        if not found:
            raise IllegalMove("there is no legal move")
        if len(found) == 1:
            self.decided = found[0]
        self.best = found[0]
        return found

    # -- search ------------------------------------------------------------------------

    def run(self, seconds: float | None = None, iterations: int | None = None) -> int:
        """Search until ``seconds`` have passed or ``iterations`` more nodes are visited
        (give at least one); resumable. Returns the nodes visited."""
        if seconds is None and iterations is None:
            raise ValueError("give the search a time or an iteration budget")
        if self.decided is not None:
            return 0
        start = self.nodes
        self._stop = start + iterations if iterations is not None else math.inf
        self._deadline = time.perf_counter() + seconds if seconds is not None else math.inf
        if self._thinking is None:
            self._thinking = self._think()
        if not self.finished:
            try:
                next(self._thinking)
            except StopIteration:
                self.finished = True
        done = self.nodes - start
        self.iterations += done
        return done

    def time_factor(self) -> float:
        """How much of its time this position deserves (see :func:`pygames.ai.managed`):
        none once the result is proven or the depth limit reached, else all of it. Spending
        more while the best move still changes, and less once it has stayed the same, were
        measured and gained nothing (see the README)."""
        return 0.0 if self.finished else 1.0

    def _tick(self) -> Generator[None, None, None]:
        """Count a node; pause the search when the budget is spent."""
        self.nodes += 1
        while self.nodes >= self._stop or (not self.nodes & 15 and time.perf_counter() >= self._deadline):
            yield

    def _think(self) -> Generator[None, None, None]:
        """The whole search: one ply, then (two players) a VCF search, then deeper and
        deeper alpha-beta, until a result is proven or the depth limit is reached. The
        first ply comes first so that a small budget still weighs every root move."""
        g = self.game
        for depth in range(1, MAX_DEPTH + 1):
            score = yield from self._root(depth)
            self.depth = depth
            assert self.best is not None
            self.completed.append((self.best, score))
            self.expected = [(self._expected_line(m), self.root_scores[m]) for m in self.root_moves[:EXPECTED]]
            self.unfinished = None
            if abs(score) >= PROVEN:
                self.proven = True
                return
            if depth == 1 and self.n_colours == 2 and g.step >= len(g.steps):
                win = yield from self._vcf_root()
                if win is not None:  # its fours, each blocked, then the five
                    score = WIN - 1 - 2 * self._vcf_length(win)
                    self.best, self.score, self.proven = win, score, True
                    self.expected = [([win], score)]
                    return

    def _child_value(self, side: int, depth: int, alpha: int, beta: int, ply: int,
                     search: Callable[..., Generator[None, None, int]]) -> Generator[None, None, int]:
        """The value for ``side`` of the position after a move: the result if it ended the
        game, else ``search`` of it from its own side's view, turned to ``side``'s."""
        g = self.game
        if g.outcome is not None:
            return self.outcome_value(side, ply)
        if self.side_of(g.seat_to_move()) == side:
            return (yield from search(depth, alpha, beta, ply))
        return -(yield from search(depth, -beta, -alpha, ply))

    def _root(self, depth: int) -> Generator[None, None, int]:
        g = self.game
        side = self.side_of(g.seat_to_move())
        alpha, beta = -INFINITY, INFINITY
        best_score = -INFINITY
        scores: dict[Move, int] = {}
        for i, move in enumerate(self.root_moves):
            self.make(move)
            yield from self._tick()
            v = yield from self._child_value(side, depth - 1, alpha, beta, 1, self._node)
            self.unmake()
            scores[move] = v
            if v > best_score:
                best_score = v
                self.best, self.score = move, v
                alpha = max(alpha, v)
                if i:  # a new best: its line now, while the search stands at the root
                    self.unfinished = (self._expected_line(move), v)
        self.root_moves.sort(key=lambda m: -scores[m])
        self.root_scores = scores
        return best_score

    def _node(self, depth: int, alpha: int, beta: int, ply: int) -> Generator[None, None, int]:
        """Alpha-beta (fail-soft) from the side to move's view; ``depth`` plies left."""
        g = self.game
        me = g.to_move
        side = self.side_of(g.seat_to_move())
        won = yield from self._wins_now(me, side, ply)
        if won:
            return WIN - ply - 1
        if depth <= 0 or ply >= MAX_PLY:
            return (yield from self._quiesce(0, alpha, beta, ply))
        key = self.key()
        entry = self.tt.get(key)
        first = None
        if entry is not None:
            e_depth, e_flag, e_value, first = entry
            if e_depth >= depth:
                v = e_value - ply if e_value >= PROVEN else e_value + ply if e_value <= -PROVEN else e_value
                if e_flag == 0 or (e_flag > 0 and v >= beta) or (e_flag < 0 and v <= alpha):
                    return v
        moves = self.candidates(ply, first, self.width)
        if not moves:
            moves = self._order(g.legal_moves(), me, ply, None)
        start_alpha = alpha
        best, best_move = -INFINITY, None
        forced = len(moves) == 1
        sharp = self.fours[me] | self.capture_points[me]
        for searched, move in enumerate(self._played(moves)):
            yield from self._tick()
            if forced:
                v = yield from self._child_value(side, depth, alpha, beta, ply + 1, self._node)
            elif not searched:
                v = yield from self._child_value(side, depth - 1, alpha, beta, ply + 1, self._node)
            else:
                # Principal variation search: a later move has only to be shown no better,
                # with a null window, and a quiet one from late in the order one ply less.
                late = searched >= LATE_MOVES and depth >= 3 and move not in sharp
                v = yield from self._child_value(side, depth - 1 - late, alpha, alpha + 1, ply + 1, self._node)
                if v > alpha and (late or v < beta):
                    v = yield from self._child_value(side, depth - 1, alpha, beta, ply + 1, self._node)
            self.unmake()
            if v > best:
                best, best_move = v, move
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        if move.__class__ is int:
                            self.history[move] = min(1023, self.history[move] + depth * depth)
                            killers = self.killers[ply]
                            if killers[0] != move:
                                killers[1], killers[0] = killers[0], move
                        break
        if best_move is None:  # nothing legal among the candidates: the game's own list
            legal = g.legal_moves()
            if not legal:
                return 0
            for move in legal[:1]:
                self.make(move)
                yield from self._tick()
                best = yield from self._child_value(side, depth - 1, alpha, beta, ply + 1, self._node)
                self.unmake()
                best_move = move
        flag = -1 if best <= start_alpha else 1 if best >= beta else 0
        stored = best + ply if best >= PROVEN else best - ply if best <= -PROVEN else best
        if len(self.tt) >= TABLE_LIMIT:
            self.tt.clear()
        self.tt[key] = (depth, flag, stored, best_move)
        return best

    def _wins_now(self, me: int, side: int, ply: int) -> Generator[None, None, bool]:
        """Whether the side to move wins with one move (checked on the game)."""
        for _ in self._played(self.win_points(me)):
            yield from self._tick()
            won = self._won(side)
            self.unmake()
            if won:
                return True
        return False

    def _quiesce(self, qply: int, alpha: int, beta: int, ply: int) -> Generator[None, None, int]:
        """Past the horizon: forced replies, and the side to move's fours, for at most
        :data:`QUIESCENCE_PLIES` plies; otherwise the evaluation (stand pat)."""
        g = self.game
        me = g.to_move
        side = self.side_of(g.seat_to_move())
        if qply:
            won = yield from self._wins_now(me, side, ply)
            if won:
                return WIN - ply - 1
        forced = self.forced_moves(ply) if g.step >= len(g.steps) else None
        if forced is not None and qply < QUIESCENCE_PLIES and ply < MAX_PLY:
            best = -INFINITY
            moves = forced
        else:
            best = self.evaluate()
            if best >= beta or qply >= QUIESCENCE_FOURS or ply >= MAX_PLY or g.step < len(g.steps):
                return best
            alpha = max(alpha, best)
            moves = self._order(self.fours[me] | self.capture_points[me], me, ply, None)[:QUIESCENCE_WIDTH]
        for move in self._played(moves):
            yield from self._tick()
            v = yield from self._child_value(side, qply + 1, alpha, beta, ply + 1, self._qnode)
            self.unmake()
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        if best == -INFINITY:  # forced, but no defence was legal
            return self.evaluate()
        return best

    def _qnode(self, qply: int, alpha: int, beta: int, ply: int) -> Generator[None, None, int]:
        return (yield from self._quiesce(qply, alpha, beta, ply))

    # -- victory by continuous fours -----------------------------------------------------

    def _vcf_root(self) -> Generator[None, None, Move | None]:
        """A root move that wins by continuous fours, if one is found within the VCF budget."""
        g = self.game
        me = g.to_move
        start = self.nodes
        for move in self._vcf_attacks(me):
            if self.nodes - start > VCF_NODES:
                return None
            if move not in self.root_moves:
                continue
            won = yield from self._vcf_try(move, me, VCF_FOURS)
            if won:
                return move
        return None

    def _vcf_attacks(self, me: int) -> list[Move]:
        """The fours ``me`` can make; when an opponent threatens to win, only fours that
        also block or capture."""
        threats: set[Point] = set()
        for c in self.urgent_colours():
            threats |= self.win_points(c)
        attacks = self.fours[me]
        if threats:
            attacks = attacks & (threats | self.capture_points[me])
        return self._order(attacks, me, 0, None)

    def _vcf_try(self, move: Move, me: int, fours: int) -> Generator[None, None, bool]:
        """Whether the four ``move`` wins: every block and capture of the defender leads to
        another winning four (or a win)."""
        g = self.game
        try:
            self.make(move)
        except IllegalMove:
            return False
        yield from self._tick()
        side = self.colour_side(me)
        try:
            if g.outcome is not None:
                return self._won(side)
            defender = g.to_move
            if self.win_points(defender):
                return False  # the defender wins first (or must be assumed to)
            blocks = self.win_points(me)
            if not blocks:
                return False
            defences = blocks | self.capture_points[defender]
            if g.pending is not None and g.pending[1] is not None:
                defences = defences | {g.pending[1]}
            for _ in self._played(defences):
                yield from self._tick()
                try:
                    ok = self._won(side) if g.outcome is not None else (yield from self._vcf(me, fours - 1))
                finally:
                    self.unmake()
                if not ok:
                    return False
            return True
        finally:
            self.unmake()

    def _vcf(self, me: int, fours: int) -> Generator[None, None, bool]:
        """Whether ``me`` (to move) wins at once or by continuous fours within ``fours``."""
        side = self.colour_side(me)
        won = yield from self._wins_now(me, side, 0)
        if won:
            return True
        if fours <= 0:
            return False
        key = self.key()
        if len(self.vcf_memo) >= TABLE_LIMIT:
            self.vcf_memo.clear()
        known = self.vcf_memo.get(key)
        if known is not None and (known < 0 or known >= fours):
            return known < 0
        for move in self._vcf_attacks(me):
            won = yield from self._vcf_try(move, me, fours)
            if won:
                self.vcf_memo[key] = -1
                return True
        self.vcf_memo[key] = fours
        return False

    # -- answers -------------------------------------------------------------------------

    def best_move(self) -> Move:
        """The answer so far. Before one full ply has been searched it is a hunch: one of
        the :data:`HUNCHES` most promising root moves, drawn once (forced moves and wins
        are settled already), which is what makes the smallest budgets beatable."""
        if self.decided is not None:
            return self.decided
        if self.depth or self.proven:
            assert self.best is not None
            return self.best
        if self._hunch is None:
            self._hunch = self.rng.choice(self.root_moves[:HUNCHES])
        return self._hunch

    def values(self) -> list[float]:
        """Each seat's estimated chance of winning: the search's score for the seat to
        move through a logistic curve (proven results are 1 and 0), shared by its side."""
        g = self.game
        seats = len(g.seats)
        mine = self.side_of(self.root_seat)
        score = self.score
        if self.decided is not None:
            self.make(self.decided)
            over = g.outcome
            if over is None:
                score = self.evaluate()
                if self.side_of(g.seat_to_move()) != mine:
                    score = -score
            self.unmake()
            if over is not None:
                if not over.winners:
                    return [1 / seats] * seats
                return [1.0 if g.seats[s] in over.winners else 0.0 for s in range(seats)]
        return self._chances(score)

    def _chances(self, score: int) -> list[float]:
        """Each seat's chance of winning for a score of the root's side: through a logistic
        curve, proven results 1 and 0, shared by each side's seats."""
        g = self.game
        seats = len(g.seats)
        mine = self.side_of(self.root_seat)
        p = 1.0 if score >= PROVEN else 0.0 if score <= -PROVEN else 1 / (1 + math.exp(-score / 300))
        theirs = 1 if g.teams else seats - 1
        return [p if self.side_of(s) == mine else (1 - p) / theirs for s in range(seats)]

    def _expected_line(self, move: Move) -> list[Move]:
        """``move`` and the replies the transposition table holds after it: the line the
        search expects (taken at the root, between iterations, so it costs no node)."""
        line = [move]
        self.make(move)
        while len(line) < LINE_PLIES and self.game.outcome is None:
            entry = self.tt.get(self.key())
            if entry is None or entry[3] is None:
                break
            try:
                self.make(entry[3])
            except IllegalMove:
                break
            line.append(entry[3])
        for _ in line:
            self.unmake()
        return line

    def _vcf_length(self, move: Move) -> int:
        """How many fours the winning VCF that starts with ``move`` needs at most (the
        fewest for which it is proven), found after the search, outside its budget."""
        me, saved = self.game.to_move, (self.nodes, self._stop, self._deadline, self.vcf_memo)
        self._stop, self._deadline = math.inf, math.inf
        try:
            for fours in range(1, VCF_FOURS + 1):
                self.vcf_memo = {}
                trial = self._vcf_try(move, me, fours)
                try:
                    while True:
                        next(trial)
                except StopIteration as done:
                    if done.value:
                        return fours
            return VCF_FOURS
        finally:
            self.nodes, self._stop, self._deadline, self.vcf_memo = saved

    def summary(self, lines: int = 1) -> dict[str, Any]:
        """What this search found, as plain data (JSON, a worker's message) that
        :func:`pygames.ai.analysis.merge` weighs against other searches of the same
        position: its move (:meth:`best_move`, which includes what a deeper iteration in
        progress has found), each completed iteration's best move and score, and the
        expected lines of the best root moves with their scores (the best one's exact,
        the others' upper bounds, as alpha-beta leaves them) and, when proven, the plies
        to the end. A best move found by the iteration under way comes first, with the
        line the table held when it was found (so that the computer still expects a reply
        to ponder on)."""
        found = []
        expected = self.expected
        best = self.best_move()
        if self.unfinished is not None and self.unfinished[0][0] == best:
            expected = [self.unfinished, *(e for e in expected if e[0][0] != best)]
        for line, score in expected[:max(lines, 1) + 2]:
            plies = WIN - abs(score) if abs(score) >= PROVEN else None
            found.append({"moves": line, "values": self._chances(score), "score": score,
                          "plies": None if plies is None else plies if score > 0 else -plies})
        return {
            "kind": "pente",
            "seat": self.root_seat,
            "decided": self.decided,
            "values": self.values(),
            "work": self.iterations,
            "part": self.part,
            "best": self.best_move(),
            "completed": [[move, score] for move, score in self.completed],
            "lines": found,
        }
