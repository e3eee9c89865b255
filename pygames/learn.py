"""Lessons and puzzles: a board that asks the player to do something, and checks it.

Both are data, read from JSON (the site ships one lesson file and one puzzle file per
game, fetched only when opened; :func:`lesson` and :func:`puzzle` read them). Nothing in
the data is code: a lesson step's task is one of three declarative checks, and the rules
engine answers each one, so a step can never claim an answer the rules disagree with.

* ``play``: play a move. It is right when it reaches the step's :class:`Goal` (flip the
  marked group, empty these points, win...) or, failing a goal, is one of the listed
  ``moves``. An illegal move is refused with the engine's own reason.
* ``choose``: tap a set of points, which a named :data:`QUERIES` entry computes (the false
  liberties, the illegal points, the dead stones...). A wrong pick is explained point by
  point where the game can say why (:data:`REASONS`).
* ``winner``: say who is ahead in the position: the engine counts.

A puzzle is a position, a goal to reach within a number of the solver's moves against
every defence, the solution line and each wrong first move's refutation. Its proof is
not here (the computer player's :mod:`pygames.ai.prove` re-proves it in the tests): this
module only plays a puzzle out, which a page can do without any search.

Texts in the data are ``{"en": ..., "ko": ...}`` pairs, read in the language in force.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .board import Point
from .game import Game, IllegalMove, Move
from .gardar import Gardar
from .i18n import N_, _, get_language
from .loose import Loose
from .notation import decode

#: Misses after which a step shows its answer.
SHOW_AFTER = 2
#: Puzzle difficulties, by the number of the solver's moves the goal needs.
LEVELS = {1: N_("Easy"), 2: N_("Medium"), 3: N_("Hard")}


class LearnError(ValueError):
    """Lesson or puzzle data that cannot be used (the message says what and where)."""


def words(text: Mapping[str, str] | str | None) -> str:
    """A data text in the language in force (English when it has no translation)."""
    if text is None:
        return ""
    if isinstance(text, str):
        return text
    return text.get(get_language()) or text.get("en", "")


def start(fragment: str) -> Game:
    """The position a lesson step or puzzle names, as a share-link fragment."""
    decoded = decode(fragment)
    if decoded.record is None or decoded.errors:
        raise LearnError(f"position {fragment!r}: {'; '.join(decoded.errors)}")
    return decoded.record.replay(decoded.ply)


def _point(game: Game, label: str) -> Point:
    try:
        return game.board.parse(label)
    except ValueError as e:
        raise LearnError(f"{label!r} is not a point of this board") from e


def _move(game: Game, text: str) -> Move:
    try:
        return game.parse_move(text)
    except ValueError as e:
        raise LearnError(f"{text!r} is not a move of this game") from e


# -- goals ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Goal:
    """What the player must bring about, judged for the colour ``mover``:

    * ``own``: every point of ``points`` holds a stone of the mover (a flipped group, a
      stone placed there);
    * ``empty``: every point of ``points`` is empty (a suppressed group, dead stones
      taken off, a captured pair);
    * ``win``: the game is over and the mover has won;
    * ``captures``: the mover's score (Pente's captured stones) is at least ``count``;
    * ``safe``: the mover has just moved and whoever plays next cannot win with their move
      (a defence: Pente's four broken or a capture win stopped), or the mover has won.
    """

    kind: str
    points: tuple[Point, ...] = ()
    count: int = 0

    @classmethod
    def read(cls, game: Game, data: Mapping[str, Any]) -> Goal:
        kind = data.get("kind", "")
        if kind not in GOALS:
            raise LearnError(f"unknown goal {kind!r} (known: {', '.join(GOALS)})")
        return cls(kind, tuple(_point(game, p) for p in data.get("points", ())), int(data.get("count", 0)))

    def reached(self, game: Game, mover: int) -> bool:
        return GOALS[self.kind](game, self, mover)

    def as_data(self, game: Game) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.points:
            data["points"] = [game.board.label(p) for p in self.points]
        if self.count:
            data["count"] = self.count
        return data


def _won(game: Game, mover: int) -> bool:
    result = game.result()
    return result is not None and result.winners == (mover,)


def _gardar(game: Game) -> Gardar:
    if not isinstance(game, Gardar):
        raise LearnError("enclosures, perimeter loops and surplus stones are Gardar's words")
    return game


def _enclosed_by(game: Game, colour: int) -> set[Point]:
    """The empty points of the enclosures ``colour`` controls (Gardar; 0: the shared ones).

    Closing a ring is the first thing Gardar asks of a player, and nothing on the board
    changes colour or leaves it when that happens, so ``own`` and ``empty`` cannot see it:
    the ``enclosed`` goal and the ``controlled`` question ask the engine's enclosures."""
    return {p for e in _gardar(game).enclosures() if e.controller == colour for p in e.points}


def _safe(game: Game, mover: int) -> bool:
    """Nobody to move can win at once. Judged only right after the mover's own move: with
    the mover to play again the threat has not been answered yet."""
    if _won(game, mover):
        return True
    if game.is_over() or game.to_move == mover:
        return False
    return not _wins_now(game, None)


GOALS: dict[str, Callable[[Game, Goal, int], bool]] = {
    "own": lambda g, goal, mover: all(g.stones[p] == mover for p in goal.points),
    "empty": lambda g, goal, mover: all(g.stones[p] == 0 for p in goal.points),
    "win": lambda g, goal, mover: _won(g, mover),
    "captures": lambda g, goal, mover: g.scores().get(mover, 0) >= goal.count,
    # Gardar: every point lies in an enclosure the mover controls.
    "enclosed": lambda g, goal, mover: set(goal.points) <= _enclosed_by(g, mover),
    "safe": lambda g, goal, mover: _safe(g, mover),
}


# -- what a "choose" task asks for ---------------------------------------------------------


def _illegal_points(game: Game) -> set[Point]:
    """The empty points where the player to move may not place."""
    return {p for p in range(len(game.board)) if game.stones[p] == 0 and not game.is_legal(p)}


def group(game: Game, at: Point) -> list[Point]:
    """The stones connected to ``at`` through its own colour, sorted: read from the stones
    alone, the same in every game."""
    colour, seen, todo = game.stones[at], {at}, [at]
    while todo:
        for q in game.board.neighbours[todo.pop()]:
            if q not in seen and game.stones[q] == colour:
                seen.add(q)
                todo.append(q)
    return sorted(seen)


def _group_of(game: Game, at: Point | None) -> list[Point]:
    if at is None or not game.stones[at]:
        raise LearnError("this question needs a stone: give its point as 'at'")
    return group(game, at)


def groups(game: Game, colour: int) -> list[list[Point]]:
    """Every group of ``colour``, each as its sorted points: read from the stones alone,
    the same in every game (for puzzle goals about a group)."""
    seen: set[Point] = set()
    found = []
    for p, s in enumerate(game.stones):
        if s == colour and p not in seen:
            found.append(group(game, p))
            seen.update(found[-1])
    return found


def _liberties(game: Game, at: Point | None) -> set[Point]:
    return {q for p in _group_of(game, at) for q in game.board.neighbours[p] if game.stones[q] == 0}


def _loose(game: Game) -> Loose:
    if not isinstance(game, Loose):
        raise LearnError("true and false liberties are Loose's words")
    return game


def _false_liberties(game: Game, at: Point | None) -> set[Point]:
    return {p for p in range(len(game.board)) if game.stones[p] == 0 and not _loose(game).is_true_liberty(p)}


def _true_liberties(game: Game, at: Point | None) -> set[Point]:
    return _loose(game).true_liberties(_group_of(game, at))


def _dead(game: Game, at: Point | None) -> set[Point]:
    if not isinstance(game, Gardar):
        raise LearnError("dead stones are Gardar's words")
    return {p for colour in (1, 2) for p in game.dead_stones(colour)}


def _points_where(game: Game, test: Callable[[Game], bool]) -> set[Point]:
    """The empty points where a stone of the player to move passes ``test`` once played."""
    found = set()
    for p in range(len(game.board)):
        if game.stones[p] == 0 and game.is_legal(p):
            game.play(p)
            if test(game):
                found.add(p)
            game.undo()
    return found


def _wins_now(game: Game, at: Point | None) -> set[Point]:
    """The points where the player to move would win at once."""
    mover = game.to_move
    return _points_where(game, lambda g: _won(g, mover))


def _takes(game: Game) -> bool:
    effects = game.last_effects
    return effects is not None and bool(effects.removed or effects.flipped)


def _capturing(game: Game, at: Point | None) -> set[Point]:
    """The points where the player to move would take stones off the board (or turn them)."""
    return _points_where(game, _takes)


def _enclosures(game: Game, at: Point | None) -> set[Point]:
    """Every enclosed point, whoever controls it (Gardar): the shape of an enclosure, and
    that open space reaching the edge is not one, come before who controls it."""
    return {p for e in _gardar(game).enclosures() for p in e.points}


def _controlled(game: Game, at: Point | None) -> set[Point]:
    """The points of the enclosures the player to move controls (Gardar): the fence
    majority, which decides which stones die."""
    return _enclosed_by(game, game.to_move)


def _surplus(game: Game, at: Point | None) -> set[Point]:
    """The stones on no perimeter loop (Gardar), of both colours: each costs its owner a
    point, which is the half of the count a newcomer does not expect."""
    gardar = _gardar(game)
    looped: set[Point] = set()
    for p, colour in enumerate(gardar.stones):
        if colour and p not in looped:
            looped.update(gardar.perimeter_loop(p))
    return {p for p, colour in enumerate(gardar.stones) if colour and p not in looped}


#: The questions a ``choose`` task can ask: each computes the right set of points in the
#: position on view; ``at`` is the point the question is about, when it needs one.
QUERIES: dict[str, Callable[[Game, Point | None], set[Point]]] = {
    "enclosures": _enclosures,
    "controlled": _controlled,
    "surplus": _surplus,
    "illegal": lambda g, at: _illegal_points(g),
    "group": lambda g, at: set(_group_of(g, at)),
    "liberties": _liberties,
    "true_liberties": _true_liberties,
    "false_liberties": _false_liberties,
    "dead": _dead,
    "wins": _wins_now,
    "capturing": _capturing,
}


def _liberty_reason(game: Game, p: Point) -> str | None:
    """Why an empty point is a true or a false liberty, in Loose's words."""
    if game.stones[p] or not isinstance(game, Loose):
        return None
    around = [game.stones[q] for q in game.board.neighbours[p]]
    if 0 in around:
        return _("{point} is a true liberty: it touches an empty point", point=game.board.label(p))
    if len(set(around)) == 1:
        return _("{point} is a true liberty: it touches stones of one colour only", point=game.board.label(p))
    return _("{point} is a false liberty: it touches no empty point and stones of both colours",
             point=game.board.label(p))


def _illegal_reason(game: Game, p: Point) -> str | None:
    if game.stones[p]:
        return _("{point} is not empty", point=game.board.label(p))
    try:
        game.play(p)
    except IllegalMove as e:
        return _("{point} is illegal: {reason}", point=game.board.label(p), reason=e)
    game.undo()
    return _("{point} is a legal move", point=game.board.label(p))


def _enclosure_reason(game: Game, p: Point) -> str | None:
    """Why a Gardar point is not (one of the player's) enclosed points: the two things a
    newcomer gets wrong are the edge, which fences nothing, and the fence majority."""
    gardar, label = _gardar(game), game.board.label(p)
    if gardar.stones[p]:
        return _("{point} holds a stone: an enclosure is made of empty points", point=label)
    for e in gardar.enclosures():
        if p in e.points:
            return _("{point} is enclosed, but its fence holds {black} Black and {white} White stones", point=label,
                     black=e.counts[1], white=e.counts[2])
    return _("{point} is open space: the empty area around it reaches the edge", point=label)


def _alive_reason(game: Game, p: Point) -> str | None:
    """Why a Gardar stone is not dead, by the clause that spares it: a stone dies by
    touching an enemy enclosure alone, or with a group that cannot breathe off the edge."""
    gardar, label = _gardar(game), game.board.label(p)
    colour = gardar.stones[p]
    if not colour:
        return None
    touched = [e.controller for e in gardar.enclosures() if set(e.points) & set(gardar.board.neighbours[p])]
    if 3 - colour in touched:
        return _("{point} touches an enclosure the enemy controls, but also one that is its own or shared",
                 point=label)
    group = _group_of(game, p)
    around = {q for s in group for q in gardar.board.neighbours[s]} - set(group)
    if any(not gardar.stones[q] and q not in gardar.board.edge for q in around):
        return _("{point} can breathe: its group touches an empty point off the edge", point=label)
    if not any(gardar.stones[q] == 3 - colour for q in around):
        return _("{point} is safe: its group touches no enemy stone", point=label)
    return _("{point} is safe: its group encloses an empty point", point=label)


def _surplus_reason(game: Game, p: Point) -> str | None:
    if not _gardar(game).stones[p]:
        return None
    return _("{point} is on a perimeter loop: it scores a point", point=game.board.label(p))


#: Why a point is or is not in a query's answer, where the game can say it.
REASONS: dict[str, Callable[[Game, Point], str | None]] = {
    "false_liberties": _liberty_reason,
    "true_liberties": _liberty_reason,
    "illegal": _illegal_reason,
    "enclosures": _enclosure_reason,
    "controlled": _enclosure_reason,
    "dead": _alive_reason,
    "surplus": _surplus_reason,
}


# -- lessons -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Feedback:
    """The page's answer to an attempt: right or not, the words, and (after
    :data:`SHOW_AFTER` misses) the answer to show: points to mark, or moves."""

    right: bool
    message: str
    answer: tuple[Point, ...] = ()


@dataclass(frozen=True)
class Step:
    """One step of a lesson: a title, two or three sentences, a position and a task."""

    title: Mapping[str, str]
    text: Mapping[str, str]
    position: str
    task: Mapping[str, Any]
    marks: str = ""
    #: Words for particular wrong answers, by move or point label.
    why: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Step:
        try:
            step = cls(data["title"], data["text"], data["position"], data["task"], data.get("marks", ""),
                       data.get("why", {}))
        except KeyError as e:
            raise LearnError(f"a lesson step lacks {e}") from None
        step.check()
        return step

    def check(self) -> None:
        """Raise :class:`LearnError` unless the task is one this module can judge."""
        game = self.game()
        kinds = [k for k in ("play", "choose", "winner") if k in self.task]
        if len(kinds) != 1:
            raise LearnError(f"step {words(self.title)!r}: a task is one of play, choose, winner")
        if "play" in self.task:
            play = self.task["play"]
            if "goal" in play:
                Goal.read(game, play["goal"])
            for m in play.get("moves", ()):
                _move(game, m)
            if not ("goal" in play or play.get("moves")):
                raise LearnError(f"step {words(self.title)!r}: a play task needs a goal or moves")
        if "choose" in self.task:
            self.chosen(game)

    def game(self) -> Game:
        return start(self.position)

    def chosen(self, game: Game) -> set[Point]:
        """The points a ``choose`` task wants, as the engine finds them."""
        ask = self.task["choose"]
        name = ask if isinstance(ask, str) else ask.get("query", "")
        if name not in QUERIES:
            raise LearnError(f"unknown question {name!r} (known: {', '.join(QUERIES)})")
        at = _point(game, ask["at"]) if isinstance(ask, Mapping) and "at" in ask else None
        return QUERIES[name](game, at)

    def right_moves(self, game: Game) -> list[Move]:
        """Every legal move that a ``play`` task accepts."""
        play = self.task["play"]
        if "goal" not in play:
            return [_move(game, m) for m in play["moves"]]
        goal, mover = Goal.read(game, play["goal"]), game.to_move
        right = []
        for move in game.legal_moves():
            game.play(move)
            if goal.reached(game, mover):
                right.append(move)
            game.undo()
        return right

    def _why(self, game: Game, label: str) -> str | None:
        return words(self.why[label]) if label in self.why else None

    def try_move(self, game: Game, move: Move, misses: int = 0) -> Feedback:
        """Judge ``move`` in the step's position (``game``, left as it was)."""
        right = self.right_moves(game)
        show = tuple(m for m in right if isinstance(m, int)) if misses + 1 >= SHOW_AFTER else ()
        if move in right:
            return Feedback(True, words(self.task.get("done")) or _("Right!"))
        label = game.move_text(move)
        try:
            game.play(move)
        except IllegalMove as e:
            return Feedback(False, self._why(game, label) or _("That move is illegal: {reason}", reason=e), show)
        game.undo()
        return Feedback(False, self._why(game, label) or words(self.task.get("wrong"))
                        or _("Not that one: try again."), show)

    def try_points(self, game: Game, points: Iterable[Point], misses: int = 0) -> Feedback:
        """Judge a set of tapped points for a ``choose`` task."""
        want, got = self.chosen(game), set(points)
        show = tuple(sorted(want)) if misses + 1 >= SHOW_AFTER else ()
        if got == want:
            return Feedback(True, words(self.task.get("done")) or _("Right!"))
        name = self.task["choose"] if isinstance(self.task["choose"], str) else self.task["choose"]["query"]
        explain = REASONS.get(name)
        extra, missing = got - want, want - got
        if extra:
            p = min(extra)
            reason = self._why(game, game.board.label(p)) or (explain(game, p) if explain else None)
            return Feedback(False, reason or _("{point} is not one of them", point=game.board.label(p)), show)
        return Feedback(False, _("{count} more to find", count=len(missing)), show)

    def winner(self, game: Game) -> int:
        """The colour ahead on the count (0 for a tie): a ``winner`` task's answer."""
        scores = game.scores()
        best = max(scores.values())
        leaders = [c for c, s in scores.items() if s == best]
        return leaders[0] if len(leaders) == 1 else 0

    def try_winner(self, game: Game, colour: int, misses: int = 0) -> Feedback:
        want = self.winner(game)
        if colour == want:
            return Feedback(True, words(self.task.get("done")) or _("Right!"))
        return Feedback(False, words(self.task.get("wrong")) or _("Count again: the score decides."))


@dataclass(frozen=True)
class Lesson:
    """A game's track of lesson steps."""

    game: str
    title: Mapping[str, str]
    steps: tuple[Step, ...]

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Lesson:
        steps = tuple(Step.read(s) for s in data.get("steps", ()))
        if not steps:
            raise LearnError("a lesson needs steps")
        return cls(data["game"], data.get("title", {}), steps)


# -- puzzles -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    """A position and a goal that the player to move (the solver) can reach within
    ``moves`` of their moves whatever the defence, proven so by the computer.

    ``line`` is the solution, solver and defender alternating, ending with the move that
    reaches the goal. ``refute[i]`` answers the solver's wrong ``i``-th move: the
    defender's reply after which the goal is out of reach (``"*"`` for every move not
    listed). A goal reached by another move than the line's is still reached."""

    id: int
    game: str
    position: str
    goal: Mapping[str, Any]
    moves: int
    line: tuple[str, ...]
    refute: tuple[Mapping[str, str], ...]
    level: int
    theme: Mapping[str, str]
    marks: str = ""

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Puzzle:
        try:
            return cls(int(data["id"]), data["game"], data["position"], data["goal"], int(data["moves"]),
                       tuple(data["line"]), tuple(data.get("refute", ())), int(data["level"]), data["theme"],
                       data.get("marks", ""))
        except (KeyError, TypeError, ValueError) as e:
            raise LearnError(f"a puzzle lacks or misreads {e}") from None

    def game_at_start(self) -> Game:
        return start(self.position)

    def prompt(self, game: Game) -> str:
        """The task in words (the theme is the hint; this is the instruction)."""
        who = game.colour_label(game.to_move)
        goal = str(self.goal.get("kind", ""))
        # a defence against a capture win needs the count, which the board does not show
        theirs = round(max((s for c, s in game.scores().items() if c != game.to_move), default=0))
        stop = _("stop your opponent from winning with their next move")
        if goal == "safe" and game.name == "pente" and theirs:
            stop = _("stop your opponent ({count} captured stones) from winning with their next move", count=theirs)
        # one marked stone or point is named in the singular: most puzzles mark one
        one = len(self.goal.get("points", ())) == 1
        what = {"own": _("turn the marked stone to your colour") if one else _("turn the marked stones to your colour"),
                "empty": _("take the marked stone off the board") if one else _("take the marked stones off the board"),
                "win": _("win the game"),
                "enclosed": _("enclose the marked point") if one else _("enclose the marked points"),
                "safe": stop,
                "captures": _("reach {count} captured stones (you have {have})", count=self.goal.get("count", 0),
                              have=round(game.scores().get(game.to_move, 0)))}.get(goal, "")
        if self.moves == 1:
            return _("{colour} to play: {goal}, in one move.", colour=who, goal=what)
        return _("{colour} to play: {goal}, within {count} of your moves, whatever the defence.", colour=who,
                 goal=what, count=self.moves)


