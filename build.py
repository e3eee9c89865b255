#!/usr/bin/env python3
"""Build the static site, serve it, or run the whole test suite.

    python3 build.py            build the site into dist/site
    python3 build.py serve      build, then serve dist/site on http://127.0.0.1:8000
    python3 build.py test       build, set up the test tools, run every test
    python3 build.py catalogs   add new message ids to the translation catalogs, compile them

The site is self-contained: Pyodide and PyScript come pinned from npm (package-lock.json)
and are copied in, the pygames wheel is built here, and nothing is fetched from another
origin at run time. Any static host can serve dist/site as it is.
"""

from __future__ import annotations

import argparse
import ast
import base64
import functools
import gzip
import hashlib
import http.server
import importlib
import inspect
import json
import os
import struct
import re
import shutil
import subprocess
import sys
import threading
import tomllib
import venv
import zipfile
from urllib.parse import quote
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from html import escape, unescape
from html.parser import HTMLParser
from pathlib import Path
from site import addsitedir

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "site"
OUT = ROOT / "dist" / "site"
NODE = ROOT / "node_modules"
VENV = ROOT / ".venv"
sys.path.insert(0, str(ROOT))  # the pygames source draws the build-time boards
#: Pyodide's files that the site serves as they are (the standard library and the lock
#: file are written for the site: see write_runtime).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
#: Results that are slow to make and depend only on their inputs, kept by input hash.
CACHE = ROOT / "dist" / "cache"
#: Build tools, installed into .venv: brotli writes the compressed copies of the site.
BUILD_REQUIREMENTS = ("brotli==1.2.1",)
#: Test tools for the host Python, and the wheels pytest needs inside Pyodide (Python 3.14).
TEST_REQUIREMENTS = ("pytest==9.0.3", "playwright==1.65.2", "hypothesis==6.155.2", "ruff==0.17.6", "mypy==2.4.1")
PYODIDE_TEST_WHEELS = ("pytest==9.0.3",)


def run(*cmd: str | Path, **kw) -> None:
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


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


def package_files() -> list[Path]:
    """The files of the pygames package that its wheel holds."""
    return sorted(p for p in (ROOT / "pygames").rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".typed", ".txt"))


