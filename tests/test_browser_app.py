"""The app page in headless Chromium: play Loose by clicking, like a player would.

Each test opens the built site, waits for the page's explicit ready signal, and fails on
any page error or any request that leaves the page's origin (see conftest.Watched).
"""

import pytest
from browser import click_point, is_black, is_white, pixel, text

from pygames import Board

pytestmark = pytest.mark.browser
B9 = Board.square(9)
B5 = Board.square(5)


def settled(page) -> None:
    """Wait for the board's animations (a placed, flipped or removed stone) to end."""
    page.wait_for_function("document.body.dataset.animating === undefined")


def test_page_loads_ready_with_a_loose_board(open_page):
    w = open_page()
    page = w.page
    assert text(page, "#title") == "Loose"
    assert text(page, "#prompt") == "Black to play"
    assert page.locator("#loading").is_hidden()
    assert page.locator("#board").get_attribute("data-labels") == str(4 * 11)
    assert page.evaluate("navigator.onLine !== undefined")


def test_clicking_places_stones_and_updates_score_and_link(open_page):
    page = open_page("/index.html#v=1&g=loose&size=9").page
    click_point(page, B9, "e5")
    page.wait_for_function("document.body.dataset.ply === '1'")
    click_point(page, B9, "d4")
    page.wait_for_function("document.body.dataset.ply === '2'")
    settled(page)
    assert is_black(pixel(page, B9, "e5")) and is_white(pixel(page, B9, "d4"))
    assert text(page, "#prompt") == "Black to play"
    assert "total\t1\t7" in text(page, "#score")
    assert page.evaluate("location.hash") == "#v=1&g=loose&size=9&m=e5.d4"
    # a click between points does nothing
    page.mouse.click(page.locator("#board").bounding_box()["x"] + 2, page.locator("#board").bounding_box()["y"] + 2)
    assert page.locator("#board").get_attribute("data-stones") == "2"


def test_illegal_click_shows_its_reason_and_keeps_the_board(open_page):
    # rule L-D: Black c5 would leave Black's e5 stone with only a false liberty
    page = open_page("/index.html#v=1&g=loose&size=5&s1=e5&s2=d4.e4&t=1").page
    click_point(page, B5, "c5")
    page.wait_for_function("document.getElementById('message').textContent.length > 0")
    assert text(page, "#message") == "your group at e5 would lose its last true liberty"
    assert page.locator("#board").get_attribute("data-stones") == "3"
    assert text(page, "#ply") == "0 / 0" and text(page, "#prompt") == "Black to play"
    click_point(page, B5, "a1")  # the board still answers
    page.wait_for_function("document.body.dataset.ply === '1'")
    assert text(page, "#message") == ""


def test_undo_redo_and_history_navigation(open_page):
    page = open_page("/index.html#v=1&g=loose&size=9&m=e5.d4.c3").page
    assert text(page, "#ply") == "3 / 3"
    page.click("#undo")
    assert text(page, "#ply") == "2 / 2" and not is_black(pixel(page, B9, "c3"))
    page.click("#redo")
    settled(page)
    assert text(page, "#ply") == "3 / 3" and is_black(pixel(page, B9, "c3"))
    page.click("[data-nav=first]")
    assert text(page, "#ply") == "0 / 3" and page.locator("#board").get_attribute("data-stones") == "0"
    page.click("[data-nav=next]")
    settled(page)
    assert text(page, "#ply") == "1 / 3" and is_black(pixel(page, B9, "e5"))
    page.focus("#board")
    page.keyboard.press("End")
    assert text(page, "#ply") == "3 / 3"
    page.keyboard.press("PageUp")
    assert text(page, "#ply") == "2 / 3" and page.evaluate("location.hash").endswith("&p=2")
    page.evaluate("document.activeElement.blur()")  # away from the board, the arrow keys step through the game
    page.keyboard.press("ArrowLeft")
    assert text(page, "#ply") == "1 / 3"
    page.keyboard.press("ArrowRight")
    assert text(page, "#ply") == "2 / 3"
    page.click("#moves [data-ply='1']")  # the move list jumps to a ply
    assert text(page, "#ply") == "1 / 3" and page.locator("#moves li.current").inner_text().startswith("1.")


def test_last_move_mark_and_coordinates_can_be_switched_off(open_page):
    page = open_page("/index.html#v=1&g=loose&size=9&m=e5").page
    canvas = page.locator("#board")
    assert canvas.get_attribute("data-marks") == "1" and canvas.get_attribute("data-labels") == "36"
    page.uncheck("[data-pref=last_move]")
    page.uncheck("[data-pref=coordinates]")
    assert canvas.get_attribute("data-marks") == "0" and canvas.get_attribute("data-labels") == "0"
    page.reload()
    page.wait_for_function("window.pgReady === true")
    assert canvas.get_attribute("data-labels") == "0", "preferences are remembered"


def test_two_passes_end_the_game_with_the_result(open_page):
    page = open_page("/index.html#v=1&g=loose&size=3&komi=0&m=a3.a1.b3.b1.c3.c1").page
    page.click("[data-move=pass]")
    assert page.locator("[data-move=pass]").inner_text() == "Pass (ends the game)"
    page.click("[data-move=pass]")
    assert text(page, "#prompt") == "Game over: Black wins (tie: the last player to move loses)"
    assert page.locator("[data-move]").count() == 0


def test_new_game_options_and_even_size_rejected(open_page):
    page = open_page().page
    page.fill("[name=size]", "8")
    page.click("#new-game button[type=submit]")
    assert "odd-sized board" in text(page, "#message")
    page.fill("[name=size]", "7")
    page.fill("[name=komi]", "4")
    page.check("[name=pie]")
    page.click("#new-game button[type=submit]")
    assert page.evaluate("location.hash") == "#v=1&g=loose&size=7&komi=4&pie=1"
    assert "choose a colour" in text(page, "#prompt")
    page.click("[data-move=white]")
    assert text(page, "#prompt") == "Black to play"


def test_bad_links_show_a_message_and_keep_the_valid_part(open_page):
    page = open_page("/index.html#v=1&g=nosuch").page
    assert "unknown game" in text(page, "#message") and text(page, "#title") == "Loose"
    page = open_page("/index.html#v=1&g=loose&size=9&m=e5.d4.e5.c3").page
    assert "move 3 ('e5')" in text(page, "#message") and text(page, "#ply") == "2 / 2"
    page = open_page("/index.html#v=1&g=loose&m=%3Cscript%3Ealert(1)%3C/script%3E").page
    assert "is not a move" in text(page, "#message")
    assert page.locator("script", has_text="alert").count() == 0


def test_moves_can_be_typed_and_are_announced(open_page):
    page = open_page("/index.html#v=1&g=loose&size=9").page
    page.fill("#type-move input", "e5")
    page.press("#type-move input", "Enter")
    page.wait_for_function("document.body.dataset.ply === '1'")
    assert text(page, "#last") == "Black played e5" and page.input_value("#type-move input") == ""
    page.fill("#type-move input", "e5")
    page.press("#type-move input", "Enter")
    assert text(page, "#message") == "that point is already occupied"
    assert page.input_value("#type-move input") == "e5", "a refused move stays in the box to fix"
