"""The browser runtime, pinned by package-lock.json and installed from npm: Pyodide's
engine, and the PyScript modules the page loads. Nothing of it is fetched at run time."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

from . import NODE, ROOT, run

#: Pyodide's files that the site serves as they are (the standard library and the lock
#: file are written for the site: see write_pyodide).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
#: PyScript's plugins, none of which the site uses (editors, terminals, its error banner:
#: the page reports failures itself), so none is loaded.
PYSCRIPT_PLUGINS = ("codemirror", "deprecations-manager", "donkey", "error", "py-editor", "py-game", "py-terminal")


def npm_runtime() -> None:
    """Install the pinned browser runtime unless node_modules already holds exactly the
    versions of the lock. The check reads versions, not file times: a fresh checkout has
    a new lock file time, and node_modules may be shared between checkouts."""
    def versions(lock: Path) -> dict[str, str]:
        packages = json.loads(lock.read_text())["packages"]
        return {path: entry.get("version", "") for path, entry in packages.items() if path}

    installed = NODE / ".package-lock.json"
    if installed.exists() and versions(installed) == versions(ROOT / "package-lock.json"):
        return
    if not shutil.which("npm"):
        sys.exit("npm is needed to fetch the pinned Pyodide and PyScript (install Node.js 20 or newer)")
    run("npm", "ci", "--no-audit", "--no-fund", cwd=ROOT)


def pyscript_files() -> list[Path]:
    """The PyScript modules the page loads: core.js with what it imports, and the plugin
    modules it loads at start (switched off in pyscript.json, but loaded all the same).
    Its other chunks (editors, terminals, TOML, MicroPython) would only be downloaded by
    the offline cache, for nothing."""
    dist = NODE / "@pyscript" / "core" / "dist"
    wanted = ["core.js"] + [f.name for f in dist.glob("*.js")
                            if any(f.name.startswith(f"{p}-") for p in PYSCRIPT_PLUGINS if p != "codemirror")]
    found: list[Path] = []
    while wanted:
        f = dist / wanted.pop()
        if f not in found:
            found.append(f)
            wanted += re.findall(r'(?:from|import)\s*"\./([\w.-]+\.js)"', f.read_text())
    return sorted(found)


def write_pyodide(site: Path, stdlib: Path) -> None:
    """Pyodide for the site, in ``site/pyodide``: its engine as npm has it; a lock file
    that lists no packages (the site ships none: pygames comes as its own wheel); and the
    standard library ``stdlib``, cut down to what the site imports (see bytecode)."""
    runtime = site / "pyodide"
    runtime.mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / name, runtime / name)
    lock = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())
    (runtime / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": {}}))
    shutil.copy2(stdlib, runtime / "python_stdlib.zip")


def write_pyscript(site: Path, wheels: list[Path]) -> None:
    """PyScript's modules (``site/pyscript``) and its configuration: Pyodide from the site,
    no plugin, and ``wheels`` unpacked into the working directory at start."""
    (site / "pyscript").mkdir()
    for f in pyscript_files():
        shutil.copy2(f, site / "pyscript" / f.name)
    config = {"interpreter": "./pyodide/pyodide.mjs", "plugins": [f"!{name}" for name in PYSCRIPT_PLUGINS],
              "files": {f"./wheels/{wheel.name}": "./*" for wheel in wheels}}
    (site / "pyscript.json").write_text(json.dumps(config, indent=1))
