"""Lessons and puzzles in the browser: learn.html in both languages and on a phone, the
same boards embedded in another page (data-lesson, data-puzzle) and in an iframe
(embed.html#lesson=...), and what a link that names nothing or a missing file does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser import click_point

from pygames import language
from pygames.learn import Attempt, lesson, puzzles

pytestmark = pytest.mark.browser

LEARN = Path(__file__).resolve().parent.parent / "site" / "learn"
SHOTS = Path(__file__).resolve().parent.parent / "dist" / "screenshots"
GAMES = ("loose", "vacu", "convacu", "gardar", "pente")
BOARD = "#learn-board"
PHONE = {"width": 390, "height": 844}


def first_step(game: str):
    return lesson(json.loads((LEARN / f"lessons-{game}.json").read_text())).steps[0]


def first_puzzle(game: str):
    found = puzzles(json.loads((LEARN / f"puzzles-{game}.json").read_text()))
    return min(found, key=lambda p: (p.moves, p.id))


def shown(page, board: str = BOARD) -> int:
    return page.evaluate(f"Number(document.querySelector('{board}').dataset.shown || 0)")


def ready(page, board: str = BOARD, after: int = 0) -> None:
    """Wait until the board has shown something new: each answer ends by counting up."""
    page.wait_for_function(f"Number(document.querySelector('{board}').dataset.shown || 0) > {after}")


def act(page, do, board: str = BOARD) -> None:
    """Something that makes the board answer (a tap, a button), then wait for the answer."""
    before = shown(page, board)
    do()
    ready(page, board, before)


def status(page, board: str = BOARD) -> tuple[str, str]:
    el = page.locator(f"{board} .pg-status")
    return el.inner_text().strip(), el.get_attribute("data-kind") or ""


def solve_step(page, step, board: str = BOARD) -> None:
    """Do a lesson step's task as a player would, with its intended answer."""
    game = step.game()
    canvas = f"{board} canvas"
    if "play" in step.task:
        move = step.right_moves(game)[0]
        if isinstance(move, int):
            act(page, lambda: click_point(page, game.board, game.board.label(move), canvas), board)
        else:
            act(page, lambda: page.click(f"{board} .pg-learn-bar button[data-do='move:{move}']"), board)
    elif "choose" in step.task:
        for p in sorted(step.chosen(game)):
            act(page, lambda p=p: click_point(page, game.board, game.board.label(p), canvas), board)
        act(page, lambda: page.click(f"{board} .pg-learn-bar button[data-do='check']"), board)
    else:
        act(page, lambda: page.click(f"{board} .pg-learn-bar button[data-do='winner:{step.winner(game)}']"), board)
    assert status(page, board)[1] == "right", status(page, board)


def solve_puzzle(page, puzzle, board: str = BOARD) -> None:
    game = Attempt.begin(puzzle).game
    for i in range(0, len(puzzle.line), 2):
        move = game.parse_move(puzzle.line[i])
        act(page, lambda m=move: click_point(page, game.board, game.board.label(m), f"{board} canvas"), board)
        for text in puzzle.line[i:i + 2]:
            game.play(game.parse_move(text))
    assert status(page, board)[1] == "right", status(page, board)


def go(page, fragment: str) -> None:
    before = shown(page)
    page.evaluate(f"location.hash = {json.dumps(fragment)}")
    ready(page, after=0 if before == 0 else -1)
    page.wait_for_function(f"document.querySelector('{BOARD}').dataset.{'puzzle' if fragment.startswith('puzzles') else 'lesson'}"
                           f" && !document.querySelector('{BOARD}').dataset.loading && document.querySelector('{BOARD}').dataset.shown")


