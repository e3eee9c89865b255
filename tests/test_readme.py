"""The README's Python examples run as written."""

import doctest
from pathlib import Path


def test_readme_examples():
    failures, tried = doctest.testfile(str(Path(__file__).resolve().parents[1] / "README.md"), module_relative=False)
    assert tried > 0 and failures == 0
