"""The build and test tools: pinned, installed into .venv by the Python that runs the
build, and imported from there (the build itself runs on any Python 3.11+)."""

from __future__ import annotations

import importlib
import os
import shutil
import sys
import venv
from pathlib import Path
from site import addsitedir
from types import ModuleType

from . import ROOT, VENV, run

#: Build tools: brotli writes the compressed copies of the site, Babel the catalogs,
#: setuptools (the build backend pyproject.toml names) and wheel the wheels.
BUILD_REQUIREMENTS = ("brotli==1.2.1", "babel==2.17.0", "setuptools==80.9.0", "wheel==0.45.1")
#: Test tools for the host Python, and the wheels pytest needs inside Pyodide (Python 3.14).
TEST_REQUIREMENTS = ("pytest==9.0.3", "playwright==1.65.2", "hypothesis==6.155.2", "ruff==0.17.6", "mypy==2.4.1")
PYODIDE_TEST_WHEELS = ("pytest==9.0.3",)


def tool_venv(requirements: tuple[str, ...]) -> Path:
    """.venv, made by this Python, with ``requirements`` installed; returns its python."""
    python = VENV / "bin" / "python"
    config = VENV / "pyvenv.cfg"
    mine = "version = {}.{}.".format(*sys.version_info[:2])
    if not python.exists() or mine not in config.read_text():
        venv.create(VENV, with_pip=True, clear=True)
    stamp = VENV / ".requirements"
    have = set(stamp.read_text().split()) if stamp.exists() else set()
    if not set(requirements) <= have:
        run(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *requirements)
        stamp.write_text("\n".join(sorted(have | set(requirements))))
    return python


def build_python() -> Path:
    """The python of .venv, with the build tools installed."""
    return tool_venv(BUILD_REQUIREMENTS)


def import_tool(name: str) -> ModuleType:
    """Import a build tool from .venv (installing the build tools there if needed)."""
    build_python()
    addsitedir(str(VENV / "lib" / "python{}.{}".format(*sys.version_info[:2]) / "site-packages"))
    return importlib.import_module(name)


def test_tools() -> Path:
    """The test tools in .venv (with the build tools), and Pyodide-side test wheels;
    returns the python that runs the tests."""
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