@pytest.mark.parametrize(("lang", "viewport"), [("en", {"width": 1100, "height": 900}), ("ko", PHONE)], ids=["en-desktop", "ko-phone"])
def test_a_lesson_step_and_a_puzzle_of_every_game_are_done_on_the_learn_page(open_page, lang, viewport):
    w = open_page("/learn.html", locale="ko-KR" if lang == "ko" else "en-US", viewport=viewport)
    page = w.page
    page.wait_for_selector(".learn-card")
    assert page.locator(".learn-card").count() == len(list(LEARN.glob("lessons-*.json")))
    for game in GAMES:
        page.evaluate("location.hash = ''")
        page.wait_for_selector(f".learn-card[data-game={game}] .learn-lesson")
        page.click(f".learn-card[data-game={game}] .learn-lesson")
        page.wait_for_function(f"document.querySelector('{BOARD}').dataset.lesson === '{game}/1' && "
                               f"!document.querySelector('{BOARD}').dataset.loading && document.querySelector('{BOARD}').dataset.busy === undefined"
                               f" && document.querySelector('{BOARD}').dataset.shown")
        step = first_step(game)
        with language(lang):
            assert page.locator(f"{BOARD} .pg-learn-title").inner_text().strip() == step.title[lang]
        solve_step(page, step)
        puzzle = first_puzzle(game)
        page.evaluate(f"location.hash = 'puzzles/{game}/{puzzle.id}'")
        page.wait_for_function(f"document.querySelector('{BOARD}').dataset.puzzle === '{game}/{puzzle.id}' && "
                               f"!document.querySelector('{BOARD}').dataset.loading && document.querySelector('{BOARD}').dataset.shown")
        assert page.locator(f"#learn-list a[href='#puzzles/{game}/{puzzle.id}']").get_attribute("aria-current") == "page"
        assert page.locator("#learn-list summary").is_visible()
        assert page.locator(f"{BOARD} .pg-learn-title").inner_text().strip() == puzzle.theme[lang]
        solve_puzzle(page, puzzle)
    page.evaluate("location.hash = ''")
    page.wait_for_selector(".learn-card")
    progress = page.evaluate("JSON.parse(localStorage.getItem('pygames.learn'))")
    assert all(progress["lessons"][g] == [1] and progress["puzzles"][g] == [first_puzzle(g).id] for g in GAMES)
    assert "1" in page.locator(".learn-card[data-game=loose] .learn-lesson").inner_text()
    if lang == "ko":
        assert page.locator("h1").inner_text().strip() != "Learn by playing"
    w.check()


def test_a_wrong_puzzle_move_meets_its_refutation_and_taps_during_it_are_dropped(open_page):
    puzzle = next(p for p in sorted(puzzles(json.loads((LEARN / "puzzles-loose.json").read_text())), key=lambda p: p.id)
                  if p.moves >= 2)
    w = open_page(f"/learn.html#puzzles/loose/{puzzle.id}")
    page = w.page
    ready(page)
    attempt = Attempt.begin(puzzle)
    game = attempt.game
    wrong = next(m for m in game.legal_moves() if isinstance(m, int) and game.move_text(m) != puzzle.line[0]
                 and _fails(attempt, m))
    before = shown(page)
    click_point(page, game.board, game.board.label(wrong), f"{BOARD} canvas")
    page.wait_for_function(f"document.querySelector('{BOARD}').dataset.busy === '1'")
    # a tap while the refutation plays out changes nothing and is not kept for later
    click_point(page, game.board, game.board.label(wrong), f"{BOARD} canvas")
    ready(page, after=before)
    assert shown(page) == before + 1
    text, kind = status(page)
    assert kind == "wrong" and text
    assert page.evaluate(f"Number(document.querySelector('{BOARD}').dataset.ply)") == 2, "the move and its refutation"
    act(page, lambda: page.click(f"{BOARD} .pg-learn-bar button[data-do='reset']"))
    assert page.evaluate(f"Number(document.querySelector('{BOARD}').dataset.ply)") == 0
    act(page, lambda: page.click(f"{BOARD} .pg-learn-bar button[data-do='solution']"))
    assert page.evaluate(f"Number(document.querySelector('{BOARD}').dataset.ply)") == len(puzzle.line)
    w.check()


@pytest.mark.parametrize(("lang", "viewport", "scheme"), [("en", {"width": 1100, "height": 900}, "light"),
                                                       ("ko", PHONE, "dark")], ids=["en-desktop", "ko-phone"])
def test_a_pente_defence_puzzle_shows_the_win_a_wrong_move_allows_and_takes_the_capture(open_page, lang, viewport,
                                                                                        scheme):
    puzzle = next(p for p in puzzles(json.loads((LEARN / "puzzles-pente.json").read_text()))
                  if p.goal["kind"] == "safe" and p.theme["en"] == "Capture to break the four")
    w = open_page(f"/learn.html#puzzles/pente/{puzzle.id}", locale="ko-KR" if lang == "ko" else "en-US",
                  viewport=viewport, color_scheme=scheme)
    page = w.page
    ready(page)
    with language(lang):
        assert page.locator(f"{BOARD} .pg-learn-title").inner_text().strip() == puzzle.theme[lang]
        assert puzzle.prompt(puzzle.game_at_start()) in page.locator(f"{BOARD}").inner_text()
    game = puzzle.game_at_start()
    wrong = puzzle.refute[0]["*"]  # the opponent's winning point: blocking it is not enough
    before = shown(page)
    click_point(page, game.board, wrong, f"{BOARD} canvas")
    ready(page, after=before)
    text, kind = status(page)
    assert kind == "wrong" and text
    assert page.evaluate(f"Number(document.querySelector('{BOARD}').dataset.ply)") == 2, "the block and the win it allowed"
    page.screenshot(path=SHOTS / f"learn-defence-wrong-{lang}.png")
    act(page, lambda: page.click(f"{BOARD} .pg-learn-bar button[data-do='reset']"))
    act(page, lambda: click_point(page, game.board, puzzle.line[0], f"{BOARD} canvas"))
    assert status(page)[1] == "right"
    page.screenshot(path=SHOTS / f"learn-defence-solved-{lang}.png")
    w.check()


