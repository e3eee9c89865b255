"""The app as a player meets it, in Chromium on a desktop and on a 390x844 touch phone: the
first screen, dark mode, keyboard-only play, no lost games, the end of a game, motion.

Screenshots of each game (light, dark, phone) are kept in dist/screenshots/ for review.
"""

from __future__ import annotations

import json
import random
import urllib.request

import pytest
from browser import click_point, in_first_screen, is_black, pixel, settled, text
from conftest import READY_MS, ROOT

from pygames import Board
from pygames.session import Session

pytestmark = pytest.mark.browser
SHOTS = ROOT / "dist" / "screenshots"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
GAMES = {
    "loose": "v=1&g=loose&size=9&m=e5.d4.c3.d5.d6.c4.e4.f5",
    "vacu": "v=1&g=vacu&size=9&m=e5.d4.c3.d5.d6.c4.e4.f5.button",
    "convacu": "v=1&g=convacu&size=9&m=e5.d5.e4.d4.e6.d6.e3.c3",
    "gardar": "v=1&g=gardar&size=6&m=f6.e5.f4.g5.e6.h6.d5.c4",
    "pente": "v=1&g=pente&size=19&opening=none&m=j10.k10.j11.k11.j12.k12.j13.k13.j14",
}


def ply_is(page, n: int) -> None:
    page.wait_for_function(f"document.body.dataset.ply === '{n}'")
    settled(page)


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def background(page) -> str:
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


def is_dark(rgb: str) -> bool:
    r, g, b = (int(v) for v in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3])
    return r + g + b < 150


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_in_light_dark_and_on_a_phone(open_page, game):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = open_page(f"/index.html#{GAMES[game]}", color_scheme="light").page
    settled(page)
    assert not is_dark(background(page)) and no_sideways_scroll(page)
    page.screenshot(path=SHOTS / f"{game}-light.png")
    page.select_option("[data-pref=theme]", "dark")  # the preferences' switch
    settled(page)
    assert is_dark(background(page)), "the dark theme changes the palette"
    page.screenshot(path=SHOTS / f"{game}-dark.png")

    phone = open_page(f"/index.html#{GAMES[game]}", **PHONE).page
    settled(phone)
    assert no_sideways_scroll(phone)
    assert phone.locator(".top").bounding_box()["height"] <= 100, "the header takes two rows: the games have one of their own"
    main = ["#board", "#undo", "[data-nav=prev]", "[data-nav=next]", "#ply"] + \
        [f".top nav a[data-game={g}]" for g in GAMES] + \
        [f"#actions [data-move='{m}']" for m in phone.eval_on_selector_all("#actions button", "bs => bs.map(b => b.dataset.move)")]
    for selector in main:
        assert in_first_screen(phone, selector), f"{selector} is not in the first screen"
    for button in phone.locator(".controls button:visible").all():
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, "touch targets are at least 44 px"
    assert float(phone.get_attribute("#board", "data-label-px")) >= 11, "coordinates stay legible on a phone"
    phone.screenshot(path=SHOTS / f"{game}-phone.png")


def test_a_phone_confirms_moves_and_long_text_never_widens_the_page(open_page):
    b = Board.square(9)
    page = open_page("/index.html#v=1&g=loose&size=9", **PHONE).page
    assert page.is_checked("[data-pref=confirm]"), "confirm-move is on by default on a touch screen"
    click_point(page, b, "e5")
    assert page.locator("#confirm").is_visible() and text(page, "#ply") == "0 / 0"
    assert in_first_screen(page, "#confirm")
    click_point(page, b, "e5")  # a second tap on the ghost stone plays it
    ply_is(page, 1)
    assert is_black(pixel(page, b, "e5")) and page.locator("#confirm").is_hidden()
    page.fill("#type-move input", "x" * 3000)
    page.press("#type-move input", "Enter")
    assert len(text(page, "#message")) < 120 and no_sideways_scroll(page)


def test_dark_mode_follows_the_system_until_the_player_chooses(open_page):
    page = open_page("/index.html#v=1&g=loose&size=9&m=e5", color_scheme="dark").page
    dark_board = pixel(page, Board.square(9), "a1")
    assert is_dark(background(page)) and page.input_value("[data-pref=theme]") == "auto"
    page.select_option("[data-pref=theme]", "light")
    settled(page)
    assert not is_dark(background(page))
    assert pixel(page, Board.square(9), "a1") != dark_board, "the board's colours follow the theme"
    page.reload()
    page.wait_for_function("window.pgReady === true", timeout=READY_MS)
    assert not is_dark(background(page)), "the choice is remembered"


