"""Resigning, downloading and opening game records on the app page, in headless Chromium.

A resignation asks twice and Undo takes it back; an opened record is a new history entry,
so Back returns to the game that was on the board; a broken record changes nothing.
"""

from pathlib import Path

import pytest
from browser import text
from test_records import PENTE_ORG

pytestmark = pytest.mark.browser
GAME = "/index.html#v=1&g=loose&size=9&m=e5.d4.c3"


def test_resign_asks_twice_and_undo_takes_it_back(open_page):
    page = open_page(GAME).page
    page.click("#resign")
    assert text(page, "#resign") == "Really resign?" and text(page, "#prompt") == "White to play"
    page.click("#resign")
    page.wait_for_function("location.hash.includes('r=2')")
    assert text(page, "#prompt") == "Game over: Black wins (White resigns)"
    assert page.locator("#end").is_visible() and page.locator("#resign").is_disabled()
    page.click("#undo")
    page.wait_for_function("!location.hash.includes('r=')")
    assert text(page, "#prompt") == "White to play" and page.evaluate("document.body.dataset.ply") == "3"


def test_download_writes_the_game_as_a_record(open_page):
    page = open_page(GAME).page
    with page.expect_download() as info:
        page.click("#download")
    download = info.value
    assert download.suggested_filename.startswith("loose-") and download.suggested_filename.endswith(".txt")
    record = Path(download.path()).read_text(encoding="utf-8")
    assert record.startswith('[Game "loose"]') and "1. e5 d4 2. c3" in record


def test_an_opened_record_is_a_new_history_entry(open_page):
    page = open_page(GAME).page
    page.click("#open-record summary")
    page.fill("#record-text", PENTE_ORG)
    page.click("#record-open")
    page.wait_for_function("document.body.dataset.game === 'pente'")
    assert text(page, "#prompt") == "Game over: White wins (Black resigns)"
    assert page.evaluate("document.body.dataset.ply") == "13"
    page.go_back()
    page.wait_for_function("document.body.dataset.game === 'loose'")
    assert page.evaluate("document.body.dataset.ply") == "3"


def test_a_record_file_can_be_chosen(open_page):
    page = open_page(GAME).page
    page.click("#open-record summary")
    record = '[Game "vacu"]\n[Options "size=9"]\n\n1. e5 d4\n'
    page.set_input_files("#record-file", files=[{"name": "g.txt", "mimeType": "text/plain", "buffer": record.encode()}])
    page.wait_for_function("document.body.dataset.game === 'vacu'")
    assert page.evaluate("document.body.dataset.ply") == "2"


@pytest.mark.parametrize("record, why", [
    ('[Game "chess"]\n\n1. e4\n', "unknown game"),
    ('[Game "loose"]\n\n1. e5 e5\n', "move 2 (e5)"),
    ("\x00\x01binary", "this is not a text file"),
])
def test_a_broken_record_says_why_and_keeps_the_game(open_page, record, why):
    page = open_page(GAME).page
    page.click("#open-record summary")
    page.fill("#record-text", record)
    page.click("#record-open")
    page.wait_for_function("document.getElementById('message').textContent.length > 0")
    assert text(page, "#message").startswith("That record could not be opened") and why in text(page, "#message")
    assert page.evaluate("document.body.dataset.game") == "loose" and page.evaluate("document.body.dataset.ply") == "3"
    assert page.evaluate("location.hash") == GAME.split("index.html")[1]
