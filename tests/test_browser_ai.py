"""The computer player in a real browser: it thinks in a worker while the page stays live,
gives hints and an evaluation, works offline, and falls back to the page when its worker
cannot run or keeps failing.

Each test waits on explicit signals: ``body[data-ai-ready]`` (the worker has started),
``body[data-thinking]`` (a move is being thought about), ``body[data-ply]``.
"""

import functools
import http.server
import threading

import pytest
from browser import click_point, text
from conftest import READY_MS, SITE, Watched

from pygames import Board
from tools.build.serve import Handler

pytestmark = pytest.mark.browser
B9 = Board.square(9)

#: Records main-thread long tasks (Long Tasks API) and how long each board click waits for
#: its answer: from the input event to the end of the page's own handler.
INSTRUMENT = """
window.longTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push([e.startTime, e.duration]); })
  .observe({ type: "longtask", buffered: true });
window.clickWaits = [];
document.getElementById("board").addEventListener("click", (e) => clickWaits.push(performance.now() - e.timeStamp));
"""


def ai_ready(page):
    page.wait_for_function("document.body.dataset.aiReady === '1'", timeout=READY_MS)


def computer_thinks_after_e5(page) -> float:
    """Instrument the page, have the computer play White at the hard level (about 3 s),
    play e5 and wait for it to think; the page's clock then, the clicks counted after it."""
    page.evaluate(INSTRUMENT)
    page.select_option("#level", "hard")
    page.check("#computer-seats [data-seat='1']")
    click_point(page, B9, "e5")
    page.wait_for_function("document.body.dataset.thinking === '1'")
    return page.evaluate("clickWaits = []; performance.now()")


def waits_and_long_tasks(page, start: float) -> tuple[list[float], list[float], float]:
    """Once the computer has moved: how long each click waited, the main thread's long tasks
    since ``start``, and the page's clock now."""
    page.wait_for_function("document.body.dataset.thinking === undefined", timeout=READY_MS)
    end = page.evaluate("performance.now()")
    return page.evaluate("clickWaits"), [d for t, d in page.evaluate("longTasks") if start <= t <= end], end


def test_computer_thinks_in_a_worker_while_the_page_stays_live(open_page):
    page = open_page("/index.html#v=1&g=loose&size=9").page
    ai_ready(page)
    start = computer_thinks_after_e5(page)
    assert page.locator("#thinking").is_visible()
    for label in ["a1", "c3", "g7", "i9", "b8"]:  # a player keeps clicking: each gets an answer at once
        click_point(page, B9, label)
        assert text(page, "#message") == "Wait for the computer's move."
    page.click("[data-nav=prev]")  # the history works while it thinks
    assert text(page, "#ply") == "0 / 1"
    page.click("[data-nav=last]")
    waits, long, end = waits_and_long_tasks(page, start)
    assert text(page, "#ply") == "2 / 2" and page.locator("#board").get_attribute("data-stones") == "2"
    assert page.evaluate("document.body.dataset.aiFallback") is None
    assert len(waits) == 5 and max(waits) < 30, waits
    # Thinking on the page's thread would block it for most of those seconds; a single short
    # pause of the page's own (a collection, a redraw on a busy machine) is not thinking.
    assert sum(long) < 200, f"main-thread tasks over 50 ms while the computer thought: {long}"
    assert end - start > 1500, "the hard level thinks for about three seconds"


def test_computer_move_arrives_at_the_end_while_the_player_looks_back(open_page):
    page = open_page("/index.html#v=1&g=loose&size=9&m=e5.d4.c3").page
    ai_ready(page)
    page.select_option("#level", "medium")
    page.check("#computer-seats [data-seat='1']")  # White is to move: the computer starts
    page.wait_for_function("document.body.dataset.thinking === '1'")
    page.click("[data-nav=first]")
    page.wait_for_function("document.body.dataset.thinking === undefined", timeout=READY_MS)
    assert text(page, "#ply") == "0 / 4", "the view stays where the player is looking"
    page.click("[data-nav=last]")
    assert page.locator("#board").get_attribute("data-stones") == "4"


