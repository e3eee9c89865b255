"""The computer player's side of the worker (ai-worker.js): answer questions from the page.

A question is thought about in short slices with an ``await`` between them, so that a
cancel message (the player undid a move or started a new game) is seen within a slice.
"""

import asyncio
import json

from pygames.i18n import install
from pygames.session import ask_computer, review_positions

cancelled: set[int] = set()


def catalog(lang, data):
    """The compiled catalog of a language the page shows (the worker fetches it once)."""
    install(str(lang), data.to_bytes())


def cancel(request_id):
    cancelled.add(int(request_id))


async def answer(text, post):
    """A question's answer (JSON); a review's looks go to ``post`` (JSON) as they are found."""
    request = json.loads(text)
    rid = request.get("id")
    if request.get("purpose") == "review":
        reply = await review_positions(request, lambda: asyncio.sleep(0), lambda data: post(json.dumps(data)),
                                       lambda: rid in cancelled)
    else:
        reply = await ask_computer(request, lambda: asyncio.sleep(0), lambda: rid in cancelled)
    cancelled.discard(rid)
    return json.dumps(reply)
