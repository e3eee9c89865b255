"""What a board page shows and how it reacts, without any browser.

A :class:`Session` holds a game record, the ply on view, the moves taken back (for redo)
and a pending move (for the confirm-move preference). The page's glue turns DOM
events into calls here and draws :meth:`Session.view`; everything a player can do is
therefore testable under CPython, and the glue stays a thin wiring layer.
"""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from . import ai
from .board import Board
from .game import Game, IllegalMove, Move, OptionError, game_class
from .notation import Record, decode, encode, quote_untrusted
from .render import SHAPES, scene


@dataclass
class Preferences:
    """Player preferences: not part of the rules, changeable at any time."""

    coordinates: bool = True
    last_move: bool = True
    confirm: bool = False
    overlays: bool = False
    evaluation: bool = False


class Session:
    """One game on one board: record, viewed ply, redo list and a pending move."""

    def __init__(self, record: Record, ply: int | None = None, marks: dict[int, str] | None = None) -> None:
        self.record = record
        self.ply = len(record.moves) if ply is None else ply
        self.redo_moves: list[Move] = []
        self.pending: Move | None = None
        #: The computer's suggestion for the position on view, shown until anything changes.
        self.hint: Move | None = None
        self.marks = marks or {}
        self.game = record.replay(self.ply)

    @classmethod
    def new(cls, name: str, options: dict[str, Any] | None = None) -> Session:
        """A fresh game; :class:`OptionError` (a ``ValueError``) explains bad options."""
        game = game_class(name)(**(options or {}))
        return cls(Record(name, game.options))

    @classmethod
    def from_fragment(cls, text: str, default: str = "loose") -> tuple[Session, list[str]]:
        """The session a share link describes, and messages about anything dropped."""
        decoded = decode(text)
        if decoded.record is None:
            return cls.new(default), decoded.errors
        session = cls(decoded.record, decoded.ply)
        if "marks" in decoded.extra:
            session.marks, problems = parse_marks(session.game.board, decoded.extra["marks"])
            decoded.errors.extend(problems)
        return session, decoded.errors

    def fragment(self) -> str:
        marks = {"marks": format_marks(self.game.board, self.marks)} if self.marks else {}
        return encode(self.record, self.ply, **marks)

    def record_key(self) -> str:
        """The whole game as link text, whatever ply is on view: an answer of the computer
        player belongs to the game it was asked about only if this has not changed."""
        return encode(self.record)

    def computer_move(self, text: str, key: str) -> str | None:
        """Play the computer's answer ``text`` at the end of the game it was asked about
        (``key``, see :meth:`record_key`), whichever ply the player is viewing meanwhile;
        the view follows the game only if it was on the last position. An answer about a
        game that has changed since (an undo, a new game) is dropped with a message."""
        if key != self.record_key():
            return "the game changed while the computer was thinking; its move was dropped"
        viewing = self.ply
        following = viewing == len(self.record.moves)
        self.goto(len(self.record.moves))
        try:
            move = self.game.parse_move(text)
        except ValueError as e:
            reason: str | None = str(e)
        else:
            self.redo_moves.clear()
            reason = self.play(move)
        if not following:
            self.goto(viewing)
        return reason

    def show_hint(self, text: str, fragment: str) -> str | None:
        """Mark the computer's suggestion ``text`` for the position it was asked about
        (``fragment``); a hint for a position no longer on view is dropped."""
        if fragment != self.fragment():
            return "the position changed; ask for a hint again"
        move = self.game.parse_move(text)
        self.hint = move
        return f"Hint for {self.game.colour_name(self.game.to_move)}: {self.game.move_text(move)}"

    # -- moves --------------------------------------------------------------------------

    def play(self, move: Move) -> str | None:
        """Play ``move`` at the viewed ply; returns the reason if it is illegal (nothing
        changes then). Playing while viewing an earlier ply replaces the later moves."""
        self.pending = self.hint = None
        try:
            self.game.play(move)
        except IllegalMove as e:
            return str(e)
        if self.ply < len(self.record.moves):
            if self.record.moves[self.ply] != move:
                del self.record.moves[self.ply:]
                self.redo_moves.clear()
            else:
                self.ply += 1
                return None
        else:
            if self.redo_moves and self.redo_moves[-1] == move:
                self.redo_moves.pop()
            else:
                self.redo_moves.clear()
        self.record.moves.append(move)
        self.ply += 1
        return None

    def click(self, x: float, y: float, confirm: bool = False) -> str | None:
        """A click at board units ``(x, y)``: place there (or select it first when the
        confirm-move preference is on). Clicks between points do nothing."""
        point = self.game.board.nearest(x, y, radius=0.48)
        if point is None:
            return None
        if confirm:
            if self.game.stones[point]:
                return "that point is already occupied"
            self.pending = None if self.pending == point else point
            return None
        return self.play(point)

    def type_move(self, text: str) -> str | None:
        """A move typed in the game's notation (``e5``, ``pass``...), for keyboard players."""
        text = text.strip()
        try:
            move = self.game.parse_move(text)
        except ValueError as e:
            if re.fullmatch(r"[A-Za-z0-9-]{1,8}", text):
                return str(e)
            return f"{quote_untrusted(text)} is not a move: type a point such as e5, or an action such as pass"
        return self.play(move)

    def choose(self, move: Move, confirm: bool = False) -> str | None:
        """An action button (pass, a colour choice...): play it, or with the confirm-move
        preference make it the pending move, like a selected point."""
        if not confirm:
            return self.play(move)
        self.pending = None if self.pending == move else move
        return None

    def confirm(self) -> str | None:
        """Play the pending move."""
        if self.pending is None:
            return "select a point first"
        return self.play(self.pending)

    def undo(self) -> str | None:
        """Take back the last move of the game (and view the position before it)."""
        if not self.record.moves:
            return "no move to take back"
        self.redo_moves.append(self.record.moves.pop())
        self.goto(min(self.ply, len(self.record.moves)))
        return None

    def redo(self) -> str | None:
        if not self.redo_moves:
            return "no move to redo"
        self.goto(len(self.record.moves))
        return self.play(self.redo_moves[-1])

    def goto(self, ply: int) -> None:
        """View the position after ``ply`` moves (clamped to the game)."""
        ply = max(0, min(ply, len(self.record.moves)))
        self.pending = self.hint = None
        if ply == self.ply + 1:
            self.game.play(self.record.moves[self.ply])
        elif ply == self.ply - 1 and self.game.history:
            self.game.undo()
        elif ply != self.ply:
            self.game = self.record.replay(ply)
        self.ply = ply

    # -- what to show -------------------------------------------------------------------

    def view(self, prefs: Preferences) -> dict[str, Any]:
        """Everything the page draws and writes, as plain data."""
        g = self.game
        result = g.result()
        marks = dict(self.marks)
        if isinstance(self.pending, int):
            marks[self.pending] = "circle"
        if isinstance(self.hint, int):
            marks[self.hint] = "triangle"
        names = {c: g.colour_name(c) for c in range(1, g.players() + 1)}
        return {
            "scene": scene(g, coordinates=prefs.coordinates, last_move=prefs.last_move,
                           overlays=prefs.overlays or result is not None, marks=marks),
            "title": g.title,
            "game": self.record.game,
            "options": self.record.options,
            "prompt": _result_text(g) if result else g.prompt(),
            "describe": g.describe(),
            "to_move": None if result else names.get(g.to_move),
            "seats": [[f"Player {i + 1}", names.get(c, "")] for i, c in enumerate(g.seats)],
            "seat_to_move": None if result else g.seat_to_move(),
            "colours": [names[c] for c in sorted(names)],
            "breakdown": [[label, [row.get(c, 0) for c in sorted(names)]] for label, row in g.breakdown()],
            "scores": [g.scores().get(c, 0) for c in sorted(names)],
            "actions": [] if result else [[m, g.action_label(m), _ends_game(g, m)] for m in g.candidates()
                                          if isinstance(m, str) and g.is_legal(m)],
            "ply": self.ply,
            "plies": len(self.record.moves),
            "can_undo": bool(self.record.moves),
            "can_redo": bool(self.redo_moves),
            "pending": self.pending is not None,
            "pending_text": "" if self.pending is None else (
                f"Confirm {g.move_text(self.pending)}" if isinstance(self.pending, int)
                else f"Confirm: {g.action_label(self.pending)}"),
            "moves": [g.move_text(m) for m in self.record.moves],
            "last": _last_move_text(g),
            "over": result is not None,
        }


