"""The analysis API (pygames.ai.analyse with ``lines`` and ``workers``) and the merge of
searches made side by side: legal answers and legal lines in every game and option set,
forced wins named, the budget kept with two processes, a dead process left out, and clear
errors for counts that make no sense."""

from __future__ import annotations

import platform
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_ai import CONFIGS, IDS

from pygames import IllegalMove, new_game
from pygames.ai import analyse, merge, parallel, search
from pygames.ai.analysis import DEEP


def random_position(name: str, options: dict, seed: int):
    """A game some random moves in (not over)."""
    rng = random.Random(seed)
    game = new_game(name, **options)
    for _ in range(rng.randrange(0, 14)):
        move = game.random_move(rng)
        game.play(move)
        if game.result() is not None:
            game.undo()
            break
    return game


def side_by_side_here(game, n: int, work: int, lines: int, seed: int = 1):
    """The merged analysis of ``n`` searches made one after another in this process, as
    the pool or the page's workers would make them at once (the same summaries)."""
    summaries = []
    for i in range(n):
        searcher = search(game, random.Random(seed * 100 + i), share=(i, n))
        if searcher.decided is None:
            searcher.run(iterations=work)
        summaries.append(searcher.summary(lines))
    return merge(game, summaries, lines)


def assert_sound(game, analysis, lines: int) -> None:
    """The move is legal, and every line is a legal sequence from the position that starts
    with a distinct move, the first with the move played."""
    assert analysis.move in game.legal_moves()
    assert 1 <= len(analysis.lines) <= lines
    assert analysis.lines[0].moves[0] == analysis.move
    assert len({line.moves[0] for line in analysis.lines}) == len(analysis.lines)
    for line in analysis.lines:
        copy = game.copy()
        for move in line.moves:
            assert copy.result() is None
            copy.play(move)  # raises IllegalMove if the line is not a legal sequence
        # Each seat's chance (team-mates share their team's): as the search's own values.
        assert len(line.values) == len(game.seats) and all(0 <= v <= 1 for v in line.values)
        assert abs(sum(line.values) - sum(analysis.values)) < 1e-6
    assert abs(sum(analysis.values) - (2 if getattr(game, "teams", False) else 1)) < 1e-6


