"""Run a benchmark's measuring half against a chosen source tree: the working tree or an
earlier commit, on CPython or in Pyodide under Node.

An earlier commit is checked out once with ``git worktree`` into ``.bench/<commit>`` (ignored
by git), so old and new code never share a module cache: each measurement runs in a child
process that imports ``pygames`` from the tree it was given. Benchmarks alternate the trees
run by run, so that the noise of a shared machine falls on both alike, and report ratios.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "benchmarks"


def tree(rev: str | None) -> Path:
    """The source tree of commit ``rev`` (checked out on first use), or the working tree."""
    if rev is None:
        return ROOT
    sha = subprocess.run(["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()
    where = ROOT / ".bench" / sha[:12]
    if not (where / "pygames").exists():
        subprocess.run(["git", "worktree", "add", "--force", "--detach", str(where), sha], cwd=ROOT, check=True,
                       capture_output=True)
    return where


def label(rev: str | None) -> str:
    return "working tree" if rev is None else rev


def child(script: str, source: Path, args: list[str], pyodide: bool = False, timeout: float | None = None) -> dict:
    """Run ``benchmarks/<script> --child`` with ``pygames`` imported from ``source`` and
    return the JSON object it prints last."""
    if pyodide:
        cmd = ["node", str(BENCH / "pyodide_run.mjs"), str(source), str(BENCH), script, "--child", *args]
        env = dict(os.environ)
    else:
        cmd = [sys.executable, str(BENCH / script), "--child", *args]
        env = {**os.environ, "PYGAMES_TREE": str(source)}
    proc = subprocess.run(cmd, cwd=ROOT, env=env, check=False, capture_output=True, text=True, timeout=timeout)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode or not lines:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-3000:]}")
    return json.loads(lines[-1])


def use_tree() -> None:
    """In a child: import ``pygames`` from ``$PYGAMES_TREE`` (the working tree by default)."""
    sys.path.insert(0, os.environ.get("PYGAMES_TREE", str(ROOT)))
