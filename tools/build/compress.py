"""Compressed copies of the site's files, brotli and gzip, for a server to send as
they are (``build.py serve`` does, choosing by the request's Accept-Encoding)."""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from . import CACHE
from .toolchain import import_tool

#: Content codings the build writes beside each file, best first, with their file suffix.
COMPRESSED = {"br": ".br", "gzip": ".gz"}


def precompress(files: list[Path]) -> None:
    """Write a brotli (.br) and a gzip (.gz) copy beside each of ``files`` that they
    shrink by a tenth or more (text, WebAssembly, the stored standard library). Brotli
    at its best setting is slow, so each result is kept under the hash of its input
    (dist/cache), and a rebuild compresses only what changed."""
    brotli = import_tool("brotli")
    codecs = {".br": lambda data: brotli.compress(data, quality=11, lgwin=24),
              ".gz": lambda data: gzip.compress(data, 9, mtime=0)}
    CACHE.mkdir(parents=True, exist_ok=True)

    def compress(path: Path) -> None:
        data = path.read_bytes()
        key = hashlib.sha256(data).hexdigest()
        for suffix, codec in codecs.items():
            kept = CACHE / (key + suffix)
            if not kept.exists():
                part = kept.with_name(f"{kept.name}.{threading.get_ident()}")
                part.write_bytes(codec(data))
                part.replace(kept)
            if kept.stat().st_size <= 0.9 * len(data):
                shutil.copyfile(kept, path.with_name(path.name + suffix))

    with ThreadPoolExecutor(os.cpu_count()) as pool:
        list(pool.map(compress, files))
