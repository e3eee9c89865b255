"""Embedded boards: rules pages, the script route and the iframe route, in Chromium."""

import pytest
from browser import click_point, is_black, pixel

from pygames import Board

pytestmark = pytest.mark.browser
B5 = Board.square(5)


def test_rules_page_shows_svg_diagrams_before_python_then_one_interpreter_makes_them_live(open_page, site_url):
    held = []
    page = open_page(None).page
    wasm = []
    page.context.on("request", lambda r: r.url.endswith("pyodide.asm.wasm") and wasm.append(r.url))
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    with page.expect_request(lambda r: r.url.endswith("pyodide.asm.wasm")):
        page.goto(site_url + "/rules-loose.html")
    # The interpreter's download is held back: the page must already show every board.
    figures = page.locator("figure.pg-board")
    n = figures.count()
    assert n >= 5
    assert page.locator("figure.pg-board .pg-static svg").count() == n
    assert page.locator("figure.pg-board .pg-static").first.is_visible()
    assert page.locator("figure.pg-board[data-live]").count() == 0
    assert held, "the interpreter download was not held back"
    for route in held:
        route.continue_()
    page.wait_for_function("window.pgReady === true", timeout=120_000)
    assert page.locator("figure.pg-board[data-live='1']").count() == n
    assert page.locator("figure.pg-board .pg-static").first.is_hidden()
    assert len(wasm) == 1, "one interpreter drives every board on the page"
    assert page.locator("script[type=py]").count() == 1


def test_live_diagram_can_be_played_from(open_page):
    page = open_page("/rules-loose.html").page
    fig = page.locator("figure.pg-board").nth(1)  # the flipping example: Black a3 flips a5
    canvas_id = fig.get_attribute("id")
    click_point(page, B5, "a3", canvas=f"#{canvas_id} canvas")
    page.wait_for_function(f"document.getElementById('{canvas_id}').dataset.ply === '1'")
    page.wait_for_function("document.body.dataset.animating === undefined")  # the flip has turned over
    assert is_black(pixel(page, B5, "a5", canvas=f"#{canvas_id} canvas"))
    fig.locator("[data-nav=reset]").click()
    assert fig.get_attribute("data-ply") == "0"


def test_iframe_route_shows_a_view_only_board_from_the_fragment(open_page):
    page = open_page("/embed.html#v=1&g=loose&size=5&s1=c3&t=2&view=1&coords=0").page
    canvas = page.locator("figure.pg-board canvas")
    assert canvas.get_attribute("data-stones") == "1" and canvas.get_attribute("data-labels") == "0"
    assert page.locator(".pg-controls").count() == 0
    click_point(page, B5, "b2", canvas="figure.pg-board canvas")
    assert canvas.get_attribute("data-stones") == "1", "view-only boards ignore clicks"


def test_iframe_route_with_a_broken_link_says_what_is_wrong(open_page):
    page = open_page("/embed.html#v=1&g=loose&size=5&m=c3.c3").page
    assert "move 2 ('c3')" in page.inner_text(".pg-status")
    assert page.locator("figure.pg-board canvas").get_attribute("data-stones") == "1"


def test_every_rules_diagram_can_be_played_from_on_the_game_page(open_page):
    page = open_page("/rules-loose.html").page
    figures = page.locator("figure.pg-board")
    assert page.locator("figure.pg-board a.play-here").count() == figures.count()
    fig = figures.nth(1)  # the flipping example: Black a3 flips a5
    canvas_id = fig.get_attribute("id")
    click_point(page, B5, "a3", canvas=f"#{canvas_id} canvas")
    page.wait_for_function(f"document.getElementById('{canvas_id}').dataset.ply === '1'")
    link = fig.locator("a.play-here")
    assert link.get_attribute("href") == "./index.html#v=1&g=loose&size=5&s1=b5.b4&s2=a5&t=1&m=a3", \
        "the link follows the position played on the diagram, without its marks"
    link.click()
    page.wait_for_function("window.pgReady === true && document.body.dataset.game === 'loose'", timeout=120_000)
    assert page.locator("#board").get_attribute("data-stones") == "4" and page.inner_text("#ply") == "1 / 1"
    assert page.get_attribute("#rules-link", "href") == "./rules-loose.html"
