"""Builds are written into a temporary folder that replaces `output/<game>/` only when all of it succeeded.

A lock file per target keeps two builds into the same folder from interleaving: the second is
refused with a clear message instead of waiting or corrupting the first. Whoever holds the lock
may clean up after builds that were killed (SIGKILL leaves their staging folder behind): stale
`.<game>.building-*` folders are removed, and a build killed between its two renames has its
previous output put back first.
"""

from __future__ import annotations

import fcntl
import os
import shutil
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from generator.errors import OutputError, Problem, display_path


@contextmanager
def _locked(target: Path) -> Iterator[None]:
    lock = target.parent / f".{target.name}.lock"
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise OutputError(Problem(f"another build is writing {display_path(target)} now; wait for it to "
                                      "finish or build into another --out")) from None
        yield
    finally:
        os.close(fd)


def _recover(target: Path) -> None:
    """Put back a previous output whose swap was interrupted, then remove every stale staging folder."""
    olds = sorted(target.parent.glob(f".{target.name}.old-*"), key=lambda p: p.stat().st_mtime)
    if olds and not target.exists():
        olds.pop().rename(target)
    for stale in [*olds, *target.parent.glob(f".{target.name}.building-*")]:
        shutil.rmtree(stale, ignore_errors=True)


def final_path(path: str | os.PathLike[str]) -> Path:
    """Where a file of a staging folder would have ended up (for messages: the staging folder is gone by then)."""
    parts = list(Path(path).parts)
    for i, part in enumerate(parts):
        name, sep, pid = part.partition(".building-")
        if part.startswith(".") and sep and pid.isdigit():
            parts[i] = name[1:]
    return Path(*parts)


@contextmanager
def staged_folder(target: Path) -> Iterator[Path]:
    """Yield an empty staging folder beside `target`; swap it in on success, delete it on failure."""
    if target.parent.exists() and not target.parent.is_dir():
        raise OutputError(Problem(f"--out {display_path(target.parent)} is a file; expected a folder"))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise OutputError(Problem(f"--out {display_path(target.parent)} lies below a file; expected a folder")) from None
    except OSError as exc:
        raise OutputError(Problem(f"--out {display_path(target.parent)}: cannot create it ({exc.strerror})")) from None
    if target.exists() and not target.is_dir():
        raise OutputError(Problem(f"{display_path(target)} is a file; expected the game's output folder"))
    with _locked(target):
        _recover(target)
        stage = target.parent / f".{target.name}.building-{os.getpid()}"
        stage.mkdir()
        try:
            yield stage
        except BaseException:
            shutil.rmtree(stage, ignore_errors=True)
            raise
        old = target.parent / f".{target.name}.old-{os.getpid()}"
        if target.exists():
            target.rename(old)
        stage.rename(target)
        if old.exists():
            shutil.rmtree(old, ignore_errors=True)
