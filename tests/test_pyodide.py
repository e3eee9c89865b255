"""The rules test files, run again inside Pyodide (Python 3.14 on WebAssembly).

This proves the pygames wheel that the site ships works unchanged in the browser's
Python, not only on the CPython that runs the rest of the suite.
"""

import shutil
import subprocess
from pathlib import Path

import pytest

from tools.build.wheel import wheel_version

ROOT = Path(__file__).resolve().parents[1]
#: Test files that exercise only the pure package (no browser, no host-only tools).
RULES_TESTS = ["test_board.py", "test_loose.py", "test_vacu.py", "test_gardar.py", "test_pente.py", "test_session.py", "test_ai.py",
               "test_records.py", "test_effects.py", "test_pente_options.py", "test_ai_analysis.py", "test_review.py"]

pytestmark = pytest.mark.pyodide


def test_rules_tests_pass_inside_pyodide():
    wheels = sorted((ROOT / "dist" / "site" / "wheels").glob("pygames-*.whl"))
    support = sorted((ROOT / "dist" / "pyodide-test-wheels").glob("*.whl"))
    if not wheels or not support or not shutil.which("node"):
        pytest.fail("run `python3 build.py test`: it builds the wheel and fetches pytest for Pyodide")
    built = wheels[-1].name.split("-")[1]
    assert built == wheel_version(), f"dist/site holds pygames {built}, older than the tree: run python3 build.py"
    files = [f"tests/{f}" for f in RULES_TESTS]
    proc = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide_pytest.mjs"), str(ROOT / "tests"), str(wheels[-1]),
         *map(str, support), "--", "-q", *files],
        check=False, capture_output=True, text=True, timeout=900, cwd=ROOT)
    report = proc.stdout + proc.stderr
    assert proc.returncode == 0, report[-5000:]
    assert "[pyodide] 3.14" in report and "emscripten" in report, report[:500]
    summary = [line for line in report.splitlines() if " passed" in line]
    assert summary and "failed" not in summary[-1], report[-3000:]