def wheel_version(files: list[Path] | None = None) -> str:
    """The wheel's version: the project's, with a hash of the package's files as a local
    version (so a test can tell whether a built site is older than the tree)."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    digest = hashlib.sha256()
    for f in files if files is not None else package_files():
        digest.update(f.relative_to(ROOT).as_posix().encode() + f.read_bytes())
    return f"{meta['version']}+{digest.hexdigest()[:10]}"


def build_wheel(dest: Path) -> Path:
    """A pure-Python wheel of pygames, written directly (no build tools or network needed).
    It holds no translation catalog: the site serves each beside it (write_page_catalogs),
    so that a visitor downloads only the language shown.

    The file name carries a hash of the contents as a local version, so browsers and the
    offline cache never mix an old wheel with a new page."""
    files = package_files()
    version = wheel_version(files)
    dest.mkdir(parents=True, exist_ok=True)
    wheel = dest / f"pygames-{version}-py3-none-any.whl"
    write_wheel(wheel, {f.relative_to(ROOT).as_posix(): f.read_bytes() for f in files})
    return wheel


def write_wheel(wheel: Path, entries: dict[str, bytes]) -> None:
    """Write the wheel file ``wheel`` (named ``pygames-VERSION-py3-none-any.whl``) holding
    ``entries`` and its metadata."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    name = wheel.name.removesuffix("-py3-none-any.whl")
    version = name.removeprefix("pygames-")
    info = f"{name}.dist-info"
    entries = dict(entries)
    entries[f"{info}/METADATA"] = (f"Metadata-Version: 2.1\nName: pygames\nVersion: {version}\n"
                                   f"Summary: {meta['description']}\nRequires-Python: {meta['requires-python']}\n").encode()
    entries[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: pygames-build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = [f"{path},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},{len(data)}"
              for path, data in entries.items()]
    entries[f"{info}/RECORD"] = ("\n".join(record + [f"{info}/RECORD,,"]) + "\n").encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in entries.items():
            z.writestr(zipfile.ZipInfo(path, (2020, 1, 1, 0, 0, 0)), data)


# -- translations ------------------------------------------------------------------------

#: The translation catalogs: ``<lang>.po`` (the source, edited by translators) and
#: ``<lang>.mo`` (compiled, read by pygames.i18n through the standard library's gettext).
LOCALE = ROOT / "pygames" / "locale"
#: Where the page's own texts are: elements marked ``data-i18n`` (their text) and
#: ``data-i18n-attr="title aria-label"`` (those attributes) in pages, ``t("...")`` in scripts.
PAGE_SOURCES = ("*.html", "*.js")
_SCRIPT_MESSAGE = re.compile(r'\bt\("((?:[^"\\]|\\.)*)"')


def python_messages() -> set[str]:
    """The message ids of pygames and the site's Python: the literal first argument of
    every ``_(...)`` and ``N_(...)``."""
    found = set()
    for path in [*(ROOT / "pygames").rglob("*.py"), *SRC.glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "N_")
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                found.add(node.args[0].value)
    return found


class _MarkedText(HTMLParser):
    """Collects the texts a page marks for translation (see PAGE_SOURCES)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: set[str] = set()
        self.open: list[tuple[str, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for name in (a.get("data-i18n-attr") or "").split():
            if a.get(name):
                self.found.add(" ".join(a[name].split()))
        if "data-i18n" in a:
            self.open.append((tag, []))
        elif self.open and tag not in ("br", "input", "img", "wbr"):
            self.open.append((tag, self.open[-1][1]))

    def handle_data(self, data: str) -> None:
        if self.open:
            self.open[-1][1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self.open:
            _tag, parts = self.open.pop()
            if not self.open or parts is not self.open[-1][1]:
                text = " ".join("".join(parts).split())
                if text:
                    self.found.add(text)


def page_messages() -> set[str]:
    """The message ids of the page's own texts (HTML and scripts)."""
    found = set()
    for path in sorted(p for pattern in PAGE_SOURCES for p in SRC.glob(pattern)):
        text = path.read_text()
        if path.suffix == ".js":
            found |= {json.loads(f'"{m}"') for m in _SCRIPT_MESSAGE.findall(text)}
        else:
            parser = _MarkedText()
            parser.feed(text)
            found |= parser.found
    return found


def _po_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def read_po(path: Path) -> dict[str, str]:
    """A catalog's entries, message id to translation (the header under ""); comments and
    flags are not kept, and a ``#~`` (obsolete) entry is skipped."""
    entries: dict[str, str] = {}
    key, field, parts = None, "", {"msgid": [], "msgstr": []}

    def close() -> None:
        if key is not None:
            entries["".join(parts["msgid"])] = "".join(parts["msgstr"])

    for line in path.read_text().splitlines():
        line = line.strip()
        if line.startswith("msgid "):
            close()
            key, field, parts = "", "msgid", {"msgid": [], "msgstr": []}
            line = line[6:]
        elif line.startswith("msgstr "):
            field, line = "msgstr", line[7:]
        elif not line.startswith('"'):
            continue
        parts[field].append(json.loads(line))
    close()
    return entries


def write_po(path: Path, entries: dict[str, str], used: set[str]) -> None:
    """Write a catalog: its header, then every message id in ``used`` in order (ids that
    differ only in case, capitals first, so that the order never changes from run to run),
    with its translation (empty when there is none yet)."""
    lines = ['msgid ""', "msgstr " + _po_string(entries.get("", "")), ""]
    for msgid in sorted(used, key=lambda m: (m.lower(), m)):
        if "{" in msgid:
            lines.append("#, python-brace-format")
        lines += [f"msgid {_po_string(msgid)}", f"msgstr {_po_string(entries.get(msgid, ''))}", ""]
    path.write_text("\n".join(lines))


def compile_mo(entries: dict[str, str]) -> bytes:
    """The GNU .mo form of a catalog (what gettext.GNUTranslations reads): the header and
    every translated entry, sorted by message id."""
    pairs = sorted((k.encode(), v.encode()) for k, v in entries.items() if v)
    n = len(pairs)
    ids, strs, id_table, str_table = b"", b"", [], []
    for k, _v in pairs:
        id_table += [len(k), 28 + 16 * n + len(ids)]
        ids += k + b"\0"
    for _k, v in pairs:
        str_table += [len(v), 28 + 16 * n + len(ids) + len(strs)]
        strs += v + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, n, 28, 28 + 8 * n, 0, 0)
    return header + struct.pack(f"<{4 * n}I", *id_table, *str_table) + ids + strs


