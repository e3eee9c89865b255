"""Game records and the share-link codec.

A :class:`Record` is what a game *is* for sharing and history: the game name, its options,
an optional set-up position, and the moves played. Any state of the game is a record plus
a ply, and that pair travels in a URL fragment such as::

    v=1&g=loose&size=9&m=e5.d4.c3.pass&p=3

Keys: ``v`` format version, ``g`` game name, any game option as ``name=value`` (only those
that differ from the default), ``s1``, ``s2``, … the points holding colour 1, 2, … in a
set-up position, ``t`` the colour to move in it, ``m`` the moves as dot-separated point
labels or action tokens, ``r`` the colour that resigned after them, ``p`` the ply on view (the end when absent). Points use the
board's labels (:mod:`pygames.board`), so a 300-move 19x19 game takes about 1,100
characters and a person can read it. A set-up position is marked by ``t``, which an
encoded set-up always carries, so an empty set-up board with White to move is ``t=2``.

A set-up position holds stones and the side to move, and may state the rest of the position
where a game has more, each under its own key (:attr:`Game.SETUP_STATE
<pygames.game.Game.SETUP_STATE>`): ``seats=2.1`` (the colour of each seat), Pente's
``captures=4.2`` (per colour), Vacu's ``button`` (the colour that took it), Gardar's
``first_passer``, and ``passes=1`` after a pass in Loose, Vacu and Gardar. What it leaves out
starts afresh; the positions seen before (for the repetition rules) always do.

:func:`decode` never raises on bad input: it returns what it could read, the longest valid
prefix of the moves, and a list of messages saying what was wrong. The link is untrusted
text that the page shows back, so messages quote it only through :func:`quote_untrusted` (short,
and nothing but letters, digits and a little punctuation).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, quote

from .board import Board, Point
from .game import Game, IllegalMove, Move, OptionError, Result, available, game_class
from .i18n import _

VERSION = 1
MAX_LENGTH = 20_000
MAX_MOVES = 4_000
#: A move or a point label as a link may write it (ASCII only: ``str.lower`` would turn
#: the Kelvin sign into ``k``).
_TOKEN = re.compile(r"[A-Za-z0-9-]{1,24}")
#: Option values short and plain enough to quote back in a game's own option message.
_PLAIN = re.compile(r"[A-Za-z0-9 _.+-]{0,24}")
#: A ply or a colour: plain ASCII digits (``str.isdigit`` accepts ``²``, which ``int``
#: refuses), and few of them (``int`` refuses more than 4,300 digits).
_NUMBER = re.compile(r"[0-9]{1,6}")
_STONES = re.compile(r"s[1-9]")
#: A set-up state value: a number, or numbers separated by dots (a list).
_STATE = re.compile(r"[0-9]{1,6}(\.[0-9]{1,6}){0,8}")
#: Keys the format itself uses; options and display parameters must not take them.
RESERVED = {"v", "g", "m", "p", "t", "r"} | {f"s{c}" for c in range(1, 10)}


@dataclass
class Record:
    """A game from its start: name, options, optional set-up stones, and the moves."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    setup: dict[int, int] | None = None
    to_move: int = 1
    #: The rest of a set-up position's state (see :attr:`Game.SETUP_STATE`).
    state: dict[str, int | list[int]] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)
    #: The colour that resigned after the last move (0: nobody). A resignation is not a
    #: move of the game: it belongs to the record, as a result does in a chess PGN.
    resigned: int = 0

    def start(self) -> Game:
        """The starting state (a fresh game, or the set-up position)."""
        cls = game_class(self.game)
        if self.setup is None:
            return cls(**self.options)
        return cls.setup(self.setup, to_move=self.to_move, state=self.state, **self.options)

    def start_with(self, name: str, value: int | list[int]) -> Game:
        """The set-up position with ``name`` of its state set to ``value`` as well (a
        ``ValueError`` says why it cannot be); the record itself is left as it is."""
        return game_class(self.game).setup(self.setup or {}, to_move=self.to_move,
                                           state={**self.state, name: value}, **self.options)

    def replay(self, ply: int | None = None) -> Game:
        """The state after the first ``ply`` moves (all of them when None); raises
        :class:`IllegalMove` naming the move number when one is illegal."""
        game = self.start()
        for i, move in enumerate(self.moves[:ply]):
            try:
                game.play(move)
            except IllegalMove as e:
                raise IllegalMove(_("move {number} ({move}) is illegal: {reason}", number=i + 1,
                                    move=game.move_text(move), reason=e), e.code) from None
        return game

    def outcome(self, game: Game) -> Result | None:
        """How the game ended, given ``game``, the position after all the moves: the
        resignation if there is one, else the game's own result."""
        if not self.resigned:
            return game.result()
        losers = game.side(self.resigned)
        winners = tuple(c for c in range(1, game.players() + 1) if c not in losers)
        return Result(winners, _("{colour} resigns", colour=game.colour_label(self.resigned)), "resignation")

    @classmethod
    def of(cls, game: Game) -> Record:
        """The record of a game played from a fresh start (its history)."""
        return cls(game.name, dict(game.options), moves=list(game.history))


