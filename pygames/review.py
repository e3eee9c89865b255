"""A review of a game by the computer player: every position looked at, every move judged.

The computer looks at each position of the game in turn (:func:`look`, a search of
:mod:`pygames.ai` for a budget): each seat's chance of winning with best play from there,
the best line, and a proven result where its search found one. Where its best move is not
the move played, it also looks at the position after its best move. A move is then judged
by what it cost its player (:class:`Verdict`): their chance after the best move less their
chance after the move played, each found by a search of the position that follows, with
the same player to move. (Comparing the position before a move with the one after it would
not do: a short search is more hopeful for the side to move, and every move would seem to
lose.) The move the computer would have played costs nothing.

* **Marks** (:data:`MARKS`): a move that lowered its player's chance of winning by at least
  10 percentage points is an *inaccuracy*, 20 a *mistake*, 30 a *blunder*. Wider than the
  marks of chess sites (whose engines are far more certain of their numbers): a short search
  of a position is off by a few points either way, and a strong game should get few marks.
* **A missed win**: the position before the move held a win that the search proved (Pente's
  threat search proves them; any game's search sees a win in one), and after the move it no
  longer does and the player's chance is no longer near certain. Marked at least a mistake.
* **Accuracy**: each move scores ``103.1668 · e^(−0.04354 · d) − 3.1669`` (between 0 and
  100), ``d`` being the chance it lost in percentage points, the curve of lichess's published
  accuracy figure; a player's accuracy is the mean over their moves.
* **The sentence**: what the move changed, in the rulebook's words, where the rules can tell
  (:func:`explain`): what the opponent's expected reply now does (wins, captures, flips,
  suppresses, takes dead stones, makes a four or an open three), else what the better move
  would have done, else how many points the better move keeps; else nothing, and the
  numbers speak.

A review is kept in a game record as comments (:meth:`Review.comments`,
:meth:`Review.from_comments`), so that a saved review opens again as it was.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from . import ai
from .game import Game, IllegalMove, Move
from .i18n import N_, _
from .notation import Record
from .pente import Pente

#: The marks, worst first, with the least chance of winning (0 to 1) a move must lose to earn it.
MARKS = (("blunder", 0.30), ("mistake", 0.20), ("inaccuracy", 0.10))
#: Each mark's name for players, and its sign in a move list (as chess writes them).
MARK_NAMES = {"blunder": N_("Blunder"), "mistake": N_("Mistake"), "inaccuracy": N_("Inaccuracy")}
MARK_SIGNS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}
#: A player's chance at or above which a position still counts as won (a missed win is
#: one the move really gave away, not a slower one).
STILL_WON = 0.9
#: Games whose marks a review twice as long mostly confirms (benchmarks/review_calibration.py:
#: Pente, 74% of its marks, its alpha-beta values steady to about 3 points). A short Monte
#: Carlo search of Loose, Vacu, Convacu or Gardar is off by 6 to 15 points either way, about
#: the size of a mark: their reviews say so (:data:`CAUTION`).
STEADY = {"pente"}
CAUTION = N_("In this game a short look is often a few points off, so a mark may be wrong: read the marks as "
             "hints, and a Thorough review for a closer look.")
#: The fewest points the better move must keep to be worth a sentence (a single point is
#: often just the stone placed).
MORE_POINTS = 2
#: How many moves of a line a record keeps.
LINE_PLIES = 6
#: The review budgets a player can choose: seconds per search (a position takes one, or
#: two where the best move was not played). Quick reviews a 60-move game in under a minute
#: with two workers (benchmarks/review_browser.py).
BUDGETS = {"quick": 0.6, "thorough": 2.5}


@dataclass(frozen=True)
class Look:
    """What the computer found at one position: each seat's chance of winning with best
    play, in seat order; the best line from there; and the moves to a proven result
    (:attr:`pygames.ai.Line.forced`: positive, a win for the side to move)."""

    values: tuple[float, ...]
    line: tuple[Move, ...] = ()
    forced: int | None = None
    #: Each seat's chance after the best move, where it is not the move played (found by a
    #: search of that position).
    then: tuple[float, ...] | None = None

    def data(self) -> dict[str, Any]:
        """As plain data (JSON), as a worker sends it to the page."""
        return {"values": [round(v, 4) for v in self.values], "line": list(self.line), "forced": self.forced,
                "then": None if self.then is None else [round(v, 4) for v in self.then]}

    @classmethod
    def from_data(cls, data: Mapping[str, Any], seats: int) -> Look:
        """A look sent as :meth:`data`; ``ValueError`` if it is not one for ``seats`` seats."""
        def chances(given: Any) -> tuple[float, ...]:
            values = tuple(float(v) for v in given)
            if len(values) != seats or not all(0 <= v <= 1 for v in values):
                raise ValueError(f"a look needs {seats} chances between 0 and 1")
            return values

        line = tuple(m if isinstance(m, (int, str)) else str(m) for m in data.get("line") or ())
        forced, then = data.get("forced"), data.get("then")
        return cls(chances(data.get("values", ())), line, int(forced) if forced is not None else None,
                   None if then is None else chances(then))


def final_values(game: Game) -> tuple[float, ...]:
    """Each seat's share of a finished game: the winners share it, a draw is shared by all."""
    result = game.result()
    assert result is not None
    winners = [seat for seat, colour in enumerate(game.seats) if colour in result.winners]
    seats = len(game.seats)
    return tuple((1 / len(winners) if seat in winners else 0.0) if winners else 1 / seats for seat in range(seats))


