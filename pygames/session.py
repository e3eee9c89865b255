"""What a board page shows and how it reacts, without any browser.

A :class:`Session` holds a game record, the ply on view, the moves taken back (for redo),
the other lines of play the player left (so that no game is ever lost), and a pending move
(for the confirm-move preference). The page's glue turns DOM events into calls here and
draws :meth:`Session.view`; everything a player can do is therefore testable under
CPython, and the glue stays a thin wiring layer.
"""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from . import ai, review
from .board import Board, Point
from .game import (
    COLOUR_CHOICES,
    Game,
    IllegalMove,
    Move,
    OptionError,
    Result,
    available,
    game_class,
)
from .i18n import N_, _, get_language, language
from .notation import Decoded, Record, decode, encode, quote_untrusted
from .render import SHAPES, board_edges, board_key, position

#: How many other lines a session keeps (the oldest is forgotten first).
MAX_LINES = 8
#: What a typed move may look like before it is even read: a point label or an action.
_TYPED = re.compile(r"[A-Za-z0-9-]{1,24}")
#: The computer's seats in a link: ``ai=2:medium`` (seat numbers from 1, then the level),
#: several separated by commas. Links without it are games between people, as before.
_COMPUTER = re.compile(r"([1-9]):([a-z]{1,12})")
#: Options a new visitor's game starts with where the game's own default is for experts:
#: Pente's Swap2 opens with a placement and a choice of colour that puzzle a newcomer, while
#: the Pro opening is the tournament rule every Pente player knows. Links are unaffected:
#: an option a link leaves out keeps the game's own default.
NEWCOMER_OPTIONS: dict[str, dict[str, Any]] = {"pente": {"opening": "pro"}}
#: Games that show the scoring overlay until the player turns it off: Gardar's score goes
#: below zero from the first stone (surplus stones), a mystery unless the board shows why.
OVERLAYS_BY_DEFAULT = {"gardar"}
#: Options the new-game form folds under "Advanced": rule variants a newcomer need not read.
ADVANCED: dict[str, set[str]] = {
    "gardar": {"enemies_inside", "death", "hole_exemption", "cascade", "perimeter", "surplus", "dead_at_end",
               "half_point"},
    "pente": {"overline", "capture_win", "capture_count", "capture_three", "self_capture", "overtime",
              "mixed_capture", "teams"},
}


@dataclass
class Preferences:
    """Player preferences: not part of the rules, changeable at any time."""

    coordinates: bool = True
    last_move: bool = True
    confirm: bool = False
    #: The scoring overlay; ``None`` until the player sets it: then each game's default
    #: (:data:`OVERLAYS_BY_DEFAULT`).
    overlays: bool | None = None
    evaluation: bool = False

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Preferences:
        """The preferences among ``data`` (the page keeps others of its own: theme, sound…)."""
        names = {f.name for f in fields(cls)}
        given: dict[str, Any] = {k: None if v is None else bool(v) for k, v in data.items() if k in names}
        return cls(**given)


@dataclass(frozen=True)
class Note:
    """What one move did, read off the board: who moved, the stones that changed colour
    (flips) and the stones that left the board (captures)."""

    colour: str
    flipped: tuple[int, ...] = ()
    removed: tuple[int, ...] = ()


@dataclass
class Line:
    """A line of play the player left by playing differently at ply ``at``: the whole
    record of moves, and their notes, so that it can be taken up again."""

    at: int
    moves: list[Move]
    notes: list[Note] = field(default_factory=list)
    resigned: int = 0


