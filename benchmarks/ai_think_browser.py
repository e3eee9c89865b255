#!/usr/bin/env python3
"""The computer on several cores in the real page: work per second and memory, in Chromium.

    .venv/bin/python benchmarks/ai_think_browser.py [--runs 5] [--level medium] [--workers 1,2] [--memory 1,2,4] [fragment ...]

Needs the built site (``python3 build.py``) and the test tools (``python3 build.py test``
installs them into .venv). The page's number of workers is set as a player sets it (the
"Cores" preference, saved in localStorage); the device's core count is raised to the
largest number asked, so that a small machine can run the larger pools too.

* **Work per second**: one page per ``--workers`` count, all open at once; each asks the
  computer to evaluate each position (share-link fragments; by default a Loose and a Pente
  position) at ``--level``, in turns across the pages so that all see the same machine
  load, ``--runs`` times. Work is the answer's (playouts, or Pente's nodes, of all workers
  together); the time is from the question to the merged answer, on the page. Medians, each
  count's ratio to the first, and the cores the page got meanwhile (the renderer
  processes' processor time from /proc over the answer's time): more workers only help
  where the machine has cores to spare.
* **Memory** (``--memory``): for each count, a fresh browser with one page and its
  workers, once they are ready and have answered a question: the page's whole renderer
  process (proportional set size from /proc; dedicated workers, and the WebAssembly memory
  of their interpreters, live in their page's process), what each worker beyond the first
  adds to it, and each worker's JavaScript heap and array buffers (CDP, through the page's
  attached worker targets).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from conftest import ARGS, CHROMIUM, SITE

from tools.build.serve import Handler

POSITIONS = ["v=1&g=loose&size=9&m=e5.d4.f6", "v=1&g=pente&size=19&opening=none&m=j10.k10.k11"]
READY_MS = 180_000
MB = 1024 * 1024

def setup(cores: int, most: int) -> str:
    """The page's start: ``cores`` workers wanted, on a device reporting ``most`` cores."""
    return (f"Object.defineProperty(navigator, 'hardwareConcurrency', {{ get: () => {most} }});"
            f"localStorage.setItem('pygames.prefs', {json.dumps(json.dumps({'cores': cores}))});")


def open_page(browser, origin: str, cores: int, most: int):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.add_init_script(setup(cores, most))
    page.goto(origin + "/index.html")
    page.wait_for_function(f"document.body.dataset.aiWorkers === '{cores}'", timeout=READY_MS)
    return page


def evaluate(page, fragment: str, level: str) -> tuple[float, int, int]:
    """One question to the page's workers: seconds to the answer, its work, its workers."""
    seconds, answer = page.evaluate(
        """async ([fragment, level]) => {
             const t0 = performance.now();
             const answer = await PgAi.ask({ purpose: "evaluate", fragment, level });
             return [(performance.now() - t0) / 1000, answer];
           }""", [fragment, level])
    if "work" not in answer:
        raise SystemExit(f"no answer for {fragment}: {answer}")
    return seconds, answer["work"], answer.get("workers", 1)


def renderer_pids(browser) -> list[int]:
    info = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")["processInfo"]
    return [process["id"] for process in info if process["type"] == "renderer"]


def cpu_seconds(pids: list[int]) -> float:
    """The processor time the renderer processes have used (their workers' threads too)."""
    ticks = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def work_per_second(browser, origin: str, counts: list[int], positions: list[str], level: str, runs: int) -> None:
    """Also the cores the page got while it thought (its processor time over the answer's
    time): on a machine busy with other work, more workers get little more of it."""
    pages = {n: open_page(browser, origin, n, max(counts)) for n in counts}
    pids = renderer_pids(browser)
    print(f"work per second at level {level}, {runs} runs (medians):")
    for fragment in positions:
        rates: dict[int, list[float]] = {n: [] for n in counts}
        times: dict[int, list[float]] = {n: [] for n in counts}
        used: dict[int, list[float]] = {n: [] for n in counts}
        for n, page in pages.items():
            evaluate(page, fragment, level)  # the first question of a position warms the caches
        for _ in range(runs):
            for n, page in pages.items():
                cpu = cpu_seconds(pids)
                seconds, work, merged = evaluate(page, fragment, level)
                used[n].append((cpu_seconds(pids) - cpu) / seconds)
                assert merged == n, f"{n} workers asked, {merged} answered"
                rates[n].append(work / seconds)
                times[n].append(seconds)
        first = statistics.median(rates[counts[0]])
        print(f"  {fragment}")
        for n in counts:
            rate = statistics.median(rates[n])
            print(f"    {n} worker{'s' if n > 1 else ' '}: {rate:9.0f} work/s  answer in {statistics.median(times[n]):.2f} s"
                  f"  cores used {statistics.median(used[n]):.2f}  ratio {rate / first:.2f}"
                  f"  (runs: {', '.join(f'{r:.0f}' for r in rates[n])})")
    for page in pages.values():
        page.context.close()


