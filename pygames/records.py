"""Game records as text files: the project's own format, and pente.org's for Pente.

**The pygames record** is meant to be read by a person and kept in a folder of games. It
borrows PGN's shape: tag lines in square brackets, then the moves, numbered by rounds (one
move per seat), in the game's own notation (point labels and action tokens)::

    [Game "loose"]
    [Options "size=9 komi=4"]
    [Date "2026.11.22"]
    [Player 1 "Ana"]
    [Player 2 "Computer (medium)"]
    [Result "White wins (more points)"]

    1. e5 d4 2. c3 pass 3. pass

A **comment** in braces may follow any move (and stand before the first one), as in PGN:
``1. e5 {a fine start} d4``. It belongs to the position after the moves before it and is
kept as text; a review (:mod:`pygames.review`) writes its figures there as commands such as
``{[%eval 62.4,37.6] [%best d4 e5]}``. A comment cannot hold ``}``.

Tags: ``Game`` (required: a registered game name), ``Options`` and ``Setup`` (as in a
share link: ``name=value`` and ``s1=…``/``t=…``, separated by spaces), ``Date``,
``Player N`` (seats from 1), ``Result`` (written on export, checked on import against the
moves' own outcome) and any other tag, which is kept. :func:`read` accepts exactly what
:func:`write` writes and refuses anything else whole, naming the line and the reason: a
malformed record never opens half a game.

**pente.org's format** (its game records, PGN-like since 2001): tags such as
``[Game "Pente"]``, ``[Player 1 Name "…"]``, ``[Result "1-0"]`` and movetext such as
``1. K10 L9 2. …`` with columns A–T skipping I and rows 1–19 from the bottom, and the tokens
``Resign`` and ``Forfeit`` ending a game. :func:`read_pente_org` maps the games whose rules
pygames has (:data:`PENTE_ORG_GAMES`) and refuses the others by name; :func:`write_pente_org`
writes a game whose options pente.org can play.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .game import IllegalMove, Move, game_class
from .i18n import _, language
from .notation import Record, decode, encode

#: Records larger than this are refused before they are read (a long game is a few KB).
MAX_BYTES = 1_000_000
_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9 _-]{0,39}) "((?:[^"\\]|\\.)*)"\]')
_NUMBER = re.compile(r"\d+\.")


class RecordError(ValueError):
    """A record that cannot be read: ``line`` is where (1-based; 0 for the whole file)."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(_("line {line}: {reason}", line=line, reason=reason) if line else reason)
        self.line = line
        self.reason = reason


@dataclass
class GameFile:
    """A game read from a record file: the game itself and the tags around it."""

    record: Record
    tags: dict[str, str] = field(default_factory=dict)
    #: The comments, by the number of moves before them (0: before the first move).
    comments: dict[int, str] = field(default_factory=dict)

    @property
    def players(self) -> list[str]:
        """The names of the seats that have one, in seat order."""
        return [self.tags[f"Player {i}"] for i in range(1, 5) if f"Player {i}" in self.tags]


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def result_text(record: Record) -> str:
    """How the game of ``record`` stands: who won and why, or that it goes on. Always in
    English: a record reads the same whatever the language of whoever wrote it."""
    with language("en"):
        game = record.replay()
        result = record.outcome(game)
    if result is None:
        return "unfinished"
    if result.draw:
        return f"draw ({result.reason})"
    winners = " and ".join(game.colour_name(c) for c in result.winners)
    return f"{winners} win{'s' if len(result.winners) == 1 else ''} ({result.reason})"


