"""A first visit, in Chromium, as issue 22 tells it: a new visitor on a phone (390x844) or a
desktop (1280x800), in English or Korean, light or dark, finds "Play the computer" and
"Play a friend" on the first screen, plays the computer, and keeps the game over a reload
and a copied link; newcomer defaults; and the smaller defects such a visitor met, each
with its test.

Screenshots of the first screen of every game, in every window, language and colour
scheme, are written to dist/screenshots/first-<game>-<window>-<scheme>-<lang>.png.
"""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from browser import click_point, in_first_screen, settled, text
from conftest import READY_MS, ROOT

from pygames import Board

pytestmark = pytest.mark.browser
SHOTS = ROOT / "dist" / "screenshots"
WINDOWS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
LOCALES = {"en": "en-GB", "ko": "ko-KR"}
B11 = Board.square(11)
B9 = Board.square(9)
GAMES = ["loose", "vacu", "convacu", "gardar", "pente"]
WORDS = {"en": {"you": "You", "computer": "Computer (beginner)"}, "ko": {"you": "나", "computer": "컴퓨터 (입문)"}}


def visitor(open_page, window: str, lang: str, scheme: str, path: str = "/index.html"):
    return open_page(path, locale=LOCALES[lang], color_scheme=scheme, **WINDOWS[window])


def first_screen(page) -> None:
    """The board, both choices and all five games, without scrolling; and no move of the
    game (a pass) filled in the colour of "Play the computer", the thing to do."""
    assert page.evaluate("window.scrollY") == 0
    for selector in ["#board", "#play-computer", "#play-friend"] + [f".top nav a[data-game={g}]" for g in GAMES]:
        assert in_first_screen(page, selector), f"{selector} is not in the first screen"
    filled = page.evaluate("""() => {
        const colour = (e) => getComputedStyle(e).backgroundColor;
        const call = colour(document.getElementById("play-computer"));
        return [...document.querySelectorAll("#actions button")].filter((b) => colour(b) === call).map((b) => b.textContent);
    }""")
    assert filled == [], f"{filled} look like the call to play the computer"


def play(page, board: Board, label: str) -> None:
    """A player's move by tap or click (with confirm-move, tap twice)."""
    click_point(page, board, label)
    if page.locator("#confirm").is_visible():
        click_point(page, board, label)


def seats(page) -> list[str]:
    return page.eval_on_selector_all("#seats li", "lis => lis.map(li => li.textContent.split(':')[0])")


@pytest.mark.parametrize("window,lang,scheme", [("phone", "en", "light"), ("phone", "ko", "dark"),
                                                ("desktop", "en", "dark"), ("desktop", "ko", "light")])
def test_a_new_visitor_plays_the_computer_from_the_first_screen_and_keeps_the_game(open_page, browser, site_url,
                                                                                  window, lang, scheme):
    page = visitor(open_page, window, lang, scheme).page
    first_screen(page)
    page.click("#play-computer")
    dialog = page.locator("#vs-computer")
    assert dialog.is_visible() and in_first_screen(page, "#vs-computer")
    assert page.locator("#vs-colours input").count() == 2 and page.is_checked("#vs-colours input[value='0']")
    page.select_option("#vs-level", "beginner")
    assert text(page, "#vs-about"), "the level says what it is"
    page.click("#vs-start")
    assert dialog.is_hidden() and page.evaluate("window.scrollY") == 0
    assert seats(page) == [WORDS[lang]["you"], WORDS[lang]["computer"]]
    assert "ai=2:beginner" in page.evaluate("location.hash")
    page.wait_for_function("document.body.dataset.aiReady === '1'", timeout=READY_MS)
    for n, label in enumerate(["c3", "i9", "f6"], 1):  # three moves, each answered by the computer
        if page.locator("#board").get_attribute("data-stones") and \
                page.evaluate(f"PgApp.view.scene.stones.some(([p]) => p === {B11.parse(label)})"):
            label = ["c9", "i3", "f3"][n - 1]  # taken by the computer already
        play(page, B11, label)
        page.wait_for_function(f"document.body.dataset.ply === '{2 * n}' && document.body.dataset.thinking === undefined",
                               timeout=READY_MS)
    settled(page)
    link = page.evaluate("location.href")
    page.reload()
    page.wait_for_function("window.pgReady === true", timeout=READY_MS)
    assert text(page, "#ply") == "6 / 6" and seats(page) == [WORDS[lang]["you"], WORDS[lang]["computer"]]
    # the copied link, opened by someone else: the same game against the same computer
    other = visitor(open_page, window, lang, scheme, path=None).page
    other.goto(link)
    other.wait_for_function("window.pgReady === true", timeout=READY_MS)
    assert text(other, "#ply") == "6 / 6" and seats(other) == [WORDS[lang]["you"], WORDS[lang]["computer"]]
    assert other.is_checked("#computer-seats [data-seat='1']")


