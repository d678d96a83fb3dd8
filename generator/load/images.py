"""Rows read from a folder of card images: `rows: {images: fronts/, back: back.png}` (or `back: backs/`).

The folder is the list: every PNG, JPEG or WebP file in it is a row (a card), so an image added to
the folder is a new card at the next build. Rows come in natural order of file names ("card 2"
before "card 10"); a name ending in `_xN` (or `_XN`) before the extension prints N copies, N from 1 to
MAX_COPIES: `_x0` is refused naming the file rather than leaving the card silently out. Each row has the
fields `image` (the file, relative to the game folder), `name` (the file's name without the copies
suffix and extension) and, with a back, `back`: one file shared by every card, or, from a folder,
the file whose name matches the card's. The component's art tables `image` and `back` are made
from the same files, so a template places them like any art (templates/shared/image-*.svg.j2).

A folder may come from anyone: it must lie inside the game folder, a link leading outside it or
anything but a regular file is refused (naming it), and at most MAX_ROWS images are read.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.common.confine import inside
from generator.common.errors import Problem, display_path
from generator.model.designs import _hash, slugify
from generator.load.reader import MAX_ID, Reader
from generator.load.schema import MAX_COPIES
from generator.common.limits import MAX_ROWS
from generator.load.yamlio import join

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
# pictures that are not cards of ours: named, so that a card is never silently left out
OTHER_PICTURES = (".gif", ".bmp", ".tif", ".tiff", ".heic", ".heif", ".avif", ".psd", ".svg", ".pdf", ".jxl")
MAX_ENTRIES = 10 * MAX_ROWS         # entries of any kind looked at in one folder
PLACEHOLDER_HINT = "; --placeholders prints a placeholder"     # a build's way past a missing back
ROW_ID_MAX = 48                      # leaves room for the component's id in a design id
_COPIES = re.compile(r"^(?P<name>.*?)_[xX](?P<n>\d+)$")      # any length: _x1234567 is no name


@dataclass
class ImageRows:
    """The rows of a folder of images, and the art tables (`image`, `back`) their fields name."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    art: dict[str, dict[str, str]] = field(default_factory=dict)


def natural_key(name: str) -> tuple:
    """"card 2" before "card 10"; case-blind, then by the exact name, so the order never depends on the disk."""
    parts = re.split(r"(\d+)", name.casefold())
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts), name


def split_copies(stem: str) -> tuple[str, int]:
    """`card_x3` or `card_X3` -> ("card", 3); a name without the suffix prints once. The count is as written:
    copies_problem says whether a build prints it."""
    m = _COPIES.match(stem)
    return (m.group("name"), int(m.group("n"))) if m else (stem, 1)


def copies_problem(file_name: str) -> str | None:
    """Why the copy count in an image's file name cannot be printed: 0 would leave the card out without a
    word, and past MAX_COPIES is past the limit of a row's count. The one check of it, for the build and
    for `pnp new --images` (which loads the game it wrote)."""
    m = _COPIES.match(Path(file_name).stem)
    if m is None or 1 <= int(m.group("n")) <= MAX_COPIES:
        return None
    digits = m.group("n").lstrip("0") or "0"
    got = digits if len(digits) <= 12 else f"a number of {len(digits)} digits"
    leave_out = " (to leave the card out, move its file out of the folder)" if digits == "0" else ""
    return f'expected a copy count from 1 to {MAX_COPIES:,} after "_x" in the file name, got {got}{leave_out}'