def _fails(attempt: Attempt, move) -> bool:
    from pygames.learn import Goal

    game = attempt.game
    goal = Goal.read(game, attempt.puzzle.goal)
    game.play(move)
    reached = goal.reached(game, attempt.mover)
    game.undo()
    return not reached


@pytest.mark.parametrize("fragment", ["gardar/999", "puzzles/loose/99999", "junk", "nothing/1"])
def test_a_link_that_names_nothing_shows_the_menu_with_a_plain_message(open_page, fragment):
    w = open_page(f"/learn.html#{fragment}")
    page = w.page
    page.wait_for_function("document.querySelector('#learn-message').textContent.length > 0")
    page.wait_for_selector(".learn-card")
    assert page.locator("#learn-stage").is_hidden()
    assert fragment in page.locator("#learn-message").inner_text()
    w.check()


def test_a_puzzle_file_that_fails_to_load_leaves_the_rest_working(open_page, site_url):
    w = open_page(None)
    page = w.page
    page.route("**/learn/puzzles-gardar.json", lambda route: route.abort())
    page.goto(site_url + "/learn.html#puzzles/gardar/1")
    page.wait_for_function("document.querySelector('#learn-message').textContent.length > 0")
    assert page.locator("#learn-stage").is_hidden()
    page.evaluate("location.hash = 'loose/1'")
    page.wait_for_function(f"document.querySelector('{BOARD}').dataset.shown && !document.querySelector('#learn-stage').hidden")
    solve_step(page, first_step("loose"))
    w.errors = [e for e in w.errors if "Failed to load resource" not in e and "ERR_FAILED" not in e]
    w.check()


def test_lessons_and_puzzles_embed_in_another_page_and_in_an_iframe(open_page, site_url):
    figures = "".join(f'<figure class="pg-board" id="l-{g}" data-lesson="{g}/1"></figure>'
                      f'<figure class="pg-board" id="p-{g}" data-puzzle="{g}/{first_puzzle(g).id}"></figure>' for g in GAMES)
    html = f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Author</title></head><body><h1>My notes</h1>{figures}" \
           "<script src='./embed.js'></script></body></html>"
    w = open_page(None)
    page = w.page
    page.route("**/author.html", lambda route: route.fulfill(body=html, content_type="text/html"))
    page.goto(site_url + "/author.html")
    for g in GAMES:
        ready(page, f"#l-{g}")
        ready(page, f"#p-{g}")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") in ("rgba(0, 0, 0, 0)", "rgb(255, 255, 255)"), \
        "the author's page keeps its own look"
    for g in GAMES:
        solve_step(page, first_step(g), f"#l-{g}")
        solve_puzzle(page, first_puzzle(g), f"#p-{g}")
    w.check()
    game = GAMES[-1]
    frame = open_page(f"/embed.html#puzzle={game}/{first_puzzle(game).id}", ready="window.pgReady === true")
    ready(frame.page, "figure.pg-board")
    solve_puzzle(frame.page, first_puzzle(game), "figure.pg-board")
    frame.check()


def test_the_game_page_links_to_learning_and_does_not_load_it(open_page):
    w = open_page("/index.html")
    page = w.page
    assert page.locator("#learn-link").get_attribute("href") == "./learn.html"
    loaded = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    assert not [u for u in loaded if "/learn" in u], loaded
    w.check()


def test_each_rules_page_links_to_its_lesson(open_page):
    w = open_page("/rules-gardar-ko.html", ready=None)
    link = w.page.locator(".learn-link a")
    assert link.get_attribute("href") == "./learn.html?lang=ko#gardar/1"
    w.check()


def test_a_lesson_opened_once_works_offline(browser, site_server):
    """The offline cache keeps a lesson, its puzzles' code and the menu once opened (and
    only then: the game page never fetches them)."""
    from test_browser_site import first_visit

    with first_visit(browser, site_server, "/learn.html#loose/1") as w:
        ready(w.page)
        site_server.stop()
        w.page.reload()
        w.page.wait_for_function("window.pgReady === true", timeout=120_000)
        ready(w.page)
        assert w.page.locator(f"{BOARD} .pg-learn-title").inner_text().strip() == first_step("loose").title["en"]
        solve_step(w.page, first_step("loose"))
        w.errors[:] = [e for e in w.errors if "ERR_CONNECTION_REFUSED" not in e]
        w.check()