def compile_catalogs() -> None:
    """Compile every ``<lang>.po`` to its ``.mo`` (rewritten only when it changes)."""
    for po in sorted(LOCALE.glob("*.po")):
        mo = po.with_suffix(".mo")
        data = compile_mo(read_po(po))
        if not mo.exists() or mo.read_bytes() != data:
            mo.write_bytes(data)


def update_catalogs() -> None:
    """Bring every catalog up to the message ids in use (new ones untranslated, unused
    ones dropped), then compile them. ``tests/test_i18n.py`` fails on a missing translation."""
    used = python_messages() | page_messages()
    for po in sorted(LOCALE.glob("*.po")):
        entries = read_po(po)
        write_po(po, entries, used)
        missing = sorted(m for m in used if not entries.get(m))
        print(f"{po.relative_to(ROOT)}: {len(used)} messages, {len(missing)} untranslated")
    compile_catalogs()


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
        entries = read_po(po)
        with i18n.language(lang):
            starts = {}
            for name in available():
                view = Session.newcomer(name).view(Preferences())
                starts[name] = {key: view[key] for key in ("title", "describe", "prompt")}
        data = {"messages": {m: entries[m] for m in sorted(ids) if entries.get(m)}, "starts": starts}
        (site / "i18n" / f"{lang}.json").write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        shutil.copy2(po.with_suffix(".mo"), site / "i18n" / f"{lang}.mo")


def build_site() -> Path:
    """Assemble dist/site: runtime, wheel, pages, rules pages, diagrams, service worker."""
    npm_runtime()
    compile_catalogs()
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    (OUT / "pyscript").mkdir()
    for f in pyscript_files():
        shutil.copy2(f, OUT / "pyscript" / f.name)
    wheel = build_wheel(OUT / "wheels")
    for f in SRC.iterdir():
        if f.is_file() and f.suffix != ".py":  # the page's Python is served compiled (page_python)
            shutil.copy2(f, OUT / f.name)
    page = write_runtime(OUT, wheel)
    config = {"interpreter": "./pyodide/pyodide.mjs", "plugins": [f"!{name}" for name in PYSCRIPT_PLUGINS],
              "files": {f"./wheels/{wheel.name}": "./*", f"./wheels/{page.name}": "./*"}}
    (OUT / "pyscript.json").write_text(json.dumps(config, indent=1))
    write_start_positions(OUT / "index.html")
    inline_favicon(OUT / "index.html", OUT / "icon.svg")
    write_rules_pages(OUT)
    write_learning(OUT)
    write_embed_css(OUT)
    write_page_catalogs(OUT)
    write_ai_worker(OUT, wheel, page)
    write_service_worker(OUT)
    precompress(OUT)
    print(f"built {OUT.relative_to(ROOT)} ({sum(f.stat().st_size for f in OUT.rglob('*') if f.is_file()) // 1024} KiB)")
    return OUT


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


