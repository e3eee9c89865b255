"""The offline cache's manifest: ``sw.js``, written from sw.template.js with the digest
of every file of the site, so that a visit after the first works with no network and a
new build replaces the cache."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .compress import COMPRESSED

#: Files the offline cache keeps only once a visitor opens them (see sw.template.js): the
#: lessons and puzzles and their code, which most visits never open, so that no visit pays for them.
ON_DEMAND = ("learn/*-*.json", "learn/code-*.zip")


def write_service_worker(site: Path) -> None:
    """The offline cache's worker (see sw.template.js): the digest of every file of the
    site, and a cache name that is a hash of them all, so a new build replaces the cache."""
    template = (site / "sw.template.js").read_text()
    (site / "sw.template.js").unlink()
    files = {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in site_files(site)}
    later = {path: files.pop(path) for path in sorted(files) if any(Path(path).match(p) for p in ON_DEMAND)}
    build_id = hashlib.sha256(json.dumps([files, later], sort_keys=True).encode()).hexdigest()[:16]
    (site / "sw.js").write_text(template.replace("__CACHE__", f"pygames-{build_id}")
                                .replace("__FILES__", json.dumps(files, indent=0, sort_keys=True))
                                .replace("__LATER__", json.dumps(later, indent=0, sort_keys=True)))


def site_files(site: Path) -> list[Path]:
    """Every file a visitor may load: all of the site but the offline cache's worker and
    the compressed copies (the same files, sent in another coding)."""
    return sorted(p for p in site.rglob("*")
                  if p.is_file() and p.name != "sw.js" and p.suffix not in COMPRESSED.values())
