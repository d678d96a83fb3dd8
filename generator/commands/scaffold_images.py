"""`pnp new NAME --images DIR [--back FILE|DIR] [--size poker|...|WxH] [--corner-radius 3mm] [--fill-corners]`: a
deck from card images.

The images are copied into the new game's fronts/ (and backs/ or back.<ext>), since a build reads
nothing outside its game folder; the spec names the folders, not the files (`rows: {images:
fronts/}`, load/images.py), so an image added to fronts/ is a new card at the next build. Only PNG,
JPEG and WebP files are copied; a picture in another format is refused, naming it, rather than
silently left out of the deck. The copy itself is bounded_copy.BoundedCopy.

The game written is then checked as its build will check it, on the copied files (a picture that
changed while it was copied is judged as copied): the build's loader reads the new game (copy counts
in file names, backs paired by name, every limit: load/images.py, load/game.py), and every copied
picture is decoded by the build's raster checks. Each problem names the user's own file; the game
is written in a hidden folder that scaffold.new_game removes when anything is refused.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from generator.commands.bounded_copy import MAX_IMAGE_BYTES, BoundedCopy
from generator.common.confine import kind_of, read_bytes
from generator.common.errors import OptionError, Problem, PunchboardError, display_path
from generator.load.game import load_game
from generator.load.schema import MAX_COPIES
from generator.load.images import IMAGE_SUFFIXES, OTHER_PICTURES, PLACEHOLDER_HINT, natural_key
from generator.common.limits import MAX_ROWS
from generator.common.units import parse_length_mm
from generator.render.art import RASTER_FORMATS
from generator.render.raster import check_decodes

SIZES_MM = {                        # the common card sizes, trim
    "poker": (63.5, 88.9),          # 2.5 x 3.5 in
    "bridge": (57.15, 88.9),        # 2.25 x 3.5 in
    "tarot": (69.85, 120.65),       # 2.75 x 4.75 in
    "mini": (44.45, 63.5),          # 1.75 x 2.5 in
    "square": (63.5, 63.5),         # 2.5 x 2.5 in
}
MIN_SIDE_MM = 10.0      # a small token; below it the 3 mm bleed on each side is most of the piece
MAX_SIDE_MM = 420.0     # A3's long side, the largest paper a build prints: a card is never tiled over pages


def card_size(text: str) -> tuple[float, float]:
    """A named size, or WxH ("63x88", "2.5x3.5in", "2.5inx3.5in"; a unit written once holds for both sides,
    millimetres if none is written), each side from MIN_SIDE_MM to MAX_SIDE_MM."""
    key = text.strip().lower()
    if key in SIZES_MM:
        return SIZES_MM[key]
    parts = [p.strip() for p in key.split("x")]
    try:
        if len(parts) != 2:
            raise ValueError
        unit = next((p[-2:] for p in parts if p[-2:].isalpha()), "mm")
        w, h = (parse_length_mm(p if p[-2:].isalpha() else p + unit) for p in parts)
    except ValueError:
        raise OptionError(f'pnp new: --size: expected {", ".join(SIZES_MM)} or WxH like "63x88" (mm), '
                          f'"2.5x3.5in" or "2.5inx3.5in", got "{text[:60]}"') from None
    if not (MIN_SIDE_MM <= w <= MAX_SIDE_MM and MIN_SIDE_MM <= h <= MAX_SIDE_MM):
        raise OptionError(f"pnp new: --size: expected each side from {MIN_SIDE_MM:g} mm (a small token) to "
                          f"{MAX_SIDE_MM:g} mm (A3's long side), got {w:g} x {h:g} mm")
    return (w, h)


def corner_radius(text: str, size: tuple[float, float]) -> float:
    """--corner-radius: a length as --size takes one ("3", "3mm", "0.125in", "1/8in"; millimetres if no unit is
    written), from 0 (square corners) to half the card's shorter side, the largest a cutter can follow."""
    key = text.strip().lower()
    try:
        mm = parse_length_mm(key if key[-2:].isalpha() or key.endswith('"') else key + "mm")
    except ValueError:
        raise OptionError(f'pnp new: --corner-radius: expected a length like "3mm", "0.125in" or "3" (mm), '
                          f'got "{text[:60]}"') from None
    if mm < 0:
        raise OptionError(f"pnp new: --corner-radius: expected a radius of 0 (square corners) or more, got {mm:g} mm")
    if mm > min(size) / 2:
        raise OptionError(f"pnp new: --corner-radius: expected at most half the card's shorter side "
                          f"({min(size) / 2:g} mm), got {mm:g} mm")
    return mm


