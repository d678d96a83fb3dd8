"""Builds are written into a temporary folder that replaces `output/<game>/` only when all of it succeeded.

Nothing a build did not make is ever removed or written through. The folder it replaces must be
one a Punchboard build of the same game made (it holds the marker file every build writes, or,
for outputs from before the marker, that game's manifest.json), or an empty folder; a folder that
holds the game's own files, a link, or anything else is refused with one line. The output folder
is never reached through a link the user's path spells.

A lock file per target keeps two builds into the same folder from interleaving: the second is
refused with a clear message instead of waiting or corrupting the first. Whoever holds the lock
may clean up after builds that were killed (SIGKILL leaves their staging folder behind): stale
`.<game>.building-<pid>` folders that carry the marker are removed, and a build killed between
its two renames has its previous output put back first.
"""

from __future__ import annotations

import fcntl
import itertools
import json
import os
import re
import shutil
from contextlib import contextmanager
from pathlib import Path
from typing import Iterable, Iterator

from generator.common.errors import OutputError, Problem, display_path, option_problem

MARKER = ".punchboard-build"        # written first into every staging folder; names the game


@contextmanager
def _locked(target: Path) -> Iterator[None]:
    lock = target.parent / f".{target.name}.lock"
    try:   # O_NOFOLLOW: a link planted in the lock's place is refused, not created through
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
    except OSError as exc:
        raise OutputError(Problem(f"cannot use the lock file {display_path(lock)} ({_why(exc)}); expected a "
                                  "plain file or none")) from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise OutputError(option_problem("another build is writing {path} now; wait for it to finish or build "
                                             "into another {out}", path=display_path(target))) from None
        yield
    finally:
        os.close(fd)


def _why(exc: OSError) -> str:
    return "it is a link" if exc.errno == 40 else (exc.strerror or str(exc)).lower()


MAX_LISTED = 10_000          # entries of an output folder looked at for a game's builds


def builds_of(out: Path, game_id: str) -> list[Path]:
    """The folders under `out` that builds of `game_id` wrote (every job: output/niya, output/niya-fold, ...),
    by name; at most MAX_LISTED entries are looked at, and links are not followed."""
    try:
        entries = sorted(itertools.islice(os.scandir(out), MAX_LISTED), key=lambda e: e.name)
    except OSError:
        return []
    return [Path(e.path) for e in entries if e.name.startswith(game_id) and e.is_dir(follow_symlinks=False)
            and _made_by_build(Path(e.path), game_id)]


def _made_by_build(folder: Path, game_id: str) -> bool:
    """A folder a Punchboard build of `game_id` wrote: its marker, or (outputs from before) its manifest."""
    for name, key in ((MARKER, "game"), ("manifest.json", "game")):
        path = folder / name
        if path.is_symlink() or not path.is_file():
            continue
        try:
            with open(path, "rb") as f:
                doc = json.loads(f.read(1 << 20) if name == MARKER else f.read(64 << 20))
        except (OSError, ValueError):
            continue
        if isinstance(doc, dict) and doc.get(key) == game_id:
            return True
    return False


_OWN = re.compile(r"\.(?P<name>.+)\.(?:building|old)-\d+")


def _recover(target: Path, game_id: str) -> None:
    """Put back a previous output whose swap was interrupted, then remove every stale staging folder
    (only folders named as this module names them and carrying a build's marker)."""
    def ours(p: Path) -> bool:
        m = _OWN.fullmatch(p.name)
        if not m or m["name"] != target.name or p.is_symlink() or not p.is_dir():
            return False
        return _made_by_build(p, game_id) or not any(True for _ in p.iterdir())

    olds = sorted((p for p in target.parent.glob(f".{target.name}.old-*") if ours(p)), key=lambda p: p.stat().st_mtime)
    if olds and not os.path.lexists(target):
        olds.pop().rename(target)
    for stale in [*olds, *(p for p in target.parent.glob(f".{target.name}.building-*") if ours(p))]:
        shutil.rmtree(stale, ignore_errors=True)


def final_path(path: str | os.PathLike[str]) -> Path:
    """Where a file of a staging folder would have ended up (for messages: the staging folder is gone by then)."""
    parts = list(Path(path).parts)
    for i, part in enumerate(parts):
        name, sep, pid = part.partition(".building-")
        if part.startswith(".") and sep and pid.isdigit():
            parts[i] = name[1:]
    return Path(*parts)


def _spelled_links(target: Path) -> Path | None:
    """The first link among the folders of `out/<game>` the user spelled (every one of a relative --out,
    below the working folder; the last two of an absolute one), so a build never writes through one."""
    parts = target.parts
    start = max(len(parts) - 2, 1) if target.is_absolute() else 0
    for i in range(start, len(parts)):
        here = Path(*parts[: i + 1])
        if parts[i] != ".." and here.is_symlink():
            return here
    return None


def check_target(target: Path, game_id: str, keep: Iterable[Path] = ()) -> None:
    """Refuse, in one line, an output folder a build must not replace (see the module's docstring)."""
    shown = display_path(target)
    link = _spelled_links(target)
    if link is not None:
        raise OutputError(option_problem("{link} is a link to {real}; a build never writes through a link: give "
                                         "{out} the real folder", link=display_path(link),
                                         real=display_path(os.path.realpath(link))))
    real = Path(os.path.realpath(target))
    for path in keep:
        own = Path(os.path.realpath(path))
        if own == real or own.is_relative_to(real):
            raise OutputError(option_problem("{shown} holds the game's own files ({path}); a build would replace "
                                             "them: choose another {out}", shown=shown, path=display_path(path)))
    if not os.path.lexists(target):
        return
    if not target.is_dir():
        raise OutputError(Problem(f"{shown} is a file; expected the game's output folder"))
    if any(True for _ in target.iterdir()) and not _made_by_build(target, game_id):
        raise OutputError(option_problem("{shown} exists and was not made by a Punchboard build of {game}; a build "
                                         "replaces only its own output: move the folder away or choose another {out}",
                                         shown=shown, game=game_id))


def _make_parent(parent: Path) -> None:
    if parent.exists() and not parent.is_dir():
        raise OutputError(option_problem("{out} {path} is a file; expected a folder", path=display_path(parent)))
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise OutputError(option_problem("{out} {path} lies below a file; expected a folder",
                                         path=display_path(parent))) from None
    except OSError as exc:
        raise OutputError(option_problem("{out} {path}: cannot create it ({why})", path=display_path(parent),
                                         why=exc.strerror)) from None


@contextmanager
def staged_folder(target: Path, game_id: str, keep: Iterable[Path] = ()) -> Iterator[Path]:
    """Yield an empty staging folder beside `target`; swap it in on success, delete it on failure.
    `keep`: the game's own folder and files (a theme), which the target must not hold."""
    keep = list(keep)
    check_target(target, game_id, keep)
    _make_parent(target.parent)
    with _locked(target):
        _recover(target, game_id)
        check_target(target, game_id, keep)        # again, under the lock: nothing changed in between
        stage = target.parent / f".{target.name}.building-{os.getpid()}"
        stage.mkdir()
        try:
            (stage / MARKER).write_text(json.dumps({"game": game_id}) + "\n", encoding="utf-8")
            yield stage
        except BaseException:
            shutil.rmtree(stage, ignore_errors=True)
            raise
        old = target.parent / f".{target.name}.old-{os.getpid()}"
        if os.path.lexists(target):
            target.rename(old)
        stage.rename(target)
        if old.exists():
            shutil.rmtree(old, ignore_errors=True)
