"""The site in Korean, in Chromium: a Korean browser gets Korean everywhere, the language
switch keeps the game, a link may force a language, and no English is left on the Korean
page. Each test waits for the page's explicit ready signal and fails on page errors and
requests off the page's origin (conftest.Watched)."""

from __future__ import annotations

import re

import pytest
from browser import click_point, text

from pygames import Board

pytestmark = pytest.mark.browser
HANGUL = re.compile(r"[가-힣]")
KOREAN = {"locale": "ko-KR"}


def ply_is(page, n: int) -> None:
    page.wait_for_function(f"document.body.dataset.ply === '{n}'")


def message(page) -> str:
    page.wait_for_function("document.getElementById('message').textContent.length > 0")
    return text(page, "#message")


@pytest.mark.parametrize("fragment, board, point", [
    ("v=1&g=loose&size=5", Board.square(5), "c3"),
    ("v=1&g=vacu&size=5", Board.square(5), "c3"),
    ("v=1&g=convacu&size=5", Board.square(5), "c3"),
    ("v=1&g=gardar&size=4", Board.hexagon(4), "d4"),
    ("v=1&g=pente&size=9&opening=none", Board.square(9), "e5"),
])
def test_a_korean_browser_shows_korean_prompts_reasons_and_buttons_in_every_game(open_page, fragment, board, point):
    page = open_page(f"/index.html#{fragment}", **KOREAN).page
    assert page.evaluate("document.documentElement.lang") == "ko"
    assert "차례" in text(page, "#prompt")
    assert text(page, "#undo") == "무르기" and text(page, "#redo") == "다시 두기" and text(page, "#hint") == "힌트"
    assert text(page, "#rules-link") == "규칙" and HANGUL.search(text(page, "#describe"))
    for button in page.locator("#actions button").all():
        assert HANGUL.search(button.inner_text()), button.inner_text()
    click_point(page, board, point)
    ply_is(page, 1)
    click_point(page, board, point)
    assert message(page) == "이미 돌이 있는 점입니다"
    assert text(page, "#ply") == "1 / 1"


def test_a_korean_game_ends_in_korean(open_page):
    page = open_page("/index.html#v=1&g=loose&size=5", **KOREAN).page
    page.click("[data-move=pass]")
    ply_is(page, 1)
    page.click("[data-move=pass]")
    page.wait_for_function("document.body.dataset.over === '1'")
    assert text(page, "#end-headline") == "백 승리" and text(page, "#end-reason") == "점수가 더 많음"
    assert text(page, "#prompt") == "대국 끝: 백 승리 (점수가 더 많음)"
    assert "합계" in text(page, "#end-score") and "덤" in text(page, "#end-score")


def test_switching_language_mid_game_keeps_the_game_and_is_remembered(open_page):
    b = Board.square(9)
    page = open_page("/index.html#v=1&g=loose&size=9").page
    assert text(page, "#prompt") == "Black to play" and page.evaluate("document.documentElement.lang") == "en"
    click_point(page, b, "e5")
    ply_is(page, 1)
    click_point(page, b, "d4")
    ply_is(page, 2)
    page.click("[data-lang=ko]")
    page.wait_for_function("document.getElementById('prompt').textContent === '흑 차례'")
    assert page.evaluate("location.hash") == "#v=1&g=loose&size=9&m=e5.d4", "the game is kept, the link has no language"
    assert text(page, "#ply") == "2 / 2" and page.locator("#moves li").count() == 2
    assert text(page, "#undo") == "무르기" and "돌" in text(page, "#score")
    assert page.locator("[data-lang=ko]").get_attribute("aria-pressed") == "true"
    assert page.locator("#game-select option").first.inner_text() == "Loose"
    assert "입문" in page.locator("#level").inner_text()
    page.reload()
    page.wait_for_function("window.pgReady === true")
    assert text(page, "#prompt") == "흑 차례", "the choice is remembered"
    assert text(page, "#ply") == "2 / 2"
    page.click("[data-lang=en]")
    page.wait_for_function("document.getElementById('prompt').textContent === 'Black to play'")
    assert text(page, "#undo") == "Undo" and page.evaluate("document.documentElement.lang") == "en"


