"""What a search found, and how searches made side by side are merged into one answer.

A search reports a **summary** (:meth:`~pygames.ai.mcts.MonteCarlo.summary`,
:meth:`~pygames.ai.pente.PenteSearch.summary`): plain data, so that the same summary comes
from a process of a pool on CPython or from a Web Worker in the browser, and this same
merge turns any number of them into an :class:`Analysis`.

* **Monte Carlo searches** are merged by *root parallelisation* (Chaslot, Winands and van
  den Herik, 2008): each tree grew independently from its own seed, so their root
  statistics are simply added up, move by move (visits, rewards, RAVE counts; the prior is
  the same in all), and the move with the most visits in all is played. Its expected line
  is the one of the tree that looked at that move most.
* **Pente searches** (alpha-beta, whose trees cannot simply be added up) all search every
  root move, the first as it would alone and the others (helpers) with their move order
  varied by their seeds and nine moves a node instead of twelve, which plays better while a
  search is shallow and worse once it is deep (README, "Every core"). A proven win found by
  any of them is taken at once, the shortest first; else, once the first search has
  completed :data:`DEEP` iterations, its answer; before that, the answer of the search that
  went deepest, a helper's on a tie. (Sharing the root moves out, each search
  taking every ``n``-th, was tried and measured weaker: a share's own best must still be
  searched with a full window, so no share got deeper, and the deeper iteration a single
  search has under way at the deadline was lost.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..game import Game, Move

#: How many virtual playouts a prior is worth (as in :mod:`pygames.ai.mcts`).
from .mcts import PRIOR_VISITS

#: Pente: the iterations from which the first (full-width) search answers; below them a
#: narrower helper's answer is taken at equal depth (0.2 s a move reaches about 4, 1 s 5 to 6).
DEEP = 5


@dataclass(frozen=True)
class Line:
    """One move the computer considers, with what it expects to follow.

    ``moves`` is the line (principal variation): the move, then the replies the search
    expects, a legal sequence from the position. ``values`` is each seat's chance of
    winning after it. ``forced`` is set where a search proved the result: the number of
    moves the player to move needs to win (``3``: a forced win in 3), or, negative, the
    number the opponents need to beat them (``-2``: a forced loss in 2)."""

    moves: tuple[Move, ...]
    values: tuple[float, ...]
    forced: int | None = None


@dataclass(frozen=True)
class Analysis:
    """What a search found: the move, each seat's chance of winning, the work done (summed
    over all searches), the time taken, and up to the number of ``lines`` asked for, best
    first (``lines[0]`` starts with ``move``)."""

    move: Move
    values: list[float]
    work: int
    seconds: float
    lines: tuple[Line, ...] = field(default=())


def _forced(plies: int | None) -> int | None:
    """Plies to a proven end (negative: a loss) as moves of the side that wins."""
    if plies is None:
        return None
    return (plies + 1) // 2 if plies > 0 else -(-plies // 2)


def merge(game: Game, summaries: Sequence[dict[str, Any]], lines: int = 1, seconds: float = 0.0) -> Analysis:
    """One answer from the summaries of searches of ``game``'s position (at least one);
    ``seconds`` is the time they took, as the caller measured it."""
    if not summaries:
        raise ValueError("there is no search to merge")
    work = sum(s["work"] for s in summaries)
    decided = next((s for s in summaries if s["decided"] is not None), None)
    if decided is not None:
        line = _decided_line(game, decided)
        return Analysis(decided["decided"], list(decided["values"]), work, seconds, (line,))
    if summaries[0]["kind"] == "pente":
        return _merge_deepest(summaries, lines, work, seconds)
    return _merge_trees(game, summaries, lines, work, seconds)


def _decided_line(game: Game, summary: dict[str, Any]) -> Line:
    """The line of a move found without searching (a win, the only move)."""
    for found in summary["lines"]:
        moves = found["moves"] if isinstance(found, dict) else found
        if moves and moves[0] == summary["decided"]:
            return Line(tuple(moves), tuple(summary["values"]))
    values = summary["values"]
    me = summary["seat"]
    return Line((summary["decided"],), tuple(values), 1 if values[me] == 1 else None)


def _merge_trees(game: Game, summaries: Sequence[dict[str, Any]], lines: int, work: int,
                 seconds: float) -> Analysis:
    """Root parallelisation: add up the root statistics, play the most visited move."""
    totals: dict[Move, list[float]] = {}
    for s in summaries:
        for move, visits, value, amaf_visits, amaf_value, prior in s["root"]:
            t = totals.setdefault(move, [0, 0.0, 0, 0.0, prior])
            t[0] += visits
            t[1] += value
            t[2] += amaf_visits
            t[3] += amaf_value

    def mean(t: list[float]) -> float:
        return (t[1] + t[4] * PRIOR_VISITS) / (t[0] + PRIOR_VISITS)

    ranked = sorted(totals, key=lambda m: (-totals[m][0], -mean(totals[m])))
    me, seats = summaries[0]["seat"], len(summaries[0]["values"])

    def chances(p: float) -> tuple[float, ...]:
        return tuple(p if seat == me else (1 - p) / (seats - 1) for seat in range(seats))

    found = []
    for move in ranked[:max(lines, 1)]:
        # The expected line of the tree that spent the most on this move.
        best: list[Move] = [move]
        most = -1
        for s in summaries:
            visits = next((r[1] for r in s["root"] if r[0] == move), 0)
            line = next((pv for pv in s["lines"] if pv and pv[0] == move), None)
            if line is not None and visits > most:
                best, most = line, visits
        found.append(Line(tuple(best), chances(mean(totals[move]) if totals[move][0] else 0.5)))
    values = list(found[0].values) if totals[ranked[0]][0] else list(summaries[0]["values"])
    return Analysis(ranked[0], values, work, seconds, tuple(found))


def _merge_deepest(summaries: Sequence[dict[str, Any]], lines: int, work: int, seconds: float) -> Analysis:
    """Pente's searches of all root moves: a proven win at once (the shortest), else the
    first search's answer once it has completed :data:`DEEP` iterations, else the answer of
    the search that completed the most (a narrower helper's on a tie), its move being the
    one it would play alone. Where the first search is missing (its process died), the
    deepest answers."""
    wins = [(line["plies"], line) for s in summaries for line in s["lines"]
            if line["plies"] is not None and line["plies"] > 0]
    if wins:
        plies, line = min(wins, key=lambda w: w[0])
        chosen = Line(tuple(line["moves"]), tuple(line["values"]), _forced(plies))
        return Analysis(chosen.moves[0], list(chosen.values), work, seconds, (chosen,))
    full = next((s for s in summaries if s["part"] == 0), None)
    if full is not None and len(full["completed"]) >= DEEP:
        deepest = full
    else:
        deepest = max(summaries, key=lambda s: (len(s["completed"]), s["part"] > 0))
    move = deepest["best"]
    found = [Line(tuple(line["moves"]), tuple(line["values"]), _forced(line["plies"])) for line in deepest["lines"]]
    first = next((line for line in found if line.moves[0] == move), Line((move,), tuple(deepest["values"])))
    rest = tuple(line for line in found if line.moves[0] != move)
    return Analysis(move, list(deepest["values"]), work, seconds, (first, *rest)[:max(lines, 1)])