class ImageFolderReader:
    """Reads `rows: {images: DIR, back: FILE|DIR}` for one component; problems go to the spec's Reader."""

    def __init__(self, r: Reader, game_folder: Path, placeholders: bool = False):
        self.r, self.game, self.placeholders = r, game_folder, placeholders

    def read(self, m: dict[str, Any], where: str) -> ImageRows | None:
        r = self.r
        spec = r.text(m.get("images"), join(where, "images"))
        back_spec = r.text(m["back"], join(where, "back")) if "back" in m else None
        if spec is None or ("back" in m and back_spec is None):
            return None
        folder = self._folder(spec, join(where, "images"))
        if folder is None:
            return None
        back_path = self.game / back_spec if back_spec else None
        skip = {os.path.realpath(back_path)} if back_path is not None and back_path.is_file() else set()
        fronts = self._images(folder, join(where, "images"), skip)
        if fronts is None:
            return None
        if not fronts:
            r.add(join(where, "images"), f'no PNG, JPEG or WebP images in "{spec}"; expected one file per card')
            return None
        counts = [Problem(why, display_path(f)) for f in fronts if (why := copies_problem(f.name))]
        if counts:                  # named by file: the rows they would make are no table the user wrote
            r.problems.problems.extend(counts)
            return None
        backs = self._backs(back_spec, fronts, join(where, "back")) if back_spec else {}
        if backs is None:
            return None
        return self._rows(fronts, backs)

    def _folder(self, spec: str, where: str) -> Path | None:
        folder = self.game / spec
        if not inside(folder, [self.game]):
            self.r.add(where, f'"{spec}" lies outside the game folder; expected a folder inside it')
        elif not folder.is_dir():
            self.r.add(where, f'expected a folder of card images inside the game folder, got "{spec}"'
                              + ("" if folder.exists() else " (not found)"))
        else:
            return folder
        return None

    def _images(self, folder: Path, where: str, skip: set[str]) -> list[Path] | None:
        """The folder's image files in natural order; None (with the problems) if any is refused."""
        found, refused, other = [], [], []
        with os.scandir(folder) as entries:
            for k, entry in enumerate(entries):
                if k >= MAX_ENTRIES:
                    self.r.add(where, f"more than {MAX_ENTRIES:,} entries in {self._shown(folder)}; expected a "
                                      f"folder of at most {MAX_ROWS:,} card images")
                    return None
                suffix = os.path.splitext(entry.name)[1].lower()
                if entry.name.startswith(".") or entry.is_dir(follow_symlinks=False):
                    continue
                if suffix in OTHER_PICTURES:
                    other.append(entry.name)
                    continue
                if suffix not in IMAGE_SUFFIXES:
                    continue                      # a README, Thumbs.db, desktop.ini: not cards
                why = self._refusal(Path(entry.path))
                if why:
                    refused.append(f"{entry.name} ({why})")
                elif os.path.realpath(entry.path) not in skip:
                    found.append(Path(entry.path))
                if len(found) > MAX_ROWS:
                    self.r.add(where, f"more than {MAX_ROWS:,} images in {self._shown(folder)} (the limit of rows)")
                    return None
        if other:
            self.r.add(where, f"{len(other)} picture(s) in a format that is not PNG, JPEG or WebP: "
                              f"{_listed(sorted(other, key=natural_key))}; convert them, or move them out of the folder")
        if refused:
            self.r.add(where, f"refused: {_listed(sorted(refused, key=natural_key))}; expected the game's own "
                              "regular files")
        return None if other or refused else sorted(found, key=lambda p: natural_key(p.name))

    def _refusal(self, path: Path) -> str | None:
        """Why a file is not read: a link leading outside the game folder, or not a regular file."""
        try:
            mode = os.stat(path).st_mode
        except OSError:
            return "a broken link"
        if not inside(path, [self.game]):
            return f"a link to {os.path.realpath(path)}, outside the game folder"
        if not stat.S_ISREG(mode):
            return "not a regular file"
        return None

    def _backs(self, spec: str, fronts: list[Path], where: str) -> dict[Path, str] | None:
        """front -> its back's path (relative to the game folder): one file for all, or paired by name."""
        path = self.game / spec
        if not inside(path, [self.game]):
            self.r.add(where, f'"{spec}" lies outside the game folder; expected a file or folder inside it')
            return None
        if path.is_dir():
            return self._paired(path, fronts, where)
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            self.r.add(where, f'expected a PNG, JPEG or WebP back, or a folder of backs, got "{spec}"')
            return None
        if not path.is_file() and not self.placeholders:
            self.r.add(where, f'art file not found: "{spec}" (--placeholders prints a placeholder)')
            return None
        why = self._refusal(path) if path.exists() else None
        if why:
            self.r.add(where, f'refused "{spec}": {why}')
            return None
        return {f: self._relative(path) for f in fronts}

    def _paired(self, folder: Path, fronts: list[Path], where: str) -> dict[Path, str] | None:
        backs = self._images(folder, where, set())
        if backs is None:
            return None
        by_name = {_base(b).casefold(): b for b in reversed(backs)}   # the first in natural order wins a tie
        out, missing = {}, []
        for f in fronts:
            b = by_name.get(_base(f).casefold())
            if b is None:
                missing.append(f.name)
                b = folder / f.name                                     # printed as a placeholder
            out[f] = self._relative(b)
        if missing and not self.placeholders:
            used = {_base(f).casefold() for f in fronts}
            unused = [b.name for b in backs if _base(b).casefold() not in used]
            self.r.add(where, f"no back in {self._shown(folder)} for {len(missing)} card(s): {_listed(missing)}; "
                              f"backs no card uses: {_listed(unused) or 'none'} (a back pairs with the card of "
                              f"the same name{PLACEHOLDER_HINT})")
            return None
        return out

    def _rows(self, fronts: list[Path], backs: dict[Path, str]) -> ImageRows:
        out, ids = ImageRows(art={"image": {}, **({"back": {}} if backs else {})}), set[str]()
        for f in fronts:
            name, copies = split_copies(Path(f.name).stem)
            image = self._relative(f)
            row = {"id": self._unique(_row_id(name), ids), "count": copies, "image": image, "name": name}
            out.art["image"][image] = image
            if backs:
                row["back"] = backs[f]
                out.art["back"][backs[f]] = backs[f]
            out.rows.append(row)
        return out

    @staticmethod
    def _unique(key: str, ids: set[str]) -> str:
        n, candidate = 1, key
        while candidate in ids:
            n += 1
            candidate = f"{key}-{n}"
        ids.add(candidate)
        return candidate

    def _relative(self, path: Path) -> str:
        return Path(os.path.relpath(path, self.game)).as_posix()

    def _shown(self, folder: Path) -> str:
        return self._relative(folder) + "/"


def _base(path: Path) -> str:
    return split_copies(Path(path.name).stem)[0]


def _row_id(name: str) -> str:
    slug = slugify(name) or "image"
    return slug if len(slug) <= ROW_ID_MAX else slug[:ROW_ID_MAX - 9].rstrip("-") + "-" + _hash(name)


def _listed(names: list[str], most: int = 8) -> str:
    shown = ", ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


assert ROW_ID_MAX + 8 < MAX_ID