def _movetext(texts: list[str], per_round: int, resigned: int, ending: str = "resign", width: int = 79,
              comments: Mapping[int, str] | None = None) -> list[str]:
    """Moves numbered by rounds of ``per_round``, in lines of at most ``width`` characters
    (a comment, a single word here, may make one longer), then ``ending`` (unnumbered, as
    it is not a move) if the side to move resigned."""
    comments = {k: "{" + v.replace("}", ")").replace("\n", " ") + "}" for k, v in (comments or {}).items() if v}
    lines, line = [], ""
    for i, text in enumerate(texts + [ending] * bool(resigned)):
        words = [f"{i // per_round + 1}.", text] if i % per_round == 0 and i < len(texts) else [text]
        if i == 0 and 0 in comments:
            words.insert(0, comments[0])
        if i < len(texts) and i + 1 in comments:
            words.append(comments[i + 1])
        for word in words:
            if line and len(line) + 1 + len(word) > width:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def _file(tags: dict[str, str], moves: list[str]) -> str:
    return "\n".join([f'[{k} "{_escape(v)}"]' for k, v in tags.items()] + [""] + moves) + "\n"


def write(record: Record, players: list[str] | None = None, date: datetime.date | None = None,
          tags: dict[str, str] | None = None, comments: Mapping[int, str] | None = None) -> str:
    """The pygames record of a game (see the module docstring), with ``comments`` by the
    number of moves before them."""
    link = dict(part.split("=", 1) for part in encode(record).split("&"))
    state = game_class(record.game).SETUP_STATE
    in_setup = {k for k in link if k == "t" or k in state or re.fullmatch(r"s\d", k)}
    options = " ".join(f"{k}={v}" for k, v in link.items() if k not in {"v", "g", "m", "r", *in_setup})
    setup = " ".join(f"{k}={v}" for k, v in link.items() if k in in_setup)
    out = {"Game": record.game}
    if options:
        out["Options"] = options
    if setup:
        out["Setup"] = setup
    out["Date"] = (date or datetime.date.today()).strftime("%Y.%m.%d")
    for i, name in enumerate(players or []):
        if name:
            out[f"Player {i + 1}"] = name
    out.update(tags or {})
    out["Result"] = result_text(record)
    game = record.start()
    return _file(out, _movetext([game.move_text(m) for m in record.moves], len(game.seats), record.resigned,
                                comments=comments))


def _lines(text: str | bytes) -> list[str]:
    """The lines of a record, refusing what is too big or not text at all."""
    if len(text) > MAX_BYTES:
        raise RecordError(0, _("the file is too large for a game record ({size} bytes; at most {limit})",
                               size=f"{len(text):,}", limit=f"{MAX_BYTES:,}"))
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise RecordError(0, _("this is not a text file")) from None
    if "\x00" in text:
        raise RecordError(0, _("this is not a text file"))
    return text.splitlines()


#: A word of the movetext: a comment in braces (one left open is caught by its own check), or a word.
_WORD = re.compile(r"\{[^}]*\}|\{[^}]*$|[^\s{]+")


def _split(lines: list[str]) -> tuple[dict[str, tuple[int, str]], list[tuple[int, str]]]:
    """Tags (name -> (line number, value)) and the words of the movetext with their line
    (a comment in braces is one word, and must close on its line)."""
    tags: dict[str, tuple[int, str]] = {}
    words: list[tuple[int, str]] = []
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line:
            continue
        if line.startswith("["):
            if words:
                raise RecordError(number, _("a tag after the moves"))
            match = _TAG.fullmatch(line)
            if match is None:
                raise RecordError(number, _('a tag must read [Name "value"]'))
            name = match.group(1)
            if name in tags:
                raise RecordError(number, _("the tag {name} is given twice", name=name))
            tags[name] = (number, _unescape(match.group(2)))
        else:
            for word in _WORD.findall(line):
                if word.startswith("{") and not word.endswith("}"):
                    raise RecordError(number, _("a comment must close on its line with }"))
                words.append((number, word))
    return tags, words


def _fields(text: str, line: int, what: str) -> dict[str, str]:
    fields = {}
    for part in text.split():
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise RecordError(line, _("{tag}: {part} is not name=value", tag=what, part=repr(part)))
        fields[key] = value
    return fields


