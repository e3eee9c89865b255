"""Searching on several cores at once, on CPython: a pool of processes that lives across moves.

Each process runs one search of the position (:func:`think`) and sends back its summary;
:func:`pygames.ai.analysis.merge` adds them up, as the page does with its Web Workers'
summaries. Processes share no memory, which is what root parallelisation needs and what
Web Workers give, so the two behave alike. The pool is made on first use and kept, so
that only the first analysis pays for starting its processes; a process that dies is
left out of the merge, and the pool is made anew for the next analysis.
"""

from __future__ import annotations

import os
import random
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..game import Game

#: The pools made so far, by size.
_POOLS: dict[int, ProcessPoolExecutor] = {}
#: Time kept back from each process's budget for sending the position and the answer.
MARGIN = 0.03


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


def think(game: Game, seed: int, seconds: float | None, iterations: int | None,
          share: tuple[int, int], lines: int) -> dict[str, Any]:
    """One search of ``game``'s position, as a summary: what each process (or worker) runs."""
    from . import search  # the layer's entry point; imported here so that this module stays below it

    start = time.perf_counter()
    searcher = search(game, random.Random(seed), share=share)
    if searcher.decided is None:
        left = None if seconds is None else max(0.0, seconds - (time.perf_counter() - start))
        searcher.run(seconds=left, iterations=iterations)
    return searcher.summary(lines)


def _pool(workers: int) -> ProcessPoolExecutor:
    pool = _POOLS.get(workers)
    if pool is None:
        pool = _POOLS[workers] = ProcessPoolExecutor(max_workers=workers)
    return pool


def side_by_side(game: Game, workers: int, rng: random.Random, seconds: float | None,
                 iterations: int | None, lines: int) -> list[dict[str, Any]]:
    """The summaries of ``workers`` searches made at once in the pool, each with its own
    seed and share of the root; those whose process failed are left out (when all did,
    one search is made here, so that an answer always comes)."""
    start = time.perf_counter()
    seeds = [rng.getrandbits(63) for _ in range(workers)]
    budget = None if seconds is None else max(0.0, seconds - MARGIN)
    pool = _pool(workers)
    jobs: list[Future[dict[str, Any]]] = []
    try:
        jobs = [pool.submit(think, game, seeds[i], budget, iterations, (i, workers), lines) for i in range(workers)]
    except (BrokenProcessPool, RuntimeError):
        _POOLS.pop(workers, None)
    found = []
    for job in jobs:
        try:
            found.append(job.result())
        except BrokenProcessPool:
            _POOLS.pop(workers, None)
    if len(found) < len(jobs) or not jobs:
        pool.shutdown(wait=False, cancel_futures=True)
        _POOLS.pop(workers, None)
    if not found:
        left = None if seconds is None else max(0.0, seconds - (time.perf_counter() - start))
        found.append(think(game, seeds[0], left, iterations, (0, 1), lines))
    return found
