"""The message catalogs, with Babel: extract the message ids in use, bring every
``pygames/locale/<lang>.po`` up to them, compile each to the ``.mo`` that pygames.i18n
reads through the standard library's gettext.

Babel extracts the Python (``_(...)`` and ``N_(...)``); the pages' texts come from
``extract_page``, a small Babel extractor of our own, because they are marked in a way of
our own (``data-i18n`` and ``data-i18n-attr`` on HTML elements), and Babel's JavaScript
lexer does not look inside template literals, where the scripts' ``t("...")`` often are."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any

from . import ROOT, SRC, project_version
from .toolchain import import_tool

#: The translation catalogs: ``<lang>.po`` (the source, edited by translators) and
#: ``<lang>.mo`` (compiled, read by pygames.i18n through the standard library's gettext).
LOCALE = ROOT / "pygames" / "locale"
#: Where the page's own texts are: elements marked ``data-i18n`` (their text) and
#: ``data-i18n-attr="title aria-label"`` (those attributes) in pages, ``t("...")`` in scripts.
PAGE_SOURCES = ("*.html", "*.js")
PYTHON_KEYWORDS = {"_": None, "N_": None}
_SCRIPT_MESSAGE = re.compile(r'\bt\("((?:[^"\\]|\\.)*)"')


class _MarkedText(HTMLParser):
    """Collects the texts a page marks for translation (see PAGE_SOURCES), each with the
    line where it starts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        #: the elements open inside a marked one: (tag, the marked text's parts, its line)
        self.open: list[tuple[str, list[str], int]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a, line = dict(attrs), self.getpos()[0]
        for name in (a.get("data-i18n-attr") or "").split():
            if a.get(name):
                self.found.append((line, " ".join(a[name].split())))
        if "data-i18n" in a:
            self.open.append((tag, [], line))
        elif self.open and tag not in ("br", "input", "img", "wbr"):
            self.open.append((tag, *self.open[-1][1:]))

    def handle_data(self, data: str) -> None:
        if self.open:
            self.open[-1][1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self.open:
            _tag, parts, line = self.open.pop()
            if not self.open or parts is not self.open[-1][1]:
                text = " ".join("".join(parts).split())
                if text:
                    self.found.append((line, text))


def extract_page(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                 options: dict[str, Any]) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """A Babel extractor for the site's pages and scripts (``options["kind"]``: "html" or
    "js"): yields (line, function, message, comments) as Babel's own extractors do."""
    text = fileobj.read().decode()
    if options.get("kind") == "js":
        for match in _SCRIPT_MESSAGE.finditer(text):
            yield text.count("\n", 0, match.start()) + 1, None, json.loads(f'"{match.group(1)}"'), []
    else:
        parser = _MarkedText()
        parser.feed(text)
        for line, message in parser.found:
            yield line, None, message, []


def _extract(paths: list[Path], method: Any, **kw: Any) -> set[str]:
    extract = import_tool("babel.messages.extract")
    found = set()
    for path in paths:
        with path.open("rb") as f:
            found |= {message for _line, message, _comments, _context in extract.extract(method, f, **kw)}
    return found


def python_messages() -> set[str]:
    """The message ids of pygames and the site's Python."""
    paths = [*(ROOT / "pygames").rglob("*.py"), *SRC.glob("*.py")]
    return _extract(sorted(paths), "python", keywords=PYTHON_KEYWORDS)


def page_messages() -> set[str]:
    """The message ids of the page's own texts (HTML and scripts)."""
    found = set()
    for pattern in PAGE_SOURCES:
        kind = pattern.rpartition(".")[2]
        found |= _extract(sorted(SRC.glob(pattern)), extract_page, options={"kind": kind})
    return found


def read_po(path: Path) -> Any:
    """The Babel catalog of a ``.po`` file."""
    pofile = import_tool("babel.messages.pofile")
    with path.open("rb") as f:
        return pofile.read_po(f, locale=path.stem)


def translations(path: Path) -> dict[str, str]:
    """A catalog's translations, message id to text (empty when not translated yet)."""
    return {m.id: m.string for m in read_po(path) if m.id}


def compile_mo(path: Path) -> bytes:
    """The GNU .mo form of the catalog at ``path``: what gettext.GNUTranslations reads."""
    mofile = import_tool("babel.messages.mofile")
    out = io.BytesIO()
    mofile.write_mo(out, read_po(path))
    return out.getvalue()


def compile_catalogs() -> None:
    """Compile every ``<lang>.po`` to its ``.mo`` (rewritten only when it changes)."""
    for po in sorted(LOCALE.glob("*.po")):
        mo, data = po.with_suffix(".mo"), compile_mo(po)
        if not mo.exists() or mo.read_bytes() != data:
            mo.write_bytes(data)


def update_catalogs() -> None:
    """Bring every catalog up to the message ids in use (new ones untranslated, unused
    ones dropped), then compile them. ``tests/test_i18n.py`` fails on a missing translation."""
    babel = import_tool("babel.messages")
    pofile = import_tool("babel.messages.pofile")
    used = python_messages() | page_messages()
    template = babel.Catalog()
    for msgid in used:
        template.add(msgid, flags=["python-brace-format"] if "{" in msgid else [])
    for po in sorted(LOCALE.glob("*.po")):
        catalog = read_po(po)
        catalog.project, catalog.version = "pygames", project_version()
        catalog.msgid_bugs_address = catalog.last_translator = catalog.language_team = ""
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()
        with po.open("wb") as f:
            pofile.write_po(f, catalog, width=0, no_location=True, sort_output=True)
        missing = sorted(m.id for m in catalog if m.id and not m.string)
        print(f"{po.relative_to(ROOT)}: {len(used)} messages, {len(missing)} untranslated")
    compile_catalogs()
