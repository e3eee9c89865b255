#!/usr/bin/env python3
"""Playing strength: matches between two computer players, on any game and options.

    python3 benchmarks/strength.py GAME [OPTION=VALUE ...] [--a SPEC] [--b SPEC]
        [--seconds S | --iterations N] [--games N] [--first N] [--parallel 2] [--max-plies N] [--seats SPEC,...]
        [--opening-plies N] [--verbose [--links]]

A SPEC names a player: ``new`` (the working tree's AI), a commit such as ``d78bc8a`` (that
commit's AI, checked out beside the working tree with git worktree so that old and new never
share a module cache), or a built-in opponent: ``random`` (a uniformly random legal move).
``new:LEVEL`` plays at one of the page's levels instead of the common budget, and a trailing
``@N`` thinks with N searches side by side (``new@2``: the working tree on two cores; a
commit from before ``pygames.ai.analyse(workers=...)`` existed can only play ``@1``). A
trailing ``+ponder`` thinks on the opponent's time as the page does (pygames.ai.Ponder):
after each of its moves it searches the position its expected reply would make, on the
other core, until the opponent's move arrives (a time budget, one search, and a tree that
has pondering only); the summary says how often the reply was the one expected. A
trailing ``+book`` plays Pente's opening book moves (pygames.ai.book) where it has them, as
the page's levels do, and searches for the budget elsewhere (``+ponder`` does both).

Both players get the same budget per move: ``--seconds`` of thinking, or ``--iterations``
playouts (or nodes), unless a spec ends in ``/X``, its own number for that budget:
``--a new/0.4 --b new --seconds 0.2`` gives A 0.4 s a move, ``--a new/80 --b new
--iterations 40`` 80 playouts (what twice the time or the work is worth: the most that two
searches side by side could gain). ``--parallel 2`` plays two games at once on two cores
(with a time budget one game runs at a time, so that neither player thinks while the
other does).
Colours alternate game by game: player A takes seat ``g % seats`` in game g. ``--seats``
plays more than two seats, e.g. ``--seats new,d78bc8a,d78bc8a,d78bc8a`` for one new AI
against three old ones in 4-player Pente (the line-up rotates each game).

``--opening-plies N`` varies the openings: the first N moves of every game are the
computer's at "beginner" (a hunch among the most promising few), drawn afresh for each round
of games (the games of a round share one opening, each player taking every seat once), and
the players take over from there. Without it, two nearly deterministic searches (Pente's)
replay much the same few games, and a score's interval, which assumes independent games, is
narrower than it should be. Even with it, the games are a fixed function of the code and the
seeds: the null match ``--a B --b B`` of Pente at 2,300 nodes and 4 opening plies scores 57
of 100, and a small change to B replays many of its games, so compare with the null match.

Each engine runs in its own child process that reads positions (share-link fragments) and
answers moves. A game still going after ``--max-plies`` is scored as it stands (the best
score wins). The summary gives A's wins, draws and losses, its score with a 95% interval,
and the Elo difference that score means; a line per game with ``--verbose``.
"""

from __future__ import annotations

import argparse
import json
import math
import queue
import random
import subprocess
import sys
import threading
import time

import trees

# -- the engine side (a child process) ------------------------------------------------

def engine_child(argv: list[str]) -> None:
    """Answer positions with moves: one JSON request per line on stdin, one answer per line.
    A request that asks to ``ponder`` leaves a pondering search running until the next one."""
    trees.use_tree()
    from pygames import ai
    from pygames.notation import decode

    requests: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        for line in sys.stdin:
            requests.put(line)
        requests.put(None)

    threading.Thread(target=read, daemon=True).start()
    kept, pondering = None, None
    while True:
        if pondering is not None and requests.empty():
            if next(pondering, None) is None:
                pondering = None  # its time is spent
            continue
        line = requests.get()
        if line is None:
            return
        pondering = None
        request = json.loads(line)
        decoded = decode(request["fragment"])
        game = decoded.record.replay()
        rng = random.Random(request["seed"])
        start = time.perf_counter()
        more = {"workers": request["workers"]} if request["workers"] > 1 else {}
        answer: dict = {}
        if request.get("book") and not request.get("ponder"):
            move = ai.Player("match", request["seconds"]).analyse(game, rng, **more).move
        elif request.get("ponder"):
            kept = kept or ai.Ponder()
            player = ai.Player("match", request["seconds"])
            searcher = None
            for searcher in kept.think(player, game, rng):
                pass
            analysis = ai.answer(game, searcher)
            move, answer["pondered"] = analysis.move, kept.reused
            if len(analysis.lines[0].moves) > 1:
                after = game.copy()
                after.play(move)
                pondering = kept.ponder(player, after, analysis.lines[0].moves[1], rng)
        elif request.get("level"):
            move = ai.level(request["level"]).analyse(game, rng, **more).move
        else:
            move = ai.analyse(game, seconds=request["seconds"], iterations=request["iterations"], rng=rng, **more).move
        print(json.dumps({"move": game.move_text(move), "time": time.perf_counter() - start, **answer}), flush=True)