def write_runtime(site: Path, wheel: Path) -> Path:
    """Pyodide for the site: its engine as npm has it; a lock file that lists no packages
    (the site ships none: pygames comes as its own wheel); and a standard library cut down
    to the modules the site imports, compiled ahead (see stdlib_for_site), so that the
    interpreter starts without compiling Python source and the download is a third. The
    site's wheel is rewritten the same way: pygames as bytecode, without its sources (a
    visit then imports it in about half the time). The Python the page runs itself
    (page_python) comes compiled as well, in the page archive this returns."""
    runtime = site / "pyodide"
    runtime.mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / name, runtime / name)
    lock = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())
    (runtime / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": {}}))
    probe = inspect.getsource(stdlib_for_site)
    sources = json.dumps(page_python(), sort_keys=True)
    inputs = [probe.encode(), (NODE / "pyodide" / "python_stdlib.zip").read_bytes(), wheel.read_bytes(), sources.encode()]
    kept = CACHE / (hashlib.sha256(b"".join(hashlib.sha256(i).digest() for i in inputs)).hexdigest() + ".zip")
    bytecode, page_code = kept.with_suffix(".pygames.zip"), kept.with_suffix(".page.zip")
    if not (kept.exists() and bytecode.exists() and page_code.exists()):
        CACHE.mkdir(parents=True, exist_ok=True)
        code, listed = kept.with_suffix(".py"), kept.with_suffix(".json")
        code.write_text(probe + "\nstdlib_for_site()\n")
        listed.write_text(sources)
        driver = PYODIDE_PROBE.replace("__PYODIDE__", (NODE / "pyodide" / "pyodide.mjs").as_uri())
        print("+ node: the standard library the site imports (stdlib_for_site)", flush=True)
        subprocess.run(["node", "--input-type=module", "-e", driver, code, wheel, listed, kept, bytecode, page_code],
                       check=True)
        code.unlink()
        listed.unlink()
    shutil.copy2(kept, runtime / "python_stdlib.zip")
    with zipfile.ZipFile(bytecode) as z:
        modules = {name: z.read(name) for name in z.namelist() if name not in NOT_SHIPPED}
    lazy = {name: modules.pop(name) for name in LEARNING_CODE}
    data = {f.relative_to(ROOT).as_posix(): f.read_bytes() for f in package_files() if f.suffix != ".py"}
    write_wheel(wheel, {**modules, **data})
    (site / "learn").mkdir()
    code = site / "learn" / f"code-{hashlib.sha256(b''.join(lazy.values())).hexdigest()[:10]}.zip"
    with zipfile.ZipFile(code, "w", zipfile.ZIP_STORED) as z:  # stored: the server's brotli does better
        for name, data in lazy.items():
            z.writestr(name, data)
    page = wheel.parent / f"page-{hashlib.sha256(page_code.read_bytes()).hexdigest()[:10]}.zip"
    shutil.copy2(page_code, page)
    return page


#: Modules of pygames the site never runs: the puzzles' prover (for tests and the generator).
NOT_SHIPPED = ("pygames/ai/prove.pyc",)
#: Modules the site loads only when a lesson or puzzle opens (learn.js, main.exercise),
#: from their own archive beside the lessons (learn/code-<hash>.zip), not in the wheel.
LEARNING_CODE = ("pygames/learn.pyc", "pygames/exercise.pyc")


def page_python() -> dict[str, str]:
    """The Python the page and the computer's worker run themselves, by its path in their
    file system (the working directory): the site's glue modules (``main``, imported by
    the page's one-line script, and ``ai_worker``), and PyScript's own package exactly as
    PyScript writes it there at every start (from the tree its stdlib.js module embeds).
    Compiled at build time, none of it is compiled on a visit: PyScript runs a script
    through an AST pass that takes longer than the plain compile of an import, and finds
    its package's bytecode beside the sources it writes."""
    artifact = PYSCRIPT_STDLIB.read_text()
    package = json.loads(artifact[artifact.index("{"):artifact.rindex("}") + 1])["pyscript"]
    # Only the modules that importing the package brings in (imports outside functions):
    # the rest (pyscript.web, .fs, .media) the page never imports.
    def imports(node: ast.AST) -> Iterator[ast.ImportFrom]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ImportFrom):
                yield child
            elif not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                yield from imports(child)

    wanted, todo = set(), ["__init__"]
    while todo:
        module = todo.pop()
        if f"{module}.py" in package and module not in wanted:
            wanted.add(module)
            for node in imports(ast.parse(package[f"{module}.py"])):
                if node.level or (node.module or "").startswith("pyscript"):
                    parts = (node.module or "").removeprefix("pyscript").strip(".")
                    todo += [parts] if parts else [alias.name for alias in node.names]
    return {**{f"pyscript/{m}.py": package[f"{m}.py"] for m in sorted(wanted)},
            **{f.name: f.read_text() for f in sorted(SRC.glob("*.py"))}}


