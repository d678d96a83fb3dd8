"""Every input file is read through here: confined to the folders it was given, and bounded in size.

A game folder, a theme or an examples file may come from anyone. Each file the build reads (the
spec, its CSV and XLSX tables, templates, art, fonts, the theme, examples) is resolved with its
symlinks and must still lie inside one of the folders it may come from; a file larger than its
kind's limit is refused before it is read. Both are one-line errors naming the file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Iterable

from generator.common.errors import PunchboardError, Problem, display_path

KB, MB = 1024, 1024 * 1024
LIMITS = {                      # docs/reference/limits.md quotes these
    "spec": 2 * MB,             # game.yaml, a theme, an examples file
    "table": 20 * MB,           # a CSV or XLSX data table
    "template": 1 * MB,
    "manifest": 64 * MB,        # a build's manifest.json read as the printed set (pnp build --changed)
    "SVG art": 8 * MB,
    "image": 40 * MB,
    "font": 64 * MB,
    "press profile": 16 * MB,   # an ICC output profile (the largest press profiles are about 3 MB)
    "printer profiles": 1 * MB, # printers.json of pnp calibrate --save: a few hundred bytes a printer
    "allowed folders": 1 * MB,  # trusted.json of pnp trust: a few hundred bytes a folder
    "rules code": 1 * MB,       # one file of a game folder's rules package (the largest shipped module is 18 KB)
    "rulebook PDF": 64 * MB,    # the kit's rulebook (rulebook_pdf:): a 40-page rulebook with photographs is 20-40 MB
    "photo": 128 * MB,          # pnp calibrate's pictures: a 200 MP phone JPEG is 20-60 MB, an uncompressed
                                # 600 dpi A4 colour TIFF scan 104 MB
}


class ConfinementError(PunchboardError):
    """A file leads outside the folders it may come from, or is too large to be what it claims."""


def inside(path: Path, roots: Iterable[Path]) -> bool:
    real = Path(os.path.realpath(path))
    return any(real.is_relative_to(Path(os.path.realpath(r))) for r in roots)


def confined(path: Path, roots: Iterable[Path], what: str, where: Problem | None = None) -> Path:
    """`path` itself (for messages), after checking that its real location lies inside `roots`."""
    roots = list(roots)
    if not inside(path, roots):
        folders = " or ".join(display_path(r) for r in roots)
        shown, real = display_path(os.path.normpath(path)), display_path(os.path.realpath(path))
        via = f" (a link to {real})" if real != shown else ""
        raise ConfinementError(_at(where, f'{what} "{shown}"{via} lies outside {folders}; expected a file inside it',
                                   path))
    return path


def read_bytes(path: Path, roots: Iterable[Path], kind: str, where: Problem | None = None) -> bytes:
    """The file's bytes, if it is confined, a regular file and within the size limit of its kind.
    It is opened without blocking and checked on the open descriptor, so a FIFO or a device named
    like a font or an image is refused instead of hanging the build or reading forever."""
    confined(path, roots, kind, where)
    limit = LIMITS[kind]
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise ConfinementError(_at(where, "file not found", path)) from None
    except IsADirectoryError:
        raise ConfinementError(_at(where, "expected a file, got a folder", path)) from None
    except OSError as exc:
        raise ConfinementError(_at(where, f"cannot read the file ({exc.strerror})", path)) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):     # checked before fdopen, which refuses a folder with an error of its own
        os.close(fd)
        raise ConfinementError(_at(where, f"expected a regular file, got {file_kind(mode)}", path))
    with os.fdopen(fd, "rb") as f:
        size = os.fstat(fd).st_size
        if size > limit:
            raise ConfinementError(_at(where, f"{kind} of {_size(size)} is larger than the limit of {_size(limit)}",
                                       path))
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise ConfinementError(_at(where, f"cannot read the file ({exc.strerror})", path)) from None
    if len(data) > limit:
        raise ConfinementError(_at(where, f"{kind} is larger than the limit of {_size(limit)}", path))
    return data


_SPECIAL = {stat.S_IFIFO: "a named pipe (FIFO)", stat.S_IFCHR: "a device", stat.S_IFBLK: "a device",
            stat.S_IFSOCK: "a socket"}


def file_kind(mode: int) -> str:
    """What a file is, in the words every message uses ("a named pipe (FIFO)"), from its mode."""
    if stat.S_ISREG(mode):
        return "a file"
    return "a folder" if stat.S_ISDIR(mode) else _SPECIAL.get(stat.S_IFMT(mode), "not a regular file")


def kind_of(path: Path) -> str:
    """What a path named on the command line is, when it is not what was expected: "not found" only when
    nothing is there, so a FIFO, a device or a folder is called what it is."""
    try:
        return file_kind(os.stat(path).st_mode)
    except FileNotFoundError:
        return "a broken link" if os.path.islink(path) else "not found"
    except OSError as exc:
        return f"not readable ({exc.strerror})"


def _size(n: int) -> str:
    return f"{n / MB:.0f} MB" if n >= MB else f"{n / KB:.0f} KB"


def _at(where: Problem | None, message: str, path: Path) -> Problem:
    """A problem at the place that named the file (spec key and line), or at the file itself."""
    if where is not None:
        return Problem(message, where.file, where.where, where.line)
    return Problem(message, display_path(path))
