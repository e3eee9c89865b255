"""Each game in the app page, in Chromium: its own actions, overlays and panel."""

import pytest
from browser import click_point, is_black, is_white, pixel, text
from conftest import READY_MS

from pygames import Board

pytestmark = pytest.mark.browser


def ply_is(page, n: int) -> None:
    """Wait for ply ``n`` on view and for the board's animations to end."""
    page.wait_for_function(f"document.body.dataset.ply === '{n}' && document.body.dataset.animating === undefined")


def test_vacu_button_then_pass_and_territory_shown_at_the_end(open_page):
    b = Board.square(5)
    page = open_page("/index.html#v=1&g=vacu&size=5").page
    assert [a.inner_text() for a in page.locator("#actions button").all()] == ["Take the button"]
    click_point(page, b, "c3")
    ply_is(page, 1)
    page.click("[data-move=button]")
    assert page.locator("[data-move=pass]").count() == 1 and page.locator("[data-move=button]").count() == 0
    assert "button\t0\t0.5" in text(page, "#score"), "the button's holder is shown in the score"
    page.click("[data-move=pass]")
    page.click("[data-move=pass]")
    assert text(page, "#prompt").startswith("Game over: Black wins")
    assert "territory\t24\t0" in text(page, "#score")
    assert int(page.locator("#board").get_attribute("data-areas")) == 24, "territory is shaded at the end"


def test_vacu_illegal_suicide_click_gives_the_reason(open_page):
    b = Board.square(5)
    page = open_page("/index.html#v=1&g=vacu&size=5&s2=b5.a4&t=1").page
    click_point(page, b, "a5")
    page.wait_for_function("document.getElementById('message').textContent !== ''")
    assert text(page, "#ply") == "0 / 0" and text(page, "#message") != ""
    assert page.locator("#board").get_attribute("data-stones") == "2"


def edge_pixel(page, x: float, y: float) -> list[int]:
    return page.evaluate("""([x, y]) => { const c = document.getElementById('board'), t = c.pgTransform,
        d = window.devicePixelRatio || 1;
        return Array.from(c.getContext('2d').getImageData(Math.round((x + t.ox) * t.k * d),
            Math.round((y + t.oy) * t.k * d), 1, 1).data).slice(0, 3); }""", [x, y])


def test_convacu_draws_coloured_edges_beyond_the_stones_and_offers_no_button(open_page):
    b = Board.square(7)
    page = open_page("/index.html#v=1&g=convacu&size=7&m=d7.a4").page
    assert page.locator("#actions button").count() == 0
    assert is_black(edge_pixel(page, 3, -0.62)), "Black's top edge is drawn in black, beyond the stone on d7"
    assert is_white(edge_pixel(page, -0.62, 2)), "White's left edge is drawn in white, beyond the stone on a4"
    assert is_black(pixel(page, b, "d7")) and is_white(pixel(page, b, "a4"))
    assert page.get_attribute("#rules-link", "href") == "./rules-vacu.html"  # Convacu's rules are Vacu's page


def test_gardar_hex_clicks_land_on_the_exact_point_and_overlay_shows_scoring(open_page):
    b = Board.hexagon(4)
    page = open_page("/index.html#v=1&g=gardar&size=4&s1=c3.c4.d3.d5.e3.e4&s2=d4&t=1").page
    assert "loop stones\t6\t0" in text(page, "#score") and "surplus stones\t0\t-1" in text(page, "#score")
    for label in ["a1", "g4", "d1"]:
        click_point(page, b, label)
    ply_is(page, 3)
    assert is_black(pixel(page, b, "a1")) and is_white(pixel(page, b, "g4")) and is_black(pixel(page, b, "d1"))
    assert page.evaluate("location.hash").endswith("&m=a1.g4.d1")
    canvas = page.locator("#board")
    # Gardar shows the scoring overlay until the player turns it off
    assert page.is_checked("[data-pref=overlays]")
    assert int(canvas.get_attribute("data-paths")) >= 1, "perimeter loops are outlined"
    assert int(canvas.get_attribute("data-marks")) >= 2, "surplus stones (and the last move) are marked"
    page.uncheck("[data-pref=overlays]")
    assert canvas.get_attribute("data-paths") == "0"


