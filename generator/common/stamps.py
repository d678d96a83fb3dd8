"""Name, size and modification time of the files below some folders: what a cache keys on when it must not
read them (a rebuild's inputs, render/memo.py's world and output/reuse.py's job)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

SKIPPED = {".git", ".hg", ".svn", "__pycache__", "node_modules", ".venv"}    # version control's and tools' folders


def tree_stamps(roots: Iterable[Path], skip: Iterable[Path] = (), wanted: Callable[[str], bool] = lambda path: True
                ) -> list[str]:
    """`path:size:time` of every file below the roots whose path is `wanted`, in order, leaving out the folders
    under `skip` and SKIPPED; a file that vanishes meanwhile is left out."""
    skipped = {os.path.realpath(p) for p in skip}
    out = []
    for root in roots:
        for folder, dirs, names in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED and os.path.realpath(os.path.join(folder, d)) not in skipped)
            for name in sorted(names):
                path = os.path.join(folder, name)
                if not wanted(path):
                    continue
                try:
                    st = os.stat(path)
                except OSError:
                    continue
                out.append(f"{folder}/{name}:{st.st_size}:{st.st_mtime_ns}")
    return out
