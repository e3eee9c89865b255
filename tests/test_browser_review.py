"""The computer's review of a game in a real browser: two workers share the positions, the
marks appear in the move list and on the graph, a marked move shows its verdict and the
better move's line on the board, the page stays live, and stopping or leaving the game
stops the workers and leaves no stale marks.

Each test waits on explicit signals: ``body[data-ai-workers]`` (workers ready),
``body[data-reviewing]`` (a review under way), ``body[data-reviewed]`` (a review complete),
``body[data-review-done]`` (positions looked at), ``body[data-ply]``.
"""

import pytest
from browser import text
from conftest import READY_MS
from test_browser_ai import INSTRUMENT
from test_browser_workers import cores, workers_ready

pytestmark = pytest.mark.browser
#: Pente without an opening rule: Black lets White's open three become an open four at
#: move 6 (a3), and White wins at move 9 (see tests/test_review.py).
PENTE_BLUNDER = "/index.html#v=1&g=pente&opening=none&m=j10.a1.j11.a2.j12.a3.j13.a4.j14"
LOOSE = "/index.html#v=1&g=loose&size=9&m=e5.d4.c3.f6.g7.d6.e3.c4.f4.g5.b5.e6"
REVIEW_MS = 180_000


def test_two_workers_review_a_game_mark_the_blunder_and_show_the_better_move(open_page, site_url):
    w = open_page(None)
    cores(w.page, 2)
    page = w.page
    page.goto(site_url + PENTE_BLUNDER)
    workers_ready(page, 2)
    page.click("#end-review")  # the game is over: its end panel offers the review
    page.wait_for_function("document.body.dataset.reviewing === '1'")
    page.wait_for_function("document.body.dataset.reviewed === '1'", timeout=REVIEW_MS)
    assert text(page, "#review-progress") == "Reviewed: 10 positions."
    marks = page.eval_on_selector_all("#moves button[data-mark]:not([data-mark=''])",
                                      "bs => bs.map(b => [b.dataset.ply, b.dataset.mark, b.innerText])")
    blunders = [m for m in marks if m[1] == "blunder"]
    assert [m[0] for m in blunders] == ["6"] and "a3??" in blunders[0][2], marks
    assert page.locator("#review-graph circle.mark.blunder").count() == 1
    assert "Black: inaccuracies" in text(page, "#review-summary")
    # the marked move: its verdict, then the better move and its line on the board
    page.click("#moves button[data-ply='6']")
    page.wait_for_function("document.body.dataset.ply === '6'")
    assert "a3??" in text(page, "#moves button[data-ply='6']"), "the mark stays when the list is drawn again"
    verdict = text(page, "#review-text")
    assert verdict.startswith("Blunder: Black's chance") and "White gets an open four with j" in verdict, verdict
    page.click("#review-better")
    page.wait_for_function("document.body.dataset.ply === '5'")
    line = page.evaluate("document.getElementById('board').pgFrame.extra.line.map(m => m.text)")
    assert line and line[0] in verdict, (line, verdict)
    assert text(page, "#message").startswith("Expected line: 1. ")
    assert page.get_attribute("#review-better", "aria-pressed") == "true"
    # the record keeps the review
    record = page.evaluate("PgApp.api.record('main')")
    assert "[%mark blunder]" in record and "[%eval " in record


def test_the_page_stays_live_while_reviewing_and_stopping_frees_the_worker(open_page, site_url):
    """One worker here, so that the page's own thread has a core of its own on this
    two-core machine: then no task of the page's may take over 50 ms while looks arrive."""
    w = open_page(None)
    cores(w.page, 1)
    page = w.page
    page.goto(site_url + LOOSE + "&review=thorough")  # a link made during a review opens into one
    workers_ready(page, 1)
    page.evaluate(INSTRUMENT)
    page.wait_for_function("document.body.dataset.reviewing === '1'")
    start = page.evaluate("performance.now()")
    assert page.input_value("#review-budget") == "thorough"
    page.wait_for_function("Number(document.body.dataset.reviewDone) >= 2", timeout=REVIEW_MS)
    end = page.evaluate("performance.now()")
    long = [d for t, d in page.evaluate("longTasks") if start <= t <= end]
    assert not long, f"main-thread tasks over 50 ms while the computer reviewed: {long}"
    page.click("[data-nav=first]")  # the player looks around meanwhile
    page.wait_for_function("document.body.dataset.ply === '0'")
    assert page.evaluate("document.body.dataset.reviewing") == "1"
    page.click("#review-cancel")
    page.wait_for_function("PgAi.current === null && PgAi.queue.length === 0", timeout=READY_MS)
    done = page.evaluate("document.body.dataset.reviewDone")
    assert "Review stopped at" in text(page, "#review-progress")
    assert page.evaluate("document.body.dataset.reviewing") is None
    # the workers answer at once: nothing of the review is left in their way
    page.click("#hint")
    page.wait_for_function("document.getElementById('message').textContent.startsWith('Hint for ')", timeout=READY_MS)
    assert page.evaluate("document.body.dataset.reviewDone") == done
    # Review again goes on where it stopped; a new game mid-review leaves nothing behind
    page.click("#review-start")
    page.wait_for_function("document.body.dataset.reviewing === '1'")
    page.click("#play-friend")
    page.wait_for_function("document.body.dataset.ply === '0'")
    page.wait_for_function("PgAi.current === null", timeout=READY_MS)
    assert page.is_hidden("#review")
    assert page.evaluate("document.body.dataset.reviewing") is None
    assert page.locator("#moves button[data-mark]").count() == 0


def test_a_review_of_a_game_without_moves_says_so(open_page):
    page = open_page("/index.html#v=1&g=vacu").page
    page.click("#review-start")
    assert text(page, "#message") == "There is nothing to review yet: the game has no moves."
    assert page.is_hidden("#review")
