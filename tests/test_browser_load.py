"""Page start-up: the board shows before Python is ready, the live board takes its place
without moving, and nothing a player does while the engine loads can reload the page."""

import pytest
from browser import text
from conftest import READY_MS

pytestmark = pytest.mark.browser

WASM = "**/pyodide.asm.wasm"


def open_held(open_page, site_url, path):
    """Open ``path`` with the engine's download held back; returns the page and a
    function that lets the download go on."""
    w = open_page(None)
    held = []
    w.page.route(WASM, lambda route: held.append(route))
    with w.page.expect_request(WASM):
        w.page.goto(site_url + path)
    w.page.wait_for_function("window.pgBoardAt !== undefined")

    def release():
        assert held, "the engine download was not held"
        held[0].continue_()
        w.page.wait_for_function("window.pgReady === true", timeout=READY_MS)

    return w, release


def box(page, selector):
    b = page.locator(selector).bounding_box()
    return b["x"], b["y"], b["width"], b["height"]


def test_start_position_shows_at_once_and_the_live_board_takes_its_place(open_page, site_url):
    w, release = open_held(open_page, site_url, "/index.html#v=1&g=gardar")
    page = w.page
    assert page.locator(".pg-start svg").is_visible()
    assert page.locator(".pg-start.later").count() == 0
    assert text(page, "#title") == "Gardar" and text(page, "#prompt") == "Black to play"
    assert page.locator("#board").get_attribute("data-stones") is None, "the canvas is still blank"
    before = box(page, ".pg-start")
    assert box(page, "#board") == before, "the blank canvas reserves the picture's place"
    release()
    assert page.locator(".pg-start").count() == 0
    assert page.locator("#board").get_attribute("data-stones") == "0"
    after = box(page, "#board")
    assert all(abs(a - b) <= 1 for a, b in zip(after, before)), (before, after)


def test_a_link_to_a_later_position_dims_the_start_picture(open_page, site_url):
    w, release = open_held(open_page, site_url, "/index.html#v=1&g=loose&size=9&m=e5.d4")
    assert w.page.locator(".pg-start.later").is_visible()
    assert text(w.page, "#title") == "Loose" and text(w.page, "#prompt") == ""
    release()
    assert text(w.page, "#ply") == "2 / 2" and w.page.locator("#board").get_attribute("data-stones") == "2"


def test_controls_wait_for_the_engine_and_no_form_reloads_the_page(open_page, site_url):
    w, release = open_held(open_page, site_url, "/index.html")
    page = w.page
    page.evaluate("window.sameDocument = true")
    assert page.evaluate("document.getElementById('controls').disabled")
    for control in ("#type-move input", "#type-move button", "#new-game button", "#undo", "[data-pref=coordinates]"):
        assert page.is_disabled(control), control
    page.evaluate("document.querySelectorAll('form').forEach((f) => f.requestSubmit())")
    release()
    assert not page.is_disabled("#type-move input")
    page.fill("#type-move input", "zz")
    page.press("#type-move input", "Enter")
    page.wait_for_function("document.getElementById('message').textContent !== ''")
    page.fill("#type-move input", "e5")
    page.press("#type-move input", "Enter")
    page.wait_for_function("document.body.dataset.ply === '1'")
    assert page.evaluate("window.sameDocument") is True, "a form reloaded the page"
    assert page.evaluate("location.search") == ""


def test_embedded_board_controls_wait_for_the_engine(open_page, site_url):
    w, release = open_held(open_page, site_url, "/rules-loose.html")
    page = w.page
    interactive = page.locator("figure.pg-board[data-interactive]").first
    assert interactive.locator(".pg-static svg").is_visible()
    assert all(b.is_disabled() for b in interactive.locator(".pg-controls button").all())
    release()
    assert not any(b.is_disabled() for b in interactive.locator(".pg-controls button").all())
    assert interactive.locator("canvas").is_visible()
