#!/usr/bin/env python3
"""Page load: time from navigation to the app's ready signal, in headless Chromium.

    .venv/bin/python benchmarks/page_load.py [--runs 5]

Needs the built site (``python3 build.py``) and the test tools (``python3 build.py test``
installs them into .venv). "Cold" is a fresh browser profile each run; "warm" reloads
the same profile (HTTP cache filled). The table gives medians and ranges, in ms.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import build  # noqa: E402
from conftest import ARGS, CHROMIUM, SITE  # noqa: E402

READY = "window.pgReady === true"
PAGES = {"app (Loose 11x11)": "/index.html", "rules page (5 boards)": "/rules-loose.html"}


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(build.Handler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    print(f"| {'page':<22} | {'cold median':>11} | {'cold range':>13} | {'warm median':>11} | {'warm range':>13} |")
    print(f"|{'-' * 24}|{'-' * 13}|{'-' * 15}|{'-' * 13}|{'-' * 15}|")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        for name, path in PAGES.items():
            cold, warm = [], []
            for _ in range(args.runs):
                context = browser.new_context(service_workers="block")
                page = context.new_page()
                page.goto(origin + path)
                page.wait_for_function(READY, timeout=120_000)
                cold.append(page.evaluate("window.pgReadyAt"))
                page.reload()
                page.wait_for_function(READY, timeout=120_000)
                warm.append(page.evaluate("window.pgReadyAt"))
                context.close()
            print(f"| {name:<22} | {statistics.median(cold):>11.0f} | {min(cold):>6.0f}–{max(cold):<6.0f} "
                  f"| {statistics.median(warm):>11.0f} | {min(warm):>6.0f}–{max(warm):<6.0f} |", flush=True)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