@dataclass
class Attempt:
    """A puzzle being solved: the position on view and how far along the line it is."""

    puzzle: Puzzle
    game: Game
    #: The solver's colour (the player to move at the start).
    mover: int
    #: The index in the line of the solver's next move.
    at: int = 0
    solved: bool = False
    failed: bool = False

    @classmethod
    def begin(cls, puzzle: Puzzle) -> Attempt:
        game = puzzle.game_at_start()
        return cls(puzzle, game, game.to_move)

    def play(self, move: Move) -> tuple[Feedback, list[Move]]:
        """The solver's move: its feedback, and the defender's replies the page should
        play after it (the line's answer, or the refutation of a wrong move)."""
        if self.solved or self.failed:
            return Feedback(False, _("Start again to try once more.")), []
        game, goal = self.game, Goal.read(self.game, self.puzzle.goal)
        try:
            game.play(move)
        except IllegalMove as e:
            return Feedback(False, _("That move is illegal: {reason}", reason=e)), []
        if goal.reached(game, self.mover):
            self.solved = True
            return Feedback(True, _("Solved!")), []
        text = game.board.label(move) if isinstance(move, int) else str(move)
        line = self.puzzle.line
        step = self.at // 2
        if self.at < len(line) - 1 and text == line[self.at]:
            reply = _move(game, line[self.at + 1])
            game.play(reply)
            self.at += 2
            return Feedback(True, _("Right: keep going.")), [reply]
        self.failed = True
        refutes = self.puzzle.refute[step] if step < len(self.puzzle.refute) else {}
        answer = refutes.get(text, refutes.get("*"))
        if answer is None or game.is_over():
            return Feedback(False, _("Not that one: the goal is not reached.")), []
        reply = _move(game, answer)
        if not game.is_legal(reply):
            return Feedback(False, _("Not that one: the goal is not reached.")), []
        game.play(reply)
        if game.is_over() and not _won(game, self.mover):
            return Feedback(False, _("Not that one: this answer wins the game.")), [reply]
        return Feedback(False, _("Not that one: after this answer the goal is out of reach.")), [reply]


def lesson(data: Mapping[str, Any]) -> Lesson:
    """A lesson track from its JSON data, checked (:class:`LearnError` says what is wrong)."""
    return Lesson.read(data)


def puzzles(data: Mapping[str, Any] | Sequence[Mapping[str, Any]]) -> list[Puzzle]:
    """A game's puzzles from their JSON data (``{"puzzles": [...]}`` or the list)."""
    items = data["puzzles"] if isinstance(data, Mapping) else data
    return [Puzzle.read(p) for p in items]