# -- the match side -------------------------------------------------------------------

class Engine:
    """A player: a child process of some source tree, or a built-in opponent."""

    def __init__(self, spec: str, seconds: float | None, iterations: int | None) -> None:
        self.spec = spec
        spec, _, own = spec.partition("/")
        if own and seconds is not None:
            seconds = float(own)
        elif own:
            iterations = int(own)
        spec, *flags = spec.split("+")
        self.ponder, self.book = "ponder" in flags, "book" in flags
        spec, _, workers = spec.partition("@")
        self.workers = int(workers or 1)
        source, _, self.level = spec.partition(":")
        self.seconds, self.iterations = seconds, iterations
        self.proc = None
        self.times: list[float] = []
        self.pondered: list[float] = []  # with +ponder: each move's pondered seconds (0: not the reply expected)
        if self.ponder and (seconds is None or self.workers > 1 or self.level):
            raise SystemExit("+ponder needs a --seconds budget, one search and no level")
        if self.book and (seconds is None or self.level):
            raise SystemExit("+book needs a --seconds budget and no level (the levels above easy have the book)")
        if source != "random":
            where = trees.tree(None if source == "new" else source)
            env = {**__import__("os").environ, "PYGAMES_TREE": str(where)}
            self.proc = subprocess.Popen([sys.executable, __file__, "--child"], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True, env=env, cwd=trees.ROOT)

    def move(self, game, fragment: str, seed: int):
        if self.proc is None:
            return random.Random(seed).choice(game.legal_moves())
        request = {"fragment": fragment, "seconds": self.seconds, "iterations": self.iterations, "seed": seed,
                   "level": self.level, "workers": self.workers, "ponder": self.ponder, "book": self.book}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise RuntimeError(f"engine {self.spec} stopped")
        reply = json.loads(answer)
        self.times.append(reply["time"])
        if "pondered" in reply:
            self.pondered.append(reply["pondered"])
        return game.parse_move(reply["move"])

    def close(self) -> None:
        if self.proc is not None:
            self.proc.stdin.close()
            self.proc.wait()


