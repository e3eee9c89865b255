"""The built site as a static host serves it: headers, start-up failure, offline use,
and links that survive a reload."""

import gzip
import hashlib
import json
import re
import shutil
import urllib.request
from collections import Counter
from contextlib import contextmanager, suppress

import pytest
from browser import click_point, is_black, pixel, text
from conftest import READY_MS, SITE, Watched

from pygames import Board
from tools.build import ROOT, SRC
from tools.build.compress import COMPRESSED, precompress
from tools.build.offline import site_files, write_service_worker
from tools.build.serve import accepted_encodings
from tools.build.site import LEARNING_CODE, NOT_SHIPPED
from tools.build.toolchain import import_tool

pytestmark = pytest.mark.browser

#: How many times each test of this file has started (the renderer crash test's runs).
RUNS: Counter[str] = Counter()


def test_a_test_whose_renderer_crashed_runs_once_more(open_page, request):
    """On a busy host Chromium's renderer has died in the middle of a test whose page runs
    fine alone; the harness then runs the test once more from its setup
    (conftest.pytest_runtest_protocol). Here the first run's renderer is made to die."""
    RUNS[request.node.nodeid] += 1
    watched = open_page()
    if RUNS[request.node.nodeid] == 1:
        with suppress(Exception):  # the navigation is aborted as the renderer dies
            watched.page.goto("chrome://crash")
        watched.foreign.clear()
        watched.page.wait_for_function("true")  # raises: Target crashed
    assert RUNS[request.node.nodeid] == 2
    assert watched.page.evaluate("window.pgReady") is True


def test_serve_sends_pyodide_mime_types_and_no_stale_cache(site_url):
    expected = {"/pyodide/pyodide.asm.wasm": "application/wasm", "/pyodide/pyodide.mjs": "text/javascript",
                "/index.html": "text/html", "/pyscript.json": "application/json"}
    for path, mime in expected.items():
        with urllib.request.urlopen(site_url + path) as r:
            assert r.headers["Content-Type"].startswith(mime), path
            assert r.headers["Cache-Control"] == "no-cache", path


def test_compressed_responses_decode_to_the_same_bytes(site_url):
    brotli = import_tool("brotli")
    decoders = {"br": brotli.decompress, "gzip": gzip.decompress}
    compressed = 0
    for path in [*site_files(SITE), SITE / "sw.js"]:
        url = f"{site_url}/{path.relative_to(SITE).as_posix()}"
        with urllib.request.urlopen(url) as plain:
            assert plain.headers["Content-Encoding"] is None and plain.read() == path.read_bytes(), url
            mime = plain.headers["Content-Type"]
        for coding, suffix in COMPRESSED.items():
            request = urllib.request.Request(url, headers={"Accept-Encoding": f"{coding}, identity;q=0.5"})
            with urllib.request.urlopen(request) as r:
                assert r.headers["Content-Type"] == mime and r.headers["Vary"] == "Accept-Encoding", url
                body = r.read()
                if path.with_name(path.name + suffix).exists():
                    compressed += 1
                    assert r.headers["Content-Encoding"] == coding, url
                    assert int(r.headers["Content-Length"]) == len(body) < path.stat().st_size, url
                    body = decoders[coding](body)
                assert body == path.read_bytes(), url
    assert compressed >= 2 * 10, "the pages, scripts and runtime are compressed"
    assert (SITE / "pyodide" / "pyodide.asm.wasm.br").exists()


def test_accept_encoding_is_read_with_its_weights():
    assert accepted_encodings("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert accepted_encodings("br;q=0, gzip;q=0.8") == {"gzip"}
    assert accepted_encodings("*") == {"br", "gzip"}
    assert accepted_encodings("*;q=1, br;q=0") == {"gzip"}
    assert accepted_encodings("identity") == {"identity"}
    assert accepted_encodings("") == set()


def test_wheel_name_changes_with_its_contents():
    wheels = list((SITE / "wheels").glob("pygames-*.whl"))
    assert len(wheels) == 1 and "+" in wheels[0].name, "the wheel carries a content hash"
    assert wheels[0].name in (SITE / "pyscript.json").read_text()


def test_the_site_wheel_holds_every_module_as_bytecode_and_a_valid_record():
    """The site's pygames comes compiled (the page then imports it without compiling
    source); tests/test_pyodide.py runs the rules tests against this very wheel. The
    lessons' code comes apart, in the archive learn.js fetches when one opens, and the
    puzzles' prover not at all."""
    import zipfile

    (wheel,) = (SITE / "wheels").glob("pygames-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    sources = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "pygames").rglob("*.py"))
    apart = set(NOT_SHIPPED) | set(LEARNING_CODE)
    assert sorted(n for n in names if n.endswith(".pyc")) == [s + "c" for s in sources if s + "c" not in apart]
    (code,) = (SITE / "learn").glob("code-*.zip")
    assert sorted(zipfile.ZipFile(code).namelist()) == sorted(LEARNING_CODE)
    assert json.loads((SITE / "learn" / "index.json").read_text())["code"] == f"learn/{code.name}"
    assert not [n for n in names if n.endswith(".py")]
    record = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("/RECORD"))).decode()
    assert {line.split(",")[0] for line in record.splitlines()} == set(names)


