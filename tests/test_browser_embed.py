"""Embedded boards: rules pages, the script route and the iframe route, in Chromium."""

import pytest
from browser import click_point, is_black, pixel
from conftest import ROOT, SITE

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


def readme_embed_example() -> str:
    """The HTML example of the README's "Boards in your own pages", as written."""
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Boards in your own pages"):]
    return section[section.index("```html\n") + len("```html\n"):section.index("```\n", section.index("```html\n") + 8)]


def test_the_readmes_embed_example_works_as_written_on_a_page_without_our_styles(open_page, site_url):
    example = readme_embed_example()
    assert 'src="./embed.js"' in example and "figure" in example
    # fresh pages in the site's folder, as the README says: the host alone, and the host with
    # the example pasted in; nothing else of ours
    host = ("<!doctype html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>Host</title>"
            "<link rel=\"icon\" href=\"data:,\"></head>\n<body>\n<p>The host page's own text.</p>\n{}</body>\n</html>\n")
    files = {"plain": SITE / "readme-host.html", "example": SITE / "readme-embed-example.html"}
    files["plain"].write_text(host.format(""))
    files["example"].write_text(host.format(example))
    look = """() => [document.documentElement, document.body, document.querySelector('p')].map((e) => {
        const s = getComputedStyle(e); return [s.backgroundColor, s.color, s.fontFamily, s.fontSize, s.margin, s.colorScheme]; })"""
    try:
        plain = open_page("/readme-host.html", ready=None).page
        page = open_page("/readme-embed-example.html").page
        assert page.evaluate(look) == plain.evaluate(look), "the host page keeps its own look"
        figures = page.locator("figure.pg-board[data-live='1']")
        assert figures.count() == 2
        page.wait_for_function("document.body.dataset.animating === undefined")
        # the boards are drawn in their wood, not black: an empty point of the first board
        x, y = B5.xy(B5.parse("d2"))
        wood = page.evaluate("""([x, y]) => { const c = document.querySelector('#pg-board-1 canvas'), t = c.pgTransform;
            const d = window.devicePixelRatio || 1;  // the middle of a square of the grid
            return Array.from(c.getContext('2d').getImageData(Math.round((x + 0.5 + t.ox) * t.k * d),
                              Math.round((y + 0.5 + t.oy) * t.k * d), 1, 1).data).slice(0, 3); }""", [x, y])
        assert wood[0] > 150 and wood[0] > wood[2] + 40, wood
        assert is_black(pixel(page, B5, "b5", canvas="#pg-board-1 canvas"))
        # and they work: the reader plays at 1, the white stone flips
        click_point(page, B5, "a3", canvas="#pg-board-1 canvas")
        page.wait_for_function("document.getElementById('pg-board-1').dataset.ply === '1'")
        page.wait_for_function("document.body.dataset.animating === undefined")
        assert is_black(pixel(page, B5, "a5", canvas="#pg-board-1 canvas"))
        assert page.locator("#pg-board-1 .pg-controls button").first.evaluate("b => getComputedStyle(b).minHeight") == "36px"
    finally:
        for f in files.values():
            f.unlink()