def play_game(name: str, options: dict, lineup: list[Engine], seed: int, max_plies: int,
              opening: tuple[int, int] = (0, 0)) -> tuple[list[float], int, str, str]:
    """One game; the rewards of each seat, the plies played, how it ended and the game as a
    share-link fragment (to open it in the app and study it). ``opening`` is how many first
    moves the computer at "beginner" plays, and the seed that draws them."""
    from pygames import ai, new_game
    from pygames.ai import rewards
    from pygames.notation import Record, encode

    game = new_game(name, **options)
    record = Record(name, dict(game.options))
    plies = 0
    while game.result() is None and plies < max_plies:
        seat = game.seat_to_move()
        if plies < opening[0]:
            move = ai.analyse(game, seconds=None, iterations=ai.level("beginner").iterations,
                              rng=random.Random(f"opening-{opening[1]}-{plies}")).move
        else:
            move = lineup[seat].move(game, encode(record), seed * 1000 + plies)
        try:
            game.play(move)
        except ValueError as e:
            value = [1.0] * len(game.seats)
            value[seat] = 0.0
            return value, plies, f"seat {seat} ({lineup[seat].spec}) played an illegal move: {e}", encode(record)
        record.moves.append(move)
        plies += 1
    result = game.result()
    how = result.reason if result else f"stopped after {plies} plies, scored as it stands"
    return rewards(game), plies, how, encode(record)


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        engine_child(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("options", nargs="*", help="game options as name=value")
    parser.add_argument("--a", default="new", help="player A (default: new)")
    parser.add_argument("--b", default="d78bc8a", help="player B (default: d78bc8a)")
    parser.add_argument("--seats", help="comma-separated players, one per seat (player A is the first)")
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--iterations", type=int)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=1,
                        help="the number of the first game (its seed): a later run continues a match")
    parser.add_argument("--parallel", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=1000)
    parser.add_argument("--opening-plies", type=int, default=0,
                        help="the first N moves of each game by the computer at beginner, one opening per round")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--links", action="store_true", help="with --verbose, each game's share-link fragment too")
    args = parser.parse_args()
    if args.seconds is None and args.iterations is None:
        args.seconds = 1.0
    if args.parallel > 1 and args.seconds is not None:
        parser.error("--parallel needs an --iterations budget: with a time budget, games must not share the cores")
    sys.path.insert(0, str(trees.ROOT))
    from pygames import new_game

    options = {}
    for text in args.options:
        key, _, value = text.partition("=")
        options[key] = value
    seats = len(new_game(args.game, **options).seats)
    specs = args.seats.split(",") if args.seats else [args.a, args.b]
    if len(specs) == 2 and seats > 2:
        specs = [specs[0]] + [specs[1]] * (seats - 1)
    if len(specs) != seats:
        parser.error(f"{args.game} with these options has {seats} seats: give --seats with {seats} players")
    budget = f"{args.seconds:g} s a move" if args.seconds is not None else f"{args.iterations} iterations a move"
    print(f"{args.game} {' '.join(args.options)}: A = {specs[0]} against {', '.join(specs[1:])}; {budget}; "
          f"{args.games} games", flush=True)

    jobs: queue.Queue[int] = queue.Queue()
    for g in range(args.first - 1, args.first - 1 + args.games):
        jobs.put(g)
    scores: list[float] = []
    lock = threading.Lock()
    tally = {"win": 0, "draw": 0, "loss": 0}
    lengths: list[int] = []
    a_times: list[float] = []
    b_times: list[float] = []
    pondered: list[float] = []

    def worker() -> None:
        engines = [Engine(spec, args.seconds, args.iterations) for spec in specs]
        try:
            while True:
                try:
                    g = jobs.get_nowait()
                except queue.Empty:
                    return
                shift = g % seats  # player A sits at seat `shift`
                lineup = engines[-shift:] + engines[:-shift] if shift else list(engines)
                value, plies, how, link = play_game(args.game, options, lineup, g, args.max_plies,
                                                    (args.opening_plies, g // seats))
                mine = value[shift]
                best = max(value)
                outcome = "win" if mine == best and value.count(best) == 1 else "loss" if mine < best else "draw"
                with lock:
                    scores.append(mine)
                    tally[outcome] += 1
                    lengths.append(plies)
                    if args.verbose:
                        print(f"game {g + 1}: A at seat {shift + 1}: {outcome} ({mine:g}) in {plies} plies; {how}"
                              + (f"; index.html#{link}" if args.links else ""), flush=True)
        finally:
            for e in engines:
                a_times.extend(e.times) if e is engines[0] else b_times.extend(e.times)
                pondered.extend(e.pondered)
                e.close()

    for spec in set(specs):  # check commits out once, before parallel workers race to
        source = spec.partition("/")[0].partition("+")[0].partition("@")[0].partition(":")[0]
        if source not in ("new", "random"):
            trees.tree(source)
    threads = [threading.Thread(target=worker, daemon=True) for _ in range(max(1, args.parallel))]
    for t in threads:
        t.start()
    try:
        for t in threads:
            t.join()
    except KeyboardInterrupt:  # a match cut short still reports the games it finished
        print("interrupted: the games finished so far", flush=True)
        while not jobs.empty():
            jobs.get_nowait()
    n = len(scores)
    if not n:
        return
    mean = sum(scores) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    fair = 1 / seats

    def elo(s: float) -> str:
        if seats != 2:
            return "n/a"
        if s <= 0:
            return "-inf"
        if s >= 1:
            return "+inf"
        return f"{-400 * math.log10(1 / s - 1):+.0f}"

    med = sorted(lengths)[len(lengths) // 2]
    timing = ""
    if a_times and b_times:
        timing = (f"; think A median {sorted(a_times)[len(a_times) // 2]:.2f} s, mean {sum(a_times) / len(a_times):.2f} s;"
                  f" others median {sorted(b_times)[len(b_times) // 2]:.2f} s, mean {sum(b_times) / len(b_times):.2f} s")
    print(f"A: {tally['win']} wins, {tally['draw']} draws, {tally['loss']} losses in {n} games; "
          f"score {mean:.1%} ± {half:.1%} (95%), fair share {fair:.0%}; Elo {elo(mean)} "
          f"[{elo(max(0.0, mean - half))}, {elo(min(1.0, mean + half))}]; median {med} plies{timing}", flush=True)
    if pondered:
        hits = [p for p in pondered if p > 0]
        print(f"pondering: {len(hits)} of {len(pondered)} moves went on from a pondered search "
              f"({len(hits) / len(pondered):.0%}), median {sorted(hits)[len(hits) // 2] if hits else 0:.2f} s "
              "pondered", flush=True)


if __name__ == "__main__":
    main()