@dataclass
class Decoded:
    """What :func:`decode` read: the record (None if not even the game was readable),
    the ply on view, and messages about everything it had to drop. ``extra`` holds the
    keys the codec does not know (display parameters such as ``marks``), untouched."""

    record: Record | None
    ply: int
    errors: list[str]
    extra: dict[str, str] = field(default_factory=dict)


def encode(record: Record, ply: int | None = None, **extra: str) -> str:
    """The fragment text (without ``#``) for ``record`` viewed at ``ply``. ``extra`` adds
    display parameters (for embeds) that the codec passes through untouched."""
    cls = game_class(record.game)
    defaults = {o.name: o.default for o in cls.OPTIONS}
    clash = (RESERVED | defaults.keys() | cls.SETUP_STATE.keys()) & extra.keys()
    if clash:
        raise ValueError(f"display parameters may not use the keys {', '.join(sorted(clash))}")
    parts = [f"v={VERSION}", f"g={record.game}"]
    for name, value in record.options.items():
        if name in defaults and value != defaults[name]:
            parts.append(f"{name}={_quote(int(value) if isinstance(value, bool) else value)}")
    if record.setup is not None:
        board = cls(**record.options).board
        by_colour: dict[int, list[str]] = {}
        for p, colour in sorted(record.setup.items()):
            if colour:
                by_colour.setdefault(colour, []).append(board.label(p))
        parts += [f"s{c}={'.'.join(labels)}" for c, labels in sorted(by_colour.items())]
        parts.append(f"t={record.to_move}")
        parts += [f"{name}={'.'.join(map(str, value)) if isinstance(value, list) else value}"
                  for name, value in record.state.items()]
    if record.moves:
        game = record.start()
        parts.append("m=" + ".".join(game.move_text(m) for m in record.moves))
    if record.resigned:
        parts.append(f"r={record.resigned}")
    if ply is not None and ply != len(record.moves):
        parts.append(f"p={ply}")
    parts += [f"{k}={_quote(v)}" for k, v in extra.items()]
    return "&".join(parts)


def _quote(value: object) -> str:
    """A value as fragment text: ``&``, ``=``, ``#`` and the like percent-encoded, while
    the punctuation of labels, tokens and marks stays readable."""
    return quote(str(value), safe=".,:-")


def decode(text: str) -> Decoded:
    """Read a fragment (with or without ``#``). Never raises: see :class:`Decoded`."""
    errors: list[str] = []
    text = text.lstrip("#")
    if len(text) > MAX_LENGTH:
        errors.append(_("the link is too long ({length} characters); only its first {limit} are read",
                        length=len(text), limit=MAX_LENGTH))
        text = _cut(text, MAX_LENGTH)
    fields: dict[str, str] = {}
    for key, value in parse_qsl(text, keep_blank_values=True):
        if key in fields:
            errors.append(_("{key} is given twice; the first is used", key=quote_untrusted(key)))
            continue
        fields[key] = value
    version = fields.pop("v", str(VERSION))
    if version != str(VERSION):
        errors.append(_("link format version {version} is not known; reading it as version {known}",
                        version=quote_untrusted(version), known=VERSION))
    name = fields.pop("g", "")
    try:
        cls = game_class(name)
    except ValueError:
        known = ", ".join(available())
        problem = _("unknown game {name}; known games: {known}", name=quote_untrusted(name), known=known) if name \
            else _("the link names no game")
        return Decoded(None, 0, [problem] + errors)
    record = Record(name.strip().lower(), _options(cls, fields, errors))
    game = record.start()
    if "t" in fields or any(_STONES.fullmatch(k) for k in fields):
        game = _setup(record, game, fields, errors)
    _moves(record, game, fields.pop("m", ""), errors)
    _resignation(record, game, fields.pop("r", ""), errors)
    ply_text = fields.pop("p", "")
    ply = len(record.moves)
    if ply_text:
        if _NUMBER.fullmatch(ply_text) and int(ply_text) <= len(record.moves):
            ply = int(ply_text)
        else:
            errors.append(_("ply {ply} is not in this game; showing the last position", ply=quote_untrusted(ply_text)))
    return Decoded(record, ply, errors, fields)


def _cut(text: str, limit: int) -> str:
    """The first ``limit`` characters of a link, ending at the last whole move, label or
    key before the cut (so that ``e13`` never becomes ``e1``)."""
    head = text[:limit + 1]
    end = max(head.rfind("."), head.rfind("&"), head.rfind(","))
    return head[:end] if end >= 0 else ""


