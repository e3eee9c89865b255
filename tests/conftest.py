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

    def __init__(self, page, origin: str) -> None:
        self.page = page
        self.errors: list[str] = []
        self.foreign: list[str] = []
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
           *, again: bool = True, **options) -> Watched:
        """``options`` adds browser-context options, e.g. ``locale="ko-KR"``."""
        context = browser.new_context(**{"viewport": {"width": 1100, "height": 900}, "service_workers": "block", **options})
        watched = Watched(context.new_page(), site_url)
        opened.append(watched)
        if path is None:
            return watched
        crashed: list[bool] = []
        watched.page.on("crash", lambda _page: crashed.append(True))
        try:
            watched.page.goto(site_url + path)
            if ready:
                watched.page.wait_for_function(ready, timeout=READY_MS)
        except Exception:
            if not (crashed and again):
                raise
            # Chromium's renderer process died while loading (the page's own errors are page
            # errors, and fail the test): open it once more in a fresh context; a second crash fails
            opened.remove(watched)
            context.close()
            return go(path, ready, again=False, **options)
        return watched

    yield go
    for w in opened:
        try:
            w.check()
        finally:
            w.page.context.close()
