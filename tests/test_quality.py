"""The code passes its linter (ruff's default rules, with the tests' one exception in
pyproject.toml) and the package a strict type check (mypy --strict): both are part of the
test command, so a change that breaks either does not land."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


#: The linter reads the package, its build, tests and benchmarks; the frozen oracle stays as
#: it was written (it is the judge of the rules, not code to improve).
LINTED = ["pygames", "tools", "tests", "benchmarks", "build.py", "--extend-exclude", "tests/oracle"]


@pytest.mark.parametrize("tool", [["ruff", "check", *LINTED], ["mypy", "--strict", "pygames"]], ids=["ruff", "mypy"])
def test_the_package_is_clean(tool):
    proc = subprocess.run([sys.executable, "-m", *tool], cwd=ROOT, check=False, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
