"""Messages in the player's language: English by default, Korean on request.

Every text meant for a person (illegal-move reasons, prompts, results, option labels...)
is written in English in the code, marked with :func:`_`, and looked up in a gettext
catalog of the language in force: ``locale/<lang>.po`` is the source, ``locale/<lang>.mo``
its compiled form (``python3 build.py catalogs`` writes it), read with the standard
library's :mod:`gettext`, so the same catalogs serve CPython, the command line and the
page in Pyodide. A message id is the English text with ``{name}`` parameters, filled in
after translation.

Programs should not read these texts: errors and results also carry stable codes
(:attr:`pygames.IllegalMove.code`, :attr:`pygames.Result.code`).

>>> import pygames
>>> game = pygames.new_game("loose", size=9)
>>> with pygames.language("ko"):
...     game.prompt()
'흑 차례'
>>> game.prompt()
'Black to play'
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: The languages with a catalog, by code, each named in its own language.
LANGUAGES = {"en": "English", "ko": "한국어"}
LOCALE = Path(__file__).with_name("locale")

_catalogs: dict[str, gettext.NullTranslations] = {"en": gettext.NullTranslations()}
_language = "en"


def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang``, read once (``ValueError`` for an unknown language)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known languages: {', '.join(LANGUAGES)}")
    if lang not in _catalogs:
        try:
            with open(LOCALE / f"{lang}.mo", "rb") as f:
                _catalogs[lang] = gettext.GNUTranslations(f)
        except FileNotFoundError:
            raise ValueError(f"the {lang!r} catalog is not installed") from None
    return _catalogs[lang]


def install(lang: str, data: bytes) -> None:
    """Use ``data`` (a compiled ``.mo`` catalog) for ``lang``: for a host that delivers
    catalogs itself, such as the page, which fetches only the language it shows."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known languages: {', '.join(LANGUAGES)}")
    _catalogs[lang] = gettext.GNUTranslations(io.BytesIO(data))


def set_language(lang: str) -> None:
    """Render every message from now on in ``lang`` (``"en"`` or ``"ko"``)."""
    global _language
    catalog(lang)
    _language = lang


def get_language() -> str:
    return _language


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Render messages in ``lang`` inside the ``with`` block only (records, for one, are
    always written in English)."""
    before = _language
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def _(message: str, /, **params: object) -> str:
    """``message`` (an English message id) in the language in force, with ``params``
    filled in (``{name}`` fields)."""
    text = _catalogs[_language].gettext(message)
    return text.format(**params) if params else text


def N_(message: str, /) -> str:
    """Mark ``message`` for the catalog without translating it now: for texts kept in
    class attributes (option labels, colour names), translated with :func:`_` when shown."""
    return message


__all__ = ["LANGUAGES", "N_", "catalog", "get_language", "install", "language", "set_language"]
