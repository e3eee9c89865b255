"""Runs inside Pyodide under Node at build time (probe.mjs hosts it; bytecode.py runs
it): finds the standard library the site imports, and compiles what the site runs.
It may import only what Pyodide has: the standard library, and does so inside main(),
so that its own imports are not taken for the site's."""


def main() -> None:
    """Writes /probe/stdlib.zip, the
    standard library modules that Pyodide's start, pygames, the site's Python files and
    PyScript's own Python package import, compiled to bytecode (unchecked, no docstrings)
    with no sources beside them; /probe/pygames.zip, every module of pygames compiled
    the same way (the package's assertions only narrow types, and nothing on a page reads
    a docstring); and /probe/page.zip, the page's own Python (bytecode.page_python, in
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
                    except Exception:  # noqa: BLE001, S110 - a module only a page has (pyscript, js...)
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
            with open("/dev/null", "w") as nowhere:  # the traceback's own imports are the page's
                traceback.print_exc(file=nowhere)
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


if __name__ == "__main__":
    main()
