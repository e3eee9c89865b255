"""Pente as Board Game Arena plays it: five in a row or captured stones, for 2 to 4 players.

Vocabulary of the rulebook:

* a **row** is an unbroken straight line (orthogonal or diagonal) of one colour's stones;
  a **winning row** has 5 or more stones (4 or more in a free-for-all of 3-4 players); a
  row longer than that is an **overline**, which wins, wins not (*exact*), or may not be
  made at all (*forbidden*: the point is locked for that player);
* a **capture**: a stone placed so that a run of exactly two (with *capture three* also
  exactly three) enemy stones lies between it and another stone of the mover is removed,
  and counted for the mover (only the placed stone can bracket);
* a **self-capture**: a stone placed so that it completes a bracketed run of its own;
  with the *self-capture* rule the bracketing player takes that run, with *forbidden* the
  point is locked for that player;
* a **claim**: every capture of a move is decided on the board as it stood before any
  stone is removed; a stone claimed by two players is destroyed and scores for nobody;
* **overtime**: with *capture the line* a single winning row that the next player's stone
  blocks at one end, with the other end empty, may still be captured whole by that player
  on the next move; with *break the line* every winning row waits for the next player's
  move, which may break it by any capture of its stones; a row still standing after that
  move wins;
* the **capture win** counts captured stones, or with *captures* capturing moves' runs
  (a run of three counts once, like a pair).

Seats and colours are separate because Swap and Swap2 let a player take the other colour:
``seats[i]`` is the colour of seat ``i``. Moves during the opening are placements of the
colour the current step names, or the tokens ``"white"``, ``"black"`` and ``"place-two"``.

Undo keeps a journal of the points a move changed instead of copying the board, since a
random playout makes hundreds of moves per game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, NamedTuple

from .board import Board, Point
from .game import PASS, Game, IllegalMove, Move, Option, Result, register
from .i18n import N_, _

WHITE, BLACK, ORANGE, BLUE = 1, 2, 3, 4
NUMBER_WORDS = {4: N_("four"), 5: N_("five"), 6: N_("six"), 7: N_("seven"), 8: N_("eight"), 9: N_("nine")}
#: The annotation of the points a forbidden rule closes, by the rule (see ``_lock_reason``).
FORBIDDEN_LABELS = {"self-capture": N_("forbidden: self-capture"), "overline": N_("forbidden: overline")}
OVERTIMES = ("off", "capture-the-line", "break-the-line")


class Step(NamedTuple):
    """One step of an opening: who acts, what they do, which colour they place."""

    seat: int
    kind: str  # "centre", "place", "far", "choose" or "choose3"
    colour: int  # the colour placed; 0 for a choice
    text: str  # a message id (with {far} where it names the distance): see Pente.prompt


def _opening_steps(opening: str) -> tuple[Step, ...]:
    """The steps of an opening rule before ordinary alternating play begins."""
    if opening in ("pro", "long-pro"):
        return (Step(0, "centre", WHITE, N_("Place the first white stone on the centre point")),
                Step(1, "place", BLACK, N_("Black to play anywhere")),
                Step(0, "far", WHITE, N_("Place the second white stone at least {far} points from the centre")))
    if opening == "swap":
        return (Step(0, "place", WHITE, N_("First player: place the first white stone")),
                Step(0, "place", BLACK, N_("First player: place the first black stone")),
                Step(0, "place", WHITE, N_("First player: place the second white stone")),
                Step(0, "place", BLACK, N_("First player: place the second black stone")),
                Step(1, "choose", 0, N_("Second player: choose a colour, take White or take Black")))
    if opening == "swap2":
        return (Step(0, "place", WHITE, N_("First player: place the first white stone")),
                Step(0, "place", BLACK, N_("First player: place the first black stone")),
                Step(0, "place", WHITE, N_("First player: place the second white stone")),
                Step(1, "choose3", 0, N_("Second player: choose: take White, take Black and place, "
                                      "or place two and hand over the choice")),
                Step(1, "place", BLACK, N_("Second player: place the second black stone")),
                Step(1, "place", WHITE, N_("Second player: place the third white stone")),
                Step(0, "choose", 0, N_("First player: choose a colour, take White or take Black")))
    return ()


def _two_players_only(value: Any, options: Mapping[str, Any]) -> str | None:
    if value not in ("auto", "none") and options["players"] != 2:
        return _("opening rules are for two players; choose None with 3 or 4 players")
    return None


#: The opening rules (*auto*: Swap2 with two players, none with more), and their names.
OPENING = Option("opening", "auto", N_("Opening rule"), kind="choice",
                 choices=("auto", "none", "pro", "long-pro", "swap", "swap2"), check=_two_players_only,
                 labels=(N_("auto"), N_("none"), N_("Pro"), N_("Long Pro"), N_("Swap"), N_("Swap2")),
                 help=N_("Two players only (auto: Swap2 with two players, none with more). Pro and Long Pro "
                      "restrict White's first two stones; Swap and Swap2 let the second player pick a "
                      "colour after the first stones."))


def _opening(options: Mapping[str, Any]) -> str:
    """The opening rule in force: *auto* is Swap2 for two players and none for more, so
    that the defaults suit every player count."""
    if options["opening"] == "auto":
        return "swap2" if options["players"] == 2 else "none"
    return str(options["opening"])


class _OvertimeOption(Option):
    """Overtime was a yes/no option before *break the line* existed: links and records
    that say ``overtime=1`` (or 0) still mean *capture the line* (or off)."""

    def coerce(self, value: Any) -> Any:
        if isinstance(value, bool) or str(value).strip().lower() in ("0", "1", "true", "false", "yes", "no", "on"):
            return OVERTIMES[1] if Option("", False, self.label, kind="bool").coerce(value) else OVERTIMES[0]
        return super().coerce(value)


def _capture_win_needed(value: Any, options: Mapping[str, Any]) -> str | None:
    if not value and options["players"] > 2:
        return _("capture win cannot be switched off with 3 or 4 players")
    return None


def _multi_player_only(value: Any, options: Mapping[str, Any]) -> str | None:
    if value and options["players"] == 2:
        return _("mixed capture needs 3 or 4 players")
    return None


def _four_players_only(value: Any, options: Mapping[str, Any]) -> str | None:
    if value and options["players"] != 4:
        return _("team play needs 4 players (2 against 2)")
    return None


_LINES: dict[Board, tuple[Any, Any]] = {}


def _lines(board: Board) -> tuple[Any, Any]:
    """Per point, the lines a placement there looks along, read once per board shape:
    for each of the 8 directions that has a point, its bit (``1 << direction``) and its
    first four points (-1 past the edge), and for each of the 4 lines through it, its
    number, the bits of its two directions and its two rays."""
    if board not in _LINES:
        brackets = tuple(tuple((1 << d, *(ray[i] if i < len(ray) else -1 for i in range(4)))
                               for d, ray in enumerate(rays) if ray)
                         for rays in board.rays)
        axes = tuple(tuple((d, 1 << d | 1 << (d + 4), rays[d], rays[d + 4]) for d in range(4))
                     for rays in board.rays)
        _LINES[board] = (brackets, axes)
    return _LINES[board]


@register
class Pente(Game):
    name = "pente"
    title = "Pente"
    COLOURS = ("White", "Black", "Orange", "Blue")
    SETUP_STATE: ClassVar[dict[str, str]] = {**Game.SETUP_STATE, "captures": "what each colour has captured, in colour order: stones, or captures when the capture win counts them"}
    STATE = ("stones", "to_move", "passes", "seats", "captures", "taken", "step", "empty", "outcome",
             "pending", "rows")
    PARTS: ClassVar[dict[str, str]] = {"captures": N_("captures")}
    OPTIONS = (
        Option("players", 2, N_("Players"), minimum=2, maximum=4,
               help=N_("2 to 4 players; White moves first, then Black, Orange and Blue.")),
        Option("size", 19, N_("Board size"), choices=(9, 13, 15, 19),
               help=N_("Lines on each side of the board.")),
        OPENING,
        Option("overline", "wins", N_("Overline"), kind="choice", choices=("wins", "exact", "forbidden"),
               labels=(N_("wins"), N_("exact"), N_("forbidden")),
               help=N_("A row longer than five (four in a free-for-all) wins, does not win, "
                    "or may not be made at all.")),
        Option("capture_win", True, N_("Capture win"), kind="bool", check=_capture_win_needed,
               help=N_("Capturing 10 stones wins (8 in a free-for-all; 15 and 12 with capture three).")),
        Option("capture_count", "stones", N_("Capture win counts"), kind="choice", choices=("stones", "captures"),
               labels=(N_("stones"), N_("number of captures")),
               help=N_("Count captured stones (10), or captures (5; 4 in a free-for-all), "
                    "where a run of three counts once.")),
        Option("capture_three", False, N_("Capture three"), kind="bool",
               help=N_("Runs of exactly three stones can be captured too (Keryo Pente).")),
        Option("self_capture", "none", N_("Self-capture"), kind="choice",
               choices=("none", "self-capture", "forbidden"), labels=(N_("none"), N_("self-capture"), N_("forbidden")),
               help=N_("Placing into a bracket: harmless, captured by the bracketing player, "
                    "or not allowed at all.")),
        _OvertimeOption("overtime", "off", N_("Overtime"), kind="choice", choices=OVERTIMES,
                        labels=(N_("off"), N_("capture-the-line"), N_("break-the-line")),
                        help=N_("A just-made winning row can still be stopped by the next player: "
                             "by capturing it whole from its open end, or by any capture that breaks it.")),
        Option("mixed_capture", False, N_("Mixed capture"), kind="bool", check=_multi_player_only,
               help=N_("3-4 players: a bracketed run may mix the colours of other players.")),
        Option("teams", False, N_("Team play"), kind="bool", check=_four_players_only,
               help=N_("4 players: White and Orange against Black and Blue.")),
    )

    captures: list[int]
    taken: list[int]
    step: int
    empty: int
    outcome: Result | None
    pending: tuple[int, Point | None] | None
    rows: tuple[tuple[Point, ...], ...]

    def make_board(self) -> Board:
        return Board.square(self.options["size"])

    def players(self) -> int:
        return int(self.options["players"])

    def start(self) -> None:
        o = self.options
        n = o["players"]
        self.teams: bool = o["teams"]
        free_for_all = n > 2 and not self.teams
        self.row_length = 4 if free_for_all else 5
        self.overline: str = o["overline"]
        if o["capture_count"] == "captures":
            target = 4 if free_for_all else 5
        else:
            target = 8 if free_for_all else 10
            target = target * 3 // 2 if o["capture_three"] else target
        self.threshold: int | None = target if o["capture_win"] else None
        self.three: bool = o["capture_three"]
        self.mixed: bool = o["mixed_capture"]
        self.self_rule: str = o["self_capture"]
        #: Whether a rule can close an empty point to a player (who may then have to pass).
        self.locking = self.self_rule == "forbidden" or self.overline == "forbidden"
        self.overtime: str = o["overtime"]
        self.steps = _opening_steps(self.opening)
        self.captures = [0] * (n + 1)
        self.taken = [0] * (n + 1)
        self.step = 0
        self.empty = len(self.board)
        self.outcome = None
        self.pending = None
        self.rows = ()
        self._journal: list[tuple[Point, int]] = []
        self._brackets, self._axes = _lines(self.board)

    # Settings read rarely are properties, not attributes: an instance with more than 30
    # attributes loses CPython's fast attribute access, which costs a tenth of the playouts.

    @property
    def opening(self) -> str:
        """The opening rule in force (*auto* resolved for the number of players)."""
        return _opening(self.options)

    @property
    def far(self) -> int:
        """Pro and Long Pro: how far from the centre White's second stone must be."""
        return 4 if self.opening == "long-pro" else 3

    @property
    def centre(self) -> Point:
        return self.board.point((self.board.size // 2, self.board.size // 2))

    @property
    def run_lengths(self) -> tuple[int, ...]:
        """The lengths of the runs that are captured."""
        return (2, 3) if self.three else (2,)

    @property
    def count_captures(self) -> bool:
        """Whether the capture win counts captures rather than captured stones."""
        return bool(self.options["capture_count"] == "captures")

    def _enter_play(self) -> None:
        self.step = len(self.steps)

    def set_state(self, name: str, value: int | list[int]) -> None:
        if name != "captures":
            return super().set_state(name, value)
        n, most = len(self.seats), (self.threshold or len(self.board) + 1) - 1
        if not isinstance(value, list) or len(value) != n or not all(0 <= c <= most for c in value):
            if self.threshold:
                raise ValueError(_("captures: {n} numbers, one per colour, each from 0 to {most} (one more would have "
                                   "won)", n=n, most=most))
            raise ValueError(_("captures: {n} numbers, one per colour, each from 0 to {most}", n=n, most=most))
        if self.count_captures:
            self.taken = [0, *value]
        else:
            self.captures = [0, *value]

    def after_setup(self) -> None:
        """Count the empty points, and end the game at once if the position already holds a
        winning row or fills the board."""
        stones = self.stones
        self.empty = stones.count(0)
        rows = {}
        for p, colour in enumerate(stones):
            if colour:
                for d in range(4):
                    row = self._row(p, d, colour)
                    if self._winning(len(row)):
                        rows[row] = colour
        if rows:
            self.rows = tuple(rows)
            self.outcome = self._result({c: [self._row_words(r)] for r, c in rows.items()})
        elif not self.empty:
            self.outcome = Result((), _("the board is full"), "board_full")

    # -- geometry --------------------------------------------------------------------

    def _row(self, p: Point, d: int, colour: int) -> tuple[Point, ...]:
        """The row of ``colour`` through ``p`` along direction ``d`` (0-3), in board order."""
        stones, rays = self.stones, self.board.rays[p]
        back = []
        for q in rays[d + 4]:
            if stones[q] != colour:
                break
            back.append(q)
        ahead = []
        for q in rays[d]:
            if stones[q] != colour:
                break
            ahead.append(q)
        return (*reversed(back), p, *ahead)

    def _winning(self, length: int) -> bool:
        """Whether a row of ``length`` stones wins (an overline does not under *exact*)."""
        return length == self.row_length if self.overline == "exact" else length >= self.row_length

    def row_lengths(self, p: Point, colour: int) -> list[int]:
        """The rows a ``colour`` stone at ``p`` would stand in, one length per line (0-3)
        through ``p``, counted before any capture: what the overline rules look at."""
        stones, rays = self.stones, self.board.rays[p]
        lengths = []
        for d in range(4):
            n = 1
            for ray in (rays[d], rays[d + 4]):
                for q in ray:
                    if stones[q] != colour:
                        break
                    n += 1
            lengths.append(n)
        return lengths

    def makes_row(self, p: Point, colour: int) -> bool:
        """Whether a ``colour`` stone at empty ``p`` would make a winning row and be allowed
        there, captures aside: a searcher's check of a point its patterns call a five."""
        lengths = self.row_lengths(p, colour)
        if self.overline == "forbidden" and max(lengths) > self.row_length:
            return False
        return any(self._winning(n) for n in lengths)

    def _too_close(self, p: Point) -> bool:
        """Pro and Long Pro: whether ``p`` is within the square around the centre where
        White's second stone may not go (king-move distance, as BrainKing and Ludii draw it)."""
        (r, c), (r0, c0) = self.board.coords[p], self.board.coords[self.centre]
        return max(abs(r - r0), abs(c - c0)) < self.far

    def _self_captures(self, p: Point, colour: int) -> list[tuple[int, tuple[Point, ...]]]:
        """Each run that a ``colour`` stone at empty ``p`` would complete inside a bracket,
        as (bracketing colour, run). A run has exactly 2 (or 3) stones including ``p``, all of
        ``colour``, between two stones of one other player (a team-mate's bracket counts
        too). With mixed capture the run may hold any colours but the bracketing one."""
        if self.mixed:
            return self._mixed_self_captures(p, colour)
        stones, rays, lengths = self.stones, self.board.rays[p], self.run_lengths
        found = []
        for d in range(4):
            ahead, back = rays[d], rays[d + 4]
            a = 0
            while a < len(ahead) and stones[ahead[a]] == colour:
                a += 1
            b = 0
            while b < len(back) and stones[back[b]] == colour:
                b += 1
            if a + b + 1 in lengths and a < len(ahead) and b < len(back):
                bracket = stones[ahead[a]]
                if bracket and stones[back[b]] == bracket:
                    found.append((bracket, (p, *ahead[:a], *back[:b])))
        return found

    def _mixed_self_captures(self, p: Point, colour: int) -> list[tuple[int, tuple[Point, ...]]]:
        """:meth:`_self_captures` when runs may mix colours: try every way of splitting a run
        of 2 (or 3) around ``p``, since which stones form the run depends on the bracket."""
        stones, rays = self.stones, self.board.rays[p]
        found = []
        for d in range(4):
            ahead, back = rays[d], rays[d + 4]
            for k in self.run_lengths:
                for a in range(k):
                    b = k - 1 - a
                    if len(ahead) <= a or len(back) <= b:
                        continue
                    bracket = stones[ahead[a]]
                    if bracket == 0 or bracket == colour or stones[back[b]] != bracket:
                        continue
                    run = ahead[:a] + back[:b]
                    if all(stones[q] and stones[q] != bracket for q in run):
                        found.append((bracket, (p, *run)))
        return found

    def _locked(self, p: Point, colour: int) -> bool:
        """Whether ``p`` is closed to ``colour``: a forbidden self-capture or overline."""
        return self._lock_reason(p, colour) is not None

    def _lock_reason(self, p: Point, colour: int) -> str | None:
        """Why ``p`` is closed to ``colour`` (``"self-capture"`` or ``"overline"``), if it is.
        Both are judged as the stone is placed, before anything it captures is removed."""
        if self.self_rule == "forbidden" and self._self_captures(p, colour):
            return "self-capture"
        if self.overline == "forbidden" and max(self.row_lengths(p, colour)) > self.row_length:
            return "overline"
        return None

    def can_place(self, colour: int) -> bool:
        """Whether ``colour`` has any empty point it may use (only the forbidden rules can
        close every one)."""
        stones = self.stones
        return any(s == 0 and not self._locked(p, colour) for p, s in enumerate(stones))

    # -- moves -------------------------------------------------------------------------

    def _play(self, move: Move) -> None:
        if self.step < len(self.steps):
            self._opening_move(move)
            return
        colour = self.to_move
        if move.__class__ is not int:
            if move != PASS:
                raise IllegalMove(_("{move} is not a move in {game}", move=repr(move), game=self.title), "not_a_move")
            self._pass()
            return
        self._place(move, colour)
        self.passes = 0
        self.to_move = colour % len(self.seats) + 1

    def _pass(self) -> None:
        """A player whom the forbidden rules leave no point passes; a full round of such
        passes means nobody can ever place again, which ends the game drawn. A row waiting
        in overtime is not stopped by a pass, so it wins."""
        if not self.locking:
            raise IllegalMove(_("there is no passing in Pente"), "no_pass")
        if self.can_place(self.to_move):
            raise IllegalMove(_("you may pass only when every empty point is forbidden to you"), "pass_not_allowed")
        self.passes += 1
        if self.pending is not None:
            self._settle(self.to_move, [], False, self._held(self.pending))
        elif self.passes >= len(self.seats):
            self.outcome = Result((), _("no player can place a stone"), "blocked")
        self.to_move = self.to_move % len(self.seats) + 1

    def _opening_move(self, move: Move) -> None:
        step = self.steps[self.step]
        if step.kind in ("choose", "choose3"):
            self._choose(step, move)
            return
        if move.__class__ is not int:
            raise IllegalMove(_("place a white stone") if step.colour == WHITE else _("place a black stone"),
                              "place_a_stone")
        if step.kind == "centre" and move != self.centre:
            raise IllegalMove(_("the first white stone must go on the centre point"), "centre")
        if step.kind == "far" and 0 <= move < len(self.stones) and self._too_close(move):
            raise IllegalMove(_("the second white stone must be at least {far} points from the centre", far=self.far),
                              "pro_distance")
        self._place(move, step.colour)
        self.step += 1
        self._after_opening_step(step.colour)

    def _choose(self, step: Step, move: Move) -> None:
        """A colour choice of Swap or Swap2. ``"white"``/``"black"`` give the chooser that
        colour and start normal play; Swap2's ``"place-two"`` goes on to two more stones."""
        if move == "place-two" and step.kind == "choose3":
            self.step += 1
            self.to_move = self.steps[self.step].colour
            return
        if move not in ("white", "black"):
            if move.__class__ is int:
                raise IllegalMove(_("choose a colour first"), "choose_colour")
            raise IllegalMove(_("{move} is not a choice here", move=repr(move)), "not_a_choice")
        chooser = WHITE if move == "white" else BLACK
        self.seats = [chooser, 3 - chooser] if step.seat == 0 else [3 - chooser, chooser]
        # Normal play resumes with the colour after the last stone placed.
        self.to_move = 3 - self.steps[self.step - 1].colour
        self.step = len(self.steps)

    def _after_opening_step(self, placed: int) -> None:
        if self.step < len(self.steps):
            nxt = self.steps[self.step]
            self.to_move = nxt.colour or self.seats[nxt.seat]
        else:
            self.to_move = placed % len(self.seats) + 1

    def _place(self, p: Point, me: int) -> None:
        """Place a ``me`` stone at ``p``: decide every capture on the board as it stands,
        remove the claimed stones, then see who (if anyone) has won."""
        stones = self.stones
        if not 0 <= p < len(stones):
            raise IllegalMove(_("{point} is not a point of the board", point=p), "off_board")
        if stones[p]:
            raise IllegalMove(_("that point is already occupied"), "occupied")
        # every capture of this move: (capturer, run)
        runs = self._before_placing(p, me) if self.self_rule != "none" or self.locking else None
        mixed, three = self.mixed, self.three
        near = 0  # the directions whose first point holds a stone of the mover
        for bit, q1, q2, q3, q4 in self._brackets[p]:
            a = stones[q1]
            if a == me:
                near |= bit
                continue
            if a == 0 or q3 < 0:
                continue
            b = stones[q2]
            if b == 0 or b == me or (b != a and not mixed):
                continue
            c = stones[q3]
            if c == me:
                runs = (runs or []) + [(me, (q1, q2))]
            elif three and c and (c == a or mixed) and q4 >= 0 and stones[q4] == me:
                runs = (runs or []) + [(me, (q1, q2, q3))]
        pending = self.pending
        if pending is not None and p == pending[1]:
            runs = (runs or []) + [(me, self.rows[0])]
        self._journal.append((p, 0))
        stones[p] = me
        self.empty -= 1
        if runs:
            self._remove(runs)
        rows = None
        if near and stones[p] == me:  # a row needs a stone of the mover next to this one
            need = self.row_length
            for d, both, ahead, behind in self._axes[p]:
                if not near & both:
                    continue
                count = 1
                for q in ahead:
                    if stones[q] != me:
                        break
                    count += 1
                for q in behind:
                    if stones[q] != me:
                        break
                    count += 1
                if count >= need and (count == need or self.overline != "exact"):
                    rows = (rows or []) + [(d, self._row(p, d, me))]
        if rows or runs or pending is not None:
            held = self._held(pending) if pending is not None and p != pending[1] else None
            self._settle(me, rows or [], bool(runs), held)
        elif not self.empty:
            self.outcome = Result((), _("the board is full"), "board_full")

    def _before_placing(self, p: Point, me: int) -> list[tuple[int, tuple[Point, ...]]] | None:
        """The self-capture and overline rules, decided before the stone is placed: raise if
        ``p`` is forbidden to ``me``, else return the runs the stone would self-capture."""
        found = None
        if self.self_rule != "none":
            found = self._self_captures(p, me)
            if found and self.self_rule == "forbidden":
                raise IllegalMove(_("that point is forbidden: your stones there would be in a capture position"),
                                  "forbidden_self_capture")
        if self.overline == "forbidden" and max(self.row_lengths(p, me)) > self.row_length:
            raise IllegalMove(_("that point is forbidden: your row there would be longer than {count}",
                                count=_(NUMBER_WORDS[self.row_length])), "forbidden_overline")
        return found or None

    def _remove(self, runs: list[tuple[int, tuple[Point, ...]]]) -> None:
        """Take the captured stones off and credit them, except contested stones (claimed
        by two players) and, in team play, a team-mate's stones, which score for nobody.
        When captures are counted, a run counts once for its capturer if any of its stones
        scored."""
        claims: dict[Point, int] = {}
        for who, run in runs:
            for q in run:
                was = claims.get(q, who)
                claims[q] = who if was == who else 0
        stones, journal, captures, teams = self.stones, self._journal, self.captures, self.teams
        scored = set()
        for q, who in claims.items():
            old = stones[q]
            journal.append((q, old))
            stones[q] = 0
            if who and not (teams and (old - who) % 2 == 0):
                captures[who] += 1
                scored.add(q)
        self.empty += len(claims)
        if self.count_captures:
            taken = self.taken = self.taken[:]  # a new list: undo snapshots keep the old one
            for who, run in runs:
                if not scored.isdisjoint(run):
                    taken[who] += 1

    def _held(self, pending: tuple[int, Point | None]) -> tuple[int, str, tuple[tuple[Point, ...], ...]] | None:
        """The overtime ``pending`` once the next player has moved without capturing the
        line whole: its owner, why the owner wins, and the winning rows that still stand;
        None when the move broke every row (*break the line*: a capture left no winning
        run of the owner's stones in them; an overline cut down to five still stands)."""
        owner, end = pending
        if end is not None:
            return owner, _("{row}, not captured in overtime", row=self._row_words(self.rows[0])), self.rows
        stones, standing = self.stones, []
        for row in self.rows:
            run: list[Point] = []
            for q in (*row, -1):
                if q >= 0 and stones[q] == owner:
                    run.append(q)
                    continue
                if self._winning(len(run)):
                    standing.append(tuple(run))
                run = []
        if not standing:
            return None
        return owner, _("{row}, not broken in overtime", row=self._rows_words(standing)), tuple(standing)

    def _settle(self, me: int, rows: list[tuple[int, tuple[Point, ...]]], captured: bool,
                held: tuple[int, str, tuple[tuple[Point, ...], ...]] | None) -> None:
        """Decide the outcome after a move that made a row, captured, or answered overtime.
        ``held`` is the overtime that this move did not stop: that row's owner wins now."""
        why: dict[int, list[str]] = {}
        if held is not None:
            why[held[0]] = [held[1]]
        if rows:
            why.setdefault(me, []).append(self._rows_words([r for _, r in rows]))
        by_captures = False
        if captured and self.threshold is not None:
            score = self.taken if self.count_captures else self.captures
            for c in range(1, len(score)):
                if score[c] >= self.threshold:
                    why.setdefault(c, []).append(_("{count} captures", count=score[c]) if self.count_captures
                                                 else _("{count} captured stones", count=score[c]))
                    by_captures = True
        self.pending = None
        if not why:
            self.rows = ()
            if not self.empty:
                self.outcome = Result((), _("the board is full"), "board_full")
            return
        self.rows = (held[2] if held else ()) + tuple(r for _, r in rows)
        if rows and held is None and not by_captures and self.empty:
            if self.overtime == "capture-the-line" and len(rows) == 1:
                end = self._overtime_point(me, *rows[0])
                if end is not None:
                    self.pending = (me, end)
                    return
            elif self.overtime == "break-the-line":
                self.pending = (me, None)
                return
        self.outcome = self._result(why)

    def _overtime_point(self, me: int, d: int, row: tuple[Point, ...]) -> Point | None:
        """Where the next player would capture the whole of ``row``: the row must be blocked
        by that player's stone at one end and open at the other, and the open end must be a
        point that player may use."""
        stones, rays = self.stones, self.board.rays
        nxt = me % len(self.seats) + 1
        ahead, back = rays[row[-1]][d], rays[row[0]][d + 4]
        ends = [stones[ray[0]] if ray else -1 for ray in (ahead, back)]
        for i, ray in enumerate((ahead, back)):
            if ends[i] == 0 and ends[1 - i] == nxt:
                return None if self._locked(ray[0], nxt) else ray[0]
        return None

    def _row_words(self, row: tuple[Point, ...]) -> str:
        n = len(row)
        return _("{count} in a row", count=_(NUMBER_WORDS[n]) if n in NUMBER_WORDS else n)

    def _rows_words(self, rows: list[tuple[Point, ...]]) -> str:
        return self._row_words(rows[0]) if len(rows) == 1 else _("{count} winning rows", count=len(rows))

    def _result(self, why: dict[int, list[str]]) -> Result:
        """The result when the colours in ``why`` meet a win condition together. Team-mates
        share a win; a victory shared by every player is recorded as a draw."""
        winners = set(why)
        if self.teams:
            winners |= {c for c in range(1, len(self.seats) + 1) if any((c - w) % 2 == 0 for w in why)}
        if len(why) == 1:
            (colour, reasons), = why.items()
            reason = _(" and ").join(reasons)
            if self.teams:
                reason = f"{self.colour_label(colour)}: {reason}"
        else:
            reason = "; ".join(f"{self.colour_label(c)}: {_(' and ').join(r)}" for c, r in sorted(why.items()))
        code = "line" if self.rows else "captures"
        if len(winners) == len(self.seats):
            return Result((), _("shared victory: {reason}", reason=reason), code)
        return Result(tuple(sorted(winners)), reason, code)

    def candidates(self) -> Iterable[Move]:
        if self.step < len(self.steps):
            step = self.steps[self.step]
            if step.kind == "choose":
                return ["white", "black"]
            if step.kind == "choose3":
                return ["white", "black", "place-two"]
            if step.kind == "centre":
                return [self.centre]
        empties: list[Move] = [p for p, s in enumerate(self.stones) if s == 0]
        return empties + [PASS] if self.locking else empties

    def random_move(self, rng: random.Random) -> Move:
        """A uniformly random legal move. A placement is legal on almost every empty point,
        so sample points until one is, and list them only when the board is nearly full."""
        if self.outcome is not None:
            raise IllegalMove(_("the game is over"), "game_over")
        stones, rand = self.stones, rng.random
        n = len(stones)
        if self.step < len(self.steps):
            kind = self.steps[self.step].kind
            if kind not in ("place", "far"):
                return super().random_move(rng)
            free = kind == "place" and not self.locking
        else:
            kind, free = "place", not self.locking
        for _attempt in range(64):
            p = int(rand() * n)
            if stones[p] == 0 and (free or self._allowed(p, kind)):
                return p
        empties = [p for p, s in enumerate(stones) if s == 0]
        rng.shuffle(empties)
        for p in empties:
            if free or self._allowed(p, kind):
                return p
        return PASS

    def _allowed(self, p: Point, kind: str) -> bool:
        """Whether the side to move may use empty point ``p`` in a placement step of this
        kind: White's far stone keeps its distance, and a forbidden point stays locked."""
        return not (kind == "far" and self._too_close(p)) and not self._locked(p, self.to_move)

    # -- undo: a journal of changed points instead of a copy of the board -----------------

    def _save(self) -> tuple[Any, ...]:
        journal: list[tuple[Point, int]] = []
        self._journal = journal
        return (journal, self.to_move, self.passes, self.seats, self.captures[:], self.taken, self.step,
                self.empty, self.outcome, self.pending, self.rows)

    def _load(self, snapshot: tuple[Any, ...]) -> None:
        journal, self.to_move, self.passes, self.seats, captures, self.taken, self.step, self.empty, \
            self.outcome, self.pending, self.rows = snapshot
        stones = self.stones
        for p, old in reversed(journal):
            stones[p] = old
        self.captures = captures[:]

    def last_changes(self) -> list[tuple[Point, int]]:
        """The points the last move changed, each with the colour it held before (0 for the
        point played): a searcher that keeps its own line patterns updates only these. Valid
        just after :meth:`play`, before any other move or undo."""
        return self._journal

    # -- outcome and display -------------------------------------------------------------

    def result(self) -> Result | None:
        return self.outcome

    def is_over(self) -> bool:
        return self.outcome is not None  # asked after every move of a playout: no detour

    def side(self, colour: int) -> tuple[int, ...]:
        if not self.teams:
            return (colour,)
        return tuple(c for c in range(1, len(self.seats) + 1) if (c - colour) % 2 == 0)

    def scores(self) -> dict[int, float]:
        """Each colour's captures as the capture win counts them: stones, or captures."""
        score = self.taken if self.count_captures else self.captures
        return {c: score[c] for c in range(1, len(self.seats) + 1)}

    def breakdown(self) -> list[tuple[str, dict[int, float]]]:
        return [("captures", self.scores())]

    def seat_to_move(self) -> int:
        """The seat that acts now: during Swap and Swap2 the first player places stones of
        both colours, so this is not always the seat of ``to_move``."""
        if self.step < len(self.steps):
            return self.steps[self.step].seat
        return self.seat_of(self.to_move)

    def describe(self) -> str:
        words = _(NUMBER_WORDS[self.row_length])
        if self.overline == "exact":
            text = _("Win: exactly {count} in a row", count=words)
        elif self.overline == "forbidden":
            text = _("Win: {count} in a row", count=words)
        else:
            text = _("Win: {count} or more in a row", count=words)
        if self.threshold is not None:
            text = (_("{win}, or {threshold} captures", win=text, threshold=self.threshold) if self.count_captures
                    else _("{win}, or {threshold} captured stones", win=text, threshold=self.threshold))
        notes = []
        if self.overline == "forbidden":
            notes.append(_("rows longer than {count} are forbidden", count=words))
        if self.teams:
            notes.append(_("teams: White and Orange against Black and Blue"))
        if self.three:
            notes.append(_("runs of two or three are captured"))
        if self.self_rule == "self-capture":
            notes.append(_("placing into a bracket gives those stones away"))
        elif self.self_rule == "forbidden":
            notes.append(_("placing into a bracket is forbidden"))
        if self.overtime == "capture-the-line":
            notes.append(_("overtime: the next player may capture a winning row"))
        elif self.overtime == "break-the-line":
            notes.append(_("overtime: the next player may break a winning row by a capture"))
        if self.mixed:
            notes.append(_("mixed-colour runs can be captured"))
        if self.opening != "none":
            notes.append(_("opening: {opening}", opening=OPENING.choice_label(self.opening)))
        return "; ".join([text, *notes])

    def prompt(self) -> str:
        if self.outcome is not None:
            return _("Game over")
        if self.step < len(self.steps):
            return _(self.steps[self.step].text, far=self.far)
        name = self.colour_label(self.to_move)
        if self.pending is not None:
            return _("Overtime: {colour} may capture to stop {winner}'s win", colour=name,
                     winner=self.colour_label(self.pending[0]))
        if self.locking and not self.can_place(self.to_move):
            return _("{colour} has no allowed point and must pass", colour=name)
        return _("{colour} to play", colour=name)

    def action_label(self, move: str) -> str:
        if move == "white":
            return _("Take White")
        if move == "black":
            step = self.steps[self.step] if self.step < len(self.steps) else None
            return _("Take Black and place a stone") if step and step.kind == "choose3" else _("Take Black")
        if move == "place-two":
            return _("Place two stones and hand over the choice")
        if move == PASS:
            return _("Pass (no allowed point)")
        return super().action_label(move)

    def annotations(self) -> list[dict[str, Any]]:
        marks: list[dict[str, Any]] = []
        for row in self.rows:
            owner = next((self.stones[q] for q in row if self.stones[q]), 0)
            marks.append({"kind": "path", "points": list(row), "colour": owner, "closed": False,
                          "label": N_("winning row"), "highlight": True})
        if self.outcome is not None:
            return marks
        if self.pending is not None and self.pending[1] is not None:
            marks.append({"kind": "mark", "points": [self.pending[1]], "shape": "circle", "colour": 0,
                          "label": N_("overtime capture point")})
        if self.step < len(self.steps) and self.steps[self.step].kind == "far":
            zone = [p for p, s in enumerate(self.stones) if s == 0 and self._too_close(p)]
            marks.append({"kind": "mark", "points": zone, "shape": "dot", "colour": 0,
                          "label": N_("too close to the centre")})
        elif self.locking and self.step >= len(self.steps):
            locked: dict[str, list[Point]] = {}
            for p, s in enumerate(self.stones):
                reason = None if s else self._lock_reason(p, self.to_move)
                if reason is not None:
                    locked.setdefault(reason, []).append(p)
            for reason, points in locked.items():
                marks.append({"kind": "mark", "points": points, "shape": "cross", "colour": 0,
                              "label": FORBIDDEN_LABELS[reason]})
        return marks
