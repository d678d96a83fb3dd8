"""`pnp new NAME --images DIR [--back FILE|DIR] [--size poker|...|WxH]`: a deck from card images.

The images are copied into the new game's fronts/ (and backs/ or back.<ext>), since a build reads
nothing outside its game folder; the spec names the folders, not the files (`rows: {images:
fronts/}`, load/images.py), so an image added to fronts/ is a new card at the next build. Only PNG,
JPEG and WebP files are copied; a picture in another format is refused, naming it, rather than
silently left out of the deck. The copy itself is bounded_copy.BoundedCopy.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from generator.commands.bounded_copy import BoundedCopy
from generator.common.confine import read_bytes
from generator.common.errors import OptionError, Problem, PunchboardError, display_path
from generator.load.images import IMAGE_SUFFIXES, OTHER_PICTURES, natural_key
from generator.common.limits import MAX_ROWS
from generator.common.units import parse_length_mm
from generator.render.art import RASTER_FORMATS
from generator.render.raster import open_image

SIZES_MM = {                        # the common card sizes, trim
    "poker": (63.5, 88.9),          # 2.5 x 3.5 in
    "bridge": (57.15, 88.9),        # 2.25 x 3.5 in
    "tarot": (69.85, 120.65),       # 2.75 x 4.75 in
    "mini": (44.45, 63.5),          # 1.75 x 2.5 in
    "square": (63.5, 63.5),         # 2.5 x 2.5 in
}
MAX_SIDE_MM = 600.0


def card_size(text: str) -> tuple[float, float]:
    """A named size, or WxH ("63x88", "2.5inx3.5in"; millimetres unless a unit is written)."""
    key = text.strip().lower()
    if key in SIZES_MM:
        return SIZES_MM[key]
    parts = key.split("x")
    try:
        if len(parts) != 2:
            raise ValueError
        unit = next((p.strip()[-2:] for p in parts if p.strip()[-2:].isalpha()), "mm")
        w, h = (parse_length_mm(p.strip() if p.strip()[-2:].isalpha() else p.strip() + unit) for p in parts)
        if not (0 < w <= MAX_SIDE_MM and 0 < h <= MAX_SIDE_MM):
            raise ValueError
    except ValueError:
        raise OptionError(f'pnp new: --size: expected {", ".join(SIZES_MM)} or WxH like "63x88" (mm) or '
                          f'"2.5inx3.5in", each side up to {MAX_SIDE_MM:g} mm, got "{text}"') from None
    return (w, h)


@dataclass(frozen=True)
class ImageDeck:
    images: Path
    back: Path | None = None
    size: str = "poker"

    def check(self) -> None:
        """Every mistake of the options before anything is written."""
        card_size(self.size)
        if not self.images.is_dir():
            raise OptionError(f"pnp new: --images: expected a folder of card images, got "
                              f"{display_path(self.images)}" + ("" if self.images.exists() else " (not found)"))
        if self.back is not None and not self.back.is_dir():
            if not self.back.is_file():
                raise OptionError(f"pnp new: --back: expected an image file or a folder of backs, got "
                                  f"{display_path(self.back)} (not found)")
            if self.back.suffix.lower() not in IMAGE_SUFFIXES:
                raise OptionError(f"pnp new: --back: expected a PNG, JPEG or WebP image, got {display_path(self.back)}")
        pictures = self._pictures(self.images)
        if not pictures:
            raise OptionError(f"pnp new: --images: no PNG, JPEG or WebP images in {display_path(self.images)}")
        problems = [p for path in pictures for p in _unreadable(path, self.images)]
        if self.back is not None:
            backs, root = (self._pictures(self.back), self.back) if self.back.is_dir() else ([self.back], self.back.parent)
            problems += [p for path in backs for p in _unreadable(path, root)]
        if problems:               # a build would refuse them: say so now, before the new game is written
            raise OptionError(problems)

    def _pictures(self, folder: Path) -> list[Path]:
        """The folder's card images in natural order (not the back file), refusing other picture formats."""
        skip = os.path.realpath(self.back) if self.back is not None else None
        found, other = [], []
        with os.scandir(folder) as entries:
            for entry in entries:
                suffix = os.path.splitext(entry.name)[1].lower()
                if entry.name.startswith(".") or entry.is_dir(follow_symlinks=False):
                    continue
                if suffix in OTHER_PICTURES:
                    other.append(entry.name)
                elif suffix in IMAGE_SUFFIXES and os.path.realpath(entry.path) != skip:
                    found.append(Path(entry.path))
                if len(found) > MAX_ROWS:
                    raise OptionError(f"pnp new: more than {MAX_ROWS:,} images in {display_path(folder)} (the limit)")
        if other:
            raise OptionError(f"pnp new: {display_path(folder)}: {', '.join(sorted(other, key=natural_key)[:8])}: "
                              "expected PNG, JPEG or WebP; convert them or move them out of the folder")
        return sorted(found, key=lambda p: natural_key(p.name))

    def write(self, target: Path, name: str) -> None:

        copy = BoundedCopy(self.images)
        (target / "fronts").mkdir()
        for src in self._pictures(self.images):
            copy.file(src, target / "fronts" / src.name)
        back = None
        if self.back is not None and self.back.is_dir():
            (target / "backs").mkdir()
            backs = BoundedCopy(self.back)
            for src in self._pictures(self.back):
                backs.file(src, target / "backs" / src.name)
            back = "backs/"
        elif self.back is not None:
            back = "back" + self.back.suffix.lower()
            BoundedCopy(self.back.parent).file(self.back, target / back)
        (target / "game.yaml").write_text(_spec(name, card_size(self.size), self.size, back), encoding="utf-8")


def _unreadable(path: Path, root: Path) -> list[Problem]:
    """Why a build would refuse the picture (not an image, a broken header, too many pixels, too large a file):
    the build's own checks (render/raster.py, common/confine.py), run on the file before it is copied."""
    try:
        open_image(read_bytes(path, [root], "image"), display_path(path), RASTER_FORMATS).close()
    except PunchboardError as exc:
        return exc.problems
    return []


def _spec(name: str, size: tuple[float, float], size_name: str, back: str | None) -> str:
    title = name.replace("-", " ").title()
    rows = f"{{images: fronts/, back: {back}}}" if back else "{images: fronts/}"
    back_line = ("    back: {template: shared/image-back.svg.j2, vary_by: [back]}"
                 + ("   # each card's back: the file of the same name in backs/\n" if back == "backs/"
                    else "   # one back for every card\n")) if back else ""
    return (f"# {title}: a deck printed from card images, written by `pnp new --images`.\n"
            f"# Every PNG, JPEG or WebP file in fronts/ is a card, in natural order of file names (card 2\n"
            f"# before card 10); a name ending in _x3 (before the extension) prints 3 copies. Add, remove or\n"
            f"# rename files and build again: nothing here lists them. An image at the card's size gets a\n"
            f"# bleed made from its edges; one with its own bleed (a shop template) is placed as it is.\n"
            f"id: {name}\n"
            f"title: {title}\n"
            f"players: 1\n"
            f"components:\n"
            f"  - id: card\n"
            f"    name: Card\n"
            f"    kind: card\n"
            f"    size: [{size[0]:g}mm, {size[1]:g}mm]   # {size_name.lower()}\n"
            f"    front: shared/image-front.svg.j2\n"
            f"{back_line}"
            f"    rows: {rows}\n")
