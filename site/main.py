"""Browser glue: hands pygames sessions to the page's scripts (app.js, embed-boards.js) as JSON.

Everything a player does goes through :class:`pygames.session.Session`; this file only
converts between JSON text and Python calls, and turns any unexpected error into a
message for the player instead of a traceback on the page.
"""

import asyncio
import json
import traceback

from pyodide.ffi import create_proxy, to_js
from pyscript import window

from pygames import ai, available, game_class, language, set_language
from pygames.i18n import _, install
from pygames.notation import Record, encode
from pygames.records import RecordError, read_any, write
from pygames.render import for_page
from pygames.session import (
    NEWCOMER_OPTIONS,
    Preferences,
    Session,
    ask_computer,
    levels,
    merge_answers,
    option_fields,
    review_positions,
)

sessions: dict[str, Session] = {}
#: How many moves of the computer's expected line the board shows: beyond that the stones
#: crowd the board and the line is little more than a guess.
LINE_MOVES = 6


def _guard(handler):
    """Run a page action; report a failure to the player and keep the game as it was."""

    def call(board_id, *args):
        try:
            return handler(board_id, *args)
        except Exception as e:  # noqa: BLE001 - the page must never freeze on a bug
            traceback.print_exc()
            return json.dumps({"error": _("Something went wrong: {problem}", problem=e)})

    return create_proxy(call)


def _view(board_id: str, prefs: str, message: str | None = None, errors: list[str] | None = None) -> str:
    session = sessions[board_id]
    view = session.view(Preferences.of(json.loads(prefs)))
    view["message"] = message or ""
    view["errors"] = errors or []
    view["fragment"] = session.fragment()
    view["link"] = session.fragment(marks=False)
    view["key"] = session.record_key()
    view["hinted"] = session.hint is not None  # the computer's hint is on view (it may be a pass)
    return json.dumps(view)


def load(board_id, fragment, prefs, default_game):
    session, errors = Session.from_fragment(fragment or "", default=default_game)
    if not fragment:
        errors = []
    sessions[board_id] = session
    return _view(board_id, prefs, errors=errors)


def new_game(board_id, name, options, prefs, computer="{}"):
    """A fresh game; ``computer`` (JSON) maps the seats the computer plays to its level."""
    try:
        sessions[board_id] = Session.new(name, json.loads(options),
                                         computer={int(seat): level for seat, level in json.loads(computer).items()})
    except ValueError as e:
        return _view(board_id, prefs, str(e)) if board_id in sessions else json.dumps({"error": str(e)})
    return _view(board_id, prefs)


def set_computer(board_id, computer, prefs):
    """The seats the computer plays (JSON: seat from 0 to level), from the Computer box."""
    try:
        sessions[board_id].set_computer({int(seat): level for seat, level in json.loads(computer).items()})
    except ValueError as e:
        return _view(board_id, prefs, str(e))
    return _view(board_id, prefs)


def click(board_id, x, y, prefs):
    p = json.loads(prefs)
    return _view(board_id, prefs, sessions[board_id].click(float(x), float(y), confirm=p.get("confirm", False)))


def act(board_id, what, prefs):
    s = sessions[board_id]
    steps = {"first": lambda: s.goto(0), "prev": lambda: s.goto(s.ply - 1), "next": lambda: s.goto(s.ply + 1),
             "last": lambda: s.goto(len(s.record.moves)), "undo": s.undo, "redo": s.redo, "confirm": s.confirm,
             "resign": s.resign}
    if what == "rematch":
        sessions[board_id] = s.rematch()
        return _view(board_id, prefs)
    if what.startswith("goto:"):
        s.goto(int(what[5:]))
        return _view(board_id, prefs)
    if what.startswith("line:"):
        return _view(board_id, prefs, s.take_line(int(what[5:])))
    message = steps[what]() if what in steps else s.choose(what, confirm=json.loads(prefs).get("confirm", False))
    return _view(board_id, prefs, message)


def record(board_id):
    """The game as a pygames record file, for "Download record"."""
    s = sessions[board_id]
    with language("en"):  # a record reads the same in every language
        return write(s.record, players=s.seat_names(record=True), comments=s.review_comments())


