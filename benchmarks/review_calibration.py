#!/usr/bin/env python3
"""Calibration of the game review (:mod:`pygames.review`): does it mark the weak side's moves
and spare the strong side's, and does a longer look agree with it?

    python3 benchmarks/review_calibration.py [--games 20] [--only GAME] [--budget N] [--cached] [--experiment]

**Games.** Per game, ``--games`` games between the computer at "beginner" (its cap of 50
units of search, without its half-second limit, so that it plays the same on a loaded
machine) and a strong side capped at :data:`STRONG` units, the weak side taking seat
``g % 2`` in game ``g``, every move seeded (``random.Random("<game>-<g>")``) and games cut
at :data:`MAX_PLIES` moves. They are made once and kept as records (``records.write``) in
``benchmarks/data/review/<game>-NN.txt``; a record found there is reused.

**Reviews.** Each game is reviewed as ``pygames review`` does (a search of every position,
and of the position after the computer's best move where the move played was another), at
the default budget (:data:`BUDGET`: the units of search 0.4 s of CPython gives, about what
a second gives in the browser; ``--budget`` sets it) and at twice that, each seeded. The
looks are kept as JSON beside the records (``<game>-NN.b<units>.json``), with, for Monte
Carlo searches, the root's visits and mean reward of the best move and of the move played,
so that marks can be recomputed for other thresholds and estimators without searching again.

**Table.** Per game and side: moves judged, marks per move (inaccuracies, mistakes,
blunders, any), mean accuracy; then the agreement of the two budgets: of the moves the
default review marks, the share the 2× review marks too (``1→2``), the same the other way
round (``2→1``), and the share the 2× review gives the same mark (``same``). The strong
side's score (wins, with draws half; a game cut short by the points it stands at) says how
much stronger it was. ``--cached`` reports only the games already reviewed at both budgets,
searching nothing.

``--experiment`` adds the same summary (all the games shown together; per game with
``--only``) for other mark thresholds and for other estimators of the chance a move lost
(see :data:`ESTIMATORS`), from the cached looks.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pygames import ai, new_game, records, review
from pygames.game import Game, Move
from pygames.notation import Record

DATA = ROOT / "benchmarks" / "data" / "review"
#: The games and options played (Gardar on its smallest suggested board: 9 is too slow here).
GAMES: dict[str, dict[str, Any]] = {
    "loose": {"size": 9}, "vacu": {}, "convacu": {}, "gardar": {"size": 7}, "pente": {"opening": "pro"}}
#: The review's default budget per search: the units of search 0.4 s of CPython gave on the
#: 2-core test machine (``ai.analyse(seconds=0.4)`` after 0, 10 and 25 random moves; Monte
#: Carlo playouts, or Pente's nodes).
BUDGET = {"loose": 80, "vacu": 150, "convacu": 250, "gardar": 100, "pente": 2300}
#: The strong side's units of search per move: twice the review's (about 0.8 s of CPython, 2 s
#: in the browser), which keeps 20 games near 8 CPU-minutes; it won every finished game against
#: the beginner. Gardar's is the level "hard" in the page instead (3 s at the 572 playouts a
#: second of Pyodide, ``benchmarks/ai_think.py --pyodide gardar``), the most a player meets
#: there; it still leads at the 80-move cut in only three games of four.
STRONG = {name: 2 * units for name, units in BUDGET.items()} | {"gardar": 1700}
WEAK = ai.Player("beginner", 1e9, ai.level("beginner").iterations)
MAX_PLIES = 80
KINDS = [name for name, _least in reversed(review.MARKS)]  # inaccuracy, mistake, blunder


# -- the games ------------------------------------------------------------------------------

def record_path(name: str, index: int) -> Path:
    return DATA / f"{name}-{index:02d}.txt"


def play(name: str, index: int) -> tuple[Record, list[str]]:
    """Game ``index`` of ``name``: beginner against the strong side, the weak in seat index % 2."""
    rng = random.Random(f"{name}-{index}")
    strong = ai.Player(f"strong-{STRONG[name]}", 1e9, STRONG[name])
    players = [WEAK, strong] if index % 2 == 0 else [strong, WEAK]
    game = new_game(name, **GAMES[name])
    moves: list[Move] = []
    while not game.is_over() and len(moves) < MAX_PLIES:
        move = players[game.seat_to_move()].choose(game, rng)
        game.play(move)
        moves.append(move)
    return Record(name, dict(GAMES[name]), moves=moves), [p.name for p in players]


def game_record(name: str, index: int) -> tuple[Record, int]:
    """The record of a game (made and kept on first use) and the weak side's seat."""
    path = record_path(name, index)
    if not path.exists():
        start = time.process_time()
        record, players = play(name, index)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(records.write(record, players=players, tags={"Event": "review calibration"}))
        print(f"  made {path.name}: {len(record.moves)} moves in {time.process_time() - start:.0f} CPU s",
              file=sys.stderr)
    kept = records.read(path.read_text())
    return kept.record, kept.players.index(WEAK.name)


