"""A user-level cache for work that depends only on file contents: compiled templates, font metrics.

It never changes what is built, only how fast: a cold and a warm build write the same bytes.
Set PUNCHBOARD_CACHE to move it; an unwritable cache is simply not used.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable


def cache_dir(kind: str) -> Path | None:
    base = Path(os.environ.get("PUNCHBOARD_CACHE") or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
                / "punchboard")
    folder = base / kind
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK) else None


def cached_json(kind: str, source: Path, compute: Callable[[], Any]) -> Any:
    """`compute()` for a file, remembered on disk under the file's name, size and modification time."""
    stat = source.stat()
    return keyed_json(kind, f"{source.name}-{stat.st_size}-{stat.st_mtime_ns}", compute)


def keyed_json(kind: str, key: str, compute: Callable[[], Any]) -> Any:
    """`compute()` (plain JSON data), remembered on disk under `key` (what it was computed from, e.g. a digest)."""
    folder = cache_dir(kind)
    if folder is None:
        return compute()
    entry = folder / f"{key}.json"
    if entry.is_file():
        try:
            return json.loads(entry.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            pass
    value = compute()
    tmp = entry.with_name(f"{entry.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(json.dumps(value), encoding="utf-8")
        os.replace(tmp, entry)
    except OSError:
        pass
    return value
