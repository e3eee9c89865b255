"""The one interface every game implements, and the registry of games by name.

A game state is mutable and python-chess shaped: :meth:`Game.play` pushes a move,
:meth:`Game.undo` pops it. Moves are plain values so that a computer player can run
thousands of random games a second and a URL can carry them:

* a placement is the ``int`` index of a board point (see :mod:`pygames.board`);
* every other action is a short lower-case ``str`` token such as ``"pass"``, ``"button"``
  or ``"white"``; its text in records is the token itself.

Stones are colours numbered from 1 (0 is an empty point); ``COLOURS[c - 1]`` names colour
``c``. Seats (the people at the table, numbered from 0) are separate from colours, because
the pie rule and Pente's swap openings decide who plays which colour during the game.

Games subclass :class:`Game` and provide ``_play`` (validate and apply, raising
:class:`IllegalMove` before or after mutating: the base class restores the state either
way), ``candidates``, ``scores`` and ``result``. The base class owns history and undo, by
snapshotting the attributes named in ``STATE`` before each move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from .board import Board, Point
from .i18n import N_, _

Move = int | str
PASS = "pass"


class IllegalMove(ValueError):
    """A move the rules forbid: ``str(error)`` is a one-line reason for the player (in the
    language in force when it was raised), ``code`` the rule it breaks, stable for programs:
    ``occupied``, ``no_true_liberty``, ``suicide_without_flip``, ``superko``,
    ``pro_distance``, ``forbidden_self_capture``... (each game's module lists its own)."""

    def __init__(self, reason: str, code: str = "illegal") -> None:
        super().__init__(reason)
        self.code = code


class OptionError(ValueError):
    """An option value the game does not accept; the message names the option."""


@dataclass(frozen=True)
class Option:
    """One game option, declared by a game class so pages and URLs can offer it.

    ``kind`` is ``"int"``, ``"bool"`` or ``"choice"``; a choice's ``labels`` are the words
    for its ``choices`` (message ids, one each), which the game declaring it chooses in
    its rulebook's vocabulary. ``check`` sees the value and all the other options and
    returns a reason when the combination is not allowed.
    """

    name: str
    default: Any
    label: str
    kind: str = "int"
    choices: tuple[Any, ...] = ()
    labels: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    #: Values a form offers first; any other value within the limits stays allowed.
    suggested: tuple[Any, ...] = ()
    check: Callable[[Any, Mapping[str, Any]], str | None] | None = field(default=None, compare=False)

    def choice_label(self, value: Any) -> str:
        """The word for one of the choices, in the language in force (the value itself
        where the option has no labels)."""
        if self.labels and value in self.choices:
            return _(self.labels[self.choices.index(value)])
        return str(value)

    def coerce(self, value: Any) -> Any:
        """Turn a value (possibly text from a form or a URL) into this option's type."""
        if self.kind == "bool":
            if isinstance(value, str):
                text = value.strip().lower()
                if text in ("1", "true", "yes", "on"):
                    return True
                if text in ("0", "false", "no", "off"):
                    return False
                raise OptionError(_("{option}: expected yes or no, not {value}", option=_(self.label), value=repr(value)))
            return bool(value)
        if self.kind == "int":
            try:
                number = int(value)
            except (TypeError, ValueError):
                raise OptionError(_("{option}: {value} is not a whole number", option=_(self.label),
                                    value=repr(value))) from None
            if self.minimum is not None and number < self.minimum:
                raise OptionError(_("{option}: {value} is below the minimum {minimum}", option=_(self.label),
                                    value=number, minimum=self.minimum))
            if self.maximum is not None and number > self.maximum:
                raise OptionError(_("{option}: {value} is above the maximum {maximum}", option=_(self.label),
                                    value=number, maximum=self.maximum))
            if self.choices and number not in self.choices:
                raise OptionError(_("{option}: {value} is not one of {choices}", option=_(self.label), value=number,
                                    choices=", ".join(map(str, self.choices))))
            return number
        text = str(value)
        if text not in self.choices:
            raise OptionError(_("{option}: {value} is not one of {choices}", option=_(self.label), value=repr(text),
                                choices=", ".join(map(str, self.choices))))
        return text


@dataclass(frozen=True)
class Result:
    """How a finished game ended: the winning colours (none for a draw), why in words
    (``reason``, in the language in force) and how as a stable ``code``: ``two_passes``,
    ``elimination``, ``repetition``, ``connection``, ``line``, ``captures``,
    ``board_full``, ``blocked`` (nobody can place) or ``resignation``. Results compare by
    winners and reason."""

    winners: tuple[int, ...]
    reason: str
    code: str = field(default="", compare=False)

    @property
    def draw(self) -> bool:
        return not self.winners


@dataclass(frozen=True)
class Effects:
    """What one move did, for a program that follows a game (see :attr:`Game.last_effects`).

    Read off the stones before and after the move, so it means the same in every game: a
    stone on a point that was empty was ``placed``, a stone that changed colour was
    ``flipped`` (Loose, Vacu), a stone that left the board was ``removed`` (Vacu's
    suppressions, Gardar's dead stones, Pente's captures), with the colour it had."""

    move: Move
    #: The colour that made the move.
    colour: int
    placed: tuple[Point, ...]
    flipped: tuple[Point, ...]
    removed: dict[Point, int]
    #: How each colour's score changed (Pente: the stones it captured).
    score_change: dict[int, float]
    #: The result if the move ended the game.
    result: Result | None

    @property
    def converted(self) -> bool:
        """Whether a placement's own group left the board at once: Vacu's second branch
        (the group had no liberty, so it was suppressed and the enemy groups it
        deprived were flipped), as against a quiet placement or a Go-like capture."""
        return isinstance(self.move, int) and self.move not in self.placed


#: The set-up entry of games that end on two passes in a row (see :attr:`Game.SETUP_STATE`).
PASSES_STATE = {"passes": "1 if the move before was a pass (a second one ends the game)"}


class Game:
    """Base class of every game state. See the module docstring for the conventions."""

    name: ClassVar[str]
    title: ClassVar[str]
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    COLOURS: ClassVar[tuple[str, ...]] = ("Black", "White")
    #: Attributes that make up the position (copied by undo snapshots and :meth:`copy`).
    STATE: ClassVar[tuple[str, ...]] = ("stones", "to_move", "passes", "seats")
    #: What a set-up position may state besides its stones and the side to move: the name
    #: (a key of set-up links) and what it means. Each value is a whole number or a list
    #: of them, checked and set by :meth:`set_state`.
    SETUP_STATE: ClassVar[dict[str, str]] = {
        "seats": "the colour each seat plays, in seat order",
    }
    #: The names of the score parts (:meth:`breakdown`) by key (message ids).
    PARTS: ClassVar[dict[str, str]] = {"score": N_("score")}

    board: Board
    stones: list[int]
    to_move: int
    passes: int
    history: list[Move]

    def __init__(self, **options: Any) -> None:
        self.options = self.check_options(options)
        self.board = self.make_board()
        self.stones = [0] * len(self.board)
        self.to_move = 1
        self.passes = 0
        self.seats = list(range(1, self.players() + 1))
        self.history = []
        self._stack: list[tuple[Any, ...]] = []
        self.start()

    # -- hooks for games ---------------------------------------------------------------

    def make_board(self) -> Board:
        """The board for the current options."""
        raise NotImplementedError

    def start(self) -> None:
        """Set up the opening state after the board exists (options are in ``self.options``)."""

    def players(self) -> int:
        """How many colours (and seats) take part."""
        return len(self.COLOURS)

    def _play(self, move: Move) -> None:
        """Apply ``move`` for the side to move, or raise :class:`IllegalMove`."""
        raise NotImplementedError

    def candidates(self) -> Iterable[Move]:
        """Moves worth trying: a superset of the legal moves that is cheap to list."""
        raise NotImplementedError

    def scores(self) -> dict[int, float]:
        """Each colour's score now (live during the game, final once it is over)."""
        raise NotImplementedError

    def result(self) -> Result | None:
        """How the game ended, or None while it goes on."""
        raise NotImplementedError

    def prompt(self) -> str:
        """One line telling the side to move what is expected of it."""
        if self.result() is not None:
            return _("Game over")
        return _("{colour} to play", colour=self.colour_label(self.to_move))

    def breakdown(self) -> list[tuple[str, dict[int, float]]]:
        """The score split into parts (stones, territory, komi...) for a score table, each
        ``(key, scores)``; the parts add up to :meth:`scores`. The keys are stable (for
        programs); :meth:`part_label` words them for players."""
        return [("score", self.scores())]

    def part_label(self, key: str) -> str:
        """A score part's name for a score table, in the language in force."""
        return _(self.PARTS.get(key, key))

    def describe(self) -> str:
        """One line stating the rules in force (win conditions, notable options)."""
        return ""

    def action_label(self, move: str) -> str:
        """Button text for a non-placement move token."""
        return _(ACTION_LABELS[move]) if move in ACTION_LABELS else move.replace("-", " ").capitalize()

    def annotations(self) -> list[dict[str, Any]]:
        """Plain analysis data a view may overlay, each a dict with a ``kind``:

        * ``{"kind": "area", "points": [...], "colour": c, "label": str}``: shade points
          (territory, enclosures); colour 0 means neutral or shared;
        * ``{"kind": "path", "points": [...], "colour": c, "closed": bool, "label": str}``:
          outline an ordered chain of points (a perimeter loop);
        * ``{"kind": "mark", "points": [...], "shape": "cross" | "circle" | "triangle" |
          "square" | "dot", "colour": c, "label": str}``: mark points;
        * ``{"kind": "edge", "side": "top" | "bottom" | "left" | "right", "colour": c}``:
          draw a board edge in a colour.
        """
        return []

    # -- options -----------------------------------------------------------------------

    @classmethod
    def check_options(cls, given: Mapping[str, Any]) -> dict[str, Any]:
        """Fill in defaults and validate ``given``, raising :class:`OptionError`."""
        known = {o.name: o for o in cls.OPTIONS}
        for name in given:
            if name not in known:
                raise OptionError(_("{game} has no option {name}", game=cls.title, name=repr(name)))
        values = {o.name: o.coerce(given[o.name]) if o.name in given else o.default for o in cls.OPTIONS}
        for o in cls.OPTIONS:
            if o.check is not None:
                reason = o.check(values[o.name], values)
                if reason:
                    raise OptionError(f"{_(o.label)}: {reason}")
        return values

    # -- the public interface ----------------------------------------------------------

    def play(self, move: Move) -> None:
        """Play ``move`` for the side to move. An illegal move raises :class:`IllegalMove`
        with the reason and leaves the state exactly as it was."""
        if self.result() is not None:
            raise IllegalMove(_("the game is over"), "game_over")
        snapshot = self._save()
        try:
            self._play(move)
        except IllegalMove:
            self._load(snapshot)
            raise
        self._stack.append(snapshot)
        self.history.append(move)

    def undo(self) -> Move:
        """Take back the last move and return it (``IndexError`` if there is none)."""
        if not self._stack:
            raise IndexError("no move to undo")
        self._load(self._stack.pop())
        return self.history.pop()

    def is_over(self) -> bool:
        return self.result() is not None

    @property
    def last_effects(self) -> Effects | None:
        """What the last move did (None before any move). Worked out when asked, by taking
        the move back on a copy, so that playing stays as fast as it can be."""
        if not self.history:
            return None
        before = self.copy()
        move = before.undo()
        changes = [(p, a, b) for p, (a, b) in enumerate(zip(before.stones, self.stones)) if a != b]
        old, new = before.scores(), self.scores()
        return Effects(
            move=move, colour=before.to_move,
            placed=tuple(p for p, a, _ in changes if not a),
            flipped=tuple(p for p, a, b in changes if a and b),
            removed={p: a for p, a, b in changes if a and not b},
            score_change={c: new.get(c, 0) - old.get(c, 0) for c in new if new.get(c, 0) != old.get(c, 0)},
            result=self.result())

    def legal_moves(self) -> list[Move]:
        """Every legal move in the current state (empty once the game is over)."""
        if self.result() is not None:
            return []
        legal = []
        for move in self.candidates():
            if self.is_legal(move):
                legal.append(move)
        return legal

    def is_legal(self, move: Move) -> bool:
        try:
            self.play(move)
        except IllegalMove:
            return False
        self.undo()
        return True

    def random_move(self, rng: random.Random) -> Move:
        """A uniformly random legal move, found by drawing candidates at random without
        replacement until one is legal: much cheaper than listing every legal move when
        most candidates are legal. Games with a cheaper legality test override this."""
        moves = list(self.candidates())
        n = len(moves)
        while n:
            i = rng.randrange(n)
            move = moves[i]
            if self.is_legal(move):
                return move
            n -= 1
            moves[i] = moves[n]
        raise IllegalMove(_("no legal move"), "no_legal_move")

    def side(self, colour: int) -> tuple[int, ...]:
        """The colours that win or lose together with ``colour``: itself, and its
        team-mates in games played in teams (a resignation loses for the whole side)."""
        return (colour,)

    def seat_to_move(self) -> int:
        """The seat (0-based) that acts now; games whose openings let one seat place stones
        of several colours override this."""
        return self.seat_of(self.to_move)

    def copy(self) -> Game:
        """An independent copy (history and undo included)."""
        new = object.__new__(type(self))
        new.__dict__ = {k: v.copy() if isinstance(v, (list, dict, set)) else v for k, v in self.__dict__.items()}
        return new

    def same_state(self, other: Game) -> bool:
        """Whether ``other`` is the same game in the very same state, reached by the same
        moves (so that anything found about one holds for the other)."""
        return (type(other) is type(self) and other.options == self.options and other.history == self.history
                and other._save() == self._save())

    @property
    def rules_page(self) -> str:
        """The name of the rules page that explains this game (``rules-<name>.html``)."""
        return self.name

    def colour_name(self, colour: int) -> str:
        """The colour's English name, also its key (stone drawings, records, CSS)."""
        return self.COLOURS[colour - 1]

    def colour_label(self, colour: int) -> str:
        """The colour's name for players, in the language in force."""
        return _(self.COLOURS[colour - 1])

    def seat_of(self, colour: int) -> int:
        """The seat (0-based) playing ``colour``."""
        return self.seats.index(colour)

    def move_text(self, move: Move) -> str:
        """A move as written in records: a point label or the action's token."""
        return self.board.label(move) if isinstance(move, int) else move

    def parse_move(self, text: str) -> Move:
        """The move written as ``text`` (no legality check); ``ValueError`` if unreadable."""
        text = text.strip().lower()
        if text and text[0].isalpha() and text[-1].isdigit():
            return self.board.parse(text)
        if text.isalpha() or "-" in text:
            return text
        raise ValueError(_("{text} is not a move", text=repr(text)))

    @classmethod
    def setup(cls, stones: Mapping[Point, int] | Mapping[str, int], to_move: int = 1,
              state: Mapping[str, int | list[int]] | None = None, **options: Any) -> Game:
        """A position built directly from stones (point index or label -> colour) and the
        side to move, with no history: for rules tests, diagrams and puzzles. ``state``
        gives the rest of the position where the game has more (see :attr:`SETUP_STATE`:
        Pente's captures, Vacu's button...); what it leaves out starts afresh."""
        game = cls(**options)
        game._enter_play()
        for where, colour in stones.items():
            p = game.board.parse(where) if isinstance(where, str) else where
            if not 0 <= p < len(game.board):
                raise ValueError(_("point {point} is not on the board", point=p))
            if not 0 <= colour <= game.players():
                raise ValueError(_("{colour} is not a colour of {game}", colour=colour, game=cls.title))
            game.stones[p] = colour
        if not 1 <= to_move <= game.players():
            raise ValueError(_("{colour} is not a colour of {game}", colour=to_move, game=cls.title))
        game.to_move = to_move
        for name, value in (state or {}).items():
            if name not in cls.SETUP_STATE:
                raise ValueError(_("{game} positions have no {name}; they may give {known}", game=cls.title,
                                   name=repr(name), known=", ".join(cls.SETUP_STATE)))
            game.set_state(name, value)
        game.after_setup()
        return game

    def set_state(self, name: str, value: int | list[int]) -> None:
        """Set the entry ``name`` of :attr:`SETUP_STATE` in a set-up position, or raise a
        ``ValueError`` saying what it may be. Each game handles the entries it declares."""
        colours = list(range(1, self.players() + 1))
        if name != "seats" or not isinstance(value, list) or sorted(value) != colours:
            raise ValueError(_("seats: give each of the colours {colours} once", colours=", ".join(map(str, colours))))
        self.seats = list(value)

    def count_state(self, name: str, value: int | list[int], most: int) -> int:
        """``value`` as the set-up's ``name``, a whole number from 0 to ``most``."""
        if isinstance(value, list) or not 0 <= value <= most:
            raise ValueError(_("{name}: a number from 0 to {most}", name=name, most=most))
        return value

    def _enter_play(self) -> None:
        """Skip any pre-game phase (colour choice, opening), for :meth:`setup`."""

    def after_setup(self) -> None:
        """Recompute derived state after stones were placed directly."""

    # -- snapshots -----------------------------------------------------------------------

    def _save(self) -> tuple[Any, ...]:
        d = self.__dict__
        return tuple(d[k].copy() if isinstance(d[k], (list, dict, set)) else d[k] for k in self.STATE)

    def _load(self, snapshot: tuple[Any, ...]) -> None:
        d = self.__dict__
        for k, v in zip(self.STATE, snapshot):
            d[k] = v.copy() if isinstance(v, (list, dict, set)) else v


#: The pie rule's two answers: the second player takes Black (and moves first) or White.
COLOUR_CHOICES = ("black", "white")


class PieRule:
    """The pie rule of the two-colour territory games (Loose, Vacu, Gardar): the first
    player names the komi when the game is set up, and the second player's first action
    is to choose a colour, ``"black"`` or ``"white"``, while ``choosing`` is true.

    Mix it in before :class:`Game`, declare :data:`PIE` among the options and list
    ``"choosing"`` in ``STATE``.
    """

    PIE = Option("pie", False, N_("Pie rule"), kind="bool",
                 help=N_("The first player names the komi; the second then chooses a colour."))
    choosing: bool
    options: dict[str, Any]
    seats: list[int]

    def start(self) -> None:
        self.choosing = bool(self.options["pie"])

    def _enter_play(self) -> None:
        self.choosing = False

    def choose_colour(self, move: Move) -> None:
        """Seat the second player on the colour ``move`` names."""
        if move not in COLOUR_CHOICES:
            raise IllegalMove(_("the second player must first choose a colour"), "choose_colour")
        self.seats = [2, 1] if move == "black" else [1, 2]
        self.choosing = False

    def side(self, colour: int) -> tuple[int, ...]:
        """The colours that win or lose together with ``colour``: itself, and its
        team-mates in games played in teams (a resignation loses for the whole side)."""
        return (colour,)

    def seat_to_move(self) -> int:
        """While the colours are being chosen, the second player (seat 1) acts."""
        return 1 if self.choosing else self.seats.index(self.to_move)  # type: ignore[attr-defined]

    def pie_prompt(self) -> str:
        return _("Second player: choose a colour (White gets komi {komi})", komi=self.options["komi"])


#: The colour names of every game, for the catalog (see :meth:`Game.colour_label`).
COLOUR_NAMES = (N_("Black"), N_("White"), N_("Orange"), N_("Blue"))
#: Button texts of the action tokens.
ACTION_LABELS = {"pass": N_("Pass"), "black": N_("Black"), "white": N_("White")}
#: The games, by name, as each game's module registers them (:func:`register`); importing
#: the package imports every game module.
_GAMES: dict[str, type[Game]] = {}


G = TypeVar("G", bound=Game)


def register(cls: type[G]) -> type[G]:
    """Make the game class ``cls`` known by its ``name`` (a class decorator in each game's
    module), so that links, records and forms can name it."""
    _GAMES[cls.name] = cls
    return cls


def game_class(name: str) -> type[Game]:
    """The game class registered as ``name`` (``ValueError`` naming the known games if none)."""
    cls = _GAMES.get(name.strip().lower())
    if cls is None:
        raise ValueError(_("unknown game {name}; known games: {known}", name=repr(name), known=", ".join(available())))
    return cls


def available() -> list[str]:
    """The names of the games this installation provides, in the order registered."""
    return list(_GAMES)


def new_game(name: str, **options: Any) -> Game:
    """A fresh game by registry name, e.g. ``new_game("loose", size=9)``."""
    return game_class(name)(**options)
