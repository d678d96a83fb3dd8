"""A bounded copy of a game folder's own files, for `pnp new --from` and `pnp new --images`.

Only regular files and folders are copied (a link is followed only to a file inside the folder being
copied); FIFOs, devices and sockets are refused without blocking (opened O_NONBLOCK, checked on the open
descriptor); the copy stops with one line past MAX_FILES entries or MAX_BYTES.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from generator.common.confine import MB, ConfinementError, inside, file_kind
from generator.common.errors import Problem, display_path

MAX_FILES = 10_000          # files and folders of a copied game: Nyakuza, the largest shipped one, has under 200
MAX_BYTES = 500 * MB        # of a copied game: a dozen of the largest art files (40 MB) and fonts (64 MB)
MAX_IMAGE_BYTES = 4096 * MB  # of a folder of card images (pnp new --images): a cube of 3,000 scans is about 1 GB
SKIPPED = {"__pycache__"}
CHUNK = 1 * MB


class BoundedCopy:
    """A bounded copy of a folder's own regular files and folders, refusing anything else."""

    def __init__(self, root: Path, max_bytes: int = MAX_BYTES, what: str = "a game folder"):
        self.root, self.files, self.bytes = root, 0, 0
        self.max_bytes, self.what = max_bytes, what

    def tree(self, source: Path, dest: Path) -> None:
        stack = [(source, dest)]
        while stack:
            src, dst = stack.pop()
            dst.mkdir(parents=True, exist_ok=True)
            with os.scandir(src) as entries:
                items = sorted((e for e in entries if e.name not in SKIPPED), key=lambda e: e.name)
            for entry in items:
                self._count(1, 0)
                if entry.is_dir(follow_symlinks=False):
                    stack.append((Path(entry.path), dst / entry.name))
                else:
                    self.file(Path(entry.path), dst / entry.name)

    def file(self, src: Path, dst: Path) -> None:
        """Copy one regular file (or a link to one inside the root), opened so that a FIFO cannot block."""
        real = self._readable(src)
        try:
            fd = os.open(real, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError as exc:
            raise self._refused(src, f"cannot read this file ({exc.strerror})") from None
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            os.close(fd)
            raise self._refused(src, f"{_kind(info.st_mode)}; expected a file or a folder")
        with os.fdopen(fd, "rb") as f:
            self._count(0, info.st_size)
            left = info.st_size
            with open(dst, "xb") as out:
                while chunk := f.read(CHUNK):
                    self._count(0, max(0, len(chunk) - left))      # only what a file grew by while copied
                    left = max(0, left - len(chunk))
                    out.write(chunk)
                os.fchmod(out.fileno(), stat.S_IMODE(info.st_mode) & 0o777)

    def _readable(self, src: Path) -> str:
        """The file to open: `src`, or where its link leads if that is inside the root."""
        mode = os.lstat(src).st_mode
        if stat.S_ISLNK(mode):
            real = os.path.realpath(src)
            if not inside(Path(real), [self.root]):
                raise self._refused(src, f"a link to {display_path(real)}, outside {display_path(self.root)}; "
                                         f"expected only the game's own files and folders")
            return real
        if not stat.S_ISREG(mode):
            raise self._refused(src, f"{_kind(mode)}; expected a file or a folder")
        return str(src)

    def _count(self, files: int, size: int) -> None:
        self.files, self.bytes = self.files + files, self.bytes + size
        if self.files > MAX_FILES:
            raise self._refused(self.root, f"more than {MAX_FILES:,} files and folders; expected {self.what}")
        if self.bytes > self.max_bytes:
            raise self._refused(self.root, f"more than {_size(self.max_bytes)} of files; expected {self.what}")

    @staticmethod
    def _refused(path: Path | str, message: str) -> ConfinementError:
        return ConfinementError(Problem(message, display_path(path), "pnp new"))


def _size(n: int) -> str:
    return f"{n // (1024 * MB)} GB" if n >= 1024 * MB else f"{n // MB} MB"


def _kind(mode: int) -> str:
    """In the words of every other message (confine.file_kind); a folder reached here is one a link led to."""
    return "a link to a folder" if stat.S_ISDIR(mode) else file_kind(mode)
