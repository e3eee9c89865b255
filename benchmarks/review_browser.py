#!/usr/bin/env python3
"""How long the page takes to review a 60-move game, in Chromium, with its workers.

    .venv/bin/python benchmarks/review_browser.py [--workers 2] [--budget quick] [--moves 60] [--runs 1] [game ...]

Needs the built site (``python3 build.py``) and the test tools (``python3 build.py test``
installs them into .venv). For each game (default: all five), a game of ``--moves`` moves
chosen at random from a fixed seed (the hardest case for the review: almost every move
differs from the computer's, so almost every position needs the second search of the
position after the better move), opened from its link in a page running ``--workers``
workers (the "Cores" preference); the Review button is clicked and the time is taken on
the page, from the click to the last look. Each worker count runs in its own page, in
turns, so that all see the same machine load; medians over ``--runs``, and each count's
time over the first's.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from conftest import ARGS, CHROMIUM, SITE
from test_review import random_record

from pygames.notation import encode
from tools.build.serve import Handler

GAMES = {"loose": {}, "vacu": {}, "convacu": {}, "gardar": {}, "pente": {"opening": "pro"}}
READY_MS = 180_000


def review_seconds(browser, origin: str, link: str, workers: int, budget: str) -> tuple[float, int]:
    """Seconds from the Review button to the complete review, and the positions reviewed."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.add_init_script(f"Object.defineProperty(navigator, 'hardwareConcurrency', {{ get: () => {max(workers, 2)} }});"
                         f"localStorage.setItem('pygames.prefs', {json.dumps(json.dumps({'cores': workers}))});"
                         f"localStorage.setItem('pygames.review', '{budget}');")
    page.goto(f"{origin}/index.html#{link}")
    page.wait_for_function(f"document.body.dataset.aiWorkers === '{workers}'", timeout=READY_MS)
    seconds = page.evaluate("""() => new Promise((done) => {
        const t0 = performance.now();
        new MutationObserver((_, watch) => {
          if (document.body.dataset.reviewed === "1") { watch.disconnect(); done((performance.now() - t0) / 1000); }
        }).observe(document.body, { attributes: true });
        document.getElementById("review-start").click();
      })""")
    positions = int(page.evaluate("document.body.dataset.reviewDone"))
    context.close()
    return seconds, positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", default="2", help="worker counts to compare, e.g. 1,2")
    parser.add_argument("--budget", default="quick", help="the review budget (quick or thorough)")
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    if not (SITE / "index.html").exists():
        sys.exit("dist/site is missing: run python3 build.py")
    counts = [int(n) for n in args.workers.split(",")]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    print(f"review of a {args.moves}-move game, budget {args.budget}, {args.runs} run(s) (medians):")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        for name in args.games:
            link = encode(random_record(name, args.moves, seed=1, **GAMES[name]))
            times: dict[int, list[float]] = {n: [] for n in counts}
            positions = 0
            for _ in range(args.runs):
                for n in counts:
                    seconds, positions = review_seconds(browser, origin, link, n, args.budget)
                    times[n].append(seconds)
            first = statistics.median(times[counts[0]])
            for n in counts:
                median = statistics.median(times[n])
                print(f"  {name:8} {positions} positions, {n} worker{'s' if n > 1 else ' '}: {median:5.1f} s"
                      f"  ratio {median / first:.2f}  (runs: {', '.join(f'{t:.1f}' for t in times[n])})")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