class Session:
    """One game on one board: record, viewed ply, redo list, other lines, a pending move."""

    def __init__(self, record: Record, ply: int | None = None, marks: dict[int, str] | None = None,
                 players: list[str | int] | None = None, computer: dict[int, str] | None = None) -> None:
        self.record = record
        self.ply = len(record.moves) if ply is None else ply
        #: Moves taken back, each with the ply it was played at, for redo.
        self.redo_moves: list[tuple[int, Move]] = []
        self.lines: list[Line] = []
        self.pending: Move | None = None
        #: The computer's suggestion for the position on view, shown until anything changes.
        self.hint: Move | None = None
        self.marks = marks or {}
        self.game = record.replay(self.ply)
        #: The seats' names: a number n stands for "Player n" in the language in force.
        self.players: list[str | int] = players or list(range(1, self.game.players() + 1))
        #: The seats the computer plays (from 0), each with its level; kept in the link.
        self.computer: dict[int, str] = {}
        self.set_computer(computer or {})
        #: The board's coloured edges: fixed for the game, so asked for once.
        self.edges = board_edges(self.game)
        self._notes: list[Note] = []
        #: The computer's review of the game (as far as it has got), while the game is the
        #: one it reviews; and the budget a link asked a review for (``review=quick``).
        self.review: review.Review | None = None
        self.review_budget: str | None = None
        #: A record's comments that are not the review's (a person's words), kept for its download.
        self.comments: dict[int, str] = {}

    @classmethod
    def new(cls, name: str, options: dict[str, Any] | None = None, computer: dict[int, str] | None = None) -> Session:
        """A fresh game; :class:`OptionError` (a ``ValueError``) explains bad options."""
        game = game_class(name)(**(options or {}))
        return cls(Record(name, game.options), computer=computer)

    @classmethod
    def newcomer(cls, name: str) -> Session:
        """A fresh game as a new visitor meets it (:data:`NEWCOMER_OPTIONS`)."""
        return cls.new(name, NEWCOMER_OPTIONS.get(name))

    def set_computer(self, seats: Mapping[int, str]) -> None:
        """Let the computer play ``seats`` (seat from 0: level name); others are people.
        Seats the game does not have and unknown levels raise ``ValueError``."""
        known = {p.name for p in ai.LEVELS}
        for seat, level in seats.items():
            if not 0 <= int(seat) < self.game.players() or level not in known:
                raise ValueError(_("the computer cannot play seat {seat} at level {level}",
                                   seat=quote_untrusted(str(int(seat) + 1)), level=quote_untrusted(str(level))))
        self.computer = {int(seat): level for seat, level in seats.items()}

    @classmethod
    def from_fragment(cls, text: str, default: str = "") -> tuple[Session, list[str]]:
        """The session a share link describes, and messages about anything dropped; a link
        that names no game opens ``default`` (the first game registered if none)."""
        decoded = decode(text)
        if decoded.record is None:
            return cls.newcomer(default or available()[0]), decoded.errors
        session = cls(decoded.record, decoded.ply)
        if "ai" in decoded.extra:
            decoded.errors.extend(session._read_computer(decoded.extra["ai"]))
        if "marks" in decoded.extra:
            session.marks, problems = parse_marks(session.game.board, decoded.extra["marks"])
            decoded.errors.extend(problems)
        if "review" in decoded.extra:
            budget = decoded.extra["review"]
            if budget in review.BUDGETS:
                session.review_budget = budget
            else:
                decoded.errors.append(_("review={budget} is not a review budget ({budgets})",
                                        budget=quote_untrusted(budget), budgets=", ".join(review.BUDGETS)))
        return session, decoded.errors

    @classmethod
    def from_file(cls, record: Record, players: list[str] | None, comments: Mapping[int, str]) -> Session:
        """A game opened from a record file, with the review its comments hold (if any) and
        the rest of its comments kept as they were."""
        names: list[str | int] | None = list(players) if players and len(players) == len(record.start().seats) else None
        session = cls(record, players=names)
        session.review = review.Review.from_comments(record, comments)
        session.comments = {k: text for k, v in comments.items() if (text := review.comment_text(v))}
        return session

    def _read_computer(self, text: str) -> list[str]:
        """Take the computer's seats from a link's ``ai=`` value; what cannot be read is
        left out (those seats are people's) with a message."""
        seats: dict[int, str] = {}
        problems = []
        for part in text.split(","):
            found = _COMPUTER.fullmatch(part)
            try:
                if not found:
                    raise ValueError(_("{part} is not a seat and a level", part=quote_untrusted(part)))
                self.set_computer({**seats, int(found[1]) - 1: found[2]})
                seats = dict(self.computer)
            except ValueError as e:
                problems.append(_("{problem}; that seat is a person's", problem=e))
        self.computer = seats
        return problems

    def rematch(self) -> Session:
        """The same game afresh with the colours swapped: each player, the computer
        included, takes the next seat (with two players, Player 2 now plays the first colour)."""
        record = Record(self.record.game, dict(self.record.options))
        n = len(self.players)
        return Session(record, players=self.players[1:] + self.players[:1],
                       computer={(seat - 1) % n: level for seat, level in self.computer.items()})

    def seat_names(self, record: bool = False) -> list[str]:
        """The seats' names for players: the computer by its level, and a lone person facing
        it as "You" (in a ``record``, a numbered player: a file is read by others)."""
        people = [i for i in range(len(self.players)) if i not in self.computer]
        names = []
        for i, p in enumerate(self.players):
            if i in self.computer:
                names.append(_("Computer ({level})", level=_(ai.LEVEL_NAMES[self.computer[i]]).lower()))
            elif isinstance(p, int):
                names.append(_("You") if self.computer and len(people) == 1 and not record else _("Player {n}", n=p))
            else:
                names.append(p)
        return names

    def fragment(self, marks: bool = True) -> str:
        """The link text of the position on view, with the computer's seats (``ai``) and,
        unless ``marks`` is false, the diagram marks."""
        extra = {"ai": ",".join(f"{seat + 1}:{level}" for seat, level in sorted(self.computer.items()))} \
            if self.computer else {}
        if marks and self.marks:
            extra["marks"] = format_marks(self.game.board, self.marks)
        if self.current_review() is not None:
            extra["review"] = self.review_budget or "quick"
        return encode(self.record, self.ply, **extra)

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
            return _("the game changed while the computer was thinking; its move was dropped")
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
            return _("the position changed; ask for a hint again")
        move = self.game.parse_move(text)
        self.hint = move
        return _("Hint for {colour}: {move}", colour=self.game.colour_label(self.game.to_move),
                 move=self.move_label(move))

    # -- the computer's review ---------------------------------------------------------------

    def current_review(self) -> review.Review | None:
        """The review, while the game is still the one it reviews (a move played or taken
        back since leaves it behind: its marks would be about another game)."""
        if self.review is not None and self.review.moves != tuple(self.record.moves):
            self.review = None
        return self.review

    def start_review(self, budget: str) -> dict[str, Any]:
        """What the computer must look at for a review with ``budget`` (a name of
        :data:`pygames.review.BUDGETS`): the game (``key``), the positions still to look at
        (``plies``, all of them for a new review) and the seconds per position; a review
        already under way goes on where it stopped. ``ValueError`` says why there is none."""
        if budget not in review.BUDGETS:
            raise ValueError(_("{budget} is not a review budget", budget=quote_untrusted(budget)))
        if not self.record.moves:
            raise ValueError(_("There is nothing to review yet: the game has no moves."))
        if self.current_review() is None or self.review_budget != budget:
            self.review = review.Review(self.record)
        self.review_budget = budget
        assert self.review is not None
        return {"key": self.record_key(), "plies": self.review.missing(), "total": len(self.review),
                "seconds": review.BUDGETS[budget]}

    def reviewed(self, key: str, ply: int, data: Mapping[str, Any]) -> bool:
        """A look at one position of the review (from a worker); False if it is about
        another game than the one on view (the review is then stale and must stop)."""
        current = self.current_review()
        if current is None or key != self.record_key():
            return False
        current.add(int(ply), review.Look.from_data(data, current.seats))
        return True

    def review_comments(self) -> dict[int, str]:
        """The record's comments: the review's figures, then a person's words."""
        found = self.current_review()
        out = dict(found.comments()) if found is not None else {}
        for ply, text in self.comments.items():
            out[ply] = f"{out[ply]} {text}" if ply in out else text
        return out

    def _review_view(self) -> dict[str, Any] | None:
        """The review as the page shows it: how far it has got, each seat's chance at every
        position looked at (the graph), each move's mark, the verdict on the move that led to
        the position on view, and the summary."""
        found = self.current_review()
        if found is None:
            return None
        verdicts = {v.ply: v for v in found.verdicts()}
        verdict = verdicts.get(self.ply)
        shown = None
        if verdict is not None and verdict.mark:
            shown = {"ply": verdict.ply, "mark": verdict.mark, "name": _(review.MARK_NAMES[verdict.mark]),
                     "text": review.describe(found, verdict), "better": list(verdict.better[:review.LINE_PLIES])}
        return {
            "done": len(found.looks), "total": len(found), "complete": found.done, "budget": self.review_budget,
            "chances": [[ply, list(look.values)] for ply, look in sorted(found.looks.items())],
            "marks": {str(v.ply): v.mark for v in verdicts.values() if v.mark},
            "signs": review.MARK_SIGNS,
            "names": {mark: _(name) for mark, name in review.MARK_NAMES.items()},
            "verdict": shown,
            "summary": review.summary_text(found),
            "caution": "" if self.record.game in review.STEADY else _(review.CAUTION),
        }

    # -- moves --------------------------------------------------------------------------

    def play(self, move: Move) -> str | None:
        """Play ``move`` at the viewed ply; returns the reason if it is illegal (nothing
        changes then). Playing the recorded move steps forward; playing another one at an
        earlier ply starts a new line, and the line it leaves is kept in :attr:`lines`
        (an undo takes it up again)."""
        self.pending = self.hint = None
        g, moves = self.game, self.record.moves
        if self.record.resigned and self.ply == len(moves):
            return _("the game is over")
        before, colour = list(g.stones), g.colour_name(g.to_move)
        try:
            g.play(move)
        except IllegalMove as e:
            return str(e)
        if self.ply < len(moves) and moves[self.ply] == move:
            self.ply += 1
            return None
        if self.ply < len(moves):
            notes = self.notes()
            self.lines = [*self.lines, Line(self.ply, moves[:], notes[:], self.record.resigned)][-MAX_LINES:]
            del moves[self.ply:], self._notes[self.ply:]
            self.record.resigned = 0
        if self.redo_moves and self.redo_moves[-1] == (self.ply, move):
            self.redo_moves.pop()
        else:
            self.redo_moves.clear()
        if len(self._notes) == self.ply:
            self._notes.append(_note(colour, before, g.stones, move))
        moves.append(move)
        self.ply += 1
        return None

    def click(self, x: float, y: float, confirm: bool = False) -> str | None:
        """A click at board units ``(x, y)``: place there (or select it first when the
        confirm-move preference is on). Clicks between points do nothing."""
        point = self.game.board.nearest(x, y, radius=0.48)
        if point is None:
            return None
        return self.choose_point(point, confirm)

    def choose_point(self, point: int, confirm: bool = False) -> str | None:
        """Place at ``point``, or with the confirm-move preference select it: a second
        choice of the selected point plays it, another point moves the selection."""
        if confirm and self.pending != point:
            if self.game.stones[point]:
                return _("that point is already occupied")
            self.pending = point
            return None
        return self.play(point)

    def type_move(self, text: str) -> str | None:
        """A move typed in the game's notation (``e5``, ``pass``...), or an action's word in
        the language in force, for keyboard players."""
        text = text.strip()
        words = {_(word): token for token, word in MOVE_WORDS.items()}  # "패스" as well as "pass"
        if text in words:
            return self.play(words[text])
        if not _TYPED.fullmatch(text):
            return _("{text} is not a move: type a point such as e5, or an action such as pass",
                     text=quote_untrusted(text))
        try:
            move = self.game.parse_move(text)
        except ValueError as e:
            return str(e)
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
            return _("select a point first")
        return self.play(self.pending)

    def resign(self) -> str | None:
        """The side to move gives the game up (its team-mates too, in team play). Only at
        the end of the game: a resignation follows the last move, and undo takes it back."""
        if self.ply != len(self.record.moves):
            return _("go to the last move to resign")
        if self.outcome() is not None:
            return _("the game is over")
        self.record.resigned = self.game.to_move
        self.pending = self.hint = None
        self.redo_moves.clear()
        return None

    def outcome(self) -> Result | None:
        """How the game stands at the ply on view: over by its rules, or resigned at its end."""
        if self.ply == len(self.record.moves):
            return self.record.outcome(self.game)
        return self.game.result()

    def undo(self) -> str | None:
        """Take back the resignation, or else the last move of the game (and view the
        position before it). Taking back the first move of a new line takes up again the
        line it replaced."""
        moves = self.record.moves
        if self.record.resigned:
            self.record.resigned = 0
            self.goto(len(moves))
            return None
        if not moves:
            return _("no move to take back")
        move = moves.pop()
        del self._notes[len(moves):]
        left = next((line for line in reversed(self.lines)
                     if line.at == len(moves) and line.moves[:line.at] == moves), None)
        self.redo_moves.append((len(moves), move))
        if left is None:
            self.goto(min(self.ply, len(moves)))
            return None
        self.lines.remove(left)
        self.record.moves, self._notes, self.record.resigned = left.moves, left.notes, left.resigned
        self.goto(min(self.ply, left.at))
        return None

    def redo(self) -> str | None:
        if not self.redo_moves:
            return _("no move to redo")
        ply, move = self.redo_moves[-1]
        self.goto(ply)
        return self.play(move)

    def take_line(self, index: int) -> str | None:
        """Go back to the other line ``index`` of :attr:`lines`, viewing the ply where the
        lines part; the line left is kept in its place."""
        if not 0 <= index < len(self.lines):
            return _("there is no such line")
        line = self.lines.pop(index)
        moves = self.record.moves
        common = next((i for i, (a, b) in enumerate(zip(moves, line.moves)) if a != b), min(len(moves), len(line.moves)))
        self.lines.append(Line(common, moves, self.notes(), self.record.resigned))
        self.goto(min(self.ply, common))
        self.record.moves, self._notes, self.record.resigned = line.moves, line.notes, line.resigned
        self.redo_moves.clear()
        self.goto(line.at)
        return None

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

    def notes(self) -> list[Note]:
        """A :class:`Note` for each move of the record, replaying the game once if needed."""
        if len(self._notes) < len(self.record.moves):
            g = self.record.start()
            self._notes = []
            for move in self.record.moves:
                before, colour = list(g.stones), g.colour_name(g.to_move)
                g.play(move)
                self._notes.append(_note(colour, before, g.stones, move))
        return self._notes

    # -- what to show -------------------------------------------------------------------

    def move_label(self, move: Move) -> str:
        """A move for players: a point label, or an action token in the language in force;
        a colour choice (pie, Swap, Swap2) reads "chose White", since the colour is the one
        the player takes, not the one that moved."""
        if isinstance(move, int):
            return self.game.move_text(move)
        if move in COLOUR_CHOICES and move.capitalize() in self.game.COLOURS:
            return _("chose {colour}", colour=_colour_label(self.game, move.capitalize()))
        return _(MOVE_WORDS.get(move, move))

    def _line_text(self, line: Line) -> str:
        """A kept line in words: its length and where it parts from the game on the board."""
        parting = {"number": line.at + 1,
                   "move": self.move_label(line.moves[line.at]) if line.at < len(line.moves) else _("its end")}
        if len(line.moves) == 1:
            return _("One move, parting at move {number} ({move})", **parting)
        return _("{count} moves, parting at move {number} ({move})", count=len(line.moves), **parting)

    def _last_move_text(self, note: Note | None) -> str:
        """The move that led to the position shown, e.g. "Black played e5; flipped d4", for
        screen readers; a colour choice is said by the seat that chose ("Player 2 chose White")."""
        g = self.game
        if not g.history or note is None:
            return ""
        move = g.history[-1]
        if move in COLOUR_CHOICES:
            seat = self.record.replay(self.ply - 1).seat_to_move()
            return _("{player} chose {colour}", player=self.seat_names()[seat],
                     colour=_colour_label(g, move.capitalize()))
        done = _note_text(g.board, note)
        played = _("{colour} played {move}", colour=_colour_label(g, note.colour), move=self.move_label(move))
        return f"{played}; {done}" if done else played

    def view(self, prefs: Preferences) -> dict[str, Any]:
        """Everything the page draws and writes, as plain data. The board's geometry is not
        in it (it never changes during a game): ask :func:`pygames.render.geometry` for the
        board named ``board``."""
        g = self.game
        result = self.outcome()
        marks = dict(self.marks)
        if isinstance(self.hint, int):
            marks[self.hint] = "triangle"
        names = {c: g.colour_name(c) for c in range(1, g.players() + 1)}
        labels = {c: g.colour_label(c) for c in names}
        notes = self.notes()
        players = self.seat_names()
        parts = g.breakdown()
        overlays = prefs.overlays if prefs.overlays is not None else self.record.game in OVERLAYS_BY_DEFAULT
        candidates = [] if result else list(g.candidates())
        return {
            "board": board_key(g.board),
            "scene": position(g, coordinates=prefs.coordinates, last_move=prefs.last_move,
                              overlays=overlays or result is not None, marks=marks, edges=self.edges),
            "overlays": overlays,
            "title": g.title,
            "game": self.record.game,
            "rules_page": g.rules_page,
            "options": self.record.options,
            "prompt": _result_text(g, result) if result else g.prompt(),
            "describe": g.describe(),
            "to_move": None if result else names.get(g.to_move),
            "seats": [[players[i], names.get(c, "")] for i, c in enumerate(g.seats)],
            # the seats the computer plays (from 0, as text: JSON keys) and their levels
            "computer": {str(seat): level for seat, level in self.computer.items()},
            "score_help": _score_help(self.record),
            "seat_to_move": None if result else g.seat_to_move(),
            "colours": [names[c] for c in sorted(names)],
            "colour_labels": [labels[c] for c in sorted(names)],
            "breakdown": [[g.part_label(key), [row.get(c, 0) for c in sorted(names)]] for key, row in parts],
            "breakdown_keys": [key for key, _row in parts],
            "scores": [g.scores().get(c, 0) for c in sorted(names)],
            "actions": [[m, g.action_label(m), _ends_game(g, m)] for m in candidates
                        if isinstance(m, str) and g.is_legal(m)],
            # the actions are the only moves (a choice the opening asks for), not a pass or a
            # taking of the button beside the board's points
            "actions_only": bool(candidates) and not any(isinstance(m, int) for m in candidates),
            "ply": self.ply,
            "plies": len(self.record.moves),
            "can_undo": bool(self.record.moves) or bool(self.record.resigned),
            "can_resign": result is None and self.ply == len(self.record.moves),
            "can_redo": bool(self.redo_moves),
            "pending": self.pending is not None,
            "pending_point": self.pending if isinstance(self.pending, int) else None,
            "pending_text": "" if self.pending is None else (
                _("Confirm {move}", move=g.move_text(self.pending)) if isinstance(self.pending, int)
                else _("Confirm: {action}", action=g.action_label(self.pending))),
            "moves": [[g.move_text(m), n.colour, _note_text(g.board, n, short=True)]
                      for m, n in zip(self.record.moves, notes)],
            # the move list as players read it: move, colour, note, and the counts for its symbols
            "move_list": [[self.move_label(m), _colour_label(g, n.colour), _note_text(g.board, n, short=True),
                           len(n.flipped), len(n.removed)] for m, n in zip(self.record.moves, notes)],
            "lines": [{"at": line.at, "plies": len(line.moves), "text": self._line_text(line)} for line in self.lines],
            "last": self._last_move_text(notes[self.ply - 1] if self.ply else None),
            "position": describe_position(g),
            "over": result is not None,
            "result": _result(g, result),
            "end": result.code if result else None,
            "review": self._review_view(),
            # a link asked for a review (``review=quick``) that has not started yet
            "review_asked": self.review_budget if self.review is None and self.record.moves else None,
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
            raise ValueError(_("{purpose} is not something the computer can be asked", purpose=quote_untrusted(purpose)))
        player = ai.level(level)
        decoded = _readable(fragment)
        record = decoded.record
        assert record is not None
        game = record.replay(decoded.ply)
        if game.is_over() or (record.resigned and decoded.ply == len(record.moves)):
            raise ValueError(_("the game is over: there is no move to choose"))
        if purpose == "move":
            if decoded.ply != len(record.moves):
                raise ValueError(_("the computer moves only at the end of the game, not at an earlier position"))
            if seat != game.seat_to_move():
                raise ValueError(_("it is Player {n}'s turn, not the computer's", n=game.seat_to_move() + 1))
        return cls(game, player, purpose, encode(record))

    def answer(self, analysis: ai.Analysis) -> dict[str, Any]:
        """An analysis as plain data: the move in the game's notation, each colour's chance
        of winning, the work done, the game it belongs to, and the lines (each move with
        the moves expected after it, as notation and as moves, its chances, and the moves
        to a proven result, if any)."""
        g = self.game

        def chances(values: Sequence[float]) -> dict[str, float]:
            return {g.colour_name(colour): round(values[seat], 3) for seat, colour in enumerate(g.seats)}

        lines = [{"moves": [g.move_text(m) for m in line.moves], "path": list(line.moves),
                  "chances": chances(line.values), "forced": line.forced} for line in analysis.lines]
        return {"move": g.move_text(analysis.move), "purpose": self.purpose, "key": self.key,
                "chances": chances(analysis.values), "work": analysis.work, "lines": lines}


def _readable(text: str, game: bool = False) -> Decoded:
    """A link the page sent, read, or a ``ValueError`` saying why it cannot be (as the
    position a question is about, or as the ``game`` a review looks at)."""
    decoded = decode(text)
    if decoded.record is None or decoded.errors:
        errors = "; ".join(decoded.errors)
        raise ValueError(_("the game could not be read: {errors}", errors=errors) if game
                         else _("the position could not be read: {errors}", errors=errors))
    return decoded


async def ask_computer(request: Mapping[str, Any], pause: Callable[[], Awaitable[Any]],
                       cancelled: Callable[[], bool] = lambda: False, kept: ai.Ponder | None = None) -> dict[str, Any]:
    """Answer a question from the page (the fields of :meth:`ComputerTask.ask` plus an
    ``id``), thinking in short slices with ``await pause()`` between them, so that the
    interpreter running it can take other work (a cancel, a repaint) in between. The
    answer is plain data: the task's answer, or ``refused`` with the reason, or
    ``cancelled``; it always carries the question's ``id``. A refusal is worded in the
    question's ``lang`` (the page's language), else in the language in force.

    ``kept`` is what the interpreter pondered (see :func:`ponder`): the computer's own
    move goes on from it when the position is the one expected, and then says for how
    many seconds it was ``pondered``."""
    if request.get("purpose") == "ponder":
        return await ponder(request, pause, cancelled, kept if kept is not None else ai.Ponder())
    rid = request.get("id")
    try:
        with language(str(request.get("lang") or get_language())):
            task = ComputerTask.ask(str(request.get("fragment", "")), str(request.get("purpose", "")),
                                    str(request.get("level", "")), request.get("seat"))
    except ValueError as e:
        return {"id": rid, "refused": str(e)}
    searcher = None
    # Seeded by the position, so that a hint and the computer's own move agree wherever
    # the level's budget is a number of playouts rather than a time; a search side by
    # side with others (``share``: its part and their number) gets a seed of its own.
    part, parts = request.get("share") or (0, 1)
    lines = int(request.get("lines") or 1)
    rng = random.Random(str(request.get("fragment")) + (f"/{part}" if part else ""))
    share = (int(part), int(parts))
    if kept is not None and task.purpose == "move":
        thinking = kept.think(task.player, task.game, rng, share=share)
    else:
        thinking = task.player.think(task.game, rng, share=share)
    for searcher in thinking:
        await pause()
        if cancelled():
            return {"id": rid, "cancelled": True}
    assert searcher is not None
    more: dict[str, Any] = {"pondered": round(kept.reused, 2)} if kept is not None and task.purpose == "move" else {}
    if searcher.decided is not None and task.player.in_book(task.game, searcher.decided):
        more["book"] = True
    return {"id": rid, **task.answer(ai.answer(task.game, searcher, lines)), "summary": searcher.summary(lines),
            **more}


async def ponder(request: Mapping[str, Any], pause: Callable[[], Awaitable[Any]], cancelled: Callable[[], bool],
                 kept: ai.Ponder) -> dict[str, Any]:
    """Think on a person's time (:class:`pygames.ai.Ponder`): the request holds the game
    (``fragment``, the person to move), the reply the computer expects (``expect``) and the
    ``computer``'s seats (seat number from 0 to level); the seat to move after that reply
    is pondered at its level, in slices as :func:`ask_computer` thinks, until ``cancelled``
    (the person moved, asked for a hint…) or the level's pondering time is spent. What is
    found stays in ``kept`` for the computer's next move. The answer says how many seconds
    the kept search has been pondered, or ``cancelled``, or ``refused``; ``pondered`` is 0
    when there is nothing to ponder (the reply would end the game, or leave a person to
    move, or the level does not ponder)."""
    rid = request.get("id")
    try:
        with language(str(request.get("lang") or get_language())):
            record = _readable(str(request.get("fragment", ""))).record
            assert record is not None
            game = record.replay()
            expect = game.parse_move(str(request.get("expect", "")))
            after = game.copy()
            after.play(expect)
            computer = {int(seat): str(level) for seat, level in dict(request.get("computer") or {}).items()}
            name = None if after.is_over() else computer.get(after.seat_to_move())
            player = ai.level(name) if name else None
    except (ValueError, TypeError) as e:
        return {"id": rid, "refused": str(e)}
    if player is None or player.ponder_seconds <= 0:
        kept.forget()
        return {"id": rid, "pondered": 0}
    part, parts = request.get("share") or (0, 1)
    rng = random.Random(str(request.get("fragment")) + f"/{request.get('expect')}/{part}")
    for _searcher in kept.ponder(player, game, expect, rng, share=(int(part), int(parts))):
        await pause()
        if cancelled():
            return {"id": rid, "cancelled": True}
    return {"id": rid, "pondered": round(kept.seconds, 2)}


async def review_positions(request: Mapping[str, Any], pause: Callable[[], Awaitable[Any]],
                           report: Callable[[dict[str, Any]], None],
                           cancelled: Callable[[], bool] = lambda: False) -> dict[str, Any]:
    """Look at positions of a game for its review (:meth:`Session.start_review` says which),
    as :func:`ask_computer` thinks: in short slices with ``await pause()`` between them. The
    request holds the game (``key``), the ``plies`` and the ``seconds`` per position; a
    search side by side with others (``share``: its part and their number) takes every
    n-th position, so that the positions, not one position's search, are shared out.
    ``report`` is called with each look as it is found (``{id, ply, look}``), so that the
    review fills in move by move; the answer says which plies were looked at, or
    ``cancelled``, or ``refused`` with the reason."""
    rid = request.get("id")
    try:
        with language(str(request.get("lang") or get_language())):
            record = _readable(str(request.get("key", "")), game=True).record
            assert record is not None
            plies = [int(p) for p in request.get("plies", [])]
            if not all(0 <= p <= len(record.moves) for p in plies):
                raise ValueError(_("that game has no such position"))
            seconds = float(request.get("seconds") or review.BUDGETS["quick"])
    except (ValueError, TypeError) as e:
        return {"id": rid, "refused": str(e)}
    part, parts = request.get("share") or (0, 1)
    player = ai.Player("review", seconds)
    done = []

    async def search(game: Game, seed: str) -> ai.Analysis | None:
        searcher = None
        for searcher in player.think(game, random.Random(seed)):
            await pause()
            if cancelled():
                return None
        assert searcher is not None
        return ai.answer(game, searcher)

    for ply in plies[int(part)::int(parts)]:
        game = record.replay(ply)
        found = review.Look(review.final_values(game)) if game.is_over() else None
        if found is None:
            analysis = await search(game, f"{request.get('key')}/{ply}")
            if analysis is None:
                return {"id": rid, "cancelled": True}
            found = review.from_analysis(analysis)
            forced = review.after_settled(game, analysis)
            if forced is not None:
                settled = await search(forced, f"{request.get('key')}/{ply}/only")
                if settled is None:
                    return {"id": rid, "cancelled": True}
                found = replace(found, values=tuple(settled.values))
            then = review.after_best(game, record.moves[ply] if ply < len(record.moves) else None, found)
            if then is not None and then.is_over():
                found = replace(found, then=review.final_values(then))
            elif then is not None:
                better = await search(then, f"{request.get('key')}/{ply}/best")
                if better is None:
                    return {"id": rid, "cancelled": True}
                found = replace(found, then=tuple(better.values))
        done.append(ply)
        report({"id": rid, "ply": ply, "look": found.data()})
    return {"id": rid, "reviewed": done}


def merge_answers(request: Mapping[str, Any], replies: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One answer from the replies of the searches that :func:`ask_computer` made side by
    side for ``request`` (each asked with its ``share``), merged as on CPython
    (:func:`pygames.ai.merge`); a single reply is the answer as it is. The merged answer was
    ``pondered`` as long as the least pondered of its searches, and is a ``book`` move when
    the move merged is the book move of one of them."""
    if len(replies) == 1:
        return dict(replies[0])
    with language(str(request.get("lang") or get_language())):
        task = ComputerTask.ask(str(request.get("fragment", "")), str(request.get("purpose", "")),
                                str(request.get("level", "")), request.get("seat"))
        merged = ai.merge(task.game, [r["summary"] for r in replies], int(request.get("lines") or 1))
        pondered = [float(r["pondered"]) for r in replies if "pondered" in r]
        book = any(r.get("book") and r["summary"]["decided"] == merged.move for r in replies)
        return {"id": request.get("id"), **task.answer(merged), "workers": len(replies),
                **({"pondered": min(pondered)} if pondered else {}), **({"book": True} if book else {})}


def _note(colour: str, before: list[int], after: list[int], move: Move) -> Note:
    """What a move did, from the stones before and after it (no rules needed: a stone that
    changed colour flipped, one that left the board was captured)."""
    flipped: list[Point] = []
    removed: list[Point] = []
    for p, (a, b) in enumerate(zip(before, after)):
        if a and a != b and p != move:
            (flipped if b else removed).append(p)
    return Note(colour, tuple(flipped), tuple(removed))


def _note_text(board: Board, note: Note, short: bool = False) -> str:
    """The flips and captures of a move: "2 flipped" for the move list, or the points for
    a screen reader ("flipped d4, d5")."""
    parts = []
    if note.flipped:
        parts.append(_("{count} flipped", count=len(note.flipped)) if short
                     else _("flipped {points}", points=", ".join(board.label(p) for p in note.flipped)))
    if note.removed:
        parts.append(_("{count} captured", count=len(note.removed)) if short
                     else _("captured {points}", points=", ".join(board.label(p) for p in note.removed)))
    return ", ".join(parts)


#: Action tokens in words, for the move list and screen readers.
MOVE_WORDS = {"pass": N_("pass"), "button": N_("button"), "black": N_("black"), "white": N_("white"),
              "place-two": N_("place-two")}


def _colour_label(g: Game, name: str) -> str:
    """A colour's name for players, from its English name (a :class:`Note`'s colour)."""
    return g.colour_label(g.COLOURS.index(name) + 1)


def describe_position(g: Game) -> str:
    """The position in words, for screen readers: each colour's stones by coordinates."""
    by_colour: dict[int, list[str]] = {}
    for p, c in enumerate(g.stones):
        if c:
            by_colour.setdefault(c, []).append(g.board.label(p))
    if not by_colour:
        return _("The board is empty.")
    return " ".join(f"{g.colour_label(c)} ({len(labels)}): {', '.join(labels)}." for c, labels in sorted(by_colour.items()))


def _result(g: Game, result: Result | None) -> dict[str, Any] | None:
    """The end of the game for its panel: the headline (who won), and why."""
    if result is None:
        return None
    if result.draw:
        return {"headline": _("Draw"), "reason": result.reason, "winners": []}
    if len(result.winners) == 1:
        headline = _("{colour} wins", colour=g.colour_label(result.winners[0]))
    else:
        # "Black and Orange win"; Korean joins colours with a middle dot ("흑·주황 승리")
        *others, final = (g.colour_label(c) for c in result.winners)
        colours = _("{colours} and {colour}", colours=_(", ").join(others), colour=final)
        headline = _("{colours} win", colours=colours)
    return {"headline": headline, "reason": result.reason, "winners": [g.colour_name(c) for c in result.winners]}


def _ends_game(g: Game, move: Move) -> bool:
    """Whether ``move`` would end the game: the page marks such actions as final."""
    g.play(move)
    over = g.is_over()
    g.undo()
    return over


def _result_text(g: Game, result: Result) -> str:
    end = _result(g, result)
    assert end is not None
    if not end["winners"]:
        return _("Game over: draw ({reason})", reason=end["reason"])
    return _("Game over: {headline} ({reason})", headline=end["headline"], reason=end["reason"])


def parse_marks(board: Board, text: str) -> tuple[dict[int, str], list[str]]:
    """Read diagram marks such as ``circle:c3.d4,cross:e5,A:b2`` (a shape, or a label of at
    most three letters or digits, then its points); returns the marks and any problems."""
    marks: dict[int, str] = {}
    problems: list[str] = []
    for group in filter(None, text.split(",")):
        what, _colon, where = group.partition(":")
        if not (what in SHAPES or re.fullmatch(r"[A-Za-z0-9]{1,3}", what)):
            problems.append(_("mark {mark} is not a shape or a short label", mark=quote_untrusted(what)))
            continue
        for label in filter(None, where.split(".")):
            try:
                marks[board.parse(label)] = what
            except ValueError:
                problems.append(_("mark {mark}: {point} is not a point of the board", mark=quote_untrusted(what),
                                  point=quote_untrusted(label)))
    return marks, problems


def format_marks(board: Board, marks: dict[int, str]) -> str:
    by_kind: dict[str, list[str]] = {}
    for p, what in sorted(marks.items()):
        by_kind.setdefault(what, []).append(board.label(p))
    return ",".join(f"{what}:{'.'.join(labels)}" for what, labels in by_kind.items())


def option_fields(name: str) -> list[dict[str, Any]]:
    """The new-game form of a game: one field description per option, in the language in
    force (``choice_labels`` words each of ``choices``), with a new visitor's default
    (:data:`NEWCOMER_OPTIONS`) and whether it is folded under "Advanced" (:data:`ADVANCED`)."""
    newcomer = NEWCOMER_OPTIONS.get(name, {})
    return [{"name": o.name, "label": _(o.label), "kind": o.kind, "default": newcomer.get(o.name, o.default),
             "choices": list(o.choices), "choice_labels": [o.choice_label(c) for c in o.choices],
             "suggested": list(o.suggested), "min": o.minimum, "max": o.maximum, "help": _(o.help) if o.help else "",
             "advanced": o.name in ADVANCED.get(name, set())}
            for o in game_class(name).OPTIONS]


def _score_help(record: Record) -> str:
    """One line on how the score is counted, for a game whose count surprises: Gardar's
    goes below zero from the first stone, before any loop is made."""
    if record.game != "gardar":
        return ""
    if record.options.get("surplus") == "all":
        return _("How the count works: the stones in your loops, minus every stone outside a loop (surplus).")
    return _("How the count works: the stones in your loops, minus your stones outside a loop (surplus).")


def levels() -> list[dict[str, Any]]:
    """The computer's levels for the page: name, seconds a move, what the level is, and how
    long it thinks on the person's time at most (``ponder``, 0 if it does not)."""
    return [{"name": p.name, "label": _(ai.LEVEL_NAMES[p.name]), "seconds": p.seconds, "about": _(p.about),
             "ponder": p.ponder_seconds} for p in ai.LEVELS]


__all__ = [
    "ComputerTask",
    "Line",
    "Note",
    "OptionError",
    "Preferences",
    "Session",
    "ask_computer",
    "describe_position",
    "levels",
    "merge_answers",
    "option_fields",
]