@pytest.mark.parametrize("name,options", CONFIGS, ids=IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_lines_are_legal_sequences_in_every_game(name, options, seed):
    game = random_position(name, options, seed)
    before = game.copy().history
    analysis = analyse(game, seconds=None, iterations=150, rng=random.Random(seed), lines=3)
    assert_sound(game, analysis, 3)
    assert game.history == before


@pytest.mark.parametrize("name,options", CONFIGS, ids=IDS)
@pytest.mark.parametrize("seed", [3, 4])
def test_merged_searches_give_a_legal_move_and_legal_lines(name, options, seed):
    game = random_position(name, options, seed)
    analysis = side_by_side_here(game, 3, 100, 3, seed)
    assert_sound(game, analysis, 3)
    assert analysis.work >= 0


def test_one_search_answers_as_before_with_lines_added():
    """Lines change nothing about the move and values a single search gives."""
    game = random_position("loose", {"size": 7}, 5)
    one = analyse(game, seconds=None, iterations=200, rng=random.Random(9))
    three = analyse(game, seconds=None, iterations=200, rng=random.Random(9), lines=3)
    assert (one.move, one.values, one.work) == (three.move, three.values, three.work)
    assert three.lines[0].moves[0] == three.move


def test_monte_carlo_merge_adds_up_the_root_statistics():
    game = random_position("gardar", {"size": 4}, 1)
    summaries = []
    for seed in (1, 2):
        searcher = search(game, random.Random(seed))
        searcher.run(iterations=120)
        summaries.append(searcher.summary(2))
    merged = merge(game, summaries, 2)
    visits: dict = {}
    for s in summaries:
        for move, n, *_ in s["root"]:
            visits[move] = visits.get(move, 0) + n
    assert merged.work == 240
    assert visits[merged.move] == max(visits.values())


def test_pente_names_a_forced_win_and_its_length():
    # White (to move) has an open three on row 10: an open four next, then five.
    game = new_game("pente", size=13, opening="none")
    for move in ["g7", "a1", "f7", "a3", "h7", "a5"]:
        game.play(game.board.parse(move))
    analysis = analyse(game, seconds=None, iterations=20000, rng=random.Random(1), lines=2)
    assert analysis.lines[0].forced is not None and analysis.lines[0].forced > 0
    assert analysis.lines[0].forced <= 3
    assert analysis.values[0] == 1.0


def test_a_win_by_continuous_fours_counts_every_move_to_the_five():
    """After these moves Black's f9 starts a win by continuous fours (VCF) that one ply of
    search cannot see: three fours, each blocked, then the five. That is a win in 4, and the
    game played out by the searcher on both sides takes Black exactly 4 moves."""
    game = new_game("pente", size=19, opening="none")
    for move in ["j10", "j9", "h12", "m18", "n6", "h11", "i11", "g13", "d12", "i10", "c4", "p11",
                 "k8", "f13", "g12", "d7", "f14", "g10", "l1"]:
        game.play(game.board.parse(move))
    black = game.to_move
    analysis = analyse(game, seconds=None, iterations=2500, rng=random.Random(1))
    assert game.move_text(analysis.move) == "f9" and analysis.lines[0].forced == 4
    moves = 0
    while not game.is_over():
        moves += game.to_move == black
        game.play(analyse(game, seconds=None, iterations=5000, rng=random.Random(2)).move)
    assert game.result().winners == (black,) and moves == 4


def test_pente_searches_side_by_side_each_search_the_whole_root():
    game = random_position("pente", {"size": 13, "opening": "none"}, 7)
    alone, first, other = (search(game, random.Random(1)), search(game, random.Random(1), share=(0, 2)),
                           search(game, random.Random(2), share=(1, 2)))
    assert first.root_moves == alone.root_moves and len(other.root_moves) == len(alone.root_moves)
    assert first.history == alone.history and other.history != alone.history  # its order varied
    assert first.width == alone.width == 12 and other.width == 9  # and its nodes narrower
    for searcher in (alone, first, other):
        searcher.run(iterations=1500)
    assert first.best_move() == alone.best_move()  # the first searches as if alone


def test_pente_merge_takes_the_deepest_search_and_a_helper_on_a_tie_until_the_first_is_deep():
    game = random_position("pente", {"size": 13, "opening": "none"}, 8)
    first, other = search(game, random.Random(1), share=(0, 2)), search(game, random.Random(2), share=(1, 2))
    first.run(iterations=300)
    other.run(iterations=3000)
    assert len(other.completed) > len(first.completed) and len(first.completed) < DEEP
    merged = merge(game, [first.summary(2), other.summary(2)], 2)
    assert merged.move == other.best_move() and merged.work == 3300
    tie = merge(game, [first.summary(1), first.summary(1) | {"part": 1, "best": "the helper's"}], 1)
    assert tie.move == "the helper's"
    deep = first.summary(1) | {"completed": [[first.best_move(), 0]] * DEEP}
    deeper = deep | {"part": 1, "best": "not this one", "completed": deep["completed"] * 2}
    assert merge(game, [deep, deeper], 1).move == first.best_move()  # the first answers once deep
    assert merge(game, [deeper], 1).move == "not this one"  # unless it is missing


# -- processes ---------------------------------------------------------------------------

needs_two_cores = pytest.mark.skipif(parallel.cores() < 2, reason="this machine has one core")


@needs_two_cores
def test_two_processes_answer_within_the_budget_plus_a_tenth():
    game = random_position("loose", {"size": 9}, 3)
    analyse(game, seconds=0.05, workers=2)  # starts the processes, as a first move would
    for name, options in [("loose", {"size": 9}), ("pente", {"size": 19, "opening": "pro"})]:
        game = random_position(name, options, 3)
        start = time.perf_counter()
        analysis = analyse(game, seconds=1.0, workers=2, lines=2)
        took = time.perf_counter() - start
        assert took <= 1.1, f"{name}: {took:.2f} s for a 1 s budget"
        assert_sound(game, analysis, 2)


@needs_two_cores
def test_a_process_that_died_is_left_out_and_the_answer_still_comes(monkeypatch):
    game = random_position("vacu", {"size": 5}, 2)
    ask = parallel.Worker.ask

    def ask_then_die(worker, job):
        sent = ask(worker, job)
        if job[4][0] == 1:  # the second search's process dies once it has its position
            worker.process.kill()
        return sent

    monkeypatch.setattr(parallel.Worker, "ask", ask_then_die)
    analysis = analyse(game, seconds=None, iterations=100, workers=2, rng=random.Random(3))
    assert_sound(game, analysis, 1)
    assert analysis.work == 100  # one search's work: the dead one's is missing
    monkeypatch.undo()
    assert all(w.process.is_alive() for w in parallel.pool(2))  # started anew for the next analysis


#: The read system call's number, by machine, for telling when a thread is blocked reading.
READ = {"x86_64": 0, "aarch64": 63}.get(platform.machine())


@needs_two_cores
@pytest.mark.skipif(sys.platform != "linux" or READ is None, reason="watches a thread through Linux's /proc")
def test_both_processes_answer_a_program_whose_other_thread_waits_on_stdin(tmp_path):
    """A program that reads its input in a thread (as a match's engine or a chat bot does)
    still gets both searches: a process forked from it would hang closing its copy of
    stdin, whose lock that thread holds, and be given up after the grace period."""
    script = tmp_path / "engine.py"
    script.write_text(
        "import os, random, sys, threading\n"
        "from pygames import new_game\n"
        "from pygames.ai import parallel\n"
        "if __name__ == '__main__':\n"
        "    reader = threading.Thread(target=sys.stdin.readline, daemon=True)\n"
        "    reader.start()\n"
        "    # ready: the thread is inside the read system call, holding stdin's lock\n"
        f"    while open(f'/proc/self/task/{{reader.native_id}}/syscall').read().split()[0] != '{READ}':\n"
        "        os.sched_yield()  # no pause: the loop waits on the signal above\n"
        "    game = new_game('loose', size=5)\n"
        "    for _ in range(2):\n"
        "        print(len(parallel.side_by_side(game, 2, random.Random(1), 0.3, None, 1)), flush=True)\n")
    root = Path(__file__).resolve().parents[1]
    with subprocess.Popen([sys.executable, str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                          env={"PYTHONPATH": str(root), "PATH": ""}) as program:
        answers = [program.stdout.readline().strip() for _ in range(2)]  # stdin still open
        program.stdin.close()
        assert program.wait(timeout=60) == 0
    assert answers == ["2", "2"]


@pytest.mark.parametrize("bad", [0, -1, 1.5, "2", True, None])
def test_counts_must_be_positive_whole_numbers(bad):
    game = new_game("loose", size=5)
    with pytest.raises(ValueError, match="workers must be a positive whole number"):
        analyse(game, iterations=10, workers=bad)
    with pytest.raises(ValueError, match="lines must be a positive whole number"):
        analyse(game, iterations=10, lines=bad)


def test_more_workers_than_cores_is_refused_naming_the_limit():
    game = new_game("loose", size=5)
    most = parallel.cores()
    with pytest.raises(ValueError, match=f"workers={most + 1} is more than this machine's {most} cores"):
        analyse(game, iterations=10, workers=most + 1)


def test_a_finished_game_has_no_move_whatever_the_workers():
    game = new_game("loose", size=5)
    game.play("pass")
    game.play("pass")
    for workers in (1, min(2, parallel.cores())):
        with pytest.raises(IllegalMove):
            analyse(game, iterations=10, workers=workers)
