"""Searching on several cores at once, on CPython: processes that live across moves.

Each process runs one search of the position (:func:`think`) and sends back its summary;
:func:`pygames.ai.analysis.merge` adds them up, as the page does with its Web Workers'
summaries. Processes share no memory, which is what root parallelisation needs and what
Web Workers give, so the two behave alike.

The processes are started on first use and kept (a game asks for a move every few
seconds; starting a process each time would eat into every budget). Each has a pipe of
its own rather than a shared pool queue, so that one that dies costs only its own answer:
it is left out of the merge and started anew for the next analysis (a standard process
pool would break as a whole and lose the others' answers too).
"""

from __future__ import annotations

import os
import random
import time
from typing import TYPE_CHECKING, Any

from ..game import Game

if TYPE_CHECKING:  # the page never starts processes: it does not import multiprocessing
    from multiprocessing.connection import Connection

#: Time kept back from the budget for sending the answers back and merging them. (Sending
#: the position costs no budget: each process is given the deadline itself, on the clock
#: that all processes of the machine share.)
MARGIN = 0.01
#: How long past its budget a search may take before its process is given up as stuck.
GRACE = 5.0


def cores() -> int:
    """How many cores this machine has (the most processes an analysis may use)."""
    return os.cpu_count() or 1


def check_count(name: str, value: object, most: int | None = None) -> int:
    """``value`` as a positive count, or a ``ValueError`` that names ``name`` and the limit."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive whole number, not {value!r}")
    if most is not None and value > most:
        raise ValueError(f"{name}={value} is more than this machine's {most} cores")
    return value


def think(game: Game, seed: int, deadline: float | None, iterations: int | None,
          share: tuple[int, int], lines: int) -> dict[str, Any]:
    """One search of ``game``'s position until ``deadline`` (``time.monotonic()``) or for
    ``iterations``, as a summary: what each process runs."""
    from . import search  # the layer's entry point, which imports this module

    searcher = search(game, random.Random(seed), share=share)
    if searcher.decided is None:
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        searcher.run(seconds=left, iterations=iterations)
    return searcher.summary(lines)


def _serve(conn: Connection) -> None:
    """A process's life: search each position it is sent until its pipe closes."""
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        conn.send(think(*job))


def _processes() -> Any:
    """How processes are started: forked from a server process that has imported this layer
    (or each from a fresh interpreter where there is no such server), never forked from the
    caller. Forking a caller whose other thread holds a lock deadlocks the new process: a
    thread blocked reading stdin holds the lock that the process must take to close its copy
    of stdin. Python 3.14 stopped forking by default for that reason. The price is the
    standard one: a script that starts searches must do so under ``if __name__ ==
    "__main__":``, as on Windows and macOS."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    processes = multiprocessing.get_context("forkserver")
    processes.set_forkserver_preload(["pygames.ai"])
    return processes


class Worker:
    """A process that searches positions sent down its pipe."""

    def __init__(self) -> None:
        processes = _processes()
        self.conn, theirs = processes.Pipe()
        self.process = processes.Process(target=_serve, args=(theirs,), daemon=True)
        self.process.start()
        theirs.close()

    def ask(self, job: tuple[Any, ...]) -> bool:
        """Send a search; False if the process is gone."""
        try:
            self.conn.send(job)
        except (BrokenPipeError, EOFError, OSError):
            return False
        return True

    def answer(self, deadline: float | None) -> dict[str, Any] | None:
        """The summary, or None if the process died or is stuck past ``deadline``."""
        while True:
            wait = 0.5 if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                if self.conn.poll(wait):
                    found: dict[str, Any] = self.conn.recv()
                    return found
            except (EOFError, OSError):
                return None
            if not self.process.is_alive() or (deadline is not None and time.monotonic() >= deadline):
                return None

    def stop(self) -> None:
        self.conn.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join()


#: The processes started so far, in order; the first ``n`` serve an analysis with ``n``.
WORKERS: list[Worker] = []


def pool(workers: int) -> list[Worker]:
    """``workers`` live processes, started (or started anew) where needed."""
    for i in range(workers):
        if i == len(WORKERS):
            WORKERS.append(Worker())
        elif not WORKERS[i].process.is_alive():
            WORKERS[i].stop()
            WORKERS[i] = Worker()
    return WORKERS[:workers]


def side_by_side(game: Game, workers: int, rng: random.Random, seconds: float | None,
                 iterations: int | None, lines: int) -> list[dict[str, Any]]:
    """The summaries of ``workers`` searches made at once, each with its own seed and
    share of the root; a process that dies or sticks is left out (and replaced next time);
    when none answers, one search is made here, so that an answer always comes."""
    start = time.monotonic()
    seeds = [rng.getrandbits(63) for _ in range(workers)]
    end = None if seconds is None else start + seconds - MARGIN
    team = pool(workers)
    asked = [w for i, w in enumerate(team) if w.ask((game, seeds[i], end, iterations, (i, workers), lines))]
    deadline = None if seconds is None else start + seconds + GRACE
    found = []
    for worker in asked:
        summary = worker.answer(deadline)
        if summary is None:
            worker.stop()
        else:
            found.append(summary)
    if not found:
        found.append(think(game, seeds[0], None if end is None else max(end, time.monotonic()), iterations,
                           (0, 1), lines))
    return found