def open_record(board_id, text, prefs):
    """A game from a record file or a link (pygames' or pente.org's); a record that cannot
    be read changes nothing and says why."""
    try:
        game_file = read_any(str(text))
    except RecordError as e:
        return json.dumps({"error": _("That record could not be opened: {problem}", problem=e)})
    sessions[board_id] = Session.from_file(game_file.record, game_file.players, game_file.comments)
    return _view(board_id, prefs)


def place(board_id, point, prefs):
    """A point chosen from the keyboard (the board cursor)."""
    return _view(board_id, prefs, sessions[board_id].choose_point(int(point), json.loads(prefs).get("confirm", False)))


def typed(board_id, text, prefs):
    return _view(board_id, prefs, sessions[board_id].type_move(str(text)))


#: Questions to the computer on the page's own thread that the page withdrew.
cancelled: set[int] = set()


async def ask(request):
    """The computer player on the page's own thread, for browsers where its worker cannot
    run: the same question and answer as the worker's (ai_worker.py), thinking in short
    slices and yielding to the browser between them so that the page stays usable."""
    return await _on_page(request, lambda question, stop: ask_computer(question, lambda: asyncio.sleep(0.001), stop))


async def review(request, post):
    """A review's positions on the page's own thread (as :func:`ask`, for the same browsers),
    each look going to ``post`` as it is found."""
    return await _on_page(request, lambda question, stop: review_positions(
        question, lambda: asyncio.sleep(0.001), lambda data: post(json.dumps(data)), stop))


async def _on_page(request, run):
    try:
        question = json.loads(request)
        rid = question.get("id")
        answer = await run(question, lambda: rid in cancelled)
        cancelled.discard(rid)
        return json.dumps(answer)
    except Exception as e:  # noqa: BLE001 - as in _guard
        traceback.print_exc()
        return json.dumps({"error": _("Something went wrong: {problem}", problem=e)})


def cancel(request_id):
    cancelled.add(int(request_id))


def start_review(board_id, budget):
    """What the computer must look at to review the game (see Session.start_review), or why not."""
    try:
        return json.dumps(sessions[board_id].start_review(str(budget)))
    except ValueError as e:
        return json.dumps({"error": str(e)})


def reviewed(board_id, key, ply, look, prefs):
    """A look from the review's workers; ``{"stale": true}`` if the game is no longer the one reviewed."""
    if not sessions[board_id].reviewed(str(key), int(ply), json.loads(look)):
        return json.dumps({"stale": True})
    return _view(board_id, prefs)


def computer(board_id, move, key, prefs):
    """Play the computer's answer at the end of the game it was asked about."""
    return _view(board_id, prefs, sessions[board_id].computer_move(str(move), str(key)))


def merge(request, replies):
    """One answer from the answers of the computer's workers to the same question, each
    of which searched its own share side by side with the others."""
    replies = json.loads(replies)
    try:
        return json.dumps(merge_answers(json.loads(request), replies))
    except Exception:  # noqa: BLE001 - one worker's answer is still a good answer
        traceback.print_exc()
        return json.dumps(replies[0])


def hint(board_id, move, fragment, prefs):
    return _view(board_id, prefs, sessions[board_id].show_hint(str(move), str(fragment)))


def expected_line(board_id, fragment, path):
    """The computer's expected line (an answer's ``lines[0].path``) from the position on
    view, for the board to draw as numbered stones: each move's point (``None`` for an
    action such as a pass), the colour of the player who would play it, and its words; as
    far as its moves can be played, at most :data:`LINE_MOVES`. Empty if the position on
    view is no longer the one the line was found for (``fragment``)."""
    session = sessions[board_id]
    if str(fragment) != session.fragment():
        return json.dumps({"moves": []})
    game = session.record.replay(session.ply)
    moves = []
    for move in json.loads(path)[:LINE_MOVES]:
        if game.is_over():
            break
        colour = game.colour_name(game.to_move)
        try:
            game.play(move)
        except ValueError:  # an illegal move (IllegalMove) ends the line where it is
            break
        moves.append({"point": move if isinstance(move, int) else None, "colour": colour,
                      "text": session.move_label(move)})
    words = " ".join(f"{i}. {m['text']}" for i, m in enumerate(moves, 1))
    return json.dumps({"moves": moves, "message": _("Expected line: {moves}", moves=words) if moves else ""})