#: PyScript's plugins, none of which the site uses (editors, terminals, its error banner:
#: the page reports failures itself), so none is loaded.
PYSCRIPT_PLUGINS = ("codemirror", "deprecations-manager", "donkey", "error", "py-editor", "py-game", "py-terminal")
#: PyScript's own Python package as PyScript writes it when it starts: a JSON tree of its
#: files (generated by PyScript's build, and bundled as is into its core module).
PYSCRIPT_STDLIB = NODE / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
#: Runs stdlib_for_site inside Pyodide under Node:
#: node -e PYODIDE_PROBE CODE.py WHEEL SOURCES.json STDLIB_OUT PYGAMES_OUT PAGE_OUT
PYODIDE_PROBE = """
import { loadPyodide } from "__PYODIDE__";
import fs from "node:fs";
const [codeFile, wheel, sources, out, bytecode, page] = process.argv.slice(1);
const code = fs.readFileSync(codeFile, "utf8");
const pyodide = await loadPyodide();
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "zip", { extractDir: "/probe/packages" });
for (const [name, text] of Object.entries(JSON.parse(fs.readFileSync(sources, "utf8")))) {
  pyodide.FS.mkdirTree(["/probe/scripts", ...name.split("/").slice(0, -1)].join("/"));
  pyodide.FS.writeFile(`/probe/scripts/${name}`, text);
}
pyodide.runPython(code);
fs.writeFileSync(out, pyodide.FS.readFile("/probe/stdlib.zip"));
fs.writeFileSync(bytecode, pyodide.FS.readFile("/probe/pygames.zip"));
fs.writeFileSync(page, pyodide.FS.readFile("/probe/page.zip"));
"""