def read(text: str | bytes) -> GameFile:
    """Read a pygames record; :class:`RecordError` names the line and what is wrong."""
    tags, words = _split(_lines(text))
    if "Game" not in tags:
        raise RecordError(0, _('this is not a pygames record: it has no [Game "…"] tag'))
    line, name = tags["Game"]
    try:
        game_class(name)
    except ValueError as e:
        raise RecordError(line, str(e)) from None
    parts = [f"g={name}"]
    for tag in ("Options", "Setup"):
        if tag in tags:
            at, value = tags[tag]
            fields = _fields(value, at, tag)
            parts += [f"{k}={v}" for k, v in fields.items()]
    decoded = decode("&".join(["v=1", *parts]))
    problems = decoded.errors + [_("unknown option {name}", name=repr(k)) for k in decoded.extra]
    if problems or decoded.record is None:
        at = tags.get("Options", tags.get("Setup", tags["Game"]))[0]
        raise RecordError(at, "; ".join(problems) or _("the game could not be set up"))
    record = decoded.record
    game = record.start()
    expect = 1
    per_round = len(game.seats)
    comments: dict[int, str] = {}
    for i, (at, word) in enumerate(words):
        if word.startswith("{"):
            ply = len(record.moves)
            comments[ply] = f"{comments[ply]} {word[1:-1].strip()}" if ply in comments else word[1:-1].strip()
            continue
        if _NUMBER.fullmatch(word):
            if int(word[:-1]) != expect or len(record.moves) % per_round:
                raise RecordError(at, _("move number {number} is out of place", number=word))
            expect += 1
            continue
        if word.lower() == "resign":
            if any(not w.startswith("{") for _at, w in words[i + 1:]) or game.is_over():
                raise RecordError(at, _("a resignation can only end an unfinished game"))
            record.resigned = game.to_move
            break
        try:
            move = game.parse_move(word)
            game.play(move)
        except ValueError as e:
            raise RecordError(at, _("move {number} ({move}): {problem}", number=len(record.moves) + 1, move=word[:24],
                                    problem=e)) from None
        record.moves.append(move)
    if "Result" in tags:
        at, stated = tags["Result"]
        actual = result_text(record)
        if stated != actual:
            raise RecordError(at, _("the result says {stated}, but the moves give {actual}", stated=repr(stated),
                                    actual=repr(actual)))
    return GameFile(record, {k: v for k, (_, v) in tags.items()}, comments)


# -- pente.org ---------------------------------------------------------------------------

#: pente.org's game names that pygames plays, with the options that give its rules. Its
#: Pente uses the tournament rule (White's second stone at least three points from the
#: centre), which is the Pro opening here; Poof-Pente is the self-capture rule.
PENTE_ORG_GAMES: dict[str, dict[str, Any]] = {
    "Pente": {"opening": "pro"},
    "Speed Pente": {"opening": "pro"},
    "Keryo-Pente": {"opening": "pro", "capture_three": True},
    "Speed Keryo-Pente": {"opening": "pro", "capture_three": True},
    "Poof-Pente": {"opening": "pro", "self_capture": "self-capture"},
    "Speed Poof-Pente": {"opening": "pro", "self_capture": "self-capture"},
}
#: pente.org's columns: A to T without I.
PENTE_ORG_COLUMNS = "ABCDEFGHJKLMNOPQRST"
_PENTE_ORG_POINT = re.compile(r"([A-HJ-T])(1[0-9]|[1-9])")