def _options(cls: type[Game], fields: dict[str, str], errors: list[str]) -> dict[str, Any]:
    """Take the game's options out of ``fields``. A value the option refuses falls back to
    its default; a combination the game refuses falls back to all the defaults."""
    given: dict[str, Any] = {}
    for option in cls.OPTIONS:
        if option.name not in fields:
            continue
        value = fields.pop(option.name)
        try:
            if not _PLAIN.fullmatch(value):  # the option's own message would quote it whole
                raise OptionError(_("{option}: {value} is not a value of this option", option=_(option.label),
                                    value=quote_untrusted(value)))
            given[option.name] = option.coerce(value)
        except OptionError as e:
            errors.append(_("{problem}; using its default", problem=e))
    try:
        return cls.check_options(given)
    except OptionError as e:
        errors.append(_("{problem}; using the default options", problem=e))
        return cls.check_options({})


def _resignation(record: Record, game: Game, text: str, errors: list[str]) -> None:
    """Read who resigned (``r=``) into ``record``: the side to move at the end of a game
    that is not over, or nobody."""
    if not text:
        return
    if not (_NUMBER.fullmatch(text) and int(text) == game.to_move) or game.is_over():
        errors.append(_("the resignation {resigned} does not fit the game; it is left out", resigned=quote_untrusted(text)))
        return
    record.resigned = int(text)


def _setup(record: Record, game: Game, fields: dict[str, str], errors: list[str]) -> Game:
    """Read the set-up stones and the side to move into ``record``; the starting state."""
    board, players = game.board, game.players()
    setup: dict[Point, int] = {}
    for key in sorted(k for k in fields if _STONES.fullmatch(k)):
        colour = int(key[1])
        labels = [label for label in fields.pop(key).split(".") if label]
        if colour > players:
            errors.append(_("{game} has no colour {colour}; those stones are left out", game=game.title, colour=colour))
            continue
        for label in labels:
            p = _point(board, label)
            if p is None:
                errors.append(_("{point} is not a point of the {board} board; it is left out",
                                point=quote_untrusted(label), board=board.name))
            elif p in setup:
                errors.append(_("{point} is set up twice; the first colour is kept", point=board.label(p)))
            else:
                setup[p] = colour
    to_move = fields.pop("t", "1")
    if _NUMBER.fullmatch(to_move) and 1 <= int(to_move) <= players:
        record.to_move = int(to_move)
    else:
        errors.append(_("{colour} is not a colour to move; colour 1 moves", colour=quote_untrusted(to_move)))
    record.setup = setup
    try:
        game = record.start()
    except ValueError as e:
        errors.append(_("the set-up position is not valid ({problem}); starting from an empty board", problem=e))
        record.setup, record.to_move = None, 1
        return record.start()
    for name in [n for n in game.SETUP_STATE if n in fields]:
        text = fields.pop(name)
        try:
            if not _STATE.fullmatch(text):
                raise ValueError(_("{name}: {value} is not a number or numbers", name=name, value=quote_untrusted(text)))
            numbers = [int(n) for n in text.split(".")]
            value = numbers if "." in text else numbers[0]
            game = record.start_with(name, value)
        except ValueError as e:
            errors.append(_("{problem}; the set-up's {name} is left out", problem=e, name=name))
            continue
        record.state[name] = value
    return game


def _point(board: Board, label: str) -> Point | None:
    if not _TOKEN.fullmatch(label):
        return None
    try:
        return board.parse(label)
    except ValueError:
        return None


def _moves(record: Record, game: Game, text: str, errors: list[str]) -> None:
    """Play the moves of ``text`` on ``game``, keeping them in ``record`` up to the first
    one that is unreadable or illegal."""
    words = [w for w in text.split(".") if w]
    if len(words) > MAX_MOVES:
        errors.append(_("the link has {count} moves; only the first {limit} are read", count=len(words),
                        limit=MAX_MOVES))
        words = words[:MAX_MOVES]
    for i, word in enumerate(words):
        try:
            if not _TOKEN.fullmatch(word):
                raise ValueError(_("it is not a move"))
            move = game.parse_move(word)
            game.play(move)
        except ValueError as e:  # IllegalMove is a ValueError
            errors.append(_("move {number} ({move}): {problem}; the moves before it are kept", number=i + 1,
                            move=quote_untrusted(word), problem=e))
            return
        record.moves.append(move)


def quote_untrusted(text: str, limit: int = 24) -> str:
    """Quote untrusted text for a message: short and with nothing but safe characters."""
    clean = re.sub(r"[^A-Za-z0-9 .,:=_-]", "?", text[:limit])
    return f"'{clean}{'…' if len(text) > limit else ''}'"