def stdlib_for_site() -> None:
    """Runs inside Pyodide at build time (see write_runtime): writes /probe/stdlib.zip, the
    standard library modules that Pyodide's start, pygames, the site's Python files and
    PyScript's own Python package import, compiled to bytecode (unchecked, no docstrings)
    with no sources beside them; /probe/pygames.zip, every module of pygames compiled
    the same way (the package's assertions only narrow types, and nothing on a page reads
    a docstring); and /probe/page.zip, the page's own Python (page_python, in
    /probe/scripts): the site's modules the same way, and PyScript's package as bytecode
    where the import system looks for it beside the sources PyScript writes (compiled as
    written, since the page runs unoptimised).

    What is imported is found by doing it: every module those .py files name, and a
    few moves and a short search in each game, which bring in each game's module and what
    the rules and the computer import on the way (the rest of pygames, such as its command
    line, is not the site's). A module found no other way than by
    running rarely run code would be missing (an ImportError on the page): name it in a
    site file's imports, or exercise it here."""
    import ast
    import importlib
    import random
    import sys
    import traceback
    import zipfile
    from pathlib import Path

    sys.path[:0] = ["/probe/packages"]
    archive = next(p for p in sys.path if p.endswith(".zip"))
    scripts = sorted(Path("/probe/scripts").rglob("*.py"))
    for script in scripts:
        for node in ast.walk(ast.parse(script.read_text())):
            if isinstance(node, ast.Import) or isinstance(node, ast.ImportFrom) and not node.level:
                for name in [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]:
                    try:
                        importlib.import_module(name)
                    except Exception:  # noqa: BLE001 - a module only a page has (pyscript, js...)
                        pass
    import pygames
    from pygames import ai
    from pygames.session import Preferences, Session
    rng = random.Random(0)
    # an empty catalog, as the page installs one: reading it imports what gettext needs
    pygames.i18n.install("ko", bytes.fromhex("de120495" + "00" * 24))
    pygames.set_language("ko")
    for name in pygames.available():
        try:
            session = Session.new(name)
            for _ in range(6):
                session.play(session.game.random_move(rng))
            session.view(Preferences(overlays=True))
            Session.from_fragment(session.fragment())
            ai.analyse(session.game, seconds=None, iterations=20, rng=rng)
            session.play("no such move")
        except Exception:  # noqa: BLE001 - only what the attempt imports matters
            traceback.print_exc(file=open("/dev/null", "w"))
    paths = {m.__file__[len(archive) + 1:] for m in list(sys.modules.values())
             if (getattr(m, "__file__", None) or "").startswith(archive + "/")}
    import importlib.util  # (only now: the probe's own tools are not the site's)
    import py_compile

    def bytecode(source: Path, shown_as: str, optimize: int = 2) -> bytes:
        return Path(py_compile.compile(str(source), cfile=f"{source}c", dfile=shown_as, optimize=optimize,
                                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)).read_bytes()

    stdlib = zipfile.ZipFile(archive)
    with zipfile.ZipFile("/probe/stdlib.zip", "w") as out:
        for path in sorted(paths):
            source = Path("/probe/src") / path
            source.parent.mkdir(parents=True, exist_ok=True)
            source.write_bytes(stdlib.read(path))
            out.writestr(zipfile.ZipInfo(path + "c", (1980, 1, 1, 0, 0, 0)), bytecode(source, f"{archive}/{path}"))
    with zipfile.ZipFile("/probe/pygames.zip", "w") as out:
        for source in sorted(Path("/probe/packages/pygames").rglob("*.py")):
            path = source.relative_to("/probe/packages").as_posix()
            out.writestr(zipfile.ZipInfo(path + "c", (1980, 1, 1, 0, 0, 0)), bytecode(source, path))
    with zipfile.ZipFile("/probe/page.zip", "w") as out:
        for source in scripts:
            path = source.relative_to("/probe/scripts").as_posix()
            if "/" in path:  # PyScript's package
                code, path = bytecode(source, path, optimize=0), importlib.util.cache_from_source(path)
            else:
                code, path = bytecode(source, path), path + "c"
            out.writestr(zipfile.ZipInfo(path, (1980, 1, 1, 0, 0, 0)), code)


def write_start_positions(page: Path) -> None:
    """Put each game's start position into the app page as SVG, drawn by the same
    rendering code as the live board, so the page shows the linked game's board at once,
    before Python is ready (PgApp.startPosition picks one)."""
    from pygames import available
    from pygames.render import geometry_for, svg
    from pygames.session import Preferences, Session

    starts = []
    for name in available():
        view = Session.newcomer(name).view(Preferences())
        scene = view["scene"]
        # The board's extent, for the page to give the picture the live board's height
        # at whatever width it has (PgBoard.layout), so that nothing moves when it is replaced.
        extent = {key: geometry_for(scene["board"])[key] for key in ("width", "height", "radius")}
        data = " ".join(f'data-{key}="{escape(view[key])}"' for key in ("title", "describe", "prompt"))
        starts.append(f'<template data-game="{name}" {data} data-extent="{escape(json.dumps(extent))}" '
                      f'data-edges="{int(bool(scene["edges"]))}">{svg(scene, width=1000)}</template>')
    page.write_text(page.read_text().replace("<!--START-POSITIONS-->", "\n".join(starts)))


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
            title = re.search(r"<h1[^>]*>(.*?)</h1>", body, re.S)
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