def test_hint_and_evaluation_bar(open_page):
    page = open_page("/index.html#v=1&g=pente&size=9&opening=none&m=e5.d4").page
    ai_ready(page)
    page.select_option("#level", "beginner")
    marks = int(page.locator("#board").get_attribute("data-marks"))  # the last-move mark
    page.click("#hint")
    page.wait_for_function("document.getElementById('message').textContent.startsWith('Hint for White: ')",
                           timeout=READY_MS)
    assert page.locator("#board").get_attribute("data-marks") == str(marks + 1)
    assert text(page, "#ply") == "2 / 2", "a hint plays nothing"
    assert page.locator("#eval").is_hidden()
    page.check("[data-pref=evaluation]")
    page.wait_for_function("document.querySelectorAll('#eval span').length === 2", timeout=READY_MS)
    title = page.get_attribute("#eval", "title")
    assert title.startswith("White ") and ", Black " in title
    click_point(page, B9, "f6")  # the hint goes with the position it was for
    page.wait_for_function("document.body.dataset.ply === '3'")
    assert page.locator("#board").get_attribute("data-marks") == str(marks)


def test_undo_while_the_computer_thinks_abandons_its_move(open_page):
    page = open_page("/index.html#v=1&g=vacu&size=9").page
    ai_ready(page)
    page.select_option("#level", "hard")
    page.check("#computer-seats [data-seat='1']")
    click_point(page, B9, "e5")
    page.wait_for_function("document.body.dataset.thinking === '1'")
    page.click("#undo")
    page.wait_for_function("document.body.dataset.thinking === undefined", timeout=READY_MS)
    assert text(page, "#ply") == "0 / 0" and page.locator("#board").get_attribute("data-stones") == "0"
    assert text(page, "#prompt") == "Black to play (may take the button)"


def test_without_a_worker_the_computer_thinks_on_the_page_and_says_so(open_page, site_url):
    w = open_page(None)
    w.page.route("**/ai-worker.js", lambda route: route.abort())
    w.page.goto(site_url + "/index.html#v=1&g=loose&size=7")
    w.page.wait_for_function("document.body.dataset.aiFallback === '1'", timeout=READY_MS)
    assert "background helper failed" in text(w.page, "#ai-note")
    w.page.select_option("#level", "beginner")
    w.page.check("#computer-seats [data-seat='1']")
    click_point(w.page, Board.square(7), "d4")
    w.page.wait_for_function("document.body.dataset.ply === '2'", timeout=READY_MS)
    w.errors.clear()  # the blocked worker script is this test's own doing


CRASHING_WORKER = "postMessage({ ready: true }); self.onmessage = () => { throw new Error('boom'); };"


def test_a_crashing_worker_is_restarted_once_then_the_page_takes_over(open_page, site_url):
    w = open_page(None)
    # one worker whatever the machine's cores (more are left out one by one as they crash:
    # see test_browser_workers.py)
    w.page.add_init_script("localStorage.setItem('pygames.prefs', JSON.stringify({ cores: 1 }));")
    starts = []

    def crashing(route):
        starts.append(route.request.url)
        route.fulfill(status=200, content_type="text/javascript", body=CRASHING_WORKER)

    w.page.route("**/ai-worker.js", crashing)
    w.page.goto(site_url + "/index.html#v=1&g=loose&size=7&m=d4")
    w.page.wait_for_function("window.pgReady === true", timeout=READY_MS)
    w.page.select_option("#level", "beginner")
    w.page.check("#computer-seats [data-seat='1']")
    w.page.wait_for_function("document.body.dataset.ply === '2'", timeout=READY_MS)
    assert len(starts) == 2, "restarted once, then the page's own interpreter answered"
    assert "boom" in text(w.page, "#ai-note")
    assert w.page.evaluate("location.hash").startswith("#v=1&g=loose&size=7&m=d4.")
    w.errors.clear()  # the crashes are this test's own doing


def test_the_worker_plays_offline(browser):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    context = browser.new_context(service_workers="allow")
    w = Watched(context.new_page(), origin)
    try:
        w.page.goto(origin + "/index.html#v=1&g=loose&size=7")
        w.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_MS)
        ai_ready(w.page)
        server.shutdown()
        server.server_close()
        w.page.reload()
        w.page.wait_for_function("window.pgReady === true", timeout=READY_MS)
        ai_ready(w.page)
        w.page.select_option("#level", "beginner")
        w.page.check("#computer-seats [data-seat='1']")
        click_point(w.page, Board.square(7), "d4")
        w.page.wait_for_function("document.body.dataset.ply === '2'", timeout=READY_MS)
        assert w.page.evaluate("document.body.dataset.aiFallback") is None
        w.errors[:] = [e for e in w.errors if "ERR_CONNECTION_REFUSED" not in e]
        w.check()
    finally:
        context.close()