def test_the_page_python_comes_compiled_for_the_pinned_interpreter():
    """The page's own Python comes compiled in the page archive, so that a visit compiles
    none: the page's glue (run by a one-line script that imports it), the worker's, and
    the modules of PyScript's package that the page imports, each as bytecode for the
    same interpreter as the wheel's and checked against no source (PyScript writes its
    sources again at every start), PyScript's where the import system looks beside them."""
    import json
    import zipfile

    (page,) = (SITE / "wheels").glob("page-*.zip")
    (wheel,) = (SITE / "wheels").glob("pygames-*.whl")
    assert page.name in (SITE / "pyscript.json").read_text() and page.name in (SITE / "ai-worker.js").read_text()
    assert '<script type="py" config="./pyscript.json">import main</script>' in (SITE / "index.html").read_text()
    assert not list(SITE.glob("*.py")), "no Python source is served"
    tag = "cpython-" + "".join(json.loads((SITE / "pyodide" / "pyodide-lock.json").read_text())["info"]["python"].split(".")[:2])
    imported = {"__init__", "context", "display", "events", "fetch", "ffi", "flatted", "storage", "util", "websocket",
                "workers"}  # sys.modules of a page, once started
    archive = zipfile.ZipFile(page)
    assert sorted(archive.namelist()) == sorted(["main.pyc", "ai_worker.pyc",
                                                 *(f"pyscript/__pycache__/{m}.{tag}.pyc" for m in imported)])
    magic = zipfile.ZipFile(wheel).read("pygames/__init__.pyc")[:4]
    for name in archive.namelist():
        data = archive.read(name)
        assert data[:4] == magic and int.from_bytes(data[4:8], "little") == 0b01, f"{name}: unchecked, hash-based"


@pytest.mark.parametrize("download", ["pyodide/pyodide.asm.wasm", "wheels/pygames-*.whl", "wheels/page-*.zip"])
def test_a_failed_engine_download_shows_a_message(open_page, site_url, download):
    """The engine, pygames or the page's own Python: whichever fails to arrive, the
    page says so instead of waiting."""
    w = open_page(None)
    w.page.route(f"**/{download}", lambda route: route.abort())
    w.page.goto(site_url + "/index.html")
    w.page.wait_for_function("document.body.dataset.failed === '1'", timeout=READY_MS)
    assert "could not start" in text(w.page, "#loading")
    assert "Traceback" not in w.page.inner_text("body")
    w.errors.clear()  # the aborted download is this test's own doing


def test_shared_link_survives_play_and_reload(open_page):
    b = Board.square(9)
    page = open_page("/index.html#v=1&g=loose&size=9&m=e5.d4.c3&p=2").page
    assert text(page, "#ply") == "2 / 3" and page.locator("#board").get_attribute("data-stones") == "2"
    page.click("[data-nav=last]")
    click_point(page, b, "g7")
    page.wait_for_function("document.body.dataset.ply === '4'")
    page.reload()
    page.wait_for_function("window.pgReady === true", timeout=READY_MS)
    assert text(page, "#ply") == "4 / 4"
    assert page.evaluate("location.hash") == "#v=1&g=loose&size=9&m=e5.d4.c3.g7"
    assert is_black(pixel(page, b, "c3"))


OFFLINE_READY = "document.documentElement.dataset.offline === 'ready'"


def offline_files(name: str = "FILES") -> dict[str, str]:
    """The offline cache's list: FILES, kept at once, or LATER, kept once a page opens them."""
    sw = (SITE / "sw.js").read_text()
    return json.loads(re.search(rf"const {name} = (\{{.*?\}});", sw, re.DOTALL).group(1))


@contextmanager
def first_visit(browser, server, path="/index.html", init_script=None):
    """A first visit with offline support on: yields the watched page once it is playable
    and served from the offline cache."""
    context = browser.new_context(service_workers="allow")
    if init_script:
        context.add_init_script(init_script)
    w = Watched(context.new_page(), server.origin)
    try:
        w.page.goto(server.origin + path)
        w.page.wait_for_function("window.pgReady === true", timeout=READY_MS)
        w.page.wait_for_function(OFFLINE_READY, timeout=READY_MS)
        yield w
    finally:
        context.close()