def worker_memory(page, count: int) -> list[tuple[float, float]]:
    """Each worker's JavaScript heap in use and its array buffers' backing stores in MB
    (CDP Runtime.getHeapUsage in the worker: the page's session attaches to its workers and
    passes messages to each). A walk of a worker's heap (Runtime.queryObjects, to find its
    WebAssembly memory) crashes this Chromium's renderer, so the interpreter's whole memory
    is read off the process instead: see memory()."""
    cdp = page.context.new_cdp_session(page)
    replies: dict[tuple[str, int], dict] = {}
    sessions: list[str] = []

    def attached(event: dict) -> None:
        if event["targetInfo"]["type"] == "worker":
            sessions.append(event["sessionId"])

    def received(event: dict) -> None:
        message = json.loads(event["message"])
        if "id" in message:
            replies[(event["sessionId"], message["id"])] = message.get("result") or message

    def settle(done) -> None:
        while not done():
            page.evaluate("0")  # a round trip, in which the browser's events are taken in

    cdp.on("Target.attachedToTarget", attached)
    cdp.on("Target.receivedMessageFromTarget", received)
    cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": False})
    settle(lambda: len(sessions) >= count)
    found = []
    for session in sessions:
        def send(mid: int, method: str, params: dict, session: str = session) -> dict:
            cdp.send("Target.sendMessageToTarget",
                     {"sessionId": session, "message": json.dumps({"id": mid, "method": method, "params": params})})
            settle(lambda: (session, mid) in replies)
            return replies[(session, mid)]

        heap = send(1, "Runtime.getHeapUsage", {})
        found.append((heap["usedSize"] / MB, heap["backingStorageSize"] / MB))
    cdp.detach()
    return found


def renderer_pss(browser) -> float:
    """The largest renderer process's proportional set size in MB: the page's own process."""
    info = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")["processInfo"]
    sizes = []
    for process in info:
        if process["type"] == "renderer":
            rollup = Path(f"/proc/{process['id']}/smaps_rollup").read_text()
            sizes.append(int(next(line.split()[1] for line in rollup.splitlines() if line.startswith("Pss:"))) / 1024)
    return max(sizes)


def memory(playwright, origin: str, counts: list[int], fragment: str) -> None:
    print("memory once the workers have answered a question (MB):")
    totals: dict[int, float] = {}
    for n in counts:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            page = open_page(browser, origin, n, max(counts))
            evaluate(page, fragment, "medium")
            workers = worker_memory(page, n)
            page_heap = page.context.new_cdp_session(page).send("Runtime.getHeapUsage")["usedSize"] / MB
            each = ", ".join(f"{js:.0f} JS heap + {buffers:.0f} buffers" for js, buffers in workers)
            totals[n] = renderer_pss(browser)
            print(f"  {n} worker{'s' if n > 1 else ' '}: page's renderer process {totals[n]:5.0f} PSS;"
                  f" page's JS heap {page_heap:.0f}; each worker: {each}")
        finally:
            browser.close()
    first = counts[0]
    for n in counts[1:]:
        print(f"  each worker beyond {first}: {(totals[n] - totals[first]) / (n - first):.0f} MB of the process")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--level", default="medium", help="a level that thinks for a time (medium, hard, strongest)")
    parser.add_argument("--workers", default="1,2", help="worker counts to compare (work per second)")
    parser.add_argument("--memory", default="1,2,4", help="worker counts to measure memory for ('' for none)")
    parser.add_argument("positions", nargs="*", default=POSITIONS, help="share-link fragments")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    if not (SITE / "index.html").exists():
        sys.exit("dist/site is missing: run python3 build.py")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    with sync_playwright() as p:
        if args.workers:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            work_per_second(browser, origin, [int(n) for n in args.workers.split(",")], args.positions, args.level, args.runs)
            browser.close()
        if args.memory:
            memory(p, origin, [int(n) for n in args.memory.split(",")], args.positions[0])
    server.shutdown()


if __name__ == "__main__":
    main()