def arrows(page, board: Board, start: str, goal: str) -> None:
    """Move the board cursor from ``start`` to ``goal`` with the arrow keys."""
    (r0, c0), (r1, c1) = board.coords[board.parse(start)], board.coords[board.parse(goal)]
    for key, n in (("ArrowRight", c1 - c0), ("ArrowLeft", c0 - c1), ("ArrowDown", r1 - r0), ("ArrowUp", r0 - r1)):
        for _ in range(max(n, 0)):
            page.keyboard.press(key)


def test_a_whole_game_with_the_keyboard_alone(open_page):
    b = Board.square(9)
    page = open_page("/index.html#v=1&g=pente&size=9&opening=none").page
    page.keyboard.press("Tab")
    while page.evaluate("document.activeElement.id") != "board":
        page.keyboard.press("Tab")
    assert text(page, "#cursor-say") == "e5, empty", "the cursor starts in the centre and says where it is"
    cursor = "e5"
    moves = ["e5", "a1", "e6", "a3", "e7", "a5", "e8", "a7", "e9"]  # White (first) makes five in a row
    for i, move in enumerate(moves, 1):
        arrows(page, b, cursor, move)
        cursor = move
        assert text(page, "#cursor-say") == f"{move}, empty"
        page.keyboard.press("Enter" if i % 2 else "Space")
        ply_is(page, i)
        assert text(page, "#last").endswith(f"played {move}")
    assert text(page, "#position").startswith("White (5): e9, e8, e7, e6, e5.")
    assert page.locator("#end").is_visible() and text(page, "#end-headline") == "White wins"
    arrows(page, b, cursor, "e8")
    assert text(page, "#cursor-say") == "e8, White stone"


def test_flips_and_captures_are_announced(open_page):
    page = open_page("/index.html#v=1&g=loose&size=5&s1=b5.b4&s2=a5&t=1").page
    page.fill("#type-move input", "a3")
    page.press("#type-move input", "Enter")
    ply_is(page, 1)
    assert text(page, "#last") == "Black played a3; flipped a5"
    assert page.locator("#moves li.current").inner_text().replace("\n", " ").strip() == "1. a3 ↻1"
    page = open_page("/index.html#v=1&g=pente&size=9&opening=none&s1=e5.e6&s2=e4&t=2").page
    page.fill("#type-move input", "e7")
    page.press("#type-move input", "Enter")
    ply_is(page, 1)
    assert text(page, "#last") == "Black played e7; captured e6, e5"


def long_game() -> Session:
    s = Session.new("loose", {"size": 9})
    rng = random.Random(5)
    while len(s.record.moves) < 40:
        s.play(rng.choice([p for p, c in enumerate(s.game.stones) if c == 0]))
    return s


def test_a_click_while_reviewing_history_never_loses_the_later_moves(open_page):
    s = long_game()
    whole = s.fragment()
    s.goto(2)
    page = open_page(f"/index.html#{s.fragment()}").page
    assert text(page, "#ply") == "2 / 40"
    empty = next(s.game.board.label(p) for p, c in enumerate(s.game.stones) if c == 0 and p != s.record.moves[2])
    click_point(page, s.game.board, empty)
    ply_is(page, 3)
    assert text(page, "#ply") == "3 / 3" and "the other line is kept" in text(page, "#message")
    assert page.locator("#lines button").count() == 1
    page.click("#undo")
    assert text(page, "#ply") == "2 / 40" and page.evaluate("location.hash") == f"#{whole}&p=2"
    click_point(page, s.game.board, empty)
    ply_is(page, 3)
    page.click("#lines button")
    assert text(page, "#ply") == "2 / 40" and page.evaluate("location.hash") == f"#{whole}&p=2"


def test_a_new_game_from_the_form_can_be_left_with_back(open_page):
    page = open_page("/index.html#v=1&g=loose&size=9&m=e5.d4").page
    page.select_option("#game-select", "pente")
    page.click("#new-game button[type=submit]")
    page.wait_for_function("document.body.dataset.game === 'pente'")
    page.go_back()
    page.wait_for_function("document.body.dataset.game === 'loose'")
    assert text(page, "#ply") == "2 / 2" and page.evaluate("location.hash") == "#v=1&g=loose&size=9&m=e5.d4"