# -- the reviews ----------------------------------------------------------------------------

def search(game: Game, units: int, rng: random.Random, played: Move | None) -> dict[str, Any]:
    """A look at ``game`` as :func:`pygames.review.look` makes it (one search, and one of the
    position after the best move where it is not ``played``), as JSON, with the root's
    (visits, mean reward) of the best move and of ``played`` for a Monte Carlo search."""
    if game.is_over():
        return review.Look(review.final_values(game)).data()
    searcher = ai.search(game, rng)
    if searcher.decided is None:
        searcher.run(iterations=units)
    found = review.from_analysis(ai.answer(game, searcher))
    data = found.data()
    if isinstance(searcher, ai.MonteCarlo) and searcher.decided is None:
        stats = {move: (visits, mean) for move, visits, mean in searcher.stats()}
        data["root"] = [stats.get(move) if move is not None else None for move in (found.line[0], played)]
    if played is not None and found.line and found.line[0] != played:
        then = game.copy()
        then.play(found.line[0])
        data["then"] = search(then, units, rng, None)["values"]
    return data


def looks(name: str, index: int, record: Record, units: int) -> list[dict[str, Any]]:
    """The looks at every position of a game for ``units`` per search (cached)."""
    path = DATA / f"{name}-{index:02d}.b{units}.json"
    if path.exists():
        return json.loads(path.read_text())
    rng = random.Random(f"{name}-{index}-review-{units}")
    start = time.process_time()
    found = review.Review(record)
    out = [search(game, units, rng, found.played(ply)) for ply, game in enumerate(found.positions)]
    path.write_text(json.dumps(out, separators=(",", ":")))
    print(f"  reviewed {path.name} in {time.process_time() - start:.0f} CPU s", file=sys.stderr)
    return out


def verdicts(record: Record, found: list[dict[str, Any]]) -> list[review.Verdict]:
    """The review's verdicts from cached looks (with :data:`pygames.review.MARKS` as it stands)."""
    judged = review.Review(record)
    for ply, data in enumerate(found):
        judged.add(ply, review.Look.from_data(data, judged.seats))
    return judged.verdicts()


# -- other estimators of the chance a move lost ---------------------------------------------

def pooled(v: review.Verdict, found: list[dict[str, Any]], units: int) -> float:
    """The two searches' chances each pooled with the first search's mean reward of the
    same move, weighted by playouts (the best move's root visits, the move played's)."""
    best, mine = found[v.ply - 1].get("root") or (None, None)
    then, now = v.before, v.after
    if best:
        then = (then * units + best[1] * best[0]) / (units + best[0])
    if mine:
        now = (now * units + mine[1] * mine[0]) / (units + mine[0])
    return max(0.0, then - now)


def gated(v: review.Verdict, found: list[dict[str, Any]], units: int, least: int = 5) -> float:
    """The module's estimate, unless the first search looked at the move played at least
    ``least`` times: then the smaller of it and that search's own difference of means."""
    best, mine = found[v.ply - 1].get("root") or (None, None)
    if best and mine and mine[0] >= least:
        return min(v.lost, max(0.0, best[1] - mine[1]))
    return v.lost


def optimism(found: list[dict[str, Any]], seat_to_move: list[int]) -> float:
    """How much more hopeful a search is for the side to move: the mean of the chance the
    search before a move gives its best move less the chance the search after that best
    move gives (the same position, the other side to move)."""
    gaps = [d["values"][seat] - d["then"][seat] for d, seat in zip(found, seat_to_move) if d.get("then")]
    return sum(gaps) / len(gaps) if gaps else 0.0