def test_a_link_may_force_the_language_without_it_becoming_part_of_the_position(open_page):
    page = open_page("/index.html#v=1&g=loose&size=5&lang=en", **KOREAN).page
    assert text(page, "#prompt") == "Black to play" and text(page, "#undo") == "Undo"
    page.wait_for_function("location.hash === '#v=1&g=loose&size=5'")
    page = open_page("/index.html?lang=ko#v=1&g=loose&size=5").page
    assert text(page, "#prompt") == "흑 차례"


# Latin-letter words allowed on the Korean page: proper names (the site, the games, a
# variant, a language, keys on the keyboard), and coordinates.
PROPER_NAMES = {"pygames", "Loose", "Vacu", "Convacu", "Gardar", "Pente", "Keryo", "English", "Home", "End",
                "Enter", "pente.org"}
COORDINATE = re.compile(r"[a-z]\d{1,2}")


def english_left(page) -> list[str]:
    """Every Latin-letter word the page shows (text, tooltips, placeholders, labels for
    assistive tools) that is neither a proper name nor a coordinate."""
    shown = page.evaluate("""() => {
        const parts = [document.body.innerText, document.title];
        for (const el of document.querySelectorAll('[title], [placeholder], [aria-label]')) {
            if (el.closest('[hidden]') || el.closest('template')) continue;
            for (const a of ['title', 'placeholder', 'aria-label']) if (el.getAttribute(a)) parts.push(el.getAttribute(a));
        }
        for (const o of document.querySelectorAll('select option')) parts.push(o.textContent);
        return parts.join('\\n');
    }""")
    words = re.findall(r"[A-Za-z][A-Za-z0-9.'’-]*[A-Za-z0-9]|[A-Za-z]", shown)
    return sorted({w for w in words if w not in PROPER_NAMES and not COORDINATE.fullmatch(w)})


@pytest.mark.parametrize("fragment", ["v=1&g=loose&size=5&m=c3.b2", "v=1&g=gardar&size=4&pie=1",
                                      "v=1&g=pente&size=9&opening=pro&m=e5", "v=1&g=vacu&size=5&m=c3.button",
                                      "v=1&g=convacu&size=5&m=c3"])
def test_no_english_is_left_on_the_korean_game_page(open_page, fragment):
    page = open_page(f"/index.html#{fragment}", **KOREAN).page
    page.check("[data-pref=overlays]")
    page.locator("#open-record summary").click()
    page.locator("#board").focus()
    page.keyboard.press("ArrowRight")
    assert english_left(page) == []


def test_a_korean_rules_page_has_korean_boards(open_page):
    page = open_page("/rules-loose-ko.html").page
    assert page.evaluate("document.documentElement.lang") == "ko"
    figure = page.locator("figure.pg-board").first
    assert HANGUL.search(figure.locator(".pg-status").inner_text()), "a live board's prompt is Korean"
    assert figure.locator("[data-nav=reset]").inner_text() == "처음으로"
    assert "lang=ko" in figure.locator("a.play-here").get_attribute("href")


def test_the_computer_answers_in_korean_from_its_worker(open_page):
    b = Board.square(5)
    page = open_page("/index.html#v=1&g=loose&size=5", **KOREAN).page
    page.wait_for_function("document.body.dataset.aiReady === '1'", timeout=120_000)
    answer = page.evaluate("PgAi.ask({purpose: 'move', fragment: 'v=1&g=loose&size=5&m=pass.pass', level: 'easy', seat: 0})")
    assert answer["refused"] == "대국이 끝나서 고를 수가 없습니다", answer
    assert page.locator("#computer-seats label").first.inner_text().strip() == "플레이어 1"
    page.check("#computer-seats [data-seat='1']")
    click_point(page, b, "c3")
    page.wait_for_function("document.body.dataset.ply === '2'", timeout=120_000)
    assert page.evaluate("document.body.dataset.aiFallback") is None and text(page, "#message") == ""
