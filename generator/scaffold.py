"""`pnp new`: a game folder that builds and checks out of the box, a copy of a shipped game, or
(`--images`, scaffold_images.py) a deck printed from a folder of card images.

The new game (templates/scaffold/ of the package) has a card deck from a CSV with rich text and
an inline icon, a shared back, a round per-player token, a fold-up standee, its own templates,
examples and README. `--from GAME` copies a game folder instead, with its templates moved into
the copy's own templates/<new id>/ and the spec's id and template paths changed to match, and
`rules_from:` naming the original, so its rules package still referees the copy.

A game folder may come from anyone, so the copy takes only its own regular files and folders:
a link to a file inside the game is copied as that file (the build reads it so too, confine.py);
a link leading outside, a link to a folder, a device, a FIFO or a socket is refused, naming it.
The copy is bounded, is made in a hidden folder beside the new one and renamed into place at
the end, and that folder is removed on any failure (Ctrl-C too), so nothing is left half-made.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import stat
from pathlib import Path

from generator import paths
from generator.confine import MB, ConfinementError, inside, read_bytes
from generator.errors import OptionError, Problem, SpecError, display_path
from generator.scaffold_images import ImageDeck
from generator.spec.load import resolve_game
from generator.spec.reader import MAX_ID, SLUG

SCAFFOLD = "scaffold"
MAX_FILES = 10_000          # files and folders of a copied game: Nyakuza, the largest shipped one, has under 200
MAX_BYTES = 500 * MB        # of a copied game: a dozen of the largest art files (40 MB) and fonts (64 MB)
SKIPPED = {"__pycache__"}
CHUNK = 1 * MB


def new_game(name: str, where: Path, source: str | None = None, images: ImageDeck | None = None) -> Path:
    """Write the folder `where/name`; refuse to touch one that exists."""
    _check_name(name)
    if images is not None:
        images.check()
    folder = Path(os.path.realpath(resolve_game(source))) if source is not None else None
    target = where / name
    _make_folder(where)
    if os.path.lexists(target):            # a dangling link too: it is never written through
        raise OptionError(f"pnp new: {display_path(target)} already exists; choose another name or folder")
    if folder is not None and inside(where, [folder]):
        raise OptionError(f"pnp new: {display_path(target)} lies inside the game it copies, {display_path(folder)}; "
                          f"choose a folder outside it with --dir")
    stage = where / f".{name}.{secrets.token_hex(4)}.partial"
    try:
        stage.mkdir()
        if images is not None:
            images.write(stage, name)
        elif folder is None:
            _copy_scaffold(stage, name)
        else:
            _copy_game(folder, stage, name)
        stage.rename(target)
    except BaseException as exc:           # Ctrl-C included: nothing half-made is left behind
        shutil.rmtree(stage, ignore_errors=True)
        if isinstance(exc, OSError):
            raise OptionError(Problem(f"cannot write the new game ({exc.strerror or exc})", display_path(target),
                                      "pnp new")) from None
        raise
    return target


def contents(target: Path, limit: int = 8) -> str:
    """What a new game folder holds, as `pnp new` says it (`game.yaml, cards.csv, art/, templates/x/, ...`):
    read from the folder itself, so every kind of new game reports what it wrote and nothing else."""
    entries = sorted(target.iterdir(), key=lambda p: (p.name != "game.yaml", p.is_dir(), p.name))
    shown = []
    for p in entries:
        if p.name == "templates" and p.is_dir():
            subs = sorted(q.name + "/" for q in p.iterdir() if q.is_dir())
            shown.append("templates/" + (subs[0] if len(subs) == 1 else ""))
        else:
            shown.append(p.name + ("/" if p.is_dir() else ""))
    if len(shown) <= limit + 1:
        return ", ".join(shown)
    return ", ".join(shown[:limit]) + f" and {len(shown) - limit} more"


def _check_name(name: str) -> None:
    if not SLUG.match(name):
        raise OptionError(f'pnp new: expected a game id of lower-case letters, digits and hyphens like "my-game", '
                          f'got "{name[:MAX_ID]}{"…" if len(name) > MAX_ID else ""}"')
    if len(name) > MAX_ID:
        raise OptionError(f"pnp new: expected a game id of at most {MAX_ID} characters, got one of {len(name)}")


def _make_folder(where: Path) -> None:
    """--dir: an existing folder, or one to make (with its parents)."""
    if os.path.lexists(where) and not where.is_dir():
        raise OptionError(f"pnp new: --dir {display_path(where)} is not a folder; expected a folder to write the "
                          f"game into")
    try:
        where.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OptionError(f"pnp new: cannot make the folder {display_path(where)} ({exc.strerror or exc})") from None


class _Copy:
    """A bounded copy of a folder's own regular files and folders, refusing anything else."""

    def __init__(self, root: Path):
        self.root, self.files, self.bytes = root, 0, 0

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
            raise self._refused(self.root, f"more than {MAX_FILES:,} files and folders; expected a game folder")
        if self.bytes > MAX_BYTES:
            raise self._refused(self.root, f"more than {MAX_BYTES // MB} MB of files; expected a game folder")

    @staticmethod
    def _refused(path: Path | str, message: str) -> ConfinementError:
        return ConfinementError(Problem(message, display_path(path), "pnp new"))


def _kind(mode: int) -> str:
    kinds = {stat.S_ISDIR: "a link to a folder", stat.S_ISFIFO: "a FIFO (named pipe)", stat.S_ISSOCK: "a socket",
             stat.S_ISCHR: "a device", stat.S_ISBLK: "a device"}
    return next((text for test, text in kinds.items() if test(mode)), "not a regular file")


def _copy_scaffold(target: Path, name: str) -> None:
    _Copy(paths.TEMPLATES / SCAFFOLD).tree(paths.TEMPLATES / SCAFFOLD, target)
    (target / "templates" / "__ID__").rename(target / "templates" / name)
    title = name.replace("-", " ").title()
    for path in (target / "game.yaml", target / "README.md"):
        path.write_text(path.read_text(encoding="utf-8").replace("__ID__", name).replace("__TITLE__", title),
                        encoding="utf-8")
    for path in (target / "templates" / name).glob("*.j2"):
        path.write_text(path.read_text(encoding="utf-8").replace("__ID__", name), encoding="utf-8")


def _copy_game(folder: Path, target: Path, name: str) -> None:
    old = folder.name
    try:
        spec = read_bytes(folder / "game.yaml", [folder], "spec").decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SpecError(Problem("expected UTF-8 text", display_path(folder / "game.yaml"))) from None
    copy = _Copy(folder)
    copy.tree(folder, target)
    own, shared = target / "templates" / old, paths.TEMPLATES / old
    if own.is_dir():
        if old != name:
            _Copy(own).tree(own, target / "templates" / name)
            shutil.rmtree(own)
    elif shared.is_dir():
        _Copy(paths.TEMPLATES).tree(shared, target / "templates" / name)
    spec = re.sub(rf"^id: {re.escape(old)}\s*$", f"id: {name}\nrules_from: {old}            # refereed by {old}'s rules",
                  spec, count=1, flags=re.MULTILINE)
    spec = re.sub(rf"(\b(?:front|back|template): *\{{?[^\n]*?)\b{re.escape(old)}/", rf"\1{name}/", spec)
    (target / "game.yaml").write_text(spec, encoding="utf-8")