def smoothed(v: review.Verdict, found: list[dict[str, Any]], units: int, bias: float) -> float:
    """Each chance from two searches: after the best move, the search of that position and
    the search before the move (less its optimism ``bias``); after the move played, the
    search of that position and the search after the reply (less the same; in two-player
    games the player moves again there). A finished game's chances are exact, taken alone."""
    before, now = found[v.ply - 1], found[v.ply]
    best = [v.before, before["values"][v.seat] - bias]
    played = [v.after]
    if now["line"] and v.ply + 1 < len(found):
        reply = found[v.ply + 1]
        played = [reply["values"][v.seat]] if not reply["line"] else [v.after, reply["values"][v.seat] - bias]
    return max(0.0, sum(best) / len(best) - sum(played) / len(played))


#: name -> the chance a move lost, from its verdict (the module's), the review's looks and
#: its budget, and the searches' optimism (see :func:`optimism`).
ESTIMATORS: dict[str, Callable[[review.Verdict, list[dict[str, Any]], int, float], float]] = {
    "module": lambda v, found, units, bias: v.lost,
    "pooled": lambda v, found, units, bias: pooled(v, found, units),
    "gated": lambda v, found, units, bias: gated(v, found, units),
    "smoothed": smoothed,
}


# -- the table ------------------------------------------------------------------------------

@dataclass
class Tally:
    """Marks per side and agreement between the two budgets, added up over games."""

    moves: list[int]
    marks: list[dict[str, int]]
    accuracy: list[float]
    marked: int = 0  # moves the default review marks
    marked2: int = 0  # moves the 2x review marks
    both: int = 0
    same: int = 0
    strong_score: float = 0.0
    games: int = 0

    @classmethod
    def empty(cls) -> Tally:
        return cls([0, 0], [dict.fromkeys(KINDS, 0), dict.fromkeys(KINDS, 0)], [0.0, 0.0])

    def add(self, weak: int, marks1: list[str | None], marks2: list[str | None], seats: list[int],
            accuracy: list[float], result: float) -> None:
        for mark, mark2, seat, acc in zip(marks1, marks2, seats, accuracy):
            side = 0 if seat == weak else 1
            self.moves[side] += 1
            self.accuracy[side] += acc
            if mark:
                self.marks[side][mark] += 1
            self.marked += mark is not None
            self.marked2 += mark2 is not None
            self.both += mark is not None and mark2 is not None
            self.same += mark is not None and mark == mark2
        self.strong_score += result
        self.games += 1

    def row(self, label: str) -> str:
        cells = [f"{label:<8}{self.games:>3}{self.strong_score / max(self.games, 1):>7.2f}"]
        for side in (0, 1):
            n = max(self.moves[side], 1)
            any_mark = sum(self.marks[side].values())
            cells.append(f"{self.moves[side]:>5}" + "".join(f"{self.marks[side][k] / n:>6.2f}" for k in KINDS)
                         + f"{any_mark / n:>6.2f}{self.accuracy[side] / n:>5.0f}")
        cells.append(_share(self.both, self.marked) + _share(self.both, self.marked2) + _share(self.same, self.marked))
        return " |".join(cells)


def _share(part: int, whole: int) -> str:
    return f"{part / whole:>6.0%}" if whole else "     -"


HEADER = (f"{'game':<8}{'n':>3}{'strong':>7} |" + " |".join(
    [f"{side + ' moves':>11}{'inacc':>6}{'mist':>6}{'blund':>6}{'any':>6}{'acc':>5}" for side in ("weak", "strong")])
    + f" |{'1→2':>6}{'2→1':>6}{'same':>6}")


def strong_result(record: Record, weak: int) -> float:
    """The strong side's score (1, ½, 0), a game cut short scored by the points it stands at."""
    game = record.replay()
    result = game.result()
    if result is None:  # cut short: scored as it stands, as benchmarks/strength.py does
        scores = game.scores()
        strong = sum(scores.get(c, 0) for s, c in enumerate(game.seats) if s != weak)
        mine = scores.get(game.seats[weak], 0)
        return 0.5 if strong == mine else float(strong > mine)
    if not result.winners or len(result.winners) == len(game.seats):
        return 0.5
    return 0.0 if game.seats[weak] in result.winners else 1.0