def test_a_new_game_started_over_an_unfinished_one_offers_the_way_back_to_it(open_page):
    """An installed app may have no Back button: the first screen offers the game left,
    until the new game is under way."""
    page = open_page("/index.html#v=1&g=loose&size=9&m=e5.d4.c3").page
    assert page.locator("#return").is_hidden()
    page.click("#play-friend")
    ply_is(page, 0)
    assert page.locator("#return").is_visible() and text(page, "#return") == "Back to the game you left"
    page.click("#return")
    ply_is(page, 3)
    assert page.evaluate("location.hash") == "#v=1&g=loose&size=9&m=e5.d4.c3"
    assert page.locator("#return").is_hidden()
    page.click("#play-friend")
    board = Session.new("loose", {"size": 9}).game.board
    for label, n in (("e5", 1), ("d4", 2)):
        click_point(page, board, label)
        ply_is(page, n)
    assert page.locator("#return").is_hidden(), "both players have moved: the new game is under way"
    page.go_back()  # the browser's Back still returns to it
    ply_is(page, 3)
    page.click("#games a[data-game=pente]")  # a game tab leaves it too
    page.wait_for_function("document.body.dataset.game === 'pente'")
    page.click("#return")
    ply_is(page, 3)
    assert page.evaluate("location.hash") == "#v=1&g=loose&size=9&m=e5.d4.c3"
    page.click("#play-friend")
    click_point(page, board, "e5")
    ply_is(page, 1)
    page.evaluate("location.hash = 'v=1&g=loose&size=9&m=e5.d4.c3.f6'")  # a link to a game under way
    ply_is(page, 4)
    assert page.locator("#return").is_hidden()


def test_a_visit_without_a_link_goes_on_with_the_game_left(open_page):
    """Closing the tab, or opening the installed app from its icon (a visit without a
    link), loses no game: the page opens on the game this browser showed last, at the move
    on view, without restarting its review; a first visit still gets the newcomer's screen."""
    w = open_page("/index.html#v=1&g=gardar&size=7&m=d4.c3&ai=2:beginner&review=quick")
    w.page.wait_for_function("document.body.dataset.reviewed === '1'", timeout=READY_MS)
    w.page.click("[data-nav=prev]")  # a view of the game under review
    ply_is(w.page, 1)
    assert w.page.evaluate("PgApp.view.link").endswith("&review=quick")
    again = w.page.context.new_page()
    again.goto(w.page.url.split("#")[0])
    again.wait_for_function("window.pgReady === true", timeout=READY_MS)
    assert again.evaluate("location.hash") == "#v=1&g=gardar&size=7&m=d4.c3&p=1&ai=2:beginner"
    assert again.locator("#review").is_hidden()
    assert text(again, "#ply") == "1 / 2" and text(again, "#seats").endswith("Computer (beginner): White")
    assert text(again, "#message") == \
        "Your last game, as you left it. Play the computer or Play a friend starts a new one."
    again.close()
    first = open_page("/index.html").page  # a new browser: nothing kept
    assert first.evaluate("location.hash") == "#v=1&g=loose" and text(first, "#message") == ""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_animations_respect_reduced_motion_and_the_preference(open_page, motion):
    b = Board.square(9)
    page = open_page("/index.html#v=1&g=loose&size=9", reduced_motion=motion).page
    click_point(page, b, "e5")
    ply_is(page, 1)
    animations = page.evaluate("Number(document.getElementById('board').dataset.animations || 0)")
    assert animations == (0 if motion == "reduce" else 1)
    page.uncheck("[data-pref=animations]")
    click_point(page, b, "d4")
    ply_is(page, 2)
    assert page.evaluate("Number(document.getElementById('board').dataset.animations || 0)") == animations


def test_the_end_of_a_game_shows_who_won_the_score_and_what_next(open_page, site_url):
    w = open_page("/index.html#v=1&g=loose&size=3&komi=0&m=a3.a1.b3.b1.c3.c1.pass")
    page = w.page
    w.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url)
    assert page.locator("#end").is_hidden()
    page.click("[data-move=pass]")
    assert page.locator("#end").is_visible() and text(page, "#end-headline") == "Black wins"
    assert text(page, "#end-reason") == "tie: the last player to move loses"
    assert "stones\t3\t3" in text(page, "#end-score")
    page.click("#end [data-copy-link]")
    page.wait_for_function("document.getElementById('message').textContent === 'Link copied to the clipboard.'")
    assert page.evaluate("navigator.clipboard.readText()").endswith("m=a3.a1.b3.b1.c3.c1.pass.pass")
    page.click("#rematch")
    assert page.locator("#end").is_hidden() and text(page, "#ply") == "0 / 0"
    assert text(page, "#seats") == "Player 2: Black\nPlayer 1: White", "the colours are swapped"
    page.go_back()
    page.wait_for_function("document.body.dataset.ply === '8'")
    page.click("#again")
    assert text(page, "#ply") == "0 / 0" and page.evaluate("location.hash") == "#v=1&g=loose&size=3&komi=0"


def test_the_site_is_installable(site_url):
    with urllib.request.urlopen(site_url + "/manifest.json") as r:
        manifest = json.load(r)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./index.html"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        with urllib.request.urlopen(f"{site_url}/{icon['src'][2:]}") as r:
            assert r.status == 200 and r.headers["Content-Type"] == icon["type"]
    with urllib.request.urlopen(site_url + "/index.html") as r:
        assert b'rel="manifest" href="./manifest.json"' in r.read()