@pytest.mark.parametrize("window", list(WINDOWS))
def test_play_a_friend_starts_a_game_for_two_at_the_screen(open_page, window):
    page = visitor(open_page, window, "en", "light", "/index.html#v=1&g=loose&size=9&m=e5.d4").page
    page.click("#play-friend")
    assert text(page, "#ply") == "0 / 0" and seats(page) == ["Player 1", "Player 2"]
    assert page.evaluate("location.hash") == "#v=1&g=loose&size=9", "the size on the board is kept"
    assert "two players" in text(page, "#message") and page.evaluate("window.scrollY") == 0


@pytest.mark.parametrize("window", list(WINDOWS))
@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_first_screen_of_each_game(open_page, window, lang, scheme):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = visitor(open_page, window, lang, scheme).page
    for game in GAMES:
        page.click(f".top nav a[data-game={game}]")
        page.wait_for_function(f"document.body.dataset.game === '{game}'")
        settled(page)
        page.evaluate("window.scrollTo(0, 0)")
        first_screen(page)
        page.screenshot(path=SHOTS / f"first-{game}-{window}-{scheme}-{lang}.png")


def test_newcomer_defaults_pente_pro_and_gardar_advanced_with_its_overlay_on(open_page):
    page = visitor(open_page, "desktop", "en", "light").page
    page.click(".top nav a[data-game=pente]")
    page.wait_for_function("document.body.dataset.game === 'pente'")
    assert "opening=pro" in page.evaluate("location.hash")
    assert "Swap" not in text(page, "#prompt") and "Pro" in text(page, "#describe")
    assert page.input_value("#option-fields [name=opening]") == "pro"
    assert page.is_hidden("#option-fields [name=overtime]"), "expert options are folded"
    # Gardar: eight rule variants under Advanced; the scoring overlay on, with its one line
    assert not page.is_checked("[data-pref=overlays]")
    page.click(".top nav a[data-game=gardar]")
    page.wait_for_function("document.body.dataset.game === 'gardar'")
    advanced = page.locator("#option-fields details.advanced")
    assert advanced.locator("[name]").count() == 8 and page.locator("#option-fields > label").count() == 3
    assert not advanced.evaluate("d => d.open")
    assert page.is_checked("[data-pref=overlays]")
    assert text(page, "#score-help").startswith("How the count works") and in_first_screen(page, "#score-help")
    click_point(page, Board.hexagon(9), "i9")
    page.wait_for_function("document.body.dataset.ply === '1'")
    assert int(page.locator("#board").get_attribute("data-marks")) > 1, "the surplus stone is marked"
    page.uncheck("[data-pref=overlays]")  # turned off, it stays off
    page.reload()
    page.wait_for_function("window.pgReady === true", timeout=READY_MS)
    assert not page.is_checked("[data-pref=overlays]")


def test_the_keyboard_cursor_is_for_keys_and_goes_at_a_click(open_page):
    page = visitor(open_page, "desktop", "en", "light", "/index.html#v=1&g=loose&size=9").page
    click_point(page, B9, "e5")
    assert page.locator("#board").get_attribute("data-cursor") == "", "no cursor square after a click"
    page.keyboard.press("ArrowLeft")
    assert page.locator("#board").get_attribute("data-cursor") != ""
    assert page.inner_text("#cursor-say") == "e5, Black stone, last move", \
        "the first key after a click shows the cursor on the last move, not in a corner"
    click_point(page, B9, "c3")
    assert page.locator("#board").get_attribute("data-cursor") == ""


def test_the_move_list_follows_the_game(open_page):
    moves = ".".join(f"{c}{r}" for r in range(1, 10) for c in "abc")  # 27 moves
    page = visitor(open_page, "desktop", "en", "light", f"/index.html#v=1&g=pente&size=9&opening=none&m={moves}").page
    page.wait_for_function("document.body.dataset.ply !== undefined")
    visible = """() => { const list = document.getElementById('moves'), li = list.querySelector('li.current');
        const a = list.getBoundingClientRect(), b = li.getBoundingClientRect();
        return b.top >= a.top - 0.5 && b.bottom <= a.bottom + 0.5; }"""
    ply = int(page.evaluate("document.body.dataset.ply"))
    assert ply > 16
    page.wait_for_function(visible)
    page.click("[data-nav=first]")
    page.click("[data-nav=next]")
    page.wait_for_function(visible)


