"""The computer player's side of the worker (ai-worker.js): answer questions from the page.

A question is thought about in short slices with an ``await`` between them, so that a
cancel message (the player undid a move or started a new game) is seen within a slice.
What the worker pondered on the person's time is kept here for the computer's next move,
until the page says to forget it.
"""

import asyncio
import json

from pygames.ai import Ponder
from pygames.i18n import install
from pygames.session import ask_computer, review_positions

cancelled: set[int] = set()
kept = Ponder()


def catalog(lang, data):
    """The compiled catalog of a language the page shows (the worker fetches it once)."""
    install(str(lang), data.to_bytes())


def cancel(request_id):
    cancelled.add(int(request_id))


def forget():
    """Let the pondered search go (the player undid a move, or started another game)."""
    kept.forget()


async def answer(text, post):
    """A question's answer (JSON); a review's looks go to ``post`` (JSON) as they are found."""
    request = json.loads(text)
    rid = request.get("id")
    if request.get("purpose") == "review":
        reply = await review_positions(request, lambda: asyncio.sleep(0), lambda data: post(json.dumps(data)),
                                       lambda: rid in cancelled)
    else:
        reply = await ask_computer(request, lambda: asyncio.sleep(0), lambda: rid in cancelled, kept)
    cancelled.discard(rid)
    return json.dumps(reply)
