"""What the build writes into the pages, from pygames itself: each game's start position
and texts, the rules pages with their diagrams, the lessons' index, the page catalogs,
the boards' stylesheet for other sites, and the worker script."""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Callable
from html import escape, unescape
from pathlib import Path
from urllib.parse import quote

from . import SRC
from .catalogs import LOCALE, page_messages, translations


def write_start_positions(page: Path) -> None:
    """Put each game's start position into the app page as SVG, drawn by the same
    rendering code as the live board, so the page shows the linked game's board at once,
    before Python is ready (app-start.js picks one)."""
    from pygames import available
    from pygames.render import fit, geometry_for, svg
    from pygames.session import Preferences, Session

    starts = []
    for name in available():
        view = Session.newcomer(name).view(Preferences())
        scene = view["scene"]
        # How the live board fits a width, without coordinates and with (render.fit), for
        # the page to give the picture the live board's height at whatever width it has
        # (board.js's layout), so that nothing moves when it is replaced.
        geom, edges = geometry_for(scene["board"]), bool(scene["edges"])
        fits = [fit(geom, coordinates, edges) for coordinates in (False, True)]
        data = " ".join(f'data-{key}="{escape(view[key])}"' for key in ("title", "describe", "prompt"))
        starts.append(f'<template data-game="{name}" {data} data-fits="{escape(json.dumps(fits))}">'
                      f'{svg(scene, width=1000)}</template>')
    page.write_text(page.read_text().replace("<!--START-POSITIONS-->", "\n".join(starts)))


#: A static import of one of the site's own modules: ``import … from "./name.js"``.
MODULE_IMPORT = re.compile(r'^\s*import\s+(?:[^"]*?\s+from\s+)?"\./([\w-]+\.js)"', re.MULTILINE)


def write_module_preloads(page: Path) -> None:
    """Announce every module the page's scripts import, directly or not, with a
    ``modulepreload`` link in its head: the browser then fetches them all at once,
    instead of finding each only when the module that imports it has arrived."""
    html = page.read_text()
    found: list[str] = []
    todo = [name for script in re.findall(r'<script type="module"[^>]*>(.*?)</script>', html, re.DOTALL)
            for name in MODULE_IMPORT.findall(script)]
    while todo:
        name = todo.pop(0)
        if name not in found:
            found.append(name)
            todo += MODULE_IMPORT.findall((SRC / name).read_text())
    links = "\n".join(f'  <link rel="modulepreload" href="./{name}">' for name in found)
    page.write_text(html.replace("  <!--MODULE-PRELOADS-->", links))


def inline_favicon(page: Path, icon: Path) -> None:
    """Write the tab's icon into the page as a data URL. The browser fetches a linked icon
    outside the page's cache, so the offline cache would fetch it a second time."""
    data = "data:image/svg+xml," + quote(" ".join(icon.read_text().split()), safe=" =:/\"'<>#,.-")
    page.write_text(page.read_text().replace('href="./icon.svg" type="image/svg+xml"', f'href="{escape(data)}"'))


def write_rules_pages(site: Path) -> None:
    """Wrap each rules fragment of site/rules/ in the page layout (one page per game), and
    draw every embedded board as SVG so the page shows it before Python is ready. The
    Korean fragments (site/rules/ko/) become ``rules-<game>-ko.html``, with the layout's
    texts from the Korean catalog; each page links to its other language."""
    from pygames import i18n

    layout = (SRC / "rules.template.html").read_text()
    for lang, folder, suffix in (("en", SRC / "rules", ""), ("ko", SRC / "rules" / "ko", "-ko")):
        other, other_suffix = ("ko", "-ko") if lang == "en" else ("en", "")
        translated = translate_marked(layout, i18n.catalog(lang).gettext)
        for fragment in sorted(folder.glob("*.html")):
            body = fragment.read_text()
            title = re.search(r"<h1[^>]*>(.*?)</h1>", body, re.DOTALL)
            page = (translated.replace("__TITLE__", re.sub(r"<[^>]+>", "", title.group(1)) if title else fragment.stem)
                    .replace("__LANG__", lang).replace("__SUFFIX__", suffix)
                    .replace("__OTHER_LANG__", other).replace("__OTHER__", f"./rules-{fragment.stem}{other_suffix}.html")
                    .replace("__OTHER_NAME__", i18n.LANGUAGES[other])
                    .replace("__LEARN_PAGE__", f"./learn.html{'' if lang == 'en' else f'?lang={lang}'}")
                    .replace("__LEARN__", f"./learn.html{'' if lang == 'en' else f'?lang={lang}'}#{fragment.stem}/1"))
            with i18n.language(lang):
                html = prerender_boards(page.replace("__BODY__", body), fragment.name)
            (site / f"rules-{fragment.stem}{suffix}.html").write_text(html)
    (site / "rules.template.html").unlink()