#: Lesson steps and puzzles on view, by board (pygames.exercise.Exercise).
exercises = {}
#: Where the lessons' and puzzles' code goes once a page opens one (see _learning).
LEARNING = "/home/pyodide/pygames-learning.zip"


def _learning(code):
    """pygames.learn and pygames.exercise, which the site's wheel leaves out (most visits
    open no lesson): ``code`` is their archive (compiled, from learn/index.json's "code"),
    put where the package looks for its modules, the first time a lesson or puzzle opens."""
    import pygames

    if not any(str(p).startswith(LEARNING) for p in pygames.__path__):
        with open(LEARNING, "wb") as f:
            f.write(code.to_bytes())
        pygames.__path__.append(f"{LEARNING}/pygames")
    from pygames import exercise, learn

    return exercise.Exercise, learn.LearnError


def exercise(board_id, kind, data, number, prefs, code):
    """A lesson step (``kind`` "lesson", ``number`` from 1) or a puzzle (its id) from the
    data file the page fetched; a number the data lacks, or data that cannot be read, gets
    a message and no board."""
    Exercise, LearnError = _learning(code)
    try:
        make = Exercise.of_lesson if kind == "lesson" else Exercise.of_puzzle
        exercises[board_id] = make(json.loads(data), int(number))
    except (LearnError, ValueError, KeyError, TypeError) as e:
        return json.dumps({"error": str(e)})
    return _frames(board_id, prefs)


def drill(board_id, what, prefs):
    """What the player did on an exercise's board: ``click:x,y``, ``move:<token>``,
    ``check``, ``winner:<colour>``, ``reset`` or ``solution``."""
    ex = exercises[board_id]
    verb, _colon, rest = str(what).partition(":")
    if verb == "click":
        x, y = rest.split(",")
        ex.click(float(x), float(y))
    elif verb == "move":
        ex.move(rest)
    elif verb == "winner":
        ex.say_winner(int(rest))
    elif verb in ("check", "reset", "solution"):
        getattr(ex, verb)()
    return _frames(board_id, prefs)


def _frames(board_id, prefs):
    return json.dumps({"frames": exercises[board_id].frames(Preferences.of(json.loads(prefs)))})


def redraw(board_id, prefs):
    return _view(board_id, prefs)


def computer_levels():
    """The levels for the page, each saying whether it is capped by work (``capped``): such
    a level thinks with one worker, since more would add up to more work than it allows."""
    return json.dumps([{**entry, "capped": ai.level(entry["name"]).iterations is not None} for entry in levels()])


def geometry(key):
    """A board's drawing (lines, points, coordinates, how it fits a width, the stones'
    shading): the page asks once per board."""
    return json.dumps(for_page(str(key)))


def page_language(lang, catalog=None):
    """Word every message from now on in ``lang`` (the page's language switch); the page
    fetches the language's compiled catalog (``catalog``, bytes) only when it is shown."""
    if catalog is not None:
        install(str(lang), catalog.to_bytes())
    set_language(str(lang))


def games():
    """The games, with their new-game form and the link a new visitor opens each at (its
    newcomer defaults, e.g. Pente's Pro opening)."""
    def link(name):
        return encode(Record(name, game_class(name).check_options(NEWCOMER_OPTIONS.get(name, {}))))

    return json.dumps([{"name": n, "title": game_class(n).title, "options": option_fields(n), "link": link(n)}
                       for n in available()])


api = {"load": _guard(load), "newGame": _guard(new_game), "setComputer": _guard(set_computer), "click": _guard(click), "act": _guard(act),
       "redraw": _guard(redraw), "place": _guard(place), "typed": _guard(typed), "computer": _guard(computer), "hint": _guard(hint),
       "line": _guard(expected_line), "merge": create_proxy(merge),
       "record": _guard(record), "openRecord": _guard(open_record),
       "ask": create_proxy(ask), "review": create_proxy(review), "cancel": create_proxy(cancel),
       "startReview": _guard(start_review), "reviewed": _guard(reviewed), "games": create_proxy(games), "geometry": create_proxy(geometry), "language": create_proxy(page_language),
       "levels": create_proxy(computer_levels),
       "exercise": _guard(exercise), "drill": _guard(drill)}
# The page script (the app or the embedded boards) defines pgConnect and takes it from here.
window.pgConnect(to_js(api, dict_converter=window.Object.fromEntries))
