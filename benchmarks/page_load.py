#!/usr/bin/env python3
"""Page load in real Chromium, served as ``build.py serve`` serves it (compression on).

    .venv/bin/python benchmarks/page_load.py [--runs 5] [--page /index.html] [--locale ko-KR] [--network 100,20] [--base COMMIT]

Needs the built site (``python3 build.py``) and the test tools (``python3 build.py test``
installs them into .venv). Three kinds of visit, each ``--runs`` times:

* **cold, disk cache**: a new browser profile on disk, first visit;
* **cold, private**: a private window (nothing kept on disk), first visit;
* **warm**: the browser restarted on the profile of a cold visit, second visit (disk
  cache, compiled code cache and offline cache as the first visit left them).

For each it reports the medians of: the first board on screen (the board drawn before
Python is ready), a playable board (Python ready, board live), two phases of the way there
(see PHASES: the interpreter's start, and the app's own start), and what the server sent
while the page loaded: requests and bytes (response bodies as sent, so compressed), both
until the board is playable and in all (the offline cache fills itself at idle after
that). A file the server sends twice in one visit is printed as a ``FAIL`` line.

``--base COMMIT`` (repeatable) also builds the site of an earlier commit (in a temporary
worktree) and alternates visits between the sites, so that all see the same machine load.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from conftest import ARGS, CHROMIUM, SITE

from tools.build import CACHE, NODE, VENV
from tools.build.serve import Handler

READY = "window.pgReady === true"
#: What a visit does after the board is ready, where the build has it: the offline cache
#: fills itself and the computer's worker starts.
AFTER_READY = """(typeof PgStart === "undefined" || !PgStart.offline || document.documentElement.dataset.offline === "ready")
  && (typeof PgAi === "undefined" || document.body.dataset.aiReady === "1" || document.body.dataset.aiFallback)"""
#: A visit has settled when the server has had no request for this long (the offline
#: cache fills itself at idle, after the board is ready).
QUIET_S = 2.0
SETTLE_CAP_S = 60.0
KINDS = ("cold, disk cache", "cold, private", "warm")
#: The first board, the playable board, and two phases read from the page's resource
#: timings: the interpreter's start (from the engine's last byte to the request for the
#: pygames wheel, which PyScript makes once Python runs) and the app's start (from the
#: wheel's last byte to the playable board: unpacking, PyScript's own start, importing
#: pygames and the page's glue, the first view).
PHASES = """(() => {
  const at = (test, key) => { const e = performance.getEntriesByType("resource").find((r) => test(r.name)); return e ? e[key] : null; };
  const wasm = at((n) => n.endsWith("/pyodide.asm.wasm"), "responseEnd");
  const wheel = performance.getEntriesByType("resource").find((r) => r.name.includes("/wheels/pygames-"));
  return [window.pgBoardAt ?? null, window.pgReadyAt, wasm && wheel && wheel.startTime - wasm,
          wheel && window.pgReadyAt - wheel.responseEnd];
})()"""


class Log:
    """Every response the server sends: (path, status, body bytes), in order."""

    def __init__(self) -> None:
        self.entries: list[tuple[str, int, int]] = []
        self.last = time.monotonic()
        self.lock = threading.Lock()

    def add(self, path: str, status: int, size: int) -> None:
        with self.lock:
            self.entries.append((path, status, size))
            self.last = time.monotonic()

    def mark(self) -> int:
        with self.lock:
            return len(self.entries)

    def since(self, start: int, end: int | None = None) -> list[tuple[str, int, int]]:
        with self.lock:
            return self.entries[start:end]


def serve(site: Path, log: Log) -> http.server.ThreadingHTTPServer:
    class Counting(Handler):
        def send_response(self, code: int, message: str | None = None) -> None:
            self._status = code
            super().send_response(code, message)

        def send_header(self, keyword: str, value: str) -> None:
            if keyword.lower() == "content-length":
                self._length = int(value)
            super().send_header(keyword, value)

        def handle_one_request(self) -> None:
            self._status, self._length = 0, 0
            super().handle_one_request()
            if self._status:
                path = self.path.split("?")[0].split("#")[0]
                log.add(path + ("index.html" if path.endswith("/") else ""), self._status,
                        self._length if self._status == 200 and self.command != "HEAD" else 0)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def settle(log: Log) -> None:
    """Wait until the server has been quiet for QUIET_S (the idle-time caching is done)."""
    start = time.monotonic()
    while time.monotonic() - start < SETTLE_CAP_S:
        time.sleep(0.25)
        if time.monotonic() - log.last > QUIET_S:
            return


def visit(context, url: str, log: Log, network: tuple[float, float] | None) -> dict:
    """Open ``url`` in a new page of ``context``; timings in ms since navigation start.
    ``network`` (round trip in ms, Mbit/s) has Chromium slow every response down to it."""
    start = log.mark()
    page = context.new_page()
    if network:
        rtt, mbps = network
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", {"offline": False, "latency": rtt,
                     "downloadThroughput": mbps * 1e6 / 8, "uploadThroughput": mbps * 1e6 / 8})
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    ready_mark = log.mark()
    marks = page.evaluate(PHASES)
    page.wait_for_function(AFTER_READY, timeout=120_000)
    settle(log)
    page.close()
    until_ready, everything = log.since(start, ready_mark), log.since(start)
    return {"board": marks[0], "ready": marks[1], "interpreter": marks[2], "app": marks[3],
            "requests": len(until_ready), "bytes": sum(s for _, _, s in until_ready),
            "all_requests": len(everything), "all_bytes": sum(s for _, _, s in everything),
            # A 304 (the browser's check that sw.js is unchanged) sends no file again.
            "twice": sorted(p for p, n in Counter(p for p, status, _ in everything if status != 304).items() if n > 1)}


def run_site(p, browser, origin: str, path: str, log: Log, locale: str | None,
             network: tuple[float, float] | None = None) -> dict[str, dict]:
    """One cold visit on disk, its warm revisit after a browser restart, and one private visit."""
    results = {}
    profile = tempfile.mkdtemp(prefix="page-load-profile-")
    try:
        for kind in ("cold, disk cache", "warm"):
            context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=ARGS,
                                                           locale=locale)
            try:
                results[kind] = visit(context, origin + path, log, network)
            finally:
                context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    context = browser.new_context(locale=locale)
    try:
        results["cold, private"] = visit(context, origin + path, log, network)
    finally:
        context.close()
    return results


def build_base(commit: str, into: Path) -> Path:
    """The site as ``commit`` built it, in a temporary worktree under ``into``."""
    tree = into / commit
    subprocess.run(["git", "worktree", "add", "--detach", str(tree), commit], cwd=ROOT, check=True,
                   capture_output=True)
    # A copy, not a link: an older build script may reinstall node_modules in place.
    shutil.copytree(NODE, tree / "node_modules", symlinks=True)
    os.utime(tree / "node_modules" / ".package-lock.json")
    if VENV.exists():  # the build tools
        (tree / ".venv").symlink_to(VENV)
    for kept in ("cache", "compressed"):  # compressed copies already made, by input hash
        if CACHE.exists():
            shutil.copytree(CACHE, tree / "dist" / kept)
    subprocess.run([sys.executable, "build.py"], cwd=tree, check=True, stdout=subprocess.DEVNULL)
    return tree / "dist" / "site"


def median(xs: list) -> str:
    xs = [x for x in xs if x is not None]
    return f"{statistics.median(xs):,.0f}" if xs else "n/a"


def report(name: str, runs: list[dict[str, dict]]) -> None:
    print(f"\n{name}")
    print("| visit | first board (ms) | playable (ms) | playable range | interpreter start | app start "
          "| requests / KB until playable | requests / KB in all |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for kind in KINDS:
        rows = [r[kind] for r in runs]
        ready = [r["ready"] for r in rows]
        print(f"| {kind} | {median([r['board'] for r in rows])} | {median(ready)} | "
              f"{min(ready):,.0f}–{max(ready):,.0f} | "
              f"{median([r['interpreter'] for r in rows])} | {median([r['app'] for r in rows])} | "
              f"{median([r['requests'] for r in rows])} / {median([r['bytes'] / 1024 for r in rows])} | "
              f"{median([r['all_requests'] for r in rows])} / {median([r['all_bytes'] / 1024 for r in rows])} |")
    for kind in KINDS[:2]:
        for i, r in enumerate(runs):
            for path in r[kind]["twice"]:
                print(f"FAIL: {name}, {kind}, run {i + 1}: {path} was sent more than once")


def load_average() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--page", default="/index.html", help="path of the page to load (default /index.html)")
    parser.add_argument("--locale", help="the browser's language, e.g. ko-KR (the page then loads its Korean catalogs)")
    parser.add_argument("--network", help="a slower network, emulated by Chromium: round trip in ms and Mbit/s, "
                        "e.g. 100,20 (a warm visit asks the network for nothing, so only cold visits change)")
    parser.add_argument("--base", action="append", default=[],
                        help="also measure the site built at this commit, alternating (may be repeated)")
    args = parser.parse_args()
    network = tuple(float(x) for x in args.network.split(",")) if args.network else None
    if not (SITE / "index.html").exists():
        sys.exit("dist/site is missing: run `python3 build.py` first")
    scratch = Path(tempfile.mkdtemp(prefix="page-load-"))
    sites = {"this tree": SITE}
    try:
        sites = {**{f"base {commit}": build_base(commit, scratch) for commit in args.base}, **sites}
        logs = {name: Log() for name in sites}
        servers = {name: serve(site, logs[name]) for name, site in sites.items()}
        results: dict[str, list] = {name: [] for name in sites}
        print(f"{args.page}, {args.runs} runs, locale {args.locale or 'the browser default'}, "
              f"network {args.network + ' (ms, Mbit/s)' if args.network else 'as is'}, "
              f"{load_average()} at the start", flush=True)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            for _ in range(args.runs):
                for name, server in servers.items():
                    origin = f"http://127.0.0.1:{server.server_address[1]}"
                    results[name].append(run_site(p, browser, origin, args.page, logs[name], args.locale, network))
            browser.close()
        for name, runs in results.items():
            report(name, runs)
        print(f"\n{load_average()} at the end")
        for server in servers.values():
            server.shutdown()
    finally:
        for commit in args.base:
            subprocess.run(["git", "worktree", "remove", "--force", str(scratch / commit)], cwd=ROOT,
                           check=False, capture_output=True)
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
