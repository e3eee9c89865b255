"""Shared fixtures: the built site served on 127.0.0.1, and headless Debian Chromium.

Browser tests need ``python3 build.py`` to have built dist/site (``build.py test`` does).
Every page a test opens fails the test on any page error and on any request that leaves
the page's own origin.
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "dist" / "site"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY_MS = 120_000


def pytest_addoption(parser):
    parser.addoption("--soak-games", type=int, default=None,
                     help="games of each game in the soak differential test (default: a bounded CI sample)")


def pytest_collection_modifyitems(config, items):
    """Every shipped puzzle's proof takes minutes: it runs only when asked (``-m puzzles``);
    the ordinary run proves a sample (tests/test_learn.py)."""
    if "puzzles" in (config.getoption("-m") or ""):
        return
    left_out = [item for item in items if "puzzles" in item.keywords]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if "puzzles" not in item.keywords]


#: What Playwright reports when Chromium's renderer process died under a test.
CRASHED = "Target crashed"
#: The tests that ran again (see :func:`pytest_runtest_protocol`).
_RAN_AGAIN = pytest.StashKey[list]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    """A browser test during which Chromium's renderer process died runs once more, from
    its setup: on a busy host (a second browser or a benchmark beside the suite) a renderer
    has died mid-test in pages that load and run fine alone. A page at fault crashes
    again, and the second run's failure is the test's. Other tests run as usual."""
    if "browser" not in getattr(item, "fixturenames", ()):
        return None
    from _pytest.runner import runtestprotocol

    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    crashes = len(Watched.crashes)
    reports = runtestprotocol(item, nextitem=nextitem, log=False)
    failed = [r for r in reports if r.failed]
    if failed and (len(Watched.crashes) > crashes or any(CRASHED in str(r.longrepr) for r in failed)):
        item.config.stash.setdefault(_RAN_AGAIN, []).append(item.nodeid)
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


def pytest_terminal_summary(terminalreporter, config):
    """Name the tests that ran again after a renderer crash, so that a busy host shows."""
    again = config.stash.get(_RAN_AGAIN, [])
    if again:
        terminalreporter.section("ran again after Chromium's renderer crashed")
        for nodeid in again:
            terminalreporter.line(nodeid)


@pytest.fixture(scope="session")
def soak_games(request) -> int | None:
    return request.config.getoption("--soak-games")


@pytest.fixture(scope="session")
def site_url():
    # as the serve command (imported here: Pyodide runs this file too, and has no server)
    from tools.build.serve import Handler

    if not (SITE / "index.html").exists():
        pytest.fail("dist/site is missing: run `python3 build.py test` (it builds the site first)")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


class SiteServer:
    """A private server of a built site, as ``build.py serve`` serves it, that records the
    path of every file it sends (not a 304, the browser's check that its copy of ``sw.js``
    is current, which sends nothing again); its folder can be swapped for a new build."""

    def __init__(self, directory: Path) -> None:
        from tools.build.serve import Handler

        self.directory = directory
        self.requests: list[str] = []
        server = self

        class Recording(Handler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=str(server.directory), **kwargs)

            def send_response(self, code, message=None):
                if code != 304:
                    server.requests.append(self.path.split("?")[0])
                super().send_response(code, message)

        self.http = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Recording)
        self.origin = f"http://127.0.0.1:{self.http.server_address[1]}"
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.http.shutdown()
        self.http.server_close()


@pytest.fixture
def site_server():
    """A fresh recording server of dist/site (see SiteServer), stopped after the test."""
    server = SiteServer(SITE)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser():
    """A Chromium per test file: a browser that has opened a few hundred pages, each with
    Pyodide and its workers, is a heavier host than any visitor's, and once crashed a tab
    that loads fine on its own."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


class Watched:
    """A page plus what it did wrong: page errors and requests off its origin."""

    #: Every renderer crash of a watched page in this session (the URL it showed), which
    #: :func:`pytest_runtest_protocol` reads to run the test again.
    crashes: ClassVar[list[str]] = []

    def __init__(self, page, origin: str) -> None:
        self.page = page
        self.errors: list[str] = []
        self.foreign: list[str] = []
        page.on("crash", lambda crashed: Watched.crashes.append(crashed.url))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        page.context.on("request", lambda r: self._request(r.url, origin))

    def _request(self, url: str, origin: str) -> None:
        parsed = urlparse(url)
        if parsed.scheme in ("data", "blob"):
            return
        if f"{parsed.scheme}://{parsed.netloc}" != origin:
            self.foreign.append(url)

    def check(self) -> None:
        assert self.errors == [], f"page errors: {self.errors}"
        assert self.foreign == [], f"requests off the page's origin: {self.foreign}"


@pytest.fixture
def open_page(browser, site_url):
    """Open a path of the built site in a fresh context and wait for ``ready`` (a JS
    condition); ``path=None`` gives a blank watched page for the test to drive."""
    opened: list[Watched] = []

    def go(path: str | None = "/index.html", ready: str | None = "window.pgReady === true",
           **options) -> Watched:
        """``options`` adds browser-context options, e.g. ``locale="ko-KR"``."""
        context = browser.new_context(**{"viewport": {"width": 1100, "height": 900}, "service_workers": "block", **options})
        watched = Watched(context.new_page(), site_url)
        opened.append(watched)
        if path is None:
            return watched
        watched.page.goto(site_url + path)
        if ready:
            watched.page.wait_for_function(ready, timeout=READY_MS)
        return watched

    yield go
    for w in opened:
        try:
            w.check()
        finally:
            w.page.context.close()
