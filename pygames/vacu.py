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

How the board is kept, so that a move costs a look around the placed stone and not a walk
over whole groups (random playouts of the computer player make millions of them):

* every group is a ring of its stones (``_next``) with one **head** stone (``_head`` of each
  stone) that holds the group's totals: ``_size``, ``_reach`` (the board edges it touches, for
  Convacu) and ``_contacts``, the number of pairs of a stone and an empty neighbour. A point
  next to two stones of the group counts twice, but the count is zero exactly when the group
  has no liberty, which is all the rules ask, and it adds up when groups join. Joining
  relabels the smaller group; removing or flipping one walks its ring;
* the empty points are also kept in a list (``_empty``, in no particular order, with each
  point's index in ``_slot``), so that a random move is drawn among them directly, and each
  point knows how many of its neighbours are empty (``_open``): a point with one is a legal
  placement at a glance;
* the repetition rule compares positions by a Zobrist key, one random 64-bit number per
  stone XOR-ed together and updated stone by stone, instead of a copy of the board per move
  (two different boards share a key with odds of about one in 10^19);
* undo keeps a journal of the points a move changed with their old colour; taking a move
  back puts the colours back and rebuilds the groups at and next to those points, the only
  ones the move touched.

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
from typing import Any, ClassVar

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
BUTTON = "button"
#: The overlay's name for each colour's territory.
TERRITORY_LABELS = {BLACK: N_("Black territory"), WHITE: N_("White territory")}

#: Convacu edge bits: each colour wins by joining the two edges in its mask.
TOP, BOTTOM, LEFT, RIGHT = 1, 2, 4, 8
EDGES = {BLACK: TOP | BOTTOM, WHITE: LEFT | RIGHT}
EDGE_SIDES = (("top", TOP, BLACK), ("bottom", BOTTOM, BLACK), ("left", LEFT, WHITE), ("right", RIGHT, WHITE))


@cache
def edge_bits(size: int) -> tuple[int, ...]:
    """For each point of the size x size board, the edges it lies on (a corner lies on two)."""
    sides = Board.square(size).sides
    return tuple(sum(bit for side, bit, _ in EDGE_SIDES if p in sides[side]) for p in range(size * size))


def _first_allowed(moves: list[Move], allowed: Callable[[Move], bool], rng: random.Random) -> Move | None:
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


@register
class Vacu(PieRule, Game):
    name = "vacu"
    title = "Vacu"
    COLOURS = ("Black", "White")
    STATE = ("stones", "to_move", "passes", "seats", "choosing", "button", "ply", "outcome")
    SETUP_STATE: ClassVar[dict[str, str]] = {
        **Game.SETUP_STATE, **PASSES_STATE, "button": "the colour that took the button (0: nobody yet)"}
    PARTS: ClassVar[dict[str, str]] = {"stones": N_("stones"), "territory": N_("territory"), "komi": N_("komi"),
                                       "button": N_("button")}
    OPTIONS = (
        Option("size", 9, N_("Board size"), minimum=3, maximum=25, suggested=(9, 13, 19),
               help=N_("Lines on each side: 9 is usual, 13 and 19 give longer games.")),
        Option("komi", 7, N_("Komi"), minimum=-625, maximum=625,
               help=N_("Whole number of points added to White's score.")),
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
        n = len(self.board)
        # For each colour (0 = empty) a random 64-bit key per point; empty points have key 0,
        # so that the key of a board is the XOR of the keys of its stones. Fixed per board
        # size, so that every game on that board agrees.
        self._keys_of = ((0,) * n, *zobrist_keys(f"vacu zobrist {n}", 2, n))
        self._edges = edge_bits(self.board.size)
        self._head = [0] * n
        self._next = [0] * n
        self._size = [0] * n
        self._reach = [0] * n
        self._contacts = [0] * n
        self._empty = list(range(n))
        self._slot = list(range(n))
        self._open = [len(ns) for ns in self.board.neighbours]
        #: The Zobrist key of the board (see the module docstring).
        self.key = 0
        #: The points the move being played changed, each with its colour before.
        self._journal: list[tuple[Point, int]] = []
        self._reset_repetitions()

    def set_state(self, name: str, value: int | list[int]) -> None:
        if name == "button" and name in self.SETUP_STATE:
            self.button = self.count_state(name, value, 2)
        elif name == "passes" and name in self.SETUP_STATE:
            self.passes = self.count_state(name, value, 1)
        else:
            super().set_state(name, value)

    def after_setup(self) -> None:
        stones = self.stones
        self._empty = [p for p, s in enumerate(stones) if not s]
        for i, p in enumerate(self._empty):
            self._slot[p] = i
        self._open = [sum(1 for q in ns if not stones[q]) for ns in self.board.neighbours]
        self._rebuild(range(len(stones)))
        for p, s in enumerate(stones):
            if s and not self._contacts[self._head[p]]:
                raise ValueError(_("the group at {point} has no liberty", point=self.board.label(p)))
        keys = self._keys_of
        self.key = 0
        for p, s in enumerate(stones):
            self.key ^= keys[s][p]
        self._reset_repetitions()

    # -- the groups as the engine keeps them (read-only: callers must not change them) ------
    # Each query returns the engine's own list, not a copy, since a computer player's
    # playouts ask millions of times; it is valid until the next move or undo.

    @property
    def heads(self) -> list[Point]:
        """For each stone, the head stone of its group: two stones are in the same group
        exactly when their heads are equal (meaningless on empty points)."""
        return self._head

    @property
    def rings(self) -> list[Point]:
        """For each stone, the next stone of its group: following it from any stone goes
        round the whole group and back."""
        return self._next

    @property
    def contacts(self) -> list[int]:
        """For each head stone, the number of pairs of a stone of its group and an empty
        neighbour: zero exactly when the group has no liberty, and at most four when it has
        a single one (a point touching it twice counts twice)."""
        return self._contacts

    @property
    def openness(self) -> list[int]:
        """For each point, how many of its neighbours are empty."""
        return self._open

    @property
    def empty_points(self) -> list[Point]:
        """The empty points, in no particular order."""
        return self._empty

    # -- groups and territories ----------------------------------------------------------

    def _fill(self, p: Point) -> list[Point]:
        """The group of the stone at ``p``, found by a fill over the board."""
        stones, nbrs = self.stones, self.board.neighbours
        colour = stones[p]
        group, seen = [p], {p}
        for x in group:  # the list grows while it is walked: a breadth-first fill
            for y in nbrs[x]:
                if stones[y] == colour and y not in seen:
                    seen.add(y)
                    group.append(y)
        return group

    def group(self, p: Point) -> list[Point]:
        """The group containing the stone at ``p``, read off its ring."""
        nxt = self._next
        found = [p]
        x = nxt[p]
        while x != p:
            found.append(x)
            x = nxt[x]
        return found

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

    # -- the groups kept up to date ----------------------------------------------------------

    def _rebuild(self, points: Iterable[Point]) -> None:
        """Work out afresh, from the board, every group with a stone at or next to ``points``."""
        stones, nbrs, edges = self.stones, self.board.neighbours, self._edges
        head, nxt, size, reach, contacts = self._head, self._next, self._size, self._reach, self._contacts
        done: set[Point] = set()
        for p in points:
            for x in (p, *nbrs[p]):
                if not stones[x] or x in done:
                    continue
                group = self._fill(x)
                done.update(group)
                for i, y in enumerate(group):
                    head[y] = x
                    nxt[y] = group[i - 1]  # a ring, walked backwards
                size[x] = len(group)
                reach[x] = 0
                for y in group:
                    reach[x] |= edges[y]
                contacts[x] = sum(1 for y in group for z in nbrs[y] if not stones[z])

    def _set(self, p: Point, colour: int) -> None:
        """Put ``colour`` (0 for none) on ``p``, noting it for undo and in the Zobrist key."""
        old = self.stones[p]
        self._journal.append((p, old))
        keys = self._keys_of
        self.key ^= keys[old][p] ^ keys[colour][p]
        self._put(p, colour)

    def _put(self, p: Point, colour: int) -> None:
        """Put ``colour`` on ``p``, keeping the empty points and their empty neighbours."""
        stones = self.stones
        was = stones[p]
        stones[p] = colour
        if (was == 0) == (colour == 0):
            return  # a flip: nothing became empty or filled
        empty, slot, open_ = self._empty, self._slot, self._open
        if colour:  # p leaves the list of empty points: the last one takes its slot
            last = empty.pop()
            if last != p:
                empty[slot[p]] = last
                slot[last] = slot[p]
            for q in self.board.neighbours[p]:
                open_[q] -= 1
        else:
            slot[p] = len(empty)
            empty.append(p)
            for q in self.board.neighbours[p]:
                open_[q] += 1

    def _join(self, a: Point, b: Point) -> Point:
        """Join the groups headed by ``a`` and ``b`` (different) and return the new head."""
        head, nxt, size = self._head, self._next, self._size
        if size[a] < size[b]:
            a, b = b, a
        self._reach[a] |= self._reach[b]
        x = b
        while True:
            head[x] = a
            x = nxt[x]
            if x == b:
                break
        nxt[a], nxt[b] = nxt[b], nxt[a]  # splice the two rings into one
        size[a] += size[b]
        self._contacts[a] += self._contacts[b]
        return a

    def _lift(self, h: Point) -> list[Point]:
        """Remove the group headed by ``h`` from the board; returns its stones."""
        stones, nbrs, head, contacts = self.stones, self.board.neighbours, self._head, self._contacts
        group = self.group(h)
        for x in group:
            self._set(x, 0)
        for x in group:  # every neighbouring stone gains a contact with the emptied point
            for y in nbrs[x]:
                if stones[y]:
                    contacts[head[y]] += 1
        return group

    def _turn(self, h: Point, colour: int) -> list[Point]:
        """Flip the group headed by ``h`` to ``colour`` and join it to that colour's groups
        next to it; returns its stones."""
        stones, nbrs, head = self.stones, self.board.neighbours, self._head
        group = self.group(h)
        for x in group:
            self._set(x, colour)
        for x in group:
            for y in nbrs[x]:
                if stones[y] == colour and head[y] != head[x]:
                    self._join(head[x], head[y])
        return group

    # -- placements ------------------------------------------------------------------------

    def legal_placement(self, p: Point) -> bool:
        """Whether the side to move may place on ``p``: it is empty, and the new stone's
        group would have a liberty or some enemy group would be left without one. Read off
        the contacts of the groups around ``p``: a group loses one contact for each of its
        stones next to ``p``, and keeps a liberty elsewhere exactly when it has more."""
        stones = self.stones
        if stones[p]:
            return False
        if self._open[p]:
            return True
        nbrs = self.board.neighbours[p]
        head, contacts, me = self._head, self._contacts, self.to_move
        heads = [head[q] for q in nbrs]
        for q, h in zip(nbrs, heads):
            if (contacts[h] > heads.count(h)) == (stones[q] == me):
                return True  # a group of the mover keeps a liberty, or an enemy group loses its last
        return False

    def _place(self, p: Point) -> tuple[list[Point], list[Point]]:
        """Place for the side to move and resolve the turn. Returns the mover's stones whose
        groups changed (to look for a Convacu connection) and the enemy stones taken."""
        stones, head, contacts = self.stones, self._head, self._contacts
        if stones[p]:
            raise IllegalMove(_("that point is already occupied"), "occupied")
        me = self.to_move
        self._set(p, me)
        nbrs = self.board.neighbours[p]
        for q in nbrs:
            if stones[q]:
                contacts[head[q]] -= 1
        head[p] = self._next[p] = p
        self._size[p] = 1
        self._reach[p] = self._edges[p]
        contacts[p] = self._open[p]
        mine = p  # the head of the new stone's group
        doomed: list[Point] = []  # the heads of the enemy groups left without a liberty
        for q in nbrs:
            s = stones[q]
            if s:
                h = head[q]
                if s == me:
                    if h != mine:
                        mine = self._join(mine, h)
                elif not contacts[h] and h not in doomed:
                    doomed.append(h)
        if contacts[mine]:
            taken = [x for h in doomed for x in self._lift(h)] if doomed else doomed
            return [p], taken
        if not doomed:
            raise IllegalMove(_("that stone would have no liberty and would flip nothing"), "suicide_without_flip")
        self._lift(mine)
        flipped = [x for h in doomed for x in self._turn(h, me)]
        return flipped, flipped

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
            raise IllegalMove(_("{move} is not a move in {game}", move=repr(move), game=self.title), "not_a_move")

    def _pass(self) -> None:
        if not self.button:
            raise IllegalMove(_("nobody has taken the button yet: take it instead of passing"), "button_first")
        self._end_turn(passed=True)

    def _take_button(self) -> None:
        if self.button:
            raise IllegalMove(_("the button has already been taken"), "button_taken")
        self.button = self.to_move
        self._end_turn()

    def _board_play(self, p: Point) -> None:
        mine, taken = self._place(p)
        me, enemy = self.to_move, 3 - self.to_move
        self._end_turn()
        self.outcome = self._connection(mine)
        if self.outcome is None and taken and enemy not in self.stones:
            self.outcome = self._by_score(
                _("{colour} took the last {enemy} group", colour=self.colour_label(me), enemy=self.colour_label(enemy)),
                "elimination")
        if self.outcome is None and self.repetitions() >= 3:
            self.outcome = Result((), _("draw: the same position appeared a third time"), "repetition")

    def _end_turn(self, passed: bool = False) -> None:
        """Hand the turn over, record the new position and end the game on two passes."""
        self.passes = self.passes + 1 if passed else 0
        self.to_move = 3 - self.to_move
        self._record()
        if self.passes >= 2:
            self.outcome = self._by_score(_("both players passed"), "two_passes")

    def _connection(self, mine: list[Point]) -> Result | None:
        """A Convacu win by the groups of ``mine``; Vacu has no connection goal."""
        return None

    # -- repetition --------------------------------------------------------------------------

    def _reset_repetitions(self) -> None:
        self._keys: list[tuple[int, int, bool]] = []
        self._counts: dict[tuple[int, int, bool], int] = {}
        self.ply = 0
        self._record()

    def _record(self) -> None:
        """Count the current position as one more appearance.

        The keys of the line played so far live in ``_keys``, counted in ``_counts``; ``ply``
        is their number. Undo uncounts the keys beyond the restored ``ply`` (see ``_load``),
        so the counts always match the line on the board."""
        key = self.position_key()
        self._keys.append(key)
        counts = self._counts
        counts[key] = counts.get(key, 0) + 1
        self.ply += 1

    def repetitions(self) -> int:
        """How many times the current position has appeared in this game (at least 1)."""
        return self._counts[self._keys[-1]]

    def position_key(self) -> tuple[int, int, bool]:
        """What must match for two positions to count as a repetition: the board (by its
        Zobrist key), the side to move and whether the button is taken."""
        return self.key, self.to_move, self.button != 0

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
            return 0 <= move < len(self.stones) and self.legal_placement(move)
        if move == BUTTON:
            return not self.button
        return move == PASS and bool(self.button)

    def is_legal(self, move: Move) -> bool:
        return self.outcome is None and self._allowed(move)

    def legal_moves(self) -> list[Move]:
        if self.outcome is not None:
            return []
        if self.choosing:
            return list(COLOUR_CHOICES)
        return self.placements() + [PASS if self.button else BUTTON]

    def placements(self) -> list[Point]:
        """The legal placements of the side to move (an empty point with an empty
        neighbour always is one)."""
        legal, open_ = self.legal_placement, self._open
        return [p for p in sorted(self._empty) if open_[p] or legal(p)]

    def random_move(self, rng: random.Random) -> Move:
        if self.outcome is not None:
            raise IllegalMove(_("the game is over"), "game_over")
        if self.choosing:
            return rng.choice(COLOUR_CHOICES)
        move = self._random_placement(rng, PASS if self.button else BUTTON)
        if move is None:
            raise IllegalMove(_("no legal move"), "no_legal_move")
        return move

    def _random_placement(self, rng: random.Random, action: Move | None) -> Move | None:
        """A uniformly random choice among the legal placements and ``action`` (a move that
        is legal whenever offered), or None if there is none. Empty points are drawn with
        replacement until one is legal, which usually takes one draw; after a few misses
        the rest are drawn without replacement. Either way each legal move is equally
        likely."""
        empty, legal = self._empty, self.legal_placement
        k = len(empty)
        offered = k + 1 if action is not None else k
        draw = rng.random
        for _draw in range(4):
            i = int(draw() * offered)
            if i == k:
                return action
            if legal(empty[i]):
                return empty[i]
        moves: list[Move] = list(empty)
        if action is not None:
            moves.append(action)
        return _first_allowed(moves, lambda m: m == action or (isinstance(m, int) and legal(m)), rng)

    # -- undo: the journal of changed points, instead of a copy of the board -------------------

    def _save(self) -> tuple[Any, ...]:
        journal: list[tuple[Point, int]] = []
        self._journal = journal
        return (self.to_move, self.passes, self.seats, self.choosing, self.button, self.ply, self.outcome,
                self.key, journal)

    def _load(self, snapshot: tuple[Any, ...]) -> None:
        (self.to_move, self.passes, self.seats, self.choosing, self.button, self.ply, self.outcome,
         self.key, journal) = snapshot
        keys, counts = self._keys, self._counts
        while len(keys) > self.ply:
            counts[keys.pop()] -= 1
        if journal:
            for p, old in reversed(journal):
                self._put(p, old)
            self._rebuild(p for p, _ in journal)

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

    def _by_score(self, cause: str, code: str) -> Result:
        s = self.scores()
        if s[BLACK] == s[WHITE]:
            return Result((), _("{cause}; equal scores", cause=cause), code)
        winner = BLACK if s[BLACK] > s[WHITE] else WHITE
        return Result((winner,), _("{cause}; {colour} scores more", cause=cause, colour=self.colour_label(winner)), code)

    def result(self) -> Result | None:
        return self.outcome

    # -- presentation ---------------------------------------------------------------------------

    def describe(self) -> str:
        return _("Stones plus territory wins; komi {komi}; the button is worth half a point; "
                 "a third repetition is a draw", komi=self.options["komi"])

    def prompt(self) -> str:
        if self.outcome is not None:
            return _("Game over")
        if self.choosing:
            return self.pie_prompt()
        side = self.colour_label(self.to_move)
        if not self.button:
            return _("{colour} to play (may take the button)", colour=side)
        return _("{colour} to play or pass", colour=side)

    def action_label(self, move: str) -> str:
        return _("Take the button") if move == BUTTON else super().action_label(move)

    def annotations(self) -> list[dict[str, Any]]:
        return [{"kind": "area", "points": region, "colour": owner,
                 "label": TERRITORY_LABELS[owner]}
                for owner, region in self.territories() if owner]


@register
class Convacu(Vacu):
    """Vacu with coloured edges: join your two edges to win. No button; a pass is forced
    when no placement is legal and forbidden otherwise."""

    name = "convacu"
    title = "Convacu"

    @property
    def rules_page(self) -> str:
        return "vacu"  # Convacu's rules are a part of Vacu's page
    OPTIONS = (
        Vacu.OPTIONS[0],
        Option("komi", 0, N_("Komi"), minimum=-625, maximum=625,
               help=N_("Points added to White's score if the game ends without a connection.")),
        Vacu.OPTIONS[2],
    )
    SETUP_STATE: ClassVar[dict[str, str]] = Game.SETUP_STATE  # no button, and a pass is forced, so none is pending

    def after_setup(self) -> None:
        """A diagram may show a finished game: a group already joining its edges has won."""
        super().after_setup()
        self.outcome = self._connection([p for p, s in enumerate(self.stones) if s])

    def _connection(self, mine: list[Point]) -> Result | None:
        """The win of a group through one of the stones ``mine`` that touches both edges of
        its colour, if any. Only the mover's groups can have grown this turn, so only they
        need looking at."""
        head, reach, stones = self._head, self._reach, self.stones
        for p in mine:
            colour = stones[p]
            if reach[head[p]] & EDGES[colour] == EDGES[colour]:
                joined = _("Black joined top and bottom") if colour == BLACK else _("White joined left and right")
                return Result((colour,), joined, "connection")
        return None

    def can_place(self) -> bool:
        """Whether the side to move has a legal placement (else it must pass)."""
        legal = self.legal_placement
        return any(legal(p) for p in self._empty)

    def _pass(self) -> None:
        if self.can_place():
            raise IllegalMove(_("you may pass only when no placement is legal"), "pass_not_allowed")
        self._end_turn(passed=True)

    def _take_button(self) -> None:
        raise IllegalMove(_("Convacu is played without the button"), "no_button")

    def candidates(self) -> Iterable[Move]:
        if self.choosing:
            return list(COLOUR_CHOICES)
        return [p for p, s in enumerate(self.stones) if s == 0] + [PASS]

    def _allowed(self, move: Move) -> bool:
        if move == PASS and not self.choosing:
            return not self.can_place()
        return move != BUTTON and super()._allowed(move)

    def legal_moves(self) -> list[Move]:
        if self.outcome is not None or self.choosing:
            return super().legal_moves()
        moves: list[Move] = list(self.placements())
        return moves or [PASS]

    def random_move(self, rng: random.Random) -> Move:
        if self.outcome is not None or self.choosing:
            return super().random_move(rng)
        move = self._random_placement(rng, None)
        return PASS if move is None else move

    def _parts(self) -> dict[str, dict[int, float]]:
        parts = super()._parts()
        del parts["button"]
        return parts

    def describe(self) -> str:
        return _("Join your two edges to win (Black top and bottom, White left and right); pass only "
                 "when no placement is legal; komi {komi} if nobody connects", komi=self.options["komi"])

    def prompt(self) -> str:
        if self.outcome is not None or self.choosing:
            return super().prompt()
        side = self.colour_label(self.to_move)
        if self.can_place():
            return _("{colour} to play", colour=side)
        return _("{colour} has no legal placement and must pass", colour=side)

    def annotations(self) -> list[dict[str, Any]]:
        edges: list[dict[str, Any]] = [{"kind": "edge", "side": side, "colour": colour}
                                       for side, _, colour in EDGE_SIDES]
        if self.outcome is None or not self.outcome.winners:
            return edges
        colour = self.outcome.winners[0]
        chain = self.winning_chain(colour)
        if not chain:  # a count at the end of the game rather than a connection
            return edges
        return edges + [{"kind": "path", "points": chain, "colour": colour, "closed": False,
                         "label": N_("winning chain"), "highlight": True}]

    def winning_chain(self, colour: int) -> list[Point]:
        """The shortest run of ``colour``'s stones joining its two edges (empty if none):
        what to point at when a connection has won. A breadth-first search through the
        stones, from every stone on the first edge to the first stone reached on the other."""
        first, second = (bit for _, bit, c in EDGE_SIDES if c == colour)
        stones, nbrs, edges = self.stones, self.board.neighbours, self._edges
        came: dict[Point, Point | None] = {p: None for p, s in enumerate(stones) if s == colour and edges[p] & first}
        queue = list(came)
        for p in queue:
            if edges[p] & second:
                chain: list[Point] = []
                at: Point | None = p
                while at is not None:
                    chain.append(at)
                    at = came[at]
                return chain
            for q in nbrs[p]:
                if q not in came and stones[q] == colour:
                    came[q] = p
                    queue.append(q)
        return []

