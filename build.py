#!/usr/bin/env python3
"""Build the static site, serve it, or run the whole test suite.

    python3 build.py            build the site into dist/site
    python3 build.py serve      build, then serve dist/site on http://127.0.0.1:8000
    python3 build.py test       build, set up the test tools, run every test
    python3 build.py catalogs   add new message ids to the translation catalogs, compile them

The site is self-contained: Pyodide and PyScript come pinned from npm (package-lock.json)
and are copied in, the pygames wheel is built here, and nothing is fetched from another
origin at run time. Any static host can serve dist/site as it is. The work is done by
the modules of tools/build/, one job each (its __init__ lists them).
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from tools.build import ROOT
from tools.build.catalogs import update_catalogs
from tools.build.serve import serve
from tools.build.site import build_site
from tools.build.toolchain import test_tools


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
        sys.exit(subprocess.run([str(python), "-m", "pytest", *args.pytest_args], cwd=ROOT, check=False).returncode)
    site = build_site()
    if args.command == "serve":
        serve(site, args.port)


if __name__ == "__main__":
    main()