def look(game: Game, played: Move | None = None, *, seconds: float | None = BUDGETS["quick"],
         iterations: int | None = None, rng: random.Random | None = None, workers: int = 1) -> Look:
    """Search ``game``'s position (left unchanged) for the budget (as
    :func:`pygames.ai.analyse`), and, if its best move is not ``played`` (the move the game
    went on with), the position after its best move for the same budget. A finished game
    needs no search."""
    if game.is_over():
        return Look(final_values(game))
    analysis = ai.analyse(game, seconds=seconds, iterations=iterations, rng=rng, workers=workers)
    found = from_analysis(analysis)
    forced = after_settled(game, analysis)
    if forced is not None:
        found = replace(found, values=look(forced, seconds=seconds, iterations=iterations, rng=rng, workers=workers).values)
    then = after_best(game, played, found)
    if then is None:
        return found
    return replace(found, then=look(then, seconds=seconds, iterations=iterations, rng=rng, workers=workers).values)


def after_settled(game: Game, analysis: ai.Analysis) -> Game | None:
    """The position after a move the searcher settled without searching (the only move, or
    the only one that does not lose at once), where the game goes on: a search's values are
    then only the count after that move, not a search, so the review looks at that position."""
    if analysis.work:
        return None
    after = game.copy()
    after.play(analysis.move)
    return None if after.is_over() else after


def after_best(game: Game, played: Move | None, found: Look) -> Game | None:
    """The position after the best move of ``found`` (a look at ``game``), where it is not
    ``played``, the move the game went on with: the review looks at that position too."""
    if played is None or not found.line or found.line[0] == played:
        return None
    then = game.copy()
    then.play(found.line[0])
    return then


def from_analysis(analysis: ai.Analysis, then: tuple[float, ...] | None = None) -> Look:
    """The look an analysis of a position gives: its values and its first line."""
    first = analysis.lines[0] if analysis.lines else ai.Line((analysis.move,), tuple(analysis.values))
    return Look(tuple(analysis.values), first.moves, first.forced, then)


@dataclass(frozen=True)
class Verdict:
    """One move judged: the ``ply`` it leads to (move ``ply`` of the game, from 1), the seat
    that played it, its player's chance before (with the best move) and after it, the chance
    it lost, its mark (or None), a proven win it missed (in so many moves), the better
    line (the computer's best move first, when the move was not it) and the sentence
    saying what the move changed (empty where the rules cannot tell)."""

    ply: int
    seat: int
    move: Move
    before: float
    after: float
    mark: str | None
    missed: int | None
    better: tuple[Move, ...]
    sentence: str

    @property
    def lost(self) -> float:
        return max(0.0, self.before - self.after) if self.better else 0.0

    @property
    def accuracy(self) -> float:
        """This move's accuracy, 0 to 100 (see the module docstring)."""
        return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * self.lost * 100) - 3.1669))