def test_pente_swap2_opening_is_prompted_and_seats_follow_the_choice(open_page):
    b = Board.square(9)
    page = open_page("/index.html#v=1&g=pente&size=9").page
    assert "Swap2" in text(page, "#describe")
    assert text(page, "#prompt") == "First player: place the first white stone"
    for i, label in enumerate(["e5", "e6", "f5"], 1):
        click_point(page, b, label)
        ply_is(page, i)
    assert text(page, "#prompt").startswith("Second player: choose: take White")
    assert page.locator("[data-move]").count() == 3
    page.click("[data-move=white]")
    assert text(page, "#seats") == "Player 1: Black\nPlayer 2: White"
    assert page.locator("#seats li.turn").inner_text() == "Player 1: Black"
    assert is_white(pixel(page, b, "e5")) and is_black(pixel(page, b, "e6"))


def test_pente_four_players_show_four_seats_and_captures(open_page):
    page = open_page("/index.html#v=1&g=pente&size=9&players=4&opening=none").page
    assert page.locator("#seats li").count() == 4
    assert text(page, "#score").splitlines()[0].split() == ["White", "Black", "Orange", "Blue"]
    assert "captures" in text(page, "#score")
    assert "four or more in a row" in text(page, "#describe").lower()


def test_pente_overtime_is_shown_as_a_pending_state(open_page):
    page = open_page("/index.html#v=1&g=pente&size=9&opening=none&overtime=1&s1=b5.c5.d5.e5&s2=a5&t=1&m=f5").page
    assert text(page, "#prompt") == "Overtime: Black may capture to stop White's win"


def test_confirm_move_preference_waits_for_the_confirm_button(open_page):
    b = Board.square(9)
    page = open_page("/index.html#v=1&g=pente&size=9&opening=none").page
    page.check("[data-pref=confirm]")
    click_point(page, b, "e5")
    assert page.locator("#confirm").is_visible() and text(page, "#ply") == "0 / 0"
    page.click("#confirm")
    ply_is(page, 1)
    assert page.locator("#confirm").is_hidden() and is_white(pixel(page, b, "e5"))


def test_computer_answers_a_move_and_undo_takes_back_to_the_player(open_page):
    b = Board.square(9)
    page = open_page("/index.html#v=1&g=pente&size=9&opening=none").page
    page.select_option("#level", "easy")
    page.check("#computer-seats [data-seat='1']")
    click_point(page, b, "e5")
    ply_is(page, 2)
    page.wait_for_function("document.body.dataset.thinking === undefined")
    assert page.locator("#board").get_attribute("data-stones") == "2"
    assert text(page, "#prompt") == "White to play" and text(page, "#last").startswith("Black played")
    page.click("#undo")
    ply_is(page, 0)
    assert page.locator("#board").get_attribute("data-stones") == "0"


def test_computer_makes_the_pie_choice_and_the_page_keeps_running_while_it_thinks(open_page):
    page = open_page("/index.html#v=1&g=loose&size=7&pie=1").page
    page.select_option("#level", "hard")
    page.evaluate("window.ticks = 0; setInterval(() => window.ticks++, 20)")
    page.check("#computer-seats [data-seat='1']")
    # timers keep firing during the computer's thinking: the page is not frozen
    page.wait_for_function("window.ticks >= 5 && document.body.dataset.thinking === '1'")
    assert page.locator("#thinking").is_visible()
    ply_is(page, 1)
    choice = page.evaluate("location.hash").split("&m=")[1].split("&")[0]
    assert choice in ("black", "white")
    if choice == "black":  # the computer took Black, which moves first: it plays on
        ply_is(page, 2)
    page.wait_for_function("document.body.dataset.thinking === undefined", timeout=READY_MS)
    assert page.locator("#thinking").is_hidden()


def test_pointer_over_a_hex_point_names_it(open_page):
    b = Board.hexagon(5)
    page = open_page("/index.html#v=1&g=gardar&size=5").page
    x, y = b.xy(b.parse("c4"))
    box = page.locator("#board").bounding_box()
    k, ox, oy = page.evaluate("(() => { const t = document.getElementById('board').pgTransform; return [t.k, t.ox, t.oy]; })()")
    page.mouse.move(box["x"] + (x + ox) * k, box["y"] + (y + oy) * k)
    assert text(page, "#hover") == "Point c4"
