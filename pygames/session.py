"""What a board page shows and how it reacts, without any browser.

A :class:`Session` holds a game record, the ply on view, the moves taken back (for redo)
and a pending move (for the confirm-move preference). The page's glue turns DOM
events into calls here and draws :meth:`Session.view`; everything a player can do is
therefore testable under CPython, and the glue stays a thin wiring layer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

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


class Session:
    """One game on one board: record, viewed ply, redo list and a pending move."""

    def __init__(self, record: Record, ply: int | None = None, marks: dict[int, str] | None = None) -> None:
        self.record = record
        self.ply = len(record.moves) if ply is None else ply
        self.redo_moves: list[Move] = []
        self.pending: Move | None = None
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

    # -- moves --------------------------------------------------------------------------

    def play(self, move: Move) -> str | None:
        """Play ``move`` at the viewed ply; returns the reason if it is illegal (nothing
        changes then). Playing while viewing an earlier ply replaces the later moves."""
        self.pending = None
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
        self.pending = None
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


__all__ = ["Preferences", "Session", "option_fields", "OptionError"]