def mark_for(lost: float) -> str | None:
    """The mark for a move that lost ``lost`` of its player's chance of winning."""
    return next((name for name, least in MARKS if lost >= least - 1e-9), None)


class Review:
    """The review of one game (a :class:`~pygames.notation.Record`): the looks at its
    positions, filled in as they come (from any order, from any number of searches), and
    the verdicts on the moves whose positions before and after are both looked at."""

    def __init__(self, record: Record) -> None:
        self.moves = tuple(record.moves)
        #: The game reviewed, as it was (the session's own record goes on changing).
        self.record = replace(record, options=dict(record.options), state=dict(record.state), moves=list(record.moves))
        games = [record.start()]
        for move in self.moves:
            game = games[-1].copy()
            game.play(move)
            games.append(game)
        #: The position after each number of moves, from the start.
        self.positions = games
        self.seats = len(games[0].seats)
        self.looks: dict[int, Look] = {}
        self._verdicts: dict[int, Verdict] = {}

    def __len__(self) -> int:
        """How many positions the review looks at (the start and one after each move)."""
        return len(self.positions)

    @property
    def done(self) -> bool:
        return len(self.looks) == len(self.positions)

    def missing(self) -> list[int]:
        """The positions not looked at yet, in order."""
        return [ply for ply in range(len(self.positions)) if ply not in self.looks]

    def add(self, ply: int, found: Look) -> None:
        """The look at the position after ``ply`` moves."""
        if not 0 <= ply < len(self.positions):
            raise ValueError(f"this game has no position after {ply} moves")
        if len(found.values) != self.seats:
            raise ValueError(f"a look needs {self.seats} chances")
        # to a tenth of a percent, as a record keeps it, so that a saved review reads back the same
        then = None if found.then is None else tuple(round(v, 3) for v in found.then)
        self.looks[ply] = Look(tuple(round(v, 3) for v in found.values), found.line, found.forced, then)
        self._verdicts.pop(ply, None)
        self._verdicts.pop(ply + 1, None)

    def played(self, ply: int) -> Move | None:
        """The move the game went on with from the position after ``ply`` moves."""
        return self.moves[ply] if ply < len(self.moves) else None

    def look_all(self, budget: Callable[[Game, Move | None], Look],
                 progress: Callable[[int], None] = lambda ply: None) -> None:
        """Look at every position not looked at yet, each with ``budget`` (a function such as
        ``lambda game, played: look(game, played, seconds=1)``), calling ``progress`` after each."""
        for ply in self.missing():
            self.add(ply, budget(self.positions[ply], self.played(ply)))
            progress(ply)

    def verdict(self, ply: int) -> Verdict | None:
        """The verdict on move ``ply`` (from 1), or None until both its positions are looked at."""
        if ply in self._verdicts:
            return self._verdicts[ply]
        if not 1 <= ply < len(self.positions) or ply - 1 not in self.looks or ply not in self.looks:
            return None
        before_game, move = self.positions[ply - 1], self.moves[ply - 1]
        seat = before_game.seat_to_move()
        before, after = self.looks[ply - 1], self.looks[ply]
        better = before.line if before.line and before.line[0] != move else ()
        now = after.values[seat]
        chance = before.then[seat] if better and before.then is not None else now
        won = bool(better) and before.forced is not None and before.forced > 0
        if won:  # proven: certain, whatever a short search after the better move saw
            chance = max(chance, before.values[seat])
        mark = mark_for(max(0.0, chance - now)) if better else None
        missed = None
        if won and now < STILL_WON:
            still = after.forced is not None and after.forced < 0 and self.seats == 2
            if not still:
                missed = before.forced
                mark = mark if mark == "blunder" else "mistake"
        sentence = explain(before_game, move, better, after.line) if mark else ""
        verdict = Verdict(ply, seat, move, chance, now, mark, missed, better, sentence)
        self._verdicts[ply] = verdict
        return verdict

    def verdicts(self) -> list[Verdict]:
        """The verdicts found so far, in the order of the moves."""
        return [v for v in (self.verdict(ply) for ply in range(1, len(self.positions))) if v is not None]

    def summary(self) -> list[dict[str, Any]]:
        """Per seat: the moves judged, how many of each mark, and the accuracy (None
        before any of its moves is judged)."""
        out, verdicts = [], self.verdicts()
        for seat in range(self.seats):
            mine = [v for v in verdicts if v.seat == seat]
            counts = {name: sum(v.mark == name for v in mine) for name, _least in MARKS}
            accuracy = round(sum(v.accuracy for v in mine) / len(mine), 1) if mine else None
            out.append({"seat": seat, "moves": len(mine), **counts, "missed": sum(v.missed is not None for v in mine),
                        "accuracy": accuracy})
        return out

    # -- in a record -----------------------------------------------------------------------

    def comments(self) -> dict[int, str]:
        """The review as record comments, one per position looked at (key: the number of
        moves before it; 0 is the start): ``[%eval 62.4,37.6]`` each seat's chance in
        percent, ``[%best d4 e5 f6]`` the computer's line from there, ``[%forced 3]`` a
        proven result; after a marked move, ``[%mark mistake]``, ``[%missed 3]`` and the
        sentence. Reading them back (:meth:`from_comments`) gives the same review."""
        out = {}
        for ply, found in sorted(self.looks.items()):
            parts = [f"[%eval {_percent(found.values)}]"]
            if found.line:
                parts.append(f"[%best {' '.join(_line_text(self.positions[ply], found.line[:LINE_PLIES]))}]")
            if found.then is not None:
                parts.append(f"[%then {_percent(found.then)}]")
            if found.forced is not None:
                parts.append(f"[%forced {found.forced}]")
            verdict = self.verdict(ply) if ply else None
            if verdict is not None and verdict.mark:
                parts.append(f"[%mark {verdict.mark}]")
                if verdict.missed is not None:
                    parts.append(f"[%missed {verdict.missed}]")
                if verdict.sentence:
                    parts.append(verdict.sentence.replace("{", "(").replace("}", ")"))
            out[ply] = " ".join(parts)
        return out

    @classmethod
    def from_comments(cls, record: Record, comments: Mapping[int, str]) -> Review | None:
        """The review that :meth:`comments` wrote, from a record's comments; None if they hold
        none. A comment it cannot read (another version's, a person's) is left as text."""
        review = cls(record)
        for ply, text in comments.items():
            values, then = _chances(_EVAL, text, review.seats), _chances(_THEN, text, review.seats)
            if values is None or not 0 <= ply < len(review.positions):
                continue
            best, forced = _BEST.search(text), _FORCED.search(text)
            line = _parse_line(review.positions[ply], best.group(1).split()) if best else ()
            review.add(ply, Look(values, line, int(forced.group(1)) if forced else None, then))
        return review if review.looks else None


