"""The pygames wheel: built by the build backend pyproject.toml names (what ``pip
install .`` builds), and the site's copy of it, re-packed with bytecode in place of the
sources and named with a hash of the package's files."""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import zipfile
from pathlib import Path

from . import ROOT, project_version, run
from .toolchain import build_python, import_tool

#: Zip entries' time, and the SOURCE_DATE_EPOCH the wheel tools read: the same inputs
#: make the same wheel, so the site's files change only when the package does.
EPOCH = (1980, 1, 1, 0, 0, 0)
#: The metadata the site's wheel keeps (its RECORD is written anew; the command line's
#: entry point means nothing on a page).
KEPT_INFO = ("/METADATA", "/WHEEL")


def package_files() -> list[Path]:
    """The package's files that are part of what it does (what the site's wheel name hashes)."""
    return sorted(p for p in (ROOT / "pygames").rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".typed", ".txt"))


def wheel_version(files: list[Path] | None = None) -> str:
    """The site wheel's version: the project's, with a hash of the package's files as a
    local version (so that browsers and the offline cache never mix an old wheel with a
    new page, and a test can tell whether a built site is older than the tree)."""
    digest = hashlib.sha256()
    for f in files if files is not None else package_files():
        digest.update(f.relative_to(ROOT).as_posix().encode() + f.read_bytes())
    return f"{project_version()}+{digest.hexdigest()[:10]}"


def build_wheel(dest: Path) -> Path:
    """The wheel ``pip install .`` would install, built into ``dest`` by pip and the build
    backend from a copy of the project's files (so that no build folder is left in the
    tree, and none left over from an older build can slip into the wheel)."""
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp)
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, copy / name)
        shutil.copytree(ROOT / "pygames", copy / "pygames", ignore=shutil.ignore_patterns("__pycache__"))
        run(build_python(), "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
            "--no-build-isolation", "--no-index", "--wheel-dir", copy / "out", copy,
            env={**os.environ, "SOURCE_DATE_EPOCH": "315532800"})
        (built,) = (copy / "out").glob("pygames-*.whl")
        return Path(shutil.copy2(built, dest / built.name))


def site_wheel(source: Path, compiled: dict[str, bytes], dest: Path) -> Path:
    """The site's wheel, in ``dest``: ``source`` with each module replaced by its bytecode
    in ``compiled`` (by path; a module missing there is left out), without the message
    catalogs (the site serves each beside it, so a visitor loads only the language shown)
    and without the long description (the README) and the entry points in its metadata. RECORD is the wheel
    tool's."""
    wheelfile = import_tool("wheel.wheelfile")
    version = wheel_version()
    wheel = dest / f"pygames-{version}-py3-none-any.whl"
    os.environ.setdefault("SOURCE_DATE_EPOCH", "315532800")  # RECORD's time (wheel reads it)
    with zipfile.ZipFile(source) as z, wheelfile.WheelFile(wheel, "w") as out:
        for name in z.namelist():
            data = z.read(name)
            if name.endswith(".py"):
                name, data = name + "c", compiled.get(name + "c")
            elif name.startswith("pygames/locale/") or ".dist-info/" in name and not name.endswith(KEPT_INFO):
                continue
            elif ".dist-info/" in name:
                name = f"pygames-{version}.dist-info/{name.partition('/')[2]}"
                if name.endswith("/METADATA"):
                    head = data.decode().partition("\n\n")[0].splitlines()
                    data = "".join(f"Version: {version}\n" if line.startswith("Version:") else f"{line}\n"
                                   for line in head if not line.startswith("Description-Content-Type")).encode()
            if data is not None:
                out.writestr(zipfile.ZipInfo(name, EPOCH), data)
    return wheel
