"""The package passes its linter (ruff, with the rules in pyproject.toml) and a strict type
check (mypy --strict): both are part of the test command, so a change that breaks either
does not land."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("tool", [["ruff", "check", "pygames"], ["mypy", "--strict", "pygames"]], ids=["ruff", "mypy"])
def test_the_package_is_clean(tool):
    proc = subprocess.run([sys.executable, "-m", *tool], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