_CHANCES = r"([0-9]{1,3}(?:\.[0-9])?(?:,[0-9]{1,3}(?:\.[0-9])?){1,3})\]"
_EVAL = re.compile(r"\[%eval " + _CHANCES)
_THEN = re.compile(r"\[%then " + _CHANCES)
_FORCED = re.compile(r"\[%forced (-?[0-9]{1,3})\]")
_BEST = re.compile(r"\[%best ([^\]]{1,400})\]")
#: The review's own commands in a comment (what is left is the comment's text).
COMMANDS = re.compile(r"\[%(?:eval|then|forced|mark|best|missed) [^\]]*\]\s*")


def _percent(values: tuple[float, ...]) -> str:
    return ",".join(f"{v * 100:.1f}" for v in values)


def _chances(command: re.Pattern[str], text: str, seats: int) -> tuple[float, ...] | None:
    """The chances a command of a comment gives, if it gives one for each seat."""
    match = command.search(text)
    if match is None:
        return None
    values = tuple(round(float(v) / 100, 3) for v in match.group(1).split(","))
    return values if len(values) == seats and all(0 <= v <= 1 for v in values) else None


def comment_text(comment: str) -> str:
    """A comment without the review's commands: its sentence, or a person's own words."""
    return COMMANDS.sub("", comment).strip()


def _line_text(game: Game, line: tuple[Move, ...]) -> list[str]:
    """A line in the game's notation, as far as its moves can be played."""
    game = game.copy()
    words = []
    for move in line:
        if game.is_over() or not game.is_legal(move):
            break
        words.append(game.move_text(move))
        game.play(move)
    return words