@dataclass(frozen=True)
class ImageDeck:
    images: Path
    back: Path | None = None
    size: str = "poker"
    corner: str | None = None           # --corner-radius, as written: cut with round corners
    fill_corners: bool = False          # --fill-corners: the images' own round corners filled

    def check(self) -> None:
        """Every mistake of the options before anything is written."""
        size = card_size(self.size)
        if self.corner is not None:
            corner_radius(self.corner, size)
        if not self.images.is_dir():
            raise OptionError(f"pnp new: --images: expected a folder of card images, got "
                              f"{display_path(self.images)} ({kind_of(self.images)})")
        if self.back is not None and not self.back.is_dir():
            if not self.back.is_file():        # a FIFO or a device is called what it is, not "not found"
                raise OptionError(f"pnp new: --back: expected an image file or a folder of backs, got "
                                  f"{display_path(self.back)} ({kind_of(self.back)})")
            if self.back.suffix.lower() not in IMAGE_SUFFIXES:
                raise OptionError(f"pnp new: --back: expected a PNG, JPEG or WebP image, got {display_path(self.back)}")
        if not self._pictures(self.images):
            raise OptionError(f"pnp new: --images: no PNG, JPEG or WebP images in {display_path(self.images)}")
        if self.back is not None and self.back.is_dir():
            self._pictures(self.back)

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
        """Copy the images into `target` and write its spec, then check the game as its build will."""
        sources: dict[Path, Path] = {}          # each copy -> the user's file it was copied from
        copy = BoundedCopy(self.images, MAX_IMAGE_BYTES, "a folder of card images")
        (target / "fronts").mkdir()
        for src in self._pictures(self.images):
            copy.file(src, target / "fronts" / src.name)
            sources[target / "fronts" / src.name] = src
        back = None
        if self.back is not None and self.back.is_dir():
            (target / "backs").mkdir()
            backs = BoundedCopy(self.back, MAX_IMAGE_BYTES, "a folder of card backs")
            for src in self._pictures(self.back):
                backs.file(src, target / "backs" / src.name)
                sources[target / "backs" / src.name] = src
            back = "backs/"
        elif self.back is not None:
            back = "back" + self.back.suffix.lower()
            BoundedCopy(self.back.parent).file(self.back, target / back)
            sources[target / back] = self.back
        size = card_size(self.size)
        corner = corner_radius(self.corner, size) if self.corner is not None else 0.0
        (target / "game.yaml").write_text(_spec(name, size, self.size, back, _corners(corner, self.fill_corners)),
                                          encoding="utf-8")
        self._as_built(target, sources)

    def _as_built(self, target: Path, sources: dict[Path, Path]) -> None:
        """Everything its build would refuse, on the copies, each problem said of the user's own file."""
        problems: list[Problem] = []
        try:
            load_game(target)
        except PunchboardError as exc:
            shown = {display_path(c): s for c, s in sources.items()}
            problems += [self._said(p, shown) for p in exc.problems]
        problems += [p for c, s in sources.items() for p in _unreadable(c, target, s)]
        if problems:
            raise OptionError(problems)

    def _said(self, problem: Problem, sources: dict[str, Path]) -> Problem:
        """A problem of the game being written, as the user's files: a copied image is the file it was copied
        from; the spec `pnp new` wrote is the --back (at `rows.back`) or else the --images folder."""
        if problem.file in sources:
            own = sources[problem.file]
        elif self.back is not None and (problem.where or "").endswith("rows.back"):
            own = self.back
        else:
            own = self.images
        message = problem.message.replace(PLACEHOLDER_HINT, "")     # no game is written to build so
        return Problem(message, display_path(own), "pnp new")


def _unreadable(copy: Path, root: Path, source: Path) -> list[Problem]:
    """Why a build would refuse the copied picture (not an image, cut short, too many pixels, too large a file):
    the build's own checks (common/confine.py, render/raster.py) on the bytes copied, named as the source."""
    shown = display_path(source)
    try:
        check_decodes(read_bytes(copy, [root], "image", Problem("", shown)), shown, RASTER_FORMATS)
    except PunchboardError as exc:
        return exc.problems
    return []


def _corners(corner_mm: float, fill: bool) -> str:
    """The spec's lines for --corner-radius and --fill-corners (none without them: square, as before)."""
    lines = ""
    if corner_mm > 0:
        lines += (f"    shape: rounded                  # cut with round corners (the cut file, Cricut images, sheets)\n"
                  f"    corner: {corner_mm:g}mm\n")
    if fill:
        lines += ("    fill_corners: true              # the images' white or transparent round corners filled with "
                  "the colour beside them\n")
    return lines


def _spec(name: str, size: tuple[float, float], size_name: str, back: str | None, corners: str = "") -> str:
    title = name.replace("-", " ").title()
    rows = f"{{images: fronts/, back: {back}}}" if back else "{images: fronts/}"
    back_line = ("    back: {template: shared/image-back.svg.j2, vary_by: [back]}"
                 + ("   # each card's back: the file of the same name in backs/\n" if back == "backs/"
                    else "   # one back for every card\n")) if back else ""
    return (f"# {title}: a deck printed from card images, written by `pnp new --images`.\n"
            f"# Every PNG, JPEG or WebP file in fronts/ is a card, in natural order of file names (card 2\n"
            f"# before card 10); a name ending in _x3 or _X3 (before the extension) prints 3 copies, from 1\n"
            f"# to {MAX_COPIES} (_x0 is refused, naming the file). Add, remove or rename files and build\n"
            f"# again: nothing here lists them. An image at the card's size gets a bleed made from its\n"
            f"# edges; one with its own bleed (a shop template) is placed as it is.\n"
            f"id: {name}\n"
            f"title: {title}\n"
            f"players: 1\n"
            f"components:\n"
            f"  - id: card\n"
            f"    name: Card\n"
            f"    kind: card\n"
            f"    size: [{size[0]:g}mm, {size[1]:g}mm]   # {size_name.lower()}\n"
            f"{corners}"
            f"    front: shared/image-front.svg.j2\n"
            f"{back_line}"
            f"    rows: {rows}\n"
            f"    columns:                        # what each card's row holds; pnp check proves every one\n"
            f"      image: {{kind: text, required: true, unique: true}}   # its file in fronts/\n"
            f"      name: {{kind: text, required: true}}                  # the file's name, without _x3\n"
            + ("      back: {kind: text, required: true}                  # its back's file\n" if back else ""))