#: Files the offline cache keeps only once a visitor opens them (see sw.template.js): the
#: lessons and puzzles and their code, which most visits never open, so that no visit pays for them.
ON_DEMAND = ("learn/*-*.json", "learn/code-*.zip")


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
    palette = re.search(r"^:root \{\n.*?^\}\n", css, re.M | re.S).group(0)
    palette = re.sub(r"^  color-scheme:.*\n", "", palette.replace(":root {", "figure.pg-board {", 1), flags=re.M)
    boards = css[css.index("/* BOARDS IN ANY PAGE"):]
    (site / "embed.css").write_text("/* Made by build.py from style.css: see write_embed_css. */\n" + palette + boards)


def write_ai_worker(site: Path, wheel: Path, page: Path) -> None:
    """The computer player's worker script, pointed at this build's wheel and page archive."""
    template = site / "ai-worker.template.js"
    (site / "ai-worker.js").write_text(template.read_text().replace("__WHEEL__", wheel.name).replace("__PAGE__", page.name))
    template.unlink()


def translate_marked(html: str, gettext) -> str:
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


#: Content codings the build writes beside each file, best first, with their file suffix.
COMPRESSED = {"br": ".br", "gzip": ".gz"}


def precompress(site: Path) -> None:
    """Write a brotli (.br) and a gzip (.gz) copy beside every file that they shrink by a
    tenth or more (text, WebAssembly, the stored standard library), for a server to send
    as they are: ``build.py serve`` does, choosing by the request's Accept-Encoding.
    Brotli at its best setting is slow, so each result is kept under
    the hash of its input (dist/cache), and a rebuild compresses only what changed."""
    brotli = import_tool("brotli")
    codecs = {".br": lambda data: brotli.compress(data, quality=11, lgwin=24),
              ".gz": lambda data: gzip.compress(data, 9, mtime=0)}
    CACHE.mkdir(parents=True, exist_ok=True)

    def compress(path: Path) -> None:
        data = path.read_bytes()
        key = hashlib.sha256(data).hexdigest()
        for suffix, codec in codecs.items():
            kept = CACHE / (key + suffix)
            if not kept.exists():
                part = kept.with_name(f"{kept.name}.{threading.get_ident()}")
                part.write_bytes(codec(data))
                part.replace(kept)
            if kept.stat().st_size <= 0.9 * len(data):
                shutil.copyfile(kept, path.with_name(path.name + suffix))

    with ThreadPoolExecutor(os.cpu_count()) as pool:
        list(pool.map(compress, [*site_files(site), site / "sw.js"]))


def write_service_worker(site: Path) -> None:
    """The offline cache's worker (see sw.template.js): the digest of every file of the
    site, and a cache name that is a hash of them all, so a new build replaces the cache."""
    template = (site / "sw.template.js").read_text()
    (site / "sw.template.js").unlink()
    files = {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in site_files(site)}
    later = {path: files.pop(path) for path in sorted(files) if any(Path(path).match(p) for p in ON_DEMAND)}
    build_id = hashlib.sha256(json.dumps([files, later], sort_keys=True).encode()).hexdigest()[:16]
    (site / "sw.js").write_text(template.replace("__CACHE__", f"pygames-{build_id}")
                                .replace("__FILES__", json.dumps(files, indent=0, sort_keys=True))
                                .replace("__LATER__", json.dumps(later, indent=0, sort_keys=True)))


def site_files(site: Path) -> list[Path]:
    """Every file a visitor may load: all of the site but the offline cache's worker and
    the compressed copies (the same files, sent in another coding)."""
    return sorted(p for p in site.rglob("*")
                  if p.is_file() and p.name != "sw.js" and p.suffix not in COMPRESSED.values())


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide insists on, compressed when the browser
    accepts it (the .br or .gz the build wrote beside the file), and no stale caches:
    every response must be revalidated, so a rebuild is seen on the next reload."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".whl": "application/zip", ".json": "application/json", ".py": "text/plain",
                      ".svg": "image/svg+xml"}
    encoding: str | None = None

    def translate_path(self, path: str) -> str:
        """The file to send: the compressed copy of the requested file that the request's
        Accept-Encoding allows, if the build wrote one."""
        real = super().translate_path(path)
        if os.path.isdir(real) and path.split("?")[0].endswith("/"):
            real = os.path.join(real, "index.html")
        self.encoding, self.original = None, real
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        for coding, suffix in COMPRESSED.items():
            if coding in accepted and os.path.isfile(real + suffix):
                self.encoding = coding
                return real + suffix
        return real

    def guess_type(self, path: str) -> str:
        return super().guess_type(self.original if self.encoding else path)

    def send_response(self, code: int, message: str | None = None) -> None:
        super().send_response(code, message)
        if code == 200 and self.encoding:
            self.send_header("Content-Encoding", self.encoding)

    def end_headers(self) -> None:
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, *args) -> None:
        pass