def read_pente_org(text: str | bytes) -> GameFile:
    """Read a pente.org game record; games whose rules pygames does not have are refused
    by name. The players' names become ``Player 1``/``Player 2`` tags (``White`` and
    ``Black``, chess style, are read too); a resignation ends the record as one here does,
    and a forfeit is kept as the ``Termination`` tag."""
    tags, words = _split(_lines(text))
    line, name = tags.get("Game", (0, "Pente"))
    if name not in PENTE_ORG_GAMES:
        raise RecordError(line, _("pente.org's {name} is not played here; these are: {known}", name=repr(name),
                                  known=", ".join(PENTE_ORG_GAMES)))
    record = Record("pente", game_class("pente").check_options(PENTE_ORG_GAMES[name]))
    game = record.start()
    out = {"Event": tags["Event"][1]} if "Event" in tags else {}
    for seat, chess in ((1, "White"), (2, "Black")):
        player = tags.get(f"Player {seat} Name", tags.get(chess))
        if player:
            out[f"Player {seat}"] = player[1]
    for key in ("Site", "Date", "Round", "Result"):
        if key in tags:
            out[f"pente.org {key}" if key == "Result" else key] = tags[key][1]
    for at, word in words:
        if word.startswith("{") or _NUMBER.fullmatch(word) or word in ("1-0", "0-1", "1/2-1/2", "*"):
            continue
        if word == "Resign" and not game.is_over():
            record.resigned = game.to_move
            break
        if word == "Forfeit":
            out["Termination"] = f"{game.colour_name(game.to_move)}: forfeit"
            break
        match = _PENTE_ORG_POINT.fullmatch(word.upper())
        if match is None:
            raise RecordError(at, _("{word} is not a pente.org move (a column A–T without I, a row 1–19)",
                                    word=repr(word[:24])))
        col, row = PENTE_ORG_COLUMNS.index(match.group(1)), int(match.group(2))
        move: Move = game.board.point((19 - row, col))
        try:
            game.play(move)
        except IllegalMove as e:
            raise RecordError(at, _("move {number} ({move}): {problem}", number=len(record.moves) + 1, move=word,
                                    problem=e)) from None
        record.moves.append(move)
    return GameFile(record, out)


def pente_org_game(options: Mapping[str, Any]) -> str:
    """pente.org's name for a Pente game with these options; ``ValueError`` naming the
    option pente.org has no game for."""
    if options.get("size") != 19 or options.get("players") != 2:
        raise ValueError("pente.org plays two players on a 19x19 board")
    for name, wanted in PENTE_ORG_GAMES.items():
        if name.startswith("Speed"):
            continue
        expected = game_class("pente").check_options(wanted)
        if all(options[k] == v for k, v in expected.items()):
            return name
    pro = game_class("pente").check_options({"opening": "pro"})
    differing = [k for k, v in pro.items() if options[k] != v and k not in ("capture_three", "self_capture")]
    raise ValueError(f"pente.org has no game with these rules ({', '.join(differing) or 'capture three with self-capture'})")


def write_pente_org(record: Record, players: list[str] | None = None, date: datetime.date | None = None) -> str:
    """A Pente game as pente.org writes its records (``ValueError`` if it has no such game)."""
    if record.game != "pente" or record.setup is not None:
        raise ValueError("only Pente games played from the start can be written for pente.org")
    name = pente_org_game(record.options)
    game = record.replay()
    tags = {"Game": name, "Site": "pygames", "Date": (date or datetime.date.today()).strftime("%Y.%m.%d")}
    for seat, player in enumerate(players or [], 1):
        tags[f"Player {seat} Name"] = player
    result = record.outcome(game)
    tags["Result"] = "*" if result is None else "1/2-1/2" if result.draw else "1-0" if 1 in result.winners else "0-1"
    points = [game.board.coords[m] for m in record.moves if isinstance(m, int)]
    return _file(tags, _movetext([f"{PENTE_ORG_COLUMNS[col]}{19 - row}" for row, col in points], 2, record.resigned, "Resign"))


def read_any(text: str | bytes) -> GameFile:
    """A record in either format: a share link, a pygames record, or pente.org's."""
    lines = _lines(text)
    joined = "\n".join(lines).strip()
    if "\n" not in joined and ("g=" in joined and "=" in joined) and not joined.startswith("["):
        decoded = decode(joined.split("#", 1)[-1])
        if decoded.record is None or decoded.errors:
            raise RecordError(0, "; ".join(decoded.errors) or _("the link could not be read"))
        return GameFile(decoded.record)
    if re.search(r'^\[Game "[a-z]+"\]', joined, re.MULTILINE):
        return read(joined)
    if re.search(r'^\[(Game|Player 1 Name|White) "', joined, re.MULTILINE):
        return read_pente_org(joined)
    raise RecordError(0, _('this is neither a share link nor a game record (it has no [Game "…"] tag)'))
