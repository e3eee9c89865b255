"""The build of the static site, one job to a module; ``build.py`` is its command line.

    toolchain  the build and test tools, pinned, in .venv
    runtime    the pinned browser runtime from npm: Pyodide's engine, PyScript's modules
    wheel      the pygames wheel from the build backend pyproject.toml names, and the
               site's copy of it re-packed as bytecode
    bytecode   what the site runs, compiled inside Pyodide: the standard library it
               imports, pygames, the page's own Python (probe.py runs there, probe.mjs
               hosts it under Node)
    catalogs   the message catalogs, with Babel: extract, update, compile
    pages      what is written into the pages at build time: start positions, rules
               pages and their diagrams, lessons, the page catalogs, the worker script
    offline    the offline cache's manifest (sw.js)
    compress   the brotli and gzip copies of every file
    serve      the static server (``build.py serve`` and the tests)
    site       puts it all together into dist/site

Tests and benchmarks import the module they need.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "site"
OUT = ROOT / "dist" / "site"
NODE = ROOT / "node_modules"
VENV = ROOT / ".venv"
#: Results that are slow to make and depend only on their inputs, kept by input hash.
CACHE = ROOT / "dist" / "cache"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the pygames source draws the build-time boards


def run(*cmd: str | Path, **kw) -> None:
    """Run a command, showing it, and stop the build if it fails."""
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def project_version() -> str:
    """The version pyproject.toml gives."""
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"])