def accepted_encodings(header: str) -> set[str]:
    """The content codings an Accept-Encoding header allows (q=0 refuses one)."""
    accepted, refused, anything = set(), set(), False
    for item in header.split(","):
        coding, _, params = item.strip().lower().partition(";")
        if not coding:
            continue
        q = re.search(r"q=([0-9.]+)", params)
        ok = not q or float(q.group(1)) > 0
        if coding == "*":
            anything = ok
        else:
            (accepted if ok else refused).add(coding)
    return accepted | ({*COMPRESSED} - refused if anything else set())


def serve(site: Path, port: int) -> None:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, directory=str(site)))
    print(f"serving {site.relative_to(ROOT)} at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


def tool_venv(requirements: tuple[str, ...]) -> Path:
    """.venv, made by this Python, with ``requirements`` installed; returns its python."""
    python = VENV / "bin" / "python"
    config = VENV / "pyvenv.cfg"
    mine = "version = %d.%d." % sys.version_info[:2]
    if not python.exists() or mine not in config.read_text():
        venv.create(VENV, with_pip=True, clear=True)
    stamp = VENV / ".requirements"
    have = set(stamp.read_text().split()) if stamp.exists() else set()
    if not set(requirements) <= have:
        run(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *requirements)
        stamp.write_text("\n".join(sorted(have | set(requirements))))
    return python


def import_tool(name: str):
    """Import a build tool from .venv (installing BUILD_REQUIREMENTS there if needed)."""
    tool_venv(BUILD_REQUIREMENTS)
    addsitedir(str(VENV / "lib" / ("python%d.%d" % sys.version_info[:2]) / "site-packages"))
    return importlib.import_module(name)


def test_tools() -> Path:
    """The test tools in .venv (with the build tools), and Pyodide-side test wheels."""
    python = tool_venv(BUILD_REQUIREMENTS + TEST_REQUIREMENTS)
    wheels = ROOT / "dist" / "pyodide-test-wheels"
    stamp = wheels / ".requirements"
    if not stamp.exists() or stamp.read_text() != "\n".join(PYODIDE_TEST_WHEELS):
        shutil.rmtree(wheels, ignore_errors=True)
        run(python, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--only-binary=:all:",
            "--python-version", "3.14", "--platform", "any", "-d", wheels, *PYODIDE_TEST_WHEELS)
        stamp.write_text("\n".join(PYODIDE_TEST_WHEELS))
    if not Path("/usr/bin/chromium").exists():
        if os.geteuid() == 0 and shutil.which("apt-get"):
            run("apt-get", "update", "-qq")
            run("apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium")
        else:
            sys.exit("the browser tests need Debian's chromium at /usr/bin/chromium: sudo apt-get install chromium")
    return python


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build", choices=("build", "serve", "test", "catalogs"))
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("pytest_args", nargs="*", help="extra pytest arguments (test)")
    args = parser.parse_args()
    if args.command == "catalogs":
        update_catalogs()
        return
    if args.command == "test":
        python = test_tools()
        build_site()
        result = subprocess.run([str(python), "-m", "pytest", *args.pytest_args], cwd=ROOT)
        sys.exit(result.returncode)
    site = build_site()
    if args.command == "serve":
        serve(site, args.port)


if __name__ == "__main__":
    main()