def test_a_broken_links_messages_each_take_a_line(open_page):
    page = visitor(open_page, "desktop", "en", "light", "/index.html#v=1&g=pente&players=3&opening=pro&m=j10.j10").page
    lines = text(page, "#message").split("\n")
    assert len(lines) == 2 and lines[0].endswith("using the default options"), lines
    assert lines[1].startswith("move 2")


def test_korean_words_never_break_inside(open_page):
    page = visitor(open_page, "phone", "ko", "light").page
    one_line = """(sel) => { const e = document.querySelector(sel), style = getComputedStyle(e);
        return e.getBoundingClientRect().height < 1.5 * parseFloat(style.fontSize) * 1.45; }"""
    for selector in ["label:has(#level) > span"]:
        assert page.evaluate(one_line, selector), selector
    page.click("#play-computer")
    assert page.evaluate(one_line, ".vs-level > span")


def test_a_hint_is_asked_and_answered_near_the_board_and_survives_a_resize(open_page):
    page = visitor(open_page, "desktop", "en", "light", "/index.html#v=1&g=loose&size=9").page
    assert in_first_screen(page, "#hint") and in_first_screen(page, "#message")
    page.wait_for_function("document.body.dataset.aiReady === '1'", timeout=READY_MS)
    page.click("#hint")
    page.wait_for_function("PgApp.hinted !== null", timeout=READY_MS)
    said = text(page, "#message")
    assert said
    page.set_viewport_size({"width": 1000, "height": 700})
    page.wait_for_function("document.getElementById('board').dataset.marks === '1'")
    assert text(page, "#message") == said and page.locator("#board").get_attribute("data-marks") == "1"


def test_a_click_while_the_computer_thinks_is_answered_at_once(open_page):
    page = visitor(open_page, "desktop", "en", "light", "/index.html#v=1&g=loose&size=9").page
    page.wait_for_function("document.body.dataset.aiReady === '1'", timeout=READY_MS)
    page.select_option("#level", "medium")
    page.check("#computer-seats [data-seat='1']")
    click_point(page, B9, "e5")
    page.wait_for_function("document.body.dataset.thinking === '1'")
    # the answer is on the page when the click's own handler returns: nothing waits on Python
    said = page.evaluate("""() => { const c = document.getElementById('board'), r = c.getBoundingClientRect();
        c.dispatchEvent(new MouseEvent('click', { clientX: r.left + 20, clientY: r.top + 20, bubbles: true }));
        return document.getElementById('message').textContent; }""")
    assert said == "Wait for the computer's move."
    page.wait_for_function("document.body.dataset.thinking === undefined", timeout=READY_MS)


def test_the_evaluation_bar_says_the_result_once_the_game_is_over(open_page):
    page = visitor(open_page, "desktop", "en", "light", "/index.html#v=1&g=loose&size=9&m=e5.d4").page
    page.check("[data-pref=evaluation]")
    page.click("#resign")
    page.click("#resign")  # asked twice: Black resigns
    page.wait_for_function("document.getElementById('eval').title.includes('White 100%')")
    assert page.locator("#eval").get_attribute("title") == "Black 0%, White 100%"


def test_on_a_phone_what_next_is_in_view_at_the_end(open_page):
    page = visitor(open_page, "phone", "en", "light", "/index.html#v=1&g=loose&size=9&m=e5.d4").page
    page.click("#resign")
    page.click("#resign")
    page.wait_for_function("document.body.dataset.over === '1'")
    page.wait_for_function("""(() => { const r = document.getElementById('rematch').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight; })()""")
    assert in_first_screen(page, "#again") and in_first_screen(page, "#rematch")


@pytest.mark.parametrize("window,lang,scheme", [("phone", "en", "light"), ("desktop", "ko", "dark")])
def test_at_the_end_the_one_filled_button_is_the_review(open_page, window, lang, scheme):
    """After a game, what went wrong comes first: Review the game is the one button in the
    call's colour (as the move on view and the language shown are marked), and New game, Rematch
    and Play the computer are ordinary ones."""
    page = visitor(open_page, window, lang, scheme, "/index.html#v=1&g=loose&size=9&m=e5.d4").page
    page.click("#resign")
    page.click("#resign")
    page.wait_for_function("document.body.dataset.over === '1'")
    filled = page.evaluate("""() => {
        const colour = (e) => getComputedStyle(e).backgroundColor;
        const call = colour(document.getElementById("end-review"));
        return [...document.querySelectorAll("button:not(.moves button, [data-lang])")].filter((b) => b.checkVisibility() && colour(b) === call)
            .map((b) => b.id || b.textContent);
    }""")
    assert filled == ["end-review"]