def test_works_offline_after_the_first_visit(browser, site_server):
    with first_visit(browser, site_server, "/index.html#v=1&g=loose&size=9&m=e5") as w:
        site_server.stop()
        with pytest.raises(OSError):
            urllib.request.urlopen(site_server.origin + "/index.html", timeout=5)
        w.page.reload()
        w.page.wait_for_function("window.pgReady === true", timeout=READY_MS)
        assert text(w.page, "#ply") == "1 / 1"
        click_point(w.page, Board.square(9), "d4")
        w.page.wait_for_function("document.body.dataset.ply === '2'")
        w.errors[:] = [e for e in w.errors if "ERR_CONNECTION_REFUSED" not in e]
        w.check()


def test_offline_cache_lists_every_built_file_with_its_digest():
    later = offline_files("LATER")
    files = offline_files() | later
    built = {p.relative_to(SITE).as_posix(): p for p in site_files(SITE)}
    assert set(files) == set(built)
    # the lessons, puzzles and their code only once opened: most visits never open one
    assert later and all(name.startswith("learn/") and name != "learn/index.json" for name in later)
    assert all(files[name] == hashlib.sha256(built[name].read_bytes()).hexdigest() for name in files)


def test_a_first_visit_asks_the_server_for_each_file_once(browser, site_server):
    """The page, the offline cache filling itself and the computer's worker share one
    download of every file."""
    with first_visit(browser, site_server) as w:
        w.page.wait_for_function("document.body.dataset.aiReady === '1'", timeout=READY_MS)
        w.check()
    asked = Counter(site_server.requests)
    assert [path for path, n in asked.items() if n > 1] == []
    assert {path.lstrip("/") for path in asked} == set(offline_files()) | {"sw.js"}


def test_only_a_first_visit_preloads_the_engine(browser, site_server):
    """Without the offline cache the page asks for the engine as soon as it is parsed; a
    visit the offline cache serves leaves that to Pyodide, whose own request finds the
    browser's compiled code for it."""
    engine = "performance.getEntriesByType('resource').filter((r) => r.name.endsWith('/pyodide.asm.wasm')).map((r) => r.initiatorType)"
    with first_visit(browser, site_server) as w:
        assert w.page.evaluate(engine) == ["link"]
        w.page.reload()
        w.page.wait_for_function("window.pgReady === true", timeout=READY_MS)
        assert w.page.evaluate("navigator.serviceWorker.controller !== null")
        assert w.page.evaluate(engine) == ["fetch"]
        w.check()


def test_a_new_build_replaces_the_offline_cache(browser, site_server, tmp_path):
    changed = "navigator.serviceWorker.addEventListener('controllerchange', () => { window.swChanged = true; })"
    with first_visit(browser, site_server, init_script=changed) as w:
        page = w.page
        old = page.evaluate("caches.keys()")
        new_site = tmp_path / "site"
        shutil.copytree(SITE, new_site)
        (new_site / "style.css").write_text((SITE / "style.css").read_text() + "\n/* a new build */\n")
        shutil.copy(SRC / "sw.template.js", new_site)
        write_service_worker(new_site)
        precompress([*site_files(new_site), new_site / "sw.js"])
        name = re.search(r'const CACHE = "(.*?)"', (new_site / "sw.js").read_text()).group(1)
        assert [name] != old
        site_server.directory = new_site
        page.reload()
        page.wait_for_function("window.pgReady === true", timeout=READY_MS)
        page.wait_for_function("window.swChanged && navigator.serviceWorker.controller.state === 'activated'",
                               timeout=READY_MS)
        assert page.evaluate("caches.keys()") == [name]
        cached = page.evaluate("(name) => caches.open(name).then((c) => c.match('style.css')).then((r) => r.text())", name)
        assert cached.endswith("/* a new build */\n")


def test_back_button_returns_to_the_game_left_behind(open_page):
    page = open_page("/index.html#v=1&g=loose&size=9&m=e5.d4").page
    page.click("#games a[data-game=vacu]")
    page.wait_for_function("document.body.dataset.game === 'vacu'")
    page.go_back()
    page.wait_for_function("document.body.dataset.game === 'loose'")
    assert text(page, "#ply") == "2 / 2" and page.evaluate("location.hash") == "#v=1&g=loose&size=9&m=e5.d4"


def test_copy_link_puts_the_current_position_on_the_clipboard(open_page, site_url):
    w = open_page(None)
    w.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url)
    w.page.goto(site_url + "/index.html#v=1&g=loose&size=9&m=e5.d4&p=1")
    w.page.wait_for_function("window.pgReady === true", timeout=READY_MS)
    w.page.click("#copy-link")
    w.page.wait_for_function("document.getElementById('message').textContent !== ''")
    assert text(w.page, "#message") == "Link copied to the clipboard."
    assert w.page.evaluate("navigator.clipboard.readText()") == site_url + "/index.html#v=1&g=loose&size=9&m=e5.d4&p=1"
