"""The static server of a built site: ``build.py serve``, and the tests' and benchmarks'
server. Hand-written on the standard library's, for the one thing it lacks: sending the
compressed copy the build wrote when the browser accepts it."""

from __future__ import annotations

import functools
import http.server
import os
import re
from pathlib import Path

from . import ROOT
from .compress import COMPRESSED


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide insists on, compressed when the browser
    accepts it (the .br or .gz the build wrote beside the file), and no stale caches:
    every response must be revalidated, so a rebuild is seen on the next reload."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,  # noqa: RUF012 - the base's attribute
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

    def log_message(self, *args: object) -> None:
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