@dataclass(frozen=True)
class ComputerTask:
    """A question the page puts to the computer player, checked: the position, who asks
    (``purpose``: ``"move"`` for the computer's own seat, ``"hint"`` or ``"evaluate"`` for
    the side to move at the ply on view) and at which level."""

    game: Game
    player: ai.Player
    purpose: str
    key: str

    @classmethod
    def ask(cls, fragment: str, purpose: str, level: str, seat: int | None = None) -> ComputerTask:
        """Read and check a question; a ``ValueError`` says why the computer refuses it (a
        finished game, a move asked at an earlier ply, or for a seat it does not play)."""
        if purpose not in ("move", "hint", "evaluate"):
            raise ValueError(f"{quote_untrusted(purpose)} is not something the computer can be asked")
        player = ai.level(level)
        decoded = decode(fragment)
        if decoded.record is None or decoded.errors:
            raise ValueError(f"the position could not be read: {'; '.join(decoded.errors)}")
        record = decoded.record
        game = record.replay(decoded.ply)
        if game.is_over():
            raise ValueError("the game is over: there is no move to choose")
        if purpose == "move":
            if decoded.ply != len(record.moves):
                raise ValueError("the computer moves only at the end of the game, not at an earlier position")
            if seat != game.seat_to_move():
                raise ValueError(f"it is Player {game.seat_to_move() + 1}'s turn, not the computer's")
        return cls(game, player, purpose, encode(record))

    def answer(self, searcher: ai.Searcher) -> dict[str, Any]:
        """The search's answer as plain data: the move in the game's notation, each
        colour's chance of winning, the work done, and the game it belongs to."""
        g = self.game
        values = searcher.values()
        chances = {g.colour_name(colour): round(values[seat], 3) for seat, colour in enumerate(g.seats)}
        return {"move": g.move_text(searcher.best_move()), "purpose": self.purpose, "key": self.key,
                "chances": chances, "work": searcher.iterations}