def test_an_embedded_board_can_play_against_the_computer(open_page):
    page = open_page("/embed.html#v=1&g=loose&size=5&computer=2&level=beginner").page
    click_point(page, Board.square(5), "c3", canvas="figure.pg-board canvas")
    page.wait_for_function("document.querySelector('figure.pg-board').dataset.ply === '2'", timeout=READY_MS)
    assert page.evaluate("document.body.dataset.aiReady") == "1", "the computer answered from its worker"


def test_the_computer_thinks_on_the_players_time(open_page):
    """After its move the computer ponders the reply it expects (body[data-pondering] names
    it); that reply gets a move that went on from the pondered search (body[data-ai-pondered]
    says for how long), an undo or the preference turned off stops pondering, and a hint
    interrupts it and lets it go on."""
    page = open_page("/index.html#v=1&g=pente&size=9&opening=none&m=e5").page
    ai_ready(page)
    page.select_option("#level", "medium")
    page.check("#computer-seats [data-seat='1']")  # White is to move: the computer starts
    # The page ponders the second move of the computer's line, which the line names even
    # when the best move came from an iteration unfinished at the deadline.
    page.wait_for_function("document.body.dataset.ply === '2' && !document.body.dataset.thinking", timeout=READY_MS)
    page.wait_for_function("document.body.dataset.pondering", timeout=READY_MS)
    assert text(page, "#ply") == "2 / 2" and page.evaluate("document.body.dataset.thinking") is None
    reply = page.evaluate("document.body.dataset.pondering")
    page.click("#hint")  # a hint interrupts pondering, which goes on after it
    page.wait_for_function("document.getElementById('message').textContent.startsWith('Hint for White: ')",
                           timeout=READY_MS)
    page.wait_for_function(f"document.body.dataset.pondering === '{reply}'", timeout=READY_MS)
    page.fill("#type-move input[name=move]", reply)
    page.click("#type-move button[type=submit]")
    page.wait_for_function("document.body.dataset.ply === '4'", timeout=READY_MS)
    assert float(page.evaluate("document.body.dataset.aiPondered")) > 0
    page.wait_for_function("document.body.dataset.pondering", timeout=READY_MS)
    page.uncheck("[data-pref=ponder]")
    page.wait_for_function("document.body.dataset.pondering === undefined", timeout=READY_MS)
    page.check("[data-pref=ponder]")
    page.wait_for_function("document.body.dataset.pondering", timeout=READY_MS)
    page.click("#undo")  # back to the person's last turn: pondering stops
    page.wait_for_function("document.body.dataset.pondering === undefined", timeout=READY_MS)
    assert text(page, "#ply") == "2 / 2" and page.evaluate("document.body.dataset.thinking") is None
    click_point(page, B9, "a1")  # another move than expected: the computer thinks afresh
    page.wait_for_function("document.body.dataset.ply === '4'", timeout=READY_MS)
    assert page.evaluate("document.body.dataset.aiPondered") == "0"
    page.uncheck("[data-pref=ponder]")
    page.reload()  # the choice is kept
    page.wait_for_function("window.pgReady === true", timeout=READY_MS)
    assert not page.is_checked("[data-pref=ponder]")


def test_the_computer_opens_from_its_book(open_page):
    """In a book position the computer's move comes from the opening book at once
    (body[data-ai-book] is 1), one of the book's moves; off the book it searches (0)."""
    from pygames.ai.book import opening_book
    from pygames.pente import Pente

    game = Pente(opening="pro")
    game.play(game.centre)
    reply = opening_book().moves(game)[0][0]
    game.play(reply)
    listed = {game.move_text(m) for m, _ in opening_book().moves(game)}
    assert listed
    page = open_page("/index.html#v=1&g=pente&opening=pro&m=j10").page
    ai_ready(page)
    page.select_option("#level", "hard")
    page.check("#computer-seats [data-seat='0']")  # the computer plays White; Black is to move
    page.fill("#type-move input[name=move]", game.move_text(reply))
    page.click("#type-move button[type=submit]")
    page.wait_for_function("document.body.dataset.ply === '3' && !document.body.dataset.thinking", timeout=READY_MS)
    assert page.evaluate("document.body.dataset.aiBook") == "1"
    played = page.evaluate("location.hash").split("m=")[1].split("&")[0].split(".")
    assert played[-1] in listed, (played, listed)
    page.fill("#type-move input[name=move]", "a1")  # nobody's book goes there
    page.click("#type-move button[type=submit]")
    page.wait_for_function("document.body.dataset.ply === '5' && !document.body.dataset.thinking", timeout=READY_MS)
    assert page.evaluate("document.body.dataset.aiBook") == "0"