def _parse_line(game: Game, words: list[str]) -> tuple[Move, ...]:
    """A line read back from notation, as far as its moves are legal."""
    game = game.copy()
    moves: list[Move] = []
    for word in words:
        try:
            move = game.parse_move(word)
            game.play(move)
        except ValueError:
            break
        moves.append(move)
    return tuple(moves)


# -- what a move changed, in the rulebook's words ---------------------------------------------

#: What the opponent's expected reply does after the move, worst first (``<kind>_one``: the
#: sentence for a single stone).
THREATS = {
    "win": N_("After this, {colour} wins with {move}."),
    "capture": N_("After this, {colour} captures {count} stones with {move} ({points})."),
    "suppress": N_("After this, {colour} suppresses {count} stones with {move} ({points})."),
    "dead": N_("After this, {colour} removes {count} dead stones with {move} ({points})."),
    "flip": N_("After this, {colour} flips {count} stones with {move} ({points})."),
    "capture_one": N_("After this, {colour} captures a stone with {move} ({points})."),
    "suppress_one": N_("After this, {colour} suppresses a stone with {move} ({points})."),
    "dead_one": N_("After this, {colour} removes a dead stone with {move} ({points})."),
    "flip_one": N_("After this, {colour} flips a stone with {move} ({points})."),
    "open_four": N_("After this, {colour} gets an open four with {move}."),
    "four": N_("After this, {colour} gets a four with {move}."),
    "open_three": N_("After this, {colour} gets an open three with {move}."),
}
#: What the better move would have done.
CHANCES = {
    "win": N_("{move} wins at once."),
    "capture": N_("{move} captures {count} stones ({points})."),
    "suppress": N_("{move} suppresses {count} stones ({points})."),
    "dead": N_("{move} removes {count} dead stones ({points})."),
    "flip": N_("{move} flips {count} stones ({points})."),
    "capture_one": N_("{move} captures a stone ({points})."),
    "suppress_one": N_("{move} suppresses a stone ({points})."),
    "dead_one": N_("{move} removes a dead stone ({points})."),
    "flip_one": N_("{move} flips a stone ({points})."),
    "open_four": N_("{move} makes an open four."),
    "four": N_("{move} makes a four."),
    "open_three": N_("{move} makes an open three."),
}
#: The word for stones that leave the board, by game.
REMOVALS = {"pente": "capture", "vacu": "suppress", "convacu": "suppress", "gardar": "dead", "loose": "capture"}


#: Pente's rows a sentence names, strongest first.
ROWS = ("open_four", "four", "open_three")


def _row_kind(game: Game, point: int, colour: int) -> str | None:
    """A Pente row that a stone at ``point`` stands in: ``open_four``, ``four`` or
    ``open_three`` (counted in unbroken runs, with the points at their ends), else None. A
    four may also have its gap inside (X.XXX, XX.XX): one more stone on an empty end of the
    run makes the row there, as the game counts it."""
    if not isinstance(game, Pente):
        return None
    length, stones, rays = game.row_length, game.stones, game.board.rays[point]
    best = None
    for d in range(4):
        run, ends = 1, []
        for ray in (rays[d], rays[d + 4]):
            for q in ray:
                if stones[q] != colour:
                    if stones[q] == 0:
                        ends.append(q)
                    break
                run += 1
        kind = ("open_four" if len(ends) == 2 else "four" if ends else None) if run == length - 1 else (
            "open_three" if run == length - 2 and len(ends) == 2 else None)
        if kind in (None, "open_three") and any(game.row_lengths(q, colour)[d] >= length for q in ends):
            kind = "four"
        if kind and (best is None or ROWS.index(kind) < ROWS.index(best)):
            best = kind
    return best


def _effect(game: Game) -> tuple[str, int, list[int]] | None:
    """What ``game``'s last move did, as a kind of :data:`THREATS` with a count and points."""
    effects = game.last_effects
    if effects is None:
        return None
    me = effects.colour
    if effects.result is not None and me in effects.result.winners and len(effects.result.winners) < len(game.seats):
        return "win", 0, []
    theirs = sorted(p for p, colour in effects.removed.items() if colour != me)
    if theirs:
        return REMOVALS.get(game.name, "capture"), len(theirs), theirs
    if effects.flipped:
        return "flip", len(effects.flipped), sorted(effects.flipped)
    if isinstance(effects.move, int) and game.stones[effects.move] == me:
        kind = _row_kind(game, effects.move, me)
        if kind:
            return kind, 1, [effects.move]
    return None


