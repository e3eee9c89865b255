"""A lesson step or a puzzle on a page's board: what :mod:`pygames.learn` checks, kept with
the :class:`~pygames.session.Session` that draws it.

The site loads this module, with :mod:`pygames.learn`, only when a lesson or a puzzle is
opened (most visits never open one), so the game page does not carry it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import learn
from .board import Point
from .game import Move
from .i18n import _
from .session import Preferences, Session, parse_marks


class Exercise:
    """A lesson step or a puzzle on one board: the :class:`Session` that draws it, and the
    check of what the player does (:mod:`pygames.learn`). The page shows :meth:`view`'s
    ``frames`` one after the other: a puzzle's answer to a move comes as a second frame,
    so the player sees their own move first."""

    #: Marks: the points a "choose" task has picked, and an answer shown after two misses.
    PICKED, SHOWN = "circle", "square"

    def __init__(self, kind: str, game: str, number: int, count: int, position: str, marks: str,
                 step: learn.Step | None = None, puzzle: learn.Puzzle | None = None) -> None:
        self.kind, self.game_name, self.number, self.count = kind, game, number, count
        self.step, self.puzzle = step, puzzle
        self.position, self.base_marks = position, marks
        self.attempt = learn.Attempt.begin(puzzle) if puzzle else None
        self.misses = 0
        self.picked: set[Point] = set()
        self.shown: tuple[Point, ...] = ()
        self.right = False
        self.message = ""
        #: The defender's replies the last move brought, which the page plays out after it.
        self.replies = 0
        #: Whether the last move was right (a puzzle's line goes on), solved or not.
        self.good = False
        self.session = self._fresh()
        #: Action buttons (pass, the button...) only for a task about one, which the start decides.
        self.actions = step is not None and "play" in step.task and any(
            isinstance(m, str) for m in step.right_moves(self.session.game))

    @classmethod
    def of_lesson(cls, data: Mapping[str, Any], number: int) -> Exercise:
        """Step ``number`` (from 1) of a lesson track's data; :class:`learn.LearnError` if none."""
        steps = data.get("steps", ())
        if not 1 <= number <= len(steps):
            raise learn.LearnError(_("this lesson has no step {number}", number=number))
        step = learn.Step.read(steps[number - 1])  # only the step on view: each step read is a position set up
        return cls("lesson", data["game"], number, len(steps), step.position, step.marks, step=step)

    @classmethod
    def of_puzzle(cls, data: Mapping[str, Any], number: int) -> Exercise:
        """Puzzle ``number`` (its id) of a game's puzzle data."""
        found = {p.id: p for p in learn.puzzles(data)}
        if number not in found:
            raise learn.LearnError(_("there is no puzzle {number}", number=number))
        p = found[number]
        return cls("puzzle", p.game, number, len(found), p.position, p.marks, puzzle=p)

    def _fresh(self) -> Session:
        session, errors = Session.from_fragment(self.position)
        if errors:
            raise learn.LearnError("; ".join(errors))
        session.marks, _problems = parse_marks(session.game.board, self.base_marks)
        return session

    def _marks(self) -> None:
        marks, _problems = parse_marks(self.session.game.board, self.base_marks)
        marks.update({p: self.PICKED for p in self.picked})
        marks.update({p: self.SHOWN for p in self.shown})
        self.session.marks = marks

    def _judged(self, feedback: learn.Feedback) -> None:
        self.message = feedback.message
        if feedback.right:
            self.right = True
            self.shown = ()
        else:
            self.misses += 1
            self.shown = feedback.answer
        self._marks()

    def reset(self) -> None:
        """The exercise from its start, misses forgotten (a puzzle: a fresh attempt)."""
        self.session = self._fresh()
        self.attempt = learn.Attempt.begin(self.puzzle) if self.puzzle else None
        self.picked, self.shown, self.right, self.message, self.replies, self.good = set(), (), False, "", 0, False

    def move(self, move: Move) -> None:
        """The player's move (a point or an action)."""
        if self.right:
            return
        if self.attempt is not None:
            self._puzzle_move(move)
            return
        step = self.step
        assert step is not None
        if "choose" in step.task and isinstance(move, int):
            self.picked ^= {move}
            self.message = ""
            self._marks()
            return
        if "play" not in step.task:
            return
        feedback = step.try_move(self.session.game, move, self.misses)
        if feedback.right:
            self.session.play(move)
        self._judged(feedback)

    def _puzzle_move(self, move: Move) -> None:
        attempt = self.attempt
        assert attempt is not None
        if attempt.solved or attempt.failed:
            self.message = _("Start again to try once more.")
            return
        feedback, replies = attempt.play(move)
        self.message, self.good = feedback.message, feedback.right
        if not feedback.right and not attempt.failed:
            return  # an illegal move: nothing changed
        self.session.play(move)
        for reply in replies:
            self.session.play(reply)
        self.replies = len(replies)
        self.right = attempt.solved

    def click(self, x: float, y: float) -> None:
        point = self.session.game.board.nearest(x, y, radius=0.48)
        if point is not None:
            self.move(point)

    def check(self) -> None:
        """Judge the points picked for a "choose" task."""
        if self.step is not None and "choose" in self.step.task and not self.right:
            self._judged(self.step.try_points(self.session.game, self.picked, self.misses))

    def say_winner(self, colour: int) -> None:
        if self.step is not None and "winner" in self.step.task and not self.right:
            self._judged(self.step.try_winner(self.session.game, colour, self.misses))

    def solution(self) -> None:
        """A puzzle's solution played out on the board (it counts as not solved)."""
        if self.puzzle is None:
            return
        self.reset()
        game = self.session.game
        for text in self.puzzle.line:
            self.session.play(game.parse_move(text))
        assert self.attempt is not None
        self.attempt.failed = True
        self.message = _("The solution: {moves}", moves=" ".join(self.puzzle.line))

    def frames(self, prefs: Preferences) -> list[dict[str, Any]]:
        """What the page shows, in order: the position before the defender's replies (if
        the last move brought any), then the position now."""
        shown = []
        if self.replies:
            session, now = self.session, self.session.ply
            session.goto(now - self.replies)
            shown.append(self.view(prefs))
            session.goto(now)
            self.replies = 0
        return [*shown, self.view(prefs)]

    def view(self, prefs: Preferences) -> dict[str, Any]:
        view = self.session.view(prefs)
        g = self.session.game
        info: dict[str, Any] = {"kind": self.kind, "game": self.game_name, "number": self.number,
                                "count": self.count, "right": self.right, "message": self.message,
                                "misses": self.misses, "good": self.good}
        if self.step is not None:
            task = self.step.task
            info.update(title=learn.words(self.step.title), text=learn.words(self.step.text),
                        task=next(k for k in ("play", "choose", "winner") if k in task))
            info["actions"] = view["actions"] if self.actions else []
            if "winner" in task:
                info["choices"] = [[c, g.colour_label(c)] for c in range(1, g.players() + 1)] + [[0, _("A tie")]]
        if self.puzzle is not None and self.attempt is not None:
            start = self.puzzle.game_at_start()
            info.update(title=learn.words(self.puzzle.theme), text=self.puzzle.prompt(start),
                        level=self.puzzle.level, level_name=_(learn.LEVELS[self.puzzle.level]),
                        failed=self.attempt.failed, task="puzzle", actions=[])
        view["learn"] = info
        return view