async def ask_computer(request: Mapping[str, Any], pause: Callable[[], Awaitable[Any]],
                       cancelled: Callable[[], bool] = lambda: False) -> dict[str, Any]:
    """Answer a question from the page (the fields of :meth:`ComputerTask.ask` plus an
    ``id``), thinking in short slices with ``await pause()`` between them, so that the
    interpreter running it can take other work (a cancel, a repaint) in between. The
    answer is plain data: the task's answer, or ``refused`` with the reason, or
    ``cancelled``; it always carries the question's ``id``."""
    rid = request.get("id")
    try:
        task = ComputerTask.ask(str(request.get("fragment", "")), str(request.get("purpose", "")),
                                str(request.get("level", "")), request.get("seat"))
    except ValueError as e:
        return {"id": rid, "refused": str(e)}
    searcher = None
    # Seeded by the position, so that a hint and the computer's own move agree wherever
    # the level's budget is a number of playouts rather than a time.
    rng = random.Random(str(request.get("fragment")))
    for searcher in task.player.think(task.game, rng, slice_seconds=0.05):
        await pause()
        if cancelled():
            return {"id": rid, "cancelled": True}
    assert searcher is not None
    return {"id": rid, **task.answer(searcher)}


def _last_move_text(g: Game) -> str:
    """The move that led to the position shown, e.g. "Black played e5", for screen readers."""
    if not g.history:
        return ""
    move = g.history[-1]
    g.undo()
    who = g.colour_name(g.to_move)
    g.play(move)
    return f"{who} played {g.move_text(move)}"


def _ends_game(g: Game, move: Move) -> bool:
    """Whether ``move`` would end the game: the page marks such actions as final."""
    g.play(move)
    over = g.is_over()
    g.undo()
    return over


def _result_text(g: Game) -> str:
    result = g.result()
    assert result is not None
    if result.draw:
        return f"Game over: draw ({result.reason})"
    who = " and ".join(g.colour_name(c) for c in result.winners)
    return f"Game over: {who} win{'s' if len(result.winners) == 1 else ''} ({result.reason})"


def parse_marks(board: Board, text: str) -> tuple[dict[int, str], list[str]]:
    """Read diagram marks such as ``circle:c3.d4,cross:e5,A:b2`` (a shape, or a label of at
    most three letters or digits, then its points); returns the marks and any problems."""
    marks: dict[int, str] = {}
    problems: list[str] = []
    for group in filter(None, text.split(",")):
        what, _, where = group.partition(":")
        if not (what in SHAPES or re.fullmatch(r"[A-Za-z0-9]{1,3}", what)):
            problems.append(f"mark {quote_untrusted(what)} is not a shape or a short label")
            continue
        for label in filter(None, where.split(".")):
            try:
                marks[board.parse(label)] = what
            except ValueError:
                problems.append(f"mark {quote_untrusted(what)}: {quote_untrusted(label)} is not a point of the board")
    return marks, problems


def format_marks(board: Board, marks: dict[int, str]) -> str:
    by_kind: dict[str, list[str]] = {}
    for p, what in sorted(marks.items()):
        by_kind.setdefault(what, []).append(board.label(p))
    return ",".join(f"{what}:{'.'.join(labels)}" for what, labels in by_kind.items())


def option_fields(name: str) -> list[dict[str, Any]]:
    """The new-game form of a game: one field description per option."""
    return [{"name": o.name, "label": o.label, "kind": o.kind, "default": o.default,
             "choices": list(o.choices), "suggested": list(o.suggested), "min": o.minimum, "max": o.maximum,
             "help": o.help}
            for o in game_class(name).OPTIONS]


def levels() -> list[dict[str, Any]]:
    """The computer's levels for the page: name, seconds a move and what the level is."""
    return [{"name": p.name, "seconds": p.seconds, "about": p.about} for p in ai.LEVELS]


__all__ = ["ComputerTask", "Preferences", "Session", "ask_computer", "levels", "option_fields", "OptionError"]