def marks_with(found: list[dict[str, Any]], judged: list[review.Verdict], estimator: str, units: int,
               marks: tuple[tuple[str, float], ...]) -> list[str | None]:
    """Each move's mark for another estimator and thresholds (a missed win still at least a mistake)."""
    out: list[str | None] = []
    bias = optimism(found, [v.seat for v in judged])
    for v in judged:
        lost = ESTIMATORS[estimator](v, found, units, bias) if v.better else 0.0
        mark = next((name for name, least in marks if lost >= least - 1e-9), None)
        if v.missed is not None and mark != "blunder":
            mark = "mistake"
        out.append(mark)
    return out


def games(args: argparse.Namespace) -> Iterator[tuple[str, int, Record, int, int]]:
    for name in [args.only] if args.only else GAMES:
        for index in range(args.games):
            units = args.budget or BUDGET[name]
            if args.cached and not all((DATA / f"{name}-{index:02d}.b{u}.json").exists() for u in (units, 2 * units)):
                continue
            record, weak = game_record(name, index)
            yield name, index, record, weak, units


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=20, help="games per game (default 20)")
    p.add_argument("--only", choices=list(GAMES), help="one game only")
    p.add_argument("--budget", type=int, help="units of search per position for the default review "
                                               "(default: BUDGET's, per game); the other review has twice")
    p.add_argument("--cached", action="store_true", help="only the games already reviewed at both budgets")
    p.add_argument("--experiment", action="store_true", help="also other thresholds and estimators")
    args = p.parse_args()
    print("$ python3 benchmarks/review_calibration.py " + " ".join(sys.argv[1:]))
    per_game: dict[str, Tally] = {}
    total = Tally.empty()
    reviewed = []  # (record, weak, looks at 1x, looks at 2x, units, verdicts at 1x, at 2x)
    for name, index, record, weak, units in games(args):
        found1, found2 = looks(name, index, record, units), looks(name, index, record, 2 * units)
        v1, v2 = verdicts(record, found1), verdicts(record, found2)
        result = strong_result(record, weak)
        for tally in (per_game.setdefault(name, Tally.empty()), total):
            tally.add(weak, [v.mark for v in v1], [v.mark for v in v2], [v.seat for v in v1],
                      [v.accuracy for v in v1], result)
        reviewed.append((record, weak, found1, found2, units, v1, v2))
    print(f"marks per move by side; strong = the strong side's score; agreement of the 2x review "
          f"(MARKS {review.MARKS})")
    print(HEADER)
    for name, tally in per_game.items():
        budget = args.budget or BUDGET[name]
        print(tally.row(name) + f"   (budget {budget}/{2 * budget}, strong {STRONG[name]})")
    print(total.row("all"))
    if args.experiment:
        experiment(reviewed)


#: Thresholds tried by ``--experiment`` (inaccuracy, mistake, blunder).
THRESHOLDS = [(0.10, 0.20, 0.30), (0.15, 0.25, 0.35), (0.15, 0.30, 0.45), (0.20, 0.30, 0.40), (0.20, 0.35, 0.50),
              (0.25, 0.40, 0.55)]


def experiment(reviewed: list[tuple[Record, int, list, list, int, list, list]]) -> None:
    """The all-games row for each estimator and thresholds, from the cached looks."""
    print("\nother estimators and thresholds, all games together")
    print(f"{'estimator':<10}{'thresholds':<16}" + HEADER[8:])
    for estimator in ESTIMATORS:
        for least in THRESHOLDS:
            marks = tuple(zip(("blunder", "mistake", "inaccuracy"), reversed(least)))
            tally = Tally.empty()
            for record, weak, found1, found2, units, v1, v2 in reviewed:
                tally.add(weak, marks_with(found1, v1, estimator, units, marks),
                          marks_with(found2, v2, estimator, 2 * units, marks), [v.seat for v in v1],
                          [v.accuracy for v in v1], strong_result(record, weak))
            print(f"{estimator:<10}{'/'.join(f'{x:.2f}' for x in least):<16}" + tally.row("")[8:])


if __name__ == "__main__":
    main()