def _sentence(table: Mapping[str, str], game: Game, found: tuple[str, int, list[int]], colour: int, move: Move) -> str:
    kind, count, points = found
    if count == 1 and f"{kind}_one" in table:
        kind = f"{kind}_one"
    return _(table[kind], colour=game.colour_label(colour), move=game.move_text(move), count=count,
             points=", ".join(game.board.label(p) for p in points[:6]) + ("…" if len(points) > 6 else ""))


def _after(game: Game, moves: tuple[Move, ...]) -> Game | None:
    """``game`` after ``moves`` (a copy), or None if one of them cannot be played."""
    game = game.copy()
    try:
        for move in moves:
            if game.is_over():
                return None
            game.play(move)
    except IllegalMove:
        return None
    return game


def explain(before: Game, move: Move, better: tuple[Move, ...], reply: tuple[Move, ...]) -> str:
    """One sentence on what ``move`` (played in ``before``) changed, in the language in force
    (see the module docstring): ``better`` is the computer's line from ``before``, ``reply``
    its line from the position after the move. Empty where the rules cannot tell."""
    if reply:
        after = _after(before, (move, reply[0]))
        if after is not None:
            found = _effect(after)
            if found is not None:
                return _sentence(THREATS, after, found, after.last_effects.colour, reply[0])  # type: ignore[union-attr]
    if better:
        instead = _after(before, better[:1])
        if instead is not None:
            found = _effect(instead)
            if found is not None:
                return _sentence(CHANCES, instead, found, before.to_move, better[0])
        return _points_kept(before, move, better, reply)
    return ""


def _points_kept(before: Game, move: Move, better: tuple[Move, ...], reply: tuple[Move, ...]) -> str:
    """How many points the better line keeps over the move, after the expected reply to each
    (games scored by points: Loose, Vacu, Gardar)."""
    me = before.to_move
    played = _after(before, (move, *reply[:1]))
    instead = _after(before, better[:2])
    if played is None or instead is None or before.name == "pente":
        return ""

    def margin(game: Game) -> float:
        scores = game.scores()
        return scores.get(me, 0) - max((s for c, s in scores.items() if c != me), default=0)

    kept = margin(instead) - margin(played)
    if kept < MORE_POINTS:
        return ""
    return _("{move} keeps more points for {colour} (+{count}).", move=before.move_text(better[0]),
             count=f"{kept:g}", colour=before.colour_label(me))


def describe(review: Review, verdict: Verdict) -> str:
    """A marked move in words, for the page and the terminal: its mark, its player's chance
    before and after it, the missed win, the better move with its line, and the sentence."""
    game = review.positions[verdict.ply - 1]
    colour = game.colour_label(game.seats[verdict.seat])
    parts = [_("{mark}: {colour}'s chance {before} → {after}.", mark=_(MARK_NAMES[verdict.mark]) if verdict.mark else "",
               colour=colour, before=f"{verdict.before:.0%}", after=f"{verdict.after:.0%}")]
    words = _line_text(game, verdict.better[:LINE_PLIES])
    if verdict.missed is not None and words:
        parts.append(_("A win in {moves} was possible: {move}.", moves=verdict.missed, move=words[0]))
    if words:
        parts.append(_("Better: {move} (expected: {line}).", move=words[0], line=" ".join(words)))
    if verdict.sentence:
        parts.append(verdict.sentence)
    return " ".join(parts)


def summary_text(review: Review) -> list[str]:
    """Each seat's line of the summary: its marks and its accuracy."""
    game = review.positions[0]
    out = []
    for seat in review.summary():
        colour = game.colour_label(game.seats[seat["seat"]])
        accuracy = "–" if seat["accuracy"] is None else f"{seat['accuracy']:.0f}"
        out.append(_("{colour}: inaccuracies {inaccuracies}, mistakes {mistakes}, blunders {blunders}; accuracy {accuracy}",
                     colour=colour, inaccuracies=seat["inaccuracy"], mistakes=seat["mistake"],
                     blunders=seat["blunder"], accuracy=accuracy))
    return out