def test_no_empty_band_between_the_controls_and_what_follows(open_page):
    page = visitor(open_page, "desktop", "en", "light", "/index.html#v=1&g=loose&size=9&m=e5").page
    gaps = page.evaluate("""() => {
        const parts = [...document.querySelectorAll('.panel > *, .gate > *')]
          .filter((e) => e.getClientRects().length && e.getBoundingClientRect().height > 0 && getComputedStyle(e).display !== 'contents')
          .map((e) => e.getBoundingClientRect()).sort((a, b) => a.top - b.top);
        return parts.slice(1).map((r, i) => r.top - parts[i].bottom); }""")
    assert max(gaps) <= 20, gaps  # the panel's gap, twice at most (around an empty message)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_blacks_marker_in_the_player_strip_is_a_stone_in_both_schemes(open_page, scheme):
    page = visitor(open_page, "desktop", "en", scheme).page
    box = page.locator("#seats li[data-colour=Black]").bounding_box()
    shot = page.screenshot(clip={"x": box["x"], "y": box["y"], "width": 18, "height": box["height"]})
    # the screenshot's middle-left pixel (the marker's middle), read back through a canvas
    centre = page.evaluate("""async (png) => { const img = new Image(); img.src = 'data:image/png;base64,' + png;
        await img.decode(); const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
        const g = c.getContext('2d'); g.drawImage(img, 0, 0);
        return Array.from(g.getImageData(Math.round(img.width * 7 / 18), Math.round(img.height / 2), 1, 1).data).slice(0, 3); }""",
                           base64.b64encode(shot).decode())
    paper = page.evaluate("getComputedStyle(document.body).backgroundColor")
    paper = [int(v) for v in paper[paper.index("(") + 1:-1].split(",")[:3]]
    # a dark stone that stands out from the page, not the page showing through a ring
    assert sum(centre) < 450 and max(abs(a - b) for a, b in zip(centre, paper)) > 25, (centre, paper)


def test_a_downloaded_record_names_the_computer(open_page):
    page = visitor(open_page, "desktop", "en", "light", "/index.html#v=1&g=loose&size=9&m=e5&ai=2:easy").page
    with page.expect_download() as download:
        page.click("#download")
    record = Path(download.value.path()).read_text(encoding="utf-8")
    assert '[Player 1 "Player 1"]' in record and '[Player 2 "Computer (easy)"]' in record


def test_a_link_to_another_game_during_a_stone_animation(open_page):
    page = visitor(open_page, "desktop", "en", "light", "/index.html#v=1&g=pente&size=19&opening=none&m=s19").page
    # a1 is point 342 of the 19x19 board: the 5x5 board has 25
    # a move on the big board, and at once a link to a small board with one move more
    page.evaluate("""() => { PgApp.show(PgApp.api.typed('main', 'a1', PgApp.prefsJson()));
        location.hash = '#v=1&g=loose&size=5&m=c3.c2.b2'; }""")
    page.wait_for_function("document.body.dataset.game === 'loose'")
    settled(page)
    assert page.locator("#board").get_attribute("data-stones") == "3"


def test_a_game_started_from_the_form_brings_the_board_back_and_says_so(open_page):
    page = visitor(open_page, "phone", "en", "light", "/index.html#v=1&g=loose&size=9&m=e5").page
    page.locator("#new-game button[type=submit]").scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 0
    page.click("#new-game button[type=submit]")
    page.wait_for_function("window.scrollY === 0")
    assert text(page, "#ply") == "0 / 0" and text(page, "#message") == "A new game has started."
    assert in_first_screen(page, "#board")


@pytest.mark.parametrize("lang", list(LOCALES))
def test_the_level_menus_show_whole_words(open_page, lang):
    page = visitor(open_page, "phone", lang, "light").page
    page.click("#play-computer")
    for select in ["#level", "#vs-level"]:
        fits = page.evaluate("""(sel) => { const s = document.querySelector(sel), g = document.createElement('canvas').getContext('2d');
            g.font = getComputedStyle(s).font;
            return [...s.options].every((o) => g.measureText(o.text).width < s.clientWidth - 24); }""", select)
        assert fits, f"{select} cuts its own text"
