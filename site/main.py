"""Browser glue: hands pygames sessions to the page script (pgboard.js) as JSON.

Everything a player does goes through :class:`pygames.session.Session`; this file only
converts between JSON text and Python calls, and turns any unexpected error into a
message for the player instead of a traceback on the page.
"""

import asyncio
import json
import traceback

from pyodide.ffi import create_proxy, to_js
from pyscript import window

from pygames import ai, available, game_class
from pygames.session import Preferences, Session, option_fields

sessions: dict[str, Session] = {}


def _guard(handler):
    """Run a page action; report a failure to the player and keep the game as it was."""

    def call(board_id, *args):
        try:
            return handler(board_id, *args)
        except Exception as e:  # noqa: BLE001 - the page must never freeze on a bug
            traceback.print_exc()
            return json.dumps({"error": f"Something went wrong: {e}"})

    return create_proxy(call)


def _view(board_id: str, prefs: str, message: str | None = None, errors: list[str] | None = None) -> str:
    session = sessions[board_id]
    view = session.view(Preferences(**json.loads(prefs)))
    view["message"] = message or ""
    view["errors"] = errors or []
    view["fragment"] = session.fragment()
    return json.dumps(view)


def load(board_id, fragment, prefs, default_game):
    session, errors = Session.from_fragment(fragment or "", default=default_game)
    if not fragment:
        errors = []
    sessions[board_id] = session
    return _view(board_id, prefs, errors=errors)


def new_game(board_id, name, options, prefs):
    try:
        sessions[board_id] = Session.new(name, json.loads(options))
    except ValueError as e:
        return _view(board_id, prefs, str(e)) if board_id in sessions else json.dumps({"error": str(e)})
    return _view(board_id, prefs)


def click(board_id, x, y, prefs):
    p = json.loads(prefs)
    return _view(board_id, prefs, sessions[board_id].click(float(x), float(y), confirm=p.get("confirm", False)))


def act(board_id, what, prefs):
    s = sessions[board_id]
    steps = {"first": lambda: s.goto(0), "prev": lambda: s.goto(s.ply - 1), "next": lambda: s.goto(s.ply + 1),
             "last": lambda: s.goto(len(s.record.moves)), "undo": s.undo, "redo": s.redo, "confirm": s.confirm}
    message = steps[what]() if what in steps else s.choose(what, confirm=json.loads(prefs).get("confirm", False))
    return _view(board_id, prefs, message)


def typed(board_id, text, prefs):
    return _view(board_id, prefs, sessions[board_id].type_move(str(text)))


async def think(board_id, level, prefs):
    """The computer moves for the side to move, within its level's time budget. It thinks
    in short slices and yields to the browser between them, so the page stays responsive."""
    try:
        session = sessions[board_id]
        if session.game.is_over() or session.ply < len(session.record.moves):
            return _view(board_id, prefs)
        search = None
        for search in ai.level(str(level)).think(session.game):
            await asyncio.sleep(0.001)  # a macrotask: lets the page repaint and take input
        return _view(board_id, prefs, session.play(search.best_move()))
    except Exception as e:  # noqa: BLE001 - as in _guard
        traceback.print_exc()
        return json.dumps({"error": f"Something went wrong: {e}"})


def redraw(board_id, prefs):
    return _view(board_id, prefs)


def games():
    return json.dumps([{"name": n, "title": game_class(n).title, "options": option_fields(n)} for n in available()])


api = {"load": _guard(load), "newGame": _guard(new_game), "click": _guard(click), "act": _guard(act),
       "redraw": _guard(redraw), "typed": _guard(typed), "think": create_proxy(think), "games": create_proxy(games)}
# The page script (the app or the embedded boards) defines pgConnect and takes it from here.
window.pgConnect(to_js(api, dict_converter=window.Object.fromEntries))