def write_learning(site: Path) -> None:
    """The lessons and puzzles (site/learn/, one file of each per game), compacted, and
    ``learn/index.json``: for learn.html's menu, each game's lesson title and step count
    and its puzzles' ids and difficulties, so the menu needs none of the big files."""
    from pygames import available, game_class

    index = {}
    for name in available():
        lesson, puzzles = SRC / "learn" / f"lessons-{name}.json", SRC / "learn" / f"puzzles-{name}.json"
        if not lesson.exists():
            continue
        data = json.loads(lesson.read_text())
        found = json.loads(puzzles.read_text())["puzzles"] if puzzles.exists() else []
        index[name] = {"name": game_class(name).title, "title": data["title"], "steps": len(data["steps"]),
                       "puzzles": [[p["id"], p["level"]] for p in sorted(found, key=lambda p: (p["level"], p["id"]))]}
        for source in (lesson, puzzles):
            if source.exists():
                (site / "learn" / source.name).write_text(
                    json.dumps(json.loads(source.read_text()), ensure_ascii=False, separators=(",", ":")))
    code = next((site / "learn").glob("code-*.zip")).name
    (site / "learn" / "index.json").write_text(json.dumps({"code": f"learn/{code}", "games": index},
                                                          ensure_ascii=False, separators=(",", ":")))


def write_embed_css(site: Path) -> None:
    """``embed.css``, the boards' own styles for another site's page (embed.js loads it where
    the page lacks style.css): style.css's palette, set on the boards instead of the page and
    without its colour scheme (the boards follow the page's), then style.css's section of
    rules scoped to boards. The host page's own look is left as it was."""
    css = (SRC / "style.css").read_text()
    palette = re.search(r"^:root \{\n.*?^\}\n", css, re.MULTILINE | re.DOTALL).group(0)
    palette = re.sub(r"^  color-scheme:.*\n", "", palette.replace(":root {", "figure.pg-board {", 1), flags=re.MULTILINE)
    boards = css[css.index("/* BOARDS IN ANY PAGE"):]
    (site / "embed.css").write_text("/* Made by build.py from style.css: see tools/build/pages.py. */\n" + palette + boards)


def write_ai_worker(site: Path, wheel: Path, page: Path) -> None:
    """The computer player's worker script, pointed at this build's wheel and page archive."""
    template = site / "ai-worker.template.js"
    (site / "ai-worker.js").write_text(template.read_text().replace("__WHEEL__", wheel.name).replace("__PAGE__", page.name))
    template.unlink()


def translate_marked(html: str, gettext: Callable[[str], str]) -> str:
    """``html`` with the texts it marks for translation (see PAGE_SOURCES) put through
    ``gettext``: for pages written at build time in one language."""
    def attributes(tag: re.Match[str]) -> str:
        names = re.search(r'data-i18n-attr="([^"]*)"', tag.group(0))
        out = tag.group(0)
        for name in names.group(1).split() if names else ():
            out = re.sub(rf'(\s{name}=")([^"]*)"', lambda m: f'{m.group(1)}{escape(gettext(unescape(m.group(2))))}"', out)
        return out

    html = re.sub(r"<\w+[^>]*\bdata-i18n-attr=[^>]*>", attributes, html)
    return re.sub(r"(<(\w+)[^>]*\bdata-i18n\b[^>]*>)([^<]*)(</\2>)",
                  lambda m: m.group(1) + escape(gettext(" ".join(unescape(m.group(3)).split()))) + m.group(4), html)


FIGURE = re.compile(r'(<figure class="pg-board"([^>]*)>)')


def prerender_boards(html: str, where: str) -> str:
    """Insert a static SVG of each ``<figure class="pg-board">``'s position, drawn by the
    same rendering code as the live board. A diagram that does not read cleanly stops the
    build: a broken example in the rules is a bug, not something to show readers."""
    from pygames.render import svg
    from pygames.session import Preferences, Session

    def draw(match: re.Match[str]) -> str:
        attrs = {k: unescape(v) for k, v in re.findall(r'(data-[\w-]+)="([^"]*)"', match.group(2))}
        text = attrs.get("data-position", "")
        if attrs.get("data-marks"):
            text += "&marks=" + attrs["data-marks"]
        session, errors = Session.from_fragment(text)
        if errors or not text:
            sys.exit(f"{where}: diagram {text!r}: {'; '.join(errors) or 'no data-position'}")
        prefs = Preferences(coordinates=attrs.get("data-coordinates") != "0", overlays=attrs.get("data-overlays") == "1")
        picture = svg(session.view(prefs)["scene"], width=int(attrs.get("data-width", 300)))
        return f'{match.group(1)}<div class="pg-static">{picture}</div>'

    return FIGURE.sub(draw, html)


def write_page_catalogs(site: Path) -> None:
    """One small JSON catalog per language for the page's own texts (``i18n/<lang>.json``):
    only the page's message ids, and each game's start texts in that language (the page
    shows them before Python is ready); beside it the compiled catalog for Python
    (``i18n/<lang>.mo``), which the page hands to pygames.i18n.install. The page loads
    only the language it shows."""
    from pygames import available, i18n
    from pygames.session import Preferences, Session

    ids = page_messages()
    (site / "i18n").mkdir()
    for po in sorted(LOCALE.glob("*.po")):
        lang = po.stem
        entries = translations(po)
        with i18n.language(lang):
            starts = {}
            for name in available():
                view = Session.newcomer(name).view(Preferences())
                starts[name] = {key: view[key] for key in ("title", "describe", "prompt")}
        data = {"messages": {m: entries[m] for m in sorted(ids) if entries.get(m)}, "starts": starts}
        (site / "i18n" / f"{lang}.json").write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        shutil.copy2(po.with_suffix(".mo"), site / "i18n" / f"{lang}.mo")
