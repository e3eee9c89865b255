"""Game records and the share-link codec.

A :class:`Record` is what a game *is* for sharing and history: the game name, its options,
an optional set-up position, and the moves played. Any state of the game is a record plus
a ply, and that pair travels in a URL fragment such as::

    v=1&g=loose&size=9&m=e5.d4.c3.pass&p=3

Keys: ``v`` format version, ``g`` game name, any game option as ``name=value`` (only those
that differ from the default), ``s1``, ``s2``, … the points holding colour 1, 2, … in a
set-up position, ``t`` the colour to move in it, ``m`` the moves as dot-separated point
labels or action tokens, ``p`` the ply on view (the end when absent). Points use the
board's labels (:mod:`pygames.board`), so a 300-move 19x19 game takes about 1,100
characters and a person can read it.

:func:`decode` never raises on bad input: it returns what it could read, the longest valid
prefix of the moves, and a list of messages saying what was wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, quote

from .game import Game, IllegalMove, Move, OptionError, game_class

VERSION = 1
MAX_LENGTH = 20_000
MAX_MOVES = 4_000
_TOKEN = re.compile(r"^[a-z0-9-]{1,24}$")
RESERVED = {"v", "g", "m", "p", "t"}


@dataclass
class Record:
    """A game from its start: name, options, optional set-up stones, and the moves."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    setup: dict[int, int] | None = None
    to_move: int = 1
    moves: list[Move] = field(default_factory=list)

    def start(self) -> Game:
        """The starting state (a fresh game, or the set-up position)."""
        cls = game_class(self.game)
        if self.setup is None:
            return cls(**self.options)
        return cls.setup(self.setup, to_move=self.to_move, **self.options)

    def replay(self, ply: int | None = None) -> Game:
        """The state after the first ``ply`` moves (all of them when None); raises
        :class:`IllegalMove` naming the move number when one is illegal."""
        game = self.start()
        for i, move in enumerate(self.moves[:ply]):
            try:
                game.play(move)
            except IllegalMove as e:
                raise IllegalMove(f"move {i + 1} ({game.move_text(move)}) is illegal: {e}") from None
        return game

    @classmethod
    def of(cls, game: Game) -> Record:
        """The record of a game played from a fresh start (its history)."""
        return cls(game.name, dict(game.options), moves=list(game.history))


@dataclass
class Decoded:
    """What :func:`decode` read: the record (None if not even the game was readable),
    the ply on view, and messages about everything it had to drop."""

    record: Record | None
    ply: int
    errors: list[str]
    extra: dict[str, str] = field(default_factory=dict)


def encode(record: Record, ply: int | None = None, **extra: str) -> str:
    """The fragment text (without ``#``) for ``record`` viewed at ``ply``. ``extra`` adds
    display parameters (for embeds) that the codec passes through untouched."""
    cls = game_class(record.game)
    parts = [f"v={VERSION}", f"g={record.game}"]
    defaults = {o.name: o.default for o in cls.OPTIONS}
    for name, value in record.options.items():
        if name in defaults and value != defaults[name]:
            parts.append(f"{name}={int(value) if isinstance(value, bool) else value}")
    if record.setup is not None:
        board = cls(**record.options).board
        by_colour: dict[int, list[str]] = {}
        for p, colour in sorted(record.setup.items()):
            if colour:
                by_colour.setdefault(colour, []).append(board.label(p))
        parts += [f"s{c}={'.'.join(labels)}" for c, labels in sorted(by_colour.items())]
        parts.append(f"t={record.to_move}")
    if record.moves:
        game = record.start()
        parts.append("m=" + ".".join(game.move_text(m) for m in record.moves))
    if ply is not None and ply != len(record.moves):
        parts.append(f"p={ply}")
    parts += [f"{k}={quote(str(v), safe='.,:')}" for k, v in extra.items()]
    return "&".join(parts)


def decode(text: str) -> Decoded:
    """Read a fragment (with or without ``#``). Never raises: see :class:`Decoded`."""
    errors: list[str] = []
    text = text.lstrip("#")
    if len(text) > MAX_LENGTH:
        return Decoded(None, 0, [f"the link is too long ({len(text)} characters; at most {MAX_LENGTH})"])
    fields: dict[str, str] = {}
    for key, value in parse_qsl(text, keep_blank_values=True):
        if key in fields:
            errors.append(f"{_show(key)} is given twice; the first is used")
            continue
        fields[key] = value
    version = fields.pop("v", str(VERSION))
    if version != str(VERSION):
        errors.append(f"link format version {_show(version)} is not known; reading it as version {VERSION}")
    name = fields.pop("g", "")
    try:
        cls = game_class(name)
    except ValueError as e:
        return Decoded(None, 0, [str(e) if name else "the link names no game"] + errors)
    known = {o.name for o in cls.OPTIONS}
    options: dict[str, Any] = {}
    for key in list(fields):
        if key in known:
            options[key] = fields.pop(key)
    try:
        options = cls.check_options(options)
    except OptionError as e:
        errors.append(f"{e}; using the default options")
        options = cls.check_options({})
    record = Record(name.strip().lower(), options)
    game = record.start()
    board = game.board
    stone_keys = [k for k in fields if re.fullmatch(r"s[1-9]", k)]
    if stone_keys:
        record.setup = {}
        for key in stone_keys:
            colour = int(key[1])
            value = fields.pop(key)
            if colour > game.players():
                errors.append(f"{cls.title} has no colour {colour}; those stones are left out")
                continue
            for label in filter(None, value.split(".")):
                try:
                    record.setup[board.parse(label)] = colour
                except ValueError as e:
                    errors.append(str(e))
        to_move = fields.pop("t", "1")
        record.to_move = int(to_move) if to_move.isdigit() and 1 <= int(to_move) <= game.players() else 1
        if str(record.to_move) != to_move:
            errors.append(f"{_show(to_move)} is not a colour to move; colour 1 moves")
        try:
            game = record.start()
        except ValueError as e:
            errors.append(f"the set-up position is not valid ({e}); starting from an empty board")
            record.setup = None
            game = record.start()
    moves_text = fields.pop("m", "")
    words = [w for w in moves_text.split(".") if w]
    if len(words) > MAX_MOVES:
        errors.append(f"the link has {len(words)} moves; only the first {MAX_MOVES} are read")
        words = words[:MAX_MOVES]
    for i, word in enumerate(words):
        try:
            if not _TOKEN.match(word.lower()):
                raise ValueError(f"{_show(word)} is not a move")
            move = game.parse_move(word)
            game.play(move)
        except (ValueError, IllegalMove) as e:
            errors.append(f"move {i + 1} ({_show(word)}): {e}; the moves before it are kept")
            break
        record.moves.append(move)
    ply_text = fields.pop("p", "")
    ply = len(record.moves)
    if ply_text:
        if ply_text.isdigit() and int(ply_text) <= len(record.moves):
            ply = int(ply_text)
        else:
            errors.append(f"ply {_show(ply_text)} is not in this game; showing the last position")
    fields.pop("t", None)
    return Decoded(record, ply, errors, fields)


def _show(text: str, limit: int = 24) -> str:
    """Quote untrusted text for a message: short and with nothing but safe characters."""
    clean = re.sub(r"[^A-Za-z0-9 .,:=_-]", "?", text[:limit])
    return f"'{clean}{'…' if len(text) > limit else ''}'"
