"""Assembles dist/site from the other build modules: the runtime, the wheel, the pages,
the rules pages, the lessons, the catalogs, the worker, the offline cache, the
compressed copies."""

from __future__ import annotations

import hashlib
import shutil
import zipfile
from pathlib import Path

from . import OUT, ROOT, SRC
from .bytecode import compile_for_site
from .catalogs import compile_catalogs
from .compress import precompress
from .offline import site_files, write_service_worker
from .pages import (
    inline_favicon,
    write_ai_worker,
    write_embed_css,
    write_learning,
    write_module_preloads,
    write_page_catalogs,
    write_rules_pages,
    write_start_positions,
)
from .runtime import npm_runtime, write_pyodide, write_pyscript
from .wheel import EPOCH, build_wheel, site_wheel

#: Modules of pygames the site never runs: the puzzles' prover (for tests and the generator).
NOT_SHIPPED = ("pygames/ai/prove.pyc",)
#: Modules the site loads only when a lesson or puzzle opens (learn.js, main.exercise),
#: from their own archive beside the lessons (learn/code-<hash>.zip), not in the wheel.
LEARNING_CODE = ("pygames/learn.pyc", "pygames/exercise.pyc")


def build_site() -> Path:
    """Build dist/site: everything a static host serves, made from the tree."""
    npm_runtime()
    compile_catalogs()
    if OUT.exists():
        shutil.rmtree(OUT)
    (OUT / "learn").mkdir(parents=True)
    source = build_wheel(ROOT / "dist" / "wheel")
    compiled = compile_for_site(source)
    write_pyodide(OUT, compiled.stdlib)
    wheel, page = write_python(OUT, source, compiled.pygames, compiled.page)
    write_pyscript(OUT, [wheel, page])
    for f in SRC.iterdir():
        if f.is_file() and f.suffix != ".py":  # the page's Python is served compiled (write_python)
            shutil.copy2(f, OUT / f.name)
    write_start_positions(OUT / "index.html")
    inline_favicon(OUT / "index.html", OUT / "icon.svg")
    write_module_preloads(OUT / "index.html")
    write_rules_pages(OUT)
    write_learning(OUT)
    write_embed_css(OUT)
    write_page_catalogs(OUT)
    write_ai_worker(OUT, wheel, page)
    write_service_worker(OUT)
    precompress([*site_files(OUT), OUT / "sw.js"])
    print(f"built {OUT.relative_to(ROOT)} ({sum(f.stat().st_size for f in OUT.rglob('*') if f.is_file()) // 1024} KiB)")
    return OUT


def write_python(site: Path, source: Path, pygames: Path, page_code: Path) -> tuple[Path, Path]:
    """The site's Python, all of it bytecode (a visit imports pygames in about half the
    time it takes from sources): the wheel (``site/wheels``), the lessons' code apart
    (``site/learn/code-<hash>.zip``, loaded when a lesson opens), and the page's own
    Python (``site/wheels/page-<hash>.zip``). Returns the wheel and the page archive."""
    with zipfile.ZipFile(pygames) as z:
        modules = {name: z.read(name) for name in z.namelist() if name not in NOT_SHIPPED}
    lazy = {name: modules.pop(name) for name in LEARNING_CODE}
    (site / "wheels").mkdir()
    wheel = site_wheel(source, modules, site / "wheels")
    code = site / "learn" / f"code-{hashlib.sha256(b''.join(lazy.values())).hexdigest()[:10]}.zip"
    with zipfile.ZipFile(code, "w", zipfile.ZIP_STORED) as z:  # stored: the server's brotli does better
        for name, data in lazy.items():
            z.writestr(zipfile.ZipInfo(name, EPOCH), data)
    page = site / "wheels" / f"page-{hashlib.sha256(page_code.read_bytes()).hexdigest()[:10]}.zip"
    shutil.copy2(page_code, page)
    return wheel, page
