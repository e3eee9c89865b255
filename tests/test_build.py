"""The build's own parts: the wheel from the build backend, the page-text extractor."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import zipfile

import pytest

from tools.build import ROOT
from tools.build.catalogs import extract_page
from tools.build.wheel import build_wheel, package_files


def untracked() -> str:
    return subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout


def test_the_wheel_is_the_build_backends_with_every_module_catalog_and_book(tmp_path):
    before = untracked()
    wheel = build_wheel(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {p.relative_to(ROOT).as_posix() for p in package_files()} <= names
    assert "pygames/locale/ko.mo" in names and "pygames/ai/pente_book.txt" in names
    assert not [n for n in names if n.endswith((".po", ".pyc", ".md"))]
    assert untracked() == before, "the build leaves nothing in the tree"


def test_pip_install_from_a_checkout_leaves_nothing_untracked(tmp_path):
    before = untracked()
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps",
                    "--no-build-isolation", "--no-index", "--target", str(tmp_path), "."], cwd=ROOT, check=True)
    assert (tmp_path / "pygames" / "locale" / "ko.mo").exists()
    assert untracked() == before, "what pip's build leaves (build/, *.egg-info) is ignored"


def page_texts(text: str, kind: str) -> list[tuple[int, str]]:
    return [(line, message) for line, _f, message, _c in
            extract_page(io.BytesIO(text.encode()), {}, [], {"kind": kind})]


def test_page_texts_are_found_in_marked_elements_attributes_and_template_literals():
    html = '<p data-i18n>Play  the\n computer</p>\n<button data-i18n-attr="title" title="Undo">↶</button>'
    assert page_texts(html, "html") == [(1, "Play the computer"), (3, "Undo")]
    script = 'say(t("A new game has started."));\nlabel = `${n}, ${t("total")}`;\nt(x);'
    assert page_texts(script, "js") == [(1, "A new game has started."), (2, "total")]


def test_the_app_page_announces_every_module_it_imports():
    """Each module the app page imports, however deep, is named in a modulepreload link, so
    that the browser fetches them all at once: every script of the site but the workers',
    the documentation pages' (embed.js, embed-boards.js) and the lessons' (learn.js)."""
    from tools.build import OUT, SRC

    page = OUT / "index.html"
    if not page.exists():
        pytest.fail("the site is not built: run `python3 build.py test` (it builds the site first)")
    preloaded = re.findall(r'<link rel="modulepreload" href="\./([\w-]+\.js)">', page.read_text())
    others = {"embed.js", "embed-boards.js", "learn.js", "ai-worker.template.js", "sw.template.js"}
    assert sorted(preloaded) == sorted({p.name for p in SRC.glob("*.js")} - others)
